"""Shardhunters' redaction: what each seat may see, and re-dealing what it may not.

Hidden from a seat: the other players' monster hands (the Reavers' pile in solo), the cards
and choices others have submitted face down but not yet revealed, the Monster Deck (except
a top card the seat has seen), the Tavern Deck's order (except the cards seen going to its
bottom), and in the Hero Draft the others' draft hands and Local Tavern Decks. Everything
revealed stays public: teams, active heroes, Combats played, loot, Bloodshards, the heroes
drawn at the Tavern.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from core.games.shardhunters.state import REAVER_SIDE, State, combat_sizes, recruit_cost


def view(state: State, seat: int | None, acting: frozenset[int]) -> dict[str, Any]:
    """Plain data for ``seat`` (None: a spectator): public facts plus its own hidden cards."""
    own = seat if seat is not None else 0
    mine = seat is not None
    top_seen = seat in state.top_known if mine else len(state.top_known) == state.sides
    if state.phase == "choose":
        submitted = [bool(c) for c in state.choosing]
    else:
        submitted = [bool(p) for p in state.pending]
    known = len(state.tavern) - state.tavern_known
    return {
        "game": "shardhunters",
        "seat": seat,
        "players": state.players,
        "sides": state.sides,
        "solo": state.players == 1,
        "level": state.level,
        "draft": state.draft,
        "actives": state.actives,
        "phase": state.phase,
        "hunt": state.hunt,
        "combat": state.combat,
        "sizes": [list(combat_sizes(state, s)) for s in range(state.sides)],
        "costs": [recruit_cost(state, s) for s in range(state.sides)],
        "teams": [list(team) for team in state.teams],
        "active": [list(a) for a in state.active],
        "shards": list(state.shards),
        "hand": list(state.hands[own]) if mine else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "pending": list(state.pending[own]) if mine else None,
        "choosing": [state.teams[own][i] for i in state.choosing[own]] if mine else None,
        "submitted": submitted,
        "plays": [[list(cards) for cards in combat] for combat in state.plays],
        "results": list(state.results),
        "loot": [list(pile) for pile in state.loot],
        "deck_size": len(state.deck),
        "top": state.deck[0] if state.deck and top_seen else None,
        "guess": _guess(state, seat),
        "tavern_size": len(state.tavern),
        "tavern_bottom": list(state.tavern[known:]),
        "reaver_tavern_size": len(state.reaver_tavern),
        "offer": list(state.offer),
        "queue": list(state.queue),
        "draft_hand": list(state.draft_hands[own]) if mine else None,
        "draft_sizes": [len(hand) for hand in state.draft_hands],
        "local": list(state.local[own]) if mine else None,
        "local_sizes": [len(deck) for deck in state.local],
        "hunt_winner": state.hunt_winner,
        "winner": state.winner,
        "to_act": sorted(acting),
    }


def _guess(state: State, seat: int | None) -> dict[str, Any] | None:
    """Cassandra's guess this Hunt: everyone learns whether it was right, only her player
    the value guessed and the card's."""
    if not state.guess:
        return None
    side, value, real = state.guess
    mine = seat == side
    return {
        "seat": side,
        "right": value == real,
        "value": value if mine else None,
        "top_value": real if mine else None,
    }


def _refill(sizes: list[int], pool: list[str]) -> tuple[list[tuple[str, ...]], list[str]]:
    """Deal ``pool`` back into zones of the given sizes; the rest is returned."""
    zones = []
    for size in sizes:
        zones.append(tuple(pool[:size]))
        pool = pool[size:]
    return zones, pool


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal every card hidden from ``seat`` and every unrevealed choice of the others.

    Each pool is sorted before it is shuffled, so the re-deal depends on what the seat knows
    and the rng only. Zone sizes stay; so do the top card of the Monster Deck when the seat
    has seen it and the Tavern Deck's seen bottom. Player hands stay sorted (the rules keep
    them so); the Reavers' pile takes the shuffled order. In the Hero Draft the re-deal does
    not remember which heroes the seat passed on (an approximation that only bots use).
    """
    others = [s for s in range(state.sides) if s != seat]
    combat = state.phase == "combat"
    keep_top = bool(state.deck) and seat in state.top_known
    pool = list(state.deck[1:] if keep_top else state.deck)
    for side in others:
        pool += state.hands[side]
        if combat and side < state.players:
            pool += state.pending[side]
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    pending = list(state.pending)
    for side in others:
        dealt, pool = _refill([len(hands[side])], pool)
        solo_pile = state.players == 1 and side == REAVER_SIDE
        hands[side] = dealt[0] if solo_pile else tuple(sorted(dealt[0]))
        if combat and side < state.players:
            dealt, pool = _refill([len(pending[side])], pool)
            pending[side] = tuple(sorted(dealt[0]))
    deck = (state.deck[:1] if keep_top else ()) + tuple(pool)

    hidden = len(state.tavern) - state.tavern_known
    heroes = list(state.tavern[:hidden])
    seats = [s for s in range(state.players) if s != seat]
    picking = state.phase in ("draft", "start")
    draft_hands = list(state.draft_hands)
    local = list(state.local)
    reaver_tavern = list(state.reaver_tavern)
    if state.players == 1:
        # Solo: the seat knows which heroes are in which deck; only the orders are hidden.
        reaver_tavern.sort()
        rng.shuffle(reaver_tavern)
    for other in seats:
        heroes += draft_hands[other] + local[other]
        if picking:
            heroes += pending[other]
    heroes.sort()
    rng.shuffle(heroes)
    for other in seats:
        dealt, heroes = _refill(
            [len(draft_hands[other]), len(local[other]), len(pending[other]) if picking else 0],
            heroes,
        )
        draft_hands[other] = tuple(sorted(dealt[0]))
        local[other] = tuple(sorted(dealt[1]))
        if picking:
            pending[other] = dealt[2]
    tavern = tuple(heroes) + state.tavern[hidden:]

    choosing = list(state.choosing)
    for other in seats:
        if choosing[other]:
            picked = rng.sample(range(len(state.teams[other])), len(choosing[other]))
            choosing[other] = tuple(sorted(picked))
    return replace(
        state,
        deck=deck,
        hands=tuple(hands),
        pending=tuple(pending),
        tavern=tuple(tavern),
        reaver_tavern=tuple(reaver_tavern),
        draft_hands=tuple(draft_hands),
        local=tuple(local),
        choosing=tuple(choosing),
        rng=rng.getrandbits(63),
    )
