"""Orb Hunters' final score as pure functions: pouches, elimination, winners, achievements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.engine import Outcome
from core.games.orb_hunters.data import relic, relic_kind


@dataclass(frozen=True, slots=True)
class Pouch:
    """What one player's relics add up to."""

    wealth: int
    wounds: int
    potions: int
    relics: int

    @property
    def net_wounds(self) -> int:
        """Wounds after potions: each potion cancels one wound, never more than there are."""
        return max(0, self.wounds - self.potions)


def pouch_totals(cards: Sequence[str]) -> Pouch:
    """The wealth, wounds, potions and number of relics in one pouch."""
    kinds = [relic(card) for card in cards]
    return Pouch(
        wealth=sum(k.wealth for k in kinds),
        wounds=sum(k.wounds for k in kinds),
        potions=sum(k.potions for k in kinds),
        relics=len(kinds),
    )


def eliminated(net_wounds: Sequence[int]) -> set[int]:
    """The seats with the most wounds (after potions): all of them when tied.

    If every player ties for the most, nobody is eliminated (designed, GAME_DATA.md). Potions
    cancel wounds but never below zero, so a negative count is taken as no wounds.
    """
    if not net_wounds:
        return set()
    wounds = [max(0, count) for count in net_wounds]
    most = max(wounds)
    out = {seat for seat, count in enumerate(wounds) if count == most}
    return set() if len(out) == len(wounds) else out


def _groups(keys: dict[int, tuple[int, int]]) -> list[tuple[int, ...]]:
    """Seats grouped by equal keys, the highest key first."""
    grouped: dict[tuple[int, int], list[int]] = {}
    for seat in sorted(keys):
        grouped.setdefault(keys[seat], []).append(seat)
    return [tuple(grouped[key]) for key in sorted(grouped, reverse=True)]


def _tie_note(groups: list[tuple[int, ...]], keys: dict[int, tuple[int, int]]) -> str:
    """Words for the tie-break that decided first place, if one was needed."""
    if not groups:
        return ""
    top = groups[0]
    points = keys[top[0]][0]
    level = [seat for seat, key in keys.items() if key[0] == points]
    if len(level) < 2:
        return ""
    if len(top) > 1:
        return "Equal points and equal numbers of relics: the players share the victory."
    return "Equal points: the player with more relic cards wins."


def final_score(
    pouches: Sequence[Sequence[str]], *, no_elimination: bool, teams: Sequence[Sequence[int]]
) -> Outcome:
    """The Final Score of the rulebook, in one of its three forms.

    - With elimination (3–5 players): the most wounds after potions are out (all tied ones;
      nobody if everyone ties); the others rank by wealth, then by number of relics.
    - Without (2 players, Tough Adventurers): wealth minus wounds after potions.
    - Teams: each team's wealth minus its wounds, after the team's potions (pooled: the
      team shares its wealth and its fate, designed); ties go to the team with more relics.
    """
    totals = [pouch_totals(cards) for cards in pouches]
    seats = range(len(totals))
    if teams:
        team_of = {seat: index for index, team in enumerate(teams) for seat in team}
        pooled = [pouch_totals([card for s in team for card in pouches[s]]) for team in teams]
        team_points = [(team.wealth, -team.net_wounds, team.relics) for team in pooled]
        keys = {s: (sum(team_points[team_of[s]][:2]), team_points[team_of[s]][2]) for s in seats}
        breakdown = tuple(
            {
                "team wealth": team_points[team_of[s]][0],
                "team wounds": team_points[team_of[s]][1],
            }
            for s in seats
        )
        groups = _groups(keys)
        leaders = {team[0]: keys[team[0]] for team in teams}
        note = _tie_note(_groups(leaders), leaders).replace("player", "team")
        scores = tuple(keys[s][0] for s in seats)
        return Outcome(scores, breakdown, tuple(groups), note)
    if no_elimination:
        keys = {s: (totals[s].wealth - totals[s].net_wounds, totals[s].relics) for s in seats}
        breakdown = tuple(
            {"wealth": totals[s].wealth, "wounds": -totals[s].net_wounds} for s in seats
        )
        groups = _groups(keys)
        scores = tuple(keys[s][0] for s in seats)
        return Outcome(scores, breakdown, tuple(groups), _tie_note(groups, keys))
    out = eliminated([t.net_wounds for t in totals])
    keys = {s: (totals[s].wealth, totals[s].relics) for s in seats if s not in out}
    groups = _groups(keys)
    if out:
        groups.append(tuple(sorted(out)))
    breakdown = tuple(
        {"wealth": totals[s].wealth, "eliminated": -totals[s].wealth}
        if s in out
        else {"wealth": totals[s].wealth}
        for s in seats
    )
    scores = tuple(0 if s in out else totals[s].wealth for s in seats)
    note = _tie_note(groups[: len(groups) - (1 if out else 0)], keys)
    if out:
        most = max(t.net_wounds for t in totals)
        who = (
            "The player with the most wounds after potions ({most}) is eliminated."
            if len(out) == 1
            else "The players tied on the most wounds after potions ({most} each) are eliminated."
        )
        note = (who.format(most=most) + " " + note).strip()
    return Outcome(scores, breakdown, tuple(groups), note)


ACHIEVEMENTS: dict[str, str] = {
    "Clumsy": "Finish the game without relic cards.",
    "Destroyer": "Remove an Orb from your Pouch with the Destruction relic effect.",
    "Thief": "Obtain an Orb from a rival with the Theft relic effect.",
    "Swindler": "Obtain an Orb through the Exchange relic effect.",
    "Survivor": "Obtain 10 wounds (or more) without being eliminated in the Final Score.",
    "Wealthy": "Win the game with 8 or more Wealth points.",
    "Fortunate": "Receive 2 Relic cards due to the Gift relic effect.",
    "Sneaky": "Win the game without Wounds.",
    "Alchemist": "Finish the game with 3 Potions.",
    "Orb Hunter": "Win the game with the 2 Orbs in your Pouch.",
}
"""The rulebook's achievements, in its order, with its words."""


def achievements(
    pouches: Sequence[Sequence[str]],
    outcome: Outcome,
    feats: Sequence[Sequence[str]],
    gifts: Sequence[int],
) -> tuple[tuple[str, ...], ...]:
    """Each seat's achievements at the end, in the rulebook's order.

    ``feats`` are the achievements earned during play (Destroyer, Thief, Swindler); ``gifts``
    how many relics each seat received through Gift. Eliminated seats are those ranked last
    with a score of 0 and an "eliminated" line in the breakdown.
    """
    winners = set(outcome.winners())
    earned: list[tuple[str, ...]] = []
    for seat, cards in enumerate(pouches):
        totals = pouch_totals(cards)
        out = "eliminated" in outcome.breakdown[seat]
        won = seat in winners
        orbs = sum(1 for card in cards if relic_kind(card) == "orb")
        has = {
            "Clumsy": not cards,
            "Destroyer": "Destroyer" in feats[seat],
            "Thief": "Thief" in feats[seat],
            "Swindler": "Swindler" in feats[seat],
            "Survivor": totals.wounds >= 10 and not out,
            "Wealthy": won and totals.wealth >= 8,
            "Fortunate": gifts[seat] >= 2,
            "Sneaky": won and totals.wounds == 0,
            "Alchemist": totals.potions >= 3,
            "Orb Hunter": won and orbs == 2,
        }
        earned.append(tuple(name for name in ACHIEVEMENTS if has[name]))
    return tuple(earned)
