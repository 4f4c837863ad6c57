"""Hostile guests against the real ``hunters serve`` (a subprocess on 127.0.0.1).

Each test replays one attack that froze or exhausted the whole server, bounded in time and
volume, and checks what every other person there cares about, during the attack and after:

- a fresh TCP connection gets the SSH banner within `BANNER_LIMIT` (the server still lets
  people in), and
- a seated player's key still redraws their screen within `KEY_LIMIT` (the table plays on).

The server runs in its own process so that a freeze shows as a failed probe here instead of
freezing the test; it is killed by its pid at the end of every test. Everything targets
127.0.0.1 and each attacker's volume and duration are fixed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.net.e2e_helpers import (
    CTRL_S,
    WAIT,
    Player,
    ServerProcess,
    connect,
    start_server_process,
)

pytestmark = pytest.mark.timeout(120)

BANNER_LIMIT = 2.0
"""Seconds a fresh connection may wait for the SSH banner."""
KEY_LIMIT = 0.5
"""Seconds a seated player's key may take to change their screen."""
ATTACK = 3.0
"""Seconds each attack lasts."""
PROBE_EVERY = 0.4
"""Seconds between probes during an attack."""
TAB = b"\t"


@dataclass
class Probes:
    """What the probes saw: banner and key times in seconds, and the failures."""

    banners: list[float] = field(default_factory=list)
    keys: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        def p95(values: list[float]) -> str:
            if not values:
                return "-"
            ordered = sorted(values)
            return f"{ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} ms"

        return (
            f"banner p95 {p95(self.banners)} over {len(self.banners)}, key p95 "
            f"{p95(self.keys)} over {len(self.keys)}, failures: {self.failures or 'none'}"
        )


_sources = itertools.count(1)


async def banner(port: int) -> float:
    """Seconds from connecting to reading the server's SSH version line.

    Each probe comes from its own loopback address (127.0.2.N), as newcomers would: the
    server's per-address limits are not what is being measured."""
    source = next(_sources) % 250 + 1
    started = time.monotonic()
    async with asyncio.timeout(BANNER_LIMIT):
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=(f"127.0.2.{source}", 0)
        )
        try:
            line = await reader.readline()
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()
    assert line.startswith(b"SSH-2.0-"), line
    return time.monotonic() - started


async def key_redraw(player: Player) -> float:
    """Seconds from sending Tab (the focus moves: the screen changes) to new output."""
    await player.settle(quiet=0.05, timeout=WAIT)
    frames = player.frames
    started = time.monotonic()
    player.send(TAB)
    async with asyncio.timeout(KEY_LIMIT):
        while player.frames == frames:
            player.changed.clear()
            await player.changed.wait()
    return time.monotonic() - started


async def probe(port: int, player: Player | None, probes: Probes) -> None:
    """One round: a banner, and a key of ``player``'s if there is one."""
    try:
        probes.banners.append(await banner(port))
    except (TimeoutError, OSError, AssertionError) as error:
        probes.failures.append(f"banner: {error!r}")
    if player is not None:
        try:
            probes.keys.append(await key_redraw(player))
        except TimeoutError:
            probes.failures.append("key: no redraw within the limit")


async def under_attack(
    server: ServerProcess,
    player: Player | None,
    attack: Callable[[], Awaitable[None]],
) -> tuple[Probes, Probes]:
    """Run ``attack`` (bounded by itself) while probing; then probe the server after it."""
    during, after = Probes(), Probes()
    task = asyncio.create_task(attack())
    try:
        while not task.done():
            await probe(server.port, player, during)
            await asyncio.sleep(PROBE_EVERY)
        task.result()
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    await asyncio.sleep(0.5)
    for _ in range(3):
        await probe(server.port, player, after)
    return during, after


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used, in seconds (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@contextlib.asynccontextmanager
async def served(tmp_path: Path, game: str = "superbohaterowie") -> AsyncIterator[ServerProcess]:
    server = start_server_process(tmp_path / "data", tmp_path / "server.log", "--game", game)
    try:
        yield server
    finally:
        server.kill()


@contextlib.asynccontextmanager
async def table(
    port: int, seated: tuple[str, ...], watching: tuple[str, ...] = ()
) -> AsyncIterator[dict[str, Player]]:
    """The first of ``seated`` hosts and accepts the default setup (two open seats, bots
    for the rest); the seated sit in order, the watching stay in the lobby to watch; the
    host starts. Every connection is closed at the end."""
    people: dict[str, Player] = {}
    try:
        for name in (*seated, *watching):
            people[name] = await connect(port, name)
        host = people[seated[0]]
        await host.wait_for("table setup")
        await host.settle()
        await host.key(CTRL_S)
        for person in people.values():
            await person.wait_for("press 2 to sit here")
        for index, name in enumerate(seated, 1):
            await people[name].key(str(index).encode())
            await people[name].wait_for(f"You sit on seat {index}.")
        await host.wait_for("Press s to start.")
        await host.key(b"s")
        for name in seated:
            await people[name].wait_for(["Your hand", "Your turn", "reveal", "Reveal"])
        for person in people.values():
            await person.settle()
        yield people
    finally:
        for person in people.values():
            await person.close()


def assert_held(during: Probes, after: Probes) -> None:
    print(f"during: {during.summary()}\nafter: {after.summary()}")  # for the figures (-s)
    assert not during.failures, f"during the attack: {during.summary()}"
    assert not after.failures, f"after the attack: {after.summary()}"
    assert during.banners and after.banners


# -- the attacks -------------------------------------------------------------------------------


async def flood(attacker: Player, chunk: bytes, pause: float = 0.0) -> None:
    """Send ``chunk`` again and again for `ATTACK` seconds, as fast as the server reads (a
    server that stops reading holds the attacker, not the test: every wait is bounded)."""
    assert attacker.process is not None
    deadline = time.monotonic() + ATTACK
    with contextlib.suppress(Exception):
        while time.monotonic() < deadline and not attacker.ended:
            attacker.send(chunk)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.01, deadline - time.monotonic())):
                    await attacker.process.stdin.drain()
            await asyncio.sleep(pause)


def resize_storm(attacker: Player, seconds: float = ATTACK) -> Callable[[], Awaitable[None]]:
    """Window changes every 3 ms crossing the 80×24 minimum, 0×0, 2³²−1 and random sizes
    (froze the server in 5–9 s as a spectator, a seated player or the host on setup)."""

    async def attack() -> None:
        assert attacker.process is not None
        channel = attacker.process.channel
        rng = random.Random(12)
        sizes = [(79, 23), (100, 30), (0, 0), (2**32 - 1, 2**32 - 1)]
        deadline = time.monotonic() + seconds
        step = 0
        while time.monotonic() < deadline:
            step += 1
            if step % 5 == 4:
                size = (rng.randrange(1, 500), rng.randrange(1, 300))
            else:
                size = sizes[step % 2] if step % 7 else sizes[2 + step % 2]
            channel.change_terminal_size(*size)
            await asyncio.sleep(0.003)

    return attack


@pytest.mark.parametrize("role", ["spectator", "seated"])
async def test_a_resize_storm_freezes_nothing(tmp_path: Path, role: str) -> None:
    async with served(tmp_path) as server:
        if role == "spectator":
            cast = table(server.port, ("ala", "olek"), ("mallory",))
        else:
            cast = table(server.port, ("ala", "mallory"))
        async with cast as people:
            during, after = await under_attack(
                server, people["ala"], resize_storm(people["mallory"])
            )
            assert_held(during, after)


async def test_a_resize_storm_from_the_host_on_the_setup_screen_freezes_nothing(
    tmp_path: Path,
) -> None:
    async with served(tmp_path) as server:
        host = await connect(server.port, "mallory", width=100, height=30)
        olek = await connect(server.port, "olek")
        try:
            await host.wait_for("table setup")
            await olek.wait_for("Waiting for the host")
            during, after = await under_attack(server, None, resize_storm(host))
            assert_held(during, after)
            # The host's own screen still answers, at the size their window ends at.
            assert host.process is not None
            host.process.channel.change_terminal_size(host.width, host.height)
            await asyncio.sleep(0.5)
            await host.key(TAB)
            await host.wait_for("table setup")
        finally:
            await host.close()
            await olek.close()


async def test_an_unclosed_paste_ends_only_the_pasters_session(tmp_path: Path) -> None:
    """ESC[200~ then characters, never ESC[201~: 62 MB → 1.28 GB in 20 s before."""
    async with served(tmp_path) as server, table(server.port, ("ala", "mallory")) as people:
        mallory = people["mallory"]
        before = rss_mb(server.pid)

        async def attack() -> None:
            mallory.send(b"\x1b[200~")
            await flood(mallory, b"A" * 65_536, 0.01)

        during, after = await under_attack(server, people["ala"], attack)
        assert_held(during, after)
        await mallory.wait_until(lambda: mallory.ended, "disconnected")
        assert b"session closed: a paste of more than" in mallory.received
        assert rss_mb(server.pid) - before < 50


async def test_a_key_flood_slows_no_one_else(tmp_path: Path) -> None:
    """Random keys as fast as the link takes them (others' p95 was 217 ms before)."""
    async with served(tmp_path) as server, table(server.port, ("ala", "mallory")) as people:
        mallory = people["mallory"]
        rng = random.Random(7)
        noise = bytes(rng.randrange(32, 127) for _ in range(65_536)).replace(b"q", b"")

        shares: list[float] = []

        def measured(run: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
            async def attack() -> None:
                cpu, started = cpu_seconds(server.pid), time.monotonic()
                await run()
                shares.append((cpu_seconds(server.pid) - cpu) / (time.monotonic() - started))

            return attack

        # The same probes and table for the same time without a flood, then with one.
        quiet_probes, _ = await under_attack(
            server, people["ala"], measured(lambda: asyncio.sleep(ATTACK))
        )
        # The same probes without a flood, for the figures (-s): on a loaded host a render
        # worker's keys take as long without the flood (no assertion: the host's load).
        print(f"without the flood: {quiet_probes.summary()}")
        during, after = await under_attack(
            server, people["ala"], measured(lambda: flood(mallory, noise))
        )
        quiet, flooded = shares
        # What the flood costs the server is a figure, not an assertion: on this 2-core
        # machine it is +9-20 % of a core (before the key budget, +22-28 %), too close and
        # too noisy for a threshold (0.15 failed on an unchanged tree 2 runs in 3).
        print(f"server CPU: {quiet:.0%} of a core without the flood, {flooded:.0%} with it")
        assert_held(during, after)


async def test_a_whoosh_claim_flood_freezes_nothing(tmp_path: Path) -> None:
    """300 kB of "1" from a seated Whoosh player froze the server for 41–75 s per burst."""
    async with (
        served(tmp_path, "whoosh") as server,
        table(server.port, ("ala", "mallory")) as people,
    ):
        mallory = people["mallory"]

        async def attack() -> None:
            await flood(mallory, b"1" * 32_768, 0.05)

        during, after = await under_attack(server, people["ala"], attack)
        assert_held(during, after)
