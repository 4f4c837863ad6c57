"""Hero cards take the width their side has, and the Combats their lines of words (issue
#15): at 160x45 a side's four heroes were cards 16 wide, two to a row beside 17 empty
columns, their abilities wrapped to 9-12 lines; a lone hero was a card 25 wide in a panel
of 51. At 120x40 about one Combat line in ten was in glyph codes."""

from __future__ import annotations

import textwrap

import pytest

from core.games.shardhunters.data import HEROES
from tests.tui.test_shardhunters_legible import CODE, read_boards
from tui.boards.shardhunters_table import WHOLE, Detail, hero_rows

LONGEST = sorted(HEROES, key=lambda h: -len(HEROES[h].ability))
WIDEST = 40
"""No hero card is wider than this (a line of ability easy to read)."""


def _height(team: list[str], width: int, count: int) -> int:
    """The rows ``team`` takes in ``count`` rows of cards as wide as each row allows."""
    sizes = [len(team) // count + (1 if r < len(team) % count else 0) for r in range(count)]
    height, start = 0, 0
    for size in sizes:
        card = min(WIDEST, (width - (size - 1)) // size)
        if card < 16:
            return 10**6
        group = team[start : start + size]
        start += size
        height += 3 + max(len(textwrap.wrap(HEROES[h].ability, card - 2)) for h in group)
    return height


@pytest.mark.parametrize("width", [51, 78, 104])
@pytest.mark.parametrize("heroes", [1, 2, 3, 4, 5])
def test_a_sides_hero_cards_fill_its_width_in_the_fewest_rows(width: int, heroes: int) -> None:
    team = LONGEST[:heroes]
    rows = hero_rows(team, set(team), width, Detail(WHOLE, True, True))
    for group, card, _ in rows:
        size = len(group)
        assert card == min(WIDEST, (width - (size - 1)) // size), (width, heroes, rows)
    height = sum(3 + lines for _, _, lines in rows)
    best = min(_height(team, width, count) for count in range(1, heroes + 1))
    assert height == best, (width, heroes, rows, best)


async def test_beside_the_log_a_combat_takes_two_lines_of_words_before_the_tracks() -> None:
    """At 120x40 (the log beside the board) the Combats of four sides stayed in glyph codes
    ("2nd · 1: ☠2 ⚑2 | 2: ☠3 ⚑1 | …") under the tracks' four rows: the rows a Combat's
    second line of words needs go first, as they do with the log under the board."""
    combats = coded = 0
    for lines in await read_boards((120, 40), seeds=range(3), every=0.06):
        said = [line for line in lines if line.startswith(("1st", "2nd", "3rd", "4th"))]
        codes = [line for line in said if CODE.search(line)]
        tracks = [line for line in lines if line.startswith("Bloodshards")]
        assert not (codes and tracks), "\n".join(lines)
        combats += len(said)
        coded += len(codes)
    assert combats > 100 and coded * 10 < combats, (coded, combats)
