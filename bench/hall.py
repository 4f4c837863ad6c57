"""Hall benchmark: a hall of many tables over SSH, each with four players and a spectator.

``hunters serve`` runs in a subprocess (every guest's app in the server process unless
``--render-workers N``), with the per-address limits raised for loopback as bench/ssh.py
does. T tables (default 20) are set up one after another by keys, as a person would: the
host lands in the list of tables, creates a table (c), opens seats 3 and 4 (the default
setup has two open seats and two bots: this bench plays with no bot) and accepts the setup
(Ctrl+S); three more players and a spectator land in the list, go down to that table and
join it (Enter); the four players sit with their seat's digit and the host starts (s). The
game is Superbohaterowie (2–5 players, quick turns). With every table set up (5 × T
sessions), every table plays at once: each player, when its screen says it is its turn,
presses the keys tests/net/e2e_helpers.py's `play_turn` presses (Enter on the first legal
choice), until the table has had ``--moves`` turns. Each player first thinks, as a person
does: a pause drawn between the two ends of ``--think`` (seconds; 2-6 by default, a quick
player of Superbohaterowie, whose turn is one card and one space) before the first key of
its turn; ``--think 0`` plays every turn at once, all tables together, which measures the
server saturated rather than a hall people play in.

Beside it, in the same run, a bare asyncssh echo server (bench/ssh.py's) gets the same
sessions from the same client code, in the same client processes; its "players" take turns
per table sending a key and waiting for its echo, as many keys as the Hunters players sent.

The clients (asyncssh, and pyte for a screen when it is read) run outside this process:
each real player has an ssh client of its own, and one event loop serving every session
queues a player's answer behind the other sessions' output, so that what it measured as
key → screen was the clients' delay as much as the server's (at 20 tables, 368 ms p99 for
the players against 185 ms inside the server). ``--client-procs K`` child Python processes
(this file run with a hidden ``--client-part``) each hold the sessions of every K-th table
(table n in process n mod K) on an event loop of their own. This process starts the server,
tells the child that holds each table to set it up, one table after another (a joining
player finds its table by its place in the list, so tables are made in the list's order),
then tells every child to play its tables at once; each answers with its raw samples (a
JSON line on its stdout: times, first frames, counts), which this process merges. K is 4
by default (never more than the tables): at 20 tables a loop serves 5 tables (25
sessions), a quarter of the queue of one; more processes than that, on the 2-core machines
this runs on, would mostly take CPU time and memory from the server being measured.
``--client-procs 1`` keeps every client in this process, as before, to compare.

Printed, beside the echo figures and the targets (no assertions):

- RSS per session: VmRSS of the server's processes (front and render workers) with every
  session connected, less with none, over the sessions (after setup and after the moves);
- connect → first frame: from starting the SSH connection to the list of tables shown
  ("Tables at this server"), or the echo server's greeting;
- key → screen, p50/p99, for players: from a player's key sent to the first output that
  player gets back (a key with no answer before the player's next key is counted apart);
- spectators' lag: from the player's own screen marking the next player's city (▶) as
  having the turn to the table's spectator's screen marking it;
- the server's CPU time over the moves (every process of it), per turn and as a share of
  the wall-clock time: what a turn costs, whatever the load.

Every process it starts (the servers and the client processes) is killed by its pid at
the end, also on Ctrl+C, SIGTERM or an error.

    python bench/hall.py [--tables 20] [--moves 12] [--think 2-6] [--render-workers 0]
                         [--client-procs 4] [--quick]
    python bench/hall.py --think 0 --profile /tmp/prof  # cProfile the server over the moves
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ssh import (
    LOOPBACK_LIMITS,
    LazyPlayer,
    kill_tree,
    pct,
    profiled_environment,
    start_echo,
    stop,
    tree,
    tree_rss,
)
from tests.net.e2e_helpers import (
    CTRL_S,
    DOWN,
    ENTER,
    GAME_OVER,
    LIST_TITLE,
    TAB,
    UP,
    Player,
    ServerProcess,
    connect,
    may_act,
    play_turn,
    prompt_of,
    start_server_process,
)

WAIT = 30.0
"""Seconds any one wait may take (the machine may be loaded)."""
TOTAL = 1800.0
"""Seconds the whole run may take."""
SEATS = 4
"""Players per table (Superbohaterowie seats 2 to 5)."""
TURN = re.compile(r"▶ (\w+) — ")
"""The city whose player has the turn, as its header marks it ("▶ Berlin — ala …")."""
HELD = re.compile(r"held the event loop for ([\d.]+) s")
HUNTERS = LOOPBACK_LIMITS + "from net.cli import main\nraise SystemExit(main())\n"
# Inside the server (with no render worker: the apps run in its process), stamped on
# CLOCK_MONOTONIC, which this process shares: "K <arrived> <answered> <name>" for bytes
# a session got from its player and the first frame written back to it after them,
# "L <when> <late>" each time a 10 ms timer on the server's loop ran 5 ms or more late
# (the loop was busy with something else: what a key arriving then waits for), and
# "G <when> <took> <generation>" for each collection of the garbage collector.
STAMPED = (
    LOOPBACK_LIMITS
    + """
import asyncio, time
from net.driver import SSHDriver

STAMPS = open({stamps!r}, "a", buffering=1 << 16)
_feed, _flush, _init = SSHDriver.feed, SSHDriver.flush, SSHDriver.__init__
_lateness = []


def _watch_loop(loop, due):
    now = time.monotonic_ns()
    if now - due >= 5_000_000:
        STAMPS.write(f"L {{due}} {{now - due}}\\n")
    loop.call_later(0.01, _watch_loop, loop, now + 10_000_000)


def init(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    if not _lateness:
        _lateness.append(True)
        loop = asyncio.get_running_loop()
        loop.call_later(0.01, _watch_loop, loop, time.monotonic_ns() + 10_000_000)


def feed(self, data):
    if not hasattr(self, "_bench_keys"):
        self._bench_keys = []
        self._bench_name = self._channel.get_extra_info("username")
    self._bench_keys.append(time.monotonic_ns())
    _feed(self, data)


def flush(self, *, always=False):
    pending = bool(self._out)
    _flush(self, always=always)
    arrived = getattr(self, "_bench_keys", None)
    if pending and arrived:
        now = time.monotonic_ns()
        for at in arrived:
            STAMPS.write(f"K {{at}} {{now}} {{self._bench_name}}\\n")
        arrived.clear()
        STAMPS.flush()


SSHDriver.__init__, SSHDriver.feed, SSHDriver.flush = init, feed, flush
import gc
_collecting = []


def _collection(phase, info):
    if phase == "start":
        _collecting[:] = [time.monotonic_ns(), time.thread_time_ns(), gc.get_count()]
    elif _collecting:
        began, cpu, counts = _collecting
        _collecting.clear()
        STAMPS.write(
            f"G {{began}} {{time.thread_time_ns() - cpu}} {{info['generation']}} "
            f"{{time.monotonic_ns() - began}} {{counts}} {{info['collected']}}\\n"
        )


gc.callbacks.append(_collection)
from net.cli import main
raise SystemExit(main())
"""
)


@dataclass(eq=False)
class TimedPlayer(LazyPlayer):
    """A lazily emulated terminal that times each key to the first output after it, and
    keeps when every output arrived (for the spectators' lag)."""

    measuring: bool = False
    """Whether keys are timed now (during the moves, not the setup)."""
    sent_at: float | None = None
    lags: list[float] = field(default_factory=list)
    timed: list[tuple[int, int]] = field(default_factory=list)
    """Each timed key's sending and answer (monotonic ns), to find it in the server's
    stamps."""
    unanswered: int = 0
    """Keys no output followed before the next key (a cursor that cannot move)."""
    unasked: int = 0
    """Keys sent while the screen asked for none (not timed)."""
    sent_ns: int = 0
    watching_only: bool = False
    """A spectator, or the echo server's player: every key is timed."""
    turns: list[tuple[float, str | None]] = field(default_factory=list)
    """When the screen marked a new city as having the turn (▶), while `watching`."""
    watching: bool = False
    """Whether the screen is read at each output for `turns`: a table's spectator always,
    a player during its own turn (reading every screen at each output would cost the
    clients' process more than the server spends)."""

    def send(self, data: bytes) -> None:
        now = time.perf_counter()
        if self.measuring and not self.watching_only and not may_act(self):
            # The screen asked for no key (the turn was over): nothing answers it until
            # the next position, seconds later, which is no time a key took.
            self.unasked += 1
        elif self.measuring:
            if self.sent_at is not None:
                self.unanswered += 1
            self.sent_at = now
            self.sent_ns = time.monotonic_ns()
        super().send(data)

    def feed(self, data: bytes) -> None:
        now = time.perf_counter()
        if self.sent_at is not None:
            self.lags.append(now - self.sent_at)
            self.timed.append((self.sent_ns, time.monotonic_ns()))
            self.sent_at = None
        super().feed(data)
        if self.watching and self.measuring:
            turn = turn_of(self)
            if not self.turns or self.turns[-1][1] != turn:
                self.turns.append((now, turn))


def turn_of(term: Player) -> str | None:
    """The city the screen marks as having the turn."""
    found = TURN.search(term.text)
    return found.group(1) if found else None


@dataclass
class Figures:
    """What one server measured."""

    name: str
    first_frames: list[float] = field(default_factory=list)
    rss_none: int = 0
    rss_setup: int = 0
    rss_moves: int = 0
    keys: list[float] = field(default_factory=list)
    unanswered: int = 0
    spectator_lags: list[float] = field(default_factory=list)
    unasked: int = 0
    moves: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    """The server's CPU seconds over the moves (all its processes)."""
    client_cpu: float = 0.0
    """The clients' processes' CPU seconds over the moves."""
    processes: dict[int, int] = field(default_factory=dict)
    dropped: int = 0
    """Sessions that had ended before the moves were over (the server dropped them)."""
    held: list[float] = field(default_factory=list)
    """Seconds the server's watchdog saw the event loop held, each time it dropped a
    session for it."""
    server_keys: list[float] = field(default_factory=list)
    """Inside the server (`STAMPED`): from a player's bytes arriving to the first frame
    written back to that session, in seconds, over the moves."""
    late: list[float] = field(default_factory=list)
    """Inside the server: how late (seconds) its loop ran a 10 ms timer, each time it was
    5 ms or more late, over the moves."""
    collections: list[tuple[int, float]] = field(default_factory=list)
    """Inside the server: each collection of the garbage collector over the moves, its
    generation and its seconds."""
    timed: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Each player's timed keys (`TimedPlayer.timed`), by the player's name."""


@dataclass
class Table:
    """One table's sessions: its players (the host first) and its spectator."""

    players: list[TimedPlayer]
    spectator: TimedPlayer
    turn_ends: list[tuple[float, str]] = field(default_factory=list)
    """When a player's own screen first marked the next city as having the turn, and
    that city."""

    @property
    def everyone(self) -> list[TimedPlayer]:
        return [*self.players, self.spectator]


@dataclass
class Samples:
    """What the clients of some tables measured, in one process (`Clients`), raw: added up
    into the server's `Figures`."""

    first_frames: list[float] = field(default_factory=list)
    keys: list[float] = field(default_factory=list)
    unanswered: int = 0
    unasked: int = 0
    spectator_lags: list[float] = field(default_factory=list)
    moves: int = 0
    client_cpu: float = 0.0
    dropped: int = 0
    timed: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Each player's timed keys (`TimedPlayer.timed`), by the player's name."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Samples:
        timed = data.pop("timed")
        return cls(**data, timed={name: [(a, b) for a, b in keys] for name, keys in timed.items()})

    def add_to(self, figures: Figures) -> None:
        figures.first_frames += self.first_frames
        figures.keys += self.keys
        figures.unanswered += self.unanswered
        figures.unasked += self.unasked
        figures.spectator_lags += self.spectator_lags
        figures.moves += self.moves
        figures.client_cpu += self.client_cpu
        figures.dropped += self.dropped
        figures.timed.update(self.timed)


async def timed_connect(port: int, name: str, first: str, samples: Samples) -> TimedPlayer:
    """Connect ``name`` and wait for ``first`` on its screen; the time goes in ``samples``."""
    start = time.perf_counter()
    player = await connect(port, name, kind=TimedPlayer, land=None, connect_timeout=WAIT)
    await player.wait_for(first, timeout=WAIT)
    samples.first_frames.append(time.perf_counter() - start)
    assert isinstance(player, TimedPlayer)
    return player


async def open_seat(host: Player, seat: int) -> None:
    """The focused seat's kind goes from a bot to "open for a player"."""
    await host.key(ENTER)
    await host.wait_for("bot (random)", timeout=WAIT)
    for _ in range(3):  # normal → easy → random → open for a player
        await host.key(UP, timeout=0.5)
    await host.key(ENTER)
    await host.wait_for(f"Open seat {seat}", timeout=WAIT)


async def set_up_table(
    port: int, number: int, samples: Samples, sessions: list[TimedPlayer]
) -> Table:
    """Table ``number`` (1-based, the list's order), by keys: created and set up by its host
    with four open seats, joined by three players and a spectator, started."""
    names = [f"t{number}p{seat}" for seat in range(1, SEATS + 1)]
    host = await timed_connect(port, names[0], LIST_TITLE, samples)
    sessions.append(host)
    host.send(b"c")
    await host.wait_for("Seat 4", timeout=WAIT)
    await host.settle(0.2)
    for _ in range(4):  # seat 1 kind → name → seat 2 kind → name → seat 3 kind
        await host.key(TAB, timeout=0.5)
    await open_seat(host, 3)
    for _ in range(2):  # → seat 3 name → seat 4 kind
        await host.key(TAB, timeout=0.5)
    await open_seat(host, 4)
    await host.key(CTRL_S)
    await host.wait_for("press 2 to sit here", timeout=WAIT)

    async def join(name: str) -> TimedPlayer:
        guest = await timed_connect(port, name, LIST_TITLE, samples)
        sessions.append(guest)
        await guest.wait_for(f"{names[0]}'s table", timeout=WAIT)
        await guest.settle(0.1)
        for _ in range(number - 1):  # the list is in the tables' order
            await guest.key(DOWN, timeout=1.0)
        guest.send(ENTER)
        await guest.wait_for("press 2 to sit here", timeout=WAIT)
        return guest

    others = await asyncio.gather(*(join(name) for name in [*names[1:], f"t{number}w"]))
    table = Table([host, *others[:-1]], others[-1])
    table.spectator.watching = True
    for seat, player in enumerate(table.players, 1):
        await player.key(str(seat).encode())
        await player.wait_for(f"You sit on seat {seat}.", timeout=WAIT)
    await host.wait_for("Press s to start.", timeout=WAIT)
    await host.key(b"s")
    for player in table.players:
        await player.wait_for("Your hand", timeout=WAIT)
    await table.spectator.wait_for("Draw pile", timeout=WAIT)
    return table


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) of the process and every process below it so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for each in tree(pid):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


async def play_table(
    table: Table, moves: int, think: tuple[float, float], rng: random.Random
) -> int:
    """Players take their turns by keys until ``moves`` turns have ended, the game has, a
    session has ended (the server may drop one: `report` counts them) or no turn has
    passed for `WAIT` seconds; the turns played. A player thinks (a pause between the ends
    of ``think``) before the first key of each of its turns."""
    played = 0
    last_turn = time.monotonic()
    while played < moves and time.monotonic() - last_turn < WAIT:
        moved = False
        for player in table.players:
            if player.ended or GAME_OVER in prompt_of(player):
                return played
            if not may_act(player):
                continue
            await player.settle()
            if not may_act(player):
                continue
            if not player.watching:
                if think[1] > 0:
                    await asyncio.sleep(rng.uniform(*think))
                    last_turn = time.monotonic()
                player.watching = True
                player.turns = [(time.perf_counter(), turn_of(player))]
            try:
                await play_turn(player)
            except (OSError, asyncssh.Error, AssertionError):  # its session was dropped
                return played
            moved = True
            if not may_act(player):
                player.watching = False
                own = player.turns[0][1]
                passed = next(((at, city) for at, city in player.turns if city != own), None)
                if passed is not None and passed[1] is not None:
                    table.turn_ends.append((passed[0], passed[1]))
                played += 1
                last_turn = time.monotonic()
                if played >= moves:
                    break
        if not moved:
            await asyncio.sleep(0.02)
    return played


def spectator_lags(table: Table) -> list[float]:
    """For each turn passed, how long after the player's own screen the spectator's marked
    the next player's city as having the turn (the nearest time it did; below 0 when the
    spectator's screen was first)."""
    lags = []
    for passed, city in table.turn_ends:
        seen = [at for at, shown in table.spectator.turns if shown == city]
        if seen:
            lags.append(min(seen, key=lambda at: abs(at - passed)) - passed)
    return lags


def read_stamps(path: Path, start: int, end: int, figures: Figures) -> None:
    """The server's own stamps (`STAMPED`) between ``start`` and ``end`` (ns): its loop's
    lateness, and for each key a player timed (`Figures.timed`), its stamp (the first of
    that player's arrivals between the key's sending and its answer)."""
    if not path.exists():
        return
    arrivals: dict[str, list[tuple[int, int]]] = {}
    for line in path.read_text().splitlines():
        kind, when, other, *name = line.split()
        if not start <= int(when) <= end:
            continue
        if kind == "K":
            arrivals.setdefault(name[0] if name else "", []).append((int(when), int(other)))
        elif kind == "G":
            figures.collections.append((int(name[0]), int(other) / 1e9))
        else:
            figures.late.append(int(other) / 1e9)
    for player, timed in figures.timed.items():
        stamped = arrivals.get(player, [])
        for sent, answered in timed:
            inside = [out - at for at, out in stamped if sent <= at <= out <= answered]
            if inside:
                figures.server_keys.append(inside[0] / 1e9)


def server_rss(pid: int, figures: Figures) -> int:
    rss = tree_rss(pid)
    figures.processes = rss
    return sum(rss.values())


def echoed(player: Player, before: int) -> bool:
    """Whether ``player`` got bytes beyond the first ``before``."""
    return len(player.received) > before


class Clients:
    """The sessions of some tables, in one process and on its event loop: each table set up
    when told (`setup`, one table after another across every process), then every table
    played at once (`play`), then closed (`close`). ``kind``: "hunters" (players set a table
    up and play it by keys) or "echo" (five sessions per table take turns at keys)."""

    def __init__(
        self,
        kind: str,
        port: int,
        moves: int = 0,
        think: tuple[float, float] | list[float] = (0.0, 0.0),
        keys_each: int = 0,
    ) -> None:
        self.kind, self.port, self.moves, self.keys_each = kind, port, moves, keys_each
        self.think = (float(think[0]), float(think[1]))
        self.samples = Samples()
        self.sessions: list[TimedPlayer] = []
        self.tables: dict[int, Table] = {}
        """Hunters' tables, by their number."""
        self.groups: list[list[TimedPlayer]] = []
        """The echo server's tables: four players and a fifth session each."""

    async def setup(self, number: int) -> None:
        """Table ``number`` set up (Hunters) or its five sessions connected (echo)."""
        if self.kind == "hunters":
            self.tables[number] = await set_up_table(self.port, number, self.samples, self.sessions)
            return
        group: list[TimedPlayer] = []
        for seat in range(SEATS + 1):
            name = f"t{number}p{seat}"
            group.append(await timed_connect(self.port, name, "echo ready", self.samples))
            self.sessions.append(group[-1])
        self.groups.append(group)

    async def play(self) -> Samples:
        """Every table plays at once; what was measured (since the first `setup`)."""
        own = time.process_time()
        async with asyncio.TaskGroup() as tasked:
            if self.kind == "hunters":
                tasks = [tasked.create_task(self.play_hunters(n)) for n in self.tables]
            else:
                tasks = [tasked.create_task(self.take_turns(g)) for g in self.groups]
        self.samples.moves = sum(task.result() for task in tasks)
        self.samples.client_cpu = time.process_time() - own
        for table in self.tables.values():
            for player in table.players:
                self.samples.keys += player.lags
                self.samples.unanswered += player.unanswered + (player.sent_at is not None)
                self.samples.unasked += player.unasked
                self.samples.timed[player.name] = list(player.timed)
            self.samples.spectator_lags += spectator_lags(table)
        for group in self.groups:
            for player in group:
                self.samples.keys += player.lags
        self.samples.dropped = sum(term.ended for term in self.sessions)
        return self.samples

    async def play_hunters(self, number: int) -> int:
        table = self.tables[number]
        for term in table.everyone:
            term.measuring = True
        table.spectator.turns.append((time.perf_counter(), turn_of(table.spectator)))
        return await play_table(table, self.moves, self.think, random.Random(number - 1))

    async def take_turns(self, group: list[TimedPlayer]) -> int:
        """The echo server's players, in turn, each send a key and wait for its echo."""
        for _ in range(self.keys_each):
            for player in group[:SEATS]:
                before = len(player.received)
                player.measuring = player.watching_only = True
                player.send(b"w")
                await player.wait_until(partial(echoed, player, before), "the echo")
        return 0

    async def close(self) -> None:
        """Every session closed (each within `WAIT` seconds)."""
        await asyncio.gather(
            *(session.close() for session in self.sessions), return_exceptions=True
        )
        self.sessions.clear()


class Part(Protocol):
    """Some tables' clients: a `Clients` in this process, or in a `ClientProcess`."""

    async def setup(self, number: int) -> None: ...

    async def play(self) -> Samples: ...

    async def close(self) -> None: ...


class ClientProcess:
    """A `Clients` in a child Python process: this file run with ``--client-part CONFIG``
    (`client_part`), told what to do on its standard input and answering on its standard
    output, a JSON line each way. Its command line names the run's temporary folder, as the
    servers' do, so that one left running would be found by it."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(
        cls, config: dict[str, Any], children: list[asyncio.subprocess.Process]
    ) -> ClientProcess:
        """Start one and wait until it is ready (its modules imported); it goes in
        ``children`` at once, to be killed whatever happens next."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(Path(__file__).resolve()),
            "--client-part",
            json.dumps(config),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=1 << 26,  # the samples come back as one line
        )
        children.append(proc)
        part = cls(proc)
        await part.ask(None)
        return part

    async def ask(self, request: dict[str, Any] | None) -> dict[str, Any]:
        """Send ``request`` (unless None) and read the answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if request is not None:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            await self.proc.stdin.drain()
        line = await self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the client process {self.proc.pid} ended without answering")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the client process {self.proc.pid} failed:\n{answer['error']}")
        return answer

    async def setup(self, number: int) -> None:
        await self.ask({"do": "setup", "table": number})

    async def play(self) -> Samples:
        return Samples.from_json((await self.ask({"do": "play"}))["samples"])

    async def close(self) -> None:
        """Its sessions closed and the process ended, within `WAIT` seconds (else it is
        killed by `stop_children`)."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(WAIT):
                await self.ask({"do": "close"})
                await self.proc.wait()


async def client_part(config: dict[str, Any]) -> None:
    """A client process (`ClientProcess`): a `Clients` doing what each line of the standard
    input asks ({"do": "setup", "table": N}, {"do": "play"}, {"do": "close"}), answering
    each on the standard output; it ends at "close", at the end of its input (the bench is
    gone) or after `TOTAL` seconds."""
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # anything else printed goes to the standard error, not among the answers

    def answer(**fields: Any) -> None:
        answers.write(json.dumps(fields) + "\n")
        answers.flush()

    requests = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(requests), sys.stdin)
    config.pop("run", None)
    clients = Clients(**config)
    answer(ready=True)
    failed = None
    try:
        async with asyncio.timeout(TOTAL):
            while line := await requests.readline():
                request = json.loads(line)
                if request["do"] == "setup":
                    await clients.setup(request["table"])
                    answer(done=True)
                elif request["do"] == "play":
                    answer(samples=asdict(await clients.play()))
                else:
                    break
    except Exception:
        failed = traceback.format_exc()
    finally:
        await clients.close()
    answer(**({"error": failed} if failed else {"done": True}))


async def start_parts(
    root: Path, tables: int, procs: int, children: list[asyncio.subprocess.Process], **config: Any
) -> list[Part]:
    """The clients of ``tables`` tables: in this process if ``procs`` is 1 or less (or
    there is one table), else in ``procs`` `ClientProcess` (no more than the tables)."""
    procs = min(procs, tables)
    if procs <= 1:
        return [Clients(**config)]
    print(f"starting {procs} client processes…", file=sys.stderr, flush=True)
    config["run"] = str(root)
    return list(
        await asyncio.gather(*(ClientProcess.start(config, children) for _ in range(procs)))
    )


async def set_up(parts: list[Part], tables: int, server: str) -> None:
    """Every table set up, one after another (table n by part n mod the parts)."""
    for number in range(1, tables + 1):
        print(f"{server}: setting table {number} of {tables} up…", file=sys.stderr, flush=True)
        await parts[(number - 1) % len(parts)].setup(number)


async def play(parts: list[Part], figures: Figures) -> None:
    """Every part plays its tables at once; their samples added up in ``figures``."""
    async with asyncio.TaskGroup() as group:
        tasks = [group.create_task(part.play()) for part in parts]
    for task in tasks:
        task.result().add_to(figures)


async def stop_children(children: list[asyncio.subprocess.Process]) -> None:
    """Kill every client process still running, by its pid, and reap it (within `WAIT`)."""
    for proc in children:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
    for proc in children:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(WAIT):
                await proc.wait()


async def close_parts(parts: list[Part], children: list[asyncio.subprocess.Process]) -> None:
    """Every session closed, every client process ended (killed if it must be)."""
    with contextlib.suppress(Exception):
        await asyncio.gather(*(part.close() for part in parts), return_exceptions=True)
    await stop_children(children)


async def measure_hunters(
    root: Path,
    tables: int,
    moves: int,
    workers: int,
    think: tuple[float, float],
    procs: int,
    started: list[ServerProcess],
    children: list[asyncio.subprocess.Process],
    profile: Path | None = None,
) -> Figures:
    figures = Figures("Hunters")
    stamps = root / "server.stamps"
    with profiled_environment(profile):
        server = start_server_process(
            root / "data",
            root / "serve.log",
            "--render-workers",
            str(workers),
            "--max-tables",
            str(max(tables, 1)),
            code=STAMPED.format(stamps=str(stamps)) if not workers else HUNTERS,
        )
    started.append(server)
    parts: list[Part] = []
    try:
        await asyncio.sleep(1.0)
        figures.rss_none = server_rss(server.pid, figures)
        parts = await start_parts(
            root,
            tables,
            procs,
            children,
            kind="hunters",
            port=server.port,
            moves=moves,
            think=think,
        )
        await set_up(parts, tables, "Hunters")
        await asyncio.sleep(1.0)
        figures.rss_setup = server_rss(server.pid, figures)
        print(f"playing {moves} turns at every table…", file=sys.stderr, flush=True)
        profiled = tree(server.pid) if profile is not None else []
        for pid in profiled:  # SIGUSR1: start profiling the moves
            os.kill(pid, signal.SIGUSR1)
        start, start_ns = time.perf_counter(), time.monotonic_ns()
        cpu = cpu_seconds(server.pid)
        await play(parts, figures)
        figures.seconds = time.perf_counter() - start
        ended = time.monotonic_ns()
        figures.cpu = cpu_seconds(server.pid) - cpu
        read_stamps(stamps, start_ns, ended, figures)
        for pid in profiled:  # SIGUSR1 again: write what was measured
            os.kill(pid, signal.SIGUSR1)
        if profiled:
            await asyncio.sleep(2.0)
        figures.rss_moves = server_rss(server.pid, figures)
        figures.held = [float(x) for x in HELD.findall(server.output)]
        return figures
    except BaseException:
        print(f"the server's log ends:\n{server.output[-2000:]}", file=sys.stderr)
        raise
    finally:
        await close_parts(parts, children)
        kill_tree(server)


async def measure_echo(
    root: Path,
    tables: int,
    keys_each: int,
    procs: int,
    echoes: list[subprocess.Popen[bytes]],
    children: list[asyncio.subprocess.Process],
) -> Figures:
    figures = Figures("echo")
    proc, port = start_echo(root / "echo.log", root / "echo.marks")
    echoes.append(proc)
    parts: list[Part] = []
    try:
        await asyncio.sleep(0.5)
        figures.rss_none = server_rss(proc.pid, figures)
        parts = await start_parts(
            root, tables, procs, children, kind="echo", port=port, keys_each=keys_each
        )
        await set_up(parts, tables, "echo")
        await asyncio.sleep(0.5)
        figures.rss_setup = server_rss(proc.pid, figures)
        start = time.perf_counter()
        await play(parts, figures)
        figures.seconds = time.perf_counter() - start
        figures.rss_moves = server_rss(proc.pid, figures)
        return figures
    finally:
        await close_parts(parts, children)
        stop(proc)


def report(
    hunters: Figures,
    echo: Figures,
    sessions: int,
    workers: int,
    think: tuple[float, float],
    procs: int,
) -> None:
    """Each figure beside the echo floor and its target."""
    ms = 1000.0
    apps = f"{workers} render worker{'s' * (workers > 1)}" if workers else "every app in it"
    clients = (
        f"the clients in {procs} processes of their own"
        if procs > 1
        else "the clients in this process"
    )
    pace = (
        f"players think {think[0]:g}–{think[1]:g} s before each turn"
        if think[1] > 0
        else "players move at once (saturated)"
    )
    print(
        f"A hall of {sessions // (SEATS + 1)} tables × ({SEATS} players + 1 spectator) = "
        f"{sessions} SSH sessions on loopback, {os.cpu_count()} CPUs, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; the Hunters server with {apps}; "
        f"{clients}; no bots; {pace}"
    )
    print(f"{'figure':<52}{'Hunters':>10}{'echo':>10}  target")

    def row(
        label: str, value: float, floor: float, target: str = "", met: bool | None = None
    ) -> None:
        verdict = "" if met is None else ("met" if met else "NOT met")
        print(f"{label:<52}{value:>10.1f}{floor:>10.1f}  {target} {verdict}")

    def per_session(figures: Figures, rss: int) -> float:
        return (rss - figures.rss_none) / sessions / 1024

    for label, pick in (("after setup", "rss_setup"), ("after the moves", "rss_moves")):
        value = per_session(hunters, getattr(hunters, pick))
        row(
            f"RSS per session, {label} (MiB)",
            value,
            per_session(echo, getattr(echo, pick)),
            "≤ 5 MB (4.77 MiB)",
            value * 1.048576 <= 5,
        )
    for label, q in (("median", 0.5), ("p99", 0.99), ("max", 1.0)):
        row(
            f"connect → first frame, {label} (ms)",
            pct(hunters.first_frames, q) * ms,
            pct(echo.first_frames, q) * ms,
        )
    for label, q in (("p50", 0.5), ("p99", 0.99)):
        value = pct(hunters.keys, q) * ms if hunters.keys else math.nan
        row(
            f"players' key → screen, {label} (ms)",
            value,
            pct(echo.keys, q) * ms if echo.keys else math.nan,
            "≤ 150 ms" if q == 0.99 else "",
            value <= 150 if q == 0.99 else None,
        )
    if hunters.server_keys:
        for label, q in (("p50", 0.5), ("p99", 0.99)):
            name = f"inside the server: key in → frame out, {label} (ms)"
            print(f"{name:<52}{pct(hunters.server_keys, q) * ms:>10.1f}")
        late = hunters.late
        ticks = hunters.seconds * 100
        print(
            f"{'inside the server: its loop ran a 10 ms timer late':<52}"
            f"  ≥ 5 ms {len(late) / ticks:.1%} of the ticks, ≥ 50 ms "
            f"{sum(x >= 0.05 for x in late)}×, ≥ 150 ms {sum(x >= 0.15 for x in late)}×, "
            f"the latest by {max(late, default=0) * ms:.0f} ms"
        )
        for generation in (0, 1, 2):
            took = [t for g, t in hunters.collections if g == generation]
            print(
                f"{f'inside the server: collections of generation {generation}':<52}"
                f"{len(took):>10}  taking {sum(took) * ms:.0f} ms in all, the longest "
                f"{max(took, default=0) * ms:.1f} ms"
            )
    lags = hunters.spectator_lags
    for label, q in (("p50", 0.5), ("p99", 0.99)):
        shown = pct(lags, q) * ms if lags else math.nan
        name = f"spectators: next turn shown, after the player, {label} (ms)"
        print(f"{name:<52}{shown:>10.1f}")
    if hunters.moves:
        row("server CPU per turn (ms)", hunters.cpu / hunters.moves * ms, math.nan)
    if hunters.seconds:
        share = hunters.cpu / hunters.seconds * 100
        row("server CPU over the moves (% of one core)", share, math.nan)
        share = hunters.client_cpu / hunters.seconds * 100
        row("clients' CPU over the moves (% of one core)", share, math.nan)
        print(f"load average after the moves: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"({len(hunters.keys)} player keys timed ({len(hunters.server_keys)} found in the "
        f"server's stamps), {hunters.unanswered} more had no answer "
        f"before the next, {hunters.unasked} were sent where the screen asked for none; "
        f"{hunters.moves} turns in {hunters.seconds:.1f} s; echo: "
        f"{len(echo.keys)} keys in {echo.seconds:.1f} s; server RSS with no session: "
        f"Hunters {hunters.rss_none / 1024:.1f} MiB, echo {echo.rss_none / 1024:.1f} MiB; "
        f"Hunters' processes after the moves (MiB): "
        f"{', '.join(f'{rss / 1024:.1f}' for rss in hunters.processes.values())})"
    )
    held = ", ".join(f"{seconds:.1f}" for seconds in hunters.held) or "none"
    print(
        f"Sessions the server dropped before the moves were over: {hunters.dropped} of "
        f"{sessions} (its watchdog's 'held the event loop' drops, seconds held: {held}); a "
        "table with a dropped session stops playing there."
    )


async def run(
    tables: int,
    moves: int,
    workers: int,
    think: tuple[float, float],
    procs: int,
    profile: Path | None,
) -> None:
    started: list[ServerProcess] = []
    echoes: list[subprocess.Popen[bytes]] = []
    children: list[asyncio.subprocess.Process] = []
    with tempfile.TemporaryDirectory(prefix="hunters-hall-bench-") as tmp:
        root = Path(tmp)
        try:
            async with asyncio.timeout(TOTAL):
                hunters = await measure_hunters(
                    root, tables, moves, workers, think, procs, started, children, profile
                )
                players = tables * SEATS
                keys_each = max(1, math.ceil(len(hunters.keys) / players))
                echo = await measure_echo(root, tables, keys_each, procs, echoes, children)
            report(hunters, echo, tables * (SEATS + 1), workers, think, min(procs, tables))
        finally:
            await stop_children(children)
            for server in started:
                kill_tree(server)
            for proc in echoes:
                stop(proc)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables of 4 players + 1 spectator")
    parser.add_argument("--moves", type=int, default=12, help="turns played at each table")
    parser.add_argument(
        "--render-workers", type=int, default=0, help="render workers of the server (0: none)"
    )
    parser.add_argument(
        "--think",
        default="2-6",
        help="seconds a player thinks before each turn, LOW-HIGH (0: none, saturated)",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        help="cProfile every server process over the moves; .prof files go in this folder",
    )
    parser.add_argument(
        "--client-procs",
        type=int,
        default=4,
        help="child processes the clients run in, the tables spread over them (1: this one)",
    )
    parser.add_argument("--client-part", help=argparse.SUPPRESS)  # a client process's config
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 tables, 8 turns")
    args = parser.parse_args(argv)
    # SIGTERM ends the run as Ctrl+C does: the finally blocks kill what was started.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if args.client_part is not None:
        asyncio.run(client_part(json.loads(args.client_part)))
        return
    tables, moves = (3, 8) if args.quick else (args.tables, args.moves)
    low, _, high = args.think.partition("-")
    think = (float(low), float(high or low))
    profile = args.profile.resolve() if args.profile is not None else None
    asyncio.run(run(tables, moves, args.render_workers, think, args.client_procs, profile))


if __name__ == "__main__":
    main()
