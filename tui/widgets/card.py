"""CardFace: one card (or empty space) as a pure Rich renderable, testable without an App.

Nothing is told by colour alone: every face has a symbol and a word, the cursor is shown by
brackets as well as reverse video, and marks (legal target, chosen) are symbols.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text

TARGET = "◆"
"""Marks a place where the chosen card may go."""
CHOSEN = "✓"
"""Marks a card already chosen for the action being built."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """A fixed-width cell: ``[◆≈ Water  ]`` with the cursor, `` ◆≈ Water   `` without."""

    symbol: str
    word: str
    style: str = ""
    width: int = 12
    mark: str = ""
    """TARGET, CHOSEN or empty."""
    cursor: bool = False
    dim: bool = False

    def text(self) -> Text:
        """The face as styled text, exactly ``width`` cells wide."""
        inner = self.width - 2
        mark = (self.mark or " ")[:1]
        label = f"{mark}{self.symbol} {self.word}" if self.symbol else f"{mark}{self.word}"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("[" if self.cursor else " ", style="bold")
        body = Text(label, style=self.style)
        if self.dim:
            body.stylize("dim")
        body.truncate(inner, overflow="ellipsis", pad=True)
        if self.cursor:
            body.stylize(Style(reverse=True, bold=True))
        text.append_text(body)
        text.append("]" if self.cursor else " ", style="bold")
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text()
