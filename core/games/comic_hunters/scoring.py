"""Comic Hunters scoring: pure functions for size, variety and the Highlight tracks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.games.comic_hunters.data import (
    HIGHLIGHT_PLACES,
    SCORING_MIN,
    SIZE_POINTS,
    VARIETY_POINTS,
)


def size_points(cards: int, row: int | None) -> int:
    """Points for one collection of ``cards`` cards of a hero on Trending Track ``row``
    (1 top, 3 bottom; None: a hero with no marker, which scores no size points)."""
    if row is None or cards < SCORING_MIN:
        return 0
    table = SIZE_POINTS[row]
    return table[min(cards, SCORING_MIN + len(table) - 1) - SCORING_MIN]


def variety_points(collections: Iterable[int]) -> int:
    """Points for variety, given the sizes of a player's collections (3+ cards count)."""
    count = sum(1 for size in collections if size >= SCORING_MIN)
    return VARIETY_POINTS[min(count, len(VARIETY_POINTS) - 1)]


def highlight_points(positions: Sequence[int], players: int) -> list[int]:
    """Each player's points on one Highlight track, from each player's position on it.

    ``players`` picks the printed table (1–2: 15, 8; 3: 15, 12, 3; 4: 15, 12, 8, 3).
    Only a player who advanced at least one space is ranked. Tied players add up the
    points of the places they share and divide by their number, rounding down (rulebook);
    places past the end of the table are worth nothing.
    """
    table = HIGHLIGHT_PLACES[players]
    points = [0] * len(positions)
    ranked = sorted({p for p in positions if p > 0}, reverse=True)
    place = 0
    for position in ranked:
        tied = [i for i, p in enumerate(positions) if p == position]
        shared = sum(table[k] for k in range(place, place + len(tied)) if k < len(table))
        for i in tied:
            points[i] = shared // len(tied)
        place += len(tied)
    return points
