"""Whoosh's rules, one behaviour per test, on positions built directly."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine import TABLE, Event, IllegalAction, validate_options
from core.games.whoosh.data import (
    COMBOS,
    MONSTER_BY_ID,
    MONSTERS,
    SYMBOLS,
    in_play,
    is_failed,
    symbols_of,
    weapon_ids,
)
from core.games.whoosh.rules import WHOOSH as GAME
from core.games.whoosh.rules import can_capture, capturable_slots
from core.games.whoosh.state import Claim, State
from core.match import Match

MS = 1_000_000


def new(players: int = 3, seed: int = 0, **options: Any) -> State:
    return Match.new("whoosh", players, seed=seed, options=options).state


def position(
    players: int = 3,
    *,
    board: Sequence[str | None] = ("ogre", "troll", "goblin"),
    revealed: Sequence[Sequence[str]] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    monster_piles: Sequence[Sequence[str]] = (("imp",), ("yeti",), ("naga",)),
    turn: int = 0,
    tie_window: int = 50,
) -> State:
    """A position with exactly these cards where they matter (others left out)."""
    state = new(players, tie_window=tie_window)
    if piles is None:
        piles = [["bow-14", "ice-14"] for _ in range(players)]
    return replace(
        state,
        board=tuple(board),
        monster_piles=tuple(tuple(pile) for pile in monster_piles),
        piles=tuple(tuple(pile) for pile in piles),
        revealed=tuple(tuple(row) for row in (revealed or [()] * players)),
        turn=turn,
        box=(),
    )


def through(
    state: State, seat: int, action: tuple[Any, ...], at_ns: int | None = None
) -> tuple[State, list[Event]]:
    """Take an action through Match, as every client does: its seat and legality checks
    (the table's own actions only when due), then apply."""
    match = Match(GAME, state.players, 0, {}, state)
    events = match.act(seat, action, at_ns)
    return match.state, events


def act(state: State, seat: int, action: tuple[Any, ...], at_ns: int | None = None) -> State:
    return through(state, seat, action, at_ns)[0]


def texts(state: State, seat: int, action: tuple[Any, ...], at_ns: int | None = None) -> str:
    return " ".join(event["text"] for event in through(state, seat, action, at_ns)[1])


# -- the cards ---------------------------------------------------------------------------------


def test_the_weapons_and_spells_deck_has_108_cards_of_the_right_kinds() -> None:
    """84 regular (14 per symbol), 12 Failed Attacks (2 per symbol), 9 Combos, 3 Staffs."""
    cards = weapon_ids()
    assert len(cards) == len(set(cards)) == 108
    kinds = Counter(
        "failed" if is_failed(c) else "combo" if c.startswith("combo") else symbols_of(c)[0]
        for c in cards
    )
    assert kinds == Counter({**dict.fromkeys(SYMBOLS, 14), "failed": 12, "combo": 9, "staff": 3})
    failed_shown = Counter(c.split("-")[1] for c in cards if is_failed(c))
    assert failed_shown == Counter(dict.fromkeys(SYMBOLS, 2))


def test_the_nine_combos_are_different_pairs_with_each_symbol_in_three() -> None:
    """GAME_DATA: nine different pairs, each symbol on three of them."""
    assert len({frozenset(pair) for pair in COMBOS}) == 9
    assert all(len(set(pair)) == 2 for pair in COMBOS)
    assert Counter(s for pair in COMBOS for s in pair) == Counter(dict.fromkeys(SYMBOLS, 3))


def test_the_36_monsters_have_the_sizes_values_tie_numbers_and_marks_of_game_data() -> None:
    """8x1, 9x2, 9x3, 6x4, 4x5 points by size; tie numbers 1-36; 9 marked 5+, 6 marked 3+."""
    assert len(MONSTERS) == 36 and len(MONSTER_BY_ID) == 36
    sizes = Counter((len(m.symbols), m.value) for m in MONSTERS)
    assert sizes == Counter({(2, 1): 8, (3, 2): 9, (4, 3): 9, (5, 4): 6, (6, 5): 4})
    assert sorted(m.tie for m in MONSTERS) == list(range(1, 37))
    assert Counter(m.mark for m in MONSTERS) == Counter({"": 21, "3+": 6, "5+": 9})
    assert all(set(m.symbols) <= set(SYMBOLS) for m in MONSTERS)


def test_every_symbol_is_required_about_equally_at_every_player_count() -> None:
    """The designed balance: 22 or 23 times each over all 36, within 2 for each count."""
    total = Counter(s for m in MONSTERS for s in m.symbols)
    assert set(total.values()) <= {22, 23}
    for players in (2, 3, 5):
        used = Counter(s for m in MONSTERS if in_play(m, players) for s in m.symbols)
        assert max(used.values()) - min(used.values()) <= 2, (players, used)


def test_monsters_are_described_by_their_symbols_in_words() -> None:
    """The log names a Monster with its symbols: "the Ogre: sword, sword, fire"."""
    state = position()
    assert GAME.describe(state, ("claim", 0, state.generation)) == (
        "claim the Ogre: sword, sword, fire"
    )


# -- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 9))
def test_setup_makes_three_equal_monster_piles_for_the_player_count(players: int) -> None:
    """7 / 9 / 12 Monsters a pile for 2 / 3-4 / 5+ players; the set-aside ones in the box."""
    state = new(players, seed=players)
    per_pile = 7 if players == 2 else 9 if players < 5 else 12
    assert all(m is not None for m in state.board)
    assert [1 + len(pile) for pile in state.monster_piles] == [per_pile] * 3
    boxed = {m.id for m in MONSTERS if not in_play(m, players)}
    assert set(state.box) == boxed
    assert len(boxed) == (15 if players == 2 else 9 if players < 5 else 0)


@pytest.mark.parametrize("players", range(2, 9))
def test_setup_splits_the_weapons_and_spells_into_even_piles(players: int) -> None:
    """One face-down pile per player, sizes differing by at most one; nothing revealed."""
    state = new(players, seed=players)
    sizes = [len(pile) for pile in state.piles]
    assert sum(sizes) == 108 and max(sizes) - min(sizes) <= 1
    assert state.revealed == ((),) * players
    assert sum(GAME.census(state).values()) == 144
    assert state.turn == 0 and state.generation == 0 and not state.claims


def test_leaving_out_the_failed_attacks_puts_the_12_in_the_box() -> None:
    """failed_attacks=False: 96 cards are dealt and every Failed Attack is in the box."""
    state = new(4, failed_attacks=False)
    dealt = [card for pile in state.piles for card in pile]
    assert len(dealt) == 96 and not any(is_failed(card) for card in dealt)
    assert sum(1 for card in state.box if is_failed(card)) == 12
    assert sum(GAME.census(state).values()) == 144


def test_the_deal_depends_on_the_seed() -> None:
    """The same seed deals the same game; another seed another game."""
    assert new(3, seed=5) == new(3, seed=5)
    assert new(3, seed=5).piles != new(3, seed=6).piles


# -- revealing ------------------------------------------------------------------------------------


def test_revealing_puts_the_top_card_at_the_end_of_the_row_and_passes_left() -> None:
    """The card goes next to the previous one; the generation bumps; the next seat reveals."""
    state = position(piles=[["sword-01", "bow-01"], ["axe-01"], ["fire-01"]])
    state = act(state, 0, ("reveal",))
    assert state.revealed[0] == ("sword-01",) and state.piles[0] == ("bow-01",)
    assert state.generation == 1 and state.turn == 1
    state = act(act(state, 1, ("reveal",)), 2, ("reveal",))
    assert state.turn == 0 and state.generation == 3
    state = act(state, 0, ("reveal",))
    assert state.revealed[0] == ("sword-01", "bow-01")
    assert GAME.view(state, None)["reveals"] == 4  # the board flashes on each one


def test_the_turn_timer_option_is_the_time_a_turn_waits() -> None:
    state = Match.new("whoosh", 3, seed=1, options={"turn_timer": 10}).state
    assert state.turn_timer == 10
    assert [d.delay_s for d in GAME.deadlines(state)] == [10]


def test_only_the_turn_holder_may_reveal() -> None:
    """Another seat's reveal is refused with the reason; claims stay open to all."""
    state = position()
    assert ("reveal",) not in GAME.legal_actions(state, 1)
    assert "{p0}'s turn" in GAME.why_illegal(state, 1, ("reveal",))  # the table names {p0}
    with pytest.raises(IllegalAction):
        act(state, 1, ("reveal",))
    assert GAME.to_act(state) == frozenset({0, 1, 2})


def test_a_player_with_an_empty_pile_is_skipped() -> None:
    """The turn passes over seats with nothing left to reveal."""
    state = position(piles=[["sword-01", "bow-01"], [], ["fire-01"]])
    state = act(state, 0, ("reveal",))
    assert state.turn == 2


def test_nobody_reveals_while_claims_are_pending() -> None:
    """A hand is down: the reveal waits until the claims are settled."""
    state = act(position(), 1, ("claim", 0, 0), at_ns=10)
    assert ("reveal",) not in GAME.legal_actions(state, 0)
    assert "being settled" in GAME.why_illegal(state, 0, ("reveal",))


# -- capturing and mistakes -----------------------------------------------------------------------


def ogre_ready() -> State:
    """The Ogre (sword, sword, fire) can be captured: the cards are spread over players."""
    return position(
        revealed=[["sword-01", "ice-01"], ["combo-sword-fire"], ["failed-sword-1"]],
        piles=[["bow-01"], ["axe-01"], ["lightning-01"]],
        turn=1,
    )


def test_a_capture_takes_the_monster_face_up() -> None:
    """All symbols revealed (any players' cards): the claimer gets the Monster face-up."""
    state = act(ogre_ready(), 2, ("claim", 0, 0), at_ns=5)
    state = act(state, TABLE, ("settle",))
    assert state.captured[2] == ("ogre",) and state.mistakes == ((), (), ())


def test_a_capture_replaces_the_monster_from_its_pile() -> None:
    """The next Monster of the same pile takes the empty place."""
    state = act(act(ogre_ready(), 2, ("claim", 0, 0), at_ns=5), TABLE, ("settle",))
    assert state.board == ("imp", "troll", "goblin") and state.monster_piles[0] == ()
    assert not state.over


def test_revealed_cards_go_to_the_bottom_of_their_owners_piles_in_order() -> None:
    """Every row returns face-down under its owner's pile, first revealed first."""
    state = act(act(ogre_ready(), 2, ("claim", 0, 0), at_ns=5), TABLE, ("settle",))
    assert state.revealed == ((), (), ())
    assert state.piles == (
        ("bow-01", "sword-01", "ice-01"),
        ("axe-01", "combo-sword-fire"),
        ("lightning-01", "failed-sword-1"),
    )


def test_the_player_who_took_the_monster_reveals_next() -> None:
    """The claimer starts the next round, and the board is a new generation."""
    before = ogre_ready()
    state = act(act(before, 2, ("claim", 0, 0), at_ns=5), TABLE, ("settle",))
    assert state.turn == 2 and state.generation == before.generation + 1
    assert GAME.legal_actions(state, 2)[0] == ("reveal",)


def test_claiming_a_monster_whose_symbols_are_not_all_revealed_is_a_mistake() -> None:
    """The Troll (axe, axe, ice) is missing an axe: taken face-down, -1, still replaced."""
    state = act(act(ogre_ready(), 0, ("claim", 1, 0), at_ns=5), TABLE, ("settle",))
    assert state.mistakes[0] == ("troll",) and state.captured[0] == ()
    assert state.board[1] == "yeti" and state.turn == 0
    assert GAME.view(state, 1)["scores"] == [-1, 0, 0]


def test_a_failed_attack_counts_as_nothing() -> None:
    """A Failed Attack showing a sword does not give the Ogre its second sword."""
    state = position(revealed=[["sword-01", "fire-01"], ["failed-sword-2"], []])
    assert capturable_slots(state) == []
    state = act(act(state, 1, ("claim", 0, 0), at_ns=1), TABLE, ("settle",))
    assert state.mistakes[1] == ("ogre",)


def test_a_combo_counts_as_both_of_its_symbols() -> None:
    """One Combo of sword and fire plus one sword cover the Ogre."""
    assert can_capture(("sword", "sword", "fire"), [("sword", "fire"), ("sword",)])
    assert not can_capture(("sword", "sword", "fire"), [("sword", "fire")])


def test_a_wizards_staff_counts_as_any_one_symbol() -> None:
    """A Staff fills one missing symbol, never two."""
    staff = ("staff",)
    assert can_capture(("sword", "sword", "fire"), [("sword",), ("fire",), staff])
    assert can_capture(("sword", "sword", "fire"), [staff, staff, staff])
    assert not can_capture(("sword", "sword", "fire"), [("fire",), staff])
    assert not can_capture(("ice", "bow"), [(), (), staff])


def test_taking_the_last_monster_of_a_pile_ends_the_game() -> None:
    """ "When the last Monster in any of the three piles is taken", the game ends."""
    state = position(monster_piles=((), ("yeti",), ("naga",)), revealed=[["sword-01"]] * 3)
    state = act(act(state, 1, ("claim", 0, 0), at_ns=1), TABLE, ("settle",))
    assert state.over and state.board == (None, "troll", "goblin")
    assert GAME.to_act(state) == frozenset() and GAME.legal_actions(state, 0) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0, -1, 0)


def test_a_mistake_on_the_last_monster_of_a_pile_ends_the_game_too() -> None:
    """Taken face-down is taken: the pile is empty and the game ends."""
    state = position(monster_piles=(("imp",), ("yeti",), ()))
    state = act(act(state, 0, ("claim", 2, 0), at_ns=1), TABLE, ("settle",))
    assert state.over and state.mistakes[0] == ("goblin",)


# -- the stalemate rule ---------------------------------------------------------------------------


def test_a_stalemate_boxes_the_three_monsters_and_returns_every_card() -> None:
    """All cards revealed and nothing capturable: Monsters to the box, replaced, cards back."""
    state = position(
        board=("ogre", "troll", "goblin"),
        monster_piles=(("imp",), ("yeti",), ("naga",)),
        revealed=[["ice-01"], ["bow-01"]],
        piles=[[], ["ice-02"]],
        players=2,
        turn=1,
    )
    state, events = through(state, 1, ("reveal",), None)
    assert set(state.box) == {"ogre", "troll", "goblin"}
    assert state.board == ("imp", "yeti", "naga") and not state.over
    assert state.piles == (("ice-01",), ("bow-01", "ice-02")) and state.revealed == ((), ())
    assert state.turn == 0
    assert [e["text"] for e in events if e["type"] == "stalemate"] == [
        "Every card is revealed and no Monster can be captured: the three Monsters leave the "
        "game unclaimed."
    ]
    # The new Monsters are a new board: a hand reaching for the boxed Ogre is void.
    assert state.board_since == state.generation
    _state, late = through(state, 0, ("claim", 0, state.generation - 1), at_ns=10)
    assert [e["type"] for e in late] == ["late"] and "the Ogre too late" in late[0]["text"]


def test_a_stalemate_with_an_empty_monster_pile_ends_the_game() -> None:
    """A Monster that cannot be replaced ends the game, as when a pile's last is taken."""
    state = position(
        monster_piles=(("imp",), (), ("naga",)),
        revealed=[["ice-01"], []],
        piles=[[], ["bow-01"]],
        players=2,
        turn=1,
    )
    state = act(state, 1, ("reveal",))
    assert state.over and state.board[1] is None and GAME.outcome(state) is not None


def test_no_stalemate_while_a_monster_can_be_captured() -> None:
    """Every card is out but the Goblin (sword, bow) is there to take: the race is on."""
    state = position(revealed=[["sword-01"], []], piles=[[], ["bow-01"]], players=2, turn=1)
    state = act(state, 1, ("reveal",))
    assert state.board == ("ogre", "troll", "goblin") and not state.over
    assert all(("reveal",) not in GAME.legal_actions(state, s) for s in (0, 1))
    state = act(state, 0, ("claim", 2, state.generation), at_ns=1)
    state, events = through(state, TABLE, ("settle",))
    assert state.captured[0] == ("goblin",) and state.piles[0]
    assert events[0]["text"] == "{p0} captures the Goblin: sword, bow (1 point)!"


def test_a_capture_says_the_monsters_points() -> None:
    """The Ogre is worth 2: "(2 points)", the Goblin's 1 "(1 point)" (above)."""
    state = act(ogre_ready(), 2, ("claim", 0, 0), at_ns=5)
    _state, events = through(state, TABLE, ("settle",))
    assert events[0] == {
        "type": "capture",
        "text": "{p2} captures the Ogre: sword, sword, fire (2 points)!",
        "seat": 2,
        "slot": 0,
    }


# -- claims and who was first ----------------------------------------------------------------------


def test_a_claim_waits_pending_and_only_the_tables_clock_settles() -> None:
    """Within the tie window a claim is pending; no seat may close the window (a client
    driving Match could otherwise shut out a rival's simultaneous claim): only the table,
    through its deadline."""
    state = act(ogre_ready(), 2, ("claim", 0, 0), at_ns=5)
    assert state.claims == (Claim(2, 0, 5, 0),) and state.captured == ((), (), ())
    for seat in range(3):
        assert ("settle",) not in GAME.legal_actions(state, seat)
        assert GAME.why_illegal(state, seat, ("settle",)) == (
            "only the table's clock closes a tie window"
        )
    assert GAME.legal_actions(state, TABLE) == [("settle",)]
    assert TABLE in GAME.to_act(state)
    match = Match.new("whoosh", 3, seed=1)
    claim = next(a for a in match.legal(1) if a[0] == "claim")
    match.act(1, claim, at_ns=10)
    for seat in (0, 2):
        with pytest.raises(IllegalAction, match="only the table"):
            match.act(seat, ("settle",))
    with pytest.raises(IllegalAction):  # the claimant, whose hand is down, may do nothing
        match.act(1, ("settle",))
    match.act(TABLE, ("settle",))
    assert not match.state.claims


def test_with_no_tie_window_the_first_claim_counts_at_once() -> None:
    """tie_window 0: the claim is settled as it arrives."""
    state = replace(ogre_ready(), tie_window=0, fair_remote=False)
    state, events = through(state, 1, ("claim", 0, 0), 5)
    assert state.captured[1] == ("ogre",) and not state.claims and state.generation == 1
    assert [e["type"] for e in events][:2] == ["claim", "capture"]


def test_with_no_tie_window_but_fair_remote_play_the_claim_waits_for_far_players() -> None:
    """tie_window 0 with fair remote play: the claim is pending, and the table settles it
    at once plus the latency horizon, so a far player's earlier reaction can still count."""
    state = replace(ogre_ready(), tie_window=0, fair_remote=True)
    state, _ = through(state, 1, ("claim", 0, 0), 5)
    assert state.claims == (Claim(1, 0, 5, 0),)
    (deadline,) = GAME.deadlines(state)
    assert deadline.action == ("settle",) and deadline.delay_s == 0 and deadline.seat == TABLE
    assert deadline.since_ns == 5 and deadline.wait_for_latency


def test_a_claim_on_monsters_that_have_changed_is_void_told_and_costs_nothing() -> None:
    """The first arrival wins; a later claim naming the old board (a hand already on its
    way) is void — told to everyone, with its time — never a penalty; once per player."""
    state = replace(ogre_ready(), tie_window=0, fair_remote=False)
    state = act(state, 1, ("claim", 0, 0), at_ns=5)
    assert ("claim", 0, 0) in GAME.legal_actions(state, 2)
    after, events = through(state, 2, ("claim", 0, 0), 6)
    assert [e["type"] for e in events] == ["late"]
    assert "too late" in events[0]["text"] and "no penalty" in events[0]["text"]
    assert after.mistakes == state.mistakes and after.captured == state.captured
    assert after.claims == () and after.late == (2,)
    assert GAME.why_illegal(after, 2, ("claim", 1, 0)) == "you already reached for that board"
    older = act(after, 0, ("claim", 1, 1), at_ns=7)  # a mistake: the Monsters change again
    assert GAME.why_illegal(older, 1, ("claim", 0, 0)) == (
        "too late: the Monsters have changed since"
    )
    match = Match.new("whoosh", 3, seed=1, options={"tie_window": 0, "fair_remote": False})
    match.act(0, ("claim", 0, 0))  # a mistake: the Monsters change
    mistakes = match.state.mistakes
    events = match.act(1, ("claim", 1, 0))
    assert events[0]["type"] == "late" and match.state.mistakes == mistakes
    assert any("too late" in line for line in match.log)


def test_a_claim_from_before_the_latest_reveal_still_counts_on_the_cards_now() -> None:
    """A hand already on its way when another card turns over is not taken back: the claim
    names the board before the reveal, the Monsters are the same, and it is judged on the
    cards revealed now."""
    state = act(position(), 0, ("reveal",))
    assert state.generation == 1 and state.board_since == 0
    state = act(state, 1, ("claim", 0, 0), at_ns=7)
    assert state.claims == (Claim(1, 0, 7, 0),)
    with pytest.raises(IllegalAction, match="not been shown yet"):
        act(state, 2, ("claim", 0, 2))  # a board that never was


def test_simultaneous_claims_on_different_monsters_go_to_the_highest_tie_number() -> None:
    """Within the window the higher tie number counts, even as a mistake beside a capture."""
    state = ogre_ready()  # the Ogre (tie 2) can be captured; the Goblin (tie 1) cannot
    state = replace(state, board=("ogre", "gargoyle", "goblin"))  # Gargoyle: tie 35
    state = act(state, 0, ("claim", 0, 0), at_ns=1_000)
    state = act(state, 1, ("claim", 1, 0), at_ns=1_000 + 30 * MS)
    state, events = through(state, TABLE, ("settle",), None)
    assert state.mistakes[1] == ("gargoyle",) and state.captured[0] == ()
    void = [e["text"] for e in events if e["type"] == "void"]
    assert void == [
        "{p0}'s claim on the Ogre is void: the two hands came down 30 ms apart, within the "
        "50 ms tie window, and the Gargoyle has the higher tie number (35 > 2)."
    ]
    assert state.turn == 1 and state.board[0] == "ogre"


def test_claims_outside_the_window_are_not_simultaneous() -> None:
    """60 ms later with a 50 ms window: the earliest claim counts whatever the tie numbers."""
    state = replace(ogre_ready(), board=("ogre", "gargoyle", "goblin"))
    state = act(state, 0, ("claim", 0, 0), at_ns=1_000)
    state = act(state, 1, ("claim", 1, 0), at_ns=1_000 + 60 * MS)
    state, events = through(state, TABLE, ("settle",), None)
    assert state.captured[0] == ("ogre",) and state.mistakes == ((), (), ())
    assert any("{p1}'s claim on the Gargoyle is void: {p0} was first" in e["text"] for e in events)


def test_on_the_same_monster_the_earliest_claim_counts_even_when_it_arrives_later() -> None:
    """Latency-compensated times may arrive out of order: the earlier time wins."""
    state = act(ogre_ready(), 0, ("claim", 0, 0), at_ns=9 * MS)
    state = act(state, 2, ("claim", 0, 0), at_ns=2 * MS)
    state = act(state, TABLE, ("settle",))
    assert state.captured == ((), (), ("ogre",))


def test_equal_times_on_the_same_monster_go_to_the_lower_seat() -> None:
    """Exactly the same moment: the lower seat counts (documented)."""
    state = act(ogre_ready(), 2, ("claim", 0, 0), at_ns=7)
    state = act(state, 1, ("claim", 0, 0), at_ns=7)
    assert act(state, TABLE, ("settle",)).captured == ((), ("ogre",), ())


def test_a_seat_has_one_pending_claim_per_board() -> None:
    """A second claim by the same seat is refused: "you already claimed"."""
    state = act(ogre_ready(), 0, ("claim", 0, 0), at_ns=1)
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="you already claimed"):
        act(state, 0, ("claim", 1, 0), at_ns=2)


def test_a_claim_without_a_time_counts_after_everything_pending() -> None:
    """at_ns None: just after the latest time so far, so an earlier timed claim wins."""
    state = act(ogre_ready(), 2, ("claim", 0, 0), at_ns=500)
    state = act(state, 1, ("claim", 0, 0), at_ns=None)
    assert state.claims[1] == Claim(1, 0, 501, 0)
    assert act(state, TABLE, ("settle",)).captured[2] == ("ogre",)


def test_claims_are_public_events_and_in_every_view() -> None:
    """Everybody sees a hand go down: the event is public and the view lists the claim."""
    state, events = through(ogre_ready(), 1, ("claim", 0, 0), 3)
    assert events == [{"type": "claim", "text": "{p1} claims the Ogre!", "seat": 1, "slot": 0}]
    for seat in (0, 1, 2, None):
        assert GAME.view(state, seat)["claims"] == [{"seat": 1, "slot": 0, "at_ns": 3}]


def test_malformed_claims_are_refused_with_a_reason() -> None:
    """A slot that is not a Monster, or a claim missing its board, is refused."""
    state = position()
    for action, reason in [
        (("claim", 3, 0), "no Monster 4"),
        (("claim", 0), "malformed"),
        (("claim", True, 0), "malformed"),
        (("settle",), "only the table's clock"),
        (("whoosh",), "unknown"),
    ]:
        assert reason in GAME.why_illegal(state, 0, action)
        with pytest.raises(IllegalAction):
            act(state, 0, action)


# -- information ---------------------------------------------------------------------------------


def test_the_view_shows_everything_but_the_face_down_piles() -> None:
    """Pile sizes yes, pile cards no; revealed rows, Monsters and options all public."""
    state = act(new(3, seed=2), 0, ("reveal",))
    view = GAME.view(state, 1)
    assert view["pile_sizes"] == [len(pile) for pile in state.piles]
    assert view["revealed"][0] == [state.revealed[0][0]]
    assert view["revealed_symbols"][0] == [list(symbols_of(state.revealed[0][0]))]
    monster = view["monsters"][0]
    assert monster["id"] == state.board[0] and monster["pile"] == len(state.monster_piles[0])
    assert view["options"] == {
        "failed_attacks": True,
        "tie_window": 50,
        "turn_timer": 5,
        "fair_remote": True,
    }
    hidden = {card for pile in (*state.piles, *state.monster_piles) for card in pile}
    assert not hidden & set(repr(view).replace("'", " ").split())
    assert GAME.view(state, None) == {**view, "seat": None}


def test_determinize_redeals_the_piles_keeping_sizes_and_the_view() -> None:
    """Players' piles among themselves, Monster piles among themselves; the view is kept."""
    state = act(new(4, seed=3), 0, ("reveal",))
    dealt = GAME.determinize(state, 2, random.Random(1))
    assert GAME.view(dealt, 2) == GAME.view(state, 2)
    assert dealt.piles != state.piles and dealt.monster_piles != state.monster_piles
    assert Counter(c for p in dealt.piles for c in p) == Counter(c for p in state.piles for c in p)
    assert GAME.census(dealt) == GAME.census(state)


def test_a_random_game_keeps_every_card_and_ends() -> None:
    """144 cards throughout, and the game reaches an outcome."""
    match = Match.new("whoosh", 5, seed=9)
    rng = random.Random(9)
    census = GAME.census(match.state)
    while match.outcome() is None:
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal(seat)), at_ns=match.version * 1000)
        assert GAME.census(match.state) == census
    assert sum(census.values()) == 144


# -- can_capture against a brute force ------------------------------------------------------------


def brute_force(required: Sequence[str], revealed: Sequence[tuple[str, ...]]) -> bool:
    """Try every symbol for every Staff and compare the counts."""
    fixed: Counter[str] = Counter()
    staffs = 0
    for card in revealed:
        if card == ("staff",):
            staffs += 1
        else:
            fixed.update(card)
    need = Counter(required)
    for choice in itertools.product(SYMBOLS, repeat=staffs):
        have = fixed + Counter(choice)
        if all(have[symbol] >= count for symbol, count in need.items()):
            return True
    return False


_CARDS = st.one_of(
    st.sampled_from(SYMBOLS).map(lambda s: (s,)),
    st.sampled_from(COMBOS),
    st.just(("staff",)),
    st.just(()),
)


@settings(max_examples=400, deadline=None)
@given(
    required=st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=6),
    revealed=st.lists(_CARDS, max_size=9).filter(lambda cs: cs.count(("staff",)) <= 3),
)
def test_can_capture_agrees_with_a_brute_force(
    required: list[str], revealed: list[tuple[str, ...]]
) -> None:
    """The counting rule matches trying every Staff assignment."""
    assert can_capture(required, revealed) == brute_force(required, revealed)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), window=st.sampled_from((0, 50)))
def test_random_claims_always_leave_a_consistent_table(
    seed: int, players: int, window: int
) -> None:
    """However claims and reveals interleave, cards are kept and scores add up."""
    match = Match.new("whoosh", players, seed=seed, options={"tie_window": window})
    rng = random.Random(seed)
    census = GAME.census(match.state)
    for _ in range(60):
        if match.outcome() is not None:
            break
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal(seat)), at_ns=rng.randrange(10**9))
    state = match.state
    assert GAME.census(state) == census
    seats = [claim.seat for claim in state.claims]
    assert len(seats) == len(set(seats))
    assert state.generation >= state.reveals
    outcome = match.outcome()
    if outcome is not None:
        assert all(
            sum(b.values()) == s for b, s in zip(outcome.breakdown, outcome.scores, strict=True)
        )


# -- deadlines: what the table does when time passes -------------------------------------------


def test_pending_claims_are_due_to_be_settled_when_the_window_has_passed() -> None:
    """One settle deadline, counted from the earliest claim's time, waiting for far players
    when fair remote play is on."""
    state = act(ogre_ready(), 2, ("claim", 0, 0), at_ns=9 * MS)
    state = act(state, 1, ("claim", 1, 0), at_ns=4 * MS)
    (deadline,) = GAME.deadlines(state)
    assert deadline.action == ("settle",) and deadline.seat == TABLE
    assert deadline.since_ns == 4 * MS and deadline.delay_s == pytest.approx(0.05)
    assert deadline.wait_for_latency
    assert not GAME.deadlines(replace(state, fair_remote=False))[0].wait_for_latency


def test_the_turn_timer_reveals_for_a_slow_player() -> None:
    """With nothing pending, the turn holder's reveal is due after the timer; off: never."""
    state = position(turn=2)
    (deadline,) = GAME.deadlines(state)
    assert (deadline.seat, deadline.action, deadline.delay_s) == (2, ("reveal",), 5)
    assert deadline.since_ns is None
    assert GAME.deadlines(replace(state, turn_timer=0)) == ()
    assert GAME.deadlines(replace(state, over=True)) == ()


def test_a_setup_given_no_options_is_the_default_game() -> None:
    """The options' declared defaults and none at all deal the same game (hunters sim and
    the benches set games up without options): a 50 ms tie window, a 5 s turn timer."""
    defaults = validate_options(GAME, {})
    bare = GAME.setup(3, random.Random(3), {})
    assert bare == GAME.setup(3, random.Random(3), defaults)
    assert (bare.tie_window, bare.turn_timer) == (50, 5)
