"""What keeps a redraw cheap for fifty guests in one process (net/textual_fixes.py, #14):
the patched Textual parts give the same results as Textual's own, and an app's frozen objects
are collected once it ends."""

from __future__ import annotations

import asyncio
import functools
import gc
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment
from rich.style import Style
from textual import _callback
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static

from core.table import Seat, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.hall import OPEN, Hall
from tests.net.hall_setups import eventually, pilot_until
from tests.tui import screen_text
from tui.settings import Settings


def _original_link_style(strip: Strip, link_style: Style) -> Strip:
    """Textual 8.2.8's ``Strip._apply_link_style``, as it was before the patch."""
    segments = [
        (
            Segment(
                text,
                (
                    style
                    if style._meta is None
                    else (style + link_style if "@click" in style.meta else style)
                ),
                control,
            )
            if style
            else Segment(text)
        )
        for text, style, control in strip._segments
    ]
    return Strip(segments, strip._cell_length)


def test_link_styles_are_the_same_as_textuals() -> None:
    textual_fixes.apply()
    link = Style(underline=True, color="blue")
    strip = Strip(
        [
            Segment("plain "),
            Segment("null ", Style()),
            Segment("bold ", Style(bold=True)),
            Segment("offset ", Style(meta={"offset": (1, 2)})),
            Segment("link ", Style(meta={"@click": "app.bell()"})),
            Segment("link again", Style(italic=True, meta={"@click": "app.bell()"})),
        ]
    )
    for _ in range(2):  # the second time from what was kept
        assert list(strip._apply_link_style(link)) == list(_original_link_style(strip, link))


def test_a_partials_parameters_are_its_functions_less_its_arguments() -> None:
    textual_fixes.apply()

    class Thing:
        def three(self, a: int, b: int, c: int) -> None: ...

    def two(a: int, b: int) -> None: ...

    thing = Thing()
    for _ in range(2):
        assert _callback.count_parameters(functools.partial(thing.three, 1)) == 2
        assert _callback.count_parameters(functools.partial(two, b=2)) == 1
        assert _callback.count_parameters(functools.partial(two)) == 2
        assert _callback.count_parameters(thing.three) == 3
        assert _callback.count_parameters(functools.partial(setattr, thing, "x")) == 1


class _Small(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("hello")


async def test_an_apps_objects_are_frozen_while_it_runs_and_collected_after() -> None:
    """A running app's objects are left out of collections; once it ends its cycles are
    collected and nothing stays frozen."""
    textual_fixes.apply()
    gc.unfreeze()

    async def run() -> weakref.ref[_Small]:  # in a task of its own: its context goes with it
        app = _Small()
        async with app.run_test() as pilot:
            await pilot.pause()
            await eventually(lambda: gc.get_freeze_count() > 0, timeout=textual_fixes.SETTLE + 3)
        return weakref.ref(app)

    ref = await asyncio.create_task(run())
    assert gc.get_freeze_count() == 0  # unfrozen as it ended: a collection finds its cycles
    await asyncio.sleep(textual_fixes.SETTLE + 0.2)  # no app runs: nothing is frozen again
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert ref() is None


def test_a_strip_makes_its_caches_when_first_used() -> None:
    """A strip made is two objects the collector tracks (it and its segments' list), not
    nine (seven caches made whether used or not); a cache once used keeps its results."""
    textual_fixes.apply()
    segments = (Segment("hello "), Segment("world", Style(bold=True)))
    gc.collect()
    before = len(gc.get_objects())
    strips = [Strip(segments) for _ in range(1000)]
    assert len(gc.get_objects()) - before < 3 * len(strips)
    strip = strips[0]
    cropped = strip.crop(2, 8)
    assert strip.crop(2, 8) is cropped and cropped.text == "llo wo"
    assert [s.text for s in strip.divide([5, 11])] == ["hello", " world"]
    assert strip.apply_style(Style(italic=True)) is strip.apply_style(Style(italic=True))


@pytest.mark.parametrize(
    "use",
    [
        pytest.param(lambda strip: strip.divide([strip.cell_length]), id="divide-whole"),
        pytest.param(lambda strip: strip.crop_extend(0, strip.cell_length, None), id="crop-whole"),
    ],
)
def test_a_strip_given_back_whole_is_freed_without_a_collection(use: Any) -> None:
    """Textual keeps a strip in its own cache when dividing or cropping it gives it back
    whole (every line the compositor draws, once or twice a frame), so a dropped line was
    a cycle only the collector frees: those cycles were most of what set off the young
    collections of a served hall, and tens of thousands of them waited for the middle
    generation's, 250 ms of the loop at 10 tables (bench/hall.py). Given back whole, a
    strip is freed by its last reference going, as any other."""
    textual_fixes.apply()
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    held = sys.getrefcount(strip)
    assert use(strip) in (strip, [strip])
    assert use(strip) in (strip, [strip])  # asked again: the same answer
    assert sys.getrefcount(strip) == held  # nothing of its own refers to it
    other = Strip([Segment("hello "), Segment("world")])
    assert [s.text for s in other.divide([5, 11])] == ["hello", " world"]
    assert other.crop_extend(2, 14, None).text == "llo world   "
    assert other.crop_extend(2, 14, None) is other.crop_extend(2, 14, None)


class _Cycle:
    """A departed app's objects, in small: a cycle only a collection frees."""

    def __init__(self) -> None:
        self.me = self


@pytest.mark.parametrize("why", ["share", "patience"])
async def test_departed_apps_wait_frozen_for_one_walk_that_frees_them_all(
    monkeypatch: pytest.MonkeyPatch, why: str
) -> None:
    """With apps running, a departure does not walk every running app's objects (seconds
    at twenty tables): its frozen cycles wait until the departed are a share of the running
    apps (or until the patience is over), and one walk frees them all."""
    monkeypatch.setattr(textual_fixes, "SETTLE", 0.01)
    share, patience = (0.5, 3600.0) if why == "share" else (10.0, 1.0)
    heap = textual_fixes._Heap(share=share, patience=patience)
    refs = []
    try:
        for _ in range(5):
            heap.started()
        for left in range(2):
            cycle = _Cycle()
            refs.append(weakref.ref(cycle))
            gc.collect()
            gc.freeze()  # its objects were frozen while it ran
            del cycle
            heap.stopped()
            await eventually(lambda: heap.handle is None)
            if left == 0:  # one of four running: no walk yet, and the cycle waits frozen
                assert heap.walks == 0 and gc.get_freeze_count() > 0
                gc.collect()
                assert refs[0]() is not None
        # Two of three running (the share), or the patience is over: one walk, both freed.
        await eventually(lambda: heap.walks == 1, timeout=3)
        assert [ref() for ref in refs] == [None, None]
        assert heap.departed == 0 and gc.get_freeze_count() > 0  # apps run: frozen again
    finally:
        for handle in (heap.handle, heap.patience_handle):
            if handle is not None:
                handle.cancel()
        gc.unfreeze()


async def test_a_walk_due_at_a_departure_is_done_though_apps_started_since() -> None:
    """The departure unfroze the heap for its walk; apps that start before the heap
    settles do not turn that walk into one that frees nothing and leaves the departure
    counted (it would set off another walk later)."""
    heap = textual_fixes._Heap(share=0.5, patience=3600.0)
    try:
        heap.started()
        heap.started()
        heap.stopped()  # one of one running: due, and unfrozen at once
        assert gc.get_freeze_count() == 0
        heap.started()
        heap.started()  # one departed of three running: no longer the share
        heap.settle()
        assert heap.walks == 1 and heap.departed == 0 and gc.get_freeze_count() > 0
    finally:
        for handle in (heap.handle, heap.patience_handle):
            if handle is not None:
                handle.cancel()
        gc.unfreeze()


def test_the_youngest_generation_is_collected_less_often() -> None:
    """A redraw allocates thousands of objects: collected every 700, the young generations
    cost a lobby key at 20 guests 8 ms; every `YOUNG`, with what survives the middle
    generation frozen, the longest collection at ten tables in play is 24 ms."""
    gc.set_threshold(700, 10, 10)
    try:
        textual_fixes.apply()
        assert gc.get_threshold() == (textual_fixes.YOUNG, 10, 10)
        assert textual_fixes.HEAP.survived in gc.callbacks
    finally:
        gc.set_threshold(700, 10, 10)


def _frozen(thing: object) -> bool:
    """Whether the collector skips ``thing``: tracked, and in none of its generations."""
    return gc.is_tracked(thing) and not any(other is thing for other in gc.get_objects())


@pytest.mark.parametrize("generation", [0, 1])
async def test_what_survives_a_collection_while_apps_run_is_frozen(generation: int) -> None:
    """After any collection while an app runs, its survivors are frozen, so no later
    collection walks them (the middle generation's walks held the loop 112-171 ms at ten
    tables, and 45-56 ms at twenty while only its own survivors were frozen); what was
    garbage is freed first. With no app running nothing is frozen."""
    heap = textual_fixes._Heap(patience=3600.0)
    gc.callbacks.append(heap.survived)
    try:
        heap.started()
        kept, dropped = _Cycle(), _Cycle()
        gone = weakref.ref(dropped)
        del dropped
        gc.collect(generation)
        assert gone() is None
        assert _frozen(kept)
        assert heap.walks == 0
        heap.stopped()  # the last app ended: nothing is frozen any more
        idle = _Cycle()
        gc.collect(generation)
        assert not _frozen(idle)
    finally:
        gc.callbacks.remove(heap.survived)
        if heap.handle is not None:
            heap.handle.cancel()
        gc.unfreeze()


async def test_cycles_frozen_as_survivors_are_freed_by_a_walk_after_the_patience() -> None:
    """A cycle frozen while it lived and dropped later is freed by no collection but a
    walk of the whole heap: one comes after `patience` at the latest while apps run."""
    heap = textual_fixes._Heap(patience=0.05)
    gc.callbacks.append(heap.survived)
    try:
        heap.started()
        cycle = _Cycle()
        gone = weakref.ref(cycle)
        gc.collect(1)  # it survives, frozen; the patience has not passed
        assert _frozen(cycle) and heap.walks == 0
        del cycle
        await asyncio.sleep(0.06)
        gc.collect(1)  # frees nothing frozen, but the patience is over: a walk is asked
        assert gone() is not None
        # (the collections after it ask again, the patience being this short)
        await eventually(lambda: heap.walks >= 1, timeout=3)
        assert gone() is None
        assert gc.get_freeze_count() > 0  # an app runs: frozen again after the walk
    finally:
        gc.callbacks.remove(heap.survived)
        if heap.handle is not None:
            heap.handle.cancel()
        gc.unfreeze()


def _chops(app: HallApp, crop: Region, rows: range) -> list[list[tuple[int, list[Segment]]]]:
    chops = app.screen._compositor._render_chops(crop, rows.__contains__)
    return [
        [(cut, list(strip)) for cut, strip in chops[y].items() if strip is not None] for y in rows
    ]


async def test_a_partial_update_draws_what_textual_draws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows of a lobby drawn for a partial update are the same with each widget asked only
    for its lines in those rows as with every widget asked for all of them."""
    textual_fixes.apply()
    hall = Hall(tmp_path / "data", bot_delay=5, idle=0)
    for name in ("ala", "olek", "eve"):
        hall.arrive(name)
    hall.configure("ala", TableSetup("orb-hunters", (Seat("open", OPEN), Seat("open", OPEN))))
    app = HallApp(hall, "eve", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot_until(pilot, lambda: "Not seated yet" in screen_text(app))
        for crop, rows in (
            (Region(2, 5, 76, 4), range(5, 9)),  # lobby lines
            (Region(0, 20, 80, 4), range(20, 24)),  # the status line and the footer
            (Region(10, 3, 5, 1), range(3, 4)),  # part of one line
        ):
            ours = _chops(app, crop, rows)
            monkeypatch.setattr(Compositor, "_get_renders", Compositor._get_renders.__wrapped__)
            textuals = _chops(app, crop, rows)
            monkeypatch.undo()
            assert ours == textuals
            assert any(ours)


class _Beside(App[None]):
    """A board and a log side by side, as a table at 200x60 stands them."""

    CSS = """
    Horizontal { height: 1fr; }
    #board { width: 2fr; height: 1fr; }
    #log { width: 1fr; height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("\n".join(f"board row {n}" for n in range(20)), id="board")
            yield Static("\n".join(f"log line {n}" for n in range(20)), id="log")


async def test_a_partial_update_asks_only_the_widgets_in_its_regions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The log beside the board changed every row of its own (it scrolled) and one row of
    the board changed: the board was asked for all its rows (the box around the two is the
    whole screen) and each was cut up, at every update. It is asked for its changed row
    alone, and the terminal is sent the same as with Textual's own way."""
    textual_fixes.apply()
    app = _Beside()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        board, log = app.query_one("#board", Static), app.query_one("#log", Static)
        compositor = app.screen._compositor
        asked: list[tuple[str, Region]] = []
        render_lines = Static.render_lines

        def counted(widget: Static, crop: Region) -> Any:
            asked.append((str(widget.id), crop))
            return render_lines(widget, crop)

        monkeypatch.setattr(Static, "render_lines", counted)
        sent: list[str] = []
        for patched in (True, False):
            if not patched:
                monkeypatch.setattr(
                    Compositor,
                    "render_partial_update",
                    Compositor.render_partial_update.__wrapped__,
                )
            log.update("\n".join(f"log line {n}" for n in range(1, 21)))
            board.update("\n".join(f"board row {n}" if n != 7 else "changed" for n in range(20)))
            board.refresh(Region(0, 7, board.size.width, 1))
            compositor.update_widgets({log})
            compositor._dirty_regions.add(Region(board.region.x, 7, board.size.width, 1))
            update = compositor.render_update()
            assert update is not None
            sent.append(update.render_segments(app.console))
            if patched:
                assert ("board", Region(0, 7, board.size.width, 1)) in asked
                assert all(crop.height == 1 for who, crop in asked if who == "board")
                assert any(who == "log" and crop.height == 20 for who, crop in asked)
            asked.clear()
        assert sent[0] == sent[1]
        assert "changed" in sent[0] and "log line 20" in sent[0]
