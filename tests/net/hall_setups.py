"""The hall set-ups the served table's tests share: a bare hall on a test's data dir, the
game started with ala hosting on seat 1 and olek on seat 2 (a bot on seat 3) in the hall
alone or over SSH, what the hall told a guest, and waiting for a condition (in the hall, or
in a guest's app under Textual's pilot)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from core.table import Seat, Table, TableSetup
from net.hall import OPEN, Hall
from tests.net.e2e_helpers import DOWN, ENTER, Player, Served, players, running_server, seat_players

TWO_OPEN_ONE_BOT = TableSetup(
    "superbohaterowie", (Seat("open", OPEN), Seat("open", OPEN), Seat("Bot", "bot", "random"))
)
"""Two seats open to players and a bot's: the table these tests play at."""


def bare_hall(tmp_path: Path, **kwargs: Any) -> Hall:
    """A hall on ``tmp_path``'s data dir whose bots play at once (``kwargs``: its other
    fields, e.g. ``grace``, ``idle``)."""
    return Hall(tmp_path / "data", bot_delay=0, **kwargs)


async def seated_hall(tmp_path: Path, *watchers: str, idle: float = 0, **kwargs: Any) -> Hall:
    """ala (the host) on seat 1, olek on seat 2, a bot on seat 3, ``watchers`` watching;
    the game started. Nobody is idle (``idle`` 0) unless a test says so."""
    hall = bare_hall(tmp_path, idle=idle, **kwargs)
    for name in ("ala", "olek", *watchers):
        hall.arrive(name)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    hall.take_seat("olek", 1)
    await hall.start("ala")
    return hall


def told(hall: Hall, name: str) -> list[str]:
    """What the hall's notices told ``name`` (theirs and everyone's), oldest first."""
    return [notice.text for notice in hall.notices if notice.to in (None, name)]


async def eventually(condition: Callable[[], object], timeout: float = 5.0) -> None:
    """Wait until ``condition()`` holds (TimeoutError after ``timeout`` seconds)."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def pilot_until(pilot: Any, condition: Callable[[], object], timeout: float = 5.0) -> None:
    """Wait, letting the app under ``pilot`` run, until ``condition()`` holds."""
    async with asyncio.timeout(timeout):
        while not condition():
            await pilot.pause(0.02)


@contextlib.asynccontextmanager
async def seated_over_ssh(
    tmp_path: Path, *, idle: float = 0, **options: Any
) -> AsyncIterator[tuple[Served, Table, Player, Player]]:
    """A server on ``tmp_path``'s data dir (``options``: `running_server`'s) where ala
    hosts and sits on seat 1 and olek on seat 2, over SSH, the game started: the server,
    its table and both players' terminals."""
    async with (
        running_server(tmp_path / "data", **options) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        served.hall.idle = idle
        await seat_players(ala, olek)
        table = served.hall.table
        assert table is not None
        yield served, table, ala, olek


async def choose_in_host_menu(host: Player, line: str) -> None:
    """Open the host menu and choose ``line`` (Down until it is marked, then Enter)."""
    await host.key(b"h")
    await host.wait_for(line)
    while f"> {line}" not in host.text:
        await host.key(DOWN)
    await host.key(ENTER)
