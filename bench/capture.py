"""Capture arbitration latency: from a Whoosh claim's bytes arriving to the claim decided.

``hunters serve`` runs in a subprocess with a Whoosh table set up in advance (no tie window,
no latency compensation: a claim is decided the moment the table applies it), and logs for
every accepted claim the time its bytes arrived in the SSH session and the time it was
decided, on the shared CLOCK_MONOTONIC. A scripted player (asyncssh, in this process) claims
a Monster every 0.3 s; each claim is one figure:

- arrival → decided, at the server (what the raw-key path and the table's queue add);
- key sent → decided, from the client (plus the SSH transport), beside the bare asyncssh echo
  server's key sent → handler, measured the same way in the same run (the floor).

And for every position a seated player was shown: table → their screen, from the table
delivering it to the first frame written to that player's channel after it (the fast path's
own record; when two positions share one frame, the later one counts).

Each server twice: idle (three players, nobody else typing) and loaded (eight players, the
seven others pressing Space every 0.15 s so cards are revealed all the time, and sixteen
spectators watching — every reveal redraws 24 screens); and the whole in three modes: every
app in the server process (``--render-workers 0``), one render worker per CPU but one, and two
workers (on two cores: one, then two).
Targets beside the figures: sent → decided p99 ≤ 3× the floor's p99 under load; a reveal on
every player's screen p50 ≤ 60 ms, p99 ≤ 200 ms. No assertions; about five minutes.

    python bench/capture.py [--claims 24]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ssh import (
    LOOPBACK_LIMITS,
    LazyPlayer,
    cpu_seconds,
    kill_tree,
    pct,
    start_echo,
    stop,
)
from net.render import default_workers
from tests.net.e2e_helpers import Player, connect, start_server_process

WAIT = 20.0

SERVER = (
    LOOPBACK_LIMITS
    + """
import time
from core.table import Seat, TableSetup
from net.hall import OPEN, Hall

MARKS = open({marks!r}, "a", buffering=1)
SHOWN = open({shown!r}, "a", buffering=1)
OPTIONS = {{"tie_window": 0, "fair_remote": False, "turn_timer": 0}}
SETUP = TableSetup("whoosh", tuple(Seat("open", OPEN) for _ in range({seats})), OPTIONS)


class BenchHall(Hall):
    def arrive(self, name, *args, **kwargs):
        guest = super().arrive(name, *args, **kwargs)
        if self.setup is None and name == self.host:
            self.configure(name, SETUP)
        return guest

    def _record(self, step):
        seat, action, at_ns = step
        SHOWN.write("step\\n")
        if action and action[0] == "claim":
            MARKS.write(f"{{at_ns}} {{time.monotonic_ns()}}\\n")
        super()._record(step)


import net.tables
net.tables.Hall = BenchHall  # the Tables make each table's hall

from net.fastpath import FastPath

written = FastPath.frame_written


def frame_written(self, at_ns):
    delivered = self._delivered
    if delivered is not None and self.armed:
        SHOWN.write(f"{{at_ns - delivered[1]}}\\n")
    written(self, at_ns)


FastPath.frame_written = frame_written
from net.cli import main
raise SystemExit(main())
"""
)


async def seat_everyone(players: list[Player]) -> None:
    """Each sits on the seat of its number; the first (the host) starts."""
    for index, player in enumerate(players, 1):
        await player.wait_for(f"press {index} to sit", timeout=WAIT)
        player.send(str(index).encode())
        await player.wait_for(f"You sit on seat {index}.", timeout=WAIT)
    await players[0].wait_for("Press s to start.", timeout=WAIT)
    players[0].send(b"s")
    for player in players:
        await player.wait_for("Whoosh", timeout=WAIT)
    await asyncio.sleep(1.0)


async def claims(claimer: Player, marks: Path, count: int) -> tuple[list[float], list[float]]:
    """Claim ``count`` times (Monsters 1, 2, 3 in turn); (arrival → decided, sent → decided)
    per claim, in ms."""
    sent: list[int] = []
    for n in range(count):
        sent.append(time.monotonic_ns())
        claimer.send(str(n % 3 + 1).encode())
        await asyncio.sleep(0.3)
    await asyncio.sleep(0.5)
    server, client = [], []
    for line in marks.read_text().split("\n"):
        if not line:
            continue
        arrived, decided = (int(x) for x in line.split())
        before = [s for s in sent if s <= arrived]
        if before:
            server.append((decided - arrived) / 1e6)
            client.append((decided - before[-1]) / 1e6)
    marks.write_text("")
    return server, client


async def echo_floor(port: int, marks: Path, count: int) -> list[float]:
    """Sent → echo handler, in ms, for ``count`` keys."""
    player = await connect(port, "echo", kind=LazyPlayer, land=None)
    try:
        await player.wait_for("echo ready", timeout=WAIT)
        found = []
        for _ in range(count):
            marks.write_text("")
            sent = time.monotonic_ns()
            player.send(b"w")
            await asyncio.sleep(0.3)
            handled = [int(x) for x in marks.read_text().split()]
            if handled:
                found.append((handled[-1] - sent) / 1e6)
        return found
    finally:
        await player.close()


async def keep_revealing(players: list[Player], stop_at: asyncio.Event) -> None:
    while not stop_at.is_set():
        for player in players:
            player.send(b" ")
        await asyncio.sleep(0.15)


async def phase(
    root: Path, name: str, seats: int, spectators: int, count: int, extra: tuple[str, ...]
) -> tuple[list[float], list[float], list[float]]:
    """One server with ``seats`` players (and spectators); the claims' figures and the
    positions' table → screen times (ms)."""
    marks, shown = root / f"{name}.marks", root / f"{name}.shown"
    marks.write_text("")
    server = start_server_process(
        root / name,
        root / f"{name}.log",
        "--game",
        "whoosh",
        *extra,
        code=SERVER.format(marks=str(marks), shown=str(shown), seats=seats),
    )
    players: list[Player] = []
    try:
        for n in range(seats):
            players.append(await connect(server.port, f"p{n + 1}", kind=LazyPlayer))
        await seat_everyone(players)
        for n in range(spectators):
            watcher = await connect(server.port, f"w{n + 1}", kind=LazyPlayer)
            players.append(watcher)
        await asyncio.sleep(0.5)
        shown.write_text("")
        cpu_before = cpu_seconds(server.pid)
        stop_at = asyncio.Event()
        revealing = asyncio.create_task(keep_revealing(players[1:seats], stop_at))
        try:
            at_server, at_client = await claims(players[0], marks, count)
        finally:
            stop_at.set()
            await revealing
        lags = [int(x) / 1e6 for x in shown.read_text().split() if x != "step"]
        moves = shown.read_text().split().count("step")
        cpu = (cpu_seconds(server.pid) - cpu_before) * 1000
        print(f"  ({name}: {moves} moves, server CPU {cpu / max(1, moves):.1f} ms a move)")
        return at_server, at_client, lags
    finally:
        for player in players:
            with contextlib.suppress(Exception):
                await player.close()
        kill_tree(server)


Figures = tuple[list[float], list[float], list[float]]


async def measured(run: Awaitable[Figures]) -> Figures:
    """A phase's figures; none if it could not be run to the end (a server too busy to let
    the players in is a figure too: it is said, and the other phases still run)."""
    try:
        return await run
    except (TimeoutError, AssertionError, OSError, asyncssh.Error) as error:
        print(f"  (a phase failed: {type(error).__name__}: {str(error)[:200]})")
        return [], [], []


def line(label: str, values: list[float], floor: tuple[float, float] | None, target: str) -> None:
    """One figure's p50 and p99, and with ``floor`` (its p50, p99) their ratios to it."""
    if not values:
        print(f"  {label:<46} (no figures)")
        return
    p50, p99 = pct(values, 0.5), pct(values, 0.99)
    ratio = f"{p50 / floor[0]:6.2f}× {p99 / floor[1]:6.2f}×" if floor else " " * 15
    print(f"  {label:<46} {p50:8.2f} {p99:8.2f} {ratio}  {target}")


MODES = (
    ("in-process", ("--render-workers", "0")),
    ("workers", ("--render-workers", str(default_workers()))),
    ("2 workers", ("--render-workers", "2")),
)


async def run(count: int) -> None:
    results = {}
    with tempfile.TemporaryDirectory(prefix="hunters-capture-") as tmp:
        root = Path(tmp)
        echo_proc, echo_port = start_echo(root / "echo.log", root / "echo.marks")
        try:
            floor = await echo_floor(echo_port, root / "echo.marks", count)
        finally:
            stop(echo_proc)
        for mode, extra in MODES:
            idle = await measured(phase(root, f"idle-{mode}", 3, 0, count, extra))
            load = await measured(phase(root, f"load-{mode}", 8, 16, count, extra))
            results[mode] = (idle, load)
    floors = (statistics.median(floor), pct(floor, 0.99))
    print(f"Whoosh capture arbitration on loopback, {os.cpu_count()} CPUs ({count} claims each)")
    print(f"  {'figure (ms)':<46} {'p50':>8} {'p99':>8} {'ratio to floor':>15}  target")
    line("echo floor: key sent → handler", floor, None, "")
    for mode, (idle, load) in results.items():
        print(f" {mode}:")
        line("idle: claim sent → decided", idle[1], floors, "p50 ≤ 1.5× floor")
        line("idle: bytes arrive → decided (server)", idle[0], None, "")
        line("idle: table → player's screen", idle[2], None, "")
        line("8 + 16 watching: sent → decided", load[1], floors, "p99 ≤ 3× floor p99")
        line("8 + 16 watching: arrive → decided (server)", load[0], None, "")
        line("8 + 16 watching: table → player's screen", load[2], None, "p50 ≤ 60, p99 ≤ 200")
        print(
            f"  (claims decided: idle {len(idle[0])}, loaded {len(load[0])}; "
            f"positions shown: idle {len(idle[2])}, loaded {len(load[2])})"
        )
    print(f"  (echo keys {len(floor)}; ratios are p50/floor p50 and p99/floor p99)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=24, help="claims per phase")
    args = parser.parse_args()
    asyncio.run(asyncio.wait_for(run(args.claims), 900))


if __name__ == "__main__":
    main()
