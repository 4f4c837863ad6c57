"""Shardhunters' monsters, heroes and fixed numbers, as data.

Every item is marked with its source: "rulebook" (printed in rules/shardhunters.txt),
"completed" (a rulebook clarification turned into the full text, GAME_DATA.md) or
"designed" (GAME_DATA.md, or decided here where both are silent; the in-app rules notes
repeat each designed decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

COLOURS: Final = ("white", "yellow", "blue", "red")
"""Monster colours (rulebook): white undead, yellow pirates, blue rats, red lycanthropes."""

COLOUR_SYMBOLS: Final[dict[str, str]] = {
    # Colour is never the only signal: every card also shows a letter and a symbol.
    "white": "☠",
    "yellow": "⚓",
    "blue": "≈",
    "red": "☾",
}

TRIBES: Final[dict[str, str]] = {
    "white": "undead",
    "yellow": "pirates",
    "blue": "rats",
    "red": "lycanthropes",
}

MONSTERS: Final[dict[int, tuple[tuple[str, tuple[int, ...]], ...]]] = {
    # skulls -> (colour, values) (designed in GAME_DATA.md; 35 cards in all, rulebook).
    2: (
        ("white", (1, 1, 2, 2, 3, 3, 4)),
        ("yellow", (1, 2, 3)),
        ("blue", (1, 2, 3)),
        ("red", (1, 2, 3)),
    ),
    3: (("white", (1, 2, 4)), ("yellow", (2, 4)), ("blue", (2, 4)), ("red", (2, 4))),
    4: (("white", (1, 2, 3, 4)), ("yellow", (1, 3)), ("blue", (1, 3)), ("red", (1, 3))),
}

COMBAT_SIZES: Final = (1, 2, 3, 1)
"""Cards each player plays in the four Combats of a Hunt (rulebook)."""
TOBIAS_SIZES: Final = (1, 1, 4, 1)
"""Cards Tobias's player plays instead (rulebook)."""
HAND_SIZE: Final = 7
"""Monster cards dealt to each player for a Hunt (rulebook); Ignatius's player gets 8."""
RECRUIT_COST: Final = 3
"""Bloodshards paid to draw two heroes at the Tavern (rulebook; 2 in the variant)."""
OFFER_SIZE: Final = 2
"""Heroes drawn per payment (rulebook)."""
WINNING_TEAM: Final = 5
"""Heroes needed in the team that wins a Hunt to win the game (rulebook)."""
ACTIVE_HEROES: Final = 2
"""Active heroes per Hunt (rulebook; 3 in the variant)."""
DRAFT_HAND: Final = 6
"""Hero Draft: heroes dealt to each player to draft from (rulebook)."""
MAX_HUNTS: Final = 40
"""Designed bound: the game ends after this many Hunts even if nobody has won (notes.md)."""


@dataclass(frozen=True, slots=True)
class Monster:
    """One monster card: its value, colour and the skull count it belongs to."""

    value: int
    colour: str
    skulls: int


def _monsters() -> dict[str, Monster]:
    cards: dict[str, Monster] = {}
    for skulls, rows in MONSTERS.items():
        for colour, values in rows:
            for value in values:
                copy = sum(1 for c in cards.values() if c.colour == colour and c.value == value)
                cards[f"{colour}-{value}{'abcdefgh'[copy]}"] = Monster(value, colour, skulls)
    return cards


MONSTER_CARDS: Final[dict[str, Monster]] = _monsters()
"""Every monster card by id (``"white-1a"``: colour, value, copy letter)."""


def monster_deck(players: int) -> tuple[str, ...]:
    """The Monster Deck for a number of players: the cards with that many skulls or fewer."""
    skulls = max(2, min(players, 4))
    return tuple(card for card, m in MONSTER_CARDS.items() if m.skulls <= skulls)


def monster_name(card: str) -> str:
    """A card in words: "blue 3 (rats)"."""
    m = MONSTER_CARDS[card]
    return f"{m.colour} {m.value}"


@dataclass(frozen=True, slots=True)
class Hero:
    """One hero card."""

    name: str
    """The full name, as printed (designed heroes have a first name only)."""
    ability: str
    shard: bool
    """The shard symbol: the ability can grant a Bloodshard (rulebook, GAME_DATA.md)."""
    reaver: bool
    """In solo, a Reaver (the opponent's deck); else one of the Heroes of Stanbul."""
    source: str
    """"rulebook", "completed" or "designed"."""


HEROES: Final[dict[str, Hero]] = {
    # The ten Reavers (rulebook, solo mode; Selena and Luther use this text everywhere).
    "selena": Hero(
        "Selena, the Marauder",
        "In the 3rd Combat, all your WHITE cards count as YELLOW.",
        False,
        True,
        "rulebook",
    ),
    "shena": Hero(
        "Shena, the Damned",
        "The value of all your BLUE cards is reduced by 1.",
        False,
        True,
        "rulebook",
    ),
    "varden": Hero(
        "Varden, the Blood Shaman",
        "The value of all your RED cards increases by 2.",
        False,
        True,
        "rulebook",
    ),
    "benedictus": Hero(
        "Benedictus, the Necromancer",
        "If during the Hunt you looted at least 3 WHITE cards of different values, "
        "you get a Bloodshard.",
        True,
        True,
        "rulebook",
    ),
    "felix": Hero(
        "Felix, the Gambler",
        "If a Combat ends in a draw, you get a Bloodshard.",
        True,
        True,
        "rulebook",
    ),
    "luther": Hero(
        "Luther, the Plague Doctor",
        "If you lose the 3rd Combat, you get a Bloodshard (a draw is no loss).",
        True,
        True,
        "rulebook",
    ),
    "matteo": Hero(
        "Matteo, the Marksman",
        "If you win the 4th Combat, you get a Bloodshard.",
        True,
        True,
        "rulebook",
    ),
    "morgan": Hero(
        "Morgan, the Pirate Captain",
        "For every YELLOW card you looted, you get a Bloodshard.",
        True,
        True,
        "rulebook",
    ),
    "nimrod": Hero(
        "Nimrod, the Hunter",
        "If during the Hunt you looted at least one card with a value of 4, you get a Bloodshard.",
        True,
        True,
        "rulebook",
    ),
    "titus": Hero(
        "Titus, the Bold",
        "If you win the 1st Combat, you get a Bloodshard.",
        True,
        True,
        "rulebook",
    ),
    # The Heroes of Stanbul: printed in the rulebook's variant section.
    "triton": Hero(
        "Triton, the Pirate",
        "If during a Combat at least 3 cards of different colours are played, "
        "you get a Bloodshard.",
        True,
        False,
        "rulebook",
    ),
    "tobias": Hero(
        "Tobias, the Inventor",
        "You play 4 cards in the 3rd Combat and only 1 card in every other Combat.",
        False,
        False,
        "rulebook",
    ),
    "clemence": Hero(
        "Clemence, the Manhunter",
        "The value of all YELLOW cards is reduced to 1.",
        False,
        False,
        "rulebook",
    ),
    "angelo": Hero(
        "Angelo, the Monk",
        "If you looted more than 7 cards during the Hunt, you get a Bloodshard.",
        True,
        False,
        "rulebook",
    ),
    # Completed from the rulebook's clarifications (GAME_DATA.md).
    "ignatius": Hero(
        "Ignatius, the Inquisitor",
        "You are dealt 8 Monster Cards; the card left over goes back into the Monster Deck "
        "before the next Hunt.",
        False,
        False,
        "completed",
    ),
    "cassandra": Hero(
        "Cassandra, the Fortune-Teller",
        "After the deal, guess the value of the Monster Deck's top card, then look at it and "
        "put it back; if you were right, you get a Bloodshard.",
        True,
        False,
        "completed",
    ),
    "philippe": Hero(
        "Philippe, the Swindler",
        "If you loot two identical cards (same value and colour) in one Hunt, "
        "you get a Bloodshard.",
        True,
        False,
        "completed",
    ),
    "crow": Hero(
        "Crow",
        "When you lose a Combat, one of your own played cards goes to your loot instead. "
        "While Crow is active, your other active heroes' abilities do not apply.",
        False,
        False,
        "completed",
    ),
    # Designed (GAME_DATA.md).
    "ivo": Hero("Ivo", "If you win the 2nd Combat, you get a Bloodshard.", True, False, "designed"),
    "bruno": Hero(
        "Bruno", "If you lose the 1st Combat, you get a Bloodshard.", True, False, "designed"
    ),
    "lenka": Hero(
        "Lenka",
        "If you win a Combat in which a RED card was played, you get a Bloodshard (once per Hunt).",
        True,
        False,
        "designed",
    ),
    "mira": Hero("Mira", "Your BLUE cards are worth 1 more.", False, False, "designed"),
    "dragan": Hero(
        "Dragan",
        "Your WHITE cards are worth 1 more in the 1st and 4th Combats.",
        False,
        False,
        "designed",
    ),
    "petra": Hero(
        "Petra", "Your YELLOW cards count as RED in the 2nd Combat.", False, False, "designed"
    ),
    "sabine": Hero(
        "Sabine",
        "A Combat that would be a draw between you and others tied for the best total is yours.",
        False,
        False,
        "designed",
    ),
    "yusuf": Hero(
        "Yusuf",
        "Before the 1st Combat you may swap one card in your hand with the Monster Deck's "
        "top card.",
        False,
        False,
        "designed",
    ),
    "oskar": Hero(
        "Oskar",
        "Recruiting costs you one Bloodshard less (never below 1).",
        False,
        False,
        "designed",
    ),
}
"""All 27 heroes by id, in one Tavern Deck for 2–4 players."""

REAVERS: Final = tuple(h for h, hero in HEROES.items() if hero.reaver)
"""Solo: the Reavers' Tavern Deck (rulebook)."""
STANBUL: Final = tuple(h for h, hero in HEROES.items() if not hero.reaver)
"""Solo: the player's Tavern Deck, the Heroes of Stanbul (rulebook)."""
SHARD_HEROES: Final = frozenset(h for h, hero in HEROES.items() if hero.shard)
"""Heroes with the shard symbol: every starting hero is one of these (rulebook)."""

HERO_ORDER: Final = tuple(HEROES)


def hero_name(hero: str) -> str:
    """The short name of a hero: "Selena" for "Selena, the Marauder"."""
    return HEROES[hero].name.split(",")[0]
