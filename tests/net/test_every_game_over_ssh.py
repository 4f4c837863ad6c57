"""Every game plays to the end over SSH: two players connect with asyncssh, switch their own
apps to screen-reader mode (a list of choices, the same steps as the boxed board), sit, and
play by keys — Down a few times or End, Enter — until the game is over; the server's outcome is
what both screens then say.

This is the path a remote player takes for every game, whatever its board looks like.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from core.games import GAMES
from tests.net.e2e_helpers import (
    CTRL_S,
    DOWN,
    ENTER,
    ESC,
    WAIT,
    Player,
    players,
    running_server,
)

YOUR_TURN = "▶ Your turn"
END = b"\x1b[F"
SUMMARY = "Enter: close"
"""The last line of a milestone's summary at a served table: "Enter: close (the table plays
on meanwhile)", or at the end "Enter: close, then Enter again for the results"."""


async def _screen_reader_on(player: Player) -> None:
    """The settings screen from the lobby (o), its first line (screen reader), back."""
    await player.key(b"o")
    await player.wait_for("Screen-reader mode: off")
    await player.key(ENTER)
    await player.wait_for("Screen-reader mode: on")
    await player.key(ESC)


async def _play_to_the_end(
    movers: list[Player], over: object, rng: random.Random, timeout: float
) -> int:
    """Each player whose settled screen says it is their turn picks one of the first few
    choices; the number of keys pressed."""
    pressed = 0
    async with asyncio.timeout(timeout):
        while not over():  # type: ignore[operator]
            moved = False
            for player in movers:
                if SUMMARY in player.text:  # a milestone's summary: read, then play on
                    player.send(ENTER)
                    await player.wait_gone(SUMMARY)
                    continue
                if YOUR_TURN not in player.lines[0]:
                    continue
                await player.settle()
                if YOUR_TURN not in player.lines[0] or over():  # type: ignore[operator]
                    continue
                if rng.random() < 0.25:
                    # The last choice: it ends a phase (never the default), and a game with
                    # long lists (Comic Hunters' Assemble: play, take back) needs it to go on.
                    player.send(END)
                else:
                    for _ in range(rng.randrange(3)):
                        player.send(DOWN)
                player.send(ENTER)
                pressed += 1
                moved = True
                await asyncio.sleep(0.02)
            if not moved:
                await asyncio.sleep(0.02)
    return pressed


SCREEN_READER_OVER_SSH = ("comic-hunters", "orb-hunters", "whoosh")
"""The games tests/net/test_sr_over_ssh.py plays to the end over ssh with the apps in the
server process, by the same road (two guests, the default table, screen-reader mode)."""
MODES_AND_GAMES = [
    *(("in-process", slug) for slug in sorted(GAMES) if slug not in SCREEN_READER_OVER_SSH),
    *(("workers", slug) for slug in SCREEN_READER_OVER_SSH if slug != "comic-hunters"),
]
"""Every game over ssh once more: the two the screen-reader test leaves, with the apps in
the server process, and Orb Hunters and Whoosh drawn by a render worker (see
tests/net/conftest.py's ``each_mode``; render workers also play a whole game in
test_render_workers.py and three tables in test_hall_tables.py). The CI run stays under 25
minutes."""


@pytest.mark.timeout(180)
@pytest.mark.usefixtures("each_mode")
@pytest.mark.parametrize(("each_mode", "slug"), MODES_AND_GAMES, indirect=["each_mode"])
async def test_two_ssh_players_play_a_whole_game(slug: str, tmp_path: Path) -> None:
    """The host accepts the default table (two open seats, bots for the rest), both sit
    and play by keys to the end, and both are told the game is over."""
    async with (
        running_server(tmp_path / "data", game=slug) as served,
        players(served.port, "ala", "olek") as (ala, olek),
    ):
        await ala.wait_for(f"{GAMES[slug].title}: table setup")
        await ala.settle()
        await ala.key(CTRL_S)
        for player in (ala, olek):
            await player.wait_for("press 2 to sit here")
            await _screen_reader_on(player)
        await ala.key(b"1")
        await ala.wait_for("You sit on seat 1.")
        await olek.key(b"2")
        await olek.wait_for("You sit on seat 2.")
        missing = served.hall.missing()
        assert not missing, f"the default table has more open seats: {missing}"
        await ala.wait_for("Press s to start.")
        await ala.key(b"s")
        hall = served.hall
        pressed = await _play_to_the_end(
            [ala, olek], lambda: hall.phase == "over", random.Random(slug), timeout=150
        )
        assert pressed > 0
        assert hall.table is not None and hall.table.match.outcome() is not None
        for player in (ala, olek):
            # The game's last summary may cover the table: read, closed, then the table.
            await player.wait_for([SUMMARY, "Game over"], timeout=WAIT)
            if SUMMARY in player.text:
                player.send(ENTER)
                await player.wait_gone(SUMMARY)
            await player.wait_for("Game over", timeout=WAIT)
