"""Marked lines: where a screen reader lands on a screen that has no list of choices.

`SpokenList` (tui/widgets/spoken.py) marks the selected choice of a list. Other screens of
screen-reader mode have one line that matters most (a summary's "Enter: play on", the move a
replay shows) or fields that take the focus in turn (the table setup). Those lines start with
the same ``> `` and hold the terminal cursor, which screen readers follow:

- `MarkedLine`: a line of text that is where the reader is while its screen is on top;
- `FocusLine`: a focusable line, marked and holding the cursor while it has the focus;
- `CyclingChoice`: a `FocusLine` whose value changes with Enter (a setup field in this mode,
  where a drop-down would draw over the text below it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from tui.widgets.spoken import MARK, UNMARKED, SpokenList

Value = TypeVar("Value")


def put_cursor_on(widget: Widget) -> None:
    """The terminal cursor to the start of ``widget``'s first line, while its screen shows."""
    if not widget.is_attached or not widget.screen.is_active:
        return
    region = widget.content_region
    place = Offset(region.x, region.y)
    if widget.app.cursor_position != place:
        widget.app.cursor_position = place
        widget.refresh()  # the cursor moves with the next frame: this line's


class MarkedLine(Static):
    """A line that is where the reader is: ``> `` then its text, the terminal cursor on the
    mark whenever its screen comes to the top (and the screen has no focused widget that
    places the cursor itself)."""

    DEFAULT_CSS = """
    MarkedLine { height: auto; }
    """

    def __init__(self, text: str, **kwargs: str | None) -> None:
        super().__init__(Content(MARK + text), **kwargs)  # type: ignore[arg-type]
        self.text = text
        """The line without its mark."""

    def say(self, text: str) -> None:
        """Show ``text`` (marked) and keep the cursor on it."""
        self.text = text
        self.update(Content(MARK + text))
        self.call_after_refresh(self.place)

    def place(self) -> None:
        """The terminal cursor to this line, unless a focused list or field holds it."""
        if not self.is_attached:
            return
        if isinstance(self.screen.focused, (SpokenList, FocusLine, Input)):
            return  # the focused list or field holds the cursor on its own line
        put_cursor_on(self)

    def on_mount(self) -> None:
        self.call_after_refresh(self.place)
        # A line can move without a new size (a summary's panel centred again as its facts
        # are laid out): after every layout of its screen it takes the cursor again (over
        # ssh the cursor stayed four rows under a summary's marked line).
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _: self.place())

    def on_resize(self) -> None:
        self.call_after_refresh(self.place)

    def on_show(self) -> None:
        self.call_after_refresh(self.place)


class FocusLine(Static, can_focus=True):
    """A focusable line: ``> `` and the terminal cursor while it has the focus, two spaces
    otherwise (the same column, so lines read alike)."""

    DEFAULT_CSS = """
    FocusLine { height: auto; }
    FocusLine:focus { text-style: bold; }
    """

    text: reactive[str] = reactive("", layout=True)
    """The line without its mark."""

    def __init__(self, text: str, **kwargs: str | None) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.set_reactive(FocusLine.text, text)

    def render(self) -> Content:
        return Content((MARK if self.has_focus else UNMARKED) + self.text)

    def watch_text(self) -> None:
        if self.has_focus:
            self.call_after_refresh(put_cursor_on, self)

    def on_mount(self) -> None:
        # Focus puts the cursor on the line before a scrolling form brings it into view
        # (at 80x24 a long setup's lines left it below the screen): after every layout,
        # a scroll's too, the focused line takes it again.
        self.screen.screen_layout_refresh_signal.subscribe(self, self._after_layout)

    def _after_layout(self, _screen: object) -> None:
        if self.has_focus:
            put_cursor_on(self)

    def on_focus(self, event: events.Focus) -> None:
        self.refresh()
        self.call_after_refresh(put_cursor_on, self)

    def on_blur(self, event: events.Blur) -> None:
        self.refresh()

    def on_resize(self) -> None:
        if self.has_focus:
            self.call_after_refresh(put_cursor_on, self)


class CyclingChoice(FocusLine, Generic[Value]):
    """``Label: value (Enter changes it, 1 of 3)``: Enter or Space takes the next value.

    Nothing drops down over the lines below, and the line says everything: what the field
    is, its value, how to change it and how many values there are.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,right", "next", "Change", tooltip="The next value", show=False),
        Binding("left", "previous", "Change back", tooltip="The value before", show=False),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter, space, right | The next value (after the last, the first again). |
    | left | The value before (before the first, the last). |
    """

    class Changed(Message):
        """The value changed (by a key press)."""

        def __init__(self, choice: CyclingChoice[object], value: object) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> CyclingChoice[object]:
            return self.choice

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[str, Value]],
        value: Value,
        **kwargs: str | None,
    ) -> None:
        self.label = label
        self.choices = tuple(choices)
        self.index = next((i for i, (_, v) in enumerate(self.choices) if v == value), 0)
        super().__init__(self._line(), **kwargs)

    @property
    def value(self) -> Value:
        """The value chosen."""
        return self.choices[self.index][1]

    def _line(self) -> str:
        shown = self.choices[self.index][0]
        if len(self.choices) < 2:
            return f"{self.label} {shown}"
        where = f"{self.index + 1} of {len(self.choices)}"
        return f"{self.label} {shown} (Enter changes it, {where})"

    def action_next(self) -> None:
        """Take the next value and say so."""
        self._step(1)

    def action_previous(self) -> None:
        """Take the value before and say so."""
        self._step(-1)

    def _step(self, delta: int) -> None:
        if len(self.choices) < 2:
            return
        self.index = (self.index + delta) % len(self.choices)
        self.text = self._line()
        self.post_message(self.Changed(self, self.value))  # type: ignore[arg-type]


class PressLine(FocusLine):
    """A button as a line (``> Start the game (Enter)``): Enter presses it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "press", "Press", tooltip="Do what the line says", show=False),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter, space | Press. |
    """

    class Pressed(Message):
        """The line was pressed."""

        def __init__(self, line: PressLine) -> None:
            super().__init__()
            self.line = line

        @property
        def control(self) -> PressLine:
            return self.line

    def action_press(self) -> None:
        """Say it was pressed."""
        self.post_message(self.Pressed(self))
