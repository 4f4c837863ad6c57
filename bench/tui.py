"""TUI benchmark: first frames and re-rendering a table after one action, every game.

Each figure is printed beside the same measurement of a minimal Textual app (one Static)
taken in the same run and at the same size, so machine noise shows in both. Headless
(Textual's test driver): the compositor renders every frame, only the terminal write is
skipped. The targets of issue #15: a table re-rendered within 1.5× the minimal app's
update, and its first frame within 2× the minimal app's, every game at 80×24 and 200×60.

Textual runs patched as the server runs every guest's app (``net/textual_fixes.apply``:
among others, the compositor asks only the widgets that show a changed row for their lines),
the minimal app too; ``--stock`` measures both without those patches, as a local game runs.

The garbage collector is set as the server sets it (``net/textual_fixes.py``): the
youngest generation collected after ``YOUNG`` allocations, and an app's objects collected
and then frozen once the app is up (its first frame drawn: the launcher for first frames, a
table's first position for re-renders), the same for the minimal app's, then unfrozen as
the app ends. Without that, a full collection walked every object of the app now and then
inside a span (about 120 ms at 200x60), as the server's never do.

The wall-clock figures include Textual's test driver waiting for the app to go idle (slices
of 20 ms), and grow with the load other processes put on the machine; the CPU figures (this
process's own time over the same spans) are what each guest's screen costs the server, and
hardly move with that load.

    python bench/tui.py [--runs N] [--games slug,slug] [--sizes 80x24,200x60] [--stock]
    python bench/tui.py --profile update --games shardhunters --sizes 80x24  # cProfile

``--profile update`` (or ``frame``) runs cProfile over the measured spans of the game's
re-renders (or first frames) only, and prints where their time went instead of the table.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from core.engine import TABLE, IllegalAction
from core.games import GAMES
from core.table import Seat, TableSetup
from net import textual_fixes
from net.textual_fixes import YOUNG
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings

SIZES = ((80, 24), (200, 60))
OPTIONS: dict[str, dict[str, Any]] = {
    "superbohaterowie": {"series": 10},  # long enough for every round of updates
    # No deadline moves the table behind the bench's back, and a claim is settled at once:
    # with a tie window the table settled it by its clock 50 ms later, a second update
    # inside the span (a third of Whoosh's spans waited out the window, 70-80 ms each).
    "whoosh": {"turn_timer": 0, "tie_window": 0, "fair_remote": False},
}
SEATS = (Seat("Ala"), Seat("Bob", "remote"))
"""Ala plays here; the bench plays Bob's moves as a remote player would, so only Ala's
screen draws (no bot thinking, no hot-seat cover) and every action is one re-render."""


class Minimal(App[None]):
    """The floor: the smallest app that draws something and can change it."""

    def compose(self) -> ComposeResult:
        yield Static("hello", id="text")


class MinimalScreen(Screen[None]):
    """The floor for a first frame: a screen of one Static pushed on a running app."""

    def compose(self) -> ComposeResult:
        yield Static("hello")


class Times:
    """Wall-clock and CPU seconds of each span measured (profiled too, given a profiler)."""

    def __init__(self, profile: cProfile.Profile | None = None) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self._at = (0.0, 0.0)
        self._profile = profile

    def start(self) -> None:
        if self._profile is not None:
            self._profile.enable()
        self._at = (time.perf_counter(), time.process_time())

    def stop(self) -> None:
        self.wall.append(time.perf_counter() - self._at[0])
        self.cpu.append(time.process_time() - self._at[1])
        if self._profile is not None:
            self._profile.disable()


def _settled() -> None:
    """An app is up: its objects collected and frozen, as the server freezes a guest's."""
    gc.collect()
    gc.freeze()


def _ended() -> None:
    """An app ended: its objects are the collector's again."""
    gc.unfreeze()


def _hunters() -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0, summaries=False))


async def _app_start(make: Any, size: tuple[int, int], times: Times) -> None:
    times.start()
    app = make()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        times.stop()


async def _first_frames(
    slug: str, size: tuple[int, int], runs: int, profile: cProfile.Profile | None = None
) -> Times:
    """From opening a game's table on a running app to its first frame with the board."""
    times = Times(profile)
    app = _hunters()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        _settled()
        for seed in range(runs):
            times.start()
            app.start_game(TableSetup(slug, SEATS, OPTIONS.get(slug, {}), seed))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            while not screen.latest or screen._refresh_pending:
                await pilot.pause()
            times.stop()
            await app.pop_screen()
            await pilot.pause()
    _ended()
    return times


async def _minimal_first_frames(size: tuple[int, int], runs: int) -> Times:
    times = Times()
    async with Minimal().run_test(size=size) as pilot:
        await pilot.pause()
        _settled()
        for _ in range(runs):
            times.start()
            await pilot.app.push_screen(MinimalScreen())
            await pilot.pause()
            times.stop()
            await pilot.app.pop_screen()
            await pilot.pause()
    _ended()
    return times


async def _minimal_update(size: tuple[int, int], rounds: int) -> Times:
    times = Times()
    async with Minimal().run_test(size=size) as pilot:
        await pilot.pause()
        _settled()
        text = pilot.app.query_one("#text", Static)
        for i in range(rounds):
            times.start()
            text.update(f"hello {i}")
            await pilot.pause()
            times.stop()
    _ended()
    return times


async def _table_update(
    slug: str, size: tuple[int, int], rounds: int, profile: cProfile.Profile | None = None
) -> Times:
    """Time from an action accepted by the table to the table screen re-rendered."""
    times = Times(profile)
    app = _hunters()
    async with app.run_test(size=size) as pilot:
        app.start_game(TableSetup(slug, SEATS, OPTIONS.get(slug, {}), 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.table is not None
        while not screen.latest or screen._refresh_pending:
            await pilot.pause()
        _settled()
        for _ in range(rounds):
            match = screen.table.match
            if match.outcome() is None and not match.to_act():
                await asyncio.sleep(0.01)  # a real-time table settling a tie window
            if match.outcome() is not None or not match.to_act():
                break
            acting = sorted(match.to_act())
            seat = acting[0] if acting[0] != TABLE else acting[-1]
            times.start()
            try:
                await screen.table.submit(seat, match.legal(seat)[0])
            except IllegalAction:  # Whoosh: a tie window settled the game's end meanwhile
                break
            await pilot.pause()
            times.stop()
    _ended()
    return times


def _ms(values: list[float], q: float) -> float:
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))]


def _row(label: str, ours: Times, floor: Times) -> str:
    ratio = statistics.median(ours.wall) / statistics.median(floor.wall)
    cpu_ratio = statistics.median(ours.cpu) / max(statistics.median(floor.cpu), 1e-6)
    return (
        f"{label:<44} {_ms(ours.wall, 0.5):>8.1f} {_ms(ours.wall, 0.95):>8.1f}   "
        f"{_ms(floor.wall, 0.5):>8.1f} {_ms(floor.wall, 0.95):>8.1f}   {ratio:>5.1f}x   "
        f"{_ms(ours.cpu, 0.5):>6.1f} {_ms(floor.cpu, 0.5):>6.1f} {cpu_ratio:>5.1f}x"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="first frames per game and size")
    parser.add_argument("--games", default=",".join(GAMES), help="slugs, comma-separated")
    parser.add_argument("--sizes", default="80x24,200x60", help="e.g. 80x24,200x60")
    parser.add_argument(
        "--profile", choices=("update", "frame"), help="cProfile the games' spans instead"
    )
    parser.add_argument("--top", type=int, default=40, help="functions --profile lists")
    parser.add_argument(
        "--stock", action="store_true", help="Textual unpatched (a local game), not as served"
    )
    args = parser.parse_args()
    runs = args.runs
    if not args.stock:
        textual_fixes.apply()  # as the server runs every guest's app
        # The server's freezing of the heap is the bench's own here (`_settled`, `_ended`):
        # its timers would collect in the middle of a span.
        textual_fixes.HEAP.started = textual_fixes.HEAP.stopped = lambda: None  # type: ignore[method-assign]
    threshold, *older = gc.get_threshold()
    gc.set_threshold(max(threshold, YOUNG), *older)
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    if args.profile:
        await _profile(args.profile, args.games.split(","), sizes, runs, args.top)
        return
    how = "Textual as a local game runs it" if args.stock else "Textual patched as served"
    print(f"Hunters TUI, headless, {how}; milliseconds (floor: a minimal Textual app, same size)")
    print(
        f"{'':<44} {'p50':>8} {'p95':>8}   {'floor50':>8} {'floor95':>8}   ratio   "
        f"{'cpu50':>6} {'floor':>6} ratio"
    )
    ours_start, floor_start = Times(), Times()
    for _ in range(runs):
        await _app_start(_hunters, (80, 24), ours_start)
        await _app_start(Minimal, (80, 24), floor_start)
    print(_row("start -> first frame (launcher) 80x24", ours_start, floor_start), flush=True)
    for width, height in sizes:
        size = (width, height)
        floor_frame = await _minimal_first_frames(size, runs)
        floor_update = await _minimal_update(size, runs * 10)
        for slug in args.games.split(","):
            frames = await _first_frames(slug, size, runs)
            updates = await _table_update(slug, size, runs * 10)
            where = f"{slug} {width}x{height}"
            print(_row(f"{where} first frame", frames, floor_frame), flush=True)
            print(_row(f"{where} action -> re-rendered", updates, floor_update), flush=True)


async def _profile(
    what: str, games: list[str], sizes: list[tuple[int, ...]], runs: int, top: int
) -> None:
    """Where the measured spans' time goes, by cumulative and by own time."""
    for width, height in sizes:
        for slug in games:
            profile = cProfile.Profile()
            if what == "frame":
                times = await _first_frames(slug, (width, height), runs, profile)
            else:
                times = await _table_update(slug, (width, height), runs * 10, profile)
            cpu = statistics.median(times.cpu) * 1000
            print(f"== {slug} {width}x{height} {what}: {len(times.cpu)} spans, cpu50 {cpu:.1f} ms")
            stats = pstats.Stats(profile).strip_dirs()
            stats.sort_stats("cumulative").print_stats(top)
            stats.sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    asyncio.run(main())
