"""What a milestone's summary is read from: every event a seat was told since its last one.

A board's ``milestone(update, events)`` says whether ``events`` finish a milestone (a
location, a round, a Combat, a game) and sums it up. A table delivers one update per
action, so the events of the last update alone hold only the last move: the Flea Market's
summary named only the last player to take a row. :class:`Milestones` keeps each seat's
events since its last summary and asks the board with all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.engine import Event
from core.table import Update

Milestone = Callable[[Update, Sequence[Event]], "list[str] | None"]

KEEP = 2000
"""Events kept per seat at most (a game with summaries off in between never grows past it)."""


class Milestones:
    """Each seat's events since its last summary, and the summary they make, if any."""

    def __init__(self, milestone: Milestone) -> None:
        self._milestone = milestone
        self._since: dict[int | None, list[Event]] = {}

    def told(self, update: Update) -> list[str] | None:
        """Add the events ``update`` brought its seat; the summary if they end a milestone
        (the seat's events start over after it)."""
        events = self._since.setdefault(update.seat, [])
        events.extend(update.events)
        del events[:-KEEP]
        lines = self._milestone(update, events)
        if lines:
            events.clear()
        return lines

    def forget(self) -> None:
        """Start over for every seat (a move was taken back: what it told is unsaid)."""
        self._since.clear()
