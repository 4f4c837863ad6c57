"""HelpScreen: the keys of the screen you came from, then the game's rules, as plain text.

Also home to the two helpers every screen uses to tell people which keys work: the help list
is built from the *live* bindings (so it never lists a key that does nothing here), and
``key_help`` gives a screen either the Footer or, in screen-reader mode, one plain line.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from tui.app import HuntersApp

_KEY_WORDS = {
    "escape": "Escape",
    "enter": "Enter",
    "tab": "Tab",
    "space": "Space",
    "question_mark": "?",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "pageup": "Page Up",
    "pagedown": "Page Down",
    "home": "Home",
    "end": "End",
    "delete": "Delete",
    "backspace": "Backspace",
}
"""Key names as people say them: help and screen-reader lines spell keys out, not as glyphs."""


def key_name(key: str) -> str:
    """``ctrl+s`` as "Ctrl+S", ``f1`` as "F1", ``question_mark`` as "?"."""
    *modifiers, last = key.split("+")
    if last in _KEY_WORDS:
        word = _KEY_WORDS[last]
    elif re.fullmatch(r"f\d+", last) or (modifiers and len(last) == 1):
        word = last.upper()
    else:
        word = last
    return "+".join([*(m.capitalize() for m in modifiers), word])


def screen_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys that work on ``screen`` right now, with what each does, for help and key lines.

    Several keys bound to one action ("f1,question_mark") become one entry ("F1 or ?");
    bindings hidden from the footer (cursor movement inside widgets) are left out, as are
    disabled ones, so the list is exactly what the footer would show.
    """
    grouped: dict[tuple[int, str, str], list[str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if not (active.enabled and binding.show and binding.description):
            continue
        slot = (id(active.node), binding.action, binding.description)
        shown = binding.key_display if binding.key_display else key_name(key)
        names = grouped.setdefault(slot, [])
        if shown not in names:
            names.append(shown)
    return [(" or ".join(names), description) for (_, _, description), names in grouped.items()]


def key_line(keys: list[tuple[str, str]]) -> str:
    """One sentence of keys, for screen readers: "Keys: Enter set up; Q quit."."""
    return "Keys: " + "; ".join(f"{key} {description.lower()}" for key, description in keys) + "."


def key_help(screen: Screen[Any]) -> Widget:
    """The Footer, or in screen-reader mode one plain line of keys to read first.

    The Footer lays keys out side by side at the bottom, which a screen reader reads as one
    jumble after everything else; a sentence at the top is read first and in order.
    """
    settings = getattr(screen.app, "settings", None)
    if settings is not None and settings.screen_reader:
        return Static(Content(key_line(screen_keys(screen))), classes="keys")
    return Footer()


class HelpScreen(Screen[None]):
    """Keys first (what you need mid-game), then the rulebook, scrollable, closed by Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q,f1",
            "close",
            "Close help",
            tooltip="Go back to where you were",
            id="help.close",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | escape, q, f1 | Close help. |
    """

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    def __init__(self, title: str, rules: str | None, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.topic = title
        """The screen this help is about."""
        self.rules = rules
        self.keys = keys
        self.title = f"Help: {title}"

    def compose(self) -> ComposeResult:
        yield key_help(self)
        yield Static(Content(f"Help: {self.topic}"), classes="title")
        with VerticalScroll(id="help-body"):
            yield Static("Keys on this screen", classes="heading")
            if not self.keys:
                yield Static("No keys besides Escape here.", classes="line")
            for key, description in self.keys:
                yield Static(Content(f"{key}: {description}"), classes="line key")
            if self.rules:
                yield Static("Rules of the game", classes="heading")
                # Rules are shown as plain text: a rulebook full of "[" must not turn into markup.
                yield Static(Content(self.rules), id="rules")

    def action_close(self) -> None:
        """Back to the screen help was opened from."""
        self.dismiss()
