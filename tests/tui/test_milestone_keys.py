"""The summary panel closes on Enter only: Space is Whoosh's reveal key, and a player still
pressing it as the game ends must not close the summary unread."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from tests.tui import screen_text
from tui.app import HuntersApp
from tui.screens.help import HelpScreen, game_guide
from tui.screens.history import HistoryScreen
from tui.screens.milestone import MilestoneScreen
from tui.settings import Settings


async def test_space_does_not_close_a_summary_but_enter_does() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(MilestoneScreen(["Game over", "Ala wins."], holding=False))
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, MilestoneScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, MilestoneScreen)


async def test_a_summary_closed_before_it_was_mounted_does_not_crash_the_app() -> None:
    """A player's Enter can reach a served summary while its panel is still being built (keys
    and the screen's own start run apart): the panel goes, and the app stays up (a render
    worker lost a guest's app to this in CI)."""
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        for plain in (False, True):
            summary = MilestoneScreen(["Round 1", "Ala wins."], holding=False, plain=plain)
            app.push_screen(summary)
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
            assert not isinstance(app.screen, MilestoneScreen)
        assert app.is_running and app._exception is None


async def test_help_and_history_closed_as_they_open_do_not_crash_the_app() -> None:
    """F1 or H then Escape at once (a guest's keys arrive together over ssh): the screen is
    gone before it fills in its books or its lines, and the app stays up."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screens: list[Screen[None]] = [
            HelpScreen("Orb Hunters", None, [], guide=game_guide("orb-hunters"), at_table=True),
            HistoryScreen("Orb Hunters", ["Ala draws a card."], ["Ala"]),
        ]
        for screen in screens:
            app.push_screen(screen)
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
            assert app.screen is not screen
        assert app.is_running and app._exception is None


async def test_a_summary_taller_than_the_screen_still_shows_how_to_play_on() -> None:
    """An Orb Hunters round's summary at 80x24 (relics won, exchanges, every player's
    relics, who is most wounded) was taller than the panel: "Enter: play on" was below the
    panel's edge and a newcomer saw no way on. The line stays in view under the facts,
    which scroll with the arrow keys, and says so."""
    facts = [f"Fact number {n} of the round, told in one sentence." for n in range(30)]
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(MilestoneScreen(["Round 2 of 3 is over", *facts], holding=True))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Enter: play on (the bots wait for you); ↑↓ read the rest" in text, text
        assert facts[0] in text and facts[-1] not in text
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert facts[-1] in text and "Enter: play on" in text
        # A short summary has nothing to scroll and says nothing of it.
        await pilot.press("enter")
        await app.push_screen(MilestoneScreen(["Hunt 1", "Ala wins it."], holding=True))
        await pilot.pause()
        assert "read the rest" not in screen_text(app)
