"""bench/hall.py still runs: tables set up by keys, two turns played at each, figures printed,
with the clients in the bench's process (one table) and in two processes of their own."""

from __future__ import annotations

import contextlib
import math
import os
import re
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
    data and marks files in its temporary directory, its client processes name it)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            if str(directory).encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
    return found


def run_hall(tmp_path: Path, *args: str) -> str:
    """The bench's output, run with ``args``; it ended well and left no process running."""
    done = subprocess.run(
        [sys.executable, "bench/hall.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=110,
        env={**os.environ, "TMPDIR": str(tmp_path)},  # its temporary directory goes here
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    for figure in FIGURES:
        line = next(line for line in lines if line.startswith(figure))
        assert not math.isnan(float(line[len(figure) :].split()[0])), line
    assert processes_naming(tmp_path) == []
    return done.stdout


@pytest.mark.timeout(120)
def test_the_hall_bench_sets_a_table_up_plays_and_prints_its_figures(tmp_path: Path) -> None:
    """A table of four players and a spectator is set up and plays two turns; each figure
    is a number, and no server the bench started is left running."""
    out = run_hall(tmp_path, "--tables", "1", "--moves", "2")
    assert "= 5 SSH sessions" in out
    assert "the clients in this process" in out
    assert "2 turns in" in out


@pytest.mark.timeout(120)
def test_the_hall_bench_spreads_its_clients_over_processes(tmp_path: Path) -> None:
    """Two tables, each set up and played by a client process of its own: the samples
    of both come back (their turns, their players' keys, found in the server's stamps by
    the clock the processes share), and no client process is left running."""
    out = run_hall(
        tmp_path, "--tables", "2", "--moves", "2", "--client-procs", "2", "--think", "0-1"
    )
    assert "= 10 SSH sessions" in out
    assert "the clients in 2 processes of their own" in out
    assert "4 turns in" in out
    found = re.search(r"(\d+) player keys timed \((\d+) found in the server's stamps\)", out)
    assert found is not None, out
    assert int(found.group(1)) >= 4 and int(found.group(2)) > 0, found.group(0)
