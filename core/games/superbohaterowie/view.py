"""Superbohaterowie's redaction: what each seat may see, and re-dealing what it may not.

Hidden from a seat: the other players' hands and the order of the draw pile. Everything on
the cities and in the face-up discard pile is public.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from core.games.superbohaterowie.data import CITIES
from core.games.superbohaterowie.state import State


def view(state: State, seat: int | None, acting: frozenset[int]) -> dict[str, Any]:
    """Plain data for ``seat`` (None: a spectator): public facts plus its own hand."""
    return {
        "game": "superbohaterowie",
        "seat": seat,
        "players": state.players,
        "city_names": list(CITIES[: state.players]),
        "cities": [list(city) for city in state.cities],
        "hand": list(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "draw_pile": len(state.deck),
        "discard": list(state.discard),
        "turn": state.turn,
        "to_act": sorted(acting),
        "turns": state.turns,
        "series": state.series,
        "game_number": state.game_number,
        "results": [list(points) for points in state.results],
        "winners": list(state.winners),
        "waiting": list(state.waiting),
    }


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Shuffle the draw pile and the other hands together and deal them back out.

    The seat's own hand, the cities and the discard pile stay; so do the sizes of every
    hand and of the draw pile. The stored seed is replaced too, so a search over this state
    cannot foresee the real reshuffles.
    """
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.deck)
    for other in others:
        pool.extend(state.hands[other])
    # Sorted first: the re-deal must depend on what the seat knows and the rng only, never on
    # the order the hidden cards really lie in.
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        size = len(hands[other])
        hands[other], pool = tuple(pool[:size]), pool[size:]
    return replace(state, deck=tuple(pool), hands=tuple(hands), rng=rng.getrandbits(63))
