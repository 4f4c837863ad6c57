"""Comic Hunters bots: every level decides legally everywhere, and the greedy beats random."""

from __future__ import annotations

import random
import time

import pytest

from core.bots import bot_levels, determinizations, make_bot
from core.games.comic_hunters.bots import (
    TUNED,
    GreedyBot,
    LocationLookahead,
    plan,
    projection,
)
from core.games.comic_hunters.rules import score_sheet
from core.games.comic_hunters.state import value_sum
from core.match import Match
from core.sim import simulate

SLUG = "comic-hunters"


def test_levels_are_registered() -> None:
    """random, then easy, normal and hard."""
    assert bot_levels(SLUG) == ("random", "easy", "normal", "hard")


def _play(match: Match, levels: list[str], seed: int) -> Match:
    bots = [make_bot(SLUG, level) for level in levels]
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = min(match.to_act())
        view = match.view(seat)
        deals = determinizations(match.game, match.state, seat, rng)
        action = bots[seat].choose(match.game, view, deals, match.legal(seat), rng)
        match.act(seat, action)
    return match


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_levels_finish_every_player_count(players: int) -> None:
    """easy and normal play whole games at every table size (every decision is legal)."""
    levels = (["normal", "easy"] * 2)[:players]
    match = _play(Match.new(SLUG, players, seed=players), levels, seed=players)
    assert match.outcome() is not None


def test_hard_decides_legally_at_each_location() -> None:
    """The search level gives a legal action at the Store, Flea Market and Convention."""
    match = Match.new(SLUG, 3, seed=4)
    hard = make_bot(SLUG, "hard")
    normal = make_bot(SLUG, "normal")
    rng = random.Random(1)
    seen: set[str] = set()
    while match.state.location != "auction" or match.state.round != 1:
        seat = min(match.to_act())
        location = match.state.location
        bot = (
            hard if location not in seen and location in ("store", "flea", "convention") else normal
        )
        seen.add(location)
        deals = determinizations(match.game, match.state, seat, rng)
        action = bot.choose(match.game, match.view(seat), deals, match.legal(seat), rng)
        assert action in match.legal(seat)
        match.act(seat, action)
    assert {"store", "flea", "convention"} <= seen


def test_normal_beats_random_clearly() -> None:
    """Over a few games of two and of four players the greedy level wins nearly always."""
    duel = simulate(SLUG, 2, ["normal", "random"], games=8, seed=3)
    table = simulate(SLUG, 4, ["random", "random", "normal", "random"], games=4, seed=3)
    assert duel.win_rate(0) >= 0.85
    assert table.win_rate(2) >= 0.75


def test_hard_beats_random() -> None:
    """The look-ahead level wins its games against a random player."""
    duel = simulate(SLUG, 2, ["random", "hard"], games=2, seed=5)
    assert duel.win_rate(1) == 1.0


def test_normal_scores_more_than_random_against_jarvis() -> None:
    """Solo: the greedy level's score against Jarvis beats a random player's."""
    totals: dict[str, int] = {}
    for level in ("normal", "random"):
        totals[level] = 0
        for seed in range(3):
            match = _play(Match.new(SLUG, 1, seed=seed), [level], seed=seed)
            totals[level] += sum(score_sheet(match.state)[0].values())
    assert totals["normal"] > totals["random"] * 1.3


def test_the_plan_is_payable() -> None:
    """The assembly plan never plays more value than the rest of the hand can pay."""
    match = Match.new(SLUG, 3, seed=9)
    rng = random.Random(0)
    while match.state.location != "assemble":
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    for seat in range(3):
        plays, _ = plan(match.state, seat)
        played = [card for card, _ in plays]
        rest = [c for c in match.state.hands[seat] if c not in played]
        assert value_sum(rest) >= value_sum(played)
        assert projection(match.state, seat) >= sum(score_sheet(match.state)[seat].values())


def _reach(players: int, location: str, seed: int) -> Match:
    """A game played by ``normal`` until a seat is to decide at ``location``."""
    match = Match.new(SLUG, players, seed=seed)
    bot = make_bot(SLUG, "normal")
    rng = random.Random(seed)
    while match.state.location != location or len(match.legal(min(match.to_act()))) < 2:
        seat = min(match.to_act())
        deals = determinizations(match.game, match.state, seat, rng)
        match.act(seat, bot.choose(match.game, match.view(seat), deals, match.legal(seat), rng))
    return match


@pytest.mark.parametrize("location", ["flea", "auction"])
def test_two_player_look_ahead_picks_the_best_playout(location: str) -> None:
    """At two players the look-ahead plays the candidate whose playouts to the end of the
    location project best, on the same re-deals, and keeps to its deadline."""
    match = _reach(2, location, seed=7)
    seat = min(match.to_act())
    legal = match.legal(seat)
    bot = LocationLookahead("hard", where=(location,), deals=3, seconds=None)
    action = bot.choose(
        match.game,
        match.view(seat),
        determinizations(match.game, match.state, seat, random.Random(1)),
        legal,
        random.Random(2),
    )
    assert action in legal
    deals = determinizations(match.game, match.state, seat, random.Random(1))
    first = next(deals)
    bot.policy.choose(match.game, first, seat, list(legal))  # the greedy choice draws first
    states = [first, next(deals), next(deals)]
    totals = {a: sum(bot._playout(match.game, s, seat, a) for s in states) for a in legal}
    assert totals[action] == max(totals.values())
    timed = LocationLookahead("hard", where=(location,), deals=1000, seconds=0.05)
    start = time.perf_counter()
    rng = random.Random(3)
    deals = determinizations(match.game, match.state, seat, rng)
    assert timed.choose(match.game, match.view(seat), deals, legal, rng) in legal
    assert time.perf_counter() - start < 0.5


def test_four_players_look_ahead_too() -> None:
    """At four players the look-ahead plays the candidate whose playouts project best."""
    match = _reach(4, "flea", seed=9)
    seat = min(match.to_act())
    legal = match.legal(seat)
    bot = LocationLookahead("hard", where=("flea",), deals=2, seconds=None)
    action = bot.choose(
        match.game,
        match.view(seat),
        determinizations(match.game, match.state, seat, random.Random(1)),
        legal,
        random.Random(2),
    )
    deals = determinizations(match.game, match.state, seat, random.Random(1))
    first = next(deals)
    bot.policy.choose(match.game, first, seat, list(legal))  # the greedy choice draws first
    states = [first, next(deals)]
    totals = {a: sum(bot._playout(match.game, s, seat, a) for s in states) for a in legal}
    assert totals[action] == max(totals.values())


def test_look_ahead_is_the_tuned_greedy_at_other_tables() -> None:
    """At three players (and away from its locations) the hard level plays the tuned
    greedy choice."""
    match = _reach(3, "flea", seed=8)
    seat = min(match.to_act())
    legal = match.legal(seat)
    view = match.view(seat)
    hard = make_bot(SLUG, "hard", None)
    tuned = GreedyBot("tuned", weights=TUNED)
    picks = [
        bot.choose(
            match.game,
            view,
            determinizations(match.game, match.state, seat, random.Random(4)),
            legal,
            random.Random(5),
        )
        for bot in (hard, tuned)
    ]
    assert picks[0] == picks[1]
