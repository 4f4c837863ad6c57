"""Whoosh's cards as data: the six symbols, the 108 Weapons & Spells and the 36 Monsters.

Every item is marked with its source: "rulebook" (printed in rules/whoosh.txt), "GAME_DATA"
(../shared/GAME_DATA.md) or "designed" (decided here where both are silent; notes.md
repeats each designed decision for the in-app help).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SYMBOLS: Final = ("sword", "bow", "axe", "fire", "ice", "lightning")
"""The six Weapons and Spells, weapons first (GAME_DATA)."""

WEAPONS: Final = ("sword", "bow", "axe")
SPELLS: Final = ("fire", "ice", "lightning")

STAFF: Final = "staff"
"""The Wizard's Staff's symbol: a wild card for any ONE symbol (rulebook)."""

REGULAR_COPIES: Final = 14
"""Regular cards per symbol: 6 x 14 = 84 (GAME_DATA)."""
FAILED_COPIES: Final = 2
"""Failed Attack cards per symbol: 6 x 2 = 12; they count as nothing (GAME_DATA)."""
STAFF_COPIES: Final = 3
"""Wizard's Staff cards (rulebook: 3)."""

COMBOS: Final[tuple[tuple[str, str], ...]] = tuple(
    # Nine different pairs, each symbol in three (GAME_DATA). Designed: every weapon with
    # every spell, so a Combo is always one Weapon and one Spell.
    (weapon, spell)
    for weapon in WEAPONS
    for spell in SPELLS
)

VALUES: Final[dict[int, int]] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5}
"""A Monster's value by the number of symbols it requires (GAME_DATA)."""

PILES: Final = 3
"""Monster piles on the table (rulebook)."""


@dataclass(frozen=True, slots=True)
class Monster:
    """One Monster card: what it takes to capture it, its tie number, its player-count mark."""

    name: str
    symbols: tuple[str, ...]
    """The required symbols, a multiset (in printed order)."""
    tie: int
    """The number on the bottom left: the higher wins simultaneous claims (rulebook)."""
    mark: str
    """"" for every game, "3+" set aside with two players, "5+" set aside below five."""

    @property
    def id(self) -> str:
        """The card id: the name in lower case, e.g. ``frost-giant``."""
        return self.name.lower().replace("'", "").replace(" ", "-")

    @property
    def value(self) -> int:
        """Points when captured face-up."""
        return VALUES[len(self.symbols)]


_S, _B, _A = "sword", "bow", "axe"
_F, _I, _L = "fire", "ice", "lightning"

MONSTERS: Final[tuple[Monster, ...]] = (
    # Designed (GAME_DATA fixes only the sizes, values, tie range and how many are marked).
    # Each symbol is required 22 or 23 times in all, and about equally within the cards of
    # every player count; tie numbers interleave the sizes and the marks.
    # 2 symbols, 1 point
    Monster("Goblin", (_S, _B), 1, ""),
    Monster("Kobold", (_A, _F), 11, ""),
    Monster("Imp", (_F, _L), 21, ""),
    Monster("Ghoul", (_I, _S), 29, ""),
    Monster("Harpy", (_B, _L), 34, ""),
    Monster("Gnoll", (_A, _L), 28, "3+"),
    Monster("Will-o'-wisp", (_L, _L), 20, "5+"),
    Monster("Bogle", (_B, _B), 10, "5+"),
    # 3 symbols, 2 points
    Monster("Ogre", (_S, _S, _F), 2, ""),
    Monster("Troll", (_A, _A, _I), 12, ""),
    Monster("Wight", (_I, _I, _B), 22, ""),
    Monster("Banshee", (_L, _I, _B), 30, ""),
    Monster("Gargoyle", (_A, _L, _S), 35, ""),
    Monster("Wyvern", (_F, _L, _B), 33, ""),
    Monster("Werewolf", (_A, _S, _B), 27, "3+"),
    Monster("Basilisk", (_B, _F, _I), 19, "5+"),
    Monster("Minotaur", (_A, _A, _S), 9, "5+"),
    # 4 symbols, 3 points
    Monster("Cyclops", (_S, _S, _A, _L), 3, ""),
    Monster("Manticore", (_F, _A, _B, _S), 13, ""),
    Monster("Yeti", (_I, _I, _A, _B), 23, ""),
    Monster("Naga", (_B, _B, _L, _I), 31, ""),
    Monster("Griffin", (_B, _L, _F, _A), 36, ""),
    Monster("Golem", (_A, _S, _I, _F), 32, "3+"),
    Monster("Chimera", (_F, _F, _L, _S), 26, "3+"),
    Monster("Lich", (_I, _L, _S, _B), 18, "5+"),
    Monster("Vampire", (_S, _F, _I, _A), 8, "5+"),
    # 5 symbols, 4 points
    Monster("Hydra", (_A, _A, _B, _F, _I), 4, ""),
    Monster("Frost Giant", (_I, _I, _I, _S, _A), 14, ""),
    Monster("Phoenix", (_F, _F, _L, _B, _S), 24, ""),
    Monster("Kraken", (_L, _L, _S, _I, _B), 25, "3+"),
    Monster("Sphinx", (_B, _F, _F, _A, _L), 17, "5+"),
    Monster("Behemoth", (_S, _S, _A, _F, _I), 7, "5+"),
    # 6 symbols, 5 points
    Monster("Dragon", (_F, _F, _F, _L, _S, _A), 5, ""),
    Monster("Storm Titan", (_L, _L, _L, _B, _I, _S), 15, ""),
    Monster("Leviathan", (_I, _I, _B, _B, _A, _F), 16, "3+"),
    Monster("Demon Lord", (_S, _A, _F, _I, _B, _L), 6, "5+"),
)

MONSTER_BY_ID: Final[dict[str, Monster]] = {monster.id: monster for monster in MONSTERS}


def in_play(monster: Monster, players: int) -> bool:
    """Whether a Monster is used at this player count (the others are set aside: rulebook)."""
    if monster.mark == "5+":
        return players >= 5
    if monster.mark == "3+":
        return players >= 3
    return True


def weapon_ids() -> tuple[str, ...]:
    """Every Weapons & Spells card id, e.g. ``sword-07``, ``failed-ice-2``,
    ``combo-bow-fire``, ``staff-3`` (108 in all)."""
    regular = tuple(f"{s}-{n:02d}" for s in SYMBOLS for n in range(1, REGULAR_COPIES + 1))
    failed = tuple(f"failed-{s}-{n}" for s in SYMBOLS for n in range(1, FAILED_COPIES + 1))
    combos = tuple(f"combo-{a}-{b}" for a, b in COMBOS)
    staffs = tuple(f"staff-{n}" for n in range(1, STAFF_COPIES + 1))
    return regular + failed + combos + staffs


def is_failed(card: str) -> bool:
    """A Failed Attack card (it counts as nothing)."""
    return card.startswith("failed-")


def symbols_of(card: str) -> tuple[str, ...]:
    """What a Weapons & Spells card counts as: one symbol, a Combo's two, ``("staff",)`` for
    the Wizard's Staff, and nothing (``()``) for a Failed Attack."""
    kind, _, rest = card.partition("-")
    if kind == "failed":
        return ()
    if kind == "combo":
        first, _, second = rest.partition("-")
        return (first, second)
    return (kind,)


def shown_symbol(card: str) -> str:
    """The symbol a Failed Attack card pretends to show (what a player sees, broken)."""
    return card.split("-")[1]


def card_words(card: str) -> str:
    """A Weapons & Spells card in words: "a sword", "a Combo of bow and fire",
    "a Wizard's Staff", "a Failed Attack (ice)"."""
    if is_failed(card):
        return f"a Failed Attack ({shown_symbol(card)})"
    symbols = symbols_of(card)
    if symbols == (STAFF,):
        return "a Wizard's Staff"
    if len(symbols) == 2:
        return f"a Combo of {symbols[0]} and {symbols[1]}"
    article = "an" if symbols[0][0] in "aeiou" else "a"
    return f"{article} {symbols[0]}"


def monster_words(monster: Monster) -> str:
    """A Monster with its symbols, as the log says it: "the Ogre: sword, sword, fire"."""
    return f"the {monster.name}: {', '.join(monster.symbols)}"
