"""Comic Hunters' cards, schedule, board layouts and scoring tables, as data.

Every item is marked with its source: "rulebook" (printed in rules/comic-hunters.txt) or
"designed" (GAME_DATA.md, or decided here where both are silent; the in-app rules notes
repeat each designed decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

HEROES: Final = (
    "spider-man",
    "captain-america",
    "black-widow",
    "black-panther",
    "doctor-strange",
    "iron-man",
    "thor",
    "hulk",
)
"""The eight heroes (designed, GAME_DATA.md)."""

HERO_NAMES: Final[dict[str, str]] = {
    "spider-man": "Spider-Man",
    "captain-america": "Captain America",
    "black-widow": "Black Widow",
    "black-panther": "Black Panther",
    "doctor-strange": "Doctor Strange",
    "iron-man": "Iron Man",
    "thor": "Thor",
    "hulk": "Hulk",
}

HERO_SHORT: Final[dict[str, str]] = {
    "spider-man": "SPD",
    "captain-america": "CAP",
    "black-widow": "BWI",
    "black-panther": "BPA",
    "doctor-strange": "DRS",
    "iron-man": "IRN",
    "thor": "THR",
    "hulk": "HLK",
}
"""Three-letter hero tags for narrow screens (designed)."""

HIGHLIGHTS: Final = ("number-one", "first-appearance", "new-look", "special-edition", "epic-battle")
"""The five Highlight (Spotlight) icons (rulebook)."""

HIGHLIGHT_NAMES: Final[dict[str, str]] = {
    "number-one": "Number One",
    "first-appearance": "First Appearance",
    "new-look": "New Look",
    "special-edition": "Special Edition",
    "epic-battle": "Epic Battle",
}

BEGINNER_TRACKS: Final = ("number-one", "first-appearance")
"""Beginner Highlight markers on tracks 1 and 2; track 3 draws one of the other three."""

AGES: Final[dict[int, str]] = {1: "Contemporary", 2: "Modern", 3: "Classic"}
"""Market value -> age (rulebook)."""

_YEARS: Final[dict[int, tuple[int, int]]] = {1: (2000, 24), 2: (1980, 20), 3: (1960, 20)}
"""First year and span of each age (rulebook: since 2000; 80s-90s; 60s-70s)."""

_SERIES: Final[dict[str, tuple[str, str, str]]] = {
    # Invented series titles, one per hero and age (designed: no real issue titles).
    "spider-man": ("Spider-Man: Rooftop Nights", "Web of the Night", "The Amazing Wall-Crawler"),
    "captain-america": ("Captain America: Shield Line", "Star-Spangled Saga", "Sentinel of 1941"),
    "black-widow": ("Black Widow: Red Ledger", "Widow's Sting", "The Red Room Files"),
    "black-panther": ("Black Panther: Vibranium Crown", "Wakanda Rising", "Panther's Rage Tales"),
    "doctor-strange": ("Doctor Strange: Sanctum", "Mystic Arts Monthly", "Strange Dimensions"),
    "iron-man": ("Iron Man: Arc Reactor", "Armored Avenger", "Tales of the Iron Knight"),
    "thor": ("Thor: Storm Herald", "Mighty Thunder", "Journey to Asgard"),
    "hulk": ("Hulk: Gamma Run", "The Rampaging Giant", "Smash Chronicles"),
}

DUAL_PAIRS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    # Five two-hero cards per age; over the three ages every hero shares cards with at least
    # three different partners (designed, GAME_DATA.md). Indices into HEROES.
    1: ((0, 1), (2, 3), (4, 5), (6, 7), (0, 4)),
    2: ((1, 2), (3, 4), (5, 6), (7, 0), (1, 5)),
    3: ((2, 6), (3, 7), (0, 2), (4, 6), (1, 3)),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One Comic Book card: what its face and back show."""

    id: str
    value: int
    """Market value (1, 2 or 3), printed on the back: the card's age."""
    heroes: tuple[str, ...]
    highlights: tuple[str, ...]
    title: str
    number: int
    year: int

    @property
    def age(self) -> str:
        return AGES[self.value]


def _build() -> tuple[Card, ...]:
    """The 135 cards: per age 5 single-hero cards per hero and 5 two-hero cards; 30
    Highlight icons per age, 6 of each kind: 20 cards with one icon, 5 with two, 20 with
    none (designed, GAME_DATA.md). Icons are spread over the heroes by a fixed rotation."""
    cards: list[Card] = []
    for value in (1, 2, 3):
        first_year, span = _YEARS[value]
        heroes: list[tuple[str, ...]] = [(h,) for h in HEROES for _ in range(5)]
        heroes += [(HEROES[a], HEROES[b]) for a, b in DUAL_PAIRS[value]]
        for index, pair in enumerate(heroes):
            slot = (7 * index + 11 * value) % 45
            if slot < 20:
                icons: tuple[str, ...] = (HIGHLIGHTS[slot % 5],)
            elif slot < 25:
                icons = (HIGHLIGHTS[slot % 5], HIGHLIGHTS[(slot + 2) % 5])
            else:
                icons = ()
            number = 1 + (index * 13 + value * 5) % 97
            year = first_year + (index * 7 + value) % span
            if len(pair) == 1:
                title = f"{_SERIES[pair[0]][value - 1]} issue {number}"
            else:
                title = f"Team-Up: {HERO_NAMES[pair[0]]} & {HERO_NAMES[pair[1]]} issue {number}"
            cards.append(Card(f"c{value}{index + 1:02d}", value, pair, icons, title, number, year))
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _build()
CARD: Final[dict[str, Card]] = {card.id: card for card in CARDS}


def value_of(card: str) -> int:
    """The market value of a card id."""
    return CARD[card].value


# -- per player count (rulebook unless marked) -------------------------------------------------

REMOVED_HEROES: Final = 2
"""Heroes removed with 1–3 players (rulebook); chosen at random (designed)."""

TRENDING_ROWS: Final[dict[bool, tuple[int, int, int]]] = {
    True: (1, 3, 4),  # four players: all eight heroes
    False: (1, 2, 3),  # 1-3 players: six heroes
}

CONVENTION_DECK: Final[dict[bool, dict[int, int]]] = {
    True: {1: 10, 2: 10, 3: 10},  # 3 or 4 players
    False: {1: 6, 2: 10, 3: 10},  # 1 or 2 players
}

SECRET_STASH: Final = 15
"""Every Secret Stash (Jarvis' too) starts at 15 (rulebook)."""

STORE_PACK: Final[dict[int, int]] = {1: 3, 2: 7, 3: 4, 4: 4}
"""Cards drawn for each Store pack (rulebook; solo draws three, twice)."""

SOLO_STORE_PACKS: Final = 2
SOLO_STORE_KEEP: Final = 2

FLEA_ROWS: Final[dict[int, tuple[int, ...]]] = {
    1: (2, 3, 4),  # solo: row i follows Trending Track row i
    2: (4, 3, 2),
    3: (4, 4, 4),
    4: (4, 4, 4, 4),
}
"""Flea Market rows and their most cards (rulebook)."""

AUCTION_LOTS: Final[dict[int, tuple[int, ...]]] = {
    1: (4, 3),
    2: (4, 3),
    3: (5, 4, 3),
    4: (5, 4, 4, 3),
}
"""Auction Website lots (rulebook)."""

SOLO_LOT_PRICES: Final = (5, 1)
"""Solo: the 4-card lot costs 5, the 3-card lot 1 (rulebook)."""

GRID: Final = 5
"""The Convention grid is 5 by 5 (rulebook)."""

_EDGE: Final = tuple(i for i in range(25) if i // 5 in (0, 4) or i % 5 in (0, 4))
CONVENTION_CELLS: Final[dict[int, tuple[int, ...]]] = {
    1: (*_EDGE[:12], 12, *_EDGE[12:]),  # 16 edge cells and the centre: 17 cards
    2: tuple(i for i in range(25) if i not in (0, 4, 12, 20, 24)),  # 20 cards
    3: tuple(i for i in range(25) if i != 12),  # 24 cards
    4: tuple(i for i in range(25) if i != 12),
}
"""Where the Convention cards are laid, cells numbered row by row from 0 (designed,
GAME_DATA.md, after the rulebook's pictures)."""

HAND_LIMIT: Final = 2
"""Cards that may be kept from one round to the next (rulebook)."""

SCHEDULE: Final[tuple[tuple[str, ...], ...]] = (
    ("store", "flea", "convention"),
    ("store", "auction", "convention"),
    ("flea", "auction", "convention"),
)
"""The locations of each round (designed, GAME_DATA.md). The Store passes left in round 1
and right in round 2."""

LOCATION_NAMES: Final[dict[str, str]] = {
    "store": "Store",
    "flea": "Flea Market",
    "auction": "Auction Website",
    "convention": "Convention",
    "assemble": "Assemble Collection",
}

# -- scoring tables ------------------------------------------------------------------------

SIZE_POINTS: Final[dict[int, tuple[int, ...]]] = {
    # points for 3, 4, 5, 6, 7, 8+ cards by the hero's Trending Track row (designed,
    # GAME_DATA.md; agrees with the rulebook example 6, 5, 10, 16)
    1: (8, 11, 14, 17, 20, 24),
    2: (6, 8, 10, 12, 14, 16),
    3: (5, 6, 8, 9, 11, 12),
}

VARIETY_POINTS: Final = (0, 1, 3, 6, 10, 15, 21, 28, 36)
"""Points for 0..8 collections of three or more cards (designed; rulebook: 4 -> 10)."""

HIGHLIGHT_PLACES: Final[dict[int, tuple[int, ...]]] = {
    1: (15, 8),
    2: (15, 8),
    3: (15, 12, 3),
    4: (15, 12, 8, 3),
}
"""Highlight track points by place (rulebook)."""

TRACK_END: Final = 30
"""Highlight tracks run from 0 to 30 (designed, GAME_DATA.md): markers stop at the end."""

SCORING_MIN: Final = 3
"""Only collections of three or more cards score size and variety (rulebook)."""


def card_text(card: str) -> str:
    """A card as the log and screen readers say it: title, heroes, value, icons."""
    info = CARD[card]
    heroes = " & ".join(HERO_NAMES[h] for h in info.heroes)
    text = f"{info.title} ({info.year}; {heroes}; value {info.value}"
    if info.highlights:
        text += "; " + ", ".join(HIGHLIGHT_NAMES[h] for h in info.highlights)
    return text + ")"
