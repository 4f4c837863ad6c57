"""Names at a served table end to end: a key cannot take a name a player holds at the table.

The real server on 127.0.0.1 port 0, players with asyncssh clients reading their terminals
through pyte (tests/net/e2e_helpers.py). A squatter is a client with a fresh key that logs in
under the name of a keyless player seated at the table: the table must refuse them, and the
key book must not bind the name to their key (a bound name is refused to keyless logins,
which would lock the real player out of their own seat and give the squatter its hand).
"""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from core.db import DB_FILE, Database
from net.identity import KEYBOOK_FILE, KeyBook
from tests.net.e2e_helpers import (
    Player,
    Served,
    connect,
    hand_of,
    kinds,
    play_until,
    players,
    running_server,
    seat_players,
    until,
)


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def bound(served: Served, name: str) -> str | None:
    """The key the server's key book (as saved, in the players' database) binds ``name`` to."""
    with Database.open(served.data_dir / DB_FILE) as db:
        return KeyBook(served.data_dir / KEYBOOK_FILE, database=db).key_of(name)


def moves_by(served: Served, seat: int) -> int:
    """Accepted actions of ``seat`` in the current game."""
    table = served.hall.table
    assert table is not None
    return sum(1 for step in table.match.steps if step[0] == seat)


async def refused(served: Served, name: str, key: asyncssh.SSHKey) -> str:
    """Log in as ``name`` with ``key``; the refusal the table shows (it must show one)."""
    squatter = await connect(served.port, name, client_keys=[key])
    try:
        await squatter.wait_for("Cannot join:")
        assert "Your hand" not in squatter.text
        return next(line.strip() for line in squatter.lines if "Cannot join:" in line)
    finally:
        await squatter.close()


async def back_at_seat(player: Player, served: Served, seat: int, city: str) -> None:
    """``player`` sees their own city and hand again."""
    table = served.hall.table
    assert table is not None
    await player.wait_for(f"{city} — {player.name} (your city)")
    await player.wait_until(
        lambda: hand_of(player) == kinds(table.match.state.hands[seat]), "showing their hand"
    )
    assert served.hall.guests[player.name].connected


async def both_play(served: Served, ala: Player, olek: Player) -> None:
    """Ala (seat 1) and olek (seat 2) each make a move by keys (or the game ends)."""
    ala_moves, olek_moves = moves_by(served, 0), moves_by(served, 1)
    await play_until(
        [ala, olek],
        lambda: (
            (moves_by(served, 0) > ala_moves and moves_by(served, 1) > olek_moves)
            or served.hall.phase != "playing"
        ),
        timeout=20,
    )


@pytest.mark.timeout(60)
async def test_a_key_cannot_take_the_name_of_a_keyless_player_at_the_table(
    tmp_path: Path,
) -> None:
    """Keyless ala sits and plays. A squatter with a key logs in as "ala" (and "ALA") while
    she is connected, and again while she has dropped and her seat waits for her: refused
    each time, never shown her hand, and "ala" stays unbound; ala gets back in keyless."""
    key = new_key()
    async with (
        running_server(tmp_path / "data", grace=60) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await seat_players(ala, olek)
        await both_play(served, ala, olek)

        assert "ala is already at this table" in await refused(served, "ala", key)
        assert bound(served, "ala") is None

        ala.abort()
        await until(lambda: not served.hall.guests["ala"].connected, "ala marked as gone")
        for name in ("ala", "ALA"):
            await refused(served, name, key)
            assert bound(served, name) is None
        assert served.hall.guests["ala"].seat == 0
        assert not served.hall.guests["ala"].connected

        again = await connect(served.port, "ala")
        try:
            await back_at_seat(again, served, 0, "Berlin")
            await both_play(served, again, olek)
        finally:
            await again.close()
        assert bound(served, "ala") is None


@pytest.mark.timeout(90)
async def test_after_a_restart_a_key_gets_its_seat_back_and_a_keyless_seat_stays_keyless(
    tmp_path: Path,
) -> None:
    """Olek plays with a key, ala without. The server restarts into the same game (its
    record keeps names, not keys): the key book gives olek's seat to olek's key only, and
    ala's seat to keyless ala only, not to a squatter's key."""
    olek_key, squatter_key = new_key(), new_key()
    data = tmp_path / "data"
    async with running_server(data, grace=60) as served:
        async with players(served.port, "ala") as (ala,):
            olek = await connect(served.port, "olek", client_keys=[olek_key])
            try:
                await seat_players(ala, olek)
                await both_play(served, ala, olek)
            finally:
                await olek.close()
        assert bound(served, "olek") is not None

    async with running_server(data, grace=60) as served:
        assert served.hall.phase == "playing"
        await refused(served, "ala", squatter_key)
        assert bound(served, "ala") is None
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(served.port, "olek")  # keyless under a bound name: not even in
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(served.port, "olek", client_keys=[squatter_key])

        async with players(served.port, "ala") as (ala,):
            olek = await connect(served.port, "olek", client_keys=[olek_key])
            try:
                await back_at_seat(olek, served, 1, "London")
                await back_at_seat(ala, served, 0, "Berlin")
                await both_play(served, ala, olek)
            finally:
                await olek.close()
        assert bound(served, "ala") is None
