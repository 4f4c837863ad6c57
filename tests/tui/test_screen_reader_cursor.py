"""Where the terminal cursor goes while a screen of screen-reader mode first draws: never on
the key line at the top. A screen reader reads the line at the cursor after the new lines
around it, so a cursor parked on the first row of the two-row key line read its second row
("quit; F1 or ? help.") before its first: the setup's name fields put the cursor in their
text as they were made, before they had a place on the screen (row 0)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Offset
from textual.widgets import OptionList

from core.match import Match
from core.table import Update
from tests.tui.board_helpers import comic_hunters_at_assemble, update_of
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.boards.base import ActionChosen
from tui.screens.plain_table import PlainTableScreen
from tui.screens.plain_table import is_real as real
from tui.screens.setup import SetupScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog


class Recording(HuntersApp):
    """Remembers every place the terminal cursor is sent, and which screen was on top."""

    def __init__(self) -> None:
        self.places: list[tuple[str, Offset]] = []
        super().__init__(Settings(bot_delay=0, screen_reader=True))

    @property  # type: ignore[override]
    def cursor_position(self) -> Offset:
        return self.__dict__.get("_cursor", Offset(0, 0))  # type: ignore[no-any-return]

    @cursor_position.setter
    def cursor_position(self, place: Offset) -> None:
        if self.__dict__.get("_cursor") != place and self._screen_stack:
            self.places.append((type(self.screen).__name__, place))
        self.__dict__["_cursor"] = place


async def _settle(pilot: Any) -> None:
    for _ in range(4):
        await pilot.pause()


async def test_the_setup_never_puts_the_cursor_on_its_key_line() -> None:
    app = Recording()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        app.places.clear()
        await pilot.press("enter")  # the first game's table setup
        await _settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        keys = app.screen.query_one(".keys").region
        on_keys = [place for screen, place in app.places if keys.contains_point(place)]
        assert not on_keys, app.places
        await pilot.press("tab", "tab")  # to the first name field, its text holds the cursor
        await _settle(pilot)
        assert not keys.contains_point(app.cursor_position)


# -- where the list's highlight lands by itself (issue #15) --------------------------------------
#
# In Comic Hunters' Assemble, once no card could be played, the screen-reader list's highlight
# landed on "Take back …" after each new position, so an Enter took a card back, and after a
# take-back it landed on the next one: Enter pressed on took every card back in turn. The
# boards stopped that in 7de506e; the list now follows the same rule, from the same hooks of
# the board modules: a take-back or a choice ending a phase is never where it lands by itself.


class _Plain(PlainTableScreen):
    """The screen-reader table alone, fed updates by the test, keeping the actions sent."""

    def __init__(self, slug: str) -> None:
        super().__init__()
        self.settings = Settings(bot_delay=0, screen_reader=True)
        self.board_module = BOARDS[slug]
        self.latest = {}
        self.viewer = 0
        self._history = {}
        self.sent: list[Any] = []

    def compose(self) -> ComposeResult:
        yield from self.compose_plain()
        yield EventLog(id="log")

    def on_mount(self) -> None:
        self.set_class(True, "-screen-reader")
        self.start_plain()
        self.query_one("#sr-choices").focus()

    def show(self, update: Update) -> None:
        self.latest[0] = update
        self._show_plain(update)

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.sent.append(message.action)


class _PlainApp(App[None]):
    def __init__(self, slug: str) -> None:
        super().__init__()
        self.settings = Settings(bot_delay=0, screen_reader=True)
        self.slug = slug

    def on_mount(self) -> None:
        self.push_screen(_Plain(self.slug))


@contextlib.asynccontextmanager
async def _plain_screen(slug: str) -> AsyncIterator[tuple[Any, _Plain]]:
    """A screen-reader table of ``slug`` alone in an app at 80x24, and its pilot."""
    app = _PlainApp(slug)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, _Plain)
        yield pilot, screen


def _kind(key: Any) -> Any:
    return key[0] if isinstance(key, tuple) and key else None


def _under(screen: _Plain) -> Any:
    """The key of the choice the list highlights, None where none is."""
    return screen._sr_highlighted_key()


async def _shown(pilot: Any, screen: _Plain, match: Match) -> list[Any]:
    screen.show(update_of(match, 0))
    for _ in range(3):
        await pilot.pause()
    return [c.key for c in screen._sr_choices]


async def _walk_to(pilot: Any, screen: _Plain, key: Any) -> None:
    for _ in screen._sr_choices:
        if _under(screen) == key:
            return
        await pilot.press("down")
    assert _under(screen) == key


async def test_playing_on_the_highlight_never_lands_on_a_take_back() -> None:
    """Enter, Enter, … in Assemble: after each new position the highlight is on a card to
    play while one can be played; then on no choice (neither a take-back nor Done playing):
    the question says why and which keys choose, the terminal cursor is on it, and Enter
    takes nothing until Down or Up chooses."""
    match = comic_hunters_at_assemble()
    async with _plain_screen("comic-hunters") as (pilot, screen):
        keys = await _shown(pilot, screen, match)
        for _ in range(20):
            if not any(_kind(k) in ("play", "relocate") for k in keys):
                break
            assert _kind(_under(screen)) in ("play", "relocate"), keys
            for _ in range(3):  # a card, then where it goes: the steps of one play
                if screen.sent:
                    break
                await pilot.press("enter")
                await pilot.pause()
            assert screen.sent, screen._sr_choices
            match.act(0, screen.sent.pop())
            keys = await _shown(pilot, screen, match)
        else:
            raise AssertionError("every card stayed playable")
        assert any(_kind(k) == "unplay" for k in keys)
        options = screen.query_one("#sr-choices", OptionList)
        assert options.highlighted is None and _under(screen) is None
        prompt = str(screen.query_one("#sr-prompt").render())
        said = " ".join(prompt.split())
        assert "No card can be played now: " in said, said
        assert "Down or Up highlights a choice: a take-back or Done playing." in said, said
        prompt_row = screen.query_one("#sr-prompt").region.y
        assert pilot.app.cursor_position.y == prompt_row
        assert screen.plain_details().startswith("No card can be played now: ")  # i says it
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert screen.sent == []
        await pilot.press("down")
        await pilot.pause()
        assert _under(screen) == keys[0] and _kind(keys[0]) == "unplay"
        said = " ".join(str(screen.query_one("#sr-prompt").render()).split())
        assert "No card can be played now" not in said  # chosen: the list says the rest


async def test_after_a_take_back_the_highlight_is_on_the_first_card_to_play() -> None:
    """Taking a card back brings a new position: the highlight goes to the first card to
    play, not to the next take-back (an Enter more took that card back too)."""
    match = comic_hunters_at_assemble()
    played = [a for a in match.legal(0) if a[0] == "play"]
    first, second = played[0], next(a for a in played if a[1] != played[0][1])
    match.act(0, first)
    match.act(0, second)
    async with _plain_screen("comic-hunters") as (pilot, screen):
        await _shown(pilot, screen, match)
        assert _kind(_under(screen)) == "play"
        taking = ("unplay", first[1])
        await _walk_to(pilot, screen, taking)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.sent == [("unplay", first[1])]
        match.act(0, screen.sent.pop())
        keys = await _shown(pilot, screen, match)
        assert ("unplay", second[1]) in keys
        assert _under(screen) == next(k for k in keys if _kind(k) == "play"), keys


async def test_a_take_back_gone_from_under_the_highlight_leaves_it_on_a_card_to_play() -> None:
    """The highlight on a take-back when a new position takes that choice away (the play it
    undid is itself undone): it goes to a card to play, never to another take-back."""
    match = comic_hunters_at_assemble()
    played = [a for a in match.legal(0) if a[0] == "play"]
    first, second = played[0], next(a for a in played if a[1] != played[0][1])
    match.act(0, first)
    match.act(0, second)
    undone = comic_hunters_at_assemble()
    undone.act(0, first)
    async with _plain_screen("comic-hunters") as (pilot, screen):
        await _shown(pilot, screen, match)
        await _walk_to(pilot, screen, ("unplay", second[1]))
        keys = await _shown(pilot, screen, undone)
        assert ("unplay", first[1]) in keys
        assert _kind(_under(screen)) == "play", keys


async def test_a_take_back_the_player_moved_to_stays_highlighted() -> None:
    """A take-back the player walked to is their choice: a new position that keeps it (a
    bot's move in the same Assemble) leaves the highlight on it."""
    match = comic_hunters_at_assemble()
    played = next(a for a in match.legal(0) if a[0] == "play")
    match.act(0, played)
    async with _plain_screen("comic-hunters") as (pilot, screen):
        await _shown(pilot, screen, match)
        await _walk_to(pilot, screen, ("unplay", played[1]))
        other = min(match.to_act() - {0})
        match.act(other, ("ready",))
        await _shown(pilot, screen, match)
        assert _under(screen) == ("unplay", played[1])


@pytest.mark.parametrize("slug", sorted(BOARDS))
async def test_in_every_game_the_highlight_lands_only_on_a_real_move(slug: str) -> None:
    """A random game of each, the list shown at each of seat 0's decisions: the highlight
    is on a move that moves the game on (the board module's ``is_real``, else anything but
    a choice ending a phase) whenever there is one, as on the boards."""
    module = BOARDS[slug]
    rng = random.Random(5)
    match = Match.new(slug, 3, seed=5)
    async with _plain_screen(slug) as (pilot, screen):
        seen = 0
        for _ in range(60):
            if match.outcome() is not None:
                break
            if 0 in match.to_act():
                keys = await _shown(pilot, screen, match)
                update = screen.latest[0]
                if any(real(module, update, k) for k in keys):
                    assert real(module, update, _under(screen)), (keys, _under(screen))
                    seen += 1
            seat = rng.choice(sorted(match.to_act()))
            legal = match.legal(seat)
            match.act(seat, rng.choice(legal))
        assert seen
