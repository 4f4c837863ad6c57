"""Whoosh's claims through `Match`, the road every client takes (the table, the SSH fast
path, the local board), with the times the table gives them.

The players' reports this pins: a claim made before the latest reveal was refused through
Match ("unknown action 'claim'") although the rules meant it to count; a claim aimed at a
Monster that had just left was scored as a mistake on the new one; the tie window did not
hold to the claims' own times; any seat could close the window.
"""

from __future__ import annotations

import pytest

from core.engine import TABLE, IllegalAction
from core.games.whoosh.data import MONSTER_BY_ID
from core.games.whoosh.rules import CLAIM_BOARDS, capturable_slots
from core.match import Match

MS = 1_000_000
WINDOW = 50


def test_a_claim_from_one_step_earlier_is_taken_through_match() -> None:
    """Seat 0 reveals; seat 1 acts the claim that was legal for it one step earlier."""
    match = Match.new("whoosh", 3, seed=1)
    earlier = next(a for a in match.legal(1) if a[0] == "claim")
    match.act(0, ("reveal",), at_ns=10 * MS)
    events = match.act(1, earlier, at_ns=600 * MS)
    assert [e["type"] for e in events] == ["claim"]
    assert match.state.claims[0].seat == 1 and match.state.claims[0].slot == earlier[1]


def _race(first_ms: float, second_ms: float, *, same: bool) -> tuple[Match, list[str], int]:
    """Two claims on a fresh board (seats 1 and 2) at the given times; the table settles.
    Returns the match, the settle's texts and the seat that got the Monster (or blundered)."""
    match = Match.new("whoosh", 3, seed=4, options={"tie_window": WINDOW, "fair_remote": False})
    board = match.view(None)["monsters"]
    ties = sorted(range(3), key=lambda slot: board[slot]["tie"])
    low, high = ties[0], ties[-1]
    generation = match.state.generation
    match.act(1, ("claim", low, generation), at_ns=int(1000 * MS + first_ms * MS))
    match.act(
        2, ("claim", low if same else high, generation), at_ns=int(1000 * MS + second_ms * MS)
    )
    events = match.act(TABLE, ("settle",))
    texts = [e["text"] for e in events]
    taker = next(e["seat"] for e in events if e["type"] in ("capture", "mistake"))
    return match, texts, taker


@pytest.mark.parametrize("gap", range(WINDOW - 5, WINDOW + 6))
def test_the_tie_window_follows_the_claims_own_times_to_the_millisecond(gap: int) -> None:
    """Seat 1 on the lowest tie number, seat 2 on the highest, ``gap`` ms later: inside the
    window the tie rule gives it to seat 2, outside it the earlier hand (seat 1) counts;
    and the sentence printed says which rule decided, with the true gap."""
    _, texts, taker = _race(0, gap, same=False)
    void = next(t for t in texts if "is void" in t)
    if gap <= WINDOW:
        assert taker == 2
        assert f"{gap} ms apart, within the {WINDOW} ms tie window" in void
        assert "higher tie number" in void
    else:
        assert taker == 1
        assert f"{{p1}} was first, {gap} ms earlier, past the {WINDOW} ms tie window" in void


@pytest.mark.parametrize("gap", [0, 1, 25, 49, 50, 51, 151])
def test_on_the_same_monster_the_earlier_hand_counts_whatever_the_gap(gap: int) -> None:
    _, texts, taker = _race(gap, 0, same=True)  # seat 2 is the earlier one (by ``gap``)
    void = next(t for t in texts if "is void" in t)
    if gap == 0:
        assert taker == 1  # exactly together: the lower seat, underneath
        assert "at the same moment, underneath" in void
    else:
        assert taker == 2
        assert "{p2} was first" in void and f"{gap} ms earlier" in void


def test_hands_under_half_a_millisecond_apart_came_down_at_the_same_moment() -> None:
    """Under half a millisecond (what the log would round to 0 ms) is the same moment: on
    one Monster the earlier hand, underneath, still counts; on two, the tie rule decides."""
    _, texts, taker = _race(0.4, 0, same=True)
    assert taker == 2
    assert (
        "{p1}'s claim on the Goblin is void: {p2}'s hand came down at the same moment, "
        "underneath." in texts
    )
    _, texts, taker = _race(0, 0, same=False)
    assert taker == 2
    assert (
        "{p1}'s claim on the Goblin is void: the two hands came down at the same moment, "
        "within the 50 ms tie window, and the Kraken has the higher tie number (25 > 1)."
    ) in texts


def test_arrival_order_does_not_matter_only_the_times() -> None:
    """The later-arriving claim with the earlier time wins (latency-compensated times may
    arrive out of order)."""
    _, _, taker = _race(80, 0, same=True)
    assert taker == 2


def test_a_claim_aimed_at_a_monster_that_just_left_is_void_not_a_mistake() -> None:
    """A capture replaces a Monster; a hand still on its way to the old board lands 30 ms
    later: void and told, no −1 (it used to become a mistake on the new Monster)."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    t = 0
    while not capturable_slots(match.state):
        t += 400 * MS
        match.act(match.state.turn, ("reveal",), at_ns=t)
    seen = match.state.generation
    slot = capturable_slots(match.state)[0]
    other = (slot + 1) % 3
    match.act(0, ("claim", slot, seen), at_ns=t + 500 * MS)  # a capture: the Monster changes
    gone = MONSTER_BY_ID[str(match.state.prev_board[slot])].name
    events = match.act(1, ("claim", slot, seen), at_ns=t + 530 * MS)
    assert events == [
        {
            "type": "late",
            "text": f"{{p1}} reached for the {gone} too late (0.53 s after the board): it "
            "had already left the table. Void, no penalty.",
            "seat": 1,
            "slot": slot,
            "reaction_ms": 530,
        }
    ]
    assert match.state.mistakes[1] == ()
    events = match.act(2, ("claim", other, seen), at_ns=t + 540 * MS)  # still there, old cards
    assert [e["type"] for e in events] == ["late"] and match.state.mistakes[2] == ()
    assert events[0]["text"].endswith(
        "too late (0.54 s after the board): the revealed cards had already gone back to "
        "their piles. Void, no penalty."
    )
    with pytest.raises(IllegalAction, match="already reached"):
        match.act(1, ("claim", other, seen), at_ns=t + 560 * MS)


def test_every_claim_is_in_the_log_and_the_record_with_its_time() -> None:
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    match.act(0, ("reveal",), at_ns=100 * MS)
    match.act(1, ("claim", 0, match.state.generation), at_ns=820 * MS)
    assert any("(0.72 s after the board)" in line for line in match.log)
    replayed = Match.replay(match.record())
    assert replayed.log == match.log
    assert replayed.steps[-1][2] == 820 * MS


def test_a_claim_may_name_one_of_the_last_sixteen_boards() -> None:
    """Legal claims stay few whatever the reveals: a board sixteen reveals old is refused."""
    match = Match.new("whoosh", 2, seed=3, options={"tie_window": 0, "fair_remote": False})
    start = match.state.generation
    while match.state.generation < start + CLAIM_BOARDS and not capturable_slots(match.state):
        match.act(match.state.turn, ("reveal",))
    # This deal (seed 3) turns sixteen cards before any Monster can be taken.
    assert match.state.board_since == 0 and match.state.generation >= CLAIM_BOARDS
    assert ("claim", 0, match.state.generation - CLAIM_BOARDS + 1) in match.legal(1)
    assert all(a[2] > match.state.generation - CLAIM_BOARDS for a in match.legal(1))
    with pytest.raises(IllegalAction, match="too late: 16 cards have turned"):
        match.act(1, ("claim", 0, match.state.generation - CLAIM_BOARDS))


def test_a_player_is_acting_only_while_they_have_a_legal_action() -> None:
    """Sixteen reveals after the Monsters changed, the board before the change is out of
    reach: a player whose hand is down has nothing left to do and is not asked to act."""
    match = Match.new("whoosh", 2, seed=3, options={"tie_window": 50, "fair_remote": False})
    match.act(0, ("claim", 0, match.state.generation), at_ns=1)
    match.act(TABLE, ("settle",))  # a mistake: the Monsters change
    while match.state.generation < match.state.board_since + CLAIM_BOARDS:
        match.act(match.state.turn, ("reveal",))
    match.act(1, ("claim", 0, match.state.generation), at_ns=match.state.last_ns + 1)
    for seat in match.to_act() - {TABLE}:
        assert match.legal(seat), f"seat {seat} is asked to act with nothing legal"
    assert 1 not in match.to_act()


def test_a_late_hand_is_timed_from_its_board_after_several_changes() -> None:
    """Three mistakes in a row change the Monsters three times, no card revealed between
    them; a hand reaching for the second of those boards after the third change is void,
    and timed from when that board arose (its time is kept through the changes)."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    for seat, ms in ((0, 100), (1, 300), (2, 600)):  # nothing revealed: each is a mistake
        events = match.act(seat, ("claim", 0, match.state.generation), at_ns=ms * MS)
        assert [e["type"] for e in events][:2] == ["claim", "mistake"]
    second = match.state.generation - 1  # the board that arose at 300 ms
    offered = {a[2] for s in (0, 1, 2) for a in match.legal(s) if a[0] == "claim"}
    assert offered == {second, match.state.generation}  # the board before, and this one
    events = match.act(0, ("claim", 1, second), at_ns=650 * MS)
    assert [(e["type"], e.get("reaction_ms")) for e in events] == [("late", 350)]
    assert "too late (0.35 s after the board)" in events[0]["text"]


def _race_ns(gap_ns: int, *, same: bool) -> tuple[list[str], int]:
    """Seat 1 claims the lowest tie number at 1 s, then seat 2, ``gap_ns`` later, the same
    Monster (``same``) or the highest tie number; the table settles through Match. Returns
    the settle's texts and the seat that got the Monster."""
    match = Match.new("whoosh", 3, seed=4, options={"tie_window": WINDOW, "fair_remote": False})
    board = match.view(None)["monsters"]
    ties = sorted(range(3), key=lambda slot: board[slot]["tie"])
    low, high = ties[0], ties[-1]
    generation = match.state.generation
    match.act(1, ("claim", low, generation), at_ns=1000 * MS)
    match.act(2, ("claim", low if same else high, generation), at_ns=1000 * MS + gap_ns)
    events = match.act(TABLE, ("settle",))
    taker = next(e["seat"] for e in events if e["type"] in ("capture", "mistake"))
    return [e["text"] for e in events], taker


HALF_MS = MS // 2


@pytest.mark.parametrize(
    ("gap_ns", "words"),
    [
        (HALF_MS - 1, "{p1}'s hand came down at the same moment, underneath"),
        (HALF_MS, "{p1} was first on it, 1 ms earlier"),
        (HALF_MS + 1, "{p1} was first on it, 1 ms earlier"),
        (3 * HALF_MS, "{p1} was first on it, 2 ms earlier"),
        (5 * HALF_MS, "{p1} was first on it, 3 ms earlier"),
    ],
)
def test_the_half_millisecond_on_one_monster_at_just_inside_and_just_outside(
    gap_ns: int, words: str
) -> None:
    """On one Monster the earlier hand counts, however close; a gap under half a millisecond
    is told as the same moment, from half a millisecond on as whole milliseconds rounded
    half up (it read '0 ms earlier' at exactly half a millisecond, and 2.5 ms as '2 ms')."""
    texts, taker = _race_ns(gap_ns, same=True)
    assert taker == 1
    assert f"{{p2}}'s claim on the Goblin is void: {words}." in texts


@pytest.mark.parametrize(
    ("gap_ns", "apart"),
    [
        (HALF_MS - 1, "at the same moment"),
        (HALF_MS, "1 ms apart"),
        (HALF_MS + 1, "1 ms apart"),
    ],
)
def test_the_half_millisecond_on_two_monsters_at_just_inside_and_just_outside(
    gap_ns: int, apart: str
) -> None:
    """Two Monsters within the window: the higher tie number counts whatever the gap, and
    the sentence says how far apart the hands came down, never '0 ms apart'."""
    texts, taker = _race_ns(gap_ns, same=False)
    assert taker == 2
    assert (
        f"{{p1}}'s claim on the Goblin is void: the two hands came down {apart}, within the "
        "50 ms tie window, and the Kraken has the higher tie number (25 > 1)."
    ) in texts


@pytest.mark.parametrize(("gap_ns", "inside"), [(WINDOW * MS, True), (WINDOW * MS + 1, False)])
def test_the_tie_window_to_the_nanosecond(gap_ns: int, inside: bool) -> None:
    """Exactly at the window's end a claim is still simultaneous (the higher tie number
    counts); a nanosecond past it the earlier hand counts, and the sentence gives a gap
    past the window, not '50 ms earlier, past the 50 ms tie window'."""
    texts, taker = _race_ns(gap_ns, same=False)
    void = next(t for t in texts if "is void" in t)
    if inside:
        assert taker == 2 and "50 ms apart, within the 50 ms tie window" in void
    else:
        assert taker == 1
        assert void == (
            "{p2}'s claim on the Kraken is void: {p1} was first, more than 50 ms earlier, "
            "past the 50 ms tie window."
        )
