"""b goes back from "Your games", the profile and the leaderboards, as it does everywhere
else in the app (the settings, the results), and the footer says so (#20)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui import screen_text
from tests.tui.board_helpers import utc_clock
from tests.tui.test_stats import _app, _records
from tui.screens.launcher import LauncherScreen
from tui.screens.stats import GamesScreen, LeaderboardScreen, ProfileScreen, StatsScreen
from tui.widgets.footer import KeyFooter

SCREENS = {"y": GamesScreen, "p": ProfileScreen, "l": LeaderboardScreen}


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from utc_clock(monkeypatch)


@pytest.mark.parametrize("key", list(SCREENS))
async def test_b_goes_back_and_the_footer_says_so(tmp_path: Path, key: str) -> None:
    """b leaves the screen for the launcher (not a page or a game before), and the footer
    names b as Back."""
    app = _app(_records(tmp_path, 12))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SCREENS[key])
        footer = str(screen.query_one(KeyFooter).render())
        assert " b Back " in f" {footer} ", footer
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen), type(app.screen).__name__


async def test_the_arrows_still_page_and_switch_games(tmp_path: Path) -> None:
    """← is the page before on "Your games" and the game before on the leaderboards; the
    footer still offers both."""
    app = _app(_records(tmp_path, 12))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y", "right")
        await pilot.pause()
        assert "Your games, page 2" in screen_text(app)
        assert "← Newer" in str(app.screen.query_one(KeyFooter).render())
        await pilot.press("left")
        await pilot.pause()
        assert "Your games, page 1" in screen_text(app)
        await pilot.press("b", "l")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        first = board.game_slug
        await pilot.press("right", "left")
        await pilot.pause()
        assert board.game_slug == first and isinstance(app.screen, LeaderboardScreen)
        assert "← Game before" in str(board.query_one(KeyFooter).render())


@pytest.mark.parametrize("key", list(SCREENS))
async def test_a_screen_reader_hears_b_among_the_back_keys(tmp_path: Path, key: str) -> None:
    app = _app(_records(tmp_path, 3), screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert screen_text(app).startswith(" Keys: b or Escape or q back; ")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
