"""At game over the board's footer offers only keys that still do something."""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from core.engine import TABLE
from core.match import Match
from core.table import Seat, Table, TableSetup
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.settings import Settings
from tui.widgets.footer import KeyFooter

GAMES = sorted(BOARDS)
MOVE_KEYS = {"next_choice", "back", "discard", "why_not_discard", "next_game", "reveal", "claim"}
MOVE_KEYS |= {"Next choice", "Back"}
"""Actions (and footer words) that take part in a move: none does anything once the game
is over, so the footer must not offer them."""


def finished(slug: str, seats: int) -> Match:
    """A match played to its end by random legal moves (the table's own step too)."""
    match = Match.new(slug, seats, seed=11)
    chooser = random.Random(5)
    for _ in range(20_000):
        if match.outcome() is not None:
            return match
        seat = min(match.to_act(), key=lambda s: (s == TABLE, s))
        match.act(seat, chooser.choice(match.legal(seat)))
    raise AssertionError(f"{slug} did not finish")


async def at_game_over(app: HuntersApp, pilot: Pilot[None], slug: str) -> GameScreen:
    """The board of a finished ``slug`` match (three seats for Whoosh, else two) as Ala at
    seat 0 sees it, bots in the other seats, once drawn; checked to be at game over."""
    match = finished(slug, 2 if slug != "whoosh" else 3)
    seats = (Seat("Ala"), *(Seat(f"Bot {i + 1}", "bot", "easy") for i in range(1, match.seats)))
    setup = TableSetup(slug, seats, dict(match.options), match.seed)
    app.push_screen(GameScreen(setup, app.settings, match=match))
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.latest[0].outcome is not None
    return screen


def shown_names(screen: GameScreen) -> set[str]:
    """The actions (without arguments) and footer words of the bindings the footer shows."""
    return {
        name
        for _, b, _, _ in screen.active_bindings.values()
        if b.show
        for name in (b.action.split("(")[0], b.description)
    }


@pytest.mark.parametrize("reader", [False, True], ids=["board", "screen-reader"])
@pytest.mark.parametrize("slug", GAMES)
async def test_keys_of_a_move_leave_the_footer_at_game_over(slug: str, reader: bool) -> None:
    app = HuntersApp(Settings(bot_delay=0, screen_reader=reader))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_game_over(app, pilot, slug)
        shown = shown_names(screen)
        assert not shown & MOVE_KEYS, f"{slug}: {sorted(shown & MOVE_KEYS)} shown at game over"


@pytest.mark.parametrize("reader", [False, True], ids=["board", "screen-reader"])
@pytest.mark.parametrize("slug", GAMES)
async def test_a_spectator_is_offered_no_keys_of_a_move(slug: str, reader: bool) -> None:
    """Someone watching never moves: no Choose, Next choice, Back or claim in their footer."""
    players = 2 if slug != "whoosh" else 3
    seats = tuple(Seat(f"Bot {i + 1}", "bot", "easy") for i in range(players))
    setup = TableSetup(slug, seats, {}, 4)
    table = Table(setup.new_match(), setup.seats, bot_delay=60, bot_seed=4)  # bots hold still
    app = HuntersApp(Settings(bot_delay=0, screen_reader=reader))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(GameScreen(setup, app.settings, table=table, seats=frozenset()))
        await table.start()
        try:
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen) and None in app.screen.latest:
                    break
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.latest[None].outcome is None
            screen.refresh_bindings()
            await pilot.pause()
            shown = shown_names(screen)
            offered = shown & (MOVE_KEYS | {"choose", "Choose"})
            assert not offered, f"{slug}: {sorted(offered)} offered to a spectator"
        finally:
            await table.close()


@pytest.mark.parametrize("reader", [False, True], ids=["board", "screen-reader"])
@pytest.mark.parametrize("slug", GAMES)
async def test_the_footer_says_enter_opens_the_results_at_game_over(
    slug: str, reader: bool
) -> None:
    """At game over Enter opens the results: the board's footer says so ("⏎ Results"), not
    "Choose", and the key does what it says. (In screen-reader mode Enter takes the list's
    highlighted line, "Show the results", and the footer names no Enter, as in play.)"""
    app = HuntersApp(Settings(bot_delay=0, screen_reader=reader))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_game_over(app, pilot, slug)
        footer = str(screen.query_one(KeyFooter).render())
        assert "Choose" not in footer, f"{slug}: {footer!r}"
        enter = [
            b.description
            for key, (_, b, enabled, _) in screen.active_bindings.items()
            if key == "enter" and b.show and enabled
        ]
        assert enter == ([] if reader else ["Results"]), f"{slug}: Enter is {enter} in the footer"
        assert reader or "⏎ Results" in footer, f"{slug}: {footer!r}"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen), f"{slug}: Enter did not open the results"
