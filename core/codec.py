"""Versioned msgpack encoding of states, saves and records, decoded with hard bounds.

Layout of every blob: ``b"HNTR"`` | format version (1 byte) | kind (1 byte) | BLAKE2b-128
digest of the payload | msgpack payload. Decoding refuses foreign, truncated, tampered,
oversized or unknown-version data with a ``ValueError`` that says which; it never builds
an object other than plain data and the state dataclasses registered here by the games.

A checksum proves only that a blob is intact, not that whoever made it meant well, so the
decoder's work is bounded whatever the bytes say: the blob's size, each string's and
container's length, the number of values in all (a byte of msgpack can be a 64-byte dict:
without a count a few megabytes decoded to gigabytes), the nesting of arrays and maps
(msgpack's own stack: 1,024 levels) and the nesting of extension types (ours).
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any, TypeVar

import msgpack

MAGIC = b"HNTR"
FORMAT_VERSION = 1
KINDS: dict[str, int] = {"save": 1, "record": 2, "message": 3}
_KIND_NAMES = {code: name for name, code in KINDS.items()}
_DIGEST_SIZE = 16
_HEADER = len(MAGIC) + 2 + _DIGEST_SIZE

MAX_BYTES = 16 * 1024 * 1024
"""The largest blob accepted: far above any real save, far below harm."""
_LIMITS = {
    "max_buffer_size": MAX_BYTES,
    "max_str_len": 1024 * 1024,
    "max_bin_len": 1024 * 1024,
    "max_array_len": 1_000_000,
    "max_map_len": 100_000,
    "max_ext_len": MAX_BYTES,
}
MAX_VALUES = 1_000_000
"""The most values (every container and every item in one) a blob may decode to. A long
game's record or save holds about 3,000 (some 9 an action); a million keeps what a crafted
blob can make of itself to about 200 MB, however small its values."""
MAX_STATES = 1_000
"""The most states and sets (extension types) a blob may hold: real saves hold five at
most, and each costs a decoder of its own, so thousands are work for nothing."""
MAX_EXT_DEPTH = 8
"""How deeply states and sets may nest inside each other (today's states: one level)."""

_EXT_DATACLASS = 1
_EXT_FROZENSET = 2

_REGISTRY: dict[str, type[Any]] = {}
_NAMES: dict[type[Any], str] = {}

T = TypeVar("T")


def register(cls: type[T]) -> type[T]:
    """Allow a frozen state dataclass to be encoded and decoded (a class decorator)."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    name = f"{cls.__module__}.{cls.__qualname__}"
    _REGISTRY[name] = cls
    _NAMES[cls] = name
    return cls


def _default(obj: Any) -> Any:
    name = _NAMES.get(type(obj))
    if name is not None:
        values = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        return msgpack.ExtType(_EXT_DATACLASS, _pack([name, *values]))
    if isinstance(obj, frozenset):
        return msgpack.ExtType(_EXT_FROZENSET, _pack(sorted(obj, key=repr)))
    raise TypeError(f"cannot encode {type(obj).__name__}")


def _pack(obj: Any) -> bytes:
    data: bytes = msgpack.packb(obj, default=_default, use_bin_type=True, strict_types=False)
    return data


class _Bounded:
    """One decode's running totals, kept by msgpack's hooks: values built so far, states
    and sets among them, and the depth of those being decoded (each decodes its own payload)."""

    __slots__ = ("depth", "states", "values")

    def __init__(self) -> None:
        self.values = 0
        self.states = 0
        self.depth = 0

    def _count(self, values: int) -> None:
        self.values += values
        if self.values > MAX_VALUES:
            raise ValueError(f"too many values (more than {MAX_VALUES:,})")

    def _array(self, items: tuple[Any, ...]) -> tuple[Any, ...]:
        self._count(1 + len(items))
        return items

    def _map(self, pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
        self._count(1 + 2 * len(pairs))
        return dict(pairs)

    def _ext(self, code: int, data: bytes) -> Any:
        self._count(1)
        self.states += 1
        if self.states > MAX_STATES:
            raise ValueError(f"too many states and sets (more than {MAX_STATES:,})")
        if self.depth >= MAX_EXT_DEPTH:
            raise ValueError(f"states nested more than {MAX_EXT_DEPTH} deep")
        self.depth += 1
        try:
            return self._ext_value(code, data)
        finally:
            self.depth -= 1

    def _ext_value(self, code: int, data: bytes) -> Any:
        if code == _EXT_DATACLASS:
            name, *values = self.unpack(data)
            cls = _REGISTRY.get(name) if isinstance(name, str) else None
            if cls is None:
                raise ValueError(f"unknown state type {name!r}")
            fields = dataclasses.fields(cls)
            if len(values) != len(fields):
                raise ValueError(f"{name} needs {len(fields)} fields, got {len(values)}")
            return cls(*values)
        if code == _EXT_FROZENSET:
            return frozenset(self.unpack(data))
        raise ValueError(f"unknown extension type {code}")

    def unpack(self, payload: bytes) -> Any:
        """The one value ``payload`` holds, counted against this decode's bounds."""
        unpacker = msgpack.Unpacker(
            use_list=False,
            raw=False,
            strict_map_key=False,
            list_hook=self._array,
            object_pairs_hook=self._map,
            ext_hook=self._ext,
            **_LIMITS,
        )
        unpacker.feed(payload)
        value = unpacker.unpack()
        try:
            unpacker.unpack()
        except msgpack.OutOfData:
            return value
        raise ValueError("extra data after the payload")


def encode(kind: str, obj: Any) -> bytes:
    """A versioned, checksummed blob of ``kind`` ("save", "record", "message")."""
    payload = _pack(obj)
    digest = hashlib.blake2b(payload, digest_size=_DIGEST_SIZE).digest()
    return MAGIC + bytes((FORMAT_VERSION, KINDS[kind])) + digest + payload


def decode(data: bytes, kind: str) -> Any:
    """The object inside a blob made by :func:`encode`, or a ValueError saying what is wrong."""
    payload = _payload(data, kind)
    try:
        return _Bounded().unpack(payload)
    except msgpack.StackError:
        raise ValueError("malformed data: nested too deeply") from None
    except ValueError:
        raise
    except msgpack.OutOfData:
        raise ValueError("truncated data: the payload ends early") from None
    except Exception as exc:  # msgpack raises several types for malformed input
        raise ValueError(f"malformed data: {exc}") from None


def check(data: bytes, kind: str) -> None:
    """The ValueError :func:`decode` would raise for a foreign, damaged or altered blob,
    found without decoding it (a hash is cheap; building its objects is not)."""
    _payload(data, kind)


def _payload(data: bytes, kind: str) -> bytes:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ValueError(f"expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise ValueError(f"data too large ({len(data)} bytes, limit {MAX_BYTES})")
    if not data.startswith(MAGIC) and not MAGIC.startswith(data):
        raise ValueError("not a Hunters file (unknown header)")
    if len(data) < _HEADER:
        raise ValueError("truncated data: the header is incomplete")
    version, kind_code = data[4], data[5]
    if version != FORMAT_VERSION:
        raise ValueError(
            f"unsupported format version {version} (this Hunters reads version {FORMAT_VERSION})"
        )
    if kind_code != KINDS[kind]:
        found = _KIND_NAMES.get(kind_code, f"unknown kind {kind_code}")
        raise ValueError(f"this is a {found}, not a {kind}")
    digest, payload = data[6:_HEADER], data[_HEADER:]
    if hashlib.blake2b(payload, digest_size=_DIGEST_SIZE).digest() != digest:
        raise ValueError("the data is truncated or has been altered (checksum mismatch)")
    return payload
