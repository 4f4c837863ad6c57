"""The process-wide patch that lets many Textual apps share one server process.

Textual 8.2.8 assumes one App per process. Serving every SSH player their own App on the
server's event loop (the measured choice, notes/ssh-in-process.md) breaks that assumption in
three places. Only the first needs a change to Textual itself, made here by `apply()`; the
other two are handled where they bite, in `net.driver.SSHDriver`:

1. ``textual/app.py`` (``App._process_messages``, ~line 3491) wraps every run in
   ``redirect_stdout``/``redirect_stderr``. Those swap ``sys.stdout``/``sys.stderr`` for the
   whole process, not for one task: with two overlapping sessions the second saves the first
   App's capture object as "the original" and, exiting last, restores it, so the server's
   ``sys.stdout`` ends up pointing at a dead App (measured in the prototype; pinned by
   ``tests/net/test_session.py``). A server has no use for Textual's print capture, so both
   names are replaced with ``contextlib.nullcontext``.
2. ``textual/_xterm_parser.py`` (~line 355) puts an ``lru_cache`` on a parser method, so the
   class-level cache holds every parser (up to 1024), and each parser's generator frame holds
   its last key event, whose sender is the App: every finished App stayed alive. The driver
   ends its parser's generator when it closes (``SSHDriver.close``).
3. A lone Escape is only delivered when the parser's ``tick()`` runs after its timeout; the
   stock drivers poll it from an input thread, which a server has not. The driver schedules the
   tick on the event loop (``SSHDriver._schedule_tick``).

And one for speed: every App parses its whole stylesheet (the default CSS of every widget
class, the app's and the theme's variables) when it starts, about half of the CPU time from an
SSH connection to its first frame. Textual keeps parsed rules per stylesheet; ``apply()``
shares them across every App of the process, keyed by the CSS, where it was read from, the
arguments and the variables it was parsed with, so a different theme still parses afresh.

And three for the cost of a redraw, which every guest pays when the hall changes (a seat taken
redraws fifty lobbies; measured with cProfile on the server during bench/ssh.py, issue #14):

- **The garbage collector.** Fifty apps are millions of long-lived objects, and each full
  collection walked them all: 180 ms each at 20 guests, two in ten lobby keys, plus the
  younger generations, about a third of the server's CPU per key. Once an app is up its
  objects are frozen (``gc.freeze``: the collector skips them; reference counting still frees
  what is not in a cycle), and when an app ends they are unfrozen, so the departed app's
  cycles are collected: `_Heap`. The youngest generation is collected after `YOUNG`
  allocations, not Python's 700: a redraw allocates thousands of objects, and the collections
  of the two younger generations cost 8 ms per lobby key at 20 guests, 1.4 ms at 20,000.
- **Link styles.** ``Strip._apply_link_style`` unpickles the style meta of every segment with
  one (each line of a widget has one: its offset) to look for ``@click``, on every line of
  every widget drawn; the answer is now kept per meta.
- **Widgets outside a partial update.** The compositor asks every widget whose clip (for most,
  the whole screen) overlaps the changed rows for all its lines, and the screen for all 24: a
  lobby line changed drew thirteen widgets' cached lines (the footer's too) for the three rows
  sent. Each widget is now asked for its lines in the changed rows only, and a widget with
  none there is not asked (`_get_renders`).
- **Callbacks' parameters.** ``textual._callback.count_parameters`` remembers a count on the
  function, but ``call_later`` wraps each callback in a fresh ``functools.partial``, so every
  call_later with arguments ran ``inspect.signature``; the count of a partial is now its
  function's (remembered) count less its arguments.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import gc
import types
from typing import Any, Final

import textual._callback
import textual.app
from rich.segment import Segment
from rich.style import Style
from textual._compositor import Compositor
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.strip import Strip

from tui import fixes as tui_fixes

_SHARED_RULES: dict[tuple[Any, ...], list[Any]] = {}
"""Parsed rule sets shared by every App's stylesheet (bounded: see ``_SHARED_LIMIT``)."""
_SHARED_LIMIT = 512


def apply() -> None:
    """Stop Textual from redirecting the process's stdout and stderr (fix 1 above), and share
    parsed stylesheets between Apps.

    Idempotent: call it before the first App runs in the server (``AppSession`` does). Raises
    ``RuntimeError`` if ``textual.app`` no longer has the names, so a Textual upgrade that
    moves them is noticed instead of silently reintroducing the bug.
    """
    tui_fixes.apply()  # every App here, Hunters' or not, must not spin the shared loop
    for name in ("redirect_stdout", "redirect_stderr"):
        if not hasattr(textual.app, name):
            raise RuntimeError(f"textual.app.{name} is gone: re-check net/textual_fixes.py")
        setattr(textual.app, name, contextlib.nullcontext)
    if not getattr(Stylesheet._parse_rules, "_hunters_shared", False):
        Stylesheet._parse_rules = _shared_parse_rules(Stylesheet._parse_rules)  # type: ignore[method-assign]
    for owner, name in (
        (Strip, "_apply_link_style"),
        (Compositor, "_get_renders"),
        (textual._callback, "count_parameters"),
        (textual.app.App, "_ready"),
        (textual.app.App, "_process_messages"),
    ):
        if not hasattr(owner, name):
            raise RuntimeError(f"{owner.__name__}.{name} is gone: re-check net/textual_fixes.py")
    threshold, *older = gc.get_threshold()
    if threshold < YOUNG:
        gc.set_threshold(YOUNG, *older)
    if not getattr(Strip._apply_link_style, _MARK, False):
        Strip._apply_link_style = _apply_link_style  # type: ignore[method-assign]
    if not getattr(Compositor._get_renders, _MARK, False):
        Compositor._get_renders = _renders_in_rows(Compositor._get_renders)  # type: ignore[method-assign]
    if not getattr(textual._callback.count_parameters, _MARK, False):
        textual._callback.count_parameters = _counted(textual._callback.count_parameters)
    if not getattr(textual.app.App._ready, _MARK, False):
        textual.app.App._ready = _ready(textual.app.App._ready)  # type: ignore[method-assign]
    if not getattr(textual.app.App._process_messages, _MARK, False):
        textual.app.App._process_messages = _processing(textual.app.App._process_messages)  # type: ignore[method-assign]


def _shared_parse_rules(parse: Any) -> Any:
    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        rules = _SHARED_RULES.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_SHARED_RULES) >= _SHARED_LIMIT:
                _SHARED_RULES.clear()
            _SHARED_RULES[key] = rules
        return rules

    parse_rules._hunters_shared = True  # type: ignore[attr-defined]
    return parse_rules


_MARK: Final = "_hunters_fast"

YOUNG: Final = 20_000
"""Allocations (less deallocations) between collections of the youngest generation."""

SETTLE: Final = 1.0
"""Seconds after an app starts or ends before the heap is frozen again (and, after an end,
collected first): a burst of arrivals or departures shares one collection."""


class _Heap:
    """When the garbage collector looks at the apps' objects (see the module docstring).

    `SETTLE` seconds after an app starts or ends (the last of a burst), a collection takes
    what is garbage, and what is left is frozen while an app runs. An app that ends unfreezes
    every object at once, so that collection walks them all and takes the departed apps'
    cycles; after a start it walks only what came since the last freeze. With no app running
    nothing stays frozen. A cycle that became garbage while frozen waits for the next app to
    end."""

    def __init__(self) -> None:
        self.running = 0
        self.handle: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def started(self) -> None:
        self.running += 1
        self._soon()

    def stopped(self) -> None:
        self.running = max(0, self.running - 1)
        gc.unfreeze()
        self._soon(again=True)

    def _soon(self, *, again: bool = False) -> None:
        """Settle in `SETTLE` seconds (``again``: from now, even if it was to be sooner)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: nothing to settle for
            return
        if self.handle is not None and (again or self.loop is not loop):
            self.handle.cancel()  # (or it was for a loop that ended: tests run one each)
            self.handle = None
        if self.handle is None:
            # In a context of its own: the app's (its active_app) would keep it alive.
            self.loop = loop
            self.handle = loop.call_later(SETTLE, self.settle, context=contextvars.Context())

    def settle(self) -> None:
        self.handle = None
        # Before freezing: what an app left as it started (or ended) is not kept for ever. Only
        # what is not frozen is walked: after an end, everything; else what came since.
        gc.collect()
        if self.running:
            gc.freeze()
        else:
            gc.unfreeze()


HEAP = _Heap()


def _ready(ready: Any) -> Any:
    async def _ready(self: textual.app.App[Any]) -> None:
        await ready(self)
        self._hunters_counted = True  # type: ignore[attr-defined]
        HEAP.started()

    setattr(_ready, _MARK, True)
    return _ready


def _processing(process: Any) -> Any:
    @functools.wraps(process)
    async def run(self: textual.app.App[Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return await process(self, *args, **kwargs)
        finally:
            if getattr(self, "_hunters_counted", False):
                self._hunters_counted = False  # type: ignore[attr-defined]
                HEAP.stopped()

    setattr(run, _MARK, True)
    return run


_CLICKS: dict[bytes, bool] = {}
"""Per pickled style meta, whether it holds an ``@click`` (bounded: ``_CLICKS_LIMIT``)."""
_CLICKS_LIMIT: Final = 4096


def _apply_link_style(self: Strip, link_style: Style) -> Strip:
    """``Strip._apply_link_style`` as in Textual 8.2.8, with the ``@click`` test kept per meta."""
    segments: list[Segment] = []
    append = segments.append
    for text, style, control in self._segments:
        if not style:
            append(Segment(text))
            continue
        meta = style._meta
        if meta is not None:
            click = _CLICKS.get(meta)
            if click is None:
                if len(_CLICKS) >= _CLICKS_LIMIT:
                    _CLICKS.clear()
                click = _CLICKS[meta] = "@click" in style.meta
            if click:
                style = style + link_style
        append(Segment(text, style, control))
    return Strip(segments, self._cell_length)


setattr(_apply_link_style, _MARK, True)


def _counted(count_parameters: Any) -> Any:
    def counted(func: Any) -> int:
        if isinstance(func, functools.partial) and isinstance(
            func.func, types.FunctionType | types.MethodType
        ):
            return int(count_parameters(func.func)) - (len(func.args) + len(func.keywords))
        return int(count_parameters(func))  # (a builtin's is not kept: Textual's own way)

    setattr(counted, _MARK, True)
    return counted


def _renders_in_rows(get_renders: Any) -> Any:
    """``Compositor._get_renders`` (Textual 8.2.8) with each widget's clip cut to the rows of
    ``crop``: `_render_chops` uses no line outside them (a partial update's rows are inside
    its crop; a full one's crop is the screen)."""

    def _get_renders(self: Compositor, crop: Region | None = None) -> Any:
        if not crop:
            yield from get_renders(self, crop)
            return
        top, bottom = crop.y, crop.bottom
        crop_overlaps = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():
            x, y, width, height = clip
            first, last = max(y, top), min(y + height, bottom)
            if last <= first:
                continue
            clip = Region(x, first, width, last - first)
            if not crop_overlaps(clip):
                continue
            if clip.contains_region(region):
                yield region, clip, widget.render_lines(Region(0, 0, region.width, region.height))
                continue
            new_x, new_y, new_width, new_height = region.intersection(clip)
            if new_width and new_height:
                lines = Region(new_x - region.x, new_y - region.y, new_width, new_height)
                yield region, clip, widget.render_lines(lines)

    _get_renders.__wrapped__ = get_renders  # type: ignore[attr-defined]
    setattr(_get_renders, _MARK, True)
    return _get_renders
