"""A widget hidden whole by the widgets in front of it (a table's screen, the containers under
its board and log) is not asked for its lines: the rows drawn are the ones Textual draws."""

from __future__ import annotations

from typing import Any

import pytest
from rich.segment import Segment
from textual._compositor import Compositor
from textual.geometry import Region

from core.table import Seat, TableSetup
from net import textual_fixes
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings


def _chops(compositor: Compositor, crop: Region) -> list[list[tuple[int, list[Segment]]]]:
    rows = range(crop.y, crop.bottom)
    chops = compositor._render_chops(crop, rows.__contains__)
    return [
        [(cut, list(strip)) for cut, strip in chops[y].items() if strip is not None] for y in rows
    ]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_widgets_hidden_whole_are_not_drawn(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    textual_fixes.apply()
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        app.start_game(TableSetup("whoosh", seats, {"turn_timer": 0}, 1))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        while not screen.latest or screen._refresh_pending:
            await pilot.pause()
        compositor = screen._compositor
        width, height = size
        asked: list[Any] = []
        for widget in compositor.visible_widgets:
            lines = widget.render_lines

            def counted(crop: Region, widget: Any = widget, lines: Any = lines) -> Any:
                asked.append(widget)
                return lines(crop)

            monkeypatch.setattr(widget, "render_lines", counted)
        crops = [
            Region(0, 0, width, height),  # a whole frame
            Region(0, 2, width, height - 4),  # the board and the log
            Region(width - 10, 3, 10, 2),  # part of the log's lines (beside or under)
        ]
        ours = [_chops(compositor, crop) for crop in crops]
        assert screen not in asked
        assert screen.query_one("#table-area") not in asked
        with monkeypatch.context() as patch:
            patch.setattr(Compositor, "_get_renders", Compositor._get_renders.__wrapped__)
            textuals = [_chops(compositor, crop) for crop in crops]
        assert screen in asked
        assert ours == textuals
