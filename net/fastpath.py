"""FastPath: a real-time game's keys for one SSH guest, straight from the raw bytes to the table.

In Whoosh the first claim to reach the server captures the monster. Going through Textual
(parse, key event, focus chain, board, message) would add the App's own queueing to every
claim, and more of it the busier the server's one loop is. So for a guest seated at a
real-time table the session shows each input chunk to this path first, timed as it arrived
(`net.session.AppSession.data_received`): claim keys are taken out of the chunk and submitted
to the table at once with that time; everything else goes on to the App as usual.

A claim names the board its player reacted to: of the positions actually written to their
channel (not merely delivered by the table), the last one that reached their screen at least
`MIN_REACTION` before they pressed the key — by the measured round trip, a frame written at
``w`` is on their screen at ``w + rtt/2`` and a key pressed at ``k`` arrives at ``k + rtt/2``.
Nobody reacts to a frame faster than that, so a hand already on its way when the board
changes is judged as aimed at the board it was aimed at (void if that Monster was taken
meanwhile), not as a grab at whatever appeared since.

Fair at a distance: the path keeps measuring the round trip to the player's own terminal
(a Device Status Report query, ``ESC [5n``, which every terminal answers ``ESC [0n``; the
answer never reaches the App) and, when the table's option asks for it, dates each claim
back by that round trip and by how long the board took to be written to this player, so a
claim is ranked by reaction time, not by distance. The table waits out the largest such
latency before it settles a claim (`core.table.Table.horizon_ns`).

The claim is applied in the same loop turn its bytes arrived in (`Table.act_now`), not
queued behind the screens the server is drawing: under load that queue is tens of
milliseconds long, and a capture is decided in well under one.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import statistics
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol

from core.engine import Action, IllegalAction
from core.table import MIN_REACTION, Table, Update

QUERY = b"\x1b[5n"
"""Device Status Report: "are you there?"."""
ANSWER = b"\x1b[0n"
"""The terminal's reply: "I am fine"."""
PROBE_INTERVAL = 1.0
"""Seconds between round-trip probes while armed."""
PROBE_TIMEOUT = 5.0
"""A probe unanswered this long is forgotten (some terminals never answer)."""
SAMPLES = 7
"""Round trips remembered; their median is the estimate (robust to one slow frame)."""
LAG_BOARDS = 8
MAX_DISTANCE = 0.3
"""Seconds of round trip compensated at most: a link slower than this is not play at a
distance but a broken one, and every claim at the table would wait for it."""
MAX_LAG = 0.3
"""Seconds of the server's own delay in writing a board to a player compensated at most.
That delay is the server's, not the player's: under load it alone reached 200-400 ms, and
a cap shared with the round trip then cut off the far player's claims (a 40 ms link lost
17 races of 20 on a busy CI machine)."""
"""Recent boards whose slowest way to the player bounds the latency the table waits for."""
HISTORY = 64
"""Positions remembered as written to the player, to find the one a key reacted to."""

CLAIM_RATE = 8.0
"""Claims a second one guest's fast keys may submit, sustained (nobody slaps faster)."""
CLAIM_BURST = 8
"""Claims one guest may submit at once before `CLAIM_RATE` applies: a chunk of a hundred
"1"s is one press and some noise, not a hundred claims."""
REFUSAL_QUIET = 1.0
"""Seconds after telling a guest why a claim was refused before telling them again: a burst
of refused claims is one message, not a toast per key."""
SCAN_LIMIT = 256
"""Bytes of one chunk looked at key by key; a longer chunk is no one pressing keys: its fast
keys are dropped whole (in C, not byte by byte in Python) and the rest goes on."""

FastAction = Callable[[bytes, Update], Action | None]
"""A board's fast keys: the action a key means in a position, or None (not a fast key)."""


class Channel(Protocol):
    def write(self, data: bytes) -> None: ...

    def is_closing(self) -> bool: ...


class FastPath:
    """The raw-input path of one guest: unarmed it passes everything through untouched."""

    def __init__(self, *, probe_interval: float = PROBE_INTERVAL) -> None:
        self._probe_interval = probe_interval
        self._channel: Channel | None = None
        self._table: Table | None = None
        self._seat = -1
        self._fast_action: FastAction | None = None
        self._fair = False
        self._on_refused: Callable[[str], None] | None = None
        self._delivered: tuple[Update, int] | None = None
        """The newest update the table delivered, and when; not yet on the player's screen."""
        self._written: deque[tuple[int, int, Update]] = deque(maxlen=HISTORY)
        """(written, delivered, update) for each position written to the player, oldest
        first: when it went out on their channel and when the table delivered it."""
        self._round_trips: deque[int] = deque(maxlen=SAMPLES)
        self._probe_sent: int | None = None
        self._probe_handle: asyncio.TimerHandle | None = None
        self.claims_sent = 0
        self.claims_dropped = 0
        """Fast keys over the claim budget, dropped without reaching the table."""
        self._claim_tokens = float(CLAIM_BURST)
        self._claim_stamp = time.monotonic()
        self._refused_at: float | None = None

    # -- wiring (the session) ------------------------------------------------------------------

    def channel_ready(self, channel: Channel) -> None:
        """The session's channel: where round-trip probes are written."""
        self._channel = channel

    def frame_written(self, at_ns: int) -> None:
        """The driver wrote a frame: the newest delivered position is on its way to the player.

        The table hears this player's latency at once: a claim on this board may be dated
        back by how long the board took to reach them, and the table must wait that long
        before it closes a tie window (measured under a CPU hog: one player's frame went out
        100 ms after another's, and a tie window closed before the second hand arrived)."""
        if self._delivered is not None:
            update, delivered_at = self._delivered
            self._delivered = None
            self._written.append((at_ns, delivered_at, update))
            if self._table is not None:
                self._table.set_latency(self._seat, self.latency_ns)
                if self._probe_sent is None:
                    self._send_probe(at_ns)

    @property
    def armed(self) -> bool:
        return self._table is not None

    @property
    def shown(self) -> Update | None:
        """The position last written to the player."""
        return self._written[-1][2] if self._written else None

    def reacted_to(self, arrived_ns: int) -> tuple[int, int, Update] | None:
        """(written, delivered, update) of the position a key arriving at ``arrived_ns``
        can have reacted to: the last one on the player's screen ``MIN_REACTION`` before
        the key was pressed (the oldest remembered if none is that old)."""
        if not self._written:
            return None
        latest = arrived_ns - (self.round_trip_ns or 0) - int(MIN_REACTION * 1e9)
        found = self._written[0]
        for entry in self._written:
            if entry[0] > latest:
                break
            found = entry
        return found

    @property
    def round_trip_ns(self) -> int | None:
        """The estimated round trip to the player's terminal (None before any answer)."""
        return int(statistics.median(self._round_trips)) if self._round_trips else None

    # -- arming (the guest's app, when it sits at a real-time table) ---------------------------

    def arm(
        self,
        table: Table,
        seat: int,
        fast_action: FastAction,
        *,
        fair: bool,
        on_refused: Callable[[str], None] | None = None,
    ) -> None:
        """Take ``seat``'s fast keys to ``table`` from now on."""
        self.disarm()
        self._table, self._seat, self._fast_action = table, seat, fast_action
        self._fair, self._on_refused = fair, on_refused
        table.join(self)  # pushes the current position at once
        self._schedule_probe()

    def disarm(self) -> None:
        """Back to passing every byte to the App (the game ended or the guest left)."""
        if self._table is not None:
            self._table.leave(self)
            self._table.set_latency(self._seat, None)
        self._table = None
        self._fast_action = None
        self._delivered = None
        self._written.clear()
        if self._probe_handle is not None:
            self._probe_handle.cancel()
            self._probe_handle = None
        self._probe_sent = None

    # -- the table's participant for the seat --------------------------------------------------

    @property
    def seats(self) -> frozenset[int]:
        return frozenset({self._seat}) if self._table is not None else frozenset()

    def deliver(self, update: Update) -> None:
        self._delivered = (update, time.monotonic_ns())
        if not self._written:  # the first position: the App is drawing it now
            self.frame_written(time.monotonic_ns())

    # -- input -----------------------------------------------------------------------------------

    def feed(self, data: bytes, at_ns: int) -> bytes:
        """What of ``data`` goes on to the App: answers to probes and fast keys are taken.

        Every fast key is taken out of the chunk, but only `CLAIM_BURST` at once and
        `CLAIM_RATE` a second reach the table: a guest holding down "1" (or pasting a
        hundred kilobytes of it) costs the shared loop a few claims, not one per byte.
        """
        if ANSWER in data:
            data = self._take_answers(data, at_ns)
        seen = self.reacted_to(at_ns)
        if self._table is None or self._fast_action is None or seen is None:
            return data
        if b"\x1b" in data:  # inside an escape sequence a "1" is not a key
            return data
        fast_action = self._fast_action
        update = seen[2]
        actions = {byte: fast_action(bytes((byte,)), update) for byte in set(data)}
        fast = bytes(byte for byte, action in actions.items() if action is not None)
        if not fast:
            return data
        if len(data) > SCAN_LIMIT:
            self.claims_dropped += sum(data.count(byte) for byte in fast)
            return data.translate(None, fast)
        for byte in data:
            action = actions[byte]
            if action is None:
                continue
            if self._spend_claim():
                self._submit(action, at_ns, seen)
            else:
                self.claims_dropped += 1
        return data.translate(None, fast)

    def _spend_claim(self) -> bool:
        now = time.monotonic()
        self._claim_tokens = min(
            float(CLAIM_BURST), self._claim_tokens + (now - self._claim_stamp) * CLAIM_RATE
        )
        self._claim_stamp = now
        if self._claim_tokens < 1:
            return False
        self._claim_tokens -= 1
        return True

    def _take_answers(self, data: bytes, at_ns: int) -> bytes:
        if self._probe_sent is not None:
            self._round_trips.append(max(0, at_ns - self._probe_sent))
            self._probe_sent = None
            if self._table is not None:
                self._table.set_latency(self._seat, self.latency_ns)
        return data.replace(ANSWER, b"")

    @property
    def latency_ns(self) -> int:
        """How far this player's claims may be dated back when play is fair at a distance: the
        round trip, and the longest any of the recent positions took from the table to their
        channel (a claim names one of them)."""
        recent = itertools.islice(reversed(self._written), LAG_BOARDS)
        lag = max((written - delivered for written, delivered, _ in recent), default=0)
        distance = min(self.round_trip_ns or 0, int(MAX_DISTANCE * 1e9))
        return distance + min(max(0, lag), int(MAX_LAG * 1e9))

    def _submit(self, action: Action, at_ns: int, seen: tuple[int, int, Update]) -> None:
        table = self._table
        assert table is not None
        when = at_ns
        if self._fair:
            # Reaction time on the table's clock: from when the position arose there, plus
            # how long the player took after it reached them.
            written, delivered, _ = seen
            round_trip = self.round_trip_ns or 0
            when = max(delivered, at_ns - round_trip - max(0, written - delivered))
        self.claims_sent += 1
        try:
            table.act_now(self._seat, action, when)
        except IllegalAction as refusal:
            now = time.monotonic()
            if self._refused_at is not None and now - self._refused_at < REFUSAL_QUIET:
                return
            self._refused_at = now
            if self._on_refused is not None:
                self._on_refused(str(refusal))

    # -- round trips -------------------------------------------------------------------------------

    def _schedule_probe(self) -> None:
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to measure
            self._probe_handle = asyncio.get_running_loop().call_later(
                0 if not self._round_trips else self._probe_interval, self._probe
            )

    def _probe(self) -> None:
        self._probe_handle = None
        if self._table is None:
            return
        now = time.monotonic_ns()
        stale = self._probe_sent is not None and now - self._probe_sent > PROBE_TIMEOUT * 1e9
        if self._probe_sent is None or stale:
            self._send_probe(now)
        self._probe_handle = asyncio.get_running_loop().call_later(
            self._probe_interval, self._probe
        )

    def _send_probe(self, now: int) -> None:
        """Ask the terminal for its status. Also sent right behind each new board: a
        terminal answers in order, so that round trip is the one a board takes to reach the
        player and their key to come back, at the busy moment claims are made (probes at
        quiet moments alone under-measured a loaded server's far player by ~40 ms)."""
        channel = self._channel
        if channel is not None and not channel.is_closing():
            with contextlib.suppress(OSError):
                channel.write(QUERY)
                self._probe_sent = now
