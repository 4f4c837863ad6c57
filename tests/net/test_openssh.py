"""The real OpenSSH client against ``hunters serve``: what ``ssh -p PORT name@host`` gets.

``/usr/bin/ssh`` runs on a pseudo-terminal of 80×24 (TERM=xterm-256color), like a player's
terminal window; what it writes to that terminal is read from the pty's master side into a
pyte screen, and keys are typed into the master side. The server runs in this process on
127.0.0.1 port 0 (see e2e_helpers). A second player, where one is needed, uses asyncssh.
"""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import pytest

from tests.net.e2e_helpers import (
    SSH,
    WAIT,
    hand_of,
    kinds,
    openssh,
    play_until,
    players,
    running_server,
    seat_players,
)

pytestmark = pytest.mark.skipif(
    SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed"
)

QUIET_OPTIONS = (
    "-F",
    "/dev/null",
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "GlobalKnownHostsFile=/dev/null",
    "-o",
    "IdentitiesOnly=yes",
    "-o",
    "PreferredAuthentications=keyboard-interactive,none",
    "-o",
    "BatchMode=no",
    "-o",
    "LogLevel=ERROR",
)
"""``ssh`` options for a scripted client: no config, no known hosts, no keys of this machine."""


@pytest.mark.timeout(40)
async def test_openssh_host_sets_up_and_plays_moves_with_an_asyncssh_guest(
    tmp_path: Path,
) -> None:
    """OpenSSH on an 80×24 pty logs in without a key or password, gets the host's setup
    screen, sets the table up and plays by keys against an asyncssh player; leaving with
    ctrl+q restores the terminal and ssh exits with status 0."""
    async with (
        running_server(tmp_path / "data") as served,
        openssh(served.port, "ala", tmp_path / "home") as ala,
    ):
        await ala.wait_for("Superbohaterowie: table setup")
        assert served.hall.host == "ala"
        async with players(served.port, "olek", width=80, height=24) as (olek,):
            await olek.wait_for("Waiting for the host (ala)")
            await seat_players(ala, olek)
            hall = served.hall
            assert hall.table is not None
            match = hall.table.match
            await ala.wait_for("Your hand")
            await ala.wait_until(
                lambda: hand_of(ala) == kinds(match.state.hands[0]), "showing ala's hand"
            )

            def both_played() -> bool:
                seats = [step[0] for step in match.steps]
                return (seats.count(0) >= 2 and seats.count(1) >= 2) or hall.phase == "over"

            await play_until([ala, olek], both_played, timeout=25)
            assert [step[0] for step in match.steps].count(0) >= 1
            await ala.settle()
            if hall.phase == "playing":
                await ala.wait_until(lambda: hand_of(ala) == kinds(match.state.hands[0]), "in step")
        ala.send(b"\x11")  # ctrl+q leaves the table for the list of tables
        await ala.wait_for("Tables at this server")
        ala.send(b"\x11")  # and there quits the app
        assert await ala.exit_status() == 0
        await ala.wait_until(lambda: ala.ended, "closed")
        # The app's goodbye: bracketed paste off, wrap on, main screen, cursor shown; after
        # it only plain text (mid-game: how to come back to the seat she left).
        goodbye = b"\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h"
        after = bytes(ala.received[ala.received.rindex(goodbye) + len(goodbye) :])
        assert b"\x1b" not in after
        assert after == b"" or after.endswith(f"ssh -p {served.port} ala@127.0.0.1\r\n".encode())


@pytest.mark.timeout(20)
async def test_openssh_with_a_markup_name_is_told_why_and_let_go(tmp_path: Path) -> None:
    """``ssh -l '[@click=app.quit]'`` is disconnected before any login with one line saying
    what a name may be; the server holds no guest for it."""
    async with running_server(tmp_path / "data") as served:
        async with openssh(served.port, "[@click=app.quit]", tmp_path / "home", land=None) as term:
            assert await term.exit_status() == 255
            await term.wait_until(lambda: term.ended, "closed")
            said = term.received.decode("utf-8", "replace")
            assert "hunters: a name is 1-16 of A-Z a-z 0-9 _ . -" in said
            assert "[@click" not in said
        assert served.tables.listing() == ()


@pytest.mark.timeout(60)
async def test_openssh_without_a_terminal_is_told_why_every_time(tmp_path: Path) -> None:
    """``ssh -T`` twenty times in a row: every time the one-line reason reaches the player
    and ssh exits with status 1 (it was 12 in 20 while the shell request was refused)."""
    assert SSH is not None
    home = tmp_path / "home"
    home.mkdir()
    limits = {"rate_burst": 40, "rate_per_second": 40.0}
    async with running_server(tmp_path / "data", limits=limits) as served:
        told = []
        for attempt in range(20):
            ssh = await asyncio.create_subprocess_exec(
                SSH,
                "-T",
                *QUIET_OPTIONS,
                "-p",
                str(served.port),
                "-l",
                f"guest{attempt}",
                "127.0.0.1",
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env={"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
            )
            async with asyncio.timeout(WAIT):
                out, err = await ssh.communicate()
            told.append((ssh.returncode, out + err))
    reason = b"hunters: the game needs a terminal: connect with ssh -t\r\n"
    assert told == [(1, reason)] * 20
