"""Superbohaterowie marks "new" every card the others placed since your own move: playing
with three bots, only the last bot's card carried "new" (each bot's move replaced the
marks), and at 80x24 with four or five cities no card carried it at all, so a newcomer
could not tell what the bots had done to the table."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.game_driver import move_cursor, play_by_keys, settle
from tests.tui.test_board_superbohaterowie import HOLD, bots_have_acted, held_table_at
from tui.app import HuntersApp
from tui.settings import Settings

FOUR = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in (2, 3, 4)))


def _cities(match: Match) -> list[list[str | None]]:
    return [list(city) for city in match.view(0)["cities"]]


def _placed_since(before: list[list[str | None]], after: list[list[str | None]]) -> set:
    return {
        ("space", city, space)
        for city, (old, new) in enumerate(zip(before, after, strict=True))
        for space, (a, b) in enumerate(zip(old, new, strict=True))
        if b is not None and a != b
    }


async def _after_a_round(pilot: Any, seed: int) -> tuple[Any, set, Any]:
    """Ala's move by keys, then the three bots' moves: the board, the spaces the bots
    placed a card on, the table."""
    match = Match.new("superbohaterowie", 4, seed=seed)
    screen, table = await held_table_at(pilot, match, FOUR)
    widget: Any = screen.query_one("#board")
    await play_by_keys(pilot, screen, match.legal(0)[0])
    await pilot.pause()
    before = _cities(match)
    await bots_have_acted(pilot, screen, table, 3)
    assert 0 in match.to_act()
    return widget, _placed_since(before, _cities(match)), table


@pytest.mark.parametrize("seed", [4, 7])
async def test_every_card_the_bots_placed_since_your_move_is_new_at_160x45(seed: int) -> None:
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(160, 45)) as pilot:
        widget, placed, table = await _after_a_round(pilot, seed)
        assert len(placed) >= 2, "a round where more than one bot placed a card"
        assert widget._fresh == placed
        assert screen_text(app).count("─ new ─") == len(placed)  # in the cards' borders
        await table.close()


async def test_at_80x24_a_city_line_names_its_new_spaces() -> None:
    """Four cities at 80x24 are lines of cells with no border to write "new" in: the line
    above each city's cells says which spaces are new."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        widget, placed, table = await _after_a_round(pilot, 4)
        assert placed
        text = screen_text(app)
        for city, name in enumerate(widget.update.view["city_names"]):
            spaces = sorted(space + 1 for _, c, space in placed if c == city)
            head = next(line for line in text.splitlines() if re.match(rf"\W*{name} —", line))
            if not spaces:
                assert "new" not in head, head
                continue
            words = "space" if len(spaces) == 1 else "spaces"
            assert f"new: {words} {', '.join(map(str, spaces))}" in head, head
        await table.close()


async def test_cards_placed_in_the_same_redraw_as_your_move_are_new() -> None:
    """Bots without delay (or a busy server) can reach the screen in one redraw with the
    player's own move: their cards are new all the same, the player's own card is not."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(160, 45)) as pilot:
        match = Match.new("superbohaterowie", 4, seed=4)
        screen, table = await held_table_at(pilot, match, FOUR)
        widget: Any = screen.query_one("#board")
        table.release(HOLD)
        mine = match.version + 1
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await settle(pilot, screen)
        assert 0 in match.to_act() and match.version == mine + 3
        after_mine = Match.replay(match.record(), upto=mine)
        placed = _placed_since(_cities(after_mine), _cities(match))
        assert len(placed) >= 2
        assert widget._fresh == placed
        await table.close()


def _emptied_since(before: list[list[str | None]], after: list[list[str | None]]) -> set:
    return {
        ("space", city, space)
        for city, (old, new) in enumerate(zip(before, after, strict=True))
        for space, (a, b) in enumerate(zip(old, new, strict=True))
        if a is not None and b is None
    }


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_space_a_bot_emptied_since_your_move_says_emptied(size: tuple[int, int]) -> None:
    """A bot's explosion or eagle took the player's first card: the space showed "·" or
    "empty" as if nothing had been there, and only the log said what happened."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        match = Match.new("superbohaterowie", 4, seed=5)
        screen, table = await held_table_at(pilot, match, FOUR)
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await pilot.pause()
        before = _cities(match)
        await bots_have_acted(pilot, screen, table, 3)
        emptied = _emptied_since(before, _cities(match))
        assert emptied == {("space", 0, 0)}
        text = screen_text(app)
        assert text.count("emptied") == 1, text
        berlin = text.index("Berlin")
        assert "emptied" in text[berlin : text.index("London")], text
        widget: Any = screen.query_one("#board")
        await move_cursor(pilot, widget, 1, 0)
        assert "its card was removed since your own last move" in widget.details()
        await table.close()
