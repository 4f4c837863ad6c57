"""Superbohaterowie's hard level at two players (the reply look-ahead): it takes a win in
hand, stops a rival one card from saved, and repeats its choice from the same seed."""

from __future__ import annotations

import random

import pytest

from core.bots import determinizations, make_bot
from core.games.superbohaterowie.bots import Evaluator, ReplyLookahead
from core.games.superbohaterowie.data import kind_of
from core.games.superbohaterowie.rules import SUPERBOHATEROWIE as GAME
from core.games.superbohaterowie.state import State
from tests.core.games.test_superbohaterowie_rules import position


def _choice(state: State, seat: int = 0, seed: int = 0) -> tuple[object, ...]:
    bot = make_bot("superbohaterowie", "hard", None)
    legal = GAME.legal_actions(state, seat)
    deals = determinizations(GAME, state, seat, random.Random(seed))
    action = bot.choose(GAME, GAME.view(state, seat), deals, legal, random.Random(seed))
    assert action in legal
    return action


def test_hard_takes_the_win_in_hand() -> None:
    """Four different superheroes and the fifth in hand: it saves its city now."""
    state = position(
        players=2,
        hands=[["chainsaw", "small-explosion"], ["fire", "leaf"]],
        cities=[["leaf", "water", "wind", "fire", None], [None] * 5],
    )
    action = _choice(state)
    assert action[0] == "place" and action[2:] == (0, 4)


@pytest.mark.parametrize("blocker", ["small-explosion", "spider", "water"])
def test_hard_stops_a_rival_one_card_from_saved(blocker: str) -> None:
    """The rival's city lacks only a chainsaw superhero and our own is empty: it spends its
    turn on the rival's city (an explosion, a spider, or a water superhero covering the
    fire), which leaves the rival more than one card from saved."""
    state = position(
        players=2,
        hands=[[blocker, "leaf"], ["wind", "leaf"]],
        cities=[[None] * 5, ["leaf", "water", "wind", "fire", None]],
    )
    action = _choice(state)
    after = GAME.apply(state, 0, action, None)[0]
    assert after.cities[0] == state.cities[0]
    rival = tuple(None if card is None else kind_of(card) for card in after.cities[1])
    assert Evaluator().need(rival) > 1


def test_hard_repeats_its_choice_from_the_same_seed() -> None:
    """Without a deadline the seed fixes every re-deal and tie: the same choice twice."""
    state = position(
        players=2,
        hands=[["water", "joker"], ["wind", "leaf"]],
        cities=[["fire", None, None, None, None], ["leaf", None, None, None, None]],
    )
    assert _choice(state, seed=5) == _choice(state, seed=5)


def _five(hands: list[list[str]], cities: list[list[str | None]]) -> State:
    return position(players=5, hands=hands, cities=cities)


@pytest.mark.parametrize("blocker", ["small-explosion", "spider", "water"])
def test_hard_at_five_stops_the_next_seat_one_card_from_saved(blocker: str) -> None:
    """Five players: the next seat lacks only a chainsaw superhero; hard spends its turn
    on that city, which leaves it more than one card from saved."""
    empty: list[str | None] = [None] * 5
    state = _five(
        hands=[[blocker, "leaf"], ["wind", "leaf"], ["fire", "wind"], ["fire", "wind"], ["fire"]],
        cities=[empty, ["leaf", "water", "wind", "fire", None], empty, empty, empty],
    )
    action = _choice(state)
    after = GAME.apply(state, 0, action, None)[0]
    rival = tuple(None if card is None else kind_of(card) for card in after.cities[1])
    assert Evaluator().need(rival) > 1


def test_next_seat_look_ahead_judges_after_one_reply() -> None:
    """With ``replies=1`` a playout is the move, the next seat's greedy answer, and the
    evaluation of that position (the seats after it do not move)."""
    empty: list[str | None] = [None] * 5
    state = _five(
        hands=[["water", "leaf"], ["wind", "leaf"], ["fire", "wind"], ["fire", "wind"], ["fire"]],
        cities=[["fire", None, None, None, None], ["leaf", "water", None, None, None]]
        + [empty] * 3,
    )
    evaluator = Evaluator()
    look = ReplyLookahead("hard", evaluator, width=8, deals=1, rounds=1, replies=1, seconds=None)
    for action in GAME.legal_actions(state, 0)[:6]:
        after = GAME.apply(state, 0, action, None)[0]
        moves = GAME.legal_actions(after, 1)
        answer = evaluator.greedy(GAME, after, 1, moves, random.Random(0))
        judged = GAME.apply(after, 1, answer, None)[0]
        expected = evaluator.evaluate(GAME, judged)[0]
        assert look._playout(GAME, state, 0, action, random.Random(0)) == expected
