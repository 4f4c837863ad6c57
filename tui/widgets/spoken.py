"""SpokenList: a list of choices a screen reader can follow.

A screen reader reads the terminal's text around the terminal's cursor; it sees no colour.
So in screen-reader mode the selection is text and the cursor: the selected line starts
with ``> `` (the others with two spaces), says where it is ("choice 10 of 15, more below")
when the list is taller than its space, and the real terminal cursor sits at the start of
that line whenever the list has focus (`show_terminal_cursor` makes the cursor visible;
Textual hides it). Every screen of the mode uses this list for its choices.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.app import App
from textual.geometry import Offset, Size
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "> "
"""The selected line's first characters."""
UNMARKED = "  "

SHOW_CURSOR = "\x1b[?25h"
HIDE_CURSOR = "\x1b[?25l"


def show_terminal_cursor(app: App[object], show: bool = True) -> None:
    """Show (or hide again) the terminal's own cursor: Textual hides it at start, and a
    screen reader follows it."""
    driver = app._driver
    if driver is not None and not app.is_headless:
        driver.write(SHOW_CURSOR if show else HIDE_CURSOR)
        driver.flush()


ONLY = "the only choice"
"""What the choice of a list of one says (a screen reader cannot tell that nothing follows)."""


def where(index: int, count: int, above: bool, below: bool) -> str:
    """ "choice 10 of 15, more below" for the selected line of a list that does not fit."""
    more = [part for part, shown in (("more above", above), ("more below", below)) if shown]
    return ", ".join([f"choice {index + 1} of {count}", *more])


class SpokenList(OptionList):
    """An OptionList whose selection is text (``> ``) and the terminal cursor."""

    DEFAULT_CSS = """
    SpokenList > .option-list--option-highlighted { text-style: bold; }
    """

    def __init__(self, *options: Option, **kwargs: object) -> None:
        super().__init__(*options, **kwargs)  # type: ignore[arg-type]
        self._prompts: dict[int, Text | str] = {}
        """Prompts as given, by option index, while one carries the position suffix."""
        self._suffixed: int | None = None

    # -- the mark ------------------------------------------------------------------------------

    def _get_left_gutter_width(self) -> int:
        return super()._get_left_gutter_width() + len(MARK)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        line = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if strip.cell_length >= width:  # a blank line below the options
            return strip
        try:
            index, offset = self._lines[line]
        except IndexError:
            return strip
        selected = index == self.highlighted and offset == 0
        style = self.get_visual_style("option-list--option").rich_style
        if selected:
            self._place_cursor(y)
        return Strip([Segment(MARK if selected else UNMARKED, style), *strip], width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the choices wrapped beside the mark (OptionList measures without its
        gutter, so a choice that wraps only once the mark is there was cut off)."""
        gutter = self._get_left_gutter_width()
        return super().get_content_height(container, viewport, width - gutter)

    def _place_cursor(self, y: int) -> None:
        # Only on the screen on top: a list redrawn beneath a summary must not take the
        # cursor off the summary's marked line (a screen behind a modal is still "current").
        if not self.has_focus or not self.screen.is_active:
            return
        region = self.scrollable_content_region
        self.app.cursor_position = Offset(region.x, region.y + y)

    def on_focus(self) -> None:
        self.refresh()  # the cursor comes to this list's selected line

    # -- where the selection is --------------------------------------------------------------

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self.call_after_refresh(self._say_where)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_where)

    def _say_where(self) -> None:
        """The selected line says "choice N of M" (and what is hidden) when the list does
        not fit its space, "the only choice" when it is one in screen-reader mode (seen, a
        list of one shows that nothing follows); no other line does."""
        if not self.is_mounted:
            return
        highlighted = self.highlighted
        count = self.option_count
        fits = self.max_scroll_y == 0 and (count != 1 or not self._spoken())
        wanted = None if highlighted is None or fits else highlighted
        if self._suffixed is not None and self._suffixed != wanted:
            index, self._suffixed = self._suffixed, None
            if index < count and index in self._prompts:
                self.replace_option_prompt_at_index(index, self._prompts.pop(index))
            self._prompts.clear()
        if wanted is None:
            return
        option = self.get_option_at_index(wanted)
        base = self._prompts.get(wanted, option.prompt)
        assert isinstance(base, (Text, str))
        self._prompts[wanted] = base
        above = self.scroll_offset.y > 0
        below = self.scroll_offset.y < self.max_scroll_y
        suffix = f" ({ONLY if count == 1 else where(wanted, count, above, below)})"
        prompt = base.copy() if isinstance(base, Text) else Text(base)
        prompt.append(suffix)
        self._suffixed = wanted
        self.replace_option_prompt_at_index(wanted, prompt)

    def _spoken(self) -> bool:
        """Whether the app is in screen-reader mode (an app without Hunters' settings is
        read as such: that is what this list is for)."""
        settings = getattr(self.app, "settings", None)
        return settings is None or bool(getattr(settings, "screen_reader", True))

    def clear_options(self) -> SpokenList:
        self._prompts.clear()
        self._suffixed = None
        super().clear_options()
        return self
