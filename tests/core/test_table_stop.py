"""A table that cannot save stops loudly: the action is refused, the match is not ahead of
its record, everyone is told why, the log says so, and nothing plays on."""

from __future__ import annotations

import asyncio
import errno
import logging
from dataclasses import dataclass, field
from typing import Any

import pytest

from core.engine import IllegalAction
from core.match import Match, Step
from core.table import Seat, Table, Update

FULL = "No space left on device"


@dataclass
class Watcher:
    """A participant that keeps every update it is pushed."""

    seats: frozenset[int] = frozenset()
    updates: list[Update] = field(default_factory=list)

    def deliver(self, update: Update) -> None:
        self.updates.append(update)


@dataclass
class Disk:
    """A record that fills up: the write after ``room`` actions fails as a full disk does."""

    room: int
    steps: list[Step] = field(default_factory=list)
    attempts: int = 0

    def __call__(self, step: Step) -> None:
        self.attempts += 1
        if len(self.steps) >= self.room:
            raise OSError(errno.ENOSPC, FULL)
        self.steps.append(step)


def _first_legal(match: Match) -> tuple[int, Any]:
    seat = min(match.to_act())
    return seat, match.legal(seat)[0]


def test_a_recorder_that_raises_leaves_the_match_as_it_was() -> None:
    """Match.act's recorder hears of the step before the match moves: if it fails, nothing
    changed (state, steps, version, log), so the match is never ahead of its record."""
    match = Match.new("superbohaterowie", 2, seed=3)
    before = match.save()
    seat, action = _first_legal(match)
    with pytest.raises(OSError, match=FULL):
        match.act(seat, action, recorder=Disk(0))
    assert match.save() == before and match.version == 0 and match.log == []
    heard: list[Step] = []
    match.act(seat, action, at_ns=7, recorder=heard.append)
    assert heard == [(seat, action, 7)] and list(match.steps) == heard


async def test_a_failed_record_write_refuses_the_action_and_stops_the_table(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The action whose record write failed is refused, saying the table cannot save and has
    stopped; the match stays at the last saved move; every later action gets the same answer;
    everyone is pushed the reason; it is logged as an error."""
    match = Match.new("superbohaterowie", 2, seed=3)
    disk = Disk(room=1)
    table = Table(match, [Seat("Ala"), Seat("Olek")], recorder=disk)
    ala, spectator = Watcher(frozenset({0})), Watcher()
    table.join(ala)
    table.join(spectator)
    await table.start()
    try:
        async with asyncio.timeout(2):
            await table.submit(*_first_legal(match))
            with pytest.raises(IllegalAction, match=f"could not save the game \\({FULL}\\)"):
                await table.submit(*_first_legal(match))
            assert match.version == 1 and list(match.steps) == disk.steps
            with pytest.raises(IllegalAction, match="stopped"):
                await table.submit(*_first_legal(match))
    finally:
        await table.close()
    assert match.version == 1
    for watcher in (ala, spectator):
        stopped = watcher.updates[-1].stopped
        assert stopped is not None and FULL in stopped and "restarting the server" in stopped
    errors = [r for r in caplog.records if r.levelno == logging.ERROR and r.name == "core.table"]
    assert len(errors) == 1 and FULL in errors[0].getMessage()


async def test_a_timed_action_that_cannot_be_saved_is_refused_too() -> None:
    """The real-time road (act_now) refuses and stops the same way, and leaves the match be."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")], recorder=Disk(room=0))
    await table.start()
    try:
        before = match.save()
        with pytest.raises(IllegalAction, match="could not save"):
            table.act_now(*_first_legal(match), at_ns=5)
        assert match.save() == before
        with pytest.raises(IllegalAction, match="stopped"):
            table.act_now(*_first_legal(match), at_ns=6)
        assert table.update_for(None).stopped is not None
    finally:
        await table.close()


async def test_bots_stop_with_the_table() -> None:
    """Bots neither play on nor keep retrying once the table cannot save."""
    match = Match.new("superbohaterowie", 3, seed=3)
    disk = Disk(room=2)
    seats = [Seat(f"Bot {i}", "bot", "random") for i in range(3)]
    table = Table(match, seats, bot_delay=0, bot_seed=1, recorder=disk)
    await table.start()
    try:
        async with asyncio.timeout(2):
            while table.update_for(None).stopped is None:
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        assert disk.attempts == 3 and match.version == 2
        table.stand_in(0, "random")
        await asyncio.sleep(0.1)
        assert disk.attempts == 3
    finally:
        await table.close()


class _BrokenRules:
    """A game whose rules crash on applying an action (a bug), otherwise the real game."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, *args: Any) -> Any:
        raise KeyError("a bug in the rules")


async def test_any_error_in_the_queue_stops_the_table_loudly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The queue's worker never dies silently: a crash in the rules refuses the action,
    stops the table for everyone and logs the traceback, and the queue still answers."""
    match = Match.new("superbohaterowie", 2, seed=3)
    match.game = _BrokenRules(match.game)  # type: ignore[assignment]
    table = Table(match, [Seat("Ala"), Seat("Olek")])
    watcher = Watcher(frozenset({1}))
    table.join(watcher)
    await table.start()
    try:
        async with asyncio.timeout(2):
            with pytest.raises(IllegalAction, match=r"something went wrong \(KeyError\)"):
                await table.submit(*_first_legal(match))
            with pytest.raises(IllegalAction, match="stopped"):
                await table.submit(*_first_legal(match))
    finally:
        await table.close()
    assert watcher.updates[-1].stopped is not None
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert errors and errors[0].exc_info is not None


async def test_a_participant_that_crashes_does_not_stop_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """One broken screen is logged and skipped; the table and everyone else go on."""

    class Broken:
        seats = frozenset({0})
        ready = False

        def deliver(self, update: Update) -> None:
            if self.ready:
                raise RuntimeError("a broken screen")

    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")])
    broken, olek = Broken(), Watcher(frozenset({1}))
    table.join(broken)
    table.join(olek)
    broken.ready = True
    await table.start()
    try:
        async with asyncio.timeout(2):
            await table.submit(*_first_legal(match))
            await table.submit(*_first_legal(match))
    finally:
        await table.close()
    assert match.version == 2 and olek.updates[-1].version == 2
    assert olek.updates[-1].stopped is None
    assert any(r.levelno == logging.ERROR for r in caplog.records)
