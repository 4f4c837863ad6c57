"""Write SVG screenshots of the real app's screens into screenshots/.

Run from the repository root: ``python screenshots/make.py``. Every picture comes from the
real HuntersApp, driven by keypresses with fixed seeds so the pictures only change when a
screen does.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.table import Seat, TableSetup  # noqa: E402
from tests.tui.game_driver import play_by_keys, settle  # noqa: E402
from tui.app import HuntersApp  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.settings import Settings  # noqa: E402

OUT = ROOT / "screenshots"
BOTS = (Seat("Ala"), Seat("Bot 2 (hard)", "bot", "hard"), Seat("Bot 3 (easy)", "bot", "easy"))
HOT_SEAT = (Seat("Ala"), Seat("Olek"), Seat("Bot 3 (normal)", "bot", "normal"))


async def _game(pilot: Any) -> GameScreen:
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def _turns(pilot: Any, count: int) -> None:
    screen = await _game(pilot)
    for _ in range(count):
        await settle(pilot, screen)
        update = screen.latest[screen.viewer]
        if update.outcome is not None:
            return
        await play_by_keys(pilot, screen, update.legal[0])
    await settle(pilot, screen)


async def _shoot(
    name: str,
    size: tuple[int, int],
    steps: Callable[[Any], Awaitable[None]],
    settings: Settings | None = None,
) -> None:
    app = HuntersApp(settings or Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await steps(pilot)
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", str(OUT))
    print(f"wrote screenshots/{name}.svg ({size[0]}x{size[1]})")


def _start(setup: TableSetup, turns: int = 0, then: tuple[str, ...] = ()) -> Any:
    async def steps(pilot: Any) -> None:
        pilot.app.start_game(setup)
        if turns:
            await _turns(pilot, turns)
        else:
            await pilot.pause()
        if then:
            await pilot.press(*then)

    return steps


GAMES_SHOWN: tuple[tuple[str, dict[str, Any], int, int], ...] = (
    ("comic-hunters", {}, 3, 4),
    ("superbohaterowie", {}, 11, 5),
    ("orb-hunters", {}, 3, 4),
    ("shardhunters", {}, 3, 3),
    ("whoosh", {"turn_timer": 0}, 3, 0),
)
"""Every game's table (one person against two bots) after a few of the person's moves:
(slug, options, seed, moves)."""
SIZES = ((80, 24), (120, 40))
QUIET = Settings(bot_delay=0, summaries=False)
"""The tables are shot without summary panels (one has its own picture)."""
WHOOSH_SHARED = (Seat("Ala"), Seat("Olek"), Seat("Bot 3 (easy)", "bot", "easy"))


def _played(setup: TableSetup, moves: int, keys: tuple[str, ...] = ()) -> Any:
    """The table after ``moves`` of the person's own (the first legal action each time,
    the bots answering), then ``keys`` pressed."""

    async def steps(pilot: Any) -> None:
        pilot.app.start_game(setup)
        screen = await _game(pilot)
        await asyncio.sleep(0.3)
        for _ in range(moves):
            await settle(pilot, screen)
            update = screen.latest[screen.viewer]
            if update.outcome is not None or not update.legal or screen.table is None:
                break
            await screen.table.submit(update.seat, update.legal[0], update.version)
        await settle(pilot, screen)
        for key in keys:
            await pilot.press(key)
            await asyncio.sleep(0.3)
        await pilot.pause()

    return steps


def _summary(setup: TableSetup) -> Any:
    """The person's first move, and the summary panel of the milestone it completes."""

    async def steps(pilot: Any) -> None:
        pilot.app.start_game(setup)
        screen = await _game(pilot)
        while not screen._summary_open:
            await settle(pilot, screen)
            update = screen.latest[screen.viewer]
            if update.legal and screen.table is not None:
                await screen.table.submit(update.seat, update.legal[0], update.version)
            for _ in range(100):
                await asyncio.sleep(0.05)
                if screen._summary_open or screen.latest[screen.viewer].legal:
                    break
        await pilot.pause()

    return steps


def _opening(setup: TableSetup, keys: tuple[str, ...] = ()) -> Any:
    """The table as dealt (bots move first where they start), then ``keys`` pressed."""

    async def steps(pilot: Any) -> None:
        pilot.app.start_game(setup)
        await pilot.pause()
        await asyncio.sleep(0.3)
        for key in keys:
            await pilot.press(key)
            await asyncio.sleep(0.2)
        await pilot.pause()

    return steps


async def main() -> None:
    mid = TableSetup("superbohaterowie", BOTS, {}, 11)

    async def nothing(pilot: Any) -> None:
        return None

    async def setup_screen(pilot: Any) -> None:
        await pilot.press("enter")

    await _shoot("launcher", (80, 24), nothing)
    await _shoot("setup", (80, 24), setup_screen)
    await _shoot("choosing-a-target", (80, 24), _start(mid, turns=3, then=("right", "enter")))
    await _shoot("results", (80, 24), _start(mid, turns=300, then=("enter",)))
    await _shoot(
        "hot-seat-cover", (80, 24), _start(TableSetup("superbohaterowie", HOT_SEAT, {}, 5))
    )
    await _shoot(
        "screen-reader",
        (80, 24),
        _start(mid, then=("enter",)),
        Settings(bot_delay=0, screen_reader=True),
    )
    await _shoot("help", (80, 24), _start(mid, then=("f1",)))
    for slug, options, seed, moves in GAMES_SHOWN:
        setup = TableSetup(slug, BOTS, options, seed)
        for width, height in SIZES:
            await _shoot(f"{slug}-{width}x{height}", (width, height), _played(setup, moves), QUIET)
    await _shoot("summary", (80, 24), _summary(TableSetup("shardhunters", BOTS[:2], {}, 3)))
    await _shoot("history", (80, 24), _played(mid, 4, ("H",)), QUIET)
    await _shoot(
        "details", (80, 24), _played(TableSetup("orb-hunters", BOTS, {}, 3), 2, ("i",)), QUIET
    )
    await _shoot(
        "whoosh-two-at-one-keyboard",
        (80, 24),
        _opening(TableSetup("whoosh", WHOOSH_SHARED, {"turn_timer": 0}, 4), ("z", "m", "z")),
    )
    await _tables_list()


async def _tables_list() -> None:
    """What a guest of ``hunters serve`` lands in: the server's list of tables."""
    import tempfile

    from core.engine import IllegalAction
    from net.identity import Identity
    from net.tables import Tables
    from net.tables_screen import TablesApp, TablesDoor

    with tempfile.TemporaryDirectory() as data:
        tables = Tables(Path(data), bot_delay=0)
        for host, slug, guests in (
            ("ala", "superbohaterowie", ("olek", "eve")),
            ("bob", "whoosh", ("cy",)),
            ("dan", None, ()),
        ):
            hall = tables.create(host)
            hall.arrive(host)
            if slug is not None:
                hall.configure(host, TableSetup(slug, _open_seats(2), {}, 1))
                for guest in guests:
                    hall.arrive(guest)
                with contextlib.suppress(IllegalAction):
                    hall.take_seat(guests[0], 1)
        app = TablesApp(TablesDoor(tables, Identity("fay", None, "127.0.0.1")), "fay", Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down")
            await pilot.pause()
            app.save_screenshot("tables.svg", str(OUT))
        await tables.aclose()
    print("wrote screenshots/tables.svg (80x24)")


def _open_seats(count: int) -> tuple[Seat, ...]:
    from net.hall import OPEN

    return (
        *(Seat(f"Open seat {i + 1}", OPEN) for i in range(count)),
        Seat("Bot 3 (normal)", "bot", "normal"),
    )


if __name__ == "__main__":
    asyncio.run(main())
