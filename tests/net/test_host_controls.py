"""The host's controls (#18): who hosts and who is told, the host menu (end the game as
abandoned, hand the role on, kick, replace a seat), the rematch's ready check, and sitting
down after a game — in the hall, in a guest's app, then over SSH (apps in the server process
and in a render worker)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from core.engine import IllegalAction
from core.table import Seat, TableSetup
from net import hall as hall_module
from net import textual_fixes
from net.app import HallApp, ServedResults
from net.chat import ChatLine
from net.hall import BAN, BANS, OPEN, RECORD, Hall
from net.host_menu import END_GAME, KEEP_PLAYING, HostMenuScreen
from net.lobby import LobbyScreen, lobby_lines, rematch_line
from tests.net.e2e_helpers import (
    DOWN,
    ENTER,
    GAME_OVER,
    LIST_TITLE,
    RESULTS,
    connect,
    host_table,
    players,
    running_server,
    seat_players,
    until,
)
from tests.net.hall_setups import (
    TWO_OPEN_ONE_BOT,
    bare_hall,
    choose_in_host_menu,
    eventually,
    pilot_until,
    seated_hall,
    told,
)
from tests.tui import screen_text
from tui.boards.base import note_sentence
from tui.screens.game import GameScreen
from tui.screens.history import HistoryScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog

textual_fixes.apply()


async def _finished(tmp_path: Path, *watchers: str) -> Hall:
    """The seated hall, its game played to the end by bots in every seat."""
    hall = await seated_hall(tmp_path, *watchers)
    assert hall.table is not None
    hall.table.stand_in(0, "random")
    hall.table.stand_in(1, "random")
    await eventually(lambda: hall.phase == "over", timeout=20)
    return hall


class FakeSession:
    """A guest's session as the hall sees it: it records why it was ended, or what it was
    told as its app went back to its list of tables (``listed``: it has one)."""

    def __init__(self, *, listed: bool = False) -> None:
        self.ended: str | None = None
        self.listed = listed
        self.sent_away: str | None = None

    def send_away(self, told: str) -> bool:
        if self.listed:
            self.sent_away = told
        return self.listed

    def stale(self) -> bool:
        return False

    def probe(self) -> float | None:
        return None

    def take_over(self, reason: str) -> None:
        self.ended = reason


# -- who hosts, and who is told --------------------------------------------------------------


def test_a_leaving_host_hands_the_role_to_a_seated_player_before_a_spectator() -> None:
    """eve came second but watches; olek sits: olek hosts when ala leaves, and everyone is
    told so; eve hosts only once no player is left."""
    hall = Hall(Path("/nonexistent"))
    for name in ("ala", "eve", "olek"):
        hall.arrive(name)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("olek", 1)
    hall.depart("ala")
    assert hall.host == "olek"
    assert told(hall, "eve")[-1] == "olek hosts the table now (ala left)."
    hall.depart("olek")
    assert hall.host == "eve"
    assert told(hall, "eve")[-1] == "eve hosts the table now (olek left)."


def test_the_host_hands_the_role_to_a_chosen_guest_announced_to_all() -> None:
    """Only the host may hand it on, and only to someone here."""
    hall = Hall(Path("/nonexistent"))
    for name in ("ala", "olek", "eve"):
        hall.arrive(name)
    with pytest.raises(IllegalAction, match=r"only the host \(ala\)"):
        hall.hand_host("olek", "eve")
    with pytest.raises(IllegalAction, match="zed is not here"):
        hall.hand_host("ala", "zed")
    hall.hand_host("ala", "eve")
    assert hall.host == "eve"
    assert told(hall, "olek")[-1] == "eve hosts the table now (ala handed it over)."


# -- ending the game -------------------------------------------------------------------------


async def test_the_host_ends_the_game_recorded_as_abandoned_and_a_restart_does_not_resume(
    tmp_path: Path,
) -> None:
    """The table stops, the record becomes abandoned-*.rec, everyone is in the lobby with
    the same setup and seats, and a server started again on the data dir starts afresh."""
    hall = await seated_hall(tmp_path)
    try:
        with pytest.raises(IllegalAction, match=r"only the host \(ala\) can end the game"):
            await hall.end_game("olek")
        setup = hall.setup
        await hall.end_game("ala")
        assert hall.phase == "lobby" and hall.table is None and hall.setup == setup
        assert hall.holder(0) == "ala" and hall.holder(1) == "olek"
        assert told(hall, "olek")[-1] == "The host ended the game; it is recorded as abandoned."
        data = tmp_path / "data"
        assert not (data / RECORD).exists() and len(list(data.glob("abandoned-*.rec"))) == 1
        again = bare_hall(tmp_path)
        assert await again.resume() is False and again.phase == "setup"
        await hall.start("ala")  # the same setup plays again from the lobby
        assert hall.phase == "playing"
    finally:
        await hall.close()


# -- kicking -----------------------------------------------------------------------------------


@pytest.mark.parametrize("listed", [False, True])
async def test_a_kicked_player_s_session_ends_their_seat_goes_to_a_bot_and_the_name_waits(
    tmp_path: Path, listed: bool
) -> None:
    """olek is asked to leave mid-game: his session is ended with the host's words (or,
    ``listed``, his app goes back to its list of tables, told why in a sentence naming the
    table), a bot plays his seat at once (its note says why), and "olek" (any spelling) is
    refused at this table for ten minutes with a line saying so."""
    hall = await seated_hall(tmp_path)
    hall.name = "ala's table"
    session = FakeSession(listed=listed)
    hall.attach("olek", session)
    try:
        table = hall.table
        assert table is not None
        with pytest.raises(IllegalAction, match="ala is not a guest here"):
            hall.kick("ala", "ala")
        hall.kick("ala", "olek")
        if listed:
            assert session.sent_away == "The host of ala's table asked you to leave it."
            assert session.ended is None
        else:
            assert session.ended == "the host (ala) asked you to leave this table"
        assert "olek" not in hall.guests and table.is_bot(1)
        # As the table's log says it ("NAME is NOTE."), and on his row after a dash.
        assert note_sentence(table.update_for(None), 1) == (
            "olek is gone (the host asked them to leave); a bot plays for them."
        )
        assert told(hall, "ala")[-1] == "The host asked olek to leave the table."
        hall.depart("olek")  # his session's end changes nothing more
        for spelling in ("olek", "OLEK"):
            with pytest.raises(IllegalAction) as refusal:
                hall.arrive(spelling)
            assert str(refusal.value) == (
                f"the host asked {spelling} to leave this table; {spelling} may come back "
                "in 10 minutes"
            )
    finally:
        await hall.close()


async def test_a_restart_keeps_a_kicked_name_away_until_its_ten_minutes_are_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """olek is asked to leave in the lobby and the server restarts: the new server still
    refuses "olek" (it forgot him before), and lets him in once the ten minutes are over."""
    hall = bare_hall(tmp_path)
    for name in ("ala", "olek"):
        hall.arrive(name)
    hall.kick("ala", "olek")
    await hall.close()
    again = bare_hall(tmp_path)
    assert await again.resume() is False
    with pytest.raises(IllegalAction, match="Olek may come back in 10 minutes"):
        again.arrive("Olek")
    clock = time.time()
    monkeypatch.setattr(hall_module.time, "time", lambda: clock + BAN + 1)
    later = bare_hall(tmp_path)
    assert await later.resume() is False
    assert later.arrive("olek").name == "olek"


async def test_kept_names_are_kept_away_for_ten_minutes_at_most(tmp_path: Path) -> None:
    """A bans file someone wrote (a year's ban, a name no player may have, junk) bans no
    one for longer than the host could: ten minutes."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    kept = {"olek": time.time() + 365 * 86400, "bad name!": time.time() + 60, "eve": "soon"}
    (data / BANS).write_text(json.dumps(kept))
    hall = bare_hall(tmp_path)
    assert await hall.resume() is False
    with pytest.raises(IllegalAction, match="olek may come back in 10 minutes"):
        hall.arrive("olek")
    assert hall.arrive("eve").name == "eve"
    (data / BANS).write_text("[not json")
    assert await bare_hall(tmp_path).resume() is False  # a damaged file is passed over


# -- replacing a seat ----------------------------------------------------------------------------


async def test_the_host_gives_a_seat_to_a_bot_mid_game_and_its_player_watches(
    tmp_path: Path,
) -> None:
    hall = await seated_hall(tmp_path)
    try:
        table = hall.table
        assert table is not None
        hall.replace_seat("ala", 1, None)
        assert hall.seats_of("olek") == frozenset() and table.is_bot(1)
        assert note_sentence(table.update_for(None), 1) == (
            "olek is off this seat (the host gave it to a bot)."
        )
        assert told(hall, "olek")[-2:] == [
            "The host gave seat 2 to a bot.",
            "The host (ala) gave your seat 2 to a bot; you are watching now.",
        ]
        assert told(hall, "ala")[-1] == "The host gave seat 2 to a bot."
    finally:
        await hall.close()


async def test_the_host_gives_a_seat_to_a_watching_guest_mid_game(tmp_path: Path) -> None:
    """eve watched; she plays seat 2 under her own name on every board, olek watches."""
    hall = await seated_hall(tmp_path, "eve")
    try:
        table = hall.table
        assert table is not None
        hall.leave_seat("olek")  # a bot was playing for him: it leaves for eve
        with pytest.raises(IllegalAction, match="ala has a seat already"):
            hall.replace_seat("ala", 1, "ala")
        hall.replace_seat("ala", 1, "eve")
        assert hall.seats_of("eve") == {1} and hall.seats_of("olek") == frozenset()
        assert not table.is_bot(1) and table.note_of(1) is None
        assert table.update_for(None).names[1] == "eve"
        assert "The host (ala) gave you seat 2." in told(hall, "eve")
    finally:
        await hall.close()


async def test_in_the_lobby_a_seat_given_to_a_bot_becomes_a_bot_seat(tmp_path: Path) -> None:
    hall = bare_hall(tmp_path)
    for name in ("ala", "olek"):
        hall.arrive(name)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    hall.take_seat("olek", 1)
    hall.replace_seat("ala", 1, None)
    assert hall.setup is not None and hall.setup.seats[1] == Seat("Bot 2", "bot", "normal")
    assert hall.seats_of("olek") == frozenset() and hall.missing() == []
    await hall.start("ala")
    try:
        assert hall.table is not None and hall.table.is_bot(1)
    finally:
        await hall.close()


# -- the rematch's ready check -----------------------------------------------------------------


async def test_a_rematch_starts_when_every_player_is_ready(tmp_path: Path) -> None:
    """Only the host proposes; the proposal counts the bot and the host as ready; the game
    starts at olek's r, not before."""
    hall = await _finished(tmp_path)
    try:
        with pytest.raises(IllegalAction, match=r"only the host \(ala\) can propose a rematch"):
            await hall.rematch("olek")
        await hall.rematch("ala")
        assert hall.phase == "over" and hall.waiting_for() == ["olek"]
        assert told(hall, "olek")[-1] == ("ala proposes a rematch; 2 of 3 ready.")
        await hall.rematch("olek")
        assert hall.phase == "playing"
    finally:
        await hall.close()


async def test_a_player_may_decline_and_the_host_starts_with_a_bot_there(tmp_path: Path) -> None:
    hall = await _finished(tmp_path)
    try:
        await hall.rematch("ala")
        hall.decline("olek")
        assert hall.phase == "over" and hall.missing() == [1]
        assert told(hall, "ala")[-1] == "olek declines the rematch; seat 2 is free."
        assert rematch_line(hall, "ala") == (
            "Rematch: seat 2 is empty; press r to start with a bot there."
        )
        assert rematch_line(hall, "olek") == (
            "Rematch: seat 2 is empty; the host (ala) may start with a bot there."
        )
        await hall.rematch("ala")
        assert hall.phase == "playing" and hall.table is not None and hall.table.is_bot(1)
        assert hall.seats_of("olek") == frozenset()
    finally:
        await hall.close()


async def test_after_a_game_a_free_seat_can_be_taken_and_counts_as_ready(tmp_path: Path) -> None:
    """eve watched; olek declines; eve sits on his seat from the lobby (1 2 3 work after a
    game), which says she is ready: the rematch starts with her."""
    hall = await _finished(tmp_path, "eve")
    try:
        await hall.rematch("ala")
        hall.decline("olek")
        hall.take_seat("eve", 1)
        await eventually(lambda: hall.phase == "playing")
        assert hall.seats_of("eve") == {1}
    finally:
        await hall.close()


# -- in a guest's app ----------------------------------------------------------------------


async def test_non_hosts_are_told_whose_keys_s_e_and_h_are(tmp_path: Path) -> None:
    """olek's s, e and h in the lobby say whose keys they are; the footer (which showed no
    keys at all in the lobby) marks them."""
    hall = bare_hall(tmp_path)
    hall.arrive("ala")
    hall.arrive("olek")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    olek = HallApp(hall, "olek", Settings())
    async with olek.run_test(size=(80, 24)) as pilot:
        await pilot_until(pilot, lambda: isinstance(olek.screen, LobbyScreen))
        await pilot_until(pilot, lambda: "s Start (host) e Setup (host)" in screen_text(olek))
        for key, said in (
            ("s", "Only the host (ala) can start the game."),
            ("e", "Only the host (ala) can change the setup."),
            ("h", "Only the host (ala) can open the host menu."),
        ):
            await pilot.press(key)
            await pilot_until(pilot, lambda said=said: said in screen_text(olek))
        assert hall.phase == "lobby"


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_the_host_menu_lists_every_choice_and_ending_asks_first(
    tmp_path: Path, screen_reader: bool
) -> None:
    """h at the table (the board, or screen-reader mode's lines): the menu, marked with '> ',
    Enter on "End the game" asks first with "Keep playing" selected; Enter there keeps
    playing; Down, Enter ends the game."""
    hall = await seated_hall(tmp_path, "eve")
    ala = HallApp(hall, "ala", Settings(screen_reader=screen_reader))
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: isinstance(ala.screen, GameScreen))
            await pilot.press("h")
            await pilot_until(pilot, lambda: isinstance(ala.screen, HostMenuScreen))
            await pilot.pause()
            text = screen_text(ala)
            for line in (
                "> Back (close this menu)",
                END_GAME,
                "Hand the host role to olek",
                "Kick eve",
                "Replace seat 2 (olek) with a bot",
                "Replace seat 2 (olek) with eve",
            ):
                assert line in text, line
            await pilot.press("down", "enter")
            await pilot.pause()
            assert f"> {KEEP_PLAYING}" in screen_text(ala)
            await pilot.press("enter")
            await pilot.pause()
            assert hall.phase == "playing" and "> Back (close this menu)" in screen_text(ala)
            await pilot.press("down", "enter")
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot_until(pilot, lambda: isinstance(ala.screen, LobbyScreen))
            assert hall.phase == "lobby"
            await pilot_until(
                pilot,
                lambda: "The host ended the game; it is recorded as abandoned." in screen_text(ala),
            )
    finally:
        await hall.close()


async def test_the_results_stay_until_the_player_is_ready(tmp_path: Path) -> None:
    """olek reads the results; the host's proposal reaches his results screen, which stays
    (its line says who is still to answer) until he presses r."""
    hall = await seated_hall(tmp_path)
    olek = HallApp(hall, "olek", Settings())
    try:
        async with olek.run_test(size=(80, 24)) as pilot:
            await _at_results(hall, pilot, olek)
            await pilot.press("r")
            await pilot_until(
                pilot, lambda: "Only the host (ala) can propose a rematch." in screen_text(olek)
            )
            await pilot.press("n")
            await pilot_until(
                pilot, lambda: "Only the host (ala) can set up a new table." in screen_text(olek)
            )
            assert hall.phase == "over" and isinstance(olek.screen, ServedResults)
            await hall.rematch("ala")
            await pilot_until(
                pilot,
                lambda: "ala proposes a rematch; 2 of 3 ready." in screen_text(olek),
            )
            assert "still to answer: olek" in screen_text(olek)
            assert isinstance(olek.screen, ServedResults)
            await pilot.press("r")
            await pilot_until(
                pilot,
                lambda: isinstance(olek.screen, GameScreen) and olek.screen.table is hall.table,
            )
    finally:
        await hall.close()


# -- over SSH ----------------------------------------------------------------------------------


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("each_mode")
async def test_over_ssh_the_host_is_told_and_the_role_moves_with_a_notice(tmp_path: Path) -> None:
    """The first guest is told they host; olek's s says whose key it is; when ala leaves,
    olek (seated) hosts, not eve (watching), and both read so in the lobby."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala") as (ala,),
    ):
        await ala.wait_for("You host this table: you set it up and start the game.")
        olek = await connect(served.port, "olek")
        eve = await connect(served.port, "eve")
        try:
            await host_table(ala)
            await ala.wait_for("You sit on seat 1; press w to watch instead.")
            for player in (olek, eve):
                await player.wait_for("press 2 to sit here")
            await olek.key(b"2")
            await olek.wait_for("You sit on seat 2.")
            await olek.key(b"s")
            await olek.wait_for("Only the host (ala) can start the game.")
            assert served.hall.phase == "lobby"
            await ala.close()
            for player in (olek, eve):
                await player.wait_for("olek hosts the table now (ala left).")
            await olek.wait_for("You host this table: you set it up and start the game.")
            await olek.wait_for("Superbohaterowie, hosted by you (h opens the host menu).")
        finally:
            await olek.close()
            await eve.close()


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("each_mode")
async def test_over_ssh_the_host_ends_the_game_and_kicks_a_guest(tmp_path: Path) -> None:
    """h at the table, End the game, confirmed: both read why in the lobby and the record
    is abandoned. Then ala kicks olek: his app (in the server or a render worker) goes back
    to the list of tables, saying why, and that table, chosen again, turns him away with
    the wait."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        served.hall.idle = 0
        await seat_players(ala, olek)
        await ala.key(b"h")
        await ala.wait_for(END_GAME)
        await ala.key(DOWN)
        await ala.key(ENTER)
        await ala.wait_for(f"> {KEEP_PLAYING}")
        await ala.key(DOWN)
        await ala.key(ENTER)
        for player in (ala, olek):
            await player.wait_for("The host ended the game; it is recorded as abandoned.")
        assert served.hall.phase == "lobby"
        assert list(served.hall.data_dir.glob("abandoned-*.rec"))
        # The host reads how friends come: the table's name, also in a render worker.
        assert "then choose ala's table in the list." in ala.text
        await ala.key(b"h")
        await ala.wait_for("Kick olek")
        while "> Kick olek" not in ala.text:
            await ala.key(DOWN)
        await ala.key(ENTER)
        await ala.wait_for("The host asked olek to leave the table.")
        # The list of tables is his, in either mode; he reads why there.
        await olek.wait_for("The host of ala's table asked you to leave it.")
        assert LIST_TITLE in olek.text and not olek.ended
        again = olek
        try:  # that table turns him away, with the wait
            await again.wait_for("ala's table")
            again.send(ENTER)
            await again.wait_for(
                "The host asked olek to leave this table; olek may come back in 10 minutes."
            )
            assert LIST_TITLE in again.text
        finally:
            await again.close()


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("each_mode")
async def test_over_ssh_the_rematch_waits_for_every_player_to_be_ready(tmp_path: Path) -> None:
    """Bots finish the game; both read the results; ala proposes; olek's results stay with
    the proposal on them until he presses r; then both are at the new table."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        served.hall.idle = 0
        await seat_players(ala, olek)
        table = served.hall.table
        assert table is not None
        table.stand_in(0, "random")
        table.stand_in(1, "random")
        await until(lambda: served.hall.phase == "over", "the game's end", timeout=30)
        for player in (ala, olek):
            await player.wait_for(GAME_OVER)
            await player.key(ENTER)
            await player.wait_for(RESULTS)
        await ala.key(b"r")
        await olek.wait_for("ala proposes a rematch; 2 of 3 ready.")
        await olek.wait_for("still to answer: olek")
        await asyncio.sleep(0.3)
        assert RESULTS in olek.text and served.hall.phase == "over"
        await olek.key(b"r")
        await until(lambda: served.hall.phase == "playing", "the rematch", timeout=10)
        for player in (ala, olek):
            await player.wait_for("Your hand")


async def _at_results(hall: Hall, pilot: Any, app: HallApp) -> None:
    """``app``'s guest at the table, bots finish the game, Enter: the results."""
    await pilot_until(pilot, lambda: isinstance(app.screen, GameScreen))
    assert hall.table is not None
    hall.table.stand_in(0, "random")
    hall.table.stand_in(1, "random")
    await pilot_until(pilot, lambda: hall.phase == "over", timeout=20)
    await pilot.pause(0.2)
    await pilot.press("enter")
    await pilot_until(pilot, lambda: isinstance(app.screen, ServedResults))


async def test_a_player_who_declines_can_sit_down_again_from_the_lobby(tmp_path: Path) -> None:
    """olek leaves the results (b): his seat is free and the lobby offers it with its number;
    pressing it sits him down again, which says he is ready, and the proposed rematch starts."""
    hall = await seated_hall(tmp_path)
    olek = HallApp(hall, "olek", Settings())
    try:
        async with olek.run_test(size=(80, 24)) as pilot:
            await _at_results(hall, pilot, olek)
            await hall.rematch("ala")
            await pilot.press("b")
            await pilot_until(pilot, lambda: isinstance(olek.screen, LobbyScreen))
            await pilot_until(pilot, lambda: "open — press 2 to sit here" in screen_text(olek))
            assert hall.seats_of("olek") == frozenset() and hall.phase == "over"
            await pilot.press("2")
            await pilot_until(pilot, lambda: hall.phase == "playing")
            await pilot_until(
                pilot,
                lambda: isinstance(olek.screen, GameScreen) and olek.screen.local == {1},
            )
    finally:
        await hall.close()


async def test_in_screen_reader_mode_the_rematch_line_says_ready_once_proposed(
    tmp_path: Path,
) -> None:
    """The results' list of next steps: its first line, chosen with Enter after the host's
    proposal, says olek is ready, and the rematch starts."""
    hall = await seated_hall(tmp_path)
    olek = HallApp(hall, "olek", Settings(screen_reader=True))
    try:
        async with olek.run_test(size=(80, 24)) as pilot:
            await _at_results(hall, pilot, olek)
            assert "> Rematch: the host proposes it" in screen_text(olek)
            await hall.rematch("ala")
            await pilot.pause(0.2)
            await pilot.press("enter")
            await pilot_until(pilot, lambda: hall.phase == "playing")
    finally:
        await hall.close()


async def test_a_hall_change_heard_as_the_app_closes_routes_nowhere(tmp_path: Path) -> None:
    """The hall changes (bots play the rematch) while a guest's app is closing: the route
    timer set before the close fires with no screen left, and `app.screen` raised
    ScreenStackError out of the closing app (the rematch test failed so in CI)."""
    hall = await seated_hall(tmp_path)
    olek = HallApp(hall, "olek", Settings(screen_reader=True))
    try:
        async with olek.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: isinstance(olek.screen, GameScreen))
        assert not olek.screen_stack
        hall.announce("ala left.")
        olek._route()
        olek._show_notices()
        olek.tell("nobody reads this")
        olek._show_chat(ChatLine(1, "ala", "still there?", at=0.0))
    finally:
        await hall.close()


async def test_a_seat_given_to_a_watching_guest_moves_both_screens(tmp_path: Path) -> None:
    """Through the host's menu, seat 2 goes to eve mid-game: eve's screen becomes seat 2's,
    olek's a spectator's, and olek reads why in the table's log."""
    hall = await seated_hall(tmp_path, "eve")
    ala = HallApp(hall, "ala", Settings())
    olek = HallApp(hall, "olek", Settings())
    eve = HallApp(hall, "eve", Settings())
    try:
        async with (
            ala.run_test(size=(80, 24)) as ap,
            olek.run_test(size=(80, 24)) as op,
            eve.run_test(size=(80, 24)) as ep,
        ):
            for pilot, app in ((ap, ala), (op, olek), (ep, eve)):
                await pilot_until(pilot, lambda app=app: isinstance(app.screen, GameScreen))
            await ap.press("h")
            await pilot_until(ap, lambda: isinstance(ala.screen, HostMenuScreen))
            await ap.pause()
            while "> Replace seat 2 (olek) with eve" not in screen_text(ala):
                await ap.press("down")
                await ap.pause()
            await ap.press("enter")
            await pilot_until(
                ep, lambda: isinstance(eve.screen, GameScreen) and eve.screen.local == {1}
            )
            await pilot_until(
                op, lambda: isinstance(olek.screen, GameScreen) and not olek.screen.local
            )
            said = "The host (ala) gave your seat 2 to eve; you are watching now."
            await pilot_until(op, lambda: said in " ".join(screen_text(olek).split()))
            assert hall.seats_of("eve") == {1} and isinstance(ala.screen, GameScreen)
    finally:
        await hall.close()


async def test_a_player_in_the_lobby_when_the_game_ends_says_ready_with_s(tmp_path: Path) -> None:
    """olek left the table for the lobby and the game ended there: the lobby says where the
    rematch stands with its own keys, and his s says he is ready."""
    hall = await seated_hall(tmp_path)
    olek = HallApp(hall, "olek", Settings())
    try:
        async with olek.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: isinstance(olek.screen, GameScreen))
            await pilot.press("q")
            await pilot_until(pilot, lambda: isinstance(olek.screen, LobbyScreen))
            assert hall.table is not None
            hall.table.stand_in(0, "random")
            await pilot_until(pilot, lambda: hall.phase == "over", timeout=20)
            await pilot.press("s")
            await pilot_until(
                pilot, lambda: "Only the host (ala) can propose a rematch." in screen_text(olek)
            )
            await hall.rematch("ala")
            await pilot_until(
                pilot,
                lambda: (
                    "still to answer: olek (you: press s when you are ready, or w to give "
                    "your seat up)." in " ".join(screen_text(olek).split())
                ),
            )
            await pilot.press("s")
            await pilot_until(pilot, lambda: hall.phase == "playing")
    finally:
        await hall.close()


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("each_mode")
async def test_over_ssh_the_host_gives_a_seat_to_a_spectator_and_hands_the_role_on(
    tmp_path: Path,
) -> None:
    """Mid-game, seat 2 goes to eve (she gets olek's hand, he watches, both are told); then
    the host role goes to eve, and everyone reads so."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek", "eve") as (ala, olek, eve),
    ):
        served.hall.idle = 0
        await eve.wait_for("Waiting for the host")
        await seat_players(ala, olek)
        await choose_in_host_menu(ala, "Replace seat 2 (olek) with eve")
        await eve.wait_for("The host (ala) gave you seat 2.")
        await eve.wait_for("Your hand")
        await olek.wait_for("you are watching now.")  # the log's narrow column wraps the rest
        await until(lambda: served.hall.seats_of("eve") == {1}, "eve on seat 2")
        await choose_in_host_menu(ala, "Hand the host role to eve")
        await until(lambda: served.hall.host == "eve", "eve hosting")
        for player in (ala, olek, eve):
            await player.wait_for("eve hosts the table now")
        assert served.hall.host == "eve"


async def test_a_spectator_reads_the_results_on_while_the_rematch_begins(tmp_path: Path) -> None:
    """eve watched the game: the rematch starting does not take her results away; they say
    how to watch it, and b does."""
    hall = await seated_hall(tmp_path, "eve")
    eve = HallApp(hall, "eve", Settings())
    try:
        async with eve.run_test(size=(80, 24)) as pilot:
            await _at_results(hall, pilot, eve)
            await hall.rematch("ala")
            await hall.rematch("olek")
            assert hall.phase == "playing"
            await pilot_until(
                pilot,
                lambda: "The rematch is under way: press b to watch it." in screen_text(eve),
            )
            assert isinstance(eve.screen, ServedResults)
            await pilot.press("b")
            await pilot_until(
                pilot,
                lambda: isinstance(eve.screen, GameScreen) and eve.screen.table is hall.table,
            )
    finally:
        await hall.close()


# -- a restart after the host changed the seats ------------------------------------------------


async def test_a_restart_keeps_the_seats_the_host_changed(tmp_path: Path) -> None:
    """olek was kicked (a bot took his seat) and seat 1 went to eve: a server started again
    on the data dir resumes with a bot on seat 2 and eve on seat 1, not ala and olek."""
    hall = await seated_hall(tmp_path, "eve")
    hall.kick("ala", "olek")
    hall.replace_seat("ala", 0, "eve")
    await hall.close()
    again = bare_hall(tmp_path)
    try:
        assert await again.resume() is True
        assert again.table is not None and again.table.is_bot(1)
        assert again.holder(0) == "eve" and "olek" not in again.guests
        assert again.table.update_for(None).names[0] == "eve"
    finally:
        await again.close()


async def test_kept_seats_that_do_not_fit_the_record_are_not_used(tmp_path: Path) -> None:
    """A seats file someone changed (a seat too many) is set aside: the record's seats hold."""
    hall = await seated_hall(tmp_path)
    hall.replace_seat("ala", 1, None)
    await hall.close()
    (tmp_path / "data" / "table.seats").write_text('[["x", "remote", ""]]')
    again = bare_hall(tmp_path)
    try:
        assert await again.resume() is True
        assert again.holder(0) == "ala" and again.holder(1) == "olek"
    finally:
        await again.close()


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_a_long_host_menu_scrolls_and_says_where_the_choice_is(
    tmp_path: Path, screen_reader: bool
) -> None:
    """Eight guests at four seats: 36 choices in 80x24; walking down, the marked line says
    its place in the list (it crashed the app once the list did not fit)."""
    hall = bare_hall(tmp_path)
    names = ["ala", "olek", "eve", "Bartholomew_Kent", "zed", "amy", "bob", "cat"]
    for name in names:
        hall.arrive(name)
    hall.configure("ala", TableSetup("superbohaterowie", tuple(Seat("o", OPEN) for _ in range(4))))
    for index, name in enumerate(names[:4]):
        hall.take_seat(name, index)
    ala = HallApp(hall, "ala", Settings(screen_reader=screen_reader))
    async with ala.run_test(size=(80, 24)) as pilot:
        await pilot_until(pilot, lambda: isinstance(ala.screen, LobbyScreen))
        await pilot.press("h")
        await pilot_until(pilot, lambda: isinstance(ala.screen, HostMenuScreen))
        for _ in range(26):
            await pilot.press("down")
        await pilot_until(
            pilot,
            lambda: "> Replace seat 3 (eve) with a bot (choice 27 of 36" in screen_text(ala),
        )
        assert "esc Back" in screen_text(ala)  # the footer stays on screen


# -- what an evening at a served table showed (#18) -------------------------------------------


async def test_a_seat_given_away_mid_game_names_its_new_player_in_new_lines_only(
    tmp_path: Path,
) -> None:
    """olek's moves before the host gives seat 2 to eve keep his name, in the log and in the
    history alike; every line after it names eve (it said olek: the table's names, which
    the lines are written with, stayed those the game started with)."""
    hall = await seated_hall(tmp_path, "eve")
    ala = HallApp(hall, "ala", Settings())
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: isinstance(ala.screen, GameScreen))
            game = ala.screen
            assert isinstance(game, GameScreen) and hall.table is not None
            log = game.query_one(EventLog)
            hall.table.stand_in(0, "random")
            hall.table.stand_in(1, "random")
            await pilot_until(pilot, lambda: any("olek" in line for line in log.lines_shown))
            hall.table.stand_down(0)
            hall.table.stand_down(1)
            await pilot.pause(0.3)
            before = len(log.lines_shown)
            hall.replace_seat("ala", 1, "eve")
            hall.table.stand_in(0, "random")
            hall.table.stand_in(1, "random")
            await pilot_until(
                pilot, lambda: any("eve" in line for line in log.lines_shown[before + 1 :])
            )
            assert not [line for line in log.lines_shown[before:] if "olek" in line]
            await pilot.press("H")
            await pilot_until(pilot, lambda: isinstance(ala.screen, HistoryScreen))
            history = ala.screen
            assert isinstance(history, HistoryScreen)
            said = [line for line in history.lines if "olek" in line or "eve" in line]
            olek = [index for index, line in enumerate(said) if "olek" in line]
            eve = [index for index, line in enumerate(said) if "eve" in line]
            assert olek and eve and max(olek) < min(eve), said
    finally:
        await hall.close()


async def test_a_spectator_reads_that_a_rematch_is_proposed_without_a_player_s_key(
    tmp_path: Path,
) -> None:
    """eve watches: the proposal tells her (and everyone) it is proposed and how many are
    ready, not "press r when you are ready" (her r does nothing; a player's own line, on
    the results or in the lobby, names the key of the screen they are on)."""
    hall = await _finished(tmp_path, "eve")
    try:
        await hall.rematch("ala")
        for name in ("eve", "olek", "ala"):
            assert told(hall, name)[-1] == "ala proposes a rematch; 2 of 3 ready."
        assert rematch_line(hall, "olek").endswith(
            "still to answer: olek (you: press r when you are ready, or b to give your seat up)."
        )
    finally:
        await hall.close()


def test_when_every_seat_is_taken_the_lobby_says_the_host_can_start(tmp_path: Path) -> None:
    """olek's lobby said "ala starts the game when the seats are full." with every seat
    full; it says the seats are taken and ala can start."""
    hall = bare_hall(tmp_path)
    for name in ("ala", "olek"):
        hall.arrive(name)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    lines = [line.plain for line in lobby_lines(hall, "olek")]
    assert "ala starts the game when the seats are full." in lines
    hall.take_seat("olek", 1)
    lines = [line.plain for line in lobby_lines(hall, "olek")]
    assert "Every seat is taken: ala can start the game." in lines
    assert not [line for line in lines if "seats are full" in line]


def test_before_a_game_the_lobby_names_who_is_not_seated_once(tmp_path: Path) -> None:
    """The lobby listed "Here: ala, olek, eve." and "Watching: ala, olek, eve." before the
    game: the same people twice. It says who has no seat yet, once; while setting up, who
    is here; during the game, who watches."""
    hall = bare_hall(tmp_path)
    for name in ("ala", "olek", "eve"):
        hall.arrive(name)
    assert [t.plain for t in lobby_lines(hall, "eve") if "ala, olek" in t.plain] == [
        "Here: ala, olek, eve."
    ]
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    lines = [line.plain for line in lobby_lines(hall, "eve")]
    assert "Not seated yet: olek and eve." in lines
    assert not [line for line in lines if line.startswith(("Here:", "Watching:"))]


async def test_the_host_sits_at_the_first_open_seat_on_setting_up(tmp_path: Path) -> None:
    """The host was not seated by default (#18): ctrl+s on the setup seats ala on seat 1,
    the lobby says so and how to watch instead (w), and olek sees seat 1 taken."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    host, guest = HallApp(hall, "ala", Settings(bot_delay=0)), HallApp(hall, "olek", Settings())
    async with host.run_test(size=(80, 24)) as ala, guest.run_test(size=(80, 24)) as olek:
        await ala.pause()
        await ala.press("ctrl+s")
        await pilot_until(ala, lambda: hall.phase == "lobby" and hall.holder(0) == "ala")
        await pilot_until(
            ala, lambda: "You sit on seat 1; press w to watch instead." in screen_text(host)
        )
        await pilot_until(olek, lambda: "1. ala" in screen_text(guest))
        assert "open — press 2 to sit here" in screen_text(guest)
        await ala.press("w")
        await pilot_until(ala, lambda: hall.holder(0) is None)


async def test_after_proposing_the_host_s_footer_offers_no_ready_key(tmp_path: Path) -> None:
    """ala proposed the rematch and is ready with it: her footer showed "r Ready" all the
    same. olek, still to answer, is offered it."""
    hall = await seated_hall(tmp_path)
    ala, olek = HallApp(hall, "ala", Settings()), HallApp(hall, "olek", Settings())
    try:
        async with ala.run_test(size=(80, 24)) as ap, olek.run_test(size=(80, 24)) as op:
            await pilot_until(ap, lambda: isinstance(ala.screen, GameScreen))
            await _at_results(hall, op, olek)
            await ap.pause(0.2)
            await ap.press("enter")
            await pilot_until(ap, lambda: isinstance(ala.screen, ServedResults))
            await ap.press("r")
            await pilot_until(ap, lambda: hall.proposed)
            await pilot_until(op, lambda: "r Ready" in screen_text(olek))
            await ap.pause(0.2)
            assert "r Ready" not in screen_text(ala) and "r Rematch" not in screen_text(ala)
    finally:
        await hall.close()


async def test_a_player_who_declines_is_not_told_he_still_sits(tmp_path: Path) -> None:
    """olek sat down with 2 before the game ("You sit on seat 2."); after it he leaves the
    results with b, which gives his seat up: the lobby says so, not the line from before."""
    hall = bare_hall(tmp_path, idle=0)
    for name in ("ala", "olek"):
        hall.arrive(name)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    olek = HallApp(hall, "olek", Settings())
    try:
        async with olek.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: "press 2 to sit here" in screen_text(olek))
            await pilot.press("2")
            await pilot_until(pilot, lambda: "You sit on seat 2." in screen_text(olek))
            await hall.start("ala")
            await _at_results(hall, pilot, olek)
            await pilot.press("b")
            await pilot_until(pilot, lambda: "open — press 2 to sit here" in screen_text(olek))
            text = screen_text(olek)
            assert "You sit on seat 2" not in text
            assert "You gave seat 2 up: press 2 to sit there again." in text
    finally:
        await hall.close()
