"""AppSession over a real SSH connection on loopback: what a player's terminal shows and sends.

Each test starts its own server on 127.0.0.1 port 0 (conftest.py) and connects with asyncssh
as a PTY client, reading the screen through pyte.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import sys
import time
from typing import Any

import asyncssh
import pytest
from rich.color import ColorSystem

from net.fastpath import ANSWER, FastPath
from net.session import (
    CRASHED,
    NEEDS_TERMINAL,
    AppSession,
    SessionInfo,
    color_system_for,
    valid_term,
)
from tests.net.conftest import WAIT, KeyApp, Terminal, connect
from tui.app import HuntersApp
from tui.settings import Settings

pytestmark = pytest.mark.timeout(30)


async def _wait_until(condition: Any, timeout: float = WAIT) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def test_first_frame_shows_the_app(start_server: Any, open_terminal: Any) -> None:
    """The first frame draws the App, built for this login, at the PTY's size."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port, username="alice")
    await terminal.wait_for("size: 80x24")
    assert "hello alice" in terminal.text
    assert "key: none" in terminal.text
    app = await server.apps.nth(0)
    assert app.info.username == "alice"
    assert app.info.term == "xterm-256color"
    assert app.info.size == (80, 24)
    assert app.info.peer[0] == "127.0.0.1"
    assert app.console.color_system == "256"  # from the client's TERM, not the server's


async def test_keys_typed_while_the_app_starts_are_kept(
    start_server: Any, open_terminal: Any
) -> None:
    """A key sent before the first frame is delivered once the App is up."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    terminal.send(b"e")
    await terminal.wait_for("key: e")
    app = await server.apps.nth(0)
    assert app.keys == ["e"]


async def test_end_of_input_ends_the_app_cleanly(start_server: Any, open_terminal: Any) -> None:
    """A client that closes its input gets the terminal restored and status 0."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    terminal.process.stdin.write_eof()
    tail = await terminal.read_to_end()
    assert tail.endswith(b"\x1b[?1049l\x1b[?25h")
    assert terminal.process.exit_status == 0


async def test_a_key_reaches_the_app(start_server: Any, open_terminal: Any) -> None:
    """A typed key arrives at the App's handler at once (no line editing holds it)."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    terminal.send(b"a")
    await terminal.wait_for("key: a")
    app = await server.apps.nth(0)
    assert app.keys == ["a"]


async def test_quitting_closes_the_channel_with_status_zero(
    start_server: Any, open_terminal: Any
) -> None:
    """When the App exits, the player's terminal is restored and the session ends with 0."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    terminal.send(b"q")
    tail = await terminal.read_to_end()
    assert tail.endswith(b"\x1b[?1049l\x1b[?25h")
    assert terminal.process.exit_status == 0


async def test_garbage_input_does_not_end_the_session(
    start_server: Any, open_terminal: Any
) -> None:
    """Invalid UTF-8, a parser-killing escape sequence and random bytes are survived."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    terminal.send(b"\xff\xfe\xc3")
    terminal.send(b"\x1b[1;1;9999999u")
    rng = random.Random(1234)
    noise = bytes(rng.randrange(256) for _ in range(5_000))
    # Without this App's crash key (x) and its quit keys (q, ctrl+q).
    terminal.send(noise.replace(b"x", b"").replace(b"q", b"").replace(b"\x11", b""))
    await asyncio.sleep(0.3)  # past the escape delay, so no sequence swallows the next key
    terminal.send(b"z")
    await terminal.wait_for("key: z")
    assert not terminal.process.stdout.at_eof()


async def test_lone_escape_reaches_the_app(start_server: Any, open_terminal: Any) -> None:
    """Escape with nothing after it is delivered once the escape delay has passed."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    terminal.send(b"\x1b")
    await terminal.wait_for("key: escape")
    app = await server.apps.nth(0)
    assert app.keys == ["escape"]


async def test_resizes_are_clamped_and_coalesced(start_server: Any, open_terminal: Any) -> None:
    """1000×1000 becomes 320×120, 5×5 becomes 20×10; a storm of changes is a few Resizes."""
    server = await start_server()
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("size: 80x24")
    app = await server.apps.nth(0)

    terminal.process.change_terminal_size(1000, 1000)
    await terminal.wait_for("size: 320x120")
    terminal.process.change_terminal_size(5, 5)
    await _wait_until(lambda: app.sizes[-1] == (20, 10))

    before = len(app.sizes)
    for width in range(100, 160):
        terminal.process.change_terminal_size(width, 40)
    await _wait_until(lambda: app.sizes[-1] == (159, 40))
    assert len(app.sizes) - before <= 5


async def test_a_session_without_pty_is_told_to_use_ssh_t(start_server: Any) -> None:
    """No PTY: one line saying how to connect, exit status 1, and no App built."""
    server = await start_server()
    async with await connect(server.port) as conn:
        result = await conn.run(encoding=None, timeout=WAIT)
    assert result.stdout == NEEDS_TERMINAL
    assert result.exit_status == 1
    assert server.apps.made == []


async def test_exec_and_subsystems_are_refused(start_server: Any) -> None:
    """`ssh host ls`, an sftp subsystem and a PTY exec are all refused; nothing runs."""
    server = await start_server()
    async with await connect(server.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("ls", timeout=WAIT)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("ls", term_type="xterm", timeout=WAIT)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem="sftp")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
    assert server.apps.made == []


async def test_two_sessions_run_side_by_side(start_server: Any, open_terminal: Any) -> None:
    """Two players each drive their own App, and the server's stdout survives both."""
    stdout, stderr = sys.stdout, sys.stderr
    server = await start_server()
    first: Terminal = await open_terminal(server.port, username="ann")
    second: Terminal = await open_terminal(server.port, username="bob")
    await first.wait_for("hello ann")
    await second.wait_for("hello bob")
    first.send(b"1")
    second.send(b"2")
    await first.wait_for("key: 1")
    await second.wait_for("key: 2")
    # Quit in the order that used to leave sys.stdout on a dead App (first in, first out).
    first.send(b"q")
    await first.read_to_end()
    second.send(b"q")
    await second.read_to_end()
    assert sys.stdout is stdout
    assert sys.stderr is stderr


async def test_abrupt_disconnects_leave_nothing_behind(
    start_server: Any, open_terminal: Any
) -> None:
    """Players who vanish mid-session: their Apps are collected, their tasks are gone."""
    server = await start_server()
    baseline = len(asyncio.all_tasks())
    terminals = [await open_terminal(server.port) for _ in range(3)]
    for terminal in terminals:
        await terminal.wait_for("key: none")
        terminal.send(b"a")  # a parsed key: the parser is now in Textual's class-level cache
        await terminal.wait_for("key: a")
    terminals[0].send(b"\x1b[")  # one leaves with a sequence half-parsed
    for terminal in terminals:
        terminal.close()
    await _wait_until(lambda: len(asyncio.all_tasks()) <= baseline)
    gc.collect()
    assert [ref() for ref in server.apps.made] == [None, None, None]


async def test_a_cancelled_grace_timer_keeps_no_app_alive() -> None:
    """The connection lost while the App ends: the grace timer (cancel the App if it does
    not stop) is cancelled once it stops, but stays in the loop for `exit_grace` seconds.
    Started from the App's context, it held the departed App that long (seen in CI)."""
    import contextvars
    import weakref

    class Held:
        pass

    owner: contextvars.ContextVar[Held] = contextvars.ContextVar("owner")
    session = AppSession(lambda info: KeyApp(info), exit_grace=30.0)
    session._task = asyncio.ensure_future(asyncio.get_running_loop().create_future())
    held = Held()
    ref = weakref.ref(held)

    def lost(app: Held) -> None:
        owner.set(app)
        session.connection_lost(None)

    contextvars.copy_context().run(lost, held)
    session._task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await session._task
    await asyncio.sleep(0)  # the done callback cancels the grace timer
    del held
    gc.collect()
    assert ref() is None


async def test_a_crash_in_one_session_spares_the_others(
    start_server: Any, open_terminal: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """One App raising ends only its own session (status 1, logged); the rest play on."""
    caplog.set_level(logging.ERROR, logger="net.session")
    server = await start_server()
    crashing: Terminal = await open_terminal(server.port)
    other: Terminal = await open_terminal(server.port)
    await crashing.wait_for("key: none")
    await other.wait_for("key: none")

    crashing.send(b"x")
    tail = await crashing.read_to_end()
    assert tail.endswith(CRASHED)
    assert crashing.process.exit_status == 1
    assert "the test asked this app to crash" in caplog.text

    other.send(b"k")
    await other.wait_for("key: k")
    newcomer: Terminal = await open_terminal(server.port)
    await newcomer.wait_for("key: none")


async def test_a_failing_app_factory_ends_only_that_session(
    start_server: Any, open_terminal: Any
) -> None:
    """If the App cannot even be built, that player gets status 1 and the server goes on."""
    calls: list[SessionInfo] = []

    def factory(info: SessionInfo) -> KeyApp:
        calls.append(info)
        if len(calls) == 1:
            raise ValueError("no app for you")
        return KeyApp(info)

    server = await start_server(factory=factory)
    failed: Terminal = await open_terminal(server.port)
    await failed.read_to_end()
    assert failed.process.exit_status == 1
    working: Terminal = await open_terminal(server.port)
    await working.wait_for("key: none")


async def test_raw_input_is_timestamped_before_the_app_sees_it(
    start_server: Any, open_terminal: Any
) -> None:
    """The raw-input hook gets the bytes as sent, stamped on the monotonic clock, first."""
    seen: list[tuple[bytes, int]] = []
    server = await start_server(on_raw_input=lambda data, at_ns: seen.append((data, at_ns)))
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    sent_ns = time.monotonic_ns()
    terminal.send(b"k")
    await terminal.wait_for("key: k")
    app = await server.apps.nth(0)
    assert [data for data, _ in seen] == [b"k"]
    assert sent_ns <= seen[0][1] <= app.key_times_ns[0]


async def test_hunters_app_reaches_its_launcher(start_server: Any, open_terminal: Any) -> None:
    """The real app, built per session, shows its launcher over SSH and quits with ctrl+q."""
    server = await start_server(factory=lambda info: HuntersApp(Settings(bot_delay=0)))
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("Hunters: hunter card games at your terminal")
    terminal.send(b"\x11")  # ctrl+q
    await terminal.read_to_end()
    assert terminal.process.exit_status == 0


@pytest.mark.parametrize(
    ("term_type", "expected"),
    [
        ("xterm-256color", "xterm-256color"),
        ("", "xterm"),
        ("x" * 65, "xterm"),
        ("xterm\x1b[31m", "xterm"),
        ("vt 100", "xterm"),
        ("tmüx", "xterm"),
    ],
)
def test_term_names_are_validated(term_type: str, expected: str) -> None:
    """Only printable ASCII names of up to 64 characters are believed."""
    assert valid_term(term_type) == expected


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("xterm-256color", ColorSystem.EIGHT_BIT),
        ("xterm-direct", ColorSystem.TRUECOLOR),
        ("tmux-truecolor", ColorSystem.TRUECOLOR),
        ("xterm", ColorSystem.STANDARD),
        ("linux", ColorSystem.STANDARD),
    ],
)
def test_colours_follow_the_clients_term(term: str, expected: ColorSystem) -> None:
    """256 colours for *-256color, true colour only when the name says so, else 16."""
    assert color_system_for(term) == expected


async def test_a_player_who_stops_reading_is_dropped_without_blocking_others(
    start_server: Any, open_terminal: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A client that reads nothing fills its window; its frames are skipped, then it is cut
    off after the stall timeout, while another player's keys are answered throughout."""
    caplog.set_level(logging.WARNING, logger="net.driver")
    server = await start_server(write_limit=1000, stall_timeout=0.5)
    other: Terminal = await open_terminal(server.port, username="other")
    await other.wait_for("key: none")
    conn = await connect(server.port, username="stalled")
    try:
        stalled = await conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None, window=4096
        )
        app = await server.apps.nth(1)
        stalled.change_terminal_size(400, 200)  # a full redraw of a large screen, never read
        async with asyncio.timeout(WAIT):
            # The stalled client never gets to read the close, so watch the server's side.
            while app.is_running:
                for key in (b"s", b"t"):
                    other.send(key)
                    await other.wait_for(f"key: {key.decode()}")
        assert "SSH session stalled" in caplog.text
    finally:
        conn.abort()
    other.send(b"u")
    await other.wait_for("key: u")


class _Abandonable(KeyApp):
    abandoned: list[str] = []  # noqa: RUF012 - the test reads it after the session ends

    def session_abandoned(self) -> None:
        _Abandonable.abandoned.append(self.info.username)


async def test_an_app_built_after_its_player_left_is_told_so() -> None:
    """A player who drops while their App is being built: the App never runs (so it never
    unmounts), and used to keep its guest "connected" at the hall, name locked, for good.
    The session now tells it it was abandoned."""

    class Channel:
        def get_extra_info(self, name: str, default: Any = None) -> Any:
            return {"username": "gone", "peername": ("127.0.0.1", 1)}.get(name, default)

        def is_closing(self) -> bool:
            return True

    _Abandonable.abandoned.clear()
    session = AppSession(_Abandonable)
    session.connection_made(Channel())  # type: ignore[arg-type]
    session.pty_requested("xterm", (80, 24, 0, 0), {})
    session.session_started()
    session.connection_lost(None)  # before the task building the App has run
    await asyncio.sleep(0.05)
    assert _Abandonable.abandoned == ["gone"]


async def test_the_fast_paths_probe_answers_reach_it(start_server: Any, open_terminal: Any) -> None:
    """The session asks a terminal whether it is there with the same status query the fast
    path times round trips by (ESC [5n, answered ESC [0n): when the session took every
    answer as its own, fair remote play measured nothing and the far player lost 20:0."""
    path = FastPath()
    server = await start_server(fast_path=path)
    terminal: Terminal = await open_terminal(server.port)
    await terminal.wait_for("key: none")
    path._send_probe(time.monotonic_ns())  # as an armed fast path does behind each board
    assert path._probe_sent is not None
    terminal.send(ANSWER)
    async with asyncio.timeout(WAIT):
        while path.round_trip_ns is None:
            await asyncio.sleep(0.01)
    terminal.send(b"k")
    await terminal.wait_for("key: k")  # and the answer itself was no key
    app = await server.apps.nth(0)
    assert app.keys == ["k"]
