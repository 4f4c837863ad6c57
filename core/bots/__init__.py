"""Bots: the Bot protocol, the random bot, and the registry of levels per game.

A bot sees exactly what its seat sees: the seat's ``view``, its legal actions, and a stream
of determinized states (re-deals of everything hidden from it, made by ``Game.determinize``).
It never receives the true state, so it cannot read hidden cards.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from core.engine import Action, Game, State


class Bot(Protocol):
    """Chooses one of the legal actions for its seat."""

    name: str

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """One action from ``legal``. ``determinizations`` yields fresh re-deals, endlessly."""
        ...


class RandomBot:
    """Plays a uniformly random legal action: the floor every strategy must beat."""

    name = "random"

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        return rng.choice(list(legal))


def best_index(values: Sequence[float], rng: random.Random) -> int:
    """The index of the highest value, ties broken by ``rng``."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v >= top - 1e-12]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


ActionValues = Callable[[Game, State, int, list[Action]], Sequence[float]]
"""A game's one-move-ahead values: (game, a re-deal, the seat, its legal actions) -> one value
per action."""


class GreedyBot:
    """Plays the action a game's values rate highest; with probability ``noise``, a random
    one. One re-deal stands in for the state: the values read only what the seat sees."""

    def __init__(self, name: str, values: ActionValues, *, noise: float = 0.0) -> None:
        self.name = name
        self.values = values
        self.noise = noise

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
        if self.noise and rng.random() < self.noise:
            return actions[rng.randrange(len(actions))]
        state = next(determinizations)
        return actions[best_index(self.values(game, state, view["seat"], actions), rng)]


def determinizations(game: Game, state: State, seat: int, rng: random.Random) -> Iterator[State]:
    """Endless re-deals of ``state`` as ``seat`` knows it: the only states a bot may search."""
    while True:
        yield game.determinize(state, seat, rng)


class TimeBudget:
    """The time one decision may take, from when it is made: ``seconds`` (None: no clock).

    A search asks :meth:`room_for` before each step; a step is expected to take as long as
    the steps so far did on average, so the last one ends before the deadline, not after.
    """

    __slots__ = ("_end", "_start")

    def __init__(self, seconds: float | None) -> None:
        self._start = time.perf_counter()
        self._end = None if seconds is None else self._start + seconds

    def room_for(self, done: int) -> bool:
        """Whether one more step, as long as the average of the ``done`` so far, still ends
        by the deadline (always, without a clock)."""
        if self._end is None:
            return True
        now = time.perf_counter()
        step = (now - self._start) / done if done else 0.0
        return now + step <= self._end


def paired_totals(
    options: Sequence[Action],
    deals: Iterator[State],
    count: int,
    seconds: float | None,
    playout: Callable[[State, Action], float],
) -> list[float] | None:
    """Each option's total ``playout`` value over up to ``count`` re-deals taken from ``deals``.

    Every option is played on the same re-deal (common random numbers: the totals differ by
    what the options do, not by the cards dealt). Before each playout the deadline
    ``seconds`` is asked whether it still fits; a re-deal it cuts short counts for no
    option, and None says not even the first re-deal could be played out (the caller falls
    back on its quick choice)."""
    budget = TimeBudget(seconds)
    totals = [0.0] * len(options)
    played = 0
    for dealt in range(count):
        deal = next(deals)
        values: list[float] = []
        for action in options:
            if played and not budget.room_for(played):
                return totals if dealt else None
            values.append(playout(deal, action))
            played += 1
        totals = [total + value for total, value in zip(totals, values, strict=True)]
    return totals


THINKING_SECONDS = 0.8
"""The deadline of one decision at a table: a searching bot stops there, whatever its
playouts, so a loaded machine cannot leave the players waiting (the target is a 95th
percentile under a second)."""


class BotFactory(Protocol):
    """Builds a fresh bot of one level."""

    def __call__(self, seconds: float | None = THINKING_SECONDS) -> Bot:
        """``seconds`` is the deadline of each decision; None lets a searching bot finish
        its playouts whatever the time, so that a seed repeats a game exactly."""
        ...


_LEVELS: dict[str, dict[str, BotFactory]] = {}
"""slug -> the game's strategic levels, weakest first, as each game registered them."""


def register_levels(slug: str, levels: Mapping[str, BotFactory]) -> None:
    """Offer a game's bot levels, weakest first. Each game's package calls this as it loads
    (``core/games/<slug>/__init__.py``), the way ``core.games.GAMES`` lists the games, so this
    module imports no game and a game's bots may import it."""
    if "random" in levels:
        raise ValueError(f"{slug}: 'random' is every game's own level, not a game's")
    _LEVELS[slug] = dict(levels)


def bot_levels(game_slug: str) -> tuple[str, ...]:
    """The bot levels a game offers, weakest first; always ``random``, then the game's own."""
    levels = _LEVELS.get(game_slug)
    if levels is None:
        raise ValueError(f"unknown game {game_slug!r} (games: {', '.join(_LEVELS)})")
    return ("random", *levels)


def make_bot(game_slug: str, level: str, seconds: float | None = THINKING_SECONDS) -> Bot:
    """A fresh bot of ``level`` for the game; unknown games or levels raise ValueError.

    ``seconds`` bounds each decision (see :class:`BotFactory`): a table keeps the default,
    while ``hunters sim`` and tests pass None so that a seed repeats every choice."""
    allowed = bot_levels(game_slug)
    if level not in allowed:
        raise ValueError(f"unknown bot {level!r} for {game_slug} (bots: {', '.join(allowed)})")
    if level == "random":
        return RandomBot()
    return _LEVELS[game_slug][level](seconds)
