"""Crash-safe match records on disk: one header, then one frame per accepted action.

A served table appends every accepted action here and flushes it to the operating system
before the action is acknowledged, so a server killed at any moment (even ``kill -9``)
restarts into the same game with no accepted action lost. Each frame is a 4-byte length
and a checksummed codec blob; a frame cut short by a crash in the middle of a write is the
one thing recovery may drop (it was never acknowledged), anything else damaged is refused.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any, BinaryIO

from core import codec
from core.match import Match, Step

_LENGTH = struct.Struct(">I")


def _frame(blob: bytes) -> bytes:
    return _LENGTH.pack(len(blob)) + blob


class RecordWriter:
    """Appends a match's actions to its record file as they are accepted.

    ``durable`` also fsyncs each action, surviving power loss as well as a killed process,
    at the cost of a disk round trip per action.
    """

    def __init__(self, path: Path, file: BinaryIO, *, durable: bool = False) -> None:
        self.path = path
        self.durable = durable
        self._file = file

    @classmethod
    def create(
        cls,
        path: Path,
        match: Match,
        *,
        meta: dict[str, Any] | None = None,
        durable: bool = False,
    ) -> RecordWriter:
        """Start the record of ``match`` at ``path`` (which must not exist yet).

        ``meta`` is kept in the header for whoever resumes the table (e.g. who sat where).
        """
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600)
        writer = cls(path, os.fdopen(fd, "ab"), durable=durable)
        header = dict(codec.decode(match.record(), "record"))
        steps = header.pop("actions")
        writer._write(codec.encode("record", {**header, "actions": (), "meta": meta or {}}))
        for step in steps:
            writer.append(step)
        return writer

    @classmethod
    def resume(
        cls, path: Path, *, durable: bool = False
    ) -> tuple[RecordWriter, Match, dict[str, Any]]:
        """Reopen a record: a writer that appends to it, the match it holds, its meta."""
        match, meta, good_length = _read(path)
        with open(path, "r+b") as damaged:
            damaged.truncate(good_length)  # drop a frame a crash cut short
        return cls(path, open(path, "ab"), durable=durable), match, meta

    def append(self, step: Step) -> None:
        """Write one accepted action and push it to the OS before returning."""
        self._write(codec.encode("message", step))

    def _write(self, blob: bytes) -> None:
        self._file.write(_frame(blob))
        self._file.flush()
        if self.durable:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        """Close the file (the record stays complete and readable)."""
        self._file.close()


def load_record(path: Path) -> Match:
    """The match a record file holds, replayed action by action."""
    return _read(path)[0]


def read_record(path: Path) -> tuple[Match, dict[str, Any]]:
    """The match a record file holds and the table's notes on it (``meta``: seat names…)."""
    match, meta, _ = _read(path)
    return match, meta


def _read(path: Path) -> tuple[Match, dict[str, Any], int]:
    data = path.read_bytes()
    frames: list[bytes] = []
    offset = 0
    while offset + _LENGTH.size <= len(data):
        (length,) = _LENGTH.unpack_from(data, offset)
        end = offset + _LENGTH.size + length
        if end > len(data):
            break  # the last write was cut short by a crash: never acknowledged
        frames.append(data[offset + _LENGTH.size : end])
        offset = end
    if not frames:
        raise ValueError(f"{path} holds no match record")
    header: Any = codec.decode(frames[0], "record")
    if not isinstance(header, dict):
        raise ValueError(f"{path} does not start with a match header")
    steps = tuple(codec.decode(frame, "message") for frame in frames[1:])
    meta = header.get("meta", {})
    body = {**header, "actions": steps}
    return (
        Match.replay(codec.encode("record", body)),
        meta if isinstance(meta, dict) else {},
        offset,
    )
