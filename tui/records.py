"""Finished local games kept as the server keeps them: a record file each, and the database.

Every local game that finishes (Whoosh too, though it is never saved mid-game) is written
whole as ``finished-<unix time>.rec`` in the user data dir's ``records/`` (platformdirs:
``~/.local/share/hunters/records/`` on Linux, beside ``saves/``), with the same meta and
notes a served table writes (``net/hall.py``: the seats, the start time, the "finished"
note), then added to ``hunters.db`` there (``core.db``), which the "Your games", "Profile"
and "Leaderboards" screens read. The records stay the truth: a database that is damaged or
foreign is never touched (nor deleted); the game is still kept as its file, and the player
is told so in one sentence. By ``core.ratings``' rule a game against bots is recorded but
not rated, and a hot-seat game of two people is rated.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from core.db import DB_FILE, Database, DatabaseError
from core.match import Match
from core.recordfile import RecordError, RecordWriter
from core.table import Seat
from tui.config import APP_NAME

RECORDS_DIR = "records"


def records_dir() -> Path:
    """Where this user's finished local games are kept."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / RECORDS_DIR


@dataclass(frozen=True, slots=True)
class Recorded:
    """What keeping one finished game did."""

    record: Path | None
    """The record file written (None: it could not be written)."""
    problem: str
    """One sentence for the player when something could not be kept; empty when all was."""


class LocalRecords:
    """The finished local games of this user: their record files and their database."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = records_dir() if directory is None else directory
        self._database: Database | None = None

    @property
    def database_path(self) -> Path:
        return self.directory / DB_FILE

    def database(self) -> Database:
        """The database, opened (and made, if missing) the first time; DatabaseError when
        the file is not a sound one (tried again next time: the player may mend it)."""
        if self._database is None:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._database = Database.open(self.database_path)
        return self._database

    def close(self) -> None:
        """Close the database (everything in it is committed already)."""
        if self._database is not None:
            self._database.close()
            self._database = None

    def problem_opening(self, error: DatabaseError) -> str:
        """The one sentence a player reads when the database cannot be used."""
        return (
            f"Your games database {error.path} cannot be used because {error.reason}; it is "
            f"left as it is, and finished games are still kept as files in {self.directory}."
        )

    def keep(self, match: Match, seats: tuple[Seat, ...], started: float | None) -> Recorded:
        """Write the finished ``match`` as a record file and add it to the database."""
        now = time.time()
        meta: dict[str, object] = {"seats": tuple((s.name, s.kind, s.level) for s in seats)}
        if started is not None:
            meta["started"] = started
        meta["notes"] = ({"note": "finished", "at": now, "actions": len(match.steps)},)
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            path = self._free_name(int(now))
            RecordWriter.create(path, match, meta=meta).close()
        except OSError as error:
            why = error.strerror or str(error)
            return Recorded(
                None, f"The finished game could not be kept in {self.directory}: {why}."
            )
        try:
            self.database().add_game(path)
        except DatabaseError as error:
            return Recorded(path, self.problem_opening(error))
        except (RecordError, OSError, sqlite3.Error) as error:
            return Recorded(
                path,
                f"The finished game is kept in {path} but could not be added to your games "
                f"database ({getattr(error, 'reason', None) or error}).",
            )
        return Recorded(path, "")

    def _free_name(self, now: int) -> Path:
        """``finished-<now>.rec``, or with a number after it when two games end in a second."""
        path = self.directory / f"finished-{now}.rec"
        number = 2
        while path.exists():
            path = self.directory / f"finished-{now}-{number}.rec"
            number += 1
        return path
