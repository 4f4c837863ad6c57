"""Whoosh bots: players who react like humans, with a reaction time, misses and mistakes.

Whoosh is a race, not a puzzle: the whole skill is seeing first that a Monster's symbols are
all out. So a bot reads the public table (its view), finds the Monsters the revealed cards
can capture, and answers after a human-like delay that grows with the Monster's size:
seeing that a Monster is complete means finding each of its symbols among the revealed
cards, one after another (a serial visual search; notes.md, "The bots", has the sources).
A typical player takes ``SEE_S + CHECK_S * symbols`` on average: 0.36 s to see the new card
and move the hand, and 0.18 s per symbol, so 0.72 s for 2 symbols, 0.90 s for 3 and 1.44 s
for 6, with lognormal noise whose spread grows with the mean (0.25 s at 0.90 s). A level
plays at its own pace, the same shape scaled (its mean for a 3-symbol Monster):

======  ======================  ===========  ======  ====  =======
level   reaction to 3 symbols   2 / 6        floor   miss  mistake
======  ======================  ===========  ======  ====  =======
easy    mean 1.12 s, sd 0.31 s  0.90 / 1.79  0.50 s  25 %  8 %
normal  mean 0.90 s, sd 0.25 s  0.72 / 1.44  0.40 s  10 %  4 %
hard    mean 0.73 s, sd 0.20 s  0.58 / 1.17  0.30 s  3 %   2 %
======  ======================  ===========  ======  ====  =======

Normal is the typical player (:data:`TYPICAL`, a model no table offers). Of the captures
both reach for, the typical player takes about 70 % from easy, 50 % from normal and 30 %
from hard (``bench/whoosh_bots.py`` measures it; notes.md has the figures). Revealing on
its turn takes 0.4-1.2 s (uniform) at every level. A *miss* is a board on which the bot
does not notice a capture (it looks again at the next board); a *mistake* is a hand on a
Monster that lacks exactly one symbol, slapped after the same reaction delay. No level is
faster than a person can be.

Two interfaces:

- :meth:`WhooshBot.react` (``view, legal, rng -> (delay, action) | None``) is the real-time
  one the table calls on every new position. It never settles (the table does). Asked again
  about the same board (the same generation), a bot gives the same answer, so the table may
  ask as often as it likes. Its claim names the board it saw: the table keeps it on its way
  through reveals (the rules judge it on the cards out when the table settles), and once
  the Monsters have changed the rules take it as too late, never as a penalty.
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
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from core.bots import THINKING_SECONDS, Bot, BotFactory
from core.engine import Action, Event, Game, State
from core.games.whoosh.scoring import shortfall

REVEAL_DELAY = (0.4, 1.2)
"""Seconds a bot takes to reveal on its turn (uniform)."""

SEE_S = 0.36
"""A typical player's seconds to see that a card turned over and get a hand moving."""
CHECK_S = 0.18
"""A typical player's seconds to find one of a Monster's symbols among the revealed cards."""
REFERENCE_SYMBOLS = 3
"""The Monster size a level's reaction mean and sd are given for."""


@dataclass(frozen=True, slots=True)
class Level:
    """The numbers that make a bot easy, normal or hard."""

    name: str
    reaction_mean: float
    """Mean seconds from a new board to the hand on a Monster of 3 symbols."""
    reaction_sd: float
    """The sd of that reaction; mean and sd scale with a Monster's size as a typical
    player's do."""
    reaction_floor: float
    """No reaction is faster than this."""
    miss: float
    """Chance of not noticing a capture on one board."""
    mistake: float
    """Chance, on a board with a Monster one symbol short, of slapping it anyway."""

    def mean(self, symbols: int) -> float:
        """Mean seconds to a hand on a Monster of ``symbols`` symbols: the typical player's
        search time, at this level's pace."""
        return self.reaction_mean * _search_s(symbols) / _search_s(REFERENCE_SYMBOLS)

    def sd(self, symbols: int) -> float:
        """The sd of that reaction: a fixed share of its mean, as in people."""
        return self.reaction_sd * _search_s(symbols) / _search_s(REFERENCE_SYMBOLS)


def _search_s(symbols: int) -> float:
    return SEE_S + CHECK_S * symbols


TYPICAL = Level("typical", 0.90, 0.25, 0.40, miss=0.10, mistake=0.04)
"""A typical person at the table, the yardstick the levels are tuned against (0.90 s, sd
0.25 s, for a 3-symbol Monster): a model for measuring, offered at no table."""
EASY = Level("easy", 1.12, 0.31, 0.50, miss=0.25, mistake=0.08)
NORMAL = replace(TYPICAL, name="normal")
HARD = Level("hard", 0.73, 0.20, 0.30, miss=0.03, mistake=0.02)


def reaction_time(level: Level, symbols: int, rng: random.Random) -> float:
    """One reaction to a Monster of ``symbols`` symbols: lognormal with the level's mean and
    sd for that size, never below its floor."""
    mean, sd = level.mean(symbols), level.sd(symbols)
    sigma2 = math.log(1 + (sd / mean) ** 2)
    mu = math.log(mean) - sigma2 / 2
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
            symbols = len(view["monsters"][claim[1]]["symbols"])
            return reaction_time(self.level, symbols, rng), claim
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


@dataclass(slots=True)
class Contests:
    """Who took the Monsters two players both reached for: a watcher for ``core.sim``.

    A capture is contested by every other player whose hand went down on the same Monster
    too: settled with the winner's claim (void), or too late, after the capture (a hand
    already on its way still lands, and names the Monster that was just taken). How often
    one player takes those from another measures who is quicker, misses included."""

    won: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(winner, loser) seats: the contested captures the first made against the second."""
    _reaching: dict[int, set[int]] = field(default_factory=dict)
    """Per slot, the seats whose claims wait on it."""
    _taken: tuple[int, int, set[int]] | None = None
    """The last capture, while late hands may still name it: slot, winner, rivals."""

    def __call__(self, seat: int, action: Action, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "claim":
                self._reaching.setdefault(event["slot"], set()).add(event["seat"])
            elif kind == "late" and self._taken and self._taken[0] == event["slot"]:
                self._rival(*self._taken[1:], event["seat"])
            elif kind == "capture":
                self._taken = (event["slot"], event["seat"], set())
                for rival in self._reaching.get(event["slot"], ()):
                    self._rival(*self._taken[1:], rival)
                self._reaching = {}
            elif kind in ("mistake", "stalemate"):
                self._taken, self._reaching = None, {}

    def _rival(self, winner: int, rivals: set[int], seat: int) -> None:
        """``seat`` reached for the Monster ``winner`` took: one contest, counted once."""
        if seat != winner and seat not in rivals:
            rivals.add(seat)
            self.won[winner, seat] += 1

    def share(self, seat: int, rival: int) -> tuple[int, int]:
        """(taken by ``seat``, contested between the two): the captures both reached for."""
        taken = self.won[seat, rival]
        return taken, taken + self.won[rival, seat]


def easy(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A beginner: slower than most people, misses one capture in four, slaps wrongly now
    and then."""
    return WhooshBot(EASY)


def normal(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A typical player: 0.9 s for a 3-symbol Monster, more for a bigger one; rarely misses."""
    return WhooshBot(NORMAL)


def hard(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A sharp player: a fifth quicker than most people, almost never wrong, beatable."""
    return WhooshBot(HARD)


LEVELS: dict[str, BotFactory] = {"easy": easy, "normal": normal, "hard": hard}
"""The strategic levels, weakest first (``random`` comes from core.bots)."""
