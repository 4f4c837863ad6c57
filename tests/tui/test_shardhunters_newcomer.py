"""What a newcomer still found hard to read on the Shardhunters board (issue #15), played
through the real app: the Combats said in glyph codes while deciding to pay at the Tavern
(80x24), the Bloodshards track's skipped spaces drawn as "…" like cut text, and resting
heroes' abilities cut late in a game (160x45)."""

from __future__ import annotations

import random
import re
from typing import Any

from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tests.tui.test_shardhunters_legible import CODE, _board_lines
from tui.app import HuntersApp
from tui.settings import Settings

SEATS = (Seat("Ala"), *(Seat(f"Bot {n} (normal)", "bot", "normal") for n in (2, 3, 4)))
"""Four sides, named as a game from the launcher names them."""

COMBAT = re.compile(r"^(1st|2nd|3rd|4th)\b")


def _paying(players: int, seeds: range) -> list[Match]:
    """Seat 0 at the Tavern deciding whether to pay, once in each of several games."""
    found = []
    for seed in seeds:
        match = Match.new("shardhunters", players, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            if seat == 0 and ("pay",) in match.legal(0) and match.state.hunt > 1 + seed % 2:
                found.append(match)
                break
            match.act(seat, rng.choice(match.legal(seat)))
    return found


async def test_the_combats_read_in_words_while_deciding_to_pay_at_80x24() -> None:
    """At 80x24 the Tavern's Pay or Leave showed the 2nd Combat as "2nd · 1: ☾2 ⚑3 | 2: ≈2
    ☠4 | …" while the details line's second row stood empty: every Combat of the Hunt
    just played reads in words there (its second line takes that row)."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for match in _paying(4, range(8)):
            screen, table = await held_table_at(pilot, match, SEATS)
            await pilot.pause()
            board: Any = screen.query_one("#board")
            for _ in range(2):  # on Pay, then on Leave
                lines = _board_lines(screen_text(app))
                combats = [line for line in lines if COMBAT.match(line) or " | " in line]
                assert len([c for c in combats if COMBAT.match(c)]) == 4, lines
                coded = [line for line in combats if CODE.search(line)]
                assert not coded, "\n".join(lines)
                assert board.details().count("Combat:") == 0, board.details()
                checked += 1
                await pilot.press("right")
                await pilot.pause()
            await table.close()
            await pilot.app.pop_screen()
    assert checked >= 10, checked
