"""Phase 2, Assemble Collection: every seat at once, in small steps.

A seat first plays cards one at a time onto collections (and may take one back, or
relocate a card between its collections, those it is starting or growing now included),
then says it is ready (cards that cannot start a collection, alone for a new hero, go
back to the hand); it pays the market value of the played cards by discarding cards one
at a time until the value is covered (no change); the cards join the collections and the
Highlight tracks advance; last it discards down to two cards (not after the third round:
no round follows). Playing a card is allowed only while the cards left in hand can still
pay for everything played, so a seat can always finish.

Relocation counts the cards played this phase as part of their collections (the rulebook
allows it "during Phase 2"), so one invariant holds until the plays are paid for: every
hero with cards in a collection has at least two cards, collected or played. A played card
whose taking back would break it stays until the relocated card goes back.

Actions: ("play", card, hero)  ("unplay", card)  ("relocate", card, hero)  ("ready",)
         ("pay", card)  ("discard", card)
"""

from __future__ import annotations

from dataclasses import replace

from core.engine import Action, Event, in_words
from core.games.comic_hunters.data import CARD, HAND_LIMIT, HERO_NAMES
from core.games.comic_hunters.state import (
    Assembly,
    State,
    add_to,
    advance,
    collectable,
    counted,
    event,
    give,
    put,
    titles,
    to_convention_deck,
    value_sum,
    without,
)

_MIN_NEW = 2
"""A collection starts with two or more cards of its hero played at once (rulebook)."""


def begin_assembly(state: State) -> tuple[State, list[Event]]:
    n = state.players
    assembly = Assembly(stages=("play",) * n, plays=((),) * n, paid=((),) * n)
    return replace(state, assembly=assembly), [
        event("assemble", f"Round {state.round + 1}: Assemble Collection.")
    ]


def _last_round(state: State) -> bool:
    return state.round == 2


def sizes(state: State, seat: int) -> dict[str, int]:
    """Per hero, the cards of ``seat``'s collection with those played for it this phase."""
    assert state.assembly is not None
    counts = {hero: len(cards) for hero, cards in state.collections[seat]}
    for _, hero in state.assembly.plays[seat]:
        counts[hero] = counts.get(hero, 0) + 1
    return counts


def keeps_two(state: State, seat: int, hero: str) -> bool:
    """One card of ``hero`` may leave (relocated, or played and taken back): a collection
    keeps two cards or more, and a hero not collected yet has no collection to keep."""
    collected = any(h == hero for h, _ in state.collections[seat])
    return not collected or sizes(state, seat)[hero] - 1 >= _MIN_NEW


def owed(state: State, seat: int) -> int:
    """The market value of the cards ``seat`` has played this phase."""
    assert state.assembly is not None
    return value_sum(card for card, _ in state.assembly.plays[seat])


def strays(state: State, seat: int) -> list[str]:
    """Played cards that cannot start a collection: alone for a hero ``seat`` does not
    collect yet (a new collection needs two or more cards played at once)."""
    assert state.assembly is not None
    existing = {hero for hero, _ in state.collections[seat]}
    counts: dict[str, int] = {}
    for _, hero in state.assembly.plays[seat]:
        counts[hero] = counts.get(hero, 0) + 1
    return [
        card
        for card, hero in state.assembly.plays[seat]
        if hero not in existing and counts[hero] < _MIN_NEW
    ]


def _return_strays(state: State, seat: int) -> tuple[State, list[Event]]:
    """Saying ready takes back the played cards that cannot start a collection."""
    assembly = state.assembly
    assert assembly is not None
    back = strays(state, seat)
    if not back:
        return state, []
    plays = tuple(p for p in assembly.plays[seat] if p[0] not in back)
    state = give(state, seat, back)
    state = replace(state, assembly=replace(assembly, plays=put(assembly.plays, seat, plays)))
    why = "it was the only card" if len(back) == 1 else "each was the only card"
    text = (
        f"{{p{seat}}} takes back {titles(back)}: {why} played for its hero, and a new "
        "collection needs two cards or more."
    )
    return state, [event("unplay", text)]


def assembly_legal(state: State, seat: int) -> list[Action]:
    assembly = state.assembly
    assert assembly is not None
    stage = assembly.stages[seat]
    hand = state.hands[seat]
    if stage == "pay" or stage == "excess":
        return [("pay" if stage == "pay" else "discard", card) for card in hand]
    if stage != "play":
        return []
    # "ready" first: a player (or bot) taking the first choice always moves on.
    actions: list[Action] = [("ready",)]
    budget = value_sum(hand) - owed(state, seat)
    for card in hand:
        value = CARD[card].value
        if budget - 2 * value < 0:
            continue
        actions += [
            ("play", card, hero) for hero in CARD[card].heroes if collectable(state, hero, card)
        ]
    actions += [
        ("unplay", card) for card, hero in assembly.plays[seat] if keeps_two(state, seat, hero)
    ]
    size = sizes(state, seat)
    collected = {hero for hero, _ in state.collections[seat]}
    started = {hero for hero, count in size.items() if hero in collected or count >= _MIN_NEW}
    for hero, cards in state.collections[seat]:
        if not keeps_two(state, seat, hero):
            continue
        for card in cards:
            actions += [
                ("relocate", card, other)
                for other in CARD[card].heroes
                if other != hero and other in started and collectable(state, other, card)
            ]
    return actions


def assembly_apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    assembly = state.assembly
    assert assembly is not None
    verb = action[0]
    hand = state.hands[seat]
    if verb == "play":
        _, card, hero = action
        plays = assembly.plays[seat] + ((card, hero),)
        state = replace(
            state,
            hands=put(state.hands, seat, without(hand, card)),
            assembly=replace(assembly, plays=put(assembly.plays, seat, plays)),
        )
        return state, [event("play", f"{{p{seat}}} plays {titles([card])} for {HERO_NAMES[hero]}.")]
    if verb == "unplay":
        card = action[1]
        plays = tuple(p for p in assembly.plays[seat] if p[0] != card)
        state = give(state, seat, [card])
        state = replace(state, assembly=replace(assembly, plays=put(assembly.plays, seat, plays)))
        return state, [event("unplay", f"{{p{seat}}} takes {titles([card])} back.")]
    if verb == "relocate":
        _, card, hero = action
        return _relocate(state, seat, card, hero)
    if verb == "ready":
        state, events = _return_strays(state, seat)
        assembly = state.assembly
        assert assembly is not None
        if owed(state, seat) == 0:
            events.append(event("ready", f"{{p{seat}}} plays no new cards."))
            return _commit(state, seat, events)
        assembly = replace(assembly, stages=put(assembly.stages, seat, "pay"))
        events.append(event("ready", f"{{p{seat}}} must pay {owed(state, seat)}."))
        return replace(state, assembly=assembly), events
    card = action[1]
    hand = without(hand, card)
    state = replace(state, hands=put(state.hands, seat, hand))
    if verb == "pay":
        paid = assembly.paid[seat] + (card,)
        state = replace(state, assembly=replace(assembly, paid=put(assembly.paid, seat, paid)))
        events = [event("pay", f"{{p{seat}}} pays with {titles([card])}.")]
        if value_sum(paid) < owed(state, seat):
            return state, events
        return _commit(state, seat, events)
    # Discarding down to the hand limit: the card goes to the Convention deck.
    state = to_convention_deck(state, [card])
    events = [event("discard", f"{{p{seat}}} discards a card to the Convention deck.")]
    return _finish_excess(state, seat, events)


def _relocate(state: State, seat: int, card: str, hero: str) -> tuple[State, list[Event]]:
    moved: list[tuple[str, tuple[str, ...]]] = []
    for owner, cards in state.collections[seat]:
        kept = without(cards, card) if card in cards else cards
        if kept:  # emptied only while played cards of that hero keep it at two
            moved.append((owner, kept))
    collections = add_to(tuple(moved), hero, (card,))
    state = replace(state, collections=put(state.collections, seat, collections))
    return state, [
        event("relocate", f"{{p{seat}}} relocates {titles([card])} to {HERO_NAMES[hero]}.")
    ]


def _commit(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    """Paid in full: the played cards join their collections and the tracks advance."""
    assembly = state.assembly
    assert assembly is not None
    collections = state.collections[seat]
    marks = state.marks[seat]
    for card, hero in assembly.plays[seat]:
        collections = add_to(collections, hero, (card,))
        marks = advance(marks, state.tracks, card)
    paid = assembly.paid[seat]
    if assembly.plays[seat]:
        events.append(event("collect", _collect_text(state, seat, value_sum(paid))))
    state = replace(
        state,
        collections=put(state.collections, seat, collections),
        marks=put(state.marks, seat, marks),
        assembly=replace(
            assembly,
            plays=put(assembly.plays, seat, ()),
            paid=put(assembly.paid, seat, ()),
            stages=put(assembly.stages, seat, "excess"),
        ),
    )
    state = to_convention_deck(state, paid)
    return _finish_excess(state, seat, events)


def _collect_text(state: State, seat: int, worth: int) -> str:
    """What a seat added and what it paid, in words a newcomer reads ("Ala adds 3 cards,
    paying 10 for 8." left 10 and 8 to guess): the collections the cards joined, the
    worth of the cards paid against the market value owed, and no change when it was
    more (the rulebook's "there is no change, any surplus is lost")."""
    assert state.assembly is not None
    plays = state.assembly.plays[seat]
    heroes = [HERO_NAMES[h] for h in dict.fromkeys(hero for _, hero in plays)]
    where = "collection" if len(heroes) == 1 else "collections"
    value = owed(state, seat)
    # No pronoun for the cards: told to the payer, "their market value" read "your".
    text = (
        f"{{p{seat}}} adds {counted(len(plays))} (market value {value}) to the "
        f"{in_words(heroes)} {where}, paying with cards worth {worth}"
    )
    return f"{text} (no change is given)." if worth > value else f"{text}."


def _finish_excess(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    assembly = state.assembly
    assert assembly is not None
    if len(state.hands[seat]) > HAND_LIMIT and not _last_round(state):
        return state, events
    assembly = replace(assembly, stages=put(assembly.stages, seat, "done"))
    events.append(event("done", f"{{p{seat}}} has assembled."))
    return replace(state, assembly=assembly), events
