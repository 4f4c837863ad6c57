"""The heroes to stand up take the width the board has (issue #15): at 160x45 a team of
seven to choose from were cards 25 wide, four to a row, each as tall as Crow's ability on
9 lines, most of them half empty."""

from __future__ import annotations

import random

from core.games.shardhunters.data import HEROES, hero_name
from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tests.tui.test_shardhunters_heroes import _boxes
from tui.app import HuntersApp
from tui.settings import Settings


def _choosing(least: int, long: tuple[str, ...] = ()) -> Match:
    """Seat 0 to stand up its active heroes, with ``least`` or more to choose from (one of
    ``long`` among its first four, if any)."""
    for seed in range(200):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            team = match.state.teams[0]
            there = match.state.phase == "choose" and 0 in match.to_act()
            if there and len(team) >= least and (not long or set(long) & set(team[:4])):
                return match
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no such position")


def _card_rows(text: str) -> list[list[int]]:
    """The choice cards' rows on the screen: for each card, how many of its lines under
    "stand" are empty."""
    rows = text.splitlines()
    found = []
    for top, row in enumerate(rows):
        starts = [col for col, char in enumerate(row) if char in "╭┏"]
        if (
            not starts
            or top + 2 >= len(rows)
            or not rows[top + 2][starts[0] + 1 :].startswith("stand")
        ):
            continue
        empty = []
        for col in starts:
            lines = []
            for below in rows[top + 3 :]:
                if below[col : col + 1] in "╰┗":
                    break
                end = next(i for i in range(col + 1, len(below)) if below[i] in "│┃")
                lines.append(below[col + 1 : end].strip())
            empty.append(len(lines) - len([line for line in lines if line]))
        found.append(empty)
    return found


async def test_each_row_of_heroes_to_stand_up_is_as_tall_as_its_own_cards_need() -> None:
    """Crow's ability on 9 lines made every card to choose from 9 lines tall, rows of them
    half empty: each row of cards is as tall as its longest ability, and the rows share
    the board's width."""
    match = _choosing(5, ("crow", "cassandra"))
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in (2, 3, 4)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        _, table = await held_table_at(pilot, match, seats)
        await pilot.pause()
        text = screen_text(app)
        boxes = _boxes(text)
        for hero in match.state.teams[0]:
            assert boxes.get(hero_name(hero)) == f"stand {HEROES[hero].ability}", text
        rows = _card_rows(text)
        assert len(rows) >= 2 and sum(len(r) for r in rows) == len(match.state.teams[0]), rows
        for empty in rows:
            assert min(empty) == 0, (rows, text)
        await table.close()
