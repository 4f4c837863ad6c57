"""Plain terminals: which terminals get screen-reader mode by themselves, and how an app
draws for them (ASCII only, no colour).

A terminal that calls itself ``dumb`` or ``vt100`` (or says nothing: no TERM) cannot show
colours, box drawing or most symbols, and is what many braille displays and screen readers
on old systems drive; such a player gets the plain lines of screen-reader mode at once, with
every character ASCII. ``NO_COLOR`` (https://no-color.org, any value) turns colour off in
every mode, leaving bold and reverse, which carry the board's cursor.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter, Monochrome, NoColor

PLAIN_TERMS = frozenset({"", "dumb", "vt100", "vt102", "vt52", "unknown"})
"""TERM values (lowercased) whose terminals get the plain mode."""

ASCII_FOR: Mapping[str, str] = {
    "—": "-",
    "–": "-",
    "−": "-",
    "·": "-",
    "•": "*",
    "…": ".",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "×": "x",
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "▶": ">",
    "►": ">",
    "▸": ">",
    "◀": "<",
    "◄": "<",
    "◂": "<",
    "▲": "^",
    "▼": "v",
    "●": "*",
    "○": "o",
    "⚠": "!",
    "✓": "v",
    "★": "*",
}
"""The ASCII character shown for a symbol, one cell for one cell (the layout stays)."""


def plain_terminal(term: str | None) -> bool:
    """Whether a terminal named ``term`` (its TERM; None when unset) gets the plain mode."""
    return (term or "").strip().lower() in PLAIN_TERMS


def ascii_char(char: str) -> str:
    """``char`` as ASCII of the same width: a letter without its accent, a dash for a dash,
    a box-drawing line as ``-``, ``|`` or ``+``; ``?`` for anything else."""
    if char.isascii():
        return char
    if char in ASCII_FOR:
        return ASCII_FOR[char]
    width = cell_len(char)
    if width == 0:
        return ""
    name = unicodedata.name(char, "")
    if name.startswith(("BOX DRAWINGS", "BLOCK", "LOWER", "UPPER")):
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+" if name.startswith("BOX DRAWINGS") else " "
    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if len(base) == width:
        return base
    if char.isspace():
        return " " * width
    return "?" * width


def ascii_text(text: str) -> str:
    """``text`` with every character ASCII, each taking the cells its original took."""
    return text if text.isascii() else "".join(ascii_char(char) for char in text)


class PlainText(LineFilter):
    """Every character on the screen as ASCII (see `ascii_char`), with no colour or other
    attribute: what a dumb terminal can show without printing escape codes as junk."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, style, control) if control else Segment(ascii_text(text))
            for text, style, control in segments
        ]


def without_colour(app: App[Any]) -> None:
    """Colour off, bold and reverse kept (Textual's own ``NO_COLOR`` handling draws in
    greys, which are still colours)."""
    filters = app._filters
    filters[:] = [f for f in filters if not isinstance(f, (Monochrome, NoColor))]
    filters.append(NoColor())


def draw_plainly(app: App[Any]) -> None:
    """Draw ``app`` for a plain terminal: screen-reader mode, ASCII, and no colour or other
    text attributes (such a terminal shows their escape codes as junk)."""
    settings = getattr(app, "settings", None)
    if settings is not None:
        settings.screen_reader = True
        settings.plain_terminal = True
    app._filters.append(PlainText())
