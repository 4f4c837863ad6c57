"""Shardhunters' one-line sides (80x24, four players): a side's heroes are public facts to
play by, and the row cut them mid-name ("★Philippe …", "★Titus ★Lu…", "Nimrod ★…")."""

from __future__ import annotations

import random
from typing import Any

from core.games.shardhunters.data import hero_name
from core.match import Match
from core.table import Seat
from tests.tui.board_helpers import update_of
from tui.boards.shardhunters_table import Detail, active_heroes, side_parts

WIDTH = 78
"""The board's width in an 80-column terminal."""


def _positions() -> list[Match]:
    """Four-player positions in and around Combats, teams of 2 to 5 heroes."""
    found = []
    for seed in range(6):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
            teams = match.state.teams
            if max(len(t) for t in teams) >= 3 and rng.random() < 0.05:
                found.append(Match.replay(match.record()))
    return found


def test_a_sides_heroes_are_never_cut_mid_name_on_its_row() -> None:
    """Every name whole: the active heroes named and the resting ones counted when not all
    fit, or, with no room even for that, the heroes counted."""
    rows = counted = 0
    for match in _positions():
        update = update_of(match, 0, names=("ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4"))
        for side in range(4):
            lines, cards = side_parts(update, side, WIDTH, Detail(0, False, False), None)
            assert cards is None
            row = lines[0].plain
            rows += 1
            assert len(row) <= WIDTH, row
            assert "…" not in row, f"cut: {row!r}"
            team = update.view["teams"][side]
            active = active_heroes(update.view, side)
            if row.endswith((f"{len(team)} heroes, {len(active)} active", f"{len(team)} heroes")):
                counted += 1  # the last resort: no room for the active ones' names
                continue
            for hero in active:
                assert f"★{hero_name(hero)}" in row, f"active {hero} not on {row!r}"
            shown = sum(1 for hero in team if hero_name(hero) in row)
            if shown < len(team):
                assert f"+{len(team) - shown} resting" in row, row
    assert rows > 40 and counted < rows / 4


async def test_the_details_line_says_a_red_card_whole_and_stays_put_as_the_cursor_moves() -> None:
    """At 80x24 "◆ Put down red 2 (lycanthropes). Red lycanthropes: if any is played, the
    high…" was cut in the middle of the rule. The details take two rows when a choice
    needs them, for the whole position: moving the cursor never moves the board's lines."""
    from tests.tui import screen_text
    from tests.tui.game_driver import settle
    from tests.tui.test_board_shardhunters import _setup, _start, play_by_keys
    from tui.app import HuntersApp
    from tui.settings import Settings
    from tui.widgets.show import Parts

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 5))
        board: Any = screen.query_one("#board")
        rng = random.Random(5)
        for _ in range(200):
            await settle(pilot, screen)
            update = screen.latest[0]
            reds = [c for c in board.choices if c.key[0] == "card" and "red" in c.label]
            if update.view["phase"] == "combat" and reds:
                break
            await play_by_keys(pilot, screen, rng.choice(update.legal))
        else:
            raise AssertionError("no Combat with a red card in hand")
        await pilot.pause()
        rows = set()
        for _ in range(len(board.choices)):
            text = " ".join(screen_text(app).split())
            assert board.details() in text, board.details()
            rows.add(board.query_one("#sh-parts", Parts).rows("details"))
            await pilot.press("right")
            await pilot.pause()
        assert rows == {2}


async def test_a_hand_with_room_says_every_tribe_whole() -> None:
    """Four cards at 80x24 were drawn 13 wide, and a red card read "lycanthrop…" though the
    row had room for "lycanthropes": cards take 14 when the row holds them."""
    from tests.tui import screen_text
    from tests.tui.game_driver import settle
    from tests.tui.test_board_shardhunters import _setup, _start, play_by_keys
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        for seed in range(3, 12):
            screen = await _start(pilot, _setup(seats, seed))
            rng = random.Random(seed)
            for _ in range(200):
                await settle(pilot, screen)
                view = screen.latest[0].view
                hand = view["hand"] or []
                reds = [c for c in hand if c.startswith("red")]
                if view["phase"] == "combat" and reds and len(hand) <= 4:
                    await pilot.pause()
                    text = screen_text(app)
                    assert "lycanthropes" in text and "lycanthrop…" not in text, text
                    return
                if screen.latest[0].outcome is not None:
                    break
                await play_by_keys(pilot, screen, rng.choice(screen.latest[0].legal))
            app.pop_screen()
    raise AssertionError("no Combat with four cards or fewer, a red among them")
