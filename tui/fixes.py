"""Two Textual 8.2.8 loops that never yield, closed process-wide for every Hunters app.

A Textual app works through its message queue without yielding to the event loop while the
queue is not empty, and every SSH guest's app shares the server's one loop: a handler that
keeps its own queue full, or a timer that never sleeps, freezes every player and the server
itself (no SSH banner for newcomers, SIGTERM ignored). Both were found by an attack on
``hunters serve`` and reproduce locally too (dragging a window across 80×24).

1. **Stale Resize ping-pong.** ``Screen._on_resize`` lays the screen out at the event's size,
   and ``Screen._refresh_layout`` posts a new ``Resize`` to every widget whose size changed —
   the screen itself included. Two queued Resizes of different sizes (a window flapping
   between 79×23 and 100×30; the app also posts each one to the background screens) then
   regenerate each other for ever: A lays out at A and posts A, B lays out at B and posts B,
   and the queue never empties. A Resize whose size is no longer the app's size is stale:
   the screen drops it, and the one for the current size still arrives (the app posts it).
2. **Negative timer intervals.** A toast shown at the instant it expires asks for a timer of
   ``time_left`` ≤ 0 seconds; ``Timer._run`` then computes its catch-up count from a negative
   interval and ``continue``s without ever awaiting. Timers get at least `MIN_INTERVAL`.

`apply` is idempotent and raises if the patched names move in a Textual upgrade, so the fix
cannot silently vanish (tests/tui/test_fixes.py pins both loops).
"""

from __future__ import annotations

import math
from typing import Any, Final

from textual import events
from textual.screen import Screen
from textual.timer import Timer

MIN_INTERVAL: Final = 0.001
"""Seconds: the shortest interval a Textual timer is given (0 or less would spin)."""

_MARK = "_hunters_fixed"


def apply() -> None:
    """Patch both loops shut (see the module docstring). Safe to call any number of times."""
    on_resize = Screen.__dict__.get("_on_resize")
    if on_resize is None:
        raise RuntimeError("textual.screen.Screen._on_resize is gone: re-check tui/fixes.py")
    if not getattr(on_resize, _MARK, False):
        Screen._on_resize = _drop_stale(on_resize)  # type: ignore[method-assign]
    init = Timer.__dict__.get("__init__")
    if init is None or "interval" not in init.__code__.co_varnames:
        raise RuntimeError("textual.timer.Timer.__init__ changed: re-check tui/fixes.py")
    if not getattr(init, _MARK, False):
        Timer.__init__ = _positive_interval(init)  # type: ignore[method-assign]


def _drop_stale(on_resize: Any) -> Any:
    async def _on_resize(self: Screen[Any], event: events.Resize) -> None:
        try:
            current = self.app.size
        except Exception:  # no app yet (a screen being built): nothing to compare with
            current = event.size
        if event.size != current:
            event.stop()
            return
        await on_resize(self, event)

    setattr(_on_resize, _MARK, True)
    return _on_resize


def _positive_interval(init: Any) -> Any:
    def __init__(self: Timer, event_target: Any, interval: float, *args: Any, **kw: Any) -> None:
        if not (isinstance(interval, int | float) and math.isfinite(interval)):
            interval = MIN_INTERVAL
        init(self, event_target, max(float(interval), MIN_INTERVAL), *args, **kw)

    setattr(__init__, _MARK, True)
    return __init__
