"""The log and the board name an adventurer the same way (#15): the log said "Yellow 3
(Sly)" where the board said "Yellow 3 Sly", and "Trenti 6" for the Trenti the board showed
as "Blue 6 Trenti". A player matching a log line to a card on the table read two names."""

from __future__ import annotations

from typing import Any

from core.engine import Event
from core.games.orb_hunters.state import State
from tests.core.games.test_orb_hunters_rules import match_at, position
from tui.boards.orb_hunters_cards import adventurer_text, adventurer_words

NAMES = ("Ala", "Bob", "Cyd")


def _told(state: State, action: tuple[Any, ...]) -> tuple[list[Event], dict[str, Any]]:
    """The events of ``action`` at ``state`` and the view of the position before it."""
    match = match_at(state)
    before = match.view(0)
    return list(match.act(0, action)), before


def _assign_text(events: list[Event]) -> str:
    return next(e["text"] for e in events if e["type"] == "assign")


def test_an_assigned_adventurer_is_named_as_the_board_names_it() -> None:
    """Every skill: the log's words for the card are the board's words for it."""
    for card in ("yellow-3", "red-2", "blue-4", "purple-5", "green-1"):
        state = position(hands=[[card]], columns=[["red-6"], [], [], []])
        match = match_at(state)
        events = list(match.act(0, ("assign", card, 1)))
        board = adventurer_words(match.view(0), card)
        told = _assign_text(events)
        assert f"assigns {board} under relic 2" in told, (board, told)
        assert "(" not in told.split(" under ")[0], told


def test_a_killed_marked_trenti_is_named_with_its_marker() -> None:
    """The Trenti under the relic reads "Blue 6 Trenti" on the board; so in the log."""
    state = position(
        columns=[["red-5", "trenti-6"], [], [], []],
        marks=[("trenti-6", "blue")],
        hands=[["green-1"]],
    )
    events, before = _told(state, ("assign", "green-1", 0))
    board = adventurer_words(before, "trenti-6")
    assert board == "Blue 4 Trenti"
    assert f"sends {board} to the discard pile" in _assign_text(events)


def test_a_shielded_spared_by_a_killer_is_named_as_on_the_board() -> None:
    state = position(columns=[["red-5", "blue-4"], [], [], []], hands=[["green-1"]])
    events, before = _told(state, ("assign", "green-1", 0))
    told = _assign_text(events)
    assert adventurer_words(before, "blue-4") in told, told
    assert adventurer_words(before, "green-1") in told, told
    assert "(Shielded)" not in told and "(Killer)" not in told


def test_an_attracted_adventurer_is_named_as_on_the_board() -> None:
    state = position(
        columns=[["red-5", "trenti-4"], [], [], []],
        marks=[("trenti-4", "green")],
        hands=[["blue-2"]],
    )
    events, before = _told(state, ("assign", "blue-2", 3))
    attract = next(e["text"] for e in events if e["type"] == "attract")
    assert f"attracts {adventurer_words(before, 'trenti-4')} from under" in attract, attract


def test_the_drawn_cards_are_named_as_the_hand_shows_them() -> None:
    """The private draw line names each card as the hand does ("Red 1 Killer")."""
    state = position(hands=[["red-6"], ["yellow-6"], []], deck=["red-1", "trenti-2", "blue-5"])
    match = match_at(state)
    events = match.act(0, ("assign", "red-6", 0))
    view = match.view(1)
    told = next(e["text"] for e in events if e.get("to") == 1)
    assert told == "You draw Red 1 Killer, Trenti 2."
    for card in ("red-1", "trenti-2"):
        assert adventurer_words(view, card, placed=False) in told, (card, told)


def test_the_details_line_uses_the_same_name() -> None:
    """The details line (the ``i`` key) names the card as the log does."""
    state = position(hands=[["yellow-3"]])
    match = match_at(state)
    events = list(match.act(0, ("assign", "yellow-3", 0)))
    text = adventurer_text(match.view(0), "yellow-3", NAMES)
    assert "Yellow 3 Sly:" in text and "(Sly)" not in text, text
    assert "assigns Yellow 3 Sly under" in _assign_text(events)


def test_the_marker_sentence_gives_the_trenti_its_board_name() -> None:
    """The log names a Trenti "Trenti 1" as it is assigned (as the hand shows it), the
    board "Red 1 Trenti" once it has a marker: the marker's sentence says both, so the
    next line naming "Red 1 Trenti" points at the card it named before."""
    state = position(columns=[["trenti-1"], [], [], []], pending=("mark", "trenti-1"))
    match = match_at(state)
    events = list(match.act(0, ("mark", "red")))
    told = next(e["text"] for e in events if e["type"] == "mark")
    board = adventurer_words(match.view(0), "trenti-1")
    assert board == "Red 1 Trenti"
    assert told == (
        "{p0} puts the Red marker on Trenti 1, now Red 1 Trenti: its courage counts for Red."
    )
