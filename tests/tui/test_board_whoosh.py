"""The Whoosh board: its words, its fast keys, and games played in real time by keys."""

from __future__ import annotations

import asyncio
import io
import time
from collections import Counter
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from textual import events
from textual.widgets import OptionList

from core.engine import TABLE
from core.games.whoosh import bots
from core.games.whoosh.data import MONSTER_BY_ID, MONSTERS
from core.games.whoosh.rules import can_capture
from core.match import Match, Step
from core.table import Seat, Table, TableSetup, Update
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.board_helpers import record_redraws, update_of
from tui.app import HuntersApp, ReplayApp
from tui.boards import whoosh as board
from tui.boards import whoosh_faces as faces
from tui.boards.base import ActionTrie
from tui.boards.whoosh_words import signed
from tui.screens.game import GameScreen
from tui.screens.milestone import MilestoneScreen
from tui.screens.replay import ReplayScreen
from tui.screens.results import ResultsScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog


def _untimed(seats: int, seed: int = 3, **options: Any) -> Match:
    """A match whose claims settle at once (no tie window, no latency wait)."""
    return Match.new(
        "whoosh", seats, seed=seed, options={"tie_window": 0, "fair_remote": False, **options}
    )


def _capturable(view: dict[str, Any]) -> list[int]:
    symbols = [card for row in view["revealed_symbols"] for card in row]
    return [
        slot
        for slot, monster in enumerate(view["monsters"])
        if monster is not None and can_capture(monster["symbols"], symbols)
    ]


def _reveal_until_capturable(match: Match) -> int:
    """Reveal in turn until some Monster can be captured; its slot."""
    for _ in range(200):
        slots = _capturable(match.view(None))
        if slots:
            return slots[0]
        match.act(match.state.turn, ("reveal",))
    raise AssertionError("no Monster became capturable")


# -- fast keys (SSH) -------------------------------------------------------------------------


def test_fast_action_turns_1_2_3_into_claims_on_the_shown_board() -> None:
    """1/2/3 claim a Monster of the board the update shows; nothing else is a fast key."""
    match = _untimed(3)
    match.act(0, ("reveal",))
    update = update_of(match, 1)
    generation = update.view["generation"]
    assert generation > 0
    for key, slot in ((b"1", 0), (b"2", 1), (b"3", 2)):
        assert board.fast_action(key, update) == ("claim", slot, generation)
    for key in (b" ", b"4", b"0", b"q", b"a", b"\r", b"\x1b"):
        assert board.fast_action(key, update) is None


def test_fast_action_is_off_for_an_empty_slot_and_after_the_game() -> None:
    """No claim on a used-up pile, and no claim once the game is over."""
    match = _untimed(2, seed=1)
    while match.outcome() is None:
        slot = _reveal_until_capturable(match)
        match.act(0, ("claim", slot, match.state.generation))
    update = update_of(match, 0)
    assert update.outcome is not None
    assert all(board.fast_action(key, update) is None for key in (b"1", b"2", b"3"))
    empty = next(i for i, m in enumerate(update.view["monsters"]) if m is None)
    view = {**update.view, "over": False}
    live = Update(
        update.version, 0, view, (), (), update.names, update.acting, None, dict(update.notes)
    )
    assert board.fast_action(str(empty + 1).encode(), live) is None
    assert board.fast_action(str((empty + 1) % 3 + 1).encode(), live) is not None


# -- words -----------------------------------------------------------------------------------------


def test_paths_word_every_reveal_and_claim_and_never_settle() -> None:
    """Each legal reveal and claim is one worded choice; settling is never offered."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 50})
    match.act(0, ("reveal",))
    match.act(2, ("claim", 1, match.state.generation), at_ns=5)
    update = update_of(match, 0)
    assert ("settle",) not in update.legal  # only the table's clock settles
    assert ("claim", 1, match.state.generation - 1) in update.legal  # from before the reveal
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    choices = trie.choices([])
    labels = [c.label for c in choices]
    assert len(choices) == 3 and not any("settle" in label.lower() for label in labels)
    ogre = update.view["monsters"][1]
    assert f"Claim Monster 2, {board.monster_line(ogre)}." in labels
    assert board.paths(update, ("settle",)) == []
    fresh = update_of(Match.new("whoosh", 3, seed=2), 0)
    assert board.paths(fresh, ("reveal",))[0][0].label == "Reveal your next card"
    fresh_trie = ActionTrie(fresh.legal, lambda a: board.paths(fresh, a))
    reached = {fresh_trie.action([c.key]) for c in fresh_trie.choices([])}
    assert reached == set(fresh.legal)


def test_describe_reads_the_monsters_rows_piles_and_claims() -> None:
    """Short sentences: whose reveal, every Monster with its needs, every player's row."""
    match = Match.new("whoosh", 3, seed=2)
    for _ in range(3):
        match.act(match.state.turn, ("reveal",))
    match.act(1, ("claim", 0, match.state.generation), at_ns=9)
    update = update_of(match, 0, ("Ala", "Olek", "Ewa"))
    lines = board.describe(update)
    assert lines[0] == "Claims are being settled."
    first = update.view["monsters"][0]
    assert lines[1].startswith(f"Monster 1: the {first['name']}, {first['value']} point")
    assert "needs " in lines[1] and "tie number" in lines[1]
    assert any(
        line.startswith("You: 0 points, 0 Monsters, 0 mistakes; 35 cards in pile; revealed a")
        for line in lines
    )
    assert lines[4].startswith("Out in all: ") and lines[4] != "Out in all: nothing yet."
    assert any(line.startswith("Olek: ") for line in lines)
    assert lines[-1] == f"Olek reached for Monster 1, the {first['name']}."
    assert all(len(line) < 160 and line.endswith(".") for line in lines)
    assert not any(set(line) & BOX_DRAWING for line in lines)
    calm = update_of(Match.new("whoosh", 2, seed=2), 1, ("Ala", "Olek"))
    assert board.describe(calm)[0] == "It is Ala's turn to reveal."


def test_result_lines_give_monsters_mistakes_and_the_tie_break() -> None:
    """Every player's Monsters with their values and face-down mistakes; counts on a tie."""
    match = _untimed(2, seed=4)
    blunder = False
    while match.outcome() is None:
        view = match.view(None)
        if not blunder and not _capturable(view):
            match.act(1, ("claim", 0, match.state.generation))
            blunder = True
            continue
        slot = _reveal_until_capturable(match)
        match.act(0, ("claim", slot, match.state.generation))
    outcome = match.outcome()
    assert outcome is not None
    lines = board.result_lines(match.view(None), outcome, ["Ala", "Olek"])
    assert lines[0].startswith("Ala: ") and f"total {outcome.scores[0]}." in lines[0]
    assert "1 face down (−1)" in lines[1]
    assert lines[1].endswith(f"total {signed(outcome.scores[1])}.")
    tied = match.view(None)
    tied["captured"] = [["ogre", "dragon"], ["troll", "dragon"]]
    tied["mistakes"] = [[], []]
    tie = type(outcome)(
        scores=(7, 7),
        breakdown=outcome.breakdown,
        ranking=((0, 1),),
        note="Tied on 7 points with the same Monsters: the victory is shared.",
    )
    tie_lines = board.result_lines(tied, tie, ["Ala", "Olek"])
    assert "Tie-break, Ala: one Monster worth 5, none worth 4 and none worth 3." in tie_lines
    assert "Tie-break, Olek: one Monster worth 5, none worth 4 and none worth 3." in tie_lines


def test_played_lines_give_captures_mistakes_and_the_median_reaction_time() -> None:
    """Per player: captures and mistakes from the table, the median of their timed claims
    (pending or too late alike) from the events seen, and "no claim timed" without any."""
    view = Match.new("whoosh", 3, seed=2).view(None)
    view["captured"] = [["ogre", "dragon"], ["troll"], []]
    view["mistakes"] = [["goblin"], [], []]
    claims: list[dict[str, Any]] = [
        {"type": "claim", "text": "", "seat": 0, "slot": 0, "reaction_ms": 410},
        {"type": "late", "text": "", "seat": 0, "slot": 1, "reaction_ms": 190},
        {"type": "claim", "text": "", "seat": 0, "slot": 2, "reaction_ms": 620},
        {"type": "claim", "text": "", "seat": 1, "slot": 0},  # untimed: a test, a replay
        {"type": "void", "text": "", "seat": 1, "slot": 0},
        {"type": "reveal", "text": "", "seat": 2, "card": "sword-01"},
    ]
    lines = board.played_lines(view, claims, ["Ala", "Olek", "Ewa"])
    assert lines == [
        "Ala: 2 captures, 1 mistake, median reaction time 0.41 s over 3 timed claims.",
        "Olek: 1 capture, no mistakes, no claim timed.",
        "Ewa: no captures, no mistakes, no claim timed.",
    ]
    one = board.played_lines(view, claims[1:2], ["Ala", "Olek", "Ewa"])
    assert one[0].endswith("median reaction time 0.19 s over 1 timed claim.")


async def test_the_results_give_each_players_reaction_times() -> None:
    """A game played to its end at the table: the results screen has the reaction lines
    from the claims the game screen saw."""
    seats = (Seat("Ala"), Seat("Olek", "remote"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = _setup(seats, 4, tie_window=0, fair_remote=False, turn_timer=0)
        screen = await _start(pilot, setup)
        table = screen.table
        assert table is not None
        while table.match.outcome() is None:
            while not _capturable(table.match.view(None)):
                await table.submit(table.match.state.turn, ("reveal",))
            slot = _capturable(table.match.view(None))[0]
            await table.submit(0, ("claim", slot, table.match.state.generation))
        await _until(pilot, lambda: screen.latest[0].outcome is not None)
        await _close_the_summary(pilot)
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        lines = [str(line) for line in app.screen.extra_lines]  # type: ignore[attr-defined]
        ala = next(line for line in lines if line.startswith("Ala: ") and "reaction" in line)
        assert ala.endswith(" timed claims.") and ", median reaction time " in ala
        assert "Olek: no captures, no mistakes, no claim timed." in lines
        assert "Olek: no captures, no mistakes, no claim timed." in screen_text(app)


def test_card_and_monster_faces_carry_words_not_only_glyphs() -> None:
    """Combos show both symbols, Failed Attacks say failed, the Staff says any."""
    assert board.card_text("combo-bow-fire").plain == "»bow+▲fire"
    assert board.card_text("failed-ice-1").plain == "✗ice failed"
    assert board.card_text("staff-2").plain == "✦staff (any)"
    assert board.card_text("sword-03").plain == "†sword"
    assert board.needs_text(("sword", "sword", "fire")).plain == "2×†sword ▲fire"
    assert all(len(glyph) == 1 for glyph, _ in board.GLYPHS.values())
    assert board.missing_words(("sword", "sword", "fire"), [("sword",), ("sword",)]) == (
        "one more fire"
    )
    assert board.missing_words(("bow", "bow", "ice"), []) == (
        "two more bow symbols and one more ice"
    )
    assert board.missing_words(("ice", "ice", "bow"), [("staff",)]) == (
        "two more of bow and ice (the staff counts for one)"
    )


# -- playing by keys ---------------------------------------------------------------------------


def _steps(table: Table) -> list[Step]:
    return list(table.match.steps)


def _setup(seats: tuple[Seat, ...], seed: int, **options: Any) -> TableSetup:
    return TableSetup("whoosh", seats, options, seed)


async def _start(pilot: Any, setup: TableSetup) -> GameScreen:
    pilot.app.start_game(setup)
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def _until(pilot: Any, ready: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not ready():
            await pilot.pause()
            await asyncio.sleep(0.005)


async def _close_the_summary(pilot: Any) -> list[str]:
    """The game's end is summed up in a panel that waits for Enter: its lines."""
    await _until(pilot, lambda: isinstance(pilot.app.screen, MilestoneScreen))
    panel = pilot.app.screen
    lines = [panel.heading, *panel.facts]
    assert lines[0].startswith("Game over: Monster pile ")
    won = (" wins with ", "You win with ", " share the victory ")  # the reader is "You"
    assert any(words in line for line in lines for words in won), lines
    # Nothing plays on behind the last summary: it says what comes next instead.
    await _until(pilot, lambda: bool(panel.query("#milestone-keys")))
    keys = str(panel.query_one("#milestone-keys").render())
    assert "Enter: close, then Enter again for the results" in keys
    await pilot.press("enter")
    await _until(pilot, lambda: not isinstance(pilot.app.screen, MilestoneScreen))
    return lines


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots ten times quicker than people, so a whole real-time game takes seconds."""
    monkeypatch.setattr(bots, "REVEAL_DELAY", (0.01, 0.03))
    monkeypatch.setattr(bots, "EASY", bots.Level("easy", 0.09, 0.02, 0.05, 0.25, 0.08))
    monkeypatch.setattr(bots, "NORMAL", bots.Level("normal", 0.07, 0.02, 0.04, 0.1, 0.04))


async def test_a_whole_game_against_bots_by_keys(quick_bots: None) -> None:
    """Space on our turn, 1/2/3 when a Monster is capturable, to the results screen.

    Keys are sent as a person types them, without the pilot's wait for a quiet screen
    (``pilot.press``): at a real-time table the screen is never quiet for long.
    """
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "normal"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 7, tie_window=20, turn_timer=3))
        widget: Any = screen.query_one("#board")
        acted: set[tuple[str, int]] = set()
        async with asyncio.timeout(45):
            while widget.update is None or widget.update.outcome is None:
                await asyncio.sleep(0.002)
                update = widget.update
                if update is None:
                    continue
                view, generation = update.view, update.view["generation"]
                slots = _capturable(view)
                if slots and ("claim", generation) not in acted and not view["claims"]:
                    acted.add(("claim", generation))
                    app.simulate_key(str(slots[0] + 1))
                elif ("reveal",) in update.legal and ("reveal", generation) not in acted:
                    acted.add(("reveal", generation))
                    app.simulate_key("space")
        assert screen.table is not None
        steps = screen.table.match.steps
        ours = [action for seat, action, _ in steps if seat == 0]
        assert ("reveal",) in ours and any(a[0] == "claim" for a in ours)
        assert {seat for seat, action, _ in steps if action[0] == "claim"} >= {0}
        await _close_the_summary(pilot)
        assert "Game over. Press Enter for the results." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "Ala: " in screen_text(app)


async def test_two_players_at_one_keyboard_claim_with_their_own_keys() -> None:
    """z/a s d play the first local seat, m/j k l the second; Space and 1 2 3 are off."""
    seats = (Seat("Ala"), Seat("Olek"), Seat("Ewa", "remote"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 3, tie_window=200, turn_timer=0))
        assert not screen._covered
        widget: Any = screen.query_one("#board")
        table = screen.table
        assert table is not None and widget.local_seats == (0, 1)
        await _until(pilot, lambda: widget.update is not None)
        text = screen_text(app)
        assert "[z|asd]" in text and "[m|jkl]" in text
        assert widget.check_action("reveal", (-1,)) is False
        assert widget.check_action("claim", (-1, 0)) is False
        await pilot.press("space", "m")  # not ours / not Olek's turn: nothing happens
        assert len(_steps(table)) == 0
        await pilot.press("z")
        await _until(pilot, lambda: len(_steps(table)) == 1)
        assert _steps(table)[0][:2] == (0, ("reveal",))
        await _until(pilot, lambda: widget.update.view["turn"] == 1)
        await pilot.press("m")
        await _until(pilot, lambda: len(_steps(table)) == 2)
        assert _steps(table)[1][:2] == (1, ("reveal",))
        generation = table.match.state.generation
        await _until(pilot, lambda: widget.drawn(generation) is not None)
        # Both hands go down on the same board, as fast as two people can (a claim names
        # the board that had been on screen for a reaction time): Olek, then Ala.
        await _until(pilot, lambda: _on_screen_for(widget, generation) >= board.MIN_REACTION)
        app.simulate_key("k")  # Olek: Monster 2
        app.simulate_key("a")  # Ala: Monster 1
        await _until(pilot, lambda: len(_steps(table)) >= 4)
        claims = [(seat, action) for seat, action, _ in _steps(table)[2:4]]
        assert claims == [(1, ("claim", 1, generation)), (0, ("claim", 0, generation))]
        assert all(at_ns is not None for _, _, at_ns in _steps(table)[2:4])
        await _until(pilot, lambda: widget.update.view["generation"] > generation, timeout=3)
        view = widget.update.view
        taken = view["captured"][:2] + view["mistakes"][:2]
        assert sum(len(monsters) for monsters in taken) == 1  # one claim counted, one void
        assert widget.flash is not None
        assert " captured the " in widget.flash.plain or " blundered, " in widget.flash.plain


class _Watcher:
    """A spectator at the table: every public event, as everyone is told it."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    @property
    def seats(self) -> frozenset[int]:
        return frozenset()

    def deliver(self, update: Update) -> None:
        self.events += update.events


async def _capture_by_olek(pilot: Any, screen: GameScreen) -> tuple[int, int, int]:
    """Reveal until a Monster is capturable, then Olek (seat 1, not at this keyboard) takes
    it once the board has been on Ala's screen a while: (its slot, the board Ala saw, the
    new board), the new board drawn on Ala's screen."""
    table = screen.table
    assert table is not None
    widget: Any = screen.query_one("#board")
    while not _capturable(table.match.view(None)):
        await table.submit(table.match.state.turn, ("reveal",))
    seen = table.match.state.generation
    await _until(pilot, lambda: widget.drawn(seen))
    await asyncio.sleep(board.MIN_REACTION + 0.1)  # Ala has had it in view long enough
    slot = _capturable(table.match.view(None))[0]
    await table.submit(1, ("claim", slot, seen), at_ns=time.monotonic_ns())
    new = table.match.state.generation
    assert new > seen
    await _until(pilot, lambda: widget.drawn(new))
    return slot, seen, new


def _key_at(key: str, at_ns: int) -> events.Key:
    """A key event as the terminal driver makes it, pressed at ``at_ns`` (monotonic)."""
    event = events.Key(key, key)
    # Textual's clock is the monotonic one. Set, not shifted by "now": a shift measured a few
    # microseconds after the event was made left it that much early, and its reaction one
    # millisecond short whenever the press fell that close after a millisecond's start.
    event.time = at_ns / 1e9
    return event


@pytest.mark.parametrize("after_ms", [20, 250])
async def test_a_claim_key_within_a_reaction_of_a_new_monster_names_the_board_before(
    after_ms: int,
) -> None:
    """A hand going down 20 ms, or 250 ms, after Olek's capture replaced the Monster was
    aimed at the old one (a key already on its way cannot be held back that fast, and no one
    reads a new Monster's symbols so soon): it is void as too late, never a mistake for -1,
    even when the App gets to the key only later. A key 0.45 s after it is a claim on the
    new one."""
    seats = (Seat("Ala"), Seat("Olek", "remote"), Seat("Ewa", "remote"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = _setup(seats, 5, tie_window=0, fair_remote=False, turn_timer=0)
        screen = await _start(pilot, setup)
        table = screen.table
        assert table is not None
        watcher = _Watcher()
        table.join(watcher)
        widget: Any = screen.query_one("#board")
        await _until(pilot, lambda: widget.update is not None)
        slot, seen, new = await _capture_by_olek(pilot, screen)
        watcher.events.clear()
        gone = MONSTER_BY_ID[table.match.state.prev_board[slot]]
        pressed = widget.drawn(new) + after_ms * 1_000_000
        await asyncio.sleep(max(0.0, (pressed - time.monotonic_ns()) / 1e9))
        app.post_message(_key_at(str(slot + 1), pressed))
        await _until(pilot, lambda: any(e.get("seat") == 0 for e in watcher.events))
        ours = [e for e in watcher.events if e.get("seat") == 0]
        assert [e["type"] for e in ours] == ["late"]
        assert f"reached for the {gone.name} too late" in ours[0]["text"]
        # Timed from the board Ala saw arising, not the new one (its own moment, exactly:
        # a bound in milliseconds failed on a loaded machine, where boards come slowly).
        state = table.match.state
        arose = {g: state.times[g - state.prev_since] for g in (seen, new)}
        assert ours[0]["reaction_ms"] == (pressed - arose[seen]) // 1_000_000
        assert ours[0]["reaction_ms"] > (pressed - arose[new]) // 1_000_000
        assert table.match.state.mistakes[0] == () and table.match.outcome() is None
        assert table.match.steps[-1][:2] == (0, ("claim", slot, seen))

        await asyncio.sleep(0.45)
        watcher.events.clear()
        fresh = MONSTER_BY_ID[str(table.match.state.board[slot])]
        app.simulate_key(str(slot + 1))
        await _until(pilot, lambda: any(e["type"] == "mistake" for e in watcher.events))
        assert table.match.steps[-1][:2] == (0, ("claim", slot, new))
        assert table.match.state.mistakes[0] == (fresh.id,)  # nothing revealed: a mistake
        claim = next(e for e in watcher.events if e["type"] == "claim")
        assert claim["seat"] == 0 and claim["reaction_ms"] >= 450


def _on_screen_for(widget: Any, generation: int) -> float:
    """Seconds board ``generation`` has been on the board's screen."""
    return float((time.monotonic_ns() - widget.drawn(generation)) / 1e9)


def _claim_lines(lines: list[str]) -> dict[str, list[str]]:
    """The log's claim lines by kind: hands going down (pending or too late) with their
    times, and the settling of them (void, captures, mistakes)."""
    kinds = {
        "claim": " claims the ",
        "late": " too late (",
        "void": " is void: ",
        "capture": " captures ",
        "mistake": " a mistake, face-down for −1.",
    }
    return {kind: [line for line in lines if words in line] for kind, words in kinds.items()}


async def test_the_log_and_the_replay_show_every_claim_with_its_time() -> None:
    """Taken, void, mistaken and too late: every claim is in the shared log with its
    reaction time, and ``hunters replay`` of the game shows the same lines."""
    seats = (Seat("Ala"), Seat("Olek", "remote"), Seat("Ewa", "remote"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = _setup(seats, 5, tie_window=50, fair_remote=False, turn_timer=0)
        screen = await _start(pilot, setup)
        table = screen.table
        assert table is not None
        while not _capturable(table.match.view(None)):
            table.act_now(table.match.state.turn, ("reveal",), time.monotonic_ns())
        await asyncio.sleep(0.2)
        slot, seen = _capturable(table.match.view(None))[0], table.match.state.generation
        now = time.monotonic_ns()
        table.act_now(1, ("claim", slot, seen), now)  # taken
        table.act_now(2, ("claim", slot, seen), now + 10_000_000)  # void: Olek was first
        await _until(pilot, lambda: table.match.state.generation > seen)  # the table settles
        table.act_now(0, ("claim", slot, seen), time.monotonic_ns())  # too late
        after = table.match.state.generation
        table.act_now(2, ("claim", 0, after), time.monotonic_ns() + 250_000_000)  # a mistake
        await _until(pilot, lambda: table.match.state.generation > after)
        await _until(pilot, lambda: not screen._refresh_pending)
        live = _claim_lines(screen.query_one(EventLog).lines_shown)
        assert [len(live[kind]) for kind in live] == [3, 1, 1, 1, 1], live
        assert all(" s after the board)" in line for line in live["claim"] + live["late"])
        (void,) = live["void"]
        assert void.startswith("Ewa's claim on the ") and "Olek was first on it" in void
        assert live["late"][0].startswith("You reached for the ")
        assert live["mistake"][0].startswith("Ewa grabbed the ")

        record, names = table.match.record(), table.names

    replay_app = ReplayApp(Match.replay(record), names, Settings())
    async with replay_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("G")  # the last move (End would scroll the log, which has focus)
        replay = replay_app.screen
        assert isinstance(replay, ReplayScreen) and replay.at == len(replay.positions) - 1
        shown = replay.query_one(EventLog).lines_shown[1:]
        # The replay is everyone's: Ala's own move, "You …" at her table, is named there.
        replayed = _claim_lines([line.split(". ", 1)[1] for line in shown])
        assert replayed == {
            kind: [line.replace("You reached", "Ala reached") for line in lines]
            for kind, lines in live.items()
        }


def _board(update: Update, local_seats: tuple[int, ...] = (0,)) -> Any:
    """A board showing ``update``, drawn without an App."""
    widget = board.Board()
    widget.local_seats = local_seats
    widget.update = update
    return widget


def _text(widget: Any, width: int = 78, room: int = 17) -> str:
    """The board as drawn in ``width`` columns and ``room`` lines (78 x 17: at 80 x 24)."""
    console = Console(width=width, record=True, file=io.StringIO())
    for line in widget.lines(width, room):
        console.print(line)
    return console.export_text()


def test_the_board_shows_claims_flashes_and_key_groups_in_words() -> None:
    """Pending claims by name, the latest capture or blunder with why, keys by each name."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 50})
    match.act(0, ("reveal",))
    match.act(1, ("claim", 1, match.state.generation), at_ns=5)
    names = ("Ala", "[b]Olek[/b]", "Ewa")
    text = _text(_board(update_of(match, 0, names), (0, 1)))
    assert "Hands down: [b]Olek[/b] on Monster 2…" in text
    assert "─ hand: [b]Olek[/b] ─" in text.splitlines()[0]  # on Monster 2's card
    assert "[z|asd]" in text and "[m|jkl]" in text and "[x|" not in text
    before = match.view(None)
    match.act(TABLE, ("settle",))
    after = update_of(match, 0, names)
    widget = _board(after)
    flash = widget._news(before, after)
    ogre = MONSTER_BY_ID[before["monsters"][1]["id"]]
    assert flash.plain.startswith(f"✗ [b]Olek[/b] blundered, −1 face down: the {ogre.name} needs ")
    widget.flash = flash
    assert "blundered, −1 face down" in _text(widget)
    assert "(you)" in _text(widget) and "[z|asd]" not in _text(widget)
    assert widget._news(after.view, after) is None


def test_a_dropped_players_note_gets_their_cards_room_beside_the_keys_column() -> None:
    """The longest note fits whole on its row at 80 columns with two key groups shown; the
    row's cards give way to it (they still count in "Out in all")."""
    match = Match.new("whoosh", 8, seed=3)
    for _ in range(20):
        match.act(match.state.turn, ("reveal",))
    note = "disconnected, a bot stands in after 3600 s"
    names = ("Ala", "Olek", "Bartholomew Kent", "Dan", "Eva", "Fay", "Gus", "Hal")
    lines = _text(_board(update_of(match, 0, names, notes={2: note}), (0, 1))).splitlines()
    row = next(line for line in lines if line.startswith("  Bartholomew Kent "))
    assert row.rstrip().endswith(note) and "…" not in row
    assert "★0 ✗0" in row  # the captures and mistakes stay
    ala = next(line for line in lines if line.startswith(("  Ala ", "▶ Ala ")))
    assert "[z|asd]" in ala and all(len(line) <= 78 for line in lines)


def test_keys_are_legal_exactly_when_the_rules_allow() -> None:
    """Space on your reveal only; 1/2/3 while the slot has a Monster and you have not claimed."""
    match = Match.new("whoosh", 2, seed=2, options={"tie_window": 50})
    widget = _board(update_of(match, 0))
    assert widget.check_action("reveal", (-1,)) is True
    assert widget.check_action("claim", (-1, 2)) is True
    assert widget.check_action("reveal", (0,)) is False  # key groups: several players only
    assert widget.check_action("results", ()) is False
    match.act(0, ("reveal",))
    match.act(0, ("claim", 0, match.state.generation), at_ns=3)
    widget = _board(update_of(match, 0))
    assert widget.check_action("reveal", (-1,)) is None
    assert widget.check_action("claim", (-1, 1)) is None
    shared = _board(update_of(match, 0), (0, 1))
    assert shared.check_action("claim", (0, 1)) is None and shared.check_action("claim", (1, 1))
    assert (
        shared.check_action("claim", (2, 1)) is False
        and shared.check_action("reveal", (-1,)) is False
    )


async def test_screen_reader_mode_lists_reveal_and_claims() -> None:
    """Plain sentences and a list of worded choices; Enter on the first one reveals."""
    seats = (Seat("Ala"), Seat("Olek", "remote"))
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 5, turn_timer=0))
        await _until(pilot, lambda: 0 in screen.latest)
        await pilot.pause()
        text = screen_text(app)
        assert "It is your turn to reveal." in text and "Monster 1: the " in text
        choices = screen.query_one("#sr-choices", OptionList)
        labels = [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]
        assert labels[0] == "Reveal your next card" and len(labels) == 4
        assert all(label.startswith("Claim Monster ") for label in labels[1:])
        await pilot.press("enter")
        assert screen.table is not None
        await _until(pilot, lambda: screen.table is not None and len(screen.table.match.steps) == 1)
        assert screen.table.match.steps[0][:2] == (0, ("reveal",))


# -- snapshots -------------------------------------------------------------------------------------


async def _scripted(pilot: Any, players: int, humans: int) -> None:
    """A fixed position: some reveals by keys and by the table, one capture, one mistake."""
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    table = screen.table
    assert table is not None
    widget: Any = screen.query_one("#board")
    keys = [board.SOLO_KEYS[0]] if humans == 1 else [g[0] for g in board.KEY_GROUPS[:humans]]

    async def reveal() -> None:
        turn = table.match.state.turn
        if turn < humans:
            await pilot.press(keys[turn])
        else:
            await table.submit(turn, ("reveal",))
        await _until(pilot, lambda: widget.update.version == table.match.version)

    async def claim(seat: int, slot: int) -> None:
        generation = table.match.state.generation
        await table.submit(seat, ("claim", slot, generation), at_ns=1)
        await _until(pilot, lambda: table.match.state.generation != generation)
        await _until(pilot, lambda: widget.update.version == table.match.version)

    await _until(pilot, lambda: widget.update is not None)
    await claim(players - 1, 0)  # a blunder on the empty table
    for _ in range(80):
        if _capturable(table.match.view(None)):
            break
        await reveal()
    await claim(1, _capturable(table.match.view(None))[0])  # a capture
    for _ in range(players - 1):
        await reveal()
    await pilot.pause()


def _snapshot_app(players: int, humans: int) -> HuntersApp:
    names = ["Ala", "Olek", "Zuzanna-Katarzyna", "[b]Ewa[/b]", "Jan", "Iga", "Max", "Ola"]
    seats = tuple(Seat(names[i], "human" if i < humans else "remote") for i in range(players))
    app = HuntersApp(Settings(bot_delay=0))
    options = {"tie_window": 0, "fair_remote": False, "turn_timer": 0}
    app.call_later(app.start_game, _setup(seats, 11, **options))
    return app


SIZES = [(80, 24), (120, 40), (200, 60)]
"""The floor, and the sizes where the log stands beside the board and cards grow."""


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_snapshot_two_players(snap_compare: Any, size: tuple[int, int]) -> None:
    """One player at the keyboard against one: Space/1/2/3, a capture and a mistake seen on
    the table, the rows as piles and cards (taller cards with more room)."""

    async def run_before(pilot: Any) -> None:
        await _scripted(pilot, 2, 1)

    assert snap_compare(_snapshot_app(2, 1), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_snapshot_eight_players_two_at_the_keyboard(
    snap_compare: Any, size: tuple[int, int]
) -> None:
    """Eight players fit at 80x24 on one line each; two local players' key groups are shown
    by their names; with more room the rows become piles and cards."""

    async def run_before(pilot: Any) -> None:
        await _scripted(pilot, 8, 2)

    assert snap_compare(_snapshot_app(8, 2), terminal_size=size, run_before=run_before)


# -- the table as cards --------------------------------------------------------------------------


def _plan(width: int = 78, room: int = 17, players: int = 3) -> Any:
    return faces.plan_for(width, room, players, ["Ala (you)", "Olek", "Ewa"][:players])


@pytest.mark.parametrize("room", [17, 40], ids=["short", "tall"])
def test_every_monster_card_shows_all_its_symbols_at_80_columns(room: int) -> None:
    """Each of the 36 Monsters: its name, points, every symbol as glyph and word with its
    count, its tie number (on a line to spare, else on the edge) and pile, in 25 columns
    (80 x 24: three of them side by side), nothing cut."""
    plan = _plan(78, room, 2)
    assert plan.monster_width == 25 and plan.grouped is (room == 40)
    for monster in MONSTERS:
        card = faces.MonsterFace(monster.name, monster.symbols, monster.value, monster.tie, 7)
        rows = [row.plain for row in faces.monster_card(0, card, plan, fresh=True)]
        assert len(rows) == plan.monster_body + 2 and {len(row) for row in rows} == {25}
        body = " ".join(rows[2:-1])
        assert rows[1].startswith(f"│1 {monster.name} ") and "…" not in "".join(rows)
        assert rows[1].rstrip("│").endswith(f"{monster.value} pt{'s' * (monster.value > 1)}")
        for symbol, count in Counter(monster.symbols).items():
            glyph = faces.GLYPHS[symbol][0]
            assert (f"{count}×{glyph}{symbol}" if count > 1 else f"{glyph}{symbol}") in body or (
                f"{glyph}{symbol}" + (f" ×{count}" if count > 1 else "") in body
            )
        assert "7 left" in rows[-1] and "new" in rows[-1]
        # The tie number in words on a line to spare, else on the edge.
        if f"tie {monster.tie}" not in rows[-1]:
            assert f"│{faces.tie_words(monster.tie, 23)}" in rows[-2]


def _played(players: int, reveals: int, seed: int = 3) -> Match:
    match = _untimed(players, seed=seed)
    for _ in range(reveals):
        match.act(match.state.turn, ("reveal",))
    return match


@pytest.mark.parametrize("players", range(2, 9))
def test_the_board_fits_80x24_for_every_player_count(players: int) -> None:
    """The board keeps to the 17 lines the game screen leaves it at 80 x 24 (the log keeps
    three), no line is wider than 78, and every Monster and every player is on it."""
    names = ("Ala", "Bartholomew Kent", "Olek", "Ewa-Magdalena K.", "Jan", "Iga", "Max", "Ola")
    for local in ((0,), (0, 1)):
        match = _played(players, 3 * players)
        widget = _board(update_of(match, 0, names[:players]), local)
        lines = [line.plain for line in widget.lines(78, 17)]
        assert len(lines) <= 17 and all(len(line) <= 78 for line in lines)
        text = "\n".join(lines)
        assert all(f" {m['name']} " in text for m in match.view(None)["monsters"] if m)
        assert all(name in text for name in names[:players]), text
        assert "Out in all: " in text


def test_a_long_blunder_wraps_on_the_news_lines_instead_of_being_cut() -> None:
    """The flash for a mistake with a long name and a staff out ("✗ X blundered … needs …")
    is longer than 78 columns: it wraps onto the news line's second line, whole."""
    widget = _board(update_of(_played(3, 3), 0, ("Ala", "Bartholomew Kent", "Ewa")))
    widget.flash = Text(
        f"{board.FAILED} Bartholomew Kent blundered, −1 face down: the Storm Titan needs "
        + board.missing_words(("lightning",) * 3 + ("bow", "ice", "sword"), [("staff",)])
    )
    assert widget.flash.cell_len > 78
    lines = [line.plain.rstrip() for line in widget.lines(78, 17)]
    start = next(i for i, line in enumerate(lines) if "blundered" in line)
    assert " ".join(lines[start : start + 2]) == widget.flash.plain
    assert "(the staff counts for one)" in lines[start + 1]


def test_the_highlight_names_every_choice_in_its_details() -> None:
    """The choices are the reveal (on your turn) and each Monster; details() has the
    highlighted one's whole wording with its position, and the Monster's points and pile."""
    match = _played(3, 3)
    update = update_of(match, match.state.turn, ("Ala", "Olek", "Ewa"))
    widget = _board(update, (update.seat,))
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    labels = [choice.label for choice in trie.choices([])]
    assert labels[0] == "Reveal your next card" and len(labels) == 4
    assert [choice.label for choice in widget.choices()] == labels
    for index, choice in enumerate(widget.choices()):
        widget._cursor = choice.key
        assert widget.details().startswith(f"{index + 1} of 4: {labels[index]}")
    monster = update.view["monsters"][2]
    assert widget.details().endswith(
        f"tie number {monster['tie']}; its pile holds {monster['pile'] or 'no'} more."
    )
    widget._cursor, widget._player = None, 1
    assert widget.details().startswith("Olek: 0 points; captured no Monsters; no mistakes;")


async def test_next_choice_cycles_the_highlight_and_enter_takes_it() -> None:
    """NEXT_CHOICE goes round every choice (the reveal, Monsters 1 2 3) and back, the
    Monster under it gets a heavy border, Esc drops it, and Enter claims the highlighted
    Monster for the player at the keyboard, timed like a key."""
    seats = (Seat("Ala"), Seat("Olek", "remote"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 5, turn_timer=0, tie_window=0))
        widget: Any = screen.query_one("#board")
        await _until(pilot, lambda: widget.update is not None)
        labels = [choice.label for choice in widget.choices()]
        seen = []
        for _ in range(len(labels) + 1):
            await pilot.press(board.NEXT_CHOICE)
            seen.append(widget.details())
        assert all(seen[i].startswith(f"{i + 1} of 4: {labels[i]}") for i in range(4))
        assert seen[4] == seen[0]
        await pilot.press(board.NEXT_CHOICE, board.NEXT_CHOICE)  # Monster 2
        assert "┏━" in screen_text(app).splitlines()[1]
        assert widget.details() in screen_text(app).replace("\n", " ") or "…" in screen_text(app)
        await pilot.press("escape")
        assert "┏━" not in screen_text(app) and not widget._highlighted()
        await pilot.press(board.NEXT_CHOICE, board.NEXT_CHOICE, board.NEXT_CHOICE)
        await asyncio.sleep(board.MIN_REACTION)
        generation = widget.update.view["generation"]
        await pilot.press("enter")
        table = screen.table
        assert table is not None
        await _until(pilot, lambda: len(table.match.steps) >= 1)
        assert table.match.steps[0][:2] == (0, ("claim", 1, generation))


def test_a_players_details_name_their_monsters_and_mistakes() -> None:
    """↓ on a player: their Monsters by name and points, their mistakes, pile and row."""
    view = _played(2, 0).view(None)
    view["captured"] = [["ogre", "dragon"], []]
    view["mistakes"] = [["goblin"], []]
    view["scores"] = [6, 0]
    update = Update(1, 0, view, (), (), ("Ala", "Olek"), frozenset(), None)
    widget = _board(update)
    widget._player = 0
    assert widget.details() == (
        "Ala: 6 points; captured the Ogre (+2), the Dragon (+5); 1 mistake (the Goblin); "
        f"{view['pile_sizes'][0]} cards in pile; revealed nothing."
    )


def test_the_milestone_is_the_games_end_only() -> None:
    """Mid-game events are no milestone (the race never pauses); the last Monster of a
    pile is: how it ended, who won with how many points, and each player's count."""
    match = _untimed(2, seed=1)
    assert board.milestone(update_of(match, 0), match.act(0, ("reveal",))) is None
    events: list[Any] = []
    while match.outcome() is None:
        slot = _reveal_until_capturable(match)
        events = match.act(1, ("claim", slot, match.state.generation))
        if match.outcome() is None:
            assert board.milestone(update_of(match, 0, ("Ala", "Olek")), events) is None
    update = update_of(match, 0, ("Ala", "Olek"))
    lines = board.milestone(update, events)
    assert lines is not None
    end = next(e for e in events if e["type"] == "end")
    assert lines[0] == f"Game over: Monster pile {end['slot'] + 1} is used up."
    last = MONSTER_BY_ID[match.view(None)["captured"][1][-1]]
    assert (
        lines[1] == f"Olek captured the {last.name} (+{last.value}), the last Monster of its pile."
    )
    score = match.outcome().scores[1]  # type: ignore[union-attr]
    assert lines[2] == f"Olek wins with {score} points."
    assert lines[-2] == "Ala: 0 points from no Monsters captured, no mistakes."
    assert lines[-1].startswith(f"Olek: {score} points from ")


def test_the_legend_explains_every_glyph_the_board_draws() -> None:
    """Every symbol drawn in a range of positions and sizes (not a letter, digit, border
    or punctuation) is in a LEGEND entry, and HOW_TO_PLAY names the keys."""
    keys = " ".join(short for short, _ in board.LEGEND)
    drawn: set[str] = set()
    for players, reveals, size in ((2, 9, (78, 17)), (8, 30, (78, 17)), (3, 12, (131, 57))):
        match = _played(players, reveals, seed=9)
        match.act(1, ("claim", 0, match.state.generation))  # a hand down: "hand: …"
        widget = _board(update_of(match, 0), (0, 1))
        widget._fresh_card, widget._fresh_slots = 0, frozenset({1})
        for line in widget.lines(*size):
            drawn |= {c for c in line.plain if not c.isalnum() and c not in BOX_DRAWING}
    drawn -= set(" .,:;!?()[]|+-−…'’×") | {"╭", "╮", "╰", "╯", "┏", "┓", "┗", "┛", "╌"}
    assert drawn and all(glyph in keys for glyph in drawn), drawn - set(keys)
    for key in ("Space", "1 2 3", "→ ←", "**i**", "Enter", "[z|asd]"):
        assert key in board.HOW_TO_PLAY


async def test_a_reveal_redraws_only_the_parts_it_changed() -> None:
    """A reveal (one every 0.15 s in a fast game) redraws the revealer's row, the rows the
    turn mark and the "new" mark left and reached, the totals and the prompt: never the
    Monsters, never the other players' rows."""
    seats = tuple(Seat(name, "human" if i == 0 else "remote") for i, name in enumerate("ABCDEF"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 5, turn_timer=0))
        table = screen.table
        assert table is not None
        widget: Any = screen.query_one("#board")
        for _ in range(3):
            await table.submit(table.match.state.turn, ("reveal",))
        await _until(pilot, lambda: widget.update.version == table.match.version)
        parts = widget.query_one(board.TableParts)
        redrawn = record_redraws(parts)
        for _ in range(4):
            redrawn.clear()
            seat = table.match.state.turn
            await table.submit(seat, ("reveal",))
            await _until(pilot, lambda: widget.update.version == table.match.version)
            allowed = {f"row-{s}" for s in ((seat - 1) % 6, seat, (seat + 1) % 6)} | {
                "totals",
                "prompt",
            }
            assert redrawn and set(redrawn) <= allowed and f"row-{seat}" in redrawn
            assert len(redrawn) == len(set(redrawn))


def test_the_details_line_has_what_the_highlight_is_on_and_every_shortened_name() -> None:
    """At 80 x 24 a name longer than its column is cut with … and is whole on the details
    line; with eight players (no room for that line) the highlighted choice takes the
    prompt's line while the highlight is on."""
    long = "Zuzanna-Katarzyna Nowak"
    widget = _board(update_of(_played(3, 3), 0, ("Ala", long, "Ewa")))
    text = _text(widget)
    assert "Zuzanna-Katarzy… " in text and f"In full: {long}." in text
    crowded = _played(8, 8)
    widget = _board(update_of(crowded, crowded.state.turn), (crowded.state.turn,))
    prompt = widget._prompt(widget.update)
    assert prompt in _text(widget)
    widget._cursor = ("claim", 2)
    lines = _text(widget).splitlines()
    assert len(lines) <= 17 and prompt not in lines
    assert lines[-1].startswith("4 of 4: Claim Monster 3, the ")


def test_a_dropped_players_note_takes_the_place_of_their_cards_in_a_boxed_row() -> None:
    """Two players at 80 x 24 get piles and cards as boxes; a dropped player's note is whole
    on their row, where their cards would be, beside their pile and score."""
    note = "disconnected, a bot stands in after 3600 s"
    match = _played(2, 4)
    lines = _text(_board(update_of(match, 0, ("Ala", "Olek"), notes={1: note}))).splitlines()
    olek = next(i for i, line in enumerate(lines) if line.startswith(("  Olek", "▶ Olek")))
    assert lines[olek + 1].rstrip().endswith(note) and "░" in lines[olek + 1]
    assert "0 points" in lines[olek + 1] and "0 captures, 0 mistakes" in lines[olek + 2]
    assert all(len(line) <= 78 for line in lines)
