"""Orb Hunters' round line at 80x24 (issue #15, found in play): with three players tied for
the most wounds it read "… · most wounds: ★ Ala & ✦ Bot 2 & ▲ Bot …", the wounds and the
third name cut. Who would be out, and with how many wounds, is read whole."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_orb_hunters import _played
from tests.tui.test_board_superbohaterowie import held_table_at
from tui.app import HuntersApp
from tui.boards.orb_hunters_words import most_wounded
from tui.settings import Settings
from tui.widgets.event_log import EventLog
from tui.widgets.show import Parts


@pytest.mark.parametrize(("players", "seed", "moves"), [(4, 34, 60), (5, 19, 70)])
async def test_three_tied_for_the_most_wounds_read_whole_at_80x24(
    players: int, seed: int, moves: int
) -> None:
    match = _played(players, seed, moves)
    seats, most = most_wounded(match.view(None))
    assert len(seats) >= 3 and match.outcome() is None
    people = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "normal") for n in range(2, players + 1)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, match, people)
        await pilot.pause()
        board: Any = screen.query_one("#board")
        parts = screen.query_one("#oh-parts", Parts)
        top = parts.content_region.y
        rows = screen_text(app).splitlines()[top : top + parts.rows("head")]
        head = " ".join(" ".join(rows).split())
        assert "…" not in head, head
        for seat in seats:
            name = screen.latest[0].names[seat].split(" (")[0]
            assert name in head, (name, head)
        assert f"{most} wounds" in head, head
        log = screen.query_one(EventLog).region
        assert log.height >= 3 and board.region.bottom <= log.y  # the board still fits
        await table.close()


def test_the_key_under_the_board_is_never_cut() -> None:
    """At 120x40 the key's two lines ended "… · F1:", the words after it dropped."""
    from tui.boards.orb_hunters import Board

    for width in (78, 98, 118, 158):
        shown = " ".join(Board._key(width).plain.split("\n"))
        assert not shown.rstrip().endswith(":"), (width, shown)
        assert len(Board._key(width).plain.split("\n")) <= 2


async def test_your_pouch_in_short_form_says_you() -> None:
    """With the round line on two rows the pouches stand two to a line: yours read "★ Ala:
    3: W4 X3 P1 …" where every other word on the board says "You" (and in words now,
    "You: 4 wealth, …", #15)."""
    match = _played(4, 34, 60)
    people = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "normal") for n in range(2, 5)))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        _, table = await held_table_at(pilot, match, people)
        await pilot.pause()
        text = screen_text(app)
        assert "Ala: " not in text and re.search(r"You: \d+ (relics?|wealth)", text), text
        await table.close()
