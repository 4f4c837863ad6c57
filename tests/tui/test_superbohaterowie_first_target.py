"""Enter on a card puts the cursor on the target best for the player's own city: an Enter,
Enter covered the player's own leaf superhero with a fire one while empty spaces were
left (the first legal space of their city), and a two-eagle card swapped a rival's giant
spider into it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.games.superbohaterowie.data import ELEMENTS, kind_of
from core.match import Match
from core.table import Seat
from tests.tui.game_driver import move_cursor
from tests.tui.test_board_superbohaterowie import BOTS, held_table_at
from tui.app import HuntersApp
from tui.settings import Settings


def _different(kinds: list[str | None]) -> int:
    cards = [k for k in kinds if k is not None]
    return min(5, len({k for k in cards if k in ELEMENTS}) + cards.count("joker"))


def _own_after(match: Match, seat: int, card: str, space: int) -> list[str | None]:
    own = [None if c is None else kind_of(c) for c in match.view(seat)["cities"][seat]]
    own[space] = kind_of(card)
    return own


def _a_superhero_that_could_cover_its_own(seed_from: int) -> tuple[Match, str]:
    """Random play until seat 0 holds a superhero whose first legal space in its own city
    covers one of its own superheroes, and an empty space would be better."""
    for seed in range(seed_from, seed_from + 300):
        match = Match.new("superbohaterowie", 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            legal = match.legal(seat)
            if seat == 0:
                for card in match.view(0)["hand"]:
                    if kind_of(card) not in ELEMENTS:
                        continue
                    spaces = [a[3] for a in legal if a[0] == "place" and a[1] == card and a[2] == 0]
                    own = match.view(0)["cities"][0]
                    if spaces and own[spaces[0]] is not None and None in own:
                        first = _different(_own_after(match, 0, card, spaces[0]))
                        best = max(_different(_own_after(match, 0, card, s)) for s in spaces)
                        if best > first:
                            return match, card
            match.act(seat, rng.choice(legal))
    raise AssertionError("no such position")


async def test_enter_on_a_superhero_goes_where_it_adds_most_to_your_city() -> None:
    for seed_from in (0, 300):
        match, card = _a_superhero_that_could_cover_its_own(seed_from)
        app = HuntersApp(Settings(bot_delay=0, summaries=False))
        async with app.run_test(size=(80, 24)) as pilot:
            screen, table = await held_table_at(pilot, match, BOTS)
            widget: Any = screen.query_one("#board")
            await move_cursor(pilot, widget, 0, match.view(0)["hand"].index(card))
            await pilot.press("enter")
            await pilot.pause()
            row, space = widget.cursor
            assert row == 1, "in the player's own city"
            spaces = [a[3] for a in match.legal(0) if a[1] == card and a[2] == 0]
            best = max(_different(_own_after(match, 0, card, s)) for s in spaces)
            assert _different(_own_after(match, 0, card, space)) == best
            await table.close()


def _eagles_facing_a_spider() -> tuple[Match, str]:
    """Seat 0 holds a two-eagle card, and the first card it could take from another city
    is a giant spider while others are not."""
    for seed in range(400):
        match = Match.new("superbohaterowie", 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            legal = match.legal(seat)
            if seat == 0:
                cities = match.view(0)["cities"]
                for card in match.view(0)["hand"]:
                    if kind_of(card) != "two-eagles":
                        continue
                    taken = [
                        (c, s)
                        for a in legal
                        if a[1] == card
                        for c, s in ((a[2], a[3]), (a[4], a[5]))
                        if c != 0
                    ]
                    kinds = [kind_of(cities[c][s]) for c, s in sorted(set(taken))]
                    if kinds and kinds[0] == "spider" and set(kinds) - {"spider"}:
                        return match, card
            match.act(seat, rng.choice(legal))
    raise AssertionError("no such position")


async def test_a_two_eagle_card_does_not_start_on_a_rivals_spider() -> None:
    match, card = _eagles_facing_a_spider()
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        await move_cursor(pilot, widget, 0, match.view(0)["hand"].index(card))
        await pilot.press("enter")
        await pilot.pause()
        row, space = widget.cursor
        assert row != 1, "the card an eagle takes is another city's"
        assert kind_of(match.view(0)["cities"][row - 1][space]) != "spider"
        await table.close()


def cities_of(match: Match) -> list[list[str | None]]:
    return [[None if c is None else kind_of(c) for c in city] for city in match.view(0)["cities"]]


def _threat(kinds: list[str | None]) -> tuple[bool, int]:
    """How near a rival city is to being saved: free of spiders, its different superheroes."""
    return "spider" not in kinds, _different(kinds)


def _spider_facing_a_nearer_city(kind: str) -> tuple[Match, str]:
    """Seat 0 holds a card of ``kind`` (a giant spider, an explosion) and the first rival
    city it could go to is not the one nearest to being saved."""
    for seed in range(400):
        match = Match.new("superbohaterowie", 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            legal = match.legal(seat)
            if seat == 0:
                cities = [
                    [None if c is None else kind_of(c) for c in city]
                    for city in match.view(0)["cities"]
                ]
                for card in match.view(0)["hand"]:
                    if kind_of(card) != kind:
                        continue
                    rivals = sorted(
                        {a[2] for a in legal if a[0] == "place" and a[1] == card and a[2] != 0}
                        | {
                            c
                            for a in legal
                            if a[0] == "explode" and a[1] == card
                            for c, _ in a[2]
                            if c != 0
                        }
                    )
                    if len(rivals) > 1:
                        nearest = max(_threat(cities[c]) for c in rivals)
                        if _threat(cities[rivals[0]]) < nearest:
                            return match, card
            match.act(seat, rng.choice(legal))
    raise AssertionError("no such position")


@pytest.mark.parametrize("kind", ["spider", "small-explosion"])
async def test_a_spider_or_an_explosion_starts_on_the_rival_nearest_to_saving(kind: str) -> None:
    """Played at 80x24: Enter on a giant spider put the cursor on London, space 1 (the
    first rival city's first space), while New York and Tokyo held four different
    superheroes each: an Enter, Enter stopped the wrong city."""
    match, card = _spider_facing_a_nearer_city(kind)
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        people = (BOTS[0], BOTS[1], BOTS[2], Seat("Bot 4", "bot", "easy"))
        screen, table = await held_table_at(pilot, match, people)
        widget: Any = screen.query_one("#board")
        await move_cursor(pilot, widget, 0, match.view(0)["hand"].index(card))
        await pilot.press("enter")
        await pilot.pause()
        row, space = widget.cursor
        if kind != "spider":  # never a rival's spider blown away: it helps them
            assert cities_of(match)[row - 1][space] != "spider"
        cities = [
            [None if c is None else kind_of(c) for c in city] for city in match.view(0)["cities"]
        ]
        rivals = range(1, len(cities))
        assert row - 1 != 0, "a rival's city"
        assert _threat(cities[row - 1]) == max(_threat(cities[c]) for c in rivals), cities
        await table.close()
