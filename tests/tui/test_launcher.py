"""The launcher: every registered game listed, Enter to its setup, keys for settings and quit."""

from __future__ import annotations

from typing import Any

from core.games import GAMES
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.screens.launcher import LauncherScreen, player_counts
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings


def _app() -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0))


async def test_starts_on_the_launcher() -> None:
    """The app opens on the game list."""
    async with _app().run_test(size=(80, 24)) as pilot:
        assert isinstance(pilot.app.screen, LauncherScreen)


async def test_lists_every_game_with_players_and_pitch() -> None:
    """Each registered game shows its title, its player counts and its pitch."""
    async with _app().run_test(size=(120, 40)) as pilot:
        text = " ".join(screen_text(pilot.app).replace("│", " ").split())  # wrapped lines
        for game in GAMES.values():
            assert game.title in text
            assert player_counts(game) in text
            assert " ".join(game.pitch.split()) in text


def test_whooshs_pitch_names_its_monsters_as_its_board_does() -> None:
    """The board, the help and the log say "Monster", a card of the game; the launcher's
    "the first hand on the monster" read like any monster, a newcomer's first sentence."""
    pitch = GAMES["whoosh"].pitch
    assert "Monster" in pitch and "monster" not in pitch


async def test_enter_opens_the_setup_of_the_highlighted_game() -> None:
    """Enter on the highlighted game opens its table setup."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game_slug == next(iter(GAMES))


async def test_o_opens_settings() -> None:
    """The o key opens the settings screen."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SettingsScreen)


async def test_q_quits() -> None:
    """The q key leaves the app from the launcher."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert app._exit


async def test_footer_and_help_list_the_finished_games_keys() -> None:
    """y, p and l are whole in the footer at 80 columns and named in the help; each opens
    its screen, which Escape leaves."""
    from tui.screens.help import HelpScreen
    from tui.screens.stats import GamesScreen, LeaderboardScreen, ProfileScreen

    async with _app().run_test(size=(80, 24)) as pilot:
        footer = screen_text(pilot.app).splitlines()[-1]
        for words in ("y Your games", "p Profile", "l Leaders", "⏎ Set up table", "^q Quit"):
            assert words in footer
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        text = screen_text(pilot.app)
        for line in ("y: Your games", "p: Profile", "l: Leaders"):
            assert line in text
        await pilot.press("escape")
        for key, kind in (("y", GamesScreen), ("p", ProfileScreen), ("l", LeaderboardScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(pilot.app.screen, kind)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(pilot.app.screen, LauncherScreen)


def test_snapshot_launcher_80x24(snap_compare: Any) -> None:
    """The launcher at the smallest supported size."""
    assert snap_compare(_app(), terminal_size=(80, 24))


def test_snapshot_launcher_120x40(snap_compare: Any) -> None:
    """The launcher on a roomy terminal."""
    assert snap_compare(_app(), terminal_size=(120, 40))
