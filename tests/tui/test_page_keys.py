"""Page Up and Page Down on every screen with a list: they move in it and never end the app.

Over SSH one exception in a key handler ends that player's session, and a player holding
Page Down sends it at every moment: while a list is empty, the instant it fills, in a Select
that just opened.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import OptionList, Select

from core.games import GAMES
from core.table import Seat, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.hall import Hall
from net.lobby import LobbyScreen
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings

pytestmark = pytest.mark.timeout(60)

PAGE_KEYS = ("pagedown", "pagedown", "pageup", "end", "pagedown", "home", "pageup")


def _app(screen_reader: bool = False, bot_delay: float = 0) -> HuntersApp:
    return HuntersApp(Settings(bot_delay=bot_delay, screen_reader=screen_reader))


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_page_keys_move_in_the_game_list(screen_reader: bool) -> None:
    """The launcher's list pages like any list: Page Down to the last game, Page Up back."""
    async with _app(screen_reader).run_test(size=(80, 24)) as pilot:
        assert isinstance(pilot.app.screen, LauncherScreen)
        games = pilot.app.screen.query_one("#games", OptionList)
        await pilot.press("pagedown")
        assert games.highlighted == len(GAMES) - 1
        await pilot.press("pageup")
        assert games.highlighted == 0
        await pilot.press(*PAGE_KEYS)
        assert isinstance(pilot.app.screen, LauncherScreen)


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_page_keys_move_in_the_settings(screen_reader: bool) -> None:
    """Settings page too, also right after a change rebuilt the lines."""
    async with _app(screen_reader).run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        assert isinstance(pilot.app.screen, SettingsScreen)
        await pilot.press(*PAGE_KEYS, "c", "pagedown", "c", "pageup")
        settings = pilot.app.screen.query_one("#settings", OptionList)
        assert settings.highlighted == 0
        assert isinstance(pilot.app.screen, SettingsScreen)


@pytest.mark.parametrize("slug", list(GAMES))
async def test_page_keys_in_every_opened_select_of_the_setup(slug: str) -> None:
    """Each Select of each game's setup, opened, takes page keys and closes again."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.open_setup(slug)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        for select_id in [select.id for select in screen.query(Select)]:
            select = screen.query_one(f"#{select_id}", Select)
            select.focus()
            await pilot.press("enter", *PAGE_KEYS, "escape")
            assert not select.expanded
        assert pilot.app.screen is screen


def _keys_in_one_read(app: HuntersApp, *keys: str) -> None:
    """Pass ``keys`` to the app through its driver at once, as the SSH driver does with the keys
    of one read: none waits for the screen to be laid out after the one before."""
    assert app._driver is not None
    for key in keys:
        press = events.Key(key, None)
        press.set_sender(app)
        app._driver.send_message(press)


def _busy(screen: Screen[Any]) -> None:
    """Keep ``screen`` busy for a moment (a handler that awaits), so it lays itself out again
    only after keys already sent are handled."""
    screen.call_later(asyncio.sleep, 0.05)


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
async def test_a_page_key_that_meets_a_list_just_filled_keeps_the_game(key: str) -> None:
    """Screen-reader mode: while others play, the list of choices is empty and laid out with
    no height; when the player's turn fills it, a page key already on its way (a held key over
    SSH) can be handled before the next layout. Textual's OptionList then looked the
    highlight's line up in lines it had not measured: KeyError, which ended the player's
    session. Now that key moves nothing (a list with no height has no page) and the game goes
    on."""
    setup = TableSetup(
        "superbohaterowie",
        (Seat("Ala"), Seat("Bot 2", "bot", "random"), Seat("Bot 3", "bot", "random")),
        {},
        seed=7,
    )
    app = _app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot, screen)
        turn = screen.latest[0]
        choices = screen.query_one("#sr-choices", OptionList)
        assert turn.legal and choices.has_focus
        screen.receive(replace(turn, legal=(), acting=frozenset({1})))  # a bot's turn
        await pilot.pause()
        assert choices.option_count == 0 and not choices.scrollable_content_region
        screen.receive(turn)  # the player's turn again
        screen.call_later(_keys_in_one_read, app, key)
        screen.call_later(_busy, screen)
        await pilot.pause(0.1)
        assert app.screen is screen and not app._exit
        assert choices.option_count > 0 and choices.highlighted is not None
        await pilot.press("pagedown", "pageup")
        assert choices.highlighted == 0


async def test_a_page_key_in_the_same_read_as_the_enter_that_opens_a_select() -> None:
    """Enter opens a Select's list, which had no size while closed; a Page Down in the same
    read reached the list before its first layout and raised KeyError too."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.open_setup("orb-hunters")
        await pilot.pause()
        screen = pilot.app.screen
        select = screen.query(Select).last()
        select.focus()
        await pilot.pause()
        select.expanded = True
        _busy(screen)
        await asyncio.sleep(0.01)
        _keys_in_one_read(pilot.app, "pagedown", "pageup")
        await pilot.pause(0.1)
        assert pilot.app.screen is screen and not pilot.app._exit
        await pilot.press("escape")
        assert not select.expanded


async def test_page_keys_in_the_lobby(tmp_path: Path) -> None:
    """The lobby has no list to page: the keys do nothing there, and the guest stays."""
    textual_fixes.apply()
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    guest: Any = HallApp(hall, "olek", Settings())
    async with guest.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(guest.screen, LobbyScreen)
        await pilot.press(*PAGE_KEYS)
        assert isinstance(guest.screen, LobbyScreen) and not guest._exit
