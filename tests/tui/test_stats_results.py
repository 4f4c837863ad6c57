"""The finished games' screens say each result as the results screen says it (issue #20):
"won the game" and "did not win" where a game is won or not, points where it has points, a
bot marked "(bot)" only where its name does not say so, and each fact of a profile once."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from rich.text import Text
from textual.content import Content
from textual.widgets import OptionList

from core.db import SeatRow
from core.recordfile import read_record
from tests.core.db_records import finished_record
from tests.tui.board_helpers import utc_clock
from tests.tui.test_event_texts import slips_in
from tui.app import HuntersApp
from tui.records import LocalRecords
from tui.screens.results import score_words
from tui.screens.stats import (
    RATING_WORDS,
    GamesScreen,
    LeaderboardScreen,
    ProfileScreen,
    game_lines,
    seat_name,
)
from tui.settings import Settings

ROOT = ("Root", "human", "")


def _bot(number: int) -> tuple[str, str, str]:
    """A bot seat as the setup names it."""
    return (f"Bot {number} (normal)", "bot", "normal")


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from utc_clock(monkeypatch)


def _add(
    records: LocalRecords, number: int, game: str, seats: list[tuple[str, str, str]], seed: int
) -> Path:
    path = records.directory / f"finished-{1_700_000_000 + number}.rec"
    at = 1_700_000_000.0 + number
    finished_record(path, seats, seed=seed, game=game, started=at - 700, finished=at)
    records.database().add_game(path)
    return path


def test_the_reported_game_reads_as_its_results_screen(tmp_path: Path) -> None:
    """Superbohaterowie against three bots, a bot winning: "won the game" and "did not
    win", never "1 point"; the winner first, then the others named once and without a place
    (a "2nd" read as if they came second); no "(bot)" after a name that says "Bot"."""
    records = LocalRecords(tmp_path)
    path = _add(records, 1, "superbohaterowie", [ROOT, _bot(2), _bot(3), _bot(4)], seed=1)
    (row,) = records.database().history()
    _, players = game_lines(row)
    assert players == (
        "Bot 4 (normal) won the game; Root, Bot 2 (normal) and Bot 3 (normal) did not win."
    )
    match, _ = read_record(path)
    outcome = match.outcome()
    assert outcome is not None
    assert [s.result for s in row.seats] == [score_words(outcome, s) for s in range(4)]


def test_a_solo_game_lost_without_points_is_not_first(tmp_path: Path) -> None:
    """A game won or not, lost solo to the game's own opponent: said so, no "1st"."""
    import dataclasses

    records = LocalRecords(tmp_path)
    _add(records, 1, "superbohaterowie", [ROOT, _bot(2)], seed=1)
    (row,) = records.database().history()
    seat = dataclasses.replace(row.seats[0], result="did not win", place=1)
    solo = dataclasses.replace(row, seats=(seat,), lost_to="the Reavers")
    assert game_lines(solo)[1] == "Root lost to the Reavers."


def test_a_bot_is_marked_once_and_only_where_its_name_does_not_say_so() -> None:
    def seat(name: str, kind: str) -> SeatRow:
        return SeatRow(0, name, kind, "normal" if kind == "bot" else "", 0, 1, 0.0)

    assert seat_name(seat("Bot 4 (normal)", "bot")) == "Bot 4 (normal)"
    assert seat_name(seat("Jarvis", "bot")) == "Jarvis (bot)"
    assert seat_name(seat("Robotnik", "bot")) == "Robotnik (bot)"
    assert seat_name(seat("Abbot", "human")) == "Abbot"


def test_points_ties_and_a_solo_loss_keep_their_words(tmp_path: Path) -> None:
    """A game of points says points; a solo game lost says to whom, as the results do; a
    renamed bot is marked."""
    records = LocalRecords(tmp_path)
    _add(records, 1, "orb-hunters", [ROOT, ("Jarvis", "bot", "normal"), _bot(3)], seed=3)
    _add(records, 2, "comic-hunters", [ROOT], seed=1)
    solo, orb = (game_lines(row)[1] for row in records.database().history())
    assert orb == "1st: Jarvis (bot), 3 points; 2nd: Root and Bot 3 (normal), 0 points."
    assert re.fullmatch(r"Lost to Jarvis: Root, \d+ points\.", solo)


def test_a_profile_of_unrated_games_says_so_once(tmp_path: Path) -> None:
    """One game against bots: "not rated" said once, and its counts not twice."""
    records = LocalRecords(tmp_path)
    _add(records, 1, "superbohaterowie", [ROOT, _bot(2), _bot(3), _bot(4)], seed=1)
    profile = ProfileScreen(records.database(), "Root")
    lines = [line for _, line in profile.lines() if isinstance(line, str)]
    assert lines[:3] == [
        "Playing since 14 Nov 2023, 22:13.",
        "Superbohaterowie: 1 game played, 0 won.",
        "No rated game yet. " + RATING_WORDS,
    ]
    said = " ".join(lines).lower()
    assert said.count("not rated") == 0 and said.count("no rated game") == 1
    assert said.count("1 game played") == 1


def _mixed(directory: Path) -> LocalRecords:
    """A database with a mix: won or not, points, a tie, solo won and lost, a renamed bot,
    rated games of two people, and a game from before results were kept (its words "")."""
    records = LocalRecords(directory)
    games = [
        ("superbohaterowie", [ROOT, _bot(2), _bot(3), _bot(4)], 1),
        ("superbohaterowie", [ROOT, ("Ola", "human", "")], 4),
        ("superbohaterowie", [ROOT, ("Ola", "human", "")], 5),
        ("shardhunters", [ROOT, _bot(2)], 1),
        ("shardhunters", [ROOT], 1),
        ("comic-hunters", [ROOT], 1),
        ("orb-hunters", [ROOT, ("Jarvis", "bot", "normal"), _bot(3)], 3),
        ("orb-hunters", [ROOT, ("Ola", "human", "")], 2),
        ("whoosh", [ROOT, ("Ola", "human", ""), _bot(3)], 2),
    ]
    for number, (game, seats, seed) in enumerate(games):
        _add(records, number, game, seats, seed)
    with closing(sqlite3.connect(records.database_path)) as db:  # as a migrated game is
        db.execute("UPDATE seats SET result = '' WHERE game = 2")
        db.commit()
    return records


def _shown(app: HuntersApp) -> list[str]:
    """Every line of the list on the screen, as plain text."""
    lines = []
    for option in app.screen.query_one("#lines", OptionList).options:
        prompt = option.prompt
        text = prompt.plain if isinstance(prompt, Text | Content) else str(prompt)
        lines += [line for line in text.split("\n") if line.strip()]
    return lines


@pytest.mark.parametrize("screen_reader", [False, True], ids=["plain", "screen-reader"])
async def test_every_line_of_the_three_screens_reads_right(
    tmp_path: Path, screen_reader: bool
) -> None:
    """No slip of the event texts' scan in any line "Your games", the profile and every
    leaderboard show; results in words where a game is won or not, never "(bot)" twice."""
    records = _mixed(tmp_path)
    app = HuntersApp(Settings(bot_delay=0, screen_reader=screen_reader))
    app.records = records
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        seen += _shown(app)
        await pilot.press("escape", "p")
        await pilot.pause()
        assert isinstance(app.screen, ProfileScreen)
        seen += _shown(app)
        await pilot.press("escape", "l")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        for _ in board.slugs:
            seen += _shown(app)
            await pilot.press("right")
            await pilot.pause()
    said = "\n".join(seen)
    for line in seen:
        assert not slips_in(line.removeprefix("> ")), line
    assert "won the game" in said and "did not win" in said and "Lost to Jarvis: " in said
    assert "Jarvis (bot)" in said and "(normal) (bot)" not in said
    assert "1st: Root and Ola." in said or "1st: Root; 2nd: Ola." in said  # words not kept
    assert " 1 points" not in said
    assert "Nobody is rated in Comic Hunters yet" in said and "rated games." in said
