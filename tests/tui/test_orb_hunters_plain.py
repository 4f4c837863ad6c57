"""Orb Hunters read by a newcomer at 160x45 (issue #15, found in play): an adventurer under
a relic was written three ways on one board, and a bot whose relics were all lost read
"wealth 0, wounds 0 — no relics" (now "0 wounds", #15) without a word on what had happened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.engine import Outcome
from tests.core.games.test_orb_hunters_rules import position
from tests.tui.test_board_orb_hunters import _from_state
from tui.boards import orb_hunters_cards as cards
from tui.boards.orb_hunters_words import result_lines

NAMES = ("Ala", "Olek", "Ewa")


def _emptied(destroyed: bool) -> dict[str, Any]:
    """Olek's pouch emptied: his Initial Relic destroyed under a Hammer of Ruin that Ala's
    Thief's Glove then took (``destroyed=False``: the Initial Relic itself was stolen)."""
    ala = ["initial-relic-1", "hammer-of-ruin-1" if destroyed else "initial-relic-2"]
    state = position(pouches=[ala, [], ["initial-relic-3"]])
    removed = tuple(c for c in state.removed if c != "initial-relic-2")
    if destroyed:
        state = replace(state, removed=removed, destroyed=("initial-relic-2",))
    return _from_state(state).view


@pytest.mark.parametrize(
    ("destroyed", "why"),
    [
        (True, "their Initial Relic was destroyed and the rest stolen"),
        (False, "every relic they had was stolen"),
    ],
)
def test_an_emptied_pouch_says_what_happened_to_its_relics(destroyed: bool, why: str) -> None:
    view = _emptied(destroyed)
    assert cards.pouch_facts(view, 1) == f"no relics left, since {why}"
    outcome = Outcome(ranking=(0, 2, 1), scores=(2, 1, 0), breakdown=({}, {}, {}))
    said = "\n".join(result_lines(view, outcome, NAMES))
    assert f"0 wealth, 0 wounds — no relics left, since {why}" in said, said
    pile = "\n".join(t.plain for t in cards.pouch_pile(view, 1, NAMES, 26, False, False))
    brief = cards.lost_relics(view, 1, brief=True)
    assert brief.split(",")[0] in pile and "no relics left" in pile, pile
