"""Finished game records as a served table writes them, for the database and ratings tests:
seats by (name, kind, level), random legal moves to the end, notes where a test puts them."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.match import Match
from core.recordfile import RecordWriter

HUMAN = "remote"
"""A served table's seat kind for a player."""


def person(name: str) -> tuple[str, str, str]:
    return (name, HUMAN, "")


def bot(number: int) -> tuple[str, str, str]:
    return (f"Bot {number}", "bot", "random")


def finished_record(
    path: Path,
    seats: Sequence[tuple[str, str, str]],
    *,
    seed: int = 1,
    game: str = "superbohaterowie",
    notes: Mapping[int, Sequence[dict[str, Any]]] | None = None,
    started: float | None = 1_000.0,
    finished: float | None = 2_000.0,
    stop_at: int | None = None,
) -> Match:
    """Play ``game`` with random legal moves to its end into a record at ``path``; each of
    ``notes[n]`` is noted after ``n`` actions, and the finish time last (``stop_at``: stop
    after that many actions, the game unfinished)."""
    match = Match.new(game, len(seats), seed=seed)
    meta: dict[str, Any] = {"seats": tuple(seats)}
    if started is not None:
        meta["started"] = started
    writer = RecordWriter.create(path, match, meta=meta)
    rng = random.Random(seed)
    pending = dict(notes or {})
    while True:
        for note in pending.pop(len(match.steps), ()):
            writer.note(note)
        if match.outcome() is not None or len(match.steps) == stop_at:
            break
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)), at_ns=len(match.steps))
        writer.append(match.steps[-1])
    if finished is not None and stop_at is None:
        writer.note({"note": "finished", "at": finished})
    writer.close()
    return match


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database at ``path``, in a fixed order."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
