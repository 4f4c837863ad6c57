"""Shardhunters' hero cards on a roomy screen (issue #15): once a team passed four heroes,
every ability shrank to one cut line ("If you win the 2nd…") while rows under the board
stayed empty. Where the rows exist, an ability reads whole on its card."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from core.games.shardhunters.data import HEROES, hero_name
from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tui.app import HuntersApp
from tui.boards.shardhunters_table import active_heroes
from tui.settings import Settings


def _big_team(players: int, least: int) -> Match:
    """A Combat of seat 0's with a team of ``least`` heroes or more on the table."""
    for seed in range(60):
        match = Match.new("shardhunters", players, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            big = max(len(t) for t in match.state.teams) >= least
            if big and match.state.phase == "combat" and 0 in match.to_act():
                return match
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no such position")


def _boxes(text: str) -> dict[str, str]:
    """Each card drawn on the screen by its title: the words under the title, joined."""
    rows = text.splitlines()
    found: dict[str, str] = {}
    for top, row in enumerate(rows):
        for col, char in enumerate(row):
            if char not in "╭┏" or top + 1 >= len(rows):
                continue
            end = next((i for i in range(col + 1, len(row)) if row[i] in "╮┓"), None)
            if end is None:
                continue
            title = rows[top + 1][col + 1 : end].strip(" ★·◆┃│")
            words = []
            for below in rows[top + 2 :]:
                cell = below[col : end + 1]
                if cell[:1] in "╰┗" or len(cell) <= 2:
                    break
                words.append(cell[1:-1].strip())
            found[title.split(" · ")[0].strip()] = " ".join(w for w in words if w)
    return found


def _card_texts(text: str) -> dict[str, str]:
    """Each hero card's ability as drawn."""
    names = {hero_name(h): h for h in HEROES}
    return {names[title]: words for title, words in _boxes(text).items() if title in names}


@pytest.mark.parametrize(
    ("size", "whole"),
    [((160, 45), "active"), ((120, 40), ""), ((200, 60), "every")],
)
async def test_a_heros_ability_reads_whole_where_the_rows_exist(
    size: tuple[int, int], whole: str
) -> None:
    """Three sides, one with six heroes: an ability is cut only when the board has no rows
    left for another line. At 160x45 the active heroes' (they apply this Hunt) read whole,
    at 200x60 every hero's; at 120x40 three sides stacked leave no room for that."""
    match = _big_team(3, 6)
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        screen, table = await held_table_at(pilot, match, seats)
        await pilot.pause()
        text = screen_text(app)
        view = screen.latest[0].view
        cards = _card_texts(text)
        board: Any = screen.query_one("#board")
        free = size[1] - 1 - board.region.bottom
        heroes = [h for team in view["teams"] for h in team]
        assert set(cards) == set(heroes), text
        cut = [h for h in heroes if cards[h] != HEROES[h].ability]
        if cut:
            assert free < 3, (cut, free, text)
        active = {h for side in range(3) for h in active_heroes(view, side)}
        if whole == "active":
            assert not active & set(cut), (cut, text)
        if whole == "every":
            assert not cut, (cut, text)
        await table.close()


def _at_the_tavern() -> Match:
    """Seat 0 at the Tavern with Bloodshards to pay."""
    for seed in range(60):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            if seat == 0 and ("pay",) in match.legal(0):
                return match
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no such position")


async def test_the_tavern_choices_say_what_they_do_whole_on_a_roomy_screen() -> None:
    """At 160x45 the Tavern's choices read "Pay 3…" and "Leave the…" with eight rows
    empty under the board: on a roomy screen a choice card says it whole. And the head
    said "Hunt 2 · The tavern" where every other line says "the Tavern"."""
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in (2, 3, 4)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        _, table = await held_table_at(pilot, _at_the_tavern(), seats)
        await pilot.pause()
        text = screen_text(app)
        assert "Pay 3…" not in text and "Leave the…" not in text, text
        boxes = _boxes(text)
        assert boxes.get("Pay") == "Pay 3 Bloodshards, draw two heroes", text
        assert boxes.get("Leave") == "Leave the Tavern", text
        # The head names the step as the rest of the board does ("The tavern" was not).
        assert " · The Tavern · " in text, text
        await table.close()


def test_a_side_with_nothing_to_choose_is_not_said_to_be_choosing() -> None:
    """At 80x24 a Hunt's "choose your active heroes" showed "You · … · choosing… · ★Titus"
    while only Bot 2 had a choice to make (one hero stands up by itself): a side is
    "choosing" only while it is to act."""
    from tests.tui.board_helpers import update_of
    from tui.boards.shardhunters_table import side_facts

    seen = 0
    for seed in range(20):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None and seen < 20:
            acting = match.to_act()
            if match.state.phase in ("choose", "combat") and len(acting) < 4:
                update = update_of(match, 0)
                for side in range(4):
                    facts = side_facts(update, side, short=True)
                    if side in acting:
                        assert facts.endswith(("choosing", "ready")), facts
                    else:
                        seen += match.state.phase == "choose"
                        assert "choosing" not in facts, (match.state.phase, side, facts)
            seat = min(acting)
            match.act(seat, rng.choice(match.legal(seat)))
    assert seen >= 20


def _choosing_heroes() -> Match:
    """Seat 0 to stand up its active heroes, with four or more to choose from."""
    for seed in range(80):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            phase = match.state.phase
            if phase == "choose" and 0 in match.to_act() and len(match.state.teams[0]) >= 4:
                return match
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no such position")


async def test_the_heroes_to_stand_up_say_their_abilities_whole_on_a_roomy_screen() -> None:
    """At 160x45 the heroes to stand up read "least 3 cards of" and stopped, the line with
    the ellipsis cut off the card, seven rows empty under the board: the choice is the
    decision, its cards say it whole where the rows exist."""
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in (2, 3, 4)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        match = _choosing_heroes()
        _, table = await held_table_at(pilot, match, seats)
        await pilot.pause()
        text = screen_text(app)
        boxes = _boxes(text)
        for hero in match.state.teams[0]:
            assert boxes.get(hero_name(hero)) == f"stand {HEROES[hero].ability}", text
        await table.close()


def test_a_sides_height_is_measured_as_it_is_drawn() -> None:
    """The board picks its detail from heights measured without making the cards: each
    must be the number of lines the side then draws, at every level and width."""
    from tests.tui.board_helpers import update_of
    from tui.boards.shardhunters_table import WHOLE, Detail, side_height, side_lines

    details = [Detail(0, False, False)] + [
        Detail(a, True, True, r) for a in (WHOLE, 6, 3, 1) for r in (WHOLE, 2, 1, None)
    ]
    checked = 0
    for players, least in ((3, 6), (4, 5), (2, 3)):
        update = update_of(_big_team(players, least), 0)
        for width in (38, 51, 64, 78, 104):
            for side in range(players):
                for detail in details:
                    drawn = len(side_lines(update, side, width, detail, None))
                    assert side_height(update, side, width, detail) == drawn, (width, detail)
                    checked += 1
    assert checked > 300


def _cut_over_room(text: str) -> list[str]:
    """The hero cards on the screen whose ability is cut ("…") over an empty line of their
    own card: the card had the rows to say more."""
    rows = text.splitlines()
    names = {hero_name(h) for h in HEROES}
    cut = []
    for top, row in enumerate(rows):
        for col, char in enumerate(row):
            end = next((i for i in range(col + 1, len(row)) if row[i] in "╮┓"), None)
            if char not in "╭┏" or end is None or top + 1 >= len(rows):
                continue
            title = rows[top + 1][col + 1 : end].strip(" ★·◆┃│").split(" · ")[0].strip()
            if title not in names:
                continue
            body = []
            for below in rows[top + 2 :]:
                if below[col : col + 1] in "╰┗":
                    break
                body.append(below[col + 1 : end].strip())
            said = " ".join(w for w in body if w)
            if said.endswith("…") and "" in body:
                cut.append(title)
    return cut


@pytest.mark.parametrize(("players", "least"), [(4, 4), (3, 5)])
async def test_a_big_teams_cards_say_their_abilities_in_the_rows_they_have(
    players: int, least: int
) -> None:
    """Found in play at 160x45: a side of four heroes read "Your WHITE…" on a resting
    hero's card over five empty lines of the same card (its row as tall as the others'),
    and "Bloodshard (a draw is no…" under the tracks with a row free: a card says as much
    as its row holds, and the tracks (each side's line says its Bloodshards) give their
    rows to the abilities before a resting hero's is cut."""
    match = _big_team(players, least)
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in range(2, players + 1)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        screen, table = await held_table_at(pilot, match, seats)
        await pilot.pause()
        text = screen_text(app)
        board: Any = screen.query_one("#board")
        cards = _card_texts(text)
        assert len(cards) >= least, text
        assert not _cut_over_room(text), text
        cut = [h for h, words in cards.items() if words != HEROES[h].ability]
        if cut:  # only where the rows are not there, with the tracks gone first
            assert not board._pick_detail(board.update, board._width()).tracks, (cut, text)
        await table.close()


def test_a_sides_name_line_says_what_it_is_doing_and_no_fact_is_cut() -> None:
    """ "hand 4 · choosin…" was read at 160x45, a side's facts too long for its half of
    the board under a name line half empty: what the side is doing goes beside its name,
    in a word with no "…" (which says a cut), and no line of a side's label is cut at the
    widths a side is drawn at."""
    from tests.tui.board_helpers import update_of
    from tui.boards.shardhunters_table import _labels

    said = 0
    for seed in range(4):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            if match.state.phase == "combat":
                update = update_of(match, 0, ("Ala", "Bot 2 (normal)", "Bot 3", "Bot 4"))
                for side in range(4):
                    for width in (49, 51, 64, 78):  # a side's widths from 100 columns
                        lines = [line.plain for line in _labels(update, side, width)]
                        text = " ".join(lines)
                        assert "…" not in text, lines
                        said += "choosing" in text
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
    assert said > 20


@pytest.mark.parametrize(("players", "least"), [(4, 5), (3, 6)])
async def test_a_cut_ability_has_no_free_columns_beside_its_card(players: int, least: int) -> None:
    """At 160x45 a resting hero read "You play 4…" on a card alone in its row, 34 columns
    of its side's panel empty beside it (and rows empty under it, the side beside taller):
    a row of cards whose abilities would be cut takes its side's whole width, the rows
    share the heroes evenly, and the shorter side of two gives its resting heroes the rows
    the side beside it takes anyway. An ability is cut only on a card with no room beside
    it for another line's worth."""
    match = _big_team(players, least)
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in range(2, players + 1)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        screen, table = await held_table_at(pilot, match, seats)
        await pilot.pause()
        text = screen_text(app)
        rows = text.splitlines()
        board: Any = screen.query_one("#board")
        update = screen.latest[0]
        left = board.region.x
        half = board._side_width(update, board._width())
        names = {hero_name(h): h for h in HEROES}
        cards = _card_texts(text)
        cut = [h for h, said in cards.items() if said != HEROES[h].ability]
        for hero in cut:
            top, col = next(
                (y, found.start())
                for y, row in enumerate(rows)
                if (found := re.search(rf"[│┃][·★] {hero_name(hero)}\b", row))
            )
            end = re.compile("[│┃]").search(rows[top], col + 1).end() - 1  # type: ignore[union-attr]
            column_end = left + half if col < left + half else board.region.right
            free = len(rows[top][end + 1 : column_end]) - len(
                rows[top][end + 1 : column_end].lstrip()
            )
            beside = rows[top][end + 1 : column_end].strip()
            assert beside or free < 17, (hero, free, text)
        assert set(cards) == {h for t in update.view["teams"] for h in t} <= set(names.values())
        await table.close()
