"""Your hand stays on the board while the location's cards can still be drawn smaller
(issue #15, found playing four players at 160x45): at the Flea Market each row stood as
big cards, the Highlight tracks and your hand were gone, and only the backs on your line
("hand ①①①①") said what you held while you chose a row to take."""

from __future__ import annotations

import random
from typing import Any

from core.games.comic_hunters.data import CARD
from tests.tui import screen_text
from tests.tui.board_helpers import comic_hunters_by_keys, comic_hunters_table
from tests.tui.game_driver import settle
from tui.boards.comic_hunters_draw import HERO_WORD
from tui.screens.game import GameScreen

SLUG = "comic-hunters"


def _app() -> Any:
    """You and 3 bots at a real table."""
    return comic_hunters_table(3)


_by_keys = comic_hunters_by_keys


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
