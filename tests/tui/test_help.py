"""Help: the keys of the screen it was opened on, then the game's rules, all as plain text."""

from __future__ import annotations

from textual.widgets import Static

from core.games import GAMES
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.screens.help import HelpScreen, key_name
from tui.screens.setup import SetupScreen
from tui.settings import Settings


def _app() -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0))


def test_keys_are_named_as_people_say_them() -> None:
    """Binding keys become words: Ctrl+S, F1, ?, Escape."""
    assert [key_name(k) for k in ("ctrl+s", "f1", "question_mark", "escape", "o")] == [
        "Ctrl+S",
        "F1",
        "?",
        "Escape",
        "o",
    ]


async def test_f1_opens_help_with_the_screen_keys_and_rules() -> None:
    """F1 on the setup screen lists its keys and the rules of the game being set up."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        setup = pilot.app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert ("Ctrl+S", "Start") in help_screen.keys
        assert ("Escape", "Back") in help_screen.keys
        assert help_screen.rules == GAMES[setup.game_slug].rules_text()
        text = screen_text(pilot.app)
        assert "Ctrl+S: Start" in text
        assert "Rules of the game" in text


async def test_question_mark_opens_help_and_escape_closes_it() -> None:
    """? opens help from the launcher (no game, so no rules); Escape returns."""
    async with _app().run_test(size=(80, 24)) as pilot:
        launcher = pilot.app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.rules is None
        assert ("Enter", "Set up table") in help_screen.keys
        assert ("F1 or ?", "Help") in help_screen.keys
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is launcher


async def test_rules_are_shown_as_plain_text() -> None:
    """Rules with markup-like brackets are shown literally, not interpreted."""
    rules = "Play [bold]now[/bold] or [@click=app.quit]never[/]"
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(HelpScreen("Test", rules, [("X", "Do [b]it[/b]")]))
        await pilot.pause()
        assert str(pilot.app.screen.query_one("#rules", Static).render()) == rules
        text = screen_text(pilot.app)
        assert rules in text
        assert "X: Do [b]it[/b]" in text


async def test_help_scrolls_with_the_keyboard() -> None:
    """The long rulebook scrolls with Page Down."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        await pilot.pause()
        body = pilot.app.screen.query_one("#help-body")
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0
