"""SSHDriver: the Textual driver that shows one App in one SSH channel.

Every SSH player gets their own App on the server's event loop (notes/ssh-in-process.md), and
this driver is that App's terminal: frames go out as UTF-8 bytes on the channel, keys come in as
raw bytes from the session and are parsed by Textual's own XTermParser. Nothing here uses a
thread, a signal or the process's stdin/stdout, and nothing may block the loop, because every
other player's App runs on the same loop.

What the stock Linux driver does that this one deliberately does not:
- no mouse reporting, no Kitty keyboard protocol, no focus reporting: the app is keyboard-only,
  and any mode we switch on stays on in the player's terminal if the connection drops;
- no suspend (there is no process to stop);
- no sizes from the input stream: in-band resize reports and forged mouse events are dropped,
  the only size is the PTY's, clamped to `MIN_SIZE`..`MAX_SIZE`.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import contextvars
import io
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol

from rich.color import ColorSystem
from rich.console import Console
from textual import events, messages
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from net.lane import lane

if TYPE_CHECKING:
    from textual.app import App

logger = logging.getLogger(__name__)

MIN_SIZE: Final = (20, 10)
"""Smallest terminal (columns, rows) an App is given; smaller PTYs are rounded up."""
MAX_SIZE: Final = (320, 120)
"""Largest terminal (columns, rows) an App is given: bounds the cost of one frame and one
layout (a 4K screen at a small font is about 320×110; a larger PTY gets its top-left
corner). At 400×200 one layout of a game screen held the shared loop for 350-630 ms."""

WRITE_LIMIT: Final = 1 << 20
"""Bytes waiting in the channel above which frames are skipped (and redrawn in full later)."""
STALL_TIMEOUT: Final = 30.0
"""Seconds a channel may stay above `WRITE_LIMIT` before the player is disconnected."""
RESIZE_DELAY: Final = 0.05
"""Window changes within this many seconds reach the App as one Resize (the last size)."""
PARSE_BUDGET: Final = 32
"""Characters parsed per loop turn, so a flood of keys cannot hold the shared loop."""
APP_QUEUE_LIMIT: Final = 8
"""Messages waiting in the App above which parsing waits for the App to catch up."""
INPUT_BACKLOG_LIMIT: Final = 64 * 1024
"""Unparsed characters above which the channel stops reading (SSH flow control pushes back)."""
KEY_RATE: Final = 30.0
"""Input events (keys, pastes) a second an App is given at most, sustained: a key held down
on autorepeat, three times the fastest typist. What comes faster waits in the backlog (then
is dropped, see `FLOOD_BACKLOG`), so one guest's flood of keys costs the shared loop no more
than a fast typist does: each key may redraw the flooder's screen."""
KEY_BURST: Final = 60
"""Input events an App may be given at once before `KEY_RATE` applies."""
KEY_SHARE: Final = 0.5
"""At most this share of the loop goes to one guest's keys while they keep coming: after a
frame that answered keys, ``t`` seconds after the first of them reached the App, the next
keys wait ``t * (1 / KEY_SHARE - 1)`` (and then reach it together, answered by one frame).
Thirty keys a second each redrawing a game screen held a render worker's loop all the time,
and the other guests of that worker waited for the flooder's frames."""
KEY_WAIT_MAX: Final = 0.25
"""Seconds keys wait at most for `KEY_SHARE` after a frame (a frame that was no answer to
them, a Whoosh reveal after keys that changed nothing, is taken for one)."""
FLOOD_BACKLOG: Final = 180
"""Unparsed characters above which, while the key budget is spent (`KEY_RATE`, `KEY_SHARE`),
the backlog is dropped (a bracketed paste in it excepted: it is one event): about two
seconds of keys at `KEY_RATE`, nobody types further ahead. At 4 KiB, the last 3,000
characters of a flood went on reaching the flooder's App for a hundred seconds after it
stopped, each redrawing their screen, and the other guests of their render worker waited."""
FLOOD_PAUSE: Final = 0.5
"""Seconds reading stays paused after a flood was dropped."""
FLOOD_NOTE: Final = "Keys came faster than anyone types, and the ones waiting were dropped."
"""What the flooder is told when their waiting keys are dropped (at most every
`FLOOD_NOTE_EVERY` seconds: the note is drawn on their screen too)."""
FLOOD_NOTE_EVERY: Final = 10.0
PASTE_LIMIT: Final = 16 * 1024
"""Characters one bracketed paste may hold; a longer one (or one never closed) ends the
session: Textual keeps every pasted character until the paste ends."""
RESIZE_INTERVAL: Final = 0.25
"""Seconds between two Resizes an App is given while a window keeps changing size."""
RESIZE_SHARE: Final = 0.2
"""At most this share of the shared loop goes to one guest's resizes while they keep
coming: after a Resize whose layout took ``t`` seconds (until the last frame of the burst
that follows it, see `RESIZE_BURST_GAP`), the next waits at least ``t / RESIZE_SHARE``. A
board laid out at 300×100 takes about 250 ms, and at four a second a seated player's storm
held everyone's keys for over half a second."""
RESIZE_BURST_GAP: Final = 0.1
"""Frames within this many seconds of each other after a Resize are one burst, all of it
the Resize's cost: Textual lays a game screen out about ten times after one Resize (widgets
that learn their new size ask again) and draws most of them; counted to the first frame, a
storm held the shared loop 50-70 % of the time."""
RESIZE_WAIT_MAX: Final = 2.0
"""Seconds a new size waits at most, however costly the last layout was."""

PASTE_START: Final = "\x1b[200~"
PASTE_END: Final = "\x1b[201~"

# Terminal modes, as the Linux driver sets them (minus mouse, Kitty keys and focus reports).
_ALTERNATE_SCREEN = "\x1b[?1049h"
_MAIN_SCREEN = "\x1b[?1049l"
_ENTER = (
    f"{_ALTERNATE_SCREEN}"  # alternate screen
    "\x1b[?25l"  # hide the cursor
    "\x1b[?7l"  # no line wrap
    "\x1b[?2004h"  # bracketed paste: a paste is one event, not a flood of keys
    "\x1b[?2026$p"  # ask whether synchronized output is supported
)
_LEAVE = (
    "\x1b[?2004l"  # bracketed paste off
    "\x1b[?7h"  # line wrap on
    f"{_MAIN_SCREEN}"  # main screen
    "\x1b[?25h"  # show the cursor
)


def color_system_for(term: str) -> ColorSystem:
    """The colours to render for a client that says it is a ``term`` terminal.

    Textual picks colours from the server process's environment, which says nothing about
    the player's terminal; the client's TERM is the only hint SSH carries (COLORTERM is not
    forwarded by default). 256 colours is what ``*-256color`` promises, true colour only when
    the name says so, and the 16 standard colours otherwise.
    """
    name = term.lower()
    if "truecolor" in name or "direct" in name or "24bit" in name:
        return ColorSystem.TRUECOLOR
    if "256color" in name:
        return ColorSystem.EIGHT_BIT
    return ColorSystem.STANDARD


class DriverChannel(Protocol):
    """What the driver uses of its SSH channel (a render worker stands in for one: net.worker)."""

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None: ...

    def get_write_buffer_size(self) -> int: ...

    def write(self, data: bytes) -> None: ...

    def is_closing(self) -> bool: ...

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def abort(self) -> None: ...


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """The terminal size an App is given for a PTY of ``width`` × ``height`` cells."""
    return (
        min(max(width, MIN_SIZE[0]), MAX_SIZE[0]),
        min(max(height, MIN_SIZE[1]), MAX_SIZE[1]),
    )


class SSHDriver(Driver):
    """Draws one App into one SSH channel and feeds it the keys that arrive there.

    Textual builds its driver itself, as ``driver_class(app, debug=, mouse=, size=)``, so the
    channel is bound in advance with `SSHDriver.bind`. The session hands incoming bytes to
    `feed`, window changes to `resize`, and the channel's flow-control callbacks to
    `pause_output`/`resume_output`.
    """

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = False,
        size: tuple[int, int] | None = None,
        channel: DriverChannel,
        on_start: Callable[[SSHDriver], None] | None = None,
        write_limit: int = WRITE_LIMIT,
        stall_timeout: float = STALL_TIMEOUT,
        alternate_screen: bool = True,
    ) -> None:
        initial = clamp_size(*size) if size else MIN_SIZE
        self._alternate_screen = alternate_screen
        """False for a plain terminal (dumb, vt100), which has no alternate screen: the
        escape would only show as junk."""
        super().__init__(app, debug=False, mouse=False, size=initial)
        self._channel = channel
        self._on_start = on_start
        self._write_limit = write_limit
        self._stall_timeout = stall_timeout
        # pause_writing()/resume_writing() on the session follow these marks.
        channel.set_write_buffer_limits(high=write_limit, low=write_limit // 4)

        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._parser: XTermParser | None = XTermParser()
        self._backlog: deque[str] = deque()
        self._backlog_size = 0
        self._parse_handle: asyncio.Handle | None = None
        self._tick_handle: asyncio.TimerHandle | None = None
        self._flood_handle: asyncio.TimerHandle | None = None
        self._reading_paused = False
        self._input_enabled = False

        self._out: list[str] = []
        self._flush_handle: asyncio.Handle | None = None
        self._output_paused = False
        self._stale = False
        self._stall_handle: asyncio.TimerHandle | None = None

        self._resize_handle: asyncio.TimerHandle | None = None
        self._wanted_size: tuple[int, int] = initial
        self._resized_at = float("-inf")
        self._resize_cost = 0.0
        """Seconds the last Resize took until the last frame of its burst went out."""
        self._resize_started: float | None = None
        self._resize_frame_at = 0.0
        self._key_tokens = float(KEY_BURST)
        self._key_stamp = time.monotonic()
        self._answering: float | None = None
        """When the first key not yet answered by a frame reached the App."""
        self.keyed_at = float("-inf")
        """When keys last reached the App (monotonic): its screens are answers then."""
        self.lane = lane(self._loop)
        """The loop's slow lane (net/lane.py), told of this guest's keys and frames."""
        self._keys_resume = float("-inf")
        """Until when keys wait for their share of the loop (`KEY_SHARE`)."""
        self._flood_told = float("-inf")
        """When the player was last told that a flood of their keys was dropped."""
        self._in_paste = False
        self._paste_size = 0
        self._paste_tail = ""
        self.dropped: str | None = None
        """Why this driver ended its session (a paste too long…): the player is told."""
        self.on_frame: Callable[[int], None] | None = None
        """Told the time each frame went out (a real-time game's claims name what was shown)."""
        self._closed = False

        self.app_errors: list[str] = []
        """The App's crash reports (tracebacks) as plain text, taken from Textual at close so
        the session logs them instead of Textual printing them to the server's stderr."""

    @classmethod
    def bind(
        cls,
        channel: DriverChannel,
        *,
        on_start: Callable[[SSHDriver], None] | None = None,
        write_limit: int = WRITE_LIMIT,
        stall_timeout: float = STALL_TIMEOUT,
        alternate_screen: bool = True,
    ) -> type[Driver]:
        """A stand-in for a driver class that builds this driver on ``channel``.

        ``App.driver_class`` is only ever called as ``driver_class(app, debug=, mouse=,
        size=)`` (``App._build_driver``), so a function with that signature serves; a new
        subclass per session would do the same at the cost of a class object per player.
        """

        def build(
            app: App[Any],
            *,
            debug: bool = False,
            mouse: bool = False,
            size: tuple[int, int] | None = None,
        ) -> SSHDriver:
            return cls(
                app,
                size=size,
                channel=channel,
                on_start=on_start,
                write_limit=write_limit,
                stall_timeout=stall_timeout,
                alternate_screen=alternate_screen,
            )

        return build  # type: ignore[return-value]

    @property
    def size(self) -> tuple[int, int]:
        """The terminal size the App has been told about last (or is about to be)."""
        return self._wanted_size

    # Output ------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Queue terminal output; it goes out as one channel write at `flush`.

        Textual calls ``flush`` after every frame; stray writes (a bell) are flushed at the end
        of the current loop turn, so one frame is one SSH data message.
        """
        if self._closed or not data:
            return
        self._out.append(data)
        if self._flush_handle is None:
            self._flush_handle = self._loop.call_soon(self.flush)

    def flush(self, *, always: bool = False) -> None:
        """Send the queued output, or drop it while the player is not reading (unless
        ``always``: the goodbye that gives the terminal back is sent all the same).

        A dropped frame leaves the player's screen stale, so a full redraw is requested once
        the channel drains (`resume_output`); the channel buffer stays bounded and the loop
        never waits for a slow reader.
        """
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if not self._out:
            return
        data = "".join(self._out).encode("utf-8", errors="replace")
        self._out.clear()
        channel = self._channel
        if self._closed or channel.is_closing():
            return
        if not always and (
            self._output_paused or channel.get_write_buffer_size() > self._write_limit
        ):
            self._stale = True
            return
        try:
            channel.write(data)
        except OSError:  # BrokenPipeError: the channel closed under us
            self._closed = True
            return
        if self._resize_started is not None:
            self._count_resize_frame(time.monotonic())
        if self._answering is not None:
            self._keys_answered(time.monotonic())
        self.lane.frame_out(self)
        if self.on_frame is not None:
            self.on_frame(time.monotonic_ns())

    def pause_output(self) -> None:
        """The channel is above its high-water mark: skip frames, and start the stall clock."""
        self._output_paused = True
        if self._stall_handle is None and not self._closed:
            self._stall_handle = self._later(self._stall_timeout, self._stalled)

    def resume_output(self) -> None:
        """The channel drained: send frames again, redrawing everything if some were skipped."""
        self._output_paused = False
        if self._stall_handle is not None:
            self._stall_handle.cancel()
            self._stall_handle = None
        if self._stale and not self._closed:
            self._stale = False
            self._app.call_later(self._redraw)

    def _redraw(self) -> None:
        """Repaint the whole screen: the player missed partial updates."""
        if self._app.screen_stack:
            self._app.screen.refresh()

    def _later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
        """``callback`` in ``delay`` seconds, in a context of its own.

        A timer keeps the context it was started in until its time comes, even cancelled;
        started from the App's code (a frame to a full channel starts the stall clock), that
        context holds the App (Textual's ``active_app``) for up to `STALL_TIMEOUT` after its
        session. None of the driver's timers needs the App's context.
        """
        return self._loop.call_later(delay, callback, context=contextvars.Context())

    def _stalled(self) -> None:
        """The player has not read for `stall_timeout` seconds: end their session.

        ``abort`` rather than ``close``: close would wait to flush a buffer the player is
        not reading. The App is told to exit directly, as a peer that stopped reading may
        never confirm the close.
        """
        self._stall_handle = None
        logger.warning(
            "SSH session stalled: %d bytes unread for %.0f s, disconnecting",
            self._channel.get_write_buffer_size(),
            self._stall_timeout,
        )
        self._closed = True
        self._channel.abort()
        self._app.exit(return_code=1)

    # Application mode --------------------------------------------------------------------

    def start_application_mode(self) -> None:
        """Switch the player's terminal to the App's screen and report the first size."""
        self.write(_ENTER if self._alternate_screen else _ENTER.replace(_ALTERNATE_SCREEN, ""))
        self.flush()
        width, height = self.size
        size = Size(width, height)
        self._app.post_message(events.Resize(size, size))
        self._input_enabled = True
        if self._on_start is not None:
            self._on_start(self)

    def disable_input(self) -> None:
        """Ignore further input (Textual is shutting the App down)."""
        self._input_enabled = False

    def stop_application_mode(self) -> None:
        """Give the player's terminal back as it was (if it is still there), even while
        frames are skipped for a slow reader: these few bytes are what restores it."""
        self.disable_input()
        self.write(_LEAVE if self._alternate_screen else _LEAVE.replace(_MAIN_SCREEN, ""))
        self.flush(always=True)

    def close(self) -> None:
        """Release everything that could keep this App alive after its session (fix 2).

        Ending the parser's generator (feeding it end-of-input, as the Linux driver does)
        clears its frame, which holds the last key event and through it the App; the parser
        itself stays in ``XTermParser``'s class-level ``lru_cache`` but now holds nothing.
        Also takes the App's crash reports so they are logged, not printed to stderr.
        """
        self._closed = True
        self._input_enabled = False
        for handle in (
            self._flush_handle,
            self._parse_handle,
            self._tick_handle,
            self._stall_handle,
            self._resize_handle,
            self._flood_handle,
        ):
            if handle is not None:
                handle.cancel()
        self._flush_handle = self._parse_handle = None
        self._tick_handle = self._stall_handle = self._resize_handle = None
        self._flood_handle = None
        self._out.clear()
        self._backlog.clear()
        self._backlog_size = 0
        self.lane.forget(self)
        self._end_parser()
        self._take_app_errors()

    def _end_parser(self) -> None:
        parser, self._parser = self._parser, None
        if parser is None:
            return
        with contextlib.suppress(Exception):  # a parser that crashed is already ended
            for _ in parser.feed(""):
                pass
        parser._gen.close()
        parser._tokens.clear()

    def _take_app_errors(self) -> None:
        """Move Textual's exit renderables (crash tracebacks) into `app_errors` as text.

        ``App._shutdown`` calls ``close`` just before it would print them to the process's
        stderr, which on a server belongs to nobody's session.
        """
        renderables = self._app._exit_renderables
        if not renderables:
            return
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
        for renderable in renderables:
            console.print(renderable)
        renderables.clear()
        self.app_errors.append(buffer.getvalue())

    # Input -------------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Parse bytes the player typed into events for the App.

        Bad UTF-8 becomes U+FFFD rather than an error; a character split across two SSH
        packets is held by the incremental decoder until its second half arrives. At most
        `PARSE_BUDGET` characters are parsed per loop turn; past `INPUT_BACKLOG_LIMIT`
        unparsed characters the channel stops reading, so a flood waits in the client.
        """
        if self._closed or self._parser is None:
            return
        text = self._decode(data)
        if not text:
            return
        if self._paste_too_long(text):
            self.drop(f"a paste of more than {PASTE_LIMIT // 1024} KiB is not a move")
            return
        if self._flooded() and self._key_wait() > 0:
            self._drop_flood()
        self._backlog.append(text)
        self._backlog_size += len(text)
        if self._backlog_size > INPUT_BACKLOG_LIMIT and not self._reading_paused:
            self._reading_paused = True
            self._channel.pause_reading()
        if self._parse_handle is None:
            self._parse_some()

    def _paste_too_long(self, text: str) -> bool:
        """Follow bracketed pastes through ``text``; whether one is past the limit.

        The markers may be split between two chunks, so the last few characters of the
        previous chunk are scanned again (and not counted twice).
        """
        keep = len(PASTE_START) - 1
        old = len(self._paste_tail)
        scan = self._paste_tail + text
        position = 0
        while True:
            if self._in_paste:
                end = scan.find(PASTE_END, position)
                if end < 0:
                    self._paste_size += len(scan) - max(position, old)
                    break
                self._paste_size += max(0, end - max(position, old))
                self._in_paste = False
                position = end + len(PASTE_END)
                if self._paste_size > PASTE_LIMIT:
                    return True
            else:
                start = scan.find(PASTE_START, position)
                if start < 0:
                    break
                self._in_paste, self._paste_size = True, 0
                position = start + len(PASTE_START)
        self._paste_tail = scan[-keep:]
        return self._in_paste and self._paste_size > PASTE_LIMIT

    def drop(self, reason: str) -> None:
        """End this session for ``reason`` (one line the player is shown as they go)."""
        if self._closed:
            return
        logger.warning("SSH session dropped: %s", reason)
        self.dropped = reason
        self._backlog.clear()
        self._backlog_size = 0
        self._input_enabled = False
        self._app.exit(return_code=1)

    def _flooded(self) -> bool:
        """Whether the unparsed input is more than anyone types ahead (a paste is not)."""
        if self._backlog_size <= FLOOD_BACKLOG or self._in_paste:
            return False
        return not any(PASTE_START in piece for piece in self._backlog)

    def _drop_flood(self) -> None:
        """Forget the unparsed input: it came faster than anyone types, past `FLOOD_BACKLOG`.

        Reading pauses for `FLOOD_PAUSE` (the flood waits in the client, costing the
        server neither decryption nor parsing), then what comes next is read again: the
        flooder's own next real key is not stuck behind minutes of queued ones.
        """
        logger.warning("input flood: dropped %d characters", self._backlog_size)
        self._backlog.clear()
        self._backlog_size = 0
        now = time.monotonic()
        if now - self._flood_told >= FLOOD_NOTE_EVERY and not self._closed:
            self._flood_told = now  # the player learns why keys of theirs did nothing
            self._app.call_later(self._app.notify, FLOOD_NOTE, severity="warning", timeout=4)
        if not self._reading_paused:
            self._reading_paused = True
            self._channel.pause_reading()
        if self._flood_handle is None and not self._closed:
            self._flood_handle = self._later(FLOOD_PAUSE, self._flood_over)

    def _flood_over(self) -> None:
        self._flood_handle = None
        if self._reading_paused and not self._backlog and not self._closed:
            self._reading_paused = False
            self._channel.resume_reading()

    def _take_key_tokens(self) -> float:
        """Refill the input bucket; how long until one event may be delivered (0: now)."""
        now = time.monotonic()
        self._key_tokens = min(
            float(KEY_BURST), self._key_tokens + (now - self._key_stamp) * KEY_RATE
        )
        self._key_stamp = now
        return 0.0 if self._key_tokens >= 1 else (1 - self._key_tokens) / KEY_RATE

    def _key_wait(self) -> float:
        """How long until the App may be given an event (0: now): the key rate, and the
        share of the loop the last keys' frame took (`KEY_SHARE`)."""
        rest = self._keys_resume - time.monotonic()
        return rest if rest > 0 else self._take_key_tokens()

    def _keys_answered(self, now: float) -> None:
        """A frame went out after keys reached the App: if more keys are waiting already
        (they come faster than the screen answers them), they wait in proportion. A key
        typed after its answer waits for nothing: on a busy host a frame takes a large
        part of a second, and a player's keys one by one are no flood."""
        assert self._answering is not None
        cost, self._answering = now - self._answering, None
        if self._backlog:
            self._keys_resume = now + min(KEY_WAIT_MAX, cost * (1 / KEY_SHARE - 1))

    def _parse_some(self) -> None:
        """Parse one slice of the backlog, if the App has caught up with the last one.

        A Textual App works through its whole message queue without yielding to the loop,
        so the queue is what must stay short. Measured on loopback (2 cores, client in the
        same process): while one client sent 800 kB of random keys, another player's key
        took until its frame p50/max: 49 s with 4096 characters a turn and no queue check
        (the App handles a key in ~65 µs); 120/455 ms with 128 and 64; 27/258 ms with the
        32 and 8 used here (6/15 ms with nobody flooding).
        """
        self._parse_handle = None
        parser = self._parser
        if parser is None:
            return
        if self._app.message_queue_size >= APP_QUEUE_LIMIT:
            self._parse_handle = self._later(0.001, self._parse_some)
            return
        wait = self._key_wait()
        if wait > 0:
            if self._flooded():
                self._drop_flood()
                return
            self._parse_handle = self._later(wait, self._parse_some)
            return
        chunk = self._take(PARSE_BUDGET)
        try:
            for message in parser.feed(chunk):
                self._deliver(message)
        except Exception:
            # Textual's parser dies on some input (e.g. ESC [ 1;1;9999999u raises in chr()),
            # and a dead parser would leave the player without keys: start a fresh one.
            logger.warning("input parser failed on %r; restarting it", chunk[-64:], exc_info=True)
            self._end_parser()
            self._parser = XTermParser()
        if self._backlog:
            self._parse_handle = self._loop.call_soon(self._parse_some)
        elif self._reading_paused and self._flood_handle is None:
            self._reading_paused = False
            self._channel.resume_reading()
        self._schedule_tick()

    def _take(self, budget: int) -> str:
        """Remove and return up to ``budget`` characters from the front of the backlog."""
        backlog = self._backlog
        pieces: list[str] = []
        while backlog and budget > 0:
            piece = backlog.popleft()
            if len(piece) > budget:
                backlog.appendleft(piece[budget:])
                piece = piece[:budget]
            pieces.append(piece)
            budget -= len(piece)
        text = "".join(pieces)
        self._backlog_size -= len(text)
        return text

    def _schedule_tick(self) -> None:
        """Run the parser's timeout when it is due, so a lone Escape arrives (fix 3).

        The parser records when its pending sequence times out (``_timeout_time``, on
        Textual's monotonic clock); the stock drivers poll ``tick()`` from their input thread.
        """
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        parser = self._parser
        if parser is None or parser._timeout_time is None:
            return
        delay = parser._timeout_time - get_time()
        self._tick_handle = self._later(max(delay, 0.0) + 0.001, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        parser = self._parser
        if parser is None:
            return
        try:
            for message in parser.tick():
                self._deliver(message)
        except Exception:
            logger.warning("input parser failed on timeout; restarting it", exc_info=True)
            self._end_parser()
            self._parser = XTermParser()
        self._schedule_tick()

    def _deliver(self, message: Message) -> None:
        """Pass a parsed message to the App, unless it could only come from a forged sequence.

        Sizes come from the PTY alone (a typed in-band resize report could ask the App to
        lay out a million columns), and mouse reporting is never switched on.
        """
        if not self._input_enabled:
            return
        if isinstance(message, events.Resize | events.MouseEvent | messages.InBandWindowResize):
            return
        self._key_tokens -= 1
        self.keyed_at = time.monotonic()
        if self._answering is None:
            self._answering = self.keyed_at
            self.lane.keys_in(self)
        self.process_message(message)

    def send_message(self, message: Message) -> None:
        """Post straight to the App: the driver already runs on the App's loop."""
        self._app.post_message(message)

    # Size --------------------------------------------------------------------------------

    def resize(self, width: int, height: int) -> None:
        """The PTY changed size: tell the App, at most once per `RESIZE_DELAY`, the last size.

        A window being dragged sends a storm of changes; each Resize costs the App a layout
        (and crossing 80×24 a screen pushed or popped), so while the size keeps changing
        the App gets one at most every `RESIZE_INTERVAL`, and less often when its layouts
        are costly (`RESIZE_SHARE`): a resize storm costs the shared loop a bounded share,
        whatever its rate and sizes.
        """
        self._wanted_size = clamp_size(width, height)
        if self._resize_handle is None and not self._closed:
            self._resize_handle = self._later(self._resize_wait(), self._send_resize)

    def _resize_wait(self) -> float:
        """Seconds until the App may get the next size: at least `RESIZE_DELAY`, and while
        the last Resize's burst goes on or its share of the loop is spent, longer."""
        now = time.monotonic()
        started = self._resize_started
        frame_at = self._resize_frame_at
        if (
            started is not None
            and now - started < RESIZE_WAIT_MAX
            and (frame_at < started or now - frame_at <= RESIZE_BURST_GAP)
        ):
            return RESIZE_BURST_GAP  # its frames are yet to come or still coming
        interval = min(RESIZE_WAIT_MAX, max(RESIZE_INTERVAL, self._resize_cost / RESIZE_SHARE))
        return max(RESIZE_DELAY, interval - (now - self._resized_at))

    def _count_resize_frame(self, now: float) -> None:
        """A frame went out after a Resize: while frames keep coming within
        `RESIZE_BURST_GAP` of each other they are the Resize's cost."""
        started = self._resize_started
        assert started is not None
        if now - self._resize_frame_at > RESIZE_BURST_GAP and self._resize_frame_at >= started:
            self._resize_started = None  # the burst ended before this frame
            return
        self._resize_frame_at = now
        self._resize_cost = now - started
        if self._resize_cost >= RESIZE_WAIT_MAX * RESIZE_SHARE:
            self._resize_started = None  # the wait is at its longest already

    def _send_resize(self) -> None:
        self._resize_handle = None
        if self._wanted_size == self._size or self._closed:
            return
        wait = self._resize_wait()
        if wait > RESIZE_DELAY:  # the last burst grew since this was timed
            self._resize_handle = self._later(wait, self._send_resize)
            return
        self._resized_at = time.monotonic()
        self._resize_started = self._resized_at
        self._resize_frame_at = float("-inf")
        self._resize_cost = 0.0
        self._size = self._wanted_size
        width, height = self._wanted_size
        size = Size(width, height)
        self._app.post_message(events.Resize(size, size))
