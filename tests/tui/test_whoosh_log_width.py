"""Whoosh's log beside the board: a fair share of a big terminal.

At 160x45 the board took two thirds of the width and the log 53 columns, where a too-late
hand ("reached for the Gargoyle too late (0.87 s after the board): it had already left the
table. Void, no penalty.") took three lines, while the Monster cards had room to spare.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog

SEATS = (Seat("Ala"), Seat("Bot 2 (normal)", "bot:normal"), Seat("Bot 3 (normal)", "bot:normal"))


async def _widths(slug: str, size: tuple[int, int]) -> tuple[int, int]:
    app = HuntersApp(Settings(bot_delay=60))  # the bots hold still
    async with app.run_test(size=size) as pilot:
        app.start_game(TableSetup(slug, SEATS, {}, 4))
        await pilot.pause()
        screen: Any = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for _ in range(20):
            await pilot.pause()
            if screen.query_one("#board").size.width:
                break
        board = screen.query_one("#board-column").size.width
        log = screen.query_one(EventLog).size.width
        return board, log


@pytest.mark.parametrize("size", [(160, 45), (200, 60)])
async def test_whooshs_log_gets_two_fifths_of_a_big_terminal(size: tuple[int, int]) -> None:
    board, log = await _widths("whoosh", size)
    assert log >= 0.38 * size[0], (board, log)
    assert board >= 80


async def test_whooshs_board_keeps_eighty_columns_where_the_log_first_moves_beside_it() -> None:
    """At 120 columns two fifths for the log would leave the board 70, and the Monsters'
    texts would be cut: the board keeps 80 there and the log has the rest."""
    board, log = await _widths("whoosh", (120, 40))
    assert board >= 80 and log >= 30, (board, log)


async def test_other_games_keep_their_split() -> None:
    """Only Whoosh asks for it: the other boards use their two thirds."""
    board, log = await _widths("superbohaterowie", (160, 45))
    assert board > 2 * log - 4, (board, log)
