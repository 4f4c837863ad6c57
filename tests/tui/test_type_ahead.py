"""Keys typed ahead keep their order: a chunk of keys that arrives at once (typed ahead over
ssh, where a laggy link hands several keys over in one packet, or pasted, or a key held down)
is handled as if it came one key at a time.

Textual runs a *priority* binding as soon as its key reaches the app, but hands every other
key to the focused widget's queue: "Down Down Down Enter" in one chunk opened the first game's
setup (the list had not moved yet) and the three Downs then went to that setup's first field,
opening its menu. Found in play at 80x24, locally and over ssh, by tmux sending four keys.
"""

from __future__ import annotations

from textual import events

from core.games import GAMES
from tui.app import HuntersApp
from tui.screens.setup import SetupScreen
from tui.settings import Settings


def _chunk(app: HuntersApp, *keys: str) -> None:
    """Keys as one input chunk: all queued on the app before it handles the first."""
    for key in keys:
        app.post_message(events.Key(key, "\r" if key == "enter" else None))


async def test_enter_typed_after_downs_opens_the_game_they_moved_to() -> None:
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _chunk(app, "down", "down", "down", "enter")
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game_slug == list(GAMES)[3], screen.game_slug
        # The Downs were the list's: none of them reached the setup's fields.
        assert not any(getattr(w, "expanded", False) for w in screen.query("Select"))
