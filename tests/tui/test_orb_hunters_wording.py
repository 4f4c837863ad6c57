"""Orb Hunters says a pouch's totals one way wherever a player reads them (#15).

A pouch with a Healing Potion and no wound read "0 wounds − 1 potion = 0 wounds", a sum
with nothing to cancel; and the wealth was "wealth 6" on the piles, the pouch lines, the
screen reader's sentences and the results but "4 wealth" on the relics, beside "2 wounds"
in the same sentence. The rulebook: "At the end of the game, each Potion will cancel a
Player's Wound Point", so a potion beyond the wounds cancels nothing yet and is spare for
a wound still to come."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.games.orb_hunters.scoring import Pouch, final_score
from tests.core.games.test_orb_hunters_rules import match_at
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_orb_hunters import BoardApp
from tests.tui.test_orb_hunters_potions import _hand_over
from tui.boards import orb_hunters as board
from tui.boards import orb_hunters_cards as cards
from tui.boards.orb_hunters_words import describe, milestone

NAMES = ("Ala", "Bob", "Cyd")


@pytest.mark.parametrize(
    ("wounds", "potions", "said"),
    [
        (0, 0, "0 wounds"),
        (2, 0, "2 wounds"),
        (2, 1, "2 wounds − 1 potion = 1 wound"),
        (2, 2, "2 wounds − 2 potions = 0 wounds"),
        (0, 1, "0 wounds (1 spare potion)"),
        (0, 2, "0 wounds (2 spare potions)"),
        (1, 3, "1 wound − 1 potion = 0 wounds (2 spare potions)"),
    ],
)
def test_potions_cancel_only_the_wounds_there_are(wounds: int, potions: int, said: str) -> None:
    """A potion is taken off only a wound it cancels; the rest are said to be spare."""
    assert cards.wounds_words(Pouch(1, wounds, potions, 2)) == said


def test_the_short_form_of_a_pouch_without_wounds_lists_its_potion() -> None:
    """ "X0−P1=0" was the same sum in short; the legend explains "X0 P1"."""
    assert cards.wounds_short(Pouch(1, 0, 1, 2)) == "X0 P1"
    assert cards.wounds_short(Pouch(1, 2, 1, 2)) == "X2−P1=1"
    assert any(key == "X0 P1" for key, _ in board.LEGEND)


SPARE = [
    ["initial-relic-1", "healing-potion-2"],
    ["initial-relic-2", "orb-1"],
    ["initial-relic-3"],
]
"""Ala has a potion and no wound; Bob the Orb's 2 wounds."""


def _spare_potion() -> tuple[Any, Any]:
    """Ala wins a Healing Potion on her spare one (and a Trinket: 4 relics, 2 wealth, 2
    potions, no wound); Bob keeps the Orb's wounds."""
    state = _hand_over(
        ["healing-potion-1", "trinket-1", "trinket-2", "gem-pouch-1"],
        ["red-6", "red-5", "blue-1", "green-1"],
        SPARE,
    )
    match = match_at(state)
    events = list(match.act(0, ("assign", "purple-5", 3)))
    return match, events


WEALTH_FIRST = re.compile(r"(?<!\d )\bwealth \d")
"""The order the board no longer says: "wealth 6" (it says "6 wealth", as "2 wounds"); not
"3 wealth 3 wounds", a relic's two lines read across."""


async def test_every_text_says_the_spare_potion_and_the_wealth_alike() -> None:
    """The piles at every size, the pouch lines, the details line, the screen reader, the
    round summary and the results: "2 spare potions", "2 wealth", never "0 wounds −" nor
    "wealth 2"."""
    match, events = _spare_potion()
    update = update_of(match, 1, NAMES)  # Bob looks at Ala's pouch
    view = update.view
    assert view["pouches"][0] == [
        "initial-relic-1",
        "healing-potion-2",
        "healing-potion-1",
        "trinket-1",
    ]
    spare = "0 wounds (2 spare potions)"
    texts = {
        "facts": cards.pouch_facts(view, 0),
        "totals": cards.pile_totals(view, 0, 60),
        "reader": " ".join(describe(update)),
        "summary": " ".join(milestone(update, events) or []),
        "results": " ".join(
            board.result_lines(
                view, final_score(match.state.pouches, no_elimination=False, teams=()), NAMES
            )
        ),
    }
    for size in ((80, 24), (120, 40), (160, 45), (200, 60)):
        async with BoardApp(update).run_test(size=size) as pilot:
            await pilot.pause()
            texts[f"board {size}"] = _read(screen_text(pilot.app))
            shown = pilot.app.query_one(board.Board)
            shown.cursor = (board.POUCH_ROW, 0)
            texts[f"details {size}"] = shown.details()
    for where, said in texts.items():
        assert "0 wounds −" not in said, (where, said)
        assert not WEALTH_FIRST.search(said), (where, said)
        assert spare in said or "X0 P2" in said, (where, said)
    assert "4 relics: 2 wealth, " + spare == texts["facts"]
    for where in ("reader", "summary", "results", "details (160, 45)"):
        assert "2 wealth, " + spare in texts[where], (where, texts[where])


def test_the_legend_and_the_key_say_the_wealth_first_only_in_short() -> None:
    """The legend's explanations read as sentences: "3 relics, 5 wealth, 3 wounds"."""
    for key, words in board.LEGEND:
        assert not WEALTH_FIRST.search(words), (key, words)


def _read(text: str) -> str:
    """A screen's text as it reads, the borders of the piles away."""
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize(
    ("inner", "edge", "inside"),
    [
        (40, "2 wealth, 0 wounds (2 spare potions)", ()),
        # At 160x45 the words went on three lines, "2 wealth" alone above "0 wounds".
        (21, "4 relics", ("2 wealth, 0 wounds", "(2 spare potions)")),
    ],
)
def test_a_pile_says_its_spare_potions_on_as_few_lines_as_fit(
    inner: int, edge: str, inside: tuple[str, ...]
) -> None:
    match, _ = _spare_potion()
    view = update_of(match, 1, NAMES).view
    assert cards.pile_edge(view, 0, inner) == (edge, list(inside))
