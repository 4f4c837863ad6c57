"""Superbohaterowie's footer offers n (the next legal choice) only when there is a choice
on the board to move to: between the games of a series, and with a hand neither card of
which can be played, it read "n Next" and n did nothing."""

from __future__ import annotations

from typing import Any

from tests.tui.test_board_superbohaterowie import (
    PEOPLE,
    _between_games,
    _until_only_discarding,
    held_table_at,
)
from tui.app import HuntersApp
from tui.settings import Settings


async def test_n_is_offered_only_with_a_choice_on_the_board() -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for match in (_between_games(), _until_only_discarding()):
            screen, table = await held_table_at(pilot, match, PEOPLE, 0)
            widget: Any = screen.query_one("#board")
            assert not widget.check_action("next_choice", ())
            before = widget.cursor
            await pilot.press("n")
            assert widget.cursor == before
            await table.close()
            await pilot.app.pop_screen()
