"""The keys in words under the title of "Your games", a profile and the leaderboards name
the key the footer names for going back: b (issue #15). The hint said "Esc back" while the
footer said "b Back" (b, Escape and q all go back since 7c13777): two names for one key,
and the one in the sentence was not the footer's."""

from __future__ import annotations

from pathlib import Path

from tests.core.db_records import finished_record
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.records import LocalRecords
from tui.screens.launcher import LauncherScreen
from tui.screens.stats import GamesScreen, LeaderboardScreen, ProfileScreen, StatsScreen
from tui.settings import Settings


def _app(directory: Path) -> HuntersApp:
    """Two finished games of Ala and Ola at one keyboard (rated: two people played)."""
    records = LocalRecords(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for number in range(2):
        path = directory / f"finished-{1_700_000_000 + number * 3600}.rec"
        finished_record(path, [("Ala", "human", ""), ("Ola", "human", "")], seed=number)
        records.database().add_game(path)
    app = HuntersApp(Settings(bot_delay=0))
    app.records = records
    return app


def _hint_and_footer(app: HuntersApp) -> tuple[str, str]:
    hint = " ".join(str(app.screen.query_one(".hint").render()).split())
    return hint, screen_text(app).splitlines()[-1]


async def test_every_hint_says_b_goes_back_as_the_footer_does(tmp_path: Path) -> None:
    """Your games (y), the leaderboards (l) and a profile (Enter on a leaderboard's
    player): the hint ends "b back", names no Esc, and b goes back."""
    app = _app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        for key, kind in (("y", GamesScreen), ("l", LeaderboardScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            hint, footer = _hint_and_footer(app)
            assert hint.endswith("· b back") and "Esc" not in hint, hint
            assert "b Back" in footer, footer
            if kind is LeaderboardScreen:
                await pilot.press("enter")  # the chosen player's profile
                await pilot.pause()
                assert isinstance(app.screen, ProfileScreen)
                hint, footer = _hint_and_footer(app)
                assert hint.endswith("· b back") and "Esc" not in hint, hint
                assert "b Back" in footer, footer
                await pilot.press("b")
                await pilot.pause()
                assert isinstance(app.screen, LeaderboardScreen)
            await pilot.press("b")
            await pilot.pause()
            assert isinstance(app.screen, LauncherScreen)


def test_no_stats_screen_hint_names_escape() -> None:
    """Every screen of the kind, including any added later, says b for back."""
    hinted = [kind for kind in StatsScreen.__subclasses__() if kind.HINT]
    assert len(hinted) == 3
    assert all(kind.HINT.endswith("· b back") and "Esc" not in kind.HINT for kind in hinted)
