"""RenderPool: the front's side of the render workers that run SSH guests' apps.

With ``--render-workers N`` (N > 0) the server process is a lean front: asyncssh, the raw-key
fast path and claim timing, the hall with its table, records and bots. Each guest's Textual
app runs in one of N worker processes (net.worker), the least loaded when they arrive. To the
table a guest's session is a participant like any other (`RemoteGuest`): it is pushed the
updates of the guest's own seats (a spectator the public one) and sends them on to the
worker, so a worker never holds another seat's hidden cards; the hall goes to every worker
as one snapshot per change, its setup without the seed. Requests from a guest's app (sit,
start, an action) come back as intents, which the front checks against that guest before the
hall or table takes them.

Updates of one loop turn go out together, players' before spectators' and the players in a
rotating order, so nobody's screen is always served last. A claim never waits for any of
this: the front's fast path decides it in the loop turn its bytes arrived in.

A worker that dies is replaced: its guests are attached to a fresh one, which redraws each
from the hall and the table's current update for their seats. No game is affected (the
table lives in the front) and no accepted move is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from core.engine import IllegalAction
from core.table import Table, Update
from net import wire
from net.app import arm_fast_path
from net.chat import KEEP, ChatLine, line_fields
from net.fastpath import FastPath
from net.hall import Hall, Session
from net.identity import Identity
from net.tables import Tables
from net.tables_screen import Way, find_table, table_name

if TYPE_CHECKING:
    import asyncssh

    from net.session import SessionInfo
    from tui.settings import Settings

log = logging.getLogger(__name__)

WORKER_START: Final = 30.0
"""Seconds a new worker may take to import Textual and the games and say it is ready."""
ARRIVAL_HOLD: Final = 1.0
"""Seconds the hall's changes wait at most for a guest who arrived to be attached to a worker
(see `RenderPool.flush`)."""
WORKER_STOP: Final = 3.0
"""Seconds a worker gets to end its apps when the server stops, before it is killed."""
_ROOT = str(Path(__file__).resolve().parent.parent)


def default_workers() -> int:
    """Render workers for this machine: one core for the front, the others render."""
    return max(1, (os.cpu_count() or 2) - 1)


class WorkerHandle:
    """One render worker process, as the front sees it."""

    def __init__(self, pool: RenderPool, number: int) -> None:
        self.pool = pool
        self.number = number
        self.link = wire.Link(self._message, self._lost)
        self.guests: dict[int, RemoteGuest] = {}
        self.process: asyncio.subprocess.Process | None = None
        self.ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.dead = False

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def send(self, *message: Any) -> None:
        self.link.send(*message)

    def _message(self, message: list[Any]) -> None:
        kind, number, *args = message
        if kind == "ready":
            if not self.ready.done():
                self.ready.set_result(int(args[0]))
            return
        if kind == "log":
            level, name, text, trace = args
            record = logging.makeLogRecord(
                {
                    "name": str(name),
                    "levelno": int(level),
                    "levelname": logging.getLevelName(int(level)),
                    "msg": f"render worker {self.number}: {text}",
                    "exc_text": trace,
                }
            )
            logging.getLogger(str(name)).handle(record)
            return
        guest = self.guests.get(number)
        if guest is not None:
            guest.from_worker(kind, args)

    def _lost(self, exc: Exception | None) -> None:
        if not self.dead:
            self.dead = True
            self.pool.worker_died(self)

    def kill(self) -> None:
        """End the process (by its own pid) if it still runs."""
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()


class _Followed:
    """What the pool keeps of one table it follows (its hall's listeners, its game)."""

    def __init__(self, pool: RenderPool, key: str, hall: Hall) -> None:
        self.key = key
        self.hall = hall
        self.table: Table | None = None
        self.generation = 0
        """The pool's number of the hall's table in play (`RenderPool.table_generation`)."""
        self.dirty = True
        self.changed = lambda: pool._hall_changed(self)
        self.said = lambda line: pool._chat_said(self, line)


class RenderPool:
    """The render workers of a server's tables, and the guests attached to them."""

    def __init__(self, tables: Tables, workers: int, *, quiet: bool = False) -> None:
        """``quiet``: the workers' stderr goes nowhere (``hunters host``: the terminal is the
        host's app); their log records come to this process's log either way."""
        if workers < 1:
            raise ValueError("a render pool needs at least one worker")
        self.tables = tables
        self._followed: dict[int, _Followed] = {}
        """The tables followed, by their hall's id() (a Hall is not hashable)."""
        self._list_dirty = True
        self.size = workers
        self.quiet = quiet
        self.workers: list[WorkerHandle] = []
        self.restarts = 0
        """Workers that died and were replaced."""
        self._numbers = itertools.count(1)
        self._guest_numbers = itertools.count(1)
        self.table_generation = 0
        """Counts the tables' games: a guest's request names the game it was playing at."""
        self._updates: list[tuple[RemoteGuest, int, Update]] = []
        self._flush_handle: asyncio.Handle | None = None
        self._rotation = 0
        self._arriving: dict[RemoteGuest, float] = {}
        """Guests the hall took in whose app is not attached to a worker yet, and when."""
        self._arrival_handle: asyncio.TimerHandle | None = None
        self._closing = False
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- the workers -----------------------------------------------------------------------

    async def start(self) -> None:
        """Start every worker and wait until each is ready to take guests."""
        self.tables.subscribe(self._tables_changed)
        self._tables_changed()
        self.workers = list(await asyncio.gather(*(self._spawn() for _ in range(self.size))))

    async def _spawn(self) -> WorkerHandle:
        worker = WorkerHandle(self, next(self._numbers))
        ours, theirs = socket.socketpair()
        try:
            path = os.pathsep.join(p for p in (_ROOT, os.environ.get("PYTHONPATH")) if p)
            worker.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "net.worker",
                "--fd",
                str(theirs.fileno()),
                "--data-dir",
                str(self.tables.data_dir),
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL if self.quiet else None,
                env={**os.environ, "PYTHONPATH": path},
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        loop = asyncio.get_running_loop()
        await loop.create_unix_connection(lambda: worker.link, sock=ours)
        self._watch(worker)
        try:
            async with asyncio.timeout(WORKER_START):
                await worker.ready
        except BaseException:
            worker.kill()
            raise
        log.info("render worker %d started (pid %d)", worker.number, worker.pid)
        return worker

    def _watch(self, worker: WorkerHandle) -> None:
        async def watch() -> None:
            assert worker.process is not None
            await worker.process.wait()
            worker.link.close()
            worker._lost(None)

        self._task(watch())

    def _task(self, coroutine: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def worker_died(self, worker: WorkerHandle) -> None:
        """A worker is gone: its guests go to a fresh one (their games go on in the front).

        One that never said it was ready is `_spawn`'s failure, not a death to make up for
        (a worker that cannot start would otherwise be restarted for ever)."""
        worker.kill()
        if not worker.ready.done():
            worker.ready.set_exception(RuntimeError("the render worker ended as it started"))
            return
        if worker in self.workers:
            self.workers.remove(worker)
        guests = list(worker.guests.values())
        worker.guests.clear()
        for guest in guests:
            guest.worker = None
        if self._closing:
            for guest in guests:
                guest.ended(1, None)
            return
        self.restarts += 1
        self._task(self._replace(worker, guests))

    async def _replace(self, worker: WorkerHandle, guests: list[RemoteGuest]) -> None:
        status: int | str | None = None
        if worker.process is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(WORKER_STOP):
                    status = await worker.process.wait()
        if isinstance(status, int) and status < 0:
            with contextlib.suppress(ValueError):
                status = signal.Signals(-status).name
        log.warning(
            "render worker %d (pid %d) died (%s); a fresh one takes its %d guests",
            worker.number,
            worker.pid,
            status,
            len(guests),
        )
        try:
            fresh = await self._spawn()
        except Exception:
            log.exception("cannot start a render worker; ending the sessions it was to take")
            for guest in guests:
                guest.ended(1, None)
            return
        if self._closing:
            fresh.kill()
            return
        self.workers.append(fresh)
        for guest in guests:
            if not guest.done:
                self._attach_to(guest, fresh)

    async def close(self) -> None:
        """Stop every worker (their apps end; sessions still attached end too)."""
        self._closing = True
        self.tables.unsubscribe(self._tables_changed)
        for followed in list(self._followed.values()):
            self._unfollow(followed)
        workers, self.workers = self.workers, []
        for worker in workers:
            worker.link.close()
        for worker in workers:
            if worker.process is None:
                continue
            try:
                async with asyncio.timeout(WORKER_STOP):
                    await worker.process.wait()
            except TimeoutError:
                worker.kill()
                await worker.process.wait()
        for worker in workers:
            for guest in list(worker.guests.values()):
                guest.ended(1, None)
        for task in list(self._tasks):
            task.cancel()
        if self._arrival_handle is not None:
            self._arrival_handle.cancel()
            self._arrival_handle = None

    # -- guests ------------------------------------------------------------------------------

    def guest(
        self,
        name: str,
        settings: Settings,
        fast_path: FastPath | None,
        *,
        hall: Hall | None = None,
        said: str | None = None,
        identity: Identity | None = None,
    ) -> RemoteGuest:
        """The stand-in App of a guest (see net.serve.app_factory): at the list of tables,
        or at ``hall`` (which has taken them in); ``said``: a line for the list."""
        guest = RemoteGuest(self, next(self._guest_numbers), name, settings, fast_path)
        guest.identity = identity
        guest.said = said
        guest.hall = hall
        if hall is not None:
            self._arriving[guest] = time.monotonic()  # the hall changed as they arrived
        return guest

    def attach(self, guest: RemoteGuest) -> None:
        """Give a guest's app to the least loaded worker."""
        live = [w for w in self.workers if not w.dead]
        if not live:
            raise RuntimeError("no render worker is running")
        self._attach_to(guest, min(live, key=lambda w: len(w.guests)))

    def _attach_to(self, guest: RemoteGuest, worker: WorkerHandle) -> None:
        """The guest's app starts in ``worker``; then the hall (as it is now, with them in
        it) reaches every worker: a worker holds it back from its other guests until the
        newcomer's first frame is out (net.worker), so fifty lobbies redrawn for an arrival
        do not stand before the arriving guest's own first screen."""
        self._arriving.pop(guest, None)
        guest.worker = worker
        worker.guests[guest.number] = guest
        worker.send("tables", 0, self.listing_fields())
        worker.send("attach", guest.number, guest.attach_info())
        self._shown_at(guest)
        if guest.paused:
            worker.send("pause", guest.number)
        guest.follow(rejoin=True)

    def _shown_at(self, guest: RemoteGuest) -> None:
        """The guest's table (as it is now, with them at it) reaches their worker, and the
        chat said there before."""
        hall, worker = guest.hall, guest.worker
        if hall is None or worker is None:
            return
        followed = self._follow(hall)
        if followed is None:
            return
        followed.dirty = True
        self.flush()
        for line in hall.chat.recent(guest.name, KEEP, playing=self._playing(guest)):
            worker.send("chat", guest.number, line_fields(line))

    def detach(self, guest: RemoteGuest) -> None:
        worker, guest.worker = guest.worker, None
        if worker is not None:
            worker.guests.pop(guest.number, None)

    def move(self, guest: RemoteGuest, hall: Hall | None) -> None:
        """The guest comes to ``hall`` (None: back to the list): their worker's app gets a
        fresh mirror of it, then the hall as it is."""
        guest.move_to(hall)
        if guest.worker is not None:
            key = None if hall is None else self.tables.id_of(hall)
            guest.worker.send("table", guest.number, key)
        self._shown_at(guest)

    # -- the hall and the table, sent on ---------------------------------------------------

    def listing_fields(self) -> list[dict[str, Any]]:
        """The list of tables as the workers' apps read it (net.worker.TablesMirror)."""
        return [dataclasses.asdict(info) for info in self.tables.listing()]

    def _tables_changed(self) -> None:
        """A table came or went, or changed: follow the tables there are; the list goes to
        every worker with the next flush."""
        halls = [self.tables.get(info.id) for info in self.tables.listing()]
        kept = {id(hall) for hall in halls if hall is not None}
        for followed in [f for key, f in self._followed.items() if key not in kept]:
            self._unfollow(followed)
        for hall in halls:
            if hall is not None:
                self._follow(hall)
        self._list_dirty = True
        self._schedule_flush()

    def _follow(self, hall: Hall) -> _Followed | None:
        followed = self._followed.get(id(hall))
        if followed is None:
            key = self.tables.id_of(hall)
            if key is None:
                return None
            followed = self._followed[id(hall)] = _Followed(self, key, hall)
            hall.subscribe(followed.changed)
            hall.chat.subscribe(followed.said)
            self._follow_table(followed)
        return followed

    def _unfollow(self, followed: _Followed) -> None:
        self._followed.pop(id(followed.hall), None)
        followed.hall.unsubscribe(followed.changed)
        followed.hall.chat.unsubscribe(followed.said)

    def generation_of(self, hall: Hall | None) -> int:
        """The pool's number of ``hall``'s game in play (0: none followed)."""
        followed = self._followed.get(id(hall)) if hall is not None else None
        return followed.generation if followed is not None else 0

    def snapshot(self, hall: Hall) -> list[Any]:
        """What a guest's app reads of its hall (net.worker.HallMirror.apply)."""
        generation = self.generation_of(hall)
        return [
            hall.phase,
            hall.host,
            hall.game,
            hall.address,
            wire.setup_fields(hall.setup),  # never the seed
            [(g.name, g.connected, g.seat, g.away) for g in hall.guests.values()],
            generation if hall.table is not None else None,
            [(n.number, n.text, n.to) for n in hall.notices],
            hall.proposed,
            sorted(hall.ready),
            hall.take_backs,
            sorted(hall.take_back_waits),
            hall.invite,
            hall.name,
        ]

    def _follow_table(self, followed: _Followed) -> None:
        if followed.hall.table is not followed.table:
            followed.table = followed.hall.table
            if followed.table is not None:
                self.table_generation += 1
                followed.generation = self.table_generation

    def _hall_changed(self, followed: _Followed) -> None:
        self._follow_table(followed)
        followed.dirty = True
        for worker in self.workers:
            for guest in list(worker.guests.values()):
                if guest.hall is followed.hall:
                    guest.follow()
        self._schedule_flush()

    def queue_update(self, guest: RemoteGuest, generation: int, update: Update) -> None:
        self._updates.append((guest, generation, update))
        self._schedule_flush()

    def _schedule_flush(self) -> None:
        if self._flush_handle is None:
            self._flush_handle = asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Send what changed this loop turn: the hall first, then players' updates (in a
        rotating order), then spectators'."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if self._list_dirty:
            self._list_dirty = False
            targets = [worker for worker in self.workers if worker.guests]
            if targets:
                listing = wire.pack(["tables", 0, self.listing_fields()])
                for worker in targets:
                    worker.link.send_packed(listing)
        dirty = [f for f in self._followed.values() if f.dirty]
        if dirty and self._waiting_for_arrival():
            pass  # a guest arrived and their app is about to start: the hall waits for it
        else:
            for followed in dirty:
                followed.dirty = False
                here = [
                    w
                    for w in self.workers
                    if any(g.hall is followed.hall for g in w.guests.values())
                ]
                if not here:
                    continue
                data = wire.pack(["hall", 0, self.snapshot(followed.hall), followed.key])
                for worker in here:
                    worker.link.send_packed(data)
        updates, self._updates = self._updates, []
        players = [entry for entry in updates if entry[2].seat is not None]
        watchers = [entry for entry in updates if entry[2].seat is None]
        if players:
            turn = self._rotation % len(players)
            players = players[turn:] + players[:turn]
            self._rotation += 1
        for guest, generation, update in players + watchers:
            if guest.worker is not None:
                guest.worker.send("update", guest.number, generation, update)

    def _waiting_for_arrival(self) -> bool:
        """Whether a guest the hall took in is still to be attached (`ARRIVAL_HOLD` at most:
        then the change goes out, and goes out again when they are attached)."""
        now = time.monotonic()
        for guest, since in list(self._arriving.items()):
            if guest.done or now - since > ARRIVAL_HOLD:
                del self._arriving[guest]
        if self._arriving and self._arrival_handle is None:
            self._arrival_handle = asyncio.get_running_loop().call_later(
                ARRIVAL_HOLD / 4, self._arrival_waited
            )
        return bool(self._arriving)

    def _arrival_waited(self) -> None:
        self._arrival_handle = None
        self.flush()

    # -- what guests' apps ask -------------------------------------------------------------

    def _playing(self, guest: RemoteGuest) -> bool:
        hall = guest.hall
        return hall is not None and hall.phase == "playing" and bool(hall.seats_of(guest.name))

    def _chat_said(self, followed: _Followed, line: ChatLine) -> None:
        """A chat line goes to each guest at its table who hears it (their mutes are kept
        here)."""
        room = followed.hall.chat
        fields = line_fields(line)
        for worker in self.workers:
            for guest in worker.guests.values():
                if guest.hall is followed.hall and room.hears(
                    guest.name, line, playing=self._playing(guest)
                ):
                    worker.send("chat", guest.number, fields)

    def _enter(self, guest: RemoteGuest, way: Way, what: str | None) -> None:
        """The guest comes to a table from the list (IllegalAction: why not)."""
        hall = find_table(self.tables, guest.name, way, what)
        identity = guest.identity
        fingerprint = identity.fingerprint if identity is not None else None
        bound_key = identity.bound_key if identity is not None else None
        name = table_name(hall, guest.name)  # "DUPE" is dupe at a table that knows dupe
        hall.arrive(name, fingerprint, bound_key=bound_key)
        guest.name = name
        self.move(guest, hall)

    def intent(self, guest: RemoteGuest, number: int, name: str, args: list[Any]) -> None:
        """Do what a guest's app asks, as that guest; answer it with ``reply``."""
        who = guest.name
        if name == "enter":
            try:
                self._enter(guest, args[0], None if args[1] is None else str(args[1]))
            except (IllegalAction, ValueError) as refusal:
                guest.reply(number, str(refusal) or "refused")
            else:
                guest.reply(number, None)
            return
        if name == "leave_table":
            left = guest.hall
            self.move(guest, None)
            if left is not None and args and args[0]:
                left.leave_table(who)  # on purpose, for the list: a bot plays at once
            elif left is not None:
                left.depart(who)
            return
        hall = guest.hall
        try:
            if hall is None:
                raise IllegalAction("you are at no table")
            if name == "take_seat":
                hall.take_seat(who, int(args[0]))
            elif name == "watch":
                hall.watch(who)
            elif name == "leave_seat":
                hall.leave_seat(who)
            elif name == "take_back":
                hall.take_back(who)
            elif name == "decline":
                hall.decline(who)
            elif name == "hand_host":
                hall.hand_host(who, str(args[0]))
            elif name == "kick":
                hall.kick(who, str(args[0]))
            elif name == "replace_seat":
                hall.replace_seat(who, int(args[0]), None if args[1] is None else str(args[1]))
            elif name == "set_take_backs":
                hall.set_take_backs(who, bool(args[0]))
            elif name == "ask_take_back":
                hall.ask_take_back(who)
            elif name == "answer_take_back":
                hall.answer_take_back(who, bool(args[0]))
            elif name == "hold_fast_keys":
                guest.chatting = bool(args[0])
                guest.follow()
            elif name == "say":
                answer = hall.say(who, str(args[0]))
                if answer is not None and guest.worker is not None:
                    guest.worker.send("notify", guest.number, answer)
            elif name == "configure":
                setup = wire.setup_from(args[0])
                if setup is None:
                    raise IllegalAction("no setup")
                hall.configure(who, setup)
            elif name in ("start", "rematch", "new_setup", "end_game"):
                self._task(self._answer_later(guest, number, getattr(hall, name)(who)))
                return
            elif name == "submit":
                self._task(self._answer_later(guest, number, self._submit(guest, *args)))
                return
            else:
                raise IllegalAction(f"unknown request {name[:32]!r}")
        except (IllegalAction, ValueError) as refusal:
            guest.reply(number, str(refusal) or "refused")
            return
        except Exception:
            log.exception("a guest's request %r failed", name[:32])
            guest.reply(number, "something went wrong")
            return
        guest.reply(number, None)

    async def _submit(
        self, guest: RemoteGuest, generation: int, seat: int, action: Any, version: Any, at_ns: Any
    ) -> None:
        hall = guest.hall
        table = hall.table if hall is not None else None
        if hall is None or table is None or generation != self.generation_of(hall):
            raise IllegalAction("that game is over")
        if seat not in hall.seats_of(guest.name):
            raise IllegalAction("that is not your seat")
        await table.submit(seat, action, version, at_ns=at_ns)

    async def _answer_later(self, guest: RemoteGuest, number: int, request: Awaitable[Any]) -> None:
        try:
            await request
        except (IllegalAction, ValueError) as refusal:
            guest.reply(number, str(refusal) or "refused")
        except Exception:
            log.exception("a guest's request failed")
            guest.reply(number, "something went wrong")
        else:
            guest.reply(number, None)


class RemoteGuest:
    """One guest whose app runs in a render worker: the session's App, the table's
    participant for their seats, and the one who arms their fast path."""

    def __init__(
        self,
        pool: RenderPool,
        number: int,
        name: str,
        settings: Settings,
        fast_path: FastPath | None,
    ) -> None:
        self.pool = pool
        self.number = number
        self.name = name
        self.settings = settings
        self.fast_path = fast_path
        self.worker: WorkerHandle | None = None
        self.paused = False
        self.done = False
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._info: SessionInfo | None = None
        self._size: tuple[int, int] = (80, 24)
        self._ended: asyncio.Future[tuple[int, str | None]] | None = None
        self._table: Table | None = None
        self._generation = 0
        self._seats: frozenset[int] = frozenset()
        self._armed: tuple[Table, frozenset[int]] | None = None
        self._session: Session | None = None
        self.hall: Hall | None = None
        """The table the guest is at (None: at the list of tables)."""
        self.identity: Identity | None = None
        """Who logged in (their key, for the tables they come to)."""
        self.said: str | None = None
        """A line for the list the guest lands in (an unknown invite code)."""
        self.chatting = False
        """The guest's chat line is open: their fast keys are text (net.app.HallApp)."""

    # -- the session's App (net.session.RemoteApp) -----------------------------------------

    async def run_remote(
        self, channel: asyncssh.SSHServerChannel[bytes], info: SessionInfo
    ) -> tuple[int, str | None]:
        self._channel, self._info, self._size = channel, info, info.size
        self._ended = asyncio.get_running_loop().create_future()
        try:
            self.pool.attach(self)
            return await self._ended
        finally:
            self.done = True
            gone = self.worker
            self.pool.detach(self)
            if gone is not None and not self._ended.done():
                gone.send("exit", self.number)  # cancelled: the worker's app ends too
            hall = self.hall
            self.move_to(None)
            if hall is not None:
                hall.depart(self.name)

    def attach_info(self) -> dict[str, Any]:
        assert self._info is not None
        return {
            "table": None if self.hall is None else self.pool.tables.id_of(self.hall),
            "said": self.said,
            "name": self.name,
            "term": self._info.term,
            "size": self._size,
            "settings": dataclasses.asdict(self.settings),
        }

    def feed(self, data: bytes) -> None:
        if self.hall is not None:
            self.hall.pressed(self.name)  # they are here: the idle rule (net.hall)
        if self.worker is not None:
            self.worker.send("in", self.number, data)

    def resize(self, width: int, height: int) -> None:
        self._size = (width, height)
        if self.worker is not None:
            self.worker.send("resize", self.number, width, height)

    def pause_output(self) -> None:
        self.paused = True
        if self.worker is not None:
            self.worker.send("pause", self.number)

    def resume_output(self) -> None:
        self.paused = False
        if self.worker is not None:
            self.worker.send("resume", self.number)

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.send("exit", self.number)
        else:
            self.ended(0, None)

    def session_abandoned(self) -> None:
        self._detach()
        if self.hall is not None:
            self.hall.depart(self.name)

    def bind_session(self, session: Session) -> None:
        """The guest's SSH session, which a fresh login may take over (`Hall.arrive`)."""
        self._session = session
        if self.hall is not None:
            self.hall.attach(self.name, session)

    def _detach(self) -> None:
        if self._session is not None and self.hall is not None:
            self.hall.detach(self.name, self._session)

    def move_to(self, hall: Hall | None) -> None:
        """Leave the table the guest was at (its game, the fast path, the session's hold)
        and come to ``hall`` (None: the list)."""
        self._leave_table()
        if self.fast_path is not None:
            self.fast_path.disarm()
        self._armed = None
        self._detach()
        self._seats = frozenset()
        self.hall = hall
        if hall is not None and self._session is not None:
            hall.attach(self.name, self._session)
        self.follow()

    def sent_away(self, told: str) -> bool:
        """The host asked the guest to leave their table (net.session.AppSession.send_away):
        the worker's app goes back to its list of tables, reading ``told`` there (True);
        False: the app is not in a worker (yet, or any more), and the session ends instead."""
        if self.worker is None or self.hall is None:
            return False
        self.pool.move(self, None)
        self.worker.send("sent_away", self.number, told)
        return True

    def farewell(self) -> str | None:
        """What the guest is told as their session ends (`Hall.come_back`)."""
        hall = self.hall if self.hall is not None else self.pool.tables.holding(self.name)
        return hall.come_back(self.name) if hall is not None else None

    def ended(self, status: int, dropped: str | None) -> None:
        if self._ended is not None and not self._ended.done():
            self._ended.set_result((status, dropped))

    # -- messages from the worker ----------------------------------------------------------

    def from_worker(self, kind: str, args: list[Any]) -> None:
        channel = self._channel
        if kind == "out":
            if channel is None or channel.is_closing():
                return
            try:
                channel.write(args[0])
            except OSError:
                return
            if self.fast_path is not None:
                self.fast_path.frame_written(time.monotonic_ns())
        elif kind == "intent":
            number, name, request = args
            self.pool.intent(self, int(number), str(name), list(request))
        elif kind == "read" and channel is not None:
            if args[0]:
                channel.resume_reading()
            else:
                channel.pause_reading()
        elif kind == "abort" and channel is not None:
            channel.abort()
        elif kind == "settings" and isinstance(args[0], dict):
            known = {f.name for f in dataclasses.fields(self.settings)}
            chosen = {k: v for k, v in args[0].items() if k in known}
            self.settings = dataclasses.replace(self.settings, **chosen)
        elif kind == "exited":
            status, dropped = args
            self.ended(int(status), None if dropped is None else str(dropped))

    def reply(self, number: int, refusal: str | None) -> None:
        self.pool.flush()  # the hall as it is now reaches the app before the answer
        if self.worker is not None:
            self.worker.send("reply", self.number, number, refusal)

    def _refused(self, reason: str) -> None:
        if self.worker is not None:
            self.worker.send("notify", self.number, reason)

    # -- at the table --------------------------------------------------------------------------

    @property
    def seats(self) -> frozenset[int]:
        return self._seats

    def deliver(self, update: Update) -> None:
        self.pool.queue_update(self, self._generation, update)

    def follow(self, *, rejoin: bool = False) -> None:
        """Sit at the hall's table as it is now (with the guest's seats), and arm or disarm
        the fast path; ``rejoin``: join again even if nothing changed (a fresh worker)."""
        hall = self.hall
        if hall is None:
            return
        table, seats = hall.table, hall.seats_of(self.name)
        if rejoin or table is not self._table or seats != self._seats:
            self._leave_table()
            self._table, self._seats = table, seats
            self._generation = self.pool.generation_of(hall)
            if table is not None:
                table.join(self)
        path = self.fast_path
        if path is None:
            return
        if (
            hall.phase == "playing"
            and table is not None
            and hall.setup is not None
            and not self.chatting
        ):
            if self._armed != (table, seats):
                self._armed = (table, seats)
                arm_fast_path(path, hall.setup, table, seats, self._refused)
        elif self._armed is not None:
            self._armed = None
            path.disarm()

    def _leave_table(self) -> None:
        if self._table is not None:
            self._table.leave(self)
            self._table = None
