"""The wire between the server's front and its render workers: msgpack messages, exact types.

``core.codec`` reads every array back as a tuple (right for states and records, which are
tuples throughout), but a view is mostly lists (a board may append to a hand it was shown)
and an action is a tuple that must stay hashable, so the render protocol needs both back as
they were: here a list is a msgpack array and a tuple, a frozenset and the few table types
(`Update`, `Outcome`, `Seat`) are extension types. A `TableSetup` is not one of them on
purpose: its seed deals every hidden card, so a setup crosses only as `setup_fields` (no seed).

Every message is one msgpack array ``[kind, guest, *payload]`` written back to back on a Unix
socket; `Link` reads them with a bounded streaming ``Unpacker``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any, Final

import msgpack

from core.engine import Outcome
from core.table import Seat, TableSetup, Update

log = logging.getLogger(__name__)

MAX_MESSAGE: Final = 32 * 1024 * 1024
"""The largest message either side accepts (a full 400×200 true-colour frame is ~3 MB)."""
WRITE_LIMIT: Final = 64 * 1024 * 1024
"""Bytes waiting to be read by the other side above which the link is given up: a worker that
reads nothing for that long is stuck (the front kills it and re-attaches its guests)."""

FLUSH_AFTER: Final = 0.002
"""Seconds queued output may wait for the end of the loop's turn before it is written."""

_TUPLE, _FROZENSET, _RECORD = 1, 2, 3
_RECORDS: dict[str, type[Any]] = {"Update": Update, "Outcome": Outcome, "Seat": Seat}
_RECORD_NAMES = {cls: name for name, cls in _RECORDS.items()}
_LIMITS: Final = {
    "max_str_len": MAX_MESSAGE,
    "max_bin_len": MAX_MESSAGE,
    "max_array_len": 1_000_000,
    "max_map_len": 1_000_000,
    "max_ext_len": MAX_MESSAGE,
}


def _default(obj: Any) -> Any:
    kind = type(obj)
    if kind is tuple:
        return msgpack.ExtType(_TUPLE, pack(list(obj)))
    if kind is frozenset:
        return msgpack.ExtType(_FROZENSET, pack(list(obj)))
    name = _RECORD_NAMES.get(kind)
    if name is not None:
        values = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        return msgpack.ExtType(_RECORD, pack([name, *values]))
    # strict_types sends subclasses here too: they go as their plain base type.
    bases: tuple[Callable[[Any], Any], ...] = (bool, int, float, str, bytes, list, dict)
    for base in bases:
        if isinstance(obj, base):  # type: ignore[arg-type]
            return base(obj)
    raise TypeError(f"cannot send {kind.__name__} to a render worker")


def pack(obj: Any) -> bytes:
    """``obj`` as msgpack bytes whose `unpack` is equal to it and of the same types."""
    data: bytes = msgpack.packb(obj, default=_default, use_bin_type=True, strict_types=True)
    return data


def _ext(code: int, data: bytes) -> Any:
    if code == _TUPLE:
        return tuple(unpack(data))
    if code == _FROZENSET:
        return frozenset(unpack(data))
    if code == _RECORD:
        name, *values = unpack(data)
        cls = _RECORDS.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ValueError(f"unknown record type {name!r}")
        return cls(*values)
    raise ValueError(f"unknown extension type {code}")


_UNPACK_OPTIONS: Final[dict[str, Any]] = {
    "raw": False,
    "use_list": True,
    "strict_map_key": False,
    "ext_hook": _ext,
    **_LIMITS,
}


def unpack(data: bytes) -> Any:
    """The one value `pack` made ``data`` of."""
    return msgpack.unpackb(data, **_UNPACK_OPTIONS)


def setup_fields(setup: TableSetup | None) -> tuple[Any, ...] | None:
    """What a render worker may know of a setup: game, seats and options, never the seed."""
    if setup is None:
        return None
    return (setup.slug, setup.seats, dict(setup.options))


def setup_from(fields: Any) -> TableSetup | None:
    """The (seedless) setup `setup_fields` described."""
    if fields is None:
        return None
    slug, seats, options = fields
    return TableSetup(slug, tuple(seats), dict(options))


Message = list[Any]


class Link(asyncio.Protocol):
    """One end of the socket: sends messages, hands each one received to ``on_message``."""

    def __init__(
        self,
        on_message: Callable[[Message], None],
        on_lost: Callable[[Exception | None], None],
    ) -> None:
        self._on_message = on_message
        self._on_lost = on_lost
        self._transport: asyncio.Transport | None = None
        self._unpacker = msgpack.Unpacker(max_buffer_size=MAX_MESSAGE, **_UNPACK_OPTIONS)
        self._out: list[bytes] = []
        self._flush_handle: asyncio.Handle | None = None
        self._queued_at = 0.0
        self.closed = False
        self.sent_bytes = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        transport.set_write_buffer_limits(high=WRITE_LIMIT)

    def data_received(self, data: bytes) -> None:
        try:
            self._unpacker.feed(data)
            for message in self._unpacker:
                if not isinstance(message, list) or len(message) < 2:
                    raise ValueError(f"not a message: {type(message).__name__}")
                self._on_message(message)
        except Exception as error:
            log.exception("render link failed; closing it")
            self.close()
            self._lost(error)

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost(exc)

    def _lost(self, exc: Exception | None) -> None:
        if not self.closed:
            self.closed = True
            self._on_lost(exc)

    def pause_writing(self) -> None:
        """The other side has not read `WRITE_LIMIT` bytes: it is stuck, give it up."""
        log.error("render link: %d bytes unread, giving the link up", WRITE_LIMIT)
        if self._transport is not None:
            self._transport.abort()

    def send(self, *message: Any) -> None:
        """Send one message (dropped once the link is closed)."""
        self.send_packed(pack(list(message)))

    def send_packed(self, data: bytes) -> None:
        """Queue ``data``; it goes out with what else is sent before the loop turns again.

        Not written from the caller's stack as a rule: an App's driver sends its frames from
        inside the App, and if the watchdog cuts that App short there (net.watchdog), its
        exception must end the App, not fail a write the link's other guests share. But a
        turn of a busy worker's loop draws many apps one after another, and the first one's
        frame must not wait for the others' (players' screens are drawn first): what has
        waited `FLUSH_AFTER` already goes out at once."""
        transport = self._transport
        if transport is None or self.closed or transport.is_closing():
            return
        self.sent_bytes += len(data)
        self._out.append(data)
        now = time.monotonic()
        if self._flush_handle is None:
            self._queued_at = now
            self._flush_handle = asyncio.get_running_loop().call_soon(self.flush)
        elif now - self._queued_at > FLUSH_AFTER:
            self.flush()

    def flush(self) -> None:
        """Write what is queued now."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        out, self._out = self._out, []
        transport = self._transport
        if out and transport is not None and not transport.is_closing():
            transport.write(b"".join(out))

    def close(self) -> None:
        if self._transport is not None:
            self.flush()
            self._transport.close()
