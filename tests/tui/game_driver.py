"""Plays a game screen by keypresses, as a person would: cursor moves, Enter, d, c."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from core.engine import Action
from tui.boards import superbohaterowie as board_module
from tui.screens.game import GameScreen


async def settle(pilot: Pilot[Any], screen: GameScreen, timeout: float = 10.0) -> None:
    """Wait until a local seat may act or the game is over (bots play meanwhile)."""
    async with asyncio.timeout(timeout):
        while True:
            await pilot.pause()
            if screen._summary_open:  # a milestone's summary: read, then play on
                await pilot.press("enter")
                continue
            if screen._covered:
                return
            update = screen.latest.get(screen.viewer)
            ready = update is not None and (
                update.outcome is not None or update.seat in update.acting
            )
            if ready and not screen._refresh_pending:
                return
            await asyncio.sleep(0.01)


async def move_cursor(pilot: Pilot[Any], board: Any, row: int, col: int) -> None:
    """Arrow keys until the board's cursor is on (row, col)."""
    r, _ = board.cursor
    await pilot.press(*(["down"] * (row - r) if row > r else ["up"] * (r - row)))
    _, c = board.cursor
    await pilot.press(*(["right"] * (col - c) if col > c else ["left"] * (c - col)))
    assert board.cursor == (row, col)


async def play_by_keys(pilot: Pilot[Any], screen: GameScreen, action: Action) -> None:
    """Build ``action`` on the visual board with cursor keys and Enter."""
    board: Any = screen.query_one("#board")
    if action == ("discard-hand",):
        await pilot.press("d")
        if getattr(screen.settings, "confirmations", True):
            await pilot.press("d")  # the first d asks, the second discards
        return
    if action == ("continue",):
        await pilot.press("c")
        return
    path = board_module.paths(board.update, action)[0]
    for choice in path:
        kind, *where = choice.key
        if kind == "card":
            hand = board.update.view["hand"]
            await move_cursor(pilot, board, 0, hand.index(where[0]))
        else:
            city, space = where
            await move_cursor(pilot, board, city + 1, space)
        await pilot.press("enter")
