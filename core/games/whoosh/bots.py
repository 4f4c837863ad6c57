"""Whoosh bots: players who react like humans, with a reaction time, misses and mistakes.

Whoosh is a race, not a puzzle: the whole skill is seeing first that a Monster's symbols are
all out. So a bot reads the public table (its view), finds the Monsters the revealed cards
can capture, and answers after a human-like delay. Each level is a set of numbers:

========  ==========================  =========  ======  ========
level     reaction (lognormal)        floor      miss    mistake
========  ==========================  =========  ======  ========
easy      mean 1.10 s, sd 0.30 s      0.50 s     25 %    8 %
normal    mean 0.75 s, sd 0.20 s      0.40 s     10 %    4 %
hard      mean 0.45 s, sd 0.10 s      0.30 s      3 %    2 %
========  ==========================  =========  ======  ========

Revealing on its turn takes 0.4-1.2 s (uniform) at every level. A *miss* is a board on which
the bot does not notice a capture (it looks again at the next board); a *mistake* is a hand
on a Monster that lacks exactly one symbol, slapped after the same reaction delay. The hard
floor is fast but not superhuman: trained humans react to a visual stimulus in about
0.25-0.35 s, and must still read the symbols.

Two interfaces:

- :meth:`WhooshBot.react` (``view, legal, rng -> (delay, action) | None``) is the real-time
  one the table calls on every new position. It never settles (the table does). Asked again
  about the same board (the same generation), a bot gives the same answer, so the table may
  ask as often as it likes; a claim on a board that has changed is refused by the rules.
- :meth:`WhooshBot.choose` is the standard turn-based interface (``hunters sim`` when some
  seat has no ``react``, e.g. a random bot; tests): it claims the most valuable capturable
  Monster (with the level's miss and mistake rates), else
  reveals on its turn, else — as every seat must act there — makes the least-bad claim (the
  Monster closest to capturable).

``hunters sim`` plays bots that all have ``react`` on its virtual clock, as the table would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.bots import Bot
from core.engine import Action, Game, State
from core.games.whoosh.scoring import shortfall

REVEAL_DELAY = (0.4, 1.2)
"""Seconds a bot takes to reveal on its turn (uniform)."""


@dataclass(frozen=True, slots=True)
class Level:
    """The numbers that make a bot easy, normal or hard."""

    name: str
    reaction_mean: float
    """Mean seconds from a new board to the hand on the Monster."""
    reaction_sd: float
    reaction_floor: float
    """No reaction is faster than this."""
    miss: float
    """Chance of not noticing a capture on one board."""
    mistake: float
    """Chance, on a board with a Monster one symbol short, of slapping it anyway."""


EASY = Level("easy", 1.10, 0.30, 0.50, miss=0.25, mistake=0.08)
NORMAL = Level("normal", 0.75, 0.20, 0.40, miss=0.10, mistake=0.04)
HARD = Level("hard", 0.45, 0.10, 0.30, miss=0.03, mistake=0.02)


def reaction_time(level: Level, rng: random.Random) -> float:
    """One reaction delay: lognormal with the level's mean and sd, never below its floor."""
    sigma2 = math.log(1 + (level.reaction_sd / level.reaction_mean) ** 2)
    mu = math.log(level.reaction_mean) - sigma2 / 2
    return max(level.reaction_floor, rng.lognormvariate(mu, math.sqrt(sigma2)))


def _symbols(view: dict[str, Any]) -> list[tuple[str, ...]]:
    return [tuple(card) for row in view["revealed_symbols"] for card in row]


def _gaps(view: dict[str, Any]) -> list[tuple[int, dict[str, Any], int]]:
    """(slot, monster, symbols still missing) for every Monster on the board."""
    revealed = _symbols(view)
    return [
        (slot, monster, shortfall(monster["symbols"], revealed))
        for slot, monster in enumerate(view["monsters"])
        if monster is not None
    ]


def _best(choices: Sequence[tuple[int, dict[str, Any], int]]) -> int:
    """The slot most worth a hand: the most valuable, then the higher tie number."""
    return max(choices, key=lambda c: (c[1]["value"], c[1]["tie"]))[0]


@dataclass(slots=True)
class WhooshBot:
    """A Whoosh player of one :class:`Level`."""

    level: Level
    name: str = field(init=False)
    """The level's name, as the bot registry requires."""
    _answers: dict[int, tuple[Any, tuple[float, Action] | None]] = field(default_factory=dict)
    """Per seat, the last board it was asked about and its answer (asked again: the same)."""

    def __post_init__(self) -> None:
        self.name = self.level.name

    def react(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> tuple[float, Action] | None:
        """What to do about this board, and after how many seconds (None: nothing now)."""
        if view["over"] or not legal:
            return None
        seat = view["seat"]
        # The board a decision belongs to; the cards make it unique across games too (one
        # bot may play many games, whose generations repeat).
        board = (
            view["generation"],
            view["reveals"],
            tuple(m and m["id"] for m in view["monsters"]),
            tuple(tuple(row) for row in view["revealed"]),
        )
        known = self._answers.get(seat)
        if known is None or known[0] != board:
            known = (board, self._react(view, legal, rng))
            self._answers[seat] = known
        answer = known[1]
        if answer is not None and answer[1] not in legal:
            return None
        return answer

    def _react(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> tuple[float, Action] | None:
        claim = self._claim(view, legal, rng)
        if claim is not None:
            return reaction_time(self.level, rng), claim
        if ("reveal",) in legal:
            return rng.uniform(*REVEAL_DELAY), ("reveal",)
        return None

    def _claim(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """The claim this bot makes on this board, if any (misses and mistakes included)."""
        generation = view["generation"]
        gaps = [g for g in _gaps(view) if ("claim", g[0], generation) in legal]
        ready = [g for g in gaps if g[2] == 0]
        if ready:
            # Nobody can reveal any more: a miss would stall the table, so look harder.
            stuck = not any(view["pile_sizes"])
            if stuck or rng.random() >= self.level.miss:
                return ("claim", _best(ready), generation)
            return None
        close = [g for g in gaps if g[2] == 1]
        if close and rng.random() < self.level.mistake:
            return ("claim", _best(close), generation)
        return None

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """The turn-based answer: a claim, else reveal, else the least-bad claim (the table's
        clock, not a bot, settles pending claims)."""
        claim = self._claim(view, legal, rng)
        if claim is not None:
            return claim
        if ("reveal",) in legal:
            return ("reveal",)
        generation = view["generation"]
        gaps = [g for g in _gaps(view) if ("claim", g[0], generation) in legal]
        if gaps:
            fewest = min(g[2] for g in gaps)
            return ("claim", _best([g for g in gaps if g[2] == fewest]), generation)
        return legal[0]


def easy() -> Bot:
    """A beginner: a second to react, misses one capture in four, slaps wrongly now and then."""
    return WhooshBot(EASY)


def normal() -> Bot:
    """A practised player: three quarters of a second, rarely misses."""
    return WhooshBot(NORMAL)


def hard() -> Bot:
    """A sharp player: under half a second, almost never wrong, never superhuman."""
    return WhooshBot(HARD)


LEVELS: dict[str, Callable[[], Bot]] = {"easy": easy, "normal": normal, "hard": hard}
"""The strategic levels, weakest first (``random`` comes from core.bots)."""
