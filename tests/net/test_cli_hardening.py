"""``hunters serve`` and ``hunters host`` refuse what they cannot serve safely, in one line.

Every test runs the real command line (``net.cli.main``) on real files in ``tmp_path``. A
command that got as far as listening would serve for ever, so ``no_listening`` replaces the
server's ``start_server`` with one that fails the test: a refusal must come before it.
"""

from __future__ import annotations

import io
import logging
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import net.serve as serve_module
import net.tables as tables_module
from net.cli import main
from net.hall import RECORD
from net.hall import Hall as RealHall
from net.hostkey import HOST_KEY_FILE, load_or_create_host_key
from net.identity import KEYBOOK_FILE
from net.serve import ServeOptions, host
from tui.settings import Settings

pytestmark = pytest.mark.timeout(30)

posix_only = pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX")

LOG_FILE = "hunters.log"
"""``hunters host``'s log in the data dir."""
DRIVER_WARNING = "input parser failed on %r; restarting it"
"""net.driver's warning when Textual's parser dies on a guest's bytes (with a traceback)."""


class _Listened(Exception):
    """The command started listening: whatever it was meant to refuse, it accepted."""


@pytest.fixture
def no_listening(monkeypatch: pytest.MonkeyPatch) -> None:
    async def start_server(**_: Any) -> None:
        raise _Listened("the server was about to listen")

    monkeypatch.setattr(serve_module, "start_server", start_server)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """``hunters ARGV`` in this process: its exit status and what it said on stderr."""
    status = main(list(argv))
    return status, capsys.readouterr().err


def _serve(data_dir: Path, *extra: str) -> list[str]:
    return ["serve", "--port", "0", "--data-dir", str(data_dir), *extra]


def _one_line(err: str) -> str:
    """The message, checked to be one line with no traceback."""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err


def _private_dir(path: Path) -> Path:
    path.mkdir(mode=0o700)
    path.chmod(0o700)
    return path


# -- the command line's values ---------------------------------------------------------------


@pytest.mark.usefixtures("no_listening")
@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--grace", "-5"], "--grace must be between 0 and 3600 seconds, not -5.0"),
        (["--grace", "nan"], "--grace must be between 0 and 3600 seconds, not nan"),
        (["--grace", "inf"], "--grace must be between 0 and 3600 seconds, not inf"),
        (["--grace", "3601"], "--grace must be between 0 and 3600 seconds"),
        (["--bot-delay", "nan"], "--bot-delay must be between 0 and 60 seconds, not nan"),
        (["--bot-delay=-inf"], "--bot-delay must be between 0 and 60 seconds"),
        (["--host", ""], "--host must not be empty"),
        (["--host", "127.0.0.1 x"], "--host must be a host name or an address"),
        (["--host", "\x1b[31mred"], "--host must be a host name or an address"),
        (["--port", "65536"], "--port must be 0–65535, not 65536"),
        (["--port", "-1"], "--port must be 0–65535, not -1"),
        (["--port", "x"], "argument --port: invalid int value: 'x'"),
        (["--password", ""], "an empty --password would let anybody in"),
        (["--game", "chess"], "unknown game 'chess'"),
        (["--data-dir", ""], "argument --data-dir: must not be empty"),
        (["--max-tables", "0"], "--max-tables must be 1–1000, not 0"),
        (["--max-tables", "1001"], "--max-tables must be 1–1000, not 1001"),
    ],
)
@pytest.mark.parametrize("command", ["serve", "host"])
def test_a_bad_value_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    extra: list[str],
    says: str,
) -> None:
    """Each value is checked before anything starts; the error names the option, the rule and
    the value given; nothing is written (``--data-dir ''`` used to put the host key in the
    current directory, ``--host ''`` to listen on every interface and say "port 0")."""
    monkeypatch.chdir(tmp_path)
    name = ["--name", "ala"] if command == "host" else []
    argv = [command, "--port", "0", "--data-dir", str(tmp_path / "data"), *name, *extra]
    status, err = _run(capsys, *argv)
    assert status == 2
    assert err.startswith(f"hunters {command}: ") and says in _one_line(err)
    assert "\x1b" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("extra", "tables"), [([], 20), (["--max-tables", "3"], 3)])
def test_max_tables_reaches_the_server_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str], tables: int
) -> None:
    """``--max-tables`` (20 unless given) is handed to the server in its options."""
    given: list[ServeOptions] = []

    async def serve(options: ServeOptions, **_: Any) -> None:
        given.append(options)

    monkeypatch.setattr(serve_module, "serve", serve)
    assert main(_serve(tmp_path / "data", *extra)) == 0
    assert [options.max_tables for options in given] == [tables]


def test_serve_help_documents_max_tables(capsys: pytest.CaptureFixture[str]) -> None:
    """``hunters serve --help`` says what --max-tables does and its default."""
    assert main(["serve", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--max-tables N how many tables the hall holds at once" in shown
    assert "(default: 20, 1–1000)" in shown


@pytest.mark.usefixtures("no_listening")
def test_a_host_without_a_usable_login_name_is_asked_for_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No login name at all (getpass raises) is the same one line as a bad --name."""

    def no_user() -> str:
        raise OSError("No username set in the environment")

    monkeypatch.setattr("getpass.getuser", no_user)
    status, err = _run(capsys, "host", "--port", "0", "--data-dir", str(tmp_path / "d"))
    assert status == 2
    assert "choose one with --name" in _one_line(err)


# -- the data dir ----------------------------------------------------------------------------


@posix_only
@pytest.mark.usefixtures("no_listening")
@pytest.mark.parametrize("mode", [0o755, 0o750, 0o705, 0o711, 0o770, 0o777])
def test_a_data_dir_others_can_use_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: int
) -> None:
    """A data dir others can read, enter or write (a 0755 one used to be accepted) is refused
    with the chmod that fixes it; nothing is created in it."""
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(mode)
    status, err = _run(capsys, *_serve(data))
    assert status == 1
    assert f"run: chmod 700 {data}" in _one_line(err)
    assert list(data.iterdir()) == []


@posix_only
@pytest.mark.usefixtures("no_listening")
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_a_data_dir_of_another_user_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A private data dir that belongs to somebody else is not this server's to use."""
    data = _private_dir(tmp_path / "data")
    os.chown(data, 65534, 65534)
    status, err = _run(capsys, *_serve(data))
    assert status == 1
    assert "belongs to another user (uid 65534)" in _one_line(err)


@posix_only
def test_a_new_data_dir_is_created_0700_under_a_permissive_umask(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_listening: None
) -> None:
    """The data dir and its tables/ directory are made private whatever the umask."""
    data = tmp_path / "new" / "data"
    old = os.umask(0)
    try:
        with pytest.raises(_Listened):
            main(_serve(data))
    finally:
        os.umask(old)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "tables").stat().st_mode) == 0o700


@posix_only
@pytest.mark.usefixtures("no_listening")
@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("tables", "the tables' directory"),
        (KEYBOOK_FILE, "the key book"),
        (HOST_KEY_FILE, "host key"),
    ],
)
def test_a_symlink_where_the_server_keeps_its_files_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, what: str
) -> None:
    """tables/ (where the records live), the key book and the host key must be the real
    things: a link could point the server at any file (table/ used to be followed)."""
    elsewhere = _private_dir(tmp_path / "elsewhere")
    load_or_create_host_key(elsewhere)
    (elsewhere / "tables").mkdir(mode=0o700)
    (elsewhere / KEYBOOK_FILE).write_text('{"format": 1, "names": {}}\n')
    data = _private_dir(tmp_path / "data")
    (data / name).symlink_to(elsewhere / name)
    status, err = _run(capsys, *_serve(data))
    assert status == 1
    line = _one_line(err)
    assert what in line and str(data / name) in line


@posix_only
@pytest.mark.usefixtures("no_listening")
def test_a_symlinked_game_record_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record a restarted server resumes is read and then appended to: never via a link.
    That table is not resumed (one line says why); the server goes on to listen."""
    data = _private_dir(tmp_path / "data")
    table = _private_dir(_private_dir(data / "tables") / "1")
    (tmp_path / "victim").write_bytes(b"")
    (table / RECORD).symlink_to(tmp_path / "victim")
    with pytest.raises(_Listened):
        _run(capsys, *_serve(data))
    err = capsys.readouterr().err
    assert f"the game record {table / RECORD} is a symbolic link" in err
    assert (tmp_path / "victim").read_bytes() == b"" and "Traceback" not in err


# -- damaged files ---------------------------------------------------------------------------


def _damage(data: Path, name: str, content: bytes) -> Path:
    """A private data dir with a host key, and ``content`` in its file ``name``."""
    _private_dir(data)
    _private_dir(data / "tables")
    _private_dir(data / "tables" / "1")
    if name != HOST_KEY_FILE:
        load_or_create_host_key(data)
    path = data / name
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_EXCL, 0o600)
    os.write(fd, content)
    os.close(fd)
    return path


def _run_on(capsys: pytest.CaptureFixture[str], command: str, data: Path) -> tuple[int, str]:
    name = ["--name", "ala"] if command == "host" else []
    return _run(capsys, command, "--port", "0", "--data-dir", str(data), *name)


@pytest.mark.usefixtures("no_listening")
@pytest.mark.parametrize("content", [b"not a key", b"-----BEGIN OPENSSH PRIVATE KEY-----\n\xff\n"])
@pytest.mark.parametrize("command", ["serve", "host"])
def test_a_damaged_host_key_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, content: bytes
) -> None:
    """A host key that is no key ends the command with one line naming it (exit 1), where
    it used to end in a traceback; the file is left as it was."""
    path = _damage(tmp_path / "data", HOST_KEY_FILE, content)
    status, err = _run_on(capsys, command, tmp_path / "data")
    assert status == 1
    line = _one_line(err)
    assert line.startswith(f"hunters {command}: the host key {path} is not a usable private key")
    assert path.read_bytes() == content


@pytest.mark.parametrize("content", [b"{not json", b'{"format": 99}', b"[]"])
@pytest.mark.parametrize("command", ["serve", "host"])
def test_a_damaged_key_book_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, content: bytes
) -> None:
    """The key book is read as the server starts listening (so no ``no_listening`` here: it
    refuses before); a damaged one is one line naming it, exit 1, the file left as it was."""
    path = _damage(tmp_path / "data", KEYBOOK_FILE, content)
    status, err = _run_on(capsys, command, tmp_path / "data")
    assert status == 1
    line = _one_line(err)
    assert line.startswith(f"hunters {command}: ") and str(path) in line
    assert path.read_bytes() == content


@pytest.mark.usefixtures("no_listening")
@pytest.mark.parametrize(
    "content", [b"\x00\x00\x00\x05garbage", b"\x00\x00\x00\x01\x00", b"HUNTERS" * 10]
)
@pytest.mark.parametrize("command", ["serve", "host"])
def test_a_damaged_game_record_is_set_aside_in_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, content: bytes
) -> None:
    """The record of an interrupted game is resumed as the server starts; one it cannot read
    is kept aside as refused-TIME.rec (nothing is lost) with one error line naming it, and
    the server goes on to listen with a new table (net.hall.Hall.resume) — no traceback."""
    data = tmp_path / "data"
    _damage(data, f"tables/1/{RECORD}", content)
    with pytest.raises(_Listened):
        _run_on(capsys, command, data)
    kept = list((data / "tables" / "1").glob("refused-*.rec"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not (data / "tables" / "1" / RECORD).exists()
    err = capsys.readouterr().err
    assert "Traceback" not in err


# -- the log ---------------------------------------------------------------------------------


class _Flood:
    """A stand-in for the host's app: it logs what a guest sending broken escape sequences
    makes the input parser log, ``count`` times, each with a traceback, then quits."""

    def __init__(self, count: int) -> None:
        self.count = count

    async def run_async(self) -> None:
        logger = logging.getLogger("net.driver")
        for _ in range(self.count):
            try:
                chr(9_999_999)  # what Textual's parser does with ESC [ 1;1;9999999u
            except ValueError:
                logger.warning(DRIVER_WARNING, "\x1b[1;1;9999999u" * 4, exc_info=True)


def _hosting(data: Path, app: Callable[..., Any]) -> None:
    """``hunters host``'s own function on loopback, with ``app`` as the host's app."""
    import asyncio

    options = ServeOptions(host="127.0.0.1", port=0, data_dir=data, bot_delay=0)
    asyncio.run(host(options, "ala", Settings(bot_delay=0), app_factory=app))


def test_a_flood_of_one_warning_leaves_the_host_log_small(tmp_path: Path) -> None:
    """20,000 parser failures (about what 280 kB of one bad escape sequence causes) wrote
    some 20 MB of tracebacks to hunters.log; now one message is written at most ten times a
    minute, the first with its traceback, then one line saying the rest are left out."""
    data = tmp_path / "data"
    _hosting(data, lambda *_: _Flood(20_000))
    text = (data / LOG_FILE).read_text()
    assert len(text) < 16_000, len(text)
    assert text.count("input parser failed on") == 11
    assert text.count("Traceback") == 1
    assert "repeated 10 times in 60 s: more like it are left out of the log" in text


@pytest.mark.timeout(60)
def test_280_kb_of_one_bad_escape_from_a_guest_leave_the_host_log_small(tmp_path: Path) -> None:
    """The audit's attack end to end: a guest joins ``hunters host`` over SSH and sends 280 kB
    of an escape sequence that kills Textual's input parser (11 MB of log before). The
    guest's session survives, and the log keeps a few lines about it."""
    import asyncio

    from tests.net.e2e_helpers import connect

    listening: list[int] = []
    bad = b"\x1b[1;1;9999999u"

    class Guest:
        async def run_async(self) -> None:
            olek = await connect(listening[0], "olek", width=80, height=24)
            try:
                await olek.wait_for("Waiting for the host")
                flood = bad * (280_000 // len(bad))
                for start in range(0, len(flood), 4096):
                    olek.send(flood[start : start + 4096])
                    await asyncio.sleep(0)
                await asyncio.sleep(2)
                assert not olek.ended
            finally:
                await olek.close()

    data = tmp_path / "data"
    options = ServeOptions(host="127.0.0.1", port=0, data_dir=data, bot_delay=0)
    asyncio.run(
        host(
            options,
            "ala",
            Settings(bot_delay=0),
            ready=lambda port, _: listening.append(port),
            app_factory=lambda *_: Guest(),
        )
    )
    text = (data / LOG_FILE).read_text()
    assert "input parser failed" in text
    assert (data / LOG_FILE).stat().st_size < 16_000


def test_a_message_left_out_is_counted_in_the_next_minute() -> None:
    """Past the limit one line says so; the first record of the next window says how many
    were left out; a message under the limit is never touched; the table of messages stays
    bounded however many different ones come."""
    from net.serve import RepeatLimit  # imported here: the rest of the file predates it

    now = [0.0]
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RepeatLimit(3, 60, max_messages=4, clock=lambda: now[0]))
    logger = logging.getLogger("tests.repeat_limit")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for n in range(100):
            logger.warning("again %d", n)
        logger.warning("another one")
        now[0] = 61.0
        logger.warning("again %d", 100)
        for n in range(1000):
            logger.warning(f"different {n}")
    finally:
        logger.removeHandler(handler)
        logger.propagate = True
    lines = out.getvalue().splitlines()
    assert lines[:5] == [
        "again 0",
        "again 1",
        "again 2",
        "'again %d' repeated 3 times in 60 s: more like it are left out of the log for now",
        "another one",
    ]
    assert lines[5] == "again 100 [and 97 more like this left out of the log]"
    assert len(lines) < 20


def test_the_host_log_rotates_at_its_size(tmp_path: Path) -> None:
    """Many different messages fill at most the log (2 MB) and its two backups."""

    class Different:
        async def run_async(self) -> None:
            logger = logging.getLogger("net.session")
            for n in range(1000):
                logger.warning(f"message {n} " + "x" * 8000)

    data = tmp_path / "data"
    _hosting(data, lambda *_: Different())
    logs = sorted(p.name for p in data.iterdir() if p.name.startswith(LOG_FILE))
    assert logs == [LOG_FILE, f"{LOG_FILE}.1", f"{LOG_FILE}.2"]  # 8 MB were logged
    for name in logs:
        assert (data / name).stat().st_size <= 2 * 1024 * 1024 + 9000


@posix_only
def test_the_host_log_is_private_even_under_a_permissive_umask(tmp_path: Path) -> None:
    """hunters.log names players and their addresses: created 0600 (it was 0644), and an
    older log others could read is made 0600 when it is opened."""
    data = tmp_path / "data"
    old = os.umask(0)
    try:
        _hosting(data, lambda *_: _Flood(1))
    finally:
        os.umask(old)
    log = data / LOG_FILE
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    log.chmod(0o644)
    _hosting(data, lambda *_: _Flood(1))
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


@posix_only
def test_a_symlinked_host_log_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_listening: None
) -> None:
    """The log is opened with O_NOFOLLOW: a link there could make the server append to any
    file its user may write."""
    data = _private_dir(tmp_path / "data")
    (tmp_path / "victim").write_text("")
    (data / LOG_FILE).symlink_to(tmp_path / "victim")
    status, err = _run(capsys, "host", "--port", "0", "--data-dir", str(data), "--name", "ala")
    assert status == 1
    assert f"the log {data / LOG_FILE} is a symbolic link" in _one_line(err)
    assert (tmp_path / "victim").read_text() == ""


@pytest.mark.usefixtures("no_listening")
def test_serve_logs_to_stderr_through_the_same_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hunters serve`` writes no log file; its warnings go to stderr, limited the same way
    (a table whose resume fails is one line there, and the server goes on)."""

    class FloodingHall(RealHall):
        async def resume(self) -> bool:
            _flood_now(5000)
            raise OSError("stop here: the flood is what this test is about")

    monkeypatch.setattr(tables_module, "Hall", FloodingHall)
    _damage(tmp_path / "data", f"tables/1/{RECORD}", b"a record to resume")
    with pytest.raises(_Listened):
        _run(capsys, *_serve(tmp_path / "data"))
    err = capsys.readouterr().err
    assert "cannot resume table 1" in err
    assert err.count("input parser failed on") == 11
    assert err.count("Traceback") == 1
    assert len(err) < 16_000
    assert not (tmp_path / "data" / LOG_FILE).exists()


def _flood_now(count: int) -> None:
    logger = logging.getLogger("net.driver")
    for _ in range(count):
        try:
            chr(9_999_999)
        except ValueError:
            logger.warning(DRIVER_WARNING, "\x1b[1;1;9999999u", exc_info=True)


@pytest.mark.timeout(60)
def test_serve_says_the_join_command_needs_the_table_password(tmp_path: Path) -> None:
    """With --password the join line printed at start says it is needed, as the lobby's."""
    from tests.net.e2e_helpers import start_server_process

    server = start_server_process(tmp_path / "data", tmp_path / "serve.log", "--password", "pw")
    try:
        deadline = time.monotonic() + 10
        while "Join with" not in server.output and time.monotonic() < deadline:
            time.sleep(0.02)
        joined = f"Join with: ssh -p {server.port} NAME@127.0.0.1 and the table password\n"
        assert joined in server.output
    finally:
        server.kill()


def test_the_command_line_s_max_tables_is_the_hall_s() -> None:
    """The default --max-tables that ``hunters serve --help`` gives is the one the server
    and its tables use (the command line keeps its own copy to import nothing heavy)."""
    from net.cli import MAX_TABLES
    from net.tables import MAX_TABLES as TABLES_DEFAULT

    assert MAX_TABLES == TABLES_DEFAULT == ServeOptions().max_tables
