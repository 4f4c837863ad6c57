"""Orb Hunters' Final Score and achievements as pure functions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.games.orb_hunters.scoring import (
    ACHIEVEMENTS,
    achievements,
    eliminated,
    final_score,
    pouch_totals,
)


def test_the_most_wounds_are_eliminated() -> None:
    """One player with the most wounds is out."""
    assert eliminated([3, 7, 2]) == {1}


def test_every_player_tied_for_the_most_wounds_is_eliminated() -> None:
    """Is there a tie? All tied players are eliminated."""
    assert eliminated([5, 5, 2, 1]) == {0, 1}


def test_if_everyone_ties_nobody_is_eliminated() -> None:
    """Every player tied for the most: nobody is out (GAME_DATA.md)."""
    assert eliminated([4, 4, 4]) == set()
    assert eliminated([0, 0, 0, 0, 0]) == set()


@given(st.lists(st.integers(0, 30), min_size=2, max_size=5))
def test_eliminated_seats_all_have_the_most_wounds(wounds: list[int]) -> None:
    """Out are exactly the maxima, unless they are everyone."""
    out = eliminated(wounds)
    most = max(wounds)
    if all(w == most for w in wounds):
        assert out == set()
    else:
        assert out == {s for s, w in enumerate(wounds) if w == most}


def test_potions_cancel_wounds_but_never_below_zero() -> None:
    """Each potion cancels one wound; a spare potion is worth nothing."""
    assert pouch_totals(["cursed-treasure-1", "healing-potion-1"]).net_wounds == 2
    assert pouch_totals(["trinket-1", "healing-potion-1", "elixir"]).net_wounds == 0


def test_the_survivors_with_the_most_wealth_win() -> None:
    """The Orb holder has the most wounds and is out; the richest survivor wins."""
    outcome = final_score(
        [["initial-relic-1", "orb-1", "orb-2"], ["gem-pouch-1", "trinket-1"], ["trinket-2"]],
        no_elimination=False,
        teams=(),
    )
    assert outcome.ranking == ((1,), (2,), (0,))
    assert outcome.scores == (0, 3, 1)
    assert outcome.breakdown[0] == {"wealth": 9, "eliminated": -9}
    assert "is eliminated" in outcome.note


def test_a_wealth_tie_goes_to_the_most_relic_cards() -> None:
    """Equal wealth: more relics win."""
    outcome = final_score(
        [["gem-pouch-1", "healing-potion-1"], ["gem-pouch-2"], ["cursed-treasure-1"]],
        no_elimination=False,
        teams=(),
    )
    assert outcome.ranking == ((0,), (1,), (2,))
    assert "more relic cards" in outcome.note


def test_a_full_tie_shares_the_victory() -> None:
    """Equal wealth and relics: the players share the victory."""
    outcome = final_score(
        [["trinket-1"], ["trinket-2"], ["cursed-treasure-1"]], no_elimination=False, teams=()
    )
    assert outcome.ranking[0] == (0, 1)
    assert outcome.note.endswith(
        ". Equal points and equal numbers of relics: the players share the victory."
    )


def test_two_players_score_wealth_minus_wounds_after_potions() -> None:
    """Final score for 2 players: no elimination, wealth minus wounds."""
    outcome = final_score(
        [["orb-1", "orb-2", "healing-potion-1"], ["gem-pouch-1", "trinket-1"]],
        no_elimination=True,
        teams=(),
    )
    assert outcome.scores == (5, 2)
    assert outcome.breakdown[0] == {"wealth": 8, "wounds": -3}


def test_teams_add_wealth_and_subtract_wounds_per_team() -> None:
    """Teams: seats 0 and 2 against 1 and 3; both members get the team's score."""
    outcome = final_score(
        [["orb-1"], ["trinket-1"], ["gem-pouch-1"], ["cursed-idol-1"]],
        no_elimination=True,
        teams=((0, 2), (1, 3)),
    )
    assert outcome.scores == (3, -2, 3, -2)
    assert outcome.ranking == ((0, 2), (1, 3))


def test_a_team_tie_goes_to_the_team_with_more_relics() -> None:
    """Equal team points: the team with more relic cards wins."""
    outcome = final_score(
        [["trinket-1"], ["gem-pouch-1"], ["healing-potion-1"], []],
        no_elimination=True,
        teams=((0, 2), (1, 3)),
    )
    assert outcome.ranking == ((0, 2), (1, 3)) and "team with more relic" in outcome.note


def _earned(pouches: list[list[str]], **kwargs: object) -> tuple[tuple[str, ...], ...]:
    outcome = final_score(pouches, no_elimination=bool(kwargs.get("tough")), teams=())
    feats = kwargs.get("feats") or [[] for _ in pouches]
    gifts = kwargs.get("gifts") or [0 for _ in pouches]
    return achievements(pouches, outcome, feats, gifts)  # type: ignore[arg-type]


def test_clumsy_finishes_without_relics() -> None:
    """Clumsy: no relic cards at the end."""
    assert "Clumsy" in _earned([[], ["trinket-1"], ["trinket-2"]])[0]


def test_feats_earned_in_play_are_kept() -> None:
    """Destroyer, Thief and Swindler are earned when the effect happens."""
    earned = _earned(
        [["trinket-1"], ["trinket-2"], ["gem-pouch-1"]],
        feats=[["Destroyer"], ["Thief", "Swindler"], []],
    )
    assert "Destroyer" in earned[0] and {"Thief", "Swindler"} <= set(earned[1])


def test_survivor_has_ten_wounds_and_is_not_eliminated() -> None:
    """Survivor: 10 wounds or more, not eliminated (potions kept someone else out)."""
    pouches = [
        ["cursed-treasure-1", "cursed-treasure-2", "cursed-idol-1", "gem-pouch-1"]
        + ["healing-potion-1", "healing-potion-2", "healing-potion-3"],
        ["cursed-treasure-3", "cursed-idol-2", "orb-1"],
        ["trinket-1"],
    ]
    earned = _earned(pouches)
    assert "Survivor" in earned[0] and "Survivor" not in earned[1]
    assert "Alchemist" in earned[0]


def test_wealthy_sneaky_and_orb_hunter_need_the_win() -> None:
    """Wealthy (8+ wealth), Sneaky (no wounds) and Orb Hunter (both Orbs) are for winners."""
    winner = _earned([["orb-1", "orb-2", "healing-potion-1"], ["trinket-1"]], tough=True)[0]
    assert {"Wealthy", "Orb Hunter"} <= set(winner) and "Sneaky" not in winner
    sneaky = _earned([["gem-pouch-1"], ["trinket-1", "trinket-2", "elixir"]], tough=True)
    assert "Sneaky" in sneaky[1] and "Sneaky" not in sneaky[0]


def test_fortunate_receives_two_gifts() -> None:
    """Fortunate: two relics received by Gift."""
    earned = _earned([["trinket-1"], ["trinket-2"], []], gifts=[2, 1, 0])
    assert "Fortunate" in earned[0] and "Fortunate" not in earned[1]


def test_achievements_are_the_rulebooks_ten() -> None:
    """The list follows the rulebook."""
    assert list(ACHIEVEMENTS) == [
        "Clumsy",
        "Destroyer",
        "Thief",
        "Swindler",
        "Survivor",
        "Wealthy",
        "Fortunate",
        "Sneaky",
        "Alchemist",
        "Orb Hunter",
    ]


def test_spare_potions_never_make_wounds_negative_for_elimination() -> None:
    """Potions cancel wounds, never below zero: "-1" and "0" wounds after potions are both no
    wounds, so three players without wounds all tie and nobody is eliminated."""
    assert eliminated([0, -1, -2]) == set()
    assert eliminated([2, -1, 0]) == {0}
