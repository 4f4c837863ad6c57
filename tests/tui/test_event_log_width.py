"""The log beside the board (a third of a wide terminal) shows every word of every line:
RichLog rendered lines at least 78 cells wide, so a 53-column log lost each line's end; and
lines written at one width are wrapped again when the log gets another."""

from __future__ import annotations

import re

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from tui.widgets.event_log import EventLog

LINE = (
    "Bot 3 (normal) reached for the Gargoyle too late (0.95 s after the board): the "
    "Monsters had already changed."
)


class Beside(App[None]):
    CSS = "#board { width: 2fr; } EventLog { width: 1fr; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("board", id="board")
            yield EventLog(id="log")


def log_words(app: App[None]) -> list[str]:
    log = app.query_one(EventLog)
    region = log.content_region
    rows = app.screen._compositor.render_strips()[region.y : region.bottom]
    text = " ".join(row.text[region.x : region.right] for row in rows)
    return re.findall(r"[A-Za-z0-9.()]+:?", text)


async def test_every_word_shows_in_a_narrow_log_and_after_a_resize() -> None:
    app = Beside()
    async with app.run_test(size=(160, 30)) as pilot:
        for _ in range(3):
            app.query_one(EventLog).add(LINE)
        await pilot.pause()
        expected = re.findall(r"[A-Za-z0-9.()]+:?", LINE) * 3
        assert log_words(app) == expected
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert log_words(app) == expected
