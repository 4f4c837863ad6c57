"""Comic Hunters' state: the frozen dataclasses of a game, and the small moves every
location shares (drawing with removed-hero fills, shuffling into the Convention deck,
Jarvis taking cards, advancing Highlight tracks)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from core import codec
from core.engine import Event, chance
from core.games.comic_hunters.data import CARD, HEROES, TRACK_END, card_text

Collection = tuple[str, tuple[str, ...]]
"""One collection: (hero, cards)."""


@codec.register
@dataclass(frozen=True, slots=True)
class Store:
    """The Store draft: the pack in front of each seat and what each seat still owes."""

    packs: tuple[tuple[str, ...], ...]
    steps: tuple[int, ...]
    """Per seat: 0 must pick a card, 1 must box one (2 players), 2 waits for the others."""
    direction: int
    """+1 passes left (clockwise), -1 right; 0 solo (no passing)."""
    packs_left: int
    """Solo: packs still to draw after the one in front of the player."""


@codec.register
@dataclass(frozen=True, slots=True)
class FleaMarket:
    """The Flea Market rows (a taken row is closed and empty)."""

    rows: tuple[tuple[str, ...], ...]
    caps: tuple[int, ...]
    open: tuple[bool, ...]
    visiting: tuple[int, ...]
    """Seats that have not yet taken a row."""
    turn: int


@codec.register
@dataclass(frozen=True, slots=True)
class Auction:
    """The Auction Website: the lots and the bidding on one of them."""

    lots: tuple[tuple[str, ...], ...]
    sold: tuple[bool, ...]
    won: tuple[bool, ...]
    """Per seat: already won a lot this visit (one win per player per round)."""
    turn: int
    lot: int
    """The lot being bid on (-1: the turn's seat opens a new one)."""
    bid: int
    leader: int
    opener: int
    bidders: tuple[int, ...]
    """Seats still bidding on the lot (the leader included)."""
    picks: int
    """The forced last lot, paid in part: cards the turn's seat still chooses (0: none)."""


@codec.register
@dataclass(frozen=True, slots=True)
class Convention:
    """The Convention grid (25 cells, row by row; None is an empty space) and the turns."""

    grid: tuple[str | None, ...]
    turns: tuple[tuple[int, bool], ...]
    """The remaining turns, current first: (seat, is a solo Discard turn)."""
    slid: bool
    """The current turn has used its slide."""


@codec.register
@dataclass(frozen=True, slots=True)
class Assembly:
    """Phase 2 for every seat at once: cards played, cards paid, and each seat's stage."""

    stages: tuple[str, ...]
    """Per seat: "play", "pay", "excess" (keep at most two) or "done"."""
    plays: tuple[tuple[tuple[str, str], ...], ...]
    """Per seat: (card, hero) played this phase, not yet paid for."""
    paid: tuple[tuple[str, ...], ...]


@codec.register
@dataclass(frozen=True, slots=True)
class State:
    """One position of a Comic Hunters game."""

    players: int
    advanced: bool
    """Advanced Highlight markers: three random tracks."""
    round: int
    """0, 1, 2."""
    step: int
    """The schedule step of the round: 0, 1, 2; 3 is Assemble Collection."""
    location: str
    """"store", "flea", "auction", "convention", "give-first", "assemble" or "over"."""
    first: int
    trending: tuple[tuple[str, ...], ...]
    tracks: tuple[str, ...]
    removed_heroes: tuple[str, ...]
    store_deck: tuple[str, ...]
    flea_deck: tuple[str, ...]
    auction_deck: tuple[str, ...]
    convention_deck: tuple[str, ...]
    removed: tuple[str, ...]
    """Cards of the removed heroes, face down, used to fill short locations."""
    grid_fills: tuple[str, ...]
    """Solo: removed heroes' cards added to complete a Convention grid. Only these may form
    collections of removed heroes (rulebook, Solo Mode); every other fill card is worth
    its market value only."""
    box: tuple[str, ...]
    """Cards returned to the game box (two-player Store)."""
    hands: tuple[tuple[str, ...], ...]
    collections: tuple[tuple[Collection, ...], ...]
    marks: tuple[tuple[int, ...], ...]
    """Per seat, the position on each of the three Highlight tracks."""
    stash: tuple[int, ...]
    jarvis: tuple[Collection, ...]
    jarvis_marks: tuple[int, ...]
    jarvis_stash: int
    store: Store | None
    flea: FleaMarket | None
    auction: Auction | None
    convention: Convention | None
    assembly: Assembly | None
    rng: int

    @property
    def solo(self) -> bool:
        return self.players == 1


def put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with one item replaced."""
    return items[:index] + (value,) + items[index + 1 :]


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` less one copy of ``card``."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def event(kind: str, text: str, to: int | None = None) -> Event:
    """An event dict; ``to`` makes it private to one seat."""
    made: Event = {"type": kind, "text": text}
    if to is not None:
        made["to"] = to
    return made


def titles(cards: tuple[str, ...] | list[str]) -> str:
    """Cards as words for the log."""
    return "; ".join(card_text(card) for card in cards) or "no cards"


def counted(count: int, noun: str = "card") -> str:
    """A number of things as a sentence says it: "1 card", "3 cards"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def value_sum(cards: Any) -> int:
    """The total market value of some cards."""
    return sum(CARD[card].value for card in cards)


def give(state: State, seat: int, cards: tuple[str, ...] | list[str]) -> State:
    """``cards`` join ``seat``'s hand (kept sorted: a hand has no order)."""
    hand = tuple(sorted(state.hands[seat] + tuple(cards)))
    return replace(state, hands=put(state.hands, seat, hand))


def collectable(state: State, hero: str, card: str) -> bool:
    """``card`` may join a collection of ``hero``: a hero in play, or in solo games a
    removed hero whose card was added to complete the Convention grid (rulebook: a fill
    card "cannot be added to Collections, only its Market Value can be used"; Solo Mode:
    collections of removed heroes "only if they have been added to the game to complete
    the grid"). A card that also shows a hero in play joins only that hero."""
    if hero not in CARD[card].heroes:
        return False
    return hero not in state.removed_heroes or card in state.grid_fills


def trending_row(state: State, hero: str) -> int | None:
    """The hero's Trending Track row (1 top), or None for a hero without a marker."""
    for row, heroes in enumerate(state.trending, 1):
        if hero in heroes:
            return row
    return None


def draw(state: State, deck: str, count: int) -> tuple[State, list[str], int]:
    """Draw ``count`` cards from an age deck ("store_deck", "flea_deck", "auction_deck");
    missing cards are random removed-hero cards of the same value (rulebook). Returns the
    cards and how many were fills (fewer cards when even the fills run out)."""
    cards: tuple[str, ...] = getattr(state, deck)
    taken = list(cards[:count])
    rest: dict[str, Any] = {deck: cards[count:]}
    state = replace(state, **rest)
    value = {"store_deck": 1, "flea_deck": 2, "auction_deck": 3}[deck]
    state, filled = _fill(state, count - len(taken), (value,))
    return state, taken + filled, len(filled)


def draw_convention(state: State, count: int) -> tuple[State, list[str], int]:
    """Draw from the Convention deck; missing cards are removed-hero cards, value 3 first.
    In solo games these grid fills are remembered: they may form collections."""
    taken = list(state.convention_deck[:count])
    state = replace(state, convention_deck=state.convention_deck[count:])
    state, filled = _fill(state, count - len(taken), (3, 2, 1))
    if state.solo and filled:
        state = replace(state, grid_fills=tuple(sorted(state.grid_fills + tuple(filled))))
    return state, taken + filled, len(filled)


def _fill(state: State, missing: int, values: tuple[int, ...]) -> tuple[State, list[str]]:
    filled: list[str] = []
    for _ in range(missing):
        options: list[str] = []
        for value in values:
            options = [card for card in state.removed if CARD[card].value == value]
            if options:
                break
        if not options:
            break
        rng, seed = chance(state.rng)
        card = rng.choice(options)
        filled.append(card)
        state = replace(state, removed=without(state.removed, card), rng=seed)
    return state, filled


def can_supply(state: State, deck: str) -> bool:
    """One more card can come from this age deck or from the removed-hero fills."""
    if getattr(state, deck):
        return True
    value = {"store_deck": 1, "flea_deck": 2, "auction_deck": 3}[deck]
    return any(CARD[card].value == value for card in state.removed)


def to_convention_deck(state: State, cards: tuple[str, ...] | list[str]) -> State:
    """Cards join the Convention deck, which is shuffled at once (rulebook)."""
    if not cards:
        return state
    rng, seed = chance(state.rng)
    deck = sorted(state.convention_deck + tuple(cards))
    rng.shuffle(deck)
    return replace(state, convention_deck=tuple(deck), rng=seed)


def advance(marks: tuple[int, ...], tracks: tuple[str, ...], card: str) -> tuple[int, ...]:
    """Highlight positions after one new card: each matching icon moves its track by the
    card's market value (rulebook), up to the end of the track."""
    info = CARD[card]
    return tuple(
        min(TRACK_END, mark + info.value * info.highlights.count(track))
        for mark, track in zip(marks, tracks, strict=True)
    )


def add_to(
    collections: tuple[Collection, ...], hero: str, cards: tuple[str, ...]
) -> tuple[Collection, ...]:
    """Collections with ``cards`` added to ``hero``'s (started if new), in hero order."""
    found = dict(collections)
    found[hero] = tuple(sorted(found.get(hero, ()) + cards))
    return tuple((h, found[h]) for h in HEROES if h in found)


def jarvis_hero(state: State, card: str) -> str:
    """Where Jarvis files a card: the hero best placed on the Trending Track, then the
    largest of his collections (rulebook), then the first icon (designed). Only heroes the
    card may be collected for count (a removed hero only on a grid fill)."""
    sizes = dict((hero, len(cards)) for hero, cards in state.jarvis)
    heroes = CARD[card].heroes
    return min(
        [h for h in heroes if collectable(state, h, card)] or heroes,
        key=lambda h: (trending_row(state, h) or 4, -sizes.get(h, 0), heroes.index(h)),
    )


def jarvis_takes(state: State, cards: tuple[str, ...] | list[str]) -> tuple[State, list[Event]]:
    """Cards go straight into Jarvis' collections, unpaid, Highlights updated at once.

    A fill card that did not complete a Convention grid cannot join a collection and
    Jarvis has no hand to pay with it: it goes to the Convention deck (designed)."""
    events: list[Event] = []
    unusable = [c for c in cards if not any(collectable(state, h, c) for h in CARD[c].heroes)]
    if unusable:
        cards = [c for c in cards if c not in unusable]
        state = to_convention_deck(state, unusable)
        events.append(
            event(
                "jarvis",
                f"{titles(unusable)}: {'this card' if len(unusable) == 1 else 'these cards'} "
                "of removed heroes Jarvis cannot collect go to the Convention deck.",
            )
        )
    for card in cards:
        hero = jarvis_hero(state, card)
        state = replace(
            state,
            jarvis=add_to(state.jarvis, hero, (card,)),
            jarvis_marks=advance(state.jarvis_marks, state.tracks, card),
        )
    if cards:
        events.append(event("jarvis", f"Jarvis collects {titles(list(cards))}."))
    return state, events
