"""Superbohaterowie's cards, cities and cover relation, as data.

Every item is marked with its source: "rulebook" (printed in rules/superbohaterowie.txt) or
"designed" (GAME_DATA.md, or decided here where both are silent; the in-app rules notes
repeat each designed decision).
"""

from __future__ import annotations

from typing import Final

ELEMENTS: Final = ("leaf", "water", "wind", "fire", "chainsaw")
"""The five superhero types (rulebook)."""

CITIES: Final = ("Berlin", "London", "New York", "Tokyo", "Warsaw")
"""The five city boards, one per player (rulebook)."""

CITY_SPACES: Final = 5
"""Each city board holds at most five cards (rulebook)."""

HAND_SIZE: Final = 2
"""Cards in hand after every turn (rulebook)."""

# (kind, copies): the whole 98-card deck (rulebook, "Components").
DECK: Final[tuple[tuple[str, int], ...]] = (
    *((element, 12) for element in ELEMENTS),
    ("joker", 12),
    ("small-explosion", 5),
    ("large-explosion", 5),
    ("one-eagle", 5),
    ("two-eagles", 5),
    ("spider", 6),
)

COVERS: Final[dict[str, frozenset[str]]] = {
    # Which superhero may be placed on which: each covers two and is covered by two.
    # The water row is printed in the rulebook; the rest is designed (GAME_DATA.md).
    "water": frozenset({"fire", "chainsaw"}),
    "fire": frozenset({"chainsaw", "leaf"}),
    "chainsaw": frozenset({"leaf", "wind"}),
    "leaf": frozenset({"wind", "water"}),
    "wind": frozenset({"water", "fire"}),
    # The Joker goes on every superhero and on giant spiders (rulebook). On another Joker
    # too: it is a superhero card, and the rulebook excludes nothing (designed).
    "joker": frozenset({*ELEMENTS, "joker", "spider"}),
    # Giant spiders go on the five element superheroes, never on Jokers (rulebook) nor on
    # other spiders (designed, GAME_DATA.md).
    "spider": frozenset(ELEMENTS),
}

PLACED: Final = frozenset({*ELEMENTS, "joker", "spider"})
"""Cards placed into a city; all others are actions and go to the discard pile."""

POINTS: Final[dict[str, int]] = {
    # Points variant (rulebook): first superhero of a type 10, each further one 5,
    # Joker 20, giant spider -20; a negative game counts 0.
    "first": 10,
    "more": 5,
    "joker": 20,
    "spider": -20,
}

NAMES: Final[dict[str, str]] = {
    "leaf": "leaf superhero",
    "water": "water superhero",
    "wind": "wind superhero",
    "fire": "fire superhero",
    "chainsaw": "chainsaw superhero",
    "joker": "Joker",
    "small-explosion": "small explosion",
    "large-explosion": "large explosion",
    "one-eagle": "one-eagle card",
    "two-eagles": "two-eagle card",
    "spider": "giant spider",
}


def card_ids() -> tuple[str, ...]:
    """Every card's unique id, e.g. ``fire-07`` or ``spider-3``, in deck order."""
    return tuple(
        f"{kind}-{number:02d}" if copies > 9 else f"{kind}-{number}"
        for kind, copies in DECK
        for number in range(1, copies + 1)
    )


def kind_of(card: str) -> str:
    """The kind of a card id: ``"fire-07"`` -> ``"fire"``."""
    return card.rpartition("-")[0]


def a_card(kind: str) -> str:
    """A card kind with its article, as the log and screens say it: "a one-eagle card"."""
    name = NAMES[kind]
    vowel = name[0] in "aeiou" and not name.startswith("one")
    return ("an " if vowel else "a ") + name
