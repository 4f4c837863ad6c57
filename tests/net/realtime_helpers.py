"""Helpers for real-time tests and benchmarks over SSH: a player far away, and a terminal
that answers status queries the way every real terminal does.

- `DelayProxy` forwards TCP on 127.0.0.1 to the server, holding every chunk back by a fixed
  delay in each direction: a player ``2 × delay`` of round trip away.
- `AnsweringPlayer` is an asyncssh `Player` whose "terminal" answers a Device Status Report
  (``ESC [5n``) with ``ESC [0n`` once it has drawn the output before it, as xterm, VTE, kitty
  and the rest do; the server measures the round trip by it.
- `PlayersLoop` runs the players' side (their terminals, links and reflexes) on an event
  loop of its own, in a thread, as on their own machines: a busy server loop then delays
  the server, not the players' network and hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from net.fastpath import ANSWER, QUERY
from tests.net.e2e_helpers import Player

T = TypeVar("T")


@dataclass(eq=False)
class AnsweringPlayer(Player):
    """A player whose terminal answers status queries; it notes when each chunk arrived."""

    arrivals: list[tuple[float, int]] = field(default_factory=list)
    """(time.monotonic(), frames so far) per chunk received."""

    def feed(self, data: bytes) -> None:
        self.arrivals.append((time.monotonic(), self.frames + 1))
        super().feed(data)
        # A terminal answers once it has drawn what came before the query, as its player
        # sees the board only then: answered before the drawing, the answer sat in this loop
        # behind it (~10 ms, more for one player than another), and the server's round trip
        # for that player came out longer than the one their keys take.
        for _ in range(data.count(QUERY)):
            self.send(ANSWER)


class DelayProxy:
    """127.0.0.1:port → 127.0.0.1:target, every chunk delayed ``delay`` seconds each way."""

    def __init__(self, target: int, delay: float) -> None:
        self.target = target
        self.delay = delay
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await task
        if self._server is not None:
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        pumps = [
            asyncio.create_task(self._pump(reader, up_writer)),
            asyncio.create_task(self._pump(up_reader, writer)),
        ]
        for task in pumps:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            await asyncio.gather(*pumps)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy one direction, each chunk sent ``delay`` after it was read (order kept)."""
        loop = asyncio.get_running_loop()
        try:
            while data := await reader.read(65536):
                loop.call_later(self.delay, self._write, writer, data)
            await asyncio.sleep(self.delay)
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    @staticmethod
    def _write(writer: asyncio.StreamWriter, data: bytes) -> None:
        if not writer.is_closing():
            writer.write(data)


@contextlib.asynccontextmanager
async def delayed(target: int, delay: float) -> AsyncIterator[DelayProxy]:
    """A `DelayProxy` for the block; closed (every connection through it too) at the end."""
    proxy = DelayProxy(target, delay)
    await proxy.start()
    try:
        yield proxy
    finally:
        await proxy.close()


class PlayersLoop:
    """An event loop in a thread for the players' side of a test.

    With the players' clients, their delaying links and their scripted reactions on the
    server's own loop, every frame the server draws also delays the players' network: a
    far player's 40 ms link became 200-400 ms under load and fair remote play, which
    compensates the round trip it measures, could not tell the test's own stalls from the
    distance (a CI run split 20 captures 17 to 3). Here the players keep their own clock;
    only the interpreter lock is shared, as a loaded machine's CPU would be."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="players", daemon=True)

    def __enter__(self) -> PlayersLoop:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        if not self._thread.is_alive():
            self.loop.close()

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on the players' loop; its result (or error) here."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return await asyncio.wrap_future(future)

    async def link(self, target: int, delay: float) -> DelayProxy:
        """A started `DelayProxy` on the players' loop (close it with `run(proxy.close())`)."""
        proxy = DelayProxy(target, delay)
        await self.run(proxy.start())
        return proxy
