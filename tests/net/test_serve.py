"""``net.serve.app_factory``: the hall takes a guest in first, then the key book binds them.

The factory is called with a session's info as its app starts; these tests call it directly
with a hall and an Identity resolved in a key book in tmp_path, and look at which app it
built, who is at the hall, and what the key book holds.
"""

from __future__ import annotations

import asyncio
import logging
import re
import subprocess
from pathlib import Path

import asyncssh
import pytest

from core.table import Seat, TableSetup
from net.hall import OPEN, Hall
from net.identity import KEYBOOK_FILE, Identity, KeyBook
from net.serve import (
    TERMINAL_FORMAT,
    TIME_FORMAT,
    GuestApp,
    Refused,
    SafeFormatter,
    ServeOptions,
    app_factory,
    closing_line,
    hosting,
)
from net.session import SessionInfo
from net.tables import Tables
from tests.net.e2e_helpers import SSH, WAIT, connect, start_server_process, until
from tests.net.test_openssh import QUIET_OPTIONS
from tui.settings import Settings

pytestmark = pytest.mark.timeout(30)

KEY_A = "SHA256:" + "A" * 43
KEY_B = "SHA256:" + "B" * 43
TWO_OPEN = TableSetup("superbohaterowie", (Seat("open", OPEN), Seat("open", OPEN)))
INFO = SessionInfo("ala", ("127.0.0.1", 50_000), "xterm", (80, 24))


def book(tmp_path: Path) -> KeyBook:
    return KeyBook(tmp_path / KEYBOOK_FILE)


_TABLES: dict[int, Tables] = {}
"""Each table these tests made, by its hall's id(): the server's tables it is one of."""


def table(tmp_path: Path, host: str, **options: float) -> Hall:
    """One table of a server's tables in tmp_path, hosted by ``host`` (not arrived yet)."""
    tables = Tables(tmp_path / "data", **options)  # type: ignore[arg-type]
    hall = tables.create(host)
    _TABLES[id(hall)] = tables
    return hall


def arrive(hall: Hall, name: str, key: str | None, keys: KeyBook) -> object:
    """What a session logged in as ``name`` with ``key`` starts: the factory's app (at
    ``hall``, the only table, if it holds the name)."""
    identity = Identity(name, key, "127.0.0.1", keybook=keys)
    return app_factory(_TABLES[id(hall)], identity, Settings())(INFO)


def test_a_key_the_table_turns_away_binds_nothing(tmp_path: Path) -> None:
    """Keyless ala is at the table: key A logging in as ala is refused and ala stays free."""
    hall, keys = table(tmp_path, "ala"), book(tmp_path)
    hall.arrive("ala")
    app = arrive(hall, "ala", KEY_A, keys)
    assert isinstance(app, Refused) and app.reason == "ala is already at this table"
    assert not keys.is_bound("ala") and keys.name_of(KEY_A) is None


def test_a_key_the_server_takes_in_is_bound(tmp_path: Path) -> None:
    """Olek with key A logs in: he lands in the list of tables (no table holds his name)
    and the name is key A's from then on; a table he comes to knows his key."""
    hall, keys = table(tmp_path, "ala"), book(tmp_path)
    app = arrive(hall, "olek", KEY_A, keys)
    assert isinstance(app, GuestApp) and not app.at_table and "olek" not in hall.guests
    assert keys.key_of("olek") == KEY_A
    assert book(tmp_path).key_of("olek") == KEY_A  # saved
    assert app.door.arrive(hall) is hall  # type: ignore[attr-defined]
    assert hall.guests["olek"].connected and hall.guests["olek"].fingerprint == KEY_A


def test_a_name_bound_since_login_turns_the_guest_away(tmp_path: Path) -> None:
    """Ala logged in keyless while the name was free, but key B bound it before her app
    started: she is refused and does not stay at the table."""
    hall, keys = table(tmp_path, "olek"), book(tmp_path)
    hall.arrive("olek")
    keys.bind("ala", KEY_B)
    app = arrive(hall, "ala", None, keys)
    assert isinstance(app, Refused) and "another key" in app.reason
    assert "ala" not in hall.guests and hall.host == "olek"


def test_a_key_book_that_cannot_save_lets_nobody_stay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save fails: the error reaches the session (which logs it and ends), the guest
    leaves the hall again, and nothing is bound."""
    hall, keys = table(tmp_path, "olek"), book(tmp_path)
    hall.arrive("olek")
    hall.depart("olek")

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("net.identity.os.replace", broken)
    with pytest.raises(OSError, match="disk full"):
        arrive(hall, "olek", KEY_A, keys)
    assert not hall.guests["olek"].connected
    assert not keys.is_bound("olek")


async def test_the_join_line_mentions_the_table_password(tmp_path: Path) -> None:
    """With a table password the join command the lobby shows (and a dropped or parted
    player is told) says it is needed; without one it is the bare ssh command."""
    with_password = ServeOptions(port=0, data_dir=tmp_path / "a", password="s3cret")
    async with hosting(with_password) as (tables, _):
        hall = tables.create("ala")
        assert hall.address is not None
        assert hall.address.endswith(" NAME@127.0.0.1 and the table password")
        private = tables.create("ola", private=True)
        assert private.address == hall.address.replace("NAME@", f"NAME+{private.invite}@")
    async with hosting(ServeOptions(port=0, data_dir=tmp_path / "b")) as (tables, _):
        hall = tables.create("ala")
        assert hall.address is not None and hall.address.endswith(" NAME@127.0.0.1")


def test_a_name_in_other_letters_is_the_same_guest(tmp_path: Path) -> None:
    """``dupe`` came and went; ``DUPE`` logging in and coming to the table is dupe again,
    not a second person."""
    hall, keys = table(tmp_path, "ala"), book(tmp_path)
    hall.arrive("ala")
    hall.arrive("dupe")
    hall.depart("dupe")
    app = arrive(hall, "DUPE", None, keys)
    assert isinstance(app, GuestApp)
    app.door.arrive(hall)  # type: ignore[attr-defined]
    assert app.door.name_at(hall) == "dupe"  # type: ignore[attr-defined]
    assert sorted(hall.guests) == ["ala", "dupe"] and hall.guests["dupe"].connected


async def test_a_name_in_other_letters_gets_its_seat_back(tmp_path: Path) -> None:
    """``dupe`` leaves a seat in play; ``DUPE`` (keyless, as dupe was) sits back down in it."""
    hall, keys = table(tmp_path, "ala", bot_delay=0), book(tmp_path)
    hall.arrive("ala")
    hall.arrive("dupe")
    hall.configure("ala", TWO_OPEN)
    hall.take_seat("ala", 0)
    hall.take_seat("dupe", 1)
    await hall.start("ala")
    try:
        hall.depart("dupe")
        app = arrive(hall, "DUPE", None, keys)
        assert isinstance(app, GuestApp) and app.guest == "dupe"
        assert hall.guests["dupe"].connected and hall.guests["dupe"].seat == 1
        assert "DUPE" not in hall.guests
    finally:
        await hall.close()


async def test_a_name_in_other_letters_is_refused_while_its_holder_is_here(
    tmp_path: Path,
) -> None:
    """``dupe`` is connected: ``DUPE`` is refused as the same name, not let in beside."""
    hall, keys = table(tmp_path, "dupe"), book(tmp_path)
    hall.arrive("dupe")
    app = arrive(hall, "DUPE", None, keys)
    assert isinstance(app, Refused) and "dupe is already at this table" in app.reason
    assert sorted(hall.guests) == ["dupe"]


# -- what hunters serve says on its terminal -----------------------------------------------------

_STAMP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed")
@pytest.mark.timeout(60)
async def test_serve_logs_logins_drops_and_refusals_one_safe_line_each(tmp_path: Path) -> None:
    """``hunters serve`` says on stderr, one timed line each: who logged in from where, who
    dropped, and each refusal with why; a name with escape codes reaches the terminal
    escaped."""
    server = start_server_process(tmp_path / "data", tmp_path / "serve.log")
    try:
        ala = await connect(server.port, "ala")
        await ala.wait_for("table setup")
        assert SSH is not None  # asyncssh's client refuses to send such a name
        evil = await asyncio.create_subprocess_exec(
            SSH,
            "-T",
            *QUIET_OPTIONS,
            "-p",
            str(server.port),
            "-l",
            "\x1b[31mred",
            "127.0.0.1",
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )
        async with asyncio.timeout(WAIT):
            assert await evil.wait() == 255
        with pytest.raises(asyncssh.Error):
            await connect(server.port, "[@click=app.quit]")
        olek = await connect(server.port, "olek")
        await olek.wait_for("Waiting for the host")
        await olek.close()  # the network is gone
        await until(lambda: "olek disconnected" in server.output, "olek's drop logged")
        await ala.close()
    finally:
        server.kill()
    lines = [line for line in server.output.splitlines() if _STAMP.match(line)]
    said = "\n".join(lines)
    assert re.search(r"ala logged in from 127\.0\.0\.1 \(no key\)", said), said
    assert re.search(r"olek logged in from 127\.0\.0\.1", said), said
    assert "refused 127.0.0.1: the name '[@click=app.quit]' is not allowed" in said, said
    assert "\x1b" not in server.output
    # Why, as asyncssh saw it: the closed socket read, or (the screen still being written,
    # as with render workers, whose frames come a little later) written to: a broken pipe,
    # or a reset when the kernel saw the peer gone first (a loaded machine).
    reasons = r"Connection lost|\[Errno 32\] Broken pipe|\[Errno 104\] Connection reset by peer"
    dropped = rf"olek disconnected \(127\.0\.0\.1\): ({reasons})$"
    assert re.search(dropped, said, re.MULTILINE), said


def test_the_log_spells_out_control_characters() -> None:
    """An escape code, a newline (a forged second line) and a bidi override in a message
    reach the terminal as escapes, on one line, after the time."""
    record = logging.LogRecord(
        "net.server", logging.INFO, __file__, 1, "%s logged in", ("\x1b[2Jevil\nfake\u202e",), None
    )
    line = SafeFormatter(TERMINAL_FORMAT, TIME_FORMAT).format(record)
    assert _STAMP.match(line)
    assert line.endswith(" \\x1b[2Jevil\\nfake\\u202e logged in")
    assert "\x1b" not in line and "\n" not in line and "\u202e" not in line


async def test_the_goodbye_names_the_seat_of_a_guest_who_logged_in_in_other_letters(
    tmp_path: Path,
) -> None:
    """DUPE logged in as dupe's second coming: the closing line sends dupe back to the seat."""
    hall = table(tmp_path, "ala", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("dupe")
    hall.configure("ala", TWO_OPEN)
    hall.take_seat("ala", 0)
    hall.take_seat("dupe", 1)
    await hall.start("ala")
    tables = _TABLES[id(hall)]
    tables.set_address("ssh -p 2222 NAME@example.org")
    try:
        line = closing_line(tables, Identity("DUPE", None, "127.0.0.1"))
        assert line == (
            "The table is closing; the game is saved. When ala's table opens again, "
            "come back to your seat with: ssh -p 2222 dupe@example.org"
        )
        assert closing_line(tables, Identity("ewa", None, "127.0.0.1")) == (
            "The server is closing. Thank you for playing!"
        )
    finally:
        await hall.close()
