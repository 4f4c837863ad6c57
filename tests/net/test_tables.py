"""The hall of many tables: created, listed, found by invite code, removed when left empty,
and every unfinished one resumed after the server is killed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.engine import IllegalAction
from core.games import GAMES
from core.table import Seat, TableSetup
from net.hall import OPEN, RECORD, Hall
from net.identity import INVITE_ALPHABET
from net.lobby import lobby_lines
from net.tables import INFO, TABLES, TableInfo, Tables
from net.tables_screen import table_line
from tests.net.test_hall_records import _record

pytestmark = pytest.mark.timeout(30)

TWO_OPEN_AND_A_BOT = TableSetup(
    "superbohaterowie", (Seat("open", OPEN), Seat("open", OPEN), Seat("Bot", "bot", "random"))
)
TITLE = GAMES["superbohaterowie"].title


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    hall = Tables(tmp_path / "data", bot_delay=10)
    yield hall
    await hall.aclose()


async def settled(tables: Tables) -> None:
    """Let the tables being removed finish closing."""
    for _ in range(5):
        await asyncio.sleep(0)


async def playing(hall: Hall, *names: str) -> None:
    """``names`` (the first hosting) sit down at ``hall`` and the game starts."""
    for name in names:
        hall.arrive(name)
    hall.configure(names[0], TableSetup("superbohaterowie", tuple(Seat("o", OPEN) for _ in names)))
    for seat, name in enumerate(names):
        hall.take_seat(name, seat)
    await hall.start(names[0])


# -- creating and finding ---------------------------------------------------------------------


async def test_a_new_table_is_a_hall_of_its_own_in_its_own_directory(tables: Tables) -> None:
    """Each table gets a short id and its own directory under tables/, hosted by its maker."""
    first = tables.create("ala")
    second = tables.create("ola", name="  Friday night  ")
    assert (tables.id_of(first), tables.id_of(second)) == ("1", "2")
    assert first.data_dir == tables.data_dir / TABLES / "1" and first.data_dir.is_dir()
    assert second.data_dir == tables.data_dir / TABLES / "2"
    assert (first.host, second.host) == ("ala", "ola")
    assert [(t.id, t.name) for t in tables.listing()] == [
        ("1", "ala's table"),
        ("2", "Friday night"),
    ]
    assert tables.get("2") is second and tables.get("3") is None


@pytest.mark.parametrize("name", ["\x1b[31mred", "tab\there", "x" * 25, "bidi\u202eevil"])
async def test_a_name_that_cannot_be_shown_is_refused(tables: Tables, name: str) -> None:
    """A table's name goes into every guest's list: control characters and long names are
    refused with the rule, and no table is made."""
    with pytest.raises(IllegalAction, match="a table's name is 1–24 letters"):
        tables.create("ala", name=name)
    assert tables.listing() == ()


async def test_private_tables_get_unguessable_well_formed_codes(tables: Tables) -> None:
    """Each private table has its own code of 4 characters without look-alikes; a public
    one has none."""
    tables.max_tables = 60
    halls = [tables.create(f"p{n}", private=True) for n in range(50)]
    codes = [tables.code_of(tables.id_of(hall) or "") for hall in halls]
    assert all(c is not None and len(c) == 4 and set(c) <= set(INVITE_ALPHABET) for c in codes)
    assert len(set(codes)) == 50
    assert len({c[0] for c in codes if c}) > 5  # drawn at random, not counted up
    public = tables.create("ala")
    assert tables.code_of(tables.id_of(public) or "") is None


async def test_by_code_finds_a_private_table_in_any_case(tables: Tables) -> None:
    """The code as typed, in small or capital letters, leads to its table; others to none."""
    tables.create("ola", private=True)
    hall = tables.create("ala", private=True)
    code = tables.code_of(tables.id_of(hall) or "")
    assert code is not None
    assert tables.by_code(code) is hall
    assert tables.by_code(code.lower()) is hall
    wrong = "".join(INVITE_ALPHABET[(INVITE_ALPHABET.index(c) + 1) % 31] for c in code)
    assert tables.by_code(wrong) is not hall
    assert tables.by_code("") is None and tables.by_code("K0QF") is None


async def test_past_the_limit_a_new_table_is_refused_politely(tables: Tables) -> None:
    """With its 20 tables (the default) the server says so and makes no 21st."""
    for n in range(20):
        tables.create(f"p{n}")
    with pytest.raises(IllegalAction) as refused:
        tables.create("ala")
    assert str(refused.value) == "The server has its 20 tables already; join one or try later."
    assert len(tables.listing()) == 20


# -- the list -----------------------------------------------------------------------------------


async def test_the_listing_says_game_seats_phase_spectators_and_host(tables: Tables) -> None:
    """Each line: the game (or "not set up"), seats taken and open to players, the phase in
    words, who watches and who hosts; a private table is marked, never with its code."""
    hall = tables.create("ala", name="Ala's", private=True)
    assert tables.listing() == (
        TableInfo("1", "Ala's", "not set up", 0, 0, "waiting", 0, "ala", True),
    )
    hall.arrive("ala")
    hall.arrive("ola")
    hall.arrive("eve")
    hall.configure("ala", TWO_OPEN_AND_A_BOT)
    hall.take_seat("ala", 0)
    waiting = TableInfo("1", "Ala's", TITLE, 1, 1, "waiting", 2, "ala", True, bots=1)
    assert tables.listing()[0] == waiting
    hall.take_seat("ola", 1)
    await hall.start("ala")
    (line,) = tables.listing()
    assert (line.seats_taken, line.seats_open, line.phase, line.spectators) == (2, 0, "playing", 1)
    code = tables.code_of("1")
    assert code is not None and code not in repr(line)
    await hall.end_game("ala")
    assert tables.listing()[0].phase == "waiting"


@pytest.mark.parametrize(
    ("taken", "open_", "bots", "words"),
    [
        (2, 0, 0, "2 of 2 seats taken"),
        (1, 0, 2, "1 of 1 seats taken + 2 bots"),
        (1, 1, 1, "1 of 2 seats taken + 1 bot"),
        (0, 0, 3, "3 bots"),
    ],
)
def test_a_table_line_counts_its_bots_among_its_seats(
    taken: int, open_: int, bots: int, words: str
) -> None:
    """A table of one player and two bots is not "1 of 1 seats taken" (read as a table for one,
    seen in play): the line adds the bots to the players' seats."""
    info = TableInfo("1", "ala's table", TITLE, taken, open_, "playing", 0, "ala", False, bots=bots)
    assert table_line(info) == f"ala's table: {TITLE}, playing, {words}, host ala"


async def test_a_finished_game_is_listed_as_over(tables: Tables) -> None:
    hall = tables.create("ala")
    await playing(hall, "ala", "ola")
    hall._game_over()
    assert tables.listing()[0].phase == "over"


# -- listening -------------------------------------------------------------------------------


async def test_subscribers_hear_of_new_tables_and_of_each_table_s_changes(tables: Tables) -> None:
    """A listener is told when a table is made and whenever a table's own hall changes."""
    heard: list[int] = []

    def listener() -> None:
        heard.append(len(tables))

    tables.subscribe(listener)
    hall = tables.create("ala")
    assert heard == [1]
    hall.arrive("ala")
    hall.arrive("ola")
    assert heard == [1, 1, 1]
    tables.unsubscribe(listener)
    hall.depart("ola")
    tables.create("eve")
    assert heard == [1, 1, 1]


async def test_a_listener_that_raises_stops_no_other(
    tables: Tables, caplog: pytest.LogCaptureFixture
) -> None:
    """One broken screen's listener is logged; the others still hear, and the table works."""

    def broken() -> None:
        raise RuntimeError("broken screen")

    heard: list[str] = []
    tables.subscribe(broken)
    tables.subscribe(lambda: heard.append("heard"))
    hall = tables.create("ala")
    hall.arrive("ala")
    assert heard == ["heard", "heard"]
    assert "broken screen" in caplog.text


# -- leaving -----------------------------------------------------------------------------------


async def test_a_table_left_empty_is_removed_with_its_directory(tables: Tables) -> None:
    """The last guest leaving a table with no game under way removes it; with nothing
    recorded there, its directory goes too."""
    heard: list[int] = []
    tables.subscribe(lambda: heard.append(len(tables)))
    hall = tables.create("ala")
    other = tables.create("ola")
    hall.arrive("ala")
    hall.arrive("eve")
    hall.depart("ala")
    assert [t.id for t in tables.listing()] == ["1", "2"]  # eve is still there
    hall.depart("eve")
    await settled(tables)
    assert [t.id for t in tables.listing()] == ["2"] and heard[-1] == 1
    assert not hall.data_dir.exists()
    assert tables.get("2") is other and other.data_dir.is_dir()


async def test_a_game_under_way_keeps_its_table_while_its_players_are_away(
    tables: Tables,
) -> None:
    """Players who dropped mid-game keep their seats, so the table stays; once the game is
    over and they are gone it is removed, its directory kept for the finished record."""
    hall = tables.create("ala")
    await playing(hall, "ala", "ola")
    hall.depart("ala")
    hall.depart("ola")
    await settled(tables)
    assert [t.id for t in tables.listing()] == ["1"]
    hall._game_over()  # the bots standing in finish it
    await settled(tables)
    assert tables.listing() == ()
    assert [p.name.startswith("finished-") for p in hall.data_dir.glob("*.rec")] == [True]


async def test_a_closed_table_with_a_game_under_way_resumes_at_the_next_start(
    tmp_path: Path,
) -> None:
    """`close` ends a table's hall but keeps its unfinished record; `resume_all` brings it
    back, with its name and its invite code."""
    tables = Tables(tmp_path / "data", bot_delay=10)
    hall = tables.create("ala", private=True, name="Ala's")
    code = tables.code_of("1")
    await playing(hall, "ala", "ola")
    await tables.close("1")
    assert tables.listing() == () and (hall.data_dir / RECORD).exists()
    again = Tables(tmp_path / "data", bot_delay=10)
    try:
        assert await again.resume_all() == 1
        assert code is not None and again.by_code(code.lower()) is again.get("1")
        assert again.listing()[0] == TableInfo("1", "Ala's", TITLE, 2, 0, "playing", 0, None, True)
        assert again.create("eve") is again.get("2")
    finally:
        await again.aclose()


# -- after a kill ------------------------------------------------------------------------------


def _two_tables_killed_mid_game(root: Path) -> None:
    """What a server killed with two games under way leaves: two records in progress."""
    root.mkdir(mode=0o700)
    for table_id, names in (("1", ("ala", "ola")), ("2", ("eve", "bob"))):
        (root / table_id).mkdir(mode=0o700)
        _record(root / table_id / RECORD, *((n, OPEN, "") for n in names), moves=3)


async def test_every_unfinished_table_resumes_with_its_seats(tmp_path: Path) -> None:
    """Both games come back where they stopped, each in its own hall, seats waiting for
    their players; a directory with only finished games is no table."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    _two_tables_killed_mid_game(data / TABLES)
    (data / TABLES / "7").mkdir(mode=0o700)
    (data / TABLES / "7" / "finished-1.rec").write_bytes(b"")
    tables = Tables(data, bot_delay=10)
    try:
        assert await tables.resume_all() == 2
        listing = tables.listing()
        assert [(t.id, t.name, t.phase, t.seats_taken) for t in listing] == [
            ("1", "table 1", "playing", 2),
            ("2", "table 2", "playing", 2),
        ]
        one, two = tables.get("1"), tables.get("2")
        assert one is not None and one.table is not None and two is not None
        assert one.table.names == ("ala", "ola") and one.table.match.version == 3
        assert sorted(two.guests) == ["bob", "eve"]
        assert not any(g.connected for g in two.guests.values())
        assert tables.id_of(tables.create("ala")) == "8"  # past every directory kept
    finally:
        await tables.aclose()


async def test_a_damaged_record_is_named_and_kept_and_the_other_table_resumes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A record damaged mid-file is refused (named in the log, kept on disk in its table's
    directory); the other table comes up all the same."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    _two_tables_killed_mid_game(data / TABLES)
    damaged = data / TABLES / "1" / RECORD
    content = bytearray(damaged.read_bytes())
    content[len(content) // 2] ^= 0xFF
    damaged.write_bytes(bytes(content))
    tables = Tables(data, bot_delay=10)
    try:
        with caplog.at_level(logging.ERROR):
            assert await tables.resume_all() == 1
        assert [t.id for t in tables.listing()] == ["2"]
        assert "table 1 was not resumed" in caplog.text
        assert [p.read_bytes() for p in (data / TABLES / "1").glob("*.rec")] == [bytes(content)]
    finally:
        await tables.aclose()


async def test_a_table_whose_resume_raises_touches_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A hall failing in a way nobody foresaw while resuming is logged with its table; its
    record stays as it was, the other table resumes."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    _two_tables_killed_mid_game(data / TABLES)
    kept = (data / TABLES / "2" / RECORD).read_bytes()
    real = Hall.resume

    async def resume(self: Hall) -> bool:
        if self.data_dir.name == "2":
            raise LookupError("no such game here")
        return await real(self)

    monkeypatch.setattr(Hall, "resume", resume)
    tables = Tables(data, bot_delay=10)
    try:
        assert await tables.resume_all() == 1
        assert [t.id for t in tables.listing()] == ["1"]
        assert "cannot resume table 2" in caplog.text and "no such game here" in caplog.text
        assert (data / TABLES / "2" / RECORD).read_bytes() == kept
    finally:
        await tables.aclose()


async def test_the_one_table_of_an_older_server_is_moved_in_once(tmp_path: Path) -> None:
    """A server upgraded mid-game: its table/ moves to tables/<new id>/ and its game
    resumes; the next start finds it there and moves nothing."""
    data = tmp_path / "data"
    (data / "table").mkdir(parents=True, mode=0o700)
    match = _record(data / "table" / RECORD, ("ala", OPEN, ""), ("ola", OPEN, ""), moves=2)
    (data / "table" / "finished-1.rec").write_bytes(b"kept")
    tables = Tables(data, bot_delay=10)
    try:
        assert await tables.resume_all() == 1
    finally:
        await tables.aclose()
    assert not (data / "table").exists()
    assert (data / TABLES / "1" / "finished-1.rec").read_bytes() == b"kept"
    again = Tables(data, bot_delay=10)
    try:
        assert await again.resume_all() == 1
        hall = again.get("1")
        assert hall is not None and hall.table is not None
        assert hall.table.match.version == match.version
        assert sorted(p.name for p in (data / TABLES).iterdir()) == ["1"]
        assert (data / TABLES / "1" / INFO).exists()
    finally:
        await again.aclose()


async def test_a_table_the_disk_refuses_is_refused_in_words(
    tables: Tables, caplog: pytest.LogCaptureFixture
) -> None:
    """When its directory cannot be made (here the tables' directory is a file), the guest
    is told the server cannot make a table, and the log says why."""
    tables.data_dir.mkdir(mode=0o700)
    (tables.data_dir / TABLES).write_text("not a directory")
    with pytest.raises(IllegalAction, match="the server cannot make a new table now"):
        tables.create("ala")
    assert "cannot make table 1" in caplog.text and tables.listing() == ()


async def test_the_host_reads_how_friends_come_to_the_table(tables: Tables) -> None:
    """Friends who log in land in the list of tables: the host of a public table reads the
    command and which table to choose there; a private table's line is its invite code; a
    hall of its own (no list: ``hunters host`` before the list) says the command alone."""
    tables.set_address("ssh -p 2222 NAME@host")
    public, private = tables.create("ala"), tables.create("ola", private=True)
    alone = Hall(tables.data_dir / "alone", address="ssh -p 2222 NAME@host")
    for hall, host in ((public, "ala"), (private, "ola"), (alone, "eve")):
        hall.arrive(host)
        hall.configure(host, TWO_OPEN_AND_A_BOT)

    def said(hall: Hall, guest: str) -> list[str]:
        return [line.plain for line in lobby_lines(hall, guest) if "ssh -p" in line.plain]

    assert said(public, "ala") == [
        "Friends join with: ssh -p 2222 NAME@host, then choose ala's table in the list."
    ]
    code = tables.code_of("2")
    assert said(private, "ola") == [
        f"Private table, invite code {code}: ssh -p 2222 NAME+{code}@host"
    ]
    assert said(alone, "eve") == ["Friends join with: ssh -p 2222 NAME@host"]
