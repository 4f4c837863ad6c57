"""A guest of ``hunters serve`` reads the server's finished games from the list of tables:
their own games (y), their profile (m), the leaderboards (l) and another player's profile
from one; they replay a game they played from their own seat, and only such a game. In the
server process the apps read the server's open database; in a render worker, the same file
opened read-only (``Database.open_read_only``).

The database is filled from real finished records before the server starts (no game is
played over ssh here), so each test costs a server's start and some keys.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from core.db import DB_FILE, Database, DatabaseError
from core.match import Match
from net.identity import Identity
from net.tables import Tables
from net.tables_screen import LIST_HINT, SR_HINT, STATS_HINT, TablesApp, TablesDoor
from net.worker import Worker
from tests.core.db_records import dump, finished_record, person
from tests.net.e2e_helpers import (
    CARD_WORDS,
    DOWN,
    ENTER,
    ESC,
    LIST_TITLE,
    Terminal,
    connect,
    hand_of,
    kinds,
    players,
    running_server,
    until,
)
from tests.tui import screen_text
from tui.screens.replay import CHUNK, Positions, positions
from tui.screens.stats import NOT_A_PLAYER, RecordReplay
from tui.settings import Settings
from tui.widgets.event_log import EventLog

SEED = 7
"""A deal whose two hands share no kind of card (so one's words never stand for the other's)."""


CTRL_Q = b"\x11"


def _fill(data: Path) -> dict[str, Match]:
    """A private data dir whose database holds two finished games: ala and olek's, then
    olek and bob's (each rated: two people)."""
    data.mkdir(mode=0o700)
    games = data / "games"
    games.mkdir()
    played = {
        "ala-olek": finished_record(
            games / "finished-1.rec", [person("ala"), person("olek")], seed=SEED
        ),
        "olek-bob": finished_record(
            games / "finished-2.rec",
            [person("olek"), person("bob")],
            seed=5,
            started=2_500.0,
            finished=3_000.0,
        ),
    }
    with Database.open(data / DB_FILE) as db:
        for path in sorted(games.iterdir()):
            assert db.add_game(path) is not None
    return played


def _flat(term: Terminal) -> str:
    """The screen's text as one line (a wrapped sentence whole)."""
    return " ".join(line.strip() for line in term.lines)


async def _choose(term: Terminal, marked: str) -> None:
    """Press ↓ until the screen-reader list marks the line starting ``marked``."""
    for _ in range(8):
        if marked in term.text:
            return
        await term.key(DOWN)
    raise AssertionError(f"{marked!r} never marked:\n{term.text}")


def _words(cards: tuple[str, ...]) -> set[str]:
    """How the kinds of ``cards`` are labelled on screen."""
    wanted = set(kinds(cards))
    return {word for word, kind in CARD_WORDS.items() if kind in wanted}


# -- over ssh, in the server process and in a render worker --------------------------------


@pytest.mark.timeout(60)
async def test_a_guest_reads_their_games_profile_and_leaderboards_and_replays_their_own(
    tmp_path: Path, each_mode: str
) -> None:
    """ALA (ala in the database) at 80×24: the list says the keys; y lists her game and not
    olek and bob's; Enter replays it from her seat (her hand, not olek's); m is her
    profile; then in screen-reader mode y reads her game as one marked line, and on the
    leaderboard (l) Enter on bob is bob's profile, whose game she did not play does not
    open."""
    played = _fill(tmp_path / "data")
    deal = Match.replay(played["ala-olek"].record(), upto=0)
    mine, theirs = deal.view(0)["hand"], deal.view(1)["hand"]
    assert not set(kinds(mine)) & set(kinds(theirs))
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ALA", land="list", width=80, height=24) as (ala,),
    ):
        assert LIST_HINT in _flat(ala) and STATS_HINT in _flat(ala)
        ala.send(b"y")
        await ala.wait_for("Your games")
        await ala.wait_for(" won the game; ")
        assert "olek" in ala.text and "bob" not in ala.text
        ala.send(ENTER)
        await ala.wait_for("The deal, from ala's seat")
        await ala.wait_for("Your hand")
        assert sorted(hand_of(ala) or ()) == sorted(kinds(mine))
        shown = ala.text
        assert not any(word in shown for word in _words(theirs))
        ala.send(ESC)
        await ala.wait_for("Enter replay")
        ala.send(ESC)
        await ala.wait_for(LIST_TITLE)
        ala.send(b"p")
        await ala.wait_for("Profile: ala")
        await ala.wait_for("Superbohaterowie: 1 game played")
        ala.send(ESC)
        await ala.wait_for(LIST_TITLE)
        for key in (b"o", b"s", ESC):  # settings: screen-reader mode on (lines marked "> ")
            await ala.key(key)
        await ala.wait_for("Tables. Up and down choose")
        ala.send(b"y")  # her game, read as one marked line
        await ala.wait_for("> Superbohaterowie · ")
        # A game won or not: the winner first, the other without a place ("2nd").
        assert "rated. ala won the game; olek did not win." in _flat(ala)
        assert "bob" not in ala.text
        ala.send(ESC)
        await ala.wait_for("Tables. Up and down choose")
        ala.send(b"l")
        await ala.wait_for("Leaderboard: Superbohaterowie")
        await _choose(ala, "> 2nd bob")  # ala is 1st, bob 2nd
        ala.send(ENTER)
        await ala.wait_for("Profile: bob")
        await _choose(ala, "> Superbohaterowie · ")  # bob's game with olek
        ala.send(ENTER)
        await ala.wait_for(NOT_A_PLAYER)  # said under the keys, besides the toast
        assert "from bob's seat" not in ala.text and "from olek's seat" not in ala.text


@pytest.mark.timeout(40)
async def test_a_login_in_other_letters_is_the_table_s_name_in_a_render_worker(
    tmp_path: Path,
) -> None:
    """dupe joined ala's table and went; DUPE, whose app runs in a render worker, comes to
    it from the list and is dupe there (one guest, connected), as in the server process:
    when ala leaves, the app knows its guest hosts now and opens the setup."""
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", land="list") as (ala,),
    ):
        ala.send(b"c")
        await ala.wait_for("table setup")
        dupe = await connect(served.port, "dupe", land="list")
        await dupe.wait_for("host ala")
        dupe.send(ENTER)
        await dupe.wait_gone(LIST_TITLE)
        hall = served.tables.get("1")
        assert hall is not None
        await until(lambda: "dupe" in hall.guests, "dupe at the table")
        await dupe.close()
        await until(lambda: not hall.guests["dupe"].connected, "dupe gone")
        again = await connect(served.port, "DUPE", land="list")
        try:
            await again.wait_for("host ala")
            again.send(ENTER)
            await again.wait_for("Waiting for the host (ala)")
            assert hall.guests["dupe"].connected and "DUPE" not in hall.guests
            ala.send(CTRL_Q)  # back to the list: dupe hosts now
            await until(lambda: hall.host == "dupe", "dupe hosting")
            await again.wait_for("table setup")
        finally:
            await again.close()


# -- the parts -------------------------------------------------------------------------------


def test_the_read_only_database_reads_what_the_server_wrote_and_writes_nothing(
    tmp_path: Path,
) -> None:
    """A render worker's open: the same history beside the server's open database, a
    write refused, a game the server adds after it opened seen; a missing file is not made,
    another application's file not touched."""
    _fill(tmp_path / "data")
    path = tmp_path / "data" / DB_FILE
    before = dump(path)
    with Database.open(path) as server, Database.open_read_only(path) as worker:
        assert worker.history(name="ALA") == server.history(name="ala") != ()
        assert worker.leaderboard("superbohaterowie") == server.leaderboard("superbohaterowie")
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            worker._db.execute("DELETE FROM seats")
        assert dump(path) == before
        later = tmp_path / "data" / "games" / "finished-3.rec"
        finished_record(later, [person("ala"), person("bob")], seed=3, finished=4_000.0)
        added = server.add_game(later)  # a game finishing while the worker reads on
        assert added is not None and worker.history(1, name="ala")[0].id == added.id
    missing = tmp_path / "missing.db"
    with pytest.raises(DatabaseError, match="does not exist"):
        Database.open_read_only(missing)
    assert not missing.exists()
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    kept = other.read_bytes()
    with pytest.raises(DatabaseError, match="not a Hunters database"):
        Database.open_read_only(other)
    assert other.read_bytes() == kept


def test_a_worker_without_its_database_says_so_in_a_sentence(tmp_path: Path) -> None:
    """No database in the data dir (or none told): the screens' problem sentence, no path."""
    source, problem = Worker(tmp_path).stats()
    assert source is None and problem.endswith(".") and str(tmp_path) not in problem
    source, problem = Worker().stats()
    assert source is None and problem == "This server keeps no finished games."


def test_a_seat_replay_shows_that_seat_s_hand_and_builds_as_it_is_read(tmp_path: Path) -> None:
    """From seat 0: every position's view is seat 0's (its hand, nobody else's), with the
    events addressed to it; positions are replayed only as far as they are read."""
    match = finished_record(tmp_path / "g.rec", [person("ala"), person("olek")], seed=SEED)
    names = ("ala", "olek")
    lazy = Positions(match, names, seat=0)
    assert lazy.built == 0 and len(lazy) == len(match.steps) + 1
    assert lazy[3].view["seat"] == 0 and lazy.built == 3
    seen = positions(match, names, seat=0)
    spectator = positions(match, names)
    replay = Match.replay(match.record(), upto=0)
    assert seen[0].view == replay.view(0)
    for step, position in zip(match.steps, seen[1:], strict=True):
        replay.act(*step)
        assert position.view == replay.view(0) and position.view["hand"] is not None
    assert all(p.view["hand"] is None for p in spectator)
    assert sum(map(len, (p.events for p in seen))) > sum(map(len, (p.events for p in spectator)))


async def _until_at(pilot: Any, replay: RecordReplay, at: int) -> None:
    """Wait until the replay shows position ``at`` (a jump's chunks take some turns)."""
    for _ in range(200):
        if replay.at == at:
            return
        await pilot.pause(0.01)
    raise AssertionError(f"the replay is at {replay.at}, not {at}")


async def test_end_replays_a_long_game_in_chunks_and_lands_on_the_last_move(
    tmp_path: Path,
) -> None:
    """A game longer than a chunk: End reaches its last move (the moves between replayed
    and logged a chunk at a time), the heading says whose seat it is, and the log has every
    move's events in order; ← from there logs afresh up to the move before."""
    match = finished_record(
        tmp_path / "g.rec", [person("ala"), person("olek")], game="shardhunters", seed=1
    )
    assert len(match.steps) > 2 * CHUNK
    app = TablesApp(TablesDoor(Tables(tmp_path / "d"), Identity("ala", None, "::1")), "ala")
    async with app.run_test(size=(80, 24)) as pilot:
        replay = RecordReplay(match, ("ala", "olek"), seat=1)
        await app.push_screen(replay)
        await pilot.press("end")
        last = len(match.steps)
        await _until_at(pilot, replay, last)
        assert replay.positions.built == last
        assert f"Move {last} of {last}, from olek's seat" in screen_text(app)
        log = replay.query_one(EventLog)
        moves = [int(text.split(".")[0]) for text in log.lines_shown[1:]]
        assert moves == sorted(moves) and moves[-1] == last and moves[0] <= CHUNK
        await pilot.press("left")
        await _until_at(pilot, replay, last - 1)
        assert not any(text.startswith(f"{last}. ") for text in log.lines_shown)
        await pilot.press("home")
        assert replay.at == 0 and "The deal, from olek's seat" in screen_text(app)


async def test_a_server_without_a_database_says_so_and_the_keys_are_in_help(
    tmp_path: Path,
) -> None:
    """The list's keys y, p and l open the screens even with nothing to read; screen-reader
    mode's key line names them."""
    tables = Tables(tmp_path / "data")
    app = TablesApp(TablesDoor(tables, Identity("ala", None, "::1")), "ala", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        assert "This server keeps no finished games." in screen_text(app)
        await pilot.press("escape", "l")
        assert "Leaderboard:" in screen_text(app)
    assert "y shows your finished games, p your profile, l the leaderboards" in SR_HINT
    await tables.aclose()
