"""SSH benchmark: memory per session, connect → first frame, key → echo round trip.

``hunters serve`` runs in a subprocess, twice: with every guest's app in the server process
(``--render-workers 0``), then with render workers (one per CPU but one). 1, 10 and then 50 players
connect over loopback with asyncssh (each with a PTY whose output a pyte screen reads, as in
tests/net/e2e_helpers.py) and wait in the lobby of the one hall. Every figure is printed
beside the same measurement of a bare asyncssh echo server (a PTY session that writes a
greeting, then echoes every byte) run as a subprocess in the same run, with the same client
code. Memory and CPU count every process of the server (the front and its workers):

- RSS per extra session: VmRSS (/proc/PID/status) of the server's processes with N players
  connected, less their RSS with only the host connected, over N (and each process's RSS);
- connect → first frame: from starting the SSH connection to the first screen showing the
  lobby ("Not seated yet:"), or the echo server's greeting;
- key → echo round trip: from sending a key to the screen showing its effect. Hunters: in
  the lobby, "1" sits down ("You sit on seat 1.") and "w" stands up ("You are watching."),
  measured one player at a time; each also redraws every other player's lobby, as in real
  play. Echo: the byte coming back. This is a round trip seen by the client, not the time
  the server's handler takes; "key → handler" is when the key reached the hall (in the
  server process in both modes) or the echo handler.

The server's per-address limits (the rate, 10 connections logging in, 20 players) are raised
for the run, since every player connects from 127.0.0.1. No assertions; targets beside the
figures. Runs in about four minutes.

``--profile DIR``: every process of each Hunters server (the front and its render workers)
runs cProfile while the keys are measured at each count, and writes it to
``DIR/<pid>-<n>.prof`` (read with ``python -m pstats``); the profiler slows the server, so the
figures of such a run are not comparable with others.

    python bench/ssh.py [--counts 1,10,50] [--keys 30] [--profile DIR]
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
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.render import default_workers
from tests.net.e2e_helpers import (
    CTRL_S,
    SSH,
    Player,
    ServerProcess,
    connect,
    openssh,
    quiet_all,
    start_server_process,
)

WAIT = 20.0
"""Seconds any one wait may take."""
TOTAL = 600.0
"""Seconds the whole run may take."""

LOOPBACK_LIMITS = """
import functools
import net.serve
import net.server
net.serve.start_server = functools.partial(
    net.server.start_server, rate_burst=10_000, rate_per_second=10_000.0,
    max_unauthenticated=1_000, max_unauthenticated_per_address=1_000,
    max_sessions_per_address=1_000,
)
"""
"""The start of a benched server's code: every player connects from 127.0.0.1, so the limits
per address (and the overall cap on logins) are raised; everything else is ``hunters serve``
as shipped."""

# The real server, with marks where a lobby key reaches the hall (in the server process in
# both modes: with render workers the key is parsed in a worker and comes back as a request).
HUNTERS = (
    LOOPBACK_LIMITS
    + """
import time
from net.hall import Hall

MARKS = open({marks!r}, "a", buffering=1)

def marked(action):
    def handler(self, *args):
        MARKS.write(f"{{time.monotonic_ns()}}\\n")
        return action(self, *args)
    return handler

Hall.take_seat = marked(Hall.take_seat)
Hall.watch = marked(Hall.watch)
from net.cli import main
raise SystemExit(main())
"""
)

# The floor: a bare asyncssh server whose PTY session greets, then echoes every byte.
ECHO = """
import asyncio, asyncssh, sys, time
MARKS = open({marks!r}, "a", buffering=1)

class Open(asyncssh.SSHServer):
    def begin_auth(self, username):
        return False

async def session(process):
    process.stdout.write(b"echo ready\\r\\n")
    while True:
        data = await process.stdin.read(4096)
        if not data:
            break
        MARKS.write(f"{{time.monotonic_ns()}}\\n")
        process.stdout.write(data)
    process.exit(0)

async def main():
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(
        Open, "127.0.0.1", 0, server_host_keys=[key], process_factory=session,
        encoding=None, line_editor=False, agent_forwarding=False,
    )
    print(f"echo serving on port {{server.get_port()}}", flush=True)
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


def start_echo(log: Path, marks: Path) -> tuple[subprocess.Popen[bytes], int]:
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", ECHO.format(marks=str(marks))],
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


def tree(pid: int) -> list[int]:
    """``pid`` and every process below it (the front and its render workers)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process and its children (render workers) have used."""
    total = 0.0
    for each in tree(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def tree_rss(pid: int) -> dict[int, int]:
    """RSS in KiB of the process and of each process below it."""
    found = {}
    for each in tree(pid):
        with contextlib.suppress(OSError, AssertionError):
            found[each] = rss_kib(each)
    return found


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


PROFILER = """
import os
if os.environ.get("HUNTERS_BENCH_PROFILE"):
    import cProfile, itertools, signal
    _profile, _dumps = None, itertools.count(1)
    def _toggle(*_):
        global _profile
        if _profile is None:
            _profile = cProfile.Profile()
            _profile.enable()
        else:
            _profile.disable()
            out = os.environ["HUNTERS_BENCH_PROFILE"]
            _profile.dump_stats(os.path.join(out, f"{os.getpid()}-{next(_dumps)}.prof"))
            _profile = None
    signal.signal(signal.SIGUSR1, _toggle)
"""
"""``sitecustomize`` for a profiled run (``--profile``): SIGUSR1 starts cProfile in the process
that gets it, the next SIGUSR1 writes what it measured."""


@contextlib.contextmanager
def profiled_environment(profile: Path | None) -> Iterator[None]:
    """With ``profile``, the environment a server started inside gets: it and its workers
    import `PROFILER` as they start, and write their .prof files in ``profile``."""
    if profile is None:
        yield
        return
    environ = dict(os.environ)
    site = profile / "site"
    site.mkdir(parents=True, exist_ok=True)
    (site / "sitecustomize.py").write_text(PROFILER)
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)
    os.environ.update(PYTHONPATH=path, HUNTERS_BENCH_PROFILE=str(profile))
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(environ)


class Side:
    """One server under test: how its players connect, when a frame counts, what a key is."""

    def __init__(self, name: str, pid: int, port: int, first_text: str, marks: Path) -> None:
        self.profiled = False
        """Whether the server's processes profile (`PROFILER`) while the keys are measured."""
        self.name = name
        self.pid = pid
        self.port = port
        self.first_text = first_text
        self.marks = marks
        """The server appends the monotonic time (ns) at which each key reached its handler."""
        self.players: list[Player] = []
        self.base_rss: dict[int, int] = {}
        self.first_frames: dict[int, list[float]] = {}
        self.openssh_frames: dict[int, list[float]] = {}
        self.rss_per: dict[int, float] = {}
        self.rss_of: dict[int, dict[int, int]] = {}
        """Per count, the RSS (KiB) of each process of the server (the front first)."""
        self.keys: dict[int, list[float]] = {}
        self.handlers: dict[int, list[float]] = {}
        self.cpu_per_join: dict[int, float] = {}
        self.cpu_per_key: dict[int, float] = {}
        self.failed: str | None = None
        """Why the measurement stopped before the last count (None: it did not)."""

    def blank(self, count: int) -> None:
        """Not-a-number figures for a count this server could not be measured at."""
        nan = float("nan")
        self.first_frames[count] = self.openssh_frames[count] = [nan]
        self.keys[count] = self.handlers[count] = [nan]
        self.rss_per[count] = self.cpu_per_join[count] = self.cpu_per_key[count] = nan
        self.rss_of[count] = {}

    async def join(self, name: str) -> float:
        """Connect one player; seconds from starting to connect to the first frame."""
        start = time.perf_counter()
        player = await connect(self.port, name, width=80, height=24, kind=LazyPlayer)
        self.players.append(player)
        await player.wait_for(self.first_text, timeout=WAIT)
        return time.perf_counter() - start

    async def openssh_join(self, name: str, home: Path) -> float:
        """Seconds from starting ``ssh`` (the OpenSSH client) to its first frame; then it
        leaves again."""
        start = time.perf_counter()
        async with openssh(self.port, name, home) as term:
            await term.wait_for(self.first_text, timeout=WAIT)
            return time.perf_counter() - start

    def key_for(self, player: Player, step: int) -> tuple[bytes, Callable[[], bool]]:
        raise NotImplementedError

    async def round_trip(self, player: Player, step: int) -> tuple[float, float]:
        """Send one key: (seconds until the client sees its effect, seconds until the
        server's handler ran). Both clocks are CLOCK_MONOTONIC, shared by the processes."""
        key, shown = self.key_for(player, step)
        await quiet_all(self.players, 0.15)  # idle: the last key's redraws are done
        start = time.perf_counter()
        sent = time.monotonic_ns()
        player.send(key)
        await player.wait_until(shown, f"the effect of {key!r}", timeout=WAIT)
        seen = time.perf_counter() - start
        handled = int(self.marks.read_text().split()[-1])
        return seen, (handled - sent) / 1e9

    async def close(self) -> None:
        for player in self.players:
            await player.close()

    def profile(self) -> None:
        """Start (or stop and write) the profiles of the server's processes."""
        if self.profiled:
            for pid in tree(self.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGUSR1)


class HuntersSide(Side):
    def key_for(self, player: Player, step: int) -> tuple[bytes, Callable[[], bool]]:
        key, text = (b"2", "You sit on seat 2.") if step % 2 == 0 else (b"w", "You are watching.")
        return key, lambda: text in player.text


class EchoSide(Side):
    def key_for(self, player: Player, step: int) -> tuple[bytes, Callable[[], bool]]:
        before = len(player.received)
        return b"w", lambda: len(player.received) > before


async def measure(
    side: Side,
    counts: list[int],
    keys: int,
    host: Callable[[], Awaitable[None]],
    home: Path,
    openssh_samples: int,
) -> None:
    """Connect the host, then players up to each count; measure at each count."""
    await host()
    await asyncio.sleep(0.5)
    side.base_rss = tree_rss(side.pid)
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
        rss = side.rss_of[count] = tree_rss(side.pid)
        side.rss_per[count] = (sum(rss.values()) - sum(side.base_rss.values())) / count
        lobby = side.players[1:]  # not the host
        samples, handlers = [], []
        side.profile()
        cpu = cpu_seconds(side.pid)
        for step in range(keys):
            player = lobby[(step // 2) % len(lobby)]
            seen, handled = await side.round_trip(player, step)
            samples.append(seen)
            handlers.append(handled)
        side.cpu_per_key[count] = (cpu_seconds(side.pid) - cpu) / keys
        side.profile()
        side.keys[count] = samples
        side.handlers[count] = handlers
        if SSH is not None:
            side.openssh_frames[count] = [
                await side.openssh_join(f"o{count}x{n}", home) for n in range(openssh_samples)
            ]


async def measure_until_failed(side: Side, *args: Any) -> None:
    """`measure`, but a server that fails at some count is a figure too: it is noted in
    ``side.failed`` and the run goes on with the other servers."""
    try:
        await measure(side, *args)
    except (TimeoutError, AssertionError, OSError, asyncssh.Error) as error:
        side.failed = f"{type(error).__name__}: {' '.join(str(error).split())[:160]}"
        print(f"{side.name} failed: {side.failed}", file=sys.stderr, flush=True)


def report(sides: list[Side], echo: Side, counts: list[int]) -> None:
    """Every figure of each Hunters server beside the echo floor, with their ratios."""
    ms = 1000.0
    names = "".join(f"{side.name:>12}" for side in sides)
    ratios = "".join(f"{'ratio':>8}" for _ in sides)
    print(f"{'players':>7}  {'figure':<40}{names} {'echo':>9} {ratios}  target")

    def row(
        label: str,
        values: list[float],
        floor: float | None,
        target: str = "",
        met: Callable[[float, float], bool] | None = None,
    ) -> None:
        shown = "".join(f"{value:>12.1f}" for value in values)
        floor_text = f"{floor:>9.1f}" if floor is not None else f"{'':>9}"
        ratio_text = "".join(f"{value / floor:>7.2f}×" if floor else f"{'':>8}" for value in values)
        verdict = ""
        if met is not None:
            verdict = " / ".join(
                "met" if met(value, floor or 0.0) else "NOT met" for value in values
            )
        print(f"{'':>7}  {label:<40}{shown} {floor_text} {ratio_text}  {target} {verdict}")

    for side in sides:
        if side.failed is not None:
            print(f"{side.name} stopped at the first count it could not finish: {side.failed}")
    for count in counts:
        print(f"{count:>7}")
        missing = [side for side in (*sides, echo) if count not in side.cpu_per_key]
        if missing:
            print(f"{'':>9}(not measured: {', '.join(side.name for side in missing)}; nan)")
        for side in missing:
            side.blank(count)
        row(
            "RSS per extra session (MiB)",
            [side.rss_per[count] / 1024 for side in sides],
            echo.rss_per[count] / 1024,
            "≤ 5 MB at 50" if count == 50 else "",
            (lambda value, _: value <= 5) if count == 50 else None,
        )
        if all(side.openssh_frames.get(count) for side in (*sides, echo)):  # --openssh 0: none
            row(
                "OpenSSH ssh → first frame, median (ms)",
                [statistics.median(side.openssh_frames[count]) * ms for side in sides],
                statistics.median(echo.openssh_frames[count]) * ms,
                "≤ 1.5× echo",
                lambda value, floor: value <= 1.5 * floor,
            )
        for label, pick in (("med", statistics.median), ("max", max)):
            row(
                f"asyncssh connect → first frame, {label} (ms)",
                [pick(side.first_frames[count]) * ms for side in sides],
                pick(echo.first_frames[count]) * ms,
            )
        for label, q in (("p50", 0.5), ("p99", 0.99)):
            row(
                f"key → handler, {label} (ms)",
                [pct(side.handlers[count], q) * ms for side in sides],
                pct(echo.handlers[count], q) * ms,
            )
        for label, q in (("p50", 0.5), ("p99", 0.99)):
            target = "≤ 100 ms" if q == 0.99 else ""
            row(
                f"key → effect on screen, {label} (ms)",
                [pct(side.keys[count], q) * ms for side in sides],
                pct(echo.keys[count], q) * ms,
                target,
                (lambda value, _: value <= 100) if q == 0.99 else None,
            )
        row(
            "server CPU per connect (ms)",
            [side.cpu_per_join[count] * ms for side in sides],
            echo.cpu_per_join[count] * ms,
        )
        row(
            "server CPU per key, all processes (ms)",
            [side.cpu_per_key[count] * ms for side in sides],
            echo.cpu_per_key[count] * ms,
            "≤ 20 ms",
            lambda value, _: value <= 20,
        )
        for side in sides:
            rss = side.rss_of[count]
            parts = [f"front {rss.get(side.pid, 0) / 1024:.1f}"] + [
                f"worker {rss[pid] / 1024:.1f}" for pid in rss if pid != side.pid
            ]
            print(f"{'':>9}{side.name} RSS (MiB): {', '.join(parts)}")
    print(
        f"(echo: {sum(echo.base_rss.values()) / 1024:.1f} MiB with one client; "
        f"{len(echo.keys[counts[0]])} key samples per row, so p99 is about the worst one; "
        "CPU and RSS count every process of the server: front and render workers.)"
    )


MODES = (
    ("in-process", ("--render-workers", "0")),
    ("workers", ("--render-workers", str(default_workers()))),
)
"""The servers measured: every app in the server process, then render workers, one per CPU
but one (named: `hunters serve` runs none unless told)."""


def kill_tree(server: ServerProcess) -> None:
    """Kill the server and the render workers it started, each by its pid."""
    below = [pid for pid in tree(server.pid) if pid != server.pid]
    server.kill()
    for pid in below:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


async def measure_hunters(
    root: Path,
    mode: str,
    extra: tuple[str, ...],
    counts: list[int],
    keys: int,
    samples: int,
    profile: Path | None = None,
) -> Side:
    marks = root / f"{mode}.marks"
    with profiled_environment(profile):
        server = start_server_process(
            root / f"data-{mode}",
            root / f"serve-{mode}.log",
            *extra,
            code=HUNTERS.format(marks=str(marks)),
        )
    side = HuntersSide(mode, server.pid, server.port, "Not seated yet:", marks)
    side.profiled = profile is not None
    try:

        async def hunters_host() -> None:
            host = await connect(server.port, "host", width=80, height=24, kind=LazyPlayer)
            side.players.append(host)
            await host.wait_for("table setup", timeout=WAIT)
            await host.wait_for("Seat 4", timeout=WAIT)
            await host.settle(0.2)
            await host.key(CTRL_S)  # the default table: seats 1 and 2 open
            await host.wait_for("press 2 to sit", WAIT)

        print(f"measuring Hunters, {mode}…", file=sys.stderr, flush=True)
        await measure_until_failed(side, counts, keys, hunters_host, root / "home", samples)
        if profile is not None:
            others = [pid for pid in tree(server.pid) if pid != server.pid]
            print(
                f"Hunters, {mode}: profiles in {profile}, front {server.pid}, "
                f"workers {others or 'none'} (<pid>-1.prof: the first count's keys)"
            )
        if side.failed is not None:
            print(f"Hunters, {mode}, failed; its server said:\n{server.output[-2000:]}")
        return side
    finally:
        with contextlib.suppress(Exception):
            await side.close()
        kill_tree(server)


async def run(
    counts: list[int],
    keys: int,
    openssh_samples: int,
    modes: list[str] | None = None,
    profile: Path | None = None,
) -> None:
    with tempfile.TemporaryDirectory(prefix="hunters-bench-") as tmp:
        root = Path(tmp)
        echo_proc, echo_port = start_echo(root / "echo.log", root / "echo.marks")
        echo = EchoSide("echo", echo_proc.pid, echo_port, "echo ready", root / "echo.marks")
        try:

            async def echo_host() -> None:
                await echo.join("host")

            async with asyncio.timeout(TOTAL):
                await measure(echo, counts, keys, echo_host, root / "home", openssh_samples)
                await echo.close()
                sides = [
                    await measure_hunters(root, mode, extra, counts, keys, openssh_samples, profile)
                    for mode, extra in MODES
                    if modes is None or mode in modes
                ]
            print(
                f"SSH sessions on loopback, {os.cpu_count()} CPUs, clients in this process; "
                "Hunters with every app in the server process, and with render workers"
            )
            report(sides, echo, counts)
        finally:
            with contextlib.suppress(Exception):
                await echo.close()
            stop(echo_proc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="1,10,50", help="players connected at each step")
    parser.add_argument("--keys", type=int, default=30, help="key round trips per step")
    parser.add_argument(
        "--openssh", type=int, default=5, help="OpenSSH client connections per step"
    )
    parser.add_argument(
        "--modes",
        default=",".join(mode for mode, _ in MODES),
        help="the servers to measure (default: all of them)",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="write cProfile of the servers' processes during the keys to this directory",
    )
    args = parser.parse_args()
    counts = sorted({int(n) for n in args.counts.split(",")})
    profile = args.profile.resolve() if args.profile is not None else None
    asyncio.run(run(counts, args.keys, args.openssh, args.modes.split(","), profile))


if __name__ == "__main__":
    main()
