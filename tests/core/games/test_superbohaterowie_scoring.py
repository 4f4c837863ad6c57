"""Superbohaterowie's Points variant and win condition as pure functions."""

from __future__ import annotations

import pytest

from core.games.superbohaterowie.scoring import city_points, is_saved, raw_city_points


def test_zosias_city_scores_25() -> None:
    """The rulebook's example: fire 10, fire 5, chainsaw 10, Joker 20, spider -20."""
    assert city_points(["fire", "fire", "chainsaw", "joker", "spider"]) == 25


def test_each_further_superhero_of_an_element_is_worth_five() -> None:
    """First of an element 10, every further one 5."""
    assert city_points(["leaf", "leaf", "leaf"]) == 20
    assert city_points(["leaf", "water", "wind", "fire", "chainsaw"]) == 50


def test_a_negative_city_records_zero() -> None:
    """A negative game counts 0 for that player."""
    assert raw_city_points(["spider", "spider", "water"]) == -30
    assert city_points(["spider", "spider", "water"]) == 0


def test_an_empty_city_scores_nothing() -> None:
    """No cards, no points."""
    assert city_points([]) == 0


@pytest.mark.parametrize(
    ("city", "saved"),
    [
        (["leaf", "water", "wind", "fire", "chainsaw"], True),
        (["leaf", "water", "joker", "fire", "joker"], True),
        (["joker"] * 5, True),
        (["leaf", "water", "wind", "fire", None], False),
        (["leaf", "water", "wind", "fire", "fire"], False),
        (["leaf", "water", "wind", "fire", "spider"], False),
        (["leaf", "water", "wind", "joker"], False),
    ],
)
def test_a_city_is_saved_by_five_different_superheroes(city: list[str | None], saved: bool) -> None:
    """Five different superheroes, Jokers standing in for any; no spider, no repeats."""
    assert is_saved(city) is saved
