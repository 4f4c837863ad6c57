"""What the board tests of every game share: a seat's update of a match, and every action a
board's step-by-step choices can reach, a board alone in an app; and what the screen tests
share: a clock in UTC."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import AsyncIterator, Callable, Hashable, Iterator, Mapping
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from core.engine import Action
from core.match import Match
from core.table import Seat, Table, TableSetup, Update
from tui.boards.base import ActionChosen, ActionTrie, Path
from tui.settings import Settings


def update_of(
    match: Match,
    seat: int | None = 0,
    names: tuple[str, ...] = (),
    notes: Mapping[int, str] | None = None,
) -> Update:
    """What ``seat`` (None: a spectator) is shown of ``match`` at a table of humans;
    ``notes``: how dropped players are doing, as the table tells it (`Table.set_note`)."""
    table = Table(match, [Seat(names[i] if names else f"P{i}") for i in range(match.seats)])
    for noted, note in (notes or {}).items():
        table.set_note(noted, note)
    return table.update_for(seat)


def reachable(update: Update, paths: Callable[[Update, Action], list[Path]]) -> set[Action]:
    """Every action that walking the board's choices from the start can complete."""
    trie = ActionTrie(update.legal, lambda action: paths(update, action))
    reached: set[Action] = set()

    def walk(keys: list[Hashable]) -> None:
        action = trie.action(keys)
        if action is not None:
            reached.add(action)
            return
        for choice in trie.choices(keys):
            walk([*keys, choice.key])

    walk([])
    return reached


def record_redraws(parts: Any) -> list[str]:
    """The names of the parts ``parts`` (a `Parts`) redraws from now on, in order: its
    ``show`` is wrapped to note each part it drew again."""
    redrawn: list[str] = []
    show = parts.show

    def noted(name: str, *args: Any) -> bool:
        drawn = bool(show(name, *args))
        if drawn:
            redrawn.append(name)
        return drawn

    parts.show = noted
    return redrawn


def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The body of a fixture that shows times in UTC while a test runs, so every run reads
    the same, and this computer's time zone again after: ``yield from utc_clock(...)``."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def comic_hunters_at_assemble(seed: int = 1) -> Match:
    """A 3-player Comic Hunters match at its first Assemble, seat 0 still to play; with
    seed 1 seat 0 holds two Spider-Man cards (c101, c103) among others."""
    match = Match.new("comic-hunters", 3, seed=seed)
    rng = random.Random(seed)
    while match.state.location != "assemble":
        seat = min(match.to_act())
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick")]
        match.act(seat, rng.choice(takes or legal))
    return match


def comic_hunters_bidding_until(there: Callable[[Match], bool], seed: int = 1) -> Match:
    """A 3-player Comic Hunters match played on until ``there(match)``: each seat to act opens
    a lot's bidding at 1 or bids the least it may when it can, else makes its first choice."""
    match = Match.new("comic-hunters", 3, seed=seed)
    while not there(match):
        seat = min(match.to_act())
        legal = match.legal(seat)
        opens = [a for a in legal if a[0] == "open" and a[2] == 1]
        bids = [a for a in legal if a[0] == "bid"]
        match.act(seat, (opens or bids[:1] or legal)[0])
    return match


class BoardAlone(App[None]):
    """A board of type ``board_type`` alone, fed updates by the test, keeping the actions it
    sends in ``sent``."""

    def __init__(self, board_type: type[Any], settings: Settings | None = None) -> None:
        super().__init__()
        self.board_type = board_type
        self.settings = settings or Settings(bot_delay=0)
        self.sent: list[Action] = []

    def compose(self) -> ComposeResult:
        yield self.board_type(id="board")

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.sent.append(message.action)


@contextlib.asynccontextmanager
async def shown_alone(
    board_type: type[Any], match: Match, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[BoardAlone, Pilot[None], Any]]:
    """A `BoardAlone` at ``size`` showing seat 0's update of ``match``, once drawn: the app,
    its pilot and the board."""
    app = BoardAlone(board_type)
    async with app.run_test(size=size) as pilot:
        widget = app.query_one(board_type)
        widget.show(update_of(match, 0))
        await pilot.pause()
        yield app, pilot, widget


def comic_hunters_table(bots: int, seed: int = 11) -> Any:
    """A HuntersApp that opens a real Comic Hunters table: Ala (you) and ``bots`` easy
    bots that play at once."""
    from tui.app import HuntersApp  # (the app imports every board: only where it is used)

    seats = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in range(2, bots + 2)))
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, TableSetup("comic-hunters", seats, {}, seed))
    return app


async def comic_hunters_by_keys(pilot: Pilot[None], screen: Any, action: Action) -> None:
    """Build ``action`` on a Comic Hunters table's board with → and Enter, one choice at a
    time (a final choice asks: Enter twice)."""
    from tests.tui.game_driver import settle
    from tui.boards import comic_hunters as board

    widget: Any = screen.query_one("#board")
    for choice in board.paths(widget.update, action)[0]:
        await settle(pilot, screen)
        keys = [c.key for c in widget.choices]
        steps = (keys.index(choice.key) - widget.cursor) % len(keys)
        await pilot.press(*(["right"] * steps))
        await pilot.press("enter")
        if board.is_final(widget.update, choice.key):
            await pilot.press("enter")


def _sensible(legal: list[Action], rng: random.Random) -> Action:
    """A Comic Hunters move that heads for the Convention: ready, take, pass or pick."""
    for verb in ("ready", "take-row", "take", "pass", "pick", "give-first"):
        found = [a for a in legal if a[0] == verb]
        if found:
            return rng.choice(found)
    opens = [a for a in legal if a[0] == "open" and a[2] <= 1]
    return rng.choice(opens or legal)


async def comic_hunters_until(
    pilot: Pilot[None], seed: int = 3, location: str = "convention"
) -> tuple[Any, Any]:
    """Play seat 0 of a Comic Hunters table by keys until it is to choose at the
    Convention (or ``location``): the game screen and its board."""
    from tests.tui.game_driver import settle
    from tui.screens.game import GameScreen

    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    await settle(pilot, screen)
    rng = random.Random(seed)
    while screen.latest[0].view["location"] != location or 0 not in screen.latest[0].acting:
        await comic_hunters_by_keys(pilot, screen, _sensible(list(screen.latest[0].legal), rng))
        await settle(pilot, screen)
    return screen, screen.query_one("#board")
