"""A Combat's summary says who won it, with what and why, in one plain sentence (issue #15):
"A blue card was played and no red: the lowest total wins; 2 sides had 1: more coloured
cards won it." read awkwardly to a newcomer."""

from __future__ import annotations

from typing import Any

import pytest

from core.match import Match
from tests.tui.board_helpers import update_of
from tests.tui.test_summaries import _summaries
from tui.boards import shardhunters as board

NAMES = ("Ala", "Bot 2", "Ewa")


def _why(reveal: str) -> str:
    """The sentence after a Combat's reveal in its summary (read at a hot seat: names)."""
    update = update_of(Match.new("shardhunters", 3, seed=1), None, names=NAMES)
    events: list[Any] = [{"type": "reveal", "text": reveal}]
    lines = board.milestone(update, events)
    assert lines is not None and len(lines) == 3, lines
    return lines[2]


@pytest.mark.parametrize(
    ("reveal", "said"),
    [
        (
            "The first Combat: {p0} played blue 1, yellow 2 (total 3); {p1} played white 3 "
            "(total 3); {p2} played white 5 (total 5). {p0} wins.",
            "Ala and Bot 2 tied with the lowest total, 3 (a blue card was played and no "
            "red); Ala won it with more coloured cards.",
        ),
        (
            "The second Combat: {p0} played white 1, white 2 (total 3); {p1} played red 4, "
            "white 1 (total 5); {p2} played blue 2, white 1 (total 3). {p1} wins.",
            "Bot 2 won the 2nd Combat with the highest total, 5, as a red card was played, "
            "which overrules blue.",
        ),
        (
            "The fourth Combat: {p0} played white 4 (total 4); {p1} played white 1 (total 1);"
            " {p2} played white 2 (total 2). {p0} wins.",
            "Ala won the 4th Combat with the highest total, 4, as no blue or red card was played.",
        ),
        (
            "The third Combat: {p0} played yellow 2 (total 2); {p1} played red 2 (total 2); "
            "{p2} played white 1 (total 1). A draw: each side takes the cards it played as loot.",
            "Ala and Bot 2 tied with the highest total, 2 (a red card was played), and as "
            "many coloured cards: a draw.",
        ),
        (
            "The first Combat: {p0} played yellow 2 (total 2); {p1} played red 2 (total 2); "
            "{p2} played white 1 (total 1). {p1} wins (Sabine).",
            "Ala and Bot 2 tied with the highest total, 2 (a red card was played), and as "
            "many coloured cards; Bot 2 won it with Sabine.",
        ),
    ],
)
def test_a_combat_is_said_in_one_sentence_who_won_what_and_why(reveal: str, said: str) -> None:
    assert _why(reveal) == said


def test_the_reader_reads_their_own_combat_as_you() -> None:
    """The reader tied and won: "You and Bob tied …; you won it …", never their name."""
    lines = _summaries("shardhunters", 3, 5)
    why = [line for line in lines if " Combat with the " in line or " tied with the " in line]
    assert why, lines
    for line in why:
        assert "Ala" not in line and "You win" not in line and "you wins" not in line, line
        assert line[0].isupper() and line.endswith("."), line
    assert any(line.startswith("You won the ") for line in why), why


def test_a_draw_read_by_a_player_says_whose_cards_go_where() -> None:
    """ "A draw: everyone takes your own cards as loot." was read in a Combat's summary (the
    reader's "you played" turned the sentence's "their" into "your"): a draw says it in
    words no reader's form can turn."""
    lines = [line for seed in (5, 7, 9) for line in _summaries("shardhunters", 3, seed)]
    draws = [line for line in lines if "A draw" in line]
    assert draws, lines
    for line in draws:
        assert "your own" not in line and "their own" not in line, line


def test_a_hunts_summary_says_a_winning_team_has_at_least_five_heroes() -> None:
    """ "a Hunt won with 5 heroes wins the game" beside "Bot 4 wins the game with 9 heroes!"
    made a newcomer wonder how a team grew to nine: the rulebook's team is at least five."""
    update = update_of(Match.new("shardhunters", 3, seed=1), None, names=NAMES)
    events: list[Any] = [{"type": "hunt-end", "text": "Hunt 1 is over."}]
    lines = board.milestone(update, events)
    assert lines is not None
    (teams,) = [line for line in lines if line.startswith("Teams now: ")]
    assert teams.endswith("a Hunt won with a team of at least 5 heroes wins the game."), teams
