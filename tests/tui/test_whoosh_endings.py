"""Whoosh's sums and shortfalls read by a newcomer (issue #15, found in play at 80x24 and
160x45): the summary's "8 points from 4 Monsters captured and 3 mistakes" read as if
mistakes gave points; the tie-break line "1 5-point, 0 4-point and 1 3-point Monsters" ran
its counts into the values and showed only the winner's, so nobody saw why they won; and a
blunder with a staff out "needs one more of bow and lightning", as if both were needed."""

from __future__ import annotations

from typing import Any

from core.games.whoosh.data import MONSTER_BY_ID
from core.games.whoosh.scoring import monster_points
from core.match import Match
from tests.tui.board_helpers import update_of
from tests.tui.test_board_whoosh import _capturable, _reveal_until_capturable, _untimed
from tui.boards import whoosh as board


def _ended_with_a_blunder() -> tuple[Match, list[Any]]:
    """A two-player game to its end in which Olek grabbed a Monster too early once."""
    match = _untimed(2, seed=4)
    blunder = False
    events: list[Any] = []
    while match.outcome() is None:
        if not blunder and not _capturable(match.view(None)):
            events = match.act(1, ("claim", 0, match.state.generation))
            blunder = True
            continue
        slot = _reveal_until_capturable(match)
        events = match.act(0, ("claim", slot, match.state.generation))
    return match, events


def test_the_summary_sums_each_players_points_as_monsters_less_mistakes() -> None:
    """ "Olek: 2 points from 1 Monster captured, −1 for 1 mistake: 1 point in all."; a
    player without mistakes has their points from their Monsters alone."""
    match, events = _ended_with_a_blunder()
    lines = board.milestone(update_of(match, 0, ("Ala", "Olek")), events)
    assert lines is not None
    view, outcome = match.view(None), match.outcome()
    assert outcome is not None
    ala, olek = lines[-2:]
    assert not view["mistakes"][0] and len(view["mistakes"][1]) == 1
    assert ala == (
        f"Ala: {outcome.scores[0]} points from {len(view['captured'][0])} Monsters captured, "
        "no mistakes."
    )
    monsters = monster_points(view["captured"][1])
    count = len(view["captured"][1])
    captured = f"{count or 'no'} Monster{'' if count == 1 else 's'}"
    total = outcome.scores[1]
    assert olek == (
        f"Olek: {monsters} point{'' if monsters == 1 else 's'} from {captured} captured, "
        f"−1 for 1 mistake: {str(total).replace('-', '−')} point"
        f"{'' if abs(total) == 1 else 's'} in all."
    )
    assert "and no mistakes" not in ala and " and 1 mistake" not in olek


def test_the_tie_break_shows_every_tied_players_counts_in_words() -> None:
    """Both players tied on the most points, each with their 5-, 4- and 3-point Monsters
    counted in words, so the reader sees what decided."""
    match, _ = _ended_with_a_blunder()
    view = match.view(None)
    view["captured"] = [["dragon", "ogre"], ["storm-titan", "troll"]]
    view["mistakes"] = [[], ["goblin"]]
    assert MONSTER_BY_ID["storm-titan"].value == 5 and MONSTER_BY_ID["troll"].value == 2
    outcome = type(match.outcome())(  # type: ignore[misc]
        scores=(7, 6),
        breakdown=(),
        ranking=((0,), (1,)),
        note="",
    )
    assert not any("Tie-break" in line for line in board.result_lines(view, outcome, "AB"))
    view["mistakes"] = [[], []]
    tie = type(outcome)(
        scores=(7, 7),
        breakdown=(),
        ranking=((0, 1),),
        note="Tied on 7 points with the same Monsters: the victory is shared.",
    )
    lines = board.result_lines(view, tie, ["Ala", "Olek"])
    assert lines[-2:] == [
        "Tie-break, Ala: one Monster worth 5, none worth 4 and none worth 3.",
        "Tie-break, Olek: one Monster worth 5, none worth 4 and none worth 3.",
    ]
    view["captured"] = [["dragon", "storm-titan", "goblin"], ["troll", "ogre", "ogre", "troll"]]
    lines = board.result_lines(view, tie, ["Ala", "Olek"])
    assert lines[-2:] == [
        "Tie-break, Ala: two Monsters worth 5, none worth 4 and none worth 3.",
        "Tie-break, Olek: no Monsters worth 5, none worth 4 and none worth 3.",
    ]


def test_one_symbol_short_with_a_staff_out_reads_as_either_symbol() -> None:
    """The blunder flash's "needs one more of bow and lightning" read as if both were
    needed; one short after a staff is either: "one more bow or lightning"."""
    needs = board.missing_words(("bow", "lightning", "sword"), [("sword",), ("staff",)])
    assert needs == "one more bow or lightning (the staff counts for one)"
    assert board.missing_words(("bow", "ice", "fire"), [("staff",), ("staff",)]) == (
        "one more bow, fire or ice (the two staffs count for two)"
    )
    assert board.missing_words(("ice", "ice"), [("staff",)]) == (
        "one more ice (the staff counts for one)"
    )
    assert board.missing_words(("ice", "ice", "bow"), [("staff",)]) == (
        "two more of bow and ice (the staff counts for one)"
    )
