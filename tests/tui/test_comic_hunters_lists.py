"""Comic Hunters names several players or heroes as a sentence does: "Ala, Bob and Eve"."""

from __future__ import annotations

import dataclasses

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters as board
from tui.boards import comic_hunters_facts as facts

SLUG = "comic-hunters"
NAMES = ("Ala", "Bob", "Eve")


def test_waiting_for_several_players_names_them_as_a_sentence() -> None:
    """A spectator at the Store, where everyone picks at once: the prompt and the table read
    aloud wait for 'Ala, Bob and Eve' (they read 'Ala, Bob, Eve')."""
    update = update_of(Match.new(SLUG, 3, seed=2), None, NAMES)
    assert update.acting == frozenset({0, 1, 2})
    assert board.prompt(update, [], []) == "Waiting for Ala, Bob and Eve…"
    assert "Waiting for Ala, Bob and Eve." in board.describe(update)


def test_three_leaders_of_a_highlight_track_read_as_a_sentence() -> None:
    """Three players level at the head of a Highlight track lead it together: 'Ala, Bob and
    Eve lead' (it read 'Ala and Bob and Eve lead')."""
    update = update_of(Match.new(SLUG, 3, seed=2), None, NAMES)
    marks = [[2, 0, 0], [2, 0, 0], [2, 0, 0]]
    tied = dataclasses.replace(update, view={**update.view, "marks": marks})
    track = facts.HIGHLIGHT_NAMES[tied.view["tracks"][0]]
    lines = facts._leaders(tied)
    assert any(line.startswith(f"Ala, Bob and Eve lead {track} with 2") for line in lines)
