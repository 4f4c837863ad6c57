"""A line written to the log is scrolled to at once: RichLog scrolls only after the next
frame, so each line logged drew the log (and everything beside it) twice."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.event_log import EventLog


class Log(App[None]):
    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


async def test_a_line_written_is_in_view_before_the_next_frame() -> None:
    """After a write, before any refresh, the log already shows its end."""
    app = Log()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(EventLog)
        for n in range(20):
            log.add(f"Line {n}.")
        await pilot.pause()
        log.add("The newest line.")
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.pause()
        assert "The newest line." in app.screen._compositor.render_strips()[-1].text


async def test_a_line_written_leaves_nothing_for_after_the_frame() -> None:
    """The log scrolled to its new end as the line was written leaves no second scroll for
    after the frame: RichLog's own, a new function each line, ran in the idle time after
    every update (its signature read each time), and the log showed its end already."""
    app = Log()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(EventLog)
        for n in range(20):
            log.add(f"Line {n}.")
        await pilot.pause()
        after: list[object] = []
        call_after_refresh = log.call_after_refresh

        def counted(callback: object, *args: object, **kwargs: object) -> bool:
            after.append(callback)
            return call_after_refresh(callback, *args, **kwargs)  # type: ignore[arg-type]

        log.call_after_refresh = counted  # type: ignore[method-assign]
        log.add("The newest line.")
        assert log.scroll_y == log.max_scroll_y
        assert after == []
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert "The newest line." in app.screen._compositor.render_strips()[-1].text
