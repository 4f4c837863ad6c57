"""No stall, ever: a seat left mid-game, a silent seat and a dropped one all go to a stand-in
bot, shown on every board; its player takes the seat back or a fresh login takes a frozen
session over (the hall, then over SSH, then each board's presence notes)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import asyncssh
import pytest

import net.serve as serve_module
from core.engine import IllegalAction, with_names
from core.games import GAMES
from core.table import Seat, TableSetup
from net import session as session_module
from net import textual_fixes
from net.app import HallApp
from net.cli import main
from net.hall import Hall
from net.lobby import LobbyScreen
from net.session import PROBE, PROBE_ANSWER
from tests.net.e2e_helpers import (
    RIGHT,
    SSH,
    WAIT,
    Player,
    connect,
    hand_of,
    kinds,
    openssh,
    play_until,
    players,
    running_server,
    seat_players,
    until,
)
from tests.net.hall_setups import eventually, seated_hall, seated_over_ssh
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.screens.game import GameScreen
from tui.settings import Settings

textual_fixes.apply()


def test_idle_comes_from_the_command_line_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--idle`` reaches the served table's options (default 120 s); a bad value is one
    line and exit status 2."""
    served: list[serve_module.ServeOptions] = []

    async def serve(options: serve_module.ServeOptions, **_: object) -> None:
        served.append(options)

    monkeypatch.setattr(serve_module, "serve", serve)
    argv = ["serve", "--port", "0", "--data-dir", str(tmp_path / "data")]
    assert main(argv) == 0 and main([*argv, "--idle", "0"]) == 0
    assert [options.idle for options in served] == [120.0, 0.0]
    assert main([*argv, "--idle", "-1"]) == 2
    assert "--idle must be between 0 and 3600 seconds, not -1.0" in capsys.readouterr().err


async def test_the_served_hall_takes_its_idle_time_from_the_options(tmp_path: Path) -> None:
    """The option reaches the hall that applies it."""
    options = serve_module.ServeOptions(port=0, data_dir=tmp_path / "data", idle=7.0)
    async with serve_module.hosting(options) as (tables, _):
        assert tables.create("ala").idle == 7.0


def _acting_player(hall: Hall) -> tuple[str, int]:
    assert hall.table is not None
    seat = min(s for s in hall.table.match.to_act() if s in (0, 1))
    name = hall.holder(seat)
    assert name is not None
    return name, seat


async def test_a_seat_left_mid_game_goes_to_a_bot_at_once_and_comes_back(
    tmp_path: Path,
) -> None:
    """The player the game waits for leaves the table (still connected): a bot plays for
    them at once, everyone's board says so, and taking the seat back sends it away."""
    hall = await seated_hall(tmp_path, grace=60, idle=0)
    try:
        table = hall.table
        assert table is not None
        name, seat = _acting_player(hall)
        version = table.match.version
        hall.leave_seat(name)
        assert table.is_bot(seat) and hall.guests[name].away
        assert table.update_for(None).notes[seat] == f"away; a bot plays for {name}"
        await eventually(lambda: table.match.version > version)
        hall.take_back(name)
        assert not table.is_bot(seat) and not hall.guests[name].away
        assert table.update_for(None).notes == {}
    finally:
        await hall.close()


async def test_a_silent_seat_is_counted_down_then_played_by_a_bot_until_a_key(
    tmp_path: Path,
) -> None:
    """Idle time 0.5 s: the countdown shows on the board, a bot then plays the silent
    seat, and the player's next key sends it away."""
    hall = await seated_hall(tmp_path, grace=60, idle=0.5)
    try:
        table = hall.table
        assert table is not None
        name, seat = _acting_player(hall)
        await eventually(lambda: table.note_of(seat) is not None)
        assert table.note_of(seat) == f"idle; a bot plays for {name} in 5 s"
        assert not table.is_bot(seat)
        await eventually(lambda: table.is_bot(seat), timeout=2)
        assert table.note_of(seat) == (f"idle; a bot plays for {name} until they press a key")
        hall.pressed(name)
        assert not table.is_bot(seat)  # and its idle time starts over, if it is to act:
        assert table.note_of(seat) in (None, f"idle; a bot plays for {name} in 5 s")
    finally:
        await hall.close()


async def test_a_short_idle_time_is_counted_down_only_in_its_second_half(
    tmp_path: Path,
) -> None:
    """Idle time 1 s: nobody is called idle the moment their turn comes; the countdown
    shows once half of it has passed."""
    hall = await seated_hall(tmp_path, grace=60, idle=1.0)
    try:
        table = hall.table
        assert table is not None
        _, seat = _acting_player(hall)
        await asyncio.sleep(0.3)
        assert table.note_of(seat) is None
        await eventually(lambda: table.note_of(seat) is not None, timeout=1)
        assert not table.is_bot(seat)
    finally:
        await hall.close()


async def test_a_dropped_seat_the_game_waited_for_still_gets_its_bot(tmp_path: Path) -> None:
    """The player the game waits for drops (their idle clock was running): their grace
    runs out and a bot plays for them, even if another seat comes back meanwhile."""
    hall = await seated_hall(tmp_path, grace=0.3, idle=100)
    try:
        table = hall.table
        assert table is not None
        name, seat = _acting_player(hall)
        other = "olek" if name == "ala" else "ala"
        await asyncio.sleep(0.05)  # the game waits for them: their idle clock runs
        hall.leave_seat(other)
        hall.depart(name)
        hall.take_back(other)
        await eventually(lambda: table.is_bot(seat), timeout=2)
        assert table.note_of(seat) == f"disconnected; a bot plays for {name}"
    finally:
        await hall.close()


async def test_a_key_in_time_starts_the_idle_time_over(tmp_path: Path) -> None:
    """A player who presses keys (thinking, moving the cursor) is not idle."""
    hall = await seated_hall(tmp_path, grace=60, idle=0.4)
    try:
        table = hall.table
        assert table is not None
        name, seat = _acting_player(hall)
        for _ in range(4):
            await asyncio.sleep(0.2)
            hall.pressed(name)
        assert not table.is_bot(seat)
    finally:
        await hall.close()


async def test_a_dropped_seat_counts_its_grace_down_on_the_board(tmp_path: Path) -> None:
    """Disconnected: the board shows how long until a bot plays, by steps of 5 s."""
    hall = await seated_hall(tmp_path, grace=12, idle=0)
    try:
        table = hall.table
        assert table is not None
        hall.depart("olek")
        assert table.note_of(1) == "disconnected; a bot plays for olek in 15 s"
        hall.arrive("olek")
        assert table.note_of(1) is None
    finally:
        await hall.close()


@pytest.mark.parametrize("how", ["away", "idle"])
async def test_a_player_a_bot_plays_for_who_drops_keeps_the_bot(tmp_path: Path, how: str) -> None:
    """A seat a bot already plays stays with it when its player's connection ends too."""
    hall = await seated_hall(tmp_path, grace=60, idle=0.2 if how == "idle" else 0)
    try:
        table = hall.table
        assert table is not None
        name, seat = _acting_player(hall)
        if how == "away":
            hall.leave_seat(name)
        await eventually(lambda: table.is_bot(seat))
        hall.depart(name)
        assert table.is_bot(seat)
        assert table.note_of(seat) == f"disconnected; a bot plays for {name}"
        hall.arrive(name)
        assert not table.is_bot(seat)
        assert table.note_of(seat) in (None, f"idle; a bot plays for {name} in 5 s")
    finally:
        await hall.close()


class FakeSession:
    """A session as the hall sees it: frozen or not, and whether it was taken over."""

    def __init__(self, *, frozen: bool) -> None:
        self.frozen = frozen
        self.taken: str | None = None
        self.asked = 0

    def stale(self) -> bool:
        return self.frozen

    def probe(self) -> float | None:
        self.asked += 1
        return 12.2

    def take_over(self, reason: str) -> None:
        self.taken = reason


async def test_a_frozen_keyless_session_is_taken_over_and_its_end_is_no_departure(
    tmp_path: Path,
) -> None:
    """A keyless login as olek while olek's session is frozen takes his seat; the old
    session is closed, and its ending afterwards does not mark olek as gone."""
    hall = await seated_hall(tmp_path, grace=60, idle=0)
    try:
        old = FakeSession(frozen=True)
        hall.attach("olek", old)
        guest = hall.arrive("olek")
        assert old.taken == "a new login as olek took over this session"
        assert guest.connected and guest.seat == 1
        hall.detach("olek", old)
        hall.depart("olek")  # the old session's app ending
        assert hall.guests["olek"].connected
        hall.depart("olek")  # the new one's: a real drop
        assert not hall.guests["olek"].connected
    finally:
        await hall.close()


async def test_a_live_keyless_session_is_not_taken_and_the_newcomer_told_when(
    tmp_path: Path,
) -> None:
    """Without a key, a session that still answers keeps its seat; the newcomer is told
    when a frozen one could be taken over."""
    hall = await seated_hall(tmp_path, grace=60, idle=0)
    try:
        live = FakeSession(frozen=False)
        hall.attach("olek", live)
        with pytest.raises(IllegalAction) as refused:
            hall.arrive("olek")
        assert str(refused.value) == (
            "olek is already at this table. If that session is frozen, connect again "
            "in 14 s to take its place"
        )
        assert live.taken is None and live.asked == 1
    finally:
        await hall.close()


async def test_the_same_key_takes_over_a_live_session_and_another_key_does_not(
    tmp_path: Path,
) -> None:
    """The key the name came with proves the player: it takes over at once; a keyless
    login or another key does not, however the old session looks."""
    hall = Hall(tmp_path / "data", bot_delay=0)
    hall.arrive("ala", "SHA256:ala")
    session = FakeSession(frozen=True)
    hall.attach("ala", session)
    for intruder in (None, "SHA256:other"):
        with pytest.raises(IllegalAction, match="already at this table"):
            hall.arrive("ala", intruder)
    assert session.taken is None
    session.frozen = False
    hall.arrive("ala", "SHA256:ala")
    assert session.taken is not None


def test_another_spelling_of_a_connected_name_takes_nothing_over(tmp_path: Path) -> None:
    """A login as ALA is refused while ala is connected, frozen or not: one person."""
    hall = Hall(tmp_path / "data", bot_delay=0)
    hall.arrive("ala")
    session = FakeSession(frozen=True)
    hall.attach("ala", session)
    with pytest.raises(IllegalAction, match="ala is already at this table"):
        hall.arrive("ALA")
    assert session.taken is None


async def test_a_spectator_who_left_one_game_is_shown_the_next(tmp_path: Path) -> None:
    """Eve left the table of the first game for the lobby; the rematch's table is pushed to
    her as to everyone (leaving was about that one game)."""
    hall = await seated_hall(tmp_path, grace=60, idle=0)
    hall.arrive("eve")
    eve = HallApp(hall, "eve", Settings(bot_delay=0))
    try:
        async with eve.run_test(size=(100, 32)) as pilot:

            async def until(condition) -> None:  # type: ignore[no-untyped-def]
                async with asyncio.timeout(20):
                    while not condition():
                        await pilot.pause(0.02)

            await until(lambda: isinstance(eve.screen, GameScreen))
            await pilot.press("q")
            await until(lambda: isinstance(eve.screen, LobbyScreen))
            assert hall.table is not None
            hall.table.stand_in(0, "random")
            hall.table.stand_in(1, "random")
            await until(lambda: hall.phase == "over")
            await hall.rematch("ala")
            await hall.rematch("olek")  # the players are ready (see test_host_controls.py)
            await until(
                lambda: isinstance(eve.screen, GameScreen) and eve.screen.table is hall.table
            )
    finally:
        await hall.close()


# -- over SSH: asyncssh players on the real server --------------------------------------------


async def _a_players_turn(hall: Hall) -> tuple[int, str]:
    """Wait until the game waits for a player (not the bot); their seat and name."""
    table = hall.table
    assert table is not None
    await until(lambda: bool(table.match.to_act() & {0, 1}), "a player's turn")
    seat = min(table.match.to_act() & {0, 1})
    name = hall.holder(seat)
    assert name is not None
    return seat, name


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("each_mode")
async def test_q_mid_game_hands_the_seat_to_a_bot_at_once_and_b_takes_it_back(
    tmp_path: Path,
) -> None:
    """The player the game waits for presses q: the next move comes within the bot's
    delay, the others read that a bot plays for them (and its move as the bot's), the
    lobby tells the leaver how to come back, and b puts them back at their hand (apps in
    the server process, or in a render worker)."""
    async with seated_over_ssh(tmp_path, grace=60) as (served, table, ala, olek):
        hall = served.hall
        seat, name = await _a_players_turn(hall)
        leaver, other = (ala, olek) if seat == 0 else (olek, ala)
        version = table.match.version
        await leaver.key(b"q")
        await leaver.wait_for(
            f"A bot plays for you on seat {seat + 1} while you are away. "
            "Press b to take your seat back."
        )
        await leaver.wait_for("You left the table.")
        await until(lambda: table.match.version > version, "the next move", timeout=3)
        await other.wait_for(f"away; a bot plays for {name}")
        assert any(line.startswith(f"The bot for {{p{seat}}} ") for line in table.recent)
        await leaver.key(b"b")
        await leaver.wait_for("Your hand")
        assert not table.is_bot(seat) and not hall.guests[name].away
        await other.wait_for(f"{name} is back.")


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("each_mode")
async def test_ctrl_q_mid_game_to_the_list_hands_the_seat_to_a_bot_at_once(
    tmp_path: Path,
) -> None:
    """The player the game waits for leaves for the list of tables (Ctrl+Q) on purpose: no
    grace period as for a dropped connection, a bot plays at once, the others read that they
    left, and choosing the table again gives the seat back (apps in the server process, or
    in a render worker)."""
    async with seated_over_ssh(tmp_path, grace=60) as (served, table, ala, olek):
        hall = served.hall
        seat, name = await _a_players_turn(hall)
        leaver, other = (ala, olek) if seat == 0 else (olek, ala)
        version = table.match.version
        leaver.send(b"\x11")  # Ctrl+Q
        await leaver.wait_for("a bot plays your seat until you come back")
        await until(lambda: table.match.version > version, "the next move", timeout=3)
        said = f"{name} left the table; a bot plays for them until they come back."
        assert any(notice.text == said for notice in hall.notices)
        await other.wait_for(f"{name} left the table;")  # in the log, wrapped
        await other.wait_for(f"gone (they left the table); a bot plays for {name}")
        assert "in 60 s" not in other.text and "in 55 s" not in other.text
        assert table.is_bot(seat) and hall.holder(seat) == name
        leaver.send(b"\r")  # the table, chosen again from the list
        await leaver.wait_for("Your hand")
        await until(lambda: not table.is_bot(seat), f"{name} back on their seat")


@pytest.mark.timeout(60)
async def test_a_silent_player_is_counted_down_then_a_bot_plays_until_a_key(
    tmp_path: Path,
) -> None:
    """Idle time 2 s: the others see the countdown, then that a bot plays for the silent
    player until they press a key; a key gives them their seat back."""
    async with seated_over_ssh(tmp_path, idle=2.0, grace=60) as (served, table, ala, olek):
        hall = served.hall
        seat, name = await _a_players_turn(hall)
        silent, other = (ala, olek) if seat == 0 else (olek, ala)
        await other.wait_for(f"idle; a bot plays for {name} in 5 s")
        await until(lambda: table.is_bot(seat), "a bot for the silent seat", timeout=5)
        await silent.wait_for(f"idle; a bot plays for {name} until they press a key")
        silent.send(RIGHT)
        await until(lambda: not table.is_bot(seat), "the player back", timeout=3)


@pytest.mark.timeout(90)
@pytest.mark.render_workers  # about render workers only: its server always runs one
async def test_keys_reach_the_idle_rule_from_a_render_worker(tmp_path: Path) -> None:
    """With the guests' apps in a render worker, a key still tells the hall its player is
    here: the bot playing for the silent player leaves."""
    async with seated_over_ssh(tmp_path, idle=1.0, grace=60, render_workers=1) as (
        served,
        table,
        ala,
        olek,
    ):
        hall = served.hall
        seat, _ = await _a_players_turn(hall)
        silent = ala if seat == 0 else olek
        await until(lambda: table.is_bot(seat), "a bot for the silent seat", timeout=5)
        silent.send(RIGHT)
        await until(lambda: not table.is_bot(seat), "the player back", timeout=3)


async def _refused(port: int, name: str) -> None:
    """A keyless login as ``name`` is refused (and the held session asked if it is there)."""
    twin = await connect(port, name)
    try:
        await twin.wait_for(
            f"Cannot join: {name} is already at this table. If that session is frozen, "
            "connect again in"
        )
    finally:
        await twin.close()


class AnsweringPlayer(Player):
    """A client whose terminal answers the server's status query, as real terminals do."""

    def feed(self, data: bytes) -> None:
        super().feed(data)
        if PROBE in data:
            self.send(PROBE_ANSWER)


@pytest.fixture
def quick_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sessions ask their terminal after 0.5 s without input and wait 0.5 s for it."""
    monkeypatch.setattr(session_module, "QUIET", 0.5)
    monkeypatch.setattr(session_module, "PROBE_WAIT", 0.5)


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("quick_probes")
@pytest.mark.usefixtures("each_mode")
async def test_a_frozen_session_is_taken_over_by_a_new_login_with_the_recent_log(
    tmp_path: Path,
) -> None:
    """Olek's client stops reading and sending (frozen): a new login as olek takes his
    seat, with his hand and the table's recent lines in the log; the old one is closed
    (apps in the server process, or in a render worker)."""
    async with (
        running_server(tmp_path / "data", grace=60) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        hall = served.hall
        table = hall.table
        assert table is not None
        await play_until([ala, olek], lambda: table.match.version >= 2, timeout=20)
        assert olek.reader is not None and olek.conn is not None
        olek.reader.cancel()  # frozen: reads nothing, sends nothing
        await asyncio.sleep(0.6)
        await _refused(served.port, "olek")  # its terminal is asked, and does not answer
        await asyncio.sleep(0.7)
        earlier = [with_names(line, table.names) for line in table.recent]
        again = await connect(served.port, "olek")
        try:
            await again.wait_for("London — olek (your city)")
            assert hall.guests["olek"].connected and hall.guests["olek"].seat == 1
            await again.wait_until(
                lambda: hand_of(again) == kinds(table.match.state.hands[1]), "olek's hand"
            )
            assert any(line[:24] in again.text for line in earlier[-3:]), earlier
            async with asyncio.timeout(WAIT):
                await olek.conn.wait_closed()
            assert hall.guests["olek"].connected, "the old session's end is no departure"
        finally:
            await again.close()


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("quick_probes")
async def test_a_session_that_answers_is_not_taken_over_without_its_key(
    tmp_path: Path,
) -> None:
    """Ala's terminal answers the status query: a keyless login as ala is refused, with
    when to try again if that session were frozen; ala plays on."""
    async with running_server(tmp_path / "data") as served:
        ala = await connect(served.port, "ala", kind=AnsweringPlayer)
        try:
            await ala.wait_for("table setup")
            await asyncio.sleep(0.6)
            for _ in range(2):  # asked, answers; asked again, answers again
                await _refused(served.port, "ala")
                await asyncio.sleep(0.7)
            assert served.hall.guests["ala"].connected
            await ala.key(b"\x13")  # ctrl+s: the original session still works
            await ala.wait_for("open — press 2 to sit here")
        finally:
            await ala.close()


@pytest.mark.timeout(60)
async def test_the_same_key_takes_a_live_session_over_at_once(tmp_path: Path) -> None:
    """Ala logs in again with her key while her first session is alive: the new one is
    hers, and the old one is told why it closes."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with running_server(tmp_path / "data") as served:
        first = await connect(served.port, "ala", client_keys=[key])
        second: Player | None = None
        try:
            await first.wait_for("table setup")
            second = await connect(served.port, "ala", client_keys=[key])
            await second.wait_for("table setup")
            await first.wait_for("a new login as ala took over this session")
            await until(lambda: served.hall.guests["ala"].connected, "ala still here")
        finally:
            await first.close()
            if second is not None:
                await second.close()


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed")
@pytest.mark.timeout(60)
@pytest.mark.usefixtures("quick_probes")
async def test_a_kill_stopped_openssh_client_is_taken_over_by_a_fresh_login(
    tmp_path: Path,
) -> None:
    """A real ssh whose terminal answers status queries keeps its name while it runs;
    once it is stopped (kill -STOP), a fresh login as ala takes the session over."""
    async with (
        running_server(tmp_path / "data") as served,
        openssh(served.port, "ala", tmp_path / "home") as ala,
    ):
        shown = ala.feed

        def terminal(data: bytes) -> None:  # the terminal emulator answers, as xterm does
            shown(data)
            if PROBE in data:
                ala.send(PROBE_ANSWER)

        ala.feed = terminal  # type: ignore[method-assign]
        await ala.wait_for("table setup")
        await asyncio.sleep(0.6)
        for _ in range(2):  # asked, answers; asked again, answers again
            await _refused(served.port, "ala")
            await asyncio.sleep(0.7)
        assert ala.proc is not None
        os.kill(ala.proc.pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(0.6)
            await _refused(served.port, "ala")  # asked: no answer from a stopped ssh
            await asyncio.sleep(0.7)
            again = await connect(served.port, "ala")
            try:
                await again.wait_for("table setup")
                assert served.hall.guests["ala"].connected
            finally:
                await again.close()
        finally:
            os.kill(ala.proc.pid, signal.SIGCONT)


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("each_mode")
async def test_a_player_who_quits_mid_game_is_told_how_and_until_when_to_come_back(
    tmp_path: Path,
) -> None:
    """Ctrl+Q at the table takes olek back to the list of tables, which says a bot plays
    his seat until he comes back; Ctrl+Q there ends his session, and his terminal's last
    line says so again with the command that brings him back (no grace period: he left
    on purpose)."""
    async with (
        running_server(tmp_path / "data", grace=45) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        served.hall.idle = 0
        await seat_players(ala, olek)
        olek.send(b"\x11")  # ctrl+q
        await olek.wait_for("You left ala's table; a bot plays your seat until you come back")
        olek.send(b"\x11")
        await olek.wait_until(lambda: olek.ended, "disconnected")
        said = olek.received.decode(errors="replace")
        assert (
            "hunters: a bot plays your seat until you come back with: "
            f"ssh -p {served.port} olek@127.0.0.1"
        ) in said


@pytest.mark.timeout(60)
async def test_a_spectator_who_leaves_the_table_stays_in_the_lobby_until_b(
    tmp_path: Path,
) -> None:
    """Eve watches, presses q, and stays in the lobby while moves are made (the game is
    not pushed back on her); b brings the table back."""
    async with (
        running_server(tmp_path / "data", grace=60) as served,
        players(served.port, "ala", "olek", "eve") as (ala, olek, eve),
    ):
        served.hall.idle = 0
        await eve.wait_for("Waiting for the host")
        await seat_players(ala, olek)
        await eve.wait_for("Berlin — ala")
        await eve.key(b"q")
        await eve.wait_for("The game is under way. Press b to watch it.")
        table = served.hall.table
        assert table is not None
        version = table.match.version
        await play_until([ala, olek], lambda: table.match.version >= version + 2, timeout=20)
        await asyncio.sleep(0.3)
        assert "Press b to watch it." in eve.text
        await eve.key(b"b")
        await eve.wait_for("Berlin — ala")


# -- presence on every board ----------------------------------------------------------------

NAME = "Bartholomew Kent"
"""A name as long as a seat's may be (16 characters)."""
NOTES = (
    f"disconnected; a bot plays for {NAME} in 3600 s",
    f"disconnected; a bot plays for {NAME}",
    f"away; a bot plays for {NAME}",
)
IDLE_NOTES = (
    f"idle; a bot plays for {NAME} in 60 s",
    f"idle; a bot plays for {NAME} until they press a key",
)
"""Turn-based games only: real-time ones (Whoosh) have no idle rule."""


def _shown(text: str, note: str) -> bool:
    """Whether the row naming the player (or the two lines after it) carries ``note``."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if "Bartholomew" in line:
            words = " ".join(lines[index : index + 3]).split()
            if " ".join(note.split()) in " ".join(words):
                return True
    return False


@pytest.mark.parametrize("slug", list(BOARDS))
async def test_every_presence_note_fits_every_board_at_80x24(slug: str) -> None:
    """Each note the hall gives is on the player's row in full."""
    players = GAMES[slug].players[-1]
    seats = tuple(
        Seat(NAME if i == 1 else f"P{i}", "human" if i == 0 else "remote") for i in range(players)
    )
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(TableSetup(slug, seats, {}, 5))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = screen.table
        assert table is not None
        realtime = getattr(table.match.game, "deadlines", None) is not None
        for note in NOTES if realtime else NOTES + IDLE_NOTES:
            table.set_note(1, note)
            await pilot.pause()
            text = screen_text(app)
            assert _shown(text, note), f"{note!r} not in full:\n{text}"
