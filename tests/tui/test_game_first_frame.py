"""A table's screen has its layout classes before its widgets are made: set after, each
class restyled every widget of the table again in its first frame (every guest's)."""

from __future__ import annotations

from typing import Any

import pytest

from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.boards import comic_hunters
from tui.screens.game import GameScreen
from tui.settings import Settings


@pytest.mark.parametrize(("size", "wide"), [((80, 24), False), ((200, 60), True)])
async def test_the_board_is_made_on_a_screen_already_laid_out(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], wide: bool
) -> None:
    seen: list[bool] = []
    compose = comic_hunters.Board.compose

    def board_compose(self: comic_hunters.Board) -> Any:
        seen.append(self.screen.has_class("-wide"))
        return compose(self)

    monkeypatch.setattr(comic_hunters.Board, "compose", board_compose)
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        app.start_game(TableSetup("comic-hunters", seats, {}, 1))
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert seen == [wide] and app.screen.has_class("-wide") == wide
