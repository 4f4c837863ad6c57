"""Whoosh bots against a typical player: reaction times by Monster size, and contested captures.

Run ``python bench/whoosh_bots.py`` (about two minutes) or ``--quick`` (ten seconds). It
prints each level's reaction time (mean and sd, sampled) for Monsters of 2 to 6 symbols,
then plays two-player games on ``hunters sim``'s virtual clock between the typical player
model (``TYPICAL``: 0.9 +- 0.25 s for a 3-symbol Monster, offered at no table) and each
level, the typical player taking the first seat in half the games. A capture is contested
when both hands went down on that Monster (see ``Contests``); the figure is the share of
those the typical player took, with a 95 % interval. The typical player against itself is
the baseline of the same run: 50 % but for noise. The levels aim at 70 % (easy), 50 %
(normal) and 30 % (hard). Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

# Run from a checkout without installing: the repository root holds the packages.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games.whoosh.bots import (
    EASY,
    HARD,
    NORMAL,
    TYPICAL,
    Contests,
    Level,
    WhooshBot,
    reaction_time,
)
from core.sim import simulate

LEVELS = (TYPICAL, EASY, NORMAL, HARD)
SIZES = range(2, 7)


def reactions(level: Level, symbols: int, samples: int, seed: int) -> tuple[float, float]:
    """Mean and sd of ``samples`` reaction times to a Monster of ``symbols`` symbols."""
    rng = random.Random(seed)
    times = [reaction_time(level, symbols, rng) for _ in range(samples)]
    return statistics.fmean(times), statistics.stdev(times)


def contested(level: Level, games: int, seed: int) -> tuple[int, int, float]:
    """(captures the typical player took, contested captures, its game win share) over
    ``games`` two-player games against ``level``, each side first in half of them."""
    taken = together = 0
    wins = 0.0
    for first in (0, 1):
        contests = Contests()
        bots = [WhooshBot(TYPICAL), WhooshBot(level)]
        seats = bots if first == 0 else bots[::-1]
        result = simulate("whoosh", 2, seats, games // 2, seed + first, watch=contests)
        mine, both = contests.share(first, 1 - first)
        taken, together, wins = taken + mine, together + both, wins + result.wins[first]
    return taken, together, wins / (2 * (games // 2))


def interval(taken: int, total: int) -> float:
    """Half the width of a 95 % interval for the share ``taken / total`` (normal approx)."""
    share = taken / total
    return 1.96 * math.sqrt(share * (1 - share) / total)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds, rough figures")
    parser.add_argument("--games", type=int, help="games per level (default 600, quick 60)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = args.games or (60 if args.quick else 600)
    samples = 2000 if args.quick else 20000

    print("Reaction to a capturable Monster, mean +- sd in seconds, by its symbols:")
    print(f"{'level':<9}" + "".join(f"{n:>14}" for n in SIZES))
    for level in LEVELS:
        cells = [reactions(level, n, samples, args.seed) for n in SIZES]
        print(f"{level.name:<9}" + "".join(f"{m:>8.2f} +-{sd:4.2f}" for m, sd in cells))

    print(f"\nThe typical player against each level, {games} two-player games each:")
    print(f"{'against':<9}{'contested captures it took':>32}{'contested':>11}{'games won':>11}")
    for index, level in enumerate(LEVELS):
        # Games of their own for each level: normal plays like the typical player, so with
        # the same deals and dice it would repeat the baseline's figures exactly.
        taken, total, won = contested(level, games, args.seed + 2 * index)
        share = f"{taken / total:6.1%} +- {interval(taken, total):4.1%}" if total else "-"
        print(f"{level.name:<9}{share:>32}{total:>11}{won:>11.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
