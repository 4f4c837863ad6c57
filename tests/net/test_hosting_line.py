"""Whoever comes to host a table is told so in the chooser's and the setup's own lines, not
in a toast: at 80x24 a toast lay over the options' descriptions for ten seconds."""

from __future__ import annotations

from pathlib import Path

from net.identity import Identity
from net.tables import Tables
from net.tables_screen import TablesApp, TablesDoor
from tests.net.e2e_helpers import until
from tests.tui import screen_text
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import HOSTING, SetupScreen
from tui.settings import Settings


async def test_the_host_reads_that_they_host_in_the_chooser_and_the_setup_not_a_toast(
    tmp_path: Path,
) -> None:
    tables = Tables(tmp_path / "data")
    app = TablesApp(TablesDoor(tables, Identity("ala", None, "::1")), "ala", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, LauncherScreen), "the game chooser")
        await pilot.pause()
        assert HOSTING in screen_text(app)
        for _ in range(3):
            await pilot.press("down")  # Shardhunters: the most options
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, SetupScreen), "the setup")
        await pilot.pause()
        text = screen_text(app)
        assert HOSTING in text and "▌" not in text  # said on a line of its own, no toast
        assert not app.screen.query("Toast")
        assert "Bloodshards paid to draw two heroes at the Tavern; 2 is the" in text
    await tables.aclose()
