"""The served table and the players' database: a finished game is added and rated, an
abandoned one changes nothing, stand-ins are noted in the record and counted by the rule;
``hunters serve --rebuild-db`` rebuilds from the records, and a damaged database stops the
server in one line before anything is touched."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

import pytest

from core.db import DB_FILE, Database
from core.engine import IllegalAction
from core.recordfile import read_record
from net.cli import main
from net.hall import RECORD, Hall
from tests.core.db_records import dump, finished_record, person
from tests.net.e2e_helpers import (
    connect,
    play_until,
    players,
    running_server,
    seat_players,
)
from tests.net.hall_setups import bare_hall, seated_hall
from tests.net.test_e2e_names import new_key


async def _play_out(hall: Hall, *people: int, seed: int = 4) -> None:
    """The seats ``people`` play random legal moves (the rest are bots) until the end."""
    table = hall.table
    assert table is not None
    rng = random.Random(seed)
    async with asyncio.timeout(60):
        while hall.phase == "playing":
            acting = sorted(set(table.match.to_act()) & set(people))
            if not acting:
                await asyncio.sleep(0.002)
                continue
            seat = acting[0]
            with contextlib.suppress(IllegalAction):  # a bot moved first: look again
                await table.submit(seat, rng.choice(table.match.legal(seat)))


async def test_a_finished_game_is_added_and_rates_its_players(tmp_path: Path) -> None:
    """ala and olek play to the end beside a bot: the record (named finished-*) carries
    the start and finish times, and the database has the game and both ratings."""
    with Database.open(tmp_path / DB_FILE) as db:
        hall = await seated_hall(tmp_path, database=db)
        try:
            await _play_out(hall, 0, 1)
        finally:
            await hall.close()
        (record,) = (tmp_path / "data").glob("finished-*.rec")
        _, meta = read_record(record)
        (finished,) = meta["notes"]
        assert finished["note"] == "finished" and finished["at"] >= meta["started"]
        (row,) = db.history()
        assert row.record == record.absolute() and row.rated
        assert row.finished == finished["at"] and row.started == meta["started"]
        assert [s.name for s in row.seats] == ["ala", "olek", "Bot"]
        assert sorted(r.name for r in db.leaderboard("superbohaterowie")) == ["ala", "olek"]


async def test_an_abandoned_game_changes_nothing(tmp_path: Path) -> None:
    """The host ends the game: its record is abandoned-*, and no game, player or rating is
    in the database; a restart adds nothing either."""
    with Database.open(tmp_path / DB_FILE) as db:
        hall = await seated_hall(tmp_path, database=db)
        try:
            table = hall.table
            assert table is not None
            seat = min(table.match.to_act())
            await table.submit(seat, table.match.legal(seat)[0])
            await hall.end_game("ala")
        finally:
            await hall.close()
        again = bare_hall(tmp_path, database=db)
        assert await again.resume() is False
        await again.close()
    assert len(list((tmp_path / "data").glob("abandoned-*.rec"))) == 1
    tables = dump(tmp_path / DB_FILE)
    assert tables["games"] == tables["players"] == tables["ratings"] == []


async def test_a_seat_a_stand_in_played_is_noted_and_the_game_not_rated(tmp_path: Path) -> None:
    """olek leaves his seat at once and a bot plays all of it: the record notes the stand-in,
    the seat's share is all of it, and with one person left the game is not rated."""
    with Database.open(tmp_path / DB_FILE) as db:
        hall = await seated_hall(tmp_path, database=db)
        try:
            hall.leave_seat("olek")
            _, meta = read_record(tmp_path / "data" / RECORD)
            assert meta["notes"] == ({"note": "stand-in", "seat": 1, "actions": 0},)
            await _play_out(hall, 0)
        finally:
            await hall.close()
        (row,) = db.history()
        assert not row.rated and row.seats[1].stand_in_share == 1.0
        assert row.why_not_rated == "stand-in bots played most of the moves of all but one person"
        assert db.leaderboard("superbohaterowie") == ()


async def test_a_player_back_at_their_seat_is_noted(tmp_path: Path) -> None:
    hall = await seated_hall(tmp_path)
    try:
        hall.leave_seat("olek")
        hall.take_back("olek")
        _, meta = read_record(tmp_path / "data" / RECORD)
        assert [(n["note"], n.get("seat")) for n in meta["notes"]] == [
            ("stand-in", 1),
            ("back", 1),
        ]
    finally:
        await hall.close()


async def test_a_game_found_finished_at_a_restart_is_added(tmp_path: Path) -> None:
    """The server was killed after the last move, before the record was renamed."""
    data = tmp_path / "data"
    data.mkdir()
    finished_record(data / RECORD, [person("ala"), person("olek")], finished=None)
    with Database.open(tmp_path / DB_FILE) as db:
        hall = bare_hall(tmp_path, database=db)
        assert await hall.resume() is False
        (row,) = db.history()
        assert row.rated and row.record.name.startswith("finished-")


def test_rebuild_db_rebuilds_from_the_records_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    (data / "table").mkdir(parents=True, mode=0o700)
    data.chmod(0o700)
    for number in range(3):
        seats = [person("ala"), person("olek")] if number < 2 else [person("ala")]
        game = "superbohaterowie" if number < 2 else "comic-hunters"
        finished_record(data / "table" / f"finished-{number}.rec", seats, game=game, seed=number)
    (data / "table" / "finished-9.rec").write_bytes(b"garbage")
    assert main(["serve", "--data-dir", str(data), "--rebuild-db"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Rebuilt {data / DB_FILE} from 3 finished games (2 rated)."
    assert out[1].startswith("Skipped 1 record that could not be read, left as it is: ")
    assert "finished-9.rec (" in out[1]
    assert len(out) == 2
    assert (data / "table" / "finished-9.rec").read_bytes() == b"garbage"
    with Database.open(data / DB_FILE) as db:
        assert len(db.history()) == 3


def test_a_damaged_database_stops_the_server_in_one_line_and_is_not_touched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    (data / DB_FILE).write_bytes(b"this is no database" * 10)
    assert main(["serve", "--data-dir", str(data), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(data / DB_FILE) in err and "--rebuild-db" in err
    assert (data / DB_FILE).read_bytes() == b"this is no database" * 10
    assert sorted(p.name for p in data.iterdir() if p.name.startswith(DB_FILE)) == [DB_FILE]


async def test_a_seat_the_host_gave_to_a_bot_stays_a_stand_in_after_a_restart(
    tmp_path: Path,
) -> None:
    """The restarted table plays the seat with a bot of its own: the record says a stand-in
    plays it still, so its moves are not counted as olek's."""
    hall = await seated_hall(tmp_path)
    hall.replace_seat("ala", 1, None)
    await hall.close()
    again = bare_hall(tmp_path)
    try:
        assert await again.resume() is True
        _, meta = read_record(tmp_path / "data" / RECORD)
        assert [(n["note"], n.get("seat")) for n in meta["notes"]] == [
            ("stand-in", 1),
            ("resumed", None),
            ("stand-in", 1),
        ]
    finally:
        await again.close()


@pytest.mark.timeout(90)
async def test_a_game_played_to_the_end_over_ssh_rates_both_players(tmp_path: Path) -> None:
    """ala and olek play a whole game by keys against a bot; the server's database then has
    it, rated, with both of them on the leaderboard (and olek's key bound there)."""
    key = new_key()
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala") as (ala,),
    ):
        olek = await connect(served.port, "olek", client_keys=[key])
        try:
            await seat_players(ala, olek)
            hall = served.hall
            await play_until([ala, olek], lambda: hall.phase == "over", timeout=60)
        finally:
            await olek.close()
    with Database.open(tmp_path / "data" / DB_FILE) as db:
        (row,) = db.history()
        assert row.rated and [s.kind for s in row.seats] == ["human", "human", "bot"]
        assert sorted(r.name for r in db.leaderboard("superbohaterowie")) == ["ala", "olek"]
        assert list(db.key_bindings()) == ["olek"]
