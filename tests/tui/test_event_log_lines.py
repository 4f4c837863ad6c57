"""The log's lines are drawn once: a line scrolled up by the next one is the same line, and
every line of a frame has the same style. The log beside a 200x60 table (some 58 lines)
took a quarter of each update's frame, its style worked out anew for every line (issue #15).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import RichLog

from tui.widgets.event_log import EventLog, LogScrollBar


class Log(App[None]):
    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


def _shown(app: App[Any]) -> list[str]:
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


async def test_a_frame_works_out_the_logs_style_once() -> None:
    app = Log()
    async with app.run_test(size=(40, 30)) as pilot:
        log = app.query_one(EventLog)
        for n in range(60):
            log.add(f"Line {n}.")
        await pilot.pause()
        asked: list[int] = []
        style = type(log).rich_style

        class Counting(EventLog):
            @property
            def rich_style(self) -> Any:
                asked.append(1)
                return style.fget(self)  # type: ignore[attr-defined]

        log.__class__ = Counting
        log.add("The newest line.")
        await pilot.pause()
        assert "The newest line." in _shown(app)[-1]
        assert 0 < len(asked) <= 3


async def test_the_lines_shown_follow_the_log() -> None:
    """Lines kept from an earlier frame never stand for others: scrolled, shown for another
    reader (the log cleared and written again), or wrapped at another width."""
    app = Log()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(EventLog)
        for n in range(20):
            log.add(f"Line {n}.", to=n % 2)
        log.show_for(0)
        await pilot.pause()
        assert "Line 18." in _shown(app)[-1]
        log.add("Everyone reads this.")
        await pilot.pause()
        assert "Everyone reads this." in _shown(app)[-1]
        assert "Line 18." in _shown(app)[-2]
        log.show_for(1)
        await pilot.pause()
        shown = _shown(app)
        assert "Everyone reads this." in shown[-1]
        assert "Line 19." in shown[-2]
        assert not any("Line 18." in line for line in shown)
        await pilot.resize_terminal(12, 10)
        await pilot.pause()
        shown = _shown(app)
        assert shown[-3:] == ["Everyone", "reads", "this."]


async def test_an_updates_lines_are_written_at_once() -> None:
    """The lines of one update are one write (one wrap, one scroll, one redraw of the log),
    and read as they would one by one: each its own line, wrapped alone, in order, only
    those the reader may see."""
    app = Log()
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one(EventLog)
        log.show_for(0)
        writes: list[int] = []
        write = log.write

        def counted(*args: object, **kwargs: object) -> object:
            writes.append(1)
            return write(*args, **kwargs)  # type: ignore[arg-type]

        log.write = counted  # type: ignore[method-assign]
        log.add_all(
            [
                ("Ala plays a card that is worth telling about at length.", None),
                ("Bob sees this alone.", 1),
                ("Ala sees this alone.", 0),
                ("Short.", None),
            ]
        )
        await pilot.pause()
        assert writes == [1]
        assert log.lines_shown == [
            "Ala plays a card that is worth telling about at length.",
            "Ala sees this alone.",
            "Short.",
        ]
        shown = _shown(app)[1:6]  # under the log's top border
        assert shown == [
            "Ala plays a card that is",
            "worth telling about at",
            "length.",
            "Ala sees this alone.",
            "Short.",
        ]


class TwoLogs(App[None]):
    """The log and Textual's own RichLog side by side, the same lines in each."""

    CSS = """
    Horizontal > * { width: 1fr; height: 1fr; }
    EventLog { border-top: none; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield EventLog(id="log")
            yield RichLog(id="stock", wrap=True, min_width=10)


async def test_the_logs_scrollbar_looks_as_textuals() -> None:
    """Its scrollbar is drawn without Rich (as tall as the log, its thumb moving at every
    line written), and looks just as Textual draws it, thumb, ends and colours."""
    app = TwoLogs()
    async with app.run_test(size=(60, 20)) as pilot:
        log, stock = app.query_one(EventLog), app.query_one("#stock", RichLog)
        app.set_focus(None)  # a focused log's scrollbar has other colours
        seen = set()
        for n in range(70):
            log.add(f"Line {n}.")
            stock.write(Text(f"Line {n}."))
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            ours = [strip.crop(28, 30) for strip in strips]
            theirs = [strip.crop(58, 60) for strip in strips]
            assert [list(s) for s in ours] == [list(s) for s in theirs], n
            seen.add(tuple(s.text for s in ours))
        assert len(seen) > 5  # the thumb moved, glyphs of its ends included
        assert isinstance(log.vertical_scrollbar, LogScrollBar)


class BesideLog(App[None]):
    """The log as it stands beside a wide table: a border on its left, no top border."""

    CSS = "EventLog { border-top: none; border-left: solid $primary-darken-2; }"

    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


def _drawn_afresh(log: EventLog) -> list[list[Any]]:
    """The log's rows drawn by Textual's own styles cache, nothing kept from before."""
    kept = log._styles_cache
    log._styles_cache = StylesCache()
    try:
        return [list(strip) for strip in log.render_lines(log.size.region)]
    finally:
        log._styles_cache = kept


async def test_a_line_written_draws_only_the_rows_it_adds(monkeypatch: Any) -> None:
    """A line written scrolls every row of the log by one: each row was drawn again with
    its border and colours (Textual keeps rows by their place), 58 beside a 200x60 table at
    every update. Rows are kept by the line they show now, and look as Textual draws them,
    in a new colour too."""
    app = BesideLog()
    async with app.run_test(size=(40, 20)) as pilot:
        log = app.query_one(EventLog)
        for n in range(40):
            log.add(f"Line {n}.")
        await pilot.pause()
        drawn: list[int] = []
        render_line = StylesCache.render_line

        def counted(self: StylesCache, *args: Any) -> Any:
            if self is log._styles_cache:
                drawn.append(args[1])
            return render_line(self, *args)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        for n in range(3):
            drawn.clear()
            log.add(f"Newer line {n}.")
            await pilot.pause()
            assert "Newer line" in _shown(app)[-1]
            assert 0 < len(drawn) <= 2, drawn
            assert [list(s) for s in log.render_lines(log.size.region)] == _drawn_afresh(log)
        log.styles.border_left = ("heavy", "red")
        await pilot.pause()
        assert [list(s) for s in log.render_lines(log.size.region)] == _drawn_afresh(log)
        assert _shown(app)[-1].startswith("┃")
