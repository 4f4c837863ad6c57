"""Notes in a record: read back in order with the actions before each, kept by a rewrite,
absent from old records, and cut as a torn tail only as an action's frame would be."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from core import codec
from core.match import Match
from core.recordfile import RecordWriter, load_record, read_record


def _play(match: Match, actions: int, writer: RecordWriter) -> None:
    for _ in range(actions):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0], at_ns=match.version)
        writer.append(match.steps[-1])


def _noted(path: Path) -> Match:
    """Two actions, a stand-in, three actions, the player back, one action."""
    match = Match.new("superbohaterowie", 2, seed=3)
    writer = RecordWriter.create(path, match, meta={"started": 12.5})
    _play(match, 2, writer)
    writer.note({"note": "stand-in", "seat": 1})
    _play(match, 3, writer)
    writer.note({"note": "back", "seat": 1})
    _play(match, 1, writer)
    writer.close()
    return match


def test_notes_read_back_with_the_actions_before_them(tmp_path: Path) -> None:
    """meta["notes"] in order, each knowing its place; the actions replay as without notes."""
    match = _noted(tmp_path / "game.rec")
    again, meta = read_record(tmp_path / "game.rec")
    assert again.save() == match.save()
    assert meta == {
        "started": 12.5,
        "notes": (
            {"note": "stand-in", "seat": 1, "actions": 2},
            {"note": "back", "seat": 1, "actions": 5},
        ),
    }


def test_a_record_without_notes_has_none_in_its_meta(tmp_path: Path) -> None:
    """Old records (and new ones with nothing to note) read as they always did."""
    match = Match.new("superbohaterowie", 2, seed=3)
    writer = RecordWriter.create(tmp_path / "game.rec", match, meta={"seats": ()})
    _play(match, 3, writer)
    writer.close()
    assert read_record(tmp_path / "game.rec")[1] == {"seats": ()}


def test_a_resumed_writer_knows_its_notes_and_places_new_ones_after_its_actions(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.rec"
    match = _noted(path)
    writer, resumed, _ = RecordWriter.resume(path)
    _play(resumed, 1, writer)
    writer.note({"note": "finished", "at": 99.0})
    assert writer.notes[-1] == {"note": "finished", "at": 99.0, "actions": 7}
    writer.close()
    notes = read_record(path)[1]["notes"]
    assert [n["note"] for n in notes] == ["stand-in", "back", "finished"]
    assert load_record(path).save() != match.save()  # one action more


def test_a_rewrite_keeps_the_notes_in_place_and_ends_with_those_past_its_actions(
    tmp_path: Path,
) -> None:
    """After a take-back the record is written again from the match and the old notes: one
    noted after an action that was taken back follows the last action left."""
    match = _noted(tmp_path / "game.rec")
    _, meta = read_record(tmp_path / "game.rec")
    shorter = Match.replay(match.record(), 4)
    RecordWriter.create(tmp_path / "again.rec", shorter, meta=meta).close()
    again, kept = read_record(tmp_path / "again.rec")
    assert again.save() == shorter.save()
    assert [(n["note"], n["actions"]) for n in kept["notes"]] == [("stand-in", 2), ("back", 4)]


def test_a_note_must_say_what_it_is_and_not_where(tmp_path: Path) -> None:
    writer = RecordWriter.create(tmp_path / "game.rec", Match.new("superbohaterowie", 2, seed=1))
    with pytest.raises(ValueError, match="note"):
        writer.note({"seat": 1})
    with pytest.raises(ValueError, match="actions"):
        writer.note({"note": "back", "actions": 3})
    writer.close()


def test_a_torn_note_at_the_end_is_dropped_like_a_torn_action(tmp_path: Path) -> None:
    """A crash in the middle of writing a note loses that note only (a copy is kept)."""
    path = tmp_path / "game.rec"
    match = _noted(path)
    whole = path.read_bytes()
    blob = codec.encode("message", {"note": "finished", "at": 1.0})
    path.write_bytes(whole + (struct.pack(">I", len(blob)) + blob)[:20])
    writer, resumed, meta = RecordWriter.resume(path)
    writer.close()
    assert resumed.save() == match.save() and len(meta["notes"]) == 2
    assert path.read_bytes() == whole
    assert len(list(tmp_path.glob("game.rec.damaged-*"))) == 1


def test_a_damaged_note_in_the_middle_is_refused_and_nothing_is_cut(tmp_path: Path) -> None:
    """A note's frame is checked as an action's: a flipped byte names the file and offset."""
    path = tmp_path / "game.rec"
    _noted(path)
    data = bytearray(path.read_bytes())
    offset = 0
    offsets = []
    while offset < len(data):
        offsets.append(offset)
        offset += 4 + struct.unpack_from(">I", data, offset)[0]
    stand_in = offsets[3]  # the header, two actions, then the note
    data[stand_in + 30] ^= 0x01
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=rf"game\.rec: the frame at byte {stand_in} is damaged"):
        RecordWriter.resume(path)
    assert path.read_bytes() == bytes(data)


def test_a_frame_that_is_neither_an_action_nor_a_note_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.rec"
    _noted(path)
    blob = codec.encode("message", {"seat": 1})
    with open(path, "ab") as file:
        file.write(struct.pack(">I", len(blob)) + blob)
    with pytest.raises(ValueError, match="no note Hunters writes"):
        read_record(path)
