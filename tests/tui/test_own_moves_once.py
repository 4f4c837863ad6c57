"""The table's log at a keyboard with one player tells each of their own moves once, as
"You …", as the history does (issue #15): it read "Ala picks a card." and "You pick the
Hydra." one under the other. At a hot-seat table (several players at one keyboard) a "You"
would not say whose move it was: the log keeps the names there."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.table import Seat, TableSetup
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards.base import ActionChosen
from tui.screens.cover import PassScreen
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog

BOTS = (Seat("Ala"), Seat("Bot 2", "bot", "random"), Seat("Bot 3", "bot", "random"))

OWN_PUBLIC = {
    "comic-hunters": "Ala picks a card.",
    "shardhunters": "Ala draws",
    "orb-hunters": "Ala draws",
}
"""The start of the public line of Ala's own move that her private line tells better."""

OWN_PRIVATE = {"comic-hunters": "You pick ", "shardhunters": "You ", "orb-hunters": "You draw "}


async def _play_out(pilot: Any, screen: GameScreen, seed: int, moves: int = 400) -> None:
    """Random legal moves for the player shown (as their board sends them), past any
    cover, until the game is over."""
    rng = random.Random(seed)
    for _ in range(moves):
        await settle(pilot, screen, timeout=30)
        if isinstance(pilot.app.screen, PassScreen):
            await pilot.press("enter")
            continue
        update = screen.latest[screen.viewer]
        if update.outcome is not None:
            return
        screen.post_message(ActionChosen(rng.choice(update.legal)))
        await pilot.pause()
    raise AssertionError("the game did not end")


def _in_order(wanted: list[str], lines: list[str]) -> bool:
    """Whether ``wanted`` appear in ``lines`` in that order (others between them)."""
    rest = iter(lines)
    return all(any(line == w for line in rest) for w in wanted)


@pytest.mark.parametrize("slug", ["comic-hunters", "shardhunters"])
async def test_one_player_reads_each_own_move_once_as_you(slug: str) -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(100, 40)) as pilot:
        app.start_game(TableSetup(slug, BOTS, {}, 5))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await _play_out(pilot, screen, 5)
        shown = screen.query_one(EventLog).lines_shown
        assert any(line.startswith(OWN_PRIVATE[slug]) for line in shown), shown
        doubled = [line for line in shown if line.startswith(OWN_PUBLIC[slug])]
        assert not doubled, doubled
        # The log tells what the history tells, in the same words.
        history = screen._history[0][-len(shown) // 2 :]
        assert _in_order(history, shown), (history, shown)


async def test_a_hot_seat_log_names_whose_move_it_was() -> None:
    seats = (Seat("Ala"), Seat("Ola"), Seat("Bot 3", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(100, 40)) as pilot:
        app.start_game(TableSetup("comic-hunters", seats, {}, 5))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await _play_out(pilot, screen, 5)
        shown = screen.query_one(EventLog).entries
        public = [text for to, text in shown if to is None]
        assert "Ala picks a card." in public and "Ola picks a card." in public
        assert not any(text.startswith("You ") for text in public), public
