"""The Table: one queue, per-seat pushes, refusals to the sender only, bots as tasks."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import pytest

from core.engine import IllegalAction
from core.match import Match
from core.table import Seat, Table, Update


@dataclass
class Recorder:
    """A participant that keeps every update it is pushed."""

    seats: frozenset[int] = frozenset()
    updates: list[Update] = field(default_factory=list)

    def deliver(self, update: Update) -> None:
        self.updates.append(update)


async def _until_over(table: Table, timeout: float = 20.0) -> None:
    async with asyncio.timeout(timeout):
        while table.match.outcome() is None:
            await asyncio.sleep(0.01)


async def test_bots_play_a_whole_game_through_the_queue() -> None:
    """Four bots at delay 0 finish a game; every participant saw the end."""
    match = Match.new("superbohaterowie", 4, seed=3)
    seats = [
        Seat(f"Bot {i}", "bot", level)
        for i, level in enumerate(["random", "easy", "random", "easy"])
    ]
    table = Table(match, seats, bot_delay=0, bot_seed=1)
    watcher = Recorder()
    table.join(watcher)
    await table.start()
    try:
        await _until_over(table)
    finally:
        await table.close()
    assert watcher.updates[-1].outcome is not None
    assert watcher.updates[-1].version == match.version


async def test_a_seat_is_pushed_its_own_hand_and_a_spectator_none() -> None:
    """Views are filtered per seat before they leave the table."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")])
    ala, spectator = Recorder(frozenset({0})), Recorder()
    table.join(ala)
    table.join(spectator)
    assert ala.updates[0].view["hand"] == list(match.state.hands[0])
    assert ala.updates[0].legal and spectator.updates[0].legal == ()
    assert spectator.updates[0].view["hand"] is None
    assert spectator.updates[0].names == ("Ala", "Olek")


async def test_the_mover_is_pushed_the_position_first_then_the_next_player() -> None:
    """A served table's screens draw one after another on one loop: the player whose key
    made the move is pushed first (its key waits for the answer), then the player whose
    turn it is now, then everyone else; a spectator who joined first was pushed first and
    the mover, who joined last, waited for every other screen to draw."""
    match = Match.new("superbohaterowie", 3, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek"), Seat("Eve")])
    order: list[str] = []

    @dataclass
    class Named(Recorder):
        name: str = ""

        def deliver(self, update: Update) -> None:
            order.append(self.name)

    for participant in (
        Named(frozenset(), name="spectator"),
        Named(frozenset({2}), name="eve"),
        Named(frozenset({1}), name="olek"),
        Named(frozenset({0}), name="ala"),
    ):
        table.join(participant)
    await table.start()
    try:
        order.clear()
        await table.submit(0, match.legal(0)[0], version=0)
    finally:
        await table.close()
    assert match.to_act() == frozenset({1})
    assert order == ["ala", "olek", "spectator", "eve"]


async def test_an_accepted_action_reaches_everyone_with_only_their_events() -> None:
    """Private draw events go to the drawer's seat only."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")])
    ala, olek = Recorder(frozenset({0})), Recorder(frozenset({1}))
    table.join(ala)
    table.join(olek)
    await table.start()
    try:
        await table.submit(0, match.legal(0)[0], version=0)
    finally:
        await table.close()
    assert any(e.get("to") == 0 for e in ala.updates[-1].events)
    assert all("to" not in e for e in olek.updates[-1].events)
    assert olek.updates[-1].version == 1 and olek.updates[-1].legal


async def test_a_refusal_goes_to_the_sender_and_changes_nothing() -> None:
    """Out of turn: the sender gets the reason, nobody is pushed anything."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")])
    ala = Recorder(frozenset({0}))
    table.join(ala)
    await table.start()
    try:
        with pytest.raises(IllegalAction, match="not your turn"):
            await table.submit(1, match.legal(0)[0])
        with pytest.raises(IllegalAction, match="look again"):
            await table.submit(0, match.legal(0)[0], version=5)
    finally:
        await table.close()
    assert len(ala.updates) == 1 and match.version == 0


async def test_a_bot_waits_its_delay_before_acting() -> None:
    """Bots act after a visible pause, not instantly."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Bot", "bot", "random"), Seat("Ala")], bot_delay=0.2)
    await table.start()
    try:
        await asyncio.sleep(0.05)
        assert match.version == 0
        async with asyncio.timeout(5):
            while match.version == 0:
                await asyncio.sleep(0.01)
    finally:
        await table.close()
    assert match.to_act() == {1}


async def test_a_human_and_a_bot_alternate() -> None:
    """After the human acts the bot replies on its own."""
    match = Match.new("superbohaterowie", 2, seed=8)
    table = Table(match, [Seat("Ala"), Seat("Bot", "bot", "easy")], bot_delay=0)
    await table.start()
    try:
        await table.submit(0, match.legal(0)[0])
        async with asyncio.timeout(5):
            while match.version < 2 and match.outcome() is None:
                await asyncio.sleep(0.01)
    finally:
        await table.close()
    assert match.version >= 2 or match.outcome() is not None


def test_seat_count_must_match() -> None:
    """A table needs exactly one seat description per player."""
    with pytest.raises(ValueError, match="2 seats needed"):
        Table(Match.new("superbohaterowie", 2, seed=1), [Seat("solo")])


async def test_the_recorder_hears_of_an_action_before_its_sender() -> None:
    """The crash-safe record is written before the action is acknowledged to anyone."""
    match = Match.new("superbohaterowie", 2, seed=3)
    order: list[str] = []
    table = Table(
        match, [Seat("Ala"), Seat("Olek")], recorder=lambda step: order.append("recorded")
    )
    watcher = Recorder(frozenset({1}))
    table.join(watcher)
    await table.start()
    try:
        await table.submit(0, match.legal(0)[0])
        order.append("acknowledged")
    finally:
        await table.close()
    assert order == ["recorded", "acknowledged"]
    assert watcher.updates[-1].version == 1


async def test_a_stand_in_bot_plays_a_seat_until_its_player_returns() -> None:
    """stand_in makes a bot play a human seat; stand_down gives the seat back."""
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, [Seat("Ala"), Seat("Olek")], bot_delay=0)
    await table.start()
    try:
        table.stand_in(0, "random")
        assert table.is_bot(0)
        async with asyncio.timeout(5):
            while match.version == 0:
                await asyncio.sleep(0.01)
        table.stand_down(0)
        assert not table.is_bot(0)
        await table.submit(1, match.legal(1)[0])
        await asyncio.sleep(0.05)
    finally:
        await table.close()
    assert match.version == 2 and match.to_act() == {0}, "Ala's seat waits for Ala again"


async def test_a_new_tables_deal_reaches_each_seat_with_only_its_own_cards() -> None:
    """Before the first action, joining brings the deal's events: each seat hears what it
    was dealt, a spectator only the public part; once play has begun, a joiner gets none."""
    match = Match.new("shardhunters", 2, seed=5)
    private = [e for e in match.opening if "to" in e]
    assert private, "Shardhunters deals each seat a hand in words"
    table = Table(match, [Seat("Ala"), Seat("Olek")])
    ala, spectator = Recorder(frozenset({0})), Recorder()
    table.join(ala)
    table.join(spectator)
    ala_texts = [e["text"] for e in ala.updates[0].events]
    seen = [e["text"] for e in spectator.updates[0].events]
    assert any(e["text"] in ala_texts for e in private if e["to"] == 0)
    assert not any(e["text"] in ala_texts for e in private if e["to"] != 0)
    assert seen and not any(e["text"] in seen for e in private)
