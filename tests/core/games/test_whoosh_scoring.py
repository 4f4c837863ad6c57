"""Whoosh scoring: Monster values, -1 per mistake, and the 5/4/3-point tie-breaks."""

from __future__ import annotations

from dataclasses import replace

from core.games.whoosh.data import MONSTER_BY_ID
from core.games.whoosh.rules import WHOOSH as GAME
from core.games.whoosh.scoring import (
    breakdown,
    rank_key,
    ranking,
    score,
    shortfall,
    tie_break_note,
)
from core.match import Match


def test_face_up_monsters_score_their_value_and_face_down_ones_cost_one() -> None:
    """Goblin 1 + Ogre 2 + Dragon 5, two mistakes: 6."""
    assert [MONSTER_BY_ID[m].value for m in ("goblin", "ogre", "dragon")] == [1, 2, 5]
    assert score(("goblin", "ogre", "dragon"), ("troll", "imp")) == 6
    assert breakdown(("goblin", "ogre", "dragon"), ("troll", "imp")) == {
        "monsters": 8,
        "mistakes": -2,
    }


def test_a_player_with_only_mistakes_scores_below_zero() -> None:
    """Nothing captured and three mistakes: -3."""
    assert score((), ("troll", "imp", "ogre")) == -3


def test_equal_scores_go_to_the_most_five_point_monsters() -> None:
    """6 = Dragon (5) + Goblin (1) beats 6 = Hydra (4) + Ogre (2)."""
    keys = [rank_key(("hydra", "ogre"), ()), rank_key(("dragon", "goblin"), ())]
    assert ranking(keys) == ((1,), (0,))
    assert tie_break_note(keys) == "Tied on 6 points: the most 5-point Monsters decided."


def test_then_the_most_four_point_monsters() -> None:
    """8 = Hydra (4) + Phoenix (4) beats 8 = Hydra (4) + Cyclops (3) + Goblin (1)."""
    keys = [rank_key(("hydra", "cyclops", "goblin"), ()), rank_key(("hydra", "phoenix"), ())]
    assert ranking(keys) == ((1,), (0,))
    assert tie_break_note(keys) == "Tied on 8 points: the most 4-point Monsters decided."


def test_then_the_most_three_point_monsters() -> None:
    """3 = Cyclops beats 3 = Ogre (2) + Goblin (1)."""
    keys = [rank_key(("ogre", "goblin"), ()), rank_key(("cyclops",), ())]
    assert ranking(keys) == ((1,), (0,))
    assert tie_break_note(keys) == "Tied on 3 points: the most 3-point Monsters decided."


def test_players_with_the_same_kinds_of_monsters_share_the_place() -> None:
    """Ogre + Goblin against Troll + Imp (a mistake each): shared victory."""
    keys = [rank_key(("ogre", "goblin"), ("naga",)), rank_key(("troll", "imp"), ("yeti",))]
    assert ranking(keys) == ((0, 1),)
    assert tie_break_note(keys) == "Tied on 2 points with the same Monsters: the victory is shared."


def test_no_note_when_one_player_scores_most() -> None:
    """The tie-breaks are only mentioned when they decided first place."""
    keys = [rank_key(("dragon",), ()), rank_key(("ogre",), ()), rank_key(("troll",), ())]
    assert ranking(keys) == ((0,), (1, 2)) and tie_break_note(keys) == ""


def test_the_outcome_reports_scores_breakdown_ranking_and_note() -> None:
    """A finished game's Outcome follows the scoring functions."""
    state = replace(
        Match.new("whoosh", 3, seed=1).state,
        captured=(("dragon", "goblin"), ("hydra", "ogre"), ()),
        mistakes=((), (), ("imp",)),
        over=True,
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (6, 6, -1)
    assert outcome.breakdown[2] == {"monsters": 0, "mistakes": -1}
    assert outcome.ranking == ((0,), (1,), (2,))
    assert "5-point" in outcome.note and outcome.winners() == (0,)


def test_shortfall_counts_the_missing_symbols_after_the_staffs() -> None:
    """What a bot reads as "nearly there": the units still uncovered."""
    assert shortfall(("sword", "sword", "fire"), [("sword",)]) == 2
    assert shortfall(("sword", "sword", "fire"), [("sword",), ("staff",)]) == 1
    assert shortfall(("sword", "sword", "fire"), [("sword", "fire"), ("staff",)]) == 0


def test_a_tie_on_one_point_or_minus_one_says_point() -> None:
    """Players read "Tied on 1 points" on the results of a low-scoring game."""
    one = [rank_key(("goblin",), ()), rank_key(("imp",), ())]
    assert tie_break_note(one) == "Tied on 1 point with the same Monsters: the victory is shared."
    minus = [rank_key((), ("naga",)), rank_key((), ("yeti",))]
    assert tie_break_note(minus).startswith("Tied on −1 point with")
