"""The app as a whole: size guard, screen-reader mode, themes, quitting, starting a game."""

from __future__ import annotations

from core.table import Seat, TableSetup
from tests.tui import BOX_DRAWING, screen_text
from tui.app import HIGH_CONTRAST_THEME, NORMAL_THEME, HuntersApp
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.settings import SettingsScreen, next_bot_delay
from tui.screens.setup import SetupScreen
from tui.screens.too_small import TooSmallScreen
from tui.settings import Settings

TOO_SMALL = "Terminal too small: Hunters needs at least 80×24, this one is {}. Enlarge the window."


def _app(screen_reader: bool = False, high_contrast: bool = False) -> HuntersApp:
    return HuntersApp(
        Settings(screen_reader=screen_reader, high_contrast=high_contrast, bot_delay=0)
    )


async def test_too_small_terminal_gets_a_message() -> None:
    """At 60×20 the whole screen says how large the terminal must be."""
    async with _app().run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        assert TOO_SMALL.format("60×20") in " ".join(screen_text(pilot.app).split())


async def test_message_goes_when_the_terminal_is_large_enough() -> None:
    """Growing the terminal to 80×24 uncovers the launcher; shrinking covers it again."""
    async with _app().run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(pilot.app.screen, LauncherScreen)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen)
        assert TOO_SMALL.format("79×30") in " ".join(screen_text(pilot.app).split())


async def test_screen_reader_mode_draws_no_boxes() -> None:
    """Launcher, setup, settings and help in screen-reader mode contain no box drawing."""
    async with _app(screen_reader=True).run_test(size=(80, 24)) as pilot:
        texts = [screen_text(pilot.app)]
        await pilot.press("o")
        await pilot.pause()
        texts.append(screen_text(pilot.app))
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SetupScreen)
        texts.append(screen_text(pilot.app))
        await pilot.press("f1")
        await pilot.pause()
        texts.append(screen_text(pilot.app))
        for text in texts:
            assert not BOX_DRAWING & set(text), text
        assert texts[0].lstrip().startswith("Keys:")


async def test_screen_reader_toggle_redraws_every_screen() -> None:
    """Turning screen-reader mode on in settings removes the boxes from the screens below too."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert BOX_DRAWING & set(screen_text(pilot.app))
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.settings.screen_reader
        assert "Screen-reader mode: on" in screen_text(pilot.app)
        assert pilot.app.focused is pilot.app.screen.query_one("#settings")
        await pilot.press("escape")
        await pilot.pause()
        assert not BOX_DRAWING & set(screen_text(pilot.app))


async def test_high_contrast_toggle_changes_the_theme() -> None:
    """The c key in settings switches to the high-contrast theme and back."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert pilot.app.theme == NORMAL_THEME.name
        await pilot.press("o", "c")
        await pilot.pause()
        assert app.settings.high_contrast
        assert pilot.app.theme == HIGH_CONTRAST_THEME.name
        await pilot.press("enter")  # Enter changes the highlighted setting: contrast again.
        await pilot.pause()
        assert pilot.app.theme == NORMAL_THEME.name


async def test_high_contrast_setting_applies_from_the_start() -> None:
    """An app started with high contrast uses the high-contrast theme."""
    async with _app(high_contrast=True).run_test(size=(80, 24)) as pilot:
        assert pilot.app.theme == HIGH_CONTRAST_THEME.name


async def test_bot_delay_cycles_through_the_offered_paces() -> None:
    """The d key in settings moves the bot delay to the next pace, wrapping around."""
    assert [next_bot_delay(d) for d in (0.0, 0.4, 0.8, 1.5, 0.6)] == [0.4, 0.8, 1.5, 0.0, 0.8]
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SettingsScreen)
        assert app.settings.bot_delay == 0.4
        assert "Bot delay: 0.4 s" in screen_text(pilot.app)


async def test_start_game_pushes_the_game_screen() -> None:
    """start_game opens a GameScreen sharing the app's settings."""
    setup = TableSetup("superbohaterowie", (Seat("Ala"), Seat("Bot", "bot", "random")))
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert screen.setup is setup and screen.settings is app.settings


async def test_help_is_not_offered_over_the_size_message() -> None:
    """F1 does nothing while the terminal is too small."""
    async with _app().run_test(size=(60, 20)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, HelpScreen)


async def test_ctrl_q_quits_from_any_screen() -> None:
    """Ctrl+Q leaves the app even with a text field focused."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "tab")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app._exit
