"""Orb Hunters' pouch lines at 80x24 read in one form, in words (#15).

A newcomer with three bots read "▲ You: 5: W10 X4−P1=3 top ✚Elixir" beside "● Bot 2: 2
relics W4 X3 top ☠Treasure": two forms of one thing on one line, both in the legend's
codes, with a line of their key under them. Two pouches to a line have room for
"10 wealth, 4 wounds, 1 potion"; the sum after potions ("4 wounds − 1 potion = 3
wounds") and the visible relic are the details line's, where the cursor is."""

from __future__ import annotations

import re

import pytest

from tests.core.games.test_orb_hunters_rules import match_at, position
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_orb_hunters import BoardApp
from tui.boards import orb_hunters as board

POUCHES = [
    ["initial-relic-1", "orb-1", "gem-pouch-1", "gem-pouch-2", "elixir"],
    ["initial-relic-2", "cursed-treasure-1"],
    ["initial-relic-3"],
    ["initial-relic-4", "healing-potion-1"],
]
"""Five relics with a potion on four wounds; two without one; the Initial Relic alone; a
potion with no wound to cancel."""

SAID = (
    "10 wealth, 4 wounds, 1 potion",
    "4 wealth, 3 wounds",
    "1 wealth, 0 wounds",
    "1 wealth, 0 wounds, 1 potion",
)
"""Each pouch in the words the narrowest form keeps: the relics' own sums, as a relic
card says them ("4 wealth", "2 wounds", "1 potion")."""

CODE = re.compile(r"\b[WXP]\d|: \d+: |\btop\b")
"""The legend's short forms: "W10", "X4", "P1", the count "5: " and "top ✚Elixir"."""


def _pouch_lines(text: str) -> list[str]:
    """The board's lines with a pouch on them (two to a line), and the line under them."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if "You:" in line or "(you" in line)
    return lines[first : first + 3]


@pytest.mark.parametrize(
    "names",
    [
        ("Ala", "Bot 2", "Bot 3", "Bot 4"),
        ("Ala", "Bartholomew", "Ewa", "Zoe"),
    ],
)
async def test_every_pouch_line_reads_in_words_in_one_form(names: tuple[str, ...]) -> None:
    state = position(players=4, pouches=POUCHES, hands=[["purple-5", "red-1"]])
    update = update_of(match_at(state), 0, names)
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
    lines = _pouch_lines(text)
    pouches = " ".join(lines[:2])
    assert not CODE.search(pouches), lines
    assert "W wealth" not in text  # no key to codes that are not there
    for glyph, said in zip("▲●■★", SAID, strict=True):
        after = pouches.split(f"{glyph} ", 1)[1]
        assert after.split(": ", 1)[1].startswith(said), (glyph, said, lines)
    # Two forms on one board: every line is "N wealth, N wounds[, N potions]".
    for part in re.split(r"\s{2,}", pouches.strip()):
        assert re.fullmatch(r". [^:]+: \d+ wealth, \d+ wounds?(, \d+ potions?)?", part), part
    for key, _ in board.LEGEND:
        assert key != "1 relic W1 X0", key  # no code of a pouch line to explain


@pytest.mark.parametrize("players", [3, 4])
async def test_a_relic_with_an_effect_says_its_points_in_words_at_80x24(players: int) -> None:
    """The Thief's Glove and the Hammer of Ruin read "W1 X1 Steal→" and "W1 X1" /
    "Destroy" on two lines beside "4 wealth" / "2 wounds": the row the pouches' key line
    gave up holds their points in words on three lines."""
    row = ["thiefs-glove-right", "hammer-of-ruin-1", "orb-1", "gem-pouch-1", "trinket-1"]
    state = position(players=players, row=row[: players + 1], hands=[["purple-5", "red-1"]])
    update = update_of(match_at(state), 0, ("Ala", "Bot 2", "Bot 3", "Bot 4")[:players])
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
    assert not re.search(r"\b[WX]\d", text), text
    inside = [re.findall(r"│([^│]*)│", line) for line in text.splitlines()]
    for column, said in (
        (0, "→Glove 1 wealth 1 wound Steal→"),
        (1, "⚒Hammer 1 wealth 1 wound Destroy"),
    ):
        card = [cells[column].strip() for cells in inside if len(cells) > column]
        assert " ".join(card[: card.index("·")]).split() == said.split(), card
