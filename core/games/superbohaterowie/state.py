"""Superbohaterowie's state: the frozen dataclass of a game (or of a Points-variant series),
which the rules change and the views read."""

from __future__ import annotations

from dataclasses import dataclass

from core import codec

Space = tuple[int, int]
City = tuple[str | None, ...]


@codec.register
@dataclass(frozen=True, slots=True)
class State:
    """One position of a Superbohaterowie game (or of a Points-variant series)."""

    players: int
    series: int
    """Games in the Points-variant series; 0 plays the standard game (first full set wins)."""
    game_number: int
    deck: tuple[str, ...]
    """The face-down draw pile; its first card is the top."""
    discard: tuple[str, ...]
    """The face-up discard pile; its last card is the top."""
    hands: tuple[tuple[str, ...], ...]
    cities: tuple[City, ...]
    turn: int
    first: int
    """Who started the current game (the next game of a series starts one seat later)."""
    winners: tuple[int, ...]
    """Seats whose city was saved; not empty once the current game has ended."""
    results: tuple[tuple[int, ...], ...]
    """Points variant: the recorded points of each finished game, one per seat."""
    waiting: tuple[int, ...]
    """Points variant, between games: seats that have not yet pressed continue."""
    turns: int
    rng: int
