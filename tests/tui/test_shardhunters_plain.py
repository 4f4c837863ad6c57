"""Shardhunters read by a newcomer at 160x45 (issue #15, found in play): with no rows for
a Combat's cards, each Combat's line read "1st: 1 ≈2 | 2 ☾1 | 3 ☠1 → you won" and "2nd
now: 1 … | 2 ░ ░" with half the board's width empty beside it."""

from __future__ import annotations

import random

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards.shardhunters_table import Detail, combat_lines

COLOURS = ("blue", "red", "white", "yellow")


def _second_combat() -> Match:
    """Seat 0 to put down its cards for the 2nd Combat, some rivals' already down."""
    for seed in range(60):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            state = match.state
            acting = match.to_act()
            if state.phase == "combat" and state.combat == 1 and acting == {0}:
                return match
            seat = max(acting)
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no such position")


def test_a_combat_on_one_line_says_its_cards_in_words_where_they_fit() -> None:
    update = update_of(_second_combat(), 0)
    lines = [line.plain for line in combat_lines(update, 104, Detail(0, False, False))]
    first, now = lines[0], lines[1]
    assert first.startswith("1st Combat · 1: ") and "→" in first, lines
    assert any(f" {colour}" in first for colour in COLOURS), lines  # "≈ 2 blue", not "≈2"
    assert now.startswith("2nd Combat now · ") and "face down" in now and "░" not in now, lines
    assert "1: choosing" in now and "…" not in now, lines
    narrow = [line.plain for line in combat_lines(update, 40, Detail(0, False, False))]
    assert all(len(line) <= 40 for line in narrow), narrow


def test_the_tracks_say_what_their_marks_mean_where_they_have_room() -> None:
    """At 160x45 the tracks showed a ▲ under the recruit cost and under a team of 5 with
    no word on either (only F1's legend said it)."""
    from tui.boards.shardhunters_table import track_lines

    update = update_of(_second_combat(), 0)
    wide = [line.plain for line in track_lines(update, 104)]
    assert wide[0].startswith("Bloodshards (▲ recruit cost)"), wide
    assert wide[2].startswith("Team size (▲ wins the game)"), wide
    assert all(len(line) <= 104 for line in wide), wide
    narrow = [line.plain for line in track_lines(update, 78)]
    assert narrow[0].startswith("Bloodshards ") and "(" not in narrow[0], narrow
