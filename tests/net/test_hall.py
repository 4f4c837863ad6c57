"""The hall: host, setup, lobby, seats, drops with grace and stand-ins, record and resume."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.engine import IllegalAction
from core.match import Match
from core.recordfile import load_record
from core.table import Seat, TableSetup
from net.hall import OPEN, RECORD, Hall
from tests.net.hall_setups import TWO_OPEN_ONE_BOT, bare_hall, eventually, seated_hall


def test_the_first_guest_hosts_and_only_the_host_sets_up() -> None:
    """Olek cannot configure Ala's table."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    hall.arrive("olek")
    assert hall.host == "ala"
    with pytest.raises(IllegalAction, match=r"only the host \(ala\)"):
        hall.configure("olek", TWO_OPEN_ONE_BOT)


def test_the_same_name_cannot_be_at_the_table_twice() -> None:
    """A second connection under a connected name is refused."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    with pytest.raises(IllegalAction, match="already"):
        hall.arrive("ala")


def test_a_departing_host_hands_the_table_on_before_the_game() -> None:
    """The lobby is never left without a host."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    hall.arrive("olek")
    hall.depart("ala")
    assert hall.host == "olek"


def test_a_table_needs_an_open_seat_and_a_playable_setup() -> None:
    """All bots is refused; so is a seat count the game does not allow."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    with pytest.raises(IllegalAction, match="open"):
        hall.configure("ala", TableSetup("superbohaterowie", (Seat("a", "bot", "easy"),) * 2))
    with pytest.raises(ValueError, match="2–5 players"):
        hall.configure("ala", TableSetup("superbohaterowie", (Seat("a", OPEN),)))


def test_seats_are_taken_once_and_the_game_waits_for_all() -> None:
    """A taken seat is refused to others; start names the seats still empty."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    hall.arrive("olek")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    with pytest.raises(IllegalAction, match="taken by ala"):
        hall.take_seat("olek", 0)
    with pytest.raises(IllegalAction, match="not open"):
        hall.take_seat("olek", 2)
    with pytest.raises(IllegalAction, match="seat 2 still needs a player"):
        asyncio.run(hall.start("ala"))


async def test_starting_deals_a_recorded_game_with_the_players_names(tmp_path: Path) -> None:
    """The table gets the guests' names and every action goes to the record."""
    hall = await seated_hall(tmp_path)
    try:
        assert hall.phase == "playing" and hall.table is not None
        assert hall.table.names == ("ala", "olek", "Bot")
        match = hall.table.match
        await hall.table.submit(0, match.legal(0)[0])
        assert load_record(tmp_path / "data" / RECORD).save() == match.save()
    finally:
        await hall.close()


async def test_a_dropped_player_keeps_the_seat_then_a_bot_stands_in(tmp_path: Path) -> None:
    """After the grace period a bot plays the seat; when the player returns it leaves."""
    hall = await seated_hall(tmp_path, grace=0.1)
    try:
        assert hall.table is not None
        hall.depart("ala")
        assert not hall.table.is_bot(0)
        assert hall.table.update_for(1).notes[0].startswith("disconnected")
        await eventually(lambda: hall.table is not None and hall.table.is_bot(0))
        assert "bot plays" in hall.table.update_for(None).notes[0]
        await eventually(lambda: hall.table is not None and hall.table.match.version >= 1)
        hall.arrive("ala")
        assert not hall.table.is_bot(0) and hall.seats_of("ala") == {0}
        assert hall.table.update_for(1).notes == {}
    finally:
        await hall.close()


async def test_a_player_back_within_the_grace_period_gets_no_stand_in(tmp_path: Path) -> None:
    """Returning in time cancels the stand-in."""
    hall = await seated_hall(tmp_path, grace=0.2)
    try:
        hall.depart("ala")
        hall.arrive("ala")
        await asyncio.sleep(0.3)
        assert hall.table is not None and not hall.table.is_bot(0)
        assert hall.table.match.version == 0
    finally:
        await hall.close()


async def test_a_restarted_hall_resumes_the_game_and_seats(tmp_path: Path) -> None:
    """Resume replays the record; the players come back to their seats."""
    hall = await seated_hall(tmp_path)
    assert hall.table is not None
    match = hall.table.match
    for _ in range(3):
        seat = min(match.to_act())
        if seat == 2:
            await eventually(lambda: 2 not in match.to_act())
            continue
        await hall.table.submit(seat, match.legal(seat)[0])
    saved = match.save()
    await hall.close()

    again = bare_hall(tmp_path)
    assert await again.resume()
    try:
        assert again.table is not None and again.table.match.save() == saved
        assert again.phase == "playing"
        assert not again.guests["ala"].connected
        again.arrive("ala")
        assert again.seats_of("ala") == {0}
    finally:
        await again.close()


async def test_the_end_of_a_game_files_the_record_away(tmp_path: Path) -> None:
    """A finished game is kept as finished-*.rec; the table shows results; rematch deals anew."""
    hall = await seated_hall(tmp_path)
    try:
        assert hall.table is not None
        hall.table.stand_in(0, "random")
        hall.table.stand_in(1, "random")
        await eventually(lambda: hall.phase == "over", timeout=20)
        data = tmp_path / "data"
        assert not (data / RECORD).exists()
        finished = list(data.glob("finished-*.rec"))
        assert len(finished) == 1 and load_record(finished[0]).outcome() is not None
        await hall.rematch("ala")
        await hall.rematch("olek")  # each player says they are ready (see test_host_controls)
        assert hall.phase == "playing" and isinstance(hall.table.match, Match)
    finally:
        await hall.close()


async def test_a_rematch_without_a_player_who_left_waits_for_his_seat(tmp_path: Path) -> None:
    """Olek left during the game: the rematch proposed, his seat is open in the lobby instead
    of failing, and the rematch starts once somebody takes it."""
    hall = await seated_hall(tmp_path)
    try:
        assert hall.table is not None
        hall.depart("olek")
        hall.table.stand_in(0, "random")
        hall.table.stand_in(1, "random")
        await eventually(lambda: hall.phase == "over", timeout=20)
        changes: list[str] = []
        hall.subscribe(lambda: changes.append(hall.phase))
        await hall.rematch("ala")
        assert hall.phase == "over" and changes == ["over"]
        assert hall.missing() == [1] and "olek" not in hall.guests
        hall.arrive("ewa")
        hall.take_seat("ewa", 1)
        await eventually(lambda: hall.phase == "playing")
    finally:
        await hall.close()


KEY_A = "SHA256:" + "A" * 43
KEY_B = "SHA256:" + "B" * 43


async def test_a_key_cannot_take_a_name_a_keyless_guest_holds(tmp_path: Path) -> None:
    """Keyless ala, connected or dropped with her seat waiting: no key gets "ala" (in any
    letter case); ala herself comes back keyless."""
    hall = await seated_hall(tmp_path)
    try:
        with pytest.raises(IllegalAction, match="ala is already at this table"):
            hall.arrive("ala", KEY_A)
        hall.depart("ala")
        for name in ("ala", "ALA"):
            with pytest.raises(IllegalAction, match="ala"):
                hall.arrive(name, KEY_A)
        assert not hall.guests["ala"].connected and "ALA" not in hall.guests
        assert hall.arrive("ala").seat == 0
        assert hall.guests["ala"].fingerprint is None
    finally:
        await hall.close()


async def test_a_name_held_by_a_key_is_that_keys_only(tmp_path: Path) -> None:
    """Olek sat down with key A and dropped: neither key B nor a keyless login gets his
    seat; key A does."""
    hall = bare_hall(tmp_path)
    hall.arrive("ala")
    hall.arrive("olek", KEY_A)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    hall.take_seat("olek", 1)
    await hall.start("ala")
    try:
        hall.depart("olek")
        with pytest.raises(IllegalAction, match="olek"):
            hall.arrive("olek", KEY_B)
        with pytest.raises(IllegalAction, match="olek"):
            hall.arrive("olek")
        assert hall.arrive("olek", KEY_A).seat == 1
    finally:
        await hall.close()


def test_names_at_the_table_differ_by_more_than_letter_case() -> None:
    """With ala at the table, "Ala" is refused (as in the key book, "Alice" is "alice")."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    with pytest.raises(IllegalAction, match="ala is already at this table"):
        hall.arrive("Ala")
    assert list(hall.guests) == ["ala"]


def test_a_guest_who_left_the_lobby_holds_no_name() -> None:
    """Before the game a guest who leaves keeps no seat, so their name is free again, for
    a key too."""
    hall = Hall(Path("/nonexistent"))
    hall.arrive("ala")
    hall.arrive("olek")
    hall.depart("olek")
    assert hall.arrive("olek", KEY_A).fingerprint == KEY_A


async def test_a_resumed_seat_goes_to_the_key_the_key_book_names(tmp_path: Path) -> None:
    """The record keeps names, not keys: after a restart olek's seat goes to the key his
    name is bound to, and ala's (an unbound name) to a keyless login only."""
    hall = await seated_hall(tmp_path)
    await hall.close()
    again = bare_hall(tmp_path)
    assert await again.resume()
    try:
        with pytest.raises(IllegalAction, match="olek"):
            again.arrive("olek", KEY_B, bound_key=KEY_A)
        assert again.arrive("olek", KEY_A, bound_key=KEY_A).seat == 1
        assert again.guests["olek"].fingerprint == KEY_A
        with pytest.raises(IllegalAction, match="ala"):
            again.arrive("ala", KEY_B)
        assert again.arrive("ala").seat == 0
    finally:
        await again.close()
