"""The idle timer end to end: a player who presses nothing is told why and disconnected.

The real server on 127.0.0.1 port 0 with a short ``idle_timeout``, players with asyncssh
clients reading their terminals through pyte (tests/net/e2e_helpers.py). Idle means no input
bytes from the player: output the server keeps sending (other players' moves) does not count.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.e2e_helpers import (
    SSH,
    WAIT,
    Player,
    connect,
    hand_of,
    host_table,
    kinds,
    openssh,
    running_server,
    until,
)

LEAVE_SCREEN = b"\x1b[?1049l"
"""What the game sends to give the player's terminal back (net.driver: main screen)."""


async def farewell(player: Player) -> bytes:
    """What the server said on stderr by the time the session ended."""
    assert player.process is not None
    await player.wait_until(lambda: player.ended, "disconnected", timeout=WAIT)
    return bytes(await player.process.stderr.read())


@pytest.mark.timeout(30)
async def test_an_idle_host_gets_the_terminal_back_and_one_line_why(tmp_path: Path) -> None:
    """Idle timeout 1 s: ala, on the setup screen, presses nothing; the game gives her
    terminal back, the server says why in one line, and the hall sees her leave."""
    limits = {"idle_timeout": 1.0}
    async with running_server(tmp_path / "data", limits=limits) as served:
        ala = await connect(served.port, "ala")
        try:
            await ala.wait_for("table setup")
            said = await farewell(ala)
            assert said == b"hunters: no key pressed for 1 s, so the server hung up; " + (
                b"connect again to come back\r\n"
            )
            assert LEAVE_SCREEN in ala.received
            await until(lambda: not served.hall.guests["ala"].connected, "ala gone")
        finally:
            await ala.close()


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed")
@pytest.mark.timeout(30)
async def test_openssh_shows_the_reason_on_the_terminal_it_got_back(tmp_path: Path) -> None:
    """With the real ssh on a pty: after the game's goodbye (main screen, cursor shown) the
    reason is the line the player finds in their terminal, and ssh exits."""
    async with (
        running_server(tmp_path / "data", limits={"idle_timeout": 1.0}) as served,
        openssh(served.port, "ala", tmp_path / "home") as ala,
    ):
        await ala.wait_for("table setup")
        await ala.exit_status()
        await ala.wait_until(lambda: ala.ended, "closed")
        goodbye = ala.received.rindex(LEAVE_SCREEN)
        reason = ala.received.index(b"hunters: no key pressed for 1 s")
        assert goodbye < reason


@pytest.mark.timeout(60)
async def test_an_idle_seated_player_is_dropped_and_the_seat_waits_for_them(
    tmp_path: Path,
) -> None:
    """Idle timeout 3 s: olek sits down, then presses nothing while the game goes on. He is
    disconnected with the reason, his seat is held for him as after any drop, and he comes
    back to it with his hand."""
    limits = {"idle_timeout": 3.0}
    async with running_server(tmp_path / "data", grace=60, limits=limits) as served:
        ala = await connect(served.port, "ala")
        olek: Player | None = None
        try:
            await host_table(ala)
            olek = await connect(served.port, "olek")
            for index, player in enumerate((ala, olek), 1):
                await player.wait_for("press 2 to sit here")
                await player.key(str(index).encode())
                await player.wait_for(f"You sit on seat {index}.")
            await ala.key(b"s")
            await olek.wait_for("Your hand")
            hall = served.hall

            said = await farewell(olek)
            assert said.startswith(b"hunters: no key pressed for 3 s")
            await until(lambda: not hall.guests["olek"].connected, "olek gone")
            assert hall.phase == "playing" and hall.guests["olek"].seat == 1
            assert hall.table is not None and not hall.table.is_bot(1)
            assert hall.table.update_for(0).notes[1].startswith("disconnected")

            again = await connect(served.port, "olek")
            try:
                await again.wait_for("London — olek (your city)")
                await again.wait_until(
                    lambda: (
                        hall.table is not None
                        and hand_of(again) == kinds(hall.table.match.state.hands[1])
                    ),
                    "showing olek's hand",
                )
                assert hall.guests["olek"].connected
            finally:
                await again.close()
        finally:
            await ala.close()
            if olek is not None:
                await olek.close()
