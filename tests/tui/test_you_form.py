"""A reader's own name in the middle of a sentence reads "you" ("Red wins the Healing Potion
with 10 courage for Root." told to Root in a one-player log and summary)."""

from __future__ import annotations

import pytest

from tui.screens.history import you_form


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Red wins the Orb with 5 courage for {p0}.", "Red wins the Orb with 5 courage for you."),
        ("{p1} gives the marker to {p0}.", "{p1} gives the marker to you."),
        (
            "{p1} swaps the Mirror with {p0} for the Orb.",
            "{p1} swaps the Mirror with you for the Orb.",
        ),
        ("{p1} takes a card from {p0}.", "{p1} takes a card from you."),
        ("{p0} gives the marker to {p1}.", "You give the marker to {p1}."),
        ("It is {p0}'s turn.", "It is your turn."),
        ("{p1} takes {p0}'s visible relic.", "{p1} takes your visible relic."),
    ],
)
def test_the_reader_is_you_wherever_they_are_in_the_sentence(text: str, said: str) -> None:
    assert you_form(text, 0) == said


def test_another_seat_keeps_its_name() -> None:
    assert you_form("Red wins the Orb for {p1}.", 0) == "Red wins the Orb for {p1}."
    assert you_form("{p1} and {p0} share the victory.", 0) == "{p1} and {p0} share the victory."
