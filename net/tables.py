"""Tables: the many tables one server hosts, each a `Hall` of its own in its own directory.

A `Hall` is one table's state machine (host, setup, lobby, seats, record); `Tables` holds
many of them by a short id, each in ``DATA_DIR/tables/<id>/`` with everything that table
keeps for a restart (its record, seats, settings and bans, and `INFO`: its name and, for a
private table, its invite code). A table named by default, "HOST's table", follows its host:
when someone else hosts it, the list shows it by their name; a name the host chose stays.
Tables are independent: one table's listener that raises or record that cannot be resumed
touches no other.

A table lives while it is used: one with no guest (nobody connected, no seat kept for
anyone) and no game under way is removed as soon as its hall says it changed, and its
directory goes with it unless it holds a record (a finished, abandoned or refused game, kept
for the history). A restarted server resumes every table with an unfinished record
(`Tables.resume_all`), and moves the single table of a server from before the hall of many
tables (``DATA_DIR/table/``) in among them once, so a server upgraded mid-game resumes it.

The hall holds no screens: apps subscribe as listeners and read `listing` when told.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from core.db import Database
from core.engine import IllegalAction
from core.games import GAMES
from net.hall import IDLE, OPEN, RECORD, Hall, Phase
from net.hostkey import DataDirError, ensure_private_dir
from net.identity import INVITE_ALPHABET, INVITE_LENGTH, valid_invite

__all__ = ["INFO", "MAX_TABLES", "NAME_MAX", "TABLES", "TableInfo", "Tables"]

log = logging.getLogger(__name__)

TABLES = "tables"
"""The directory in the data dir that holds one directory per table."""
OLD_TABLE = "table"
"""Where a server from before the hall of many tables kept its one table."""
INFO = "table.info"
"""A table's name, whether it follows its host, and a private table's invite code, kept for a
restart."""
_DEFAULT_NAME = "'s table"
"""What a table named by default ends with, after its host's name."""
MAX_TABLES = 20
"""How many tables a server holds at once unless told otherwise (``--max-tables``)."""
NAME_MAX = 24
"""The longest a table's name may be (it is one cell of the hall's list)."""
_ID = re.compile(r"[0-9]{1,9}")
"""A table's id (its directory's name): a small number, easy to say and to type."""

PhaseWords = Literal["waiting", "playing", "over"]
_PHASE_WORDS: dict[Phase, PhaseWords] = {
    "setup": "waiting",
    "lobby": "waiting",
    "playing": "playing",
    "over": "over",
}


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One line of the hall's list of tables (a private table's invite code is never in it)."""

    id: str
    name: str
    game: str
    """The game's title, or "not set up" while the host chooses."""
    seats_taken: int
    """Seats open to players that a guest holds (a dropped player's too, while it waits)."""
    seats_open: int
    """Seats open to players that nobody holds yet."""
    phase: PhaseWords
    spectators: int
    """Guests connected without a seat."""
    host: str | None
    private: bool
    members: tuple[str, ...] = field(default=(), compare=False)
    """A private table's people (casefolded): its host and every guest at it, a dropped
    player's kept seat too. Only they see it in the list; anyone else needs its code."""
    bots: int = 0
    """Seats the setup gives to bots."""

    def shown_to(self, name: str) -> bool:
        """Whether ``name``'s list shows the table: every public one, a private one only
        to its own people."""
        return not self.private or name.casefold() in self.members


@dataclass(slots=True)
class _Table:
    """What `Tables` keeps of one table besides its hall."""

    hall: Hall
    name: str
    code: str | None
    listener: Callable[[], None]
    follows_host: bool = False
    """Named by default ("HOST's table"): the name changes with the host."""


class Tables:
    """The tables a server hosts: created by guests, listed in the hall, resumed at start."""

    def __init__(
        self,
        data_dir: Path,
        *,
        max_tables: int = MAX_TABLES,
        game: str | None = None,
        grace: float = 60.0,
        idle: float = IDLE,
        bot_delay: float = 0.8,
        database: Database | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.root = data_dir / TABLES
        self.max_tables = max_tables
        self._game = game
        self._grace, self._idle, self._bot_delay = grace, idle, bot_delay
        self._database = database
        self._tables: dict[str, _Table] = {}
        self._listeners: list[Callable[[], None]] = []
        self._closing: set[asyncio.Task[None]] = set()
        self._last_id = 0
        self.address: str | None = None
        """How friends join, ``ssh -p PORT NAME@HOST`` (`set_address`; None: not known)."""

    @property
    def database(self) -> Database | None:
        """The players' database finished games are added to (None: none is kept): what a
        guest's history, profile and leaderboards read in the server process."""
        return self._database

    # -- listening --

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every change of the list: a table created or removed, or
        any change of a table's own hall (its seats, phase, guests)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # one broken screen must not stop the others hearing
                log.exception("a listener of the list of tables failed")

    # -- the tables --

    def playing(self) -> bool:
        """Whether a game is under way at any table."""
        return any(table.hall.phase == "playing" for table in self._tables.values())

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str) -> Hall | None:
        """The table ``table_id``, if the server holds it."""
        table = self._tables.get(table_id)
        return table.hall if table is not None else None

    def id_of(self, hall: Hall) -> str | None:
        """The id of the table ``hall`` is (None: not one of these tables)."""
        return next((key for key, table in self._tables.items() if table.hall is hall), None)

    def code_of(self, table_id: str) -> str | None:
        """The invite code of a private table (for its guests to pass on; None: public)."""
        table = self._tables.get(table_id)
        return table.code if table is not None else None

    def name_of(self, hall: Hall) -> str:
        """The name the list shows ``hall`` by (its id's words if it is not one of these)."""
        table_id = self.id_of(hall)
        table = self._tables.get(table_id) if table_id is not None else None
        return table.name if table is not None else "the table"

    def holding(self, name: str) -> Hall | None:
        """The table where ``name`` (any letters' case) is connected or has a seat kept for
        them: where a returning player goes straight back to."""
        folded = name.casefold()
        for table in self._tables.values():
            if any(
                g.holds_name and g.name.casefold() == folded for g in table.hall.guests.values()
            ):
                return table.hall
        return None

    def set_address(self, address: str) -> None:
        """How friends join the server (``ssh -p PORT NAME@HOST``): each table's lobby shows
        it, a private table's with its invite code after the name."""
        self.address = address
        for table in self._tables.values():
            self._address(table.hall, table.code)

    def _address(self, hall: Hall, code: str | None) -> None:
        hall.invite = code
        if self.address is None:
            hall.address = None
        elif code is None:
            hall.address = self.address
        else:
            hall.address = self.address.replace("NAME@", f"NAME+{code}@", 1)

    def by_code(self, code: str) -> Hall | None:
        """The private table whose invite code is ``code`` (any letters' case), if any."""
        if not valid_invite(code):
            return None
        wanted = code.upper()
        return next((t.hall for t in self._tables.values() if t.code == wanted), None)

    def listing(self) -> tuple[TableInfo, ...]:
        """Every table, by id, as the hall's list shows it."""
        return tuple(
            _info(table_id, self._tables[table_id]) for table_id in sorted(self._tables, key=int)
        )

    def create(self, host: str, *, private: bool = False, name: str | None = None) -> Hall:
        """A new table hosted by ``host`` (who sets it up once they arrive at it: see
        `Hall.arrive`), named ``name`` (default: "HOST's table"); a private one gets an
        invite code (`code_of`) and is listed without it. IllegalAction when the server
        has its `max_tables` already, or the name cannot be shown."""
        if len(self._tables) >= self.max_tables:
            count = "1 table" if self.max_tables == 1 else f"{self.max_tables} tables"
            raise IllegalAction(f"The server has its {count} already; join one or try later.")
        shown = _table_name(name, host)
        follows_host = name is None or not name.strip()
        table_id = self._new_id()
        try:
            ensure_private_dir(self.root, allow_symlink=False)
            ensure_private_dir(self.root / table_id, allow_symlink=False)
        except (OSError, DataDirError) as error:
            # The operator's to look at (the log says what): the guest is told it failed.
            log.error("cannot make table %s: %s", table_id, error)
            raise IllegalAction("the server cannot make a new table now; try later") from None
        hall = self._hall(self.root / table_id)
        hall.host = host
        code = self._new_code() if private else None
        self._add(table_id, hall, shown, code, follows_host=follows_host)
        self._keep_info(self._tables[table_id])
        log.info("%s opened table %s%s", host, table_id, " (private)" if private else "")
        self._changed()
        return hall

    async def close(self, table_id: str) -> None:
        """Close the table ``table_id`` (a game under way stays resumable at the next start;
        its directory is removed unless it holds a record)."""
        table = self._tables.pop(table_id, None)
        if table is None:
            return
        table.hall.unsubscribe(table.listener)
        self._changed()
        await self._close_hall(table_id, table.hall)

    async def aclose(self) -> None:
        """Close every table (games under way stay resumable) and wait for those closing."""
        for table_id in list(self._tables):
            table = self._tables.pop(table_id)
            table.hall.unsubscribe(table.listener)
            try:
                await table.hall.close()
            except Exception:
                log.exception("table %s did not close cleanly", table_id)
        while self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)

    async def resume_all(self) -> int:
        """Pick up every table with an unfinished record in the data dir; how many.

        The one table of an older server (``DATA_DIR/table/``) is moved in among them
        first. A table that cannot be resumed is named in the log and left on disk as it
        is (or as its hall set its record aside: `Hall.resume`); the others come up."""
        ensure_private_dir(self.root, allow_symlink=False)
        self._last_id = max(
            (int(path.name) for path in self.root.iterdir() if _ID.fullmatch(path.name)),
            default=self._last_id,
        )
        self._move_old_table()
        resumed = 0
        for path in sorted(self.root.iterdir(), key=lambda p: p.name):
            if not _ID.fullmatch(path.name) or path.name in self._tables:
                continue
            if path.is_symlink() or not path.is_dir() or not (path / RECORD).exists():
                continue
            if await self._resume(path):
                resumed += 1
        if resumed:
            self._changed()
        return resumed

    # -- inside --

    def _hall(self, directory: Path) -> Hall:
        return Hall(
            directory,
            game=self._game,
            grace=self._grace,
            idle=self._idle,
            bot_delay=self._bot_delay,
            database=self._database,
        )

    def _add(
        self, table_id: str, hall: Hall, name: str, code: str | None, *, follows_host: bool
    ) -> None:
        def changed() -> None:
            try:
                self._hall_changed(table_id)
            except Exception:  # this table's trouble is not the others'
                log.exception("table %s: its change could not be handled", table_id)

        self._tables[table_id] = _Table(hall, name, code, changed, follows_host)
        hall.name = name  # its lobby tells friends which table to choose in the list
        self._address(hall, code)
        hall.subscribe(changed)

    def _hall_changed(self, table_id: str) -> None:
        """A table changed: the list shows it (by its new host's name if it follows its
        host); a table left empty is removed."""
        table = self._tables.get(table_id)
        if table is None:
            return
        self._follow_host(table)
        if _deserted(table.hall):
            del self._tables[table_id]
            table.hall.unsubscribe(table.listener)
            log.info("table %s is empty and closes", table_id)
            task = asyncio.get_running_loop().create_task(self._close_hall(table_id, table.hall))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)
        self._changed()

    def _follow_host(self, table: _Table) -> None:
        """A table named by default is named for whoever hosts it now (nobody hosting: it
        keeps its last host's name until someone does)."""
        host = _present_host(table.hall) if table.follows_host else None
        if host is None or table.name == _default_name(host):
            return
        table.name = table.hall.name = _default_name(host)
        self._keep_info(table)

    def _keep_info(self, table: _Table) -> None:
        info = {"name": table.name, "code": table.code, "follows_host": table.follows_host}
        table.hall._keep(INFO, info, "the table's name")

    async def _close_hall(self, table_id: str, hall: Hall) -> None:
        """Close a table's hall and remove its directory unless it holds a record."""
        try:
            await hall.close()
        except Exception:
            log.exception("table %s did not close cleanly", table_id)
        directory = hall.data_dir
        if directory.is_symlink() or not directory.is_dir() or any(directory.glob("*.rec")):
            return
        try:
            shutil.rmtree(directory)
        except OSError as error:
            log.warning("cannot remove the directory of table %s: %s", table_id, error)

    async def _resume(self, path: Path) -> bool:
        """Resume the table in ``path``; False (said in one line of the log) if it cannot be."""
        record = path / RECORD
        if record.is_symlink():  # read and then appended to: never through a link
            log.error(
                "cannot resume table %s: the game record %s is a symbolic link; "
                "it stays on disk as it is",
                path.name,
                record,
            )
            return False
        hall = self._hall(path)
        try:
            resumed = await hall.resume()
        except Exception as error:
            # One line for the operator; the traceback only where the log keeps INFO's.
            log.info("table %s: the resume failed", path.name, exc_info=True)
            log.error(
                "cannot resume table %s (%s): %s; it stays on disk as it is",
                path.name,
                path,
                error,
            )
            resumed = False
        if not resumed:
            log.error("table %s was not resumed", path.name)
            with contextlib.suppress(Exception):
                await hall.close()
            return False
        name, code, follows_host = self._kept_info(hall, path.name)
        self._add(path.name, hall, name, code, follows_host=follows_host)
        log.warning("resumed the interrupted game of table %s", path.name)
        return True

    def _kept_info(self, hall: Hall, table_id: str) -> tuple[str, str | None, bool]:
        """The name, whether it follows the host, and the invite code `create` kept (ones
        unusable or taken are made anew). A name kept before names followed their hosts
        follows if it is "NAME's table" for one of the table's players."""
        try:
            kept = hall._kept(INFO)
        except (OSError, ValueError) as error:
            log.warning("table %s: its name kept for a restart is not usable (%s)", table_id, error)
            kept = None
        info = kept if isinstance(kept, dict) else {}
        name, code, follows_host = info.get("name"), info.get("code"), info.get("follows_host")
        if follows_host is None and isinstance(name, str) and name.endswith(_DEFAULT_NAME):
            host = name.removesuffix(_DEFAULT_NAME).casefold()
            follows_host = any(guest.casefold() == host for guest in hall.guests)
        follows_host = follows_host is True
        if not isinstance(name, str) or (
            _name_problem(name.strip()) is not None
            and not (follows_host and name.isprintable() and name.endswith(_DEFAULT_NAME))
        ):
            name, follows_host = f"table {table_id}", False
        if code is not None and (
            not isinstance(code, str) or not valid_invite(code) or self.by_code(code) is not None
        ):
            code = self._new_code()
        kept_info = {"name": name, "code": code, "follows_host": follows_host}
        if info != kept_info:
            hall._keep(INFO, kept_info, "the table's name")
        return name, code, follows_host

    def _move_old_table(self) -> None:
        """The one table of an older server joins the others, under a new id (once: the old
        directory is gone after)."""
        old = self.data_dir / OLD_TABLE
        if old.is_symlink() or not old.is_dir():
            return
        if not any(old.iterdir()):
            with contextlib.suppress(OSError):
                old.rmdir()
            return
        table_id = self._new_id()
        try:
            old.rename(self.root / table_id)
        except OSError as error:
            log.error("cannot move the table in %s among the tables: %s", old, error)
            return
        log.warning("moved the table in %s to %s", old, self.root / table_id)

    def _new_id(self) -> str:
        """A table id no table, and no directory kept on disk, has."""
        while True:
            self._last_id += 1
            table_id = str(self._last_id)
            if table_id not in self._tables and not (self.root / table_id).exists():
                return table_id

    def _new_code(self) -> str:
        """An invite code no table has, drawn so nobody can guess it from others."""
        while True:
            code = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
            if self.by_code(code) is None:
                return code


def _deserted(hall: Hall) -> bool:
    """Whether a table is left with no guest (nobody connected, no seat kept for anyone)
    and no game under way."""
    return hall.phase != "playing" and not any(g.holds_name for g in hall.guests.values())


def _name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a table's name, or None."""
    if not 1 <= len(name) <= NAME_MAX or not name.isprintable():
        return f"a table's name is 1–{NAME_MAX} letters, digits, spaces or signs"
    return None


def _table_name(name: str | None, host: str) -> str:
    """The name a new table is shown by: ``name`` as given (trimmed), or "HOST's table"."""
    if name is None or not name.strip():
        return _default_name(host)
    problem = _name_problem(name.strip())
    if problem is not None:
        raise IllegalAction(problem)
    return name.strip()


def _default_name(host: str) -> str:
    """The name of a table nobody named: its host's."""
    return f"{host}{_DEFAULT_NAME}"


def _present_host(hall: Hall) -> str | None:
    """Who hosts ``hall``: none when its host left with nobody else there (the next guest to
    come hosts it); a new table's host before they arrive is its host."""
    guest = hall.guests.get(hall.host) if hall.host is not None else None
    return hall.host if guest is None or guest.connected else None


def _info(table_id: str, table: _Table) -> TableInfo:
    hall = table.hall
    setup = hall.setup
    open_seats = [] if setup is None else [i for i, s in enumerate(setup.seats) if s.kind == OPEN]
    taken = sum(1 for seat in open_seats if hall.holder(seat) is not None)
    bots = 0 if setup is None else len(setup.seats) - len(open_seats)
    spectators = sum(1 for g in hall.guests.values() if g.connected and g.seat is None)
    return TableInfo(
        id=table_id,
        name=table.name,
        game=GAMES[setup.slug].title if setup is not None and setup.slug in GAMES else "not set up",
        seats_taken=taken,
        seats_open=len(open_seats) - taken,
        phase=_PHASE_WORDS[hall.phase],
        spectators=spectators,
        host=_present_host(hall),
        private=table.code is not None,
        members=_members(hall) if table.code is not None else (),
        bots=bots,
    )


def _members(hall: Hall) -> tuple[str, ...]:
    people = {name.casefold() for name in hall.guests}
    if hall.host is not None:
        people.add(hall.host.casefold())
    return tuple(sorted(people))
