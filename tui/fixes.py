"""Textual 8.2.8 faults that froze the server or ended a session, fixed process-wide for every
Hunters app: two loops that never yield, page keys on a list not laid out yet, and a one-shot
timer lost when it started late.

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
3. **Page keys on a list not laid out yet.** ``OptionList._move_page`` looks the highlighted
   option's line up in lines measured at the list's last layout; a list whose options changed
   while it had no size (the screen-reader list of choices, empty and 0 lines high until the
   player's turn fills it; a Select's list, hidden until Enter opens it) has measured none, and
   a Page Up/Down handled before the next layout raised ``KeyError``, which ended an SSH
   guest's session. Such a key now moves nothing: a list with no height has no page yet.

4. **A one-shot timer that never fires.** ``Timer._run`` skips the ticks it is late for
   (``skip``, the default) by comparing two clock readings taken one line apart, before it
   first sleeps. A process held up between them for longer than the delay (a full garbage
   collection, a descheduled process on a loaded machine) counted the only tick of a
   ``set_timer`` as missed and ended without calling it. A served guest's "the hall
   changed" timer was lost so at the start of a game, and every later change waits for
   that one: their terminal stayed on the lobby while a bot played their seat. A one-shot
   timer (``repeat=0``, as ``set_timer`` makes) no longer skips: late, it fires at once.

`apply` is idempotent and raises if the patched names move in a Textual upgrade, so the fix
cannot silently vanish (tests/tui/test_fixes.py pins both loops and the late timer,
tests/tui/test_page_keys.py the page keys).
"""

from __future__ import annotations

import math
from typing import Any, Final

from textual import events
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList

MIN_INTERVAL: Final = 0.001
"""Seconds: the shortest interval a Textual timer is given (0 or less would spin)."""

_MARK = "_hunters_fixed"


def apply() -> None:
    """Apply the four fixes (see the module docstring). Safe to call any number of times."""
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
    move_page = OptionList.__dict__.get("_move_page")
    if move_page is None or "_index_to_line" not in OptionList.__dict__:
        raise RuntimeError("textual's OptionList paging changed: re-check tui/fixes.py")
    if not getattr(move_page, _MARK, False):
        OptionList._move_page = _page_when_measured(move_page)  # type: ignore[method-assign]


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
        if kw.get("repeat") == 0:  # fix 4: a one-shot timer has no tick to spare
            kw["skip"] = False
        init(self, event_target, max(float(interval), MIN_INTERVAL), *args, **kw)

    setattr(__init__, _MARK, True)
    return __init__


def _page_when_measured(move_page: Any) -> Any:
    def _move_page(self: OptionList, direction: Any) -> None:
        # The property measures the lines when the list has a size; with none it stays empty.
        if (self.highlighted or 0) not in self._index_to_line:
            return
        move_page(self, direction)

    setattr(_move_page, _MARK, True)
    return _move_page
