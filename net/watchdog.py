"""Watchdog: notices when the server's one event loop stops turning, and frees it.

Every SSH guest's App, every table and the listener share one asyncio loop, and a Textual App
works through its message queue without yielding while the queue is not empty: any App stuck
in a handler that never returns (a bug in Textual or in ours, provoked by a guest) freezes
every player and the server itself — no banner for new connections, SIGTERM ignored. The root
causes found so far are fixed where they are (tui/fixes.py, the input budgets in
net/driver.py and net/fastpath.py); this is the defence in depth for the next one.

A heartbeat on the loop stamps the time every `INTERVAL`; a thread checks the stamp. When the
loop has not turned for `LIMIT` seconds, the thread looks at what the loop's thread is running
(``sys._current_frames``). If an App is on that stack, the App is the one holding everybody up:
its session is marked dropped (the player is told why) and an exception is raised inside the
loop's thread (``PyThreadState_SetAsyncExc``), which Textual's message pump catches as a crash
of that App alone — it exits, its session closes, and the loop turns again. Anything else on
the stack is logged, once per stall, with the stack, and left alone: only an App is ever cut
short, never the table or the listener.

Time the garbage collector takes is nobody's: a collection runs inside whatever allocated
last, often an App, and after a departure it walks every app's objects (net/textual_fixes.py
`_Heap`): seconds with a hundred guests. An App was dropped for that, its end unfroze the heap
for another such collection, and a bench of twenty tables lost session after session. While
a collection runs the watchdog waits, and the loop's time is counted from its end.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
import sys
import threading
import time
import traceback
import weakref
from types import FrameType
from typing import Any, Final

from textual.app import App
from textual.timer import Timer

logger = logging.getLogger(__name__)

LIMIT: Final = 1.5
"""Seconds the loop may go without turning before the App holding it is dropped. A frame
of the largest screen (`net.driver.MAX_SIZE`) is laid out in about a fifth of that."""
INTERVAL: Final = 0.1
"""Seconds between heartbeats (and between the thread's checks)."""
REASON: Final = "it held up the server for everyone"
"""What a player whose App was cut short is told (after "session closed: ")."""


class LoopHeld(Exception):
    """Raised inside an App that kept the shared event loop from turning."""


class Watchdog:
    """Watches one running loop from a thread; `start` in the loop, `stop` when done."""

    def __init__(self, *, limit: float = LIMIT, interval: float = INTERVAL) -> None:
        if not (limit > 0 and interval > 0):
            raise ValueError("the watchdog's limit and interval must be positive")
        self._limit = limit
        self._interval = interval
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0
        self._beat_at = time.monotonic()
        self._beat_handle: asyncio.TimerHandle | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._cut: weakref.WeakSet[App[Any]] = weakref.WeakSet()
        self.dropped: list[str] = []
        """A line per App cut short (for logs and tests)."""
        self._collecting = False
        self._collected_at = 0.0
        """When the garbage collector last finished (monotonic): no App's time before it."""

    def _collector(self, phase: str, info: dict[str, int]) -> None:
        """`gc.callbacks` entry: whether a collection runs, and when the last one ended."""
        if phase == "start":
            self._collecting = True
        else:
            self._collected_at = time.monotonic()
            self._collecting = False

    def start(self) -> None:
        """Start beating on the running loop and watching from a daemon thread."""
        self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self._beat()
        self._stop.clear()
        gc.callbacks.append(self._collector)
        self._thread = threading.Thread(target=self._watch, name="hunters-watchdog", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop watching (call from the loop's thread)."""
        self._stop.set()
        if self._collector in gc.callbacks:
            gc.callbacks.remove(self._collector)
        if self._beat_handle is not None:
            self._beat_handle.cancel()
            self._beat_handle = None
        if self._thread is not None:
            self._thread.join(timeout=2 * self._interval + 1)
            self._thread = None

    def _beat(self) -> None:
        self._beat_at = time.monotonic()
        assert self._loop is not None
        self._beat_handle = self._loop.call_later(self._interval, self._beat)

    # -- the watching thread --------------------------------------------------------------

    def _watch(self) -> None:
        reported_for = -1.0
        while not self._stop.wait(self._interval):
            beat = max(self._beat_at, self._collected_at)
            if self._collecting or time.monotonic() - beat < self._limit:
                continue
            frame = sys._current_frames().get(self._loop_thread)
            if frame is None:
                continue
            app = _app_on_stack(frame)
            if app is None:
                if reported_for != beat:
                    reported_for = beat
                    stack = "".join(traceback.format_stack(frame, limit=12))
                    logger.error(
                        "the event loop has not turned for %.1f s:\n%s",
                        time.monotonic() - beat,
                        stack,
                    )
                continue
            if max(self._beat_at, self._collected_at) != beat or app in self._cut:
                # It turned meanwhile, or this App is already crashing (Textual is drawing
                # its traceback): one interruption per App.
                continue
            self._cut.add(app)
            self._cut_short(app, time.monotonic() - beat)

    def _cut_short(self, app: App[Any], held: float) -> None:
        driver = app._driver
        if driver is not None and hasattr(driver, "dropped") and driver.dropped is None:
            driver.dropped = REASON
        line = f"{type(app).__name__} held the event loop for {held:.1f} s: dropping its session"
        self.dropped.append(line)
        logger.error("%s", line)
        raised = ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(self._loop_thread), ctypes.py_object(LoopHeld)
        )
        if raised != 1:  # 0: the thread is gone; more than 1 cannot happen for one id
            logger.error("watchdog could not interrupt the event loop (%d)", raised)


def _app_on_stack(frame: FrameType | None) -> App[Any] | None:
    """The innermost Textual App whose code (or whose widgets', screens' or timers') the
    frame stack is running, if any."""
    while frame is not None:
        owner = frame.f_locals.get("self")
        app = _app_of(owner)
        if app is not None:
            return app
        frame = frame.f_back
    return None


def _app_of(owner: object) -> App[Any] | None:
    if isinstance(owner, Timer):
        owner = owner._target()
    for _ in range(256):  # a DOM is never this deep; a cycle must not hang the watchdog
        if owner is None:
            return None
        if isinstance(owner, App):
            return owner
        owner = getattr(owner, "_parent", None)
    return None
