"""Shardhunters read at the table (issue #15, found in play): a red card's tribe cut to
"lycanthrop…" in a hand of seven at 160x45, a Combat summary that said "Root blue 2 (2); …
You win." (a name and "You" in one sentence, the totals unexplained), and four sides left a
line each at 120x40 while the heroes to stand up took the room."""

from __future__ import annotations

import random
import re

import pytest

from core.games.shardhunters.data import hero_name
from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tests.tui.test_shardhunters_heroes import _boxes, _choosing_heroes
from tui.app import HuntersApp
from tui.settings import Settings

BOTS = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in (2, 3, 4)))


def _first_combat(players: int, seed: int) -> Match:
    """Seat 0 at the first Combat of the first Hunt: seven cards in hand, a red among them."""
    for tried in range(seed, seed + 40):
        match = Match.new("shardhunters", players, seed=tried)
        rng = random.Random(tried)
        while match.state.phase != "combat" or 0 not in match.to_act():
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
        hand = match.state.hands[0]
        if len(hand) == 7 and any(c.startswith("red") for c in hand):
            return match
    raise AssertionError("no such position")


async def test_a_hand_of_seven_says_every_tribe_whole_at_160x45() -> None:
    """Seven cards at 160x45 (the log beside the board) were drawn 13 wide beside the
    "Hand" label, and a red card read "lycanthrop…": the row has room for every word."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        match = _first_combat(3, 5)
        _, table = await held_table_at(pilot, match, BOTS[:3])
        await pilot.pause()
        text = screen_text(app)
        assert "lycanthropes" in text and "lycanthrop…" not in text, text
        assert "…" not in "".join(line for line in text.splitlines() if "rats" in line), text
        await table.close()


async def test_four_sides_choosing_heroes_keep_their_cards_at_120x40() -> None:
    """At 120x40 the heroes to stand up took the rows and the four sides had a line each
    ("★Shena ★Tobias +2 resting"), fourteen rows empty under the board: every other side's
    heroes are cards to read, and your own heroes are the cards to choose from."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(120, 40)) as pilot:
        match = _choosing_heroes()
        _, table = await held_table_at(pilot, match, BOTS)
        await pilot.pause()
        text = screen_text(app)
        boxes = _boxes(text)
        for side in (1, 2, 3):
            for hero in match.state.teams[side]:
                assert hero_name(hero) in boxes, (hero, text)
                assert boxes[hero_name(hero)], (hero, text)  # a line of its ability at least
        for hero in match.state.teams[0]:
            assert boxes.get(hero_name(hero), "").startswith("stand "), (hero, text)
        await table.close()


def _combats_said(you: bool) -> list[str]:
    from tests.tui.test_summaries import _summaries

    said = _summaries("shardhunters", 3, 5, you=you)
    return [line for line in said if re.match(r"The \w+ Combat: ", line)]


def test_a_combat_summary_reads_naturally_for_its_reader() -> None:
    """ "The first Combat: Root blue 2 (2); You white 1 (1). You win." mixed a name with
    "You" and said the totals by a bare number: each side "played" its cards, the reader
    as "you", the total in words."""
    combats = _combats_said(you=True)
    assert combats
    side = r"(?:you|Bob|Cy|the Reavers) played (?:nothing|.+?) \(total \d+\)"
    shape = rf"^The (first|second|third|fourth) Combat: {side}(?:; {side})*\. (.+)\.$"
    for line in combats:
        found = re.match(shape, line)
        assert found, line
        assert found[2] in ("You win", "Bob wins", "Cy wins") or found[2].startswith("A draw"), line
        assert "Ala" not in line, line
    assert any("; you played " in line or ": you played " in line for line in combats)


def test_a_combat_summary_at_a_hot_seat_names_everyone() -> None:
    """Read by whoever holds the keyboard: every side by name, each with "played"."""
    combats = _combats_said(you=False)
    assert combats
    for line in combats:
        assert not re.search(r"\b(you|You)\b", line), line
        assert re.match(r"^The \w+ Combat: Ala played ", line), line


def test_the_screen_reader_says_who_played_what_in_each_combat() -> None:
    """The plain table's Combat sentence read "1st Combat: you blue 2 (rats); P1 red 3
    (lycanthropes): won by P1.": each side "played" its cards, the winner in a sentence."""
    from tests.tui.board_helpers import update_of
    from tui.boards import shardhunters as board

    match = Match.new("shardhunters", 3, seed=6)
    rng = random.Random(6)
    while len(match.state.plays) < 2:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    lines = [line for line in board.describe(update_of(match, 0)) if " Combat: " in line]
    assert len(lines) == 2, lines
    side = r"(?:you|P1|P2) played [^;]+? \((?:rats|undead|pirates|lycanthropes)\)"
    for line in lines:
        assert re.match(rf"^(1st|2nd) Combat: {side}(?:; {side})*\. (.+)\.$", line), line
        verdict = line.rsplit(". ", 1)[1]
        assert verdict in ("You won.", "P1 won.", "P2 won.", "A draw."), line


async def test_in_two_columns_your_side_keeps_its_cards_while_you_choose() -> None:
    """At 160x45 the sides stand two by two: your side as one line gained no row (the side
    beside it is as tall) and read "▶ 1 You · … · hand 0 · 4 …", cut in its column."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        match = _choosing_heroes()
        _, table = await held_table_at(pilot, match, BOTS)
        await pilot.pause()
        text = screen_text(app)
        mine = next(line for line in text.splitlines() if "1 You" in line)
        assert "…" not in mine.split("2 Bot 2")[0], text
        assert sum(hero_name(h) in text for h in match.state.teams[0]) == len(match.state.teams[0])
        await table.close()


def _hand_cards(text: str) -> list[str]:
    """Each card of the hand row as its lines joined (a word broken with "-" rejoined)."""
    lines = text.splitlines()
    label = next(i for i, line in enumerate(lines) if line.startswith(" Hand"))
    beside = any(edge in lines[label][:12] for edge in "│┃")  # else the cards are under it
    top = label - 1 if beside else label + 1
    bottom = next(i for i in range(label, len(lines)) if "╰" in lines[i] or "┗" in lines[i])
    cells = [re.findall(r"[│┃]([^│┃]*)[│┃]", line) for line in lines[top + 1 : bottom]]
    cards = []
    for index in range(len(cells[0])):
        words = [row[index].strip() for row in cells if index < len(row)]
        cards.append(" ".join(words).replace("- ", ""))
    return cards


@pytest.mark.parametrize("size", [(120, 40), (160, 45)])
async def test_a_hand_of_seven_says_every_tribe_at_120x40(size: tuple[int, int]) -> None:
    """At 120x40 (the log beside the board) seven cards were 8 wide with their glyph, value
    and colour but no tribe: the cards take the row's width and say the tribe, a long one
    broken over two lines ("lycan-" / "thropes"); at 160x45 it stays whole on one."""
    from core.games.shardhunters.data import MONSTER_CARDS, TRIBES

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        match = _first_combat(3, 5)
        _, table = await held_table_at(pilot, match, BOTS[:3])
        await pilot.pause()
        text = screen_text(app)
        shown = _hand_cards(text)
        hand = match.state.hands[0]
        assert len(shown) == len(hand) == 7, text
        for card, face in zip(hand, shown, strict=True):
            assert TRIBES[MONSTER_CARDS[card].colour] in face, (face, text)
        await table.close()
