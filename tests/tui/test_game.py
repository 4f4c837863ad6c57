"""The game screen, played by keypresses: whole games, hot seat, refusals, screen reader."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import OptionList

from core.games.superbohaterowie.data import kind_of
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.game_driver import play_by_keys, settle
from tui.app import HuntersApp
from tui.screens.cover import PassScreen
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.settings import Settings

BOTS = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "random"))


def _setup(seats: tuple[Seat, ...] = BOTS, seed: int = 7, **options: Any) -> TableSetup:
    return TableSetup("superbohaterowie", seats, options, seed)


async def _start(pilot: Any, setup: TableSetup) -> GameScreen:
    pilot.app.start_game(setup)
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def test_a_whole_game_against_bots_by_keys_reaches_the_results() -> None:
    """Cursor keys and Enter play every move; Enter at the end opens the results."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        for _ in range(300):
            await settle(pilot, screen)
            update = screen.latest[0]
            if update.outcome is not None:
                break
            await play_by_keys(pilot, screen, update.legal[0])
        assert screen.latest[0].outcome is not None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "Berlin (Ala):" in screen_text(app)


async def test_a_points_series_is_played_to_its_end() -> None:
    """In the Points variant, c readies the next game and the series ends on totals."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seed=3, series=2))
        for _ in range(600):
            await settle(pilot, screen)
            update = screen.latest[0]
            if update.outcome is not None:
                break
            await play_by_keys(pilot, screen, update.legal[0])
        outcome = screen.latest[0].outcome
        assert outcome is not None and set(outcome.breakdown[0]) == {"game 1", "game 2"}


async def test_hot_seat_covers_the_table_between_local_players() -> None:
    """After Ala plays, the cover asks for Olek and hides his hand until Enter."""
    seats = (Seat("Ala"), Seat("Olek"), Seat("Bot", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats))
        assert isinstance(app.screen, PassScreen)
        assert "Pass to Ala" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, screen)
        olek_cards = screen.latest[1].view["hand"]
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        shown = screen_text(app)
        assert "Pass to Olek" in shown
        board: Any = screen.query_one("#board")
        assert board.update.seat == 0, "Olek's hand must not be drawn before he takes over"
        await pilot.press("enter")
        await settle(pilot, screen)
        assert board.update.seat == 1 and board.update.view["hand"] == olek_cards


async def test_an_illegal_choice_is_refused_with_the_rules_reason() -> None:
    """An explosion with no card to remove is refused on the hand with the rules' reason,
    Enter after Enter, and nothing is sent (its targets step was a dead end before)."""
    seed = next(
        s
        for s in range(500)
        if kind_of(Match.new("superbohaterowie", 3, seed=s).state.hands[0][0]).endswith("explosion")
    )
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seed=seed))
        await settle(pilot, screen)
        await pilot.press("left")  # the turn starts on a card that can be played: go back
        await pilot.press("enter")
        why = "explosion cannot be played now: no city holds a card to remove."
        assert why in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert why in screen_text(app) and "Not allowed" not in screen_text(app)
        assert screen.latest[0].version == 0


async def test_screen_reader_mode_plays_from_a_plain_list() -> None:
    """Plain sentences and a list of choices, no box drawing, and Enter plays."""
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        await settle(pilot, screen)
        text = screen_text(app)
        assert "Berlin, your city:" in text and "Your hand:" in text
        table_part = text.split("Keys")[0]
        assert not set(table_part) & BOX_DRAWING
        choices = screen.query_one("#sr-choices", OptionList)
        assert choices.option_count >= 1
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.latest[0].version >= 1


async def test_a_choice_from_a_list_rebuilt_meanwhile_is_dropped_not_misapplied() -> None:
    """Screen-reader mode: a new position rebuilds the list between the key and its
    message; the old selection is ignored (no crash, no move made from the wrong list)."""
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        await settle(pilot, screen)
        choices = screen.query_one("#sr-choices", OptionList)
        stale = choices.get_option_at_index(0)
        update = screen.latest[screen.viewer]
        screen._show_plain(update)  # as when a new update arrives
        version = update.version
        choices.post_message(OptionList.OptionSelected(choices, stale, 0))
        await pilot.pause()
        await pilot.pause()
        assert screen.latest[screen.viewer].version == version
        assert screen._sr_keys == []


async def test_the_read_key_puts_the_table_into_the_log() -> None:
    """t reads every city into the log as sentences."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        await settle(pilot, screen)
        await pilot.press("t")
        log: Any = screen.query_one("#log")
        assert any(line.startswith("Berlin, your city:") for line in log.lines_shown)


async def test_names_with_markup_are_shown_literally_on_the_table() -> None:
    """A bot seat named like markup appears as typed, in the board and the log."""
    seats = (
        Seat("Ala"),
        Seat("[b]x[/b]", "bot", "random"),
        Seat("[@click=app.quit]", "bot", "random"),
    )
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _start(pilot, _setup(seats))
        await settle(pilot, screen)
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await settle(pilot, screen)
        text = screen_text(app)
        assert "[b]x[/b]" in text and "[@click=app.quit]" in text
        assert app.is_running


async def _play_turns(pilot: Any, turns: int) -> None:
    """Play ``turns`` of Ala's turns with the first legal action, waiting for the bots."""
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    for _ in range(turns):
        await settle(pilot, screen)
        update = screen.latest[0]
        if update.outcome is not None:
            break
        await play_by_keys(pilot, screen, update.legal[0])
    await settle(pilot, screen)


def _snapshot_app(seed: int) -> HuntersApp:
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, _setup(seed=seed))
    return app


def test_snapshot_mid_game_80x24(snap_compare: Any) -> None:
    """The table after a few turns at the smallest supported size."""

    async def run_before(pilot: Any) -> None:
        await _play_turns(pilot, 4)

    assert snap_compare(_snapshot_app(11), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_mid_game_120x40(snap_compare: Any) -> None:
    """The table after a few turns on a roomy terminal."""

    async def run_before(pilot: Any) -> None:
        await _play_turns(pilot, 4)

    assert snap_compare(_snapshot_app(11), terminal_size=(120, 40), run_before=run_before)


def _end_before(size: tuple[int, int]) -> Any:
    async def run_before(pilot: Any) -> None:
        await _play_turns(pilot, 200)
        await pilot.press("enter")
        await pilot.pause()

    return run_before


def test_snapshot_end_screen_80x24(snap_compare: Any) -> None:
    """The results after a whole game, at 80×24."""
    assert snap_compare(_snapshot_app(11), terminal_size=(80, 24), run_before=_end_before((80, 24)))


def test_snapshot_end_screen_120x40(snap_compare: Any) -> None:
    """The results after a whole game, at 120×40."""
    assert snap_compare(
        _snapshot_app(11), terminal_size=(120, 40), run_before=_end_before((120, 40))
    )


def test_hot_seat_logs_keep_private_lines_next_to_their_public_event() -> None:
    """Merging two seats' event streams keeps one copy of each public event, in order."""
    from tui.screens.game import merge_events

    public = [{"type": "p", "text": f"public {i}"} for i in range(3)]
    ala = [public[0], {"type": "d", "text": "ala draws", "to": 0}, public[1], public[2]]
    olek = [public[0], public[1], {"type": "d", "text": "olek draws", "to": 1}, public[2]]
    merged = [e["text"] for e in merge_events([ala, olek])]
    assert merged == ["public 0", "ala draws", "public 1", "olek draws", "public 2"]


async def test_a_spectator_joins_a_running_table_and_sees_no_hand() -> None:
    """A hosted screen with no seats shows the public table and follows the game."""
    from core.table import Table

    setup = _setup((Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random")), seed=2)
    table = Table(setup.new_match(), setup.seats, bot_delay=0.05, bot_seed=2)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(GameScreen(setup, app.settings, table=table, seats=frozenset()))
        await table.start()
        try:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            board: Any = screen.query_one("#board")
            async with asyncio.timeout(10):  # a loaded machine draws late, never wrongly
                while board.update is None or board.update.version < 1:
                    await pilot.pause(0.05)
            assert board.update is not None and board.update.seat is None
            assert board.update.view["hand"] is None and board.update.version >= 1
            assert "Your hand" not in screen_text(app)
        finally:
            await table.close()


# -- the layout, details, history and the milestone pause ------------------------------------


async def test_the_log_stands_beside_the_board_from_120_columns(monkeypatch: Any) -> None:
    """Below the board at 80 columns, beside it (the board about two thirds) at 160, with
    the legend in the room under the board (for a board that asks for it); resizing
    switches between the two."""
    from tui.boards import whoosh

    # (Whoosh's board leaves rows under it at 160x45; Superbohaterowie's now fills them.)
    monkeypatch.setattr(whoosh, "LEGEND_UNDER_BOARD", True, raising=False)
    # The two-thirds split every other board has (Whoosh's own two fifths for its log is
    # test_whoosh_log_width's).
    monkeypatch.setattr(whoosh, "LOG_WIDER", False)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, TableSetup("whoosh", BOTS, {}, 7))
        await settle(pilot, screen)
        column, log = screen.query_one("#board-column"), screen.query_one("#log")
        assert not screen.has_class("-wide")
        assert log.region.y >= column.region.bottom and log.region.width >= 78
        assert not screen.query_one("#legend-panel").display
        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        assert screen.has_class("-wide")
        assert log.region.x >= column.region.right and log.region.y == column.region.y
        assert 100 <= column.region.width <= 110 and log.region.height > 30
        legend = screen.query_one("#legend-panel")
        assert legend.display and legend.region.height > 0 and "Legend" in screen_text(app)


async def test_i_shows_the_full_text_under_the_cursor_and_escape_closes_it() -> None:
    """i opens the board's details() in a panel over the table; Escape goes back."""
    from tui.screens.details import DetailsScreen

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        await settle(pilot, screen)
        board: Any = screen.query_one("#board")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen)
        assert app.screen.text == board.details() and board.details()
        assert board.details().split()[0] in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.focused is board


async def test_i_on_a_board_without_details_says_where_to_look() -> None:
    """A board that has no details() yet still answers i, with the fallback text."""
    from tui.boards.superbohaterowie import Board
    from tui.screens.details import NO_DETAILS, DetailsScreen

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        await settle(pilot, screen)
        board: Any = screen.query_one("#board", Board)
        board.details = lambda: ""
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen) and app.screen.text == NO_DETAILS


async def test_h_opens_the_whole_history_with_your_own_moves_once_as_you() -> None:
    """H lists every line so far for the seat shown: "You place…", "You draw…", never
    "Ala places…" nor the public "Ala draws a card." beside her own draw."""
    from tui.screens.history import HistoryScreen

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        for _ in range(3):
            await settle(pilot, screen)
            await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await settle(pilot, screen)
        await pilot.press("H")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        lines = history.lines
        assert sum(line.startswith("You ") for line in lines) >= 6
        assert any(line.startswith("Bot 2 places ") for line in lines)
        assert not any(line.startswith("Ala ") for line in lines)
        assert "It is your turn." in lines
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def _summary_every_move(update: Any, events: Any) -> list[str] | None:
    """A stand-in milestone: every move of Ala's is one."""
    placed = [e for e in events if e["type"] in ("place", "explode", "eagle", "swap")]
    if any(e["text"].startswith("{p0} ") for e in placed):
        return ["Ala moved", "Ala made a move, and that is a milestone here."]
    return None


async def test_a_summary_waits_for_enter_while_the_bots_hold_still(monkeypatch: Any) -> None:
    """After a milestone the panel shows; the bot does not move until Enter, then does."""
    from tui.boards import superbohaterowie
    from tui.screens.milestone import MilestoneScreen

    monkeypatch.setattr(superbohaterowie, "milestone", _summary_every_move, raising=False)
    seats = (Seat("Ala"), Seat("Bot", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats))
        await settle(pilot, screen)
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MilestoneScreen)
        assert "Ala made a move, and that is a milestone here." in screen_text(app)
        assert screen.table is not None and screen.table.held
        version = screen.table.match.version
        await asyncio.sleep(0.3)
        assert screen.table.match.version == version, "the bot moved behind the panel"
        await pilot.press("enter")
        async with asyncio.timeout(5):
            while screen.table.match.version == version:
                await asyncio.sleep(0.01)
        assert app.screen is screen and not screen.table.held


async def test_summaries_off_in_the_settings_show_none(monkeypatch: Any) -> None:
    """With the setting off, a milestone passes without a panel and nothing holds."""
    from tui.boards import superbohaterowie

    monkeypatch.setattr(superbohaterowie, "milestone", _summary_every_move, raising=False)
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        for _ in range(2):
            await settle(pilot, screen)
            assert app.screen is screen
            await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await settle(pilot, screen)
        assert app.screen is screen and screen.latest[0].version >= 6


async def test_in_hot_seat_the_summary_comes_before_the_cover(monkeypatch: Any) -> None:
    """Ala's milestone is read first; Enter then brings up the cover for Olek."""
    from tui.boards import superbohaterowie
    from tui.screens.milestone import MilestoneScreen

    monkeypatch.setattr(superbohaterowie, "milestone", _summary_every_move, raising=False)
    seats = (Seat("Ala"), Seat("Olek"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats))
        await pilot.press("enter")  # Ala takes the keyboard
        await pilot.pause()
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MilestoneScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and "Pass to Olek" in screen_text(app)


async def test_a_served_table_shows_the_summary_without_holding_anyone(monkeypatch: Any) -> None:
    """Over SSH one guest reading must not freeze the table: the panel shows, the bots
    play on behind it."""
    from core.table import Table
    from tui.boards import superbohaterowie
    from tui.screens.milestone import MilestoneScreen

    monkeypatch.setattr(superbohaterowie, "milestone", _summary_every_move, raising=False)
    setup = _setup((Seat("Ala", "remote"), Seat("Bot", "bot", "random")), seed=2)
    table = Table(setup.new_match(), setup.seats, bot_delay=0.01, bot_seed=2)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameScreen(setup, app.settings, table=table, seats=frozenset({0}))
        await pilot.app.push_screen(screen)
        await table.start()
        try:
            await settle(pilot, screen)
            await table.submit(0, table.match.legal(0)[0])
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, MilestoneScreen) and not app.screen.holding
            assert not table.held
            async with asyncio.timeout(5):
                while table.match.version < 2:
                    await asyncio.sleep(0.01)
        finally:
            await table.close()


def test_snapshot_mid_game_200x60(snap_compare: Any) -> None:
    """A big terminal: the board grows, the log stands beside it."""

    async def run_before(pilot: Any) -> None:
        await _play_turns(pilot, 4)

    assert snap_compare(_snapshot_app(11), terminal_size=(200, 60), run_before=run_before)


async def test_m_in_the_settings_turns_the_summaries_off_and_on() -> None:
    """The settings list the summaries; m (or Enter on the line) switches them."""
    from tui.screens.settings import SettingsScreen

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        assert "Summaries: on" in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert app.settings.summaries is False and "Summaries: off" in screen_text(app)
        await pilot.press("m")
        assert app.settings.summaries is True


async def test_screen_reader_mode_i_reads_the_highlighted_choice_and_h_the_history() -> None:
    """In plain mode i gives the highlighted choice's whole wording; H the history."""
    from tui.screens.details import DetailsScreen
    from tui.screens.history import HistoryScreen
    from tui.widgets.spoken import ONLY

    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup())
        await settle(pilot, screen)
        choices = screen.query_one("#sr-choices", OptionList)
        highlighted = str(choices.get_option_at_index(choices.highlighted or 0).prompt)
        highlighted = highlighted.removesuffix(f" ({ONLY})")  # the list says, not the choice
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen) and app.screen.text == highlighted
        assert not BOX_DRAWING & set(screen_text(app).split("Escape or i")[0])
        await pilot.press("escape")
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
