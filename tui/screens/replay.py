"""ReplayScreen: a recorded game (finished or interrupted) move by move, as a spectator saw it.

The record is replayed once into one position per accepted action; stepping shows the
spectator's view of that position on the game's own board (or its plain lines in
screen-reader mode) and the public events of that move. Hidden cards stay hidden: a replay
of an interrupted game must not show anybody's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from core.engine import Outcome, with_names
from core.match import Match, visible_events
from core.table import Update
from tui.boards import BOARDS
from tui.widgets.event_log import EventLog
from tui.widgets.marked import MarkedLine


@dataclass(frozen=True, slots=True)
class Position:
    """What a spectator saw after one move (move 0: the deal)."""

    view: dict[str, Any]
    acting: frozenset[int]
    outcome: Outcome | None
    events: tuple[str, ...]


def positions(match: Match, names: Sequence[str]) -> list[Position]:
    """Every position of ``match`` from the deal to its last accepted action."""
    replay = Match.replay(match.record(), upto=0)

    def now(events: Sequence[str]) -> Position:
        return Position(replay.view(None), replay.to_act(), replay.outcome(), tuple(events))

    found = [now(["The cards are dealt."])]
    for seat, action, at_ns in match.steps:
        events = replay.act(seat, action, at_ns)
        texts = [with_names(e["text"], names) for e in visible_events(events, None)]
        found.append(now(texts))
    return found


class ReplayScreen(Screen[None]):
    """Step through a recorded game.

    | key | action |
    | --- | --- |
    | → l | the next move |
    | ← h | the move before |
    | End G | the last move |
    | Home g | the deal |
    | q | quit |
    """

    DEFAULT_CSS = """
    ReplayScreen #replay-where { height: 1; padding: 0 1; text-style: bold; }
    ReplayScreen #replay-plain { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "Next move", id="replay.next", priority=True),
        Binding("left,h", "step(-1)", "Move before", id="replay.previous", priority=True),
        # Priority: the event log takes focus, and would scroll on End and Home instead.
        Binding("end,G", "step(1000000)", "Last", id="replay.last", priority=True),
        Binding("home,g", "step(-1000000)", "Deal", id="replay.first", priority=True),
        Binding("q", "app.quit", "Quit", id="replay.quit"),
    ]

    def __init__(self, match: Match, names: Sequence[str], *, screen_reader: bool = False) -> None:
        super().__init__()
        self.match = match
        self.names = tuple(names)
        self.screen_reader = screen_reader
        self.board_module: Any = BOARDS[match.game.slug]
        self.positions = positions(match, self.names)
        self.at = 0
        self.title = f"{match.game.title}: replay"

    @property
    def game_slug(self) -> str:
        """The game being replayed (the help screen shows its rules)."""
        return self.match.game.slug

    def compose(self) -> ComposeResult:
        yield MarkedLine("", id="replay-where") if self.screen_reader else Static(id="replay-where")
        if self.screen_reader:
            yield Static(id="replay-plain")
        else:
            board = self.board_module.Board(id="board")
            board.can_focus = False  # its keys play moves; here the arrows step through them
            yield board
        yield EventLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.set_focus(None)
        self._log(0, 0)
        self._show()

    def update_at(self, index: int) -> Update:
        """The spectator's update for position ``index`` (no legal moves: nobody plays)."""
        position = self.positions[index]
        events = tuple({"type": "replay", "text": text} for text in position.events)
        return Update(
            index, None, position.view, (), events, self.names, position.acting, position.outcome
        )

    def _show(self) -> None:
        update = self.update_at(self.at)
        last = len(self.positions) - 1
        where = "The deal" if self.at == 0 else f"Move {self.at} of {last}"
        if update.outcome is not None:
            where += " — the game is over"
        elif self.at == last:
            where += " — the record ends here"
        shown = self.query_one("#replay-where", Static)
        if isinstance(shown, MarkedLine):
            shown.say(where)
        else:
            shown.update(Text(where))
        if self.screen_reader:
            lines = self.board_module.describe(update)
            self.query_one("#replay-plain", Static).update(Text("\n".join(lines)))
        else:
            self.query_one("#board").show(update)  # type: ignore[attr-defined]

    def _log(self, first: int, last: int) -> None:
        """Add the events of moves ``first`` to ``last`` to the log."""
        log = self.query_one(EventLog)
        for index in range(first, last + 1):
            for text in self.positions[index].events:
                log.add(f"{index}. {text}" if index else text)

    def action_step(self, delta: int) -> None:
        at = max(0, min(len(self.positions) - 1, self.at + delta))
        if at > self.at:
            self._log(self.at + 1, at)
        elif at < self.at:  # the log shows what happened up to here, nothing later
            log = self.query_one(EventLog)
            log.entries = []
            log.clear()
            self._log(0, at)
        self.at = at
        self._show()
