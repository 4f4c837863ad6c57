"""Whoosh's state: the frozen dataclasses of a game and of a claim, which the rules change and
the views read."""

from __future__ import annotations

from dataclasses import dataclass

from core import codec


@codec.register
@dataclass(frozen=True, slots=True)
class Claim:
    """A hand going down on a Monster: who, which Monster, and when."""

    seat: int
    slot: int
    at_ns: int
    seen: int = -1
    """The board (generation) the claimant reacted to."""


@codec.register
@dataclass(frozen=True, slots=True)
class State:
    """One moment of a Whoosh game. Piles list their top card first."""

    players: int
    failed_attacks: bool
    tie_window: int
    """Milliseconds: pending claims this close to the earliest are simultaneous."""
    turn_timer: int
    """Seconds before the table reveals for a slow player (0: off). Kept for the table."""
    fair_remote: bool
    """Whether the table judges remote claims by reaction time. Kept for the table."""
    piles: tuple[tuple[str, ...], ...]
    """Each player's face-down Weapons & Spells pile."""
    revealed: tuple[tuple[str, ...], ...]
    """Each player's revealed row, in the order revealed."""
    board: tuple[str | None, ...]
    """The face-up Monster of each of the three piles (None once a pile is used up)."""
    monster_piles: tuple[tuple[str, ...], ...]
    """The face-down Monsters below each face-up one."""
    captured: tuple[tuple[str, ...], ...]
    """Each player's face-up Monsters."""
    mistakes: tuple[tuple[str, ...], ...]
    """Each player's face-down Monsters (-1 each)."""
    box: tuple[str, ...]
    """Cards out of the game: set-aside Monsters (and Failed Attacks when left out)."""
    turn: int
    """Who reveals next."""
    generation: int
    """Bumps on every reveal and every change of the board; claims name the one they saw."""
    claims: tuple[Claim, ...]
    """Pending claims on the current generation, in arrival order."""
    last_ns: int
    """The latest time seen so far; a claim without a time counts as just after it."""
    reveals: int
    over: bool
    rng: int
    board_since: int = 0
    """The generation at which the Monsters last changed (a capture, a mistake, a
    stalemate). A claim naming any generation from here on is about these Monsters: reveals
    in between only add cards, so the hand that was already on its way still counts."""
    prev_board: tuple[str | None, ...] = ()
    """The Monsters before they last changed: what a hand still on its way was aimed at."""
    prev_since: int = 0
    """The generation from which `prev_board` was on the table."""
    times: tuple[int, ...] = (-1,)
    """When each board from `prev_since` on arose (the time of the action that made it; -1
    when untimed): a claim's reaction time is its own time less its board's."""
    late: tuple[int, ...] = ()
    """Seats whose too-late claim on `prev_board` is in the log already (one each)."""
