"""Orb Hunters' state: the frozen position, its variants, and the questions rules and bots ask.

Everything here only reads a state; the changes are in ``rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core import codec
from core.games.fields import replacer
from core.games.orb_hunters.data import (
    ADVENTURER_NAMES,
    COLOURS,
    LIMIT,
    colour_of,
    courage,
    is_trenti,
    skill,
)

VARIANTS: tuple[tuple[str, str, str], ...] = (
    (
        "simple_relics",
        "Simple Relics",
        "Ignore every relic effect (Gift, Destruction, Exchange, Theft).",
    ),
    (
        "apprentices",
        "Apprentices",
        "Ignore the Killer, Shielded, Charismatic and Sly skills; Trentis still work.",
    ),
    (
        "hidden_treasures",
        "Hidden Treasures",
        "Relics you obtain go face down: nobody sees any pouch until the final score.",
    ),
    (
        "tough",
        "Tough Adventurers",
        "No elimination: everyone scores wealth minus wounds (after potions).",
    ),
    (
        "teams",
        "Teams",
        "Four players only: seats 1 and 3 against seats 2 and 4; each team scores its "
        "wealth minus its wounds.",
    ),
    (
        "strategic",
        "Strategic",
        "No hands: everyone assigns from an open supply of players - 1 adventurers "
        "(three with two players).",
    ),
)


@codec.register
@dataclass(frozen=True, slots=True)
class State:
    """One position of an Orb Hunters game."""

    players: int
    variants: tuple[str, ...]
    """The option keys that are on, sorted."""
    colours: tuple[tuple[str, ...], ...]
    """Per seat, the adventurer colour(s) it embodies (two each with two players)."""
    round: int
    start: int
    """The start player of this round."""
    turn: int
    """The seat that acts now (in Phase 3, the player choosing a Gift or Exchange rival)."""
    relic_deck: tuple[str, ...]
    row: tuple[str, ...]
    """This round's relics, left to right ("" once handed over)."""
    columns: tuple[tuple[str, ...], ...]
    """The adventurers under each relic, the first assigned first."""
    marks: tuple[tuple[str, str], ...]
    """(Trenti card, colour of the marker on its banner) for every Trenti in play."""
    deck: tuple[str, ...]
    """The adventurer draw pile, top first."""
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    supply: tuple[str, ...]
    """Strategic variant: the open adventurers supply."""
    pouches: tuple[tuple[str, ...], ...]
    """Per seat, its relics, the first obtained first; the last is the visible one."""
    removed: tuple[str, ...]
    """Cards out of the game, face up: unused initial cards, relics nobody represented."""
    destroyed: tuple[str, ...]
    """Relics removed by Destruction (face down in Hidden Treasures)."""
    pending: tuple[Any, ...]
    """The decision the acting seat owes: (), ("sly",), ("attract", column), ("mark", card),
    ("gift",) or ("exchange",)."""
    resolving: int
    """Phase 3: the column being handed over; -1 during Phase 1."""
    last_placer: int
    gifts: tuple[int, ...]
    """Per seat, relics received through Gift."""
    feats: tuple[tuple[str, ...], ...]
    """Per seat, achievements earned during play (Destroyer, Thief, Swindler)."""
    over: bool
    rng: int


_replace = replacer(State)


def replace(state: State, /, **changes: Any) -> State:
    """``dataclasses.replace`` for a State, about three times as fast (see
    :mod:`core.games.fields`): the rules change a state some seven times an action."""
    return _replace(state, **changes)


def on(state: State, variant: str) -> bool:
    """True when a variant is played."""
    return variant in state.variants


def teams(state: State) -> tuple[tuple[int, ...], ...]:
    """The teams of the Teams variant (seated alternately), else none."""
    return ((0, 2), (1, 3)) if on(state, "teams") else ()


def owner(state: State, colour: str) -> int | None:
    """The seat that embodies an adventurer colour, or None if nobody does."""
    for seat, colours in enumerate(state.colours):
        if colour in colours:
            return seat
    return None


def in_play(state: State) -> tuple[str, ...]:
    """The colours embodied by players: the markers left on the table."""
    return tuple(c for c in COLOURS if owner(state, c) is not None)


def mark_of(state: State, card: str) -> str:
    """The colour whose marker is on a Trenti's banner ("" if none yet)."""
    return next((colour for trenti, colour in state.marks if trenti == card), "")


def counts_for(state: State, card: str) -> str:
    """The colour an adventurer card brings its courage to."""
    return mark_of(state, card) if is_trenti(card) else colour_of(card)


def shielded(state: State, card: str) -> bool:
    """True when a card is safe from Killers (Apprentices ignores the skill)."""
    return skill(card) == "shielded" and not on(state, "apprentices")


def source(state: State, seat: int) -> tuple[str, ...]:
    """Where a seat assigns from: its hand, or the open supply in the Strategic variant."""
    return state.supply if on(state, "strategic") else state.hands[seat]


def open_columns(state: State) -> list[int]:
    return [i for i, column in enumerate(state.columns) if len(column) < LIMIT]


def kills(state: State, card: str, column: tuple[str, ...], second: bool) -> bool:
    """Whether a card placed on ``column`` kills its last adventurer."""
    return (
        not second
        and not on(state, "apprentices")
        and skill(card) == "killer"
        and bool(column)
        and not shielded(state, column[-1])
    )


def assign_targets(state: State, card: str) -> list[int]:
    """The columns a card may be assigned to now (Killers may go on a full column)."""
    second = state.pending == ("sly",)
    return [
        i
        for i, column in enumerate(state.columns)
        if len(column) < LIMIT or kills(state, card, column, second)
    ]


def attract_sources(state: State, target: int) -> list[int]:
    """The other columns with an adventurer a Charismatic on ``target`` may attract."""
    return [i for i, column in enumerate(state.columns) if i != target and column]


def rivals(state: State, seat: int, *, with_relics: bool = False) -> list[int]:
    """The other players (only those with a relic in their pouch, if asked).

    In the Teams variant a rival is a player of the other team: the partner is no rival.
    """
    partners = next((team for team in teams(state) if seat in team), (seat,))
    return [
        s
        for s in range(state.players)
        if s not in partners and (state.pouches[s] or not with_relics)
    ]


def column_winner(state: State, index: int) -> tuple[int | None, str, int]:
    """Who obtains a column's relic: (seat or None, winning colour or seat words, courage).

    Courage is summed per adventurer colour (a Trenti's to its marker's colour); with two
    players per player, each adding both of their colours, while a colour nobody embodies
    competes on its own. Ties go to the side whose card was assigned first.
    """
    sides: dict[str, list[int]] = {}
    for position, card in enumerate(state.columns[index]):
        colour = counts_for(state, card)
        if not colour:
            continue  # A Trenti whose marker is still being chosen counts for nobody yet.
        seat = owner(state, colour)
        side = f"seat {seat}" if state.players == 2 and seat is not None else colour
        total_first = sides.setdefault(side, [0, position])
        total_first[0] += courage(card)
    if not sides:
        return None, "", 0
    side = max(sides, key=lambda s: (sides[s][0], -sides[s][1]))
    points = sides[side][0]
    if side.startswith("seat "):
        seat = int(side.split()[1])
        return seat, f"{{p{seat}}}'s adventurers", points
    return owner(state, side), ADVENTURER_NAMES[side], points
