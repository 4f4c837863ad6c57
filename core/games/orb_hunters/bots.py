"""Orb Hunters bots: a position evaluation, a greedy policy, and the levels easy–hard.

The evaluation projects the final pouches: each seat's relics so far plus, for every relic
still in the row, the relic its current leader would win, counted by how full its column
is (a column at the limit is nearly settled, an empty one not at all). Gift relics count
for the rival who is ahead (the winner will give them there), Theft adds the victim's
visible relic. From the projected wealth, wounds and potions it scores each seat the way the
Final Score will: wealth minus wounds without elimination (2 players, Tough, Teams), and
with elimination wealth weighed by the risk of having the most wounds. A softmax over those
scores is each seat's chance to win.

It reads only what the acting seat knows: the public columns, the pouches (none in Hidden
Treasures, where they lie face down) and, through the actions it tries, its own hand.

Levels: ``easy`` a greedy player that slips one move in three; ``normal`` the greedy policy
one action ahead, and at two players a short search; ``hard`` an ISMCTS narrowed to the
greedy policy's best few actions with random playouts cut off by the evaluation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core.bots import THINKING_SECONDS, Bot, BotFactory, GreedyBot
from core.bots.ismcts import ISMCTSBot, ranking_rewards
from core.engine import Action, Game
from core.games.orb_hunters.data import LIMIT, relic
from core.games.orb_hunters.state import State, column_winner, on, rivals, teams

_SHARPNESS = 0.45
"""How much one projected point raises a seat's chance to win."""
_DANGER = 2.0
"""How sharply the risk of elimination rises with wounds above the others' most."""


def _projected(state: State) -> list[list[float]]:
    """Per seat, projected [wealth, wounds, potions] at the end of the round."""
    totals = [[0.0, 0.0, 0.0] for _ in range(state.players)]
    if not on(state, "hidden_treasures") or state.over:
        for seat, pouch in enumerate(state.pouches):
            for card in pouch:
                kind = relic(card)
                totals[seat][0] += kind.wealth
                totals[seat][1] += kind.wounds
                totals[seat][2] += kind.potions
    effects = not on(state, "simple_relics")
    for index, card in enumerate(state.row):
        column = state.columns[index] if index < len(state.columns) else ()
        if not card or not column:
            continue
        winner, _, _ = column_winner(state, index)
        if winner is None:
            continue
        seat = winner
        weight = len(column) / LIMIT
        kind = relic(card)
        if effects and kind.effect == "gift":
            seat = _leader(totals, rivals(state, seat))
        gained = [kind.wealth, kind.wounds, kind.potions]
        if effects and kind.effect.startswith("theft-"):
            victim = (seat + (1 if kind.effect == "theft-left" else -1)) % state.players
            pouch = state.pouches[victim]
            if pouch and victim != seat and not on(state, "hidden_treasures"):
                top = relic(pouch[-1])
                gained = [gained[0] + top.wealth, gained[1] + top.wounds, gained[2] + top.potions]
        for i in range(3):
            totals[seat][i] += weight * gained[i]
    return totals


def _leader(totals: Sequence[Sequence[float]], candidates: Sequence[int]) -> int:
    """The rival a Gift goes to: the one with the most wealth."""
    return max(candidates, key=lambda s: totals[s][0])


def utilities(state: State) -> list[float]:
    """Each seat's projected final score, the way the Final Score will count it."""
    totals = _projected(state)
    net = [max(0.0, wounds - potions) for _, wounds, potions in totals]
    wealth = [t[0] for t in totals]
    groups = teams(state)
    if groups:
        team_score = {s: sum(wealth[m] - net[m] for m in g) for g in groups for s in g}
        return [team_score[s] for s in range(state.players)]
    if state.players == 2 or on(state, "tough"):
        return [w - n for w, n in zip(wealth, net, strict=True)]
    values = []
    for seat in range(state.players):
        others = max(net[s] for s in range(state.players) if s != seat)
        danger = 1.0 / (1.0 + math.exp(-_DANGER * (net[seat] - others + 0.5)))
        values.append(wealth[seat] * (1.0 - danger) - 2.0 * danger)
    return values


def chances(state: State) -> list[float]:
    """Each seat's chance to win from here (a softmax over the projected scores)."""
    values = utilities(state)
    top = max(values)
    weights = [math.exp(_SHARPNESS * (v - top)) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate(game: Game, state: State) -> list[float]:
    """Expected reward per seat in [0, 1], on the scale ISMCTS gives finished games."""
    outcome = game.outcome(state)
    if outcome is not None:
        return ranking_rewards(outcome.ranking)
    players = state.players
    lose = ranking_rewards(((0,), tuple(range(1, players))))[1]
    return [p + (1.0 - p) * lose for p in chances(state)]


def action_values(game: Game, state: State, seat: int, legal: Sequence[Action]) -> list[float]:
    """How good each action is for ``seat``: its chance to win just after it."""
    return [chances(game.apply(state, seat, action, None)[0])[seat] for action in legal]


def best_few(count: int) -> Callable[[Game, State, int, Sequence[Action]], Sequence[Action]]:
    """An ISMCTS candidates hook: the ``count`` actions the greedy policy likes best."""

    def narrow(game: Game, state: State, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        if len(legal) <= count:
            return legal
        values = action_values(game, state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in order[:count]]

    return narrow


_SEARCH: dict[str, Any] = {
    "exploration": 0.5,
    "depth": 6,
    "evaluate": evaluate,
    "candidates": best_few(4),
    "ordered": True,
}
"""How the searching levels search: the greedy policy's best four actions, best first,
random playouts of six actions, then the evaluation."""


def easy(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A beginner: the greedy choice, but one move in three at random."""
    return GreedyBot("easy", action_values, noise=0.35)


def normal(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A solid player: at two players a short search (the greedy choice there won only 64 %
    against easy and 76 % against random: a duel turns on the replies), at bigger tables
    the best action one step ahead."""
    return ScaledSearch(
        "normal",
        {2: 24},
        seconds,
        otherwise=GreedyBot("normal", action_values),
        **_SEARCH,
    )


class ScaledSearch:
    """An ISMCTS bot whose iteration budget shrinks as the table grows.

    Every seat adds relics to project and turns to play through, so a fixed budget would
    think far longer at five players than at two; per-count budgets keep hard's decisions
    at a mean of 0.25-0.45 s on the 2-core machine under load (bench/engine.py: p95 under
    0.7 s at every count), and iterations (not a clock) keep the bot reproducible where no
    deadline is given (hunters sim, tests); at a table the deadline cuts a search short.
    A table size without a budget is played by ``otherwise``.
    """

    def __init__(
        self,
        name: str,
        budgets: dict[int, int],
        seconds: float | None,
        otherwise: Bot | None = None,
        **search: Any,
    ) -> None:
        self.name = name
        self._searches: dict[int, Bot] = {
            players: ISMCTSBot(name, iterations=iterations, seconds=seconds, **search)
            for players, iterations in budgets.items()
        }
        self._otherwise = otherwise

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """The search's choice with the budget for this table's size."""
        if len(legal) == 1:
            return legal[0]
        search = self._searches.get(view["players"], self._otherwise)
        assert search is not None, f"no budget for {view['players']} players"
        return search.choose(game, view, determinizations, legal, rng)


def hard(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A strong player: searches the greedy policy's best few actions over re-deals, each
    line played on at random for a few actions and then judged by the evaluation."""
    return ScaledSearch("hard", {2: 160, 3: 120, 4: 80, 5: 60}, seconds, **_SEARCH)


LEVELS: dict[str, BotFactory] = {"easy": easy, "normal": normal, "hard": hard}
"""The strategic levels, weakest first (``random`` comes from core.bots)."""
