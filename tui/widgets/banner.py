"""TurnBanner: one line saying whose turn it is, or who won — in words, not colour."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.text import Text
from textual.strip import Strip
from textual.widgets import Static

from core.engine import in_words
from core.table import Update

KEPT_LINES = 16
"""Lines kept as drawn (a table's banner says two or three things in turn)."""


class TurnBanner(Static):
    """▶ Your turn, NAME / Waiting for NAME / Game over: NAME wins. Names stay plain text."""

    DEFAULT_CSS = """
    TurnBanner { height: 1; padding: 0 1; background: $primary-darken-2; text-style: bold; }
    """

    _said: Text | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: dict[Hashable, Strip] = {}
        """Lines drawn, by their words and styles and the banner's width."""

    def show(self, update: Update, words: Callable[[Update], Text | None] | None = None) -> None:
        """Say what ``update`` means for the seat it was made for; ``words``: the game's own
        line where it has one (see `banner_words`).

        Redrawn only when the words change, and never laid out again: the banner is one
        line whatever it says (a layout of the whole screen costs more than the table)."""
        said = banner_words(update, words)
        if said == self._said:
            return
        self._said = said
        self.update(said, layout=False)

    def render_line(self, y: int) -> Strip:
        """The line of words, as drawn before when it said them before: a table's banner
        says '▶ Your turn' and 'Waiting for …' in turn."""
        said = self._said
        if said is None or y:
            return super().render_line(y)
        key = (said.plain, tuple(said.spans), said.style, self.size.width, self.visual_style)
        line = self._drawn.get(key)
        if line is None:
            if len(self._drawn) >= KEPT_LINES:
                self._drawn.clear()
            line = self._drawn[key] = super().render_line(y)
        return line


def banner_words(update: Update, words: Callable[[Update], Text | None] | None) -> Text:
    """The banner's words: the game's own line where ``words`` gives one (a real-time game,
    where everyone may always act; a series' end, whose winner is the series'), else the
    table's (`banner_text`)."""
    said = words(update) if words is not None else None
    return banner_text(update) if said is None else said


def banner_text(update: Update) -> Text:
    """The banner's words for one update (pure, for tests and screen-reader lines)."""
    text = Text()
    if update.outcome is not None:
        winners = [update.names[s] for s in update.outcome.winners()]
        text.append("Game over: ")
        if update.outcome.lost_to:
            text.append(f"{update.outcome.lost_to} won")
        elif not winners:
            text.append("nobody wins")
        else:
            text.append(in_words(winners))
            text.append(" win" + ("s" if len(winners) == 1 else ""))
    elif update.seat is not None and update.seat in update.acting:
        text.append("▶ Your turn, ")
        text.append(update.names[update.seat])
    else:
        text.append("Waiting for ")
        text.append(", ".join(update.names[s] for s in sorted(update.acting) if s >= 0))
    return text
