"""A snapshot of every screen of screen-reader mode at 80x24 (issue #17): the launcher, a
setup, the settings, the help, the table of each game mid-game, a milestone's summary, the
details, the history, the results, the hot-seat cover, the size notice and a served
table's lobby. Each shows its "> " mark on the line a screen reader starts from; games use
a fixed seed and bots (or a silent remote seat) that have finished moving, so nothing
changes behind the picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from core.table import Seat, TableSetup
from net.app import HallApp
from net.hall import OPEN, Hall
from net.host_menu import HostMenuScreen
from net.lobby import LobbyScreen
from tests.tui.game_driver import settle
from tests.tui.test_results import OUTCOME, SETUP  # a finished series
from tui.app import HuntersApp, ReplayApp
from tui.screens.cover import PassScreen
from tui.screens.details import DetailsScreen
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.history import HistoryScreen
from tui.screens.milestone import MilestoneScreen
from tui.screens.results import ResultsScreen
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings

SIZE = (80, 24)
BOTS = (Seat("Ala"), Seat("Bot 2", "bot", "random"), Seat("Bot 3", "bot", "random"))
GAME_SEEDS = {
    "superbohaterowie": 7,
    "comic-hunters": 5,
    "shardhunters": 5,
    "orb-hunters": 5,
}


def _app(**settings: Any) -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0, screen_reader=True, **settings))


async def _settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


def _game(pilot: Any) -> GameScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


def _started(setup: TableSetup, **settings: Any) -> HuntersApp:
    app = _app(**settings)
    app.call_later(app.start_game, setup)
    return app


def _news_after_one_move(slug: str) -> Any:
    """Start, make Ala's first move (Enter on what is selected until the bots have answered),
    and stop on her next decision."""

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = _game(pilot)
        await settle(pilot, screen)
        version = screen.latest[0].version
        for _ in range(4):
            await pilot.press("enter")
            await settle(pilot, screen)
            if screen.latest[0].version != version:
                break
        assert screen.latest[0].version != version, "Ala's first move was not taken"
        await _settle(pilot)

    return run_before


def test_snapshot_launcher(snap_compare: Any) -> None:
    """The launcher: the first game marked."""
    assert snap_compare(_app(), terminal_size=SIZE, run_before=_settle)


def test_snapshot_setup(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Comic Hunters' setup: seat 1 marked (named after a fixed login)."""
    monkeypatch.setattr("getpass.getuser", lambda: "ala")

    async def run_before(pilot: Any) -> None:
        pilot.app.open_setup("comic-hunters")
        await _settle(pilot)
        assert isinstance(pilot.app.screen, SetupScreen)

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_setup_scrolled_to_its_seed(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Orb Hunters' setup is longer than the screen: Tab to its Seed field scrolls it in."""
    monkeypatch.setattr("getpass.getuser", lambda: "ala")

    async def run_before(pilot: Any) -> None:
        pilot.app.open_setup("orb-hunters")
        await _settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        for _ in range(30):
            focused = screen.focused
            if isinstance(focused, Input) and focused.id == "seed":
                break
            await pilot.press("tab")
            await _settle(pilot)
        assert isinstance(screen.focused, Input) and screen.focused.id == "seed"
        await _settle(pilot)

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_settings(snap_compare: Any) -> None:
    """The settings: the first one (screen-reader mode: on) marked."""

    async def run_before(pilot: Any) -> None:
        await pilot.press("o")
        await _settle(pilot)
        assert isinstance(pilot.app.screen, SettingsScreen)

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_help(snap_compare: Any) -> None:
    """The launcher's help: its title marked."""

    async def run_before(pilot: Any) -> None:
        await pilot.press("f1")
        await _settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("slug", sorted(GAME_SEEDS))
def test_snapshot_table(snap_compare: Any, slug: str) -> None:
    """Each turn-based game against two bots, after Ala's first move: the news since her
    turn, the table, the question and its choices, the first one marked."""
    setup = TableSetup(slug, BOTS, {}, GAME_SEEDS[slug])
    app = _started(setup, summaries=False)
    assert snap_compare(app, terminal_size=SIZE, run_before=_news_after_one_move(slug))


def test_snapshot_table_whoosh(snap_compare: Any) -> None:
    """Whoosh races in real time, so its other seat is a silent remote one: after Ala's
    first reveal it is that seat's turn, and Ala's choices are the claims."""
    setup = TableSetup("whoosh", (Seat("Ala"), Seat("Olek", "remote")), {"turn_timer": 0}, 5)
    app = _started(setup, summaries=False)

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = _game(pilot)
        await settle(pilot, screen)
        await pilot.press("space")
        for _ in range(50):
            await pilot.pause()
            update = screen.latest[0]
            if update.version > 0 and screen._sr_choices and not screen._refresh_pending:
                break
        await _settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_milestone_summary(snap_compare: Any) -> None:
    """Comic Hunters' summary when its first Store is over, over the table: the way on
    marked."""
    app = _started(TableSetup("comic-hunters", BOTS, {}, 5), summaries=True)

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = _game(pilot)
        for _ in range(200):
            await pilot.pause()
            if isinstance(pilot.app.screen, MilestoneScreen):
                break
            update = screen.latest.get(0)
            if update is not None and 0 in update.acting and not screen._refresh_pending:
                await pilot.press("enter")
        assert isinstance(pilot.app.screen, MilestoneScreen)
        await _settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def _panel(key: str, kind: type) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = _game(pilot)
        await settle(pilot, screen)
        await pilot.press("enter")
        await settle(pilot, screen)
        await pilot.press(key)
        await _settle(pilot)
        assert isinstance(pilot.app.screen, kind)

    return run_before


def test_snapshot_details(snap_compare: Any) -> None:
    """Comic Hunters' details (i) after the first pick: the way back marked."""
    app = _started(TableSetup("comic-hunters", BOTS, {}, 5), summaries=False)
    assert snap_compare(app, terminal_size=SIZE, run_before=_panel("i", DetailsScreen))


def test_snapshot_history(snap_compare: Any) -> None:
    """Comic Hunters' history (H) after the first pick: its title marked."""
    app = _started(TableSetup("comic-hunters", BOTS, {}, 5), summaries=False)
    assert snap_compare(app, terminal_size=SIZE, run_before=_panel("H", HistoryScreen))


def test_snapshot_results(snap_compare: Any) -> None:
    """The results of a finished series: Rematch marked."""
    app = _app()

    async def run_before(pilot: Any) -> None:
        app.show_results(SETUP, OUTCOME, ("Ala", "Olek", "Ewa"), [])
        await _settle(pilot)
        assert isinstance(app.screen, ResultsScreen)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_hot_seat_cover(snap_compare: Any) -> None:
    """Two players at one keyboard: after Ala's first move the table is covered until the
    keyboard has passed to Olek."""
    seats = (Seat("Ala"), Seat("Olek"), Seat("Bot 3", "bot", "random"))
    app = _started(TableSetup("superbohaterowie", seats, {}, 7), summaries=False)

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = _game(pilot)
        await settle(pilot, screen)
        if isinstance(pilot.app.screen, PassScreen):  # the first cover: Ala's
            await pilot.press("enter")
            await settle(pilot, screen)
        assert screen.viewer == 0 and 0 in screen.latest[0].acting
        for _ in range(4):
            await pilot.press("enter")
            await settle(pilot, screen)
            if isinstance(pilot.app.screen, PassScreen):
                break
        await _settle(pilot)
        assert isinstance(pilot.app.screen, PassScreen) and screen.latest[0].version > 0

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_too_small(snap_compare: Any) -> None:
    """The launcher's terminal shrunk to 60x20: the notice saying what size is needed."""

    async def run_before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.resize_terminal(60, 20)
        await _settle(pilot)

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_lobby(snap_compare: Any, tmp_path: Path) -> None:
    """A served Superbohaterowie table with two open seats and a bot, seen by a guest who
    is not the host: what to do is marked."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    seats = (Seat("open", OPEN), Seat("open", OPEN), Seat("Bot", "bot", "random"))
    hall.configure("ala", TableSetup("superbohaterowie", seats, {}, 7))
    guest = HallApp(hall, "olek", Settings(bot_delay=0, screen_reader=True))

    async def run_before(pilot: Any) -> None:
        await _settle(pilot)
        assert isinstance(guest.screen, LobbyScreen)

    assert snap_compare(guest, terminal_size=SIZE, run_before=run_before)


def test_snapshot_host_menu(snap_compare: Any, tmp_path: Path) -> None:
    """The host's menu (h) in the lobby of a served table with a guest: Back marked, the
    host's choices one a line."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("olek")
    seats = (Seat("open", OPEN), Seat("open", OPEN), Seat("Bot", "bot", "random"))
    hall.configure("ala", TableSetup("superbohaterowie", seats, {}, 7))
    host = HallApp(hall, "ala", Settings(bot_delay=0, screen_reader=True))

    async def run_before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.press("h")
        await _settle(pilot)
        assert isinstance(host.screen, HostMenuScreen)

    assert snap_compare(host, terminal_size=SIZE, run_before=run_before)


def test_snapshot_whole_table(snap_compare: Any) -> None:
    """Comic Hunters' whole table (t) after the first pick, on a page of its own: the way
    back marked."""
    app = _started(TableSetup("comic-hunters", BOTS, {}, 5), summaries=False)
    assert snap_compare(app, terminal_size=SIZE, run_before=_panel("t", DetailsScreen))


def test_snapshot_replay(snap_compare: Any) -> None:
    """A replay of a finished series, one move in: the line saying which move is marked."""
    match = SETUP.new_match()
    seat = next(iter(match.to_act()))
    match.act(seat, match.legal(seat)[0])
    app = ReplayApp(match, ("Ala", "Olek", "Ewa"), Settings(screen_reader=True))

    async def run_before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.press("right")
        await _settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
