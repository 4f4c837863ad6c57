"""Where the terminal cursor goes while a screen of screen-reader mode first draws: never on
the key line at the top. A screen reader reads the line at the cursor after the new lines
around it, so a cursor parked on the first row of the two-row key line read its second row
("quit; F1 or ? help.") before its first: the setup's name fields put the cursor in their
text as they were made, before they had a place on the screen (row 0)."""

from __future__ import annotations

from typing import Any

from textual.geometry import Offset

from tui.app import HuntersApp
from tui.screens.setup import SetupScreen
from tui.settings import Settings


class Recording(HuntersApp):
    """Remembers every place the terminal cursor is sent, and which screen was on top."""

    def __init__(self) -> None:
        self.places: list[tuple[str, Offset]] = []
        super().__init__(Settings(bot_delay=0, screen_reader=True))

    @property  # type: ignore[override]
    def cursor_position(self) -> Offset:
        return self.__dict__.get("_cursor", Offset(0, 0))  # type: ignore[no-any-return]

    @cursor_position.setter
    def cursor_position(self, place: Offset) -> None:
        if self.__dict__.get("_cursor") != place and self._screen_stack:
            self.places.append((type(self.screen).__name__, place))
        self.__dict__["_cursor"] = place


async def _settle(pilot: Any) -> None:
    for _ in range(4):
        await pilot.pause()


async def test_the_setup_never_puts_the_cursor_on_its_key_line() -> None:
    app = Recording()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        app.places.clear()
        await pilot.press("enter")  # the first game's table setup
        await _settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        keys = app.screen.query_one(".keys").region
        on_keys = [place for screen, place in app.places if keys.contains_point(place)]
        assert not on_keys, app.places
        await pilot.press("tab", "tab")  # to the first name field, its text holds the cursor
        await _settle(pilot)
        assert not keys.contains_point(app.cursor_position)
