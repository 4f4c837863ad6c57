"""The players' database: opened, migrated or refused without a touch; finished games added
once, rated by the rule; profiles, leaderboards and history; rebuilt from the records to the
very same rows and ratings."""

from __future__ import annotations

import contextlib
import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.db import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    Database,
    DatabaseError,
    Profile,
    rebuild,
    record_files,
)
from core.engine import points_words
from core.ratings import INITIAL
from core.recordfile import RecordError
from tests.core.db_records import bot, dump, finished_record, person

# -- opening -------------------------------------------------------------------------------


def _pragmas(path: Path) -> tuple[int, int, str]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return (
            db.execute("PRAGMA application_id").fetchone()[0],
            db.execute("PRAGMA user_version").fetchone()[0],
            db.execute("PRAGMA journal_mode").fetchone()[0],
        )


def test_a_new_database_is_ours_at_the_latest_version_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "hunters.db"
    with Database.open(path) as db:
        assert db._db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert _pragmas(path) == (APPLICATION_ID, SCHEMA_VERSION, "wal")
    assert path.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("kind", ["empty file", "blank sqlite"])
def test_an_empty_file_or_a_blank_version_0_database_is_brought_up_to_date(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "hunters.db"
    if kind == "empty file":
        path.touch()
    else:
        with contextlib.closing(sqlite3.connect(path)) as blank:
            blank.execute("PRAGMA user_version = 0")
            blank.execute("VACUUM")  # a real SQLite file with nothing in it
        assert path.stat().st_size > 0
    Database.open(path).close()
    assert _pragmas(path)[:2] == (APPLICATION_ID, SCHEMA_VERSION)


def test_a_file_of_an_older_version_is_migrated_step_by_step_keeping_its_rows(
    tmp_path: Path,
) -> None:
    """A version-1 file (before the imports table) gets version 2's changes, nothing lost."""
    path = tmp_path / "hunters.db"
    with contextlib.closing(sqlite3.connect(path)) as old:
        old.executescript(MIGRATIONS[0])
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute("PRAGMA user_version = 1")
        old.execute("INSERT INTO players (name, created) VALUES ('ala', 5.0)")
        old.commit()
    with Database.open(path) as db:
        assert db.profile("ala") == Profile("ala", 5.0, (), ())
        assert db.import_once("test", lambda: [("ala", "SHA256:" + "A" * 43)])
        assert db.key_bindings() == {"ala": "SHA256:" + "A" * 43}
    assert _pragmas(path)[:2] == (APPLICATION_ID, SCHEMA_VERSION) == (APPLICATION_ID, 3)


def _seat_results(db: Database) -> dict[str, list[str]]:
    """Each game's seat results in seat order, by the game's slug."""
    return {row.game: [seat.result for seat in row.seats] for row in db.history()}


def test_a_version_2_file_with_games_gets_results_in_words_and_a_rebuild_makes_them_exact(
    tmp_path: Path,
) -> None:
    """Version 3 keeps each seat's result as the results screen says it. A version-2 file's
    seats get theirs from the score where the scores show points (one above 1); a game whose
    scores are all 0 and 1 might have been won or not, so its seats wait, with "", for
    ``--rebuild-db`` to read the records, which gives exactly what adding them now gives."""
    won = tmp_path / "finished-1.rec"
    points = tmp_path / "finished-2.rec"
    finished_record(won, [person("ala"), person("olek")], seed=4, finished=1_000.0)
    finished_record(points, [person("ala"), bot(2)], seed=2, game="orb-hunters")
    path = tmp_path / "hunters.db"
    with Database.open(path) as db:
        db.add_game(won)
        db.add_game(points)
        exact = _seat_results(db)
        orb = next(r for r in db.history() if r.game == "orb-hunters")
        scores = [seat.score for seat in orb.seats]
    assert sorted(exact["superbohaterowie"]) == ["did not win", "won the game"]
    assert max(scores) > 1
    assert exact["orb-hunters"] == [points_words(n) for n in scores]
    assert points_words(-1) == "−1 point"  # Orb Hunters' scores go below 0
    with contextlib.closing(sqlite3.connect(path)) as old:  # back to version 2, rows and all
        old.execute("ALTER TABLE seats DROP COLUMN result")
        old.execute("PRAGMA user_version = 2")
        old.commit()
    with Database.open(path) as db:
        migrated = _seat_results(db)
    assert _pragmas(path)[:2] == (APPLICATION_ID, SCHEMA_VERSION)
    assert migrated == {"superbohaterowie": ["", ""], "orb-hunters": exact["orb-hunters"]}
    assert rebuild(path, [won, points]).games == 2
    with Database.open(path) as db:
        assert _seat_results(db) == exact


def test_a_migrated_negative_score_has_a_minus_sign(tmp_path: Path) -> None:
    """Whoosh's mistakes take points away: "−2 points", as the results screen says it."""
    path = tmp_path / "hunters.db"
    with contextlib.closing(sqlite3.connect(path)) as old:
        old.executescript(MIGRATIONS[0] + ";" + MIGRATIONS[1])
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute("PRAGMA user_version = 2")
        old.execute(
            "INSERT INTO games VALUES (1, 'whoosh', '{}', NULL, 5.0, NULL, 'r', 'x', 0, 'a', '')"
        )
        for seat, score in enumerate((-2, 1, 0)):
            old.execute(
                "INSERT INTO seats VALUES (1, ?, ?, NULL, 'bot', 'easy', ?, ?, 0.0)",
                (seat, f"Bot {seat + 1}", score, 3 - seat),
            )
        old.commit()
    with Database.open(path) as db:
        assert _seat_results(db) == {"whoosh": ["−2 points", "1 point", "0 points"]}


def _refused(path: Path, reason: str) -> None:
    """Opening ``path`` fails with one line naming it, and changes no byte of it."""
    before = path.read_bytes()
    siblings = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(DatabaseError, match=reason) as refusal:
        Database.open(path)
    assert str(refusal.value).startswith(f"{path}: ") and "\n" not in str(refusal.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == siblings


_KILLED = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from core.db import Database
    db = Database.open(Path(sys.argv[1]))
    db.add_game(Path(sys.argv[2]))
    os._exit(0)  # as kill -9 would: no checkpoint, the schema and the game are in the WAL
    """
)


def test_a_database_whose_server_was_killed_opens_with_what_it_committed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hunters.db"
    record = tmp_path / "finished-1.rec"
    finished_record(record, [person("ala"), person("olek")])
    subprocess.run([sys.executable, "-c", _KILLED, str(path), str(record)], check=True, timeout=60)
    assert (tmp_path / "hunters.db-wal").stat().st_size > 0
    with Database.open(path) as db:
        assert len(db.history()) == 1


def test_a_file_from_a_newer_hunters_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "hunters.db"
    Database.open(path).close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        db.execute("PRAGMA journal_mode = DELETE")
    _refused(path, rf"a newer Hunters made it \(schema version {SCHEMA_VERSION + 1}")


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "hunters.db"
    path.write_bytes(b"name,score\nala,3\n" * 20)
    _refused(path, r"not a Hunters database \(not even a SQLite one\)")


def test_another_applications_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "hunters.db"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('mine')")
        db.commit()
    _refused(path, "SQLite database of something else")
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA application_id = 1234")
    _refused(path, "another application's")


def test_our_database_without_its_tables_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "hunters.db"
    Database.open(path).close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("DROP TABLE rating_changes")
        db.execute("PRAGMA journal_mode = DELETE")
    _refused(path, r"tables are missing \(rating_changes\)")


def test_a_damaged_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "hunters.db"
    with Database.open(path) as db:
        db._db.execute("PRAGMA journal_mode = DELETE")
    data = bytearray(path.read_bytes())
    page = 4096
    data[page : page + 200] = bytes(200)  # the second page (a table's root) wiped
    path.write_bytes(bytes(data))
    _refused(path, "damaged")


# -- adding games --------------------------------------------------------------------------


def test_a_game_of_two_people_is_added_and_rated(tmp_path: Path) -> None:
    record = tmp_path / "table" / "finished-2000.rec"
    record.parent.mkdir()
    match = finished_record(record, [person("ala"), person("olek"), bot(3)], seed=4)
    outcome = match.outcome()
    assert outcome is not None and outcome.ranking == ((0,), (1, 2))  # ala won
    with Database.open(tmp_path / "hunters.db") as db:
        row = db.add_game(record)
        assert row is not None and row.rated and row.why_not_rated == ""
        assert row.record == record.absolute() and row.game == "superbohaterowie"
        assert (row.started, row.finished, row.duration) == (1000.0, 2000.0, 1000.0)
        assert [s.score for s in row.seats] == list(outcome.scores)
        assert row.seats[2].kind == "bot" and row.seats[2].before is None
        winner, loser = sorted(row.seats[:2], key=lambda s: s.place)
        assert winner.place < loser.place
        assert winner.before == loser.before == INITIAL
        assert winner.after is not None and loser.after is not None
        assert winner.after.mu > INITIAL.mu > loser.after.mu
        board = db.leaderboard("superbohaterowie")
        assert [r.name for r in board] == [winner.name, loser.name]
        assert [r.rated_games for r in board] == [1, 1]
        profile = db.profile(winner.name)
        assert profile is not None and profile.recent == (row,)
        (stats,) = profile.games
        assert (stats.played, stats.won, stats.rated_games) == (1, 1, 1)
        assert stats.rating == winner.after
        assert db.profile("Bot 3") is None


def test_the_same_record_is_added_once(tmp_path: Path) -> None:
    """By its contents: a copy under another name is the same game."""
    record = tmp_path / "finished-1.rec"
    finished_record(record, [person("ala"), person("olek")])
    copy = tmp_path / "finished-2.rec"
    copy.write_bytes(record.read_bytes())
    with Database.open(tmp_path / "hunters.db") as db:
        assert db.add_game(record) is not None
        assert db.add_game(record) is None and db.add_game(copy) is None
        assert len(db.history()) == 1
        assert db.leaderboard("superbohaterowie")[0].rated_games == 1


def test_an_unfinished_record_is_refused_and_adds_nothing(tmp_path: Path) -> None:
    record = tmp_path / "table.rec"
    finished_record(record, [person("ala"), person("olek")], stop_at=5)
    with Database.open(tmp_path / "hunters.db") as db:
        with pytest.raises(RecordError, match="not finished"):
            db.add_game(record)
        assert db.history() == () and db.profile("ala") is None


@pytest.mark.parametrize(
    ("seats", "notes", "why"),
    [
        ([bot(1), bot(2)], {}, "only bots played"),
        ([person("ala")], {}, "a solo game"),
        ([person("ala"), bot(2), bot(3)], {}, "only one person played"),
        (
            [person("ala"), person("olek")],
            {0: [{"note": "stand-in", "seat": 1}]},
            "stand-in bots played most of the moves of all but one person",
        ),
    ],
    ids=["bots only", "solo", "one person", "stand-in majority"],
)
def test_games_the_rule_does_not_rate_are_recorded_with_why(
    tmp_path: Path, seats: list[tuple[str, str, str]], notes: dict, why: str
) -> None:
    record = tmp_path / "finished-1.rec"
    game = "comic-hunters" if len(seats) == 1 else "superbohaterowie"
    finished_record(record, seats, game=game, notes=notes)
    with Database.open(tmp_path / "hunters.db") as db:
        row = db.add_game(record)
        assert row is not None and not row.rated and row.why_not_rated == why
        assert all(s.before is None for s in row.seats)
        assert db.leaderboard(game) == ()
    assert dump(tmp_path / "hunters.db")["ratings"] == []


def test_a_solo_loss_names_the_game_that_won_and_no_winner(tmp_path: Path) -> None:
    record = tmp_path / "finished-1.rec"
    finished_record(record, [person("ala")], game="comic-hunters")
    with Database.open(tmp_path / "hunters.db") as db:
        row = db.add_game(record)
        assert row is not None and row.lost_to == "Jarvis" and row.winners() == ()
        assert row.seats[0].result == f"{row.seats[0].score} points"
        profile = db.profile("ala")
        assert profile is not None and profile.games[0].won == 0
        assert profile.games[0].rating is None


def test_tied_people_share_a_place_and_a_rating(tmp_path: Path) -> None:
    """Superbohaterowie with four seats (seed 1): the last three tie; two of them people."""
    record = tmp_path / "finished-1.rec"
    match = finished_record(record, [bot(1), person("ala"), person("olek"), person("eve")])
    outcome = match.outcome()
    assert outcome is not None and outcome.ranking == ((3,), (0, 1, 2))
    with Database.open(tmp_path / "hunters.db") as db:
        row = db.add_game(record)
        assert row is not None and row.rated
        assert [s.place for s in row.seats] == [2, 2, 2, 1]
        assert row.seats[1].after == row.seats[2].after
        assert row.seats[3].after is not None and row.seats[1].after is not None
        assert row.seats[3].after.mu > row.seats[1].after.mu


def test_history_pages_newest_first_and_filters_by_player_and_game(tmp_path: Path) -> None:
    db_path = tmp_path / "hunters.db"
    with Database.open(db_path) as db:
        for number, seats in enumerate(
            [[person("ala"), person("olek")], [person("eve"), person("olek")], [person("ala")]]
        ):
            record = tmp_path / f"finished-{number}.rec"
            game = "comic-hunters" if len(seats) == 1 else "superbohaterowie"
            finished_record(record, seats, game=game, finished=100.0 + number, seed=number)
            db.add_game(record)
        assert [r.finished for r in db.history()] == [102.0, 101.0, 100.0]
        assert [r.finished for r in db.history(limit=1, offset=1)] == [101.0]
        assert [r.finished for r in db.history(name="ALA")] == [102.0, 100.0]
        assert [r.finished for r in db.history(name="ala", game="superbohaterowie")] == [100.0]


# -- rebuilding ----------------------------------------------------------------------------


def _games(tmp_path: Path, count: int) -> list[Path]:
    """``count`` finished records of random seats (people from a small pool, bots, stand-ins),
    finished one second apart, some at the same second (then the file name orders them)."""
    rng = random.Random(7)
    pool = ["ala", "olek", "eve", "zed"]
    paths = []
    for number in range(count):
        seats = [
            person(name) if rng.random() < 0.8 else bot(i + 1)
            for i, name in enumerate(rng.sample(pool, rng.randint(2, 4)))
        ]
        notes = {rng.randint(0, 40): [{"note": "stand-in", "seat": 0}]} if number % 3 == 0 else {}
        path = tmp_path / "table" / f"finished-{number:03}.rec"
        path.parent.mkdir(exist_ok=True)
        finished_record(path, seats, seed=number, notes=notes, finished=5000.0 + number // 2)
        paths.append(path)
    return paths


def test_a_rebuild_gives_the_same_rows_and_ratings_as_adding_one_by_one(tmp_path: Path) -> None:
    """Every row of every table equal, floats exactly, whatever order the records come in."""
    paths = _games(tmp_path, 12)
    incremental = tmp_path / "hunters.db"
    with Database.open(incremental) as db:
        for path in paths:
            db.add_game(path)
        assert len(db.leaderboard("superbohaterowie")) >= 3
    rebuilt = tmp_path / "rebuilt.db"  # beside it: the records are named relative to both
    shuffled = record_files(tmp_path)
    random.Random(3).shuffle(shuffled)
    done = rebuild(rebuilt, shuffled)
    assert (done.games, done.skipped) == (12, ())
    assert done.rated == sum(row[8] for row in dump(incremental)["games"]) > 0
    assert dump(rebuilt) == dump(incremental)
    assert not list(tmp_path.glob("rebuilt.db?*"))  # nothing left beside it


def test_a_rebuild_skips_and_names_unreadable_records_and_keeps_them(tmp_path: Path) -> None:
    paths = _games(tmp_path, 3)
    damaged = paths[1]
    data = bytearray(damaged.read_bytes())
    data[60] ^= 0xFF
    damaged.write_bytes(bytes(data))
    unfinished = tmp_path / "table" / "finished-999.rec"
    finished_record(unfinished, [person("ala"), person("olek")], stop_at=3)
    done = rebuild(tmp_path / "hunters.db", record_files(tmp_path))
    assert done.games == 2
    assert [(p, "damaged" in why or "not finished" in why) for p, why in done.skipped] == [
        (damaged, True),
        (unfinished, True),
    ]
    assert damaged.read_bytes() == bytes(data) and unfinished.exists()


def test_a_rebuild_of_a_database_a_server_has_open_is_refused(tmp_path: Path) -> None:
    """The server would write on into the file replaced: nothing is done."""
    paths = _games(tmp_path, 2)
    path = tmp_path / "hunters.db"
    with Database.open(path) as serving:
        serving.add_game(paths[0])
        siblings = sorted(p.name for p in tmp_path.iterdir())
        with pytest.raises(DatabaseError, match="a running server has it open"):
            rebuild(path, paths)
        assert sorted(p.name for p in tmp_path.iterdir()) == siblings
        serving.add_game(paths[1])
        assert len(serving.history()) == 2
    assert rebuild(path, paths).games == 2


def test_a_rebuild_replaces_a_damaged_database_and_keeps_it_aside(tmp_path: Path) -> None:
    paths = _games(tmp_path, 2)
    path = tmp_path / "hunters.db"
    path.write_bytes(b"not a database at all" * 10)
    assert rebuild(path, paths).games == 2
    with Database.open(path) as db:
        assert len(db.history()) == 2
    (kept,) = tmp_path.glob("hunters.db.replaced-*")
    assert kept.read_bytes() == b"not a database at all" * 10


def test_a_rebuild_leaves_no_stale_journal_of_the_old_file_beside_the_new(
    tmp_path: Path,
) -> None:
    """A damaged file kept aside leaves its WAL behind (a killed server's, here): the new
    file lands in rollback mode and the stale journal is removed, so none of it is applied."""
    paths = _games(tmp_path, 3)
    killed = tmp_path / "killed" / "hunters.db"
    killed.parent.mkdir()
    subprocess.run([sys.executable, "-c", _KILLED, str(killed), str(paths[0])], check=True)
    path = tmp_path / "hunters.db"
    path.write_bytes(b"damaged" * 100)
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"hunters.db{suffix}").write_bytes(
            (killed.parent / f"hunters.db{suffix}").read_bytes()
        )
    rebuild(path, paths[1:])
    assert not (tmp_path / "hunters.db-wal").exists()
    with Database.open(path) as db:
        assert len(db.history()) == 2


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seats=st.lists(st.sampled_from(["ala", "olek", "eve", "zed", "bot"]), min_size=2, max_size=5),
    stand_in=st.one_of(st.none(), st.tuples(st.integers(0, 4), st.integers(0, 80))),
    seed=st.integers(0, 1000),
)
def test_a_rated_game_adds_one_to_each_counted_persons_games_and_never_grows_sigma(
    tmp_path_factory: pytest.TempPathFactory,
    seats: list[str],
    stand_in: tuple[int, int] | None,
    seed: int,
) -> None:
    """Random seats (people repeat, so some games hold one person twice), stand-ins, deals."""
    tmp_path = tmp_path_factory.mktemp("game")
    with Database.open(tmp_path / "hunters.db") as db:
        first = tmp_path / "finished-1.rec"
        finished_record(first, [person("ala"), person("olek"), person("eve"), person("zed")])
        db.add_game(first)
        before = {r.name: r for r in db.leaderboard("superbohaterowie")}
        record = tmp_path / "finished-2.rec"
        filled = [bot(i + 1) if name == "bot" else person(name) for i, name in enumerate(seats)]
        notes = {}
        if stand_in is not None and stand_in[0] < len(seats):
            notes = {stand_in[1]: [{"note": "stand-in", "seat": stand_in[0]}]}
        finished_record(record, filled, seed=seed, notes=notes, finished=3000.0)
        row = db.add_game(record)
        assert row is not None
        after = {r.name: r for r in db.leaderboard("superbohaterowie")}
        rated = {s.name for s in row.seats if s.after is not None}
        assert bool(rated) == row.rated
        for name, line in after.items():
            grew = line.rated_games - before[name].rated_games
            assert grew == (1 if name in rated else 0)
            assert line.rating.sigma <= before[name].rating.sigma
