"""Table: the one asyncio, clocked layer around a Match — seats, bots, one action queue, pushes.

A Table owns a :class:`~core.match.Match`. Participants (the local screen, each SSH session,
test doubles) join it and are pushed an :class:`Update` per seat they hold — only that seat's
view, its legal actions and the events it may see; spectators get the public view. Every
action from anyone goes through one queue, checked in the server's order: seat, then
legality, then the version the player was looking at. A refusal goes back to the sender
only. Bots run as tasks: they wait a short, visible delay, think in a worker thread on
re-deals of what their seat cannot see, and submit through the same queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from core.bots import Bot, determinizations, make_bot
from core.engine import Action, Event, IllegalAction, Outcome
from core.match import Match, Step, visible_events

_BOT_RETRIES = 20
"""A bot whose choice was overtaken by another action thinks again, at most this often."""

SeatKind = Literal["human", "bot", "remote"]


@dataclass(frozen=True, slots=True)
class Seat:
    """Who fills a seat: a local human, a bot of some level, or a remote player."""

    name: str
    kind: SeatKind = "human"
    level: str = ""
    """The bot level when ``kind`` is "bot"."""


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


class Participant(Protocol):
    """Anything that watches or plays at a table."""

    @property
    def seats(self) -> frozenset[int]:
        """The seats this participant plays (empty: a spectator)."""
        ...

    def deliver(self, update: Update) -> None:
        """Take a new update; must not block (schedule any rendering)."""
        ...


@dataclass(slots=True)
class _Request:
    seat: int
    action: Any
    version: int | None
    at_ns: int
    done: asyncio.Future[list[Event]] = field(repr=False)


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
    ) -> None:
        """``recorder`` gets every accepted action before anyone hears of it (the
        crash-safe record); if it raises, the table stops rather than go on unrecorded."""
        if len(seats) != match.seats:
            raise ValueError(f"{match.seats} seats needed, {len(seats)} given")
        self.match = match
        self.seats = tuple(seats)
        self.bot_delay = bot_delay
        self.recorder = recorder
        self._rng = random.Random(secrets.randbits(64) if bot_seed is None else bot_seed)
        self._bots: dict[int, Bot] = {
            i: make_bot(match.game.slug, seat.level)
            for i, seat in enumerate(seats)
            if seat.kind == "bot"
        }
        self._participants: list[Participant] = []
        self._notes: dict[int, str] = {}
        self._queue: asyncio.Queue[_Request] = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._closed = False

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Start taking actions and let bots play."""
        if self._worker is None:
            self._worker = asyncio.create_task(self._work(), name="table-queue")
        self._schedule_bots()

    async def close(self) -> None:
        """Stop the queue and every bot task."""
        self._closed = True
        tasks = [t for t in (self._worker, *self._bot_tasks.values()) if t is not None]
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

    # -- participants ------------------------------------------------------------------------

    def join(self, participant: Participant) -> None:
        """Add a participant and push it the current position."""
        self._participants.append(participant)
        self._push(participant, ())

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
        )

    def _push(self, participant: Participant, events: Sequence[Event]) -> None:
        seats: list[int | None] = [*sorted(participant.seats)] or [None]
        for seat in seats:
            participant.deliver(self.update_for(seat, events))

    def _broadcast(self, events: Sequence[Event]) -> None:
        for participant in list(self._participants):
            self._push(participant, events)

    # -- actions -------------------------------------------------------------------------------

    async def submit(self, seat: int, action: Any, version: int | None = None) -> list[Event]:
        """Queue ``seat``'s action; its events, or IllegalAction for the sender alone."""
        if self._closed:
            raise IllegalAction("the table is closed")
        done: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Request(seat, action, version, time.monotonic_ns(), done))
        return await done

    async def _work(self) -> None:
        while True:
            request = await self._queue.get()
            try:
                events = self.match.act(
                    request.seat, request.action, request.at_ns, version=request.version
                )
            except IllegalAction as refusal:
                if not request.done.done():
                    request.done.set_exception(refusal)
                continue
            if self.recorder is not None:
                self.recorder(self.match.steps[-1])
            if not request.done.done():
                request.done.set_result(events)
            self._broadcast(events)
            self._schedule_bots()

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

    def stand_down(self, seat: int) -> None:
        """The seat's player is back: the stand-in bot leaves (mid-thought if need be)."""
        if self.seats[seat].kind == "bot":
            return
        self._bots.pop(seat, None)
        task = self._bot_tasks.pop(seat, None)
        if task is not None:
            task.cancel()

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now (its own seat, or standing in)."""
        return seat in self._bots

    # -- bots --------------------------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        if self._closed:
            return
        for seat in self.match.to_act():
            if seat in self._bots and seat not in self._bot_tasks:
                self._bot_tasks[seat] = asyncio.create_task(
                    self._bot_turn(seat), name=f"bot-{seat}"
                )

    async def _bot_turn(self, seat: int) -> None:
        try:
            await asyncio.sleep(self.bot_delay)
            for _ in range(_BOT_RETRIES):
                if seat not in self.match.to_act() or seat not in self._bots:
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
                try:
                    await self.submit(seat, action, version)
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
