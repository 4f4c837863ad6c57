"""A record on a full disk: a failed write leaves the file ending at its last whole action,
and the writer never writes after a failure (the record must not skip an action)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

_FULL = textwrap.dedent(
    """
    import resource, signal, sys
    from pathlib import Path
    from core.match import Match
    from core.recordfile import RecordWriter, load_record

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails (EFBIG) instead
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    path = Path(sys.argv[1]) / "game.rec"
    match = Match.new("superbohaterowie", 2, seed=3)
    writer = RecordWriter.create(path, match)

    def act():
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0], at_ns=match.version)

    act()
    writer.append(match.steps[-1])
    size = path.stat().st_size
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 30, hard))  # half an action's room
    act()
    try:
        writer.append(match.steps[-1])
    except OSError as error:
        print("refused", error.strerror, path.stat().st_size == size, flush=True)
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # room again, too late
    try:
        writer.append(match.steps[-1])
    except OSError as error:
        print("refused again", error.strerror, path.stat().st_size == size, flush=True)
    writer.close()
    print("record holds", load_record(path).version, flush=True)

    resource.setrlimit(resource.RLIMIT_FSIZE, (20, hard))  # not even room for a header
    try:
        RecordWriter.create(Path(sys.argv[1]) / "new.rec", match)
    except OSError as error:
        print("create refused", error.strerror, (Path(sys.argv[1]) / "new.rec").exists())
    """
)


def test_a_failed_write_is_cut_back_and_the_writer_writes_no_more(tmp_path: Path) -> None:
    """With the file-size limit reached, append raises, the half-written action is cut back
    off, later appends fail too even with room again, and a header that cannot be written
    leaves no file behind."""
    result = subprocess.run(
        [sys.executable, "-c", _FULL, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=os.getcwd(),
        timeout=30,
    )
    assert result.stdout.splitlines() == [
        "refused File too large True",
        "refused again File too large True",
        "record holds 1",
        "create refused File too large False",
    ], result.stdout + result.stderr
