"""Orb Hunters' Exchange told as each seat reads it (#15).

A Trickster's Mirror swapped for a rival's visible Trickster's Mirror read "Exchange: Root
swaps the Trickster's Mirror with Bot 2 for the Trickster's Mirror": one name for two
relics, as if nothing had moved. The sentence is checked as the mover, the rival and a
third player read it (the log turns the reader's own name into "you" and "your")."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import with_names
from tests.core.games.test_orb_hunters_rules import _last_turn, match_at, resolved
from tui.screens.history import you_form

ROW = ["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1"]
NAMES = ("Root", "Bot 2", "Bot 3")


def _exchange(top: str, **kwargs: Any) -> str:
    """Root wins the Mirror and swaps it for Bot 2's visible ``top``: the event's text."""
    pouches = [["initial-relic-1"], ["initial-relic-2", top], ["initial-relic-3"]]
    state = _last_turn(ROW, ["red-6", "red-5", "blue-1", "green-1"], pouches=pouches, **kwargs)
    after = resolved(state, 0, "purple-5", 3)
    events = match_at(after).act(0, ("exchange", 1))
    return next(e["text"] for e in events if e["type"] == "exchange")


@pytest.mark.parametrize(
    ("top", "variants", "said"),
    [
        (
            "tricksters-mirror-2",
            [],
            (
                "Exchange: you swap Trickster's Mirrors with Bot 2.",
                "Exchange: Root swaps Trickster's Mirrors with you.",
                "Exchange: Root swaps Trickster's Mirrors with Bot 2.",
            ),
        ),
        (
            "orb-1",
            [],
            (
                "Exchange: you swap the Trickster's Mirror for Bot 2's Orb.",
                "Exchange: Root swaps the Trickster's Mirror for your Orb.",
                "Exchange: Root swaps the Trickster's Mirror for Bot 2's Orb.",
            ),
        ),
        (
            "tricksters-mirror-2",
            ["hidden_treasures"],
            (
                "Exchange: you swap the Trickster's Mirror for Bot 2's face-down relic.",
                "Exchange: Root swaps the Trickster's Mirror for your face-down relic.",
                "Exchange: Root swaps the Trickster's Mirror for Bot 2's face-down relic.",
            ),
        ),
    ],
)
def test_an_exchange_reads_naturally_for_every_seat(
    top: str, variants: list[str], said: tuple[str, ...]
) -> None:
    text = _exchange(top, variants=variants)
    read = tuple(with_names(you_form(text, reader), NAMES) for reader in range(3))
    assert read == said
