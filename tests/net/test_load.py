"""Load on a served table while two players play: floods of half-open connections, and a
hostile session pasting megabytes of random bytes and storming resizes.

Everything targets 127.0.0.1, is bounded in count and time, and every connection opened here
is closed here. The players' game going on (moves accepted and shown to both) is the check
that the table was not harmed; how fast is left to bench/ssh.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.net.e2e_helpers import (
    Player,
    Served,
    connect,
    players,
    running_server,
    seat_players,
)

HALF_OPEN = 1_000
"""Idle connections that never say a word of SSH."""
LOGIN_TIMEOUT = 2.0

LIMITS = {
    "login_timeout": LOGIN_TIMEOUT,
    # Every connection comes from 127.0.0.1: room for all of them, so that the login
    # timeout closes them, not the caps at once.
    "max_unauthenticated": HALF_OPEN + 10,
    "max_unauthenticated_per_address": HALF_OPEN + 10,
    "rate_burst": HALF_OPEN + 100,
    "rate_per_second": 100.0,
}


def _moves(served: Served) -> int:
    table = served.hall.table
    assert table is not None
    return len(table.match.steps)


async def _play_moves(served: Served, movers: list[Player], count: int, timeout: float) -> None:
    """The humans keep playing (bots in between) until ``count`` more actions are accepted."""
    from tests.net.e2e_helpers import play_until

    start = _moves(served)
    await play_until(movers, lambda: _moves(served) >= start + count, timeout=timeout)


@dataclass
class HalfOpen:
    """A connection that read the server's version line (so it was let in) and says nothing."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    opened: float
    """When the client began to connect (monotonic): the server's login timer starts later.
    (Not when the connect returned: the loop, shared with the server, may resume the client
    well after the server has started that timer.)"""


async def _half_open(port: int) -> HalfOpen:
    opened = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    async with asyncio.timeout(20):
        assert (await reader.readline()).startswith(b"SSH-2.0-")
    return HalfOpen(reader, writer, opened)


async def _closed_after(connection: HalfOpen) -> float:
    """Seconds from opening ``connection`` until the server closed it."""
    with contextlib.suppress(ConnectionError):
        while await connection.reader.read(4096):
            pass
    return time.monotonic() - connection.opened


@pytest.mark.timeout(90)
async def test_a_thousand_half_open_connections_time_out_while_the_players_play(
    tmp_path: Path,
) -> None:
    """1,000 connections from one address open, are let in and say nothing; the seated
    players keep playing meanwhile; the login timeout closes every one of them (none sooner);
    the game goes on after."""
    async with (
        running_server(tmp_path / "data", limits=LIMITS) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        idle: list[HalfOpen] = []
        try:
            for batch in range(0, HALF_OPEN, 100):
                idle += await asyncio.gather(
                    *(_half_open(served.port) for _ in range(min(100, HALF_OPEN - batch)))
                )
            assert len(idle) == HALF_OPEN
            await _play_moves(served, [ala, olek], 4, timeout=30)
            async with asyncio.timeout(LOGIN_TIMEOUT + 20):
                lifetimes = await asyncio.gather(*(_closed_after(c) for c in idle))
            assert len(lifetimes) == HALF_OPEN
            # asyncio may run a timer up to its clock's resolution early: a little slack.
            assert min(lifetimes) >= LOGIN_TIMEOUT - 0.05
        finally:
            for connection in idle:
                connection.writer.close()
        await _play_moves(served, [ala, olek], 2, timeout=20)


@pytest.mark.timeout(90)
async def test_a_flood_of_random_bytes_and_resizes_harms_neither_the_table_nor_the_flooder(
    tmp_path: Path,
) -> None:
    """A third guest pastes 1 MiB of random bytes in 4 KiB pieces and resizes 500 times;
    meanwhile the two players keep playing, and afterwards the flooder's session still
    answers a key."""
    rng = random.Random(7)
    async with (
        running_server(tmp_path / "data", limits=LIMITS) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        flooder = await connect(served.port, "ewa")
        try:
            await flooder.wait_for("Draw pile")  # watching the game in progress

            # Random keys, but not the ones that quit or leave: the session is to survive.
            keep = bytes(b for b in range(256) if b not in b"\x03\x11qQ")

            async def flood() -> None:
                assert flooder.process is not None
                for piece in range(256):
                    flooder.send(bytes(rng.choice(keep) for _ in range(4096)))
                    if piece % 2 == 0:
                        width, height = rng.randint(1, 1000), rng.randint(1, 1000)
                        flooder.process.change_terminal_size(width, height)
                        flooder.process.change_terminal_size(80 + piece % 3, 24)
                    await asyncio.sleep(0.005)
                flooder.process.change_terminal_size(80, 24)

            await asyncio.gather(flood(), _play_moves(served, [ala, olek], 4, timeout=40))
            assert not flooder.ended
            await flooder.settle()
            await flooder.key(b"\x1b")  # whatever screen the noise opened: back out
            await flooder.key(b"\x1b")
            assert not flooder.ended and "ewa" in served.hall.guests
            assert b"hit an error" not in flooder.received
        finally:
            await flooder.close()
        await _play_moves(served, [ala, olek], 2, timeout=20)
