"""Whoosh's updates come in pairs (a hand on a Monster, then its settle once the tie window
has passed), each drawn for every guest: each must draw only the lines that changed, and the
keys under the table, which come and go with every turn, are put together once per set."""

from __future__ import annotations

from typing import Any

import pytest
from textual.visual import Visual

from core.table import Seat, TableSetup
from tests.tui.test_footer import Keys
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.footer import KeyFooter
from tui.widgets.show import Parts


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_a_claim_draws_the_lines_it_changed_not_whole_parts(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        app.start_game(TableSetup("whoosh", seats, {"turn_timer": 0}, 1))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        while not screen.latest or screen._refresh_pending:
            await pilot.pause()
        table = screen.table
        assert table is not None
        await table.submit(0, ("reveal",))
        await pilot.pause()
        board: Any = screen.query_one("#board")
        parts = screen.query_one("#wh-parts", Parts)
        drawn: list[int] = []
        claims: list[tuple[int, int, str]] = []  # per claim shown: lines drawn, changed, text
        to_strips, show = Visual.to_strips, board.show

        def counted(widget: Any, *args: Any, **kwargs: Any) -> Any:
            strips = to_strips(widget, *args, **kwargs)
            if widget is parts:
                drawn.append(len(strips))
            return strips

        def shown(update: Any) -> None:
            before, drawn[:] = list(parts._lines), []
            show(update)
            if any(event["type"] == "claim" for event in update.events):
                changed = sum(1 for a, b in zip(before, parts._lines, strict=True) if a != b)
                text = "\n".join(strip.text for strip in parts._lines)
                claims.append((sum(drawn), changed, text))

        monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
        monkeypatch.setattr(board, "show", shown)
        generation = table.match.state.generation  # type: ignore[attr-defined]
        await table.submit(1, ("claim", 0, generation))  # Bob's hand, pending a moment
        await pilot.pause()
        [(rendered, changed, text)] = claims
        assert "Hands down: Bob on Monster 1" in text
        assert 0 < changed < len(parts._lines)
        assert rendered <= changed  # each changed line rendered once, nothing else


async def test_keys_that_come_back_are_not_put_together_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        for allowed in (False, True):  # both sets of keys once
            app.allowed = allowed
            app.refresh_bindings()
            await pilot.pause()
        lines: list[bool] = []
        draw_line = KeyFooter._draw_line

        def counted(self: KeyFooter, short: set[int]) -> None:
            lines.append(True)
            draw_line(self, short)

        monkeypatch.setattr(KeyFooter, "_draw_line", counted)
        for allowed in (False, True, False):
            app.allowed = allowed
            app.refresh_bindings()
            await pilot.pause()
            assert app.query_one(KeyFooter).keys[0].enabled == allowed
        assert not lines
