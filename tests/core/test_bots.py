"""Bots: the generic ISMCTS bot, every game's levels (legal, blind to hidden cards, bounded
in time), and the registry of levels."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from core.bots import RandomBot, bot_levels, determinizations, make_bot
from core.bots.ismcts import ISMCTSBot, ranking_rewards
from core.engine import TABLE, State
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


SEARCHING = {"orb-hunters", "shardhunters", "superbohaterowie"}
"""The games whose hard level searches re-deals (Comic Hunters' hard level is a tuned greedy
policy; Whoosh's bots react to the board)."""


def _positions(slug: str, seed: int, count: int) -> list[tuple[State, int]]:
    """Positions from random games at the smallest and largest table, each with a seat that
    has a choice to make: (state, seat)."""
    game = GAMES[slug]
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    for seats in (game.players.start, game.players.stop - 1):
        state = game.setup(seats, rng, {})
        while game.outcome(state) is None and len(found) < count * (1 + (seats > 2)):
            acting = sorted(s for s in game.to_act(state) if s != TABLE)
            if not acting:
                acting = sorted(game.to_act(state))
            seat = acting[rng.randrange(len(acting))]
            legal = game.legal_actions(state, seat)
            if seat != TABLE and len(legal) > 1 and rng.random() < 0.15:
                found.append((state, seat))
            state = game.apply(state, seat, legal[rng.randrange(len(legal))], None)[0]
    return found


def _decide(
    slug: str, level: str, state: State, seat: int, seed: int, seconds: float | None = None
) -> tuple[object, ...]:
    """A fresh bot's choice for ``seat``, from its view and re-deals seeded by ``seed``."""
    game = GAMES[slug]
    bot = make_bot(slug, level, seconds)
    deals = determinizations(game, state, seat, random.Random(seed))
    legal = game.legal_actions(state, seat)
    return bot.choose(game, game.view(state, seat), deals, legal, random.Random(seed))


def test_every_game_registers_its_three_levels() -> None:
    """Each game offers random, then easy, normal and hard, from its own registration."""
    for slug in GAMES:
        assert bot_levels(slug) == ("random", "easy", "normal", "hard")


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_level_chooses_only_legal_actions(slug: str) -> None:
    """At the smallest and largest tables, every level picks one of the seat's legal actions."""
    game = GAMES[slug]
    for index, (state, seat) in enumerate(_positions(slug, seed=5, count=2)):
        for level in bot_levels(slug):
            action = _decide(slug, level, state, seat, seed=index)
            assert action in game.legal_actions(state, seat), (level, action)


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_choice_reads_the_seat_view_not_the_hidden_cards(slug: str) -> None:
    """Two positions that differ only in what the seat cannot see (a re-deal of the true
    state, with the same view) get the same choice from every level."""
    game = GAMES[slug]
    for index, (state, seat) in enumerate(_positions(slug, seed=8, count=1)):
        other = game.determinize(state, seat, random.Random(99))
        assert game.view(other, seat) == game.view(state, seat)
        for level in bot_levels(slug):
            mine = _decide(slug, level, state, seat, seed=index)
            assert _decide(slug, level, other, seat, seed=index) == mine, level


@pytest.mark.parametrize("slug", sorted(SEARCHING))
def test_a_search_out_of_time_still_answers_after_one_redeal(slug: str) -> None:
    """A deadline already passed stops the hard level after its first re-deal, with a legal
    action; without a deadline it searches on (the reproducible budget of ``hunters sim``)."""
    game = GAMES[slug]
    searched = 0
    for state, seat in _positions(slug, seed=3, count=3):
        legal = game.legal_actions(state, seat)
        counts = []
        for seconds in (0.0, None):
            taken = 0

            def counted(state: State, seat: int) -> Iterator[State]:
                nonlocal taken
                for deal in determinizations(game, state, seat, random.Random(1)):
                    taken += 1
                    yield deal

            bot = make_bot(slug, "hard", seconds)
            deals = counted(state, seat)
            action = bot.choose(game, game.view(state, seat), deals, legal, random.Random(1))
            assert action in legal
            counts.append(taken)
        assert counts[0] <= 1
        searched += counts[1] > 1
    assert searched
