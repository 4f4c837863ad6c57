"""Whoosh's redaction: what each seat may see, and re-dealing what nobody may.

Everything on the table is public in Whoosh — revealed rows, the three Monsters, captured
and mistaken Monsters, the box, pending claims (everybody sees a hand go down) — except the
face-down piles: every player's Weapons & Spells pile and the three Monster piles. Their
sizes are public; their contents and order are hidden from every seat alike (players are
not expected to remember which revealed cards went back under which pile).
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import chain
from typing import Any

from core.games.whoosh.data import MONSTER_BY_ID, symbols_of
from core.games.whoosh.scoring import score
from core.games.whoosh.state import State


def monster_view(monster: str | None, pile: int) -> dict[str, Any] | None:
    """A face-up Monster as plain data (None for an emptied slot)."""
    if monster is None:
        return None
    card = MONSTER_BY_ID[monster]
    return {
        "id": card.id,
        "name": card.name,
        "symbols": list(card.symbols),
        "value": card.value,
        "tie": card.tie,
        "pile": pile,
    }


def view(state: State, seat: int | None, acting: frozenset[int]) -> dict[str, Any]:
    """Plain data for ``seat`` (None: a spectator); the same public facts for everyone."""
    return {
        "game": "whoosh",
        "seat": seat,
        "players": state.players,
        "options": {
            "failed_attacks": state.failed_attacks,
            "tie_window": state.tie_window,
            "turn_timer": state.turn_timer,
            "fair_remote": state.fair_remote,
        },
        "generation": state.generation,
        "board_since": state.board_since,
        "turn": state.turn,
        "to_act": sorted(acting),
        "over": state.over,
        "reveals": state.reveals,
        "pile_sizes": [len(pile) for pile in state.piles],
        "revealed": [list(row) for row in state.revealed],
        "revealed_symbols": [[list(symbols_of(card)) for card in row] for row in state.revealed],
        "monsters": [
            monster_view(monster, len(pile))
            for monster, pile in zip(state.board, state.monster_piles, strict=True)
        ],
        "claims": [
            {"seat": claim.seat, "slot": claim.slot, "at_ns": claim.at_ns} for claim in state.claims
        ],
        "captured": [list(monsters) for monsters in state.captured],
        "mistakes": [list(monsters) for monsters in state.mistakes],
        "scores": [
            score(captured, mistakes)
            for captured, mistakes in zip(state.captured, state.mistakes, strict=True)
        ],
        "box": list(state.box),
    }


def _redeal(piles: tuple[tuple[str, ...], ...], rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """The same cards shuffled back into piles of the same sizes."""
    # Sorted first: the re-deal must depend on what the seat knows and the rng only, never on
    # the order the hidden cards really lie in.
    # A random key per card and one sort: a uniform shuffle, several times faster than
    # random.shuffle for the ~100 cards that bots and the conformance checks re-deal often.
    known = sorted(chain.from_iterable(piles))
    keys = [rng.random() for _ in known]
    pool = [known[i] for i in sorted(range(len(known)), key=keys.__getitem__)]
    dealt: list[tuple[str, ...]] = []
    for pile in piles:
        dealt.append(tuple(pool[: len(pile)]))
        pool = pool[len(pile) :]
    return tuple(dealt)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal the players' piles among themselves and the Monster piles among themselves.

    Every size stays; the stored seed is replaced too, so a search over this state cannot
    foresee anything the true state's randomness would decide.
    """
    return replace(
        state,
        piles=_redeal(state.piles, rng),
        monster_piles=_redeal(state.monster_piles, rng),
        rng=rng.getrandbits(63),
    )
