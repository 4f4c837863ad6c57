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
from tui.widgets.footer import KeyFooter
from tui.widgets.show import Parts


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


ALL_GAMES = ["comic-hunters", "superbohaterowie", "orb-hunters", "shardhunters", "whoosh"]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@pytest.mark.parametrize("slug", ALL_GAMES)
async def test_no_frame_of_a_table_is_sent_before_its_board_is_drawn(
    slug: str, size: tuple[int, int]
) -> None:
    """The position is pushed as the screen mounts; the screen's first layout came before
    it was drawn and sent a whole frame with an empty board, which the board drawn then
    replaced at once (a frame too many in every table's first, for every guest)."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    boards: list[bool] = []  # per frame the table sent: whether its board had been drawn
    display = app._display

    def shown(screen: Any, update: Any) -> None:
        if isinstance(screen, GameScreen) and update is not None:
            parts = screen.query_one("#board").query_one(Parts)
            boards.append(bool(parts._lines))
        display(screen, update)

    app._display = shown  # type: ignore[method-assign]
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        options = {"turn_timer": 0} if slug == "whoosh" else {}
        app.start_game(TableSetup(slug, seats, options, 1))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.latest
        assert boards and all(boards), boards


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_first_frame_puts_the_keys_together_once(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The keys change as a table opens (the screen's, then the board's once it has the
    focus, then those of the first position): the footer put its line together at each,
    three times in every table's first frame; it looks as the frame is drawn, once."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    lines: list[str] = []
    draw_line = KeyFooter._draw_line

    def counted(footer: KeyFooter, short: set[int]) -> None:
        if isinstance(footer.screen, GameScreen):
            lines.append(" ".join(key.key for key in footer.keys))
        draw_line(footer, short)

    monkeypatch.setattr(KeyFooter, "_draw_line", counted)
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        app.start_game(TableSetup("shardhunters", seats, {}, 1))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.latest
        footer = screen.query_one(KeyFooter)
        assert len(lines) == 1 and footer.keys
        keys = {key.key for key in footer.keys}
        assert {"i", "q"} <= keys  # the table's, and the board's: all there in one line
        assert len(keys) > 4
