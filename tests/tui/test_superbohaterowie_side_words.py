"""Superbohaterowie's "side" layout (three cities at 80x24) said a city's progress as a
code, "2 of 5 diff. 2Ж", in the name column beside the cards. It says it in words where
the column allows ("2 of 5 different", a wider column on a wider terminal says the
spiders and points too); a short form that must stay is spelled out by the legend, and
the details line of a city's space says the city's progress in full."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui import screen_text
from tui.boards.superbohaterowie import LEGEND
from tui.boards.superbohaterowie_table import city_facts, side_label

SPIDERS = ["spider", "fire", "spider", None, "chainsaw"]


@pytest.mark.parametrize(
    ("room", "series", "said"),
    [
        (40, False, "2 of 5 different, 2 spiders"),
        (40, True, "2 of 5 different, 2 spiders, 0 points"),
        (28, True, "2 of 5 different, 0 points"),
        (16, False, "2 of 5 different"),
        (16, True, "2 of 5, 0 pts"),
    ],
)
def test_a_city_beside_its_cards_says_its_progress_in_words_where_it_fits(
    room: int, series: bool, said: str
) -> None:
    assert city_facts(SPIDERS, series, room=room) == said
    assert "diff." not in said and "Ж" not in said
    # Every city in the same form ("2 of 5, 25 pts" beside "2 of 5, 0 points" was read).
    other = city_facts(["leaf", "fire", "joker", None, None], series, room=room)
    assert ("pts" in other) == ("pts" in said) and ("different" in other) == ("different" in said)


def test_the_name_column_widens_with_the_terminal() -> None:
    """80 columns keep the cards' room; a wider terminal gives the names' column more."""
    assert side_label(78) == 17
    assert side_label(98) >= 28


def test_the_legend_spells_out_the_short_forms() -> None:
    said = dict(LEGEND)
    assert "3 of 5, 25 pts" in said and "different superheroes" in said["3 of 5, 25 pts"]
    assert not any("diff." in key or "1Ж" in key for key in said)


async def test_three_cities_at_80x24_say_no_code() -> None:
    from tests.tui.test_board_superbohaterowie import _snapshot

    app, run_before = _snapshot((80, 24), 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await run_before(pilot)
        text = screen_text(app)
        assert "diff." not in text and "2Ж" not in text
        assert text.count("2 of 5 different") == 3, text
        board: Any = app.screen.query_one("#board")
        board.cursor = (2, 0)  # London's first space: a giant spider
        assert "London: 2 of 5 different, 2 giant spiders (it cannot be saved while one" in (
            board.details()
        )
