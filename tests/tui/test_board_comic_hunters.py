"""The Comic Hunters board: its words and steps, and whole games played by keys."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from core.engine import Action, IllegalAction
from core.games.comic_hunters.data import (
    CARD,
    HERO_NAMES,
    HIGHLIGHT_NAMES,
    LOCATION_NAMES,
    SCHEDULE,
)
from core.match import Match
from core.table import Seat, Table, TableSetup, Update
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.board_helpers import (
    BoardAlone,
    comic_hunters_bidding_until,
    reachable,
    record_redraws,
    update_of,
)
from tests.tui.board_helpers import comic_hunters_at_assemble as _to_assemble
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import comic_hunters as board
from tui.boards import comic_hunters_draw as draw
from tui.boards import comic_hunters_facts as facts
from tui.boards.base import ActionTrie
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.settings import Settings
from tui.widgets.show import Parts

SLUG = "comic-hunters"


def test_every_legal_action_is_reachable_step_by_step() -> None:
    """Walking the choices reaches each legal action at every location met in games."""
    for players in (1, 2, 3):
        match = Match.new(SLUG, players, seed=players)
        rng = random.Random(players)
        seen: set[str] = set()
        while match.outcome() is None:
            seat = min(match.to_act())
            update = update_of(match, seat)
            kind = f"{match.state.location}-{match.legal(seat)[0][0]}"
            if kind not in seen:
                seen.add(kind)
                assert reachable(update, board.paths) == set(update.legal), kind
            match.act(seat, rng.choice(match.legal(seat)))
        assert {"store-pick", "flea-reveal", "convention-slide", "assemble-ready"} <= seen


def test_describe_reads_the_tracks_the_hand_and_the_location() -> None:
    """Screen-reader sentences: schedule, Trending Track, Highlights, hand and the Store."""
    update = update_of(Match.new(SLUG, 3, seed=2), 1)
    lines = board.describe(update)
    assert lines[0].startswith("Round 1 of 3 (Store → Flea Market → Convention): Store")
    assert any(line.startswith("Trending Track: row 1: ") for line in lines)
    assert any(line.startswith("Highlight track 1, Number One: ") for line in lines)
    assert any(line.startswith("Your hand: ") for line in lines)
    assert any(line.startswith("Your Store cards: ") for line in lines)
    assert any(line.startswith("You would score 15 now: size 0, ") for line in lines)
    assert not any(TARGET_OR_BOX & set(line) for line in lines)


TARGET_OR_BOX = {"◆", "✓"} | BOX_DRAWING


def test_solo_describe_speaks_of_jarvis() -> None:
    """In solo Jarvis has his own stash, tracks and collections."""
    lines = board.describe(update_of(Match.new(SLUG, 1, seed=2), 0))
    assert lines[0].startswith("Solo against Jarvis.")
    assert any(
        line.startswith(("Jarvis: collections ", "Jarvis: no collections")) for line in lines
    )
    assert any(", Jarvis 15." in line for line in lines if line.startswith("Secret Stash"))


def test_another_seats_store_cards_are_not_shown() -> None:
    """Seat 1 sees its own Store cards only, in the board and in the sentences."""
    match = Match.new(SLUG, 2, seed=5)
    update = update_of(match, 1)
    text = "\n".join(board.describe(update))
    for card in match.state.store.packs[0]:
        assert board.card_text(card) not in text or card in match.state.store.packs[1]


def test_result_lines_add_collections_and_jarvis_score_pad() -> None:
    """The end screen adds each player's collections and, solo, Jarvis' score pad line."""
    match = Match.new(SLUG, 1, seed=4)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    outcome = match.outcome()
    assert outcome is not None
    lines = board.result_lines(match.view(None), outcome, ["Ala"])
    assert lines[0].startswith(("Ala: collections ", "Ala: no collections"))
    assert lines[1].startswith("Jarvis: size ") and "secret stash" in lines[1]
    assert lines[2].startswith("Jarvis: collections ")


def _setup(seats: tuple[Seat, ...], seed: int, **options: Any) -> TableSetup:
    return TableSetup(SLUG, seats, options, seed)


async def _start(pilot: Any, setup: TableSetup) -> GameScreen:
    pilot.app.start_game(setup)
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def play_by_keys(pilot: Any, screen: GameScreen, action: Action) -> None:
    """Build ``action`` with the arrow keys and Enter, one choice at a time."""
    widget: Any = screen.query_one("#board")
    path = board.paths(widget.update, action)[0]
    for choice in path:
        await settle(pilot, screen)  # a milestone's summary waits for Enter first
        keys = [c.key for c in widget.choices]
        index = keys.index(choice.key)
        steps = (index - widget.cursor) % len(keys)
        if steps > len(keys) // 2:
            await pilot.press(*(["left"] * (len(keys) - steps)))
        else:
            await pilot.press(*(["right"] * steps))
        assert widget.cursor == index
        await pilot.press("enter")
        if board.is_final(widget.update, choice.key):  # asked once: Enter again to confirm
            await pilot.press("enter")


def _sensible(legal: list[Action], rng: random.Random) -> Action:
    """A quick human-like choice: take things, bid little, say ready soon."""
    for verb in ("ready", "take-row", "take", "pass", "pick", "buy-lot", "keep", "give-first"):
        found = [a for a in legal if a[0] == verb]
        if found:
            return rng.choice(found)
    opens = [a for a in legal if a[0] == "open" and a[2] <= 1]
    return rng.choice(opens or legal)


async def _play_to_the_end(pilot: Any, screen: GameScreen, rng: random.Random) -> None:
    for _ in range(600):
        await settle(pilot, screen)
        update = screen.latest[0]
        if update.outcome is not None:
            return
        await play_by_keys(pilot, screen, _sensible(list(update.legal), rng))
    raise AssertionError("the game did not end")


async def test_a_solo_game_against_jarvis_by_keys() -> None:
    """Solo plays every location to the end by keys; the results show Jarvis' score pad."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup((Seat("Ala"),), 3))
        await _play_to_the_end(pilot, screen, random.Random(1))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "Jarvis: size" in screen_text(app)


async def test_a_four_player_game_against_bots_by_keys() -> None:
    """Arrows and Enter play every decision of a 4-player game against bots to the results."""
    seats = (
        Seat("Ala"),
        Seat("Bot 2", "bot", "normal"),
        Seat("Bot 3", "bot", "easy"),
        Seat("Bot 4", "bot", "random"),
    )
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 7))
        await _play_to_the_end(pilot, screen, random.Random(2))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert re.search(r"Ala: (no )?collections", screen_text(app))


async def test_screen_reader_mode_plays_from_a_plain_list() -> None:
    """Plain sentences without box drawing, a list of choices, and Enter picks a card."""
    seats = (Seat("Ala"), Seat("Bot", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 5))
        await settle(pilot, screen)
        text = screen_text(app)
        # The list of choices (each Store card in full) fits at 80×24; the table's lines
        # above it give way and scroll (t reads them all).
        assert "> Pick " in text
        assert "Your Store cards:" in str(screen.query_one("#sr-table").render())
        assert not set(text.split("Keys")[0]) & BOX_DRAWING
        choices = screen.query_one("#sr-choices", OptionList)
        update = screen.latest[0]
        trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
        assert choices.option_count == len(trie.choices([])) == 7
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.latest[0].version >= 1


def _random_game(
    players: int, seed: int, names: tuple[str, ...] = ()
) -> Iterator[tuple[Update, list[Any]]]:
    """A random game through Match: after each action, seat 0's update and the events it
    was told (public ones and its own)."""
    match = Match.new(SLUG, players, seed=seed)
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = rng.choice(sorted(match.to_act()))
        events = match.act(seat, rng.choice(match.legal(seat)))
        yield update_of(match, 0, names), [e for e in events if e.get("to") in (None, 0)]


def test_projected_scores_are_the_score_pad_at_the_end() -> None:
    """The live score counted from the public table is the game's own score pad once the
    game is over, Jarvis included."""
    for players in (1, 2, 3, 4):
        for seed in (1, 2):
            *_, (last, _) = _random_game(players, seed)
            view = last.view
            assert facts.projected(view) == view["scores"], (players, seed)


def test_a_milestone_after_each_location_and_each_assemble() -> None:
    """Three locations and an Assemble per round: twelve summaries, in schedule order,
    each a title and sentences that end with a full stop; nothing in between."""
    for players in (1, 2, 3, 4):
        titles = []
        for update, events in _random_game(players, 7):
            lines = board.milestone(update, events)
            if lines:
                titles.append(lines[0])
                assert all(line.endswith(".") for line in lines[1:]), lines
                assert len(lines) == len(set(lines)), lines
        expected = [
            f"Round {r + 1}: the {LOCATION_NAMES[place]} is over"
            if place != "assemble"
            else f"Round {r + 1}: Assemble Collection is over"
            for r, places in enumerate(SCHEDULE)
            for place in (*places, "assemble")
        ]
        assert titles == expected, players


def test_an_assemble_summary_says_who_leads_and_who_would_score_what() -> None:
    """The summary after Assemble names every player's collections, each Highlight
    track's leader and everyone's projected score (Jarvis too, solo)."""
    for update, events in _random_game(1, 3, names=("Ala",)):
        lines = board.milestone(update, events)
        if lines and "Assemble" in lines[0]:
            assert any(line.startswith("You would score ") for line in lines)
            assert any(line.startswith("Jarvis would score ") for line in lines)
            text = " ".join(lines)
            assert all(HIGHLIGHT_NAMES[t] in text for t in update.view["tracks"])
            return
    raise AssertionError("no Assemble summary")


def test_the_legend_explains_every_short_form() -> None:
    """Every hero word and Highlight short form a narrow board uses is in the legend."""
    shorts = {short for short, _ in board.LEGEND}
    assert set(draw.ICON_SHORT.values()) <= shorts
    assert {w for h, w in draw.HERO_WORD.items() if w != HERO_NAMES[h]} <= shorts
    assert "① ② ③" in shorts and draw.TRACKED in shorts
    assert board.HOW_TO_PLAY.startswith("## How to play here")


class _BoardApp(App[None]):
    """The board alone, fed updates by the test."""

    def compose(self) -> ComposeResult:
        yield board.Board(id="board")


def _positions(players: int, seed: int) -> list[Update]:
    """Seat 0's first position of each kind (location and first legal verb) in a game."""
    seen: set[str] = set()
    found = []
    for update, _ in _random_game(players, seed):
        if 0 in update.acting:
            kind = f"{update.view['location']}-{update.legal[0][0]}"
            if kind not in seen:
                seen.add(kind)
                found.append(update)
    return found


async def test_every_choice_is_reachable_at_80x24() -> None:
    """At the smallest size, walking the choices with NEXT_CHOICE (and Enter for a next
    step) puts every legal choice's full wording in details() and its start on screen."""
    app = _BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        for players, seed in ((1, 4), (4, 7)):
            for update in _positions(players, seed):
                widget.update = None  # a new table: the cursor starts on the first choice
                widget.show(update)
                visited = await _visit(pilot, widget, app, budget=12)
                assert visited, update.view["location"]


async def test_another_players_pick_leaves_your_cursor_where_it_was() -> None:
    """In the simultaneous Store another player's pick brings a new version but the same
    choices for you: the cursor stays on your card; your own pick starts afresh."""
    match = Match.new(SLUG, 3, seed=2)
    app = _BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.press(board.NEXT_CHOICE, board.NEXT_CHOICE)
        match.act(1, match.legal(1)[0])
        widget.show(update_of(match, 0))
        assert widget.cursor == 2
        match.act(0, match.legal(0)[0])
        widget.show(update_of(match, 0))
        assert widget.cursor == 0


async def _visit(pilot: Any, widget: Any, app: App[Any], budget: int) -> int:
    """Visit the choices of this step (and, depth first, those after each), at most
    ``budget`` of them; how many were visited."""
    visited = 0
    choices = list(widget.choices)
    # From the first choice (Assemble's plays start on the largest set's first card).
    await pilot.press("home")
    for index, choice in enumerate(choices):
        if visited >= budget:
            break
        await pilot.pause()
        assert widget.cursor == index
        assert choice.label in widget.details()
        seen = " ".join(screen_text(app).split())
        assert f"{index + 1} of {len(choices)}: {choice.label[:25]}" in seen, choice.label
        visited += 1
        if widget.trie.action([*widget.keys, choice.key]) is None:
            await pilot.press("enter")
            visited += await _visit(pilot, widget, app, budget - visited)
            await pilot.press("escape")  # back onto the choice taken back
            assert widget.cursor == index
        await pilot.press(board.NEXT_CHOICE)
    return visited


def _snapshot_app() -> HuntersApp:
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, _setup(seats, 11))
    return app


def test_snapshot_convention_80x24(snap_compare: Any) -> None:
    """The Convention grid mid-turn at the smallest supported size: a hero chosen, the
    cursor on a row whose cards are marked."""

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        rng = random.Random(3)
        while screen.latest[0].view["location"] != "convention" or 0 not in screen.latest[0].acting:
            await play_by_keys(pilot, screen, _sensible(list(screen.latest[0].legal), rng))
            await settle(pilot, screen)
        widget: Any = screen.query_one("#board")
        await pilot.press(
            *(["right"] * next(i for i, c in enumerate(widget.choices) if c.key[0] == "hero"))
        )
        await pilot.press("enter")

    assert snap_compare(_snapshot_app(), terminal_size=(80, 24), run_before=run_before)


async def _play_to(pilot: Any, location: str) -> None:
    """Play seat 0 sensibly by keys until it is to act at ``location``."""
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    await settle(pilot, screen)
    rng = random.Random(3)
    while screen.latest[0].view["location"] != location or 0 not in screen.latest[0].acting:
        await play_by_keys(pilot, screen, _sensible(list(screen.latest[0].legal), rng))
        await settle(pilot, screen)


SIZES = ((80, 24), (120, 40), (200, 60))


def _solo_app() -> HuntersApp:
    """Solo against Jarvis: no bot moves at the same time as you, so every frame repeats."""
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, _setup((Seat("Ala"),), 11))
    return app


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_snapshot_store(snap_compare: Any, size: tuple[int, int]) -> None:
    """The first Store, solo: the cards in front of you as a row of cards, the cursor's
    card in a heavy border, your and Jarvis' totals; bigger terminals show full names."""

    async def run_before(pilot: Any) -> None:
        await _play_to(pilot, "store")
        await pilot.press(board.NEXT_CHOICE)

    assert snap_compare(_solo_app(), terminal_size=size, run_before=run_before)


async def test_the_footer_offers_back_once_a_first_choice_is_taken() -> None:
    """Esc takes a first choice back, and the footer says so: the board's own keys (Home and
    End) hid those it inherits (Enter, Esc) from the check of which keys changed state, so
    the footer kept "esc Back" dimmed while Esc worked (seen in the Assemble snapshot)."""
    from tui.widgets.footer import KeyFooter

    app = _solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_to(pilot, "assemble")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        footer = screen.query_one(KeyFooter)

        def back() -> bool:
            return next(key.enabled for key in footer.keys if key.key == "escape")

        assert not back()
        await pilot.press("enter")
        await pilot.pause()
        assert back()
        await pilot.press("escape")
        await pilot.pause()
        assert not back()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_snapshot_assemble(snap_compare: Any, size: tuple[int, int]) -> None:
    """The first Assemble Collection, solo: a first choice taken, the hand, Jarvis'
    collections as stacks, the schedule and the projected scores."""

    async def run_before(pilot: Any) -> None:
        await _play_to(pilot, "assemble")
        await pilot.press("enter")

    assert snap_compare(_solo_app(), terminal_size=size, run_before=run_before)


# -- never lose a move by accident (issue #16) ------------------------------------------------


HOLD = "test: the cursor rests"
READY = ("ready",)
PASS = ("pass",)


def _to_an_auction_bid(seed: int = 1) -> Match:
    """A 3-player match where seat 0 may raise the bid on a lot or pass on it."""
    return comic_hunters_bidding_until(
        lambda match: match.state.location == "auction" and PASS in match.legal(0), seed
    )


async def _held_table_at(
    pilot: Any, match: Match, seats: tuple[Seat, ...]
) -> tuple[GameScreen, Table]:
    """A game screen for seat 0 of ``match`` at a table whose bots (a small delay) wait
    until released."""
    table = Table(match, seats, bot_delay=0.01, bot_seed=1)
    table.hold(HOLD)
    setup = TableSetup(SLUG, seats, {}, 0)
    screen = GameScreen(setup, pilot.app.settings, table=table, seats=frozenset({0}))
    await pilot.app.push_screen(screen)
    await table.start()
    await pilot.pause()
    return screen, table


async def _bots_have_acted(pilot: Any, screen: GameScreen, table: Table, versions: int) -> None:
    """Let the bots play until the table is ``versions`` moves on and the screen shows it."""
    target = table.match.version + versions
    table.release(HOLD)
    async with asyncio.timeout(10):
        while table.match.version < target or screen.latest[0].version < target:
            await asyncio.sleep(0.01)
            await pilot.pause()
    table.hold(HOLD)
    await pilot.pause()


HARD_BOTS = (Seat("Ala"), Seat("Bot 2", "bot", "hard"), Seat("Bot 3", "bot", "hard"))


def _under(widget: Any) -> Any:
    return widget.choices[widget.cursor].key


async def _bots_have_assembled(pilot: Any, screen: GameScreen, table: Table) -> None:
    """Let the bots play, relocate and pay in Assemble until only seat 0 is left in it."""
    table.release(HOLD)
    async with asyncio.timeout(10):
        while table.match.to_act() != {0} or screen.latest[0].acting != {0}:
            await asyncio.sleep(0.01)
            await pilot.pause()
    await pilot.pause()


async def test_the_assemble_starts_on_a_card_and_it_rests_there_while_bots_assemble() -> None:
    """Assemble Collection is played by everyone at once: the cursor starts on a card, never
    on Done playing, and stays on the card it was moved to while the bots assemble."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _to_assemble()
        screen, table = await _held_table_at(pilot, match, HARD_BOTS)
        widget: Any = screen.query_one("#board")
        assert _under(widget) != READY
        await pilot.press("right", "right")
        resting = _under(widget)
        versions = match.version
        await _bots_have_assembled(pilot, screen, table)
        assert match.version > versions + 2
        assert _under(widget) == resting
        assert match.state.assembly.plays[0] == ()
        await table.close()


async def test_a_card_chosen_to_play_stays_chosen_while_bots_assemble() -> None:
    """A card chosen to play (the first of its two steps) stays chosen, and the cursor on
    its collection, while the bots assemble."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _to_assemble()
        screen, table = await _held_table_at(pilot, match, HARD_BOTS)
        widget: Any = screen.query_one("#board")
        await pilot.press("right", "enter")
        chosen, under = list(widget.keys), _under(widget)
        await _bots_have_assembled(pilot, screen, table)
        assert widget.keys == chosen and _under(widget) == under
        assert match.state.assembly.plays[0] == () and match.state.assembly.stages[0] == "play"
        await table.close()


async def test_the_store_cursor_rests_while_bots_pick() -> None:
    """In the Store everyone picks at once: the bots' picks leave the cursor on the card."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new(SLUG, 3, seed=2)
        screen, table = await _held_table_at(pilot, match, HARD_BOTS)
        widget: Any = screen.query_one("#board")
        await pilot.press("right", "right", "right")
        resting = _under(widget)
        await _bots_have_acted(pilot, screen, table, 2)
        assert _under(widget) == resting
        assert match.state.location == "store" and 0 in match.to_act()
        await table.close()


_Chosen = functools.partial(BoardAlone, board.Board)
"""The board alone, fed updates by the test, keeping the actions it sends."""


async def _walk_to(pilot: Any, widget: Any, key: Any) -> None:
    """Right arrows until the cursor is on ``key``."""
    for _ in range(len(widget.choices)):
        if _under(widget) == key:
            return
        await pilot.press("right")
    assert _under(widget) == key


async def test_after_your_own_play_the_cursor_is_on_the_next_card_not_done() -> None:
    """Your own play changes your choices: the cursor goes to the card nearest the one
    played, never to Done playing."""
    match = _to_assemble()
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await _walk_to(pilot, widget, ("play", "c101"))
        await pilot.press("enter", "enter")
        assert app.sent == [("play", "c101", "spider-man")]
        match.act(0, app.sent[-1])
        widget.show(update_of(match, 0))
        assert _under(widget) == ("play", "c103")


async def test_a_half_built_play_stays_when_your_choices_change() -> None:
    """A card chosen to play stays chosen, with the cursor on the same collection, when a
    new position changes your choices but the card can still be played."""
    match = _to_assemble()
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await _walk_to(pilot, widget, ("play", "c103"))
        await pilot.press("enter")
        under = _under(widget)
        match.act(0, ("play", "c101", "spider-man"))
        widget.show(update_of(match, 0))
        assert widget.keys == [("play", "c103")]
        assert _under(widget) == under


async def test_done_playing_asks_once_and_names_the_lone_card() -> None:
    """Done playing comes last and asks first: it says what is paid and that the lone
    Spider-Man card goes back to the hand; a second Enter takes it."""
    match = _to_assemble()
    match.act(0, ("play", "c101", "spider-man"))
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        assert widget.choices[-1].key == READY
        await pilot.press("home", "left", "enter")
        await pilot.pause()
        assert app.sent == []
        said = " ".join(screen_text(app).split())
        assert "the lone Spider-Man card goes back to your hand" in said
        assert "Enter again to confirm." in said
        await pilot.press("enter")
        assert app.sent == [READY]


async def test_moving_away_from_done_forgets_the_question() -> None:
    """Asked to confirm, the player moves on and back: Enter asks again."""
    match = _to_assemble()
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.press("home", "left", "enter", "right", "left", "enter")
        assert app.sent == []


async def test_the_confirmations_setting_off_takes_done_at_once() -> None:
    """With confirmations turned off one Enter on Done playing takes it."""
    match = _to_assemble()
    app = _Chosen(Settings(bot_delay=0, confirmations=False))
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.press("home", "left", "enter")
        assert app.sent == [READY]


async def test_passing_on_a_lot_is_never_preselected_and_asks_once() -> None:
    """At the Auction Website the cursor starts on the lowest raise, not on Pass on this
    lot (the rules list pass first); Pass asks once before dropping out of the lot."""
    match = _to_an_auction_bid()
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        assert _under(widget) == ("bid", match.state.auction.bid + 1)
        await _walk_to(pilot, widget, PASS)
        await pilot.press("enter")
        await pilot.pause()
        assert app.sent == []
        said = " ".join(screen_text(app).split())
        leader = f"P{match.state.auction.leader} leads with {match.state.auction.bid}."
        assert "you drop out of its bidding; " + leader + " Enter again to confirm." in said
        await pilot.press("enter")
        assert app.sent == [PASS]


async def test_a_refused_play_keeps_the_card_chosen_and_the_cursor() -> None:
    """When the table refuses a play (it changed while the player chose), the card stays
    chosen, the cursor stays on its collection, the prompt asks for that step again and
    the reason is on screen."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await _held_table_at(pilot, _to_assemble(), HARD_BOTS)
        widget: Any = screen.query_one("#board")

        async def refuse(*args: Any, **kwargs: Any) -> Any:
            raise IllegalAction("the table changed while you were choosing; look again")

        table.submit = refuse  # type: ignore[method-assign]
        await _walk_to(pilot, widget, ("play", "c101"))
        await pilot.press("enter")
        chosen, under = list(widget.keys), _under(widget)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        assert "look again" in said
        assert widget.keys == chosen
        assert _under(widget) == under
        assert "Step 2." in said
        await table.close()


async def test_after_playing_the_last_card_in_the_row_the_cursor_is_on_another_card() -> None:
    """The card nearest the one played is to play, not a card to take back (those follow
    the cards in the row): a quick second Enter never undoes the play before."""
    match = _to_assemble()
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        last = [c.key for c in widget.choices if c.key[0] == "play"][-1]
        await _walk_to(pilot, widget, last)
        await pilot.press("enter", "enter")
        match.act(0, app.sent[-1])
        widget.show(update_of(match, 0))
        assert any(c.key[0] == "unplay" for c in widget.choices)
        assert _under(widget)[0] == "play"


async def test_the_next_location_starts_on_its_first_choice() -> None:
    """The cursor is kept within a location; the next one starts on its first choice."""
    store, flea = (
        next(u for u in _positions(3, 2) if u.view["location"] == where)
        for where in ("store", "flea")
    )
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(store)
        await pilot.press("right", "right")
        widget.show(flea)
        assert widget.cursor == 0


async def test_paying_after_done_starts_on_the_first_card() -> None:
    """Done playing confirmed, the payment is a new step: its first card, not the place in
    the row Done had (the last)."""
    match = _to_assemble()
    match.act(0, ("play", "c101", "spider-man"))
    match.act(0, ("play", "c103", "spider-man"))
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.press("home", "left", "enter", "enter")
        assert app.sent == [READY]
        match.act(0, READY)
        widget.show(update_of(match, 0))
        assert widget.cursor == 0 and widget.choices[0].label.startswith("Pay with")


async def test_escape_takes_back_the_question_and_then_the_step() -> None:
    """Esc forgets a question asked (Done playing stays untaken); on a half-built play it
    takes the card back and leaves the cursor on that card."""
    match = _to_assemble()
    app = _Chosen()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.press("home", "left", "enter", "escape", "enter")
        assert app.sent == []
        await _walk_to(pilot, widget, ("play", "c103"))
        await pilot.press("enter", "escape")
        assert widget.keys == [] and _under(widget) == ("play", "c103")


def test_done_names_every_lone_hero_in_a_list() -> None:
    """Three lone cards: "the lone Spider-Man, Captain America and Iron Man cards go back"."""
    match = _to_assemble()
    for card, hero in (("c101", "spider-man"), ("c106", "captain-america"), ("c129", "iron-man")):
        match.act(0, ("play", card, hero))
    words = board.confirm_words(update_of(match, 0), READY)
    assert "the lone Spider-Man, Captain America and Iron Man cards go back to your hand" in words
    assert words.startswith("Done playing (nothing to pay)")


def test_the_hand_counts_one_card_in_the_singular() -> None:
    """After the first Store pick the hand holds one card: "Your hand (1 card, worth 1)",
    never "1 cards" (seen at 80x24 against three hard bots)."""
    match = Match.new(SLUG, 2, seed=4)
    for seat in sorted(match.to_act()):
        match.act(seat, match.legal(seat)[0])
    update = update_of(match, 0)
    assert len(update.view["hand"]) == 1
    label = draw.hand_lines(update, draw.Focus(), 80, 0)[0].plain
    assert label.startswith("Your hand (1 card, worth "), label


def test_every_card_being_played_shows_at_80_columns() -> None:
    """The cards played in an Assemble wrap onto more rows: one row cut them off after the
    third or fourth (seen at 80x24 playing five Thor cards)."""
    match = Match.new(SLUG, 2, seed=1)
    rng = random.Random(1)
    best = 0
    while match.outcome() is None and best < 4:
        seat = rng.choice(sorted(match.to_act()))
        legal = match.legal(seat)
        plays = [a for a in legal if a[0] == "play"]
        match.act(seat, plays[0] if plays else rng.choice(legal))
        update = update_of(match, 0)
        assembly = update.view["assembly"]
        if assembly is None:
            continue
        played = len(assembly["plays"][0])
        best = max(best, played)
        for width in (80, 50):
            lines = [line.plain for line in draw.assembly_lines(update, draw.Focus(), width, 0)]
            assert all(len(line) <= width for line in lines), lines
            playing = "\n".join(lines).split("Paid with:")[0]
            assert sum(playing.count(glyph) for glyph in "①②③") == played, (width, lines)
            team_ups = [c for c, _ in assembly["plays"][0] if len(CARD[c].heroes) > 1]
            assert playing.count("→") == len(team_ups), (width, lines)  # which collection
    assert best >= 4, "an Assemble with four cards played was checked"


def test_the_last_summary_tells_the_final_score_and_your_moves_as_yours() -> None:
    """After the last Assemble the pad is the score, not a projection ('You would score 56
    now' read at the end of a game), and the reader's own moves read "You …" ("Ala adds
    7 cards" named the reader)."""
    from tui.summaries import Milestones

    watch = Milestones(board.milestone)
    summaries = []
    for update, events in _random_game(2, 5, names=("Ala", "Bob")):
        lines = watch.told(dataclasses.replace(update, events=tuple(events)))
        if lines:
            summaries.append((update, lines))
    last_update, last = summaries[-1]
    assert last_update.outcome is not None
    assert any(line.startswith("You score ") for line in last), last
    assert any(line.startswith("Bob scores ") for line in last), last
    assert not any("would score" in line or " now" in line for line in last), last
    said = [line for _, lines in summaries for line in lines]
    assert not any(line.startswith("Ala ") for line in said), [
        line for line in said if line.startswith("Ala ")
    ]
    assert any(line.startswith("You add ") for line in said)


async def test_an_update_draws_the_board_once() -> None:
    """Each update draws the board once, for every guest (issue #15); and its parts growing
    or shrinking no longer resize it: the rows they leave of its budget stay its own
    (test_steady_boards)."""
    from tests.tui.test_board_redraws import _play

    shows, draws, resizes = await _play(SLUG, (80, 24), 40)
    assert shows >= 10 and resizes == 0
    assert draws == shows


async def test_a_cursor_step_redraws_only_the_parts_it_touches_and_lays_out_nothing() -> None:
    """Moving along the Store's cards redraws the cards and the line under the table; the
    tracks and the players keep what they drew, and no height changed, so the screen is not
    laid out again (a layout redraws every row of it)."""
    match = Match.new(SLUG, 3, seed=2)
    app = _BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.pause()
        parts = widget.query_one("#ch-parts", Parts)
        redrawn = record_redraws(parts)
        layouts: list[Any] = []
        screen: Any = app.screen
        layout = screen._refresh_layout

        def laid_out(*args: Any, **kwargs: Any) -> Any:
            layouts.append(args)
            return layout(*args, **kwargs)

        screen._refresh_layout = laid_out
        for _ in range(3):
            redrawn.clear()
            await pilot.press(board.NEXT_CHOICE)
            await pilot.pause()
            assert "choice" in redrawn and "place" in redrawn
            assert set(redrawn) <= {"place", "hand", "choice"}
        assert not layouts
