"""The slow lane (net/lane.py): redraws that wait while other guests' keys wait for frames,
one at a time, and never for long."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from net import app as net_app
from net import lane as lane_module
from net.lane import DRAW_MAX, KEY_MAX, WAIT_MAX, SlowLane
from tests.net.e2e_helpers import play_until, players, running_server, seat_players, shows_table


class Owner:
    """A guest (the lane only compares owners by identity)."""


async def settle(seconds: float) -> None:
    await asyncio.sleep(seconds)


async def test_a_redraw_with_no_keys_waiting_starts_at_once() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    drawn: list[str] = []
    lane.defer(Owner(), lambda: drawn.append("spectator"))
    assert drawn == ["spectator"]


async def test_a_redraw_waits_for_another_guests_keys_until_their_frame() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    mover, spectator = Owner(), Owner()
    drawn: list[str] = []
    lane.keys_in(mover)
    lane.defer(spectator, lambda: drawn.append("spectator"))
    await settle(0.02)
    assert drawn == []  # the mover's key is still waiting for its frame
    lane.frame_out(mover)
    assert drawn == ["spectator"]


async def test_redraws_run_one_at_a_time_each_until_its_frame() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    first, second = Owner(), Owner()
    drawn: list[str] = []
    lane.defer(first, lambda: drawn.append("first"))
    lane.defer(second, lambda: drawn.append("second"))
    assert drawn == ["first"]
    lane.frame_out(second)  # another guest's frame does not end the first redraw
    assert drawn == ["first"]
    lane.frame_out(first)
    assert drawn == ["first", "second"]


async def test_the_next_redraw_starts_once_the_last_one_has_been_done() -> None:
    # Its frame comes on the next tick of its screen's clock: the loop is free meanwhile.
    lane = SlowLane(asyncio.get_running_loop())
    first, second = Owner(), Owner()
    drawn: list[str] = []
    lane.defer(first, lambda: drawn.append("first"))
    lane.defer(second, lambda: drawn.append("second"))
    lane.drawn(second)  # not the redraw under way
    assert drawn == ["first"]
    lane.drawn(first)
    assert drawn == ["first", "second"]


async def test_a_redraw_that_draws_no_frame_hands_on_after_draw_max() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    drawn: list[str] = []
    lane.defer(Owner(), lambda: drawn.append("unchanged"))
    lane.defer(Owner(), lambda: drawn.append("next"))
    await settle(DRAW_MAX / 2)
    assert drawn == ["unchanged"]
    await settle(DRAW_MAX)
    assert drawn == ["unchanged", "next"]


async def test_keys_that_keep_coming_hold_a_redraw_at_most_wait_max() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    drawn: list[float] = []
    queued = time.monotonic()
    lane.defer(Owner(), lambda: None)  # a redraw that never draws a frame
    lane.defer(Owner(), lambda: drawn.append(time.monotonic() - queued))
    deadline = queued + 3 * WAIT_MAX
    while not drawn and time.monotonic() < deadline:
        lane.keys_in(Owner())  # a new guest's keys every few milliseconds
        await settle(0.005)
    assert drawn, "the redraw never started"
    assert drawn[0] < WAIT_MAX + 0.05


async def test_a_key_that_no_frame_answers_stops_holding_after_key_max() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    drawn: list[str] = []
    lane.keys_in(Owner())  # a cursor that could not move: no frame comes
    lane.defer(Owner(), lambda: drawn.append("spectator"))
    assert drawn == []
    await settle(min(KEY_MAX, WAIT_MAX) + 0.05)
    assert drawn == ["spectator"]


async def test_a_guest_who_leaves_holds_nothing_and_is_not_drawn() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    gone, staying = Owner(), Owner()
    drawn: list[str] = []
    lane.keys_in(gone)
    lane.defer(gone, lambda: drawn.append("gone"))
    lane.defer(staying, lambda: drawn.append("staying"))
    assert drawn == []
    lane.forget(gone)
    assert drawn == ["staying"]


async def test_a_redraw_that_fails_does_not_stop_the_lane() -> None:
    lane = SlowLane(asyncio.get_running_loop())
    drawn: list[str] = []

    def broken() -> None:
        raise RuntimeError("the screen is gone")

    lane.defer(Owner(), broken)
    lane.defer(Owner(), lambda: drawn.append("next"))
    assert drawn == ["next"]


async def test_each_loop_has_its_own_lane() -> None:
    here = lane_module.lane()
    assert lane_module.lane() is here
    assert lane_module.lane(asyncio.get_running_loop()) is here
    other = asyncio.new_event_loop()
    try:
        assert lane_module.lane(other) is not here
    finally:
        other.close()


# -- at a served table --------------------------------------------------------------------


@pytest.mark.timeout(60)
@pytest.mark.parametrize("answered_within", [net_app.ANSWERED_WITHIN, 1000.0, 0.0])
async def test_at_a_served_table_guests_who_pressed_keys_are_drawn_at_once_the_rest_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answered_within: float
) -> None:
    """Two players and a spectator at a served Superbohaterowie table. A guest whose keys
    are recent (within ``ANSWERED_WITHIN``) is redrawn at once: with a long one, the
    players never wait in the lane; with none, they do. The spectator, idle since the game
    began, is redrawn in the lane; every screen catches up with the table all the same."""
    monkeypatch.setattr(net_app, "ANSWERED_WITHIN", answered_within)
    deferred: list[str] = []
    defer = SlowLane.defer

    def spied(self: SlowLane, owner: object, redraw: Callable[[], object]) -> None:
        deferred.append(owner._channel.get_extra_info("username"))  # type: ignore[attr-defined]
        defer(self, owner, redraw)

    monkeypatch.setattr(SlowLane, "defer", spied)
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek", "eve") as (ala, olek, eve),
    ):
        await eve.wait_for("Waiting for the host")
        await seat_players(ala, olek)
        hall = served.hall
        table = hall.table
        assert table is not None
        await eve.wait_for("Berlin — ala")
        if answered_within < 10:
            await asyncio.sleep(answered_within + 0.2)  # the spectator's last keys are old
        deferred.clear()
        await play_until(
            [ala, olek], lambda: table.match.version >= 4 or hall.phase == "over", timeout=30
        )
        for term in (eve, ala, olek):
            await term.wait_until(partial(shows_table, term, table), "showing the table")
        if answered_within < 10:
            assert "eve" in deferred
        if answered_within > 10:
            assert not {"ala", "olek"} & set(deferred)
        if answered_within == 0:
            assert {"ala", "olek"} <= set(deferred)
