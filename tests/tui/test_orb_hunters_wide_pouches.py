"""A pouch pile's relics read their points in words on a big terminal (#15).

Measured at 160x45: the board is about 104 columns wide, but a pouch pile was at most 30
even with three players, so its relics fell back to the legend's codes ("◇ Gem Pouch  W2
X1", "← Thief's Glove ←  W1 X1", "✚ Healing Potion  P1") in 28 of 155 random boards, with
blank columns to the right of the piles; and in those boards the key that explains the
codes was gone too. The piles now share the board's width (wider with few players), a
pile shorter than the tallest gives its spare rows to its relics' points in words, the
piles' words come before a longer details text (the piles show those relics; i shows the
text whole), and a code left on a pile keeps the key's rows before the details line and
the facts take them. Random positions of three to five players are drawn at 120x40,
160x45 and 200x60 and the piles' relic rows read.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.core.games.test_orb_hunters_rules import position
from tests.tui import screen_text
from tests.tui.test_board_orb_hunters import _from_state
from tests.tui.test_board_superbohaterowie import _screen_at
from tests.tui.test_orb_hunters_relic_words import SEEDS, _positions
from tui.app import HuntersApp
from tui.boards import orb_hunters_cards as cards
from tui.settings import Settings

CODE = re.compile(r"\b[WX]\d+\b| P\d+ *[│┃]")
"""A relic's points in a pile's row in the legend's short form: "W2 X1", "P1" at the
row's end (a player's name such as "P1" sits on the pile's edge, never before a side)."""

CELL_CODE = re.compile(r"\b[WXP]\d+")
"""A point in short form inside a pile, between its sides ("W1", "X3", "P1")."""

NAMES = ("Ala", "Olek", "Ewa")


def _view(**kwargs: Any) -> dict[str, Any]:
    return _from_state(position(**kwargs)).view


AT_MOST = {(120, 40): 0, (160, 45): 31, (200, 60): 0}
"""Relic lines in code form inside the piles of the 155 boards drawn at each size: 12,
276 and 0 before the piles shared the width (28 boards showed one at 160x45); 4, 136 and
0 (27 boards, 15 of them without the key) before a relic whose name and points in words
did not fit a line took its short name ("∘ Initial 1 wealth", not "∘ Initial Relic
W1"), the rows left over went to the tallest piles' top relics, and piles with a code
kept the key's rows before the hand's roomier cards (13 boards now, each with the key).
What is left is the tallest pile of four or five players, 25 and 20 cells wide."""


@pytest.mark.parametrize("size", list(AT_MOST))
async def test_pouch_piles_read_relic_points_in_words_on_big_terminals(
    size: tuple[int, int],
) -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    drawn = 0
    coded = 0
    piled = 0
    shown_coded: list[str] = []
    async with app.run_test(size=size) as pilot:
        for players in (3, 4, 5):
            for seed in SEEDS:
                for match, seat in _positions(players, seed):
                    screen = await _screen_at(pilot, match, seat)
                    await pilot.pause()
                    shown: Any = screen.query_one("#board")
                    region = shown.part_region("pouches")
                    text = screen_text(app).splitlines()
                    rows = [r[region.x : region.right] for r in text[region.y : region.bottom]]
                    drawn += 1
                    found = [
                        cell
                        for row in rows
                        for cell in re.findall(r"[│┃]([^│┃]*)[│┃]", row)
                        if CELL_CODE.search(cell)
                    ]
                    coded += len(found)
                    board = "\n".join(line[: shown.region.right] for line in text)
                    if found:
                        shown_coded.append(board)
                        # The key to the codes is under the board wherever they are.
                        assert "W wealth, X wounds" in board, board
                    edges = re.findall(r"[╭┏][^╮┓]*[╮┓]", rows[0])
                    if players == 3 and edges:  # not the pouches a line each
                        # Three piles share the board's width (up to the widest relic's line).
                        wide = min(38, (region.width - 2) // 3)
                        assert [len(e) for e in edges] == [wide] * 3, board
                        piled += 1
                    await pilot.app.pop_screen()
    assert drawn > 100 and piled > 10, (drawn, piled)
    print(f"{size}: {coded} code-form relic lines in the piles of {drawn} boards")
    assert coded <= AT_MOST[size], shown_coded[0]


def test_a_pile_shorter_than_the_tallest_says_its_points_in_words() -> None:
    """Without the rows for every pile's words, a pile shorter than the tallest still has
    rows beside it: its relics take them for their points in words, top first, and a
    point is broken after a comma ("1 wealth, 1 / wound" was read in a pile 20 wide)."""
    tall = ["initial-relic-1", "cursed-treasure-1", "elixir-1", "cursed-idol-1", "orb-1"]
    short = ["initial-relic-2", "hammer-of-ruin-1"]
    view = _view(pouches=[tall, short, ["initial-relic-3"]])
    rows = cards.pile_height(view, NAMES, 20, False)
    pile = [line.plain for line in cards.pouch_pile(view, 1, NAMES, 20, False, False, False, rows)]
    body = [line.strip("│┃") for line in pile[1:-1]]
    assert body[:4] == [
        "⚒ Hammer of Ruin  ",
        " 1 wealth, 1 wound",
        "∘ Initial Relic   ",
        "  1 wealth        ",
    ], pile
    assert len(pile) <= rows, pile
    assert not cards.pile_codes(view, NAMES, 38, False, rows)
    assert cards.pile_codes(view, NAMES, 20, False, rows)  # the tallest pile's, explained
    assert not any(CODE.search(line) for line in pile), pile


@pytest.mark.parametrize(
    ("relic", "line"),
    [
        ("healing-potion-1", "✚ Potion 1 potion"),
        ("cursed-idol-1", "☠ Idol 3 wounds"),
        ("tricksters-mirror-1", "⇄ Mirror 2 wounds"),
    ],
)
def test_a_relic_in_a_narrow_pile_keeps_its_points_in_words_by_its_short_name(
    relic: str, line: str
) -> None:
    """Five players' piles are 20 wide at 160x45, and the tallest has no row to spare:
    "∘ Initial Relic W1" and "✚ Healing Poti… P1" read codes where the short name (the
    80-column board's, in F1's legend) leaves the points their words on the line."""
    tall = ["initial-relic-1", "orb-1", "cursed-treasure-1", "gem-pouch-1", relic]
    view = _view(players=5, pouches=[tall, ["initial-relic-2"], ["initial-relic-3"], [], []])
    names = (*NAMES, "Iga", "Zoe")
    rows = cards.pile_height(view, names, 20, False)
    pile = [line.plain for line in cards.pouch_pile(view, 0, names, 20, False, False, False, rows)]
    said = [" ".join(row.strip("│┃").split()) for row in pile]
    assert said[1] == line, pile
    assert "∘ Initial 1 wealth" in said, pile
