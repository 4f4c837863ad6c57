"""Crash-safe match records on disk: one header, then one frame per accepted action.

A served table appends every accepted action here and hands it to the operating system
before the action is acknowledged, so a server killed at any moment (even ``kill -9``)
restarts into the same game with no accepted action lost. Each frame is a 4-byte length
and a checksummed codec blob. A write that fails (a full disk) is cut back off the file, so
the record always ends at its last acknowledged action, and the writer refuses to go on.

Reading trusts nothing in the file. The file, each frame and the number of actions have
upper bounds (:data:`MAX_RECORD_BYTES`, :data:`MAX_FRAME`, :data:`MAX_ACTIONS`) far above any
real game; every frame's checksum is checked before any is decoded, then each is decoded
and replayed before the next, so only the match is kept and a crafted record costs bounded
memory and time (the codec bounds what one frame may decode to). Damage is refused with a
:class:`RecordError` naming the file and the byte where it is, never repaired by guessing:
the one thing recovery may drop is a torn tail, the final frame a crash cut short (its
length plausible, its bytes the start of a frame, nothing after it that could be one). Even
then the file as found is copied to ``NAME.damaged-TIME`` before it is cut, so a wrong
guess loses nothing.

Besides actions a record holds notes (:meth:`RecordWriter.note`): what the table saw that
is no move, such as a stand-in bot taking a seat or the game's finish time. A note is a
frame like an action's (a "message" blob, so the torn-tail rule holds for both) whose
payload is a dict with a ``"note"`` key instead of a step; older records simply have none.
Reading puts them in ``meta["notes"]`` (only when there are any), each with ``"actions"``:
how many actions came before it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import struct
import time
from pathlib import Path
from typing import Any

from core import codec
from core.match import Match, Step

_LENGTH = struct.Struct(">I")

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record file read. Records take some 55 bytes an action, the longest game
measured (a ten-game Superbohaterowie series, 650 actions) about 36 kB: this leaves room for
hundreds of times more, and reading it all is quick."""
MAX_FRAME = 64 * 1024
"""The largest frame: an action takes about 50 bytes, a header a few hundred."""
MAX_ACTIONS = 50_000
"""The most actions (and notes) a record may hold: ten times the point where ``hunters sim``
calls a game stuck (5,000), seventy times the longest game measured (650)."""
_START = codec.MAGIC + bytes((codec.FORMAT_VERSION, codec.KINDS["message"]))
"""How every action's frame begins after its length: a torn tail must begin so."""


class RecordError(ValueError):
    """A file that is no sound record: its text names the file, ``reason`` says what is
    wrong (and where: the byte offset of the frame)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _frame(blob: bytes) -> bytes:
    return _LENGTH.pack(len(blob)) + blob


class RecordWriter:
    """Appends a match's actions to its record file as they are accepted.

    ``durable`` also fsyncs each action, surviving power loss as well as a killed process,
    at the cost of a disk round trip per action.
    """

    def __init__(self, path: Path, fd: int, *, durable: bool = False) -> None:
        self.path = path
        self.durable = durable
        self._fd = fd
        self._length = os.fstat(fd).st_size
        """Where the last whole frame ends: a failed write is cut back to here."""
        self._failure: OSError | None = None
        self._actions = 0
        """Actions in the file: a note is placed after them."""
        self._notes: list[dict[str, Any]] = []

    @property
    def notes(self) -> tuple[dict[str, Any], ...]:
        """The notes in the file, each with ``"actions"`` (the actions before it)."""
        return tuple(dict(note) for note in self._notes)

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

        ``meta`` is kept in the header for whoever resumes the table (e.g. who sat where);
        its ``"notes"`` (as read back, or `notes`: e.g. when a record is rewritten after a
        take-back) are written as notes after the actions they followed, the last of them
        after the last action when the match has fewer now.
        """
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600)
        writer = cls(path, fd, durable=durable)
        header = dict(codec.decode(match.record(), "record"))
        steps = header.pop("actions")
        kept = dict(meta or {})
        notes = list(kept.pop("notes", ()))
        try:
            writer._write(codec.encode("record", {**header, "actions": (), "meta": kept}))
            for number, step in enumerate((*steps, None)):
                while notes and (step is None or notes[0].get("actions", 0) <= number):
                    writer.note({k: v for k, v in notes.pop(0).items() if k != "actions"})
                if step is not None:
                    writer.append(step)
        except OSError:
            writer.close()
            with contextlib.suppress(OSError):  # it holds nothing anyone was told of
                path.unlink()
            raise
        return writer

    @classmethod
    def resume(
        cls, path: Path, *, durable: bool = False
    ) -> tuple[RecordWriter, Match, dict[str, Any]]:
        """Reopen a record: a writer that appends to it, the match it holds, its meta.

        A torn tail is cut off, after the file as found is copied aside; anything else
        damaged raises RecordError and the file is left as it is."""
        match, meta, good_length = _read(path)
        if good_length < path.stat().st_size:
            keep = path.with_name(f"{path.name}.damaged-{time.time_ns()}")
            shutil.copyfile(path, keep)
            keep.chmod(0o600)
            with open(path, "r+b") as torn:
                torn.truncate(good_length)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        writer = cls(path, fd, durable=durable)
        writer._actions = len(match.steps)
        writer._notes = [dict(note) for note in meta.get("notes", ())]
        return writer, match, meta

    def append(self, step: Step) -> None:
        """Write one accepted action and push it to the OS before returning.

        OSError if it cannot be written: the file is cut back to end at the last action
        written, and every later append fails the same way (the record must never skip)."""
        self._write(codec.encode("message", step))
        self._actions += 1

    def note(self, note: dict[str, Any]) -> None:
        """Write a note after the actions written so far (``note["note"]`` says what kind
        it is, e.g. ``{"note": "stand-in", "seat": 1}``); OSError as for `append`."""
        if not isinstance(note.get("note"), str) or "actions" in note:
            raise ValueError("a note says what it is in 'note' and has no 'actions' of its own")
        self._write(codec.encode("message", note))
        self._notes.append({**note, "actions": self._actions})

    def _write(self, blob: bytes) -> None:
        if self._failure is not None:
            raise self._failure
        frame = memoryview(_frame(blob))
        try:
            while frame:
                frame = frame[os.write(self._fd, frame) :]
            if self.durable:
                os.fsync(self._fd)
        except OSError as error:
            self._failure = error
            with contextlib.suppress(OSError):  # if this fails too, the tail reads as torn
                os.ftruncate(self._fd, self._length)
            raise
        self._length = os.lseek(self._fd, 0, os.SEEK_CUR)

    def close(self) -> None:
        """Close the file (the record stays complete and readable)."""
        os.close(self._fd)


def load_record(path: Path) -> Match:
    """The match a record file holds, replayed action by action."""
    return _read(path)[0]


def read_record(path: Path) -> tuple[Match, dict[str, Any]]:
    """The match a record file holds and the table's notes on it (``meta``: seat names…)."""
    match, meta, _ = _read(path)
    return match, meta


def _read(path: Path) -> tuple[Match, dict[str, Any], int]:
    """The match, its meta and where the last whole frame ends; RecordError for anything
    that is not a sound record."""
    with open(path, "rb") as file:
        size = os.fstat(file.fileno()).st_size
        data = file.read(MAX_RECORD_BYTES + 1) if size <= MAX_RECORD_BYTES else b""
    if len(data) > MAX_RECORD_BYTES or size > MAX_RECORD_BYTES:
        limit = MAX_RECORD_BYTES // 2**20
        raise RecordError(path, f"it is larger than any game record ({limit} MiB at most)")
    frames, good_length = _frames(path, data)
    if not frames:
        raise RecordError(path, "it holds no match record")
    offset, blob = frames[0]
    header = _decode(path, offset, blob, "record")
    meta = header.get("meta", {}) if isinstance(header, dict) else None
    if not isinstance(meta, dict):
        raise RecordError(path, "it does not start with a match header")
    meta = {key: value for key, value in meta.items() if key != "notes"}
    try:
        match = Match.from_header({**header, "actions": ()})
    except ValueError as error:
        raise RecordError(path, str(error)) from None
    notes: list[dict[str, Any]] = []
    number = 0
    for offset, blob in frames[1:]:
        step = _decode(path, offset, blob, "message")
        if isinstance(step, dict):
            if not isinstance(step.get("note"), str) or "actions" in step:
                raise RecordError(path, f"the frame at byte {offset} is no note Hunters writes")
            notes.append({**step, "actions": number})
            continue
        number += 1
        try:
            match.redo(number, step)
        except ValueError as error:
            raise RecordError(path, f"{error} (the frame at byte {offset})") from None
    if notes:
        meta["notes"] = tuple(notes)
    return match, meta, good_length


def _frames(path: Path, data: bytes) -> tuple[list[tuple[int, bytes]], int]:
    """The whole frames of ``data`` with their offsets, each checked against its checksum
    (so a damaged length is caught at its own frame, not at the garbage it leads to), and
    where the last one ends."""
    frames: list[tuple[int, bytes]] = []
    offset = 0
    while offset < len(data):
        if offset + _LENGTH.size > len(data):  # torn inside a length: too short for damage
            break
        (length,) = _LENGTH.unpack_from(data, offset)
        if length > MAX_FRAME:
            raise RecordError(
                path,
                f"the frame at byte {offset} claims {length} bytes, more than any frame has "
                f"({MAX_FRAME}): the record is damaged",
            )
        end = offset + _LENGTH.size + length
        if end > len(data):
            if not _torn(data[offset + _LENGTH.size :]):
                raise RecordError(
                    path,
                    f"the frame at byte {offset} runs past the end of the file but is not a "
                    "write cut short: the record is damaged",
                )
            break  # the last write was cut short by a crash: never acknowledged
        blob = data[offset + _LENGTH.size : end]
        try:
            codec.check(blob, "message" if frames else "record")
        except ValueError as error:
            raise RecordError(path, f"the frame at byte {offset} is damaged ({error})") from None
        frames.append((offset, blob))
        if len(frames) > MAX_ACTIONS + 1:
            raise RecordError(
                path, f"it holds more than {MAX_ACTIONS} actions and notes: no game is so long"
            )
        offset = end
    return frames, offset


def _torn(tail: bytes) -> bool:
    """Whether ``tail`` (after a length running past the end) can only be the start of one
    frame whose write was cut short: it begins as a frame does and holds no other one."""
    return tail[: len(_START)] == _START[: len(tail)] and codec.MAGIC not in tail[1:]


def _decode(path: Path, offset: int, blob: bytes, kind: str) -> Any:
    try:
        return codec.decode(blob, kind)
    except ValueError as error:
        raise RecordError(path, f"the frame at byte {offset} cannot be read ({error})") from None
