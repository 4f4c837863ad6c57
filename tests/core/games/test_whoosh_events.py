"""Whoosh: what a sixth mutation sample of bench/mutation.py changed unseen, pinned through
Match: who is asked to act, the boards a late hand may still be aimed at, and the seats and
slots events carry (the board flashes them, the reaction summary reads them)."""

from __future__ import annotations

import random

from core.engine import TABLE
from core.games.whoosh.rules import CLAIM_BOARDS, capturable_slots
from core.match import Match
from tests.core.games.shared_checks import check_redeal_and_rulebook
from tests.core.games.test_whoosh_rules import position, through

MS = 1_000_000


def _captured(seed: int = 2) -> tuple[Match, int, int]:
    """Three players, first come wins: reveals until a Monster can be captured, then seat 0
    captures it. Returns the match, the slot and the time of the capture."""
    match = Match.new("whoosh", 3, seed=seed, options={"tie_window": 0, "fair_remote": False})
    t = 0
    while not capturable_slots(match.state):
        t += 400 * MS
        match.act(match.state.turn, ("reveal",), at_ns=t)
    slot = capturable_slots(match.state)[0]
    match.act(0, ("claim", slot, match.state.generation), at_ns=t + 500 * MS)
    return match, slot, t + 500 * MS


def test_a_late_hand_may_aim_at_every_board_the_monsters_before_stood_on() -> None:
    """The Monsters before the capture stood through many reveals: a late hand may be aimed
    at each of those boards (the last sixteen), none skipped."""
    match, _, _ = _captured()
    state = match.state
    oldest = max(state.prev_since, state.generation - CLAIM_BOARDS + 1)
    assert state.board_since - oldest > 2
    late = {a[2] for a in match.legal(1) if a[0] == "claim" and a[2] < state.board_since}
    assert late == set(range(oldest, state.board_since))


def test_a_reveal_is_told_with_its_revealers_seat() -> None:
    """The capturer reveals next; the reveal's event names that seat."""
    match, _, _ = _captured()
    events = match.act(match.state.turn, ("reveal",), at_ns=10**12)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["seat"] == 0


def test_a_new_monster_is_told_with_its_slot() -> None:
    """A capture: the new Monster's event names the slot it fills, and the turn is told."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    t = 0
    while not capturable_slots(match.state):
        t += 400 * MS
        match.act(match.state.turn, ("reveal",), at_ns=t)
    slot = capturable_slots(match.state)[0]
    events = match.act(0, ("claim", slot, match.state.generation), at_ns=t + 500 * MS)
    monster = [e for e in events if e["type"] == "monster"]
    assert len(monster) == 1 and monster[0]["slot"] == slot
    assert events[-1]["type"] == "turn"


def test_a_void_claim_names_its_seat_and_slot() -> None:
    """Two hands within the window on two Monsters: the void one names who and where."""
    match = Match.new("whoosh", 3, seed=4, options={"tie_window": 50, "fair_remote": False})
    board = match.view(None)["monsters"]
    ties = sorted(range(3), key=lambda slot: board[slot]["tie"])
    low, high = ties[0], ties[-1]
    generation = match.state.generation
    match.act(1, ("claim", low, generation), at_ns=1000 * MS)
    match.act(2, ("claim", high, generation), at_ns=1010 * MS)
    events = match.act(TABLE, ("settle",))
    void = [e for e in events if e["type"] == "void"]
    assert len(void) == 1 and void[0]["seat"] == 1 and void[0]["slot"] == low
    # The game goes on: whose reveal is next is told last.
    assert events[-1]["type"] == "turn"


def test_every_player_asked_to_act_has_something_legal_and_no_one_else() -> None:
    """Random games with a tie window: at every step a player is in to_act exactly when
    some action is legal for them (a pending hand may still aim at the Monsters before)."""
    for seed in range(6):
        rng = random.Random(seed)
        match = Match.new("whoosh", 3, seed=seed, options={"tie_window": 50, "fair_remote": False})
        t = 0
        for _ in range(400):
            if match.outcome() is not None:
                break
            acting = match.to_act()
            for seat in range(3):
                assert (seat in acting) == bool(match.legal(seat)), (seed, seat)
            seat = rng.choice(sorted(acting))
            legal = match.legal(seat)
            t += rng.choice((1, 20, 300)) * MS
            match.act(seat, legal[rng.randrange(len(legal))], at_ns=t)


def test_a_hand_down_on_the_new_board_may_still_reach_for_the_monsters_before() -> None:
    """A mistake changes the Monsters; seat 1 puts a hand down on the new board. Its claims
    on the board before (void, told to everyone) are still legal, so the table still asks
    seat 1 to act."""
    match = Match.new("whoosh", 3, seed=3, options={"tie_window": 50, "fair_remote": False})
    match.act(0, ("claim", 0, match.state.generation), at_ns=1)
    assert next(e["type"] for e in match.act(TABLE, ("settle",))) == "mistake"
    before = match.state.board_since - 1
    match.act(1, ("claim", 0, match.state.generation), at_ns=5 * MS)
    assert match.legal(1) == [("claim", slot, before) for slot in range(3)]
    assert 1 in match.to_act()


def test_a_seventh_sample_a_stalemate_says_who_reveals_next_in_its_kind() -> None:
    """A stalemate the game survives ends with a 'turn' event naming the next revealer;
    one that empties a pile ends the game with an 'end' event for that slot and no turn."""
    state = position(
        board=("ogre", "troll", "goblin"),
        monster_piles=(("imp",), ("yeti",), ("naga",)),
        revealed=[["ice-01"], ["bow-01"]],
        piles=[[], ["ice-02"]],
        players=2,
        turn=1,
    )
    _, events = through(state, 1, ("reveal",), None)
    assert events[-1] == {"type": "turn", "text": "{p0} reveals next."}
    state = position(
        monster_piles=(("imp",), (), ("naga",)),
        revealed=[["ice-01"], []],
        piles=[[], ["bow-01"]],
        players=2,
        turn=1,
    )
    _, events = through(state, 1, ("reveal",), None)
    assert {
        "type": "end",
        "text": "That was the last Monster of its pile: the game ends.",
        "slot": 1,
    } in events
    assert not [e for e in events if e["type"] == "turn"]


def test_a_claim_tells_its_reaction_time_even_on_a_board_shown_at_time_zero() -> None:
    """The claim event carries the milliseconds since its board arose (the reaction summary
    reads them), a board revealed at the table's time 0 included."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    match.act(0, ("reveal",), at_ns=0)
    events = match.act(1, ("claim", 0, match.state.generation), at_ns=250 * MS)
    claim = next(e for e in events if e["type"] == "claim")
    assert claim["reaction_ms"] == 250


def test_a_hand_down_may_still_reach_for_the_last_board_of_the_monsters_before() -> None:
    """Fourteen reveals after a capture, the Monsters before stand on one board a hand may
    still name (the sixteenth back). Seat 1, already down on the new board, may still reach
    for it: the table asks seat 1 to act, and the late hand is told to everyone."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 50, "fair_remote": False})
    t = 0
    while not capturable_slots(match.state):
        t += 400 * MS
        match.act(match.state.turn, ("reveal",), at_ns=t)
    slot = capturable_slots(match.state)[0]
    match.act(0, ("claim", slot, match.state.generation), at_ns=t + 500 * MS)
    assert next(e["type"] for e in match.act(TABLE, ("settle",))) == "capture"
    since = match.state.board_since
    for _ in range(CLAIM_BOARDS - 2):
        t += 400 * MS
        match.act(match.state.turn, ("reveal",), at_ns=t)
    assert match.state.generation == since + CLAIM_BOARDS - 2
    match.act(1, ("claim", 0, match.state.generation), at_ns=t + 100 * MS)
    assert match.legal(1) == [("claim", s, since - 1) for s in range(3)]
    assert 1 in match.to_act()
    events = match.act(1, ("claim", slot, since - 1), at_ns=t + 200 * MS)
    assert [e["type"] for e in events] == ["late"]
    assert events[0]["seat"] == 1


def test_a_bots_redeal_keeps_what_each_seat_sees_and_the_help_shows_the_rulebook() -> None:
    """A few moves into a game of three, a bot's re-deal of the hidden cards for a seat
    leaves that seat's view as it was and every card in the game; the help screen's text
    is the rulebook, then this edition's designed choices."""
    check_redeal_and_rulebook("whoosh")


def test_a_claim_without_a_time_counts_after_the_reveal_before_it() -> None:
    """A reveal at 10 s, then a hand without a time: it counts as just after the reveal,
    so every view shows it then and the table's clock closes the tie window 50 ms after
    it, not 50 ms after the start of the game."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 50, "fair_remote": False})
    match.act(0, ("reveal",), at_ns=10_000 * MS)
    match.act(1, ("claim", 0, match.state.generation))
    assert match.view(None)["claims"] == [{"seat": 1, "slot": 0, "at_ns": 10_000 * MS + 1}]
    (deadline,) = match.game.deadlines(match.state)
    assert deadline.action == ("settle",) and deadline.since_ns == 10_000 * MS + 1
