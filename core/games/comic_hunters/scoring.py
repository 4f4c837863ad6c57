"""Comic Hunters scoring: pure functions for size, variety, the Highlight tracks and the
score pad they fill."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.games.comic_hunters.data import (
    HIGHLIGHT_PLACES,
    SCORING_MIN,
    SIZE_POINTS,
    VARIETY_POINTS,
)
from core.games.comic_hunters.state import Collection, State, trending_row


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


def breakdown(
    state: State, collections: tuple[Collection, ...], highlight: int, stash: int
) -> dict[str, int]:
    """One player's (or Jarvis') points by score-pad line."""
    size = sum(size_points(len(cards), trending_row(state, hero)) for hero, cards in collections)
    return {
        "size": size,
        "variety": variety_points(len(cards) for _, cards in collections),
        "highlights": highlight,
        "secret stash": stash,
    }


def score_sheet(state: State) -> list[dict[str, int]]:
    """The score pad: one breakdown per seat, then Jarvis' in solo games."""
    marks = list(state.marks) + ([state.jarvis_marks] if state.solo else [])
    highlight = [0] * len(marks)
    for track in range(3):
        points = highlight_points([m[track] for m in marks], state.players)
        highlight = [a + b for a, b in zip(highlight, points, strict=True)]
    sheet = [
        breakdown(state, state.collections[s], highlight[s], state.stash[s])
        for s in range(state.players)
    ]
    if state.solo:
        sheet.append(breakdown(state, state.jarvis, highlight[-1], state.jarvis_stash))
    return sheet
