"""core.games.fields.replacer: the games' faster dataclasses.replace makes the same states."""

from __future__ import annotations

import dataclasses
import random

import pytest

from core.games import GAMES
from core.games.fields import replacer


@dataclasses.dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int
    tags: tuple[str, ...] = ()


def test_it_makes_what_dataclasses_replace_makes() -> None:
    replace = replacer(Point)
    point = Point(1, 2, ("a",))
    assert replace(point) == point
    assert replace(point, y=5) == dataclasses.replace(point, y=5) == Point(1, 5, ("a",))
    assert replace(point, x=0, tags=()) == Point(0, 2)


def test_an_unknown_field_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="Point has no field 'z'"):
        replacer(Point)(Point(1, 2), z=3)


def test_a_field_the_constructor_does_not_set_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Derived:
        x: int
        double: int = dataclasses.field(init=False, default=0)

    with pytest.raises(TypeError, match="constructor does not set"):
        replacer(Derived)


@pytest.mark.parametrize("slug", ["orb-hunters", "shardhunters"])
def test_the_games_states_change_as_with_dataclasses_replace(slug: str) -> None:
    """Every field of a dealt state, changed one at a time to another state's value."""
    game = GAMES[slug]
    first = game.setup(2, random.Random(1), {})
    other = game.setup(2, random.Random(2), {})
    module = __import__(f"core.games.{slug.replace('-', '_')}.state", fromlist=["replace"])
    for field in dataclasses.fields(first):
        value = getattr(other, field.name)
        changed = module.replace(first, **{field.name: value})
        assert changed == dataclasses.replace(first, **{field.name: value})
