"""Bots: the generic ISMCTS bot, Superbohaterowie's levels, and the registry of levels."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from core.bots import RandomBot, bot_levels, determinizations, make_bot
from core.bots.ismcts import ISMCTSBot, ranking_rewards
from core.engine import State
from core.games import GAMES
from core.match import Match
from core.sim import simulate

GAME = GAMES["superbohaterowie"]


def _midgame(seats: int, seed: int, moves: int = 8) -> Match:
    """A match some random moves in (fewer if it ends sooner), still running."""
    match = Match.new("superbohaterowie", seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = min(match.to_act())
        legal = match.legal(seat)
        candidate = Match.replay(match.record())
        candidate.act(seat, legal[rng.randrange(len(legal))])
        if candidate.outcome() is not None:
            break
        match = candidate
    return match


def _small_search(name: str = "test") -> ISMCTSBot:
    return ISMCTSBot(name, iterations=40, depth=6)


def _choose(bot: ISMCTSBot, match: Match, state: State, seed: int) -> tuple[object, ...]:
    seat = min(match.to_act())
    deals = determinizations(GAME, state, seat, random.Random(seed))
    return bot.choose(GAME, GAME.view(state, seat), deals, match.legal(seat), random.Random(seed))


@pytest.mark.parametrize("seats", list(GAME.players))
def test_ismcts_returns_a_legal_action_for_every_seat_count(seats: int) -> None:
    """The generic ISMCTS picks one of the legal actions at every table size."""
    match = _midgame(seats, seed=seats)
    action = _choose(_small_search(), match, match.state, seed=1)
    assert action in match.legal(min(match.to_act()))


def test_ismcts_is_deterministic_for_a_fixed_rng() -> None:
    """The same position, re-deal stream and rng give the same choice."""
    match = _midgame(3, seed=11)
    bot = _small_search()
    assert _choose(bot, match, match.state, seed=5) == _choose(bot, match, match.state, seed=5)


def test_the_only_legal_action_is_returned_without_searching() -> None:
    """With one legal action the bot answers at once and asks for no re-deal."""

    def no_deals() -> Iterator[State]:
        raise AssertionError("the bot searched although it had no choice")
        yield

    only = ("discard-hand",)
    bot = make_bot("superbohaterowie", "hard")
    assert bot.choose(GAME, {}, no_deals(), [only], random.Random(0)) == only


def test_ismcts_searches_only_the_redeals_it_is_given() -> None:
    """Every state the search applies actions to comes from the determinization stream."""
    match = _midgame(4, seed=3)
    seat = min(match.to_act())
    given: list[State] = []

    def tracked() -> Iterator[State]:
        for state in determinizations(GAME, match.state, seat, random.Random(2)):
            assert state is not match.state
            given.append(state)
            yield state

    bot = ISMCTSBot("counted", iterations=25, depth=4)
    action = bot.choose(GAME, match.view(seat), tracked(), match.legal(seat), random.Random(2))
    assert action in match.legal(seat)
    assert len(given) == 25


def test_a_choice_depends_on_the_view_not_on_the_hidden_cards() -> None:
    """Positions that differ only in hidden cards (same view) get the same choices."""
    bot = _small_search()
    for seed in range(12):
        match = _midgame(3, seed=seed)
        seat = min(match.to_act())
        true_state = match.state
        redealt = GAME.determinize(true_state, seat, random.Random(99))
        other = replace(redealt, rng=true_state.rng)
        assert (other.hands, other.deck) != (true_state.hands, true_state.deck)
        assert GAME.view(other, seat) == GAME.view(true_state, seat)
        assert _choose(bot, match, other, seed=4) == _choose(bot, match, true_state, seed=4)


def test_ranking_rewards_give_first_place_one_and_average_ties() -> None:
    """First place gets 1, last 0, and tied seats share the mean of their places."""
    assert ranking_rewards(((2,), (0, 1, 3))) == [1 / 3, 1 / 3, 1.0, 1 / 3]
    assert ranking_rewards(((0, 1), (2,))) == [0.75, 0.75, 0.0]


def test_every_level_is_a_named_bot_choosing_legal_actions() -> None:
    """Each registered level builds a bot with its level's name that plays legally."""
    match = _midgame(2, seed=8)
    seat = min(match.to_act())
    for level in bot_levels("superbohaterowie"):
        bot = make_bot("superbohaterowie", level)
        assert bot.name == level
        deals = determinizations(GAME, match.state, seat, random.Random(1))
        action = bot.choose(GAME, match.view(seat), deals, match.legal(seat), random.Random(1))
        assert action in match.legal(seat)


def test_levels_always_start_with_random() -> None:
    """The registry offers random first, then the game's own levels."""
    assert bot_levels("superbohaterowie") == ("random", "easy", "normal", "hard")
    assert isinstance(make_bot("superbohaterowie", "random"), RandomBot)


def test_unknown_levels_and_games_are_refused_naming_the_allowed_ones() -> None:
    """A bad level or game raises ValueError listing what exists."""
    with pytest.raises(ValueError, match="random, easy, normal, hard"):
        make_bot("superbohaterowie", "grandmaster")
    with pytest.raises(ValueError, match="superbohaterowie"):
        make_bot("chess", "random")


def test_hard_beats_random_head_to_head() -> None:
    """Over 6 two-player games the hard bot wins at least 4 against random.

    A small sample keeps CI fast (hard thinks ~0.1 s a move); the measured rate over
    hundreds of games is far higher (see ``hunters sim``).
    """
    result = simulate("superbohaterowie", 2, ["hard", "random"], games=6, seed=2024)
    assert result.wins[0] >= 4
