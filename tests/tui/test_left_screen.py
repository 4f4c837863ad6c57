"""A table screen the player has left draws nothing more: an update on its way as the screen
was removed found the board's parts gone and crashed the app (a spectator of a served table
leaving one game for the next, seen once in CI: NoMatches '#sb-series')."""

from __future__ import annotations

from typing import Any

from core.match import Match
from core.table import Seat, Table, TableSetup
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings


async def test_a_screen_that_was_left_draws_no_update_that_comes_after() -> None:
    match = Match.new("superbohaterowie", 2, seed=3)
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"))
    table = Table(match, seats, bot_delay=3600)
    app = HuntersApp(Settings(bot_delay=3600, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = TableSetup("superbohaterowie", seats, {}, 3)
        screen = GameScreen(setup, app.settings, table=table, seats=frozenset({0}))
        await app.push_screen(screen)
        await pilot.pause()
        board: Any = screen.query_one("#board")
        shown = board.update
        assert shown is not None
        match.act(0, match.legal(0)[0])  # a move the table has not told the screen yet
        app.pop_screen()  # the player leaves; the screen's parts go in the next turns
        screen.receive(table.update_for(0))
        screen._refresh_table()  # as the call the update scheduled would, mid-removal
        assert board.update is shown, "a screen that was left drew a new position"
        for _ in range(3):
            await pilot.pause()
        assert app.is_running and app.screen is not screen
        await table.close()
