"""Comic Hunters' face-down cards say what a player may know (issue #15, seen at 160x45):
the others' Store cards drew as three empty backs, "Bot 2 (normal): 3" too long for the
back's label and dropped, so nobody could tell whose they were or how many."""

from __future__ import annotations

import dataclasses

import pytest

from core.match import Match
from core.table import Update
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters_draw as draw
from tui.widgets.card import BACK

NAMES = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "A very long player name indeed")


def _update(steps: list[int], sizes: list[int], direction: int = 1) -> Update:
    update = update_of(Match.new("comic-hunters", 4, seed=3), 0, NAMES)
    store = dict(update.view["store"])
    store.update(pack_sizes=sizes, steps=steps, direction=direction)
    return dataclasses.replace(update, view={**update.view, "store": store})


def _backs(update: Update, width: int) -> list[str]:
    lines = [line.plain for line in draw.store_lines(update, draw.Focus(), width, 2)]
    start = lines.index("The others' Store cards, face down:")
    return lines[start + 1 :]


def _card_texts(lines: list[str]) -> list[str]:
    """Each back's words, read card by card (cards are parted by the borders)."""
    cards: dict[int, list[str]] = {}
    for line in lines[1:-1]:
        for index, cell in enumerate(line.split("│ │")):
            words = " ".join(cell.strip("│ ").replace(BACK, " ").split())
            cards.setdefault(index, []).append(words)
    return [" ".join(w for w in rows if w) for rows in cards.values()]


@pytest.mark.parametrize("width", [104, 78])
def test_each_back_says_whose_it_is_how_many_and_its_value(width: int) -> None:
    """Every back is labelled with its owner, its count in words, the value its back shows
    (the Store's comics are all of value 1) and whether the pick is made; none is a blank
    box at the board's width at 160x45 (104) or 80 columns with rows to spare."""
    update = _update(steps=[0, 2, 0, 0], sizes=[4, 3, 4, 1], direction=1)
    backs = _card_texts(_backs(update, width))
    assert len(backs) == 3, backs
    expect = [
        ("Bot 2 (normal)", "3 cards of value 1", "has picked", "passes to Bot 3 (normal)"),
        ("Bot 3 (normal)", "4 cards of value 1", "picking one", "passes to A very long"),
        ("A very long", "1 card of value 1", "picking one", "passes to you"),
    ]
    for text, words in zip(backs, expect, strict=True):
        for said in words:
            assert said in text, (said, text)


def test_the_backs_say_where_the_cards_go_when_they_pass_right() -> None:
    update = _update(steps=[0, 0, 0, 0], sizes=[4, 4, 4, 4], direction=-1)
    backs = _card_texts(_backs(update, 104))
    assert "passes to you" in backs[0], backs
    assert "passes to Bot 2 (normal)" in backs[1], backs


def test_a_back_never_is_blank_nor_a_line_too_wide() -> None:
    """Every back starts with its owner's name, and the row of backs fits the board."""
    update = _update(steps=[0, 1, 2, 0], sizes=[4, 3, 3, 3])
    lines = _backs(update, 104)
    assert all(len(line) <= 104 for line in lines), lines
    first = [cell.strip("│ ").strip(BACK + " ") for cell in lines[1].split("│ │")]
    assert first[:2] == ["Bot 2 (normal)", "Bot 3 (normal)"], lines
    assert first[2].startswith("A very long player"), lines
