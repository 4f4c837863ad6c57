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


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "{p0} pays 2 Bloodshards and draws Angelo and Triton.",
            "You pay 2 Bloodshards and draw Angelo and Triton.",
        ),
        ("{p0} puts lot 1 up and bids 3.", "You put lot 1 up and bid 3."),
        (
            "{p0} cannot play and discards a fire superhero and a leaf superhero.",
            "You cannot play and discard a fire superhero and a leaf superhero.",
        ),
        # Another seat's second verb, and a second clause's, stay as they are.
        ("{p1} pays 2 Bloodshards and draws Angelo.", "{p1} pays 2 Bloodshards and draws Angelo."),
        ("{p0} passes. {p1} takes and draws.", "You pass. {p1} takes and draws."),
        ("{p0} gets shards and heroes.", "You get shards and heroes."),
    ],
)
def test_a_second_verb_of_the_readers_move_goes_with_you(text: str, said: str) -> None:
    """ "You pay 3 Bloodshards and draws Varden and Yusuf." was told at the Tavern."""
    assert you_form(text, 0) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{p0} saved their city!", "You saved your city!"),
        ("{p1} saved their city!", "{p1} saved their city!"),
        ("{p0} takes a card from {p1}, their last.", "You take a card from {p1}, their last."),
    ],
)
def test_their_after_you_is_yours_until_someone_else_is_named(text: str, said: str) -> None:
    # "You saved their city!" was read at the end of a won Superbohaterowie game (160x45).
    assert you_form(text, 0) == said
