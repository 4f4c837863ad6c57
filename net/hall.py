"""Hall: the one table a server hosts — its host, setup, lobby, seats, drops and record.

Everyone who connects is a guest of the hall. The first guest is the host: they set the
table up (game, which seats are open to players and which are bots, options). Everyone
lands in the lobby, takes a free seat or watches, and the host starts the game. Every
accepted action is appended to the record in the data dir before anyone hears of it, so a
restarted server resumes the same game.

Nobody waits for a player who is not there. A guest who drops keeps their seat for a grace
period, counted down on every board; then a bot plays for them until they return. One who
leaves the table for the lobby (still connected) hands the seat to a bot at once and takes
it back with a key; one who stays silent for the idle time while a turn-based game waits
for them has a bot play until they press a key. Each board's note on the seat says which
(`Table.set_note`). A fresh login takes over a frozen session of its name (`Hall.arrive`).

The host role never moves silently: when the host leaves, it goes to a connected seated
player (a spectator only when no player is connected), and every guest reads who hosts now
(`Hall.notices`). The host may hand it on, end the game under way (its record is kept as
abandoned, so a restart does not resume it), ask a guest to leave (their name stays away for
`BAN` seconds, across a restart too), allow take-backs (kept for a restart as well), and give
a seat to a bot or to a guest who watches. After a game the host
proposes a rematch, and it starts once every seated player has said they are ready.

The hall holds no screens: apps subscribe as listeners and read the hall when told.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import json
import logging
import math
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from core.db import Database
from core.engine import IllegalAction, in_words, with_names
from core.match import Match
from core.recordfile import RecordError, RecordWriter
from core.table import Seat, Table, TableSetup, Update, record_seats, told_move
from net.chat import ChatRoom
from net.identity import NAME_RULE, valid_name

log = logging.getLogger(__name__)

Phase = Literal["setup", "lobby", "playing", "over"]
OPEN = "remote"
"""The seat kind of a seat open to a player (filled by a guest's name when taken)."""
RECORD = "table.rec"
SEATS = "table.seats"
"""Who sits where in the game under way when the host changed it (a seat given to a bot or a
guest): a restart resumes the record with these seats, not those it was started with."""
IDLE = 120.0
"""Seconds a turn-based game waits for a seated player who presses no key before a bot
plays for them (until they press one); 0 turns the rule off. Real-time games (Whoosh) keep
their own clock."""
WARNING = 60.0
"""The last seconds before a bot takes an idle seat, counted down on every board (the last
half of a shorter idle time: nobody is called idle the moment their turn comes)."""
STEP = 5.0
"""Seconds between the numbers of a countdown on the boards (each one is a redraw for all)."""
BAN = 600.0
"""Seconds a name the host asked to leave may not come back (ten minutes)."""
SETTINGS = "table.settings"
"""The host's rules for the table (whether take-backs are allowed), kept for a restart."""
BANS = "table.bans"
"""The names the host asked to leave, each with when it may come back (seconds since the
epoch: a restart's monotonic clock starts afresh), kept for a restart."""
NOTICES = 20
"""Notices the hall keeps (a guest's app shows those that came since it last looked)."""
TAKE_BACK_WAIT = 30.0
"""Seconds the players asked to agree to a take-back have to answer; then the move stands."""
TAKE_BACK = "take-back"
"""Why bots wait while a take-back is asked (`Table.hold`)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the hall tells its guests: who hosts now, a game ended by the host, a
    seat given to someone else. Plain text, shown as such."""

    number: int
    text: str
    to: str | None = None
    """The one guest it is for (None: everyone)."""


@dataclass(slots=True)
class Guest:
    """Someone connected (or who was, and whose seat waits for them)."""

    name: str
    connected: bool = True
    seat: int | None = None
    left_at: float | None = None
    """Monotonic time of the drop, while disconnected."""
    fingerprint: str | None = None
    """The SSH key the guest came with; None: none, or not known (see `Hall.arrive`)."""
    away: bool = False
    """Left their seat mid-game (still connected): a bot plays it until they take it back."""

    @property
    def holds_name(self) -> bool:
        """Whether the name is this guest's now: connected, or keeping a seat for them."""
        return self.connected or self.seat is not None


class Seating:
    """Who sits where, read from ``guests`` and ``setup``: the same answers from the hall
    and from a render worker's mirror of it (net.worker.HallMirror)."""

    guests: dict[str, Guest]
    setup: TableSetup | None
    ready: set[str]

    def holder(self, seat: int) -> str | None:
        """The guest who has claimed ``seat``, if any."""
        return next((g.name for g in self.guests.values() if g.seat == seat), None)

    def seats_of(self, name: str) -> frozenset[int]:
        """The seats a guest plays (empty for a spectator)."""
        guest = self.guests.get(name)
        return frozenset() if guest is None or guest.seat is None else frozenset({guest.seat})

    def missing(self) -> list[int]:
        """Open seats nobody has taken yet."""
        if self.setup is None:
            return []
        return [
            i
            for i, seat in enumerate(self.setup.seats)
            if seat.kind == OPEN and self.holder(i) is None
        ]

    def ready_count(self) -> tuple[int, int]:
        """(seats ready for the rematch, seats): bots, and players who said so."""
        if self.setup is None:
            return 0, 0
        ready = sum(
            1
            for index, seat in enumerate(self.setup.seats)
            if seat.kind != OPEN or self.holder(index) in self.ready
        )
        return ready, len(self.setup.seats)

    def waiting_for(self) -> list[str]:
        """The seated players who have not said they are ready, by seat."""
        if self.setup is None:
            return []
        holders = (self.holder(index) for index in range(len(self.setup.seats)))
        return [name for name in holders if name is not None and name not in self.ready]


class QuietHall(Seating):
    """A hall's facts as its screens read them before anything happened there: nobody has
    set a table up. The list's hall of a guest at no table starts and stays so, and a
    render worker's mirror starts so until the front describes its hall."""

    def __init__(self) -> None:
        self.phase: Phase = "setup"
        self.host: str | None = None
        self.game: str | None = None
        self.address: str | None = None
        self.name: str | None = None
        self.setup: TableSetup | None = None
        self.guests: dict[str, Guest] = {}
        self.chat = ChatRoom()
        self.notices: list[Notice] = []
        self.proposed = False
        self.ready: set[str] = set()
        self.take_backs = False
        self.take_back_waits: set[str] = set()


class Session(Protocol):
    """A guest's connection as the hall may ask it (net.session.AppSession)."""

    def stale(self) -> bool:
        """Whether it looks frozen (nothing from its player, its terminal not answering)."""
        ...

    def probe(self) -> float | None:
        """Ask whether it is there: seconds before it could look frozen (None: never)."""
        ...

    def take_over(self, reason: str) -> None:
        """End it: a fresh login took its player's place."""
        ...

    def send_away(self, told: str) -> bool:
        """The host asked its player to leave the table: their app goes back to its list
        of tables, where they read ``told`` (True); False: it has no list to go back to
        (then the hall ends the session: `take_over`)."""
        ...


class HallView(Protocol):
    """What a guest's app reads of the hall and asks of it: the `Hall` itself (in the server
    process), or a render worker's mirror of it, whose requests go to the server and may be
    refused there (IllegalAction either way, so each request's result is awaited if it is
    awaitable: see `settled`)."""

    phase: Phase
    host: str | None
    game: str | None
    address: str | None
    name: str | None
    """The name the list of tables shows the table by (None: no list, or not known)."""
    setup: TableSetup | None
    guests: dict[str, Guest]
    chat: ChatRoom
    """The table's chat (a worker's mirror: the lines the front passed on to this guest)."""
    notices: list[Notice]
    proposed: bool
    """Whether the host proposed a rematch of the finished game (see `Hall.rematch`)."""
    ready: set[str]
    """Who said they are ready for the proposed rematch."""

    @property
    def table(self) -> Any:
        """The table in play (a `Table`, or a stand-in that plays at it from afar)."""
        ...

    def subscribe(self, listener: Callable[[], None]) -> None: ...

    def unsubscribe(self, listener: Callable[[], None]) -> None: ...

    def holder(self, seat: int) -> str | None: ...

    def seats_of(self, name: str) -> frozenset[int]: ...

    def missing(self) -> list[int]: ...

    def ready_count(self) -> tuple[int, int]: ...

    def waiting_for(self) -> list[str]: ...

    def take_seat(self, name: str, seat: int) -> Awaitable[None] | None: ...

    def watch(self, name: str) -> Awaitable[None] | None: ...

    def configure(self, name: str, setup: TableSetup) -> Awaitable[None] | None: ...

    def start(self, name: str) -> Awaitable[None]: ...

    def rematch(self, name: str) -> Awaitable[None]: ...

    def new_setup(self, name: str) -> Awaitable[None]: ...

    def say(self, name: str, text: str) -> Awaitable[str | None] | str | None: ...

    def decline(self, name: str) -> Awaitable[None] | None: ...

    def end_game(self, name: str) -> Awaitable[None]: ...

    def hand_host(self, name: str, to: str) -> Awaitable[None] | None: ...

    def kick(self, name: str, who: str) -> Awaitable[None] | None: ...

    def replace_seat(self, name: str, seat: int, by: str | None) -> Awaitable[None] | None: ...

    take_backs: bool
    """Whether the host allows take-backs (see `Hall.ask_take_back`)."""
    take_back_waits: set[str]
    """Who is still to answer the take-back asked now."""

    def set_take_backs(self, name: str, allowed: bool) -> Awaitable[None] | None: ...

    def ask_take_back(self, name: str) -> Awaitable[None] | None: ...

    def answer_take_back(self, name: str, agree: bool) -> Awaitable[None] | None: ...


def names_in_words(names: list[str]) -> str:
    """ "ala", "ala and bob", "ala, bob and eve"."""
    return in_words(names)


async def settled(result: Awaitable[None] | None) -> None:
    """Wait for a hall request that may be answered later (a worker's mirror asks the server)."""
    if result is not None:
        await result


@dataclass
class Hall(Seating):
    """The state of the served table, changed only through its methods."""

    data_dir: Path
    game: str | None = None
    """A game fixed by ``--game``: the setup screen offers only it."""
    grace: float = 60.0
    bot_delay: float = 0.8
    stand_in_level: str = "normal"
    idle: float = IDLE
    """Seconds a silent seat may keep a turn-based game waiting (see `IDLE`; 0: off)."""
    phase: Phase = "setup"
    host: str | None = None
    address: str | None = None
    """How friends join, e.g. ``ssh -p 2222 NAME@127.0.0.1`` (the lobby shows the host)."""
    invite: str | None = None
    """A private table's invite code (net.tables; None: a public table)."""
    name: str | None = None
    """The name the list of tables shows this table by (net.tables; None: a hall with no
    list, whose guests come straight to it)."""
    setup: TableSetup | None = None
    guests: dict[str, Guest] = field(default_factory=dict)
    table: Table | None = None
    listeners: list[Callable[[], None]] = field(default_factory=list)
    chat: ChatRoom = field(default_factory=ChatRoom)
    """What guests say at the table (its lines go to the room's own subscribers)."""
    _writer: RecordWriter | None = None
    _timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    """Per seat, the next tick of its countdown (a dropped player's grace, or idle time)."""
    _due: dict[int, float] = field(default_factory=dict)
    """Per seat counting down, when (monotonic) a bot takes it if nothing happens."""
    _standing_in: dict[int, str] = field(default_factory=dict)
    """Per seat a bot plays for its player, why: "away", "left", "idle" or "disconnected"."""
    _waiting_since: dict[int, float] = field(default_factory=dict)
    """Per seat the game waits for, since when (or since its player's last key)."""
    _turn_version: int = -1
    _sessions: dict[str, Session] = field(default_factory=dict)
    """Per connected guest, their session (when it can be taken over: see `arrive`)."""
    _replaced: dict[str, Session] = field(default_factory=dict)
    """Per name, the session a fresh login took over, until it has ended."""
    _skip_depart: set[str] = field(default_factory=set)
    notices: list[Notice] = field(default_factory=list)
    """The latest `NOTICES` things guests were told (`announce`)."""
    proposed: bool = False
    ready: set[str] = field(default_factory=set)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _banned: dict[str, float] = field(default_factory=dict)
    """Per casefolded name the host asked to leave, until when (monotonic) it stays away."""
    _meta: dict[str, Any] = field(default_factory=dict)
    """The notes of the game under way's record (who sat where), kept when it is rewritten."""
    take_backs: bool = False
    """Whether the host allows take-backs: a player may ask to take back their last move,
    and it is taken back when every other player at the table agrees (`ask_take_back`)."""
    take_back_waits: set[str] = field(default_factory=set)
    """Who is still to answer the take-back asked now (empty: none is asked)."""
    _asker: str | None = None
    _asked_timer: asyncio.TimerHandle | None = None
    database: Database | None = None
    """The players' database a finished game is added to (None: none kept)."""

    # -- listening --

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every change of the hall (seats, phase, guests)."""
        self.listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def _changed(self) -> None:
        for listener in list(self.listeners):
            try:
                listener()
            except Exception:  # one broken screen must not stop the hall
                continue

    def announce(self, text: str, to: str | None = None) -> None:
        """Tell every guest (or only ``to``) ``text``; they read it at the next change."""
        number = self.notices[-1].number + 1 if self.notices else 1
        self.notices = [*self.notices[-(NOTICES - 1) :], Notice(number, text, to)]
        log.info("told %s: %s", to or "everyone", text)

    # -- chat --

    def say(self, name: str, text: str) -> str | None:
        """``name`` says ``text`` at the table (see `ChatRoom.say`); a spectator's line during
        a game is marked so, for the players who chose not to hear spectators then."""
        watcher = self.phase == "playing" and not self.seats_of(name)
        return self.chat.say(name, text, watcher=watcher)

    # -- arriving and leaving --

    def arrive(
        self, name: str, fingerprint: str | None = None, *, bound_key: str | None = None
    ) -> Guest:
        """A guest connects: returning guests get their seat back; the first one hosts.

        ``fingerprint`` is the SSH key the guest logged in with (None: keyless, as the local
        host of ``hunters host``). A name held at the table (`Guest.holds_name`: connected,
        or keeping a seat) is refused to anyone but its holder; names are compared
        case-insensitively, as the key book compares them, so "Ala" cannot pose as "ala".
        The holder is whoever came with the same key, or keyless to a keyless guest.

        A connected holder's session may be taken over by a fresh login under their name
        (closing the old one, which then leaves no trace: see `detach`), so a frozen
        connection never locks its player out. The rule: the same key takes over at once
        (the server lets only a name's bound key log in under it, so that is the player);
        without a key on either side, the old session must look frozen
        (`net.session.AppSession.stale`: nothing from it for a while and its terminal
        not answering a status query), since anyone who knows the table password could be
        the newcomer. Otherwise the newcomer is refused, the old session's terminal is
        asked whether it is there, and the newcomer is told when to try again.

        A guest resumed from a record has no key known (the record keeps names only), and
        is held keyless like any guest who came without one. Both are settled by
        ``bound_key``, the key the key book binds ``name`` to (None: unbound): a bound
        name's seat goes to that key, an unbound one's to a keyless login only. That is
        sound because the key book is authoritative for bound names (the SSH server lets
        only the bound key log in under one) and binds no name a guest holds (see
        net.serve.app_factory), so a keyless guest at the table never has a bound name
        unless it was resumed.
        """
        until = self._banned.get(name.casefold())
        if until is not None and until > time.monotonic():
            minutes = math.ceil((until - time.monotonic()) / 60)
            unit = "minute" if minutes == 1 else "minutes"
            raise IllegalAction(
                f"the host asked {name} to leave this table; {name} may come back "
                f"in {minutes} {unit}"
            )
        guest = self.guests.get(name)
        held = next(
            (
                other
                for other in self.guests.values()
                if other.holds_name and other.name.casefold() == name.casefold()
            ),
            None,
        )
        if held is not None:
            if held.connected and held is not guest:
                raise IllegalAction(f"{held.name} is already at this table")
            if held.connected:
                self._take_over(held, fingerprint)
            holder_key = held.fingerprint if held.fingerprint is not None else bound_key
            if not held.connected and (held is not guest or fingerprint != holder_key):
                raise IllegalAction(f"{held.name}'s seat waits for the player who left it")
        if guest is None:
            guest = self.guests[name] = Guest(name)
        guest.connected, guest.left_at, guest.fingerprint = True, None, fingerprint
        if self.host is None or not self._is_connected(self.host):
            # The table is never left without someone to run it.
            if self.host is not None and self.host != name:
                self.announce(f"{name} hosts the table now ({self.host} left).")
            self.host = name
        guest.away = False
        if guest.seat is not None and self.table is not None:
            self._back(guest.seat)
        self._changed()
        return guest

    def _take_over(self, held: Guest, fingerprint: str | None) -> None:
        """Close ``held``'s connected session for a fresh login, or IllegalAction why not."""
        session = self._sessions.get(held.name)
        same_key = fingerprint is not None and fingerprint == held.fingerprint
        keyless = fingerprint is None and held.fingerprint is None
        if session is None or not (same_key or (keyless and session.stale())):
            refusal = f"{held.name} is already at this table"
            wait = session.probe() if session is not None and keyless else None
            if wait is not None:
                refusal += (
                    f". If that session is frozen, connect again in {math.ceil(wait) + 1} s "
                    "to take its place"
                )
            raise IllegalAction(refusal)
        log.info("a new login as %s takes over its session", held.name)
        del self._sessions[held.name]
        self._replaced[held.name] = session
        session.take_over(f"a new login as {held.name} took over this session")

    def attach(self, name: str, session: Session) -> None:
        """``name``'s session, which a fresh login may take over (see `arrive`)."""
        self._sessions[name] = session

    def detach(self, name: str, session: Session) -> None:
        """``session`` ended. If a fresh login took it over, the player has not left: the
        `depart` that follows for it is not theirs."""
        if self._sessions.get(name) is session:
            del self._sessions[name]
        if self._replaced.get(name) is session:
            del self._replaced[name]
            self._skip_depart.add(name)

    def depart(self, name: str) -> None:
        """A guest's connection ended. A seat in play is held for the grace period (if no
        bot plays it already: then it plays on until they return)."""
        if name in self._skip_depart:
            self._skip_depart.discard(name)
            return
        guest = self.guests.get(name)
        if guest is None or not guest.connected:
            return
        guest.connected, guest.left_at = False, time.monotonic()
        if guest.seat is not None and self.phase == "playing":
            if self._standing_in.get(guest.seat) == "left":
                pass  # they left on purpose (`leave_table`): the others read so already
            elif guest.seat in self._standing_in:
                self._stand_in(guest.seat, "disconnected")
            else:
                self._hold(guest.seat)
        elif guest.seat is not None and self.phase != "playing":
            guest.seat = None  # nothing to keep before the game starts
        if self.host == name:
            self._pass_host(f"{name} left")
        if self.phase == "over":
            self._rematch_if_ready()
        self._changed()

    def leave_table(self, name: str) -> None:
        """A guest left the table on purpose (for the list of tables): unlike a dropped
        connection, nobody waits a grace period for them. A seat in play goes to a bot at
        once, the others are told so, and the player takes it back by choosing the table
        again (`arrive`); then they `depart`."""
        guest = self.guests.get(name)
        playing = self.phase == "playing" and self.table is not None
        if guest is not None and guest.connected and guest.seat is not None and playing:
            guest.away = True
            note = f"gone (they left the table); a bot plays for {name}"
            self._stand_in(guest.seat, "left", note=note)
            self.announce(f"{name} left the table; a bot plays for them until they come back.")
        self.depart(name)

    def _pass_host(self, why: str) -> None:
        """The host left: a connected seated player hosts now (the lowest seat), else a
        connected spectator; everyone is told. Nobody connected: the next to arrive."""
        here = [g for g in self.guests.values() if g.connected and g.name != self.host]
        seated = sorted((g for g in here if g.seat is not None), key=lambda g: g.seat or 0)
        if not here:
            return
        chosen = (seated or here)[0]
        self.host = chosen.name
        self.announce(f"{chosen.name} hosts the table now ({why}).")

    def come_back(self, name: str) -> str | None:
        """What ``name`` is told as their session ends while their seat is in play: how and
        until when to come back (None: nothing waits for them)."""
        guest = self.guests.get(name)
        if self.phase != "playing" or guest is None or guest.seat is None:
            return None
        command = (self.address or "ssh").replace("NAME", name)
        if guest.away or guest.seat in self._standing_in:
            return f"a bot plays your seat until you come back with: {command}"
        return (
            f"your seat waits {self.grace:g} s for you (then a bot plays it until you return); "
            f"come back with: {command}"
        )

    def leave_seat(self, name: str) -> None:
        """A seated guest left the game's screen mid-game: a bot plays their seat at once,
        so nobody waits for someone who is not looking, until they `take_back` the seat."""
        guest = self.guests.get(name)
        if guest is None or guest.seat is None or self.phase != "playing" or guest.away:
            return
        guest.away = True
        self._stand_in(guest.seat, "away")
        self._changed()

    def take_back(self, name: str) -> None:
        """A guest who left their seat mid-game (`leave_seat`) plays it again."""
        guest = self.guests.get(name)
        if guest is None or guest.seat is None or self.phase != "playing":
            raise IllegalAction("you have no seat in this game to take back")
        guest.away = False
        self._back(guest.seat)
        self._changed()

    def pressed(self, name: str) -> None:
        """``name`` pressed a key at the table: they are not idle. A bot playing their seat
        because they were silent leaves it; a countdown to one starts over."""
        guest = self.guests.get(name)
        if guest is None or guest.seat is None or self.phase != "playing" or guest.away:
            return
        seat = guest.seat
        if self._standing_in.get(seat) == "idle":
            self._back(seat)
            self._changed()
        elif seat in self._waiting_since:
            self._waiting_since[seat] = time.monotonic()
            if self.table is not None and self.table.note_of(seat) is not None:
                self.table.set_note(seat, None)
            self._count(seat, "idle")

    # -- stand-ins and countdowns --

    def _who(self, seat: int) -> str:
        return self.holder(seat) or f"seat {seat + 1}"

    def _hold(self, seat: int) -> None:
        """A dropped player's seat: counted down on the boards, then a bot plays it."""
        self._stop_counting(seat)
        self._waiting_since.pop(seat, None)  # no idle clock: the grace is its countdown
        self._due[seat] = time.monotonic() + self.grace
        self._tick(seat, "grace")

    def _count(self, seat: int, kind: str) -> None:
        """(Re)start the idle countdown of ``seat``, which the game waits for."""
        self._stop_counting(seat)
        self._due[seat] = self._waiting_since[seat] + self.idle
        self._tick(seat, kind)

    def _tick(self, seat: int, kind: str) -> None:
        """Show how long is left (the grace in full, idle time in its last `WARNING`
        seconds, by `STEP`s) and come back at the next number; at 0 a bot takes over."""
        self._timers.pop(seat, None)
        if self.table is None or self.phase != "playing":
            return
        left = self._due[seat] - time.monotonic()
        if left <= 0.01:
            self._due.pop(seat, None)
            self._stand_in(seat, "disconnected" if kind == "grace" else "idle")
            self._changed()
            return
        loop = asyncio.get_running_loop()
        warning = min(WARNING, self.idle / 2)
        if kind == "idle" and left > warning:
            self._timers[seat] = loop.call_later(
                left - warning, self._tick, seat, kind, context=contextvars.Context()
            )
            return
        shown = max(STEP, math.ceil(left / STEP - 1e-6) * STEP)
        what = "disconnected" if kind == "grace" else "idle"
        self.table.set_note(seat, f"{what}; a bot plays for {self._who(seat)} in {shown:g} s")
        wait = left - (shown - STEP) if shown > STEP else left
        self._timers[seat] = loop.call_later(
            max(0.01, wait), self._tick, seat, kind, context=contextvars.Context()
        )

    def _stop_counting(self, seat: int) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self._due.pop(seat, None)

    def _stand_in(self, seat: int, why: str, note: str | None = None) -> None:
        """A bot plays ``seat`` for its player (``why``: away, left, idle or disconnected; or
        "host", the host's choice, with its own ``note``)."""
        self._stop_counting(seat)
        self._waiting_since.pop(seat, None)
        if self.table is None or self.phase != "playing":
            return
        if seat not in self._standing_in:
            self.table.stand_in(seat, self.stand_in_level)
            self._note({"note": "stand-in", "seat": seat})
        self._standing_in[seat] = why
        name = self._who(seat)
        until = " until they press a key" if why == "idle" else ""
        self.table.set_note(seat, note or f"{why}; a bot plays for {name}{until}")

    def _back(self, seat: int) -> None:
        """The seat's player plays it again: no countdown, no bot, no note."""
        self._stop_counting(seat)
        self._waiting_since.pop(seat, None)
        if self.table is None:
            return
        if self._standing_in.pop(seat, None) is not None:
            self.table.stand_down(seat)
            self._note({"note": "back", "seat": seat})
        self.table.set_note(seat, None)
        self._turn_changed(force=True)

    def _stop_all(self) -> None:
        self._end_take_back(None)
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._due.clear()
        self._waiting_since.clear()
        self._standing_in.clear()
        self._turn_version = -1
        for guest in self.guests.values():
            guest.away = False

    def _turn_changed(self, *, force: bool = False) -> None:
        """A move was made: the idle clock starts afresh for each seat the game now waits
        for, and stops for the others. ``force`` (a seat came back): it starts for the
        seats the game waits for that have none, and goes on for the others."""
        table = self.table
        if table is None or self.phase != "playing":
            return
        version = table.match.version
        moved = version != self._turn_version
        if not moved and not force:
            return
        self._turn_version = version
        self._take_back_overtaken()
        acting = table.match.to_act() if table.match.outcome() is None else frozenset()
        realtime = getattr(table.match.game, "deadlines", None) is not None
        for seat in list(self._waiting_since) if moved else ():
            self._waiting_since.pop(seat)
            self._stop_counting(seat)
            if table.note_of(seat) is not None:
                table.set_note(seat, None)
        if self.idle <= 0 or realtime:
            return
        now = time.monotonic()
        for seat in sorted(acting):
            guest = self.guests.get(self.holder(seat) or "")
            if guest is None or not guest.connected or guest.away:
                continue
            if seat in self._standing_in or seat in self._timers or seat in self._waiting_since:
                continue  # a bot plays it, or its grace or idle time is already counted
            self._waiting_since[seat] = now
            self._count(seat, "idle")

    def _is_connected(self, name: str) -> bool:
        guest = self.guests.get(name)
        return guest is not None and guest.connected

    # -- setting up and seating --

    def configure(self, name: str, setup: TableSetup) -> None:
        """The host sets the table: bots keep their level, open seats wait for players."""
        self._host_only(name, "set up the table")
        if self.phase not in ("setup", "lobby", "over"):
            raise IllegalAction("the game is under way")
        if self.game is not None and setup.slug != self.game:
            raise IllegalAction(f"this server hosts {self.game} only")
        setup.new_match()  # ValueError with the reason if the setup is not playable
        if not any(seat.kind == OPEN for seat in setup.seats):
            raise IllegalAction("leave at least one seat open for a player")
        self.setup = setup
        self.phase = "lobby"
        for guest in self.guests.values():
            guest.seat = None
        self._changed()

    def take_seat(self, name: str, seat: int) -> None:
        """A guest sits down on a free open seat (leaving any seat they had); after a game,
        sitting down says they are ready for the rematch."""
        if self.phase not in ("lobby", "over") or self.setup is None:
            raise IllegalAction("seats are taken in the lobby, before the game starts")
        if not 0 <= seat < len(self.setup.seats) or self.setup.seats[seat].kind != OPEN:
            raise IllegalAction(f"seat {seat + 1} is not open for a player")
        holder = self.holder(seat)
        if holder is not None and holder != name:
            raise IllegalAction(f"seat {seat + 1} is taken by {holder}")
        self.guests[name].seat = seat
        if self.phase == "over":
            self.ready.add(name)
            self._rematch_if_ready()
        self._changed()

    def watch(self, name: str) -> None:
        """A guest gives up their seat and watches."""
        if self.phase == "playing":
            raise IllegalAction("you cannot leave your seat during the game")
        self.guests[name].seat = None
        self.ready.discard(name)
        self._changed()

    def _host_only(self, name: str, what: str) -> None:
        if name != self.host:
            raise IllegalAction(f"only the host ({self.host}) can {what}")

    # -- playing --

    async def start(self, name: str) -> None:
        """The host starts the game once every open seat has a player."""
        self._host_only(name, "start the game")
        if self.phase != "lobby" or self.setup is None:
            raise IllegalAction("set the table up first")
        missing = self.missing()
        if missing:
            which = ", ".join(str(i + 1) for i in missing)
            verb = "needs" if len(missing) == 1 else "need"
            raise IllegalAction(f"seat {which} still {verb} a player")
        seats = tuple(
            dataclasses.replace(seat, name=self.holder(i) or seat.name)
            for i, seat in enumerate(self.setup.seats)
        )
        setup = dataclasses.replace(self.setup, seats=seats, seed=None)
        match = setup.new_match()
        path = self.data_dir / RECORD
        meta = {"seats": tuple((s.name, s.kind, s.level) for s in seats), "started": time.time()}
        try:
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            if path.exists():
                path.rename(self.data_dir / f"abandoned-{int(time.time())}.rec")
            self._forget_seats()
            self._writer = RecordWriter.create(path, match, meta=meta)
            self._meta = meta
        except OSError as error:  # a game that cannot be saved is not started
            log.error("cannot start the game: %s", error)
            why = error.strerror or type(error).__name__
            raise IllegalAction(f"the server cannot save the game ({why})") from None
        await self._play(
            setup,
            Table(
                match,
                seats,
                bot_delay=self.bot_delay,
                recorder=self._record,
                rewriter=self._rewrite,
            ),
        )

    async def _play(self, setup: TableSetup, table: Table) -> None:
        self.setup, self.table, self.phase = setup, table, "playing"
        table.join(_EndWatcher(self))
        await table.start()
        self._changed()

    def _record(self, step: tuple[int, tuple[object, ...], int | None]) -> None:
        assert self._writer is not None
        self._writer.append(step)

    def _rewrite(self, match: Match) -> None:
        """A move was taken back: the record becomes the match's as it is now, written aside
        whole and then put in the old one's place, so a server killed at any moment resumes
        either the game with the move or the game without it, never a mix."""
        assert self._writer is not None
        path = self._writer.path
        aside = path.with_name(f"{path.name}.new")
        with contextlib.suppress(FileNotFoundError):
            aside.unlink()
        meta = {**self._meta, "notes": self._writer.notes}
        writer = RecordWriter.create(aside, match, meta=meta, durable=self._writer.durable)
        try:
            os.replace(aside, path)
        except OSError:
            writer.close()
            raise
        writer.path = path
        self._writer.close()
        self._writer = writer

    def _game_over(self) -> None:
        """The match ended: close its record under a finished name, show results."""
        if self.phase != "playing":
            return
        self.phase = "over"
        self._forget_seats()
        if self._writer is not None:
            now = time.time()
            self._note({"note": "finished", "at": now})
            self._writer.close()
            path = self._writer.path
            self._writer = None
            with contextlib.suppress(OSError):
                path = path.rename(path.with_name(f"finished-{int(now)}.rec"))
                self._add_to_database(path)
        self._stop_all()
        for guest in list(self.guests.values()):
            if not guest.connected:  # nothing waits for them now: their seat is free
                del self.guests[guest.name]
        self._changed()

    def _note(self, note: dict[str, Any]) -> None:
        """Note in the record what is no move (see `core.recordfile`): who played a seat."""
        if self._writer is None:
            return
        try:
            self._writer.note(note)
        except OSError as error:  # the next move fails the same way, and stops the table
            log.error("cannot note %s in the record: %s", note["note"], error)

    def _add_to_database(self, path: Path) -> None:
        """Add the finished game to the players' database (its record stays the truth:
        a game that cannot be added is there after ``hunters serve --rebuild-db``)."""
        if self.database is None:
            return
        try:
            self.database.add_game(path)
        except (RecordError, OSError, sqlite3.Error) as error:
            log.error("cannot add %s to the players' database: %s", path.name, error)

    async def rematch(self, name: str) -> None:
        """After a game the host proposes a rematch and each seated player says they are
        ready (bots always are); it starts once every seat is ready, so nobody is taken
        from the results before they say so. A seat its player gave up (`decline`, or a
        drop) may be taken from the lobby, or the host's key starts with a bot in it."""
        if self.phase != "over" or self.setup is None:
            raise IllegalAction("a rematch follows a finished game")
        seated = bool(self.seats_of(name))
        if not self.proposed:
            self._host_only(name, "propose a rematch")
            self.proposed = True
            if seated:
                self.ready.add(name)
            ready, total = self.ready_count()
            # No key in it: a spectator answers nothing, and a player's own line (on the
            # results, or in the lobby with its own keys) says how to answer.
            self.announce(f"{name} proposes a rematch; {ready} of {total} ready.")
        elif seated and name not in self.ready:
            self.ready.add(name)
            ready, total = self.ready_count()
            self.announce(f"{name} is ready for the rematch; {ready} of {total} ready.")
        elif name == self.host and not self.waiting_for() and self.missing():
            await self._start_rematch(bots=True)
            return
        elif not seated and name != self.host:
            raise IllegalAction(
                "only the players answer a rematch (take a free seat in the lobby to play)"
            )
        if not await self._rematch_if_ready_now():
            self._changed()

    def decline(self, name: str) -> None:
        """A player leaves the results for the lobby instead of a rematch: their seat is
        free (for a guest to take, or a bot when the host starts)."""
        guest = self.guests.get(name)
        if self.phase != "over" or guest is None or guest.seat is None:
            return
        seat, guest.seat = guest.seat, None
        self.ready.discard(name)
        if self.proposed:
            self.announce(f"{name} declines the rematch; seat {seat + 1} is free.")
        self._changed()

    def _rematch_if_ready(self) -> None:
        """Start the rematch soon if every seat is ready now."""
        if self.proposed and not self.waiting_for() and not self.missing():
            task = asyncio.get_running_loop().create_task(self._rematch_soon())
            self._tasks.add(task)  # held until done: the loop keeps only a weak reference
            task.add_done_callback(self._tasks.discard)

    async def _rematch_soon(self) -> None:
        try:
            await self._rematch_if_ready_now()
        except IllegalAction as refusal:  # nobody's key is waiting for the answer: say it
            self.announce(f"The rematch cannot start: {refusal}.")
            self._changed()

    async def _rematch_if_ready_now(self) -> bool:
        if self.phase != "over" or not self.proposed:
            return False
        if self.waiting_for() or self.missing():
            return False
        await self._start_rematch(bots=False)
        return True

    async def _start_rematch(self, *, bots: bool) -> None:
        """The same table again, a new deal; ``bots``: a bot in each seat left empty."""
        assert self.setup is not None and self.host is not None
        if bots:
            seats = list(self.setup.seats)
            for index in self.missing():
                seats[index] = Seat(f"Bot {index + 1}", "bot", self.stand_in_level)
            self.setup = dataclasses.replace(self.setup, seats=tuple(seats))
        await self._close_table()
        self.phase = "lobby"
        self.proposed = False
        self.ready.clear()
        for guest in list(self.guests.values()):
            if not guest.connected:
                del self.guests[guest.name]
        if self.missing():
            self._changed()
            return
        await self.start(self.host)

    # -- the host's controls --

    async def end_game(self, name: str) -> None:
        """The host ends the game under way: its record is kept as abandoned (a restart
        does not resume it) and everyone goes back to the lobby with the same setup."""
        self._host_only(name, "end the game")
        if self.phase != "playing":
            raise IllegalAction("no game is under way")
        await self._close_table()  # first: no move may reach a closed record
        if self._writer is not None:
            self._writer.close()
            path = self._writer.path
            self._writer = None
            try:
                path.rename(path.with_name(f"abandoned-{int(time.time())}.rec"))
            except OSError as error:  # the operator must know: a restart would resume it
                log.error("cannot keep the ended game as abandoned: %s", error)
        self._forget_seats()
        self.phase = "lobby"
        for guest in list(self.guests.values()):
            if not guest.connected:
                del self.guests[guest.name]
        self.announce("The host ended the game; it is recorded as abandoned.")
        self._changed()

    def hand_host(self, name: str, to: str) -> None:
        """The host hands the host role to another connected guest; everyone is told."""
        self._host_only(name, "hand the host role on")
        if to == name or not self._is_connected(to):
            raise IllegalAction(f"{to} is not here to host")
        self.host = to
        self.announce(f"{to} hosts the table now ({name} handed it over).")
        self._changed()

    def kick(self, name: str, who: str) -> None:
        """The host asks ``who`` to leave: they go back to the list of tables, told why
        (a session with no list ends, saying so); a seat they had in a game goes to a bot
        at once; their name stays away from this table for `BAN` seconds."""
        self._host_only(name, "ask a guest to leave")
        guest = self.guests.get(who)
        if who == name or guest is None or not guest.connected:
            raise IllegalAction(f"{who} is not a guest here")
        self._banned[who.casefold()] = time.monotonic() + BAN
        self._save_bans()
        seat = guest.seat
        del self.guests[who]
        self.ready.discard(who)
        if seat is not None and self.phase == "playing":
            self._stand_in(
                seat, "host", "gone (the host asked them to leave); a bot plays for them"
            )
            self._save_seats()
        log.info("%s asked %s to leave the table", name, who)
        self.announce(f"The host asked {who} to leave the table.")
        session = self._sessions.pop(who, None)
        told = f"The host of {self.name or 'the table'} asked you to leave it."
        if session is not None and not session.send_away(told):
            session.take_over(f"the host ({name}) asked you to leave this table")
        self._changed()

    def replace_seat(self, name: str, seat: int, by: str | None) -> None:
        """The host gives ``seat`` to a bot (``by`` None) or to ``by``, a connected guest
        without a seat, in the lobby or mid-game; its player watches from then on."""
        self._host_only(name, "replace a seat")
        setup = self.setup
        if setup is None or self.phase == "setup":
            raise IllegalAction("set the table up first")
        if not 0 <= seat < len(setup.seats) or setup.seats[seat].kind != OPEN:
            raise IllegalAction(f"seat {seat + 1} is not a player's seat")
        newcomer = self.guests.get(by) if by is not None else None
        if by is not None and (newcomer is None or not newcomer.connected):
            raise IllegalAction(f"{by} is not here")
        if newcomer is not None and newcomer.seat is not None:
            raise IllegalAction(f"{by} has a seat already")
        old = self.holder(seat)
        if old is not None:
            self.guests[old].seat, self.guests[old].away = None, False
            self.ready.discard(old)
        who = by or "a bot"
        if self.phase == "playing":
            if newcomer is None:
                self._stand_in(seat, "host", "off this seat (the host gave it to a bot)")
            else:
                newcomer.seat = seat
                self._rename(seat, newcomer.name)
                self._back(seat)
            self._save_seats()
        elif newcomer is None:
            seats = list(setup.seats)
            seats[seat] = Seat(f"Bot {seat + 1}", "bot", self.stand_in_level)
            self.setup = dataclasses.replace(setup, seats=tuple(seats))
        else:
            newcomer.seat = seat
            if self.phase == "over":
                self.ready.add(newcomer.name)
        self.announce(f"The host gave seat {seat + 1} to {who}.")
        if old is not None:
            self.announce(
                f"The host ({name}) gave your seat {seat + 1} to {who}; you are watching now.",
                to=old,
            )
        if newcomer is not None:
            self.announce(f"The host ({name}) gave you seat {seat + 1}.", to=newcomer.name)
        if self.phase == "over":
            self._rematch_if_ready()
        self._changed()

    def set_take_backs(self, name: str, allowed: bool) -> None:
        """The host allows take-backs (or not); everyone is told."""
        self._host_only(name, "change the take-back rule")
        if allowed == self.take_backs:
            return
        self.take_backs = allowed
        self._keep(SETTINGS, {"take_backs": allowed}, "the host's take-back rule")
        if allowed:
            self.announce(
                f"The host ({name}) allows take-backs: press u to ask to take back your last "
                "move; it is taken back if every other player agrees."
            )
        else:
            self._end_take_back(f"The host ({name}) turned take-backs off.")
        self._changed()

    # -- take-backs --

    def ask_take_back(self, name: str) -> None:
        """``name`` asks to take back their last move (the rule of a local game: it showed
        nothing new, and nobody has acted since). Every other player at the table who is
        here is asked; bots, and seats a bot plays for now, do not answer. Bots wait while
        the question is open (at most `TAKE_BACK_WAIT` seconds), so the move stays the
        last one; a player who moves meanwhile makes it stand."""
        table, guest = self.table, self.guests.get(name)
        if not self.take_backs:
            raise IllegalAction(
                "take-backs are off at this table (the host may allow them in the host menu)"
            )
        if table is None or self.phase != "playing" or guest is None or guest.seat is None:
            raise IllegalAction("only a player in the game under way can take a move back")
        if self.take_back_waits:
            raise IllegalAction(f"{self._asker} is asking to take a move back already")
        seat = guest.seat
        if why := table.match.why_no_undo(seat):
            raise IllegalAction(f"you cannot take it back: {why}")
        others = {
            g.name
            for g in self.guests.values()
            if g.name != name
            and g.seat is not None
            and g.connected
            and not g.away
            and g.seat not in self._standing_in
        }
        if not others:
            self._take_back_now(name, seat, "nobody else at the table had to agree")
            return
        self._asker, self.take_back_waits = name, others
        table.hold(TAKE_BACK)
        self._asked_timer = asyncio.get_running_loop().call_later(
            TAKE_BACK_WAIT, self._take_back_expired, context=contextvars.Context()
        )
        # The move as everyone read it in the log, never its own words (`told_move`).
        before = Match.replay(table.match.record(), len(table.match.steps) - 1)
        moved = with_names(told_move(before, table.match.steps[-1]), table.names)
        for other in sorted(others):
            self.announce(
                f"{name} asks to take back their last move: {moved} Press y to agree, n to "
                f"refuse (within {TAKE_BACK_WAIT:g} s).",
                to=other,
            )
        waiting = names_in_words(sorted(others))
        self.announce(f"You ask to take back your last move; {waiting} must agree.", to=name)
        self._changed()

    def answer_take_back(self, name: str, agree: bool) -> None:
        """A player asked answers the take-back: all agreeing takes the move back; one
        refusal, or `TAKE_BACK_WAIT` seconds, lets it stand."""
        if name not in self.take_back_waits or self._asker is None:
            raise IllegalAction("nobody is asking you to agree to a take-back")
        asker = self._asker
        if not agree:
            self._end_take_back(f"{name} refused: {asker}'s move stands.")
            self._changed()
            return
        self.take_back_waits.discard(name)
        if self.take_back_waits:
            self.announce(f"{name} agrees to take back {asker}'s move.", to=asker)
            self._changed()
            return
        guest = self.guests.get(asker)
        seat = guest.seat if guest is not None else None
        self._end_take_back(None)
        if seat is None:
            self.announce(f"{asker}'s move stands: {asker} has no seat now.")
        else:
            self._take_back_now(asker, seat, "everyone agreed")
        self._changed()

    def _take_back_now(self, name: str, seat: int, why: str) -> None:
        assert self.table is not None
        try:
            self.table.take_back(seat)
        except IllegalAction as refusal:
            self.announce(f"{name}'s move stands: {refusal}.")
        else:
            self.announce(f"{name}'s last move is taken back ({why}).")
            log.info("%s took a move back (%s)", name, why)

    def _take_back_overtaken(self) -> None:
        """Someone moved while a take-back was asked: the move asked about stands now, so
        nobody is left answering a question that can no longer be granted."""
        asker = self.guests.get(self._asker or "")
        if asker is None or asker.seat is None or self.table is None:
            return
        if self.table.match.why_no_undo(asker.seat):
            self._end_take_back(f"Another move was made meanwhile: {asker.name}'s move stands.")
            self._changed()

    def _take_back_expired(self) -> None:
        self._asked_timer = None
        if self._asker is None:
            return
        late = names_in_words(sorted(self.take_back_waits))
        self._end_take_back(
            f"No answer from {late} in {TAKE_BACK_WAIT:g} s: {self._asker}'s move stands."
        )
        self._changed()

    def _end_take_back(self, told: str | None) -> None:
        """Close the take-back asked now (if any), saying ``told`` to everyone."""
        if self._asker is None:
            return
        if self._asked_timer is not None:
            self._asked_timer.cancel()
            self._asked_timer = None
        self._asker = None
        self.take_back_waits = set()
        if self.table is not None:
            self.table.release(TAKE_BACK)
        if told is not None:
            self.announce(told)

    def _rename(self, seat: int, name: str) -> None:
        """The seat's player in the game under way is ``name`` now (every board says so)."""
        assert self.setup is not None and self.table is not None
        seats = list(self.setup.seats)
        seats[seat] = dataclasses.replace(seats[seat], name=name)
        self.setup = dataclasses.replace(self.setup, seats=tuple(seats))
        self.table.seats = self.setup.seats
        self._note({"note": "seated", "seat": seat, "name": name})

    async def new_setup(self, name: str) -> None:
        """The host goes back to the setup screen after a finished game."""
        self._host_only(name, "set up a new table")
        await self._close_table()
        self.phase = "setup"
        self._changed()

    async def _close_table(self) -> None:
        self._stop_all()
        self.proposed = False
        self.ready.clear()
        if self.table is not None:
            await self.table.close()
            self.table = None

    async def resume(self) -> bool:
        """Pick up an interrupted game from the data dir; True if there was one.

        A record that cannot be resumed as it is (damaged, crafted, or with seats this
        server could not have had) is refused: one error line in the log says which file
        and why, the file is kept as ``refused-TIME.rec``, and the hall starts afresh.

        The host's rules (`SETTINGS`) and the names asked to leave (`BANS`) are picked up
        first, game or none: they are the table's, not one game's."""
        self._load_settings()
        self._load_bans()
        path = self.data_dir / RECORD
        if not path.exists():
            return False
        try:
            writer, match, meta = RecordWriter.resume(path)
        except ValueError as error:
            return self._refuse(path, str(error))
        if match.outcome() is not None:
            writer.close()
            finished = path.rename(path.with_name(f"finished-{int(time.time())}.rec"))
            self._add_to_database(finished)
            self._forget_seats()
            return False
        try:
            seats = self._saved_seats(match) or _served_seats(meta, match)
        except ValueError as error:
            writer.close()
            return self._refuse(path, f"{path}: {error}")
        self._writer, self._meta = writer, meta
        self._note({"note": "resumed"})  # no bot plays any seat until the hall says so
        try:
            recorded = record_seats(meta, match)
        except ValueError:
            recorded = seats
        for index, seat in enumerate(seats):
            if seat.kind == "bot" and recorded[index].kind != "bot":  # the host's choice
                self._note({"note": "stand-in", "seat": index})
        setup = TableSetup(match.game.slug, seats, dict(match.options))
        for index, seat in enumerate(seats):
            if seat.kind == OPEN:
                self.guests[seat.name] = Guest(seat.name, connected=False, seat=index)
        await self._play(
            setup,
            Table(
                match,
                seats,
                bot_delay=self.bot_delay,
                recorder=self._record,
                rewriter=self._rewrite,
            ),
        )
        for index, seat in enumerate(seats):
            if seat.kind == OPEN:
                self._hold(index)
        return True

    def _save_seats(self) -> None:
        """Keep who sits where now for a restart (`SEATS`): a seat the host gave to a bot is
        a bot's, one given to a guest is theirs."""
        if self._writer is None or self.setup is None:
            return
        seats = [
            Seat(seat.name, "bot", self.stand_in_level)
            if self._standing_in.get(index) == "host"
            else seat
            for index, seat in enumerate(self.setup.seats)
        ]
        entries = [[seat.name, seat.kind, seat.level] for seat in seats]
        self._keep(SEATS, entries, "the table's seats")

    def _saved_seats(self, match: Match) -> tuple[Seat, ...] | None:
        """The seats `_save_seats` kept for this record, checked as the record's own are
        (None: none kept, or not usable: then the record's seats are used)."""
        try:
            entries = self._kept(SEATS)
            if entries is None:
                return None
            return _served_seats({"seats": tuple(tuple(entry) for entry in entries)}, match)
        except (OSError, ValueError, TypeError) as error:
            log.warning("the seats kept for a restart are not usable (%s): the record's are", error)
            return None

    def _keep(self, name: str, data: object, what: str) -> None:
        """Keep ``data`` as JSON in the data dir's file ``name`` for a restart: written
        aside, then put in place, so a restart reads the old file or the new one whole."""
        temporary = self.data_dir / f"{name}.new"
        try:
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
            with os.fdopen(os.open(temporary, flags, 0o600), "wb") as file:
                file.write(json.dumps(data).encode())
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.data_dir / name)
        except OSError as error:
            log.error("cannot keep %s for a restart: %s", what, error)

    def _kept(self, name: str) -> Any:
        """What `_keep` kept in ``name`` (None: nothing); OSError or ValueError when it
        cannot be read (a symbolic link is never followed)."""
        try:
            fd = os.open(self.data_dir / name, os.O_RDONLY | os.O_NOFOLLOW)
        except FileNotFoundError:
            return None
        with os.fdopen(fd, "rb") as file:
            return json.loads(file.read(64 * 1024))

    def _load_settings(self) -> None:
        """The host's rules as `set_take_backs` kept them (none kept, or unreadable: off)."""
        try:
            kept = self._kept(SETTINGS)
        except (OSError, ValueError) as error:
            log.warning("the host's rules kept for a restart are not usable (%s)", error)
            return
        if isinstance(kept, dict) and kept.get("take_backs") is True:
            self.take_backs = True

    def _save_bans(self) -> None:
        """Keep the names asked to leave, with when each may come back, for a restart."""
        now, wall = time.monotonic(), time.time()
        kept = {name: wall + until - now for name, until in self._banned.items() if until > now}
        self._keep(BANS, kept, "the names asked to leave")

    def _load_bans(self) -> None:
        """The names `_save_bans` kept, each away as long as it had left (at most `BAN`
        seconds: a file anyone could have written bans nobody for longer)."""
        try:
            kept = self._kept(BANS)
        except (OSError, ValueError) as error:
            log.warning("the names asked to leave kept for a restart are not usable (%s)", error)
            return
        if not isinstance(kept, dict):
            return
        now, wall = time.monotonic(), time.time()
        for name, end in kept.items():
            if not valid_name(name) or not isinstance(end, (int, float)) or end != end:
                continue
            left = min(float(end) - wall, BAN)
            key = name.casefold()
            if left > 0:
                self._banned[key] = max(self._banned.get(key, 0.0), now + left)

    def _forget_seats(self) -> None:
        with contextlib.suppress(OSError):
            (self.data_dir / SEATS).unlink()

    def _refuse(self, path: Path, why: str) -> bool:
        kept = path.with_name(f"refused-{int(time.time())}.rec")
        path.rename(kept)
        log.error("cannot resume the game: %s; kept as %s, a new table starts", why, kept.name)
        return False

    async def close(self) -> None:
        """Stop the table and close the record (it stays resumable if unfinished)."""
        for task in list(self._tasks):
            task.cancel()
        self._stop_all()
        await self._close_table()
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def _served_seats(meta: dict[str, Any], match: Match) -> tuple[Seat, ...]:
    """The seats a served table's record names, or ValueError: beyond what any table may
    have, a served one has only bots and open seats, each player's by login name, once."""
    seats = record_seats(meta, match)
    players = [seat.name.casefold() for seat in seats if seat.kind == OPEN]
    for number, seat in enumerate(seats, 1):
        if seat.kind not in (OPEN, "bot"):
            raise ValueError(f"seat {number} is for a local player, which no served table has")
        if seat.kind == OPEN and not valid_name(seat.name):
            raise ValueError(f"seat {number}'s name is no player's ({NAME_RULE})")
        if seat.kind == OPEN and players.count(seat.name.casefold()) > 1:
            raise ValueError(f"seat {number}'s player has another seat too")
    return seats


class _EndWatcher:
    """A silent participant that tells the hall when the game ends."""

    def __init__(self, hall: Hall) -> None:
        self._hall = hall

    @property
    def seats(self) -> frozenset[int]:
        return frozenset()

    def deliver(self, update: Update) -> None:
        if update.outcome is not None:
            self._hall._game_over()
        elif update.version != self._hall._turn_version:
            # Soon, not now: the table is in the middle of pushing this move to everyone.
            asyncio.get_running_loop().call_soon(self._hall._turn_changed)
