"""The Orb Hunters board: its words and steps, and whole games played by keys against bots."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Select, Static

from core.engine import Action
from core.games.orb_hunters.rules import ORB_HUNTERS as GAME
from core.match import Match
from core.table import Seat, TableSetup, Update
from tests.core.games.test_orb_hunters_rules import position
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.board_helpers import reachable
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import orb_hunters as board
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings


def _from_state(state: Any, seat: int = 0) -> Update:
    """An update for a position built directly (names P0, P1, …)."""
    acting = GAME.to_act(state)
    return Update(
        version=1,
        seat=seat,
        view=GAME.view(state, seat),
        legal=tuple(GAME.legal_actions(state, seat)) if seat in acting else (),
        events=(),
        names=tuple(f"P{i}" for i in range(state.players)),
        acting=acting,
        outcome=GAME.outcome(state),
    )


PENDING = {
    "assign": position(hands=[["red-1", "blue-2", "trenti-3"]]),
    "attract": position(columns=[["red-5"], ["blue-6"], ["green-2"], []], pending=("attract", 2)),
    "mark": position(columns=[["trenti-1"], [], [], []], pending=("mark", "trenti-1")),
    "gift": replace(
        position(row=["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1"], pending=("gift",)),
        resolving=0,
    ),
    "exchange": replace(
        position(
            row=["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1"],
            pending=("exchange",),
        ),
        resolving=0,
    ),
}


@pytest.mark.parametrize("kind", list(PENDING))
def test_every_legal_action_is_reachable_step_by_step(kind: str) -> None:
    """Walking the choices reaches each legal action, whatever skill or effect is pending."""
    update = _from_state(PENDING[kind])
    assert update.legal and reachable(update, board.paths) == set(update.legal)


def test_the_prompt_names_the_skill_being_applied() -> None:
    """A Charismatic's choice, a Trenti's marker, a Gift's rival are said in words."""
    words = {
        kind: board.prompt(_from_state(state), [], [])
        for kind, state in PENDING.items()
        if kind != "assign"
    }
    assert words["attract"].startswith("Charismatic")
    assert words["mark"].startswith("Trenti")
    assert "Cursed Idol" in words["gift"] and words["exchange"].startswith("Exchange")


def test_describe_reads_relics_columns_hand_and_pouches() -> None:
    """Screen-reader sentences name every relic, its adventurers and courage, and the hand."""
    state = position(
        columns=[["red-5", "trenti-2"], [], [], []],
        marks=[("trenti-2", "blue")],
        hands=[["green-1"]],
    )
    lines = board.describe(_from_state(state))
    relic_line = next(line for line in lines if line.startswith("Relic 1,"))
    assert "Red 5; Trenti 2 for Blue" in relic_line and "2 of 4" in relic_line
    assert "Red leads with 5" in relic_line
    assert any(line.startswith("Your hand: Green 1 (Killer)") for line in lines)
    assert any(line.startswith("P1 (Blue): 1 relic, visible Initial Relic") for line in lines)
    assert not any("◆" in line or "│" in line for line in lines)


def test_describe_keeps_hidden_treasures_face_down() -> None:
    """Face-down pouches are read as sizes only."""
    state = position(
        variants=["hidden_treasures"],
        pouches=[["initial-relic-1", "orb-1"], ["initial-relic-2"], ["initial-relic-3"]],
    )
    lines = board.describe(_from_state(state))
    assert any("2 relics, face down" in line for line in lines)
    assert not any("Orb" in line for line in lines if line.startswith("P0"))


def test_result_lines_give_totals_and_achievements() -> None:
    """The end screen lists every pouch and each achievement with its rulebook words."""
    match = Match.new("orb-hunters", 3, seed=4)
    rng = random.Random(4)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    outcome = match.outcome()
    assert outcome is not None
    lines = board.result_lines(match.view(None), outcome, ["Ala", "Olek", "Ewa"])
    assert lines[0].startswith("Ala (") and "wealth" in lines[0]
    assert any(line.startswith("Achievement") for line in lines) or lines[-1].startswith("No")


# -- playing by keys ---------------------------------------------------------------------------


async def _move(pilot: Pilot[Any], screen_board: Any, row: int, col: int) -> None:
    for _ in range(4):
        if screen_board.cursor[0] == row:
            break
        await pilot.press("down")
    assert screen_board.cursor[0] == row
    _, c = screen_board.cursor
    await pilot.press(*(["right"] * (col - c) if col > c else ["left"] * (c - col)))
    assert screen_board.cursor == (row, col)


async def play_by_keys(pilot: Pilot[Any], screen: GameScreen, action: Action) -> None:
    """Build ``action`` on the board with cursor keys, number keys and Enter."""
    screen_board: Any = screen.query_one("#board")
    for choice in board.paths(screen_board.update, action)[0]:
        kind, value = choice.key  # type: ignore[misc]
        if kind == "column":
            await pilot.press(str(value + 1))
        else:
            row = board.HAND_ROW if kind == "card" else board.CHOICE_ROW
            await _move(pilot, screen_board, row, screen_board.row_keys(row).index(choice.key))
        await pilot.press("enter")


async def _play_to_the_end(pilot: Pilot[Any], screen: GameScreen, rng: random.Random) -> None:
    for _ in range(200):
        await settle(pilot, screen)
        update = screen.latest[0]
        if update.outcome is not None:
            return
        await play_by_keys(pilot, screen, rng.choice(update.legal))
    raise AssertionError("the game did not end")


CONFIGS = [
    (2, {"hidden_treasures": True, "apprentices": True}),
    (4, {"teams": True, "simple_relics": True}),
    (5, {"strategic": True, "tough": True}),
]
"""With the screen-reader game (3 players, no variant) every count and variant is played."""


@pytest.mark.parametrize(("players", "options"), CONFIGS)
async def test_a_whole_game_against_bots_by_keys_reaches_the_results(
    players: int, options: dict[str, bool]
) -> None:
    """Every choice made with keys; Enter at the end opens the results with the pouches."""
    seats = (Seat("Ala"), *(Seat(f"Bot {i}", "bot", "normal") for i in range(1, players)))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(TableSetup("orb-hunters", seats, options, players))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await _play_to_the_end(pilot, screen, random.Random(players))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "Ala (" in screen_text(app)


async def test_an_illegal_assignment_is_refused_with_the_rules_reason() -> None:
    """A card sent under a full relic is refused, and the status says why."""
    app = HuntersApp(Settings(bot_delay=0))
    seats = (Seat("Ala"), Seat("Bot", "bot", "random"))
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(TableSetup("orb-hunters", seats, {}, 2))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        rng = random.Random(1)
        for _ in range(200):
            await settle(pilot, screen)
            update = screen.latest[0]
            full = [i for i, c in enumerate(update.view["columns"]) if len(c) == 4]
            plain = [c for c in update.view["hand"] or [] if c.rpartition("-")[2] in "56"]
            if full and plain and not update.view["pending"]:
                break
            await play_by_keys(pilot, screen, rng.choice(update.legal))
        else:
            raise AssertionError("no full relic with a plain card in hand")
        screen_board: Any = screen.query_one("#board")
        await _move(pilot, screen_board, board.HAND_ROW, update.view["hand"].index(plain[0]))
        await pilot.press("enter", str(full[0] + 1), "enter")
        await pilot.pause()
        await pilot.pause()
        assert "Not allowed: that relic has reached the Adventurers Limit" in screen_text(app)


async def test_screen_reader_mode_plays_a_whole_game_from_the_plain_list() -> None:
    """Plain sentences, no box drawing on the table, and Enter in the list plays."""
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    seats = (Seat("Ala"), Seat("Bot", "bot", "easy"), Seat("Bot 2", "bot", "easy"))
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(TableSetup("orb-hunters", seats, {}, 6))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        text = screen_text(app)
        assert "Relic 1," in text and "Your hand:" in text
        assert not set(text.split("Keys")[0]) & BOX_DRAWING
        choices = screen.query_one("#sr-choices", OptionList)
        for _ in range(300):
            await settle(pilot, screen)
            if screen.latest[0].outcome is not None:
                break
            assert choices.option_count >= 1
            await pilot.press("enter")
        assert screen.latest[0].outcome is not None


def test_snapshot_mid_game_80x24(snap_compare: Any) -> None:
    """The table after a few turns at the smallest supported size."""
    app = HuntersApp(Settings(bot_delay=0))
    seats = (Seat("Ala"), Seat("Bot 1", "bot", "normal"), Seat("Bot 2", "bot", "normal"))
    app.call_later(app.start_game, TableSetup("orb-hunters", seats, {}, 11))

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        for _ in range(3):
            await settle(pilot, screen)
            await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await settle(pilot, screen)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_the_setup_screen_refuses_teams_without_four_players() -> None:
    """Teams with three seats is not dealt: Start says why; with four it starts."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = SetupScreen("orb-hunters")
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#seat-3-kind").focus()
        await pilot.pause()
        await screen.action_remove_seat()
        await pilot.pause()
        screen.query_one("#option-teams", Select).value = 1
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        problem = screen.query_one("#start-problem", Static)
        assert "Teams variant is for exactly 4 players, not 3" in str(problem.render())
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.setup.options["teams"] is True
