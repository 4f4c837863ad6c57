"""End-to-end helpers: the real ``hunters serve`` on loopback and players' terminals.

Shared by tests/net/test_e2e.py, test_openssh.py and test_leaks.py (and bench/ssh.py):

- `running_server` starts ``net.serve.serve`` in this process as a task on 127.0.0.1 port 0
  and hands back its port, host-key fingerprint and the `Hall` it serves (captured by
  swapping ``net.serve.Hall`` for a recording subclass while the server starts);
- `Player` is one asyncssh client with a PTY whose output is played into a pyte screen, so
  assertions read what a person would see; every byte received is kept too;
- `play_turn`/`play_until` drive the Superbohaterowie game screen by keys only, reading the
  prompt line from the terminal, as a person would;
- `start_server_process` runs ``hunters serve --port 0`` as a subprocess (kill -9 tests, the
  benchmark) and reads its port and host-key fingerprint from what it prints.

Both start their server with `default_render_workers()` render workers unless the test says
how many: the one switch (``HUNTERS_TEST_RENDER_WORKERS=N``, or ``pytest --render-workers N``)
that runs the network suite with every guest's app in worker processes.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import fcntl
import functools
import logging
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte

import net.serve as serve_module
import net.tables as tables_module
from core.games.superbohaterowie.data import CITIES, NAMES, kind_of
from core.table import Table
from net import session as session_module
from net.hall import Hall
from net.identity import split_login
from net.render import RenderPool
from net.serve import ServeOptions, serve
from net.tables import MAX_TABLES, Tables
from net.tables_screen import NO_TABLES
from tui.boards.superbohaterowie import FACES

WAIT = 10.0
"""Seconds any single wait may take before the test fails."""
QUIET = 0.05
"""Seconds without output after which a terminal counts as settled after a key."""
WIDTH, HEIGHT = 120, 32
"""The players' terminal size: larger than 80×24, so that the board and the log both fit
and a notification toast (at the right) never covers the hand line."""

ENTER, ESC, RIGHT, LEFT = b"\r", b"\x1b", b"\x1b[C", b"\x1b[D"

# What the Superbohaterowie board's prompt line says (tui/boards/superbohaterowie.py).
YOUR_TURN = "Your turn"
DISCARD_ASKS = "and end your turn? Press d to discard"
"""The question the first d asks before the second discards (confirmations are on)."""
DISCARD = "Press d to discard"
CANNOT = "cannot be played now"
STEP = "Esc: back"
GAME_OVER = "Game over. Press Enter for the results."
RESULTS = "Superbohaterowie: results"


# -- the server ------------------------------------------------------------------------------

RENDER_WORKERS_ENV = "HUNTERS_TEST_RENDER_WORKERS"
"""The environment variable that sets how many render workers the tests' servers run (the
pytest option ``--render-workers N`` sets it, so subprocesses see it too)."""


def default_render_workers() -> int:
    """How many render workers a test's server runs when the test does not say: the value of
    HUNTERS_TEST_RENDER_WORKERS (0, every app in the server process, when it is unset)."""
    text = os.environ.get(RENDER_WORKERS_ENV, "").strip()
    if not text:
        return 0
    if not text.isdigit():
        raise ValueError(f"{RENDER_WORKERS_ENV} must be a number of workers, not {text!r}")
    return int(text)


def render_worker_args() -> list[str]:
    """``--render-workers N`` for a ``hunters serve`` or ``hunters host`` the tests start
    (none in the default mode, so the command's own default is what runs)."""
    count = default_render_workers()
    return ["--render-workers", str(count)] if count else []


@dataclass
class Served:
    """A running in-process server."""

    port: int
    fingerprint: str
    tables: Tables
    task: asyncio.Task[None]
    data_dir: Path
    pool: RenderPool | None = None
    """The render workers (None: every app runs in this process)."""

    @property
    def hall(self) -> Hall:
        """The table of a test about one table: the first one open (else the last made)."""
        listing = self.tables.listing()
        for info in listing:
            hall = self.tables.get(info.id)
            if hall is not None:
                return hall
        assert _CapturedHall.made, "no table was made on this server"
        return _CapturedHall.made[-1]


NET_LOG: collections.deque[str] = collections.deque(maxlen=40)
"""The server's last log lines (net.*, INFO and up) in the running `running_server`."""


class _Recorder(logging.Handler):
    """Keeps the server's log lines in `NET_LOG`, for `server_state` to print."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)

    def emit(self, record: logging.LogRecord) -> None:
        NET_LOG.append(f"{record.levelname} {record.name}: {record.getMessage()}"[:300])


class _CapturedHall(Hall):
    """A Hall that says where it is, so tests can read the server's state."""

    made: list[Hall] = []  # noqa: RUF012 - a class-level registry on purpose

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _CapturedHall.made.append(self)


class _CapturedTables(Tables):
    """The server's Tables, so tests (and `connect`) can read them."""

    made: list[Tables] = []  # noqa: RUF012 - a class-level registry on purpose

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _CapturedTables.made.append(self)


class _CapturedPool(RenderPool):
    """A RenderPool that says where it is, so tests can reach the workers."""

    made: list[RenderPool] = []  # noqa: RUF012 - a class-level registry on purpose

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _CapturedPool.made.append(self)


@contextlib.asynccontextmanager
async def running_server(
    data_dir: Path,
    *,
    grace: float = 60.0,
    game: str | None = "superbohaterowie",
    limits: dict[str, Any] | None = None,
    render_workers: int | None = None,
    max_tables: int = MAX_TABLES,
) -> AsyncIterator[Served]:
    """``serve()`` on 127.0.0.1 port 0 until the block ends; then cancelled and drained.
    ``limits``: keyword arguments for ``net.server.start_server`` (login timeout, caps).
    ``render_workers``: 0 runs every guest's app in this process; more starts that many
    render worker processes (the server stops them, and `Served.pool` has them); None (a
    test about either mode) takes the suite's switch, `default_render_workers()`."""
    ready: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()

    def on_ready(port: int, fingerprint: str) -> None:
        if not ready.done():
            ready.set_result((port, fingerprint))

    options = ServeOptions(
        host="127.0.0.1",
        port=0,
        data_dir=data_dir,
        game=game,
        grace=grace,
        bot_delay=0,
        render_workers=default_render_workers() if render_workers is None else render_workers,
        max_tables=max_tables,
    )
    original = vars(tables_module)["Hall"]
    original_tables = vars(serve_module)["Tables"]
    original_start = vars(serve_module)["start_server"]
    original_pool = vars(serve_module)["RenderPool"]
    # Tables make halls as guests create them: the recording Hall stays for the block.
    setattr(tables_module, "Hall", _CapturedHall)  # noqa: B010
    setattr(serve_module, "Tables", _CapturedTables)  # noqa: B010 - only while it starts
    setattr(serve_module, "RenderPool", _CapturedPool)  # noqa: B010
    if limits:
        setattr(serve_module, "start_server", functools.partial(original_start, **limits))  # noqa: B010
    _CapturedHall.made.clear()
    _CapturedTables.made.clear()
    _CapturedPool.made.clear()
    NET_LOG.clear()
    heard = _Recorder()
    net_logger = logging.getLogger("net")
    net_level = net_logger.level
    net_logger.addHandler(heard)
    net_logger.setLevel(logging.INFO)
    task = asyncio.create_task(serve(options, ready=on_ready), name="e2e-serve")
    try:
        try:
            started: set[asyncio.Future[Any]] = {task, ready}
            async with asyncio.timeout(WAIT):
                await asyncio.wait(started, return_when=asyncio.FIRST_COMPLETED)
        finally:
            setattr(serve_module, "Tables", original_tables)  # noqa: B010
            setattr(serve_module, "RenderPool", original_pool)  # noqa: B010
            setattr(serve_module, "start_server", original_start)  # noqa: B010
        if task.done():
            task.result()  # the server failed to start: raise its error
        port, fingerprint = ready.result()
        tables = _CapturedTables.made[-1]
        pool = _CapturedPool.made[-1] if _CapturedPool.made else None
        yield Served(port, fingerprint, tables, task, data_dir, pool)
    finally:
        try:
            await stop_server(task)
        finally:
            setattr(tables_module, "Hall", original)  # noqa: B010
            net_logger.removeHandler(heard)
            net_logger.setLevel(net_level)


async def stop_server(task: asyncio.Task[None]) -> None:
    """Cancel ``serve`` and wait for it and for every session task it leaves behind."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        async with asyncio.timeout(WAIT):
            await task
    await sessions_ended()


async def sessions_ended(timeout: float = WAIT) -> None:
    """Wait until no AppSession task of this loop is running (their Apps have shut down)."""
    loop = asyncio.get_running_loop()

    def running() -> list[asyncio.Task[None]]:
        return [t for t in session_module._RUNNING if t.get_loop() is loop and not t.done()]

    try:
        async with asyncio.timeout(timeout):
            while running():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(
            f"sessions still running {timeout} s after the server stopped: {running()}"
        ) from None


async def until(condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Poll ``condition()`` every 10 ms until it holds (AssertionError after ``timeout``)."""
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await asyncio.sleep(0.01)
    except TimeoutError:
        raise AssertionError(f"not {what} after {timeout} s") from None


# -- a player's terminal ---------------------------------------------------------------------


@dataclass(eq=False)
class Terminal:
    """A player's terminal: output played into a pyte screen, every byte kept, keys sent.

    Subclasses connect it (`Player`: asyncssh; test_openssh's: the real ``ssh`` on a pty)
    and call `feed` with what arrives and `finish` at the end of the stream.
    """

    name: str
    width: int = WIDTH
    height: int = HEIGHT
    screen: pyte.Screen = field(init=False)
    stream: pyte.ByteStream = field(init=False)
    received: bytearray = field(default_factory=bytearray)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    last_output: float = 0.0
    ended: bool = False
    frames: int = 0
    """Chunks of output received so far."""
    on_output: list[Callable[[Terminal], None]] = field(default_factory=list)
    """Called after each chunk of output has been fed to the screen."""
    toggle: bool = False
    """Which way the key policy moves after an unplayable card (it alternates)."""

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(self.width, self.height)
        self.stream = pyte.ByteStream(self.screen)
        self._display: list[str] | None = None

    def feed(self, data: bytes) -> None:
        self.received += data
        self.stream.feed(data)
        self._display = None
        self.frames += 1
        self.last_output = time.monotonic()
        for hook in self.on_output:
            hook(self)
        self.changed.set()

    def finish(self) -> None:
        self.ended = True
        self.changed.set()

    @property
    def lines(self) -> list[str]:
        """The screen's lines (pyte renders them on each ``display``: cached until output)."""
        if self._display is None:
            self._display = self.screen.display
        return self._display

    @property
    def text(self) -> str:
        """The screen's lines joined by newlines."""
        return "\n".join(self.lines)

    def send(self, data: bytes) -> None:
        raise NotImplementedError

    async def wait_for(self, text: str | Iterable[str], timeout: float = WAIT) -> str:
        """Wait until one of ``text`` is on the screen; which one."""
        wanted = [text] if isinstance(text, str) else list(text)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    shown = self.text
                    for item in wanted:
                        if item in shown:
                            return item
                    if self.ended:
                        raise AssertionError(
                            f"{self.name}: session ended before {wanted}:\n{self.text}"
                        )
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: {wanted} not on screen after {timeout} s:\n{self.text}"
            ) from None

    async def wait_gone(self, text: str, timeout: float = WAIT) -> None:
        """Wait until ``text`` is no longer on the screen."""
        try:
            async with asyncio.timeout(timeout):
                while text in self.text:
                    if self.ended:
                        raise AssertionError(f"{self.name}: session ended showing {text!r}")
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            raise AssertionError(f"{self.name}: {text!r} still on screen:\n{self.text}") from None

    async def wait_until(
        self, condition: Callable[[], bool], what: str, timeout: float = WAIT
    ) -> None:
        """Wait until ``condition()`` holds, re-checking after every output (and 20 ms)."""
        try:
            async with asyncio.timeout(timeout):
                while not condition():
                    self.changed.clear()
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(0.02):
                            await self.changed.wait()
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: not {what} after {timeout} s:\n{self.text}"
            ) from None

    async def settle(self, quiet: float = QUIET, timeout: float = WAIT) -> None:
        """Wait until no output has come for ``quiet`` seconds."""
        async with asyncio.timeout(timeout):
            while time.monotonic() - self.last_output < quiet and not self.ended:
                await asyncio.sleep(quiet / 3)

    async def key(self, data: bytes, *, timeout: float = 2.0) -> None:
        """Send a key, wait for the screen to answer (or ``timeout``), then let it settle."""
        frames = self.frames
        self.send(data)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while self.frames == frames and not self.ended:
                    self.changed.clear()
                    await self.changed.wait()
        await self.settle()


@dataclass(eq=False)
class Player(Terminal):
    """One asyncssh client with a PTY (``ssh -t``), as a `Terminal`."""

    conn: asyncssh.SSHClientConnection | None = None
    process: asyncssh.SSHClientProcess[bytes] | None = None
    reader: asyncio.Task[None] | None = None

    async def _read(self) -> None:
        assert self.process is not None
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.feed(data)
        except (asyncssh.Error, ConnectionError):
            pass
        finally:
            self.finish()

    def send(self, data: bytes) -> None:
        assert self.process is not None
        self.process.stdin.write(data)

    def abort(self) -> None:
        """Drop the connection abruptly (no goodbye, like a lost network)."""
        if self.conn is not None:
            self.conn.abort()

    async def close(self) -> None:
        self.abort()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
        if self.conn is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(WAIT):
                    await self.conn.wait_closed()


async def connect(
    port: int,
    name: str,
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
    kind: type[Player] = Player,
    term: str = "xterm-256color",
    land: str | None = "table",
    **options: Any,
) -> Player:
    """Log in as ``name`` (keyless, no local keys or agent) and open a PTY shell; ``kind``
    is the Player class to use, ``term`` the TERM the client sends.

    ``land``: "table" (a test about one table) goes on from the list of tables to a table
    (`take_a_table`: the first guest creates it, the next join it) unless the login goes
    straight to one; "list" waits for the list; None returns at once."""
    settings: dict[str, Any] = {
        "username": name,
        "known_hosts": None,
        "client_keys": None,
        "agent_path": None,
        "config": None,
        "password": "",
        "connect_timeout": WAIT,
    }
    settings.update(options)
    conn = await asyncssh.connect("127.0.0.1", port, **settings)
    try:
        process = await conn.create_process(
            request_pty=True,
            term_type=term,
            term_size=(width, height),
            encoding=None,
        )
    except BaseException:
        conn.abort()
        raise
    player = kind(name, width, height, conn=conn, process=process)
    player.reader = asyncio.create_task(player._read(), name=f"e2e-reader {name}")
    if land == "table" and not _goes_straight_to_a_table(name):
        try:
            await take_a_table(player)
        except BaseException:
            await player.close()
            raise
    elif land == "list":
        await player.wait_for(LIST_TITLE)
    return player


LIST_TITLE = "Tables at this server"
"""The list of tables' title: a guest who logged in and is at no table sees it."""


def _goes_straight_to_a_table(login: str) -> bool:
    """Whether a login goes past the list (in-process servers): it carries an invite code,
    or the name is held at a table (connected there, or a seat kept for it)."""
    name, code = split_login(login)
    if code is not None:
        return True
    tables = _CapturedTables.made[-1] if _CapturedTables.made else None
    return tables is not None and tables.holding(name) is not None


async def take_a_table(player: Terminal) -> None:
    """From the list: create a table if there is none (c), else join the first (Enter: a
    game under way is watched); wait until the list is gone."""
    first = NO_TABLES.split(".")[0]
    shown = await player.wait_for([first, "host "])  # every table's line names its host
    player.send(b"c" if shown == first else ENTER)
    await player.wait_gone(LIST_TITLE)


@contextlib.asynccontextmanager
async def players(port: int, *names: str, **options: Any) -> AsyncIterator[list[Player]]:
    """Connect ``names`` one after another (the first hosts); all closed at the end."""
    made: list[Player] = []
    try:
        for name in names:
            made.append(await connect(port, name, **options))
        yield made
    finally:
        for player in made:
            await player.close()


# -- setting a table up by keys --------------------------------------------------------------

TAB, CTRL_R, CTRL_S, UP, DOWN = b"\t", b"\x12", b"\x13", b"\x1b[A", b"\x1b[B"


async def host_table(host: Terminal, open_seats: int = 2) -> None:
    """The host's setup screen, by keys: three seats, ``open_seats`` of them open for
    players (2: the third is a bot; 3: no bot); confirm with ctrl+s.

    The hosting setup offers four seats (two open, two bots, focus on seat 1's kind): tab to
    seat 4's kind and remove it (ctrl+r removes the focused seat; the focus moves to seat 3's
    kind), then, for a third open seat, open that select and go up from "bot (normal)" to
    "open for a player".
    """
    await host.wait_for("Seat 4")
    await host.settle()
    for _ in range(6):  # seat 1 kind → name → seat 2 kind → name → seat 3 kind → name → seat 4
        await host.key(TAB, timeout=0.5)
    await host.key(CTRL_R)
    await host.wait_gone("Seat 4")
    if open_seats == 3:
        await host.key(ENTER)
        await host.wait_for("bot (random)")
        for _ in range(3):  # normal → easy → random → open for a player
            await host.key(UP, timeout=0.5)
        await host.key(ENTER)
        await host.wait_for("Open seat 3")
    await host.key(CTRL_S)


async def seat_players(host: Terminal, *others: Terminal) -> None:
    """Set up (one open seat per player, a bot for a third seat if needed), sit the host on
    seat 1 and the others on 2, 3, … in order, and start."""
    await host_table(host, open_seats=max(2, 1 + len(others)))
    everyone = (host, *others)
    for player in everyone:
        await player.wait_for("press 2 to sit here")
    for index, player in enumerate(everyone, 1):
        await player.key(str(index).encode())
        await player.wait_for(f"You sit on seat {index}.")
    await host.wait_for("Press s to start.")
    await host.key(b"s")
    for player in everyone:
        await player.wait_for("Your hand")


# -- reading the game screen -----------------------------------------------------------------

CARD_WORDS: dict[str, str] = {name[:1].upper() + name[1:]: kind for kind, name in NAMES.items()}
"""How a card in hand is labelled on screen ("Water superhero") → its kind."""
_HAND_CARD = re.compile("|".join(re.escape(word) for word in sorted(CARD_WORDS, key=len)[::-1]))
_CITY = re.compile(
    r"^\s*(?:▶ )?((?:" + "|".join(CITIES) + r") — .*?)(?: · \d of 5 different.*)?\s*$"
)
"""A city's header: "▶ Berlin — ala (your city) — SAVED · 3 of 5 different · 1 spider"."""
CARD_ID = re.compile(
    r"\b(?:" + "|".join(re.escape(kind) for kind in sorted(NAMES, key=len)[::-1]) + r")-\d+\b"
)
"""A card id as the server knows it ("water-11"); never meant to reach a terminal."""


def _log_column(lines: list[str]) -> int | None:
    """Where the log stands beside the board (from 120 columns): the column of the │ that
    begins it on most lines; None when the log is under the board."""
    columns = Counter(line.rfind("│") for line in lines if "│" in line)
    if not columns:
        return None
    column, count = columns.most_common(1)[0]
    return column if count >= len(lines) // 2 else None


def hand_line(term: Terminal) -> str | None:
    """The "Your hand" line on screen (the board's part of it), if one is shown."""
    line = next((line for line in term.lines if "Your hand" in line), None)
    column = _log_column(term.lines)
    return line if line is None or column is None else line[:column]


def hand_of(term: Terminal) -> tuple[str, ...] | None:
    """The kinds of the cards the screen shows in "Your hand", in order (None: no hand)."""
    line = hand_line(term)
    if line is None:
        return None
    # The piles may stand beside the hand ("Draw pile 60 · Discard 3 (top: …)"): not in it.
    cards = re.split(r"Draw pile|Draw \d|Discard \d", line.split("Your hand", 1)[1])[0]
    # A boxed card's text may share the label's line: a spider is "never on ★ Joker or Ж
    # Spider".
    cards = cards.replace("never on ★ Joker or Ж Spider", "")
    return tuple(CARD_WORDS[word] for word in _HAND_CARD.findall(cards))


def kinds(cards: Iterable[str]) -> tuple[str, ...]:
    """Card ids → their kinds."""
    return tuple(kind_of(card) for card in cards)


def city_rows(term: Terminal) -> list[str]:
    """Each city's label and its five spaces as the screen shows them, without the marks
    that differ between viewers (turn arrow, "your city", cursor, targets)."""
    lines = term.lines
    rows = []
    for index, line in enumerate(lines[:-1]):
        found = _CITY.match(line)
        if found is None:
            continue
        label = found.group(1).split("│")[0].replace(" (your city)", "").strip()
        label = re.sub(r" · \d of 5 different.*", "", label)
        # From 120 columns the log stands beside the board, behind a │ the header has too.
        end = line.find("│") if "│" in line else None
        below = lines[index + 1][:end]
        if below.lstrip().startswith(("╭", "┏")):  # cards as boxes: titles one line lower
            below = re.sub(r"[│┃]", " ", lines[index + 2][:end])
        # A space emptied since the viewer's own move says so ("· emptied", or "emptied"
        # where a space is one word): the others' screens say "· empty" or "·".
        spaces = re.sub(r"[\[\]◆✓]", " ", below).replace("· emptied", "·")
        spaces = spaces.replace("emptied", "·").replace("· empty", "·").replace("· free", "·")
        spaces = re.sub(r"([♣≈~▲✂★Ж])(\w)", r"\1 \2", spaces.replace("free", "·"))
        rows.append(f"{label}: {' '.join(spaces.split())}")
    return rows


def server_city_rows(table: Table) -> list[str]:
    """What `city_rows` should read, from the server's public view of ``table``."""
    view = table.match.view(None)
    rows = []
    for city, cards in enumerate(view["cities"]):
        label = f"{view['city_names'][city]} — {table.names[city]}"
        if city in view["winners"]:
            label += " — SAVED"
        faces = ["·" if card is None else " ".join(FACES[kind_of(card)][:2]) for card in cards]
        rows.append(f"{label}: {' '.join(' '.join(faces).split())}")
    return rows


def shows_table(term: Terminal, table: Table) -> bool:
    """Whether ``term`` shows the cities and draw pile of ``table`` as they are now (compare
    with the live state, not a snapshot: a move may still be on its way)."""
    return city_rows(term) == server_city_rows(table) and draw_pile(term) == len(
        table.match.state.deck
    )


async def quiet_all(terms: Iterable[Terminal], quiet: float = 0.3, timeout: float = WAIT) -> None:
    """Wait until none of ``terms`` has had output for ``quiet`` seconds (a move sent just
    before may still be changing the table; this lets it land)."""
    terms = list(terms)
    async with asyncio.timeout(timeout):
        while any(time.monotonic() - t.last_output < quiet for t in terms if not t.ended):
            await asyncio.sleep(quiet / 5)


def draw_pile(term: Terminal) -> int | None:
    """The draw pile's size as the board's info line shows it."""
    found = re.search(r"Draw pile (\d+) ·", term.text)
    return int(found.group(1)) if found else None


# -- playing by keys -------------------------------------------------------------------------


def prompt_of(term: Terminal) -> str:
    """The board's prompt line as the terminal shows it."""
    for line in reversed(term.lines):
        for marker in (GAME_OVER, DISCARD, CANNOT, YOUR_TURN, STEP, "Waiting for"):
            if marker in line:
                return line.strip()
    return ""


def may_act(term: Terminal) -> bool:
    """Whether the prompt asks this player for a key."""
    prompt = prompt_of(term)
    return any(marker in prompt for marker in (DISCARD, CANNOT, YOUR_TURN, STEP))


async def play_turn(term: Terminal, rng: random.Random | None = None) -> str:
    """Press the keys one step of the policy asks for; what the prompt said.

    "Press d to discard" → d; "cannot be played now" (Enter refused a card, the cursor
    still on it) → a cursor step (right or left first, alternating, so both cards get
    tried); "Your turn" → Up until the cursor is in the
    hand (a refused move leaves it on a city), then Enter (with ``rng``, sometimes a cursor
    step first, for random games); a step that says "Esc: back" → Enter (the board
    puts the cursor on the first legal target).
    """
    prompt = prompt_of(term)
    if DISCARD in prompt:
        await term.key(b"d")
        # The first d asks ("Discard both cards and end your turn?"), the second discards;
        # a third would only be answered with the reason (it is no longer our turn).
        with contextlib.suppress(AssertionError):
            await term.wait_for(DISCARD_ASKS, timeout=1)
            await term.key(b"d")
        with contextlib.suppress(AssertionError):
            await term.wait_gone(DISCARD_ASKS, timeout=2)
    elif CANNOT in prompt:  # Enter stayed on the card, saying why: step to the other one
        term.toggle = not term.toggle
        for step in (RIGHT, LEFT) if term.toggle else (LEFT, RIGHT):
            await term.key(step, timeout=0.3)  # may not move (the end of the hand)
            with contextlib.suppress(AssertionError):
                await term.wait_gone(CANNOT, timeout=1)
                break
    elif YOUR_TURN in prompt:
        for _ in range(6):  # the cursor on a city (after a refused move): up to the hand
            line = hand_line(term)
            if line is None or "[" in line:
                break
            await term.key(UP, timeout=0.3)
        if rng is not None and rng.random() < 0.5:
            await term.key(rng.choice((RIGHT, LEFT)), timeout=0.3)
        await term.key(ENTER)
    elif STEP in prompt:
        await term.key(ENTER)
    return prompt


async def play_until(
    movers: Iterable[Terminal],
    done: Callable[[], bool],
    *,
    timeout: float = 40.0,
    rng: random.Random | None = None,
    after_each: Callable[[Terminal], Awaitable[None]] | None = None,
) -> None:
    """Every player in ``movers`` plays by the key policy (when their settled screen asks
    for a key) until ``done()``; ``after_each`` runs after each of their steps."""
    movers = list(movers)
    try:
        async with asyncio.timeout(timeout):
            while not done():
                moved = False
                for term in movers:
                    if term.ended or not may_act(term):
                        continue
                    prompt = prompt_of(term)
                    await term.settle()
                    if prompt_of(term) != prompt or done():
                        continue
                    await play_turn(term, rng)
                    moved = True
                    if after_each is not None:
                        await after_each(term)
                    if done():
                        return
                if not moved:
                    await asyncio.sleep(0.02)
    except TimeoutError:
        shown = "\n\n".join(f"{t.name}:\n{t.text}" for t in movers)
        raise AssertionError(f"play did not finish in {timeout} s:\n{shown}") from None


# -- the server as a subprocess --------------------------------------------------------------


@dataclass
class ServerProcess:
    """``hunters serve`` in a subprocess, with its port; its output goes to ``log``."""

    proc: subprocess.Popen[bytes]
    log: Path
    port: int = 0
    fingerprint: str = ""

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def output(self) -> str:
        return self.log.read_text("utf-8", "replace") if self.log.exists() else ""

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` (if it still runs) and reap it."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.proc.pid, sig)
        try:
            self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=WAIT)


_SERVING = re.compile(r"Hunters is serving on \S+ port (\d+)\.")
_FINGERPRINT = re.compile(r"Host key fingerprint: (\S+)")


def start_server_process(
    data_dir: Path, log: Path, *extra: str, code: str | None = None, timeout: float = 30.0
) -> ServerProcess:
    """Run ``hunters serve --port 0`` (the console script's ``net.cli:main``) in a subprocess.

    ``code`` replaces the Python that runs ``main`` (bench/ssh.py patches limits with it).
    The caller must ``kill()`` it in a ``finally``.
    """
    program = code or "from net.cli import main; raise SystemExit(main())"
    # The suite's render workers, unless the caller says how many (bench/ssh.py measures both).
    told = any(arg.startswith("--render-workers") for arg in extra)
    workers = [] if told else render_worker_args()
    argv = [
        sys.executable,
        "-c",
        program,
        "serve",
        "--port",
        "0",
        "--data-dir",
        str(data_dir),
        "--game",
        "superbohaterowie",
        "--bot-delay",
        "0",
        *workers,
        *extra,
    ]
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            argv,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=str(Path(__file__).resolve().parents[2]),
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    server = ServerProcess(proc, log)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = server.output
            port = _SERVING.search(text)
            found = _FINGERPRINT.search(text)
            if port and found:
                server.port, server.fingerprint = int(port.group(1)), found.group(1)
                return server
            if proc.poll() is not None:
                raise AssertionError(f"hunters serve exited {proc.returncode}: {text}")
            time.sleep(0.02)
        raise AssertionError(f"hunters serve said no port in {timeout} s: {server.output}")
    except BaseException:
        server.kill()
        raise


SSH = shutil.which("ssh", path="/usr/bin:/bin:/usr/local/bin")


@dataclass(eq=False)
class OpenSSHTerminal(Terminal):
    """``ssh -tt`` running on a pty; the master side is this terminal."""

    proc: subprocess.Popen[bytes] | None = None
    master: int = -1

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the slave side closed (ssh exited)
            data = b""
        if data:
            self.feed(data)
        else:
            asyncio.get_running_loop().remove_reader(self.master)
            self.finish()

    async def exit_status(self, timeout: float = WAIT) -> int:
        """Wait for ssh to exit; its exit status."""
        assert self.proc is not None
        async with asyncio.timeout(timeout):
            while self.proc.poll() is None:
                await asyncio.sleep(0.02)
        return self.proc.returncode


@contextlib.asynccontextmanager
async def openssh(
    port: int,
    name: str,
    home: Path,
    *,
    width: int = 80,
    height: int = 24,
    land: str | None = "table",
) -> AsyncIterator[OpenSSHTerminal]:
    """Run ``ssh -tt -p PORT name@127.0.0.1`` on a new pty; killed (by pid) at the end.
    ``land``: as for `connect`."""
    assert SSH is not None
    home.mkdir(parents=True, exist_ok=True)
    argv = [
        SSH,
        "-tt",
        "-F",
        "/dev/null",  # no ssh_config of this machine's user
        "-p",
        str(port),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "GlobalKnownHostsFile=/dev/null",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "PreferredAuthentications=keyboard-interactive,none",
        "-o",
        "BatchMode=no",
        "-o",
        "ConnectTimeout=10",
        "-o",
        "LogLevel=ERROR",
        "-l",
        name,
        "127.0.0.1",
    ]
    env = {"TERM": "xterm-256color", "HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    async with on_pty(argv, env, name, width=width, height=height) as term:
        if land == "table" and not _goes_straight_to_a_table(name):
            await take_a_table(term)
        elif land == "list":
            await term.wait_for(LIST_TITLE)
        yield term


@contextlib.asynccontextmanager
async def on_pty(
    argv: list[str], env: dict[str, str], name: str, *, width: int = 80, height: int = 24
) -> AsyncIterator[OpenSSHTerminal]:
    """Run ``argv`` on a new pty of ``width``×``height`` read into a pyte screen; killed (by
    pid) at the end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    term = OpenSSHTerminal(name, width, height, proc=proc, master=master)
    loop = asyncio.get_running_loop()
    loop.add_reader(master, term._readable)
    try:
        yield term
    finally:
        loop.remove_reader(master)
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=WAIT)
        os.close(master)


def server_state() -> str:
    """What each guest's App in this process is doing: its screens, whether a hall change is
    waiting to be routed, and its driver's output state. Printed when a network test fails,
    so a CI log says whether a stale terminal was a frame never drawn or never sent."""
    from net.app import HallApp

    lines: list[str] = []
    # Through the hall: the server freezes what has settled (gc.freeze), which gc no longer lists.
    listeners = [f for hall in _CapturedHall.made[-1:] for f in hall.listeners]
    apps = [app for f in listeners if isinstance(app := getattr(f, "__self__", None), HallApp)]
    for app in apps:
        driver = app._driver
        state = {
            "guest": app.guest,
            "running": app.is_running,
            "screens": [type(s).__name__ for s in app.screen_stack],
            "route_pending": getattr(app, "_route_pending", None),
            "queue": app.message_queue_size,
        }
        if driver is not None:
            for name in ("_output_paused", "_stale", "_closed", "_input_enabled"):
                state[name] = getattr(driver, name, None)
            channel = getattr(driver, "_channel", None)
            if channel is not None:
                with contextlib.suppress(Exception):
                    state["buffered"] = channel.get_write_buffer_size()
        lines.append(repr(state))
    if not lines:
        lines.append("(no app in this process)")
    for hall in _CapturedHall.made[-1:]:
        lines.append(f"hall: phase {hall.phase}, stand-ins {getattr(hall, '_standing_in', '?')}")
        for name, guest in hall.guests.items():
            lines.append(f"  {name}: {guest!r}")
    lines.extend(["the server's last log lines:", *NET_LOG])
    return "\n".join(lines)


def terminal_state(term: Terminal) -> str:
    """What a test's terminal got and made of it: its byte count, its screen, the screen the
    same bytes make when fed at once, the parser's state and the last bytes. Printed when a
    network test fails, so a CI log tells a screen never sent from one never drawn."""
    fresh = pyte.Screen(term.width, term.height)
    pyte.ByteStream(fresh).feed(bytes(term.received))
    parser = getattr(term.stream, "_parser", None)
    frame = getattr(parser, "gi_frame", None)
    state = {
        k: repr(v)[:80]
        for k, v in (frame.f_locals.items() if frame is not None else ())
        if k in ("char", "param", "code", "params", "current", "private")
    }

    def shown(lines: list[str]) -> str:
        return "\n".join(f"  |{line.rstrip()}" for line in lines if line.strip())

    return "\n".join(
        [
            f"{term.name}: {len(term.received)} bytes in {term.frames} chunks, ended {term.ended}",
            f"plain text next: {getattr(term.stream, '_taking_plain_text', '?')}; parser {state}",
            f"cursor at {term.screen.cursor.x},{term.screen.cursor.y}; the screen:",
            shown(term.lines),
            f"the same bytes fed at once: cursor at {fresh.cursor.x},{fresh.cursor.y}; screen:",
            shown(fresh.display),
            f"the last bytes: {bytes(term.received[-400:])!r}",
        ]
    )
