"""A stand-in bot's moves are told as the bot's, and a joiner mid-game gets the recent log."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from core.match import Match
from core.table import Seat, Table, Update, played_for


@dataclass
class Recorder:
    """A participant that keeps every update it is pushed."""

    seats: frozenset[int] = frozenset()
    updates: list[Update] = field(default_factory=list)

    def deliver(self, update: Update) -> None:
        self.updates.append(update)


async def _stand_in_moves(table: Table, seat: int) -> None:
    table.stand_in(seat, "random")
    async with asyncio.timeout(5):
        while table.match.version == 0:
            await asyncio.sleep(0.01)
    table.stand_down(seat)


async def test_a_stand_ins_move_is_logged_as_the_bots_not_its_players() -> None:
    """Ala's stand-in plays: the log says "The bot for {p0} …", never "{p0} …"; what only
    Ala's seat may see (the card it drew) stays hers."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")], bot_delay=0)
    ala, olek = Recorder(frozenset({0})), Recorder(frozenset({1}))
    table.join(ala)
    table.join(olek)
    await table.start()
    try:
        await _stand_in_moves(table, 0)
    finally:
        await table.close()
    moved = [e for u in ala.updates if u.version > 0 for e in u.events]
    assert any(e.get("to") == 0 for e in moved), "the stand-in's move told Ala something"
    told = [e["text"] for u in olek.updates for e in u.events]
    assert any(text.startswith("The bot for {p0} ") for text in told), told
    assert not any(text.startswith("{p0} ") for text in told), told
    assert all(e.get("to", 1) == 1 for u in olek.updates for e in u.events)


async def test_a_seats_own_bot_moves_in_its_own_name() -> None:
    """A bot seat is no stand-in: its moves are its own."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Bot", "bot", "random"), Seat("Olek")], bot_delay=0)
    olek = Recorder(frozenset({1}))
    table.join(olek)
    await table.start()
    try:
        async with asyncio.timeout(5):
            while match.version == 0:
                await asyncio.sleep(0.01)
    finally:
        await table.close()
    told = [e["text"] for u in olek.updates for e in u.events]
    assert any(text.startswith("{p0} ") for text in told), told
    assert not any("The bot for" in text for text in told)


async def test_a_joiner_mid_game_gets_the_recent_public_log_once() -> None:
    """Olek joins after a move: his first update carries the public lines so far (the
    stand-in's move as the bot's), none of Ala's private ones; his next update none."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")], bot_delay=0)
    ala = Recorder(frozenset({0}))
    table.join(ala)
    await table.start()
    try:
        await _stand_in_moves(table, 0)
        olek = Recorder(frozenset({1}))
        table.join(olek)
        await table.submit(1, match.legal(1)[0])
    finally:
        await table.close()
    earlier = olek.updates[0].earlier
    public = [e["text"] for u in ala.updates for e in u.events if "to" not in e]
    private = [e["text"] for u in ala.updates for e in u.events if "to" in e]
    assert earlier and set(earlier) <= set(public) | set(match.log)
    assert any(line.startswith("The bot for {p0} ") for line in earlier)
    assert not set(earlier) & set(private)
    assert all(u.earlier == () for u in olek.updates[1:])


def test_a_stand_ins_claim_is_the_bots_too() -> None:
    """A line about the seat's own claim (Whoosh) says the bot made it; lines that only
    mention the seat stay as they were."""
    events = [
        {"type": "void", "text": "{p0}'s claim on the Kraken is void: {p1} was first on it."},
        {"type": "turn", "text": "It is {p0}'s turn."},
        {"type": "draw", "text": "You draw Blue 6.", "to": 0},
    ]
    told = [event["text"] for event in played_for(events, 0)]
    assert told == [
        "The bot for {p0}: {p0}'s claim on the Kraken is void: {p1} was first on it.",
        "It is {p0}'s turn.",
        "You draw Blue 6.",
    ]
    assert played_for(events, 0)[2]["to"] == 0
