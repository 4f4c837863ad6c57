"""TUI benchmark: start to first frame, and re-rendering the table after one action.

Each figure is printed beside the same measurement of a minimal Textual app (one Static)
taken in the same run, so machine noise shows in both. Headless (Textual's test driver):
the compositor renders every frame, only the terminal write is skipped.

    python bench/tui.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App, ComposeResult
from textual.widgets import Static

from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings

SIZE = (80, 24)


class Minimal(App[None]):
    """The floor: the smallest app that draws something and can change it."""

    def compose(self) -> ComposeResult:
        yield Static("hello", id="text")


async def _first_frame(make: Any) -> float:
    start = time.perf_counter()
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        elapsed = time.perf_counter() - start
    return elapsed


async def _minimal_update(rounds: int) -> list[float]:
    times = []
    async with Minimal().run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = pilot.app.query_one("#text", Static)
        for i in range(rounds):
            start = time.perf_counter()
            text.update(f"hello {i}")
            await pilot.pause()
            times.append(time.perf_counter() - start)
    return times


async def _table_update(rounds: int) -> list[float]:
    """Time from an action accepted by the table to the table screen re-rendered."""
    times = []
    # The bot never gets to think (an hour's delay): the bench plays its moves too, so only
    # Ala's screen re-renders, with no hot-seat cover in between.
    seats = (Seat("Ala"), Seat("Bot", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=3600))
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(TableSetup("superbohaterowie", seats, {"series": 10}, 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.table is not None
        for _ in range(rounds):
            match = screen.table.match
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            start = time.perf_counter()
            await screen.table.submit(seat, match.legal(seat)[0])
            await pilot.pause()
            times.append(time.perf_counter() - start)
    return times


def _row(label: str, ours: list[float], floor: list[float]) -> str:
    def ms(values: list[float], q: float) -> float:
        values = sorted(values)
        return 1000 * values[min(len(values) - 1, int(q * len(values)))]

    ratio = statistics.median(ours) / statistics.median(floor)
    return (
        f"{label:<34} {ms(ours, 0.5):>8.1f} {ms(ours, 0.95):>8.1f}   "
        f"{ms(floor, 0.5):>8.1f} {ms(floor, 0.95):>8.1f}   {ratio:>5.1f}x"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    ours_start = [
        await _first_frame(lambda: HuntersApp(Settings(bot_delay=0))) for _ in range(runs)
    ]
    floor_start = [await _first_frame(Minimal) for _ in range(runs)]
    ours_update = await _table_update(runs * 5)
    floor_update = await _minimal_update(runs * 5)
    print(f"Hunters TUI at {SIZE[0]}x{SIZE[1]}, headless; milliseconds")
    print(f"{'':<34} {'p50':>8} {'p95':>8}   {'floor50':>8} {'floor95':>8}   ratio")
    print(_row("start -> first frame (launcher)", ours_start, floor_start))
    print(_row("action -> table re-rendered", ours_update, floor_update))


if __name__ == "__main__":
    asyncio.run(main())
