"""MilestoneScreen: a pause at a milestone of the game — who won what, and why.

After a Hunt, a round, a location or a game of a series, the board module's ``milestone``
sums it up in a title and a sentence per fact. The panel waits for Enter; at a local table
the bots hold still meanwhile (``Table.hold``), at a served table it does not hold the
others up (one guest reading must not freeze everyone) and says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.marked import MarkedLine

HOLD_REASON = "summary"
"""The reason a local table's bots wait while the panel is open."""


class MilestoneScreen(ModalScreen[None]):
    """A title, one sentence per fact, and Enter to go on.

    | key | action |
    | --- | --- |
    | Enter | go on playing |
    """

    DEFAULT_CSS = """
    MilestoneScreen { align: center middle; }
    MilestoneScreen #milestone-panel {
        width: 90%; max-width: 90; height: auto; max-height: 90%;
        border: heavy $accent; background: $surface; padding: 0 1;
    }
    MilestoneScreen #milestone-title { text-style: bold; color: $accent; margin-bottom: 1; }
    MilestoneScreen .fact { height: auto; }
    MilestoneScreen #milestone-keys { height: auto; margin-top: 1; color: $text-muted; }
    /* The facts scroll; the way on stays under them, in view (90% of the screen, less
       the border and the way on's two lines: 70vh leaves room at 80x24 and above). */
    MilestoneScreen #milestone-facts { height: auto; max-height: 70vh; }
    MilestoneScreen.-screen-reader #milestone-panel {
        border: none; width: 100%; max-width: 100%; height: 1fr; max-height: 100%;
    }
    MilestoneScreen.-screen-reader #milestone-facts { height: 1fr; max-height: 100%; }
    """

    MORE = "; Up and Down read the rest"
    """Added to the way on in screen-reader mode when the facts do not all fit."""
    MORE_KEYS = "; ↑↓ read the rest"
    """Added to the way on when the facts do not all fit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "close",
            "Go on",
            priority=True,
            tooltip="Close the summary and play on",
            id="milestone.close",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter | Close the summary and play on (not space: Whoosh reveals with it). |
    """

    def __init__(
        self, lines: Sequence[str], *, holding: bool, plain: bool = False, final: bool = False
    ) -> None:
        super().__init__()
        self.final = final
        """The game is over: nothing plays on behind this panel."""
        self.heading = lines[0] if lines else "Summary"
        self.facts = tuple(lines[1:])
        self.holding = holding
        """Whether the bots wait for this panel (a local table) or play on (a served one)."""
        self.title = self.heading
        self.set_class(plain, "-screen-reader")

    def compose(self) -> ComposeResult:
        if self.final:
            waits = "Enter: close, then Enter again for the results"
        elif self.holding:
            waits = "Enter: play on (the bots wait for you)"
        else:
            waits = "Enter: close (the table plays on meanwhile)"
        self.waits = waits
        # The way on stays in view under the facts, which scroll: a whole round's facts
        # were taller than 80x24 and pushed it (and, for a screen reader, the marked line
        # with the cursor's place) off the screen.
        with Vertical(id="milestone-panel"):
            with VerticalScroll(id="milestone-facts"):
                yield from self._facts()
            if self.has_class("-screen-reader"):
                yield MarkedLine(waits, id="milestone-keys")
            else:
                yield Static(Content(waits), id="milestone-keys")

    def _facts(self) -> ComposeResult:
        # The facts name players: their own text, never markup.
        yield Static(Content(self.heading), id="milestone-title")
        for fact in self.facts:
            yield Static(Content(fact), classes="fact")

    def on_mount(self) -> None:
        # Closed before it was mounted (a player's Enter outran the panel's start): its
        # parts are gone already, and there is nothing to focus.
        facts = self.query("#milestone-facts").results(VerticalScroll)
        if (scroll := next(facts, None)) is not None:
            scroll.focus()  # Up, Down, PageUp… scroll them
            self.call_after_refresh(self._say_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """The way on says that Up and Down read the rest, when the facts do not fit."""
        facts = next(self.query("#milestone-facts").results(VerticalScroll), None)
        keys = next(self.query("#milestone-keys").results(Static), None)
        if not self.is_mounted or facts is None or keys is None:
            return
        plain = self.has_class("-screen-reader")
        more = (self.MORE if plain else self.MORE_KEYS) if facts.max_scroll_y > 0 else ""
        if isinstance(keys, MarkedLine):
            keys.say(self.waits + more)
        else:
            keys.update(Content(self.waits + more))

    def action_close(self) -> None:
        """Play on."""
        self.dismiss()
