"""What one guest's departure costs everyone else: the garbage collector after an app ends.

Every guest's app of ``hunters serve`` runs in the server's one event loop, and its objects
are frozen once it is up (net/textual_fixes.py, `_Heap`): the collector skips them. When an
app ends, its own objects are garbage, mostly in cycles, which only a collection that walks
them finds, and they lie frozen among every other app's. A full collection after each
departure (unfreeze everything, collect, freeze again) walks every live guest's objects,
during which every other guest's keys wait.

This bench puts T tables in one process, as the server holds them: each a `Hall` with four
players and a spectator, the game started (Superbohaterowie; nobody moves), every guest's
app a `HallApp` (Textual's headless driver, 80x24) at the game's screen. Then guests leave,
one at a time, and it times the collections each departure sets off, under two rules in the
same run (the same apps, one set of departures each):

- **every**: the rule before this bench: each departure unfreezes every object, and the
  collection after it walks them all (`_Heap` with ``share=0``);
- **shared**: today's rule: a departure collects only what is not frozen, and the frozen
  heap is walked once the departed apps make up ``SHARE`` of the running ones (or waited
  ``PATIENCE`` seconds): one such walk frees them all.

Printed per rule (in CPU time, so the machine's other load does not count): the
collections' longest pause and their total per departure, how many full walks ran, and
how many departed apps were still in memory after the departures
(found with weak references); then, under the shared rule, that one full walk frees them.
No assertions: figures for the report.

It also prints how many objects the collector tracks per app, which each walk visits
(``--eager-strips``: with Textual's own strips, which made seven caches each as they were
made, before net/textual_fixes.py made them when first used).

    python bench/gc_departure.py [--tables 20] [--departures 6] [--eager-strips]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import sys
import tempfile
import time
import weakref
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.strip import Strip

from core.table import Seat, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.hall import OPEN, Hall
from tui.screens.game import GameScreen
from tui.settings import Settings

SEATS = 4
SPECTATORS = 1
WAIT = 120.0
NOTES = 11.0
"""Seconds the notes an app shows as it comes to a table stay (and hold it)."""


@dataclass
class Pauses:
    """The collector's collections, timed by `gc.callbacks`."""

    started: float | None = None
    spans: list[tuple[int, float, int]] = field(default_factory=list)
    """(generation, seconds, objects collected) of each collection, in order."""

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        # CPU time: the machine's other load does not count (this process has one thread).
        if phase == "start":
            self.started = time.process_time()
        elif self.started is not None:
            self.spans.append(
                (info["generation"], time.process_time() - self.started, info["collected"])
            )
            self.started = None


@dataclass
class Guest:
    app: HallApp
    task: asyncio.Task[Any]


async def table(root: Path, number: int) -> tuple[Hall, list[Guest]]:
    """A hall with `SEATS` players (the first hosting) and `SPECTATORS`, the game started,
    every guest's app up at its screen."""
    hall = Hall(root / str(number), bot_delay=3600, idle=0, grace=3600)
    names = [f"p{number}x{seat}" for seat in range(SEATS)]
    watchers = [f"w{number}x{index}" for index in range(SPECTATORS)]
    for name in names + watchers:
        hall.arrive(name)
    hall.configure(
        names[0], TableSetup("superbohaterowie", tuple(Seat("open", OPEN) for _ in names))
    )
    for seat, name in enumerate(names):
        hall.take_seat(name, seat)
    await hall.start(names[0])
    guests = []
    for name in names + watchers:
        app = HallApp(hall, name, Settings())
        task = asyncio.create_task(app.run_async(headless=True, size=(80, 24)))
        guests.append(Guest(app, task))
    return hall, guests


def at_table(guest: Guest) -> bool:
    """Whether the guest's app is up at its game's screen."""
    app = guest.app
    return app.is_running and bool(app.screen_stack) and isinstance(app.screen, GameScreen)


def all_up(guests: list[Guest]) -> bool:
    return all(at_table(guest) for guest in guests)


async def until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.05)


async def settled() -> None:
    """Until the heap has settled after the last start or end (frozen again)."""
    heap = textual_fixes.HEAP
    await asyncio.sleep(0.05)
    await until(lambda: heap.handle is None, "the heap to settle")


async def depart(leaving: list[Guest], pauses: Pauses) -> tuple[float, float, int]:
    """End the app of the first guest of ``leaving`` (taken from it: nothing here holds
    the app after it ended); (longest pause, total paused, full walks) of the collections
    from its end until the heap settled."""
    pauses.spans.clear()
    walks = textual_fixes.HEAP.walks
    guest = leaving.pop(0)
    task = guest.task
    guest.app.exit()
    del guest
    await task
    del task
    await settled()
    spans = list(pauses.spans)
    longest = max((seconds for _, seconds, _ in spans), default=0.0)
    return longest, sum(seconds for _, seconds, _ in spans), textual_fixes.HEAP.walks - walks


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--departures", type=int, default=6)
    parser.add_argument(
        "--eager-strips",
        action="store_true",
        help="Textual's own strips, each making its seven caches as it is made",
    )
    options = parser.parse_args()
    eager = {name: Strip.__dict__[name] for name in ("__init__", *textual_fixes._STRIP_CACHES)}
    textual_fixes.apply()
    if options.eager_strips:
        for name, value in eager.items():
            setattr(Strip, name, value)
    heap = textual_fixes.HEAP
    pauses = Pauses()
    gc.callbacks.append(pauses)
    with tempfile.TemporaryDirectory() as root:
        halls, guests = [], []
        gc.collect()
        baseline = len(gc.get_objects())
        began = time.perf_counter()
        for number in range(options.tables):
            hall, more = await table(Path(root), number)
            halls.append(hall)
            guests.extend(more)
            # A table at a time, as guests come: every app at its screen before the next.
            await until(partial(all_up, more), "the table's apps")
            del more
        await until(partial(all_up, guests), "every app at its table")
        # The notes on screen ("You host this table", 10 s) go first: an app's timers hold
        # it until they fire, and one that ended then is freed by the walk after the next.
        await asyncio.sleep(NOTES)
        await settled()
        gc.collect()  # (walks only what is not frozen)
        tracked = gc.get_freeze_count() + len(gc.get_objects())
        print(
            f"{len(guests)} apps at {options.tables} tables up in "
            f"{time.perf_counter() - began:.1f} s; {tracked:,} objects the collector tracks "
            f"({(tracked - baseline) / len(guests):,.0f} per app)"
        )
        pauses.spans.clear()
        heap.collect_departed()  # nobody has left: what walking the live heap alone costs
        walk = sum(seconds for _, seconds, _ in pauses.spans)
        print(f"a walk of the whole heap with nothing to free: {walk * 1000:.0f} ms")
        # The spectators leave first (their seat is nobody's), then players, one per table.
        order = [g for i, g in enumerate(guests) if i % (SEATS + SPECTATORS) == SEATS]
        order += [g for i, g in enumerate(guests) if i % (SEATS + SPECTATORS) == 0]
        rules: list[tuple[str, float]] = [("every", 0.0), ("shared", heap.share)]
        results = {}
        for rule, share in rules:
            heap.share = share
            gone = [order.pop(0) for _ in range(options.departures)]
            refs = [weakref.ref(g.app) for g in gone]
            guests = [g for g in guests if g not in gone]
            figures = []
            while gone:
                figures.append(await depart(gone, pauses))
            alive = sum(1 for ref in refs if ref() is not None)
            results[rule] = (figures, alive, refs)
            longest = max(f[0] for f in figures)
            total = sum(f[1] for f in figures) / len(figures)
            fulls = sum(f[2] for f in figures)
            print(
                f"{rule:>6}: {len(figures)} departures among {heap.running + len(figures)} apps: "
                f"longest pause {longest * 1000:.1f} ms, collections "
                f"{total * 1000:.1f} ms per departure, {fulls} full walks; departed apps "
                f"still in memory: {alive} of {len(figures)}"
            )
        # The shared rule's walk, when it comes: one, and it frees every departed app.
        _, _, refs = results["shared"]
        pauses.spans.clear()
        heap.collect_departed()
        walk = max((s for _, s, _ in pauses.spans), default=0.0)
        alive = sum(1 for ref in refs if ref() is not None)
        print(
            f"shared: its full walk ({heap.running} apps running) took {walk * 1000:.0f} ms; "
            f"departed apps still in memory after it: {alive}"
        )
        # The share decides how many departures one walk serves at this many apps.
        served = max(1, math.ceil(rules[1][1] * heap.running))
        print(
            f"shared: one walk per {served} departures at {heap.running} apps: "
            f"{walk / served * 1000:.0f} ms per departure"
        )
        heap.share = rules[1][1]
        for guest in guests:
            if guest.app.is_running:
                guest.app.exit()
        await asyncio.gather(*(g.task for g in guests), return_exceptions=True)
        for hall in halls:
            await hall.close()
    gc.callbacks.remove(pauses)


if __name__ == "__main__":
    asyncio.run(main())
