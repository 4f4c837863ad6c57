"""Render workers: guests' apps in worker processes, fed by the front (net.render, net.worker).

The front runs in this process (`running_server` with ``render_workers=1``) so tests can read
the hall and the pool; the worker is a real ``python -m net.worker`` subprocess. Players are
asyncssh clients on 127.0.0.1 reading their screens through pyte, as in test_e2e.py.
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any, cast

import pytest

from core.engine import Outcome
from core.games.whoosh.rules import capturable_slots
from core.match import Match
from core.table import Seat, Table, TableSetup, Update
from net import wire
from net.hall import OPEN
from net.render import RemoteGuest, RenderPool
from tests.net.e2e_helpers import (
    CTRL_S,
    ENTER,
    GAME_OVER,
    RESULTS,
    Served,
    Terminal,
    connect,
    draw_pile,
    hand_of,
    kinds,
    play_until,
    players,
    quiet_all,
    running_server,
    seat_players,
    until,
)
from tui.settings import Settings


def pool_of(served: Served) -> RenderPool:
    assert served.pool is not None, "the server runs no render workers"
    return served.pool


# -- the wire ----------------------------------------------------------------------------------


def test_updates_cross_the_wire_exactly_with_their_tuples_sets_and_events() -> None:
    """Every game's updates (views with lists, legal actions as tuples, acting as a frozenset,
    events, an outcome) come back from the wire equal and of the same types, all the way in."""
    from core.games import GAMES

    def same(a: Any, b: Any) -> bool:
        if type(a) is not type(b):
            return False
        if isinstance(a, dict):
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list | tuple):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
        return bool(a == b)

    for slug, game in GAMES.items():
        match = Match.new(slug, game.players.start, 3, {})
        seats = tuple(Seat(f"P{i}", "bot", "random") for i in range(match.seats))
        table = Table(match, seats, bot_seed=1)
        for _ in range(40):
            acting = sorted(s for s in match.to_act() if s >= 0)
            if not acting:
                break
            events = match.act(acting[0], match.legal(acting[0])[0])
            for seat in (*range(match.seats), None):
                update = table.update_for(seat, events)
                back = wire.unpack(wire.pack(["update", 1, 1, update]))[3]
                assert back == update, slug
                assert same(back.view, update.view) and same(back.events, update.events), slug
                assert type(back.acting) is frozenset and type(back.legal) is tuple
                assert all(type(a) is tuple for a in back.legal), slug
    outcome = Outcome((3, 1), ({"a": 3}, {"a": 1}), ((0,), (1,)), "note")
    assert wire.unpack(wire.pack(outcome)) == outcome


def test_a_setup_crosses_the_wire_without_its_seed() -> None:
    """The seed deals every hidden card: only slug, seats and options cross."""
    setup = TableSetup("whoosh", (Seat("ala", "remote"), Seat("Bot", "bot", "easy")), {}, 1234)
    back = wire.setup_from(wire.unpack(wire.pack(wire.setup_fields(setup))))
    assert back is not None and back.seed is None
    assert back.seats == setup.seats and back.slug == "whoosh"
    with pytest.raises(TypeError):
        wire.pack(setup)


# -- over SSH, through a worker ---------------------------------------------------------------


@pytest.mark.timeout(90)
async def test_a_game_is_played_over_ssh_through_a_render_worker(tmp_path: Path) -> None:
    """A whole game by keys, every screen drawn by the worker; both see the results."""
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        pool = pool_of(served)
        assert len(pool.workers) == 1 and pool.workers[0].pid != os.getpid()
        await seat_players(ala, olek)
        hall = served.hall
        await play_until([ala, olek], lambda: hall.phase == "over", timeout=60)
        assert hall.table is not None
        outcome = hall.table.match.outcome()
        assert outcome is not None
        winner = hall.table.names[outcome.winners()[0]]
        for player in (ala, olek):  # the key policy may have pressed Enter for the results
            if await player.wait_for([GAME_OVER, RESULTS]) == GAME_OVER:
                await player.key(ENTER)
            await player.wait_for(RESULTS)
            await player.wait_for(f"{winner} wins!")


def shows_game(term: Terminal, table: Table) -> bool:
    """Whether ``term`` shows ``table``'s game as it is now: every player's city and the
    draw pile's size (the cards themselves are the board's business, tested in tests/tui)."""
    text = term.text
    return draw_pile(term) == len(table.match.state.deck) and all(
        f"{city} — {name}" in text
        for city, name in zip(table.match.view(None)["city_names"], table.names, strict=True)
    )


def _blank(term: Terminal) -> None:
    """Forget what ``term`` shows, so only what is drawn from now on is on it."""
    term.screen.reset()
    term._display = None


@pytest.mark.timeout(120)
async def test_a_killed_worker_comes_back_with_every_screen_and_the_game_intact(
    tmp_path: Path,
) -> None:
    """SIGKILL the worker mid-game: a fresh one redraws both players and the spectator from
    the table as it is, no move is lost, and play goes on by keys."""
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        pool = pool_of(served)
        await seat_players(ala, olek)
        ewa = await connect(served.port, "ewa")
        try:
            table = served.hall.table
            assert table is not None
            match = table.match
            await ewa.wait_until(lambda: shows_game(ewa, table), "the spectator's table")
            await play_until([ala, olek], lambda: match.version >= 4, timeout=30)
            await quiet_all([ala, olek, ewa])
            steps = match.steps
            old = pool.workers[0]
            os.kill(old.pid, signal.SIGKILL)
            for term in (ala, olek, ewa):
                _blank(term)
            await until(lambda: pool.restarts == 1 and len(pool.workers) == 1, "restarted")
            assert pool.workers[0].pid != old.pid
            for term in (ala, olek, ewa):
                await term.wait_until(lambda t=term: shows_game(t, table), "the table redrawn")
            for seat, term in ((0, ala), (1, olek)):
                await term.wait_until(
                    lambda s=seat, t=term: hand_of(t) == kinds(match.state.hands[s]),
                    "the same hand",
                )
            assert match.steps[: len(steps)] == steps, "a move was lost"
            assert served.hall.phase == "playing" and not table._stopped
            version = match.version
            await play_until([ala, olek], lambda: match.version >= version + 4, timeout=40)
            await ewa.wait_until(lambda: shows_game(ewa, table), "the spectator follows")
        finally:
            await ewa.close()


@pytest.mark.timeout(90)
async def test_a_worker_is_sent_only_its_guests_own_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every update the front sends a worker is for a seat its guest plays (the spectator's:
    the public one), and no hall snapshot carries the seed."""
    sent: list[list[Any]] = []
    real_send = wire.Link.send

    def recording(self: wire.Link, *message: Any) -> None:
        sent.append(list(message))
        real_send(self, *message)

    monkeypatch.setattr(wire.Link, "send", recording)
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        pool = pool_of(served)
        await seat_players(ala, olek)
        ewa = await connect(served.port, "ewa")
        try:
            table = served.hall.table
            assert table is not None
            await ewa.wait_until(lambda: shows_game(ewa, table), "the spectator's table")
            await play_until([ala, olek], lambda: table.match.version >= 6, timeout=40)
            await quiet_all([ala, olek, ewa])
            names = {g.number: g.name for w in pool.workers for g in w.guests.values()}
        finally:
            await ewa.close()
    own = {"ala": {0}, "olek": {1}, "ewa": {None}}
    updates = [m for m in sent if m[0] == "update"]
    assert {names[m[1]] for m in updates} == {"ala", "olek", "ewa"}
    for _, guest, _, update in updates:
        assert isinstance(update, Update)
        assert update.seat in own[names[guest]], (names[guest], update.seat)
    for message in sent:
        if message[0] == "hall":
            setup = message[2][4]
            assert setup is None or len(setup) == 3  # slug, seats, options: no seed


@pytest.mark.timeout(60)
async def test_a_paste_bomb_through_a_worker_closes_only_that_session_with_its_reason(
    tmp_path: Path,
) -> None:
    """The worker's driver keeps its budgets: a paste past the limit ends the paster's
    session with the reason on their terminal; the host plays on."""
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", "mallory") as (ala, mallory),
    ):
        await mallory.wait_for("Waiting for the host")
        mallory.send(b"\x1b[200~" + b"A" * 20_000 + b"\x1b[201~")
        await mallory.wait_until(lambda: mallory.ended, "disconnected")
        assert b"hunters: session closed: a paste of more than 16 KiB is not a move." in (
            mallory.received
        )
        await until(lambda: not served.hall.guests["mallory"].connected, "mallory gone")
        await ala.wait_for("table setup")
        await ala.settle()
        await ala.key(CTRL_S)
        await ala.wait_for("press 2 to sit")
        await ala.key(b"1")
        await ala.wait_for("You sit on seat 1.")


@pytest.mark.timeout(90)
async def test_lobby_keys_and_whoosh_claims_reach_their_effect_through_the_front(
    tmp_path: Path,
) -> None:
    """A lobby key goes through the worker to the hall; a Whoosh claim key is taken by the
    fast path the front armed (the worker never sees it) and captures at the table."""
    async with (
        running_server(tmp_path / "data", game="whoosh", render_workers=1) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        hall = served.hall
        await ala.wait_for("table setup")
        await ala.settle()
        await ala.key(CTRL_S)  # the default table, then (in the lobby) two open seats only
        await until(lambda: hall.phase == "lobby", "the lobby")
        options = {"tie_window": 0, "fair_remote": False, "turn_timer": 0}
        hall.configure("ala", TableSetup("whoosh", (Seat("", OPEN), Seat("", OPEN)), options))
        # Setting the table up again here (not through ala's setup screen, which seats her)
        # frees every seat: ala sits down by hand, as anyone does.
        for index, player in enumerate((ala, olek), 1):
            await player.wait_for(f"{index}. ")
            await player.key(str(index).encode())
            await player.wait_for(f"You sit on seat {index}.")
        assert hall.holder(0) == "ala" and hall.holder(1) == "olek"
        await ala.key(b"s")
        await until(lambda: hall.table is not None, "the game started")
        table = hall.table
        assert table is not None
        guests = {g.name: g for w in pool_of(served).workers for g in w.guests.values()}
        await until(
            lambda: all(g.fast_path and g.fast_path.armed for g in guests.values()), "armed"
        )
        for player in (ala, olek):  # their game screens are up: Space reaches the board
            await player.wait_for("claim a Monster any time")
        match = table.match
        people = {0: ala, 1: olek}
        for _ in range(200):
            if capturable_slots(match.state) or match.outcome() is not None:
                break
            before = match.version
            people[match.state.turn].send(b" ")
            await until(lambda b=before: match.version != b, "a reveal")
        assert match.outcome() is None and capturable_slots(match.state)
        await asyncio.sleep(0.3)  # the board has been on screen past the minimum reaction
        slot = capturable_slots(match.state)[0]
        steps = len(match.steps)
        ala.send(str(slot + 1).encode())
        await until(
            lambda: any(a[0] == "claim" and s == 0 for s, a, _ in match.steps[steps:]),
            "ala's claim at the table",
        )
        await ala.wait_for("You capture")  # her own log tells her own moves as "You …"


def test_settings_a_guest_chose_in_a_worker_are_kept_for_a_fresh_one() -> None:
    """The worker tells the front a guest's settings as they change: an app built again for
    them after a crash starts in the same mode (and nothing but known settings is taken)."""
    guest = RemoteGuest(cast(RenderPool, None), 1, "ala", Settings(bot_delay=0.5), None)
    guest.from_worker("settings", [{"screen_reader": True, "bot_delay": 0.5, "evil": 1}])
    assert guest.settings == Settings(screen_reader=True, bot_delay=0.5)


@pytest.mark.parametrize("count", ["-1", "65", "many"])
def test_a_render_worker_count_out_of_range_is_refused_in_one_line(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing starts for a bad --render-workers: one line says what is allowed."""
    from net.cli import main

    assert main(["serve", "--render-workers", count]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--render-workers" in err


class _Recording:
    """A worker handle that records what the front sends it."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []

    def send(self, *message: Any) -> None:
        self.sent.append(message)


async def test_screens_get_updates_players_first_in_a_rotating_order_then_spectators() -> None:
    """The updates of one loop turn go to the workers players' first, spectators' last, and
    the players in an order that turns by one each time: nobody's screen is always drawn
    last (a worker draws its guests in the order their updates come)."""
    pool = RenderPool(cast(Any, None), 1)
    worker = _Recording()
    guests: dict[str, RemoteGuest] = {}
    for number, name in enumerate(("watcher", "ala", "olek", "ewa"), 1):
        guest = RemoteGuest(pool, number, name, Settings(), None)
        guest.worker = cast(Any, worker)
        guests[name] = guest

    def update(seat: int | None) -> Update:
        return Update(1, seat, {}, (), (), ("ala", "olek", "ewa"), frozenset(), None)

    orders = []
    for _ in range(3):
        worker.sent.clear()
        guests["watcher"].deliver(update(None))  # the table may tell a spectator first
        for seat, name in enumerate(("ala", "olek", "ewa")):
            guests[name].deliver(update(seat))
        pool.flush()
        names = {guest.number: name for name, guest in guests.items()}
        orders.append([names[message[1]] for message in worker.sent])
    for order in orders:
        assert order[-1] == "watcher"
        assert sorted(order[:3]) == ["ala", "ewa", "olek"]
    assert {order[0] for order in orders} == {"ala", "olek", "ewa"}


async def test_a_newcomers_first_screen_comes_before_the_others_redraws_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A guest arriving changes every lobby (they are named in it), and a worker redrew all
    of them, one after another, while the newcomer's app started beside them: with fifty
    guests the newcomer's first frame came 14× later than a bare SSH server's greeting. The
    others see the arrival once the newcomer's first frame is out."""
    outs: list[tuple[str, bytes]] = []
    original = RemoteGuest.from_worker

    def recording(self: RemoteGuest, kind: str, args: list[Any]) -> None:
        if kind == "out":
            outs.append((self.name, bytes(args[0])))
        original(self, kind, args)

    monkeypatch.setattr(RemoteGuest, "from_worker", recording)
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", "olek", "ida", "jan", "kai", "lea") as present,
    ):
        ala, olek = present[:2]
        await ala.wait_for("table setup")
        await ala.settle()
        await ala.key(CTRL_S)
        await olek.wait_for("Not seated yet")
        await quiet_all(present)
        before = len(outs)
        ewa = await connect(served.port, "ewa")
        try:
            await ewa.wait_for("Not seated yet")
            await ala.wait_for("ewa")
            await olek.wait_for("ewa")
        finally:
            await ewa.close()
    after = outs[before:]
    first = next(i for i, (name, data) in enumerate(after) if name == "ewa" and b"ala" in data)
    others = [i for i, (name, _) in enumerate(after) if name != "ewa"]
    assert others and min(others) > first, [(name, len(data)) for name, data in after[:12]]
