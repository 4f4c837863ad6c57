"""Comic Hunters' public totals and milestones, from what a seat may see.

The projected score is the game's own scoring (core/games/comic_hunters/scoring.py) applied
to the public table: collections, the Trending Track, the Highlight tracks and the Secret
Stashes are all face up, so every player may count everyone's score as it stands. A
milestone is a location resolved or an Assemble Collection finished: a title, then one
sentence per fact.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from core.engine import Event, in_words, with_names
from core.games.comic_hunters.data import CARD, HERO_NAMES, HIGHLIGHT_NAMES, LOCATION_NAMES
from core.games.comic_hunters.scoring import highlight_points, size_points, variety_points
from core.games.comic_hunters.state import counted
from core.table import Update
from tui.boards.comic_hunters_draw import card_words, issue_words, value_counts
from tui.screens.history import you_form

SHEET = ("size", "variety", "highlights", "secret stash")
"""The score pad's lines, in its order."""


def trending_row(view: dict[str, Any], hero: str) -> int | None:
    """The Trending Track row (1 top) of ``hero``; None for a hero not on the track."""
    for index, row in enumerate(view["trending"]):
        if hero in row:
            return index + 1
    return None


def _everyone(view: dict[str, Any]) -> tuple[list[Any], list[list[int]], list[int]]:
    """Collections, Highlight marks and stashes of every player, then Jarvis in solo."""
    collections = list(view["collections"])
    marks = [list(m) for m in view["marks"]]
    stash = list(view["stash"])
    jarvis = view["jarvis"]
    if jarvis is not None:
        collections.append(jarvis["collections"])
        marks.append(list(jarvis["marks"]))
        stash.append(jarvis["stash"])
    return collections, marks, stash


def size_by_hero(view: dict[str, Any]) -> list[dict[str, int]]:
    """Each player's (then Jarvis') size points per collection, as it stands."""
    collections, _, _ = _everyone(view)
    return [
        {hero: size_points(len(cards), trending_row(view, hero)) for hero, cards in held}
        for held in collections
    ]


def projected(view: dict[str, Any]) -> list[dict[str, int]]:
    """Everyone's score if the game ended now, by score-pad line (Jarvis last in solo)."""
    collections, marks, stash = _everyone(view)
    highlight = [0] * len(marks)
    for track in range(len(view["tracks"])):
        points = highlight_points([m[track] for m in marks], view["players"])
        highlight = [a + b for a, b in zip(highlight, points, strict=True)]
    sizes = size_by_hero(view)
    return [
        {
            "size": sum(sizes[i].values()),
            "variety": variety_points(len(cards) for _, cards in collections[i]),
            "highlights": highlight[i],
            "secret stash": stash[i],
        }
        for i in range(len(collections))
    ]


def _who(update: Update, index: int) -> str:
    if index >= update.view["players"]:
        return "Jarvis"
    if index == update.seat:
        return "You"
    return update.names[index] if index < len(update.names) else f"Player {index + 1}"


def score_sentence(update: Update, index: int, sheet: dict[str, int]) -> str:
    """ "Ala would score 41 now: size 19, variety 3, Highlights 4, Secret Stash 15."."""
    who = _who(update, index)
    # At the game's end the pad is the final score, not a projection.
    over = update.outcome is not None
    verb = ("score" if who == "You" else "scores") if over else "would score"
    ending = "" if over else " now"
    return (
        f"{who} {verb} {sum(sheet.values())}{ending}: size {sheet['size']}, "
        f"variety {sheet['variety']}, Highlights {sheet['highlights']}, Secret Stash "
        f"{sheet['secret stash']}."
    )


# -- milestones ---------------------------------------------------------------------------

OPENINGS = {"store", "flea", "auction", "convention", "assemble"}
"""Event types a location's (or Assemble's) first event has; "store" also ends the draft."""
RESULTS = {
    "take-row",
    "win",
    "keep",
    "take",
    "discard",
    "jarvis",
    "flea",
    "auction",
    "convention",
    "collect",
}
"""Event types that tell who got what at a location or in Assemble."""


def _opens(event: Event) -> bool:
    return event.get("type") in OPENINGS and (
        event["type"] == "assemble" or " opens" in event.get("text", "")
    )


def _ended_location(view: dict[str, Any], events: Sequence[Event]) -> str | None:
    """The location these events finished, if they finished one: the First Player is
    asked to hand the marker on, or the next location (or Assemble) opened without the
    marker just having been handed on (that follows a location already told)."""
    handed = any(e.get("type") == "first" and " gives " in e.get("text", "") for e in events)
    asked = any(e.get("type") == "first" and " chooses " in e.get("text", "") for e in events)
    new_round = any(e.get("type") in ("round", "over") for e in events)
    opened = [e for e in events if _opens(e)]
    if not (asked or (opened and not handed and not new_round)):
        return None
    places = view["schedule"][view["round"]]
    where = view["location"]
    if where == "give-first":
        return str(places[view["step"]])
    if where == "assemble" or view["step"] >= 3:
        return str(places[-1])
    if view["step"] == 0:
        return None  # a round's first location opening: the Assemble before it is told
    return str(places[view["step"] - 1])


def _times(count: int) -> str:
    return "" if count == 1 else " twice" if count == 2 else f" {count} times"


def cards_summary(cards: Sequence[str]) -> str:
    """Cards as a summary says them, counted and grouped by hero, with their value and
    Highlights: "3 cards (Iron Man and 2 Thor; value 9 in all; First Appearance twice)",
    "2 Thor cards (value 4 in all; no Highlights)", one "an Iron Man card (value 2; New
    Look)"; a card of two heroes is a team-up ("a Thor & Hulk team-up"). Each card's title
    and year are in the log."""
    heroes = Counter(" & ".join(HERO_NAMES[h] for h in CARD[c].heroes) for c in cards)
    icons = Counter(HIGHLIGHT_NAMES[i] for c in cards for i in CARD[c].highlights)
    shown = in_words([f"{name}{_times(n)}" for name, n in icons.items()]) or "no Highlights"
    total = sum(CARD[c].value for c in cards)
    worth = f"value {total}" if len(cards) == 1 else f"value {total} in all"

    def kind(name: str) -> str:
        return f"{name} team-up" if " & " in name else name

    def one(name: str) -> str:
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {kind(name)}"

    if len(heroes) == 1:
        (name,) = heroes
        if len(cards) == 1:
            return f"{one(name)} card ({worth}; {shown})"
        return f"{len(cards)} {kind(name)} cards ({worth}; {shown})"
    grouped = in_words(
        [
            (one(name) if " & " in name else name)
            if n == 1
            else f"{n} {kind(name)}{'s' if ' & ' in name else ''}"
            for name, n in heroes.items()
        ]
    )
    return f"{counted(len(cards))} ({grouped}; {worth}; {shown})"


@lru_cache(maxsize=1)
def _card_runs() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """A run of cards as the events list them ("A (…); B (…)"), one card's words, and the
    card of each words."""
    by_words = {card_words(c): c for c in CARD}
    one = "|".join(re.escape(w) for w in sorted(by_words, key=len, reverse=True))
    return re.compile(f"(?:{one})(?:; (?:{one}))*"), re.compile(one), by_words


def summed_up(text: str) -> str:
    """An event's sentence with each list of cards it names counted and grouped
    (`cards_summary`): a summary repeated every card the log had told one by one."""
    run, one, by_words = _card_runs()
    return run.sub(
        lambda found: cards_summary([by_words[m.group(0)] for m in one.finditer(found.group(0))]),
        text,
    )


def _facts(
    events: Sequence[Event], names: Sequence[str], types: set[str], reader: int | None = None
) -> list[str]:
    """The public sentences of ``types`` among ``events``, named, in order, once each;
    ``reader``'s own moves as "You …"."""
    seen: list[str] = []
    for e in events:
        nothing_left = e.get("type") == "pass" and "nothing left" in e.get("text", "")
        told = e.get("type") in types and not _opens(e)
        if e.get("to") is None and (told or nothing_left):
            # A title's number as an issue ("Sanctum #1" read like the Number One icon).
            said = issue_words(e["text"] if reader is None else you_form(e["text"], reader))
            said = summed_up(said)
            text = with_names(said, names)
            if text not in seen:
                seen.append(text)
    return seen


def _since_opening(events: Sequence[Event], kind: str) -> list[Event]:
    """The events after the last opening of ``kind`` (all of them without one)."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("type") == kind and _opens(events[index]):
            return list(events[index + 1 :])
    return list(events)


def hand_sentence(update: Update, seat: int) -> str:
    """What a player holds, as a person says it: the backs counted by value as every hand
    is written, and what they add up to ("values 1, 1, 1, 2, 3" listed them one by one):
    "Bot 2 has 5 cards in hand, 3①1②1③ (worth 8 in all), and 15 in the Secret Stash."."""
    values = update.view["hand_values"][seat]
    stash = update.view["stash"][seat]
    who = _who(update, seat)
    have = "have" if who == "You" else "has"
    kept = f"{stash} in the Secret Stash" if stash else "nothing in the Secret Stash"
    if not values:
        return f"{who} {have} no cards in hand and {kept}."
    worth = f"worth {sum(values)}{' in all' if len(values) > 1 else ''}"
    held = f"{counted(len(values))} in hand, {value_counts(values)} ({worth})"
    return f"{who} {have} {held}, and {kept}."


def _leaders(update: Update) -> list[str]:
    """Who leads each Highlight track, and what the lead is worth now."""
    view = update.view
    _, marks, _ = _everyone(view)
    out = []
    for track, icon in enumerate(view["tracks"]):
        positions = [m[track] for m in marks]
        best = max(positions)
        if best == 0:
            out.append(f"Nobody has advanced on {HIGHLIGHT_NAMES[icon]} yet.")
            continue
        points = highlight_points(positions, view["players"])
        leaders = [i for i, p in enumerate(positions) if p == best]
        who = in_words([_who(update, i) for i in leaders])
        verb = "lead" if len(leaders) > 1 or who == "You" else "leads"
        out.append(
            f"{who} {verb} {HIGHLIGHT_NAMES[icon]} with {best} "
            f"(worth {points[leaders[0]]} points{'' if update.outcome is not None else ' now'})."
        )
    return out


def collections_words(update: Update, index: int) -> str:
    """A player's collections in a sentence: "You have 2 collections: Thor (3 cards) and
    Hulk (2 cards)." ("You: collections Thor 3, Hulk 2." was no sentence)."""
    view = update.view
    held = view["collections"][index] if index < view["players"] else view["jarvis"]["collections"]
    who = _who(update, index)
    have = "have" if who == "You" else "has"
    if not held:
        return f"{who} {have} no collection yet."
    words = in_words([f"{HERO_NAMES[h]} ({counted(len(cards))})" for h, cards in held])
    return f"{who} {have} {counted(len(held), 'collection')}: {words}."


def milestone(update: Update, events: Sequence[Event]) -> list[str] | None:
    """When ``events`` (just delivered to a seat) finish a location or an Assemble
    Collection: a title line, then one sentence per fact; else None."""
    view = update.view
    names = update.names
    everyone = list(range(view["players"])) + ([view["players"]] if view["jarvis"] else [])
    sheets = projected(view)
    out: list[str] = []
    ended = _ended_location(view, events)
    if ended is not None:
        round_number = view["round"] + 1
        out.append(f"Round {round_number}: the {LOCATION_NAMES[ended]} is over")
        here = _since_opening(events, ended)
        facts = _facts(here, names, RESULTS, update.seat)
        if ended == "store":
            facts = [] if view["solo"] else ["Every player drafted their Store cards face down."]
        out += facts
        out += [hand_sentence(update, s) for s in range(view["players"])]
        if view["jarvis"] is not None:
            out.append(collections_words(update, view["players"]))
    if any(e.get("type") in ("round", "over") for e in events):
        done = 3 if view["location"] == "over" else view["round"]
        here = _since_opening(events, "assemble")
        out.append(f"Round {done}: Assemble Collection is over")
        out += _facts(here, names, {"collect"}, update.seat)
        out += [collections_words(update, i) for i in everyone]
        out += _leaders(update)
        out += [score_sentence(update, i, sheets[i]) for i in everyone]
    return out or None
