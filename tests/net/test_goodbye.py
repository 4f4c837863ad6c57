"""Goodbyes: closing the table tells every guest why and gives their terminal back.

The real server on 127.0.0.1 port 0 (tests/net/e2e_helpers.py) with asyncssh players and the
real OpenSSH client; ``hunters serve`` as a subprocess for its signals; the driver against
test_driver's stand-in channel for a slow reader's goodbye.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from net.driver import WRITE_LIMIT
from net.serve import CLOSING_QUESTION, ClosingGuard
from tests.net.e2e_helpers import (
    CTRL_S,
    SSH,
    WAIT,
    Player,
    Terminal,
    connect,
    on_pty,
    openssh,
    running_server,
    seat_players,
    start_server_process,
    stop_server,
    until,
)
from tests.net.test_driver import FakeChannel, running
from tests.net.test_host import CTRL_Q, _env, _host_argv

ENTER_SCREEN = b"\x1b[?1049h"
LEAVE = b"\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h"
"""The game's goodbye to a terminal: bracketed paste off, wrap on, main screen, cursor shown."""
SAVED = b"The table is closing; the game is saved."


def come_back(port: int, name: str) -> bytes:
    return f"come back to your seat with: ssh -p {port} {name}@127.0.0.1".encode()


def restored(term: Terminal) -> bytes:
    """What reached ``term`` after the game gave it back (AssertionError if it never did):
    the terminal's last mode change must be the goodbye."""
    data = bytes(term.received)
    assert data.count(ENTER_SCREEN) >= 1, "the game never took the screen"
    end = data.rfind(LEAVE)
    assert end > data.rfind(ENTER_SCREEN), f"the terminal was not given back: {data[-200:]!r}"
    after = data[end + len(LEAVE) :]
    assert b"\x1b" not in after, f"escape sequences after the goodbye: {after!r}"
    return after


async def stderr_of(player: Player) -> bytes:
    """What the server said on stderr by the time the session ended."""
    assert player.process is not None
    await player.wait_until(lambda: player.ended, "disconnected", timeout=WAIT)
    return bytes(await player.process.stderr.read())


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("each_mode")
async def test_shutdown_mid_game_tells_every_guest_and_gives_terminals_back(
    tmp_path: Path,
) -> None:
    """Two seated players and a spectator; the server stops: each gets the terminal back
    (main screen, cursor shown) and then the line that the game is saved and how to come
    back; the seated ones to their seat."""
    async with running_server(tmp_path / "data") as served:
        ala = await connect(served.port, "ala")
        olek = await connect(served.port, "olek")
        ewa: Player | None = None
        try:
            await seat_players(ala, olek)
            ewa = await connect(served.port, "ewa")
            await ewa.wait_for("London")
            assert served.hall.phase == "playing"
            await stop_server(served.task)
            for player, seated in ((ala, True), (olek, True), (ewa, False)):
                said = await stderr_of(player)
                assert said.startswith(SAVED), said
                if seated:
                    assert come_back(served.port, player.name) in said
                else:
                    assert f"come back with: ssh -p {served.port} ewa@".encode() in said
                assert said.endswith(b"\r\n") and said.count(b"\r\n") == 1
                assert restored(player) == b""
                assert player.process is not None and player.process.exit_status == 0
        finally:
            for player in (ala, olek, ewa):
                if player is not None:
                    await player.close()


@pytest.mark.timeout(30)
async def test_shutdown_before_a_game_says_goodbye_without_a_game(tmp_path: Path) -> None:
    """Nobody plays yet: the line says the table is closing, not that a game was saved."""
    async with running_server(tmp_path / "data") as served:
        ala = await connect(served.port, "ala")
        try:
            await ala.wait_for("table setup")
            await stop_server(served.task)
            assert await stderr_of(ala) == b"The table is closing. Thank you for playing!\r\n"
            restored(ala)
        finally:
            await ala.close()


@pytest.mark.timeout(60)
@pytest.mark.render_workers  # about render workers only: its server always runs one
async def test_shutdown_with_render_workers_gives_terminals_back(tmp_path: Path) -> None:
    """The guests' apps run in a render worker: the goodbye reaches them all the same."""
    async with running_server(tmp_path / "data", render_workers=1) as served:
        ala = await connect(served.port, "ala")
        try:
            await ala.wait_for("table setup")
            await stop_server(served.task)
            assert (await stderr_of(ala)).startswith(b"The table is closing.")
            restored(ala)
        finally:
            await ala.close()


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed")
@pytest.mark.timeout(60)
async def test_openssh_terminal_is_restored_when_the_table_closes(tmp_path: Path) -> None:
    """The real ssh on a pty, seated in a game: when the server stops, the raw bytes give
    the terminal back (main screen, cursor shown) and then only the goodbye line follows;
    ssh exits on its own with status 0."""
    async with (
        running_server(tmp_path / "data") as served,
        openssh(served.port, "ala", tmp_path / "home") as ala,
    ):
        await ala.wait_for("table setup")
        olek = await connect(served.port, "olek")
        try:
            await seat_players(ala, olek)
            await stop_server(served.task)
            assert await ala.exit_status() == 0
            await ala.wait_until(lambda: ala.ended, "closed")
            after = restored(ala)
            assert after.startswith(SAVED)
            assert come_back(served.port, "ala") in after
            assert after.endswith(b"\r\n")
        finally:
            await olek.close()


async def test_a_slow_reader_still_gets_the_terminal_back() -> None:
    """Frames are being skipped for a player who does not read: when the game ends, the
    bytes that give the terminal back are sent all the same."""
    channel = FakeChannel()
    async with running(channel) as run:
        run.driver.pause_output()
        channel.buffered = WRITE_LIMIT + 1
        before = len(channel.data)
        run.app.exit()
    assert channel.data[before:].endswith(LEAVE)


# -- hunters serve's signals ---------------------------------------------------------------------


@pytest.mark.timeout(90)
async def test_serve_asks_on_ctrl_c_mid_game_and_closes_on_the_second(tmp_path: Path) -> None:
    """``hunters serve`` in a subprocess, a game under way: the first SIGINT only asks (the
    players play on), the second closes the table with the goodbye, and serve exits 0."""
    server = start_server_process(tmp_path / "data", tmp_path / "serve.log")
    try:
        ala = await connect(server.port, "ala")
        olek = await connect(server.port, "olek")
        try:
            await seat_players(ala, olek)
            os.kill(server.pid, signal.SIGINT)
            await until(lambda: "Ctrl-C again" in server.output, "asked")
            await asyncio.sleep(0.5)
            assert server.proc.poll() is None and not ala.ended and not olek.ended
            os.kill(server.pid, signal.SIGINT)
            said = await stderr_of(ala)
            assert said.startswith(SAVED) and come_back(server.port, "ala") in said
            restored(ala)
            async with asyncio.timeout(WAIT):
                while server.proc.poll() is None:
                    await asyncio.sleep(0.05)
            assert server.proc.returncode == 0
        finally:
            await ala.close()
            await olek.close()
    finally:
        server.kill()


@pytest.mark.timeout(90)
async def test_serve_closes_at_once_on_sigterm_mid_game(tmp_path: Path) -> None:
    """SIGTERM never asks: the table closes with the goodbye and serve exits 0."""
    server = start_server_process(tmp_path / "data", tmp_path / "serve.log")
    try:
        ala = await connect(server.port, "ala")
        olek = await connect(server.port, "olek")
        try:
            await seat_players(ala, olek)
            os.kill(server.pid, signal.SIGTERM)
            said = await stderr_of(olek)
            assert said.startswith(SAVED) and come_back(server.port, "olek") in said
            restored(olek)
            async with asyncio.timeout(WAIT):
                while server.proc.poll() is None:
                    await asyncio.sleep(0.05)
            assert server.proc.returncode == 0
            assert "Ctrl-C again" not in server.output
        finally:
            await ala.close()
            await olek.close()
    finally:
        server.kill()


@pytest.mark.timeout(60)
async def test_serve_closes_at_once_on_ctrl_c_without_a_game(tmp_path: Path) -> None:
    """Nobody plays: one Ctrl-C closes the table, without a question."""
    server = start_server_process(tmp_path / "data", tmp_path / "serve.log")
    try:
        ala = await connect(server.port, "ala")
        try:
            await ala.wait_for("table setup")
            os.kill(server.pid, signal.SIGINT)
            assert (await stderr_of(ala)).startswith(b"The table is closing.")
            async with asyncio.timeout(WAIT):
                while server.proc.poll() is None:
                    await asyncio.sleep(0.05)
            assert server.proc.returncode == 0
            assert "Ctrl-C again" not in server.output
        finally:
            await ala.close()
    finally:
        server.kill()


def _guard(phase: str) -> tuple[ClosingGuard, list[str], list[str]]:
    said: list[str] = []
    stopped: list[str] = []
    # The one thing the guard reads of the tables: whether a game is under way at one.
    guard = ClosingGuard(lambda: phase == "playing", lambda: stopped.append("stop"), said.append)
    return guard, said, stopped


async def test_the_question_is_answered_with_y() -> None:
    """Mid-game, Ctrl-C asks; "y" and Enter closes the table."""
    guard, said, stopped = _guard("playing")
    guard.interrupt()
    assert said == [CLOSING_QUESTION] and stopped == []
    guard.answer("y\n")
    assert stopped == ["stop"]


async def test_any_other_answer_keeps_the_table_open() -> None:
    """Mid-game, Enter alone keeps serving, and the next Ctrl-C asks again."""
    guard, said, stopped = _guard("playing")
    guard.interrupt()
    guard.answer("\n")
    assert stopped == [] and said[-1] == "The table stays open."
    guard.interrupt()
    assert said[-1] == CLOSING_QUESTION and stopped == []
    guard.interrupt()
    assert stopped == ["stop"]


async def test_ctrl_c_in_the_lobby_closes_at_once() -> None:
    """No game under way: nothing to ask."""
    guard, said, stopped = _guard("lobby")
    guard.interrupt()
    assert said == [] and stopped == ["stop"]


@pytest.mark.timeout(90)
async def test_the_host_quitting_mid_game_asks_first_then_says_goodbye_to_guests(
    tmp_path: Path,
) -> None:
    """Mid-game, the host's first Ctrl+Q only asks; the second closes the table: the guest
    gets the terminal back and the line that the game is saved and how to come back."""
    argv = _host_argv(tmp_path / "data", "--name", "ala")
    async with on_pty(argv, _env(tmp_path / "home"), "ala") as host:
        await until(lambda: b"Join with: ssh -p" in host.received, "told how to join")
        found = re.search(rb"Join with: ssh -p (\d+) ", bytes(host.received))
        assert found is not None
        port = int(found.group(1))
        await host.wait_for("Superbohaterowie: table setup")
        await host.settle()
        await host.key(CTRL_S)
        await host.wait_for("Friends join with")
        ola = await connect(port, "ola")
        try:
            await ola.wait_for("Superbohaterowie, hosted by ala.")
            await host.key(b"1")
            await ola.key(b"2")
            await host.wait_for("Press s to start.")
            await host.key(b"s")
            await ola.wait_for("Your hand")
            await host.key(CTRL_Q)
            await host.wait_for("Close the table?")
            await host.settle(0.5)
            assert host.proc is not None and host.proc.poll() is None and not ola.ended
            await host.key(CTRL_Q)
            assert await host.exit_status() == 0
            await until(lambda: ola.ended, "the guest's session closed", timeout=WAIT)
            assert ola.process is not None
            said = bytes(await ola.process.stderr.read())
            assert said.startswith(b"The table is closing; the game is saved.")
            assert f"ssh -p {port} ola@127.0.0.1".encode() in said
            assert ola.received.endswith(b"\x1b[?1049l\x1b[?25h")
        finally:
            await ola.close()


@pytest.mark.timeout(90)
async def test_sigterm_on_host_closes_the_table_with_goodbyes(tmp_path: Path) -> None:
    """``hunters host`` mid-game gets SIGTERM: no question; the host's terminal and the
    guest's are given back, the guest is told the game is saved, and host exits 0."""
    argv = _host_argv(tmp_path / "data", "--name", "ala")
    async with on_pty(argv, _env(tmp_path / "home"), "ala") as host:
        await until(lambda: b"Join with: ssh -p" in host.received, "told how to join")
        found = re.search(rb"Join with: ssh -p (\d+) ", bytes(host.received))
        assert found is not None
        port = int(found.group(1))
        await host.wait_for("Superbohaterowie: table setup")
        await host.settle()
        await host.key(CTRL_S)
        await host.wait_for("Friends join with")
        ola = await connect(port, "ola")
        try:
            await ola.wait_for("Superbohaterowie, hosted by ala.")
            await host.key(b"1")
            await ola.key(b"2")
            await host.wait_for("Press s to start.")
            await host.key(b"s")
            await ola.wait_for("Your hand")
            assert host.proc is not None
            os.kill(host.proc.pid, signal.SIGTERM)
            assert await host.exit_status() == 0
            await until(lambda: host.ended, "the host's terminal closed")
            assert b"\x1b[?1049l" in host.received[host.received.rfind(ENTER_SCREEN) :]
            said = await stderr_of(ola)
            assert said.startswith(SAVED) and f"ssh -p {port} ola@".encode() in said
            restored(ola)
        finally:
            await ola.close()
