"""The hall's record, by accident and by design: a full disk stops the table loudly and loses
nothing acknowledged; what a record says about its seats is checked before anyone is shown
it, on resume and in ``hunters replay``; a bad record is refused in one line."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import struct
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from core.engine import IllegalAction
from core.match import Match
from core.recordfile import RecordWriter, read_record
from core.table import Seat, TableSetup
from net.cli import main
from net.hall import OPEN, RECORD, Hall

TWO_OPEN = TableSetup("superbohaterowie", (Seat("open", OPEN), Seat("open", OPEN)))

CRAFTED = [
    "\x1b]52;c;cHduZWQ=\x07",  # OSC 52: writes the reader's clipboard
    "\x1b]8;;https://evil.example/\x1b\\ala",  # a hyperlink
    "\x1b[?1049l",  # leaves the alternate screen
    "ala\x9b2J",  # C1 CSI: clears the screen on terminals that take 8-bit controls
    "ala\u202egnp",  # right-to-left override
    "[@click=app.quit]x",  # Textual markup
    "ala\nolek",
    "x" * 17,
    " ala",
    "",
]


def _record(path: Path, *seats: tuple[Any, Any, Any], moves: int = 2) -> Match:
    """A record as a served table writes it, with ``seats`` in its meta."""
    match = Match.new("superbohaterowie", len(seats), seed=3)
    writer = RecordWriter.create(path, match, meta={"seats": seats})
    for _ in range(moves):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
        writer.append(match.steps[-1])
    writer.close()
    return match


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


# -- a full disk ---------------------------------------------------------------------------

_FULL_DISK = textwrap.dedent(
    """
    import asyncio, resource, signal, sys
    from pathlib import Path
    from core.engine import IllegalAction
    from core.table import Seat, TableSetup
    from net.hall import OPEN, RECORD, Hall

    async def play() -> None:
        hall = Hall(Path(sys.argv[1]), bot_delay=0)
        hall.arrive("ala")
        hall.arrive("olek")
        hall.configure("ala", TableSetup("superbohaterowie", (Seat("o", OPEN), Seat("o", OPEN))))
        hall.take_seat("ala", 0)
        hall.take_seat("olek", 1)
        await hall.start("ala")
        table = hall.table
        # The disk fills up: room for the record so far and half an action more.
        size = (Path(sys.argv[1]) / RECORD).stat().st_size
        resource.setrlimit(resource.RLIMIT_FSIZE, (size + 30, resource.RLIM_INFINITY))
        for _ in range(3):
            seat = min(table.match.to_act())
            try:
                async with asyncio.timeout(2):
                    await table.submit(seat, table.match.legal(seat)[0])
                print("acknowledged", table.match.version, flush=True)
            except IllegalAction as refusal:
                print("refused", refusal, flush=True)
            except TimeoutError:
                print("no answer", flush=True)
        print("stopped", table.update_for(None).stopped, flush=True)
        await hall.close()

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails (EFBIG) instead
    asyncio.run(play())
    """
)


async def test_a_full_disk_stops_the_table_and_the_record_resumes_where_it_stopped(
    tmp_path: Path,
) -> None:
    """With the file-size limit reached mid-game, the action that could not be saved is
    refused (not acknowledged), so are the ones after it; the record on disk holds exactly
    the acknowledged moves, and a restarted hall resumes there."""
    data = tmp_path / "data"
    result = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(data)],
        capture_output=True,
        text=True,
        cwd=os.getcwd(),
        timeout=30,
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "refused The table stopped: the server could not save the game " + (
        "(File too large). Every move made so far is saved: the host can resume the game by "
        "restarting the server."
    ), result.stdout + result.stderr
    assert lines[1].startswith("refused The table stopped") and lines[2].startswith("refused")
    assert lines[3].startswith("stopped The table stopped")
    assert "table stopped" in result.stderr  # logged as an error
    match, _ = read_record(data / RECORD)
    assert match.version == 0
    hall = Hall(data, bot_delay=0)
    try:
        assert await hall.resume()
        assert hall.table is not None and hall.table.match.version == 0
    finally:
        await hall.close()
    assert sorted(p.name for p in data.iterdir()) == [RECORD]  # nothing torn to cut off


async def test_everyone_at_a_stopped_table_sees_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game screen shows the sentence above the board and in the log, for each guest."""
    from net import textual_fixes
    from net.app import HallApp
    from tests.tui import screen_text
    from tui.screens.game import GameScreen
    from tui.settings import Settings

    textual_fixes.apply()
    hall = Hall(tmp_path / "data", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    hall.configure("ala", TWO_OPEN)
    hall.take_seat("ala", 0)
    hall.take_seat("olek", 1)
    await hall.start("ala")
    table = hall.table
    assert table is not None

    def full(self: RecordWriter, step: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(RecordWriter, "append", full)  # the disk is full from now on
    apps = [HallApp(hall, name, Settings(bot_delay=0)) for name in ("ala", "olek")]
    try:
        async with apps[0].run_test(size=(100, 30)) as ala, apps[1].run_test(size=(100, 30)):
            async with asyncio.timeout(5):
                while not all(isinstance(app.screen, GameScreen) for app in apps):
                    await ala.pause(0.02)
            seat = min(table.match.to_act())
            with pytest.raises(IllegalAction, match="could not save"):
                await table.submit(seat, table.match.legal(seat)[0])
            await ala.pause(0.1)
            for app in apps:
                shown = " ".join(screen_text(app).split())
                assert "The table stopped: the server could not save the game (No space" in shown
                assert "resume the game by restarting the server" in shown
    finally:
        await hall.close()


async def test_a_game_that_cannot_be_recorded_does_not_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """With no room for the record, starting is refused in words the lobby shows (and
    logged), not a crash of the host's session; the lobby stays as it was."""
    hall = Hall(tmp_path / "data", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    hall.configure("ala", TWO_OPEN)
    hall.take_seat("ala", 0)
    hall.take_seat("olek", 1)

    def full(*args: object, **kwargs: object) -> RecordWriter:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(RecordWriter, "create", full)
    with pytest.raises(IllegalAction, match=r"cannot save the game \(No space left on device\)"):
        await hall.start("ala")
    assert hall.phase == "lobby" and hall.table is None
    assert len(_errors(caplog)) == 1


# -- names, kinds and levels from a record --------------------------------------------------


@pytest.mark.parametrize("name", CRAFTED)
async def test_a_record_with_a_crafted_seat_name_is_not_resumed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, name: str
) -> None:
    """A name no player could have (escape sequences, markup, too long) is never shown to
    the SSH players: the record is refused in one logged line naming it, and kept aside."""
    data = tmp_path / "data"
    data.mkdir()
    _record(data / RECORD, (name, "remote", ""), ("olek", "remote", ""))
    original = (data / RECORD).read_bytes()
    hall = Hall(data, bot_delay=0)
    try:
        assert not await hall.resume()
        assert hall.table is None and hall.guests == {} and hall.phase == "setup"
    finally:
        await hall.close()
    errors = _errors(caplog)
    assert len(errors) == 1 and str(data / RECORD) in errors[0], errors
    assert "\n" not in errors[0] and "\x1b" not in errors[0] and "seat 1" in errors[0]
    kept = list(data.glob("refused-*.rec"))
    assert len(kept) == 1 and kept[0].read_bytes() == original and not (data / RECORD).exists()


@pytest.mark.parametrize(
    "seats",
    [
        (("ala", "remote", ""), ("Bot", "bot", "godlike")),  # no such level
        (("ala", "remote", ""), ("Bot", "wizard", "")),  # no such kind
        (("ala", "remote", ""), ("olek", "remote", "hard")),  # a level for a player
        (("ala", "remote", ""), ("Ala", "remote", "")),  # one player twice
        (("ala", "remote", ""), ("Zoë (x)", "remote", "")),  # no one logs in so
        (("ala", "remote", ""),),  # a seat short
        (("ala", "remote"), ("olek", "remote")),
        "ala",
    ],
)
async def test_a_record_with_impossible_seats_is_not_resumed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, seats: Any
) -> None:
    """Kinds and levels are checked too: a served table resumes only seats it could have had."""
    data = tmp_path / "data"
    data.mkdir()
    match = Match.new("superbohaterowie", 2, seed=3)
    RecordWriter.create(data / RECORD, match, meta={"seats": seats}).close()
    hall = Hall(data, bot_delay=0)
    try:
        assert not await hall.resume()
    finally:
        await hall.close()
    errors = _errors(caplog)
    assert len(errors) == 1 and str(data / RECORD) in errors[0], errors


async def test_a_damaged_record_is_not_resumed_and_kept_as_it_was(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A record that cannot be read whole is refused in one line, never cut to fit."""
    data = tmp_path / "data"
    data.mkdir()
    _record(data / RECORD, ("ala", "remote", ""), ("olek", "remote", ""), moves=6)
    damaged = bytearray((data / RECORD).read_bytes())
    damaged[-30] ^= 0x04
    (data / RECORD).write_bytes(bytes(damaged))
    hall = Hall(data, bot_delay=0)
    try:
        assert not await hall.resume()
    finally:
        await hall.close()
    errors = _errors(caplog)
    assert len(errors) == 1 and "byte" in errors[0], errors
    assert [p.read_bytes() for p in data.glob("refused-*.rec")] == [bytes(damaged)]


async def test_names_a_setup_gives_bots_are_resumed(tmp_path: Path) -> None:
    """The names Hunters itself gives (bots' "Bot 2 (hard)", any letters) come back."""
    data = tmp_path / "data"
    data.mkdir()
    seats = (("ala", "remote", ""), ("Bot 2 (normal)", "bot", "normal"), ("Zoë", "bot", "random"))
    _record(data / RECORD, *seats)
    hall = Hall(data, bot_delay=10)
    try:
        assert await hall.resume()
        assert hall.table is not None and hall.table.names == ("ala", "Bot 2 (normal)", "Zoë")
    finally:
        await hall.close()


# -- hunters replay ---------------------------------------------------------------------------


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The names each replay app would have shown (the app itself is not run)."""
    from tui.app import ReplayApp

    shown: list[tuple[str, ...]] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self, **_: shown.append(self.names))
    return shown


@pytest.mark.parametrize("name", CRAFTED)
def test_replay_refuses_a_record_with_a_crafted_seat_name(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    replayed: list[tuple[str, ...]],
    name: str,
) -> None:
    """``hunters replay`` never sends a record's crafted name to the terminal: one line on
    stderr names the file and the seat, and the app does not start."""
    path = tmp_path / "crafted.rec"
    _record(path, ("ala", "remote", ""), (name, "bot", "random"))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "seat 2" in lines[0], lines
    assert "\x1b" not in captured.err + captured.out and replayed == []


def test_replay_shows_the_names_the_app_gives(
    tmp_path: Path, replayed: list[tuple[str, ...]]
) -> None:
    """Local and served names alike (letters beyond ASCII, a bot's level in parentheses)."""
    path = tmp_path / "game.rec"
    _record(path, ("Zoë", "human", ""), ("Bot 2 (hard)", "bot", "hard"))
    assert main(["replay", str(path)]) == 0
    assert replayed == [("Zoë", "Bot 2 (hard)")]


def test_replay_refuses_a_record_bomb_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], replayed: list[tuple[str, ...]]
) -> None:
    """A frame claiming megabytes of tiny values is refused before it is decoded."""
    path = tmp_path / "bomb.rec"
    _record(path, ("ala", "remote", ""), ("olek", "remote", ""), moves=0)
    payload = b"\xdd" + struct.pack(">I", 1_000_000) + b"\x80" * 1_000_000
    with open(path, "ab") as file:
        file.write(struct.pack(">I", len(payload) + 22) + b"HNTR\x01\x03" + bytes(16) + payload)
    assert main(["replay", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "byte" in lines[0], lines
    assert replayed == []
