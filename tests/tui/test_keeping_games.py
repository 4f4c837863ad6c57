"""A local game is never lost by accident: leaving asks first, a move that showed nothing
can be taken back, and an unfinished game is saved and continued from the launcher."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import screen_text
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards.base import ActionChosen
from tui.saves import read_save, save_path
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SEATS = (Seat("Ala"), Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random"))


async def _game(pilot: Any, app: HuntersApp, seed: int = 3) -> GameScreen:
    app.start_game(TableSetup("orb-hunters", SEATS, {}, seed))
    await pilot.pause()
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    await settle(pilot, screen)
    return screen


async def test_q_in_a_local_game_asks_before_leaving() -> None:
    """The first q asks (and says whether the game is saved); the second leaves."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _game(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen
        assert "Leave this game? It is not saved. Press q again to leave." in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_ctrl_q_in_a_local_game_asks_before_quitting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl+Q once asks; only the second quits."""
    app = HuntersApp(Settings(bot_delay=0))
    exits: list[bool] = []
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _game(pilot, app)
        monkeypatch.setattr(app, "exit", lambda *a, **k: exits.append(True))
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert exits == [] and app.screen is screen
        assert "Quit Hunters?" in screen_text(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert exits == [True]


async def test_without_confirmations_q_leaves_at_once() -> None:
    """The setting turns the question off."""
    app = HuntersApp(Settings(bot_delay=0, confirmations=False))
    async with app.run_test(size=(100, 32)) as pilot:
        await _game(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


def _undoable_move(match: Match, seat: int) -> Any:
    for action in match.legal(seat):
        trial = Match.replay(match.record())
        trial.act(seat, action)
        if not trial.why_no_undo(seat):
            return action
    return None


async def test_u_takes_back_a_move_that_showed_nothing() -> None:
    """Against bots still thinking, u takes the move back: the table is as before it, the
    log says so, and the same choice can be made again."""
    app = HuntersApp(Settings(bot_delay=30))
    async with app.run_test(size=(100, 32)) as pilot:
        for seed in range(1, 30):
            screen = await _game(pilot, app, seed)
            assert screen.table is not None
            match = screen.table.match
            action = _undoable_move(match, 0) if 0 in match.to_act() else None
            if action is not None:
                break
            app.pop_screen()
            await pilot.pause()
        else:
            pytest.fail("no undoable first move in 29 deals")
        before = match.save()
        screen.query_one("#board").post_message(ActionChosen(action))
        await pilot.pause()
        await pilot.pause()
        assert len(match.steps) == 1
        await pilot.press("u")
        await pilot.pause()
        assert match.save() == before
        assert "Ala took back" in screen_text(app)
        assert screen.latest[0].version == match.version and 0 in screen.latest[0].acting


async def test_u_is_offered_only_when_the_last_move_can_be_taken_back() -> None:
    """At the deal there is nothing to take back: the key is not in the footer."""
    app = HuntersApp(Settings(bot_delay=30))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _game(pilot, app)
        assert screen.check_action("undo", ()) is False
        assert "Undo" not in screen_text(app)


async def test_a_left_game_is_continued_from_the_launcher() -> None:
    """Leaving a local game keeps it: the launcher offers "Continue Orb Hunters (Round 1,
    3 players, saved just now)", and Enter brings back the same game."""
    app = HuntersApp(Settings(bot_delay=0))
    app.keep_files()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _game(pilot, app)
        assert screen.table is not None
        match = screen.table.match
        screen.query_one("#board").post_message(ActionChosen(match.legal(0)[0]))
        await settle(pilot, screen)
        played = match.save()
        await pilot.press("q")
        assert "It is saved" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        games = app.screen.query_one("#games", OptionList)
        first = str(games.get_option_at_index(0).prompt)
        assert first == "Continue Orb Hunters (Round 1, 3 players, saved just now)"
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, GameScreen) and resumed.table is not None
        assert resumed.table.match.save() == played
        assert resumed.names == ("Ala", "Bot 1", "Bot 2")


KILLED_APP = textwrap.dedent(
    """
    from core.table import Seat, TableSetup
    from tui.app import HuntersApp
    from tui.settings import Settings

    seats = (Seat("Bot 1", "bot", "easy"), Seat("Bot 2", "bot", "easy"))
    app = HuntersApp(Settings(bot_delay=0.02, summaries=False))
    app.call_later(app.start_game, TableSetup("shardhunters", seats, {}, 5))
    app.run(headless=True)
    """
)


async def test_the_app_killed_mid_game_resumes_from_the_launcher(tmp_path: Path) -> None:
    """``kill -9`` of the app while its table plays: the save holds every accepted move and
    the next run's launcher continues it."""
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config-home"),
        "XDG_DATA_HOME": str(tmp_path / "data-home"),
    }
    process = subprocess.Popen(
        [sys.executable, "-c", KILLED_APP],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    path = save_path("shardhunters")
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if path.exists() and len(read_save(path).match.steps) >= 10:
                break
            time.sleep(0.05)
        else:
            pytest.fail("the app saved no 10 moves in a minute")
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    saved = read_save(path)
    assert saved.match.outcome() is None and len(saved.match.steps) >= 10
    assert [seat.name for seat in saved.setup.seats] == ["Bot 1", "Bot 2"]
    app = HuntersApp(Settings(bot_delay=30))
    app.keep_files()  # the next run, with the same user dirs
    async with app.run_test(size=(100, 32)) as pilot:
        games = app.screen.query_one("#games", OptionList)
        assert str(games.get_option_at_index(0).prompt).startswith("Continue Shardhunters (")
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, GameScreen) and resumed.table is not None
        assert resumed.table.match.steps[: len(saved.match.steps)] == saved.match.steps


async def test_the_screen_reader_list_keeps_its_choice_while_bots_move() -> None:
    """In a simultaneous phase each bot's move rebuilds the list of choices: the highlight
    stays on the choice the player moved to (by what it is), never back on the first."""
    seats = (Seat("Ala"), Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0.4, screen_reader=True, summaries=False))
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(TableSetup("comic-hunters", seats, {}, 4))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        options = screen.query_one("#sr-choices", OptionList)
        for _ in range(60):
            await settle(pilot, screen)
            update = screen.latest[0]
            if {1, 2} <= update.acting and options.option_count >= 3:
                break
            await pilot.press("enter")
        else:
            pytest.fail("no simultaneous choice with the bots still to act")
        await pilot.press("down", "down")
        chosen = screen._sr_choices[2].key
        version = update.version
        for _ in range(200):
            await pilot.pause(0.02)
            if screen.latest[0].version > version:
                break
        await pilot.pause()
        assert screen.latest[0].version > version and 0 in screen.latest[0].acting
        highlighted = options.highlighted
        assert highlighted is not None
        assert screen._sr_choices[highlighted].key == chosen
