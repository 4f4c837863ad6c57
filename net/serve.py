"""``hunters serve``: a hall of tables that friends join with plain ``ssh``.

Wires the parts together: the host key and key book in the data dir, the hardened asyncssh
server (net.server), one AppSession per connection running the Textual app in this process
(net.session), and the tables every guest's app lists and plays at (net.tables, each table a
net.hall.Hall). Every table with an interrupted game is resumed at start and players
reconnect to their seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import logging
import logging.handlers
import os
import signal
import sys
import threading
import time
import unicodedata
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, replace
from io import TextIOWrapper
from pathlib import Path
from typing import Any

import asyncssh
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from core.db import DB_FILE, Database
from core.engine import IllegalAction
from net import textual_fixes
from net.app import HallApp
from net.fastpath import FastPath
from net.hall import IDLE, Hall
from net.hostkey import (
    DataDirError,
    default_data_dir,
    ensure_private_dir,
    fingerprint,
    load_or_create_host_key,
    refuse_symlink,
)
from net.identity import KEYBOOK_FILE, Identity
from net.lobby import sentence
from net.render import RemoteGuest, RenderPool
from net.server import LiveConnections, start_server
from net.session import AppSession, SessionInfo
from net.tables import MAX_TABLES, TABLES, Tables
from net.tables_screen import TablesApp, TablesDoor, table_name
from net.watchdog import Watchdog
from tui.screens.game import ASK_AGAIN_S
from tui.settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ServeOptions:
    """What ``hunters serve`` was told."""

    host: str = "127.0.0.1"
    port: int = 2222
    data_dir: Path | None = None
    game: str | None = None
    password: str | None = None
    grace: float = 60.0
    idle: float = IDLE
    """Seconds a silent seated player may keep a turn-based game waiting (0: no limit)."""
    bot_delay: float = 0.8
    render_workers: int = 0
    """Processes that run the guests' apps (net.render); 0: every app in this process."""
    max_tables: int = MAX_TABLES
    """How many tables the server holds at once (net.tables.Tables)."""


class Refused(App[None]):
    """A one-line app for a guest who cannot join (their name is held at the table)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Cannot join: {self.reason}. Press any key to leave."))

    def on_key(self) -> None:
        self.exit()


class GuestApp(TablesApp):
    """A guest's app in the server process: the list of tables, then the table they chose;
    when its session ends, it leaves the table it is at."""

    def session_abandoned(self) -> None:
        """The connection was gone before this app could run: leave the table at once (it
        never mounts, so `on_unmount` would never say so)."""
        self.door.left(self.hall)


def app_factory(
    tables: Tables,
    identity: Identity,
    settings: Settings,
    fast_path: FastPath | None = None,
    pool: RenderPool | None = None,
) -> Callable[[SessionInfo], App[Any] | RemoteGuest]:
    """The factory one session uses: the guest lands in the list of tables, or goes
    straight to one: the table that holds their name (connected there, or a seat kept for
    them: they come back to it), or the private table whose invite code their login
    carries (``ala+K7QF``; an unknown code is said in the list).

    Only once the guest is taken in is their name bound to their key (`Identity.confirm`):
    a key a table turns away (the name is held by a player there) never takes the name. If
    the name was bound to another key since login, or the key book cannot be saved, the
    guest leaves again at once. At a table the guest goes by the name as the table already
    spells it (`table_name`).
    """

    def make(info: SessionInfo) -> App[Any] | RemoteGuest:
        who, hall, said = identity, tables.holding(identity.name), None
        if hall is None and identity.invite is not None:
            hall = tables.by_code(identity.invite)
            if hall is None:
                said = f"No table has the invite code {identity.invite}; choose one here."
        if hall is not None:
            who = replace(identity, name=table_name(hall, identity.name))
            try:
                hall.arrive(who.name, who.fingerprint, bound_key=who.bound_key)
            except IllegalAction as refusal:
                log.info("refused %s (%s) at the table: %s", who.name, who.peer_ip, refusal)
                if tables.holding(identity.name) is hall:
                    return Refused(str(refusal))
                hall, said = None, sentence(refusal)
        try:
            confirmed = who.confirm()
        except Exception:
            if hall is not None:
                hall.depart(who.name)
            raise
        if not confirmed:
            log.info("refused %s (%s): the name now belongs to another key", who.name, who.peer_ip)
            if hall is not None:
                hall.depart(who.name)
            return Refused(f"{who.name} now belongs to another key; use another name")
        # Each guest their own settings: one switching to screen-reader mode changes no other.
        if pool is not None:  # the app runs in a render worker
            return pool.guest(
                who.name, replace(settings), fast_path, hall=hall, said=said, identity=who
            )
        door = TablesDoor(tables, who)
        return GuestApp(
            door, who.name, replace(settings), fast_path=fast_path, hall=hall, said=said
        )

    return make


@contextlib.asynccontextmanager
async def hosting(
    options: ServeOptions,
    *,
    ready: Callable[[int, str], None] | None = None,
    quiet_workers: bool = False,
) -> AsyncIterator[tuple[Tables, Settings]]:
    """The SSH server and its tables, open for the block; then every session and every
    table are closed. ``ready`` hears the port and host key fingerprint once it listens.

    Every unfinished table in the data dir is resumed first (one that cannot be is named in
    the log, and the others come up). Raises DataDirError (a data dir that is not private, a
    symbolic link where the server keeps a file, a damaged host key), KeyBookError or
    DatabaseError (the players' database, `DB_FILE`, is not one: nothing in it was touched)
    before it listens.
    """
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    data_dir = options.data_dir if options.data_dir is not None else default_data_dir()
    key = load_or_create_host_key(data_dir)  # checks the data dir is private first
    refuse_symlink(data_dir / KEYBOOK_FILE, "the key book")
    refuse_symlink(data_dir / DB_FILE, "the players' database")
    refuse_symlink(data_dir / TABLES, "the tables' directory")
    with Database.open(data_dir / DB_FILE) as database:
        tables = Tables(
            data_dir,
            max_tables=options.max_tables,
            game=options.game,
            grace=options.grace,
            idle=options.idle,
            bot_delay=options.bot_delay,
            database=database,
        )
        async with _hosting(tables, key, options, ready, quiet_workers) as hosted:
            yield hosted


@contextlib.asynccontextmanager
async def _hosting(
    tables: Tables,
    key: asyncssh.SSHKey,
    options: ServeOptions,
    ready: Callable[[int, str], None] | None,
    quiet_workers: bool,
) -> AsyncIterator[tuple[Tables, Settings]]:
    data_dir = tables.data_dir
    try:
        resumed = await tables.resume_all()
    except OSError as error:
        # The tables' directory itself cannot be read: the operator's to look at.
        log.info("cannot read the tables in %s", tables.root, exc_info=True)
        await tables.aclose()
        raise DataDirError(f"the tables in {tables.root} cannot be read ({error})") from error
    settings = Settings(bot_delay=options.bot_delay)
    live = LiveConnections()
    pool: RenderPool | None = None
    if options.render_workers > 0:
        # hunters host: the terminal is the host's app, so the workers' stderr goes nowhere
        # (their log comes to this process's log all the same).
        pool = RenderPool(tables, options.render_workers, quiet=quiet_workers)
        try:
            await pool.start()
        except BaseException:
            await pool.close()
            await tables.aclose()
            raise

    def session_factory(identity: Identity) -> AppSession:
        path = FastPath()
        return AppSession(app_factory(tables, identity, settings, path, pool), fast_path=path)

    try:
        acceptor = await start_server(
            host=options.host,
            port=options.port,
            data_dir=data_dir,
            password=options.password,
            session_factory=session_factory,
            live=live,
            database=tables.database,
        )
    except BaseException:
        if pool is not None:
            await pool.close()
        await tables.aclose()
        raise
    port = acceptor.get_port()
    # The join command as players read it (the lobby's join line, how to come back).
    address = f"ssh -p {port} NAME@{options.host}"
    if options.password is not None:
        address += " and the table password"
    tables.set_address(address)
    if ready is not None:
        ready(port, fingerprint(key))
    if resumed:
        log.warning("resumed %d interrupted %s in %s", resumed, _tables_word(resumed), data_dir)
    watchdog = Watchdog()
    watchdog.start()
    try:
        yield tables, settings
    finally:
        watchdog.stop()
        acceptor.close()
        # Every guest first gets their terminal back and a line saying why, then the
        # connections close (the games' records are saved as they go, so they resume).
        await live.goodbye(functools.partial(closing_line, tables))
        await live.close_all()
        if pool is not None:
            await pool.close()
        await tables.aclose()


def _tables_word(count: int) -> str:
    return "game" if count == 1 else "games"


def closing_line(tables: Tables, identity: Identity) -> str:
    """What a guest reads in their terminal when the server closes: with a game under way
    at their table, that it is saved and how to come back to it (naming the table)."""
    hall = tables.holding(identity.name)
    if hall is None:
        return "The server is closing. Thank you for playing!"
    if hall.phase != "playing" or hall.address is None:
        return "The table is closing. Thank you for playing!"
    name = table_name(hall, identity.name)
    back = "come back to your seat" if hall.seats_of(name) else "come back"
    command = hall.address.replace("NAME", name)
    return (
        f"The table is closing; the game is saved. When {tables.name_of(hall)} opens again, "
        f"{back} with: {command}"
    )


async def serve(options: ServeOptions, *, ready: Callable[[int, str], None] | None = None) -> None:
    """Run the server until SIGINT or SIGTERM (or cancellation).

    SIGXFSZ (a file-size limit reached while writing the record) is ignored, so the write
    fails with an error the table reports (it stops loudly) instead of killing the server.
    """
    if hasattr(signal, "SIGXFSZ"):
        with contextlib.suppress(ValueError):  # not the main thread (tests): nothing to do
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    async with hosting(options, ready=ready) as (tables, _):
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        guard = ClosingGuard(tables.playing, stop.set, _say)
        handled: list[int] = []
        for signum, handler in ((signal.SIGINT, guard.interrupt), (signal.SIGTERM, stop.set)):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, handler)
                handled.append(signum)
        try:
            await stop.wait()
        finally:
            guard.stop_listening()
            for handled_signal in handled:
                loop.remove_signal_handler(handled_signal)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


CLOSING_QUESTION = (
    "A game is under way. Press Ctrl-C again, or type y and Enter, to close the table "
    "(the game is saved and resumes when you serve again); press Enter to keep serving."
)


class ClosingGuard:
    """Ctrl-C on ``hunters serve``: closes the table, but asks first while a game is under
    way. A second Ctrl-C, or ``y`` and Enter in the server's terminal, confirms; any other
    line keeps serving. (SIGTERM never asks: it does not come from the keyboard.)"""

    def __init__(
        self, playing: Callable[[], bool], stop: Callable[[], None], say: Callable[[str], None]
    ) -> None:
        self._playing = playing
        self._stop = stop
        self._say = say
        self.asking = False
        """Whether the question is open (the next Ctrl-C closes the table)."""
        self._listening: int | None = None
        """The terminal's file descriptor while its answer is read."""

    def interrupt(self) -> None:
        """Ctrl-C: close the table, or ask first."""
        if self.asking or not self._playing():
            self.stop_listening()
            self._stop()
            return
        self.asking = True
        self._say(CLOSING_QUESTION)
        self._listen()

    def answer(self, line: str) -> None:
        """A line typed at the question: ``y`` closes the table, anything else does not."""
        if not self.asking:
            return
        self.stop_listening()
        if line.strip().casefold() in ("y", "yes"):
            self._stop()
            return
        self.asking = False
        self._say("The table stays open.")

    def _listen(self) -> None:
        """Read the answer from the terminal, if this server runs in its foreground (a
        background job reading its terminal would be stopped by SIGTTIN)."""
        try:
            fd = sys.stdin.fileno()
            foreground = os.isatty(fd) and os.tcgetpgrp(fd) == os.getpgrp()
        except (AttributeError, ValueError, OSError):  # no stdin, or not a terminal
            return
        if foreground:
            asyncio.get_running_loop().add_reader(fd, self._readable, fd)
            self._listening = fd

    def _readable(self, fd: int) -> None:
        try:
            data = os.read(fd, 1024)
        except OSError:
            data = b""
        if not data:  # the terminal is gone: only Ctrl-C confirms now
            self.stop_listening()
            return
        self.answer(data.decode("utf-8", "replace"))

    def stop_listening(self) -> None:
        """Stop reading the terminal."""
        if self._listening is not None:
            asyncio.get_running_loop().remove_reader(self._listening)
            self._listening = None


class HostApp(HallApp):
    """The host's own app, in the terminal that runs ``hunters host``: the first guest of the
    hall (so the one who sets the table up); quitting it closes the table for everyone, so
    while a game is under way Ctrl+Q asks first (pressed again within `ASK_AGAIN_S`, it
    quits)."""

    QUIT_QUESTION = (
        "Quit and close the table for everyone? The game is saved and resumes when you "
        "host again. Press Ctrl+Q again to quit."
    )

    def __init__(self, hall: Hall, guest: str, settings: Settings | None = None) -> None:
        super().__init__(hall, guest, settings)
        self._quit_asked: float | None = None

    async def action_leave_app(self) -> None:
        now = time.monotonic()
        if self.hall.phase == "playing" and (
            self._quit_asked is None or now - self._quit_asked > ASK_AGAIN_S
        ):
            self._quit_asked = now
            self.notify(self.QUIT_QUESTION, title="Close the table?", timeout=ASK_AGAIN_S)
            return
        self.exit()


async def host(
    options: ServeOptions,
    name: str,
    settings: Settings,
    *,
    ready: Callable[[int, str], None] | None = None,
    app_factory: Callable[[Hall, str, Settings], App[Any]] = HostApp,
) -> None:
    """Serve the table and play at it in this terminal until the host's app ends (SIGTERM
    ends it too, without asking, and the table closes with its goodbyes)."""
    textual_fixes.apply()  # SSH guests' apps share this process with the host's own
    data_dir = options.data_dir if options.data_dir is not None else default_data_dir()
    ensure_private_dir(data_dir)  # before the log is written into it
    # The terminal belongs to the host's app: the server's log goes to a file instead.
    with server_log(data_dir):
        async with hosting(options, ready=ready, quiet_workers=True) as (tables, _):
            # The host's own table: the one that kept their seat through a restart, or a new one.
            hall = tables.holding(name) or tables.create(name)
            hall.arrive(name)
            app = app_factory(hall, name, settings)
            loop = asyncio.get_running_loop()
            terminable = False
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signal.SIGTERM, lambda: app.exit())
                terminable = True
            try:
                await app.run_async()
            finally:
                if terminable:
                    loop.remove_signal_handler(signal.SIGTERM)
                hall.depart(name)


# -- the server's log ----------------------------------------------------------------------------

LOG_FILE = "hunters.log"
"""The log's file name in the data dir (``hunters host``; ``hunters serve`` logs to stderr)."""
LOG_BYTES = 2 * 1024 * 1024
"""The log file is rotated once it reaches this size ..."""
LOG_BACKUPS = 2
"""... keeping this many older files (hunters.log.1, .2): at most some 6 MB in all."""
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
TERMINAL_FORMAT = "%(asctime)s %(levelmark)s%(message)s"
"""``hunters serve``'s lines on its terminal: the time, then what happened (warnings and
errors say so first)."""
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
REPEATS = 10
"""How many records of one message pass in `REPEAT_WINDOW` seconds (see `RepeatLimit`)."""
REPEAT_WINDOW = 60.0
MAX_MESSAGES = 1000
"""How many different messages `RepeatLimit` counts apart; past that the rest share a count."""

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


@contextlib.contextmanager
def server_log(data_dir: Path | None) -> Iterator[logging.Handler]:
    """The process's log, for the block, through one handler: ``data_dir/hunters.log`` (for
    ``hunters host``, whose terminal belongs to the host's app) or stderr (``hunters serve``:
    one timed line per login, drop, refusal and limit hit, and every warning). Either way no
    guest can grow it without bound: `RepeatLimit` caps how often one message is written,
    and the file rotates at `LOG_BYTES`; and no escape code a guest sends (in a name, say)
    reaches the host's terminal or the file unescaped (`SafeFormatter`)."""
    handler: logging.Handler
    if data_dir is None:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(SafeFormatter(TERMINAL_FORMAT, TIME_FORMAT, terminal=True))
    else:
        handler = PrivateLogFile(data_dir / LOG_FILE)
        handler.setFormatter(SafeFormatter(LOG_FORMAT))
    handler.setLevel(logging.INFO)
    handler.addFilter(RepeatLimit())
    root = logging.getLogger()
    saved, saved_level = root.handlers[:], root.level
    root.handlers[:] = [handler]
    root.setLevel(handler.level)
    try:
        yield handler
    finally:
        root.handlers[:] = saved
        root.setLevel(saved_level)
        handler.close()


class SafeFormatter(logging.Formatter):
    """A formatter that writes each message on one line with its control characters (escape
    codes, newlines, C1 and bidi controls) spelled out as ``\\x1b``-style escapes, so text a
    guest chose cannot drive the host's terminal or forge a log line. Tracebacks follow
    as Python prints them (their text is the server's own), on a ``terminal`` only those of
    warnings and errors: an INFO line with a traceback is for the log file. ``%(levelmark)s``
    is empty for INFO and below, else the level and a colon."""

    def __init__(self, fmt: str, datefmt: str | None = None, *, terminal: bool = False) -> None:
        super().__init__(fmt, datefmt)
        self._terminal = terminal

    def format(self, record: logging.LogRecord) -> str:
        if self._terminal and record.levelno <= logging.INFO and record.exc_info:
            record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        return super().format(record)

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = _escaped(record.message)
        record.levelmark = f"{record.levelname}: " if record.levelno > logging.INFO else ""
        return super().formatMessage(record)


def _escaped(text: str) -> str:
    """``text`` with every control or format character (Unicode Cc, Cf) as an escape."""
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in ("Cc", "Cf") and char != "\t"
        else char
        for char in text
    )


class PrivateLogFile(logging.handlers.RotatingFileHandler):
    """The log file in the data dir: readable by its owner only (it names players and their
    addresses), never opened through a symbolic link, rotated at `LOG_BYTES`."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")

    def _open(self) -> TextIOWrapper:
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | _O_NOFOLLOW
        try:
            fd = os.open(self.baseFilename, flags, 0o600)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise DataDirError(
                    f"the log {self.baseFilename} is a symbolic link; the server uses only "
                    "real files in its data directory: move the link away"
                ) from error
            raise
        if os.name == "posix":
            # The mode given to open() passes through the umask, and an older log may be 0644.
            os.fchmod(fd, 0o600)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


@dataclass(slots=True)
class _Window:
    """One message's count in the current window."""

    start: float
    passed: int = 0
    dropped: int = 0


class RepeatLimit(logging.Filter):
    """Lets at most ``limit`` records of one message through per ``window`` seconds.

    Guests decide how often some messages are written: each broken escape sequence one sends
    makes the input parser log a warning with a traceback, and 280 kB of one bad sequence
    wrote 11 MB of log. A message is its logger and its template (``record.msg``, before the
    arguments are filled in), so one line of code is one message. Past the limit, the first
    record left out becomes a line saying so, and the first one of the next window says how
    many were left out. Only the first record of a window keeps its traceback: the others of
    a burst would repeat it. Templates come from the code, so few are counted; past
    ``max_messages`` the rest share one count, so the table stays bounded all the same.
    Thread-safe: a handler calls its filters before it takes its own lock.
    """

    def __init__(
        self,
        limit: int = REPEATS,
        window: float = REPEAT_WINDOW,
        *,
        max_messages: int = MAX_MESSAGES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self._limit = limit
        self._window = window
        self._max_messages = max_messages
        self._clock = clock
        self._windows: dict[tuple[str, str], _Window] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        with self._lock:
            return self._let_through(record)

    def _let_through(self, record: logging.LogRecord) -> bool:
        now = self._clock()
        key = (record.name, str(record.msg))
        if key not in self._windows and len(self._windows) >= self._max_messages:
            self._forget(now)
            if len(self._windows) >= self._max_messages:
                key = ("", "(other messages)")
        window = self._windows.get(key)
        if window is None or now - window.start >= self._window:
            left_out = window.dropped if window is not None else 0
            window = self._windows[key] = _Window(now)
            if left_out:
                record.msg = f"{record.msg} [and {left_out} more like this left out of the log]"
        window.passed += 1
        if window.passed == 1:
            return True
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        if window.passed <= self._limit:
            return True
        window.dropped += 1
        if window.dropped > 1:
            return False
        record.msg = "%r repeated %d times in %g s: more like it are left out of the log for now"
        record.args = (key[1], self._limit, self._window)
        return True

    def _forget(self, now: float) -> None:
        """Drop the counts of windows that are over."""
        for key in [k for k, w in self._windows.items() if now - w.start >= self._window]:
            del self._windows[key]
