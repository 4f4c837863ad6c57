"""At 80x24 a table's footer shows every key it offers whole (Whoosh's cut 'f1 Help' off
to 'f' behind three claim keys), in play and in both modes of display."""

from __future__ import annotations

import pytest

from core.match import Match
from core.table import Seat, Table, TableSetup
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.screens.cover import PassScreen
from tui.screens.game import GameScreen
from tui.settings import Settings


@pytest.mark.parametrize("reader", [False, True], ids=["board", "screen-reader"])
@pytest.mark.parametrize("humans", [1, 2], ids=["one-human", "two-at-the-keyboard"])
@pytest.mark.parametrize("slug", sorted(BOARDS))
async def test_every_key_offered_in_play_is_whole_in_the_footer(
    slug: str, reader: bool, humans: int
) -> None:
    seats = 3 if slug == "whoosh" else 2
    match = Match.new(slug, seats, seed=3)
    players = tuple(
        Seat(f"P{i + 1}") if i < humans else Seat(f"Bot {i + 1}", "bot", "easy")
        for i in range(seats)
    )
    setup = TableSetup(slug, players, dict(match.options), match.seed)
    table = Table(match, players, bot_delay=3600)
    app = HuntersApp(Settings(bot_delay=3600, screen_reader=reader, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameScreen(setup, app.settings, table=table, seats=frozenset(range(humans)))
        await app.push_screen(screen)
        for _ in range(4):
            await pilot.pause()
        for _ in range(3):
            if not isinstance(app.screen, PassScreen):
                break
            assert "press Enter" in screen_text(app)  # two at a keyboard: the cover first
            await pilot.press("enter")
            for _ in range(4):
                await pilot.pause()
        assert app.screen is screen
        offered: dict[str, str] = {}
        for _, binding, _, _ in app.screen.active_bindings.values():
            if binding.show and binding.action not in offered:
                offered[binding.action] = f"{app.get_key_display(binding)} {binding.description}"
        footer = screen_text(app).rstrip("\n").split("\n")[-1]
        missing = [key for key in offered.values() if key not in footer]
        assert not missing, f"{slug}: {missing} not whole in {footer!r}"
        await table.close()
