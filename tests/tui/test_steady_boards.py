"""Orb Hunters' and Comic Hunters' boards keep their height through a phase of the game
(issue #15, "Cheap to draw"): a board whose height changes lays the whole screen out again
and redraws every row of it, for every guest. Orb's details line took one, two or three
rows as the hand changed (18 of 47 moves at 80x24), its hand, piles and choices a row more
or less at 200x60; Comic's location and hand grew and shrank with their cards (6 to 11 of
50 moves). Now a phase (Orb: a round's assignments, or a skill's or effect's choice;
Comic: a location) is laid out once, as it begins."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine import TABLE
from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings


def _phase(slug: str, view: dict[str, Any]) -> Any:
    if slug == "orb-hunters":
        return view["round"], bool(view["pending"])
    return view["location"]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
@pytest.mark.parametrize("slug", ["orb-hunters", "comic-hunters"])
async def test_moves_within_a_phase_lay_the_screen_out_never(
    slug: str, size: tuple[int, int]
) -> None:
    layouts = 0
    original = GameScreen._refresh_layout

    def counted(screen: GameScreen, *args: Any, **kwargs: Any) -> None:
        nonlocal layouts
        layouts += 1
        original(screen, *args, **kwargs)

    GameScreen._refresh_layout = counted  # type: ignore[method-assign]
    try:
        app = HuntersApp(Settings(bot_delay=0, summaries=False))
        async with app.run_test(size=size) as pilot:
            app.start_game(TableSetup(slug, (Seat("Ala"), Seat("Bob", "remote")), {}, 1))
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            while not screen.latest or screen._refresh_pending:
                await pilot.pause()
            await pilot.pause()
            assert screen.table is not None
            board: Any = screen.query_one("#board")
            phase = _phase(slug, screen.table.match.view(0))
            steady, changed = [], []
            for _ in range(30):
                match = screen.table.match
                if match.outcome() is not None or not match.to_act():
                    break
                acting = sorted(match.to_act())
                seat = acting[0] if acting[0] != TABLE else acting[-1]
                height, layouts = board.outer_size.height, 0
                await screen.table.submit(seat, match.legal(seat)[0])
                await pilot.pause()
                now = _phase(slug, match.view(0))
                moved = (layouts, board.outer_size.height != height)
                (steady if now == phase else changed).append(moved)
                phase = now
    finally:
        GameScreen._refresh_layout = original  # type: ignore[method-assign]
    assert len(steady) >= 15 and changed, (steady, changed)
    assert steady.count((0, False)) == len(steady), steady
