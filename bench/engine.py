"""Engine benchmark: playout speed, apply vs deepcopy, bot thinking time and bot strength.

Run ``python bench/engine.py`` (several minutes: the strength duels dominate) or ``--quick``
(under a minute, duels of a handful of games). For every registered game and a few seat
counts it prints random playouts per second, actions per second, and, measured on the same
states in the same run, the time to apply one action next to the time to ``copy.deepcopy``
that state: a floor for what applying costs, as frozen states are never copied. Then the
mean and 95th percentile decision time of every bot level at every seat count, on
positions taken from random games, with the table's deadline (``core.bots.THINKING_SECONDS``)
on, beside the target of one second (``--seats`` keeps to some counts). Last, the strength
duels of ``hunters sim`` (reproducible: no deadline, every playout), the stronger bot taking
each seat in turn, beside their targets: at two players hard beats normal in 60 % of games
and normal beats easy in 75 %; at the largest table one hard bot among normal ones wins more
than its fair share. Each rate comes with its 95 % interval (about ±7 points at 200 games):
use ``--games 100`` or more for a figure that means something. Figures only; nothing is
asserted.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# Run from a checkout without installing: the repository root holds the packages.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.bots import THINKING_SECONDS, bot_levels, determinizations, make_bot
from core.engine import Action, Game, State
from core.games import GAMES
from core.sim import simulate


def _random_game(game: Game, seats: int, rng: random.Random) -> list[tuple[State, int, Action]]:
    """The positions of one random game as (state, seat to act, action taken)."""
    state = game.setup(seats, rng, {})
    steps: list[tuple[State, int, Action]] = []
    while game.outcome(state) is None:
        acting = game.to_act(state)
        if not acting:
            break
        seat = min(acting)
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        steps.append((state, seat, action))
        state = game.apply(state, seat, action, None)[0]
    return steps


def playouts(game: Game, seats: int, seconds: float, seed: int) -> dict[str, float]:
    """Random playouts for about ``seconds``: games and actions per second."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.setup(seats, rng, {})
        while game.outcome(state) is None:
            acting = game.to_act(state)
            if not acting:
                break
            seat = min(acting)
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, legal[rng.randrange(len(legal))], None)[0]
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games/s": games / elapsed,
        "actions/s": actions / elapsed,
        "actions/game": actions / games,
    }


def apply_vs_copy(game: Game, seats: int, games: int, seed: int) -> dict[str, float]:
    """Mean microseconds per action for legal_actions, apply and deepcopy of the same states."""
    rng = random.Random(seed)
    legal_ns = apply_ns = copy_ns = 0
    count = 0
    for _ in range(games):
        for state, seat, action in _random_game(game, seats, rng):
            t0 = time.perf_counter_ns()
            game.legal_actions(state, seat)
            t1 = time.perf_counter_ns()
            game.apply(state, seat, action, None)
            t2 = time.perf_counter_ns()
            copy.deepcopy(state)
            t3 = time.perf_counter_ns()
            legal_ns += t1 - t0
            apply_ns += t2 - t1
            copy_ns += t3 - t2
            count += 1
    return {
        "legal us": legal_ns / count / 1000,
        "apply us": apply_ns / count / 1000,
        "deepcopy us": copy_ns / count / 1000,
    }


def decisions(
    game: Game, seats: int, level: str, positions: int, budget: float, seed: int
) -> dict[str, Any]:
    """Milliseconds per decision of ``level`` on positions from random games: up to
    ``positions`` of them, fewer (at least 3) when they take more than ``budget`` seconds."""
    rng = random.Random(seed)
    bot = make_bot(game.slug, level)
    times: list[float] = []
    while len(times) < positions and (len(times) < 3 or sum(times) < budget):
        steps = _random_game(game, seats, rng)
        # A few positions spread over each game: openings, middles and near-ends.
        for state, seat, _ in steps[:: max(1, len(steps) // 4)]:
            legal = list(game.legal_actions(state, seat))
            deals = determinizations(game, state, seat, random.Random(rng.getrandbits(63)))
            view = game.view(state, seat)
            start = time.perf_counter()
            bot.choose(game, view, deals, legal, random.Random(rng.getrandbits(63)))
            times.append(time.perf_counter() - start)
            if len(times) >= positions:
                break
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {
        "positions": len(times),
        "mean ms": 1000 * statistics.fmean(times),
        "p95 ms": 1000 * p95,
        "max ms": 1000 * times[-1],
        "at deadline %": 100 * sum(t >= 0.9 * THINKING_SECONDS for t in times) / len(times),
        "p95 target": "met" if p95 <= TARGET_SECONDS else "MISSED",
    }


TARGET_SECONDS = 1.0
"""The 95th percentile a decision must stay under, whatever the game and table."""

DUELS = (
    # (who, against whom, seats: "min" two players, "max" the largest table, the target)
    ("hard", "normal", "two", 0.60),
    ("normal", "easy", "two", 0.75),
    ("hard", "normal", "max", None),
)
"""The strength targets; None: more than the fair share (one seat's)."""


def duel(slug: str, seats: int, strong: str, weak: str, games: int, seed: int) -> float:
    """The share of games ``strong`` wins against ``weak`` bots at ``seats`` players, playing
    ``games`` games from each seat in turn (the first player's edge evens out)."""
    won = 0.0
    for seat in range(seats):
        bots = [weak] * seats
        bots[seat] = strong
        won += simulate(slug, seats, bots, games, seed + seat).wins[seat]
    return won / (games * seats)


def interval(rate: float, games: int) -> float:
    """Half the width of the 95 % interval of a win rate over ``games`` games (the normal
    approximation): a figure within it of its target has not shown it met or missed."""
    return 1.96 * (rate * (1 - rate) / games) ** 0.5 if games else 0.0


def strength(slug: str, game: Game, games: int, seed: int) -> list[dict[str, Any]]:
    """The duels of :data:`DUELS` for one game, each beside its target."""
    rows: list[dict[str, Any]] = []
    for strong, weak, table, target in DUELS:
        seats = 2 if table == "two" else game.players.stop - 1
        if seats not in game.players:
            continue
        wanted = target if target is not None else 1 / seats
        start = time.perf_counter()
        rate = duel(slug, seats, strong, weak, games, seed)
        played = games * seats
        rows.append(
            {
                "seats": seats,
                "duel": f"{strong} vs {weak}",
                "games": played,
                "win %": 100 * rate,
                "95% ±": 100 * interval(rate, played),
                "target %": f"{'' if target is not None else '> '}{100 * wanted:.0f}",
                "met": "yes" if (rate >= wanted if target is not None else rate > wanted) else "NO",
                "seconds": time.perf_counter() - start,
            }
        )
    return rows


def _table(title: str, rows: list[dict[str, Any]]) -> None:
    print(title)
    columns = list(rows[0])
    widths = [max(len(c), *(len(_cell(r[c])) for r in rows)) for c in columns]
    print("  ".join(c.rjust(w) for c, w in zip(columns, widths, strict=True)))
    for row in rows:
        print("  ".join(_cell(row[c]).rjust(w) for c, w in zip(columns, widths, strict=True)))
    print()


def _cell(value: Any) -> str:
    return f"{value:,.2f}" if isinstance(value, float) else str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run, rough figures")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games per seat in each strength duel (default 12, quick 3; 0 skips the duels)",
    )
    parser.add_argument(
        "--game", action="append", default=None, help="only this game's slug (repeatable)"
    )
    parser.add_argument(
        "--seats",
        action="append",
        type=int,
        default=None,
        help="only this seat count in the speed and decision tables (repeatable; 0: duels only)",
    )
    args = parser.parse_args(argv)
    quick: bool = args.quick
    duel_games: int = args.games if args.games is not None else (3 if quick else 12)
    slugs: list[str] = args.game or list(GAMES)
    seconds = 0.5 if quick else 4.0
    copy_games = 10 if quick else 100
    positions = 40 if quick else 300
    budget = 0.5 if quick else 8.0

    print(f"Python {sys.version.split()[0]}, {'quick' if quick else 'full'} run\n")
    for slug in slugs:
        game = GAMES[slug]
        counts = sorted({game.players.start, 2, game.players.stop - 1} & set(game.players))
        # Decisions at every seat count: the target holds for every table.
        every = list(game.players)
        if args.seats:
            counts = [n for n in counts if n in args.seats]
            every = [n for n in every if n in args.seats]
        speed_rows: list[dict[str, Any]] = []
        for seats in counts:
            speed = playouts(game, seats, seconds, seed=1)
            cost = apply_vs_copy(game, seats, copy_games, seed=2)
            speed_rows.append(
                {
                    "seats": seats,
                    **speed,
                    **cost,
                    "apply/copy": cost["apply us"] / cost["deepcopy us"],
                }
            )
        if speed_rows:
            _table(f"{game.title} — random playouts, and per action: apply vs deepcopy", speed_rows)

        bot_rows: list[dict[str, Any]] = []
        for seats in every:
            for level in bot_levels(slug):
                figures = decisions(game, seats, level, positions, budget, seed=3)
                bot_rows.append({"seats": seats, "bot": level, **figures})
        if bot_rows:
            _table(
                f"{game.title} — decision time per bot level "
                f"(deadline {THINKING_SECONDS} s, target p95 {TARGET_SECONDS} s)",
                bot_rows,
            )
        if duel_games:
            rows = strength(slug, game, duel_games, seed=1000)
            _table(f"{game.title} — strength in hunters sim (no deadline)", rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
