"""The Shardhunters board keeps its height through a phase: every part's rows are set for
the phase (the Combats of a Hunt, those to come included; the details line's rows for the
whole hand; the room's rows at a big size), so an ordinary update lays nothing out. Its
Combats, details line and sides grew and shrank on 43-49 of 50 updates, and each laid the
whole screen out again, for every guest (issue #15: a re-render at 1.9x the minimal app)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.engine import TABLE
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui.board_helpers import update_of
from tui.app import HuntersApp
from tui.boards import shardhunters
from tui.boards.shardhunters_table import Detail, combat_height, combat_lines
from tui.screens.game import GameScreen
from tui.settings import Settings


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_ordinary_updates_lay_the_screen_out_only_as_the_phase_changes(
    size: tuple[int, int],
) -> None:
    """Ala's screen while the table plays 26 first legal moves (Bob's as a remote player's):
    the screen is laid out at most once per change of phase, and never by an update that
    leaves the phase as it was."""
    layouts: list[int] = []
    original = GameScreen._refresh_layout

    def counted(screen: GameScreen, *args: Any, **kwargs: Any) -> None:
        layouts.append(1)
        original(screen, *args, **kwargs)

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    GameScreen._refresh_layout = counted  # type: ignore[method-assign]
    try:
        async with app.run_test(size=size) as pilot:
            seats = (Seat("Ala"), Seat("Bob", "remote"))
            app.start_game(TableSetup("shardhunters", seats, {}, 1))
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            assert screen.table is not None
            while not screen.latest or screen._refresh_pending:
                await pilot.pause()
            await pilot.pause()
            phase = _phase(screen)
            changes, stray, combat = 0, [], 0
            for step in range(26):
                match = screen.table.match
                if match.outcome() is not None:
                    break
                acting = sorted(match.to_act())
                seat = acting[0] if acting[0] != TABLE else acting[-1]
                layouts.clear()
                await screen.table.submit(seat, match.legal(seat)[0])
                await pilot.pause()
                now = _phase(screen)
                combat += now[0] == "combat" == phase[0]
                if now != phase:
                    changes += 1
                elif layouts:
                    stray.append((step, now, len(layouts)))
                phase = now
    finally:
        GameScreen._refresh_layout = original  # type: ignore[method-assign]
    assert changes >= 3 and combat >= 15  # Hunts, a Tavern and many updates inside a Combat
    assert not stray, f"laid out inside a phase: {stray}"


def _phase(screen: GameScreen) -> tuple[str, int]:
    view = screen.latest[0].view
    return view["phase"], view["hunt"]


def test_the_combats_height_is_measured_as_they_are_drawn() -> None:
    """The board measures the Combats' rows at each level of detail without drawing their
    cards: the measure must be what is drawn, or the rows it keeps would be wrong."""
    checked = 0
    for players in (2, 3, 4):
        match = Match.new("shardhunters", players, seed=players)
        rng = random.Random(players)
        for _ in range(25):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            update = update_of(match, seat)
            for width in (60, 198):
                for cards, to_come in ((True, True), (True, False), (False, True)):
                    detail = Detail(0, cards, False, to_come=to_come)
                    drawn = combat_lines(update, width, detail)
                    assert combat_height(update, width, detail) == len(drawn)
                    checked += 1
            match.act(seat, rng.choice(match.legal(seat)))
    assert checked > 300


def test_only_a_player_is_told_their_hand_is_empty() -> None:
    """Your hand played out before the Combat ends takes a line that says so; a spectator,
    who has no hand, is told nothing of one."""
    match = Match.new("shardhunters", 2, seed=1)
    while not (match.state.phase == "combat" and match.state.combat == 3):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    match.act(0, match.legal(0)[0])  # seat 0 puts its last card down, seat 1 has not
    board = shardhunters.Board()
    said = [t.plain for t in board._hand_lines(update_of(match, 0), 78)]
    assert said == ["Hand: no cards left this Hunt."]
    assert board._hand_lines(update_of(match, None), 78) == []
