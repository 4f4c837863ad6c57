"""Bot-only simulation and the ``hunters sim`` command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.sim import simulate
from net.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_wins_add_up_to_the_games_played() -> None:
    """Every finished game hands out exactly one win, shared or not."""
    result = simulate("superbohaterowie", 3, ["random", "easy", "random"], games=12, seed=7)
    assert result.games == 12
    assert len(result.lengths) == 12
    assert sum(result.wins) + result.unfinished == pytest.approx(12)


def test_every_decision_is_timed_under_its_bot_level() -> None:
    """Decision times are kept per level, and there are as many as actions taken."""
    result = simulate("superbohaterowie", 2, ["random", "normal"], games=5, seed=3)
    assert set(result.decision_times) == {"random", "normal"}
    assert sum(len(times) for times in result.decision_times.values()) == sum(result.lengths)
    assert result.p95_time("normal") > 0.0
    assert result.mean_time("nobody") == 0.0


def test_a_seed_repeats_a_simulation() -> None:
    """The same seed gives the same wins and lengths."""
    first = simulate("superbohaterowie", 2, ["easy", "random"], games=6, seed=42)
    again = simulate("superbohaterowie", 2, ["easy", "random"], games=6, seed=42)
    assert (first.wins, first.lengths) == (again.wins, again.lengths)


def test_simulate_refuses_a_bot_count_that_does_not_match_the_seats() -> None:
    """Three seats with two bots is an error naming both numbers."""
    with pytest.raises(ValueError, match="3 seats need 3 bots"):
        simulate("superbohaterowie", 3, ["random", "random"], games=1, seed=1)


def test_a_tiny_sim_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``hunters sim`` prints the seed, one row per seat, lengths and decision times."""
    code = main(
        [
            "sim",
            "superbohaterowie",
            "--seats",
            "2",
            "--bots",
            "easy,random",
            "--games",
            "3",
            "--seed",
            "9",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "seed 9" in out
    assert "easy" in out and "random" in out and "win %" in out
    assert "game length" in out and "p95 ms" in out


def test_one_bot_name_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """A single --bots name fills all seats."""
    code = main(
        [
            "sim",
            "superbohaterowie",
            "--seats",
            "3",
            "--bots",
            "random",
            "--games",
            "2",
            "--seed",
            "1",
        ]
    )
    rows = [line for line in capsys.readouterr().out.splitlines() if line[:1].isdigit()]
    assert code == 0
    assert len(rows) == 3


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["sim", "chess"], "superbohaterowie"),
        (["sim", "superbohaterowie", "--seats", "9"], "2–5"),
        (["sim", "superbohaterowie", "--seats", "2", "--bots", "hard,wizard"], "easy, normal"),
        (["sim", "superbohaterowie", "--seats", "3", "--bots", "hard,random"], "3 bots"),
        (["sim", "superbohaterowie", "--seats", "two"], "--seats"),
    ],
    ids=["unknown game", "bad seats", "bad bot", "wrong bot count", "seats not a number"],
)
def test_command_line_errors_are_one_line_and_exit_2(
    argv: list[str], names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad command line prints one error line naming what is allowed, and exits 2."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert names in lines[0] and "Traceback" not in captured.err


def test_no_command_opens_the_app_with_the_settings_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plain ``hunters`` runs the app; --screen-reader and --bot-delay reach its settings."""
    from tui.app import HuntersApp

    started: list[object] = []
    monkeypatch.setattr(HuntersApp, "run", lambda self: started.append(self.settings))
    assert main([]) == 0
    assert main(["--screen-reader", "--bot-delay", "0"]) == 0
    assert main(["play", "--high-contrast"]) == 0
    default, plain, contrast = started
    assert not default.screen_reader and default.bot_delay == 0.8  # type: ignore[attr-defined]
    assert plain.screen_reader and plain.bot_delay == 0  # type: ignore[attr-defined]
    assert contrast.high_contrast  # type: ignore[attr-defined]


def test_an_out_of_range_bot_delay_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A silly delay is refused in one line before any screen opens."""
    assert main(["--bot-delay", "99"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_the_sim_command_does_not_load_the_terminal_ui() -> None:
    """Importing the command line loads neither Textual nor asyncssh."""
    code = (
        "import sys, net.cli\n"
        "net.cli.main(['sim', 'superbohaterowie', '--games', '1', '--seed', '1'])\n"
        "bad = [m for m in ('textual', 'asyncssh') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, cwd=ROOT)
