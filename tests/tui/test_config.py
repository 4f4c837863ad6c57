"""The config file: settings and last setups kept between runs; a bad file never crashes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from core.games import GAMES
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.config import Config, apply_config, config_path, read_config, write_config
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings


def test_the_config_lives_in_the_user_config_dir(tmp_path: Path) -> None:
    """platformdirs decides where (here the test's own XDG_CONFIG_HOME)."""
    assert config_path() == tmp_path / "config-home" / "hunters" / "config.json"


def test_settings_written_are_read_back(tmp_path: Path) -> None:
    """Every kept setting survives a write and a read."""
    path = tmp_path / "c" / "config.json"
    settings = Settings(
        screen_reader=True,
        high_contrast=True,
        bot_delay=1.5,
        summaries=False,
        confirmations=False,
        turn_bell=True,
    )
    assert write_config(Config(), settings, path) == ""
    fresh = Settings()
    config = read_config(path)
    assert config.problem == ""
    apply_config(config, fresh)
    assert (fresh.screen_reader, fresh.high_contrast, fresh.bot_delay) == (True, True, 1.5)
    assert (fresh.summaries, fresh.confirmations, fresh.turn_bell) == (False, False, True)


def test_a_missing_file_is_a_first_run_not_a_problem(tmp_path: Path) -> None:
    """No file: defaults, no message."""
    assert read_config(tmp_path / "none.json") == Config()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\x00\xff garbage", "not JSON"),
        (b"[1, 2]", "not a Hunters config"),
        (b'{"theme": "dark"}', "not a Hunters config"),
        (b'{"hunters": 99}', "not a Hunters config"),
        (b"x" * 300_000, "too large"),
    ],
)
def test_a_foreign_or_damaged_file_gives_one_message_and_defaults(
    tmp_path: Path, content: bytes, words: str
) -> None:
    """One sentence naming the file, and nothing from it used."""
    path = tmp_path / "config.json"
    path.write_bytes(content)
    config = read_config(path)
    assert words in config.problem and str(path) in config.problem
    assert config.settings == {} and config.setups == {}


def test_a_bad_value_is_named_and_the_rest_is_kept(tmp_path: Path) -> None:
    """A wrong kind of value falls back to its default; good values stay."""
    path = tmp_path / "config.json"
    body = {"hunters": 1, "settings": {"bot_delay": "fast", "high_contrast": True}}
    path.write_text(json.dumps(body))
    config = read_config(path)
    assert "bot_delay is not a number" in config.problem
    assert config.settings == {"high_contrast": True}


def test_the_command_line_wins_over_the_file(tmp_path: Path) -> None:
    """A switch turned on stays on; a bot delay given on the command line stays."""
    config = Config(settings={"screen_reader": False, "bot_delay": 1.5})
    settings = Settings(screen_reader=True, bot_delay=0.0)
    apply_config(config, settings)
    assert settings.screen_reader and settings.bot_delay == 0.0


def test_an_unwritable_config_is_a_sentence(tmp_path: Path) -> None:
    """A directory where the file should be: the write fails in words."""
    path = tmp_path / "config.json"
    path.mkdir()
    assert "could not be kept" in write_config(Config(), Settings(), path)


async def test_a_setting_changed_in_the_app_is_kept(tmp_path: Path) -> None:
    """Toggling contrast in the settings screen writes the config file at once."""
    path = tmp_path / "config.json"
    app = HuntersApp(Settings(bot_delay=0, config_file=path))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press("c", "a")
        await pilot.pause()
        assert "Confirmations: off" in screen_text(app)
    config = read_config(path)
    assert config.settings["high_contrast"] is True
    assert config.settings["confirmations"] is False


async def test_a_plain_terminals_screen_reader_mode_is_not_kept(tmp_path: Path) -> None:
    """TERM=dumb turns screen-reader mode on for that run; a setting changed there is kept,
    but not that mode, which would then greet the player in their usual terminal."""
    path = tmp_path / "config.json"
    app = HuntersApp(Settings(bot_delay=0, config_file=path))
    assert app.suit_terminal("dumb")
    assert app.settings.screen_reader
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press("a")  # confirmations off
        await pilot.pause()
    config = read_config(path)
    assert config.settings["confirmations"] is False
    assert config.settings["screen_reader"] is False


async def test_the_last_setup_of_a_game_comes_back(tmp_path: Path) -> None:
    """Seats and options started once are offered again next time (not the seed)."""
    path = tmp_path / "config.json"
    app = HuntersApp(Settings(bot_delay=0, config_file=path))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("superbohaterowie")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#seat-2-kind", Select).value = "bot:hard"
        await pilot.pause()
        screen.query_one("#seat-0-name", Input).value = "Ala"
        screen.query_one("#option-series", Select).value = 1
        screen.query_one("#seed", Input).value = "7"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        again = SetupScreen("superbohaterowie")
    series = GAMES["superbohaterowie"].options[0].choices[1]
    assert [(s.kind, s.name) for s in again.seats] == [
        ("human", "Ala"),
        ("bot:normal", "Bot 2 (normal)"),
        ("bot:hard", "Bot 3 (hard)"),
        ("bot:normal", "Bot 4 (normal)"),
    ]
    assert again.options == {"series": series} and again.seed_text == ""
