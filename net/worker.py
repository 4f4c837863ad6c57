"""A render worker: a process that runs SSH guests' Textual apps for the server's front.

``hunters serve`` keeps the SSH connections, the hall, its table and every claim in its own
process (the front, net.render) and runs the guests' apps here, niced below it, so that no
screen being drawn delays a key or a claim. The front starts ``python -m net.worker --fd N``
with one end of a socket pair and talks to it in `net.wire` messages ``[kind, guest, ...]``:

front → worker: ``hall`` (what the lobby and routing read, the setup without its seed),
``attach`` (a guest's session: name, terminal, size, settings), ``in`` (their raw bytes,
after the front's fast path took the claims), ``resize``, ``pause``/``resume`` (their
channel's flow control), ``update`` (one `Update` of a seat the guest plays, or the
spectator's), ``reply`` (the answer to a request: None or the refusal), ``chat`` (a chat
line the guest hears), ``notify``, ``exit``.

worker → front: ``ready``, ``out`` (bytes for the guest's channel), ``read`` (pause or resume
reading their channel), ``abort``, ``intent`` (a request to the hall or its table, answered by
``reply``), ``settings`` (the guest changed theirs), ``exited`` (status, and why the driver
dropped the session), ``log``.

Each guest's app is the same `HallApp` as in the server process, looking at a `HallMirror`
and playing at a `TableProxy`, driven by the same `SSHDriver` (its input budgets, resize
coalescing and output back-pressure) through a `WorkerChannel` that stands in for the SSH
channel. The worker ends when the front closes the socket (or dies).

The guests' history, profiles and leaderboards (net.tables_screen) read the players'
database in the server's data dir (``--data-dir``), opened read-only here: the front alone
writes it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import itertools
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, cast

from core.db import DB_FILE, Database, DatabaseError
from core.engine import Action, Event, IllegalAction
from core.table import Participant, TableSetup, Update
from net import textual_fixes, wire
from net.chat import line_from
from net.driver import INPUT_BACKLOG_LIMIT, SSHDriver, clamp_size, color_system_for
from net.hall import Guest, HallView, Notice, QuietHall
from net.tables import TableInfo
from net.tables_screen import NO_STATS, STATS_PROBLEM, TablesApp, Way, table_name
from net.watchdog import Watchdog
from tui.screens.stats import StatsSource
from tui.settings import Settings
from tui.widgets.terminal import plain_terminal

log = logging.getLogger(__name__)

NICE: Final = 2
"""How much lower than the front a worker runs: a claim's loop turn comes before a redraw.
Only a little lower: on a host busy with other work a worker niced further loses its turns to
processes that have nothing to do with the game (on two cores at a load of about 12, the key
and claim flood tests of test_hostile.py missed their half-second redraw limit at +5 and met
it at +2), while any positive value already gives the front the first turn."""


HALL_HOLD: Final = 1.0
"""Seconds a change of the hall waits at most for a newcomer's first frame before it reaches
this worker's other guests (see `Worker`)."""

WATCHDOG_LIMIT: Final = 5.0
"""Seconds a worker's loop may go without turning before the app holding it is cut short."""


class WorkerChannel:
    """The stand-in for one guest's SSH channel that `SSHDriver` draws into."""

    def __init__(self, link: wire.Link, guest: int) -> None:
        self._link = link
        self._guest = guest
        self._aborted = False

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        """The front's channel has the limits; its pause/resume come here as messages."""

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, data: bytes) -> None:
        self._link.send("out", self._guest, data)

    def is_closing(self) -> bool:
        return self._aborted or self._link.closed

    def pause_reading(self) -> None:
        self._link.send("read", self._guest, False)

    def resume_reading(self) -> None:
        self._link.send("read", self._guest, True)

    def abort(self) -> None:
        self._aborted = True
        self._link.send("abort", self._guest)


class TableProxy:
    """The hall's table as one guest's app plays at it: their seats' updates come from the
    front, their actions go back to it (the front's table checks and decides them)."""

    def __init__(self, mirror: HallMirror, generation: int) -> None:
        self.generation = generation
        self._mirror = mirror
        self._participants: list[Participant] = []
        self.latest: dict[int | None, Update] = {}

    def join(self, participant: Participant) -> None:
        """Add a participant and show it the newest position (as `Table.join` does)."""
        self._participants.append(participant)
        seats: list[int | None] = [*sorted(participant.seats)] or [None]
        for seat in seats:
            update = self.latest.get(seat)
            if update is not None:
                participant.deliver(dataclasses.replace(update, events=()))

    def leave(self, participant: Participant) -> None:
        if participant in self._participants:
            self._participants.remove(participant)

    def deliver(self, update: Update) -> None:
        self.latest[update.seat] = update
        for participant in list(self._participants):
            if update.seat in (participant.seats or {None}):
                participant.deliver(update)

    async def submit(
        self, seat: int, action: Action, version: int | None = None, at_ns: int | None = None
    ) -> list[Event]:
        """Ask the table to take ``seat``'s action; IllegalAction with the table's refusal."""
        await self._mirror.ask("submit", self.generation, seat, action, version, at_ns)
        return []  # the events arrive with the next update, as every seat's do


class HallMirror(QuietHall):
    """The hall as the front last described it, for one guest; requests go to the front.

    ``answers`` and ``numbers``: the guest's requests waiting for an answer and their
    numbers, shared by the mirrors of every table the guest comes to and the list's
    (`TablesMirror`), so an answer finds its request whichever table the guest is at."""

    def __init__(
        self,
        link: wire.Link,
        guest: int,
        answers: dict[int, asyncio.Future[None]] | None = None,
        numbers: Iterator[int] | None = None,
    ) -> None:
        super().__init__()  # its chat: the lines the front's room passed on (net.render)
        self._link = link
        self._guest = guest
        self.invite: str | None = None
        self._table: TableProxy | None = None
        self._proxies: dict[int, TableProxy] = {}
        self._listeners: list[Callable[[], None]] = []
        self._answers: dict[int, asyncio.Future[None]] = {} if answers is None else answers
        self._numbers = itertools.count(1) if numbers is None else numbers

    @property
    def table(self) -> TableProxy | None:
        return self._table

    @property
    def asking(self) -> bool:
        """Whether the guest's app waits for an answer (which reads the hall it comes with)."""
        return bool(self._answers)

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def apply(self, snapshot: Sequence[Any]) -> None:
        """Take the front's description of the hall (see net.render.RenderPool.snapshot)."""
        phase, host, game, address, setup, guests, generation, notices, proposed, ready = snapshot[
            :10
        ]
        take_backs, waits = snapshot[10:12]
        self.invite = snapshot[12] if len(snapshot) > 12 else None
        self.name = snapshot[13] if len(snapshot) > 13 else None
        self.notices = [Notice(int(n), str(text), to) for n, text, to in notices]
        self.proposed, self.ready = bool(proposed), set(ready)
        self.take_backs, self.take_back_waits = bool(take_backs), set(waits)
        self.phase, self.host, self.game, self.address = phase, host, game, address
        self.setup = wire.setup_from(setup)
        self.guests = {
            name: Guest(name, connected=connected, seat=seat, away=away)
            for name, connected, seat, away in guests
        }
        self._table = None if generation is None else self._proxy(generation)
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # one broken screen must not stop the others
                log.exception("a hall listener failed")

    def deliver(self, generation: int, update: Update) -> None:
        self._proxy(generation).deliver(update)

    def _proxy(self, generation: int) -> TableProxy:
        proxy = self._proxies.get(generation)
        if proxy is None:
            proxy = self._proxies[generation] = TableProxy(self, generation)
            for old in [g for g in self._proxies if g < generation - 1]:
                del self._proxies[old]  # a finished game's table: nobody plays at it now
        return proxy

    # -- requests (answered by `answer`) ---------------------------------------------------

    async def ask(self, name: str, *args: Any) -> None:
        """Send a request to the front and wait for its answer (IllegalAction: refused)."""
        number = next(self._numbers)
        answer = asyncio.get_running_loop().create_future()
        self._answers[number] = answer
        self._link.send("intent", self._guest, number, name, list(args))
        try:
            await answer
        finally:
            self._answers.pop(number, None)

    def answer(self, number: int, refusal: str | None) -> None:
        answer = self._answers.get(number)
        if answer is None or answer.done():
            return
        if refusal is None:
            answer.set_result(None)
        else:
            answer.set_exception(IllegalAction(refusal))

    async def take_seat(self, name: str, seat: int) -> None:
        await self.ask("take_seat", seat)

    async def watch(self, name: str) -> None:
        await self.ask("watch")

    async def leave_seat(self, name: str) -> None:
        await self.ask("leave_seat")

    async def take_back(self, name: str) -> None:
        await self.ask("take_back")

    async def configure(self, name: str, setup: TableSetup) -> None:
        await self.ask("configure", wire.setup_fields(setup))

    async def start(self, name: str) -> None:
        await self.ask("start")

    async def rematch(self, name: str) -> None:
        await self.ask("rematch")

    async def new_setup(self, name: str) -> None:
        await self.ask("new_setup")

    async def decline(self, name: str) -> None:
        await self.ask("decline")

    async def end_game(self, name: str) -> None:
        await self.ask("end_game")

    async def hand_host(self, name: str, to: str) -> None:
        await self.ask("hand_host", to)

    async def kick(self, name: str, who: str) -> None:
        await self.ask("kick", who)

    async def replace_seat(self, name: str, seat: int, by: str | None) -> None:
        await self.ask("replace_seat", seat, by)

    async def set_take_backs(self, name: str, allowed: bool) -> None:
        await self.ask("set_take_backs", allowed)

    async def ask_take_back(self, name: str) -> None:
        await self.ask("ask_take_back")

    async def answer_take_back(self, name: str, agree: bool) -> None:
        await self.ask("answer_take_back", agree)

    def hold_fast_keys(self, hold: bool) -> None:
        """The chat line opened (or closed): the front's fast path lets claim keys through
        to the app as text meanwhile. Nothing to wait for: request number 0 is unanswered."""
        self._link.send("intent", self._guest, 0, "hold_fast_keys", [hold])

    async def say(self, name: str, text: str) -> str | None:
        """A chat line to the front's room (what a command answers comes as ``notify``)."""
        await self.ask("say", text)
        return None


class TablesMirror:
    """The list of tables as the front last described it, for one guest (`TablesView`):
    coming to a table and leaving it are requests to the front, which answers with a fresh
    `HallMirror` of the table (``table``) before it answers the request."""

    def __init__(self, worker: Worker, session: GuestSession) -> None:
        self._worker = worker
        self._session = session
        self._listeners: list[Callable[[], None]] = []

    def listing(self) -> Sequence[TableInfo]:
        return self._worker.listing

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("a listener of the list of tables failed")

    async def enter(self, way: Way, what: str | None) -> HallView:
        await self._session.ask("enter", way, what)
        return cast(HallView, self._session.mirror)

    def left(self, hall: HallView, on_purpose: bool = False) -> None:
        if hall is self._session.mirror and self._session.table is not None:
            self._session.table = None
            self._worker.link.send("intent", self._session.guest, 0, "leave_table", [on_purpose])

    def name_of(self, hall: HallView) -> str:
        key = self._session.table
        info = next((i for i in self._worker.listing if i.id == key), None)
        return info.name if info is not None else "the table"

    def name_at(self, hall: HallView) -> str:
        """The guest's name as ``hall`` spells it (net.tables_screen.table_name): the front
        took them in under it, and its mirror came before the answer."""
        return table_name(hall, self._session.login)

    def stats(self) -> tuple[StatsSource | None, str]:
        return self._worker.stats()


class WorkerApp(TablesApp):
    """A guest's app in a render worker: the same as in the server process, but the settings
    the guest chooses (screen-reader mode, contrast) are told to the front, so an app built
    again for them after a worker crash keeps them."""

    def __init__(
        self,
        door: TablesMirror,
        guest: str,
        settings: Settings,
        told: Callable[[], None],
        shown: Callable[[], None] = lambda: None,
        *,
        hall: HallMirror | None = None,
        said: str | None = None,
    ):
        super().__init__(door, guest, settings, hall=cast(HallView | None, hall), said=said)
        self._told = told
        self._shown = shown

    def apply_settings(self) -> None:
        super().apply_settings()
        self._told()

    def on_ready(self) -> None:
        """The first frame is out (Textual's Ready)."""
        self._shown()


class GuestSession:
    """One guest's app in this worker, from ``attach`` to ``exited``."""

    def __init__(self, worker: Worker, guest: int, info: dict[str, Any]) -> None:
        self._worker = worker
        self._guest = guest
        self.guest = guest
        self._term = str(info["term"])
        self._size = clamp_size(*info["size"])
        self._answers: dict[int, asyncio.Future[None]] = {}
        self._numbers = itertools.count(1)
        table = info.get("table")
        self.table: str | None = None if table is None else str(table)
        """The id of the table the guest is at (None: at the list)."""
        self.mirror = self._mirror()
        self.door = TablesMirror(worker, self)
        fields = {f.name for f in dataclasses.fields(Settings)}
        settings = Settings(**{k: v for k, v in info["settings"].items() if k in fields})
        said = info.get("said")
        self.login = str(info["name"])
        """The guest's name as they came (a table may spell it otherwise: `name_at`)."""
        self.app = WorkerApp(
            self.door,
            str(info["name"]),
            settings,
            self._settings_changed,
            lambda: worker.shown(guest),
            hall=self.mirror if self.table is not None else None,
            said=None if said is None else str(said),
        )
        self._channel = WorkerChannel(worker.link, guest)
        self._driver: SSHDriver | None = None
        self._early: list[bytes] = []
        self._early_size = 0
        self._ending = False
        self._paused = False

    def _mirror(self) -> HallMirror:
        """A fresh mirror of the guest's table, as this worker last heard of it."""
        mirror = HallMirror(self._worker.link, self.guest, self._answers, self._numbers)
        snapshot = self._worker.snapshots.get(self.table) if self.table is not None else None
        if snapshot is not None:
            mirror.apply(snapshot)
        return mirror

    def move(self, table: str | None) -> None:
        """The front moved the guest to ``table`` (None: the list): a fresh mirror of it."""
        self.table = table
        self.mirror = self._mirror()

    async def ask(self, name: str, *args: Any) -> None:
        await self.mirror.ask(name, *args)

    def _settings_changed(self) -> None:
        self._worker.link.send("settings", self._guest, dataclasses.asdict(self.app.settings))

    async def run(self) -> None:
        link, app = self._worker.link, self.app
        plain = plain_terminal(self._term)
        app.driver_class = SSHDriver.bind(
            self._channel, on_start=self._started, alternate_screen=not plain
        )
        app.console._color_system = color_system_for(self._term)
        app.suit_terminal(self._term, no_color=False)  # a dumb or vt100 client: plain mode
        status, dropped = 0, None
        try:
            await app.run_async(size=self._size, mouse=False)
            status = app.return_code or 0
            if app._exception is not None:
                log.error("App crashed in a render worker", exc_info=app._exception)
            elif self._driver is not None:
                for report in self._driver.app_errors:
                    log.error("App ended with an error in a render worker:\n%s", report)
        except Exception:
            status = 1
            log.exception("a guest's app failed in a render worker")
        finally:
            if self._driver is not None:
                dropped = self._driver.dropped
            self._driver = None
            self._worker.sessions.pop(self._guest, None)
            self._worker.shown(self._guest)  # gone before its first frame: nobody waits
            link.send("exited", self._guest, status, dropped)

    def _started(self, driver: SSHDriver) -> None:
        self._driver = driver
        if driver.size != self._size:
            driver.resize(*self._size)
        if self._paused:
            driver.pause_output()
        early, self._early = self._early, []
        self._early_size = 0
        for data in early:
            driver.feed(data)
        if self._ending:
            self.app.exit()

    def handle(self, kind: str, args: list[Any]) -> None:
        driver = self._driver
        if kind == "in":
            data = bytes(args[0])
            if driver is not None:
                driver.feed(data)
            elif self._early_size + len(data) <= INPUT_BACKLOG_LIMIT:
                self._early.append(data)
                self._early_size += len(data)
        elif kind == "update":
            self.mirror.deliver(int(args[0]), args[1])
        elif kind == "reply":
            self.mirror.answer(int(args[0]), args[1])
        elif kind == "table":
            self.move(None if args[0] is None else str(args[0]))
        elif kind == "chat":
            self.mirror.chat.hear(line_from(args[0]))
        elif kind == "resize":
            self._size = clamp_size(int(args[0]), int(args[1]))
            if driver is not None:
                driver.resize(*self._size)
        elif kind == "pause":
            self._paused = True
            if driver is not None:
                driver.pause_output()
        elif kind == "resume":
            self._paused = False
            if driver is not None:
                driver.resume_output()
        elif kind == "sent_away":  # the host asked the guest to leave (net.hall.Hall.kick)
            self.app.sent_away(str(args[0]))
        elif kind == "notify":
            self.app.call_later(self.app.notify, str(args[0]), severity="warning", timeout=2)
        elif kind == "exit":
            self._ending = True
            if driver is not None:
                self.app.exit()
        else:
            log.warning("render worker: unknown message %r", kind[:32])


class Worker:
    """The worker's side of the socket: its guests' sessions and the hall they look at."""

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir
        """The server's data dir (None: not told, so no players' database to read)."""
        self._database: Database | None = None
        self.link = wire.Link(self._message, self._lost)
        self.sessions: dict[int, GuestSession] = {}
        self.snapshots: dict[str, list[Any]] = {}
        """The last description of each table the front sent (of its guests' tables)."""
        self.listing: list[TableInfo] = []
        self._starting: set[int] = set()
        """Guests whose first frame is not out yet."""
        self._held: set[int] = set()
        """Guests not yet shown the hall's latest change (they wait for the starting)."""
        self._release: asyncio.TimerHandle | None = None
        self._done = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self, fd: int) -> None:
        textual_fixes.apply()
        sock = socket.socket(fileno=fd)
        loop = asyncio.get_running_loop()
        await loop.create_unix_connection(lambda: self.link, sock=sock)
        root = logging.getLogger()
        root.handlers[:] = [_LinkLog(self.link)]
        root.setLevel(logging.INFO)
        self.link.send("ready", 0, os.getpid())
        # One stuck app must not hold up the worker's other guests; the limit is longer than
        # the front's: a worker starting or redrawing fifty apps goes a second or more without
        # turning on a busy host (fifty lobbies on two loaded cores: 1.6 s), and only its own
        # guests wait for it, never the front.
        watchdog = Watchdog(limit=WATCHDOG_LIMIT)
        watchdog.start()
        try:
            await self._done.wait()
            for session in list(self.sessions.values()):
                session.app.exit()
            if self._tasks:
                await asyncio.wait(self._tasks, timeout=2.0)
        finally:
            watchdog.stop()
            if self._database is not None:
                self._database.close()

    def stats(self) -> tuple[StatsSource | None, str]:
        """The players' database, opened read-only once for every guest of this worker (a
        file that cannot be opened is tried again next time), or None and why not."""
        if self._database is None:
            if self.data_dir is None:
                return None, NO_STATS
            try:
                self._database = Database.open_read_only(self.data_dir / DB_FILE)
            except DatabaseError as error:
                log.warning("render worker: cannot read the players' database: %s", error)
                return None, STATS_PROBLEM
        return self._database, ""

    def _message(self, message: list[Any]) -> None:
        kind, guest, *args = message
        if kind == "tables":
            self.listing = [
                TableInfo(**{**fields, "members": tuple(fields.get("members", ()))})
                for fields in args[0]
            ]
            open_ids = {info.id for info in self.listing}
            for key in [key for key in self.snapshots if key not in open_ids]:
                del self.snapshots[key]  # a table that closed: nobody comes to it now
            for session in list(self.sessions.values()):
                session.door.changed()
        elif kind == "hall":
            # A newcomer's first frame comes before the others' redraws for their arrival
            # (a lobby each): they see the change once it is out (or `HALL_HOLD` passed).
            # Someone waiting for an answer reads the hall it comes with: theirs is now.
            key = str(args[1])
            self.snapshots[key] = args[0]
            for number, session in list(self.sessions.items()):
                if session.table != key:
                    continue
                if self._starting and number not in self._starting and not session.mirror.asking:
                    self._held.add(number)
                else:
                    session.mirror.apply(args[0])
            if self._held and self._release is None:
                loop = asyncio.get_running_loop()
                self._release = loop.call_later(HALL_HOLD, self._show_held, True)
        elif kind == "attach":
            self._starting.add(guest)
            session = self.sessions[guest] = GuestSession(self, guest, args[0])
            task = asyncio.get_running_loop().create_task(session.run(), name=f"guest-{guest}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            found = self.sessions.get(guest)
            if found is not None:
                found.handle(kind, args)

    def shown(self, guest: int) -> None:
        """``guest``'s first frame is out (or they are gone)."""
        self._starting.discard(guest)
        if not self._starting:
            self._show_held()

    def _show_held(self, waited: bool = False) -> None:
        """Show the held guests the hall as it is now; after `HALL_HOLD`, nobody waits for
        the newcomers any longer."""
        if self._release is not None:
            self._release.cancel()
            self._release = None
        if waited:
            self._starting.clear()
        held, self._held = self._held, set()
        for number in held:
            session = self.sessions.get(number)
            snapshot = None if session is None else self.snapshots.get(session.table or "")
            if session is not None and snapshot is not None:
                session.mirror.apply(snapshot)

    def _lost(self, exc: Exception | None) -> None:
        self._done.set()


class _LinkLog(logging.Handler):
    """Sends the worker's log records to the front, which logs them as its own (to its
    stderr, or the host's log file): a worker has no terminal of its own."""

    def __init__(self, link: wire.Link) -> None:
        super().__init__(logging.INFO)
        self._link = link

    def emit(self, record: logging.LogRecord) -> None:
        try:
            trace = None
            if record.exc_info:
                trace = logging.Formatter().formatException(record.exc_info)
            self._link.send("log", 0, record.levelno, record.name, record.getMessage(), trace)
        except Exception:
            self.handleError(record)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.worker", description=__doc__)
    parser.add_argument("--fd", type=int, required=True, help="the socket to the front")
    parser.add_argument("--nice", type=int, default=NICE, help="niceness to add")
    parser.add_argument(
        "--data-dir", type=Path, help="the server's data dir (its players' database is read)"
    )
    args = parser.parse_args(argv)
    with contextlib.suppress(OSError):
        os.nice(args.nice)
    # Ctrl-C in the server's terminal reaches the whole process group: the front decides.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    asyncio.run(Worker(args.data_dir).run(args.fd))
    return 0


if __name__ == "__main__":
    sys.exit(main())
