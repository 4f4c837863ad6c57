"""Tests of the Textual app, and the helper they share for reading what the screen shows."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.app import App


def screen_text(app: App[Any]) -> str:
    """The current screen as plain text, exactly as the terminal would show it.

    Reading the composited screen (not widget attributes) proves what a player sees: markup
    that was interpreted, or a border that was drawn, shows up here and nowhere else.
    """
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


async def text_showing(pilot: Any, words: str, tries: int = 50) -> str:
    """The screen's text once it shows ``words``, or as it is after ``tries`` short pauses.

    A change that recomposes a screen (a seat turning human) finishes a few frames after the
    message that started it; on a loaded machine one pause is not always enough.
    """
    text = screen_text(pilot.app)
    for _ in range(tries):
        if words in text:
            break
        await pilot.pause(0.02)
        text = screen_text(pilot.app)
    return text


BOX_DRAWING = {chr(code) for code in range(0x2500, 0x2580)}
"""U+2500–U+257F: the characters borders and rules are drawn with."""
