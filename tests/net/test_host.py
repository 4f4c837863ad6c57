"""``hunters host``: the table served over SSH while the host plays at it in their terminal.

The real command runs on a pseudo-terminal (80×24, read through pyte, as a person's terminal
window would show it); a friend joins with asyncssh on 127.0.0.1. The process is killed by its
pid at the end of every test.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.net.e2e_helpers import (
    CTRL_S,
    GAME_OVER,
    RESULTS,
    WAIT,
    connect,
    on_pty,
    play_until,
    render_worker_args,
    until,
)

CTRL_Q = b"\x11"


def _host_argv(data_dir: Path, *extra: str) -> list[str]:
    program = "from net.cli import main; raise SystemExit(main())"
    return [
        sys.executable,
        "-c",
        program,
        "host",
        "--port",
        "0",
        "--data-dir",
        str(data_dir),
        "--bot-delay",
        "0",
        "--game",
        "superbohaterowie",
        *render_worker_args(),
        *extra,
    ]


def _env(home: Path) -> dict[str, str]:
    home.mkdir(parents=True, exist_ok=True)
    return {
        "TERM": "xterm-256color",
        "HOME": str(home),
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
    }


@pytest.mark.timeout(90)
async def test_the_host_sets_up_plays_a_whole_game_with_a_guest_and_quits(
    tmp_path: Path,
) -> None:
    """The host's terminal gets the setup first; a guest joining by ssh sees the lobby the
    host started; both play to the end; quitting the host's app stops the server."""
    data = tmp_path / "data"
    argv = _host_argv(data, "--name", "ala")
    async with on_pty(argv, _env(tmp_path / "home"), "ala") as host:
        await until(lambda: b"Join with: ssh -p" in host.received, "told how to join")
        found = re.search(rb"Join with: ssh -p (\d+) ", bytes(host.received))
        assert found is not None
        port = int(found.group(1))
        await host.wait_for("Superbohaterowie: table setup")
        await host.settle()
        await host.key(CTRL_S)  # the default hosting setup: seats 1 and 2 open, 3 and 4 bots
        await host.wait_for(f"Friends join with: ssh -p {port} NAME@127.0.0.1")
        ola = await connect(port, "ola")
        try:
            await ola.wait_for("Superbohaterowie, hosted by ala.")
            assert "Friends join with" not in ola.text  # a line for the host only
            await host.key(b"1")
            await ola.key(b"2")
            await host.wait_for("Press s to start.")
            await host.key(b"s")
            await play_until([host, ola], lambda: GAME_OVER in host.text + ola.text, timeout=60)
            for term in (host, ola):  # the policy may have pressed Enter for the results
                await term.wait_for([GAME_OVER, RESULTS])
            await host.key(CTRL_Q)
            assert await host.exit_status() == 0
            await until(lambda: ola.ended, "the guest's session closed", timeout=WAIT)
        finally:
            await ola.close()
    assert (data / "hunters.log").exists()
    assert list((data / "tables" / "1").glob("finished-*.rec"))


@pytest.mark.timeout(30)
async def test_a_name_outside_the_allow_list_is_refused_before_anything_starts(
    tmp_path: Path,
) -> None:
    """``--name`` follows the same rule as SSH login names, and says so in one line."""
    argv = _host_argv(tmp_path / "data", "--name", "[@click=app.quit]")
    async with on_pty(argv, _env(tmp_path / "home"), "bad") as host:
        assert await host.exit_status() == 2
        await until(lambda: host.ended, "closed")
        assert "choose one with --name" in host.text
        assert "[@click" not in host.text
