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
  what is not in a cycle); the departed apps' cycles are collected by unfreezing the heap
  once they are a share of the live ones, not at every departure (that walk takes every
  live guest's objects too): `_Heap`. The youngest generation is collected after `YOUNG`
  allocations, not Python's 700: a redraw allocates thousands of objects, and the collections
  of the two younger generations cost 8 ms per lobby key at 20 guests, 1.4 ms at 20,000.
  Each collection holds the loop: at 20,000 the middle generation's walked the survivors of
  200,000 allocations (112–171 ms at ten tables in play, bench/gc_pauses.py), and every
  tenth of those all that was not frozen (720 ms once in 65 s at twenty tables, with the
  young threshold at 5,000). Now what survives any collection while apps run is frozen at
  once (`_Heap.survived`): no collection walks it again, so the youngest generation is
  collected every `YOUNG` (2,000) allocations and walks only what was allocated since, and
  the older ones never fill (at ten tables, bench/gc_pauses.py: longest 5 ms; freezing only
  the middle generation's survivors, the rule before, left its collections at 23 ms, and
  at twenty tables in bench/hall.py 45–56 ms, a key's p99 inside the server 148 ms against
  135). A cycle that dies after it was frozen waits for a walk of the whole heap (about
  1 MiB a minute at ten tables; 0.5 MiB more per guest at twenty tables after a dozen
  turns), which comes `PATIENCE` seconds after the last one at most (#20).
- **Strips' caches.** A ``Strip`` (a line of a widget) made seven small caches as it was
  made, most never used, each an object the collector tracks: a fifth of every app's
  tracked objects, walked by each collection. They are made when first used now
  (`_lazy_strip_caches`).
- **Link styles.** ``Strip._apply_link_style`` unpickles the style meta of every segment with
  one (each line of a widget has one: its offset) to look for ``@click``, on every line of
  every widget drawn; the answer is now kept per meta.
- **Widgets outside a partial update.** The compositor asks every widget whose clip (for most,
  the whole screen) overlaps the changed rows for all its lines, and the screen for all 24: a
  lobby line changed drew thirteen widgets' cached lines (the footer's too) for the three rows
  sent. Each widget is now asked for its lines in the changed rows only, and a widget with
  none there is not asked (`_get_renders`); nor is one hidden whole by the widgets in front
  of it (a screen under its widgets, a table's containers under its board and log: their
  rows beside a table's scrolling log were some 120 lines an update at 200x60).
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
import time
import types
from typing import Any, Final

import textual._callback
import textual.app
from rich.segment import Segment
from rich.style import Style
from textual._compositor import Compositor
from textual.cache import FIFOCache
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
        (Compositor, "render_partial_update"),
        (textual._callback, "count_parameters"),
        (textual.app.App, "_ready"),
        (textual.app.App, "_process_messages"),
    ):
        if not hasattr(owner, name):
            raise RuntimeError(f"{owner.__name__}.{name} is gone: re-check net/textual_fixes.py")
    threshold, *older = gc.get_threshold()
    if threshold < YOUNG:
        gc.set_threshold(YOUNG, *older)
    if HEAP.survived not in gc.callbacks:
        gc.callbacks.append(HEAP.survived)
    if not getattr(Strip._apply_link_style, _MARK, False):
        Strip._apply_link_style = _apply_link_style  # type: ignore[method-assign]
    if not getattr(Strip.__init__, _MARK, False):
        _lazy_strip_caches()
    if not getattr(Compositor._get_renders, _MARK, False):
        Compositor._get_renders = _renders_in_rows(Compositor._get_renders)  # type: ignore[method-assign]
    if not getattr(Compositor.render_partial_update, _MARK, False):
        Compositor.render_partial_update = _partial_update(Compositor.render_partial_update)  # type: ignore[method-assign]
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

YOUNG: Final = 2_000
"""Allocations (less deallocations) between collections of the youngest generation."""

SETTLE: Final = 1.0
"""Seconds after an app starts or ends before the heap is frozen again (and collected
first): a burst of arrivals or departures shares one collection."""

SHARE: Final = 0.25
"""The departed apps, as a share of the running ones, whose frozen objects wait for one
walk of the whole heap (see `_Heap`): that walk costs each departure what walking 1/SHARE
(four) running apps costs, whatever their number, and the departed apps' garbage stays
under this share of the live heap."""

PATIENCE: Final = 300.0
"""Seconds a departed app's frozen objects wait at most for the walk that frees them (a
quiet server's few departures are freed too), and the longest between two walks of the
whole heap while apps run: the cycles frozen as they survived a collection are freed by
it."""


class _Heap:
    """When the garbage collector looks at the apps' objects (see the module docstring).

    `SETTLE` seconds after an app starts or ends (the last of a burst), a collection takes
    what is garbage among the objects not frozen, and what is left is frozen while an app
    runs: that walks only what came since the last freeze.

    An app that ends leaves its objects frozen among every other app's, most of them in
    cycles, which only a collection that walks them frees; the collector can only unfreeze
    every object at once, and that walk takes every live guest's objects too (seconds at
    twenty tables, bench/gc_departure.py, in the one loop every guest's keys wait on). So
    the walk waits until the departed apps make up `SHARE` of the running ones (or for
    `PATIENCE` seconds), and one walk frees them all: its cost shared by that many
    departures (at twenty tables about 40 ms each, not 1.1 s), and never more than that
    share of the heap is garbage kept. A departed app still held when the walk comes (by
    a timer of its own, a note on its screen) waits for the next one. Once no app runs,
    nothing stays frozen. (``share`` 0: every departure unfreezes the heap, the rule
    before.)"""

    def __init__(self, share: float = SHARE, patience: float = PATIENCE) -> None:
        self.running = 0
        self.departed = 0
        """Apps that ended since the last walk of the whole heap."""
        self.share = share
        self.patience = patience
        self.first_departed: float | None = None
        """When the first of `departed` ended (monotonic)."""
        self.handle: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.patience_handle: asyncio.TimerHandle | None = None
        self.walks = 0
        """Walks of the whole heap so far (for benches and tests)."""
        self.unfrozen = False
        """Whether a departure unfroze the heap for the walk the next settle does."""
        self.last_walk = time.monotonic()
        """When the whole heap was last walked (or the first app started)."""
        self.walk_asked = False

    def survived(self, phase: str, info: dict[str, int]) -> None:
        """The collector's callback: after each collection while apps run, what survived it
        is frozen, and the whole heap is walked once `patience` has passed since the last
        walk (in the loop, soon)."""
        if phase != "stop" or not self.running or self.unfrozen:
            return
        gc.freeze()
        loop = self.loop
        waited = time.monotonic() - self.last_walk
        if waited < self.patience or self.walk_asked or loop is None or loop.is_closed():
            return
        self.walk_asked = True
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(self._walk_asked, context=contextvars.Context())

    def _walk_asked(self) -> None:
        self.walk_asked = False
        self.collect_departed()

    def started(self) -> None:
        if not self.running:
            self.last_walk = time.monotonic()
        self.running += 1
        self._soon()

    def stopped(self) -> None:
        self.running = max(0, self.running - 1)
        self.departed += 1
        if self.first_departed is None:
            self.first_departed = time.monotonic()
        if self.walk_due():
            gc.unfreeze()  # (a collection before the settle walks them too)
            self.unfrozen = True
        self._soon(again=True)

    def walk_due(self) -> bool:
        """Whether the departed apps' frozen objects are to be walked now."""
        if not self.departed:
            return False
        if self.departed >= self.share * self.running:
            return True
        waited = time.monotonic() - (self.first_departed or 0.0)
        return waited >= self.patience

    def _soon(self, *, again: bool = False) -> None:
        """Settle in `SETTLE` seconds (``again``: from now, even if it was to be sooner)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: nothing to settle for
            return
        if self.loop is not loop and self.patience_handle is not None:
            self.patience_handle.cancel()  # a loop that ended (tests run one each)
            self.patience_handle = None
        if self.handle is not None and (again or self.loop is not loop):
            self.handle.cancel()  # (or it was for a loop that ended)
            self.handle = None
        if self.handle is None:
            # In a context of its own: the app's (its active_app) would keep it alive.
            self.loop = loop
            self.handle = loop.call_later(SETTLE, self.settle, context=contextvars.Context())
        if self.departed and self.patience_handle is None:
            self.patience_handle = loop.call_later(
                self.patience, self._patience_over, context=contextvars.Context()
            )

    def _patience_over(self) -> None:
        self.patience_handle = None
        self._soon()

    def settle(self) -> None:
        self.handle = None
        if self.unfrozen or self.walk_due():  # (an app may have started since it was due)
            self.collect_departed()
            return
        # Before freezing: what an app left as it started (or ended) is not kept for ever.
        # Only what is not frozen is walked: what came since the last freeze.
        gc.collect()
        if self.running:
            gc.freeze()
        else:
            gc.unfreeze()

    def collect_departed(self) -> None:
        """Walk the whole heap now: every departed app's objects are freed."""
        self.departed, self.first_departed, self.unfrozen = 0, None, False
        if self.patience_handle is not None:
            self.patience_handle.cancel()
            self.patience_handle = None
        gc.unfreeze()
        self.last_walk = time.monotonic()  # (before: this walk's own callback asks none)
        gc.collect()
        self.walks += 1
        if self.running:
            gc.freeze()


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


_STRIP_CACHES: Final = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}
"""A Strip's caches and their sizes, as Textual 8.2.8's ``Strip.__init__`` makes them."""


class _LazyCache:
    """One of a Strip's cache slots, its cache made when it is first used."""

    __slots__ = ("size", "slot")

    def __init__(self, slot: Any, size: int) -> None:
        self.slot = slot
        self.size = size

    def __get__(self, strip: Strip | None, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            cache = FIFOCache[Any, Any](self.size)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Strip, value: Any) -> None:
        self.slot.__set__(strip, value)


def _lazy_strip_caches() -> None:
    """Strips make their seven caches when first used, not each as it is made: most are
    never used (a widget's lines are cropped, seldom styled or divided), yet each was an
    object the collector tracks, a quarter of an app's (7 of every 9 objects a new strip
    made), so every walk of the heap and every young collection walked them."""
    for name in _STRIP_CACHES:
        slot = Strip.__dict__[name]
        if type(slot).__name__ != "member_descriptor":
            raise RuntimeError(f"Strip.{name} is no slot: re-check net/textual_fixes.py")

    def __init__(self: Strip, segments: Any, cell_length: int | None = None) -> None:
        self._segments = list(segments)
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    for name, size in _STRIP_CACHES.items():
        setattr(Strip, name, _LazyCache(Strip.__dict__[name], size))
    setattr(__init__, _MARK, True)
    Strip.__init__ = __init__  # type: ignore[method-assign]
    Strip.divide = _whole_divide(Strip.divide)  # type: ignore[method-assign]
    Strip.crop_extend = _whole_crop_extend(Strip.crop_extend)  # type: ignore[method-assign]


def _whole_divide(divide: Any) -> Any:
    """``Strip.divide`` at the strip's own length gives the strip back, not kept in its own
    cache: Textual's keeps ``[self]``, and every line the compositor cut at its end (most of
    them, every frame) became a cycle that only a collection frees."""

    def whole_divide(self: Strip, cuts: Any) -> list[Strip]:
        length = self.cell_length
        kept = [cut for cut in cuts if cut <= length]  # as Textual's own first step
        if kept == [length]:
            return [self]
        return divide(self, kept)  # type: ignore[no-any-return]

    return whole_divide


def _whole_crop_extend(crop_extend: Any) -> Any:
    """``Strip.crop_extend`` over the whole strip gives it back, not kept in its own cache
    (as `_whole_divide`)."""

    def whole_crop_extend(self: Strip, start: int, end: int, style: Any) -> Strip:
        if start <= 0 and end == self.cell_length:
            return self
        return crop_extend(self, start, end, style)  # type: ignore[no-any-return]

    return whole_crop_extend


def _counted(count_parameters: Any) -> Any:
    def counted(func: Any) -> int:
        if isinstance(func, functools.partial) and isinstance(
            func.func, types.FunctionType | types.MethodType
        ):
            return int(count_parameters(func.func)) - (len(func.args) + len(func.keywords))
        return int(count_parameters(func))  # (a builtin's is not kept: Textual's own way)

    setattr(counted, _MARK, True)
    return counted


_COVERED = "_hunters_covered"
"""On a compositor: its visible widgets and those of them hidden whole (`_covered`)."""


def _covered(visible: dict[Any, tuple[Region, Region]]) -> set[Any]:
    """The widgets of ``visible`` (front to back, as the compositor lists them) that widgets
    in front of them hide whole: each cell a covered widget shows is a front widget's, and
    `_render_chops` keeps a cell's first render. Only widgets with children can be (a
    screen under its widgets, a container under its own)."""
    covered: set[Any] = set()
    front: list[Region] = []
    for widget, (region, clip) in visible.items():
        shown = region.intersection(clip)
        if widget._nodes and shown.area and _hidden(shown, front):
            covered.add(widget)
        front.append(shown)
    return covered


def _hidden(shown: Region, front: list[Region]) -> bool:
    """Whether the regions of ``front`` cover every cell of ``shown``."""
    left, right = shown.x, shown.right
    over = [r for r in front if r.overlaps(shown)]
    for y in range(shown.y, shown.bottom):
        spans = sorted((r.x, r.right) for r in over if r.y <= y < r.bottom)
        reach = left
        for start, end in spans:
            if start > reach:
                break
            reach = max(reach, end)
        if reach < right:
            return False
    return True


_REGIONS = "_hunters_regions"
"""On a compositor drawing a partial update: the regions it redraws (`_partial_update`)."""


def _partial_update(render_partial_update: Any) -> Any:
    """``Compositor.render_partial_update`` telling `_renders_in_rows` which regions it
    redraws (Textual gives ``_get_renders`` only the box around them all)."""

    def _render_partial_update(self: Compositor) -> Any:
        setattr(self, _REGIONS, list(self._dirty_regions))
        try:
            return render_partial_update(self)
        finally:
            setattr(self, _REGIONS, None)

    _render_partial_update.__wrapped__ = render_partial_update  # type: ignore[attr-defined]
    setattr(_render_partial_update, _MARK, True)
    return _render_partial_update


def _rows_redrawn(shown: Region, regions: list[Region]) -> list[tuple[int, int]]:
    """The runs of rows (top, bottom) in which ``shown`` meets one of ``regions``."""
    runs = sorted(
        (max(shown.y, r.y), min(shown.bottom, r.bottom)) for r in regions if shown.overlaps(r)
    )
    merged: list[tuple[int, int]] = []
    for top, bottom in runs:
        if merged and top <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], bottom))
        else:
            merged.append((top, bottom))
    return merged


def _covered_kept(compositor: Compositor, visible: dict[Any, tuple[Region, Region]]) -> set[Any]:
    """`_covered` of ``visible``, worked out once per map of the compositor's."""
    kept = getattr(compositor, _COVERED, None)
    if kept is None or kept[0] is not visible:
        kept = (visible, _covered(visible))
        setattr(compositor, _COVERED, kept)
    return kept[1]


def _renders_in_rows(get_renders: Any) -> Any:
    """``Compositor._get_renders`` (Textual 8.2.8) with each widget's clip cut to the rows of
    ``crop``: `_render_chops` uses no line outside them (a partial update's rows are inside
    its crop; a full one's crop is the screen). A widget hidden whole by the widgets in
    front of it (`_covered`: a table's screen and the containers under its board and log)
    is not asked at all: every one of its lines was drawn, filtered and cut up at every
    update (some 120 lines beside a scrolling log at 200x60), for no cell shown.

    In a partial update, a widget is asked only for its rows that meet one of the regions
    redrawn (`_partial_update`), and not at all if none does: the box around them all is
    as wide as the screen when the log beside a table scrolls, and the board beside it was
    asked for all its rows (57 at 200x60) and each cut up, at every update, for the few
    that changed. The terminal is sent only the cells of those regions (``ChopsUpdate``),
    and a widget outside them has none there."""

    def _get_renders(self: Compositor, crop: Region | None = None) -> Any:
        if not crop:
            yield from get_renders(self, crop)
            return
        regions = getattr(self, _REGIONS, None)
        if regions:
            yield from _renders_in_regions(self, crop, regions)
            return
        top, bottom = crop.y, crop.bottom
        crop_overlaps = crop.overlaps
        visible = self.visible_widgets
        covered = _covered_kept(self, visible)
        for widget, (region, clip) in visible.items():
            if widget in covered:
                continue
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

    def _renders_in_regions(self: Compositor, crop: Region, regions: list[Region]) -> Any:
        visible = self.visible_widgets
        covered = _covered_kept(self, visible)
        regions = [r.intersection(crop) for r in regions]
        for widget, (region, clip) in visible.items():
            if widget in covered:
                continue
            shown = region.intersection(clip)
            for top, bottom in _rows_redrawn(shown, regions):
                rows = Region(shown.x, top, shown.width, bottom - top)
                lines = Region(rows.x - region.x, top - region.y, rows.width, rows.height)
                yield region, rows, widget.render_lines(lines)

    _get_renders.__wrapped__ = get_renders  # type: ignore[attr-defined]
    setattr(_get_renders, _MARK, True)
    return _get_renders
