"""DetailsScreen: the full text of whatever the board's cursor is on (the `i` key).

A board at 80 columns shortens names; this panel shows the card, hero, relic or choice in
full, with nothing cut, and closes with Escape (or `i` again) back to the same cursor.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.marked import MarkedLine

NO_DETAILS = (
    "This table does not describe single cards yet: the rules (F1) and the history (H) "
    "say what every card and short form means."
)
"""What `i` shows on a board that has no ``details`` yet."""


class DetailsScreen(ModalScreen[None]):
    """One panel of plain text over the table; the table shows dimmed behind it.

    | key | action |
    | --- | --- |
    | Escape, Enter, i | back to the table |
    """

    DEFAULT_CSS = """
    DetailsScreen { align: center middle; }
    DetailsScreen #details-panel {
        width: 90%; max-width: 100; height: auto; max-height: 90%;
        border: heavy $accent; background: $surface; padding: 0 1;
    }
    DetailsScreen #details-title { text-style: bold; color: $accent; }
    DetailsScreen #details-text { height: auto; }
    DetailsScreen #details-keys { color: $text-muted; }
    DetailsScreen.-screen-reader #details-panel {
        border: none; width: 100%; max-width: 100%; height: 1fr; max-height: 100%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,enter,i",
            "close",
            "Back to the table",
            tooltip="Close the details",
            id="details.close",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | escape, enter, i | Back to the table. |
    """

    def __init__(self, title: str, text: str, *, plain: bool = False) -> None:
        super().__init__()
        self.heading = title
        self.text = text
        self.title = title
        self.set_class(plain, "-screen-reader")

    def compose(self) -> ComposeResult:
        keys = "Escape or i: back to the table"
        with VerticalScroll(id="details-panel"):
            if self.has_class("-screen-reader"):
                # First, where the cursor is: a text taller than the screen (t reads the whole
                # table) put the marked line below it, off screen.
                yield MarkedLine(keys, id="details-keys")
            # Card texts and names are shown as typed: never markup.
            yield Static(Content(self.heading), id="details-title")
            yield Static(Content(self.text), id="details-text")
            if not self.has_class("-screen-reader"):
                yield Static(Content(keys), id="details-keys")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss()
