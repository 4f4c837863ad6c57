"""AppSession: one SSH session channel running one Textual App for one player.

The session is the boundary between asyncssh and the App. It insists on an interactive
terminal (a PTY and a shell; exec and subsystems are refused), cleans what the client claims
about its terminal, timestamps every raw input chunk before Textual sees it (Whoosh captures
are judged on that time), runs the App with an `SSHDriver`, and keeps anything that goes wrong
in this session inside it: the server and every other player go on.

The server must open channels with ``encoding=None`` (bytes: one bad UTF-8 byte must not end a
session) and ``line_editor=False`` (keys as typed, not lines).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

import asyncssh
from textual.app import App

from net import textual_fixes
from net.driver import (
    INPUT_BACKLOG_LIMIT,
    STALL_TIMEOUT,
    WRITE_LIMIT,
    SSHDriver,
    clamp_size,
    color_system_for,
)
from net.fastpath import ANSWER, FastPath
from tui.widgets.terminal import draw_plainly, plain_terminal, without_colour

logger = logging.getLogger(__name__)

NEEDS_TERMINAL: Final = b"Hunters needs an interactive terminal: use ssh -t\r\n"
"""What a client without a PTY is told before its channel closes."""
CRASHED: Final = b"Hunters hit an error and closed this session. Sorry!\r\n"
"""What a player sees when their App crashed (the traceback goes to the server log)."""
DEFAULT_TERM: Final = "xterm"
"""The terminal type assumed when the client's is missing or not a plausible name."""
EXIT_GRACE: Final = 5.0
"""Seconds an App gets to shut down after its connection is gone before it is cancelled."""
QUIET = 15.0
"""Seconds without input from the player before their session may count as frozen."""
PROBE_WAIT = 3.0
"""Seconds a terminal has to answer `PROBE` before its session counts as frozen (`stale`)."""
PROBE: Final = b"\x1b[5n"
"""Device Status Report: a live terminal answers `PROBE_ANSWER` without its user's help."""
PROBE_ANSWER: Final = ANSWER  # the same bytes as the fast path's: see data_received

_TERM_NAME = re.compile(r"[\x21-\x7e]{1,64}")

_RUNNING: set[asyncio.Task[None]] = set()
"""Strong references to running session tasks: the loop only keeps weak ones."""


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """Who is at the other end of a session: what an app factory may build the App from."""

    username: str
    """The SSH login name as the client sent it (unchecked: allow-list it before showing)."""
    peer: tuple[str, int]
    """The client's address and port (``("", 0)`` if the transport does not say)."""
    term: str
    """The client's TERM, validated (`DEFAULT_TERM` when it was not a plausible name)."""
    size: tuple[int, int]
    """The terminal size (columns, rows) at the start, clamped like every later size."""


class RemoteApp(Protocol):
    """A session's App that runs in another process (a render worker, net.render): the
    session passes the terminal through; its bytes come back from the worker."""

    async def run_remote(
        self, channel: asyncssh.SSHServerChannel[bytes], info: SessionInfo
    ) -> tuple[int, str | None]:
        """Run the App until it ends: (exit status, why the session was dropped, or None)."""
        ...

    def feed(self, data: bytes) -> None: ...

    def resize(self, width: int, height: int) -> None: ...

    def pause_output(self) -> None: ...

    def resume_output(self) -> None: ...

    def exit(self) -> None: ...

    def session_abandoned(self) -> None: ...


AppFactory = Callable[[SessionInfo], App[Any] | RemoteApp]
"""Builds the App for one session (or a stand-in for one that runs elsewhere)."""
RawInputHook = Callable[[bytes, int], None]
"""Sees every input chunk with its ``time.monotonic_ns()`` arrival time, before the App."""


def valid_term(term_type: str) -> str:
    """``term_type`` if it looks like a terminal name, else `DEFAULT_TERM`.

    The name ends up in logs and in colour decisions; printable ASCII of bounded length is
    all a real terminal type ever is.
    """
    return term_type if _TERM_NAME.fullmatch(term_type) else DEFAULT_TERM


class AppSession(asyncssh.SSHServerSession[bytes]):
    """Runs the App built by ``app_factory`` in one SSH channel until either side ends.

    Created by the server's ``session_requested`` for each session channel.
    """

    def __init__(
        self,
        app_factory: AppFactory,
        *,
        on_raw_input: RawInputHook | None = None,
        fast_path: FastPath | None = None,
        write_limit: int = WRITE_LIMIT,
        stall_timeout: float = STALL_TIMEOUT,
        exit_grace: float = EXIT_GRACE,
    ) -> None:
        textual_fixes.apply()
        self._app_factory = app_factory
        self._on_raw_input = on_raw_input
        self._fast_path = fast_path
        self._write_limit = write_limit
        self._stall_timeout = stall_timeout
        self._exit_grace = exit_grace

        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._term: str | None = None
        self._size = clamp_size(80, 24)
        self._app: App[Any] | None = None
        self._remote: RemoteApp | None = None
        self._driver: SSHDriver | None = None
        self._early_input: list[bytes] = []
        self._early_size = 0
        self._task: asyncio.Task[None] | None = None
        self._gone = False
        self._last_input = time.monotonic()
        self._probed_at: float | None = None
        """When the terminal was asked whether it is there and has not answered since."""
        self._taken_over: str | None = None

    @property
    def app(self) -> App[Any] | None:
        """The App while it runs (``None`` before it is built and after it ended)."""
        return self._app

    # Channel setup -----------------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        """Keep the channel: everything this session sends goes through it."""
        self._channel = chan
        if self._fast_path is not None:
            self._fast_path.channel_ready(chan)

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        """Accept any PTY, keeping a validated TERM and a clamped size."""
        self._term = valid_term(term_type)
        self._size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        """Accept the shell, even without a PTY: that client is told why at `session_started`.

        Refusing here would leave the player without the reason: OpenSSH 9.2 drops output
        sent before a failed shell request and prints only "shell request failed on channel
        0" (tried: ``ssh -T`` shows nothing of ours then).
        """
        return True

    def exec_requested(self, command: str) -> bool:
        """Refuse: this server runs the game, not commands."""
        logger.info("refused exec request from %s", self._peer_text())
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        """Refuse every subsystem (sftp included): nothing but the game is served."""
        logger.info("refused subsystem %r from %s", subsystem[:32], self._peer_text())
        return False

    def session_started(self) -> None:
        """Start the App, or tell a client without a PTY to come back with one."""
        chan = self._channel
        assert chan is not None
        if self._term is None:
            chan.write(NEEDS_TERMINAL)
            chan.exit(1)
            return
        task = asyncio.get_running_loop().create_task(
            self._run(chan), name=f"hunters-session {self._peer_text()}"
        )
        self._task = task
        _RUNNING.add(task)
        task.add_done_callback(_RUNNING.discard)

    # The App's life ----------------------------------------------------------------------

    async def _run(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        """Build and run the App; whatever happens, end the channel and drop the App."""
        info = SessionInfo(
            username=str(chan.get_extra_info("username") or ""),
            peer=self._peer(chan),
            term=self._term or DEFAULT_TERM,
            size=self._size,
        )
        status = 0
        dropped: str | None = None
        try:
            made = self._app_factory(info)
            bind = getattr(made, "bind_session", None)
            if bind is not None:  # it may end this session for a fresh login (take_over)
                bind(self)
            if not isinstance(made, App):
                status, dropped = await self._run_remote(made, chan, info)
                return
            app = made
            plain = plain_terminal(info.term)
            app.driver_class = SSHDriver.bind(
                chan,
                on_start=self._driver_started,
                write_limit=self._write_limit,
                stall_timeout=self._stall_timeout,
                alternate_screen=not plain,
            )
            # Rich's Console takes its colour system only at construction; the App built it
            # from the server's environment (see color_system_for).
            app.console._color_system = color_system_for(info.term)
            # A dumb or vt100 client gets the plain mode in ASCII; NO_COLOR is the client's
            # (when it sends it: SendEnv), not the server's.
            suit = getattr(app, "suit_terminal", None)
            environment: Mapping[str, str] = getattr(chan, "get_environment", dict)()
            no_color = "NO_COLOR" in environment
            if suit is not None:
                suit(info.term, no_color=no_color)
            elif plain:
                draw_plainly(app)
            elif no_color:
                without_colour(app)
            self._app = app
            if self._gone:
                # The player left while their App was being built: it will never run, so
                # it never unmounts; whatever building it took (a seat at the hall, a name)
                # is given back here instead.
                abandoned = getattr(app, "session_abandoned", None)
                if abandoned is not None:
                    abandoned()
                return
            await app.run_async(size=self._size, mouse=False)
            status = app.return_code or 0
            self._log_app_errors(app, info)
        except Exception:
            status = 1
            logger.exception("session of %r from %s failed", *_who(info))
        finally:
            if self._driver is not None:
                dropped = self._driver.dropped
            farewell = getattr(self._app or self._remote, "farewell", None)
            self._app = None
            self._remote = None
            self._driver = None
            self._early_input.clear()
            if not chan.is_closing():
                if self._taken_over is not None:
                    chan.write(f"hunters: session closed: {self._taken_over}.\r\n".encode())
                elif dropped is not None:
                    chan.write(f"hunters: session closed: {dropped}.\r\n".encode())
                elif status:
                    chan.write(CRASHED)
                said = _said(farewell)
                # The server ending the session (idle, the table closing) says why itself.
                if said and self._taken_over is None and getattr(chan, "farewell", None) is None:
                    chan.write(f"hunters: {said}\r\n".encode())
                chan.exit(status)

    async def _run_remote(
        self, remote: RemoteApp, chan: asyncssh.SSHServerChannel[bytes], info: SessionInfo
    ) -> tuple[int, str | None]:
        """Run an App that renders in another process, passing it this terminal."""
        if self._gone:
            remote.session_abandoned()
            return 0, None
        self._remote = remote
        early, self._early_input = self._early_input, []
        self._early_size = 0
        result = remote.run_remote(chan, info)
        for data in early:
            remote.feed(data)
        if self._size != info.size:
            remote.resize(*self._size)
        return await result

    def _log_app_errors(self, app: App[Any], info: SessionInfo) -> None:
        """Log what ended the App badly: its exception with a plain traceback if Textual kept
        one, else the error screens Textual would have printed (taken by the driver)."""
        error = app._exception
        if error is not None:
            logger.error("App crashed in session of %r from %s", *_who(info), exc_info=error)
        elif self._driver is not None:
            for report in self._driver.app_errors:
                logger.error(
                    "App ended with an error in session of %r from %s:\n%s", *_who(info), report
                )

    def _driver_started(self, driver: SSHDriver) -> None:
        """The App is on screen: hand it the keys typed while it was starting."""
        self._driver = driver
        if self._fast_path is not None:
            driver.on_frame = self._fast_path.frame_written
        if driver.size != self._size:  # the window changed while the App was starting
            driver.resize(*self._size)
        early, self._early_input = self._early_input, []
        self._early_size = 0
        for data in early:
            driver.feed(data)

    # Input and terminal events -----------------------------------------------------------

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        """Timestamp the raw bytes, show them to the raw-input hook, then to the App.

        The timestamp is taken here, before any parsing, because this is the earliest point
        the server sees a key: simultaneous captures are judged on it.
        """
        at_ns = time.monotonic_ns()
        if datatype is not None:
            return
        self._last_input = time.monotonic()
        self._probed_at = None
        if PROBE_ANSWER in data and self._fast_path is None:
            # The terminal's answer to `PROBE`, no key of the player's. The fast path asks
            # the same question to time the round trip (fastpath.ANSWER): its answers are
            # its to take, or fair remote play measures nothing (far players lost 20:0).
            data = data.replace(PROBE_ANSWER, b"")
            if not data:
                return
        if self._on_raw_input is not None:
            try:
                self._on_raw_input(data, at_ns)
            except Exception:
                logger.exception("raw-input hook failed in session from %s", self._peer_text())
        if self._fast_path is not None:
            try:
                data = self._fast_path.feed(data, at_ns)
            except Exception:
                logger.exception("fast path failed in session from %s", self._peer_text())
            if not data:
                return
        try:
            if self._remote is not None:
                self._remote.feed(data)
            elif self._driver is not None:
                self._driver.feed(data)
            elif self._early_size + len(data) <= INPUT_BACKLOG_LIMIT:
                self._early_input.append(data)
                self._early_size += len(data)
        except Exception:
            logger.exception("input failed in session from %s", self._peer_text())
            self._end_app()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """Pass the new size on (clamped, and coalesced by the driver)."""
        self._size = clamp_size(width, height)
        if self._remote is not None:
            self._remote.resize(*self._size)
        elif self._driver is not None:
            self._driver.resize(width, height)

    def pause_writing(self) -> None:
        """The player reads slower than the App draws: the driver starts skipping frames."""
        if self._remote is not None:
            self._remote.pause_output()
        elif self._driver is not None:
            self._driver.pause_output()

    def resume_writing(self) -> None:
        """The player caught up: the driver redraws."""
        if self._remote is not None:
            self._remote.resume_output()
        elif self._driver is not None:
            self._driver.resume_output()

    def eof_received(self) -> bool:
        """The client closed its input: end the App, keeping the channel to say goodbye.

        Returning True keeps our half open, so the terminal restore sequence and the exit
        status still reach the client when the App has stopped.
        """
        self._end_app()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        """The channel is gone: stop the App, and cancel it if it does not stop in time."""
        self._gone = True
        self._end_app()
        task = self._task
        if task is not None and not task.done():
            # In a context of its own: cancelled, the timer stays in the loop until its time,
            # and this may run in the App's context, which holds the App.
            handle = asyncio.get_running_loop().call_later(
                self._exit_grace, task.cancel, context=contextvars.Context()
            )
            task.add_done_callback(lambda _: handle.cancel())

    # Is the player still there? -----------------------------------------------------------

    def stale(self) -> bool:
        """Whether the session looks frozen: nothing from the player for `QUIET` seconds,
        and their terminal left the status query (`probe`) unanswered for `PROBE_WAIT`
        seconds (a suspended ssh, a dead network, a laptop closed)."""
        asked, now = self._probed_at, time.monotonic()
        return asked is not None and now - asked >= PROBE_WAIT and now - self._last_input >= QUIET

    def probe(self) -> float | None:
        """Ask the terminal whether it is there (a status query every terminal answers by
        itself, unseen), unless it was asked and has not answered yet; the seconds from
        now before `stale` could say so, or None for a terminal that is never asked
        (``TERM=dumb``: it could print the query), which never looks frozen.

        Asked only when a fresh login wants the session's name (`net.hall.Hall.arrive`):
        an answer is input, and input every few seconds would keep the server's idle timer
        from ever seeing an idle player."""
        chan = self._channel
        if chan is None or chan.is_closing() or self._gone or plain_terminal(self._term or ""):
            return None
        now = time.monotonic()
        if self._probed_at is None:
            self._probed_at = now
            try:
                chan.write(PROBE)
            except Exception:
                logger.debug("probe not written", exc_info=True)
        waited = max(self._probed_at + PROBE_WAIT, self._last_input + QUIET)
        return max(0.0, waited - now)

    def take_over(self, reason: str) -> None:
        """Another login took this player's place: end the session, saying ``reason``."""
        self._taken_over = reason
        logger.info("session from %s taken over: %s", self._peer_text(), reason)
        self._end_app()
        # A frozen client never confirms the close: its connection goes, after a moment.
        asyncio.get_running_loop().call_later(
            self._exit_grace, self._abort_connection, context=contextvars.Context()
        )

    def send_away(self, told: str) -> bool:
        """The host asked this session's player to leave the table they are at: their App
        goes back to its list of tables, reading ``told`` there (True), if it can (its
        ``sent_away``, net.app.HallApp); False: it cannot (an App with no list, or one in
        a render worker, whose stand-in has no ``sent_away``), and the hall ends the
        session instead (`take_over`)."""
        app: object = self._app if self._app is not None else self._remote
        away = getattr(app, "sent_away", None)
        if away is None:
            return False
        try:
            sent = bool(away(told))
        except Exception:
            logger.exception("sending %s back to the list failed", self._peer_text())
            return False
        if sent:
            logger.info("session from %s sent back to the list: %s", self._peer_text(), told)
        return sent

    def _abort_connection(self) -> None:
        chan = self._channel
        connection = chan.get_extra_info("connection") if chan is not None else None
        if connection is not None:
            connection.abort()

    def _end_app(self) -> None:
        if self._remote is not None:
            self._remote.exit()
        app = self._app
        if app is not None:
            app.exit()

    # Helpers -----------------------------------------------------------------------------

    @staticmethod
    def _peer(chan: asyncssh.SSHServerChannel[bytes]) -> tuple[str, int]:
        peer = chan.get_extra_info("peername")
        if isinstance(peer, tuple) and len(peer) >= 2:
            return str(peer[0]), int(peer[1])
        return ("", 0)

    def _peer_text(self) -> str:
        if self._channel is None:
            return "?"
        host, port = self._peer(self._channel)
        return f"{host}:{port}"


def _said(farewell: object) -> str | None:
    """What an App's ``farewell`` (a sentence, or a callable giving one) says now."""
    try:
        said = farewell() if callable(farewell) else farewell
    except Exception:
        logger.exception("farewell failed")
        return None
    return said if isinstance(said, str) and said else None


def _who(info: SessionInfo) -> tuple[str, str]:
    """A session's login name and address, for a log line."""
    return info.username[:32], f"{info.peer[0]}:{info.peer[1]}"
