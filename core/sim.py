"""Bot-only simulation: many games through Match, with win rates, lengths and thinking times.

Every game is played through the same :class:`~core.match.Match` the table uses, so a bot
sees exactly what it would see at a real table: its seat's view, its legal actions, and
re-deals of the hidden cards. One seed fixes every deal and every bot decision, so a run can
be repeated exactly (the thinking times are the only figures that vary).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.bots import Bot, determinizations, make_bot
from core.engine import TABLE, Action, Event, IllegalAction, deadlines, validate_seats
from core.games import GAMES
from core.match import Match

MAX_ACTIONS = 5000
"""A game still running after this many actions is stopped and counted as won by nobody."""

Watch = Callable[[int, Action, Sequence[Event]], None]
"""Hears every action a simulated game takes: the seat, the action and its events (a measure
the figures do not keep, such as who won each race in a real-time game)."""


@dataclass(slots=True)
class SimResult:
    """What a batch of bot-only games produced."""

    slug: str
    seats: int
    bots: tuple[str, ...]
    """The bot level playing each seat."""
    games: int
    seed: int
    wins: list[float]
    """Per seat: games won, a shared first place counting as a fraction."""
    lengths: list[int] = field(default_factory=list)
    """Actions taken in each game."""
    decision_times: dict[str, list[float]] = field(default_factory=dict)
    """Per bot level: seconds taken by each decision it made."""
    unfinished: int = 0
    """Games stopped at MAX_ACTIONS without a winner."""

    def win_rate(self, seat: int) -> float:
        """The share of games ``seat`` won."""
        return self.wins[seat] / self.games if self.games else 0.0

    @property
    def mean_length(self) -> float:
        """Mean actions per game."""
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    @property
    def median_length(self) -> float:
        """Median actions per game."""
        return float(statistics.median(self.lengths)) if self.lengths else 0.0

    def mean_time(self, level: str) -> float:
        """Mean seconds per decision of one bot level."""
        times = self.decision_times.get(level, [])
        return statistics.fmean(times) if times else 0.0

    def p95_time(self, level: str) -> float:
        """The 95th percentile of seconds per decision of one bot level."""
        times = sorted(self.decision_times.get(level, []))
        if not times:
            return 0.0
        return times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def simulate(
    slug: str,
    seats: int,
    bots: Sequence[str | Bot],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    watch: Watch | None = None,
    seconds: float | None = None,
) -> SimResult:
    """Play ``games`` bot-only games of ``slug``; seat ``i`` is played by ``bots[i]``: a level's
    name, or a bot itself (a model no table offers, such as Whoosh's typical player, that the
    levels are measured against).

    ``progress`` hears (games done, games in all) after every game, ``watch`` every action.
    ``seconds`` is the levels' deadline per decision; without one (the default) a searching
    level plays all its playouts, so the seed alone fixes every choice.
    """
    if slug not in GAMES:
        raise ValueError(f"unknown game {slug!r} (games: {', '.join(GAMES)})")
    validate_seats(GAMES[slug], seats)
    if len(bots) != seats:
        raise ValueError(f"{seats} seats need {seats} bots, not {len(bots)}")
    if games < 0:
        raise ValueError(f"the number of games cannot be negative ({games})")
    players = [make_bot(slug, bot, seconds) if isinstance(bot, str) else bot for bot in bots]
    master = random.Random(seed)
    result = SimResult(
        slug=slug,
        seats=seats,
        bots=tuple(bot.name for bot in players),
        games=games,
        seed=seed,
        wins=[0.0] * seats,
        decision_times={bot.name: [] for bot in players},
    )
    real_time = all(hasattr(bot, "react") for bot in players)
    for done in range(1, games + 1):
        match = Match.new(slug, seats, master.getrandbits(63), options)
        rngs = [random.Random(master.getrandbits(63)) for _ in range(seats)]
        if real_time:
            _play_in_time(match, players, rngs, result, watch)
        else:
            _play(match, players, rngs, result, watch)
        if progress is not None:
            progress(done, games)
    return result


def _play(
    match: Match,
    players: Sequence[Bot],
    rngs: Sequence[random.Random],
    result: SimResult,
    watch: Watch | None = None,
) -> None:
    """Play one match to its end, recording its winners, length and decision times."""
    actions = 0
    while match.outcome() is None and actions < MAX_ACTIONS:
        acting = sorted(match.to_act())
        if not acting:
            break
        # Every acting seat decides on the same position (a simultaneous decision), then the
        # choices are applied in seat order; a seat whose choice an earlier one made illegal
        # decides again.
        # The table's own clock (a tie window closing) acts first: the hands already down
        # were put down in the round before, and time has passed since.
        players_acting = [seat for seat in acting if seat != TABLE]
        chosen = {
            seat: _decide(match, players[seat], seat, rngs[seat], result) for seat in players_acting
        }
        for seat in ([TABLE] if TABLE in acting else []) + players_acting:
            if seat not in match.to_act():
                continue
            if seat == TABLE:
                action = match.legal(TABLE)[0]
                events = match.act(TABLE, action)
            else:
                action = chosen[seat]
                try:
                    events = match.act(seat, action)
                except IllegalAction:
                    action = _decide(match, players[seat], seat, rngs[seat], result)
                    events = match.act(seat, action)
            if watch is not None:
                watch(seat, action, events)
            actions += 1
    result.lengths.append(actions)
    _score(match, result)


def _play_in_time(
    match: Match,
    players: Sequence[Any],
    rngs: Sequence[random.Random],
    result: SimResult,
    watch: Watch | None = None,
) -> None:
    """Play a real-time game on a virtual clock, as the table would: after every position
    each bot reacts (or not) with its own delay, the game's deadlines (turn timers, the end
    of a tie window) fall due, and whatever is due first happens at its time. A reaction
    under way stays while its action is legal (a reveal does not take back a hand on its
    way; see :meth:`core.table.Table._schedule_timed`)."""
    now, actions, steps = 0, 0, 0
    reactions: dict[int, tuple[int, tuple[Any, ...]]] = {}
    while match.outcome() is None and actions < MAX_ACTIONS and steps < 10 * MAX_ACTIONS:
        steps += 1  # refused reactions count too: a bot insisting on one cannot stall the run
        due: list[tuple[int, int, int, tuple[Any, ...]]] = []  # (time, order, seat, action)
        for deadline in deadlines(match.game, match.state):
            since = now if deadline.since_ns is None else deadline.since_ns
            due.append((since + int(deadline.delay_s * 1e9), 0, deadline.seat, deadline.action))
        acting = match.to_act()
        for seat, bot in enumerate(players):
            if seat not in acting:
                reactions.pop(seat, None)
                continue
            legal = match.legal(seat)
            if seat in reactions and reactions[seat][1] in legal:
                continue
            start = time.perf_counter()
            reaction = bot.react(match.view(seat), legal, rngs[seat])
            result.decision_times[bot.name].append(time.perf_counter() - start)
            if reaction is None:
                reactions.pop(seat, None)
            else:
                reactions[seat] = (now + int(reaction[0] * 1e9), reaction[1])
        due += [(at, 1, seat, action) for seat, (at, action) in reactions.items()]
        if not due:
            break
        at, _, seat, action = min(due)
        now = max(now, at)
        reactions.pop(seat, None)
        try:
            events = match.act(seat, action, at_ns=now)
        except IllegalAction:
            continue  # a reaction the position overtook (a void claim): nothing happened
        if watch is not None:
            watch(seat, action, events)
        actions += 1
    result.lengths.append(actions)
    _score(match, result)


def _score(match: Match, result: SimResult) -> None:
    outcome = match.outcome()
    if outcome is None:
        result.unfinished += 1
        return
    winners = outcome.winners()
    for seat in winners:
        result.wins[seat] += 1 / len(winners)


def _decide(
    match: Match, bot: Bot, seat: int, rng: random.Random, result: SimResult
) -> tuple[Any, ...]:
    """Ask ``bot`` for ``seat``'s action, timing the decision."""
    legal = match.legal(seat)
    deals = determinizations(match.game, match.state, seat, random.Random(rng.getrandbits(63)))
    start = time.perf_counter()
    action = bot.choose(match.game, match.view(seat), deals, legal, rng)
    result.decision_times.setdefault(bot.name, []).append(time.perf_counter() - start)
    return action
