"""Orb Hunters' marker and rival choices name every player whole at 80x24 (issue #15): with
five players a newcomer read "▲ Red (Bot…)", "● Blue …" and "● Bot 1…" on the choice row
of a Trenti's marker and an Exchange's rivals, the bots' names ("Bot 3 (normal)") cut to
nothing; what a decision needs is never cut at 80x24."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.games.orb_hunters.data import ADVENTURER_NAMES
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import screen_text
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import orb_hunters as board
from tui.boards.orb_hunters_cards import owner
from tui.screens.game import GameScreen
from tui.settings import Settings

NAMES = ("Ala", *(f"Bot {i} (normal)" for i in range(1, 5)))
"""The setup screen's names for a human and four bots."""


def _until_mine(seed: int, kind: str) -> Match:
    """Random play by five until seat 0 owes a ``kind`` choice."""
    match = Match.new("orb-hunters", 5, seed=seed)
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = min(match.to_act())
        pending = match.view(seat)["pending"]
        if seat == 0 and pending and pending[0] == kind:
            return match
        match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError(f"no {kind} for seat 0 with seed {seed}")


def _first_mine(kind: str) -> Match:
    for seed in range(200):
        try:
            return _until_mine(seed, kind)
        except AssertionError:
            continue
    raise AssertionError(f"no {kind} for seat 0 in 200 games")


@pytest.mark.parametrize("kind", ["mark", "exchange", "gift"])
async def test_every_choice_names_its_player_whole_at_80x24_with_five(kind: str) -> None:
    """Each legal choice's player (and, for a marker, its colour) whole on the choice
    rows of the game screen at 80x24, beside its ◆; the details line and the log too."""
    match = _first_mine(kind)
    seats = (Seat(NAMES[0]), *(Seat(name, "bot", "normal") for name in NAMES[1:]))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = TableSetup("orb-hunters", seats, dict(match.options), match.seed)
        app.push_screen(GameScreen(setup, app.settings, match=match))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot, screen)
        shown: Any = screen.query_one("#board")
        keys = shown._choice_keys()
        assert len(keys) >= 4, keys
        rows = [line for line in screen_text(app).splitlines() if "◆" in line]
        view = shown.update.view
        for what, value in keys:
            seat = owner(view, value) if what == "colour" else value
            name = NAMES[seat] if seat is not None else "nobody"
            said = f"{ADVENTURER_NAMES[value]}: {name}" if what == "colour" else name
            assert any(said in line for line in rows), (said, rows)
        assert shown.fit is not None and shown.outer_size.height <= 17 + 2
        for _ in keys:  # the cursor reads each one whole in the details line too
            await pilot.press(board.NEXT_CHOICE)
            label = next(c.label for c in shown.choices if c.key == shown._cursor_key())
            assert label in shown.details()
