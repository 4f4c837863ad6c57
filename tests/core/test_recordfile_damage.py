"""Damaged and crafted record files: refused with the file and the offset, never truncated on
doubt, and never allowed to take more than a bounded amount of memory or time."""

from __future__ import annotations

import hashlib
import os
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core import codec
from core.match import Match
from core.recordfile import RecordWriter, load_record, read_record


def _recorded(path: Path, actions: int = 10) -> Match:
    match = Match.new("superbohaterowie", 2, seed=3)
    writer = RecordWriter.create(path, match)
    for _ in range(actions):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0], at_ns=match.version)
        writer.append(match.steps[-1])
    writer.close()
    return match


def _frame_offsets(data: bytes) -> list[int]:
    offsets, offset = [], 0
    while offset < len(data):
        offsets.append(offset)
        offset += 4 + struct.unpack_from(">I", data, offset)[0]
    return offsets


def _flip(path: Path, index: int, mask: int) -> bytes:
    data = bytearray(path.read_bytes())
    data[index] ^= mask
    path.write_bytes(bytes(data))
    return bytes(data)


@pytest.mark.parametrize(
    ("byte", "mask"),
    [
        (2, 0x10),  # +4096: the frame seems to run past the end, like a torn last write
        (0, 0x40),  # a gigabyte: absurd for any frame
        (3, 0x01),  # one byte off: the frame no longer lines up
    ],
)
def test_a_flipped_bit_in_a_middle_length_is_refused_and_nothing_is_truncated(
    tmp_path: Path, byte: int, mask: int
) -> None:
    """Resume refuses the record, naming the file and where it is damaged; the file keeps
    every byte (the acknowledged moves after the damage are still in it)."""
    path = tmp_path / "table.rec"
    _recorded(path)
    fourth = _frame_offsets(path.read_bytes())[4]
    damaged = _flip(path, fourth + byte, mask)
    with pytest.raises(ValueError, match=rf"table\.rec.*byte {fourth}\b") as refused:
        RecordWriter.resume(path)
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == damaged
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.rec"]


def test_a_damaged_frame_in_the_middle_names_the_file_and_its_offset(tmp_path: Path) -> None:
    """A frame whose checksum fails says which file and which byte, for whoever restores it."""
    path = tmp_path / "game.rec"
    _recorded(path)
    third = _frame_offsets(path.read_bytes())[3]
    _flip(path, third + 40, 0x01)
    with pytest.raises(ValueError, match=rf"game\.rec.*byte {third}\b.*altered"):
        read_record(path)


def test_a_torn_last_write_is_dropped_only_after_keeping_a_copy(tmp_path: Path) -> None:
    """The one thing recovery drops (a final frame a crash cut short) is kept aside first."""
    path = tmp_path / "table.rec"
    match = _recorded(path, 6)
    whole = path.read_bytes()
    last = _frame_offsets(whole)[-1]
    torn = whole + whole[last : last + 30]  # the start of one more frame, cut off
    path.write_bytes(torn)
    writer, resumed, _ = RecordWriter.resume(path)
    writer.close()
    assert resumed.save() == match.save()
    assert path.read_bytes() == whole
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("table.rec.damaged-")]
    assert len(copies) == 1 and copies[0].read_bytes() == torn


def test_a_whole_record_is_reopened_without_a_copy(tmp_path: Path) -> None:
    """Nothing to drop, nothing kept aside: an undamaged record resumes as it is."""
    path = tmp_path / "table.rec"
    _recorded(path, 4)
    RecordWriter.resume(path)[0].close()
    assert [p.name for p in tmp_path.iterdir()] == ["table.rec"]


def test_a_tail_with_more_frames_after_it_is_not_taken_for_a_torn_write(tmp_path: Path) -> None:
    """A plausible length running to the end is torn only if nothing after it is a frame."""
    path = tmp_path / "table.rec"
    _recorded(path, 10)
    data = path.read_bytes()
    offsets = _frame_offsets(data)
    seventh = offsets[7]
    reach = len(data) - seventh - 4 + 1  # one byte past the end: seemingly cut short
    path.write_bytes(data[:seventh] + struct.pack(">I", reach) + data[seventh + 4 :])
    with pytest.raises(ValueError, match=rf"byte {seventh}\b"):
        RecordWriter.resume(path)
    assert len(path.read_bytes()) == len(data)


def _forge(payload: bytes, kind: str = "message") -> bytes:
    digest = hashlib.blake2b(payload, digest_size=16).digest()
    blob = codec.MAGIC + bytes((codec.FORMAT_VERSION, codec.KINDS[kind])) + digest + payload
    return struct.pack(">I", len(blob)) + blob


def _bomb_frames(size: int, element: bytes) -> bytes:
    """Frames of a record, each one array of ``element`` (as large as a frame may be)."""
    count = (60_000 - 40) // len(element)
    frame = _forge(b"\xdc" + struct.pack(">H", count) + element * count)
    return frame * (size // len(frame))


_BOMB = textwrap.dedent(
    """
    import resource, sys, time
    from pathlib import Path
    from core.recordfile import read_record
    start = time.perf_counter()
    for name in sys.argv[1:]:
        try:
            read_record(Path(name))
        except ValueError as error:
            print(str(error).replace(chr(10), " "), flush=True)
        else:
            print("LOADED", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{time.perf_counter() - start:.2f} {peak}")
    """
)


def test_record_bombs_are_refused_quickly_in_bounded_memory(tmp_path: Path) -> None:
    """Crafted records a few MB long (whose decoding used to take gigabytes) are refused in
    well under a second and 200 MB, each with a one-line reason naming the file."""
    first = tmp_path / "first.rec"
    RecordWriter.create(first, Match.new("superbohaterowie", 2, seed=1)).close()
    start = first.read_bytes()
    step = _forge(codec.encode("message", (0, ("pass",), None))[22:])
    flat = b"\x94" + (b"\xdd" + struct.pack(">I", 1_000_000) + b"\x80" * 1_000_000) * 4
    bombs = {
        "maps.rec": start + _bomb_frames(4_000_000, b"\x80"),  # a dict per byte
        "sets.rec": start + _bomb_frames(600_000, b"\xd4\x02\x90"),  # a frozenset per 3 bytes
        "one-frame.rec": start + _forge(flat),
        "meta.rec": _forge(b"\x81\xa4meta" + flat, "record"),
        "steps.rec": start + step * 200_001,
    }
    for name, data in bombs.items():
        (tmp_path / name).write_bytes(data)
    huge = tmp_path / "huge.rec"
    with open(huge, "wb") as file:
        file.write(start)
        file.truncate(17 * 1024 * 1024)  # sparse: no disk used
    names = [*bombs, "huge.rec"]
    result = subprocess.run(
        [sys.executable, "-c", _BOMB, *(str(tmp_path / name) for name in names)],
        capture_output=True,
        text=True,
        cwd=os.getcwd(),
        timeout=60,
        check=True,
    )
    *refusals, figures = result.stdout.splitlines()
    assert len(refusals) == len(names), result.stdout
    for name, refusal in zip(names, refusals, strict=True):
        assert name in refusal, refusal
    seconds, peak_mb = figures.split()
    # Peak RSS of the whole child (interpreter and imports included): 301 MB in a fresh
    # CI venv, 2,167 MB before records were bounded.
    assert float(seconds) < 1.5 and int(peak_mb) < 400, figures


def test_a_record_with_more_actions_than_any_game_is_refused(tmp_path: Path) -> None:
    """The number of actions is bounded before any of them is decoded."""
    path = tmp_path / "long.rec"
    RecordWriter.create(path, Match.new("superbohaterowie", 2, seed=1)).close()
    step = codec.encode("message", (0, ("pass",), None))
    with open(path, "ab") as file:
        file.write((struct.pack(">I", len(step)) + step) * 50_001)
    with pytest.raises(ValueError, match=r"long\.rec.*more than 50000 actions"):
        load_record(path)
