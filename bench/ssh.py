"""SSH benchmark: memory per session, connect → first frame, key → echo round trip.

``hunters serve`` runs in a subprocess; 1, 10 and then 50 players connect over loopback with
asyncssh (each with a PTY whose output a pyte screen reads, as in tests/net/e2e_helpers.py)
and wait in the lobby of the one hall. Every figure is printed beside the same measurement
of a bare asyncssh echo server (a PTY session that writes a greeting, then echoes every
byte) run as a subprocess in the same run, with the same client code:

- RSS per extra session: VmRSS of the server process (/proc/PID/status) with N players
  connected, less the RSS with only the host connected, over N;
- connect → first frame: from starting the SSH connection to the first screen showing the
  lobby ("Here:"), or the echo server's greeting;
- key → echo round trip: from sending a key to the screen showing its effect. Hunters: in
  the lobby, "1" sits down ("You sit on seat 1.") and "w" stands up ("You are watching."),
  measured one player at a time; each also redraws every other player's lobby, as in real
  play. Echo: the byte coming back. This is a round trip seen by the client, not the time
  the server's handler takes.

The server's per-address rate limit (10 connections at once, then one per 5 s) is raised
for the run, since every player connects from 127.0.0.1. No assertions; targets beside the
figures. Runs in about a minute or two.

    python bench/ssh.py [--counts 1,10,50] [--keys 30]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.net.e2e_helpers import (
    CTRL_S,
    Player,
    ServerProcess,
    connect,
    start_server_process,
)

WAIT = 20.0
"""Seconds any one wait may take."""
TOTAL = 170.0
"""Seconds the whole run may take."""

# The real server, with the per-address rate limit and the unauthenticated cap raised:
# everything else is ``hunters serve`` as shipped.
HUNTERS = """
import functools
import net.serve
import net.server
net.serve.start_server = functools.partial(
    net.server.start_server, rate_burst=10_000, rate_per_second=10_000.0,
    max_unauthenticated=1_000,
)
from net.cli import main
raise SystemExit(main())
"""

# The floor: a bare asyncssh server whose PTY session greets, then echoes every byte.
ECHO = """
import asyncio, asyncssh, sys

class Open(asyncssh.SSHServer):
    def begin_auth(self, username):
        return False

async def session(process):
    process.stdout.write(b"echo ready\\r\\n")
    while True:
        data = await process.stdin.read(4096)
        if not data:
            break
        process.stdout.write(data)
    process.exit(0)

async def main():
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(
        Open, "127.0.0.1", 0, server_host_keys=[key], process_factory=session,
        encoding=None, line_editor=False, agent_forwarding=False,
    )
    print(f"echo serving on port {server.get_port()}", flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


@dataclass(eq=False)
class LazyPlayer(Player):
    """A player whose screen is emulated only when read: 50 pyte screens parsing every
    lobby redraw would cost the client process more than the server spends, and the
    figures are about the server. Bytes are kept and fed to pyte on demand."""

    pending: bytearray = field(default_factory=bytearray)

    def feed(self, data: bytes) -> None:
        self.received += data
        self.pending += data
        self.frames += 1
        self.last_output = time.monotonic()
        self.changed.set()

    @property
    def lines(self) -> list[str]:
        if self.pending:
            self.stream.feed(bytes(self.pending))
            self.pending.clear()
            self._display = None
        return super().lines


def rss_kib(pid: int) -> int:
    """The process's resident set size in KiB (VmRSS)."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    assert found is not None
    return int(found.group(1))


def start_echo(log: Path) -> tuple[subprocess.Popen[bytes], int]:
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", ECHO],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = re.search(r"echo serving on port (\d+)", log.read_text())
        if found:
            return proc, int(found.group(1))
        if proc.poll() is not None:
            raise RuntimeError(f"the echo server exited: {log.read_text()}")
        time.sleep(0.02)
    stop(proc)
    raise RuntimeError("the echo server said no port")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill a subprocess we started (by its pid) and reap it."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=WAIT)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


class Side:
    """One server under test: how its players connect, when a frame counts, what a key is."""

    def __init__(self, name: str, pid: int, port: int, first_text: str) -> None:
        self.name = name
        self.pid = pid
        self.port = port
        self.first_text = first_text
        self.players: list[Player] = []
        self.base_rss = 0
        self.first_frames: dict[int, list[float]] = {}
        self.rss_per: dict[int, float] = {}
        self.keys: dict[int, list[float]] = {}
        self.cpu_per_join: dict[int, float] = {}
        self.cpu_per_key: dict[int, float] = {}

    async def join(self, name: str) -> float:
        """Connect one player; seconds from starting to connect to the first frame."""
        start = time.perf_counter()
        player = await connect(self.port, name, width=80, height=24, kind=LazyPlayer)
        self.players.append(player)
        await player.wait_for(self.first_text, timeout=WAIT)
        return time.perf_counter() - start

    async def round_trip(self, player: Player, step: int) -> float:
        raise NotImplementedError

    async def close(self) -> None:
        for player in self.players:
            await player.close()


class HuntersSide(Side):
    async def round_trip(self, player: Player, step: int) -> float:
        key, text = (b"1", "You sit on seat 1.") if step % 2 == 0 else (b"w", "You are watching.")
        await player.settle(0.05)
        start = time.perf_counter()
        player.send(key)
        await player.wait_until(lambda: text in player.text, f"showing {text!r}", timeout=WAIT)
        return time.perf_counter() - start


class EchoSide(Side):
    async def round_trip(self, player: Player, step: int) -> float:
        await player.settle(0.05)
        before = len(player.received)
        start = time.perf_counter()
        player.send(b"w")
        await player.wait_until(lambda: len(player.received) > before, "echoed", timeout=WAIT)
        return time.perf_counter() - start


async def measure(
    side: Side, counts: list[int], keys: int, host: Callable[[], Awaitable[None]]
) -> None:
    """Connect the host, then players up to each count; measure at each count."""
    await host()
    await asyncio.sleep(0.5)
    side.base_rss = rss_kib(side.pid)
    connected = 0
    for count in counts:
        times = []
        cpu = cpu_seconds(side.pid)
        joined = 0
        while connected < count:
            connected += 1
            joined += 1
            times.append(await side.join(f"p{connected}"))
        for player in side.players:
            await player.settle(0.1)
        await asyncio.sleep(0.5)
        side.first_frames[count] = times
        side.cpu_per_join[count] = (cpu_seconds(side.pid) - cpu) / joined
        side.rss_per[count] = (rss_kib(side.pid) - side.base_rss) / count
        lobby = side.players[1:]  # not the host
        samples = []
        cpu = cpu_seconds(side.pid)
        for step in range(keys):
            player = lobby[(step // 2) % len(lobby)]
            samples.append(await side.round_trip(player, step))
        side.cpu_per_key[count] = (cpu_seconds(side.pid) - cpu) / keys
        side.keys[count] = samples


def report(hunters: Side, echo: Side, counts: list[int]) -> None:
    ms = 1000.0
    print(f"{'players':>7}  {'figure':<34} {'Hunters':>10} {'echo':>10} {'ratio':>7}  target")
    for count in counts:
        mib_h = hunters.rss_per[count] / 1024
        mib_e = echo.rss_per[count] / 1024
        target = "≤ 5 MB per extra session at 50" if count == 50 else ""
        verdict = ("met" if mib_h <= 5 else "NOT met") if count == 50 else ""
        print(
            f"{count:>7}  {'RSS per extra session (MiB)':<34} {mib_h:>10.2f} {mib_e:>10.2f} "
            f"{'':>7}  {target} {verdict}"
        )
        first_h = statistics.median(hunters.first_frames[count]) * ms
        first_e = statistics.median(echo.first_frames[count]) * ms
        ratio = first_h / first_e
        print(
            f"{'':>7}  {'connect → first frame, median (ms)':<34} {first_h:>10.1f} "
            f"{first_e:>10.1f} {ratio:>6.2f}×  ≤ 1.5× echo "
            f"{'met' if ratio <= 1.5 else 'NOT met'}"
        )
        worst_h = max(hunters.first_frames[count]) * ms
        worst_e = max(echo.first_frames[count]) * ms
        print(f"{'':>7}  {'connect → first frame, max (ms)':<34} {worst_h:>10.1f} {worst_e:>10.1f}")
        p50_h, p50_e = pct(hunters.keys[count], 0.5) * ms, pct(echo.keys[count], 0.5) * ms
        p99_h, p99_e = pct(hunters.keys[count], 0.99) * ms, pct(echo.keys[count], 0.99) * ms
        ratio = p50_h / p50_e
        print(
            f"{'':>7}  {'key → echo round trip, p50 (ms)':<34} {p50_h:>10.1f} {p50_e:>10.1f} "
            f"{ratio:>6.2f}×  ≤ 2.5× echo {'met' if ratio <= 2.5 else 'NOT met'}"
        )
        print(
            f"{'':>7}  {'key → echo round trip, p99 (ms)':<34} {p99_h:>10.1f} {p99_e:>10.1f} "
            f"{p99_h / p99_e:>6.2f}×"
        )
        join_h, join_e = hunters.cpu_per_join[count] * ms, echo.cpu_per_join[count] * ms
        key_h, key_e = hunters.cpu_per_key[count] * ms, echo.cpu_per_key[count] * ms
        print(f"{'':>7}  {'server CPU per connect (ms)':<34} {join_h:>10.1f} {join_e:>10.1f}")
        print(f"{'':>7}  {'server CPU per key (ms)':<34} {key_h:>10.1f} {key_e:>10.1f}")
    print(
        f"(RSS of the server process: Hunters {hunters.base_rss / 1024:.1f} MiB with the host "
        f"only, echo {echo.base_rss / 1024:.1f} MiB with one client; "
        f"{len(hunters.keys[counts[0]])} key samples per row, so p99 is about the worst one.)"
    )


async def run(counts: list[int], keys: int) -> None:
    with tempfile.TemporaryDirectory(prefix="hunters-bench-") as tmp:
        root = Path(tmp)
        server: ServerProcess | None = None
        echo_proc: subprocess.Popen[bytes] | None = None
        hunters = echo = None
        try:
            server = start_server_process(root / "data", root / "serve.log", code=HUNTERS)
            echo_proc, echo_port = start_echo(root / "echo.log")
            hunters = HuntersSide("Hunters", server.pid, server.port, "Here:")
            echo = EchoSide("echo", echo_proc.pid, echo_port, "echo ready")

            async def hunters_host() -> None:
                host = await connect(server.port, "host", width=80, height=24, kind=LazyPlayer)
                hunters.players.append(host)
                await host.wait_for("table setup", timeout=WAIT)
                await host.wait_for("Seat 4", timeout=WAIT)
                await host.settle(0.2)
                await host.key(CTRL_S)  # the default table: seats 1 and 2 open
                await host.wait_for("press 1 to sit", WAIT)

            async def echo_host() -> None:
                await echo.join("host")

            async with asyncio.timeout(TOTAL):
                await measure(echo, counts, keys, echo_host)
                await measure(hunters, counts, keys, hunters_host)
            print(f"SSH sessions on loopback, {os.cpu_count()} CPUs, clients in this process")
            report(hunters, echo, counts)
        finally:
            for side in (hunters, echo):
                if side is not None:
                    with contextlib.suppress(Exception):
                        await side.close()
            if server is not None:
                server.kill()
            if echo_proc is not None:
                stop(echo_proc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="1,10,50", help="players connected at each step")
    parser.add_argument("--keys", type=int, default=30, help="key round trips per step")
    args = parser.parse_args()
    counts = sorted({int(n) for n in args.counts.split(",")})
    asyncio.run(run(counts, args.keys))


if __name__ == "__main__":
    main()
