"""Comic Hunters scoring: the rulebook's examples with the rulebook's own numbers."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.games.comic_hunters.scoring import highlight_points, size_points, variety_points


def test_green_collections_score_six_five_ten_and_sixteen() -> None:
    """Green's 3, 3, 5 and 8 cards score 6, 5, 10 and 16 (rows 2, 3, 2, 2)."""
    assert [size_points(3, 2), size_points(3, 3), size_points(5, 2), size_points(8, 2)] == [
        6,
        5,
        10,
        16,
    ]


def test_a_two_card_collection_scores_no_size() -> None:
    """Green's collection of two scores nothing for size."""
    assert size_points(2, 1) == 0


def test_green_variety_is_ten_for_four_collections() -> None:
    """Four collections of three or more score 10; the two-card one does not count."""
    assert variety_points([3, 3, 5, 8, 2]) == 10


def test_a_removed_hero_scores_no_size() -> None:
    """A hero without a Trending marker (row None) scores no size points."""
    assert size_points(6, None) == 0


def test_eight_or_more_cards_score_the_last_column() -> None:
    """The size table stops at eight cards."""
    assert size_points(8, 1) == size_points(12, 1) == 24


def test_variety_grows_with_each_collection() -> None:
    """Variety: 1, 3, 6, 10, 15, 21, 28, 36 for one to eight collections."""
    assert [variety_points([3] * k) for k in range(9)] == [0, 1, 3, 6, 10, 15, 21, 28, 36]


def test_first_highlight_track_black_green_orange() -> None:
    """Track 1: Black, then Green, then Orange score 15, 12, 3."""
    black, green, orange = highlight_points([9, 6, 2], 3)
    assert (black, green, orange) == (15, 12, 3)


def test_second_highlight_track_tie_for_second() -> None:
    """Track 2: Orange first, Green and Black tied second: 15, 7, 7 ((12 + 3) / 2 down)."""
    orange, green, black = highlight_points([8, 4, 4], 3)
    assert (orange, green, black) == (15, 7, 7)


def test_third_highlight_track_tie_for_first() -> None:
    """Track 3: Orange and Green tied first, Black third: 13, 13, 3."""
    orange, green, black = highlight_points([5, 5, 1], 3)
    assert (orange, green, black) == (13, 13, 3)


@pytest.mark.parametrize(
    ("players", "table"),
    [(1, [15, 8]), (2, [15, 8]), (3, [15, 12, 3]), (4, [15, 12, 8, 3])],
)
def test_highlight_tables_by_player_count(players: int, table: list[int]) -> None:
    """The board's reminders: places score by the player count."""
    positions = list(range(len(table), 0, -1))
    assert highlight_points(positions, players) == table


def test_a_player_who_never_advanced_is_not_ranked() -> None:
    """Position 0 scores nothing, even in second place of two."""
    assert highlight_points([4, 0], 2) == [15, 0]


def test_ties_past_the_table_share_nothing_extra() -> None:
    """Two tied last of two players split 8 + 0."""
    assert highlight_points([6, 3, 3], 2) == [15, 4, 4]


@given(st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=4))
def test_highlight_points_never_exceed_the_table(positions: list[int]) -> None:
    """Ties round down, so a track never gives out more than its printed points."""
    players = max(len(positions), 2)
    points = highlight_points(positions, players)
    assert sum(points) <= 15 + 12 + 8 + 3
    ranked = sorted(zip(positions, points, strict=True), reverse=True)
    for (p1, a), (p2, b) in itertools.pairwise(ranked):
        if p1 > p2:
            assert a >= b
