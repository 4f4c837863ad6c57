"""Orb Hunters' redaction: what each seat may see, and re-dealing what it may not.

Hidden from a seat: the other players' hands, the order of the adventurer deck and of the
relic deck. In Hidden Treasures every pouch lies face down (its owner's too: "no player
knows what relics each of them has") until the final score, and so do the relics that
Destruction removed. Everything under the relics, the supply, the discard pile and the
relics removed face up are public.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.games.orb_hunters.state import State


def _face_down(state: State) -> bool:
    return "hidden_treasures" in state.variants and not state.over


def view(
    state: State, seat: int | None, acting: frozenset[int], extra: dict[str, Any]
) -> dict[str, Any]:
    """Plain data for ``seat`` (None: a spectator): public facts plus its own hand."""
    hidden = _face_down(state)
    strategic = "strategic" in state.variants
    return {
        "game": "orb-hunters",
        "seat": seat,
        "players": state.players,
        "variants": list(state.variants),
        "colours": [list(colours) for colours in state.colours],
        "teams": [[0, 2], [1, 3]] if "teams" in state.variants else [],
        "round": state.round,
        "start": state.start,
        "turn": state.turn,
        "to_act": sorted(acting),
        "row": list(state.row),
        "columns": [list(column) for column in state.columns],
        "marks": {card: colour for card, colour in state.marks},
        "hand": None if seat is None or strategic else list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "supply": list(state.supply),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "relic_deck": len(state.relic_deck),
        "pouches": None if hidden else [list(pouch) for pouch in state.pouches],
        "pouch_sizes": [len(pouch) for pouch in state.pouches],
        "removed": list(state.removed),
        "destroyed": len(state.destroyed) if hidden else list(state.destroyed),
        "pending": list(state.pending),
        "resolving": state.resolving,
        "gifts": list(state.gifts),
        "over": state.over,
        **extra,
    }


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal the hidden adventurers (other hands and the deck) and the hidden relics.

    Sizes stay: of every hand, pouch, deck. In Hidden Treasures the relic deck, every pouch
    and the destroyed relics form one face-down pool. Pools are sorted before shuffling so
    the re-deal depends on what the seat knows and the rng only. The stored seed is replaced
    too, so a search over this state cannot foresee the real reshuffles.
    """
    others = [s for s in range(state.players) if s != seat]
    pool = sorted([*state.deck, *(card for s in others for card in state.hands[s])])
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        size = len(hands[other])
        hands[other], pool = tuple(pool[:size]), pool[size:]
    state = replace(state, deck=tuple(pool), hands=tuple(hands))
    if _face_down(state):
        relics = sorted(
            [*state.relic_deck, *state.destroyed, *(c for pouch in state.pouches for c in pouch)]
        )
        rng.shuffle(relics)
        pouches = []
        for pouch in state.pouches:
            pouches.append(tuple(relics[: len(pouch)]))
            relics = relics[len(pouch) :]
        destroyed = tuple(relics[: len(state.destroyed)])
        relics = relics[len(state.destroyed) :]
        state = replace(
            state, pouches=tuple(pouches), destroyed=destroyed, relic_deck=tuple(relics)
        )
    else:
        relic_deck = sorted(state.relic_deck)
        rng.shuffle(relic_deck)
        state = replace(state, relic_deck=tuple(relic_deck))
    return replace(state, rng=rng.getrandbits(63))
