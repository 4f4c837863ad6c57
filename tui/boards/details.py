"""The details line under a board: the whole text of what the cursor is on, in the rows the
board keeps for it, cut at a word only when even those are not enough (``i`` shows all)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

_CONSOLE = Console(width=400, color_system=None)
"""Wraps text for measuring only: never prints."""

MORE = "…"
"""Ends a line of words cut to fit (after a whole word): i shows the whole text."""


def wrapped(text: Text, width: int, count: int) -> list[Text]:
    """``text`` wrapped to exactly ``count`` lines (blank ones after it when it is
    shorter); when it needs more, the last ends after the whole words that fit with " …"
    (never in the middle of a word: "(2001; Spider-Man; value 1; Firs…" was read)."""
    lines = list(text.wrap(_CONSOLE, width)) if text.plain else []
    if len(lines) > count:
        start = sum(len(line.plain) for line in lines[: count - 1])
        rest = text.plain[start:].lstrip()
        head = text[len(text.plain) - len(rest) :]
        words = rest.split(" ")
        while len(words) > 1 and cell_len(" ".join(words)) + 2 > width:
            words.pop()
        head.truncate(len(" ".join(words)))
        head.rstrip()
        head.append(f" {MORE}")
        head.no_wrap = True
        head.truncate(width, overflow="ellipsis")
        lines = [*lines[: count - 1], head]
    return lines + [Text("")] * (count - len(lines))


def details_lines(text: str, width: int, rows: int, *, pad: bool = True) -> Text:
    """``text`` wrapped at words to ``width`` in ``rows`` lines at most, italic (`wrapped`);
    ``pad``: always ``rows`` lines, so the board below keeps its place whatever the cursor
    is on (else only the lines the text needs)."""
    lines = [line.plain.rstrip() for line in wrapped(Text(text), width, rows)]
    if not pad:
        while len(lines) > 1 and not lines[-1]:
            lines.pop()
    return Text("\n".join(lines), style="italic", no_wrap=True)
