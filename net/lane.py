"""The slow lane: redraws that can wait for the keys of the server's other guests.

Every guest's App runs on the server's one event loop. When a move is made at a turn-based
table, every screen at it redraws (the board's text, then a frame: 10-25 ms of CPU each at
a table of five), and a key another guest presses meanwhile, at this table or any other,
waits behind them: not once, but at each of the half-dozen steps its own answer takes on
the loop (parsed, handed to the focused widget, its binding, the frame), since each step
queues behind every other App's step. `bench/hall.py` measured a player's key waiting up
to 185 ms inside the server at twenty tables, with the collector's pauses already gone.

So the screens of guests who are not waiting for an answer (the other players and the
spectators of a move) queue here and redraw one at a time (each screen's new position is
shown, then the next one's; their frames follow on their screens' clocks), and only while
no guest's keys are waiting for their frame: the key's steps then share the loop with one
redraw, not twenty. The guest who moved is answered at once (their keys are waiting), as
is every screen of a real-time table (a Whoosh monster must reach every player alike) and
every screen of a local game (one terminal, nobody else waits).

Nothing waits for long. A redraw waits at most `WAIT_MAX` for keys, and one that draws no
frame (nothing changed on that screen) hands on after `DRAW_MAX`; a key that no frame
answers (a cursor that cannot move) stops holding the lane after `KEY_MAX`.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Final

WAIT_MAX: Final = 0.15
"""Seconds a redraw waits at most for other guests' keys: the players who did not move see
the move at most this much later than the one who did (bench/hall.py: spectators' lag)."""
DRAW_MAX: Final = 0.05
"""Seconds the lane waits for a redraw's frame before it starts the next one."""
KEY_MAX: Final = 0.2
"""Seconds a key holds the lane at most while no frame answers it."""


class SlowLane:
    """One loop's queue of redraws that can wait (see the module's docstring).

    Owners are the guests' drivers: `keys_in` when keys reach a guest's App, `frame_out`
    when a frame goes back to that guest. `defer` queues a redraw of an owner's screen.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._queue: deque[tuple[object, Callable[[], object], float]] = deque()
        self._answering: dict[object, float] = {}
        """The owners whose keys wait for a frame, and since when (monotonic)."""
        self._drawing: tuple[object, float] | None = None
        """The owner whose redraw was started last, and when, until its frame goes out."""
        self._timer: asyncio.TimerHandle | None = None
        self.started = 0
        """Redraws started (for tests and benches)."""

    def defer(self, owner: object, redraw: Callable[[], object]) -> None:
        """Run ``redraw`` (which asks the owner's App to redraw) when the lane is free."""
        self._queue.append((owner, redraw, time.monotonic()))
        self._kick()

    def keys_in(self, owner: object) -> None:
        self._answering.setdefault(owner, time.monotonic())

    def frame_out(self, owner: object) -> None:
        self._answering.pop(owner, None)
        if self._drawing is not None and self._drawing[0] is owner:
            self._drawing = None
        if self._queue:
            self._kick()

    def drawn(self, owner: object) -> None:
        """The owner's redraw has been done (its frame is drawn on the next tick of its
        screen's clock): the next one may start."""
        if self._drawing is not None and self._drawing[0] is owner:
            self._drawing = None
            if self._queue:
                self._kick()

    def forget(self, owner: object) -> None:
        """The owner is gone: its keys hold nothing, its redraws are dropped."""
        self._answering.pop(owner, None)
        if self._drawing is not None and self._drawing[0] is owner:
            self._drawing = None
        self._queue = deque(item for item in self._queue if item[0] is not owner)
        self._kick()

    def _kick(self) -> None:
        """Start the next redraw if the lane is free, or look again when it may be."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self._queue:
            now = time.monotonic()
            again = self._free_in(now)
            if again > 0:
                self._timer = self._loop.call_at(self._loop.time() + again, self._kick)
                return
            owner, redraw, _ = self._queue.popleft()
            self._drawing = (owner, now)
            self.started += 1
            try:
                redraw()
            except Exception:  # a screen gone meanwhile: the next one
                self._drawing = None
                continue
            if self._queue:
                self._timer = self._loop.call_at(self._loop.time() + DRAW_MAX, self._kick)
            return

    def _free_in(self, now: float) -> float:
        """Seconds until the next redraw may start (0: now)."""
        waits = []
        if self._drawing is not None:
            waits.append(self._drawing[1] + DRAW_MAX - now)
        for owner, since in list(self._answering.items()):
            if now - since >= KEY_MAX:
                del self._answering[owner]
            else:
                waits.append(since + KEY_MAX - now)
        if not waits:
            return 0.0
        queued = self._queue[0][2]
        return max(0.0, min(max(waits), queued + WAIT_MAX - now))


_LANES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, SlowLane] = weakref.WeakKeyDictionary()


def lane(loop: asyncio.AbstractEventLoop | None = None) -> SlowLane:
    """The lane of ``loop`` (by default the running loop)."""
    loop = loop or asyncio.get_running_loop()
    found = _LANES.get(loop)
    if found is None:
        found = _LANES[loop] = SlowLane(loop)
    return found
