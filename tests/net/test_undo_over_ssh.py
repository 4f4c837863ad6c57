"""Take-backs at a served table (#16): off unless the host allows them; a player's `u` asks
every other player at the table, and the move is taken back (through the Table and Match,
its record rewritten) only when all agree within the time; a refusal or silence lets it
stand. In the hall, then over SSH (apps in the server process and in render workers)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.engine import IllegalAction, with_names
from core.games import GAMES
from core.table import Seat, Table, TableSetup, Update
from net import hall as hall_module
from net.hall import OPEN, Hall
from net.host_menu import TAKE_BACKS_ON
from tests.net.e2e_helpers import (
    Player,
    until,
)
from tests.net.hall_setups import choose_in_host_menu, seated_hall, seated_over_ssh, told


@pytest.fixture
def nothing_revealed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Superbohaterowie's placements draw a card (news: never taken back); here none is."""
    game = type(GAMES["superbohaterowie"])
    monkeypatch.setattr(game, "reveals", lambda self, state, seat, action: False, raising=False)
    yield


async def _ala_moves(hall: Hall) -> None:
    table = hall.table
    assert table is not None and 0 in table.match.to_act()
    await table.submit(0, table.match.legal(0)[0])


async def _asked(tmp_path: Path) -> tuple[Hall, Table]:
    """The seated hall with take-backs allowed, ala's move made and her take-back asked."""
    hall = await seated_hall(tmp_path)
    hall.set_take_backs("ala", True)
    await _ala_moves(hall)
    assert hall.table is not None
    hall.ask_take_back("ala")
    return hall, hall.table


@pytest.mark.usefixtures("nothing_revealed")
async def test_take_backs_are_off_unless_the_host_allows_them(tmp_path: Path) -> None:
    hall = await seated_hall(tmp_path)
    try:
        await _ala_moves(hall)
        with pytest.raises(IllegalAction, match="take-backs are off at this table"):
            hall.ask_take_back("ala")
        with pytest.raises(IllegalAction, match=r"only the host \(ala\)"):
            hall.set_take_backs("olek", True)
        hall.set_take_backs("ala", True)
        assert told(hall, "olek")[-1].startswith("The host (ala) allows take-backs")
        with pytest.raises(IllegalAction, match="someone else has moved"):
            hall.ask_take_back("olek")
    finally:
        await hall.close()


async def test_a_restart_keeps_the_host_s_take_back_rule(tmp_path: Path) -> None:
    """The host allowed take-backs mid-game: a server started again on the data dir resumes
    the game with them allowed (it resumed with them off); turned off, a restart keeps
    them off, with a game under way or none."""
    hall = await seated_hall(tmp_path)
    hall.set_take_backs("ala", True)
    await hall.close()
    again = Hall(tmp_path / "data", bot_delay=0, idle=0)
    try:
        assert await again.resume() is True and again.take_backs is True
        again.arrive("ala")
        again.set_take_backs("ala", False)
        await again.end_game("ala")
    finally:
        await again.close()
    last = Hall(tmp_path / "data", bot_delay=0, idle=0)
    assert await last.resume() is False and last.take_backs is False


@pytest.mark.usefixtures("nothing_revealed")
async def test_a_move_is_taken_back_when_everyone_agrees_and_a_restart_resumes_without_it(
    tmp_path: Path,
) -> None:
    """olek is asked (the bot is not); the bot waits meanwhile; his y takes ala's move
    back, everyone is told, and a server started again on the data dir resumes the game
    without the move (the record was rewritten)."""
    hall = await seated_hall(tmp_path)
    try:
        hall.set_take_backs("ala", True)
        table = hall.table
        assert table is not None
        before = len(table.recent)
        await _ala_moves(hall)
        assert len(table.match.steps) == 1
        hall.ask_take_back("ala")
        assert hall.take_back_waits == {"olek"} and table.held == {"take-back"}
        # What everyone read of the move (e.g. "ala places a giant spider in Berlin (ala),
        # space 3."), without its first word: the question names the move it is about.
        moved = with_names(table.recent[before], table.names)
        assert moved.startswith("ala ") and moved.endswith(".")
        assert told(hall, "olek")[-1] == (
            f"ala asks to take back their last move: {moved.removeprefix('ala ')} "
            "Press y to agree, n to refuse (within 30 s)."
        )
        with pytest.raises(IllegalAction, match="nobody is asking you"):
            hall.answer_take_back("ala", True)
        hall.answer_take_back("olek", True)
        assert table.match.steps == () and not hall.take_back_waits and not table.held
        assert told(hall, "olek")[-1] == "ala's last move is taken back (everyone agreed)."
        assert table.recent[-1] == f"{{p0}} took back their move: {table.recent[before][5:]}"
    finally:
        await hall.close()
    again = Hall(tmp_path / "data", bot_delay=0, idle=0)
    try:
        assert await again.resume() is True
        assert again.table is not None and again.table.match.steps == ()
        await _ala_moves(again)  # and the game goes on from there, recorded
    finally:
        await again.close()
    last = Hall(tmp_path / "data", bot_delay=0, idle=0)
    try:
        assert await last.resume() is True
        assert last.table is not None and len(last.table.match.steps) == 1
    finally:
        await last.close()


class Watcher:
    """A participant of the table that keeps every event text it is shown."""

    def __init__(self, *seats: int) -> None:
        self.seats = frozenset(seats)
        self.read: list[str] = []

    def deliver(self, update: Update) -> None:
        self.read.extend(event["text"] for event in update.events)
        self.read.extend(update.earlier)


async def test_the_question_and_the_take_back_never_name_a_card_only_its_player_saw(
    tmp_path: Path,
) -> None:
    """Comic Hunters' Store draft: ala's pick is hers alone ("{p0} picks a card." is all the
    others read). Asked to take it back, olek and eve read that line, never the card; nor
    does the line saying it was taken back name it (it did: "ala took back: pick <card>")."""
    hall = Hall(tmp_path / "data", bot_delay=0, idle=0)
    for name in ("ala", "olek", "eve"):
        hall.arrive(name)
    hall.configure("ala", TableSetup("comic-hunters", (Seat("open", OPEN),) * 3))
    for seat, name in enumerate(("ala", "olek", "eve")):
        hall.take_seat(name, seat)
    await hall.start("ala")
    try:
        hall.set_take_backs("ala", True)
        table = hall.table
        assert table is not None
        olek, spectator = Watcher(1), Watcher()
        table.join(olek)
        table.join(spectator)
        pick = table.match.legal(0)[0]
        card = table.match.describe(pick).removeprefix("pick ")
        assert pick[0] == "pick" and card
        await table.submit(0, pick)
        hall.ask_take_back("ala")
        assert told(hall, "olek")[-1] == (
            "ala asks to take back their last move: picks a card. "
            "Press y to agree, n to refuse (within 30 s)."
        )
        hall.answer_take_back("olek", True)
        hall.answer_take_back("eve", True)
        assert table.match.steps == ()
        assert table.recent[-1] == "{p0} took back their move: picks a card."
        others_read = [*told(hall, "olek"), *told(hall, "eve"), *olek.read, *spectator.read]
        assert others_read and not [line for line in others_read if card in line]
        assert not [line for line in table.recent if card in line]
    finally:
        await hall.close()


@pytest.mark.usefixtures("nothing_revealed")
async def test_a_move_made_while_asked_lets_the_move_stand_and_ends_the_question(
    tmp_path: Path,
) -> None:
    """olek plays his turn instead of answering: ala's move stands, the question is over
    (his y then answers nothing), and everyone reads why."""
    hall, table = await _asked(tmp_path)
    try:
        await table.submit(1, table.match.legal(1)[0])
        await asyncio.sleep(0.05)
        assert not hall.take_back_waits and not table.held and len(table.match.steps) >= 2
        assert told(hall, "olek")[-1] == "Another move was made meanwhile: ala's move stands."
        with pytest.raises(IllegalAction, match="nobody is asking you"):
            hall.answer_take_back("olek", True)
    finally:
        await hall.close()


@pytest.mark.usefixtures("nothing_revealed")
async def test_a_refusal_or_silence_lets_the_move_stand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hall_module, "TAKE_BACK_WAIT", 0.2)
    hall, table = await _asked(tmp_path)
    try:
        hall.answer_take_back("olek", False)
        assert len(table.match.steps) == 1 and not table.held
        assert told(hall, "ala")[-1] == "olek refused: ala's move stands."
        hall.ask_take_back("ala")
        await asyncio.sleep(0.4)
        assert len(table.match.steps) == 1 and not hall.take_back_waits and not table.held
        assert told(hall, "ala")[-1] == "No answer from olek in 0.2 s: ala's move stands."
    finally:
        await hall.close()


def _log_says(player: Player, words: str) -> bool:
    """Whether the log column (beside the board, right of its rule) says ``words``, its
    wrapped lines joined (the log's narrow column shows the end of a long line at least)."""
    column = " ".join(line.rsplit("│", 1)[-1].strip() for line in player.lines if "│" in line)
    return words in " ".join(column.split())


async def _reads(player: Player, words: str) -> None:
    await player.wait_until(lambda: _log_says(player, words), f"reading {words!r}")


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("each_mode", "nothing_revealed")
async def test_over_ssh_a_move_is_taken_back_once_the_other_player_agrees(
    tmp_path: Path,
) -> None:
    """ala's u says take-backs are off; the host menu allows them; after her move her u
    asks olek, whose y takes it back: both logs say so, and the match has no move. Her
    next move, asked about again, stands at his n."""
    async with seated_over_ssh(tmp_path) as (served, table, ala, olek):
        hall = served.hall
        await ala.key(b"u")
        await ala.wait_for("Take-backs are off at this table")
        await choose_in_host_menu(ala, TAKE_BACKS_ON)
        await _reads(olek, "it is taken back if every other player agrees.")
        await table.submit(0, table.match.legal(0)[0])  # ala's move (its keys: other tests)
        await ala.key(b"u")
        await until(lambda: hall.take_back_waits == {"olek"}, "olek asked")
        await _reads(olek, "n to refuse (within 30 s).")
        await olek.key(b"y")
        await until(lambda: table.match.steps == (), "the move taken back")
        for player in (ala, olek):
            await _reads(player, "move is taken back (everyone agreed).")
        assert not hall.take_back_waits and not table.held
        await table.submit(0, table.match.legal(0)[0])  # again; this time olek refuses
        await ala.key(b"u")
        await until(lambda: hall.take_back_waits == {"olek"}, "olek asked again")
        await olek.key(b"n")
        for player in (ala, olek):
            await _reads(player, "olek refused: ala's move stands.")
        assert len(table.match.steps) == 1 and not table.held


@pytest.mark.usefixtures("nothing_revealed")
async def test_with_only_bots_to_ask_the_move_is_taken_back_at_once(tmp_path: Path) -> None:
    """olek left his seat (a bot plays it): nobody is asked, and ala's u takes it back."""
    hall = await seated_hall(tmp_path)
    try:
        table = hall.table
        assert table is not None
        table.bot_delay = 5.0  # the bot playing for olek must not move before ala's u
        hall.set_take_backs("ala", True)
        hall.leave_seat("olek")
        await _ala_moves(hall)
        hall.ask_take_back("ala")
        assert table.match.steps == () and not hall.take_back_waits
        assert told(hall, "ala")[-1] == (
            "ala's last move is taken back (nobody else at the table had to agree)."
        )
    finally:
        await hall.close()
