"""Superbohaterowie's details line (the whole text of the card or space under the cursor)
at 80x24: once the others had played, the "Since your move" line took its second row, and
every card's text was cut after one ("◆ Play a leaf superhero. Leaf superhero: goes on an
empty space, or a water …"). It keeps two rows beside that line (the log under the board
gives one of its lines; the since line says what they said), and nothing a decision needs
leaves the screen: the hand, the choice under the cursor, the player's own city, the
prompt, in every phase of 2–5 player games and a series."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.games.superbohaterowie.data import kind_of
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import screen_text
from tests.tui.game_driver import play_by_keys, settle
from tests.tui.test_board_superbohaterowie import bots_have_acted, held_table_at
from tui.app import HuntersApp
from tui.boards.details import details_lines
from tui.boards.superbohaterowie_table import full_word
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog
from tui.widgets.show import Parts

FOUR = (Seat("Ala"), *(Seat(f"Bot {n} (normal)", "bot", "normal") for n in (2, 3, 4)))


def _rows(app: HuntersApp, widget: Any, part: str) -> list[str]:
    """The screen's rows of one part of the board, stripped."""
    region = widget.part_region(part)
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return [line[region.x : region.right].strip() for line in lines]


@pytest.mark.parametrize("seed", [4, 7])
async def test_the_details_line_keeps_two_rows_beside_the_since_line(seed: int) -> None:
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 4, seed=seed)
        screen, table = await held_table_at(pilot, match, FOUR)
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await pilot.pause()
        await bots_have_acted(pilot, screen, table, 3)
        widget: Any = screen.query_one("#board")
        parts = screen.query_one("#sb-parts", Parts)
        assert parts.rows("since") == 2  # three bots' plays: two rows
        long = 0
        for _ in widget.update.view["hand"]:
            details = widget.details()
            assert parts.rows("details") == 2, details
            long += len(details) > 78
            shown = _rows(app, widget, "details")
            assert shown == _wrapped(details, 2), shown
            assert parts.rows("since") == 2
            await pilot.press("right")
            await pilot.pause()
        assert long
        await table.close()


def _wrapped(details: str, rows: int) -> list[str]:
    """The details line's text in ``rows`` rows at 80x24, as the board draws it."""
    return [line.strip() for line in details_lines(details, 78, rows).plain.split("\n")]


async def _check_readable(app: HuntersApp, screen: GameScreen) -> None:
    """Everything a decision needs is on the screen whole: the board above the log, the
    hand's cards, the player's own city, the prompt, and two rows of details when the text
    needs them."""
    widget: Any = screen.query_one("#board")
    parts = screen.query_one("#sb-parts", Parts)
    update = widget.update
    assert widget.region.bottom <= screen.query_one(EventLog).region.y
    text = screen_text(app)
    hand = " ".join(_rows(app, widget, "hand"))
    for card in update.view["hand"] or []:
        assert full_word(kind_of(card)) in hand, (card, text)
    assert "Ala" in " ".join(_rows(app, widget, "city-0")), text
    words = " ".join(_rows(app, widget, "prompt"))
    assert words and words in " ".join(text.split()), text
    details = widget.details()
    if len(details) > 78 and not update.view["winners"]:  # a game over decides nothing here
        assert parts.rows("details") >= 2, text
    shown = _rows(app, widget, "details")
    assert shown == _wrapped(details, parts.rows("details")), text
    if details.startswith("◆ "):  # the choice under the cursor: whole
        choice = details.split(". ", 1)[0]
        assert choice in " ".join(" ".join(shown).split()), (choice, text)


@pytest.mark.parametrize("players, series", [(2, 0), (3, 0), (4, 0), (5, 0), (4, 2), (5, 2)])
async def test_at_80x24_a_decision_is_readable_in_every_phase(players: int, series: int) -> None:
    """Whole games played by keys at 80x24: each turn with nothing chosen, then with the
    card chosen (its targets marked), between the games of a series and at the game's end."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        people = (
            Seat("Ala"),
            *(Seat(f"Bot {n} (normal)", "bot", "easy") for n in range(2, players + 1)),
        )
        setup = TableSetup("superbohaterowie", people, {"series": series}, players)
        app.call_later(app.start_game, setup)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        widget: Any = screen.query_one("#board")
        rng = random.Random(players)
        checked = 0
        for _ in range(400):
            await settle(pilot, screen)
            update: Any = screen.latest[0]
            await _check_readable(app, screen)
            checked += 1
            if update.outcome is not None:
                break
            action = rng.choice(update.legal)
            if action[0] not in ("continue", "discard-hand"):
                hand = update.view["hand"]
                await pilot.press(*(["left"] * 2), *(["right"] * hand.index(action[1])))
                await pilot.press("enter")  # the card chosen: its first target under the cursor
                await pilot.pause()
                if widget.keys:
                    await _check_readable(app, screen)
                    await pilot.press("escape")
                    await pilot.pause()
            await play_by_keys(pilot, screen, action)
        assert update.outcome is not None and checked > 3
        await screen.table.close()  # type: ignore[union-attr]


async def test_an_empty_space_reads_as_one_sentence() -> None:
    """With no card chosen the details line named a space and went on with a capital: "Bot 2
    (normal)'s London, space 5: An empty space." It reads on after the colon."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 4, seed=4)
        screen, table = await held_table_at(pilot, match, FOUR)
        widget: Any = screen.query_one("#board")
        await pilot.press("down")  # from the hand to the player's own city, all empty
        await pilot.pause()
        assert widget.details() == "Your Berlin, space 1: an empty space."
        await table.close()
