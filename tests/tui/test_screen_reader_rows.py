"""The screen-reader table cuts a list line too long for one row between its items, each
row naming what it lists (issue #17): a screen reader says the rows that changed, and when
only a wrapped city's second row did it said "fire superhero." and not whose city."""

from __future__ import annotations

from typing import Any

from core.table import Seat, TableSetup
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.screens.plain_table import CONTINUED, table_rows
from tui.settings import Settings

CITY = "Berlin, your city: giant spider, fire superhero, giant spider, fire superhero, {}."


def test_a_changed_second_row_names_the_city() -> None:
    before, after = table_rows(CITY.format("empty"), 78), table_rows(CITY.format("Joker"), 78)
    assert before == [
        "Berlin, your city: giant spider, fire superhero, giant spider, fire superhero,",
        "Berlin, your city, continued: empty.",
    ]
    assert [row for row in after if row not in before] == ["Berlin, your city, continued: Joker."]


def test_lines_that_fit_or_are_not_lists_stay_whole() -> None:
    short = "London, Bot 2's city: empty, empty, empty, empty, empty."
    assert table_rows(short, 78) == [short]
    clauses = (
        "Since your turn: Bot 2 places a giant spider in Berlin (yours), space 3, covering "
        "a wind superhero; Bot 2 draws a card."
    )
    assert table_rows(clauses, 78) == [clauses]
    sentences = "Your turn: play a card, then draw. You may pass, too, or discard both cards."
    assert table_rows(sentences * 2, 78) == [sentences * 2]
    assert table_rows(CITY.format("empty"), 0) == [CITY.format("empty")]


async def _table_rows(pilot: Any) -> list[str]:
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    await settle(pilot, screen)
    for _ in range(3):
        await pilot.pause()
    return str(screen.query_one("#sr-table").render()).splitlines()


async def test_the_table_at_80_columns_has_each_list_row_whole() -> None:
    """Five cities at 80x24: a city line that does not fit is cut into rows that fit, the
    second naming its city; the rows are cut again for a new width."""
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "random") for n in range(2, 6)))
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(TableSetup("superbohaterowie", seats, {}, 3))
        await pilot.pause()
        for _ in range(12):  # the cities fill up
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            await settle(pilot, screen)
            await pilot.press("enter")
            await pilot.press("enter")
        rows = [row for row in await _table_rows(pilot) if " city" in row]
        width = app.screen.query_one("#sr-table").content_region.width
        assert all(len(row) <= width for row in rows), rows
        assert any(CONTINUED in row for row in rows), rows
        await pilot.resize_terminal(120, 40)
        rows = await _table_rows(pilot)
        assert not any(CONTINUED in row for row in rows), rows
