"""Whoosh scoring: capture matching, points, and the 5/4/3-point tie-breaks (pure functions)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from core.games.whoosh.data import MONSTER_BY_ID, STAFF

TIE_BREAK_VALUES = (5, 4, 3)
"""Equal scores are split by the most 5-point Monsters, then 4-point, then 3-point."""


def can_capture(required: Iterable[str], revealed: Iterable[Iterable[str]]) -> bool:
    """Whether the revealed cards show every required symbol, with multiplicity.

    ``required`` is a multiset of symbol names; each revealed card is the symbols it counts
    as: one for a regular card, both of a Combo's two (at once, so a Combo is never a
    choice), ``("staff",)`` for a Wizard's Staff (any ONE symbol) and ``()`` for a Failed
    Attack. Since only the Staffs choose, the cards fit exactly when the Staffs are at least
    as many as the units the other cards leave uncovered.
    """
    return shortfall(required, revealed) == 0


def shortfall(required: Iterable[str], revealed: Iterable[Iterable[str]]) -> int:
    """How many required symbols the revealed cards leave uncovered (0: capturable)."""
    have: Counter[str] = Counter()
    staffs = 0
    for card in revealed:
        symbols = tuple(card)
        if symbols == (STAFF,):
            staffs += 1
        else:
            have.update(symbols)
    missing = sum(max(0, n - have[s]) for s, n in Counter(required).items())
    return max(0, missing - staffs)


def monster_points(captured: Iterable[str]) -> int:
    """The value of the Monsters a player holds face-up."""
    return sum(MONSTER_BY_ID[monster].value for monster in captured)


def score(captured: Sequence[str], mistakes: Sequence[str]) -> int:
    """Face-up Monsters' values minus 1 per face-down Monster (rulebook)."""
    return monster_points(captured) - len(mistakes)


def breakdown(captured: Sequence[str], mistakes: Sequence[str]) -> dict[str, int]:
    """A player's points by category; they add up to :func:`score`."""
    return {"monsters": monster_points(captured), "mistakes": -len(mistakes)}


def rank_key(captured: Sequence[str], mistakes: Sequence[str]) -> tuple[int, ...]:
    """What orders players: the score, then 5-, 4- and 3-point Monsters held face-up."""
    values = Counter(MONSTER_BY_ID[monster].value for monster in captured)
    return (score(captured, mistakes), *(values[v] for v in TIE_BREAK_VALUES))


def ranking(keys: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Groups of seats with equal keys, best first (seats in order inside a group)."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for seat, key in enumerate(keys):
        groups.setdefault(key, []).append(seat)
    return tuple(tuple(groups[key]) for key in sorted(groups, reverse=True))


def tie_break_note(keys: Sequence[tuple[int, ...]]) -> str:
    """Which tie-break separated the players who scored the most, in words ("" if none)."""
    best = max(key[0] for key in keys)
    tied = [key for key in keys if key[0] == best]
    if len(tied) < 2:
        return ""
    points = f"{best} point{'' if abs(best) == 1 else 's'}".replace("-", "−")
    for depth, value in enumerate(TIE_BREAK_VALUES, start=1):
        if len({key[depth] for key in tied}) > 1:
            return f"Tied on {points}: the most {value}-point Monsters decided."
    return f"Tied on {points} with the same Monsters: the victory is shared."
