"""A table's first frame, drawn for every guest who opens it, pays once for each thing:
every widget of the table is styled once (Textual styled the whole screen again as it was
first shown), and a container that draws only its background draws its blank row once, not
once per row, the same row Textual draws."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from textual._compositor import Compositor
from textual._styles_cache import StylesCache
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region

from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog
from tui.widgets.footer import KeyFooter


async def _opened(app: HuntersApp[Any], slug: str, pilot: Any) -> GameScreen:
    seats = (Seat("Ala"), Seat("Bob", "remote"))
    options = {"turn_timer": 0} if slug == "whoosh" else {}
    app.start_game(TableSetup(slug, seats, options, 1))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    while not screen.latest or screen._refresh_pending:
        await pilot.pause()
    return screen


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_every_widget_of_a_table_is_styled_once_as_it_opens(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    styled: Counter[int] = Counter()
    apply = Stylesheet.apply

    def counted(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> Any:
        styled[id(node)] += 1
        return apply(self, node, *args, **kwargs)

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Stylesheet, "apply", counted)
        screen = await _opened(app, "whoosh", pilot)
        around_board = [
            screen.query_one("#banner"),
            screen.query_one("#table-area"),
            screen.query_one(EventLog),
            screen.query_one(KeyFooter),
        ]
        assert [styled[id(widget)] for widget in around_board] == [1, 1, 1, 1]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@pytest.mark.parametrize("slug", ["comic-hunters", "whoosh"])
async def test_a_container_draws_its_blank_row_once_as_textual_draws_it(
    monkeypatch: pytest.MonkeyPatch, slug: str, size: tuple[int, int]
) -> None:
    drawn: Counter[int] = Counter()
    render_line = StylesCache.render_line

    def counted(self: StylesCache, *args: Any) -> Any:
        drawn[id(self)] += 1
        return render_line(self, *args)

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        monkeypatch.setattr(StylesCache, "render_line", counted)
        screen = await _opened(app, slug, pilot)
        monkeypatch.undo()
        # Where the server's Textual fixes are applied (net/textual_fixes.py: any served
        # test before this one in the same process), a container hidden whole by the board
        # and the log in front of it is not asked for its lines at all.
        served = getattr(Compositor._get_renders, "_hunters_fast", False)
        for name in ("#table-area", "#board-column"):
            widget = screen.query_one(name)
            times = drawn[id(widget._styles_cache)]
            assert times == 1 or (served and times == 0), (name, times)
            rows = widget.render_lines(Region(0, 0, *widget.size))
            widget._styles_cache = StylesCache()  # Textual's own, row by row
            assert len(rows) == widget.size.height > 10
            assert rows == widget.render_lines(Region(0, 0, *widget.size))
