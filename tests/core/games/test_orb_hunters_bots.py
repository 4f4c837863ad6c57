"""Orb Hunters bots: their levels, their sense, and their strength against random play."""

from __future__ import annotations

import random
from dataclasses import replace

from core.bots import bot_levels, determinizations, make_bot
from core.games.orb_hunters.bots import chances, utilities
from core.games.orb_hunters.rules import ORB_HUNTERS as GAME
from core.games.orb_hunters.state import State
from core.sim import simulate
from tests.core.games.test_orb_hunters_rules import position


def test_the_levels_are_random_easy_normal_hard() -> None:
    """Every level the setup screen offers can be made."""
    assert bot_levels("orb-hunters") == ("random", "easy", "normal", "hard")
    for level in bot_levels("orb-hunters"):
        assert make_bot("orb-hunters", level).name == level


def test_a_relic_won_counts_for_its_winner() -> None:
    """A column led by Red projects its Orb into seat 0's score (2 players: W4 - X2)."""
    state = position(players=2, row=["orb-1", "trinket-1", "trinket-2"])
    before = utilities(state)
    led = position(
        players=2,
        row=["orb-1", "trinket-1", "trinket-2"],
        columns=[["red-6", "green-5", "blue-4", "yellow-1"], [], []],
    )
    after = utilities(led)
    assert after[0] - before[0] == 2 and after[1] == before[1]
    assert abs(sum(chances(led)) - 1) < 1e-9


def test_in_hidden_treasures_the_evaluation_ignores_face_down_pouches() -> None:
    """Pouches it may not see do not move the projected scores."""
    poor = position(variants=["hidden_treasures"])
    rich = position(
        variants=["hidden_treasures"],
        pouches=[["orb-1", "orb-2"], ["initial-relic-2"], ["initial-relic-3"]],
    )
    assert utilities(poor) == utilities(rich)


def _choice(level: str, state: State, seat: int) -> tuple[object, ...]:
    bot = make_bot("orb-hunters", level)
    rng = random.Random(3)
    legal = GAME.legal_actions(state, seat)
    view = GAME.view(state, seat)
    return bot.choose(GAME, view, determinizations(GAME, state, seat, rng), legal, rng)


def test_every_strategic_level_marks_a_trenti_for_itself_to_win_an_orb() -> None:
    """With the Orb tied, the Trenti's marker decides it: every level but random takes it."""
    state = position(
        players=2,
        row=["orb-1", "trinket-1", "trinket-2"],
        columns=[["green-6", "red-5", "blue-1", "trenti-1"], [], []],
        pending=("mark", "trenti-1"),
    )
    for level in ("normal", "hard"):
        assert _choice(level, state, 0) in (("mark", "red"), ("mark", "blue")), level


def test_the_bot_gives_a_cursed_idol_to_the_leader() -> None:
    """Gift: the wounds go to the richest rival."""
    state = position(
        row=["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1"],
        pouches=[["initial-relic-1"], ["initial-relic-2", "orb-1"], ["initial-relic-3"]],
        pending=("gift",),
    )
    state = replace(state, resolving=0)
    assert _choice("normal", state, 0) == ("gift", 1)


def test_normal_beats_random_clearly() -> None:
    """Over 60 three-player games the greedy bot wins far more than its third."""
    result = simulate("orb-hunters", 3, ["normal", "random", "random"], games=60, seed=11)
    assert result.win_rate(0) > 0.5


def test_easy_beats_random() -> None:
    """The noisy greedy bot still wins more than its share."""
    result = simulate("orb-hunters", 2, ["easy", "random"], games=60, seed=5)
    assert result.win_rate(0) > 0.6
