"""Superbohaterowie's giant spider says in words every card it may not go on: its card in
hand read "never on ★ Joker or Ж", a glyph a newcomer cannot name."""

from __future__ import annotations

import pytest

from core.games.superbohaterowie.data import COVERS, PLACED
from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards.superbohaterowie_table import FACES, Marks, hand_card_lines, hand_lines


def _never_on() -> list[str]:
    """The placed cards a spider may not cover (the rulebook's Jokers, and other spiders)."""
    return sorted(kind for kind in PLACED if kind not in COVERS["spider"])


def test_the_spider_in_hand_names_every_card_it_may_not_go_on_in_words() -> None:
    never = _never_on()
    assert never == ["joker", "spider"]
    for series in (False, True):
        line = next(text for text in hand_card_lines("spider", series) if "never" in text)
        for kind in never:
            symbol, word, _ = FACES[kind]
            assert f"{symbol} {word}".lower() in line.lower(), (kind, line)


@pytest.mark.parametrize("width", [78, 103])
def test_the_spider_in_hand_says_it_whole_at_80x24_and_160x45(width: int) -> None:
    """The board is 78 wide at 80x24 and 103 beside the log at 160x45: no word is cut."""
    match = Match.new("superbohaterowie", 4, seed=3, options={"series": 2})
    update = update_of(match, 0, ("Ala", "Bot 2", "Bot 3", "Bot 4"))
    update.view["hand"] = ["spider-1", "fire-1"]
    text = "\n".join(line.plain for line in hand_lines(update, Marks(), width, 3))
    assert "…" not in text, text
    assert "never on ★ Joker or Ж Spider" in text, text


def test_the_spider_in_hand_says_where_it_goes_in_the_rulebooks_words() -> None:
    """The card said "on: empty or any element", a word the rulebook keeps for the
    symbols: a spider goes on empty spaces and on superhero cards, never on Jokers."""
    for series in (False, True):
        lines = hand_card_lines("spider", series)
        assert lines[0] == "on: empty or any superhero", lines
        assert not any("element" in line for line in lines), lines
