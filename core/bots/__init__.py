"""Bots: the Bot protocol, the random bot, and the registry of levels per game.

A bot sees exactly what its seat sees: the seat's ``view``, its legal actions, and a stream
of determinized states (re-deals of everything hidden from it, made by ``Game.determinize``).
It never receives the true state, so it cannot read hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
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


BotFactory = Callable[[], Bot]


def _superbohaterowie_levels() -> dict[str, BotFactory]:
    from core.games.superbohaterowie.bots import LEVELS

    return dict(LEVELS)


def _orb_hunters_levels() -> dict[str, BotFactory]:
    from core.games.orb_hunters.bots import LEVELS

    return dict(LEVELS)


def _shardhunters_levels() -> dict[str, BotFactory]:
    from core.games.shardhunters.bots import LEVELS

    return dict(LEVELS)


def _comic_hunters_levels() -> dict[str, BotFactory]:
    from core.games.comic_hunters.bots import LEVELS

    return dict(LEVELS)


def _whoosh_levels() -> dict[str, BotFactory]:
    from core.games.whoosh.bots import LEVELS

    return dict(LEVELS)


_GAME_LEVELS: dict[str, Callable[[], dict[str, BotFactory]]] = {
    # slug -> the game's strategic levels, weakest first. Imported on demand: a game's bots
    # module imports the ISMCTS bot, which imports this module.
    "superbohaterowie": _superbohaterowie_levels,
    "comic-hunters": _comic_hunters_levels,
    "orb-hunters": _orb_hunters_levels,
    "shardhunters": _shardhunters_levels,
    "whoosh": _whoosh_levels,
}


def bot_levels(game_slug: str) -> tuple[str, ...]:
    """The bot levels a game offers, weakest first; always ``random``, then the game's own."""
    from core.games import GAMES

    if game_slug not in GAMES:
        raise ValueError(f"unknown game {game_slug!r} (games: {', '.join(GAMES)})")
    levels = _GAME_LEVELS.get(game_slug)
    return ("random", *(levels() if levels is not None else {}))


def make_bot(game_slug: str, level: str) -> Bot:
    """A fresh bot of ``level`` for the game; unknown games or levels raise ValueError."""
    allowed = bot_levels(game_slug)
    if level not in allowed:
        raise ValueError(f"unknown bot {level!r} for {game_slug} (bots: {', '.join(allowed)})")
    if level == "random":
        return RandomBot()
    return _GAME_LEVELS[game_slug]()[level]()
