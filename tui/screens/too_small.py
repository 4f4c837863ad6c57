"""TooSmallScreen: a full-screen notice shown instead of a layout that cannot fit.

Every screen is laid out for at least 80×24; below that, widgets overlap or vanish and the
game becomes unreadable. The app pushes this screen while the terminal is smaller and pops
it as soon as the window is large enough again, so nothing underneath loses its state.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tui.widgets.marked import MarkedLine

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small_message(width: int, height: int) -> str:
    """The notice for a terminal of ``width``×``height``."""
    return (
        f"Terminal too small: Hunters needs at least {MIN_WIDTH}×{MIN_HEIGHT}, "
        f"this one is {width}×{height}. Enlarge the window."
    )


class TooSmallScreen(Screen[None]):
    """Says how large the terminal must be; it has no keys besides the app's (quit, Ctrl+Q)."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self._size_now = (width, height)

    def compose(self) -> ComposeResult:
        message = too_small_message(*self._size_now)
        settings = getattr(self.app, "settings", None)
        with Middle(), Center():
            if settings is not None and settings.screen_reader:
                yield MarkedLine(message, id="too-small-message")  # the cursor on it
            else:
                yield Static(Content(message), id="too-small-message")

    def show_size(self, width: int, height: int) -> None:
        """Keep the numbers in the notice true while the window is being resized."""
        self._size_now = (width, height)
        notice = self.query_one("#too-small-message", Static)
        if isinstance(notice, MarkedLine):
            notice.say(too_small_message(width, height))
        else:
            notice.update(Content(too_small_message(width, height)))
