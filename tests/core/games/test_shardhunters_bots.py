"""Shardhunters bots: legal choices everywhere, and the levels clearly beat random play."""

from __future__ import annotations

import random

import pytest

from core.bots import bot_levels, determinizations, make_bot
from core.match import Match
from core.sim import simulate


def test_the_levels_are_registered_weakest_first() -> None:
    """random, then easy, normal and hard."""
    assert bot_levels("shardhunters") == ("random", "easy", "normal", "hard")


@pytest.mark.parametrize(
    ("seats", "options"),
    [(1, {"solo": "hard"}), (3, {"draft": True}), (2, {"active_heroes": 3, "recruit_cost": 2})],
)
def test_every_level_plays_legal_moves_to_the_end(seats: int, options: dict[str, object]) -> None:
    """Each level finishes solo, draft and variant games making only legal choices."""
    for level in ("easy", "normal", "hard"):
        match = Match.new("shardhunters", seats, seed=11, options=options)
        bot, rng = make_bot("shardhunters", level), random.Random(3)
        while match.outcome() is None:
            seat = min(match.to_act())
            deals = determinizations(match.game, match.state, seat, random.Random(rng.random()))
            action = bot.choose(match.game, match.view(seat), deals, match.legal(seat), rng)
            match.act(seat, action)


def test_normal_beats_random_clearly() -> None:
    """Over 16 two-player games the sampling bot wins at least three in four."""
    result = simulate("shardhunters", 2, ("normal", "random"), games=16, seed=5)
    assert result.unfinished == 0
    assert result.wins[0] >= 12


def test_easy_beats_random() -> None:
    """The rule-of-thumb bot already beats random play more often than not."""
    result = simulate("shardhunters", 2, ("easy", "random"), games=40, seed=6)
    assert result.wins[0] >= 24
