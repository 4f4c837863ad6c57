"""Ratings per game with openskill (Weng–Lin), and the rule for which seats count.

The rule (the README says it too):

- Only human seats are rated; bots never are.
- A human seat counts as played by its person unless more than half of its moves were
  played by someone else: a stand-in bot (the player dropped, went away, idled, or the host
  gave the seat to a bot), or the seat's earlier player when the host gave it to another
  guest mid-game (the seat's person is the one who held it at the end).
- A game is rated when at least two distinct people remain by that rule, each with one
  seat. Solo games, games against bots only and games with one person left are recorded
  but not rated. An abandoned (unfinished) game is not even recorded: it changes nothing.
- Ties come from the game's own ranking (`core.engine.Outcome.ranking`): seats of one group
  share a rank. Seats that do not count are left out; the rest keep their order.

Uncertainty (sigma) never grows with a game (``limit_sigma``), so a rating only settles.
Who played which moves comes from the record's notes (`core.recordfile`): "stand-in" and
"back" for a seat, "seated" when the host gave a seat to another guest, "resumed" when a
restarted server took the game up (no bot plays any seat then). A record without notes
(written before they existed) counts every move as its seat's person's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull

from core.engine import TABLE, Outcome
from core.match import Step

MODEL = BradleyTerryFull(limit_sigma=True)
"""The one model every rating goes through (its defaults: mu 25, sigma 25/3).

Bradley–Terry with every pair compared, not Plackett–Luce: openskill 6.2's Plackett–Luce
mishandles ties (openskill.py issue #155): with equal ratings, three players tied for first
ahead of a second and a third came out at mu 25.44, *below* the second's 26.00. The full
pairing model treats a tie as a draw between each pair, so a tied winner always rates above
every worse place; for 2–8 seats its n² comparisons cost nothing."""
MOSTLY = 0.5
"""A seat whose share of moves played by someone else is above this is not its person's."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate in one game: ``mu`` the mean, ``sigma`` its uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative single number to sort a leaderboard by (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


INITIAL = Rating(MODEL.mu, MODEL.sigma)
"""Everyone's rating before their first rated game."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished game, as the database keeps it."""

    seat: int
    name: str
    """Who held the seat at the end (a bot's seat name for a bot)."""
    kind: str
    """"human" or "bot"."""
    level: str
    """A bot's level ("" for a person)."""
    score: int
    place: int
    """1 for the first group of the ranking, 2 for the next, and so on (ties share one)."""
    stand_in_share: float
    """The share of the seat's moves someone else played (0.0 to 1.0; 0.0 with no moves)."""

    @property
    def counts(self) -> bool:
        """Whether this seat is played by its person for rating (the module's rule)."""
        return self.kind == "human" and self.stand_in_share <= MOSTLY


def seat_results(
    seats: Sequence[tuple[str, str, str]],
    steps: Sequence[Step],
    notes: Sequence[Mapping[str, Any]],
    outcome: Outcome,
) -> tuple[SeatResult, ...]:
    """Every seat's result from a record's seats (name, kind, level), actions and notes."""
    names = [name for name, _, _ in seats]
    by_person = [0] * len(seats)
    by_other = [0] * len(seats)
    standing: set[int] = set()
    pending = sorted(notes, key=lambda note: int(note.get("actions", 0)))
    for number, (seat, _, _) in enumerate((*steps, (TABLE, (), None))):
        while pending and int(pending[0].get("actions", 0)) <= number:
            _apply(pending.pop(0), standing, names, by_person, by_other)
        if 0 <= seat < len(seats):
            if seat in standing:
                by_other[seat] += 1
            else:
                by_person[seat] += 1
    places = {seat: place for place, group in enumerate(outcome.ranking, 1) for seat in group}
    results = []
    for seat, (_, kind, level) in enumerate(seats):
        moves = by_person[seat] + by_other[seat]
        results.append(
            SeatResult(
                seat=seat,
                name=names[seat],
                kind="bot" if kind == "bot" else "human",
                level=level if kind == "bot" else "",
                score=outcome.scores[seat],
                place=places[seat],
                stand_in_share=by_other[seat] / moves if moves else 0.0,
            )
        )
    return tuple(results)


def _apply(
    note: Mapping[str, Any],
    standing: set[int],
    names: list[str],
    by_person: list[int],
    by_other: list[int],
) -> None:
    kind, seat = note.get("note"), note.get("seat")
    if kind == "resumed":
        standing.clear()
    if type(seat) is not int or not 0 <= seat < len(names):
        return
    if kind == "stand-in":
        standing.add(seat)
    elif kind == "back":
        standing.discard(seat)
    elif kind == "seated" and isinstance(note.get("name"), str):
        # The seat is someone else's from here: what was played before was not theirs.
        names[seat] = note["name"]
        by_other[seat] += by_person[seat]
        by_person[seat] = 0
        standing.discard(seat)


def why_not_rated(results: Sequence[SeatResult]) -> str:
    """Why a finished game with these seats is not rated, in words; "" when it is."""
    if len(results) == 1:
        return "a solo game"
    humans = [r for r in results if r.kind == "human"]
    if not humans:
        return "only bots played"
    if len(humans) == 1:
        return "only one person played"
    counted = [r.name.casefold() for r in results if r.counts]
    if len(set(counted)) != len(counted):
        return "one person held two seats"
    if len(counted) < 2:
        return "stand-in bots played most of the moves of all but one person"
    return ""


def rate(results: Sequence[SeatResult], before: Sequence[Rating]) -> tuple[Rating, ...]:
    """The new ratings of the counted seats (in seat order), given theirs ``before``.

    ``results`` must be a rated game's (`why_not_rated` says ""): only the seats that count
    take part, each ranked by its place."""
    counted = [r for r in results if r.counts]
    if len(counted) != len(before):
        raise ValueError(f"{len(counted)} seats count but {len(before)} ratings were given")
    teams = [[MODEL.rating(mu=b.mu, sigma=b.sigma)] for b in before]
    rated = MODEL.rate(teams, ranks=[float(r.place) for r in counted])
    return tuple(Rating(team[0].mu, team[0].sigma) for team in rated)
