"""ReplayScreen: a recorded game (finished or interrupted) move by move, as a spectator saw it,
or as one seat's player did.

The record is replayed into one position per accepted action, as the player steps to it
(`Positions`: stepping costs one move's replay, and End builds the rest in chunks that give
the loop its turn between them, so a long game stalls no other guest of a server); stepping
shows the spectator's view of that position on the game's own board (or its plain lines in
screen-reader mode) and the public events of that move. Hidden cards stay hidden: a replay
of an interrupted game must not show anybody's hand. Given a ``seat``, the replay is that
seat's: its own hand and the events addressed to it, as its player saw them, and no other
hand (a served game's player replays their own game so).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, overload

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from core.engine import Outcome, with_names
from core.match import Match, visible_events
from core.table import Update
from tui.boards import BOARDS
from tui.screens.history import ReplayHistoryScreen
from tui.widgets.event_log import MAX_ENTRIES, EventLog
from tui.widgets.footer import KeyFooter
from tui.widgets.marked import MarkedLine


@dataclass(frozen=True, slots=True)
class Position:
    """What a spectator (or one seat) saw after one move (move 0: the deal)."""

    view: dict[str, Any]
    acting: frozenset[int]
    outcome: Outcome | None
    events: tuple[str, ...]


CHUNK = 64
"""Moves replayed at once when a jump (End) needs many: about 10 ms of the loop each."""


class Positions(Sequence[Position]):
    """The positions of ``match`` from the deal to its last accepted action, as ``seat`` saw
    them (None: a spectator), each replayed when it is first asked for."""

    def __init__(self, match: Match, names: Sequence[str], seat: int | None = None) -> None:
        self._steps = match.steps
        self._names = tuple(names)
        self._seat = seat
        self._replay = Match.replay(match.record(), upto=0)
        self._found = [self._now(["The cards are dealt."])]

    def _now(self, events: Sequence[str]) -> Position:
        replay = self._replay
        return Position(replay.view(self._seat), replay.to_act(), replay.outcome(), tuple(events))

    @property
    def built(self) -> int:
        """The index of the last position replayed so far."""
        return len(self._found) - 1

    def build(self, upto: int) -> None:
        """Replay the moves up to position ``upto`` (those not replayed yet)."""
        for seat, action, at_ns in self._steps[len(self._found) - 1 : upto]:
            events = self._replay.act(seat, action, at_ns)
            texts = [with_names(e["text"], self._names) for e in visible_events(events, self._seat)]
            self._found.append(self._now(texts))

    def __len__(self) -> int:
        return len(self._steps) + 1

    @overload
    def __getitem__(self, index: int) -> Position: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Position]: ...

    def __getitem__(self, index: int | slice) -> Position | Sequence[Position]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        self.build(index)
        return self._found[index]


def positions(match: Match, names: Sequence[str], seat: int | None = None) -> list[Position]:
    """Every position of ``match`` from the deal to its last accepted action, as ``seat``
    saw them (None: a spectator)."""
    found = Positions(match, names, seat)
    return list(found)


class ReplayScreen(Screen[None]):
    """Step through a recorded game.

    | key | action |
    | --- | --- |
    | → l | the next move |
    | ← h | the move before |
    | End G | the last move |
    | Home g | the deal |
    | H | the history: every move up to the one shown |
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
        Binding("H", "history", "History", tooltip="Every move up to here", id="replay.history"),
        # Not in the footer, which has Ctrl+Q for it: at 80 columns every key there is whole.
        Binding("q", "app.quit", "Quit", show=False, id="replay.quit"),
    ]

    def __init__(
        self,
        match: Match,
        names: Sequence[str],
        *,
        screen_reader: bool = False,
        seat: int | None = None,
    ) -> None:
        """``seat``: replay the game as that seat's player saw it (None: as a spectator)."""
        super().__init__()
        self.match = match
        self.names = tuple(names)
        self.screen_reader = screen_reader
        self.seat = seat
        self.board_module: Any = BOARDS[match.game.slug]
        self.positions = Positions(match, self.names, seat)
        self.at = 0
        self._logged = -1
        """The last move whose events the log shows (-1: none, not even the deal's)."""
        whose = "" if seat is None else f" from {self.names[seat]}'s seat"
        self.title = f"{match.game.title}: replay{whose}"

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
            board.replaying = True  # its prompt says how to step (tui.boards.base.replay_prompt)
            yield board
        yield EventLog(id="log")
        # One line of keys, each whole at 80 columns (Textual's Footer cut F1 Help off).
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.set_focus(None)
        self._log(0, 0)
        self._show()

    def update_at(self, index: int) -> Update:
        """The spectator's (or the seat's) update for position ``index`` (no legal moves:
        nobody plays)."""
        position = self.positions[index]
        events = tuple({"type": "replay", "text": text} for text in position.events)
        return Update(
            index,
            self.seat,
            position.view,
            (),
            events,
            self.names,
            position.acting,
            position.outcome,
        )

    def _show(self) -> None:
        update = self.update_at(self.at)
        last = len(self.positions) - 1
        where = "The deal" if self.at == 0 else f"Move {self.at} of {last}"
        if self.seat is not None:
            where += f", from {self.names[self.seat]}'s seat"
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
        """Add the events of moves ``first`` to ``last`` to the log, in one write."""
        texts = [
            f"{index}. {text}" if index else text
            for index in range(first, last + 1)
            for text in self.positions[index].events
        ]
        self.query_one(EventLog).add_all([(text, None) for text in texts[-MAX_ENTRIES:]])
        self._logged = last

    def _log_plan(self, at: int) -> tuple[bool, int]:
        """What the log needs to show position ``at``: whether it starts afresh (going
        back: it shows what happened up to here, nothing later), and the first move to add
        (at most the last `MAX_ENTRIES`, all it keeps)."""
        if at >= self._logged:
            return False, self._logged + 1
        return True, max(0, at - MAX_ENTRIES)

    def _clear_log(self) -> None:
        log = self.query_one(EventLog)
        log.entries = []
        log.clear()
        self._logged = -1

    def action_step(self, delta: int) -> None:
        self.workers.cancel_group(self, "replay-jump")  # a key after End: it goes from here
        at = max(0, min(len(self.positions) - 1, self.at + delta))
        _, first = self._log_plan(at)
        if at - self.positions.built > CHUNK or at - first > CHUNK:
            self.run_worker(self._jump(at), group="replay-jump", exclusive=True)
            return
        self._go(at)

    def action_history(self) -> None:
        """Every line of the game up to the move shown, numbered as the log numbers them,
        in a screen of its own (the log keeps only the last lines)."""
        lines = [
            f"{index}. {text}" if index else text
            for index in range(self.at + 1)
            for text in self.positions[index].events
        ]
        upto = "at the deal" if self.at == 0 else f"up to move {self.at}"
        self.app.push_screen(ReplayHistoryScreen(self.match.game.title, lines, self.names, upto))

    async def _jump(self, at: int) -> None:
        """Go to position ``at``, far from here: the moves between are replayed, and their
        events logged, a chunk at a time, the loop turning between chunks (a key pressed
        meanwhile goes on from the position shown, the log as far as it got)."""
        while self.positions.built < at:
            self.positions.build(min(at, self.positions.built + CHUNK))
            await asyncio.sleep(0)
        fresh, first = self._log_plan(at)
        if fresh:
            self._clear_log()
        for start in range(first, at + 1, CHUNK):
            self._log(start, min(at, start + CHUNK - 1))
            await asyncio.sleep(0)
        self._go(at)

    def _go(self, at: int) -> None:
        """Show position ``at`` and its log (a few moves from what it shows)."""
        fresh, first = self._log_plan(at)
        if fresh:
            self._clear_log()
        if first <= at:
            self._log(first, at)
        self.at = at
        self._show()
