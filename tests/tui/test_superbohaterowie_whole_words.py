"""Texts cut with "…" at 80x24 that a decision needs. Between the games of a series (and
with only a discard left) the details line said the card under the cursor first and the
one choice there last, so "Ready for the next game of the series (c)." was cut off
behind "…". With five cities a city's line ended "· 10 pts · new: spac…": which spaces
another player had just filled was lost to the city's progress."""

from __future__ import annotations

import random
import re
from typing import Any

from core.match import Match
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_superbohaterowie import PEOPLE, _between_games, held_table_at
from tui.app import HuntersApp
from tui.boards.superbohaterowie_table import Marks, city_lines, totals_lines
from tui.settings import Settings


def _only_discarding_in_a_series() -> Match:
    for seed in range(200):
        match = Match.new("superbohaterowie", 2, seed=seed, options={"series": 3})
        rng = random.Random(seed)
        for _ in range(300):
            if 0 in match.to_act() and match.legal(0) == [("discard-hand",)]:
                return match
            if match.outcome() is not None or match.view(None)["waiting"]:
                break
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no position with only a discard left")


async def _every_spot_says(pilot: Any, screen: Any, words: str) -> int:
    """Put the cursor on every card in hand and every space: the details line on screen
    says ``words`` whole each time. The spots checked."""
    widget: Any = screen.query_one("#board")
    hand = widget.update.view["hand"] or []
    spots = [(0, c) for c in range(len(hand))]
    spots += [(r, c) for r in range(1, widget.update.view["players"] + 1) for c in range(5)]
    for row, col in spots:
        widget.cursor = (row, col)
        widget._draw()
        await pilot.pause()
        region = widget.part_region("details")
        rows = screen_text(pilot.app).splitlines()[region.y : region.y + region.height]
        shown = re.sub(r"\s+", " ", " ".join(rows))
        assert words in shown, ((row, col), shown)
    return len(spots)


async def test_the_one_choice_between_games_is_never_cut_from_the_details_line() -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, _between_games(), PEOPLE, 0)
        await pilot.pause()
        assert await _every_spot_says(pilot, screen, "Ready for the next game of the series (c).")
        await table.close()
        await pilot.app.pop_screen()
        screen, table = await held_table_at(pilot, _only_discarding_in_a_series(), PEOPLE, 0)
        await pilot.pause()
        said = "Discard both cards: neither can be played (d)."
        assert await _every_spot_says(pilot, screen, said)
        await table.close()


def test_a_city_line_with_five_cities_keeps_its_new_spaces_whole() -> None:
    """The longest a compact city line says: a bot's name with its level, a spider, points
    below 0 and three new spaces, on a board 78 cells wide."""
    match = Match.new("superbohaterowie", 5, seed=1, options={"series": 3})
    names = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (hard)", "Bot 5 (easy)")
    update = update_of(match, 0, names=names)
    cities = update.view["cities"]
    cities[2] = ["spider-1", "fire-01", None, "leaf-01", "water-01"]
    fresh = frozenset(("space", 2, s) for s in (0, 3, 4))
    for width in (78,):
        head = city_lines(update, 2, Marks(fresh=fresh), width, "compact")[0].plain
        assert "…" not in head and len(head) <= width, head
        assert head.endswith("new: spaces 1, 4, 5"), head
        assert head.startswith("New York — Bot 3"), head


async def test_the_series_totals_are_said_whole_where_their_track_would_skip() -> None:
    """After a game of a series the totals track ran 0 to 70 in one cell a point, so at 80
    columns it showed "0 │…  45│…  70│": skipped stretches that read as cut text, and the
    cities' initials under them. Where the track cannot show every space it says the
    totals in words, each beside its player's name."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _between_games()
        screen, table = await held_table_at(pilot, match, PEOPLE, 0)
        await pilot.pause()
        widget: Any = screen.query_one("#board")
        region = widget.part_region("series")
        assert region.height, "the series has its rows"
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        said = re.sub(r"\s+", " ", " ".join(rows))
        assert "…" not in said, rows
        totals = [sum(game[s] for game in match.view(None)["results"]) for s in (0, 1)]
        assert totals != [0, 0]
        assert f"Ala {totals[0]}" in said and f"Olek {totals[1]}" in said, rows
        await table.close()


def test_five_players_totals_keep_each_name_with_its_points() -> None:
    match = Match.new("superbohaterowie", 5, seed=2, options={"series": 3})
    names = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (hard)", "Bot 5 (easy)")
    update = update_of(match, 0, names=names)
    totals = [110, 95, 100, 80, 5]
    lines = [line.plain for line in totals_lines(update, totals, 78)]
    assert len(lines) == 2 and all(len(line) <= 78 and "…" not in line for line in lines)
    for name, total in zip(names, totals, strict=True):
        assert any(f"{name} {total}" in line for line in lines), (name, lines)
