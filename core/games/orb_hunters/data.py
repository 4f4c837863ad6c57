"""Orb Hunters' cards as data: relics, adventurers, skills, and the numbers of the table.

Every item is marked with its source: "rulebook" (printed in rules/orb-hunters.txt) or
"designed" (GAME_DATA.md, or decided here where both are silent; the in-app rules notes
repeat each designed decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

ROUNDS: Final = 3
"""The game lasts three rounds (rulebook)."""

LIMIT: Final = 4
"""The Adventurers Limit: at most four adventurers under a relic (rulebook)."""

HAND_SIZE: Final = 3
"""A player draws up to three cards at the start of each turn (rulebook)."""

FIRST_HAND: Final = 2
"""The hand dealt at setup (rulebook)."""

COLOURS: Final = ("red", "blue", "green", "yellow", "purple")
"""The five adventurers, one colour each; the rulebook does not name them (designed)."""

ADVENTURER_NAMES: Final[dict[str, str]] = {
    # Each colour's adventurer, named after its colour so the word and colour agree (designed).
    "red": "Red",
    "blue": "Blue",
    "green": "Green",
    "yellow": "Yellow",
    "purple": "Purple",
}

SKILLS: Final[dict[int, str]] = {
    # Courage -> skill of every coloured adventurer (designed, GAME_DATA.md).
    1: "killer",
    2: "charismatic",
    3: "sly",
    4: "shielded",
    5: "",
    6: "",
}

TRENTI_COURAGE: Final = (1, 2, 2, 3, 3, 4)
"""The six Trentis' courage (designed, GAME_DATA.md)."""

SKILL_WORDS: Final[dict[str, str]] = {
    "killer": "Killer",
    "charismatic": "Charismatic",
    "sly": "Sly",
    "shielded": "Shielded",
    "trenti": "Trenti",
    "": "no skill",
}


@dataclass(frozen=True, slots=True)
class Relic:
    """One relic kind: its points and its effect ("" for none)."""

    name: str
    wealth: int
    wounds: int
    potions: int
    effect: str = ""
    """"gift", "destruction", "exchange", "theft-left" or "theft-right"."""
    copies: int = 1


RELICS: Final[dict[str, Relic]] = {
    # The 22 relic cards (designed, GAME_DATA.md) and the initial relic (rulebook: W1).
    "orb": Relic("Orb", 4, 2, 0, copies=2),
    "cursed-treasure": Relic("Cursed Treasure", 3, 3, 0, copies=3),
    "gem-pouch": Relic("Gem Pouch", 2, 1, 0, copies=3),
    "trinket": Relic("Trinket", 1, 0, 0, copies=2),
    "healing-potion": Relic("Healing Potion", 0, 0, 1, copies=3),
    "elixir": Relic("Elixir", 1, 0, 1),
    "cursed-idol": Relic("Cursed Idol", 0, 3, 0, "gift", copies=2),
    "hammer-of-ruin": Relic("Hammer of Ruin", 1, 1, 0, "destruction", copies=2),
    "tricksters-mirror": Relic("Trickster's Mirror", 0, 2, 0, "exchange", copies=2),
    # The Thief's Gloves: one steals from the left, one from the right (designed).
    "thiefs-glove-left": Relic("Thief's Glove ←", 1, 1, 0, "theft-left"),
    "thiefs-glove-right": Relic("Thief's Glove →", 1, 1, 0, "theft-right"),
    "initial-relic": Relic("Initial Relic", 1, 0, 0, copies=5),
}

EFFECT_WORDS: Final[dict[str, str]] = {
    "gift": "Gift: give it to a rival",
    "destruction": "Destruction: the relic beneath it leaves the game",
    "exchange": "Exchange: swap it for a rival's visible relic",
    "theft-left": "Theft ←: take the visible relic of the player on your left",
    "theft-right": "Theft →: take the visible relic of the player on your right",
}


def _numbered(kind: str, copies: int) -> tuple[str, ...]:
    return (kind,) if copies == 1 else tuple(f"{kind}-{n}" for n in range(1, copies + 1))


def relic_ids() -> tuple[str, ...]:
    """The 22 relic cards of the relic deck (initial relics apart), e.g. ``orb-1``."""
    return tuple(
        card
        for kind, relic in RELICS.items()
        if kind != "initial-relic"
        for card in _numbered(kind, relic.copies)
    )


def initial_relic_ids() -> tuple[str, ...]:
    """The five initial relic cards."""
    return _numbered("initial-relic", RELICS["initial-relic"].copies)


def adventurer_ids() -> tuple[str, ...]:
    """The 36 adventurer cards: ``red-1`` … ``purple-6`` (id number = courage), ``trenti-1`` …"""
    coloured = tuple(f"{colour}-{courage}" for colour in COLOURS for courage in SKILLS)
    return coloured + tuple(f"trenti-{n}" for n in range(1, len(TRENTI_COURAGE) + 1))


def initial_adventurer_ids() -> tuple[str, ...]:
    """The five initial adventurer cards, one per colour: ``initial-red`` …"""
    return tuple(f"initial-{colour}" for colour in COLOURS)


def relic_kind(card: str) -> str:
    """The kind of a relic id: ``"orb-2"`` -> ``"orb"``, ``"elixir"`` -> ``"elixir"``."""
    if card in RELICS:
        return card
    return card.rpartition("-")[0]


def relic(card: str) -> Relic:
    """The relic kind a relic card is."""
    return RELICS[relic_kind(card)]


def is_trenti(card: str) -> bool:
    """True for the six Trentis."""
    return card.startswith("trenti-")


def colour_of(card: str) -> str:
    """The colour of a coloured adventurer (``"red-3"`` -> ``"red"``); "" for a Trenti."""
    return "" if is_trenti(card) else card.rpartition("-")[0]


def courage(card: str) -> int:
    """An adventurer card's courage points."""
    number = int(card.rpartition("-")[2])
    return TRENTI_COURAGE[number - 1] if is_trenti(card) else number


def skill(card: str) -> str:
    """An adventurer card's skill: "killer", "charismatic", "sly", "shielded", "trenti" or ""."""
    return "trenti" if is_trenti(card) else SKILLS[courage(card)]


def adventurer_name(card: str, mark: str = "") -> str:
    """An adventurer card as words, as the board names it: "Red 1 Killer", "Purple 5",
    "Trenti 2" (in a hand, or before its marker is chosen), "Green 2 Trenti" (a Trenti
    whose ``mark`` is Green's marker). The log said "Yellow 3 (Sly)" where the board said
    "Yellow 3 Sly": one card, two names (#15)."""
    if is_trenti(card):
        if mark:
            return f"{ADVENTURER_NAMES[mark]} {courage(card)} {SKILL_WORDS['trenti']}"
        return f"Trenti {courage(card)}"
    tail = f" {SKILL_WORDS[skill(card)]}" if skill(card) else ""
    return f"{ADVENTURER_NAMES[colour_of(card)]} {courage(card)}{tail}"


def relic_name(card: str) -> str:
    """A relic card's name: "Orb", "Thief's Glove ←"."""
    return relic(card).name


def relic_points(card: str) -> str:
    """A relic's points in short words: "W4 X2", "P1", "—" (W wealth, X wounds, P potions)."""
    kind = relic(card)
    parts = [
        f"{letter}{value}"
        for letter, value in (("W", kind.wealth), ("X", kind.wounds), ("P", kind.potions))
        if value
    ]
    return " ".join(parts) or "—"


def relics_per_round(players: int) -> int:
    """Relics revealed each round: players + 1 (rulebook)."""
    return players + 1


def supply_size(players: int) -> int:
    """Strategic variant: adventurers revealed in the supply, players - 1, three for two."""
    return 3 if players == 2 else players - 1
