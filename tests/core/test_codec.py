"""The codec: versioned, checksummed, bounded, and never fooled into building objects."""

from __future__ import annotations

import hashlib

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import codec
from core.match import Match


def _saved() -> bytes:
    match = Match.new("superbohaterowie", 3, seed=11)
    for _ in range(6):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    return match.save()


SAVE = _saved()


def _forge(payload: bytes, kind: str = "save") -> bytes:
    """A blob with a correct header and checksum around an arbitrary payload."""
    digest = hashlib.blake2b(payload, digest_size=16).digest()
    return codec.MAGIC + bytes((codec.FORMAT_VERSION, codec.KINDS[kind])) + digest + payload


def test_states_survive_a_round_trip() -> None:
    """A registered state dataclass decodes equal to what was encoded."""
    state = Match.new("superbohaterowie", 2, seed=3).state
    assert codec.decode(codec.encode("save", state), "save") == state


def test_a_foreign_file_is_refused_as_such() -> None:
    """Data without our header is named as not ours."""
    with pytest.raises(ValueError, match="not a Hunters file"):
        codec.decode(b"PK\x03\x04 a zip file", "save")


@pytest.mark.parametrize("length", [0, 2, 5, 20, len(SAVE) // 2, len(SAVE) - 1])
def test_truncated_data_is_refused(length: int) -> None:
    """A save cut short at any point is refused, never half-loaded."""
    with pytest.raises(ValueError, match=r"truncated|altered"):
        Match.load(SAVE[:length])


def test_a_newer_format_version_is_refused_with_both_versions_named() -> None:
    """A file from a future Hunters says which version it is."""
    data = SAVE[:4] + bytes((99,)) + SAVE[5:]
    with pytest.raises(ValueError, match="version 99"):
        Match.load(data)


def test_a_record_is_not_loaded_as_a_save() -> None:
    """The kind byte keeps records and saves apart."""
    with pytest.raises(ValueError, match="record, not a save"):
        Match.load(Match.new("superbohaterowie", 2, seed=1).record())


@settings(max_examples=200, deadline=None)
@given(index=st.integers(0, len(SAVE) - 1), flip=st.integers(1, 255))
def test_any_altered_byte_is_detected(index: int, flip: int) -> None:
    """Changing any one byte of a save makes loading fail with a ValueError."""
    data = bytearray(SAVE)
    data[index] ^= flip
    with pytest.raises(ValueError):
        Match.load(bytes(data))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2048))
def test_garbage_raises_only_value_error(data: bytes) -> None:
    """Random bytes never crash the decoder with anything but a clear ValueError."""
    with pytest.raises(ValueError):
        Match.load(data)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2048))
def test_garbage_with_a_valid_checksum_raises_only_value_error(payload: bytes) -> None:
    """Even with a correct checksum, malformed payloads end in a ValueError."""
    with pytest.raises(ValueError):
        Match.load(_forge(payload))


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**63 - 1)
        | st.text(max_size=8)
        | st.binary(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_well_formed_but_wrong_structures_raise_value_error(value: object) -> None:
    """Valid msgpack of the wrong shape is refused as not a match."""
    with pytest.raises(ValueError):
        Match.load(_forge(msgpack.packb(value)))


def test_unregistered_types_are_never_built() -> None:
    """An extension naming any class not registered by a game is refused."""
    inner = msgpack.packb(["os.system", "echo pwned"])
    payload = msgpack.packb(msgpack.ExtType(1, inner))
    with pytest.raises(ValueError, match=r"unknown state type .os\.system."):
        codec.decode(_forge(payload), "save")


def test_huge_declared_lengths_are_refused_without_allocating() -> None:
    """An array header claiming four billion items is refused at once."""
    payload = b"\xdd\xff\xff\xff\xff"
    with pytest.raises(ValueError):
        codec.decode(_forge(payload), "save")


def test_deep_nesting_is_refused() -> None:
    """Thousands of nested arrays end in a ValueError, not a crash."""
    payload = b"\x91" * 100_000 + b"\xc0"
    with pytest.raises(ValueError):
        codec.decode(_forge(payload), "save")


def test_a_save_whose_state_disagrees_with_its_record_is_refused() -> None:
    """A consistent checksum does not let a forged state in: the record is replayed."""
    body = codec.decode(SAVE, "save")
    other = Match.new("superbohaterowie", 3, seed=12).state
    forged = codec.encode("save", {**body, "state": other})
    with pytest.raises(ValueError, match="inconsistent"):
        Match.load(forged)


def test_a_record_with_an_illegal_action_is_refused_with_its_number() -> None:
    """Replaying stops at the first action that cannot be applied, naming it."""
    body = codec.decode(Match.new("superbohaterowie", 2, seed=1).record(), "record")
    forged = codec.encode("record", {**body, "actions": ((0, ("discard-hand",), None),)})
    with pytest.raises(ValueError, match="action 1 cannot be replayed"):
        Match.replay(forged)
