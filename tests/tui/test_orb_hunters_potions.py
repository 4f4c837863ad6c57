"""Orb Hunters shows the wounds left after potions (#15): a pile said "wealth 5, wounds 2"
and "potions 1" on its edge, the short form "W5 X2 P1", and the log never said when a
potion cancelled a wound, so a player did the sum (and the elimination's) in their head.
Potions cancel wounds "at the end of the game" (rulebook), so the live count is the count
that eliminates if the game ended now, and the head and the tracks already read it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine import Event
from core.games.orb_hunters.state import State
from tests.core.games.test_orb_hunters_rules import filler, match_at, position
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_orb_hunters import BoardApp
from tui.boards import orb_hunters as board
from tui.boards import orb_hunters_cards as cards
from tui.boards.orb_hunters_words import describe, milestone

NAMES = ("Ala", "Bob", "Cyd")
POTION_ROW = ["healing-potion-1", "trinket-1", "trinket-2", "gem-pouch-1"]


def _hand_over(
    row: Sequence[str], winner: Sequence[str], pouches: Sequence[Sequence[str]], **kwargs: Any
) -> State:
    """Round 1, every column full but the last: seat 0 completes it with a Purple 5 and
    the relics are handed over (the first column to ``winner``'s adventurers)."""
    columns = [list(winner), *filler(len(row) - 1, [*winner, "purple-5"])]
    columns[-1] = columns[-1][:3]
    return position(row=row, columns=columns, hands=[["purple-5"]], pouches=pouches, **kwargs)


def _potion_events(events: Sequence[Event]) -> list[str]:
    return [e["text"] for e in events if e["type"] == "potion"]


SAID = "2 wounds − 1 potion = 1 wound"
"""The wounds after potions in words, one form wherever a player reads them: the board
said "wounds 2 − 1 potion = 1" while the details line and the round summary said "2
wounds − 1 potion = 1", two orders for one sum (#15)."""

WOUNDED = [["initial-relic-1", "orb-1"], ["initial-relic-2"], ["initial-relic-3"]]


def test_a_potion_won_on_wounds_is_told_with_the_wounds_left() -> None:
    """Ala has the Orb's 2 wounds and wins a Healing Potion: the log says it cancels one
    and how many are left after potions."""
    state = _hand_over(POTION_ROW, ["red-6", "red-5", "blue-1", "green-1"], WOUNDED)
    match = match_at(state)
    events = list(match.act(0, ("assign", "purple-5", 3)))
    told = _potion_events(events)
    assert told == ["A potion cancels one of {p0}'s wounds: 1 wound is left after potions."]
    kinds = [e["type"] for e in events]
    assert kinds.index("potion") == kinds.index("obtain") + 1  # right after the relic


def test_a_wounding_relic_on_a_spare_potion_is_told_too() -> None:
    """The potion came first; the Orb's wounds arrive on it: one is cancelled at once."""
    row = ["orb-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    pouches = [["initial-relic-1", "healing-potion-1"], ["initial-relic-2"], ["initial-relic-3"]]
    state = _hand_over(row, ["red-6", "red-5", "blue-1", "green-1"], pouches)
    told = _potion_events(match_at(state).act(0, ("assign", "purple-5", 3)))
    assert told == ["A potion cancels one of {p0}'s wounds: 1 wound is left after potions."]


def test_a_potion_without_wounds_to_cancel_says_nothing() -> None:
    state = _hand_over(
        POTION_ROW,
        ["red-6", "red-5", "blue-1", "green-1"],
        [["initial-relic-1"], ["initial-relic-2"], ["initial-relic-3"]],
    )
    assert _potion_events(match_at(state).act(0, ("assign", "purple-5", 3))) == []


def test_hidden_treasures_keep_the_potions_quiet() -> None:
    """Face-down pouches: the log may not tell what a pouch's wounds are."""
    state = _hand_over(
        POTION_ROW, ["red-6", "red-5", "blue-1", "green-1"], WOUNDED, variants=["hidden_treasures"]
    )
    assert _potion_events(match_at(state).act(0, ("assign", "purple-5", 3))) == []


def test_a_stolen_potion_gives_the_wounds_back_in_words() -> None:
    """Bob's Glove takes Ala's visible Healing Potion: Ala's wounds count again."""
    row = ["thiefs-glove-right", "trinket-1", "trinket-2", "gem-pouch-1"]
    pouches = [["orb-1", "healing-potion-1"], ["initial-relic-2"], ["initial-relic-3"]]
    state = _hand_over(row, ["blue-6", "blue-5", "red-1", "green-1"], pouches)
    events = list(match_at(state).act(0, ("assign", "purple-5", 3)))
    assert any(e["type"] == "theft" for e in events)
    assert _potion_events(events) == [
        "{p0}'s potions cancel one wound fewer now: 2 wounds are left after potions.",
        # Bob's Glove brought him a wound, and the potion he took cancels it.
        "A potion cancels one of {p1}'s wounds: 0 wounds are left after potions.",
    ]


def _after_potion() -> Any:
    state = _hand_over(POTION_ROW, ["red-6", "red-5", "blue-1", "green-1"], WOUNDED)
    match = match_at(state)
    events = match.act(0, ("assign", "purple-5", 3))
    return match, events


def test_the_round_summary_says_what_the_potion_did() -> None:
    match, events = _after_potion()
    update = update_of(match, 0, NAMES)
    lines = milestone(update, events) or []
    assert "A potion cancels one of Ala's wounds: 1 wound is left after potions." in lines


def test_every_pouch_in_words_says_the_wounds_after_potions() -> None:
    """The short form, the pile's words, the screen reader's sentence, the details line."""
    match, _ = _after_potion()
    update = update_of(match, 1, NAMES)  # Bob looks at Ala's pouch
    view = update.view
    assert view["pouches"][0][1:3] == ["orb-1", "healing-potion-1"]  # and a Trinket
    assert "W6 X2−P1=1" in cards.pouch_short(view, 0)
    pile = "\n".join(line.plain for line in cards.pouch_pile(view, 0, NAMES, 30, False, False))
    assert SAID in _read(pile), pile
    sentence = next(line for line in describe(update) if line.startswith("Ala (Red)"))
    assert SAID in sentence, sentence
    assert SAID in cards.pile_totals(view, 0, 60)


async def test_the_board_shows_the_wounds_after_potions_at_every_size() -> None:
    match, _ = _after_potion()
    update = update_of(match, 1, NAMES)
    for size in ((80, 24), (120, 40), (160, 45), (200, 60)):
        async with BoardApp(update).run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(pilot.app)
            shown = pilot.app.query_one(board.Board)
            shown.cursor = (board.POUCH_ROW, 0)
            details = shown.details()
        flat = _read(text)
        assert "X2−P1=1" in flat or SAID in flat, (size, text)
        assert SAID in details, details


def test_the_legend_explains_the_short_form() -> None:
    assert any("X2−P1=1" in key for key, _ in board.LEGEND)


def test_teams_pool_their_potions_in_the_log_too() -> None:
    """Teams: a potion cancels a wound of either partner (the team scores its wealth minus
    its wounds after its potions), so the log names the team: Ala's potion cancels one of
    Cyd's Orb wounds."""
    row = [*POTION_ROW, "gem-pouch-2"]
    pouches = [
        ["initial-relic-1"],
        ["initial-relic-2"],
        ["initial-relic-3", "orb-1"],
        ["initial-relic-4"],
    ]
    state = _hand_over(
        row, ["red-6", "red-5", "blue-1", "green-1"], pouches, players=4, variants=["teams"]
    )
    told = _potion_events(match_at(state).act(0, ("assign", "purple-5", 4)))
    assert told == [
        "A potion cancels one of the wounds of {p0} and {p2}: 1 wound is left after potions."
    ]


async def test_the_board_the_details_and_the_summary_say_the_wounds_alike() -> None:
    """At 200x60 the pile, the details line, the round summary and the final results say
    Ala's wounds after potions in the same words."""
    match, events = _after_potion()
    update = update_of(match, 1, NAMES)
    async with BoardApp(update).run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        flat = _read(screen_text(pilot.app))
        shown = pilot.app.query_one(board.Board)
        shown.cursor = (board.POUCH_ROW, 0)
        details = shown.details()
    summary = " ".join(milestone(update, events) or [])
    results = " ".join(board.result_lines(update.view, _any_outcome(match), NAMES))
    for where, said in (("board", flat), ("details", details), ("summary", summary)):
        assert SAID in said, (where, said)
        assert "wounds 2 " not in said, (where, said)
    assert SAID in results, results
    assert "(1 wound each)" in flat, flat  # the head said "(1 wounds)"


def _read(text: str) -> str:
    """A pile's text as it reads, its borders away: a narrow pile says the sum over two
    lines ("2 wounds − 1 potion", then "= 1 wound")."""
    return " ".join(text.replace("│", " ").split())


def _any_outcome(match: Any) -> Any:
    """The final score of the pouches as they stand (the result lines read its
    eliminations)."""
    from core.games.orb_hunters.scoring import final_score

    return final_score(match.state.pouches, no_elimination=False, teams=())
