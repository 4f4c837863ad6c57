"""A real asyncssh server on 127.0.0.1 (port 0) serving `AppSession`s, and a client terminal.

Every test gets a fresh host key in its tmp_path, a server that lets anyone in (no auth, as
the tests are about sessions, not identity) and a `Terminal`: an asyncssh client session with
a PTY whose output is played into a pyte screen, so assertions read what a player would see.
"""

from __future__ import annotations

import asyncio
import os
import time
import weakref
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pytest

try:
    import pyte
except ImportError:  # until pyte is in the test extras: skip only the tests that need it
    pyte = None  # type: ignore[assignment]
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Label

from net.session import AppSession, RawInputHook, SessionInfo
from tests.net.e2e_helpers import RENDER_WORKERS_ENV, default_render_workers

WAIT = 10.0
"""Seconds any single wait in these tests may take before it fails."""


class KeyApp(App[None]):
    """Shows the last key it got and its size; records both, and crashes on demand."""

    # Like HuntersApp: random input would open Textual's palette, which can crash on it.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        self.info = info
        self.keys: list[str] = []
        self.key_times_ns: list[int] = []
        self.sizes: list[tuple[int, int]] = []
        self.pastes: list[str] = []
        self.clicks: list[events.MouseDown] = []
        self.resize_cost = 0.0
        """Seconds each Resize holds the loop (a big board's layout), when a test sets it."""
        self.resize_aftermath = 0
        """Steps that follow each Resize, each holding the loop `resize_cost` and drawing a
        frame of its own, as Textual lays a screen out again after the first frame (widgets
        that learn their new size ask for another layout)."""

    def compose(self) -> ComposeResult:
        yield Label(f"hello {self.info.username}", id="hello")
        yield Label("key: none", id="key")
        yield Label("size: ?", id="size")

    def on_key(self, event: events.Key) -> None:
        self.key_times_ns.append(time.monotonic_ns())
        self.keys.append(event.key)
        if event.key == "x":
            raise RuntimeError("the test asked this app to crash")
        if event.key == "q":
            self.exit()
        self.query_one("#key", Label).update(f"key: {event.key}")

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.clicks.append(event)

    def on_paste(self, event: events.Paste) -> None:
        self.pastes.append(event.text)

    def on_resize(self, event: events.Resize) -> None:
        if self.resize_cost:
            time.sleep(self.resize_cost)
        self.sizes.append((event.size.width, event.size.height))
        self.query_one("#size", Label).update(f"size: {event.size.width}x{event.size.height}")
        for step in range(1, self.resize_aftermath + 1):
            self.set_timer(0.03 * step, lambda step=step: self._aftermath(step))

    def _aftermath(self, step: int) -> None:
        time.sleep(self.resize_cost)
        self.query_one("#hello", Label).update(f"hello {self.info.username} (layout {step})")


@dataclass
class Apps:
    """Every App the test server built, in order, held weakly so tests can watch them go."""

    made: list[weakref.ref[App[Any]]] = field(default_factory=list)

    async def nth(self, index: int) -> Any:
        """The ``index``-th App, waiting for it to be built (typed loosely: tests use KeyApp's
        attributes)."""
        async with asyncio.timeout(WAIT):
            while len(self.made) <= index:
                await asyncio.sleep(0.01)
        app = self.made[index]()
        assert app is not None, f"app {index} is already gone"
        return app


class _Server(asyncssh.SSHServer):
    """Lets everyone in and gives each session an `AppSession` (a test double of the real
    server's policy, which lives elsewhere)."""

    def __init__(self, make_session: Callable[[], AppSession]) -> None:
        self._make_session = make_session

    def begin_auth(self, username: str) -> bool:
        return False

    def session_requested(self) -> AppSession:
        return self._make_session()


@dataclass
class TestServer:
    """A running server: its port and the Apps it made."""

    port: int
    apps: Apps


@pytest.fixture(params=["in-process", "workers"])
def each_mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test twice: every guest's app in the server process, then in render workers
    (the suite's count, or one), for the servers e2e_helpers starts. Key end-to-end tests
    use it, so that every run covers both modes (the whole suite in worker mode is
    ``pytest --render-workers N``, see README)."""
    workers = 0 if request.param == "in-process" else max(1, default_render_workers())
    monkeypatch.setenv(RENDER_WORKERS_ENV, str(workers))
    return str(request.param)


@pytest.fixture
def host_key_path(tmp_path: Path) -> Path:
    """A fresh ed25519 host key, written 0600 like the real server's."""
    path = tmp_path / "host_key"
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return path


@pytest.fixture
async def start_server(host_key_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """Start servers on 127.0.0.1 port 0; all are closed when the test ends.

    ``await start_server(factory=KeyApp, on_raw_input=None, **session_options)``.

    In-process in either mode of the suite: these tests are about one `AppSession` and the
    App it runs (its keys, sizes, stalls, crashes), which a render worker runs with the same
    AppSession's parts; there is no hall here for a render pool to serve.
    """
    servers: list[asyncssh.SSHAcceptor] = []

    async def start(
        factory: Callable[[SessionInfo], App[Any]] = KeyApp,
        on_raw_input: RawInputHook | None = None,
        **session_options: Any,
    ) -> TestServer:
        apps = Apps()

        def build(info: SessionInfo) -> App[Any]:
            app = factory(info)
            apps.made.append(weakref.ref(app))
            return app

        acceptor = await asyncssh.create_server(
            lambda: _Server(
                lambda: AppSession(build, on_raw_input=on_raw_input, **session_options)
            ),
            "127.0.0.1",
            0,
            server_host_keys=[str(host_key_path)],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            login_timeout=WAIT,
        )
        servers.append(acceptor)
        return TestServer(port=acceptor.sockets[0].getsockname()[1], apps=apps)

    yield start
    for acceptor in servers:
        acceptor.close()
        await acceptor.wait_closed()


class Terminal:
    """A player's terminal: a PTY session over SSH rendered into a pyte screen."""

    def __init__(
        self,
        conn: asyncssh.SSHClientConnection,
        process: asyncssh.SSHClientProcess[bytes],
        width: int,
        height: int,
    ) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.first_output_at: float | None = None

    @property
    def text(self) -> str:
        """The screen's lines joined by newlines."""
        return "\n".join(self.screen.display)

    async def read_some(self, timeout: float = WAIT) -> bytes:
        """Read what has arrived (b"" at end of stream)."""
        async with asyncio.timeout(timeout):
            data = await self.process.stdout.read(65536)
        if data and self.first_output_at is None:
            self.first_output_at = asyncio.get_running_loop().time()
        self.received += data
        self._stream.feed(data)
        return data

    async def wait_for(self, text: str, timeout: float = WAIT) -> None:
        """Read until ``text`` is on the screen."""
        async with asyncio.timeout(timeout):
            while text not in self.text:
                if not await self.read_some(timeout):
                    raise AssertionError(f"stream ended before {text!r} appeared:\n{self.text}")

    async def read_to_end(self, timeout: float = WAIT) -> bytes:
        """Read until the server closes the session; everything that arrived."""
        start = len(self.received)
        async with asyncio.timeout(timeout):
            while await self.read_some(timeout):
                pass
        return bytes(self.received[start:])

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    def close(self) -> None:
        self.conn.abort()


async def connect(port: int, username: str = "alice") -> asyncssh.SSHClientConnection:
    """A client connection to the test server, with no keys or agent of the test machine."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=username,
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        connect_timeout=WAIT,
    )


@pytest.fixture
async def open_terminal() -> AsyncIterator[Callable[..., Any]]:
    """Open PTY sessions like ``ssh -t``; every connection is closed when the test ends."""
    conns: list[asyncssh.SSHClientConnection] = []

    if pyte is None:
        pytest.skip("pyte is not installed (pip install pyte)")

    async def open_(
        port: int, width: int = 80, height: int = 24, username: str = "alice"
    ) -> Terminal:
        conn = await connect(port, username)
        conns.append(conn)
        process = await conn.create_process(
            request_pty=True,
            term_type="xterm-256color",
            term_size=(width, height),
            encoding=None,
        )
        return Terminal(conn, process, width, height)

    yield open_
    for conn in conns:
        conn.abort()
    for conn in conns:
        async with asyncio.timeout(WAIT):
            await conn.wait_closed()
