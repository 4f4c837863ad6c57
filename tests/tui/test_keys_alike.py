"""The same action is the same key on every screen that has it: a player who learned the
local launcher's keys is not surprised by the hall's list of tables, or the other way round."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding

from net.identity import Identity
from net.tables import Tables
from net.tables_screen import (
    LIST_HINT,
    NO_TABLES,
    SR_HINT,
    STATS_HINT,
    TablesApp,
    TablesDoor,
    TablesScreen,
)
from tests.net.e2e_helpers import until
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.screens.help import help_keys
from tui.screens.launcher import LauncherScreen
from tui.screens.settings import SettingsScreen
from tui.screens.stats import ProfileScreen
from tui.settings import Settings

SHARED = ("your_games", "profile", "leaderboards", "settings")
"""The actions both the launcher and the list of tables offer."""


def keys_of(bindings: list[Binding]) -> dict[str, set[str]]:
    """Each action (without its "app." namespace) and the keys bound to it."""
    keys: dict[str, set[str]] = {}
    for binding in bindings:
        keys.setdefault(binding.action.removeprefix("app."), set()).update(binding.key.split(","))
    return keys


def test_the_launcher_and_the_list_of_tables_use_one_key_per_action() -> None:
    """Profile, your games, leaderboards and settings are the same key on both, and no key
    of the list means two things (private tables have a key of their own)."""
    launcher = keys_of([b for b in LauncherScreen.BINDINGS if isinstance(b, Binding)])
    tables = keys_of([b for b in TablesScreen.BINDINGS if isinstance(b, Binding)])
    for action in SHARED:
        assert launcher[action] == tables[action], action
    taken = [key for keys in tables.values() for key in keys]
    assert len(taken) == len(set(taken))
    private = tables["create_private"]
    assert not private & {key for action in SHARED for key in launcher[action]}


def test_the_list_of_tables_says_its_keys_as_they_are() -> None:
    """The list's lines of keys and its screen-reader line name the keys it has."""
    tables = keys_of([b for b in TablesScreen.BINDINGS if isinstance(b, Binding)])
    (private,) = tables["create_private"]
    (profile,) = tables["profile"]
    assert f"{private} private" in LIST_HINT
    assert f"or {private} for a private one" in NO_TABLES
    assert f"{profile} profile" in STATS_HINT
    assert f"{private} a private one" in SR_HINT and f"{profile} your profile" in SR_HINT


async def test_the_list_of_tables_opens_the_profile_with_p_and_says_so_in_help(
    tmp_path: Path,
) -> None:
    """p at the list opens the profile (as at the launcher), F1 lists it, and the private
    table's key creates a private table."""
    tables = Tables(tmp_path / "data")
    app = TablesApp(TablesDoor(tables, Identity("ala", None, "::1")), "ala", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await until(lambda: "p: Profile" in screen_text(app), "the help's keys")
        assert "v: Private" in screen_text(app)
        await pilot.press("escape", "p")
        await until(lambda: isinstance(app.screen, ProfileScreen), "ala's profile")
        await pilot.press("escape", "v")
        await until(lambda: app.at_table, "ala at her new table")
        hall = tables.get("1")
        assert hall is not None and tables.code_of("1") is not None
    await tables.aclose()


def test_the_launcher_and_the_list_of_tables_name_your_games_alike() -> None:
    """The launcher and the hall call the list of your finished games by one name."""
    launcher = {b.action: b.description for b in LauncherScreen.BINDINGS if isinstance(b, Binding)}
    tables = {b.action: b.description for b in TablesScreen.BINDINGS if isinstance(b, Binding)}
    assert launcher["app.your_games"] == tables["app.your_games"] == "Your games"


@pytest.mark.parametrize("key", ["b", "q", "escape"])
async def test_the_back_keys_of_other_screens_leave_the_settings_unchanged(key: str) -> None:
    """b (back at the results and in the lobby), q and Escape go back from the settings and
    change nothing; the turn bell has a key of its own, which F1 and the footer name."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await until(lambda: isinstance(app.screen, SettingsScreen), "the settings")
        text = screen_text(app)
        footer = text.splitlines()[-1]
        shown = [b for b in SettingsScreen.BINDINGS if isinstance(b, Binding) and b.show]
        assert all(f" {binding.description} " in f" {footer} " for binding in shown), footer
        assert "esc Back" in footer and "^q Quit" in footer and "f1 Help" in footer
        assert "│ t  Turn bell: off" in text  # each setting's letter key, before it
        await pilot.press(key)
        await until(lambda: isinstance(app.screen, LauncherScreen), "back at the launcher")
        assert app.settings == Settings(bot_delay=0)
        await pilot.press("o")
        await until(lambda: isinstance(app.screen, SettingsScreen), "the settings again")
        await pilot.press("t")
        await until(lambda: "Turn bell: on" in screen_text(app), "the bell rung")
        assert app.settings.turn_bell
        assert ("t", "Turn bell") in help_keys(app.screen)  # as F1 lists them
