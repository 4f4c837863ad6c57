"""Orb Hunters names a player with their adventurers in one pair of brackets, the colours
as a list said aloud: "Bot 2 (random, Red and Green)". A screen reader read "Bot 2 (random)
(Red+Green)": a bracket after a bracket, and a plus sign spoken as "plus"."""

from __future__ import annotations

import re

from core.engine import in_words
from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import orb_hunters as board
from tui.boards.orb_hunters_cards import ADVENTURER_NAMES
from tui.boards.orb_hunters_words import result_lines

NAMES = ("Ala", "Bot 2 (random)", "Bot 3")


def _colours(view: dict, seat: int) -> str:  # type: ignore[type-arg]
    return in_words([ADVENTURER_NAMES[c] for c in view["colours"][seat]])


def test_the_players_line_has_one_pair_of_brackets_per_player() -> None:
    update = update_of(Match.new("orb-hunters", 2, seed=1), 0, NAMES[:2])
    view = update.view
    players = next(line for line in board.describe(update) if line.startswith("Players: "))
    assert f"Ala ({_colours(view, 0)})" in players
    assert f"Bot 2 (random, {_colours(view, 1)})" in players, players
    assert ")(" not in players.replace(" ", "") and "+" not in players


def test_the_results_name_players_the_same_way() -> None:
    match = Match.new("orb-hunters", 2, seed=1)
    while (outcome := match.outcome()) is None:
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    update = update_of(match, 0, NAMES[:2])
    lines = result_lines(update.view, outcome, NAMES[:2])
    bot = next(line for line in lines if line.startswith("Bot 2"))
    assert bot.startswith(f"Bot 2 (random, {_colours(update.view, 1)}): "), bot
    assert re.match(r"\d+ wealth, ", bot.partition("): ")[2]), bot
