"""Shardhunters' Combats in words at 120x40 and 80x24 with three and four players (issue
#15): a newcomer found about 9 in 100 of the Combats' lines at 120x40 with four players in
glyph codes ("2nd · 1: ≈2 ☠2 | 2: ☠3 ⚑1 | 3: ☠2 ☠3 | 4: ≈1 ☠2 → Bot 4 won"), the board's
78 columns beside the log too few for eight cards in words and its rows all taken. A Combat
now takes two lines of words for a line of each active hero's ability (the rest of it is a
↑↓ and i away), or for the Combats still to come; the few codes left are in the legend
(F1), and i says those Combats in words. And the sides' lines over their heroes' cards say
a bot's whole name ("4 Bot 4 (normal)"), as the log does, where "2 shards" makes room."""

from __future__ import annotations

import re

import pytest

from tests.tui.test_shardhunters_legible import CODE, read_boards
from tests.tui.test_shardhunters_names import _own_line
from tui.boards import shardhunters as board

COMBAT = ("1st", "2nd", "3rd", "4th")

MOST_CODED = {(120, 40): 40, (80, 24): 30}
"""At most one Combat's line in this many in glyph codes (at 120x40 with four players: 33
of 376 before, 9 now; at 80x24, 10 of 376, where the board has 16 rows)."""


async def _combats(size: tuple[int, int], players: int) -> tuple[list[str], list[str], list[str]]:
    """The Combats' lines of random positions at ``size``, those in glyph codes, and the
    details (i) of each position with a Combat in codes."""
    details: list[str] = []
    combats: list[str] = []
    coded: list[str] = []
    said: list[str] = []
    for lines, text in zip(await read_boards(size, players, details=details), details, strict=True):
        shown = [line for line in lines if line.startswith(COMBAT) and "to come" not in line]
        combats += shown
        codes = [line for line in shown if CODE.search(line)]
        coded += codes
        said += [text] * len(codes)
        for line in codes:
            number = COMBAT.index(line[:3])
            assert f"{COMBAT[number]} Combat: " in text, (line, text)
    return combats, coded, said


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("players", [3, 4])
async def test_combats_read_in_words_with_three_and_four_players(
    size: tuple[int, int], players: int
) -> None:
    """Few Combats' lines in glyph codes, never the Combat being played; each one's cards
    are in words in what i shows (the details), each side's cards named."""
    combats, coded, said = await _combats(size, players)
    assert len(combats) > 250, len(combats)
    most = len(combats) // (MOST_CODED[size] * (3 if players == 3 else 1))
    assert len(coded) <= most, f"{len(coded)} of {len(combats)}: {coded[:4]}"
    for line, text in zip(coded, said, strict=True):
        assert " now" not in line and line.endswith((" won", "a draw")), line
        assert re.search(r" played (white|yellow|blue|red) \d", text), text


def test_the_legend_says_a_combats_line_in_glyph_codes() -> None:
    """The line a Combat played falls back to ("2nd · 1: ≈2 ☠3 | 2: ⚑1 ☾4 → you won") is
    in the legend (F1), with where its words are (i)."""
    shown = {short: meaning for short, meaning in board.LEGEND}
    coded = [short for short in shown if short.startswith("2nd · 1: ") and CODE.search(short)]
    assert coded, shown
    assert "i " in shown[coded[0]] and "words" in shown[coded[0]], shown[coded[0]]


@pytest.mark.parametrize("size", [(120, 40), (160, 45)])
async def test_a_bots_side_says_its_whole_name_over_its_cards(size: tuple[int, int]) -> None:
    """Where the sides are cards (120x40, 160x45) each bot's side names it whole once
    ("4 Bot 4 (normal)"), as the log and the results do: at 120x40 a quarter of them said
    "4 Bot 4 · 3 Bloodshards", the bracket dropped where "3 shards" made the room."""
    sides = whole = 0
    for lines in await read_boards(size, 4, seeds=range(3)):
        for number in (2, 3, 4):
            sides += 1
            whole += sum(1 for line in lines if _own_line(number).search(line))
    assert sides > 150 and whole * 100 >= sides * 98, (whole, sides)


@pytest.mark.parametrize("size", [(120, 40), (160, 45)])
async def test_the_sides_say_their_bloodshards_one_way(size: tuple[int, int]) -> None:
    """At 160x45 "▶ 1 You · 1 shard · …" stood beside "2 Bot 2 (normal) · ready" over "1
    Bloodshard · no loot · …": a side's facts on a line of their own take the others'
    shorter words too."""
    checked = 0
    for lines in await read_boards(size, 4, seeds=range(3)):
        facts = [line for line in lines if "loot" in line and " · " in line]
        said = {word for line in facts for word in re.findall(r"\d+ (Bloodshard|shard)", line)}
        assert len(said) <= 1, "\n".join(facts)
        checked += len(facts) > 2
    assert checked > 50, checked


@pytest.mark.parametrize("players", [3, 4])
async def test_the_sides_lines_say_their_hands_one_way_at_80x24(players: int) -> None:
    """ "3 Bot 3 · 1 shard · no loot · 0 in hand" over "4 Bot 4 · 1 shard · … · hand 0" on
    nearly half the boards at 80x24 (47 of 136 with four players): the sides said in a line
    each say their hands in one form."""
    checked = 0
    for lines in await read_boards((80, 24), players):
        sides = [line for line in lines if re.match(r"^(▶ )?[1-4] ", line) and "loot" in line]
        forms = {bool(re.search(r"\d+ in hand", line)) for line in sides}
        assert len(forms) <= 1, "\n".join(sides)
        checked += len(sides) == players
    assert checked > 80, checked
