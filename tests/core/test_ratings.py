"""The rating rule: who counts (people who played most of their own moves), which games are
rated, ties from the game's ranking, and ratings that only settle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine import Outcome
from core.match import Step
from core.ratings import INITIAL, Rating, SeatResult, rate, seat_results, why_not_rated

TWO = (("ala", "remote", ""), ("olek", "remote", ""))


def _outcome(*ranking: tuple[int, ...], seats: int = 2) -> Outcome:
    return Outcome((0,) * seats, ({},) * seats, ranking)


def _moves(*seats: int) -> list[Step]:
    return [(seat, ("pass",), None) for seat in seats]


def _result(seat: int, name: str, kind: str = "human", share: float = 0.0, place: int = 1):
    level = "random" if kind == "bot" else ""
    return SeatResult(seat, name, kind, level, 0, place, share)


def test_moves_a_stand_in_played_are_its_share_of_the_seat() -> None:
    """ala's seat: four moves, a bot stood in for the middle two (between the notes)."""
    steps = _moves(0, 1, 0, 1, 0, 1, 0, 1)
    notes = [
        {"note": "stand-in", "seat": 0, "actions": 2},
        {"note": "back", "seat": 0, "actions": 6},
    ]
    results = seat_results(TWO, steps, notes, _outcome((1,), (0,)))
    assert [r.stand_in_share for r in results] == [0.5, 0.0]
    assert [r.place for r in results] == [2, 1] and results[0].kind == "human"


def test_a_restart_ends_every_stand_in() -> None:
    """After "resumed" no bot plays a seat until a new "stand-in" note says so."""
    notes = [{"note": "stand-in", "seat": 1, "actions": 0}, {"note": "resumed", "actions": 2}]
    results = seat_results(TWO, _moves(0, 1, 0, 1, 0, 1), notes, _outcome((0, 1)))
    assert results[1].stand_in_share == 1 / 3


def test_a_seat_given_to_another_guest_is_theirs_with_the_moves_before_not_theirs() -> None:
    """The host gave olek's seat to eve after three of its four moves: eve played one."""
    notes = [{"note": "seated", "seat": 1, "name": "eve", "actions": 6}]
    results = seat_results(TWO, _moves(0, 1, 0, 1, 0, 1, 0, 1), notes, _outcome((0,), (1,)))
    assert results[1].name == "eve" and results[1].stand_in_share == 0.75


def test_exactly_half_played_by_a_stand_in_still_counts_more_does_not() -> None:
    """ "Mostly" is more than half."""
    assert _result(0, "ala", share=0.5).counts
    assert not _result(0, "ala", share=0.51).counts
    assert not _result(0, "Bot 1", "bot").counts


def test_which_games_are_rated() -> None:
    """Solo, bots only, one person, a stand-in majority and one person in two seats are
    recorded but not rated; two people who played their own moves are."""
    assert why_not_rated([_result(0, "ala")]) == "a solo game"
    assert why_not_rated([_result(0, "Bot 1", "bot"), _result(1, "Bot 2", "bot")]) == (
        "only bots played"
    )
    assert why_not_rated([_result(0, "ala"), _result(1, "Bot 2", "bot")]) == (
        "only one person played"
    )
    assert why_not_rated([_result(0, "ala"), _result(1, "olek", share=0.9)]) == (
        "stand-in bots played most of the moves of all but one person"
    )
    assert why_not_rated([_result(0, "ala"), _result(1, "ALA")]) == "one person held two seats"
    assert why_not_rated([_result(0, "ala"), _result(1, "Bot 2", "bot"), _result(2, "olek")]) == ""


def test_tied_people_with_equal_ratings_stay_equal_and_bots_are_left_out() -> None:
    """ala and olek tie for first ahead of eve; the bot between them changes nothing."""
    seats = [
        _result(0, "ala", place=1),
        _result(1, "Bot 2", "bot", place=2),
        _result(2, "eve", place=3),
        _result(3, "olek", place=1),
    ]
    ala, eve, olek = rate(seats, [INITIAL] * 3)
    assert ala == olek and ala.mu > INITIAL.mu > eve.mu


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 8),
            st.floats(0, 50, allow_nan=False),
            st.floats(0.5, 9, allow_nan=False),
        ),
        min_size=2,
        max_size=8,
    )
)
def test_random_rankings_never_grow_uncertainty(players: list[tuple[int, float, float]]) -> None:
    """Whatever the places (ties included) and ratings before, every sigma stays or shrinks
    and every result is a number; among equals, tied places rate the same and a better place
    rates higher, ties or not (openskill 6.2's Plackett-Luce failed this: issue #155)."""
    seats = [_result(i, f"p{i}", place=place) for i, (place, _, _) in enumerate(players)]
    before = [Rating(mu, sigma) for _, mu, sigma in players]
    after = rate(seats, before)
    assert len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        assert new.sigma <= old.sigma
        assert new.mu == new.mu and new.sigma > 0
    same = rate(seats, [INITIAL] * len(seats))
    for a, b in zip(seats, same, strict=True):
        for c, d in zip(seats, same, strict=True):
            if a.place == c.place:  # the same up to the order of a float sum
                assert (b.mu, b.sigma) == pytest.approx((d.mu, d.sigma), rel=1e-12)
            elif a.place < c.place:
                assert b.mu > d.mu


def test_three_tied_winners_rate_above_the_second_place() -> None:
    """Places 1, 1, 1, 2, 3 from equal ratings: the Plackett-Luce model of openskill 6.2
    gave the three winners 25.44 and the second 26.00."""
    seats = [_result(i, f"p{i}", place=place) for i, place in enumerate((1, 1, 1, 2, 3))]
    after = rate(seats, [INITIAL] * 5)
    assert after[0].mu == pytest.approx(after[1].mu) == pytest.approx(after[2].mu)
    assert after[0].mu > after[3].mu > after[4].mu
