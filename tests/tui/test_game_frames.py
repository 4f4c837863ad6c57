"""What the terminal is sent adds up to the screen: every update of a table draws only part
of the screen (the rows that changed, one frame where it can), and a frame left out would
leave stale cells on a real terminal though a snapshot (a fresh render) looks right. Here
every frame the app sends is applied to a grid of cells, as a terminal would, and after
each action the grid must equal the screen rendered afresh."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.cells import cell_len
from rich.segment import ControlType, Segment

from core.engine import TABLE, IllegalAction
from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.show import Parts
from tui.widgets.spoken import MARK, SpokenList

Cell = tuple[str, Any]

ALL_BOARDS = ["shardhunters", "comic-hunters", "whoosh", "superbohaterowie", "orb-hunters"]
"""Every game's board draws with `Parts` now: each is checked."""


class Terminal:
    """The cells a terminal shows after the frames it was sent, how many frames it was
    sent, and where the terminal cursor was put (the app sends it at the end of each)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: dict[tuple[int, int], Cell] = {}
        self.frames = 0
        self.cursor = (0, 0)

    def apply(self, segments: list[Segment]) -> None:
        x = y = 0
        for text, style, control in segments:
            if control:
                for code in control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = int(code[1]), int(code[2])  # type: ignore[misc]
                continue
            if text == "\n":
                x, y = 0, y + 1
                continue
            for char in text:
                self.cells[(x, y)] = (char, style)
                x += cell_len(char)


def _sent(app: HuntersApp[Any], terminal: Terminal) -> None:
    display = app._display

    def shown(screen: Any, update: Any) -> None:
        if update is not None and screen is app.screen:
            terminal.apply(list(app.console.render(update)))
            terminal.frames += 1
            terminal.cursor = tuple(app.cursor_position)
        display(screen, update)

    app._display = shown  # type: ignore[method-assign]


def _afresh(app: HuntersApp[Any]) -> Terminal:
    """The screen drawn afresh: every widget's lines rendered again, none taken from the
    caches that a missed repaint leaves stale."""
    width, height = app.size
    for widget in app.screen.walk_children(with_self=True):
        widget._styles_cache.clear()
        widget._set_dirty()
        if isinstance(widget, Parts):  # its parts' lines too
            widget._strips.clear()
            widget._lines_width = -1
    fresh = Terminal(width, height)
    fresh.apply(list(app.console.render(app.screen._compositor.render_update(full=True))))
    return fresh


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@pytest.mark.parametrize("slug", ALL_BOARDS)
async def test_the_frames_sent_add_up_to_the_screen(slug: str, size: tuple[int, int]) -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    terminal = Terminal(*size)
    _sent(app, terminal)
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        options = {"turn_timer": 0} if slug == "whoosh" else {}  # no deadline moves it
        app.start_game(TableSetup(slug, seats, options, 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.table is not None
        checked = 0
        for _ in range(20):
            match = screen.table.match
            if match.outcome() is not None or not match.to_act():
                break
            acting = sorted(match.to_act())
            seat = acting[0] if acting[0] != TABLE else acting[-1]
            terminal.frames = 0
            try:
                await screen.table.submit(seat, match.legal(seat)[0])
            except IllegalAction:  # Whoosh: a tie window settled the game's end meanwhile
                break
            stale = await _stale_cells(app, pilot, terminal)
            assert not stale, f"after action {checked + 1}: {len(stale)} stale cells, {stale[:5]}"
            if slug != "whoosh":  # a claim there is two updates: the claim, its tie window
                # One frame an action, a change of the board's height included: the layout's
                # frame draws the parts that grew or shrank, and the log keeps its end shown.
                assert terminal.frames == 1, f"action {checked + 1}: {terminal.frames} frames"
            checked += 1
        assert checked >= 10


@pytest.mark.parametrize("slug", ["comic-hunters", "orb-hunters", "whoosh"])
async def test_the_terminal_cursor_is_sent_where_screen_reader_mode_puts_it(slug: str) -> None:
    """In screen-reader mode the terminal cursor is where a screen reader reads, and it
    reaches the terminal only with a frame: after every action the last frame sent must
    carry the cursor's place. A repaint asked after a layout's frame (the list or question
    that moved puts the cursor back on its mark) must get a frame of its own; dropping it
    left a guest's cursor on an old line for a whole game."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False, screen_reader=True))
    terminal = Terminal(80, 24)
    _sent(app, terminal)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        options = {"turn_timer": 0} if slug == "whoosh" else {}
        app.start_game(TableSetup(slug, seats, options, 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.table is not None
        assert await _cursor_misplaced(app, pilot, terminal) is None, "the first frames"
        checked = 0
        for _ in range(12):
            match = screen.table.match
            if match.outcome() is not None or not match.to_act():
                break
            acting = sorted(match.to_act())
            seat = acting[0] if acting[0] != TABLE else acting[-1]
            try:
                await screen.table.submit(seat, match.legal(seat)[0])
            except IllegalAction:
                break
            misplaced = await _cursor_misplaced(app, pilot, terminal)
            assert misplaced is None, f"after action {checked + 1}: {misplaced}"
            checked += 1
        assert checked >= 6


@pytest.mark.parametrize("slug", ALL_BOARDS)
async def test_the_board_is_drawn_afresh_in_a_new_theme(slug: str) -> None:
    """High contrast turned on (and off) in the middle of a game: the board's parts, kept
    as drawn, must take the new theme's colours at once, not as each part next changes."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    terminal = Terminal(80, 24)
    _sent(app, terminal)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        options = {"turn_timer": 0} if slug == "whoosh" else {}
        app.start_game(TableSetup(slug, seats, options, 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        while not screen.latest or screen._refresh_pending:
            await pilot.pause()
        await pilot.pause()
        for high in (True, False):
            app.settings.high_contrast = high
            app.apply_settings()
            stale = await _stale_cells(app, pilot, terminal)
            assert not stale, f"high contrast {high}: {len(stale)} stale cells, {stale[:5]}"


async def _stale_cells(app: HuntersApp, pilot: Any, terminal: Terminal) -> list[Any]:
    """Once the frames have gone out: the cells where what the terminal shows differs from
    the screen drawn afresh."""
    await pilot.pause()
    await asyncio.sleep(0.05)
    await pilot.pause()
    fresh = _afresh(app)
    return [at for at, cell in fresh.cells.items() if terminal.cells.get(at) != cell]


async def _cursor_misplaced(app: HuntersApp, pilot: Any, terminal: Terminal) -> str | None:
    """Once the frames have gone out: what is wrong with the terminal cursor they left
    (None: nothing). It must be where the app put it last, and while the list of choices
    holds it, on the list's marked line."""
    await pilot.pause()
    await asyncio.sleep(0.05)
    await pilot.pause()
    sent = terminal.cursor
    if sent != tuple(app.cursor_position):
        return f"sent to {sent}, put at {tuple(app.cursor_position)}"
    choices = app.screen.query_one("#sr-choices", SpokenList)
    if choices.has_focus and choices.option_count:
        fresh = _afresh(app)
        row = "".join(fresh.cells.get((x, sent[1]), (" ", None))[0] for x in range(80))
        if row[sent[0] : sent[0] + len(MARK)] != MARK:
            return f"at {sent}, on {row.strip()!r}, not on the marked choice"
    return None


@pytest.mark.parametrize("slug", ["superbohaterowie", "comic-hunters"])
async def test_an_action_draws_its_frame_once_with_the_keys_in_it(slug: str) -> None:
    """The keys the footer looks at as a frame is drawn are drawn in that frame: its line,
    drawn anew in the look, asked for a repaint of its own after it, and every other action
    drew a second, empty frame (the compositor walked for nothing, and a served guest's
    loop turned once more) after the one that showed the move."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(200, 60)) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        app.start_game(TableSetup(slug, seats, {}, 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.table is not None
        frames: list[int] = []
        refresh = screen._compositor_refresh

        def counted() -> None:
            frames[-1] += 1
            refresh()

        screen._compositor_refresh = counted  # type: ignore[method-assign]
        for _ in range(20):
            match = screen.table.match
            if match.outcome() is not None or not match.to_act():
                break
            seat = sorted(match.to_act())[0]
            frames.append(0)
            await screen.table.submit(seat, match.legal(seat)[0])
            await pilot.pause()
            await pilot.pause()
        assert len(frames) >= 10
        assert frames == [1] * len(frames)
