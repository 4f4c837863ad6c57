"""``hunters serve`` end to end: real SSH clients on loopback play the served table by keys.

Each test runs the real server (`net.serve.serve`, host key, policy, sessions, hall) on
127.0.0.1 port 0 and connects asyncssh clients with a PTY, one per player, reading what
each terminal shows through pyte. Players act only by keys read off their own screen; the
server's state is read only to check what the screens claim. The last test kills a
``hunters serve`` subprocess with SIGKILL and restarts it into the same game.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from functools import partial
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from asyncssh.saslprep import saslprep as real_saslprep

from core.engine import IllegalAction
from core.match import Match
from core.table import TableSetup
from net.hall import Hall
from tests.net.e2e_helpers import (
    DISCARD,
    ENTER,
    GAME_OVER,
    RESULTS,
    WAIT,
    Served,
    Terminal,
    city_rows,
    connect,
    draw_pile,
    hand_of,
    kinds,
    may_act,
    play_until,
    players,
    prompt_of,
    quiet_all,
    running_server,
    seat_players,
    shows_table,
    start_server_process,
    until,
)


def table_of(served: Served) -> Hall:
    assert served.hall.table is not None, "no game is being played"
    return served.hall


def same_board(term: Terminal, board: list[str]) -> bool:
    return city_rows(term) == board


def moves_by(hall: Hall, seat: int) -> int:
    """Accepted actions of ``seat`` in the current game."""
    assert hall.table is not None
    return sum(1 for step in hall.table.match.steps if step[0] == seat)


# -- arriving and sitting down ---------------------------------------------------------------


@pytest.mark.timeout(30)
async def test_the_host_gets_the_setup_and_a_guest_the_lobby_then_both_sit(
    tmp_path: Path,
) -> None:
    """The first to connect hosts (the setup screen), the next waits in the lobby; after the
    host confirms, each sits by pressing a seat number and everyone sees who sits where."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await ala.wait_for("Superbohaterowie: table setup")
        await olek.wait_for("Waiting for the host (ala) to set up Superbohaterowie.")
        assert "table setup" not in olek.text
        assert served.hall.host == "ala"

        await seat_players(ala, olek)
        hall = table_of(served)
        assert hall.phase == "playing"
        assert hall.setup is not None
        assert [seat.name for seat in hall.setup.seats] == ["ala", "olek", "Bot 3 (normal)"]
        await ala.wait_for("Berlin — ala (your city)")
        await olek.wait_for("London — olek (your city)")
        assert "New York — Bot 3 (normal)" in ala.text


@pytest.mark.timeout(60)
async def test_two_ssh_players_and_a_bot_play_a_whole_game_and_both_see_the_results(
    tmp_path: Path,
) -> None:
    """A whole Superbohaterowie game by keys over SSH, to the end; both players then open the
    results screen and see the same winner the server decided."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        hall = table_of(served)
        await play_until([ala, olek], lambda: hall.phase == "over", timeout=45)

        assert hall.table is not None
        outcome = hall.table.match.outcome()
        assert outcome is not None
        human_moves = moves_by(hall, 0) + moves_by(hall, 1)
        assert human_moves >= 2, "the humans never played"
        winner = hall.table.names[outcome.winners()[0]]
        for player in (ala, olek):
            await player.wait_for([GAME_OVER, RESULTS])
            await player.key(ENTER)
            await player.wait_for(RESULTS)
            await player.wait_for(f"{winner} wins!")


@pytest.mark.timeout(40)
async def test_a_spectator_sees_the_table_without_a_hand_and_follows_the_game(
    tmp_path: Path,
) -> None:
    """A third guest who does not sit watches: the same cities as the players, every move
    as it happens, and never a "Your hand" line."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek", "eve") as (ala, olek, eve),
    ):
        await eve.wait_for("Waiting for the host")
        await seat_players(ala, olek)
        hall = table_of(served)
        await eve.wait_for("Berlin — ala")
        assert hall.seats_of("eve") == frozenset()

        seen_hand: list[str] = []

        def no_hand(term: Terminal) -> None:
            if "Your hand" in term.text:
                seen_hand.append(term.text)

        eve.on_output.append(no_hand)  # checked after every chunk of output from now on
        no_hand(eve)
        assert hall.table is not None
        table, match = hall.table, hall.table.match
        for target in (2, 4, 6):

            def reached(target: int = target) -> bool:
                return match.version >= target or hall.phase == "over"

            await play_until([ala, olek], reached, timeout=20)
            # Every screen catches up with the server's table (moves may still be landing).
            for term in (eve, ala, olek):
                await term.wait_until(partial(shows_table, term, table), "showing the table")
            assert len(city_rows(eve)) == 3
            assert not seen_hand, f"the spectator was shown a hand:\n{seen_hand[0]}"
            if hall.phase == "over":
                break
        assert "Your hand" not in eve.received.decode("utf-8", "replace")
        assert "You draw" not in eve.text


# -- dropping out and coming back ------------------------------------------------------------


@pytest.mark.timeout(40)
@pytest.mark.usefixtures("each_mode")
async def test_a_player_who_drops_mid_game_reconnects_to_the_same_seat_and_hand(
    tmp_path: Path,
) -> None:
    """An abrupt disconnect (no SSH goodbye) keeps the seat for the grace period: nobody
    plays it meanwhile, and reconnecting under the same name puts the player back at the
    same seat with the same hand, and they play on by keys."""
    async with (
        running_server(tmp_path / "data", grace=60) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        hall = table_of(served)
        assert hall.table is not None
        match = hall.table.match
        await play_until([ala, olek], lambda: match.version >= 2, timeout=20)
        olek.abort()
        await until(lambda: not hall.guests["olek"].connected, "olek marked as gone")
        moves_before = moves_by(hall, 1)  # any key of his still in flight has landed by now
        assert hall.guests["olek"].seat == 1
        # Ala and the bot play on until it is olek's turn; then the table waits for him.
        await play_until([ala], lambda: 1 in match.to_act() or hall.phase == "over")
        if hall.phase == "over":
            pytest.fail("the game ended before olek's turn came round")  # practically never
        # His hand as his turn starts (a turn may begin with a draw: the hand he left with
        # is not the one he comes back to, and no one played it).
        cards_before = match.state.hands[1]
        version = match.version
        await asyncio.sleep(0.5)
        assert match.version == version, "somebody played the seat of a player in grace"
        assert moves_by(hall, 1) == moves_before, "a move was made for olek while he was away"
        assert not hall.table.is_bot(1)
        assert match.state.hands[1] == cards_before

        again = await connect(served.port, "olek")
        try:
            await again.wait_for("London — olek (your city)")
            await again.wait_for("Your turn")
            await again.wait_until(lambda: hand_of(again) == kinds(cards_before), "his hand")
            assert hall.guests["olek"].connected and hall.guests["olek"].seat == 1
            before = moves_by(hall, 1)
            await play_until([again], lambda: moves_by(hall, 1) > before, timeout=10)
        finally:
            await again.close()


@pytest.mark.timeout(40)
async def test_after_the_grace_a_bot_plays_the_seat_until_the_player_returns(
    tmp_path: Path,
) -> None:
    """With a 0.5 s grace, a dropped player's turns are played by a stand-in bot; when they
    come back they get their seat back (the bot stands down) and play by keys again."""
    async with (
        running_server(tmp_path / "data", grace=0.5) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        hall = table_of(served)
        assert hall.table is not None
        table, match = hall.table, hall.table.match
        olek.abort()
        await until(lambda: table.is_bot(1), "a bot standing in for olek", timeout=5)
        before = moves_by(hall, 1)
        await play_until([ala], lambda: moves_by(hall, 1) > before or hall.phase == "over")
        assert moves_by(hall, 1) > before, "the stand-in never played olek's turn"
        assert hall.phase == "playing", "the game ended before olek could return"

        again = await connect(served.port, "olek")
        try:
            await again.wait_for("London — olek (your city)")
            await until(lambda: not table.is_bot(1), "the stand-in gone")
            assert hall.guests["olek"].seat == 1
            await again.wait_until(
                lambda: hand_of(again) == kinds(match.state.hands[1]), "showing olek's hand"
            )
            back = moves_by(hall, 1)
            await play_until([ala, again], lambda: moves_by(hall, 1) > back or hall.phase == "over")
            if hall.phase == "playing":
                # The move after the return was olek's own: typed, not a bot's.
                assert not table.is_bot(1)
        finally:
            await again.close()


# -- names -----------------------------------------------------------------------------------


@pytest.mark.timeout(30)
async def test_a_name_already_at_the_table_is_refused(tmp_path: Path) -> None:
    """A second connection as "ala" while ala is connected is told it cannot join; the first
    ala keeps her place as host."""
    async with running_server(tmp_path / "data") as served, players(served.port, "ala") as (ala,):
        await ala.wait_for("table setup")
        twin = await connect(served.port, "ala")
        try:
            await twin.wait_for("Cannot join: ala is already at this table.")
            twin.send(b"x")  # "Press any key to leave."
            await twin.wait_until(lambda: twin.ended, "disconnected")
        finally:
            await twin.close()
        assert served.hall.host == "ala"
        assert list(served.hall.guests) == ["ala"] and served.hall.guests["ala"].connected
        await ala.key(b"\x13")  # ctrl+s: the original session still works
        await ala.wait_for("open — press 2 to sit here")


_client_thread = threading.local()


@pytest.fixture
def raw_usernames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the asyncssh *client* send any username as is, like OpenSSH does.

    asyncssh's client SASLprep-checks its own username and would refuse to send an ESC;
    that check is skipped only while client options are prepared (in asyncssh's executor
    thread), so the server's own checks run exactly as in production.
    """
    real_prepare = asyncssh.SSHClientConnectionOptions.prepare

    def saslprep(text: str) -> str:
        return text if getattr(_client_thread, "raw", False) else real_saslprep(text)

    def prepare(self: Any, *args: Any, **kwargs: Any) -> None:
        _client_thread.raw = True
        try:
            real_prepare(self, *args, **kwargs)
        finally:
            _client_thread.raw = False

    monkeypatch.setattr("asyncssh.connection.saslprep", saslprep)
    monkeypatch.setattr(asyncssh.SSHClientConnectionOptions, "prepare", prepare)


@pytest.mark.timeout(30)
@pytest.mark.usefixtures("raw_usernames")
async def test_names_with_markup_or_escapes_are_refused_at_login(tmp_path: Path) -> None:
    """Usernames off the allow-list never reach the hall: the SSH login itself is refused,
    with a one-line reason that does not echo the name back, and nobody arrives."""
    async with running_server(tmp_path / "data") as served:
        with pytest.raises(asyncssh.IllegalUserName) as refused:
            await connect(served.port, "[@click=app.quit]")
        assert refused.value.reason.startswith("hunters: a name is")
        assert "[@" not in refused.value.reason and "\n" not in refused.value.reason
        for name in ("ala\x1b[2J", "bob\x1b]0;pwned\x07", "[/"):
            with pytest.raises(asyncssh.IllegalUserName) as refused:
                await connect(served.port, name)
            reason = refused.value.reason
            assert "\x1b" not in reason and "\x07" not in reason and "\n" not in reason
        assert served.tables.listing() == ()  # nobody came, so no table either
        async with players(served.port, "ala") as (ala,):  # the server is none the worse
            await ala.wait_for("table setup")


@pytest.mark.timeout(40)
async def test_allowed_names_with_punctuation_show_literally_everywhere(
    tmp_path: Path,
) -> None:
    """Names with every allowed punctuation mark are shown as typed: in the lobby, on the
    board and in the game log of the other player's terminal."""
    host, guest = "_x.y-z", "Ola_9.-"
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, host, guest) as (a, b),
    ):
        await b.wait_for(f"Waiting for the host ({host}) to set up")
        await b.wait_for(f"Here: {host}, {guest}.")
        await seat_players(a, b)
        await a.wait_for(f"London — {guest}")
        await b.wait_for(f"Berlin — {host}")
        hall = table_of(served)
        assert hall.table is not None
        match = hall.table.match
        await play_until([a, b], lambda: match.version >= 3 or hall.phase == "over")

        # Each one's moves are logged by name on the other's screen (the log is under the
        # board, or beside it behind a │ on a wide terminal).
        def logged(lines: list[str], name: str) -> bool:
            return any(part.strip().startswith(name) for x in lines for part in x.split("│"))

        await b.wait_until(lambda: logged(b.lines, host), "host logged")
        await a.wait_until(lambda: logged(a.lines, guest), "guest logged")


# -- a rematch ---------------------------------------------------------------------------------


async def finish_at_the_table(hall: Hall) -> None:
    """Play the humans' seats straight through the Table (the path their screens use) until
    the game ends: fast, for tests about what comes after a game."""
    assert hall.table is not None
    table, match = hall.table, hall.table.match
    async with asyncio.timeout(WAIT):
        while match.outcome() is None:
            for seat in match.to_act():
                if not table.is_bot(seat):
                    with contextlib.suppress(IllegalAction):
                        await table.submit(seat, match.legal(seat)[0], match.version)
            await asyncio.sleep(0.001)


@pytest.mark.timeout(30)
async def test_a_rematch_puts_both_players_at_the_new_table(tmp_path: Path) -> None:
    """After a game, the host proposes a rematch with r on the results and olek says he is
    ready with his: both players get the new deal."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        hall = table_of(served)
        first = hall.table
        await finish_at_the_table(hall)
        for player in (ala, olek):
            await player.wait_for([GAME_OVER, RESULTS])
        await ala.key(ENTER)
        await ala.wait_for(RESULTS)
        await ala.key(b"r")
        if RESULTS not in olek.text:
            await olek.key(ENTER)
        await olek.wait_for("Rematch: 2 of 3 ready; still to answer: olek")
        await olek.key(b"r")
        await until(lambda: hall.table is not first and hall.phase == "playing", "rematch")
        for player in (ala, olek):  # a new deal: 98 cards less three hands of two
            await player.wait_for("Draw pile 92 · Discard 0", timeout=3)
        assert hall.table is not None
        match = hall.table.match
        await play_until([ala, olek], lambda: match.version >= 3, timeout=15)


@pytest.mark.timeout(30)
async def test_a_refused_double_press_leaves_the_current_position_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "ddd" in one packet when neither card can be played: the first d asks, the second
    discards, the third comes when it is no longer ala's turn (the board answers it with the
    reason instead of sending it); ala's screen must then show the position after the
    discard — olek's turn, her empty hand — not the one before it."""

    def fixed_deal(setup: TableSetup) -> Match:  # seed 42: seat 1 must discard at once
        return Match.new(setup.slug, len(setup.seats), 42, setup.options)

    monkeypatch.setattr(TableSetup, "new_match", fixed_deal)
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        hall = table_of(served)
        assert hall.table is not None
        match = hall.table.match
        try:  # preconditions: not what this test is about, so not an AssertionError
            await ala.wait_for(DISCARD)
            await ala.settle()
            ala.send(b"ddd")  # ask, confirm, and one press too many: one SSH packet
            await until(lambda: match.version == 1, "the discard")
        except AssertionError as error:
            raise RuntimeError(f"the double press did not happen as planned: {error}") from None
        assert match.state.hands[0] == () and match.to_act() == frozenset({1})
        await quiet_all([ala], 0.3)
        await ala.wait_until(
            lambda: "Waiting for olek" in prompt_of(ala) and hand_of(ala) == (),
            "showing the position after the discard",
            timeout=3,
        )


# -- kill -9 and restart -----------------------------------------------------------------------


@pytest.mark.timeout(90)
async def test_a_server_killed_with_sigkill_restarts_into_the_same_game(tmp_path: Path) -> None:
    """``hunters serve`` in a subprocess: two players sit and play, the server gets SIGKILL,
    a new server on the same data dir has the same host key, and both players reconnect to
    the same board and hands, and play on."""
    data = tmp_path / "data"
    server = start_server_process(data, tmp_path / "first.log")
    restarted = None
    try:
        async with players(server.port, "ala", "olek") as (ala, olek):
            await seat_players(ala, olek)
            dealt = draw_pile(ala)
            assert dealt is not None

            def played_some() -> bool:
                shown = draw_pile(ala)
                return shown is not None and dealt is not None and shown <= dealt - 4

            await play_until([ala, olek], played_some, timeout=30)
            # Stop when a human is to act (no bot move in flight), every move has landed
            # (no output for a while) and both screens agree.
            async with asyncio.timeout(WAIT):
                while True:
                    await until(lambda: may_act(ala) or may_act(olek), "a human to act")
                    await quiet_all([ala, olek], 0.3)
                    both = (city_rows(ala), draw_pile(ala)) == (city_rows(olek), draw_pile(olek))
                    if both and (may_act(ala) or may_act(olek)):
                        break
            board, pile = city_rows(ala), draw_pile(ala)
            assert pile is not None
            hands = (hand_of(ala), hand_of(olek))
            assert GAME_OVER not in ala.text, "the game ended before the kill"
            server.kill()
            await ala.wait_until(lambda: ala.ended, "cut off by the kill")
            await olek.wait_until(lambda: olek.ended, "cut off by the kill")

        restarted = start_server_process(data, tmp_path / "second.log")
        assert restarted.fingerprint == server.fingerprint
        async with players(restarted.port, "ala", "olek", land=None) as (ala, olek):
            for player in (ala, olek):
                await player.wait_for("Your hand")
                await player.wait_until(partial(same_board, player, board), "on the same board")
            assert draw_pile(ala) == pile
            assert (hand_of(ala), hand_of(olek)) == hands
            assert "ala" in ala.text and "(your city)" in ala.text

            def moved_on() -> bool:
                shown = draw_pile(ala)
                return GAME_OVER in ala.text or (shown is not None and shown < pile)

            await play_until([ala, olek], moved_on, timeout=20)
    finally:
        server.kill()
        if restarted is not None:
            restarted.kill()
