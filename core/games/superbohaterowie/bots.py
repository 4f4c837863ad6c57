"""Superbohaterowie bots: a position evaluation, a greedy policy, and the levels easy–hard.

The evaluation reads the cities (public) and, for the seat it plays for, its own hand. A
city's *need* is how many cards it still lacks to be saved: every empty space and every
duplicate superhero needs one card, a duplicate no missing hero can cover needs more, and a
giant spider (which only a Joker or an explosion removes) more still. A card in hand that
would lower the need next turn counts for part of that. The game is a race, so a seat's
chance to win is a softmax over all cities' needs, the seats who move sooner a little ahead:
a city one card from saved dominates everyone's chances, which makes stopping it urgent.

Levels: ``easy`` is a noisy greedy player that looks after its own city only; ``normal`` the
greedy policy over the whole table; ``hard``, at two players, the greedy policy's best few
moves each answered by the rival's greedy reply and played one turn further on re-deals
(:class:`ReplyLookahead`), at five the same answered by the next seat alone, and
otherwise an ISMCTS whose tree is narrowed to the greedy policy's best few actions, with
short greedy playouts and the evaluation at the cutoff.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core.bots import THINKING_SECONDS, Bot, BotFactory, GreedyBot, best_index, paired_totals
from core.bots.ismcts import ISMCTSBot, ranking_rewards
from core.engine import Action, Game, State
from core.games.superbohaterowie.data import COVERS, ELEMENTS, PLACED, card_ids, kind_of
from core.games.superbohaterowie.scoring import city_points

Row = tuple[str | None, ...]
"""One city as the kinds of its cards (None: an empty space)."""

_KIND: dict[str, str] = {card: kind_of(card) for card in card_ids()}
_COVERED_BY: dict[str, frozenset[str]] = {
    element: frozenset(k for k in ELEMENTS if element in COVERS[k]) for element in ELEMENTS
}
_SERIES_SPREAD = 15.0
"""Points variant: a lead of this many points is worth one softmax unit."""
_SERIES_RACE = 30.0
"""Points variant: saving one's city first is worth about this many points."""


class Evaluator:
    """The position evaluation with its weights, and the policies built on it.

    Needs and hand gains depend only on a city's row of kinds (at most 8**5 of them), so
    they are remembered per evaluator: the search asks for the same rows again and again.
    """

    def __init__(
        self,
        *,
        spider: float = 1.8,
        stuck: float = 1.5,
        sharpness: float = 0.6,
        tempo: float = 1.6,
        keep: float = 0.5,
    ) -> None:
        """``spider``, ``stuck``: cards a giant spider and an uncoverable duplicate cost;
        ``sharpness``: how much one card less raises a seat's chances; ``tempo``: what a
        full round later to move costs, in cards; ``keep``: what share of a card's help
        next turn counts now."""
        self.spider = spider
        self.stuck = stuck
        self.sharpness = sharpness
        self.tempo = tempo
        self.keep = keep
        self._needs: dict[Row, float] = {}
        self._gains: dict[tuple[str, Row], float] = {}
        self._points: dict[Row, int] = {}

    # -- cities ---------------------------------------------------------------------------

    def need(self, row: Row) -> float:
        """The cards a city still lacks to be saved (0 exactly when it is saved)."""
        known = self._needs.get(row)
        if known is not None:
            return known
        seen: set[str] = set()
        duplicates: list[str] = []
        need = 0.0
        for kind in row:
            if kind is None:
                need += 1.0
            elif kind == "spider":
                need += self.spider
            elif kind == "joker":
                continue
            elif kind in seen:
                duplicates.append(kind)
            else:
                seen.add(kind)
        for kind in duplicates:
            coverable = any(cover not in seen for cover in _COVERED_BY[kind])
            need += 1.0 if coverable else self.stuck
        self._needs[row] = need
        return need

    def points(self, row: Row) -> int:
        """What a city would score now in the Points variant."""
        known = self._points.get(row)
        if known is None:
            known = self._points[row] = city_points(k for k in row if k)
        return known

    def gain(self, kind: str, row: Row) -> float:
        """How much one card of ``kind`` could lower a city's need if played on it."""
        key = (kind, row)
        known = self._gains.get(key)
        if known is not None:
            return known
        before = self.need(row)
        best = 0.0
        if kind in PLACED:
            covers = COVERS[kind]
            for space, there in enumerate(row):
                if there is None or there in covers:
                    best = max(best, before - self.need(_with(row, space, kind)))
        elif kind in ("small-explosion", "large-explosion"):
            for space, there in enumerate(row):
                if there is not None:
                    best = max(best, before - self.need(_with(row, space, None)))
        self._gains[key] = best
        return best

    def _hand_gain(self, hand: Sequence[str], row: Row) -> float:
        return max((self.gain(_KIND[card], row) for card in hand), default=0.0)

    # -- chances ----------------------------------------------------------------------------

    def _offsets(self, players: int, next_seat: int) -> list[float]:
        return [self.tempo * ((seat - next_seat) % players) / players for seat in range(players)]

    def chances(self, state: State) -> list[float]:
        """Each seat's chance to win from here, counting every seat's hand (the state's)."""
        rows = _rows(state.cities)
        players: int = state.players
        offsets = self._offsets(players, state.turn)
        needs = [
            self.need(row) - self.keep * self._hand_gain(state.hands[seat], row)
            for seat, row in enumerate(rows)
        ]
        weights = [
            math.exp(-self.sharpness * (need + offset))
            for need, offset in zip(needs, offsets, strict=True)
        ]
        race = _normalize(weights)
        if not state.series:
            return race
        return _with_points(_banked(state), [self.points(row) for row in rows], race)

    def evaluate(self, game: Game, state: State) -> list[float]:
        """Expected reward per seat in [0, 1], on the scale ISMCTS gives finished games."""
        players: int = state.players
        lose = ranking_rewards(((0,), tuple(range(1, players))))[1]
        return [p + (1.0 - p) * lose for p in self.chances(state)]

    # -- choosing -----------------------------------------------------------------------------

    def action_values(
        self, state: State, seat: int, legal: Sequence[Action], selfish: bool = False
    ) -> list[float]:
        """How good each action is for ``seat``: its chance to win just after it.

        Reads the cities and the seat's own hand only. An action that saves the seat's city
        is worth 1 (shared when it saves others too), one that saves only others' 0.
        ``selfish`` counts the seat's own city alone (minus its need), as a beginner does.
        """
        players: int = state.players
        rows = _rows(state.cities)
        base = [self.need(row) for row in rows]
        offsets = self._offsets(players, (seat + 1) % players)
        weights = [
            math.exp(-self.sharpness * (need + offset))
            for need, offset in zip(base, offsets, strict=True)
        ]
        total = sum(weights)
        hand = state.hands[seat]
        kept = {card: _kept(hand, card) for card in hand}
        # What the card left in hand adds, while the own city stays as it is.
        unchanged = {card: self._hand_gain(rest, rows[seat]) for card, rest in kept.items()}
        # Points variant only: what every seat has banked, and what its city scores now.
        banked = _banked(state) if state.series else []
        points = [self.points(row) for row in rows] if state.series else []
        values: list[float] = []
        for action in legal:
            changed = _after(rows, action)
            played = action[1] if len(action) > 1 else None
            own: Row | None = None
            saved: list[int] = []
            new_weights: dict[int, float] = {}
            own_need = base[seat]
            for city, row in changed:
                need = self.need(row)
                if need == 0.0:
                    saved.append(city)
                if city == seat:
                    own, own_need = row, need
                else:
                    new_weights[city] = math.exp(-self.sharpness * (need + offsets[city]))
            if played in kept and not saved:
                own_need -= self.keep * (
                    unchanged[played] if own is None else self._hand_gain(kept[played], own)
                )
            if selfish:
                # A beginner still sees who an action would save.
                values.append(1.0 if seat in saved else -99.0 if saved else -own_need)
                continue
            new_weights[seat] = math.exp(-self.sharpness * (own_need + offsets[seat]))
            if state.series:
                values.append(
                    self._series_value(banked, points, changed, weights, new_weights, saved)[seat]
                )
            elif saved:
                values.append(1.0 / len(saved) if seat in saved else 0.0)
            else:
                new_total = total + sum(w - weights[c] for c, w in new_weights.items())
                values.append(new_weights[seat] / new_total)
        return values

    def _series_value(
        self,
        banked: Sequence[int],
        points: Sequence[int],
        changed: Sequence[tuple[int, Row]],
        weights: Sequence[float],
        new_weights: dict[int, float],
        saved: Sequence[int],
    ) -> list[float]:
        """Points variant: chances after an action, from the race and the points it leaves."""
        after = list(points)
        for city, row in changed:
            after[city] = self.points(row)
        if saved:
            race = [1.0 / len(saved) if seat in saved else 0.0 for seat in range(len(points))]
        else:
            race = _normalize([new_weights.get(c, w) for c, w in enumerate(weights)])
        return _with_points(banked, after, race)

    def greedy(
        self, game: Game, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Playout policy: the best action one move ahead (the ISMCTS rollout hook)."""
        if len(legal) == 1:
            return legal[0]
        return legal[best_index(self.action_values(state, seat, legal), rng)]

    def best_few(
        self, count: int
    ) -> Callable[[Game, State, int, Sequence[Action]], Sequence[Action]]:
        """An ISMCTS candidates hook: the ``count`` actions the greedy policy likes best,
        best first (ties in legal order). The values read only the public cities and the
        seat's own hand, so the root's candidates are the same in every re-deal.
        """

        def narrow(
            game: Game, state: State, seat: int, legal: Sequence[Action]
        ) -> Sequence[Action]:
            if len(legal) <= count:
                return legal
            values = self.action_values(state, seat, legal)
            order = sorted(range(len(legal)), key=lambda i: -values[i])
            return [legal[i] for i in order[:count]]

        return narrow


def _with(row: Row, space: int, kind: str | None) -> Row:
    return row[:space] + (kind,) + row[space + 1 :]


def _rows(cities: Sequence[Sequence[str | None]]) -> list[Row]:
    return [tuple(None if card is None else _KIND[card] for card in city) for city in cities]


def _banked(state: State) -> list[int]:
    """Points variant: each seat's points from the games already finished."""
    return [sum(game[seat] for game in state.results) for seat in range(state.players)]


def _with_points(
    banked: Sequence[int], points: Sequence[int], race: Sequence[float]
) -> list[float]:
    """Points variant: chances from the points banked, the points on the board, and the race."""
    expected = [
        (bank + board + _SERIES_RACE * chance) / _SERIES_SPREAD
        for bank, board, chance in zip(banked, points, race, strict=True)
    ]
    top = max(expected)
    return _normalize([math.exp(value - top) for value in expected])


def _normalize(weights: Sequence[float]) -> list[float]:
    total = sum(weights)
    return [weight / total for weight in weights]


def _kept(hand: Sequence[str], played: str) -> tuple[str, ...]:
    """The cards left in hand after playing ``played`` from it."""
    rest = list(hand)
    rest.remove(played)
    return tuple(rest)


def _after(rows: Sequence[Row], action: Action) -> list[tuple[int, Row]]:
    """The cities an action changes, with their kinds afterwards (nothing else is built)."""
    verb = action[0]
    if verb == "place":
        _, card, city, space = action
        return [(city, _with(rows[city], space, _KIND[card]))]
    if verb == "explode":
        changed: dict[int, Row] = {}
        for city, space in action[2]:
            changed[city] = _with(changed.get(city, rows[city]), space, None)
        return list(changed.items())
    if verb in ("move", "swap"):
        _, _, city_a, space_a, city_b, space_b = action
        card_a, card_b = rows[city_a][space_a], rows[city_b][space_b]
        return [
            (city_a, _with(rows[city_a], space_a, None if verb == "move" else card_b)),
            (city_b, _with(rows[city_b], space_b, card_a)),
        ]
    return []


def greedy(name: str, evaluator: Evaluator, *, noise: float = 0.0, selfish: bool = False) -> Bot:
    """The evaluation's greedy player (``selfish``: minding its own city only)."""

    def values(game: Game, state: State, seat: int, actions: list[Action]) -> list[float]:
        return evaluator.action_values(state, seat, actions, selfish)

    return GreedyBot(name, values, noise=noise)


def easy(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A beginner: builds its own city greedily, ignores the others, slips one move in three."""
    return greedy("easy", Evaluator(), noise=0.3, selfish=True)


def normal(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A solid player: the best move one step ahead for the whole table."""
    return greedy("normal", Evaluator())


class ScaledSearch:
    """An ISMCTS bot whose iteration budget shrinks as the table grows.

    Every seat adds cities to evaluate and moves to consider, so a fixed budget would think
    twice as long at five players as at two; per-count budgets keep a decision near 100 ms
    on a modest machine, and iterations (not a clock) keep the bot reproducible. The Points
    variant weighs points into every value and deals new games inside playouts, which costs
    about twice as much per iteration, so it gets ``series_share`` of the budget.
    """

    def __init__(
        self,
        name: str,
        budgets: dict[int, int],
        series_share: float,
        seconds: float | None,
        **search: Any,
    ) -> None:
        self.name = name
        self._searches = {
            (players, series): ISMCTSBot(
                name,
                iterations=max(1, round(iterations * (series_share if series else 1))),
                seconds=seconds,
                **search,
            )
            for players, iterations in budgets.items()
            for series in (False, True)
        }

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """The search's choice with the budget for this table's size and variant."""
        if len(legal) == 1:
            return legal[0]
        search = self._searches[view["players"], bool(view["series"])]
        return search.choose(game, view, determinizations, legal, rng)


class ReplyLookahead:
    """Two players: each of the greedy policy's best few moves, answered by the rival's
    greedy reply, then one more move each, on the same re-deals of the hidden cards.

    At two players the game is a duel of tempo and denial: a move is as good as the position
    the rival's best answer leaves, and whether that answer leaves a follow-up. Every
    candidate is played on the same re-deals (common random numbers: the totals differ by
    the moves, not by the cards dealt), the rival answering with the greedy policy, and the
    position two turns on (or the game's end) is judged by the evaluation. A move that saves
    the own city is played at once. Against ``normal`` it won 63.3 % of 300 games (±5.5 %,
    bench/engine.py's seeds, each seat in turn) and 65.5 % of 200 more, where the tree
    search below had won 57.5 %; its 95th percentile was 0.33 s a decision with the two
    cores loaded six deep.
    """

    def __init__(
        self,
        name: str,
        evaluator: Evaluator,
        *,
        width: int,
        deals: int,
        rounds: int,
        seconds: float | None,
        replies: int | None = None,
    ) -> None:
        """``width`` candidates, ``deals`` re-deals, ``rounds`` turns of the searching seat
        before the position is judged, ``seconds`` the deadline (None: every playout);
        ``replies``, if given, judges the position sooner: after that many rivals' moves."""
        self.name = name
        self.evaluator = evaluator
        self.width = width
        self.deals = deals
        self.rounds = rounds
        self.seconds = seconds
        self.replies = replies

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """The candidate with the best total over the re-deals (the greedy best when the
        deadline leaves no re-deal)."""
        actions = list(legal)
        if len(actions) == 1:
            return actions[0]
        seat: int = view["seat"]
        first = next(determinizations)
        values = self.evaluator.action_values(first, seat, actions)
        order = sorted(range(len(actions)), key=lambda i: -values[i])
        candidates = [actions[i] for i in order[: self.width]]
        if values[order[0]] >= 1.0:
            return candidates[0]  # it saves the own city alone: nothing can beat it

        def playout(state: State, action: Action) -> float:
            return self._playout(game, state, seat, action, rng)

        deals = itertools.chain([first], determinizations)
        totals = paired_totals(candidates, deals, self.deals, self.seconds, playout)
        if totals is None:
            return candidates[0]
        return candidates[best_index(totals, rng)]

    def _playout(
        self, game: Game, state: State, seat: int, action: Action, rng: random.Random
    ) -> float:
        """``seat``'s value after ``action`` and the greedy answers, ``rounds`` turns on."""
        evaluator = self.evaluator
        state = game.apply(state, seat, action, None)[0]
        turns = replies = 0
        while True:
            outcome = game.outcome(state)
            if outcome is not None:
                return ranking_rewards(outcome.ranking)[seat]
            acting = game.to_act(state)
            if not acting:
                return evaluator.evaluate(game, state)[seat]
            actor = min(acting)
            if actor == seat:
                turns += 1
                if turns >= self.rounds:
                    return evaluator.evaluate(game, state)[seat]
            elif self.replies is not None:
                if replies >= self.replies:
                    return evaluator.evaluate(game, state)[seat]
                replies += 1
            moves = game.legal_actions(state, actor)
            state = game.apply(
                state, actor, evaluator.greedy(game, state, actor, moves, rng), None
            )[0]


class HardBot:
    """The hard level: the reply look-ahead at two players, the same answered by the next
    seat alone at five, the tree search otherwise (at five, a round of greedy answers from
    every rival measured weaker: 18 % against a fair share of 20 % over 200 games).

    Five players, one seat among four ``normal`` ones, each seat in turn, 1,500 games a
    figure (95 % interval about ±2 points), for greedy players that cost no more than
    ``normal``: ``normal``'s own evaluation 19.4 %; its weights changed one at a time
    (sharpness 0.9: 19.8 %, 0.4: 19.4 %; tempo 2.5: 19.1 %, 0.8: 17.6 %; keep 0.8:
    19.1 %, 0.2: 18.5 %); a penalty for being the visibly closest city, which the rivals
    attack (0.05 of the chance to win per card of lead: 20.0 %, 0.15: 15.5 %);
    free-riding on the rivals' attacks, building the own city unless a rival is within
    one or two cards (18.7 %, 18.8 %). None beats the fair share; the reply look-ahead
    with two rounds of every rival's answers cost 7.6 s a game on the loaded machine, too
    slow to measure. What did: the reply look-ahead answered by the next seat alone
    (``replies=1``: the greedy policy's eight best moves, the next seat's greedy answer,
    the evaluation, on 12 re-deals) won 22.4 % ±3.7 of 500 games (bench/engine.py's seeds)
    and 22.6 % ±2.9 of 800 more (seeds 3000–3004): 22.5 % ±2.3 of 1,300, where the tree
    search had won 20.0 %; 46 ms a decision on average, 78 ms at the 95th percentile
    (bench/engine.py, deadline on, the machine loaded). It plays five-player games; the
    Points variant and three or four players keep the tree search, not measured so."""

    def __init__(self, duel: ReplyLookahead, table: ScaledSearch, crowd: ReplyLookahead) -> None:
        self.name = "hard"
        self._duel = duel
        self._table = table
        self._crowd = crowd

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        players = view["players"]
        search: Bot = self._duel if players == 2 else self._table
        if players == 5 and not view["series"]:
            search = self._crowd
        return search.choose(game, view, determinizations, legal, rng)


def hard(seconds: float | None = THINKING_SECONDS) -> Bot:
    """A strong player. At two players: the greedy policy's ten best moves, each answered
    by the rival's greedy reply and one more move each, on 24 re-deals. At five (not in
    the Points variant): the greedy policy's eight best moves, each answered by the next
    seat's greedy reply, on 12 re-deals. Otherwise: a search of the greedy policy's best
    few moves over re-deals, the other seats answering with their best few, each line
    played on greedily for four moves."""
    evaluator = Evaluator()
    duel = ReplyLookahead("hard", evaluator, width=10, deals=24, rounds=2, seconds=seconds)
    crowd = ReplyLookahead(
        "hard", evaluator, width=8, deals=12, rounds=1, replies=1, seconds=seconds
    )
    table = ScaledSearch(
        "hard",
        {3: 160, 4: 130, 5: 100},
        series_share=0.5,
        seconds=seconds,
        exploration=0.5,
        depth=4,
        rollout=evaluator.greedy,
        evaluate=evaluator.evaluate,
        candidates=evaluator.best_few(4),
        ordered=True,
    )
    return HardBot(duel, table, crowd)


LEVELS: dict[str, BotFactory] = {"easy": easy, "normal": normal, "hard": hard}
"""The strategic levels, weakest first (``random`` comes from core.bots)."""
