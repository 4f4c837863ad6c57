"""The codec's bounds on what a checksummed but crafted blob may make it build."""

from __future__ import annotations

import hashlib
import struct
import time

import pytest

from core import codec


def _forge(payload: bytes, kind: str = "save") -> bytes:
    """A blob with a correct header and checksum around an arbitrary payload."""
    digest = hashlib.blake2b(payload, digest_size=16).digest()
    return codec.MAGIC + bytes((codec.FORMAT_VERSION, codec.KINDS[kind])) + digest + payload


def test_a_megabyte_of_empty_maps_is_refused_before_it_becomes_a_million_dicts() -> None:
    """One byte of msgpack can be a 64-byte dict: the number of values is bounded."""
    count = codec.MAX_VALUES
    payload = b"\xdd" + struct.pack(">I", count) + b"\x80" * count
    with pytest.raises(ValueError, match=r"too many values \(more than 1,000,000\)"):
        codec.decode(_forge(payload), "save")


def test_values_in_many_small_containers_add_up() -> None:
    """The bound is on the whole blob, not each container: many small arrays count together."""
    inner = b"\x9f" + b"\xc0" * 15
    count = codec.MAX_VALUES // 16 + 1
    payload = b"\xdd" + struct.pack(">I", count) + inner * count
    with pytest.raises(ValueError, match="too many values"):
        codec.decode(_forge(payload), "save")


def test_sets_nested_in_sets_are_refused_past_a_few_levels() -> None:
    """Each extension decodes its own payload: their nesting is bounded too."""
    data = b"\x90"  # a set's payload: the array of its items
    for _ in range(20):
        inner = b"\xc7" + bytes((len(data), 2)) + data
        data = b"\x91" + inner  # the next set holds the one before
    with pytest.raises(ValueError, match="nested"):
        codec.decode(_forge(inner), "save")


def test_deep_arrays_say_why_they_are_refused() -> None:
    """Past msgpack's own stack an array nest is refused in words, not an empty message."""
    with pytest.raises(ValueError, match="nested too deeply"):
        codec.decode(_forge(b"\x91" * 2000 + b"\xc0"), "save")


def test_thousands_of_sets_are_refused_before_each_is_decoded() -> None:
    """A set is a three-byte extension decoded by its own decoder: their number is bounded,
    so a megabyte of them is refused at once instead of costing seconds."""
    count = 300_000
    payload = b"\xdd" + struct.pack(">I", count) + b"\xd4\x02\x90" * count
    started = time.perf_counter()
    with pytest.raises(ValueError, match=r"too many states and sets \(more than 1,000\)"):
        codec.decode(_forge(payload), "save")
    assert time.perf_counter() - started < 0.5
