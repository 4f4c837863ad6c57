"""How long the garbage collector holds a served hall's loop while games are played.

Every guest's app of ``hunters serve`` runs in the server's one event loop: each collection
of the collector is a pause every key waiting then sits through. This bench puts T tables
in one process, as the server holds them: each a `Hall` of Superbohaterowie with three bots
and a player whose seat a bot plays (`Hall.leave_seat`), three spectators, every guest's app
a `HallApp` (Textual's headless driver, 80x24) patched as the server patches them
(net/textual_fixes.py). Once the apps are up and the heap is frozen, the bots play for
``--seconds``, and each collection is timed (CPU time of this process's one thread, so the
machine's other load does not count). Rules are compared, each in its own process, one after
another in the same run: a young threshold (Python's 700, 2,000, 20,000; others with
``--young``), alone or with a letter after it: "m", the survivors of each collection of the
middle (or oldest) generation frozen at once, so no collection walks them again; "f", the
survivors of every collection (shipped: `_Heap.survived`, with `YOUNG`). A cycle frozen so
waits for a walk of the whole heap: at the end each run walks it and prices that walk (CPU,
and what it freed, in objects and their own bytes). It measures a short game; the oldest
generation's walks, which come every hundred young collections, show over longer play at
more tables (bench/hall.py stamps them).

Printed per rule: the collections of each generation, their CPU in all and the longest (the
pause a key can meet), the frozen objects at the start and how many more at the end, and
the final walk; no assertions.

    python bench/gc_pauses.py [--tables 10] [--seconds 45] [--young 700,20000,2000,2000m,2000f]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.table import Seat, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.hall import OPEN, Hall
from tui.settings import Settings

SPECTATORS = 3
BOT_DELAY = 0.8
"""Seconds a bot waits before its move: a table's turn every second or so."""


async def table(root: Path, number: int) -> tuple[Hall, list[asyncio.Task[Any]]]:
    hall = Hall(root / str(number), bot_delay=BOT_DELAY, idle=0, grace=3600)
    player, watchers = f"p{number}", [f"w{number}x{i}" for i in range(SPECTATORS)]
    for name in (player, *watchers):
        hall.arrive(name)
    bots = tuple(Seat(f"Bot {seat}", "bot", "normal") for seat in (2, 3, 4))
    hall.configure(player, TableSetup("superbohaterowie", (Seat("open", OPEN), *bots)))
    hall.take_seat(player, 0)
    await hall.start(player)
    hall.leave_seat(player)  # a bot plays the seat: every seat moves by itself
    tasks = []
    for name in (player, *watchers):
        app = HallApp(hall, name, Settings())
        tasks.append(asyncio.create_task(app.run_async(headless=True, size=(80, 24))))
    return hall, tasks


async def one(tables: int, seconds: float, rule: str) -> dict[str, Any]:
    """The collections of ``seconds`` of play at ``tables`` tables under ``rule``: the young
    threshold, and with "f" after it the survivors of every collection frozen, with "m"
    those of the middle generation's (and the oldest's)."""
    textual_fixes.apply()
    gc.callbacks.remove(textual_fixes.HEAP.survived)  # the rule compared here does it, or not
    young = int(rule.rstrip("fm"))
    freeze = 0 if rule.endswith("f") else 1 if rule.endswith("m") else 3
    spans: list[tuple[int, float]] = []
    started: list[float] = []

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[:] = [time.thread_time()]
        elif started:
            spans.append((info["generation"], time.thread_time() - started.pop()))
            if info["generation"] >= freeze:
                gc.freeze()

    with tempfile.TemporaryDirectory(prefix="hunters-gc-bench-") as tmp:
        halls = [await table(Path(tmp), number) for number in range(tables)]
        await asyncio.sleep(5.0)  # every app up and drawn, the heap settled
        gc.collect()
        gc.freeze()
        gc.set_threshold(young, *gc.get_threshold()[1:])
        gc.callbacks.append(timed)
        moves = sum(hall.table.match.version for hall, _ in halls if hall.table)
        frozen = gc.get_freeze_count()
        await asyncio.sleep(seconds)
        gc.callbacks.remove(timed)
        moves = sum(hall.table.match.version for hall, _ in halls if hall.table) - moves
        grown = gc.get_freeze_count() - frozen
        # What a walk of the whole heap costs now, and what it frees: with survivors frozen,
        # the garbage they kept (cycles freed by nothing else); else what waited for it.
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)  # (kept to be weighed: the walk frees them after)
        walk = time.thread_time()
        garbage = gc.collect()
        walk = time.thread_time() - walk
        weight = sum(sys.getsizeof(thing) for thing in gc.garbage)
        gc.set_debug(0)
        gc.garbage.clear()
    found = {"spans": spans, "moves": moves, "frozen": frozen, "grown": grown}
    return found | {"walk": walk, "garbage": garbage, "weight": weight}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument(
        "--young",
        default="700,20000,2000,2000m,2000f",
        help="young thresholds to compare; with f, every collection's survivors are frozen, "
        "with m the middle generation's",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one is not None:
        found = asyncio.run(one(options.tables, options.seconds, options.one))
        print(json.dumps(found), flush=True)
        os._exit(0)  # the apps' tasks are still running: nothing to wait for
    apps = options.tables * (1 + SPECTATORS)
    print(
        f"{options.tables} tables of Superbohaterowie played by bots, {apps} apps in one "
        f"process, {options.seconds:g} s each; CPU time of the collections"
    )
    print(
        f"{'young threshold':<16}{'moves':>6}  generation: collections, CPU in all, longest"
        " | frozen at the start, since | then a whole walk: CPU, garbage freed"
    )
    for young in options.young.split(","):
        done = subprocess.run(
            [sys.executable, __file__, "--tables", str(options.tables), "--seconds",
             str(options.seconds), "--one", str(young)],
            capture_output=True, text=True, timeout=options.seconds + 120, check=True,
        )  # fmt: skip
        found = json.loads(done.stdout.strip().splitlines()[-1])
        cells = []
        for generation in (0, 1, 2):
            took = [t for g, t in found["spans"] if g == generation]
            cells.append(
                f"{generation}: {len(took)}, {sum(took) * 1000:.0f} ms, "
                f"{max(took, default=0) * 1000:.1f} ms"
            )
        cells.append(f"{found['frozen']:,} {found['grown']:+,}")
        cells.append(
            f"walk {found['walk'] * 1000:.0f} ms, {found['garbage']:,} freed "
            f"({found['weight'] / 2**20:.1f} MiB)"
        )
        mark = " (shipped)" if young == f"{textual_fixes.YOUNG}f" else ""
        print(f"{young + mark:<16}{found['moves']:>6}  " + " | ".join(cells))


if __name__ == "__main__":
    main()
