"""Two guests' apps on one hall, driven by keys: host setup, lobby seats, one shared game."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from net import textual_fixes
from net.app import HallApp
from net.hall import Hall
from net.lobby import LobbyScreen
from tests.tui import screen_text
from tests.tui.game_driver import play_by_keys
from tui.screens.game import GameScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings

textual_fixes.apply()


async def _until(pilot: Any, condition: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await pilot.pause(0.02)


async def test_host_sets_up_guests_sit_and_both_play_one_game(tmp_path: Path) -> None:
    """The host's setup opens seats; each guest sits by number; start puts both at the table."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    host, guest = HallApp(hall, "ala", Settings(bot_delay=0)), HallApp(hall, "olek", Settings())
    try:
        async with host.run_test(size=(80, 24)) as ala, guest.run_test(size=(80, 24)) as olek:
            await ala.pause()
            assert isinstance(host.screen, SetupScreen) and host.screen.hosting
            assert isinstance(guest.screen, LobbyScreen)
            assert "Waiting for the host (ala)" in screen_text(guest)
            await ala.press("ctrl+s")
            await _until(ala, lambda: hall.phase == "lobby")
            await olek.pause()
            assert "open — press 2 to sit here" in screen_text(guest)
            await ala.press("1")
            await olek.press("2")
            await _until(olek, lambda: hall.missing() == [])
            await ala.press("s")
            await _until(ala, lambda: isinstance(host.screen, GameScreen))
            await _until(olek, lambda: isinstance(guest.screen, GameScreen))
            host_game, guest_game = host.screen, guest.screen
            assert isinstance(host_game, GameScreen) and isinstance(guest_game, GameScreen)
            assert host_game.local == {0} and guest_game.local == {1}
            table = hall.table
            assert table is not None
            await _until(ala, lambda: 0 in host_game.latest)
            board: Any = host_game.query_one("#board")
            assert board.update.seat == 0
            assert board.update.view["hand"] == list(table.match.state.hands[0])
            # The deal is random (a served seed is secret): play whatever is legal, by keys.
            await play_by_keys(ala, host_game, host_game.latest[0].legal[0])
            await _until(olek, lambda: table.match.version >= 1)
            await _until(olek, lambda: 1 in guest_game.latest and guest_game.latest[1].version >= 1)
    finally:
        await hall.close()


def test_each_guest_gets_their_own_settings(tmp_path: Path) -> None:
    """One guest switching to screen-reader mode or high contrast changes nobody else's app."""
    from net.identity import Identity
    from net.serve import app_factory
    from net.session import SessionInfo
    from net.tables import Tables

    tables = Tables(tmp_path / "data")
    shared = Settings(bot_delay=0.5)
    info = SessionInfo("ala", ("127.0.0.1", 1), "xterm", (80, 24))
    ala = app_factory(tables, Identity("ala", None, "127.0.0.1"), shared)(info)
    ola = app_factory(tables, Identity("ola", None, "127.0.0.1"), shared)(info)
    assert isinstance(ala, HallApp) and isinstance(ola, HallApp)
    ala.settings.screen_reader = True
    ala.settings.high_contrast = True
    assert not ola.settings.screen_reader and not ola.settings.high_contrast
    assert not shared.screen_reader and ola.settings.bot_delay == 0.5


async def test_a_lost_route_timer_does_not_keep_a_guest_out_of_the_game(tmp_path: Path) -> None:
    """The timer that routes a guest after a hall change never fired once (a Textual timer
    that started late skipped its only tick, tui/fixes.py fix 4), and every later change
    waited on it: the guest stayed in the lobby for the whole game while a bot played their
    seat. A change long after a lost one routes again."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    host, guest = HallApp(hall, "ala", Settings(bot_delay=0)), HallApp(hall, "olek", Settings())
    lost: list[str] = []
    set_timer = guest.set_timer

    def losing(delay: float, callback: Any = None, **kw: Any) -> Any:
        if kw.get("name") == "hall changed" and hall.phase == "playing" and not lost:
            lost.append("the first route after the start")
            return None
        return set_timer(delay, callback, **kw)

    try:
        async with host.run_test(size=(80, 24)) as ala, guest.run_test(size=(80, 24)) as olek:
            await ala.pause()
            await ala.press("ctrl+s")
            await _until(ala, lambda: hall.phase == "lobby")
            await ala.press("1")
            await olek.press("2")
            await _until(olek, lambda: hall.missing() == [])
            guest.set_timer = losing  # type: ignore[method-assign]
            await ala.press("s")
            await _until(ala, lambda: isinstance(host.screen, GameScreen))
            await _until(olek, lambda: bool(lost))
            await asyncio.sleep(1.2)
            assert isinstance(guest.screen, LobbyScreen)  # the lost route
            hall.arrive("bob")  # someone comes in: the hall changes
            await _until(olek, lambda: isinstance(guest.screen, GameScreen))
    finally:
        await hall.close()
