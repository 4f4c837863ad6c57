"""The details line under a board: the whole text of what the cursor is on, in the rows the
board keeps for it, cut at a word only when even those are not enough (``i`` shows all)."""

from __future__ import annotations

import textwrap

from rich.text import Text


def details_lines(text: str, width: int, rows: int, *, pad: bool = True) -> Text:
    """``text`` wrapped at words to ``width`` in ``rows`` lines at most, italic; when it
    needs more, the last line ends in "…" after a whole word; ``pad``: always ``rows``
    lines, so the board below keeps its place whatever the cursor is on."""
    lines = textwrap.wrap(text, width) or [""]
    if len(lines) > rows:
        rest = " ".join(lines[rows - 1 :])
        last = textwrap.shorten(rest, width, placeholder=" …")
        lines = [*lines[: rows - 1], last]
    if pad:
        lines += [""] * (rows - len(lines))  # the rows kept for the position, even if empty
    return Text("\n".join(lines), style="italic", no_wrap=True)
