"""Comic Hunters' choices walked by rows (issue #15, found in play at 80x24): the cards of
Assemble stood in rows of several, but ↓ stepped along them one at a time, and Home and
End did nothing. ↑↓ go to the nearest choice in the row above or below, ←→ one at a time,
Home to the first choice, End to the last one that does not end the step (Done playing
takes an Enter that ends the phase: End never lands on it)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

from textual.app import App, ComposeResult

from core.match import Match
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters as board
from tui.boards.base import ActionChosen
from tui.settings import Settings
from tui.widgets.card import LEGAL

SLUG = "comic-hunters"
READY = ("ready",)


class _Alone(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.settings = Settings(bot_delay=0)
        self.sent: list[Any] = []

    def compose(self) -> ComposeResult:
        yield board.Board(id="board")

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.sent.append(message.action)


@contextlib.asynccontextmanager
async def _shown(match: Match, size: tuple[int, int]) -> AsyncIterator[tuple[_Alone, Any, Any]]:
    """The board alone at ``size``, showing seat 0's view of ``match``."""
    app = _Alone()
    async with app.run_test(size=size) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update_of(match, 0))
        await pilot.pause()
        yield app, pilot, widget


def _to(location: str, seed: int = 1) -> Match:
    """A 3-player match where seat 0 first has a choice at ``location``."""
    match = Match.new(SLUG, 3, seed=seed)
    rng = random.Random(seed)
    while not (match.state.location == location and 0 in match.to_act()):
        seat = min(match.to_act())
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick")]
        match.act(seat, rng.choice(takes or legal))
    return match


def _cursor(app: App[None]) -> tuple[int, int]:
    """The screen line and column of the ◆ of the choice under the cursor ("[◆")."""
    for number, line in enumerate(screen_text(app).splitlines()):
        if f"[{LEGAL}" in line:
            return number, line.index(f"[{LEGAL}") + 1
    raise AssertionError(screen_text(app))


def _marks(app: App[None], number: int) -> list[int]:
    """The columns of every ◆ on screen line ``number``."""
    line = screen_text(app).splitlines()[number]
    return [i for i, c in enumerate(line) if c == LEGAL]


def _rows_below(app: App[None], number: int) -> list[int]:
    lines = screen_text(app).splitlines()
    return [n for n in range(number + 1, len(lines)) if LEGAL in lines[n]]


async def test_assemble_hand_in_rows_up_and_down_go_a_row_to_the_nearest_card() -> None:
    """At 80x24 the hand of Assemble stands on two lines: ↓ from a card of the first goes
    to the card nearest it on the second (it went to the next card on the same line), ↑
    back; → goes one card along."""
    match = _to("assemble")
    async with _shown(match, (80, 24)) as (app, pilot, widget):
        await pilot.press("home", "right", "right")  # from the first card
        line, column = _cursor(app)
        below = _rows_below(app, line)
        assert below, screen_text(app)
        await pilot.press("down")
        new_line, new_column = _cursor(app)
        assert new_line == below[0], screen_text(app)
        nearest = min(abs(c - column) for c in _marks(app, new_line))
        assert abs(new_column - column) <= nearest + 3, screen_text(app)
        await pilot.press("up")
        assert _cursor(app)[0] == line
        before = widget.cursor
        await pilot.press("right")
        assert widget.cursor == before + 1


async def test_home_and_end_go_to_the_first_and_the_last_card_never_to_done() -> None:
    """Home: the first choice; End: the last before Done playing, and an Enter there plays
    (Done playing would have asked to end the phase)."""
    match = _to("assemble")
    async with _shown(match, (80, 24)) as (app, pilot, widget):
        assert widget.choices[-1].key == READY
        await pilot.press("end")
        assert widget.cursor == len(widget.choices) - 2
        await pilot.press("home")
        assert widget.cursor == 0
        await pilot.press("end", "enter")  # the card's collection to choose next
        assert widget.keys and widget.keys[0] != READY and not app.sent


async def test_the_convention_grid_rows_are_walked_with_up_and_down() -> None:
    """Choosing a row or column of the Convention grid, ↓ goes to the next row's choice."""
    match = _to("convention")
    async with _shown(match, (80, 24)) as (app, pilot, widget):
        take = next(c.key for c in widget.choices if c.key[0] == "hero")
        widget.keys = [take]
        widget.cursor = 0
        widget.move_to(0)
        await pilot.pause()
        keys = [c.key for c in widget.choices]
        assert any(k[0] == "line" for k in keys), keys
        row_choices = [k for k in keys if k[:2] == ("line", "row")]
        widget.move_to(keys.index(row_choices[0]))
        await pilot.press("down")
        assert widget.choices[widget.cursor].key == row_choices[1], screen_text(app)


async def test_without_rows_up_and_down_step_along_the_choices() -> None:
    """Where the choices are not drawn in rows of several (the Store's one row), ↑↓ step
    one choice along, as before."""
    match = Match.new(SLUG, 3, seed=1)
    async with _shown(match, (160, 45)) as (_, pilot, widget):
        await pilot.press("down")
        assert widget.cursor == 1
        await pilot.press("up", "up")
        assert widget.cursor == len(widget.choices) - 1


async def test_the_convention_columns_to_take_are_marked_and_bracketed() -> None:
    """The columns a hero's cards can be taken from are marked ◆ over the grid, and the
    one under the cursor bracketed (found in play: "from column 2" was under the cursor
    with nothing marked; the board looked for a "column" the rules call "col")."""
    for seed in range(1, 6):
        match = _to("convention", seed)
        update = update_of(match, 0)
        heroes = {a[1] for a in update.legal if a[0] == "take" and a[2] == "col"}
        if heroes:
            break
    hero = sorted(heroes)[0]
    columns = sorted({a[3] for a in update.legal if a[:3] == ("take", hero, "col")})
    app = _Alone()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        widget.show(update)
        widget.keys = [("hero", hero)]
        keys = [c.key for c in widget.choices]
        widget.move_to(keys.index(("line", "col", columns[0])))
        await pilot.pause()
        marked = [line for line in screen_text(app).splitlines() if "[◆" in line]
        assert marked and f"[{LEGAL}{columns[0] + 1}]" in marked[0], screen_text(app)
        assert marked[0].count(LEGAL) == len(columns), marked[0]
        rows = [k for k in keys if k[:2] == ("line", "row")]
        await pilot.press("down")  # from the columns over the grid to its first row's
        assert not rows or widget.choices[widget.cursor].key == rows[0], screen_text(app)
