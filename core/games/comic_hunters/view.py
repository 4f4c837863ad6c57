"""Comic Hunters' redaction: what each seat may see, and re-dealing what it may not.

Hidden from a seat: the other players' hands and the Store cards in front of them (only
their backs, which show the market value, can be seen), the four face-down decks, the
removed heroes' cards and the game box. Everything on the table is public: the Flea Market
rows, the auction lots and bids, the Convention grid, collections, cards being played and
paid in Phase 2, Jarvis' collections, the tracks.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from core.engine import Outcome
from core.games.comic_hunters.data import CARD, CARDS, SCHEDULE
from core.games.comic_hunters.scoring import score_sheet

if TYPE_CHECKING:
    from core.games.comic_hunters.state import State


def _collections(collections: Any) -> list[list[Any]]:
    return [[hero, list(cards)] for hero, cards in collections]


def view(
    state: State, seat: int | None, acting: frozenset[int], outcome: Outcome | None
) -> dict[str, Any]:
    """Plain data for ``seat`` (None: a spectator): public facts plus its own cards."""
    n = state.players
    data: dict[str, Any] = {
        "game": "comic-hunters",
        "seat": seat,
        "players": n,
        "solo": state.solo,
        "round": state.round,
        "step": state.step,
        "location": state.location,
        "schedule": [list(r) for r in SCHEDULE],
        "first": state.first,
        "to_act": sorted(acting),
        "trending": [list(row) for row in state.trending],
        "tracks": list(state.tracks),
        "removed_heroes": list(state.removed_heroes),
        "decks": {
            "store": len(state.store_deck),
            "flea": len(state.flea_deck),
            "auction": len(state.auction_deck),
            "convention": len(state.convention_deck),
            "removed": len(state.removed),
            "box": len(state.box),
        },
        "hand": list(state.hands[seat]) if seat is not None else None,
        "hand_values": [sorted(CARD[c].value for c in hand) for hand in state.hands],
        "collections": [_collections(c) for c in state.collections],
        "marks": [list(m) for m in state.marks],
        "stash": list(state.stash),
        "jarvis": None,
        "store": None,
        "flea": None,
        "auction": None,
        "convention": None,
        "assembly": None,
        "scores": None,
    }
    if state.solo:
        data["jarvis"] = {
            "collections": _collections(state.jarvis),
            "marks": list(state.jarvis_marks),
            "stash": state.jarvis_stash,
        }
    if state.store is not None:
        store = state.store
        data["store"] = {
            "pack": list(store.packs[seat]) if seat is not None else None,
            "pack_sizes": [len(p) for p in store.packs],
            "steps": list(store.steps),
            "direction": store.direction,
            "packs_left": store.packs_left,
        }
    if state.flea is not None:
        flea = state.flea
        data["flea"] = {
            "rows": [list(r) for r in flea.rows],
            "caps": list(flea.caps),
            "open": list(flea.open),
            "visiting": list(flea.visiting),
            "turn": flea.turn,
        }
    if state.auction is not None:
        a = state.auction
        data["auction"] = {
            "lots": [list(lot) for lot in a.lots],
            "sold": list(a.sold),
            "won": list(a.won),
            "turn": a.turn,
            "lot": a.lot,
            "bid": a.bid,
            "leader": a.leader,
            "opener": a.opener,
            "bidders": list(a.bidders),
            "picks": a.picks,
        }
    if state.convention is not None:
        c = state.convention
        data["convention"] = {
            "grid": list(c.grid),
            "turns": [[s, d] for s, d in c.turns],
            "slid": c.slid,
        }
    if state.assembly is not None:
        asm = state.assembly
        data["assembly"] = {
            "stages": list(asm.stages),
            "plays": [[[card, hero] for card, hero in plays] for plays in asm.plays],
            "paid": [list(p) for p in asm.paid],
        }
    if outcome is not None:
        data["scores"] = score_sheet(state)
        data["outcome"] = {
            "scores": list(outcome.scores),
            "ranking": [list(g) for g in outcome.ranking],
            "note": outcome.note,
        }
    return data


@cache
def _keys(removed_heroes: tuple[str, ...]) -> dict[str, tuple[int, bool]]:
    """For every card, what its back shows or its zone implies: its value, and whether it
    is a removed hero's card (one table per game: the removed heroes never change)."""
    return {card.id: (card.value, all(h in removed_heroes for h in card.heroes)) for card in CARDS}


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal every card hidden from ``seat``, keeping what the seat knows.

    Each hidden place keeps the value (the card back), removed-hero status and solo
    grid-fill status of each of its cards; the Convention deck, whose order of backs nobody
    tracks, takes whatever is left, shuffled. Pools are sorted before shuffling so the
    re-deal depends only on what the seat knows. The stored seed is replaced too, so a
    search cannot foresee shuffles.
    """
    others = [s for s in range(state.players) if s != seat]
    zones: list[tuple[str, ...]] = [
        state.store_deck,
        state.flea_deck,
        state.auction_deck,
        state.removed,
        state.box,
        *(state.hands[o] for o in others),
    ]
    packs = list(state.store.packs) if state.store is not None else []
    zones += [packs[o] for o in others if packs]
    base = _keys(state.removed_heroes)
    # A solo grid fill is known to everyone (it lay on the grid) and may be collected.
    fills = set(state.grid_fills)
    key = {card: (*base[card], card in fills) for card in base}
    pools: dict[tuple[int, bool, bool], list[str]] = {}
    for zone in (*zones, state.convention_deck):
        for card in zone:
            pools.setdefault(key[card], []).append(card)
    for group in sorted(pools):
        pools[group].sort()
        rng.shuffle(pools[group])
    dealt = [tuple(pools[key[card]].pop() for card in zone) for zone in zones]
    rest = sorted(card for pool in pools.values() for card in pool)
    rng.shuffle(rest)
    store_deck, flea_deck, auction_deck, removed, box, *more = dealt
    hands = list(state.hands)
    for other, hand in zip(others, more[: len(others)], strict=True):
        hands[other] = tuple(sorted(hand))
    store = state.store
    if store is not None:
        for other, pack in zip(others, more[len(others) :], strict=True):
            packs[other] = tuple(sorted(pack))
        store = replace(store, packs=tuple(packs))
    return replace(
        state,
        store_deck=store_deck,
        flea_deck=flea_deck,
        auction_deck=auction_deck,
        convention_deck=tuple(rest),
        removed=tuple(sorted(removed)),
        box=tuple(sorted(box)),
        hands=tuple(hands),
        store=store,
        rng=rng.getrandbits(63),
    )


def census(state: State) -> Counter[str]:
    """Every card in every zone."""
    cards: Counter[str] = Counter()
    for zone in (
        state.store_deck,
        state.flea_deck,
        state.auction_deck,
        state.convention_deck,
        state.removed,
        state.box,
    ):
        cards.update(zone)
    for hand in state.hands:
        cards.update(hand)
    for collections in (*state.collections, state.jarvis):
        for _, zone in collections:
            cards.update(zone)
    if state.store is not None:
        for pack in state.store.packs:
            cards.update(pack)
    if state.flea is not None:
        for row in state.flea.rows:
            cards.update(row)
    if state.auction is not None:
        for lot in state.auction.lots:
            cards.update(lot)
    if state.convention is not None:
        cards.update(c for c in state.convention.grid if c is not None)
    if state.assembly is not None:
        for plays in state.assembly.plays:
            cards.update(card for card, _ in plays)
        for paid in state.assembly.paid:
            cards.update(paid)
    return cards
