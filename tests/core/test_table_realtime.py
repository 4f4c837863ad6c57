"""The table's clock for real-time games: deadlines it keeps by itself, the latency horizon
of fair arbitration, claims timed by their sender, and bots' reactions.

A tiny game stands in for Whoosh: the seat on turn must "tick" within a turn timer or the
table ticks for it; a "claim" waits for a window measured from its own time, then the table
"settles" it. A bot's reaction is timed at a real Whoosh table, whose claims name a board.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from core import table as table_module
from core.engine import Action, Deadline, Event, Option, Outcome
from core.match import Match
from core.table import Seat, Table, Update

TURN_S = 0.05
WINDOW_S = 0.04


@dataclass(frozen=True)
class Clock:
    turn: int
    ticks: tuple[int, ...]
    claim_at: int | None = None
    settled: tuple[int, ...] = ()


class ClockGame:
    slug = "clock"
    title = "Clock"
    pitch = "tick"
    players = range(2, 3)
    options: tuple[Option, ...] = ()

    def rules_text(self) -> str:
        return ""

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> Clock:
        return Clock(0, (0, 0))

    def to_act(self, state: Clock) -> frozenset[int]:
        return frozenset() if sum(state.ticks) >= 6 else frozenset({0, 1})

    def legal_actions(self, state: Clock, seat: int) -> Sequence[Action]:
        found: list[Action] = [("claim",)]
        if seat == state.turn:
            found.append(("tick",))
        if state.claim_at is not None:
            found.append(("settle",))
        return found

    def apply(
        self, state: Clock, seat: int, action: Action, at_ns: int | None
    ) -> tuple[Clock, Sequence[Event]]:
        if action == ("tick",):
            ticks = tuple(t + (s == seat) for s, t in enumerate(state.ticks))
            return replace(state, turn=1 - seat, ticks=ticks), [{"type": "t", "text": "tick"}]
        if action == ("claim",):
            return replace(state, claim_at=at_ns), [{"type": "c", "text": "claim"}]
        assert state.claim_at is not None
        return replace(state, claim_at=None, settled=(*state.settled, state.claim_at)), []

    def why_illegal(self, state: Clock, seat: int, action: Action) -> str:
        return "no"

    def view(self, state: Clock, seat: int | None) -> dict[str, Any]:
        return {"turn": state.turn, "ticks": list(state.ticks)}

    def determinize(self, state: Clock, seat: int, rng: random.Random) -> Clock:
        return state

    def census(self, state: Clock) -> Any:
        from collections import Counter

        return Counter()

    def outcome(self, state: Clock) -> Outcome | None:
        return None

    def describe(self, state: Clock, action: Action) -> str:
        return str(action)

    def deadlines(self, state: Clock) -> Sequence[Deadline]:
        if state.claim_at is not None:
            return [Deadline(0, ("settle",), WINDOW_S, state.claim_at, wait_for_latency=True)]
        return [Deadline(state.turn, ("tick",), TURN_S)]


class Watcher:
    seats = frozenset[int]()

    def __init__(self) -> None:
        self.updates: list[Update] = []

    def deliver(self, update: Update) -> None:
        self.updates.append(update)


def _table() -> tuple[Table, Watcher]:
    match = Match.new(ClockGame(), 2, seed=1)  # type: ignore[arg-type]
    table = Table(match, [Seat("Ala", "remote"), Seat("Olek", "remote")], bot_delay=0)
    watcher = Watcher()
    table.join(watcher)
    return table, watcher


async def test_a_slow_player_is_ticked_for_when_the_turn_timer_runs_out() -> None:
    """Nobody acts: the table takes each turn's action by itself, one per turn timer."""
    table, _ = _table()
    await table.start()
    try:
        start = time.monotonic()
        async with asyncio.timeout(2):
            while sum(table.match.state.ticks) < 4:
                await asyncio.sleep(0.005)
        assert time.monotonic() - start >= 4 * TURN_S * 0.9
        assert table.match.state.ticks == (2, 2)
    finally:
        await table.close()


async def test_a_player_who_acts_in_time_restarts_the_timer() -> None:
    """A tick just before the deadline: the table's own tick for that position is dropped."""
    table, _ = _table()
    await table.start()
    try:
        await asyncio.sleep(TURN_S * 0.6)
        await table.submit(0, ("tick",))
        await asyncio.sleep(TURN_S * 0.6)
        assert table.match.state.ticks == (1, 0)  # seat 1's timer started afresh
    finally:
        await table.close()


async def test_a_claim_is_settled_a_window_after_its_own_time_plus_the_horizon() -> None:
    """The claim carries its time; settle comes WINDOW_S after it, plus the largest remote
    latency the network reported."""
    table, _ = _table()
    table.set_latency(1, 60_000_000)
    assert table.horizon_ns == 60_000_000
    await table.start()
    try:
        claimed = time.monotonic_ns() - 20_000_000  # its bytes arrived 20 ms ago
        await table.submit(1, ("claim",), at_ns=claimed)
        async with asyncio.timeout(2):
            while not table.match.state.settled:
                await asyncio.sleep(0.002)
        waited = time.monotonic_ns() - claimed
        assert table.match.state.settled == (claimed,)
        assert waited >= int((WINDOW_S + 0.06) * 1e9) * 0.95
    finally:
        await table.close()


async def test_the_horizon_is_capped_and_forgets_players_who_left() -> None:
    table, _ = _table()
    table.set_latency(0, 5_000_000_000)
    assert table.horizon_ns == 600_000_000
    table.set_latency(0, None)
    assert table.horizon_ns == 0


REACH_S = 0.6


class Reacher:
    """A real-time bot that puts a hand on Monster 1 whenever it may, REACH_S after the board
    it was asked about, naming that board (as a Whoosh bot does)."""

    name = "reacher"

    def react(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> tuple[float, Action] | None:
        action = ("claim", 0, view["generation"])
        return (REACH_S, action) if action in legal else None

    def choose(self, *args: Any) -> Action:
        raise AssertionError("a real-time bot only reacts")


async def test_a_reveal_does_not_take_back_a_bots_hand_on_its_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card revealed while a bot reaches for a Monster leaves the Monsters as they were: the
    hand lands when first planned, naming the board the bot saw (the rules still take it),
    instead of starting over from the new board."""
    monkeypatch.setattr(table_module, "make_bot", lambda slug, level: Reacher())
    match = Match.new("whoosh", 2, seed=1)
    seen = match.state.generation
    table = Table(match, [Seat("Ala", "remote"), Seat("Bot", "bot", "hard")], bot_delay=0)
    start = time.monotonic_ns()
    await table.start()
    try:
        await asyncio.sleep(REACH_S / 2)
        await table.submit(0, ("reveal",))
        async with asyncio.timeout(2):
            while not any(seat == 1 for seat, _, _ in table.match.steps):
                await asyncio.sleep(0.005)
        [(action, at_ns)] = [(a, t) for s, a, t in table.match.steps if s == 1]
        assert action == ("claim", 0, seen)
        assert at_ns is not None and (at_ns - start) / 1e9 < REACH_S + 0.2  # not 0.9 s
    finally:
        await table.close()
