"""The players' database: finished games, their seats, players and ratings in one SQLite file.

Everything here is derived from the game records (`core.recordfile`), which stay the source
of truth: `Database.add_game` reads a finished record and adds what it says, once (a record
is known by its SHA-256), and `rebuild` makes the whole database afresh from the records,
adding them in order of finish time, then file name, so that every result and rating comes
out exactly as when the games were added one by one as they finished.

The file is the standard library's ``sqlite3`` in WAL mode with foreign keys on. It carries
Hunters' ``application_id`` and its schema version in ``user_version``; `MIGRATIONS` take a
file from any older version to `SCHEMA_VERSION`, one transaction each. A file that is not
ours — not SQLite, SQLite of another application, one of ours without its tables, damaged,
or made by a newer Hunters — is refused with one `DatabaseError` naming it, found before
anything is written, so the file (and every record) stays as it was.

The rule for which games are rated, and how, is `core.ratings`'.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from core.engine import OptionValue, score_words
from core.ratings import INITIAL, Rating, SeatResult, rate, seat_results, why_not_rated
from core.recordfile import RecordError, read_record
from core.table import record_seats

DB_FILE = "hunters.db"
"""The database's file name in a server's data dir."""
APPLICATION_ID = 0x48554E54
"""``PRAGMA application_id`` of a Hunters database ("HUNT")."""

_V1 = """
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created REAL NOT NULL
);
CREATE TABLE keys (
    fingerprint TEXT PRIMARY KEY,
    player INTEGER NOT NULL UNIQUE REFERENCES players(id)
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    started REAL,
    finished REAL NOT NULL,
    duration REAL,
    record TEXT NOT NULL,
    sha256 TEXT NOT NULL UNIQUE,
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    why_not_rated TEXT NOT NULL,
    lost_to TEXT NOT NULL
);
CREATE INDEX games_by_finish ON games (finished, id);
CREATE TABLE seats (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    player INTEGER REFERENCES players(id),
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    level TEXT NOT NULL,
    score INTEGER NOT NULL,
    place INTEGER NOT NULL,
    stand_in_share REAL NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX seats_by_player ON seats (player, game);
CREATE TABLE ratings (
    player INTEGER NOT NULL REFERENCES players(id),
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE rating_changes (
    game INTEGER NOT NULL REFERENCES games(id),
    player INTEGER NOT NULL REFERENCES players(id),
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    PRIMARY KEY (game, player)
);
"""

_V2 = """
CREATE TABLE imports (
    source TEXT PRIMARY KEY,
    at REAL NOT NULL
);
"""
"""Version 2: what was imported once (the JSON key book), so it is not imported again."""

_V3 = """
ALTER TABLE seats ADD COLUMN result TEXT NOT NULL DEFAULT '';
UPDATE seats SET result = replace(CAST(score AS TEXT), '-', '−')
    || CASE WHEN abs(score) = 1 THEN ' point' ELSE ' points' END
WHERE game IN (SELECT game FROM seats GROUP BY game HAVING MIN(score) < 0 OR MAX(score) > 1)
"""
"""Version 3: each seat's result in the results screen's words ("35 points", "won the
game", "did not win"). A game from before says its results in points when a score shows
they were (one below 0 or above 1); one whose scores are all 0 and 1 may have been won or
not without points, which only its record tells: its seats keep "" until
``hunters serve --rebuild-db`` reads them."""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3)
"""The schema's changes in order: number N takes a file from version N to N + 1."""
SCHEMA_VERSION = len(MIGRATIONS)
TABLES = frozenset({"players", "keys", "games", "seats", "ratings", "rating_changes", "imports"})
"""The tables every Hunters database has."""

_SQLITE_MAGIC = b"SQLite format 3\x00"
_FINISHED_NAME = re.compile(r"finished-(\d+)")


class DatabaseError(Exception):
    """A file that cannot be used as the players' database; one line naming it."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SeatRow(SeatResult):
    """One seat of a finished game and its rating change."""

    before: Rating | None = None
    """The seat's person's rating before the game (None: the seat was not rated)."""
    after: Rating | None = None
    result: str = ""
    """The seat's result as the results screen said it ("35 points", "won the game", "did
    not win"); "" for a game from before results were kept whose record was not read again."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """A finished game, newest first in `Database.history`."""

    id: int
    game: str
    """The game's slug (``core.games.GAMES``)."""
    options: tuple[tuple[str, OptionValue], ...]
    started: float | None
    """Seconds since the epoch (None: the record predates start times)."""
    finished: float
    duration: float | None
    """Seconds from start to finish (None when the start is not known)."""
    record: Path
    """The record file, to open in the replay viewer (``tui/screens/replay.py``)."""
    rated: bool
    why_not_rated: str
    """Why it is not rated, in words ("" when it is)."""
    lost_to: str
    """A solo game's opponent that beat the player (`core.engine.Outcome.lost_to`)."""
    seats: tuple[SeatRow, ...]

    def winners(self) -> tuple[SeatRow, ...]:
        """The seats in first place (none when a solo player lost to the game)."""
        return () if self.lost_to else tuple(s for s in self.seats if s.place == 1)


@dataclass(frozen=True, slots=True)
class GameStats:
    """One player's record in one game."""

    game: str
    played: int
    won: int
    rating: Rating | None
    """None: no rated game yet."""
    rated_games: int


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's page: games played and won per game, ratings, recent games."""

    name: str
    created: float
    """When the player first appeared (a game's finish, or a key bound)."""
    games: tuple[GameStats, ...]
    recent: tuple[GameRow, ...]


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One line of a game's leaderboard, best first (by `Rating.ordinal`)."""

    place: int
    name: str
    rating: Rating
    rated_games: int


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What `rebuild` did."""

    games: int
    rated: int
    skipped: tuple[tuple[Path, str], ...]
    """Records that could not be added, each with why (they are left where they are)."""


@dataclass(frozen=True, slots=True)
class _Finished:
    """The facts of a finished record the database keeps (the match itself is dropped)."""

    path: Path
    sha256: str
    game: str
    options: tuple[tuple[str, OptionValue], ...]
    started: float | None
    finished: float
    seats: tuple[SeatResult, ...]
    lost_to: str
    results: tuple[str, ...]
    """Each seat's result in words (`core.engine.score_words`)."""


def _read_finished(path: Path) -> _Finished:
    """The facts of the finished game in the record at ``path``; RecordError if it cannot
    be read or its game is not finished."""
    match, meta = read_record(path)
    outcome = match.outcome()
    if outcome is None:
        raise RecordError(path, "its game is not finished")
    try:
        seats = record_seats(meta, match)
    except ValueError as error:
        raise RecordError(path, str(error)) from None
    notes = [n for n in meta.get("notes", ()) if isinstance(n, dict)]
    results = seat_results([(s.name, s.kind, s.level) for s in seats], match.steps, notes, outcome)
    started = _time(meta.get("started"))
    finished = next(
        (_time(n.get("at")) for n in reversed(notes) if n.get("note") == "finished"),
        None,
    )
    if finished is None:  # a record from before notes: its name, else the file's time
        found = _FINISHED_NAME.match(path.name)
        finished = float(found.group(1)) if found else path.stat().st_mtime
    with open(path, "rb") as file:
        digest = hashlib.file_digest(file, "sha256").hexdigest()
    return _Finished(
        path=path,
        sha256=digest,
        game=match.game.slug,
        options=tuple(sorted(match.options.items())),
        started=started,
        finished=float(finished),
        seats=results,
        lost_to=outcome.lost_to,
        results=tuple(score_words(outcome, seat) for seat in range(len(outcome.scores))),
    )


def _time(value: object) -> float | None:
    """A time a record gives (seconds since the epoch), or None if it gives none."""
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < 2**40:
        return float(value)
    return None


class Database:
    """The open players' database (one connection, used from one thread)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path) -> Database:
        """Open the database at ``path``, creating it (mode 0600) if it does not exist and
        bringing an older one up to `SCHEMA_VERSION`; DatabaseError for a file that is not
        a sound Hunters database, which is then left untouched."""
        fresh = _inspect(path)
        if fresh and not path.exists():
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            db = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise DatabaseError(path, f"it cannot be opened ({error})") from None
        try:
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            _migrate(db)
        except sqlite3.Error as error:
            db.close()
            raise DatabaseError(path, f"it cannot be brought up to date ({error})") from None
        return cls(path, db)

    @classmethod
    def open_read_only(cls, path: Path) -> Database:
        """Open the database at ``path`` for reading only, beside the server that writes it
        (a render worker's: net.worker): never created, migrated or written. DatabaseError
        for a file that is missing, cannot be read, or is not a Hunters database of this
        `SCHEMA_VERSION`."""
        if not path.is_file():
            raise DatabaseError(path, "it does not exist")
        try:
            db = sqlite3.connect(
                f"{path.absolute().as_uri()}?mode=ro", uri=True, isolation_level=None
            )
        except sqlite3.Error as error:
            raise DatabaseError(path, f"it cannot be opened ({error})") from None
        try:
            db.execute("PRAGMA query_only = ON")
            (application,) = db.execute("PRAGMA application_id").fetchone()
            (version,) = db.execute("PRAGMA user_version").fetchone()
        except sqlite3.Error as error:
            db.close()
            raise DatabaseError(path, f"it cannot be read ({error})") from None
        if application != APPLICATION_ID or version != SCHEMA_VERSION:
            db.close()
            why = (
                "it is not a Hunters database"
                if application != APPLICATION_ID
                else f"its schema version is {version}, not this Hunters' {SCHEMA_VERSION}"
            )
            raise DatabaseError(path, why)
        return cls(path, db)

    def close(self) -> None:
        """Close the file (all it holds is committed already)."""
        self._db.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- adding games ----------------------------------------------------------------------

    def add_game(self, record: Path) -> GameRow | None:
        """Add the finished game in ``record`` (rating it by `core.ratings`' rule); None
        when it is here already (the same file contents). RecordError for a record that
        cannot be read or whose game is not finished: nothing is added then."""
        return self._add(_read_finished(record))

    def _add(self, found: _Finished) -> GameRow | None:
        why = why_not_rated(found.seats)
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE sha256 = ?", (found.sha256,)).fetchone():
                return None
            duration = found.finished - found.started if found.started is not None else None
            game_id = db.execute(
                "INSERT INTO games (game, options, started, finished, duration, record, sha256,"
                " rated, why_not_rated, lost_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    found.game,
                    json.dumps(dict(found.options), sort_keys=True),
                    found.started,
                    found.finished,
                    duration,
                    self._stored(found.path),
                    found.sha256,
                    int(not why),
                    why,
                    found.lost_to,
                ),
            ).lastrowid
            assert game_id is not None
            players = {}
            for seat in found.seats:
                player = None
                if seat.kind == "human":
                    player = self._player_id(seat.name, found.finished)
                    players[seat.seat] = player
                db.execute(
                    "INSERT INTO seats (game, seat, name, player, kind, level, score, place,"
                    " stand_in_share, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        seat.seat,
                        seat.name,
                        player,
                        seat.kind,
                        seat.level,
                        seat.score,
                        seat.place,
                        seat.stand_in_share,
                        found.results[seat.seat],
                    ),
                )
            if not why:
                self._rate(game_id, found, players)
        return self._game_rows([game_id])[0]

    def _rate(self, game_id: int, found: _Finished, players: dict[int, int]) -> None:
        counted = [players[s.seat] for s in found.seats if s.counts]
        before = [self._rating(player, found.game)[0] for player in counted]
        for player, old, new in zip(counted, before, rate(found.seats, before), strict=True):
            self._db.execute(
                "INSERT INTO ratings (player, game, mu, sigma, games) VALUES (?, ?, ?, ?, 1)"
                " ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu,"
                " sigma = excluded.sigma, games = games + 1",
                (player, found.game, new.mu, new.sigma),
            )
            self._db.execute(
                "INSERT INTO rating_changes (game, player, mu_before, sigma_before, mu_after,"
                " sigma_after) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, player, old.mu, old.sigma, new.mu, new.sigma),
            )

    def _rating(self, player: int, game: str) -> tuple[Rating, int]:
        row = self._db.execute(
            "SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?", (player, game)
        ).fetchone()
        return (Rating(row[0], row[1]), row[2]) if row else (INITIAL, 0)

    def _player_id(self, name: str, created: float) -> int:
        row = self._db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        if row:
            return int(row[0])
        new = self._db.execute(
            "INSERT INTO players (name, created) VALUES (?, ?)", (name, created)
        ).lastrowid
        assert new is not None
        return new

    # -- keys ------------------------------------------------------------------------------

    def key_bindings(self) -> dict[str, str]:
        """Every player's name bound to a public key, with the key's fingerprint."""
        return dict(
            self._db.execute(
                "SELECT p.name, k.fingerprint FROM keys k JOIN players p ON p.id = k.player"
                " ORDER BY p.id"
            ).fetchall()
        )

    def bind_key(self, name: str, fingerprint: str, *, at: float | None = None) -> None:
        """Bind ``name`` (a player, made now if new) to the key; sqlite3.IntegrityError if
        the name or the key is bound already (``net.identity.KeyBook`` checks first)."""
        with self._transaction():
            player = self._player_id(name, time.time() if at is None else at)
            self._db.execute(
                "INSERT INTO keys (fingerprint, player) VALUES (?, ?)", (fingerprint, player)
            )

    def import_once(self, source: str, read: Callable[[], Iterable[tuple[str, str]]]) -> bool:
        """Bind each (name, fingerprint) ``read()`` gives unless ``source`` was imported
        before (then ``read`` is not called: False); one that would bind a name or a key
        twice is left out."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM imports WHERE source = ?", (source,)).fetchone():
                return False
            now = time.time()
            for name, fingerprint in read():
                player = self._player_id(name, now)
                db.execute(
                    "INSERT OR IGNORE INTO keys (fingerprint, player) VALUES (?, ?)",
                    (fingerprint, player),
                )
            db.execute("INSERT INTO imports (source, at) VALUES (?, ?)", (source, now))
        return True

    def _kept_keys(self) -> tuple[list[tuple[str, str, float]], list[tuple[str, float]]]:
        """The key bindings (name, fingerprint, the player's creation) and the imports, for a
        rebuild to carry over."""
        keys = self._db.execute(
            "SELECT p.name, k.fingerprint, p.created FROM keys k"
            " JOIN players p ON p.id = k.player ORDER BY p.id"
        ).fetchall()
        return keys, self._db.execute("SELECT source, at FROM imports ORDER BY source").fetchall()

    def _stored(self, record: Path) -> str:
        """How the games table names a record: beside the database, relative to it."""
        absolute = record.absolute()
        try:
            return str(absolute.relative_to(self.path.absolute().parent))
        except ValueError:
            return str(absolute)

    # -- reading ---------------------------------------------------------------------------

    def history(
        self, limit: int = 20, offset: int = 0, name: str | None = None, game: str | None = None
    ) -> tuple[GameRow, ...]:
        """Finished games, newest first; only ``name``'s (a player) or ``game``'s if given."""
        where, args = [], []
        if name is not None:
            where.append(
                "id IN (SELECT s.game FROM seats s JOIN players p ON p.id = s.player"
                " WHERE p.name = ?)"
            )
            args.append(name)
        if game is not None:
            where.append("game = ?")
            args.append(game)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        ids = [
            row[0]
            for row in self._db.execute(
                f"SELECT id FROM games {clause} ORDER BY finished DESC, id DESC LIMIT ? OFFSET ?",
                (*args, limit, offset),
            )
        ]
        return self._game_rows(ids)

    def profile(self, name: str, recent: int = 10) -> Profile | None:
        """``name``'s page (None: nobody of that name has played or bound a key here)."""
        row = self._db.execute(
            "SELECT id, name, created FROM players WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            return None
        player, name, created = row
        stats = []
        for game, played, won in self._db.execute(
            "SELECT g.game, COUNT(*), SUM(s.place = 1 AND g.lost_to = '') FROM seats s"
            " JOIN games g ON g.id = s.game WHERE s.player = ? GROUP BY g.game ORDER BY g.game",
            (player,),
        ).fetchall():
            rating, rated_games = self._rating(player, game)
            stats.append(GameStats(game, played, won, rating if rated_games else None, rated_games))
        return Profile(name, created, tuple(stats), self.history(recent, name=name))

    def leaderboard(self, game: str, limit: int = 20) -> tuple[LeaderRow, ...]:
        """The players rated in ``game``, best first (by mu - 3 sigma, then name)."""
        rows = self._db.execute(
            "SELECT p.name, r.mu, r.sigma, r.games FROM ratings r"
            " JOIN players p ON p.id = r.player WHERE r.game = ?"
            " ORDER BY r.mu - 3 * r.sigma DESC, p.name LIMIT ?",
            (game, limit),
        ).fetchall()
        return tuple(
            LeaderRow(place, name, Rating(mu, sigma), games)
            for place, (name, mu, sigma, games) in enumerate(rows, 1)
        )

    def _game_rows(self, ids: Sequence[int]) -> tuple[GameRow, ...]:
        if not ids:
            return ()
        marks = ", ".join("?" * len(ids))
        seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
        for game, seat, name, kind, level, score, place, share, result, *change in self._db.execute(
            "SELECT s.game, s.seat, s.name, s.kind, s.level, s.score, s.place,"
            " s.stand_in_share, s.result, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after"
            " FROM seats s LEFT JOIN rating_changes c ON c.game = s.game AND c.player = s.player"
            f" WHERE s.game IN ({marks}) ORDER BY s.game, s.seat",
            ids,
        ):
            rated = change[0] is not None
            seats[game].append(
                SeatRow(
                    seat,
                    name,
                    kind,
                    level,
                    score,
                    place,
                    share,
                    Rating(change[0], change[1]) if rated else None,
                    Rating(change[2], change[3]) if rated else None,
                    result,
                )
            )
        rows = {}
        base = self.path.absolute().parent
        for row in self._db.execute(
            "SELECT id, game, options, started, finished, duration, record, rated,"
            f" why_not_rated, lost_to FROM games WHERE id IN ({marks})",
            ids,
        ):
            game_id, game, options, started, finished, duration, record, rated, why, lost = row
            rows[game_id] = GameRow(
                id=game_id,
                game=game,
                options=tuple(sorted(json.loads(options).items())),
                started=started,
                finished=finished,
                duration=duration,
                record=base / record,
                rated=bool(rated),
                why_not_rated=why,
                lost_to=lost,
                seats=tuple(seats[game_id]),
            )
        return tuple(rows[i] for i in ids)


def rebuild(db_path: Path, record_paths: Iterable[Path]) -> Rebuilt:
    """Make the database at ``db_path`` afresh from ``record_paths``: a new file beside it,
    filled in order of finish time then file name, then put in the old one's place (an old
    file that cannot be opened as ours is kept as ``NAME.replaced-TIME`` instead of being
    lost). A record that cannot be read, or whose game is not finished, is skipped and named
    in the result; no record is ever changed or removed.

    The key bindings are no record's: those of the old database are kept when it can be
    read (after the games, so the players the games name are numbered as when they were
    added one by one). When it cannot, they are lost with it, and so is the mark that the
    JSON key book was imported: the next server start imports that file again.

    DatabaseError if a server has the database open: it would go on writing to the file
    replaced, so nothing is done."""
    if _in_use(db_path):
        raise DatabaseError(db_path, "a running server has it open: stop it, then rebuild")
    found: list[_Finished] = []
    skipped: list[tuple[Path, str]] = []
    for path in record_paths:
        try:
            found.append(_read_finished(path))
        except (RecordError, OSError) as error:
            skipped.append((path, getattr(error, "reason", None) or str(error)))
    found.sort(key=lambda f: (f.finished, f.path.name, str(f.path)))
    fresh = db_path.with_name(f"{db_path.name}.rebuild")
    for leftover in _files_of(fresh):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()
    carried: tuple[list[tuple[str, str, float]], list[tuple[str, float]]] = ([], [])
    readable = True
    if db_path.exists():
        try:
            with Database.open(db_path) as old:
                carried = old._kept_keys()
        except (DatabaseError, sqlite3.Error):
            readable = False
    games = rated = 0
    db = Database.open(fresh)
    db.path = db_path  # records are named relative to where the database will be
    try:
        for finished in found:
            row = db._add(finished)
            if row is not None:
                games += 1
                rated += row.rated
        keys, imports = carried
        for name, fingerprint, created in keys:
            with contextlib.suppress(sqlite3.IntegrityError):
                db.bind_key(name, fingerprint, at=created)
        for source, at in imports:
            db._db.execute("INSERT INTO imports (source, at) VALUES (?, ?)", (source, at))
        db._db.execute("PRAGMA journal_mode = DELETE")  # one file to put in place
    finally:
        db.close()
    if not readable:
        os.replace(db_path, db_path.with_name(f"{db_path.name}.replaced-{int(time.time())}"))
    for stale in _files_of(db_path)[1:]:  # the old file's WAL must not meet the new file
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()
    os.replace(fresh, db_path)
    return Rebuilt(games, rated, tuple(skipped))


def _in_use(path: Path) -> bool:
    """Whether another connection has the database at ``path`` open (in WAL mode each holds
    a shared lock on the file as long as it is open: an exclusive one is refused then)."""
    if not path.exists():
        return False
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=0, isolation_level=None)) as db:
            db.execute("PRAGMA locking_mode = EXCLUSIVE")
            db.execute("BEGIN EXCLUSIVE")
            db.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        return "locked" in str(error)
    except sqlite3.Error:  # not a database: nobody serves from it
        return False
    return False


def _files_of(path: Path) -> list[Path]:
    return [path, path.with_name(f"{path.name}-wal"), path.with_name(f"{path.name}-shm")]


def _inspect(path: Path) -> bool:
    """Whether ``path`` is a database to make afresh (missing, empty, or SQLite with nothing
    in it); DatabaseError if it is no sound Hunters database. Reads, never writes."""
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except FileNotFoundError:
        return True
    except OSError as error:
        raise DatabaseError(path, f"it cannot be read ({error.strerror or error})") from None
    if not header:
        return True
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise DatabaseError(path, "it is not a Hunters database (not even a SQLite one)")
    try:
        # Through SQLite, not the header's bytes: a server killed before its first
        # checkpoint left the schema, versions and all, in the WAL beside the file.
        with contextlib.closing(
            sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
        ) as db:
            (application,) = db.execute("PRAGMA application_id").fetchone()
            (version,) = db.execute("PRAGMA user_version").fetchone()
            if application not in (APPLICATION_ID, 0):
                raise DatabaseError(
                    path, "it is another application's SQLite database, not Hunters'"
                )
            if application == APPLICATION_ID and version > SCHEMA_VERSION:
                raise DatabaseError(
                    path,
                    f"a newer Hunters made it (schema version {version}; this one knows up "
                    f"to {SCHEMA_VERSION})",
                )
            check = db.execute("PRAGMA quick_check").fetchone()
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error as error:
        raise DatabaseError(path, f"it is damaged ({error})") from None
    if check != ("ok",):
        raise DatabaseError(path, f"it is damaged ({check[0] if check else 'no check'})")
    if application == 0:
        if tables:
            raise DatabaseError(path, "it is a SQLite database of something else, not Hunters'")
        return True
    if not tables >= TABLES and version == SCHEMA_VERSION:
        missing = ", ".join(sorted(TABLES - tables))
        raise DatabaseError(path, f"it is damaged: tables are missing ({missing})")
    return False


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the schema up to `SCHEMA_VERSION`, one migration per transaction."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    for number in range(version, SCHEMA_VERSION):
        try:
            db.execute("BEGIN IMMEDIATE")
            for statement in MIGRATIONS[number].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {number + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def record_files(data_dir: Path) -> list[Path]:
    """Every finished game's record under ``data_dir`` (``finished-*.rec``, at any depth)."""
    return sorted(p for p in data_dir.rglob("finished-*.rec") if p.is_file())
