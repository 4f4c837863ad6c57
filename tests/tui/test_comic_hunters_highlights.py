"""Every card's Highlights read at 80x24 in the Convention, apart from its heroes (issue #15,
found by a newcomer at 80x24): the grid's one-line cells cut the icons ("①Captain…",
"③Panther…"), and the Highlights are what a take is decided on; a whole cell read as one
phrase ("③Captain Special One": a hero called "Captain Special"?)."""

from __future__ import annotations

import re

import pytest

from core.engine import in_words
from core.games.comic_hunters.data import CARD, HIGHLIGHT_NAMES
from tests.tui import screen_text
from tests.tui.board_helpers import comic_hunters_table
from tests.tui.board_helpers import comic_hunters_until as _to_the_convention
from tui.boards import comic_hunters_draw as draw

SEEDS = [3, 9, 22]
"""Seeds 9 and 22 reach grids where the icons cannot fit a cell and the choice names them."""
ROW = re.compile(r"^ *\[?◆?(\d)\]? ")


def _grid_rows(text: str) -> dict[int, str]:
    """The screen's lines of the grid's rows, by row (0 the top)."""
    rows: dict[int, str] = {}
    for line in text.splitlines():
        found = ROW.match(line)
        if found and any(g in line for g in "①②③·") and "hand" not in line:
            rows.setdefault(int(found.group(1)) - 1, line)
    return rows


def _icons(card: str) -> str:
    return ", ".join(draw.ICON_SHORT[i] for i in CARD[card].highlights)


def _read(card: str, cell: int, rows: dict[int, str], said: str) -> bool:
    """Whether ``card``'s icons read whole: in its row's line after its value glyph (no
    other card's glyph between), or named by its row and column in the words shown."""
    where = f"row {cell // 5 + 1}, column {cell % 5 + 1}: "
    if where + in_words([HIGHLIGHT_NAMES[i] for i in CARD[card].highlights]) in said:
        return True
    glyph = re.escape(draw.VALUE_GLYPH[CARD[card].value])
    return re.search(glyph + r"[^①②③]*?" + re.escape(_icons(card)), rows[cell // 5]) is not None


@pytest.mark.parametrize("seed", SEEDS)
async def test_every_card_on_the_grid_shows_its_highlights_whole_at_80x24(seed: int) -> None:
    """Moving the cursor over the heroes to take (✓ marks that hero's cards), every card's
    Highlight icons read whole in its own row of the grid, after its value; where even a
    ✓ cell cannot hold them (seeds 9 and 22), the choice of its hero names them by row and
    column: none is left to a "…"."""
    app = comic_hunters_table(2, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, widget = await _to_the_convention(pilot, seed)
        grid = screen.latest[0].view["convention"]["grid"]
        shown = {c: not CARD[c].highlights for c in grid if c}
        heroes = [c.key for c in widget.choices if c.key[0] == "hero"]
        assert heroes, widget.choices
        for _ in heroes:
            text = screen_text(app)
            rows = _grid_rows(text)
            assert len(rows) == 5, text
            said = " ".join(text.split())
            for cell, card in enumerate(grid):
                if card and CARD[card].highlights and _read(card, cell, rows, said):
                    shown[card] = True
            await pilot.press("right")
            await pilot.pause()
        assert all(shown.values()), [c for c, s in shown.items() if not s]


def test_a_cell_parts_its_heroes_from_its_highlights() -> None:
    """ "③Captain Special One" read as one phrase: the heroes, then " · ", then the icons
    by commas, wherever the one-line form is drawn."""
    special_one = next(c for c in CARD if CARD[c].highlights == ("special-edition", "number-one"))
    hero = draw.HERO_WORD[CARD[special_one].heroes[0]]
    assert draw.cell_words(special_one, False) == f"{hero} · Special, One"
    cell = draw.card_cell(special_one, (False, False, False), 40).plain
    assert f"{hero} · Special, One" in cell, cell
    plain = next(c for c in CARD if not CARD[c].highlights)
    assert "·" not in draw.cell_words(plain, False)


def test_the_legend_says_how_a_cell_reads() -> None:
    """F1's legend has the cell's form: the heroes, " · ", then the icons."""
    from tui.boards import comic_hunters as board

    forms = dict(board.LEGEND)
    form = next(short for short in forms if draw.ICONS_AFTER in short)
    assert "heroes" in forms[form] and "Highlight" in forms[form], forms[form]
