"""Table: the one asyncio, clocked layer around a Match — seats, bots, one action queue, pushes.

A Table owns a :class:`~core.match.Match`. Participants (the local screen, each SSH session,
test doubles) join it and are pushed an :class:`Update` per seat they hold — only that seat's
view, its legal actions and the events it may see; spectators get the public view. Every
action from anyone goes through one queue, checked in the server's order: seat, then
legality, then the version the player was looking at. A refusal goes back to the sender
only. Bots run as tasks: they wait a short, visible delay, think in a worker thread on
re-deals of what their seat cannot see, and submit through the same queue.

A table that cannot go on safely stops loudly rather than freeze or play on unrecorded:
when its record cannot be written (a full disk) or anything else fails, the action at hand
is refused, every later one gets the same answer, bots and timers stop, the error is logged
and every participant is pushed the reason (:attr:`Update.stopped`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from core.bots import Bot, bot_levels, determinizations, make_bot
from core.engine import (
    Action,
    Deadline,
    Event,
    IllegalAction,
    Outcome,
    deadlines,
    with_names,
)
from core.match import Match, Step, visible_events

log = logging.getLogger(__name__)

_BOT_RETRIES = 20
"""A bot whose choice was overtaken by another action thinks again, at most this often."""
MAX_HORIZON_NS = 600_000_000
"""Fair arbitration waits at most this long for a far player's compensated claim: their
round trip (at most 300 ms, `net.fastpath.MAX_DISTANCE`) and the server's own delay in
writing the board to them (at most 300 ms more, `net.fastpath.MAX_LAG`)."""
MIN_REACTION = 0.3
"""Seconds: a key pressed sooner than this after a board appeared on its player's screen was
not a reaction to it. A key already on its way cannot be held back that fast (stopping a
decided press takes a person 0.2-0.25 s), and no one reads a new Monster's symbols so soon:
the fastest bot, faster than most people, never claims in under 0.30 s. So a hand that goes
down just after someone else's capture replaced its Monster is judged as aimed at the
Monster its player saw (void, no penalty), never as a grab at the new one (a mistake, -1);
a reveal in that time costs nothing, as reveals only add cards to the board a claim names.
A real-time claim names the last board that had been on its player's screen this long when
the key was pressed: the SSH fast path and the local board both go by it."""

RECENT = 40
"""Public log lines a participant who joins a game under way is given (`Update.earlier`)."""

SeatKind = Literal["human", "bot", "remote"]
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "bot", "remote")

NAME_MAX = 16
"""Longest seat name: it must fit the narrow columns of a table at 80 columns."""
NAME_PUNCTUATION = " _.-()"
"""Allowed in a seat name besides letters and digits. Parentheses let the bots' own names
("Bot 2 (hard)") pass; brackets stay out so a name can never look like markup anywhere."""
SEAT_NAME_RULE = (
    f"a seat's name is 1-{NAME_MAX} letters, digits, spaces and _ . - ( ), "
    "with no space at either end"
)
"""The rule in words, for refusals."""


def played_for(events: Sequence[Event], seat: int) -> list[Event]:
    """A stand-in bot's events for ``seat``: what its player would be said to do is said of
    the bot ("{p1} plays …" → "The bot for {p1} plays …"; "{p1}'s claim …" → "The bot for
    {p1}: {p1}'s claim …"); the rest as it was."""
    token = f"{{p{seat}}}"

    def told(text: str) -> str:
        if text.startswith(f"{token} "):
            return f"The bot for {text}"
        if text.startswith(f"{token}'s "):
            return f"The bot for {token}: {text}"
        return text

    return [{**event, "text": told(event["text"])} for event in events]


def told_move(match: Match, step: Step) -> str:
    """What everyone at the table read of ``step``, made from the position ``match`` is at:
    its first public log line naming its player, that player's token dropped from its start
    ("{p0} places a giant spider …." → "places a giant spider …."). Never the move's own
    words (`Match.describe`): those may name what only its player saw, a card drafted or
    played face down ("pick <card>"), where the others read "{p0} picks a card."."""
    seat, action, at_ns = step
    _, events = match.game.apply(match.state, seat, action, at_ns)
    token = f"{{p{seat}}}"
    lines = [event["text"] for event in events if "to" not in event]
    line = next((text for text in lines if token in text), lines[0] if lines else "")
    line = line.removeprefix(f"{token} ").strip() or "a move nobody else saw"
    return line if line.endswith((".", "!", "?")) else f"{line}."


def valid_seat_name(name: object) -> bool:
    """Whether ``name`` is one Hunters gives a seat: what the setup screen accepts (its own
    defaults "Player 2", "Bot 3 (hard)" included), which holds every SSH login name too.

    Names are shown on every player's terminal, so nothing else passes: no control
    character (C0, ESC, C1), no bidi control or other format character, no markup bracket.
    """
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX or name != name.strip():
        return False
    return all(ch.isalpha() or ch in NAME_PUNCTUATION or ch in "0123456789" for ch in name)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who fills a seat: a local human, a bot of some level, or a remote player."""

    name: str
    kind: SeatKind = "human"
    level: str = ""
    """The bot level when ``kind`` is "bot"."""


def record_seats(meta: Mapping[str, Any], match: Match) -> tuple[Seat, ...]:
    """The seats a record's ``meta`` says its table had, checked as a setup checks them;
    ValueError naming the seat otherwise.

    A record is a file anyone could have written: its names would be sent to terminals, its
    kinds and levels would make bots. A refusal never repeats what the record holds (the
    message goes to a terminal too)."""
    entries = meta.get("seats")
    if not isinstance(entries, tuple) or len(entries) != match.seats:
        raise ValueError(f"its notes do not name the {match.seats} seats of its game")
    levels = bot_levels(match.game.slug)
    seats: list[Seat] = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, tuple) or len(entry) != 3:
            raise ValueError(f"seat {number} is malformed in its notes")
        name, kind, level = entry
        if not valid_seat_name(name):
            raise ValueError(f"seat {number}'s name is not one Hunters gives ({SEAT_NAME_RULE})")
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {number} is of no kind Hunters knows")
        if kind == "bot" and level not in levels:
            raise ValueError(f"seat {number} is a bot of no level {match.game.title} has")
        if kind != "bot" and level != "":
            raise ValueError(f"seat {number} is a player with a bot's level")
        seats.append(Seat(name, kind, level))
    return tuple(seats)


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What the setup screen decides: the game, who sits where, the options and the seed."""

    slug: str
    seats: tuple[Seat, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    """None deals from ``secrets``; a number repeats a deal exactly."""

    def new_match(self) -> Match:
        """A freshly dealt match for this setup (ValueError if the setup is invalid)."""
        return Match.new(self.slug, len(self.seats), self.seed, self.options)


@dataclass(frozen=True, slots=True)
class Update:
    """Everything one seat (or a spectator) is shown after a change at the table."""

    version: int
    seat: int | None
    view: dict[str, Any]
    legal: tuple[Action, ...]
    """What this seat may do now (empty when it may not act)."""
    events: tuple[Event, ...]
    """The events of the latest change that this seat may see."""
    names: tuple[str, ...]
    acting: frozenset[int]
    outcome: Outcome | None
    notes: dict[int, str] = field(default_factory=dict)
    """Per seat, how its player is doing when not simply there ("disconnected", …)."""
    stopped: str | None = None
    """Why the table stopped taking actions, in a sentence for everyone; None while it plays."""
    earlier: tuple[str, ...] = ()
    """For a participant joining a game under way, its last public log lines (seat tokens
    in), so a returning player's log does not start empty; () in every later update."""


class Participant(Protocol):
    """Anything that watches or plays at a table."""

    @property
    def seats(self) -> frozenset[int]:
        """The seats this participant plays (empty: a spectator)."""
        ...

    def deliver(self, update: Update) -> None:
        """Take a new update; must not block (schedule any rendering)."""
        ...


class _Unsaved(Exception):
    """The recorder failed: the action was not saved, so it must not be taken."""

    def __init__(self, error: Exception) -> None:
        super().__init__(error)
        self.error = error


@dataclass(slots=True)
class _Request:
    seat: int
    action: Any
    version: int | None
    at_ns: int
    done: asyncio.Future[list[Event]] = field(repr=False)
    bot: bool = False
    """Whether the seat's bot sent it (its own, or one standing in for its player)."""


class Table:
    """One match with its seats, participants, bots and action queue."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[Seat],
        *,
        bot_delay: float = 0.6,
        bot_seed: int | None = None,
        recorder: Callable[[Step], None] | None = None,
        rewriter: Callable[[Match], None] | None = None,
    ) -> None:
        """``recorder`` gets every accepted action before the match takes it and anyone
        hears of it (the crash-safe record); if it raises, the action is refused and the
        table stops rather than go on unrecorded. ``rewriter`` writes the whole record
        again after a move is taken back (`take_back`), before anyone hears of it."""
        if len(seats) != match.seats:
            raise ValueError(f"{match.seats} seats needed, {len(seats)} given")
        self.match = match
        self._seats = tuple(seats)
        self.bot_delay = bot_delay
        self.recorder = recorder
        self.rewriter = rewriter
        self._rng = random.Random(secrets.randbits(64) if bot_seed is None else bot_seed)
        self._bots: dict[int, Bot] = {
            i: make_bot(match.game.slug, seat.level)
            for i, seat in enumerate(seats)
            if seat.kind == "bot"
        }
        self._participants: list[Participant] = []
        self._notes: dict[int, str] = {}
        self._recent: deque[str] = deque(match.log[-RECENT:], maxlen=RECENT)
        """The latest public log lines as everyone read them (stand-ins' moves as such)."""
        self._queue: asyncio.Queue[_Request] = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._timers: list[asyncio.TimerHandle] = []
        """Deadlines and real-time bots' reactions for the current position."""
        self._reactions: dict[int, tuple[Action, asyncio.TimerHandle]] = {}
        """Per real-time bot, the action it is about to take and its timer."""
        self._timed: set[asyncio.Task[Any]] = set()
        self._position_ns = time.monotonic_ns()
        """When the current position arose (deadlines without a ``since_ns`` count from it)."""
        self.latency_ns: dict[int, int] = {}
        """Per remote seat, the latency fair arbitration compensates (the network sets it)."""
        self._closed = False
        self._stopped: str | None = None
        self._holds: set[str] = set()
        """Why bots wait now (a summary panel someone is reading); empty: they play."""
        self._unheld = asyncio.Event()
        self._unheld.set()

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Start taking actions and let bots play."""
        if self._worker is None:
            self._worker = asyncio.create_task(self._work(), name="table-queue")
        self._position_ns = time.monotonic_ns()
        self._schedule_bots()
        self._schedule_timed()

    async def close(self) -> None:
        """Stop the queue and every bot task."""
        self._closed = True
        self._cancel_timers()
        for seat in list(self._reactions):
            self._cancel_reaction(seat)
        tasks = [t for t in (self._worker, *self._bot_tasks.values(), *self._timed) if t]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._bot_tasks.clear()

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(seat.name for seat in self.seats)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who fills each seat now."""
        return self._seats

    @seats.setter
    def seats(self, seats: Sequence[Seat]) -> None:
        """Someone else plays a seat from now on (a served table's host gave it away): the
        recent lines keep the name of whoever made their moves, so one joining later reads
        the past as those at the table did; the rest keep their seat tokens."""
        before, self._seats = self._seats, tuple(seats)
        for index, (old, new) in enumerate(zip(before, self._seats, strict=True)):
            if old.name == new.name:
                continue
            names = [f"{{p{seat}}}" for seat in range(len(before))]
            names[index] = old.name
            self._recent = deque((with_names(t, names) for t in self._recent), maxlen=RECENT)

    # -- participants ------------------------------------------------------------------------

    def join(self, participant: Participant) -> None:
        """Add a participant and push it the current position (before the first action,
        with the deal's events: "You are dealt …" reaches each seat's log)."""
        self._participants.append(participant)
        if self.match.version == 0:
            self._push(participant, self.match.opening)
            return
        seats: list[int | None] = [*sorted(participant.seats)] or [None]
        for seat in seats:
            update = self.update_for(seat)
            participant.deliver(dataclasses.replace(update, earlier=self.recent))

    def leave(self, participant: Participant) -> None:
        """Stop pushing to a participant."""
        if participant in self._participants:
            self._participants.remove(participant)

    def update_for(self, seat: int | None, events: Sequence[Event] = ()) -> Update:
        """The update ``seat`` (None: a spectator) is shown now."""
        match = self.match
        acting = match.to_act()
        return Update(
            version=match.version,
            seat=seat,
            view=match.view(seat),
            legal=tuple(match.legal(seat)) if seat is not None and seat in acting else (),
            events=tuple(visible_events(events, seat)),
            names=self.names,
            acting=acting,
            outcome=match.outcome(),
            notes=dict(self._notes),
            stopped=self._stopped,
        )

    def _push(self, participant: Participant, events: Sequence[Event]) -> None:
        seats: list[int | None] = [*sorted(participant.seats)] or [None]
        for seat in seats:
            participant.deliver(self.update_for(seat, events))

    def _broadcast(self, events: Sequence[Event], mover: int | None = None) -> None:
        """Push every participant the new position: ``mover``'s screen first (its key is
        the one waiting for an answer), then those whose turn it is now, then the rest. A
        served table's screens each draw in turn on the server's one loop: the mover's
        screen, pushed last, waited for the four others' drawing (about 100 ms at a
        table of five)."""
        acting = self.match.to_act()

        def order(participant: Participant) -> int:
            seats = participant.seats
            if mover is not None and mover in seats:
                return 0
            return 1 if seats & acting else 2

        for participant in sorted(self._participants, key=order):
            try:
                self._push(participant, events)
            except Exception:  # one broken screen must not stop the table for everyone
                log.exception("a participant of the table failed to take an update")

    # -- actions -------------------------------------------------------------------------------

    async def submit(
        self,
        seat: int,
        action: Any,
        version: int | None = None,
        at_ns: int | None = None,
        *,
        bot: bool = False,
    ) -> list[Event]:
        """Queue ``seat``'s action; its events, or IllegalAction for the sender alone.

        ``at_ns`` is when the action happened on ``time.monotonic_ns``'s clock (a claim's
        key, timed on its raw bytes); by default, now. ``bot``: the seat's bot sends it;
        a stand-in's move is then told as the bot's ("The bot for {p1} plays …"), never
        as if its player had made it."""
        if self._closed:
            raise IllegalAction("the table is closed")
        if self._stopped is not None:
            raise IllegalAction(self._stopped)
        done: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        when = time.monotonic_ns() if at_ns is None else at_ns
        await self._queue.put(_Request(seat, action, version, when, done, bot))
        return await done

    def act_now(self, seat: int, action: Any, at_ns: int) -> list[Event]:
        """Apply ``seat``'s timed action at once, ahead of the queue (IllegalAction if the
        rules refuse it).

        For the real-time path only: a claim is decided in the same loop turn its bytes
        arrived in, however busy the server is drawing screens. Its time, not its place in
        the queue, is what the rules judge it by; a queued action that arrived earlier
        comes after it, and a claim names the board it saw, so nothing is judged on a board
        its player did not see."""
        if self._closed:
            raise IllegalAction("the table is closed")
        events = self._act(seat, action, at_ns, None)
        self._accepted(events, seat)
        return events

    def _act(self, seat: int, action: Any, at_ns: int, version: int | None) -> list[Event]:
        """The match takes the action once it is recorded; IllegalAction for a refusal, and
        for anything that fails (which stops the table: see :meth:`_stop`)."""
        if self._stopped is not None:
            raise IllegalAction(self._stopped)
        recorder = self._record if self.recorder is not None else None
        try:
            return self.match.act(seat, action, at_ns, version=version, recorder=recorder)
        except IllegalAction:
            raise
        except _Unsaved as unsaved:
            error = unsaved.error
            why = error.strerror if isinstance(error, OSError) else None
            what = f"the server could not save the game ({why or type(error).__name__})"
            raise IllegalAction(self._stop(what, error)) from None
        except Exception as error:
            what = f"something went wrong ({type(error).__name__})"
            raise IllegalAction(self._stop(what, error)) from None

    def _record(self, step: Step) -> None:
        assert self.recorder is not None
        try:
            self.recorder(step)
        except Exception as error:
            raise _Unsaved(error) from error

    def _accepted(self, events: list[Event], mover: int | None = None) -> None:
        try:
            self._position_ns = time.monotonic_ns()
            self._recent.extend(e["text"] for e in events if "to" not in e)
            self._broadcast(events, mover)
            self._schedule_bots()
            self._schedule_timed()
        except Exception as error:
            self._stop(f"something went wrong ({type(error).__name__})", error)

    async def _work(self) -> None:
        while True:
            request = await self._queue.get()
            try:
                events = self._act(request.seat, request.action, request.at_ns, request.version)
            except IllegalAction as refusal:
                if not request.done.done():
                    request.done.set_exception(refusal)
                continue
            if request.bot and self.seats[request.seat].kind != "bot":
                events = played_for(events, request.seat)
            if not request.done.done():
                request.done.set_result(events)
            self._accepted(events, request.seat)

    def take_back(self, seat: int) -> Step:
        """Take back ``seat``'s last move, when it revealed nothing new and nobody has acted
        since (`Match.undo`; IllegalAction saying why not): the match becomes the replay of
        its record without it, ``rewriter`` (if any) writes that record before anyone hears
        of it, and everyone is pushed the position with one line saying what was taken back.

        Between two queued actions, as one of them: nothing awaits in here."""
        if self._closed:
            raise IllegalAction("the table is closed")
        if self._stopped is not None:
            raise IllegalAction(self._stopped)
        step = self.match.undo(seat)
        if self.rewriter is not None:
            try:
                self.rewriter(self.match)
            except Exception as error:
                why = error.strerror if isinstance(error, OSError) else None
                what = f"the server could not save the game ({why or type(error).__name__})"
                raise IllegalAction(self._stop(what, error)) from None
        # What the others read of it (the move's own words may name a card only its
        # player saw): everyone is told this line.
        taken = told_move(self.match, step)
        self._accepted(
            [{"type": "take-back", "text": f"{{p{seat}}} took back their move: {taken}"}], seat
        )
        return step

    def _stop(self, what: str, error: BaseException) -> str:
        """Stop taking actions, for good, and say so to the log and to everyone.

        Nothing is taken unrecorded: the record holds every move made so far, so a
        served game resumes where it stopped once the server restarts. The first reason
        stays: whatever fails after it is only logged."""
        if self._stopped is not None:
            log.error("after the table stopped", exc_info=error)
            return self._stopped
        resume = (
            " Every move made so far is saved: the host can resume the game by restarting "
            "the server."
            if self.recorder is not None
            else ""
        )
        self._stopped = f"The table stopped: {what}.{resume}"
        log.error("%s", self._stopped, exc_info=error)
        self._cancel_timers()
        for seat in list(self._reactions):
            self._cancel_reaction(seat)
        current = asyncio.current_task()
        for task in self._bot_tasks.values():
            if task is not current:
                task.cancel()
        self._broadcast(())
        return self._stopped

    @property
    def recent(self) -> tuple[str, ...]:
        """The latest public log lines (seat tokens in), as a joiner mid-game is given them."""
        return tuple(self._recent)

    def note_of(self, seat: int) -> str | None:
        """The table's note on ``seat`` now (None: its player is simply there)."""
        return self._notes.get(seat)

    def set_note(self, seat: int, note: str | None) -> None:
        """Tell everyone how a seat's player is doing ("disconnected"), or clear it."""
        if note is None:
            self._notes.pop(seat, None)
        else:
            self._notes[seat] = note
        self._broadcast(())

    # -- stand-ins -------------------------------------------------------------------------

    def stand_in(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays ``seat`` (its player is gone) until ``stand_down``."""
        self._bots[seat] = make_bot(self.match.game.slug, level)
        self._schedule_bots()
        if self._worker is not None:
            self._schedule_timed()

    def stand_down(self, seat: int) -> None:
        """The seat's player is back: the stand-in bot leaves (mid-thought if need be)."""
        if self.seats[seat].kind == "bot":
            return
        self._bots.pop(seat, None)
        self._cancel_reaction(seat)
        task = self._bot_tasks.pop(seat, None)
        if task is not None:
            task.cancel()

    def hold(self, reason: str) -> None:
        """Bots wait until every hold is released: a local player is reading a summary
        panel and the game must not go on behind it. People may still act (a hold is a
        courtesy of the bots, not a lock of the table), and the table's own clock runs on.

        A served table is shared: a screen there shows its panel without holding, so one
        guest reading cannot freeze everyone else (see ``tui/screens/game.py``)."""
        self._holds.add(reason)
        self._unheld.clear()
        for seat in list(self._reactions):
            self._cancel_reaction(seat)

    def release(self, reason: str) -> None:
        """Take back the hold ``reason``; with none left, bots play on (after their delay,
        so people can follow what the next move is)."""
        self._holds.discard(reason)
        if self._holds:
            return
        self._unheld.set()
        if self._worker is not None and not self._closed:
            self._schedule_timed()

    @property
    def held(self) -> frozenset[str]:
        """The reasons bots are waiting now (empty while they play)."""
        return frozenset(self._holds)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now (its own seat, or standing in)."""
        return seat in self._bots

    # -- bots --------------------------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        if self._closed or self._stopped is not None:
            return
        for seat in self.match.to_act():
            if hasattr(self._bots.get(seat), "react"):
                continue  # a real-time bot reacts to positions (see _schedule_timed)
            if seat in self._bots and seat not in self._bot_tasks:
                self._bot_tasks[seat] = asyncio.create_task(
                    self._bot_turn(seat), name=f"bot-{seat}"
                )

    async def _bot_turn(self, seat: int) -> None:
        try:
            await asyncio.sleep(self.bot_delay)
            while self._holds:
                await self._unheld.wait()
                await asyncio.sleep(self.bot_delay)
            for _ in range(_BOT_RETRIES):
                if self._stopped is not None or seat not in self.match.to_act():
                    return
                if seat not in self._bots:
                    return
                version = self.match.version
                bot, game, state = self._bots[seat], self.match.game, self.match.state
                view, legal = self.match.view(seat), self.match.legal(seat)
                rng = random.Random(self._rng.getrandbits(64))
                # A state is immutable, so the worker thread reads it safely while the table
                # goes on; a decision made on an old version is simply refused and redone.
                action = await asyncio.to_thread(
                    bot.choose, game, view, determinizations(game, state, seat, rng), legal, rng
                )
                if self._holds:  # held while thinking: think again once released
                    while self._holds:
                        await self._unheld.wait()
                        await asyncio.sleep(self.bot_delay)
                    continue
                try:
                    await self.submit(seat, action, version, bot=True)
                    return
                except IllegalAction:
                    continue
        finally:
            if self._bot_tasks.get(seat) is asyncio.current_task():
                del self._bot_tasks[seat]
            self._schedule_bots_soon()

    def _schedule_bots_soon(self) -> None:
        if not self._closed:
            asyncio.get_running_loop().call_soon(self._schedule_bots)

    # -- real time: deadlines and reacting bots --------------------------------------------------

    @property
    def horizon_ns(self) -> int:
        """How long fair arbitration waits for far players: the largest remote latency."""
        return min(max(self.latency_ns.values(), default=0), MAX_HORIZON_NS)

    def set_latency(self, seat: int, latency_ns: int | None) -> None:
        """The network's measure of a remote seat's latency (None: not remote any more)."""
        if latency_ns is None:
            self.latency_ns.pop(seat, None)
        else:
            self.latency_ns[seat] = max(0, int(latency_ns))

    def _cancel_timers(self) -> None:
        for handle in self._timers:
            handle.cancel()
        self._timers.clear()

    def _cancel_reaction(self, seat: int) -> None:
        reaction = self._reactions.pop(seat, None)
        if reaction is not None:
            reaction[1].cancel()

    def _schedule_timed(self) -> None:
        """For the new position: its deadlines, and each real-time bot's reaction to it.

        The deadlines scheduled for the position before are cancelled: a reveal a player
        owed belongs to the position it was meant for. A bot's reaction under way stays as
        long as its action is still legal: a hand reaching for a Monster is not taken back
        when someone reveals a card (its claim names the board the bot saw, which the rules
        still take while those Monsters are on the table), nor is its timer re-rolled."""
        self._cancel_timers()
        if self._closed or self._stopped is not None or self.match.outcome() is not None:
            for seat in list(self._reactions):
                self._cancel_reaction(seat)
            return
        loop = asyncio.get_running_loop()
        version, now = self.match.version, time.monotonic_ns()
        for deadline in deadlines(self.match.game, self.match.state):
            due = self._due_ns(deadline)
            self._timers.append(
                loop.call_later(
                    max(0.0, (due - now) / 1e9),
                    self._fire,
                    deadline.seat,
                    deadline.action,
                    version,
                )
            )
        acting = self.match.to_act()
        for seat, bot in self._bots.items():
            react = getattr(bot, "react", None)
            if self._holds:
                self._cancel_reaction(seat)
                continue
            if react is None or seat not in acting:
                self._cancel_reaction(seat)
                continue
            legal = self.match.legal(seat)
            if seat in self._reactions and self._reactions[seat][0] in legal:
                continue  # still reaching for it: no second thought, no re-roll
            self._cancel_reaction(seat)
            rng = random.Random(self._rng.getrandbits(64))
            reaction = react(self.match.view(seat), legal, rng)
            if reaction is None:
                continue
            delay, action = reaction
            handle = loop.call_later(max(0.0, delay), self._fire, seat, action, None)
            self._reactions[seat] = (action, handle)

    def _due_ns(self, deadline: Deadline) -> int:
        since = self._position_ns if deadline.since_ns is None else deadline.since_ns
        due = since + int(deadline.delay_s * 1e9)
        return due + self.horizon_ns if deadline.wait_for_latency else due

    def _fire(self, seat: int, action: Action, version: int | None) -> None:
        """A timed action is due: submit it if its position still stands (``version``; None
        for a bot's reaction, which the rules judge: a claim names its board itself)."""
        if version is None:
            self._reactions.pop(seat, None)
        if self._closed or self._stopped is not None:
            return
        if version is not None and self.match.version != version:
            return

        async def submit() -> None:
            with contextlib.suppress(IllegalAction):
                await self.submit(seat, action, version, bot=version is None)

        task = asyncio.create_task(submit(), name=f"timed-{seat}")
        self._timed.add(task)
        task.add_done_callback(self._timed.discard)
