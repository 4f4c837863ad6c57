"""A relic's points read in words at 80x24 in every phase (#15).

Found by a newcomer at 80x24: while a marker or a rival was chosen (the choice cards took
three rows) and in five-player games, the relics said their points in the legend's codes
("W3 X3", "W1 P1", "W1 X1 Dstr"). The choice cards now go flat (their lines without the
top and bottom edges) where only that leaves the relics their points in words. Random
positions of every player count, each at a moment to assign an adventurer and at every
choice of a marker or a rival, are drawn at 80x24 and their relic cards read: while
choosing, every relic says its points in words (with five players, unless the choice's
text takes the details line's three rows); a code is left only where nothing else fits,
and then the details line says the relic whole and the legend explains the code.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from core.match import Match
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import _screen_at
from tui.app import HuntersApp
from tui.boards import orb_hunters as board
from tui.boards.orb_hunters_cards import points_words
from tui.settings import Settings

CODE = re.compile(r"\b[WXP]\d+")
"""A relic's points in the legend's short form: "W3", "X3", "P1"."""

SEEDS = (0, 1)
AT_MOST = 37
"""Code-form relic cells left over all the positions drawn: 244 before the choice cards
could go flat, 74 of the 90 boards choosing a marker or a rival showing one.
The rest are five players' Hammers and Gloves ("W1 X1" / "Destroy" on cards ten cells
wide), whose third line would take the log's second line or the details line's third."""


def _positions(players: int, seed: int) -> list[tuple[Match, int]]:
    """Moments of a random game: every marker, Gift or Exchange choice, and one turn to
    assign an adventurer in every six."""
    rng = random.Random(seed * 100 + players)
    match = Match.new("orb-hunters", players, seed=seed)
    found: list[tuple[Match, int]] = []
    step = 0
    while match.outcome() is None:
        seat = min(match.to_act())
        pending = match.view(seat)["pending"]
        if (pending and pending[0] in ("mark", "gift", "exchange")) or step % 6 == 2:
            found.append((copy.deepcopy(match), seat))
        match.act(seat, rng.choice(match.legal(seat)))
        step += 1
    return found


def _coded_cells(rows: list[str]) -> list[tuple[int, str]]:
    """The relic cards' cells (column index, text) that say a point in short form."""
    found = []
    for row in rows:
        for index, cell in enumerate(re.findall(r"│([^│]*)│", row)):
            if CODE.search(cell):
                found.append((index, cell.strip()))
    return found


async def test_relics_read_their_points_in_words_at_80x24() -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    coded = 0
    drawn = 0
    choosing = 0
    coded_choosing: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for players in range(2, 6):
            for seed in SEEDS:
                for match, seat in _positions(players, seed):
                    screen = await _screen_at(pilot, match, seat)
                    await pilot.pause()
                    shown: Any = screen.query_one("#board")
                    region = shown.part_region("relics")
                    rows = screen_text(app).splitlines()[region.y : region.bottom]
                    cells = _coded_cells(rows)
                    drawn += 1
                    if shown._choice_keys():
                        choosing += 1
                        fit = shown._layout()
                        if cells and (players < 5 or fit.details_rows < 3):
                            coded_choosing.append("\n".join(rows))
                    coded += len(cells)
                    view = match.view(seat)
                    for index, _ in cells:
                        # The whole of it is a key away, and the legend explains the code.
                        card = view["row"][index]
                        details = shown._details_of(("column", index), [])
                        assert points_words(card) in details, details
                    await pilot.app.pop_screen()
    assert choosing > 10 and drawn > 100, (choosing, drawn)
    legend = " ".join(f"{glyph} {meaning}" for glyph, meaning in board.LEGEND)
    assert "W4 X2 P1" in legend and "4 wealth, 2 wounds, 1 potion" in legend
    print(
        f"code-form relic cells: {coded} in {drawn} boards; {len(coded_choosing)} of the "
        f"{choosing} boards choosing a marker or a rival show one with the rows for words"
    )
    assert not coded_choosing, coded_choosing[0]
    assert coded <= AT_MOST, coded
