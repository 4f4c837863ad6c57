"""Record files: every accepted action on disk at once; a killed writer loses nothing."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core import codec
from core.match import Match
from core.recordfile import RecordWriter, load_record


def _play(match: Match, actions: int, writer: RecordWriter | None = None) -> None:
    for _ in range(actions):
        if match.outcome() is not None:
            return
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0], at_ns=match.version)
        if writer is not None:
            writer.append(match.steps[-1])


def test_a_record_replays_to_the_same_match(tmp_path: Path) -> None:
    """Header plus appended actions rebuild the match byte for byte."""
    match = Match.new("superbohaterowie", 3, seed=5)
    _play(match, 3)
    writer = RecordWriter.create(tmp_path / "game.rec", match)
    _play(match, 10, writer)
    writer.close()
    assert load_record(tmp_path / "game.rec").save() == match.save()


def test_record_files_are_private_to_the_server(tmp_path: Path) -> None:
    """The record holds the seed and every hand: only the server's user may read it."""
    writer = RecordWriter.create(tmp_path / "game.rec", Match.new("superbohaterowie", 2, seed=1))
    writer.close()
    assert stat.S_IMODE(os.stat(tmp_path / "game.rec").st_mode) == 0o600


def test_an_existing_record_is_never_overwritten(tmp_path: Path) -> None:
    """Starting a record where one exists fails instead of destroying a game."""
    path = tmp_path / "game.rec"
    RecordWriter.create(path, Match.new("superbohaterowie", 2, seed=1)).close()
    with pytest.raises(FileExistsError):
        RecordWriter.create(path, Match.new("superbohaterowie", 2, seed=2))


def test_a_write_cut_short_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    """A crash in the middle of a frame loses only that unacknowledged action."""
    path = tmp_path / "game.rec"
    match = Match.new("superbohaterowie", 2, seed=3)
    writer = RecordWriter.create(path, match)
    _play(match, 6, writer)
    writer.close()
    whole = path.read_bytes()
    blob = codec.encode("message", match.steps[0])
    frame = len(blob).to_bytes(4, "big") + blob
    path.write_bytes(whole + frame[:15])  # half a frame, as a crash would leave it
    writer, resumed, meta = RecordWriter.resume(path)
    assert meta == {}
    assert resumed.save() == match.save()
    _play(resumed, 2, writer)
    writer.close()
    assert load_record(path).save() == resumed.save()


def test_a_damaged_frame_is_refused(tmp_path: Path) -> None:
    """A complete frame that was altered is an error, not a silent rewind."""
    path = tmp_path / "game.rec"
    match = Match.new("superbohaterowie", 2, seed=3)
    writer = RecordWriter.create(path, match)
    _play(match, 4, writer)
    writer.close()
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError):
        load_record(path)


def test_kill_9_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """A writer process killed with SIGKILL leaves every action it acknowledged on disk."""
    path = tmp_path / "game.rec"
    script = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from core.match import Match
        from core.recordfile import RecordWriter
        match = Match.new("superbohaterowie", 4, seed=9, options={{"series": 10}})
        writer = RecordWriter.create(Path({str(path)!r}), match)
        while match.outcome() is None:
            seat = min(match.to_act())
            match.act(seat, match.legal(seat)[0])
            writer.append(match.steps[-1])
            print(match.version, flush=True)  # the acknowledgement
            if match.version == 40:
                time.sleep(60)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=os.getcwd()
    )
    try:
        assert process.stdout is not None
        acknowledged = 0
        for line in process.stdout:
            acknowledged = int(line)
            if acknowledged == 40:
                break
        process.kill()
    finally:
        process.kill()
        process.wait(timeout=10)
    assert load_record(path).version == acknowledged == 40
