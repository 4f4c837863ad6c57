"""ShowOnChange tells a part's height from its lines when none wraps, as Textual measures it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.show import ShowOnChange, lines_high

PARTS: list[RenderableType] = [
    Text("one\ntwo\nthree"),
    Group(Text("a"), Text(""), Text("b\nc")),
    Text("x" * 20),
]


class Parts(App[None]):
    def compose(self) -> ComposeResult:
        yield ShowOnChange(id="part")


async def test_the_lines_counted_are_the_lines_measured() -> None:
    app = Parts()
    async with app.run_test(size=(20, 10)) as pilot:
        part = app.query_one(ShowOnChange)
        for key, content in enumerate(PARTS):

            def build(content: RenderableType = content) -> RenderableType:
                return content

            part.show(key, build)
            await pilot.pause()
            assert part.size.height == lines_high(content, 20)


def test_lines_that_would_wrap_are_left_to_textual() -> None:
    assert lines_high(Text("x" * 21), 20) is None
    assert lines_high(Group(Text("a"), "not a Text"), 20) is None
    assert lines_high(Text(""), 20) is None  # an empty Static is measured
