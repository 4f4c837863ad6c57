"""Comic Hunters keeps each part of its board as drawn while nothing it shows changed: the
board drawn from kept parts is the board drawn afresh, move after move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.boards import comic_hunters as board
from tui.screens.game import GameScreen
from tui.settings import Settings


def _lines(parts: list[list[Any]]) -> list[list[tuple[str, tuple[Any, ...], str]]]:
    return [[(line.plain, tuple(line.spans), str(line.style)) for line in p] for p in parts]


@pytest.mark.parametrize(("size", "players"), [((80, 24), 2), ((130, 40), 3)])
async def test_kept_parts_are_the_parts_drawn_afresh(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int
) -> None:
    layout = board.Board._layout
    compared: list[bool] = []
    kept: list[bool] = []

    def checked(self: board.Board, *args: Any) -> list[Any]:
        before = dict(self._drawn)
        parts = layout(self, *args)
        kept.append(any(self._drawn.get(k) is v for k, v in before.items()))
        drawn, self._drawn = self._drawn, {}
        compared.append(_lines(layout(self, *args)) == _lines(parts))
        self._drawn = drawn
        return parts

    monkeypatch.setattr(board.Board, "_layout", checked)
    names = ["Ala", "Bob", "Eve"][:players]
    seats = tuple(Seat(n, "human" if i == 0 else "remote") for i, n in enumerate(names))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    rng = random.Random(players)
    async with app.run_test(size=size) as pilot:
        app.start_game(TableSetup("comic-hunters", seats, {}, players))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.table is not None
        for _ in range(40):
            match = screen.table.match
            if match.outcome() is not None:
                break
            seat = rng.choice(sorted(match.to_act()))
            await screen.table.submit(seat, rng.choice(match.legal(seat)))
            if rng.random() < 0.3:
                await pilot.press("right")
            await pilot.pause()
    assert compared and all(compared)
    assert any(kept)
