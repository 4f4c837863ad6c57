"""What a milestone's summary is read from: every event a seat was told since its last one.

A board's ``milestone(update, events)`` says whether ``events`` finish a milestone (a
location, a round, a Combat, a game) and sums it up. A table delivers one update per
action, so the events of the last update alone hold only the last move: the Flea Market's
summary named only the last player to take a row. :class:`Milestones` keeps each seat's
events since its last summary and asks the board with all of them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from core.engine import Event, with_names
from core.table import Update
from tui.screens.history import you_form

Milestone = Callable[[Update, Sequence[Event]], "list[str] | None"]

KEEP = 2000
"""Events kept per seat at most (a game with summaries off in between never grows past it)."""


class Milestones:
    """Each seat's events since its last summary, and the summary they make, if any."""

    def __init__(self, milestone: Milestone) -> None:
        self._milestone = milestone
        self._since: dict[int | None, list[Event]] = {}

    def told(self, update: Update, *, you: bool = True) -> list[str] | None:
        """Add the events ``update`` brought its seat; the summary if they end a milestone
        (the seat's events start over after it). ``you``: the seat's own facts read "You …"
        (False at a hot seat: whoever reads may not be that seat, so names stay)."""
        events = self._since.setdefault(update.seat, [])
        events.extend(update.events)
        del events[:-KEEP]
        lines = self._milestone(as_reader(update) if you else update, events)
        if lines:
            events.clear()
            if you:
                lines = [read_by(line, update) for line in lines]
        return lines

    def forget(self) -> None:
        """Start over for every seat (a move was taken back: what it told is unsaid)."""
        self._since.clear()


_PAST = ("won", "lost", "took", "got", "had", "drew", "grabbed", "saved", "captured")
"""Past tenses a summary puts after a name: the same after "You"."""


def as_reader(update: Update) -> Update:
    """``update`` with the reader's name as their seat token, for `read_by` to turn."""
    seat = update.seat
    if seat is None:
        return update
    names = list(update.names) + [f"Player {s + 1}" for s in range(len(update.names), seat + 1)]
    names[seat] = f"{{p{seat}}}"
    return dataclasses.replace(update, names=tuple(names))


def read_by(line: str, update: Update) -> str:
    """A summary line written by `as_reader` as its reader reads it: their own facts as
    "You …" with the verb for "you" ("{p0} wins." → "You win."; "{p0} won", "{p0} and Bob
    share", "{p0}: 3 points" → "You won", "You and Bob share", "You: 3 points"), anything
    else with their name."""
    seat = update.seat
    if seat is None:
        return line
    token = re.escape(f"{{p{seat}}}")
    line = re.sub(
        rf"(^|[.!:;] ){token}( (?:{'|'.join(_PAST)}|and)\b|:)",
        lambda m: f"{m[1]}{'you' if m[1] in (': ', '; ') else 'You'}{m[2]}",
        line,
    )
    return with_names(you_form(line, seat), update.names)
