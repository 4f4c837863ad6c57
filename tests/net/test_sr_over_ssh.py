"""Two SSH guests who get only what a screen reader gets (tests/sr/harness.py, issue #17)
play whole games at 80×24 against bots: the host starts the default table (two open
seats), both turn screen-reader mode on in the lobby's settings (o, then s, as the keys
line says), sit with the key the lobby names, and play to the results by the line at the
terminal cursor and the new lines alone. ``-s`` prints what the host's screen reader said.

Here (not under tests/sr/) because tests/conftest.py puts every test under tests/net/ in
the xdist group "net": one server at a time on the loopback.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from core.games import GAMES
from tests.net.e2e_helpers import players, running_server, server_state, terminal_state
from tests.sr.harness import (
    ESC,
    HEIGHT,
    RESULTS,
    WIDTH,
    NotReadable,
    Policy,
    ScreenReader,
    play_game,
    play_whoosh,
)

CTRL_S = b"\x13"


async def _screen_reader_on(sr: ScreenReader) -> None:
    """In the lobby: o (settings), s (screen-reader mode), Escape back; each heard."""

    def lobby() -> bool:  # an open seat, or the one the host was given
        return sr.heard_since(0, "to sit here") or sr.heard_since(0, "You sit on seat")

    await sr.wait(lobby, "the lobby", 10.0)
    mark = len(sr.heard)
    await sr.press(b"o")
    await sr.wait(lambda: sr.heard_since(mark, "Screen-reader mode: off"), "settings", 5.0)
    await sr.press(b"s")
    await sr.wait(lambda: sr.heard_since(mark, "Screen-reader mode: on"), "the mode on", 5.0)
    await sr.press(ESC)
    # Back in the lobby before the next key: an Escape followed at once by a digit is read
    # as Alt and the digit (the host, given its seat, no longer sits down in between).
    await sr.wait(lambda: "Screen-reader mode" not in sr.cursor_line(), "the lobby again", 5.0)


async def _sit(sr: ScreenReader, seat: int) -> None:
    """Press the seat's number, as the lobby says ("press 2 to sit here"), unless the
    lobby said the player sits there already (the host is given the first seat)."""
    if sr.heard_since(0, f"You sit on seat {seat}"):
        return
    mark = len(sr.heard)
    await sr.press(str(seat).encode())
    await sr.wait(lambda: sr.heard_since(mark, f"You sit on seat {seat}"), "seated", 5.0)


async def _play(sr: ScreenReader, slug: str, name: str, seed: int) -> Policy:
    if slug == "whoosh":
        return await play_whoosh(sr, name, timeout=150)
    return await play_game(sr, random.Random(seed), timeout=150)


@pytest.mark.timeout(200)
@pytest.mark.parametrize(
    "slug",
    # Three of the five over ssh (tests/sr/test_sr_local.py plays all five by the same
    # harness in a local app; the plain every-game-over-ssh test covers the other two
    # there): the longest game, the one whose pouches speak most, and the real-time one.
    # The CI run stays under 25 minutes.
    ["comic-hunters", "orb-hunters", "whoosh"],
)
async def test_two_screen_reader_guests_play_a_whole_game(slug: str, tmp_path: Path) -> None:
    """Both guests hear the results screen at the end, reached by choices they heard."""
    async with (
        running_server(tmp_path / "data", game=slug) as served,
        players(served.port, "ala", "olek", width=WIDTH, height=HEIGHT) as (ala, olek),
    ):
        host, guest = ScreenReader(ala), ScreenReader(olek)
        try:
            await ala.wait_for(f"{GAMES[slug].title}: table setup")
            await ala.settle()
            await host.press(CTRL_S)  # the setup comes before the settings can be reached
            for sr in (host, guest):
                await _screen_reader_on(sr)
            await _sit(host, 1)
            mark = len(host.heard)  # the host hears the guest sit down as it happens
            await _sit(guest, 2)
            await host.wait(lambda: host.heard_since(mark, "Press s to start"), "ready", 10.0)
            await host.press(b"s")
            played = await asyncio.gather(
                _play(host, slug, "ala", 1), _play(guest, slug, "olek", 2)
            )
        except NotReadable:
            # The server's state first: a CI log shows only the start of the output.
            print(f"\n--- the server's apps ---\n{server_state()}")
            print(f"\n--- the guest's terminal ---\n{terminal_state(olek)}")
            print(f"\n--- the guest's screen reader ({GAMES[slug].title}) ---")
            print("\n".join(guest.transcript[-150:]))
            raise
        finally:
            print(f"\n--- what the host's screen reader said ({GAMES[slug].title}) ---")
            print("\n".join(host.transcript))
        assert all(policy.moves > 0 for policy in played)
        for sr in (host, guest):
            assert sr.heard_since(len(sr.heard) - 40, RESULTS)
            if slug != "whoosh":  # bots and the other guest move between a guest's turns
                assert sr.heard_since(0, "Since your turn: ")
