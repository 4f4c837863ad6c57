"""Superbohaterowie scoring: the win condition and the Points variant's city points."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from core.games.superbohaterowie.data import CITY_SPACES, ELEMENTS, POINTS


def raw_city_points(kinds: Iterable[str]) -> int:
    """A city's points before the zero floor: 10 for the first superhero of each element,
    5 for each further one, 20 per Joker, -20 per giant spider (rulebook, Points variant)."""
    counts = Counter(kinds)
    points = 0
    for element in ELEMENTS:
        if counts[element]:
            points += POINTS["first"] + POINTS["more"] * (counts[element] - 1)
    return points + POINTS["joker"] * counts["joker"] + POINTS["spider"] * counts["spider"]


def city_points(kinds: Iterable[str]) -> int:
    """The points recorded for one city at the end of a game: negative games count 0."""
    return max(0, raw_city_points(kinds))


def is_saved(kinds: Iterable[str | None]) -> bool:
    """True when a city holds five different superheroes, Jokers standing in for any.

    A full city with no giant spider and no element twice is saved: the Jokers replace
    the missing superheroes (rulebook, "End of the Game", examples a and b).
    """
    cards = list(kinds)
    if len(cards) != CITY_SPACES or any(kind is None or kind == "spider" for kind in cards):
        return False
    elements = [kind for kind in cards if kind != "joker"]
    return all(kind in ELEMENTS for kind in elements) and len(set(elements)) == len(elements)
