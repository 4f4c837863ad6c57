"""PassScreen: the hot-seat cover that hides the table between two local players."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.marked import MarkedLine


class PassScreen(ModalScreen[None]):
    """ "Pass to NAME — press Enter": nothing of the table shows through.

    | key | action |
    | --- | --- |
    | Enter | I am NAME: show my hand |
    """

    DEFAULT_CSS = """
    PassScreen { background: $background; align: center middle; }
    PassScreen Static { width: auto; padding: 1 4; border: heavy $accent; text-style: bold; }
    PassScreen.-screen-reader Static { border: none; padding: 0; }
    """
    BINDINGS = [Binding("enter", "ready", "I am ready", id="cover.ready")]

    def __init__(self, name: str, *, plain: bool = False) -> None:
        super().__init__()
        self.player = name
        self.set_class(plain, "-screen-reader")

    def compose(self) -> ComposeResult:
        if self.has_class("-screen-reader"):
            # One marked line holding the cursor; the name is the player's own text.
            line = f"Pass to {self.player}, then press Enter. Everyone else, look away."
            with Middle(), Center():
                yield MarkedLine(line, id="cover-message")
            return
        message = Text("Pass to ")
        message.append(self.player, style="bold")
        message.append(" — press Enter.\nEveryone else, look away.")
        with Middle(), Center():
            yield Static(message, id="cover-message")

    def action_ready(self) -> None:
        self.dismiss(None)
