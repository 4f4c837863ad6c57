"""Shardhunters scoring: Combat colours and ties, the Hunt winner, hero card effects."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.games.shardhunters.data import MONSTER_CARDS, monster_deck
from core.games.shardhunters.scoring import (
    coloured,
    combat_winner,
    effective,
    hunt_winner,
    loot_shards,
)

W, Y, B, R = "white", "yellow", "blue", "red"


def test_the_deck_has_35_monsters_split_by_skulls() -> None:
    """16 cards with two skulls, 25 up to three, all 35 for four players (rulebook)."""
    assert len(MONSTER_CARDS) == 35
    assert [len(monster_deck(n)) for n in (1, 2, 3, 4)] == [16, 16, 25, 35]
    assert {m.value for m in MONSTER_CARDS.values()} == {1, 2, 3, 4}


def test_the_highest_total_wins_with_white_and_yellow() -> None:
    """Without blue or red the highest total takes the Combat."""
    assert combat_winner([[(3, W)], [(2, Y)]]) == 0
    assert combat_winner([[(1, W), (1, Y)], [(3, W)], [(2, Y)]]) == 1


def test_blue_makes_the_lowest_total_win() -> None:
    """If anyone plays blue, the lowest total wins."""
    assert combat_winner([[(3, B)], [(1, W)]]) == 1
    assert combat_winner([[(1, B)], [(4, W)]]) == 0


def test_red_overrules_blue() -> None:
    """With red and blue both played, the highest total wins again."""
    assert combat_winner([[(3, B)], [(1, R)]]) == 0
    assert combat_winner([[(1, B), (1, W)], [(4, R)]]) == 1


def test_equal_totals_go_to_the_most_coloured_cards() -> None:
    """A tie on value goes to the player with more non-white cards."""
    assert combat_winner([[(2, W), (1, W)], [(2, Y), (1, W)]]) == 1
    # Blue: lowest wins, its tie broken the same way.
    assert combat_winner([[(1, B), (1, W)], [(1, W), (1, W)], [(3, Y)]]) == 0


def test_a_full_tie_is_a_draw() -> None:
    """Equal value and equal coloured count: nobody wins."""
    assert combat_winner([[(2, Y)], [(2, R)]]) is None
    assert combat_winner([[(3, W)], [(3, W)], [(1, W)]]) is None


def test_only_the_tied_leaders_are_compared_by_colour() -> None:
    """A coloured low card does not join the tie-break of the leaders."""
    assert combat_winner([[(3, W)], [(3, Y)], [(1, Y), (1, Y)]]) == 1


def test_combat_edge_cases() -> None:
    """All white, one red among blues, ties on value and colours, and empty plays."""
    # All white: the highest total wins; equal totals and no colours: a draw.
    assert combat_winner([[(1, W), (1, W)], [(3, W)]]) == 1
    assert combat_winner([[(2, W), (1, W)], [(3, W)]]) is None
    # One red among blues: red overrules, the highest total wins.
    assert combat_winner([[(3, B)], [(1, B)], [(2, R)]]) == 0
    assert combat_winner([[(1, B), (1, B)], [(1, R)]]) == 0
    # Blue alone: the lowest wins; equal lowest goes to the most coloured, else a draw.
    assert combat_winner([[(2, B)], [(1, W), (1, Y)], [(2, W)]]) is None
    assert combat_winner([[(1, B), (1, W)], [(2, W)], [(3, Y)]]) == 0
    # Equal totals, equal coloured count (of different colours): a draw.
    assert combat_winner([[(2, Y), (1, W)], [(2, R), (1, W)]]) is None
    # No plays at all: nobody wins; empty hands alone: a draw.
    assert combat_winner([]) is None
    assert combat_winner([[], []]) is None


def test_the_hunt_goes_to_the_most_looted_cards_then_colours() -> None:
    """Card count first, values ignored; then coloured loot; then nobody."""
    assert hunt_winner([[(1, W)] * 4, [(4, R)] * 3]) == 0
    assert hunt_winner([[(1, W), (1, Y)], [(1, W), (1, W)]]) == 0
    assert hunt_winner([[(1, W), (1, Y)], [(4, W), (2, R)]]) is None


def test_selena_petra_change_colours_only_in_their_combat() -> None:
    """Selena: whites yellow in the 3rd Combat; Petra: yellows red in the 2nd."""
    assert effective([(2, W)], 2, {"selena"}, False) == [(2, Y)]
    assert effective([(2, W)], 1, {"selena"}, False) == [(2, W)]
    assert effective([(2, Y)], 1, {"petra"}, False) == [(2, R)]
    assert effective([(2, Y)], 2, {"petra"}, False) == [(2, Y)]


def test_value_heroes_change_their_colours() -> None:
    """Clemence, Shena, Mira, Varden and Dragan as printed and designed."""
    assert effective([(4, Y), (3, W)], 0, set(), True) == [(1, Y), (3, W)]
    assert effective([(3, B), (1, B)], 0, {"shena"}, False) == [(2, B), (0, B)]
    assert effective([(3, B)], 0, {"mira"}, False) == [(4, B)]
    assert effective([(2, R)], 0, {"varden"}, False) == [(4, R)]
    assert effective([(2, W)], 0, {"dragan"}, False) == [(3, W)]
    assert effective([(2, W)], 3, {"dragan"}, False) == [(3, W)]
    assert effective([(2, W)], 1, {"dragan"}, False) == [(2, W)]


def test_loot_heroes_count_their_loot() -> None:
    """Morgan per yellow; Nimrod a 4; Benedictus 3 white values; Philippe a pair; Angelo > 7."""
    loot = [(1, Y), (2, Y), (4, B), (1, W), (2, W), (3, W), (3, W)]
    earned = loot_shards(loot, {"morgan", "nimrod", "benedictus", "philippe", "angelo"})
    assert earned == {"morgan": 2, "nimrod": 1, "benedictus": 1, "philippe": 1, "angelo": 0}
    assert loot_shards([*loot, (1, R)], {"angelo"}) == {"angelo": 1}
    assert loot_shards([(1, W), (1, Y)], {"philippe", "benedictus"}) == {
        "philippe": 0,
        "benedictus": 0,
    }


cards = st.lists(
    st.tuples(st.integers(0, 6), st.sampled_from([W, Y, B, R])), min_size=1, max_size=4
)


@given(st.lists(cards, min_size=2, max_size=4))
def test_a_combat_winner_is_a_best_total_with_the_most_colours(plays: list) -> None:  # type: ignore[type-arg]
    """Any winner has the deciding total and strictly the most colours among its equals."""
    winner = combat_winner(plays)
    totals = [sum(v for v, _ in p) for p in plays]
    colours = {c for p in plays for _, c in p}
    target = min(totals) if B in colours and R not in colours else max(totals)
    tied = [s for s, t in enumerate(totals) if t == target]
    if winner is None:
        assert len(tied) > 1
        most = max(coloured(plays[s]) for s in tied)
        assert sum(1 for s in tied if coloured(plays[s]) == most) > 1
    else:
        assert winner in tied
        assert all(coloured(plays[s]) < coloured(plays[winner]) for s in tied if s != winner)


@given(st.permutations(range(3)), st.lists(cards, min_size=3, max_size=3))
def test_the_combat_winner_does_not_depend_on_seat_order(order: list, plays: list) -> None:  # type: ignore[type-arg]
    """Reordering the seats moves the winner with its seat."""
    winner = combat_winner(plays)
    moved = combat_winner([plays[i] for i in order])
    assert (winner is None and moved is None) or (moved is not None and order[moved] == winner)
