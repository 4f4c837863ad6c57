"""SpokenList: in screen-reader mode the selection is text and the terminal cursor, and a
list taller than its space says where the selection is (issue #17: the selection was marked
by colour only, the cursor parked at (0,0), and the tenth of ten choices sat below the
footer)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static
from textual.widgets.option_list import Option

from tui.settings import Settings
from tui.widgets.marked import MarkedLine
from tui.widgets.spoken import MARK, SpokenList, where


class ListApp(App[None]):
    CSS = "SpokenList { height: 8; } #top { height: 3; }"

    def __init__(self, count: int, screen_reader: bool | None = None) -> None:
        super().__init__()
        self.count = count
        if screen_reader is not None:  # a Hunters app's settings (None: an app without)
            self.settings = Settings(screen_reader=screen_reader)

    def compose(self) -> ComposeResult:
        yield Static("above the list", id="top")
        yield SpokenList(
            *(Option(Text(f"Play card number {n}"), id=f"c{n}") for n in range(self.count))
        )


def screen_lines(app: App[None]) -> list[str]:
    return [line.text for line in app.screen._compositor.render_strips()]


def marked_lines(app: App[None]) -> list[int]:
    """The rows whose text (inside the list's frame) starts with the mark; the cursor is
    checked to sit at the mark itself."""
    rows = [y for y, line in enumerate(screen_lines(app)) if f"{MARK}Play" in line]
    for y in rows:
        line = screen_lines(app)[y]
        if app.cursor_position.y == y:
            assert app.cursor_position.x == line.index(MARK)
    return rows


def test_where_names_the_place_and_what_is_hidden() -> None:
    assert where(9, 15, True, False) == "choice 10 of 15, more above"
    assert where(0, 15, False, True) == "choice 1 of 15, more below"


async def test_the_selection_is_a_mark_and_the_cursor_sits_on_it() -> None:
    app = ListApp(3)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        marked = marked_lines(app)
        assert len(marked) == 1 and "Play card number 0" in lines[marked[0]]
        assert app.cursor_position.y == marked[0]
        assert "choice" not in "\n".join(lines)  # a list that fits says nothing more
        await pilot.press("down")
        await pilot.pause()
        lines = screen_lines(app)
        marked = marked_lines(app)
        assert len(marked) == 1 and "Play card number 1" in lines[marked[0]]
        assert app.cursor_position.y == marked[0]


async def test_a_long_list_keeps_the_selection_on_screen_and_says_where_it_is() -> None:
    app = ListApp(15)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        for _ in range(9):
            await pilot.press("down")
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        marked = marked_lines(app)
        assert len(marked) == 1
        line = lines[marked[0]]
        assert "Play card number 9" in line
        assert "(choice 10 of 15, more above, more below)" in line
        assert app.cursor_position.y == marked[0]
        assert sum("choice" in text for text in lines) == 1


class TightApp(App[None]):
    CSS = "SpokenList { height: auto; width: 30; border: none; padding: 0; }"

    def compose(self) -> ComposeResult:
        # 29 characters: one line without the mark, two beside it.
        yield SpokenList(Option(Text("aaaa bbbb cccc dddd eeee ffff")), Option(Text("next")))
        yield Static("below the list")


async def test_a_choice_that_wraps_only_beside_the_mark_is_shown_whole() -> None:
    """OptionList measured its height without the mark, so such a choice lost its end
    (Comic Hunters' fourth Store card at 80 columns)."""
    app = TightApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "ffff" in text and "next" in text, text


class _Moving(App[None]):
    """A marked line under a text that grows: the line moves down, its size unchanged."""

    def compose(self) -> ComposeResult:
        yield Static("one line", id="above")
        yield MarkedLine("Enter: close")


async def test_a_marked_line_that_moves_without_a_new_size_keeps_the_cursor() -> None:
    """Over ssh a summary's marked line moved (its panel laid out again) after it had placed
    the cursor, and no Resize told it: the cursor stayed rows below it, on a blank line."""
    app = _Moving()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        line = app.query_one(MarkedLine)
        assert app.cursor_position.y == line.region.y == 1
        app.query_one("#above", Static).update("one\ntwo\nthree\nfour")
        await pilot.pause()
        await pilot.pause()
        assert line.region.y == 4
        assert app.cursor_position.y == 4


@pytest.mark.parametrize("screen_reader", [None, True])
async def test_a_list_of_one_says_it_is_the_only_choice(screen_reader: bool | None) -> None:
    """A blind player hears one choice and cannot tell whether others are below it (the
    list said nothing): the only choice says so; lists of several say nothing more. (An app
    without settings is read as the screen-reader mode the list is made for.)"""
    app = ListApp(1, screen_reader)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        marked = marked_lines(app)
        assert len(marked) == 1
        assert "Play card number 0 (the only choice) " in lines[marked[0]]
        assert app.cursor_position.y == marked[0]
    app = ListApp(2)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "choice" not in "\n".join(screen_lines(app))


async def test_in_the_visual_mode_a_list_of_one_is_just_its_line() -> None:
    """Seen, a list of one shows that nothing follows: its line is the choice alone (the
    list of tables with one table read "ala's table: … (the only choice)")."""
    app = ListApp(1, screen_reader=False)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Play card number 0" in text
        assert "choice" not in text
