"""Shardhunters scoring: who wins a Combat and a Hunt, and what heroes make of cards and loot.

All functions are pure and speak of cards as ``(value, colour)`` pairs, colour one of
``"white"``, ``"yellow"``, ``"blue"``, ``"red"``. The rules module turns card ids into
these pairs (with hero abilities applied) and calls in here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

Card = tuple[int, str]
"""A monster card as the Combat sees it: (value, colour)."""


def coloured(cards: Sequence[Card]) -> int:
    """How many cards are coloured (every colour but white)."""
    return sum(1 for _, colour in cards if colour != "white")


def _best_of(candidates: Sequence[int], plays: Sequence[Sequence[Card]]) -> list[int]:
    """The candidates with the most coloured cards (one: the winner of the tie)."""
    most = max(coloured(plays[seat]) for seat in candidates)
    return [seat for seat in candidates if coloured(plays[seat]) == most]


def _one(seats: Sequence[int]) -> int | None:
    return seats[0] if len(seats) == 1 else None


def combat_leaders(plays: Sequence[Sequence[Card]]) -> list[int]:
    """The seats a Combat's rules cannot separate (rulebook, "Coloured Monster Cards"): one
    seat is the winner; several drew, among the best totals.

    The highest total wins; if anyone played a blue card the lowest total wins instead,
    unless anyone played a red card too (red overrules blue). Equal totals go to the tied
    player with the most coloured cards; if that ties as well, the Combat is a draw.
    """
    if not plays:
        return []
    totals = [sum(value for value, _ in cards) for cards in plays]
    colours = {colour for cards in plays for _, colour in cards}
    lowest = "blue" in colours and "red" not in colours
    target = min(totals) if lowest else max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == target]
    return tied if len(tied) == 1 else _best_of(tied, plays)


def combat_winner(plays: Sequence[Sequence[Card]]) -> int | None:
    """The seat that wins a Combat, or None for a draw."""
    return _one(combat_leaders(plays))


def hunt_winner(loot: Sequence[Sequence[Card]]) -> int | None:
    """The seat that wins a Hunt, or None when every tie-break ties (rulebook, "The Hunt").

    Most looted cards wins (their values do not matter); then the most coloured cards among
    the tied; else nobody (every player then gets a Bloodshard).
    """
    if not loot:
        return None
    counts = [len(cards) for cards in loot]
    tied = [seat for seat, count in enumerate(counts) if count == max(counts)]
    return tied[0] if len(tied) == 1 else _one(_best_of(tied, loot))


def effective(
    cards: Sequence[Card], combat: int, powers: Collection[str], clemence: bool
) -> list[Card]:
    """The cards one player put into Combat ``combat`` (0–3), as its heroes make them count.

    Colour changes ("count as") apply to the Combat's colour rules only: Selena's whites are
    yellow in the 3rd Combat, Petra's yellows red in the 2nd. Values follow the printed
    colour: Clemence (anyone's, ``clemence``) makes every yellow worth 1; Shena takes 1 from
    the player's blues (not below 0), Mira adds 1 to them; Varden adds 2 to reds; Dragan
    adds 1 to whites in the 1st and 4th Combats.
    """
    result: list[Card] = []
    for value, colour in cards:
        shown = colour
        if colour == "white" and combat == 2 and "selena" in powers:
            shown = "yellow"
        if colour == "yellow" and combat == 1 and "petra" in powers:
            shown = "red"
        if colour == "yellow" and clemence:
            value = 1
        if colour == "blue":
            value += ("mira" in powers) - ("shena" in powers)
            value = max(0, value)
        if colour == "red" and "varden" in powers:
            value += 2
        if colour == "white" and combat in (0, 3) and "dragan" in powers:
            value += 1
        result.append((value, shown))
    return result


def loot_shards(loot: Sequence[Card], powers: Collection[str]) -> dict[str, int]:
    """The Bloodshards a player's loot has earned so far this Hunt, by hero.

    Loot only grows during a Hunt, so the rules pay the difference after every Combat: a
    Bloodshard is taken the moment its condition is met. Printed colours count here.
    """
    earned: dict[str, int] = {}
    if "morgan" in powers:
        earned["morgan"] = sum(1 for _, colour in loot if colour == "yellow")
    if "nimrod" in powers:
        earned["nimrod"] = int(any(value == 4 for value, _ in loot))
    if "benedictus" in powers:
        whites = {value for value, colour in loot if colour == "white"}
        earned["benedictus"] = int(len(whites) >= 3)
    if "philippe" in powers:
        earned["philippe"] = int(any(n >= 2 for n in Counter(loot).values()))
    if "angelo" in powers:
        earned["angelo"] = int(len(loot) > 7)
    return earned
