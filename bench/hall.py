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
sessions from the same client code; its "players" take turns per table sending a key and
waiting for its echo, as many keys as the Hunters players sent. Printed, beside the echo
figures and the targets (no assertions):

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

Every process it starts is killed by its pid at the end, also on Ctrl+C, SIGTERM or an error.

    python bench/hall.py [--tables 20] [--moves 12] [--think 2-6] [--render-workers 0] [--quick]
    python bench/hall.py --think 0 --profile /tmp/prof  # cProfile the server over the moves
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

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
    clients, in this process, more than the server spends)."""

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
    """This process's (the clients') CPU seconds over the moves."""
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


async def timed_connect(port: int, name: str, first: str, figures: Figures) -> TimedPlayer:
    """Connect ``name`` and wait for ``first`` on its screen; the time goes in ``figures``."""
    start = time.perf_counter()
    player = await connect(port, name, kind=TimedPlayer, land=None, connect_timeout=WAIT)
    await player.wait_for(first, timeout=WAIT)
    figures.first_frames.append(time.perf_counter() - start)
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
    port: int, number: int, figures: Figures, sessions: list[TimedPlayer]
) -> Table:
    """Table ``number`` (1-based, the list's order), by keys: created and set up by its host
    with four open seats, joined by three players and a spectator, started."""
    names = [f"t{number}p{seat}" for seat in range(1, SEATS + 1)]
    host = await timed_connect(port, names[0], LIST_TITLE, figures)
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
        guest = await timed_connect(port, name, LIST_TITLE, figures)
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


def read_stamps(
    path: Path, start: int, end: int, players: list[TimedPlayer], figures: Figures
) -> None:
    """The server's own stamps (`STAMPED`) between ``start`` and ``end`` (ns): its loop's
    lateness, and for each key a player timed, its stamp (the first of that player's
    arrivals between the key's sending and its answer)."""
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
    for player in players:
        stamped = arrivals.get(player.name, [])
        for sent, answered in player.timed:
            inside = [out - at for at, out in stamped if sent <= at <= out <= answered]
            if inside:
                figures.server_keys.append(inside[0] / 1e9)


def server_rss(pid: int, figures: Figures) -> int:
    rss = tree_rss(pid)
    figures.processes = rss
    return sum(rss.values())


async def measure_hunters(
    root: Path,
    tables: int,
    moves: int,
    workers: int,
    think: tuple[float, float],
    started: list[ServerProcess],
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
    sessions: list[TimedPlayer] = []
    try:
        await asyncio.sleep(1.0)
        figures.rss_none = server_rss(server.pid, figures)
        made = []
        for number in range(1, tables + 1):
            print(f"setting table {number} of {tables} up…", file=sys.stderr, flush=True)
            made.append(await set_up_table(server.port, number, figures, sessions))
        await asyncio.sleep(1.0)
        figures.rss_setup = server_rss(server.pid, figures)
        for table in made:
            for term in table.everyone:
                term.measuring = True
            table.spectator.turns.append((time.perf_counter(), turn_of(table.spectator)))
        print(f"playing {moves} turns at every table…", file=sys.stderr, flush=True)
        profiled = tree(server.pid) if profile is not None else []
        for pid in profiled:  # SIGUSR1: start profiling the moves
            os.kill(pid, signal.SIGUSR1)
        start, start_ns = time.perf_counter(), time.monotonic_ns()
        cpu, own = cpu_seconds(server.pid), time.process_time()
        rngs = [random.Random(number) for number in range(len(made))]
        figures.moves = sum(
            await asyncio.gather(
                *(play_table(t, moves, think, rng) for t, rng in zip(made, rngs, strict=True))
            )
        )
        figures.seconds = time.perf_counter() - start
        ended = time.monotonic_ns()
        figures.cpu = cpu_seconds(server.pid) - cpu
        figures.client_cpu = time.process_time() - own
        players = [player for table in made for player in table.players]
        read_stamps(stamps, start_ns, ended, players, figures)
        for pid in profiled:  # SIGUSR1 again: write what was measured
            os.kill(pid, signal.SIGUSR1)
        if profiled:
            await asyncio.sleep(2.0)
        figures.rss_moves = server_rss(server.pid, figures)
        for table in made:
            for player in table.players:
                figures.keys += player.lags
                figures.unanswered += player.unanswered + (player.sent_at is not None)
                figures.unasked += player.unasked
            figures.spectator_lags += spectator_lags(table)
        figures.dropped = sum(term.ended for term in sessions)
        figures.held = [float(x) for x in HELD.findall(server.output)]
        return figures
    except BaseException:
        print(f"the server's log ends:\n{server.output[-2000:]}", file=sys.stderr)
        raise
    finally:
        for session in sessions:
            with contextlib.suppress(Exception):
                await session.close()
        kill_tree(server)


def echoed(player: Player, before: int) -> bool:
    """Whether ``player`` got bytes beyond the first ``before``."""
    return len(player.received) > before


async def measure_echo(
    root: Path, tables: int, keys_each: int, procs: list[subprocess.Popen[bytes]]
) -> Figures:
    figures = Figures("echo")
    proc, port = start_echo(root / "echo.log", root / "echo.marks")
    procs.append(proc)
    sessions: list[TimedPlayer] = []
    try:
        await asyncio.sleep(0.5)
        figures.rss_none = server_rss(proc.pid, figures)
        groups = []
        for number in range(1, tables + 1):
            group = [
                await timed_connect(port, f"t{number}p{seat}", "echo ready", figures)
                for seat in range(SEATS + 1)
            ]
            sessions += group
            groups.append(group)
        await asyncio.sleep(0.5)
        figures.rss_setup = server_rss(proc.pid, figures)

        async def take_turns(group: list[TimedPlayer]) -> None:
            for _ in range(keys_each):
                for player in group[:SEATS]:
                    before = len(player.received)
                    player.measuring = player.watching_only = True
                    player.send(b"w")
                    await player.wait_until(partial(echoed, player, before), "the echo")

        start = time.perf_counter()
        await asyncio.gather(*(take_turns(group) for group in groups))
        figures.seconds = time.perf_counter() - start
        figures.rss_moves = server_rss(proc.pid, figures)
        for player in sessions:
            figures.keys += player.lags
        return figures
    finally:
        for player in sessions:
            with contextlib.suppress(Exception):
                await player.close()
        stop(proc)


def report(
    hunters: Figures, echo: Figures, sessions: int, workers: int, think: tuple[float, float]
) -> None:
    """Each figure beside the echo floor and its target."""
    ms = 1000.0
    apps = f"{workers} render worker{'s' * (workers > 1)}" if workers else "every app in it"
    pace = (
        f"players think {think[0]:g}–{think[1]:g} s before each turn"
        if think[1] > 0
        else "players move at once (saturated)"
    )
    print(
        f"A hall of {sessions // (SEATS + 1)} tables × ({SEATS} players + 1 spectator) = "
        f"{sessions} SSH sessions on loopback, {os.cpu_count()} CPUs, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; the Hunters server with {apps}; "
        f"clients in this process; no bots; {pace}"
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
    tables: int, moves: int, workers: int, think: tuple[float, float], profile: Path | None
) -> None:
    started: list[ServerProcess] = []
    echoes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="hunters-hall-bench-") as tmp:
        root = Path(tmp)
        try:
            async with asyncio.timeout(TOTAL):
                hunters = await measure_hunters(
                    root, tables, moves, workers, think, started, profile
                )
                players = tables * SEATS
                keys_each = max(1, math.ceil(len(hunters.keys) / players))
                echo = await measure_echo(root, tables, keys_each, echoes)
            report(hunters, echo, tables * (SEATS + 1), workers, think)
        finally:
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
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 tables, 8 turns")
    args = parser.parse_args(argv)
    tables, moves = (3, 8) if args.quick else (args.tables, args.moves)
    low, _, high = args.think.partition("-")
    think = (float(low), float(high or low))
    # SIGTERM ends the run as Ctrl+C does: the finally blocks kill what was started.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    profile = args.profile.resolve() if args.profile is not None else None
    asyncio.run(run(tables, moves, args.render_workers, think, profile))


if __name__ == "__main__":
    main()
