"""Help: the keys of the screen it was opened on, then the game's rules, all as plain text."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Markdown

from core.games import GAMES
from core.table import Seat, TableSetup
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen, key_name, rulebook_markdown
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
        headings = [str(w.render()) for w in help_screen.query(".heading")]
        assert headings[0] == "Keys on this screen" and "Rules of the game" in headings


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


async def test_rules_are_shown_literally() -> None:
    """Rules with markup-like brackets and Markdown signs are shown as written: no markup
    interpreted, no emphasis or link made of them."""
    rules = "Play [bold]now[/bold] or [@click=app.quit]never[/] *twice* _or_ # once."
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(HelpScreen("Test", rules, [("X", "Do [b]it[/b]")]))
        await pilot.pause()
        text = " ".join(screen_text(pilot.app).split())
        assert rules in text
        assert "X: Do [b]it[/b]" in text
        assert pilot.app.is_running


async def test_help_scrolls_with_the_keyboard() -> None:
    """The long rulebook scrolls with Page Down."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        await pilot.pause()
        body = pilot.app.screen.query_one("#help-body")
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0


async def _game_help(pilot: Any, slug: str) -> HelpScreen:
    seats = (Seat("Ala"), Seat("Bot", "bot", "random"))
    pilot.app.start_game(TableSetup(slug, seats, {}, 1))
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    await pilot.press("f1")
    await pilot.pause()
    help_screen = pilot.app.screen
    assert isinstance(help_screen, HelpScreen)
    return help_screen


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_a_games_help_is_how_to_play_here_then_keys_legend_rules_and_notes(
    slug: str,
) -> None:
    """F1 at a table: titled with the game's name; how to play on this board first, then
    the keys (Tab and the page keys too), the legend, the rulebook and the notes, the
    Markdown rendered (no literal ** or # at a line's start)."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(100, 40)) as pilot:
        help_screen = await _game_help(pilot, slug)
        title = GAMES[slug].title
        assert help_screen.title == f"{title}: help"
        headings = [str(w.render()) for w in help_screen.query(".heading")]
        assert headings == [
            "How to play here",
            "Keys on this screen",
            "Legend",
            "Rules of the game",
            "Notes of this edition",
        ]
        keys = dict(help_screen.keys)
        assert keys["F1 or ?"] == "Help" and "H" in keys and "i" in keys
        assert "Tab or Shift+Tab" in keys and "Page Up or Page Down" in keys
        assert help_screen.guide is not None and help_screen.guide.title == title
        await pilot.pause()
        body = help_screen.query_one("#help-body")
        body.scroll_end(animate=False)
        for markdown in help_screen.query(Markdown):
            assert markdown.source.strip()
        await pilot.pause()
        text = screen_text(pilot.app)
        assert not any(line.lstrip().startswith(("#", "**")) for line in text.splitlines())


def test_a_plain_rulebook_becomes_markdown_without_pictures_or_contents() -> None:
    """Short lines are headings, "-" and "•" lines a list, the table of contents and the
    title go, references to printed pictures go, and Markdown signs stay literal."""
    rulebook = "\n".join(
        [
            "Game Rulebook",
            "Table of Contents",
            "• Setup",
            "Setup",
            "Each player has a board (labelled A on the diagram). The pile is labelled B.",
            "- 2 x *stars*",
            "Set up as you can see below (example for 2 players).",
        ]
    )
    markdown = rulebook_markdown(rulebook, "Game")
    assert markdown.split("\n\n") == [
        "### Setup",
        "Each player has a board.",
        "- 2 x \\*stars\\*",
        "Set up.\n",
    ]
