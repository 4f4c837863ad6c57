"""ShowOnChange: a Static that redraws only when what it shows changed.

Every update of a table reaches every guest's screen, so a board that rebuilds all its
widgets on each update pays its whole render cost each time. A board built of these pays
only for the parts whose content key changed: ``show(key, build)`` calls ``build`` and
updates the widget only when ``key`` differs from the last one shown (and the width, for
renderables laid out to it).

Parts: the same ``show`` for every part of a board drawn as lines of one widget, the
cheaper way (one widget's layout and render, not a dozen's; Shardhunters' board).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize
from textual.widget import Widget
from textual.widgets import Static


class ShowOnChange(Static):
    """A Static updated through ``show`` only when its content key changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown_key: Hashable = object()

    def show(self, key: Hashable, build: Callable[[], RenderableType]) -> bool:
        """Show ``build()`` unless ``key`` equals the key last shown; True if redrawn.

        The screen is laid out again only when the part's size changed: a layout of the
        whole screen costs more than redrawing a part that kept its size."""
        if key == self._shown_key:
            return False
        self._shown_key = key
        content = build()
        self.update(content, layout=False)
        if self._resized(content):
            self.refresh(layout=True)
        return True

    def _resized(self, content: RenderableType) -> bool:
        """Whether the new content needs another size than the part has now (a part of a
        fixed size, or one whose content fits as before, needs no layout)."""
        styles, size = self.styles, self.content_size
        if not self.is_mounted or not size.width:
            return True
        viewport = self.app.size
        auto_width = styles.width is not None and styles.width.is_auto
        if auto_width and self.get_content_width(self.size, viewport) != size.width:
            return True
        if styles.height is not None and styles.height.is_auto:
            height = lines_high(content, size.width)
            if height is None:  # not lines that fit: measured (a second render)
                height = self.get_content_height(self.size, viewport, size.width)
            return height != size.height
        return False

    def forget(self) -> None:
        """Redraw on the next ``show`` whatever its key (e.g. after a resize or theme)."""
        self._shown_key = object()


class Lines:
    """A part's lines given one by one, each a Text of one line, drawn as the same lines
    joined into one Text would be: `Parts` takes them as they are, where a board that joined
    its lines into one Text had them split again (Whoosh: a fifth of each update's cost)."""

    def __init__(self, lines: Sequence[Text]) -> None:
        self.lines = tuple(lines)

    def joined(self) -> Text:
        """The lines as one Text (what is drawn when they are not drawn line by line)."""
        return Text("\n").join(self.lines)

    def __rich__(self) -> Text:
        return self.joined()

    def __str__(self) -> str:
        return "\n".join(line.plain for line in self.lines)


def lines_high(content: RenderableType, width: int) -> int | None:
    """How many lines ``content`` takes at ``width`` when that is plain to see: a Text, or a
    Group of Texts, whose every line fits (none wraps); None otherwise. Boards draw their
    parts as such lines, and measuring them costs as much as drawing them."""
    if isinstance(content, Lines):
        given = content.lines
        if not any(line.plain for line in given) or any("\n" in line.plain for line in given):
            return lines_high(content.joined(), width)
        fits = all("\t" not in line.plain and line.cell_len <= width for line in given)
        return len(given) if fits else None
    grouped = isinstance(content, Group)
    texts = content.renderables if isinstance(content, Group) else [content]
    height = 0
    for text in texts:
        if not isinstance(text, Text) or "\t" in text.plain or not (text.plain or grouped):
            return None
        lines = text.plain.split("\n")
        if any(cell_len(line) > width for line in lines):
            return None
        height += len(lines)
    return height


def _line_texts(content: RenderableType) -> list[Text] | None:
    """The Texts ``content`` draws one under the other: a Text with words, or a Group of
    Texts that each end their line and align left (as the widget does). None for anything
    else (drawn whole)."""
    if isinstance(content, Lines):
        return list(content.lines) if any(line.plain for line in content.lines) else None
    if isinstance(content, Text):
        return [content] if content.plain else None
    if not isinstance(content, Group) or not content.renderables:
        return None
    texts: list[Text] = []
    for text in content.renderables:
        if not isinstance(text, Text) or text.end != "\n":
            return None
        if text.justify not in (None, "default", "left"):
            return None
        texts.append(text)
    return texts


def _unwrapped(line: Text) -> Text:
    """``line`` drawn without word wrapping, for a line that fits its width: the same cells
    (tests/tui/test_show_lines.py compares them), without Rich looking for a place to break
    it. A copy: the board's own Text keeps its settings."""
    copy = line.copy()
    copy.no_wrap = True
    return copy


KEPT_LINES = 2000
"""Lines of parts kept as drawn (a 200x60 board shows some 60; kept for the next updates)."""

Entry = str | tuple[str, ...]
"""A place in `Parts`: one part's name, or a row of parts standing side by side."""


class Parts(Widget):
    """A board's parts drawn as lines of one widget, each redrawn only when its content key
    changes (``show``, as `ShowOnChange`'s).

    A board of a dozen Statics paid, for every update and every guest, a dozen widgets'
    layout, styles and render (measured: twice the cost of the same lines in one widget).
    Here a part is rendered once into strips (as a Static renders it) and kept; an update
    that keeps the parts' heights refreshes only the rows whose strips changed, and only a
    change of height lays the screen out again.

    ``order`` places the parts top to bottom; a tuple of names is a row of columns
    ``column`` cells wide with ``gap`` cells between them (the shorter padded with blank
    lines), as a grid of auto rows draws them. A part not shown yet, or hidden, takes no
    row."""

    DEFAULT_CSS = """
    Parts { height: auto; }
    """

    def __init__(
        self,
        order: Sequence[Entry],
        *,
        column: int = 0,
        gap: int = 2,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._order = tuple(order)
        self._column = column
        self._gap = gap
        self._keys: dict[str, Hashable] = {}
        self._contents: dict[str, RenderableType] = {}
        self._hidden: set[str] = set()
        self._strips: dict[str, tuple[int, Style, list[Strip]]] = {}
        """Per part, the width and the style (colours) it was rendered in, and its lines."""
        self._lines: list[Strip] = []
        self._lines_width = -1
        """The width ``_lines`` were put together at (-1: to be put together again)."""
        self._lines_style: Style | None = None
        """The style ``_lines`` were drawn in: another (a new theme) draws them again."""
        self._joined: dict[Hashable, tuple[tuple[Strip | None, ...], Strip]] = {}
        """The rows of parts side by side last put together, by their lines (see
        ``_put_together``)."""
        self._line_strips: dict[Hashable, Strip] = {}
        """Lines of parts as drawn, by their text, styles, width and the widget's style."""
        self._holding = False
        """Inside ``together()``: changes wait for its end."""
        self._missed = False
        """A change came while holding: the lines are put together at the end."""

    @contextmanager
    def together(self) -> Iterator[None]:
        """Count the parts shown inside as one change, putting the lines together once at
        the end: a part that grew while another (a filler) shrank as much keeps the board's
        height and lays nothing out, where each ``show`` alone asked for a layout of the
        whole screen as soon as its own rows changed."""
        self._holding, self._missed = True, False
        try:
            yield
        finally:
            self._holding = False
            if self._missed:
                self._changed()

    def show(self, name: str, key: Hashable, build: Callable[[], RenderableType]) -> bool:
        """Show ``build()`` as part ``name`` unless ``key`` equals the key it last showed;
        True if redrawn."""
        if name in self._keys and self._keys[name] == key:
            return False
        self._keys[name] = key
        self._contents[name] = build()
        self._strips.pop(name, None)
        self._changed()
        return True

    def shown(self, name: str) -> RenderableType | None:
        """What part ``name`` shows now (None: nothing yet)."""
        return self._contents.get(name)

    def rows(self, name: str) -> int:
        """How many rows part ``name`` takes now (0: hidden, or nothing shown yet)."""
        return len(self._part(name, self.content_size.width)) if self.content_size.width else 0

    def set_shown(self, name: str, shown: bool) -> None:
        """Show part ``name`` (its rows come back) or hide it (it takes none)."""
        if (name not in self._hidden) == shown:
            return
        if shown:
            self._hidden.discard(name)
        else:
            self._hidden.add(name)
        self._changed()

    def place(self, order: Sequence[Entry], column: int = 0) -> None:
        """Place the parts anew (``order`` and ``column`` as in the constructor)."""
        if (tuple(order), column) == (self._order, self._column):
            return
        self._order, self._column = tuple(order), column
        self._changed()

    def forget(self) -> None:
        """Redraw every part on its next ``show`` whatever its key."""
        self._keys.clear()

    def _changed(self) -> None:
        """Put the lines together again: the rows that changed are redrawn, and the screen
        is laid out again only when the number of rows changed."""
        if self._holding:
            self._missed = True
            return
        width = self.content_size.width
        if not self.is_mounted:  # its first layout measures it
            self._lines_width = -1
            return
        if not width:
            self._lines_width = -1
            self.refresh(layout=True)
            return
        before = self._lines
        lines = self._put_together(width)
        if len(lines) != len(before):
            self.refresh(layout=True)
            return
        rows = [y for y, (old, new) in enumerate(zip(before, lines, strict=True)) if old is not new]
        # Each run of changed rows apart: a prompt under the board and a card at its top
        # changed drew every row between them again (the regions go to the screen's
        # compositor as they are, which asks each widget only for the rows changed).
        regions: list[Region] = []
        for y in rows:
            if regions and regions[-1].bottom == y:
                regions[-1] = Region(0, regions[-1].y, width, regions[-1].height + 1)
            else:
                regions.append(Region(0, y, width, 1))
        if regions:
            self.refresh(*regions)

    def _part(self, name: str, width: int) -> list[Strip]:
        if name in self._hidden or name not in self._contents:
            return []
        style = self.visual_style
        kept = self._strips.get(name)
        if kept is not None and kept[0] == width and kept[1] == style:
            return kept[2]
        content = self._contents[name]
        strips = self._by_line(content, width, style)
        if strips is None:
            if isinstance(content, Lines):
                content = content.joined()
            visual = visualize(self, content, markup=False)
            # As tall as its lines: a Static measures them first (a second render), to ask.
            strips = Visual.to_strips(self, visual, width, None, style)
        self._strips[name] = (width, style, strips)
        return strips

    def _by_line(self, content: RenderableType, width: int, style: Style) -> list[Strip] | None:
        """A part's lines, each line as drawn before when it was drawn before (at that
        width, in that style): a part redrawn for one changed line (the cursor's, a card's)
        rendered all its lines again, and a Comic Hunters location or a hand is a score of
        card rows. Its new lines are rendered together, once, and kept. Only for a Text, or
        a Group of Texts (a city, a relic column, a Combat: each Text its own lines), whose
        every line fits as it is (no wrapping, no tab): anything else is rendered whole
        (None)."""
        texts = _line_texts(content)
        if texts is None or lines_high(content, width) is None:
            return None
        kept = self._line_strips
        lines: list[Text] = []
        for text in texts:  # (the lines of a `Lines` are lines already)
            if "\n" in text.plain:
                lines.extend(text.split("\n", allow_blank=True))
            else:
                lines.append(text)
        grouped = isinstance(content, Group)  # drawn by Rich, a Text alone by Textual
        keys = [
            (line.plain, tuple(line.spans), line.style, width, style, grouped) for line in lines
        ]
        fresh: dict[Hashable, Text] = {}
        for line, key in zip(lines, keys, strict=True):
            if key not in kept:
                fresh.setdefault(key, line)
        drawn: dict[Hashable, Strip] = {}
        if fresh:
            # The new lines in one render, each once (a first frame's: all of them): one
            # line is drawn for a cursor moved, several for the marks of a new turn, and
            # each render is its own walk of the widget's styles.
            new = list(fresh.values())
            if grouped:
                # Every line fits (`lines_high`): Rich's word wrapping, a third of drawing a
                # line, would find nowhere to break it, so it is not asked to look.
                new = [_unwrapped(line) for line in new]
            drawing = Group(*new) if grouped else Text("\n").join(new)
            rendered = Visual.to_strips(self, visualize(self, drawing), width, None, style)
            if len(rendered) != len(fresh):
                return None
            drawn = dict(zip(fresh, rendered, strict=True))
        # (A kept strip may be empty, and so false: an empty line drawn is no segments.)
        strips = [drawn[key] if key in drawn else kept[key] for key in keys]
        if len(kept) > KEPT_LINES:
            kept.clear()
        kept.update(drawn)
        return strips

    def _put_together(self, width: int) -> list[Strip]:
        lines: list[Strip] = []
        joined: dict[Hashable, tuple[tuple[Strip | None, ...], Strip]] = {}
        for entry in self._order:
            if isinstance(entry, str):
                lines.extend(self._part(entry, width))
                continue
            column = self._column or width
            shown = [part for part in (self._part(name, column) for name in entry) if part]
            style = self.visual_style.rich_style  # the background, as a grid's gutter has
            blank, gap = Strip.blank(column, style), Strip.blank(self._gap, style)
            for y in range(max((len(part) for part in shown), default=0)):
                # The same lines side by side are the same row (the strip put together
                # before): a new strip is a row changed, drawn again and sent.
                sources = tuple(part[y] if y < len(part) else None for part in shown)
                key = (tuple(map(id, sources)), column, self._gap, style)
                before = self._joined.get(key)
                if before is not None and all(
                    a is b for a, b in zip(before[0], sources, strict=True)
                ):
                    joined[key] = before
                    lines.append(before[1])
                    continue
                cells: list[Strip] = []
                for line in sources:
                    line = blank if line is None else line
                    cells += [line.extend_cell_length(column, style).crop(0, column), gap]
                row = Strip.join(cells[:-1])
                joined[key] = (sources, row)  # (its lines kept: their ids stay theirs)
                lines.append(row)
        self._joined = joined
        self._lines, self._lines_width, self._lines_style = lines, width, self.visual_style
        return lines

    def _stale(self, width: int) -> bool:
        """Whether the lines were put together at another width or in another style."""
        return self._lines_width != width or self._lines_style != self.visual_style

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._stale(width):
            self._put_together(width)
        return len(self._lines)

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        if self._stale(width):
            self._put_together(width)
        if y < len(self._lines):
            return self._lines[y]
        return Strip.blank(width, self.visual_style.rich_style)
