"""The summary panel closes on Enter only: Space is Whoosh's reveal key, and a player still
pressing it as the game ends must not close the summary unread."""

from __future__ import annotations

from textual.app import App

from tui.screens.milestone import MilestoneScreen


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
