"""Screen-reader mode on every screen but the table (issue #17): the selection, or the line
that matters, starts with "> " and holds the terminal cursor, which screen readers follow;
the setup's fields never draw over the text below them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select

from core.games import GAMES
from net.app import HallApp
from net.hall import Hall
from net.lobby import LobbyScreen
from tests.tui import screen_text
from tests.tui.test_results import OUTCOME, SETUP  # the same finished series
from tui.app import HuntersApp, ReplayApp
from tui.screens.cover import PassScreen
from tui.screens.details import DetailsScreen
from tui.screens.help import HelpScreen
from tui.screens.history import HistoryScreen
from tui.screens.launcher import LauncherScreen, player_counts
from tui.screens.milestone import MilestoneScreen
from tui.screens.results import ResultsScreen
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings
from tui.widgets.spoken import MARK


def _app() -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0, screen_reader=True))


def marked_line(app: Any) -> str:
    """The one line that starts with the mark (after the screen's padding); the terminal
    cursor must sit on its mark."""
    lines = screen_text(app).splitlines()
    rows = [y for y, line in enumerate(lines) if line.lstrip().startswith(MARK)]
    assert len(rows) == 1, f"marked rows {rows} in:\n" + "\n".join(lines)
    line = lines[rows[0]]
    assert app.cursor_position.y == rows[0], f"cursor {app.cursor_position} not on {line!r}"
    assert app.cursor_position.x == line.index(MARK)
    return line.strip().removeprefix(MARK.strip()).strip()


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


async def test_the_launcher_marks_the_highlighted_game() -> None:
    """The game list's highlighted game is marked and holds the cursor, as it moves."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        games = list(GAMES.values())
        assert marked_line(pilot.app).startswith(games[0].title)
        await pilot.press("down")
        await _settle(pilot)
        assert marked_line(pilot.app).startswith(games[1].title)


async def test_the_launcher_says_a_game_on_one_row_and_its_pitch_whole() -> None:
    """A screen reader reads the row at the cursor: at 80 columns a game and its pitch took
    two rows, and moving to a game said "Superbohaterowie, 2–5 players: Two cards in hand:
    build five different" and stopped (arriving, the second row came first). The marked
    line names the game on one row; the highlighted game's pitch is a line of its own under
    the list, new (and so said whole) each time the highlight moves."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        for game in GAMES.values():
            assert marked_line(pilot.app) == f"{game.title}, {player_counts(game)}"
            said = " ".join(screen_text(pilot.app).split())
            assert f"{game.title}: {game.pitch}" in said, said
            await pilot.press("down")
            await _settle(pilot)


async def test_the_settings_mark_the_highlighted_setting() -> None:
    """The settings list is marked like every list, also after a setting changed."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await _settle(pilot)
        assert isinstance(pilot.app.screen, SettingsScreen)
        assert marked_line(pilot.app).startswith("Screen-reader mode: on")
        await pilot.press("down", "enter")
        await _settle(pilot)
        assert marked_line(pilot.app).startswith("High contrast: on")


async def test_back_on_the_launcher_the_cursor_returns_to_the_game_list() -> None:
    """Closing the settings puts the cursor back on the launcher's highlighted game."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "o")
        await _settle(pilot)
        await pilot.press("down", "escape")
        await _settle(pilot)
        assert marked_line(pilot.app).startswith(list(GAMES.values())[1].title)


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_the_setup_marks_each_field_in_turn_and_keeps_it_on_screen(slug: str) -> None:
    """Tab goes through every field of the setup: each is marked in its turn, holds the
    cursor and is on the screen at 80x24 (no footer to hide it under). Orb Hunters' form is
    longer than the screen: its Seed field scrolls into view after it takes the cursor."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.open_setup(slug)
        await _settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        seen: list[str] = []
        for _ in range(30):
            focused = screen.focused
            assert focused is not None
            if isinstance(focused, Input):
                # A text field's label is marked; the field puts the cursor in its text.
                lines = screen_text(pilot.app).splitlines()
                row = pilot.app.cursor_position.y
                assert lines[row].lstrip().startswith(MARK)
                line = lines[row].strip().removeprefix(MARK.strip()).strip()
            else:
                line = marked_line(pilot.app)
            seen.append(line)
            assert 0 <= pilot.app.cursor_position.y < 24
            if line.startswith("Start the game"):
                break
            await pilot.press("tab")
            await _settle(pilot)
        assert seen[0].startswith("Seat 1 plays: you")
        assert any(line.startswith("Seat 1 name:") for line in seen)
        assert any(line.startswith("Seed:") for line in seen)
        if slug == "comic-hunters":
            assert any(line.startswith("Highlight markers:") for line in seen)
        assert seen[-1].startswith("Start the game")


async def test_the_setup_has_no_drop_downs_and_enter_changes_a_value() -> None:
    """No drop-down draws over the option help: a seat's kind and an option are lines whose
    value Enter changes, and every option's help is on screen."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.open_setup("comic-hunters")
        await _settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        assert not screen.query(Select)
        await pilot.press("tab", "tab")  # seat 2's kind
        await _settle(pilot)
        before = marked_line(pilot.app)
        assert before.startswith("Seat 2 plays: bot (normal)")
        await pilot.press("enter")
        await _settle(pilot)
        after = marked_line(pilot.app)
        assert after.startswith("Seat 2 plays: bot (hard)")
        assert screen.seats[1].kind == "bot:hard"
        text = " ".join(screen_text(pilot.app).split())
        for option in GAMES["comic-hunters"].options:
            assert " ".join(option.help.split()) in text


async def test_a_setup_problem_is_said_in_words() -> None:
    """A problem line starts with a word, not a warning sign a screen reader may skip."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.open_setup("comic-hunters")
        await _settle(pilot)
        await pilot.press("tab")
        await pilot.press("ctrl+a", "ctrl+k")  # the name emptied
        await _settle(pilot)
        text = screen_text(pilot.app)
        assert "Problem: Type a name for this seat." in text
        assert "⚠" not in text


async def test_the_results_offer_what_comes_next_as_marked_choices() -> None:
    """After a game, rematch, new setup and back are a list the cursor follows; Enter
    does what the marked line says."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_results(SETUP, OUTCOME, ("Ala", "Olek", "Ewa"), [])
        await _settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert marked_line(app).startswith("Rematch: the same seats and options, a new deal")
        await pilot.press("down")
        await _settle(pilot)
        assert marked_line(app).startswith("New setup")
        await pilot.press("down", "enter")
        await _settle(pilot)
        assert isinstance(app.screen, LauncherScreen)


async def test_a_summary_marks_its_way_on() -> None:
    """A milestone summary's line saying how to play on is marked and holds the cursor."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MilestoneScreen(["Hunt 1", "Ala wins it."], holding=True, plain=True))
        await _settle(pilot)
        assert marked_line(app) == "Enter: play on (the bots wait for you)"


async def test_a_summary_taller_than_the_screen_keeps_its_way_on_in_view() -> None:
    """A whole Convention's summary (Comic Hunters, every fact of the round) is taller than
    80x24: its marked line was below the screen, the cursor on the last row shown, and a
    screen reader never heard how to play on. The line stays in view, holding the cursor,
    and says that Up and Down read the rest."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        facts = [f"Fact number {n} of the round, told in one sentence." for n in range(40)]
        app.push_screen(MilestoneScreen(["Round 1", *facts], holding=True, plain=True))
        await _settle(pilot)
        assert marked_line(app).startswith("Enter: play on (the bots wait for you)")
        assert "Up and Down" in marked_line(app)
        await pilot.press("end")
        await _settle(pilot)
        assert facts[-1] in screen_text(app)
        assert marked_line(app).startswith("Enter: play on")


@pytest.mark.parametrize("many", [False, True])
async def test_a_notice_over_a_summary_or_details_keeps_the_way_on_in_view(many: bool) -> None:
    """A notice said over a summary (a claim key pressed as Whoosh ended: "Warning: the game
    is over") is a line at the top; the panel below it filled the whole screen, so its last
    line, the marked way on, went below the screen and the screen reader lost it (CI). The
    panel takes the room left under the notice."""
    app = _app()
    facts = [f"Fact number {n} of the game." for n in range(40 if many else 2)]
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MilestoneScreen(["Game over", *facts], holding=False, plain=True))
        await _settle(pilot)
        app.notify("The game is over.", severity="warning")
        await _settle(pilot)
        await _settle(pilot)
        assert "Warning: The game is over." in screen_text(app)
        assert marked_line(app).startswith("Enter: close (the table plays on meanwhile)")
        await pilot.press("enter")
        await _settle(pilot)
        app.push_screen(DetailsScreen("Details", "\n".join(facts), plain=True))
        await _settle(pilot)
        app.notify("Not allowed: it is not your turn.", severity="warning")
        await _settle(pilot)
        await _settle(pilot)
        assert marked_line(app) == "Escape or i: back to the table"


async def test_details_mark_the_way_back() -> None:
    """The details panel's way back is marked and holds the cursor."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(DetailsScreen("Details", "Blue 6: a card.", plain=True))
        await _settle(pilot)
        assert marked_line(app) == "Escape or i: back to the table"
        await pilot.press("escape")
        # A text taller than the screen (t reads the whole table here) keeps it on screen.
        text = "\n".join(f"Line {n} of the table." for n in range(60))
        app.push_screen(DetailsScreen("The whole table", text, plain=True))
        await _settle(pilot)
        assert marked_line(app) == "Escape or i: back to the table"


async def test_help_and_history_mark_their_titles() -> None:
    """Help and the history have nothing to choose: reading starts at their marked title."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await _settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert marked_line(app) == "Help: Hunters"
        await pilot.press("escape")
        await _settle(pilot)
        app.push_screen(HistoryScreen("Superbohaterowie", ["{p0} plays Blue 6."], ["Ala"]))
        await _settle(pilot)
        assert marked_line(app) == "Superbohaterowie: history (1 lines)"


async def test_the_replay_marks_the_move_shown() -> None:
    """A replay's line saying which move is shown is marked and follows the steps."""
    match = SETUP.new_match()
    seat = next(iter(match.to_act()))
    match.act(seat, match.legal(seat)[0])
    app = ReplayApp(match, ("Ala", "Olek", "Ewa"), Settings(screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        assert marked_line(app) == "The deal"
        await pilot.press("right")
        await _settle(pilot)
        assert marked_line(app).startswith("Move 1 of 1")


async def test_the_lobby_marks_what_to_do_and_what_a_key_did(tmp_path: Path) -> None:
    """The SSH lobby's marked line says what to do, then what the last key did."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    host = HallApp(hall, "ala", Settings(bot_delay=0))
    guest = HallApp(hall, "olek", Settings(bot_delay=0, screen_reader=True))
    async with host.run_test(size=(80, 24)) as ala, guest.run_test(size=(80, 24)) as olek:
        await ala.pause()
        await ala.press("ctrl+s")
        await ala.pause()
        await _settle(olek)
        assert isinstance(guest.screen, LobbyScreen)
        assert marked_line(guest).startswith("Press the number of an open seat")
        await olek.press("2")
        await _settle(olek)
        assert marked_line(guest) == "You sit on seat 2."


async def test_a_toast_is_also_a_line_under_the_keys() -> None:
    """A message shown as a toast is also a line of the screen, under its keys, with its
    severity in words; a later one replaces it."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await _settle(pilot)
        app.screen.notify("The settings could not be kept.", severity="warning")
        await _settle(pilot)
        lines = screen_text(app).splitlines()
        keys = next(y for y, line in enumerate(lines) if line.strip().startswith("Keys:"))
        text = "\n".join(lines)
        assert "Warning: The settings could not be kept." in text
        assert text.index("Warning:") > text.index("Keys:")
        assert keys < next(y for y, line in enumerate(lines) if "Warning:" in line)
        app.screen.notify("Saved.")
        await _settle(pilot)
        text = screen_text(app)
        assert "Note: Saved." in text and "Warning:" not in text
        assert marked_line(app).startswith("Screen-reader mode: on")


async def test_left_takes_a_setup_value_back() -> None:
    """Left takes the value before, so nine values need not be gone round with Enter."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.open_setup("superbohaterowie")
        await _settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#option-series").focus()
        await _settle(pilot)
        assert marked_line(pilot.app).startswith("Points variant: off (Enter changes it, 1 of 9)")
        await pilot.press("left")
        await _settle(pilot)
        assert marked_line(pilot.app).endswith("(Enter changes it, 9 of 9)")
        assert screen.options["series"] == GAMES["superbohaterowie"].options[0].choices[-1]


async def test_the_launcher_keeps_its_highlight_when_it_reads_the_saves_again(
    tmp_path: Path,
) -> None:
    """Back from the settings, the launcher (which reads the saves again) keeps the
    highlight, and so the cursor, on the game it was on."""
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True, config_file=tmp_path / "c.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "o")
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        assert marked_line(app).startswith(list(GAMES.values())[2].title)


async def test_the_size_notice_and_the_hot_seat_cover_are_marked() -> None:
    """The notice of a terminal too small, and the cover between two players at one
    terminal, are one marked line holding the cursor."""
    app = _app()
    async with app.run_test(size=(70, 20)) as pilot:
        await _settle(pilot)
        assert marked_line(app).startswith("Terminal too small: Hunters needs at least 80")
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PassScreen("Olek", plain=True))
        await _settle(pilot)
        assert marked_line(app) == "Pass to Olek, then press Enter. Everyone else, look away."
