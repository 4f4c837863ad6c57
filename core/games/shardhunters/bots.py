"""Shardhunters bots: hero values, a Hunt playout, and the levels easy–hard.

Combats decide almost everything, and a Combat is a simultaneous choice, so the bots judge a
play by *sampling*: re-deal what the seat cannot see (``determinize``), put the candidate
down, let the others answer, play the rest of the Hunt out, and count what the seat gained
against the others (Bloodshards, the Hunt, the game). The same sample decides the choice of
active heroes. The Tavern and the draft use a table of hero values: what a hero earns or
saves per Hunt, roughly, read off many simulated games.

Levels: ``easy`` plays its Combats at random and recruits sensibly; ``normal`` samples every
distinct play a few times against random answers; ``hard`` samples more, against answers that
themselves follow a quick greedy rule, and samples its active heroes too.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core.bots import THINKING_SECONDS, Bot, BotFactory, paired_totals
from core.engine import Action, Game, State
from core.games.shardhunters.data import HEROES, MONSTER_CARDS, SHARD_HEROES

HERO_VALUES: dict[str, float] = {
    # Roughly the Bloodshards a hero brings per Hunt when active (or what it saves).
    "morgan": 1.2,
    "triton": 1.1,
    "felix": 0.8,
    "oskar": 0.8,
    "nimrod": 0.7,
    "lenka": 0.6,
    "philippe": 0.6,
    "titus": 0.5,
    "ivo": 0.5,
    "matteo": 0.5,
    "bruno": 0.5,
    "luther": 0.5,
    "benedictus": 0.4,
    "varden": 0.4,
    "sabine": 0.4,
    "cassandra": 0.35,
    "ignatius": 0.35,
    "angelo": 0.3,
    "clemence": 0.25,
    "mira": 0.25,
    "dragan": 0.25,
    "selena": 0.2,
    "petra": 0.2,
    "yusuf": 0.2,
    "shena": 0.1,
    "tobias": 0.1,
    "crow": 0.05,
}
assert set(HERO_VALUES) == set(HEROES)

_WIN = 20.0
"""What winning the game is worth against one Bloodshard in a playout's score."""
_HUNT_WIN = 1.5
"""A won Hunt is worth a little more than its Bloodshard: it is the way to win."""
_HUNT_PHASES = frozenset({"choose", "yusuf", "cassandra", "combat"})
"""A playout runs through these and stops when the Hunt is over."""


def _score(before: State, after: State, seat: int) -> float:
    """What a stretch of play (at most one Hunt) gained ``seat`` against the best other."""
    gains: list[float] = [after.shards[s] - before.shards[s] for s in range(after.sides)]
    finished = after.hunt != before.hunt or after.phase in ("over", "tavern", "choose")
    if finished and after.hunt_winner >= 0:
        gains[after.hunt_winner] += _HUNT_WIN
    if after.phase == "over" and after.winner >= 0:
        gains[after.winner] += _WIN
    return gains[seat] - max(g for s, g in enumerate(gains) if s != seat)


def random_play(game: Game, state: State, seat: int, rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    legal = game.legal_actions(state, seat)
    return legal[rng.randrange(len(legal))]


def _total(cards: Sequence[str]) -> int:
    return sum(MONSTER_CARDS[c].value for c in cards)


def greedy_play(game: Game, state: State, seat: int, rng: random.Random) -> Action:
    """A quick Combat rule: in the big 3rd Combat play strong; else spend the least.

    With a blue card a low total may win, so a hand's lowest play including blue is tried
    as often as the strongest one. Outside Combats: the policy of :func:`plan`.
    """
    legal = game.legal_actions(state, seat)
    if state.phase != "combat":
        return plan(state, seat, legal, rng)
    sizes = [len(a[1]) for a in legal]
    if not legal or max(sizes) == 0:
        return legal[0]
    roll = rng.random()
    if roll < 0.25:
        return legal[rng.randrange(len(legal))]
    if state.combat == 2 or roll < 0.55:
        return max(legal, key=lambda a: (_total(a[1]), rng.random()))
    blues = [a for a in legal if any(MONSTER_CARDS[c].colour == "blue" for c in a[1])]
    pool = blues or legal
    return min(pool, key=lambda a: (_total(a[1]), rng.random()))


def _hero_value(hero: str, team: Sequence[str]) -> float:
    value = HERO_VALUES[hero]
    if hero == "crow" and team:
        value -= 0.3
    return value


def plan(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """Every decision outside Combats by rule: recruit whenever possible, the best heroes."""
    verbs = {a[0] for a in legal}
    team = state.teams[seat]
    if "pay" in verbs:
        return ("pay",)
    if "recruit" in verbs:
        return max(
            (a for a in legal if a[0] == "recruit"),
            key=lambda a: (_hero_value(a[1], team), a[1]),
        )
    if "activate" in verbs:
        return max(legal, key=lambda a: (sum(_hero_value(h, ()) for h in a[1]), a[1]))
    if verbs & {"pick", "start"}:
        return max(legal, key=lambda a: (HERO_VALUES[a[1]] + 0.3 * (a[1] in SHARD_HEROES), a[1]))
    if "guess" in verbs:
        return _likely_guess(state, seat, legal)
    if "keep" in verbs:
        whites = [a for a in legal if a[0] == "swap" and MONSTER_CARDS[a[1]].value == 1]
        return whites[0] if whites else ("keep",)
    return legal[rng.randrange(len(legal))]


def _likely_guess(state: State, seat: int, legal: Sequence[Action]) -> Action:
    """The most common value among the monster cards this seat has not seen."""
    seen = set(state.hands[seat])
    unseen = Counter(MONSTER_CARDS[c].value for c in state.deck if c not in seen)
    for side, hand in enumerate(state.hands):
        if side != seat:
            unseen.update(MONSTER_CARDS[c].value for c in hand)
    best = max((1, 2, 3, 4), key=lambda v: (unseen[v], -v))
    return ("guess", best)


def _playout(
    game: Game,
    state: State,
    seat: int,
    action: Action,
    answer: Callable[[Game, State, int, random.Random], Action],
    rng: random.Random,
) -> float:
    """Take ``action``, let the others answer, play out the Hunt; the seat's gain."""
    before = state
    hunt = state.hunt
    state = game.apply(state, seat, action, None)[0]
    steps = 0
    while state.phase in _HUNT_PHASES and state.hunt == hunt and steps < 200:
        acting = game.to_act(state)
        if not acting:
            break
        actor = min(acting)
        policy = answer if actor != seat else greedy_play
        state = game.apply(state, actor, policy(game, state, actor, rng), None)[0]
        steps += 1
    return _score(before, state, seat)


def _distinct(legal: Sequence[Action]) -> list[Action]:
    """One action per different set of cards as the rules see them (value and colour)."""
    seen: dict[Any, Action] = {}
    for action in legal:
        if action[0] == "play":
            key = tuple(
                sorted((MONSTER_CARDS[c].value, MONSTER_CARDS[c].colour) for c in action[1])
            )
        else:
            key = action
        seen.setdefault(key, action)
    return list(seen.values())


class SamplingBot:
    """Judges each distinct choice by playing the Hunt out on re-deals of the hidden cards."""

    def __init__(
        self,
        name: str,
        samples: int,
        answer: Callable[[Game, State, int, random.Random], Action],
        *,
        sample_combats: bool = True,
        sample_actives: bool = False,
        seconds: float | None = None,
    ) -> None:
        """Up to ``samples`` re-deals, fewer when the next playout would end after
        ``seconds`` (without one re-deal in time: :func:`greedy_play`)."""
        self.name = name
        self.seconds = seconds
        self.samples = samples
        self.answer = answer
        self.sample_combats = sample_combats
        self.sample_actives = sample_actives

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        actions = list(legal)
        if len(actions) == 1:
            return actions[0]
        seat = view["seat"]
        verb = actions[0][0]
        sampled = (verb == "play" and self.sample_combats) or (
            verb == "activate" and self.sample_actives
        )
        if not sampled:
            return plan(next(determinizations), seat, actions, rng)
        candidates = _distinct(actions)
        if len(candidates) == 1:
            return candidates[0]
        state = next(determinizations)
        totals = paired_totals(
            candidates,
            itertools.chain([state], determinizations),
            self.samples,
            self.seconds,
            lambda deal, action: _playout(game, deal, seat, action, self.answer, rng),
        )
        if totals is None:
            return greedy_play(game, state, seat, rng)  # out of time: the rule of thumb
        best = max(totals)
        top = [a for a, t in zip(candidates, totals, strict=True) if t >= best - 1e-9]
        return top[rng.randrange(len(top))]


class PlanBot:
    """Plays Combats at random and everything else by :func:`plan`."""

    name = "easy"

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        actions = list(legal)
        if actions[0][0] == "play":
            return greedy_play(game, next(determinizations), view["seat"], rng)
        return plan(next(determinizations), view["seat"], actions, rng)


def easy(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A beginner: recruits well, plays its Combats by a rough rule of thumb."""
    return PlanBot()


def normal(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A solid player: tries every distinct play on a few re-deals against random answers."""
    return SamplingBot("normal", 6, random_play, seconds=seconds)


def hard(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A strong player: more samples, answers by the rule of thumb, samples its heroes too."""
    return SamplingBot("hard", 14, greedy_play, sample_actives=True, seconds=seconds)


LEVELS: dict[str, BotFactory] = {"easy": easy, "normal": normal, "hard": hard}
"""The strategic levels, weakest first (``random`` comes from core.bots)."""
