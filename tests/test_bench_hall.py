"""bench/hall.py still runs: one table set up by keys, two turns played, figures printed."""

from __future__ import annotations

import contextlib
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIGURES = (
    "RSS per session, after the moves (MiB)",
    "connect → first frame, p99 (ms)",
    "players' key → screen, p99 (ms)",
    "spectators: next turn shown, after the player, p99 (ms)",
)


def processes_naming(directory: Path) -> list[int]:
    """Processes whose command line names ``directory`` (the bench's servers name their
    data and marks files in its temporary directory)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            if str(directory).encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
    return found


@pytest.mark.timeout(120)
def test_the_hall_bench_sets_a_table_up_plays_and_prints_its_figures(tmp_path: Path) -> None:
    """A table of four players and a spectator is set up and plays two turns; each figure
    is a number, and no server the bench started is left running."""
    done = subprocess.run(
        [sys.executable, "bench/hall.py", "--tables", "1", "--moves", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=110,
        env={**os.environ, "TMPDIR": str(tmp_path)},  # its temporary directory goes here
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "= 5 SSH sessions" in done.stdout
    assert "2 turns in" in done.stdout
    lines = done.stdout.splitlines()
    for figure in FIGURES:
        line = next(line for line in lines if line.startswith(figure))
        assert not math.isnan(float(line[len(figure) :].split()[0])), line
    assert processes_naming(tmp_path) == []
