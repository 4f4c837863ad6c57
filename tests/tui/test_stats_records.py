"""A local game that finishes is kept as the server keeps one: a record file and a row in
the database beside it; a database that cannot be used loses no game and stops nothing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from core.db import Database
from core.recordfile import read_record
from core.table import Seat, TableSetup
from tests.core.db_records import finished_record
from tui.app import HuntersApp, LocalGameScreen
from tui.records import LocalRecords
from tui.settings import Settings

PEOPLE = (Seat("Ala"), Seat("Ola"))
AGAINST_BOTS = (Seat("Ala"), Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random"))


async def _play_to_the_end(app: HuntersApp, pilot: object, setup: TableSetup) -> None:
    """Start ``setup`` through the app and play the people's seats at random to the end
    (bots play themselves); the app's own end-of-game path does the rest."""
    app.start_game(setup)
    await pilot.pause()  # type: ignore[attr-defined]
    screen = next(s for s in app.screen_stack if isinstance(s, LocalGameScreen))
    rng = random.Random(7)
    async with asyncio.timeout(60):
        while screen.table is None or screen.table.match.outcome() is None:
            await pilot.pause()  # type: ignore[attr-defined]
            table = screen.table
            if table is None or table.match.outcome() is not None:
                continue
            people = [s for s in table.match.to_act() if setup.seats[s].kind == "human"]
            if people:
                seat = people[0]
                await table.submit(seat, rng.choice(table.match.legal(seat)))
        await pilot.pause()  # type: ignore[attr-defined]


def _app(records: LocalRecords) -> HuntersApp:
    app = HuntersApp(Settings(bot_delay=0, summaries=False, confirmations=False))
    app.records = records
    return app


async def test_a_hot_seat_game_is_recorded_and_rated(tmp_path: Path) -> None:
    """Two people at one keyboard: the record has their seats, start and finish, and the
    database rates the game."""
    records = LocalRecords(tmp_path / "records")
    app = _app(records)
    async with app.run_test(size=(100, 32)) as pilot:
        await _play_to_the_end(app, pilot, TableSetup("superbohaterowie", PEOPLE, {}, 5))
        files = sorted(records.directory.glob("finished-*.rec"))
        assert len(files) == 1
        match, meta = read_record(files[0])
        assert match.outcome() is not None
        assert meta["seats"] == (("Ala", "human", ""), ("Ola", "human", ""))
        assert isinstance(meta["started"], float)
        assert [n["note"] for n in meta["notes"]] == ["finished"]
        assert meta["notes"][0]["actions"] == len(match.steps)
    with Database.open(records.database_path) as db:
        (row,) = db.history()
        assert row.rated and row.record == files[0]
        assert {s.name for s in db.leaderboard("superbohaterowie")} == {"Ala", "Ola"}


async def test_a_game_against_bots_is_recorded_not_rated(tmp_path: Path) -> None:
    """One person and two bots: recorded, not rated, and the reason is kept."""
    records = LocalRecords(tmp_path / "records")
    app = _app(records)
    async with app.run_test(size=(100, 32)) as pilot:
        await _play_to_the_end(app, pilot, TableSetup("orb-hunters", AGAINST_BOTS, {}, 3))
    with Database.open(records.database_path) as db:
        (row,) = db.history()
        assert not row.rated and row.why_not_rated == "only one person played"
        assert [s.kind for s in row.seats] == ["human", "bot", "bot"]
        assert db.leaderboard("orb-hunters") == ()


async def test_a_damaged_database_keeps_the_record_and_says_one_sentence(
    tmp_path: Path,
) -> None:
    """A database file that is not one: the game is still kept as its file, the player is
    told in one sentence (no traceback), the table stays, and the file is left byte for
    byte as it was."""
    records = LocalRecords(tmp_path / "records")
    records.directory.mkdir(parents=True)
    damaged = b"SQLite format 3\x00" + bytes(range(256)) * 8
    records.database_path.write_bytes(damaged)
    app = _app(records)
    async with app.run_test(size=(100, 32)) as pilot:
        await _play_to_the_end(app, pilot, TableSetup("superbohaterowie", PEOPLE, {}, 5))
        told = [n.message for n in app._notifications]
        assert len(told) == 1
        assert told[0].startswith(f"Your games database {records.database_path} cannot be used")
        assert told[0].endswith(f"finished games are still kept as files in {records.directory}.")
        assert "Traceback" not in told[0]
        assert any(isinstance(s, LocalGameScreen) for s in app.screen_stack)
        assert not app._exit
    assert len(list(records.directory.glob("finished-*.rec"))) == 1
    assert records.database_path.read_bytes() == damaged


async def test_an_app_that_keeps_no_files_records_nothing(tmp_path: Path) -> None:
    """A served guest's app or a test's (no records set) writes no record."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False, confirmations=False))
    async with app.run_test(size=(100, 32)) as pilot:
        await _play_to_the_end(app, pilot, TableSetup("superbohaterowie", PEOPLE, {}, 5))
    assert app.records is None
    assert not list(tmp_path.rglob("finished-*.rec"))


def test_a_finished_whoosh_game_is_kept_too(tmp_path: Path) -> None:
    """Whoosh is never saved mid-game, but its finished game is recorded like any other,
    its moves' times with it (the replay needs them)."""
    seats = (("Ala", "human", ""), ("Ola", "human", ""))
    match = finished_record(tmp_path / "played.rec", seats, game="whoosh", seed=4)
    assert match.outcome() is not None
    records = LocalRecords(tmp_path / "records")
    kept = records.keep(match, tuple(Seat(*seat) for seat in seats), 1_000.0)
    assert kept.problem == "" and kept.record is not None
    again, meta = read_record(kept.record)
    assert again.steps == match.steps and meta["started"] == 1_000.0
    (row,) = records.database().history()
    assert row.game == "whoosh" and row.rated and row.duration is not None
    records.close()
