"""FastPath: real-time keys from the raw bytes to the table, timed on arrival, naming the
position the player was shown, and dated back by the measured latency when play is fair at a
distance. A small clock game (tests/core/test_table_realtime.py) stands in for Whoosh."""

from __future__ import annotations

import asyncio
import time

from core.engine import Action
from core.match import Match
from core.table import Seat, Table, Update
from net.fastpath import (
    ANSWER,
    CLAIM_BURST,
    CLAIM_RATE,
    MAX_DISTANCE,
    MAX_LAG,
    MIN_REACTION,
    QUERY,
    REFUSAL_QUIET,
    FastPath,
)
from tests.core.test_table_realtime import ClockGame


class FakeChannel:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return False


def claim_key(key: bytes, update: Update) -> Action | None:
    """ "c" claims; the position it names is recorded for the test."""
    if key == b"c":
        seen.append(update.version)
        return ("claim",)
    return None


seen: list[int] = []


async def _armed(fair: bool = False) -> tuple[Table, FastPath, FakeChannel]:
    match = Match.new(ClockGame(), 2, seed=1)  # type: ignore[arg-type]
    table = Table(match, [Seat("Ala", "remote"), Seat("Olek", "remote")], bot_delay=0)
    await table.start()
    path = FastPath(probe_interval=0.01)
    channel = FakeChannel()
    path.channel_ready(channel)
    path.arm(table, 1, claim_key, fair=fair)
    return table, path, channel


async def _until(condition: object, timeout: float = 2.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.002)


async def test_unarmed_everything_but_probe_answers_goes_to_the_app() -> None:
    path = FastPath()
    assert path.feed(b"c1 x", 1) == b"c1 x"
    assert path.feed(b"a" + ANSWER + b"b", 1) == b"ab"


async def test_a_claim_key_goes_to_the_table_with_its_arrival_time() -> None:
    """The key is taken out of the chunk and submitted at once, timed on the raw bytes; the
    rest of the chunk goes on; inside an escape sequence nothing is a key."""
    table, path, _ = await _armed()
    try:
        arrived = time.monotonic_ns() - 5_000_000
        assert path.feed(b"xcy", arrived) == b"xy"
        await _until(lambda: table.match.state.claim_at is not None)
        assert table.match.state.claim_at == arrived
        assert path.feed(b"\x1b[1;5c", arrived) == b"\x1b[1;5c"
    finally:
        path.disarm()
        await table.close()


async def test_a_claim_names_the_position_its_player_can_have_reacted_to() -> None:
    """Only positions written to the player count, and only once on their screen for
    MIN_REACTION: a key pressed 50 ms, or 250 ms, after a new board appeared was aimed at
    the old one (a key on its way cannot be held back that fast)."""
    table, path, _ = await _armed()
    try:
        seen.clear()
        first = table.match.version
        await table.submit(0, ("tick",))  # delivered to the path, not yet written
        path.feed(b"c", time.monotonic_ns() + 10**9)
        assert seen == [first]  # never the position that was not written
        second = table.match.version  # the tick and that claim, delivered since
        written = time.monotonic_ns()
        path.frame_written(written)
        path.feed(b"c", written + 50_000_000)
        path.feed(b"c", written + 250_000_000)
        path.feed(b"c", written + int(MIN_REACTION * 1e9) + 1)
        assert seen == [first, first, first, second]
    finally:
        path.disarm()
        await table.close()


async def test_round_trips_are_measured_and_claims_dated_back_when_fair() -> None:
    """The path asks the terminal for its status, times the answer, tells the table, and
    dates a claim back by that latency (never before the position arose)."""
    table, path, channel = await _armed(fair=True)
    try:
        await _until(lambda: QUERY in channel.written)
        await asyncio.sleep(0.03)
        assert path.feed(ANSWER, time.monotonic_ns()) == b""
        round_trip = path.round_trip_ns
        assert round_trip is not None and 25_000_000 <= round_trip < 500_000_000
        assert table.latency_ns[1] == path.latency_ns >= round_trip
        await asyncio.sleep(0.1)  # long enough that dating back stays after the position
        arrived = time.monotonic_ns()
        path.feed(b"c", arrived)
        await _until(lambda: table.match.state.settled)  # the table settles it in time
        assert table.match.state.settled == (arrived - path.latency_ns,)
    finally:
        path.disarm()
        await table.close()
    assert 1 not in table.latency_ns and not path.armed


async def test_distance_and_the_servers_own_delay_are_capped_apart() -> None:
    """A slow link is compensated up to MAX_DISTANCE, and the server's own delay in writing
    a board to the player up to MAX_LAG more: under load the second alone reached 300 ms,
    and one cap for both cut off a 40 ms player's claims. The table waits for both."""
    table, path, channel = await _armed(fair=True)
    try:
        await _until(lambda: QUERY in channel.written)
        path.feed(ANSWER, time.monotonic_ns() + 2 * 10**9)  # a two-second round trip
        distance = int(MAX_DISTANCE * 1e9)
        assert distance <= path.latency_ns < distance + 10_000_000  # and the first board's lag
        await table.submit(0, ("tick",))  # a new board, written to the player 1 s later
        path.frame_written(time.monotonic_ns() + 10**9)
        assert path.latency_ns == int(MAX_DISTANCE * 1e9) + int(MAX_LAG * 1e9)
        assert table.horizon_ns == path.latency_ns
    finally:
        path.disarm()
        await table.close()


async def test_a_flood_of_claim_keys_reaches_the_table_as_a_few_claims() -> None:
    """300 kB of "c" from a seated guest froze the server for up to 75 s: every byte was a
    claim applied on the shared loop. Now a burst of CLAIM_BURST claims reaches the table,
    the rest are dropped (never passed to the App either), and the budget refills at
    CLAIM_RATE a second."""
    table, path, _ = await _armed()
    try:
        arrived = time.monotonic_ns()
        assert path.feed(b"c" * 100 + b"x", arrived) == b"x"
        assert path.claims_sent == CLAIM_BURST
        flood = b"c" * 32_768
        for _ in range(10):
            assert path.feed(flood, arrived) == b""
        assert path.claims_sent == CLAIM_BURST
        assert path.claims_dropped == 100 - CLAIM_BURST + 10 * len(flood)
        await asyncio.sleep(2 / CLAIM_RATE)
        path.feed(b"c", time.monotonic_ns())
        assert path.claims_sent == CLAIM_BURST + 1
    finally:
        path.disarm()
        await table.close()


async def test_refused_claims_are_told_once_per_burst() -> None:
    """A refusal used to queue a toast per key; a burst of refused claims is one message."""
    match = Match.new(ClockGame(), 2, seed=1)  # type: ignore[arg-type]
    table = Table(match, [Seat("Ala", "remote"), Seat("Olek", "remote")], bot_delay=0)
    await table.start()
    told: list[str] = []
    path = FastPath(probe_interval=0.01)
    path.channel_ready(FakeChannel())
    path.arm(
        table,
        1,
        lambda key, _: ("bogus",) if key == b"b" else None,
        fair=False,
        on_refused=told.append,
    )
    try:
        for _ in range(5):
            path.feed(b"b", time.monotonic_ns())
        assert path.claims_sent == 5
        assert len(told) == 1
        await asyncio.sleep(REFUSAL_QUIET + 0.05)
        path.feed(b"b", time.monotonic_ns())
        assert len(told) == 2
    finally:
        path.disarm()
        await table.close()
