"""ShowOnChange tells a part's height from its lines when none wraps, as Textual measures it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from tui.widgets import show
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


class Board(App[None]):
    def compose(self) -> ComposeResult:
        yield show.Parts(["cards", "words"], id="parts")


def _cells(parts: show.Parts) -> list[list[tuple[str, object]]]:
    return [
        [(text, style and style.clear_meta_and_links()) for text, style, _ in strip]
        for strip in parts.render_lines(parts.size.region)
    ]


def _one_text(rows: list[Text]) -> RenderableType:
    return Text("\n").join(rows)


def _grouped(rows: list[Text]) -> RenderableType:
    """A Group of Texts of one or more lines (a blank one too), as Superbohaterowie's
    cities, Orb Hunters' relic columns and Shardhunters' Combats are drawn."""
    return Group(Text("\n").join(rows[:3]), *rows[3:7], Text(""), Text("\n").join(rows[7:]))


def _lines(rows: list[Text]) -> RenderableType:
    """The lines one by one (Whoosh's parts)."""
    return show.Lines(rows)


@pytest.mark.parametrize("drawn", [_one_text, _grouped, _lines])
async def test_a_part_renders_again_only_the_lines_that_changed(
    monkeypatch: Any, drawn: Callable[[list[Text]], RenderableType]
) -> None:
    """A part whose one line changed (the cursor's, a card's) rendered all its lines again:
    a Comic Hunters location or hand is a score of card rows. Its lines are drawn one by
    one, each as before when it is the same, and look as the whole part rendered at once
    (a Static's way) does; lines that wrap are left to Textual. A Group of Texts is drawn
    line by line too (it was rendered whole at every change)."""
    rows = [Text.assemble(("┃ card ", "bold red"), (f"{n:>3}", "green"), " ┃") for n in range(12)]
    app = Board()
    async with app.run_test(size=(30, 20)) as pilot:
        parts = app.query_one(show.Parts)
        parts.show("cards", 0, lambda: drawn(rows))
        parts.show("words", 0, lambda: Text("Your turn: play a card."))
        await pilot.pause()
        rendered: list[str] = []
        to_strips = show.Visual.to_strips

        def counted(widget: Any, visual: Any, *args: Any, **kwargs: Any) -> Any:
            drawn = getattr(visual, "_renderable", visual)  # a Group's lines: Rich's
            texts = drawn.renderables if isinstance(drawn, Group) else [drawn]
            rendered.append("\n".join(str(text) for text in texts))
            return to_strips(widget, visual, *args, **kwargs)

        monkeypatch.setattr(show.Visual, "to_strips", counted)
        rows[5] = Text.assemble(("┃ card ", "bold red"), ("  ◆", "reverse"), " ┃")
        parts.show("cards", 1, lambda: drawn(rows))
        await pilot.pause()
        assert rendered == ["┃ card   ◆ ┃"]
        # Two lines apart changed (a new turn's marks): rendered together, in one render.
        rendered.clear()
        rows[2] = Text.assemble(("┃ card ", "bold red"), ("  ◇", "green"), " ┃")
        rows[9] = Text.assemble(("┃ card ", "bold red"), ("  ◆", "green"), " ┃")
        refreshed: list[Region] = []
        with monkeypatch.context() as patch:
            patch.setattr(parts, "refresh", lambda *regions, **_: refreshed.extend(regions))
            parts.show("cards", 2, lambda: drawn(rows))
        assert rendered == ["┃ card   ◇ ┃\n┃ card   ◆ ┃"]
        # ... and only their two rows are drawn again, not the six between them.
        ninth = 10 if drawn is _grouped else 9  # (below the Group's blank line)
        assert refreshed == [Region(0, 2, 30, 1), Region(0, ninth, 30, 1)]
        by_line = _cells(parts)
        parts._line_strips.clear()
        monkeypatch.setattr(show.Parts, "_by_line", lambda *args: None)  # whole, as Textual
        parts.forget()
        parts._strips.clear()
        parts._lines_width = -1
        assert _cells(parts) == by_line
        assert by_line[5][0][0].startswith("┃ card")
        assert len(by_line) == (14 if drawn is _grouped else 13)  # a Group's blank line too
        wraps = Text("a line longer than the thirty columns of this board")
        assert show.lines_high(wraps, 30) is None


async def test_a_kept_empty_line_is_taken_from_what_was_kept() -> None:
    """An empty line of a Group (an italic blank under Superbohaterowie's hand) draws as a
    strip of no segments, which is false: the part looked for it among the new lines, and
    every guest's app at a served table crashed there (KeyError) on the next update."""
    app = Board()
    async with app.run_test(size=(30, 20)) as pilot:
        parts = app.query_one(show.Parts)
        rows = [Text("Your hand"), Text("◆ a card"), Text("Waiting for Bob")]
        parts.show("cards", 0, lambda: Group(*rows))
        await pilot.pause()
        rows[2] = Text("", style="italic")  # the only new line: drawn alone, no segments
        parts.show("cards", 1, lambda: Group(*rows))
        await pilot.pause()
        rows[1] = Text("◇ another card")
        parts.show("cards", 2, lambda: Group(*rows))
        await pilot.pause()
        assert _cells(parts)[1][0][0].startswith("◇ another card")


async def test_lines_given_one_by_one_draw_as_their_text_without_a_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A board's lines given as `Lines` look as the same lines joined into one Text do, and
    are not joined and split again on their way to the screen (Whoosh joined each part's
    lines into a Text that the part split into its lines, a fifth of every update)."""
    rows = [Text.assemble(("┃ card ", "bold red"), (f"{n:>3}", "green"), " ┃") for n in range(6)]
    rows[3] = Text("")  # a blank line between cards
    app = Board()
    async with app.run_test(size=(30, 10)) as pilot:
        parts = app.query_one(show.Parts)
        parts.show("cards", 0, lambda: _one_text(rows))
        await pilot.pause()
        joined = _cells(parts)
        parts._line_strips.clear()
        splits: list[str] = []
        split, join = Text.split, Text.join

        def counted_split(text: Text, *args: Any, **kwargs: Any) -> Any:
            splits.append(text.plain)
            return split(text, *args, **kwargs)

        def counted_join(text: Text, lines: Any) -> Text:
            lines = list(lines)
            splits.append(f"joined {len(lines)}")
            return join(text, lines)

        monkeypatch.setattr(Text, "split", counted_split)
        parts.show("cards", 1, lambda: show.Lines(rows))
        monkeypatch.setattr(Text, "join", counted_join)
        await pilot.pause()
        assert _cells(parts) == joined
        assert splits == []  # (the new lines are joined once to be drawn: before this)
    assert lines_high(show.Lines(rows), 30) == 6
    assert lines_high(show.Lines([*rows, Text("x" * 31)]), 30) is None
    assert lines_high(show.Lines([Text("")]), 30) is None  # measured, as an empty Text


class Columns(App[None]):
    def compose(self) -> ComposeResult:
        yield show.Parts(["head", ("left", "right"), "words"], column=12, id="parts")


async def test_parts_side_by_side_redraw_only_the_rows_that_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Parts standing side by side (Shardhunters' Combats, Orb Hunters' relic columns) were
    joined into new rows at every change of the board, and each new row was drawn again
    and sent, the same as it was: some 20-30 rows of every update at 200x60. A row of
    columns whose lines are the same is the same row."""
    left = [Text(f"left {n}") for n in range(6)]
    right = [Text(f"right {n}") for n in range(4)]
    app = Columns()
    async with app.run_test(size=(30, 12)) as pilot:
        parts = app.query_one(show.Parts)
        parts.show("head", 0, lambda: Text("Hunt 1"))
        parts.show("left", 0, lambda: show.Lines(left))
        parts.show("right", 0, lambda: show.Lines(right))
        parts.show("words", 0, lambda: Text("Your turn."))
        await pilot.pause()
        before = _cells(parts)
        refreshed: list[Region] = []
        refresh = parts.refresh

        def counted(*regions: Region, **kwargs: Any) -> Any:
            refreshed.extend(regions)
            return refresh(*regions, **kwargs)

        monkeypatch.setattr(parts, "refresh", counted)
        parts.show("words", 1, lambda: Text("Bob's turn."))
        assert refreshed == [Region(0, 7, 30, 1)]  # the words' row alone
        right[1] = Text("right new")
        refreshed.clear()
        parts.show("right", 1, lambda: show.Lines(right))
        assert refreshed == [Region(0, 2, 30, 1)]  # the row of the line that changed
        await pilot.pause()
        after = _cells(parts)
        assert after[0] == before[0] and after[3:7] == before[3:7]
        assert "right new" in "".join(text for text, _ in after[2])


async def test_grouped_lines_drawn_unwrapped_are_the_cells_rich_wraps_them_to() -> None:
    """Lines of a Group that fit are drawn without Rich's word wrapping (a third of a line's
    cost): every cell the same as wrapped, at exactly the width, with trailing spaces, wide
    glyphs, spans and a line style, and a justified line, and the board's Text untouched."""
    rows = [
        Text("│✂ Chainsaw superhero   │ │· empty   │", style="bold"),
        Text.assemble(("Ж Spider ", "red on blue"), ("never on ★ Joker", "italic"), "   "),
        Text("x" * 40),
        Text("漢字 wide glyphs, then words"),
        Text("centred", justify="center"),
        Text(""),
    ]
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        parts = app.query_one(show.Parts)
        style = parts.visual_style
        wrapped = show.Visual.to_strips(parts, show.visualize(parts, Group(*rows)), 40, None, style)
        unwrapped = show.Visual.to_strips(
            parts,
            show.visualize(parts, Group(*[show._unwrapped(row) for row in rows])),
            40,
            None,
            style,
        )
        assert [list(strip) for strip in unwrapped] == [list(strip) for strip in wrapped]
        parts.show("cards", 1, lambda: Group(*rows))
        await pilot.pause()
        shown = ["".join(text for text, _ in row) for row in _cells(parts)[: len(rows)]]
        assert shown == [strip.text + " " * (40 - strip.cell_length) for strip in wrapped]
        assert not any(row.no_wrap for row in rows)
