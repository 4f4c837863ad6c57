"""The finished games' screens: "Your games" (paged, Enter replays), "Profile" and
"Leaderboards", reached from the launcher, with and without a screen reader."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from core.db import LeaderRow
from core.ratings import Rating
from tests.core.db_records import bot, finished_record
from tests.tui import screen_text
from tests.tui.board_helpers import utc_clock
from tui.app import HuntersApp
from tui.records import LocalRecords
from tui.screens.help import HelpScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.stats import (
    NO_GAMES,
    RATING_WORDS,
    GamesScreen,
    LeaderboardScreen,
    ProfileScreen,
    RecordReplay,
    counted,
    leader_lines,
    place_word,
)
from tui.settings import Settings
from tui.widgets.spoken import SpokenList

START = 1_700_000_000.0


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Times are shown in this computer's time: UTC here, so every run reads the same."""
    yield from utc_clock(monkeypatch)


def _records(directory: Path, games: int) -> LocalRecords:
    """``games`` finished games an hour apart: every third Ala against two bots, the rest
    Ala and Ola at one keyboard; Orb Hunters and Superbohaterowie in turn."""
    records = LocalRecords(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for number in range(games):
        people = [("Ala", "human", ""), ("Ola", "human", "")]
        seats = [("Ala", "human", ""), bot(1), bot(2)] if number % 3 == 0 else people
        finished = START + number * 3600
        path = directory / f"finished-{int(finished)}.rec"
        game = "superbohaterowie" if number % 2 else "orb-hunters"
        finished_record(
            path, seats, seed=number, game=game, started=finished - 700, finished=finished
        )
        records.database().add_game(path)
    return records


def _app(records: LocalRecords | None, *, screen_reader: bool = False) -> HuntersApp:
    app = HuntersApp(Settings(bot_delay=0, screen_reader=screen_reader))
    app.records = records
    return app


def _flat(app: HuntersApp) -> str:
    """The screen's words, borders and wrapping taken out."""
    return " ".join(screen_text(app).replace("▊", " ").replace("▎", " ").split())


def _told(app: HuntersApp) -> str:
    """The messages shown in toasts."""
    return " ".join(notice.message for notice in app._notifications)


def test_counts_and_places_are_words() -> None:
    """ "1 game", "2 games"; 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    assert [counted(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    places = [place_word(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    assert places == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


async def test_y_lists_the_games_newest_first_a_page_at_a_time(tmp_path: Path) -> None:
    """y opens "Your games": ten a page, newest first, with places, scores and whether
    rated; → shows the older two, ← the newer ten again."""
    app = _app(_records(tmp_path, 12))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GamesScreen)
        ids = [o.id for o in screen.query_one("#lines", OptionList).options]
        assert ids == [f"game-{n}" for n in range(12, 2, -1)]
        text = _flat(app)
        assert "Your games, page 1" in text
        # A game won or not names its winner first, and the others without a place.
        assert re.search(
            r"Superbohaterowie · 15 Nov 2023, 09:13 · 11 min · rated (Ala|Ola) won the game; "
            r"(Ala|Ola) did not win\.",
            text,
        )
        assert "15 Nov 2023, 07:13 · 11 min · not rated: only one person played" in text
        assert "Bot 1" in text and "(bot)" not in text  # "Bot 1" says it is a bot
        await pilot.press("right")
        await pilot.pause()
        ids = [o.id for o in screen.query_one("#lines", OptionList).options]
        assert ids == ["game-2", "game-1"]
        assert "Your games, page 2 (the last)" in _flat(app)
        await pilot.press("right")  # no older page: said, nothing changes
        await pilot.pause()
        assert "These are the oldest games: there is no older page." in _told(app)
        await pilot.press("left")
        await pilot.pause()
        assert screen.query_one("#lines", OptionList).options[0].id == "game-12"


async def test_enter_opens_the_highlighted_game_in_the_replay(tmp_path: Path) -> None:
    """Enter on a game opens its replay; q goes back to the list, not out of the app."""
    app = _app(_records(tmp_path, 3))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("y", "down", "enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, RecordReplay)
        assert replay.match.game.slug == "superbohaterowie"
        assert replay.names == ("Ala", "Ola")
        await pilot.press("end")
        await pilot.pause()
        assert "the game is over" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        assert not app._exit


async def test_a_missing_record_is_one_sentence(tmp_path: Path) -> None:
    """A game whose record file was moved away says so; the list stays."""
    records = _records(tmp_path, 1)
    (tmp_path / f"finished-{int(START)}.rec").unlink()
    app = _app(records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        assert "cannot be read: No such file or directory." in _told(app)


async def test_empty_screens_say_what_to_do(tmp_path: Path) -> None:
    """With no finished game each screen says how to get one."""
    app = _app(LocalRecords(tmp_path / "records"))
    async with app.run_test(size=(80, 24)) as pilot:
        for key, kind in (("y", GamesScreen), ("p", ProfileScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            assert NO_GAMES in _flat(app)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LauncherScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
        assert "Nobody is rated in Comic Hunters yet: a game of two or more people" in _flat(app)


async def test_profile_says_the_rating_in_words_and_explains_it_once(tmp_path: Path) -> None:
    """The profile of the latest game's first person: played and won per game, each
    rating with its uncertainty and rated games, the explanation once, recent games."""
    app = _app(_records(tmp_path, 6))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProfileScreen) and screen.player == "Ala"
        text = _flat(app)
        assert "Profile: Ala" in text
        assert "6 games played" in text
        assert "Orb Hunters: 3 games played, " in text
        assert "after 2 rated games." in text
        assert "Superbohaterowie: 3 games played, " in text
        assert text.count(" ".join(RATING_WORDS.split())) == 1
        assert "Recent games (5), newest first:" in text
        await pilot.press("end", "enter")  # the oldest of the recent games
        await pilot.pause()
        assert isinstance(app.screen, RecordReplay)


async def test_leaderboard_switches_games_with_the_arrows(tmp_path: Path) -> None:
    """The latest game's board first; → and ← go round the games; Enter opens the chosen
    player's profile."""
    app = _app(_records(tmp_path, 6))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LeaderboardScreen)
        assert screen.game_slug == "superbohaterowie"
        text = _flat(app)
        assert "Leaderboard: Superbohaterowie (game 2 of 5)" in text
        assert "1st " in text and "2nd " in text and "after 2 rated games." in text
        await pilot.press("right")
        await pilot.pause()
        assert screen.game_slug == "orb-hunters"
        assert "Leaderboard: Orb Hunters (game 3 of 5)" in _flat(app)
        await pilot.press("enter")  # the first player's profile, and back
        await pilot.pause()
        assert isinstance(app.screen, ProfileScreen) and app.screen.player == "Ola"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("left", "left")
        await pilot.pause()
        assert screen.game_slug == "comic-hunters"
        assert "Nobody is rated in Comic Hunters yet" in _flat(app)


async def test_f1_lists_each_screens_keys(tmp_path: Path) -> None:
    """Help on each screen names its own keys."""
    app = _app(_records(tmp_path, 12))
    wanted = {
        "y": ["Enter: Replay", "Right or n: Older", "Left: Newer", "b or Escape or q: Back"],
        "p": ["Enter: Replay", "b or Escape or q: Back"],
        "l": [
            "Enter: Profile",
            "Right or n: Next game",
            "Left: Game before",
            "b or Escape or q: Back",
        ],
    }
    async with app.run_test(size=(80, 40)) as pilot:
        for key, lines in wanted.items():
            await pilot.press(key, "f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            for line in lines:
                assert line in text, (key, line)
            await pilot.press("escape", "escape")
            await pilot.pause()
            assert isinstance(app.screen, LauncherScreen)


async def test_screen_reader_lists_every_line(tmp_path: Path) -> None:
    """In screen-reader mode each screen is a spoken list, a game on one entry, the keys
    said first."""
    app = _app(_records(tmp_path, 3), screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        lines = app.screen.query_one("#lines")
        assert isinstance(lines, SpokenList)
        text = screen_text(app)
        assert text.startswith(" Keys: b or Escape or q back; Enter replay;")
        assert "> Orb Hunters · 15 Nov 2023, 00:13 · 11 min · rated. 1st: " in text
        await pilot.press("escape", "p")
        await pilot.pause()
        assert isinstance(app.screen.query_one("#lines"), SpokenList)
        assert "> 3 games played" in screen_text(app)


async def test_a_damaged_database_is_one_sentence_on_the_screens(tmp_path: Path) -> None:
    """A database that is not one opens no screen's list: one sentence says why, and the
    file is left as it was."""
    records = LocalRecords(tmp_path)
    records.database_path.write_bytes(b"not a database at all" * 10)
    app = _app(records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        text = _flat(app)
        assert (
            "cannot be used because it is not a Hunters database (not even a SQLite one);" in text
        )
        assert "finished games are still kept as files in" in text
    assert records.database_path.read_bytes() == b"not a database at all" * 10


def _at(app: HuntersApp, keys: str, records: LocalRecords | None) -> Any:
    async def run_before(pilot: Any) -> None:
        app.records = records
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("key", ["y", "p", "l"])
def test_snapshot_stats_screens(
    snap_compare: Any, tmp_path: Path, key: str, size: tuple[int, int]
) -> None:
    """Each screen at the smallest supported size and a roomy one."""
    records = _records(tmp_path, 12)
    app = HuntersApp(Settings(bot_delay=0))
    assert snap_compare(app, terminal_size=size, run_before=_at(app, key, records))


def test_snapshot_your_games_screen_reader(snap_compare: Any, tmp_path: Path) -> None:
    """ "Your games" as a screen reader reads it, at 80x24."""
    records = _records(tmp_path, 12)
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_at(app, "y", records))


async def test_an_app_that_keeps_no_games_says_so() -> None:
    """An app that keeps no files (a served guest's, for now) says where games are kept."""
    app = _app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ProfileScreen)
        assert "This app keeps no finished games; Hunters run in your own terminal does." in (
            _flat(app)
        )


def test_players_whose_ratings_read_alike_share_a_place_on_the_leaderboard() -> None:
    """Two players who tied their only game read "25.0 ± 8.1" both: one place for both (the
    board said "1st ala" and "2nd olek"), and the next player's place counts them."""
    settled = Rating(25.0, 8.1)
    rows = (
        LeaderRow(1, "ala", settled, 1),
        LeaderRow(2, "olek", Rating(25.0 + 1e-9, 8.1 - 1e-9), 1),
        LeaderRow(3, "eve", Rating(24.0, 8.1), 1),
    )
    assert [line.split(":")[0] for line in leader_lines(rows)] == [
        "1st ala",
        "1st olek",
        "3rd eve",
    ]
