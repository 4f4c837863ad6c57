"""Shardhunters' state: the frozen dataclass of a game and the facts about it that the rules
and the views both read (whose powers apply, how many cards a Combat takes, what recruiting
costs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core import codec
from core.games.fields import replacer
from core.games.shardhunters.data import COMBAT_SIZES, TOBIAS_SIZES

REAVER_SIDE = 1
"""In solo, the Reavers play side 1."""
DRAW = -1
"""A Combat result: nobody won."""
NOBODY = -1
"""``winner`` while the game goes on (and ``hunt_winner`` after a full tie)."""
BOUND = -2
"""``winner`` when the game ended at MAX_HUNTS without a winning Hunt."""


@codec.register
@dataclass(frozen=True, slots=True)
class State:
    """One position of a Shardhunters game."""

    players: int
    """Seats; 1 is solo against the Reavers."""
    sides: int
    """Teams at the table: the seats, plus the Reavers in solo."""
    level: str
    """Solo: the Reavers' difficulty ("normal" or "hard"); "" with 2–4 players."""
    cost: int
    """Bloodshards a recruitment costs (3, or 2 in the variant)."""
    actives: int
    """Active heroes per Hunt (2, or 3 in the variant; all of them in solo)."""
    draft: bool
    phase: str
    """"draft", "start", "choose", "cassandra", "yusuf", "combat", "tavern" or "over"."""
    hunt: int
    combat: int
    """The Combat being played, 0–3."""
    teams: tuple[tuple[str, ...], ...]
    """Each side's recruited heroes, in the order they joined (public)."""
    active: tuple[tuple[str, ...], ...]
    """Each side's active heroes in this Hunt (public once revealed)."""
    shards: tuple[int, ...]
    deck: tuple[str, ...]
    """The Monster Deck, top first (after the deal: the cards put aside)."""
    top_known: tuple[int, ...]
    """Sides that know the Monster Deck's top card (Yusuf's swap, Cassandra's look)."""
    hands: tuple[tuple[str, ...], ...]
    """Each side's monster cards (solo: the Reavers' face-down pile, top first)."""
    pending: tuple[tuple[str, ...], ...]
    """Per seat, a simultaneous choice made but not yet revealed (cards or a hero)."""
    choosing: tuple[tuple[int, ...], ...]
    """Per seat, the active heroes chosen but not yet revealed (indices into the team)."""
    plays: tuple[tuple[tuple[str, ...], ...], ...]
    """The revealed Combats of this Hunt: per Combat, each side's cards."""
    results: tuple[int, ...]
    """The winner of each revealed Combat (DRAW for none)."""
    loot: tuple[tuple[str, ...], ...]
    once: tuple[tuple[str, ...], ...]
    """Per side, the once-per-Hunt heroes that already paid this Hunt."""
    tavern: tuple[str, ...]
    """The Tavern Deck, top first (solo: the player's Heroes of Stanbul)."""
    tavern_known: int
    """How many cards at the bottom of the Tavern Deck were seen going there (public)."""
    reaver_tavern: tuple[str, ...]
    offer: tuple[str, ...]
    """Heroes drawn at the Tavern, face up, waiting for the recruiter's choice."""
    queue: tuple[int, ...]
    """Seats still to visit the Tavern this time; the first one is there now."""
    draft_hands: tuple[tuple[str, ...], ...]
    local: tuple[tuple[str, ...], ...]
    """Hero Draft: each seat's Local Tavern Deck (hidden from the others)."""
    guess: tuple[int, ...]
    """Cassandra this Hunt: (side, guessed value, true value), or empty."""
    hunt_winner: int
    """The last finished Hunt's winner (NOBODY on a full tie or before the first)."""
    winner: int
    """The side that won the game; NOBODY while it goes on, BOUND at the Hunt limit."""
    rng: int


# -- what the rules and the views both read ----------------------------------------------------


_replace = replacer(State)


def replace(state: State, /, **changes: Any) -> State:
    """``dataclasses.replace`` for a State, about three times as fast (see
    :mod:`core.games.fields`): the rules change a state some three times an action."""
    return _replace(state, **changes)


def seats_of(state: State) -> range:
    """The sides played by seats (the Reavers are not a seat)."""
    return range(state.players)


def powers(state: State, side: int) -> frozenset[str]:
    """The heroes whose abilities apply for a side now.

    Solo: every hero of both sides. Otherwise the active heroes, except that an active Crow
    silences the side's other active heroes.
    """
    if state.players == 1:
        return frozenset(state.teams[side])
    active = state.active[side]
    return frozenset({"crow"}) if "crow" in active else frozenset(active)


def combat_sizes(state: State, side: int) -> tuple[int, ...]:
    """Cards a side plays in each Combat of this Hunt."""
    return TOBIAS_SIZES if "tobias" in powers(state, side) else COMBAT_SIZES


def recruit_cost(state: State, side: int) -> int:
    """What a side pays to recruit now (Oskar: one less, never below 1)."""
    return max(1, state.cost - ("oskar" in powers(state, side)))
