"""The Comic Hunters board: its words and steps, and whole games played by keys."""

from __future__ import annotations

import random
import re
from typing import Any

from textual.widgets import OptionList

from core.engine import Action
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.board_helpers import reachable, update_of
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import comic_hunters as board
from tui.boards.base import ActionTrie
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.settings import Settings

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
    assert not any(TARGET_OR_BOX & set(line) for line in lines)


TARGET_OR_BOX = {"◆", "✓"} | BOX_DRAWING


def test_solo_describe_speaks_of_jarvis() -> None:
    """In solo Jarvis has his own stash, tracks and collections."""
    lines = board.describe(update_of(Match.new(SLUG, 1, seed=2), 0))
    assert lines[0].startswith("Solo against Jarvis.")
    assert any(line.startswith("Jarvis: collections ") for line in lines)
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
        assert "Your Store cards:" in text
        assert not set(text.split("Keys")[0]) & BOX_DRAWING
        choices = screen.query_one("#sr-choices", OptionList)
        update = screen.latest[0]
        trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
        assert choices.option_count == len(trie.choices([])) == 7
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.latest[0].version >= 1


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
