"""An empty hand is said one way, in words (issue #15, found reading the first Store as a
newcomer): the players' lines said "hand none", the hand under the table "Your hand:
empty", and the screen-reader sentences "0 cards in hand". Every
place a player reads it now says "no cards": "hand: no cards" on a player's line, "Your
hand: no cards" for yours, "no cards in hand" in a sentence."""

from __future__ import annotations

import dataclasses
import re

import pytest

from core.match import Match
from tests.tui import screen_text
from tests.tui.board_helpers import shown_alone, update_of
from tui.boards import comic_hunters as board
from tui.boards import comic_hunters_facts as facts

SLUG = "comic-hunters"
ODD = re.compile(r"hand:? none|hand:? empty|\(empty\)|\(none\)|0 cards in hand")


def _empty_handed() -> Match:
    """The first Store of three players: nobody holds a card yet."""
    match = Match.new(SLUG, 3, seed=1)
    assert match.view(0)["hand"] == []
    return match


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_the_board_says_an_empty_hand_in_words(size: tuple[int, int]) -> None:
    async with shown_alone(board.Board, _empty_handed(), size) as (app, _, _):
        text = " ".join(screen_text(app).split())
        assert not ODD.search(text), text
        # Everyone's line, and yours: in words, no glyphs and no "none".
        assert text.count("hand: no cards") >= 3, text
        if size == (160, 45):  # the roomy board has a line for your hand as well
            assert "Your hand: no cards" in text, text


def test_the_sentences_say_an_empty_hand_in_words() -> None:
    update = update_of(_empty_handed(), 0)
    lines = board.describe(update)
    said = " ".join(lines)
    assert not ODD.search(said), said
    assert "You: no collections; no cards in hand." in lines
    assert "Your hand: no cards." in lines
    summary = facts.milestone(update, [{"type": "location", "text": ""}]) or []
    assert not ODD.search(" ".join(summary)), summary


async def test_the_details_line_says_an_empty_hand_while_you_wait() -> None:
    """Waiting for the others, the details line says what you hold, an empty hand too."""
    match = _empty_handed()
    async with shown_alone(board.Board, match) as (_, pilot, widget):
        waiting = dataclasses.replace(update_of(match, 0), acting=frozenset({1, 2}), legal=())
        widget.show(waiting)
        await pilot.pause()
        details = widget.details()
        assert details.endswith("Your hand: no cards."), details
