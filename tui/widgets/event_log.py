"""EventLog: what happened, in plain language, for the seat being shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual._styles_cache import StylesCache
from textual.color import Color as TextualColor
from textual.geometry import Region, Size
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.widgets import RichLog

MAX_ENTRIES = 500
MIN_WIDTH = 10
"""Narrowest the log's lines are wrapped to."""
KEPT_LINES = 400
"""Lines drawn kept for the next frames (a log scrolled by one line shows the same lines
less one, one row higher)."""


class LogStylesCache(StylesCache):
    """The log's lines as drawn on screen (its border and colours about each), kept by the
    line of the log they show: a line written scrolls every line of the log by one row,
    and Textual, keeping them by row, drew each again with its border and filters (some
    58 lines beside a 200x60 table, every update; 40 % of that frame's cost). A line kept
    is used only in the same surroundings (sizes, colours, border, opacity, filters) it
    was drawn in; rows of borders and padding are drawn as Textual draws them."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: dict[int, tuple[Strip, Strip]] = {}
        """Per line of content (by identity): that line and the row drawn from it."""
        self._around: tuple[Any, ...] | None = None
        """What the rows kept were drawn in (another: they are all drawn again)."""
        self._content_rows = range(0)
        """The rows of the log that show its content's lines (no border, no padding)."""

    def render(
        self,
        styles: Any,
        size: Size,
        base_background: TextualColor,
        background: TextualColor,
        render_content_line: Any,
        filters: Sequence[Any],
        border_title: Any,
        border_subtitle: Any,
        content_size: Size | None = None,
        padding: Any = None,
        crop: Region | None = None,
        opacity: float = 1.0,
        ansi_theme: Any = None,
        native_ansi: bool = False,
    ) -> list[Strip]:
        around = (
            size,
            content_size,
            padding,
            base_background,
            background,
            tuple(filters),
            opacity,
            id(ansi_theme),
            native_ansi,
            styles.border,
            styles.outline,
            styles.tint,
            styles.text_opacity,
            styles.hatch if styles.has_rule("hatch") else None,
        )
        if around != self._around or len(self._rows) > KEPT_LINES:
            self._rows.clear()
            self._around = around
        gutter = styles.gutter
        bottom = size.height - gutter.bottom
        if content_size is not None:
            bottom = min(bottom, gutter.top + content_size.height)
        outlined = any(edge for edge, _ in styles.outline)
        self._content_rows = range(0) if outlined else range(gutter.top, bottom)
        return super().render(
            styles,
            size,
            base_background,
            background,
            render_content_line,
            filters,
            border_title,
            border_subtitle,
            content_size=content_size,
            padding=padding,
            crop=crop,
            opacity=opacity,
            ansi_theme=ansi_theme,
            native_ansi=native_ansi,
        )

    def render_line(self, styles: Any, y: int, *rest: Any) -> Strip:
        if y not in self._content_rows:
            return super().render_line(styles, y, *rest)
        size, content_size, padding, base_background, background, render_content_line = rest[:6]
        content = render_content_line(y - styles.gutter.top)
        kept = self._rows.get(id(content))
        if kept is not None and kept[0] is content:
            return kept[1]
        strip = super().render_line(
            styles,
            y,
            size,
            content_size,
            padding,
            base_background,
            background,
            lambda _: content,
            *rest[6:],
        )
        self._rows[id(content)] = (content, strip)
        return strip


class LogScrollBar(ScrollBar):
    """The log's scrollbar, drawn straight to its lines: as tall as the log, its thumb
    moves with every line written (every update), and Textual drew it through Rich and its
    styles line by line, 2 ms of each update's frame beside a 200x60 table. The same glyphs
    and colours as Textual's (tests/tui/test_event_log_lines.py compares them)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        if not self.vertical or not isinstance(bar, ScrollBarRender):
            return super().render_lines(crop)
        width, height = self.size
        colours = bar.style if isinstance(bar.style, Style) else Style.parse(str(bar.style))
        segments = bar.render_bar(
            size=height,
            virtual_size=bar.virtual_size,
            window_size=bar.window_size,
            position=bar.position,
            thickness=width,
            vertical=True,
            back_color=colours.bgcolor or Color.parse("#555555"),
            bar_color=colours.color or Color.parse("bright_magenta"),
        )
        under = self.visual_style.rich_style  # beneath every segment, as Textual does
        filters = self.get_line_filters()
        background = self.background_colors[1]
        strips = []
        # The bar's rows are a few glyphs in a few colours: each drawn once a frame.
        drawn: dict[tuple[str, Style | None], Strip] = {}
        for text, look, _ in segments.segments[crop.y : crop.bottom]:
            strip = drawn.get((text, look))
            if strip is None:
                strip = Strip([Segment(text, under + (look or Style()))], width)
                for line_filter in filters:
                    strip = strip.apply_filter(line_filter, background)
                if crop.x or crop.right != width:
                    strip = strip.crop(crop.x, crop.right)
                drawn[(text, look)] = strip
            strips.append(strip)
        return strips


class EventLog(RichLog):
    """The last actions as wrapped plain lines; text is never read as markup.

    Entries remember who may read them (``to``), so a hot-seat table can show each local
    player the public events plus only their own private ones.
    """

    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 3; border-top: solid $primary-darken-2; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        # min_width: RichLog renders every line at least 78 cells wide by default, so in the
        # column beside the board (a third of 160 columns) each line lost its end.
        super().__init__(
            id=id,
            max_lines=MAX_ENTRIES,
            wrap=True,
            markup=False,
            auto_scroll=True,
            min_width=MIN_WIDTH,
        )
        self.entries: list[tuple[int | None, str]] = []
        self.reader: int | None = None
        self._writing = False
        self._wrapped_at = 0
        """The width the lines shown were wrapped to (they are wrapped again on a new one)."""
        self._scrolled_for: tuple[Size, Size, Size] | None = None
        """The sizes the scrollbars were last set for."""
        self._frame: tuple[Style, int] | None = None
        """The log's style and width for the frame being drawn (worked out once)."""
        self._drawn: dict[tuple[int, int, int, Style], Strip] = {}
        """Lines drawn, by line of the log, scroll, width and style."""
        self._styles_cache = LogStylesCache()

    def write(
        self,
        content: Any,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Any:
        """Write as RichLog does, scrolled to the new end at once as well: RichLog scrolls
        only after the next frame, so every line logged drew the log twice (the frame with
        the line below the view, then the frame scrolled to it), with everything beside it.
        RichLog's own scroll after the frame is not asked for then: it moved nothing (a log
        whose height the frame's layout changes is scrolled by that layout, see
        ``_size_updated``), and it ran after every update, in the time the app is idle."""
        now = self._size_known and not animate
        now = now and (self.auto_scroll if scroll_end is None else scroll_end)
        self._writing = True
        try:
            later = False if now else scroll_end
            written = super().write(content, width, expand, shrink, later, animate)
        finally:
            self._writing = False
        if now:
            self._to_end()
        return written

    def _to_end(self) -> None:
        """Scroll to the last line at once. (``scroll_end`` leaves a callback of its own,
        a new function each time, for after the next frame, even when it scrolled at once.)"""
        if self._anchored and self._anchor_released:
            self._anchor_released = False
        self._scroll_to(None, self.max_scroll_y, animate=False, release_anchor=False)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Any:
        """A line written to a log that already scrolls only moves its scrollbar's thumb:
        no layout of the whole screen (RichLog asks for one with every line, which costs
        a table more than drawing the line)."""
        if layout and self._writing and self._grows_in_place():
            layout = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _grows_in_place(self) -> bool:
        """Whether the log scrolls already (vertically only), so its new lines change
        nothing but the scrollbar, which is set here instead of by a layout."""
        if not self.is_mounted or not self.show_vertical_scrollbar:
            return False
        region = self.scrollable_content_region
        if self.show_horizontal_scrollbar or self.virtual_size.width > region.width:
            return False
        bar = self.vertical_scrollbar
        bar.window_virtual_size = self.virtual_size.height
        bar.window_size = region.height
        return True

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """A log that showed its end shows it at its new height too, scrolled in the layout
        that resized it: RichLog scrolls only after the layout's frame, so every update that
        grew or shrank the board above the log (at 80 columns) drew a second frame."""
        at_end = self.is_vertical_scroll_end
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if resized and at_end and self.auto_scroll:
            self._to_end()
        return resized

    def _scroll_update(self, virtual_size: Size) -> None:
        """Set the scrollbars for the log's size, only when it changed: every layout of the
        screen calls this for the log (ScrollView compares the layout's virtual size with
        the log's own, which never match), and the scrollbar, as tall as the log, was
        drawn again each time."""
        sizes = (virtual_size, self.size, self.container_size)
        if sizes == self._scrolled_for:
            return
        self._scrolled_for = sizes
        super()._scroll_update(virtual_size)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The log's scrollbar (see LogScrollBar), made as Textual makes its own."""
        if self._vertical_scrollbar is None:
            bar = LogScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def render_lines(self, crop: Region) -> list[Strip]:
        """A frame's lines, the log's style and width worked out once for them all: RichLog
        asks for them at every line, walking up every widget around the log each time."""
        self._frame = (self.rich_style, self.scrollable_content_region.width)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def render_line(self, y: int) -> Strip:
        """A line of the log as drawn before when it is one (scrolled up by a new line, or
        drawn again beside a board that changed)."""
        style, width = self._frame or (self.rich_style, self.scrollable_content_region.width)
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        if index >= len(self.lines):  # blank, until a line is written there
            key = (-1, 0, width, style)
        else:
            key = (index + self._start_line, scroll_x, width, style)
        strip = self._drawn.get(key)
        if strip is None:
            if len(self._drawn) >= KEPT_LINES:
                self._drawn.clear()
            if index >= len(self.lines):
                strip = Strip.blank(width, style)
            else:
                line = self.lines[index].crop_extend(scroll_x, scroll_x + width, style)
                strip = line.apply_style(style)
            self._drawn[key] = strip
        return strip

    def clear(self) -> Any:
        """Every line goes, and with them the lines drawn (their places are new lines')."""
        self._drawn.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Lines are wrapped when written: at a new width they are wrapped again (the log
        moves beside the board, or back under it, as the terminal grows or shrinks).
        Textual calls RichLog's own handler too (its deferred lines wait for a size)."""
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at:
            self.show_for(self.reader)
        self._wrapped_at = width

    def add(self, text: str, to: int | None = None) -> None:
        """Remember an entry and show it if the current reader may see it."""
        self.add_all([(text, to)])

    def add_all(self, entries: Sequence[tuple[str, int | None]]) -> None:
        """Remember entries (text, who may read it) and show those the current reader may
        see, in one write: an update's lines are wrapped, scrolled to and drawn once, not
        once each."""
        if not entries:
            return
        self.entries = self.entries[-MAX_ENTRIES:] + [(to, text) for text, to in entries]
        shown = [text for text, to in entries if to is None or to == self.reader]
        if shown:
            self.write(Text("\n".join(shown)))

    def show_for(self, reader: int | None) -> None:
        """Redraw for another reader: public lines and that reader's own."""
        self.reader = reader
        self.clear()
        for to, text in self.entries:
            if to is None or to == reader:
                self.write(Text(text))

    @property
    def lines_shown(self) -> list[str]:
        """The plain text of the lines on display (for tests and read-aloud)."""
        return [text for to, text in self.entries if to is None or to == self.reader]
