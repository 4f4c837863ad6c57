"""Holding the bots: a local player reads a summary panel while the game waits for them."""

from __future__ import annotations

import asyncio

from core.match import Match
from core.table import Seat, Table


def _bots_only(seats: int = 2) -> Table:
    match = Match.new("superbohaterowie", seats, seed=5)
    bots = [Seat(f"Bot {i}", "bot", "random") for i in range(seats)]
    return Table(match, bots, bot_delay=0.01, bot_seed=1)


async def test_a_held_table_bots_wait_until_every_hold_is_released() -> None:
    """No bot moves while a hold stands; two holds need two releases; then they play."""
    table = _bots_only()
    table.hold("summary")
    table.hold("other")
    await table.start()
    try:
        await asyncio.sleep(0.2)
        assert table.match.version == 0
        table.release("summary")
        await asyncio.sleep(0.2)
        assert table.match.version == 0 and table.held == {"other"}
        table.release("other")
        async with asyncio.timeout(5):
            while table.match.version < 2:
                await asyncio.sleep(0.01)
    finally:
        await table.close()


async def test_a_hold_taken_mid_game_stops_the_bots_at_their_next_move() -> None:
    """A bot already waiting out its delay, or thinking, does not move while held."""
    table = _bots_only()
    await table.start()
    try:
        async with asyncio.timeout(5):
            while table.match.version < 3:
                await asyncio.sleep(0.005)
        table.hold("summary")
        held_at = table.match.version
        await asyncio.sleep(0.3)
        assert table.match.version <= held_at + 1  # at most a move already submitted
        stopped = table.match.version
        await asyncio.sleep(0.2)
        assert table.match.version == stopped
        table.release("summary")
        async with asyncio.timeout(5):
            while table.match.version == stopped:
                await asyncio.sleep(0.01)
    finally:
        await table.close()


async def test_people_may_act_while_bots_are_held() -> None:
    """A hold is the bots' courtesy, not a lock: a person's action is still taken."""
    match = Match.new("superbohaterowie", 2, seed=5)
    table = Table(match, [Seat("Ala"), Seat("Bot", "bot", "random")], bot_delay=0)
    table.hold("summary")
    await table.start()
    try:
        seat = min(match.to_act())
        assert seat == 0
        await table.submit(0, match.legal(0)[0])
        assert match.version == 1
        await asyncio.sleep(0.2)
        assert match.version == 1  # the bot, next, waits
    finally:
        await table.close()
