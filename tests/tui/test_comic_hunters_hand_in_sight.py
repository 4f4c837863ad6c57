"""Your hand stays on the board while the location's cards can still be drawn smaller
(issue #15, found playing four players at 160x45): at the Flea Market each row stood as
big cards, the Highlight tracks and your hand were gone, and only the backs on your line
("hand ①①①①") said what you held while you chose a row to take."""

from __future__ import annotations

import random
from typing import Any

from core.engine import Action
from core.games.comic_hunters.data import CARD
from core.table import Seat, TableSetup
from tests.tui import screen_text
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import comic_hunters as board
from tui.boards.comic_hunters_draw import HERO_WORD
from tui.screens.game import GameScreen
from tui.settings import Settings

SLUG = "comic-hunters"


def _app() -> HuntersApp:
    """You and three bots at a real table."""
    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in (2, 3, 4)))
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, TableSetup(SLUG, seats, {}, 11))
    return app


async def _by_keys(pilot: Any, screen: GameScreen, action: Action) -> None:
    """Build ``action`` with the arrow keys and Enter, one choice at a time."""
    widget: Any = screen.query_one("#board")
    for choice in board.paths(widget.update, action)[0]:
        await settle(pilot, screen)
        keys = [c.key for c in widget.choices]
        steps = (keys.index(choice.key) - widget.cursor) % len(keys)
        await pilot.press(*(["right"] * steps))
        await pilot.press("enter")


async def test_your_hand_is_on_the_board_at_the_flea_market_at_160x45() -> None:
    app = _app()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        rng = random.Random(3)
        while screen.latest[0].view["location"] != "flea" or 0 not in screen.latest[0].acting:
            legal = list(screen.latest[0].legal)
            await _by_keys(pilot, screen, rng.choice([a for a in legal if a[0] == "pick"]))
            await settle(pilot, screen)
        hand = screen.latest[0].view["hand"]
        assert hand
        text = screen_text(app)
        lines = text.splitlines()
        start = next(
            (
                i
                for i, line in enumerate(lines)
                if "hand" in line.split("│")[0] and ("Your hand" in line or "Hand:" in line)
            ),
            None,
        )
        assert start is not None, text
        shown = " ".join(line.split("│")[0] for line in lines[start:])
        for card in hand:
            assert HERO_WORD[CARD[card].heroes[0]] in shown, (card, text)
