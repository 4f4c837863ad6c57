"""The Orb Hunters board: its words and steps, and whole games played by keys against bots."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import OptionList, Select, Static

from core.engine import Action, in_words
from core.games.orb_hunters.data import relic_name, skill
from core.games.orb_hunters.rules import ORB_HUNTERS as GAME
from core.games.orb_hunters.scoring import pouch_totals
from core.match import Match
from core.table import Seat, TableSetup, Update
from tests.core.games.test_orb_hunters_rules import position
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.board_helpers import reachable, update_of
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import orb_hunters as board
from tui.boards import orb_hunters_cards as cards
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.screens.setup import SetupScreen
from tui.settings import Settings
from tui.widgets.card import BACK
from tui.widgets.show import Parts


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
    assert "Red 5; Blue 2 Trenti" in relic_line and "2 of 4" in relic_line
    assert "Red (P0) leads with 5 courage" in relic_line
    assert any(line.startswith("Your hand: Green 1 Killer") for line in lines)
    assert any(
        line.startswith("P1 (Blue): 1 relic, visible Initial Relic; 1 wealth, 0 wounds")
        for line in lines
    )
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
        # A refused move keeps you where you were (issue #16): the adventurer is still
        # chosen, the cursor still on that relic, and the prompt asks for a relic.
        assert screen_board.keys == [("card", plain[0])]
        assert screen_board.cursor == (board.RELIC_ROW, full[0])
        assert "Assign it under a relic" in screen_text(app)


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


# -- the board as cards: layouts, details, milestones ------------------------------------------


class BoardApp(App[None]):
    """The Orb Hunters board alone, shown one update (the game screen's log, banner and
    footer are left out: the board sizes itself from the terminal as it does there)."""

    def __init__(self, update: Update) -> None:
        super().__init__()
        self.first = update

    def compose(self) -> ComposeResult:
        yield board.Board(id="board")

    def on_mount(self) -> None:
        shown = self.query_one(board.Board)
        shown.show(self.first)
        shown.focus()


def _played(players: int, seed: int, moves: int, options: dict[str, bool] | None = None) -> Match:
    """A match after ``moves`` random actions (fewer if it ends first)."""
    match = Match.new("orb-hunters", players, seed=seed, options=options or {})
    rng = random.Random(seed)
    for _ in range(moves):
        if match.outcome() is not None:
            break
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    return match


def _acting_update(match: Match) -> Update:
    seat = min(match.to_act()) if match.to_act() else 0
    return update_of(
        match, seat, names=tuple(["Ala", "Olek", "Ewa", "Bartholomew", "Zoe"][: match.seats])
    )


POSITIONS = [
    (2, 3, 7, {}),
    (2, 5, 30, {"strategic": True}),
    (3, 8, 25, {"hidden_treasures": True}),
    (4, 2, 41, {"teams": True}),
    (5, 11, 12, {}),
    (5, 6, 57, {"apprentices": True, "tough": True}),
]


def _until_pending(players: int, seed: int, kinds: set[str]) -> Match:
    """Random play until the player to act owes one of ``kinds`` (a skill or an effect)."""
    match = Match.new("orb-hunters", players, seed=seed)
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = min(match.to_act())
        pending = match.view(seat)["pending"]
        if pending and pending[0] in kinds:
            return match
        match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError(f"no {kinds} in this game")


@pytest.mark.parametrize(("players", "seed", "moves", "options"), POSITIONS)
async def test_every_choice_is_reachable_in_words_at_80x24(
    players: int, seed: int, moves: int, options: dict[str, bool]
) -> None:
    """At 80×24, the next-choice key visits every legal choice of every step, and each
    choice's full wording is on screen or in the details of what the cursor is on."""
    update = _acting_update(_played(players, seed, moves, options))
    await _check_reachable(update)


@pytest.mark.parametrize("kinds", [{"mark"}, {"attract"}, {"gift", "exchange"}, {"sly"}])
async def test_every_skill_and_effect_choice_is_reachable_in_words(kinds: set[str]) -> None:
    """A Trenti's markers, a Charismatic's relics, a Gift's or an Exchange's rivals and a
    Sly's second adventurer, each reached by the next-choice key and read in full."""
    for seed in range(40):
        try:
            match = _until_pending(5, seed, kinds)
        except AssertionError:
            continue
        await _check_reachable(_acting_update(match))
        return
    raise AssertionError(f"no {kinds} in 40 games")


async def _check_reachable(update: Update) -> None:
    app = BoardApp(update)
    rng = random.Random(update.version)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = app.query_one(board.Board)
        for _ in range(3):  # the steps of one action
            choices = shown.choices
            assert choices, "a legal position offers a choice"
            visited = set()
            for _ in choices:
                await pilot.press(board.NEXT_CHOICE)
                key = shown._cursor_key()
                visited.add(key)
                label = next(c.label for c in choices if c.key == key)
                assert label in shown.details() or label in screen_text(app)
            assert visited == {c.key for c in choices}
            target = rng.choice(choices)
            while shown._cursor_key() != target.key:
                await pilot.press(board.NEXT_CHOICE)
            if shown.trie.action([*shown.keys, target.key]) is not None:
                return
            await pilot.press("enter")


@pytest.mark.parametrize(("players", "seed", "moves", "options"), POSITIONS)
async def test_the_board_fits_80x24_with_the_log_and_the_footer(
    players: int, seed: int, moves: int, options: dict[str, bool]
) -> None:
    """At the 80×24 floor the board takes at most the 17 rows the game screen leaves it
    (banner, status, a three-line log and the footer), whatever the count and variant;
    one more only for the details line's second row (the log keeps two lines)."""
    update = _acting_update(_played(players, seed, moves, options))
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = pilot.app.query_one(board.Board)
        assert shown.fit is not None and shown.fit.height <= 16 + shown.fit.details_rows
        assert shown.outer_size.height <= 16 + shown.fit.details_rows
        assert len(board.prompt(update, shown.keys, shown.choices)) <= 78


async def test_wide_terminals_show_full_names_tracks_and_pouch_piles() -> None:
    """At 200×60 relics carry their full names and effects, the round, wealth and wounds
    are tracks, and each pouch is a pile of relic cards; at 80×24 short forms are used."""
    update = _acting_update(_played(5, 11, 12))
    async with BoardApp(update).run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        fit = pilot.app.query_one(board.Board).fit
        assert fit is not None and fit.full and fit.tracks and fit.piles
        text = screen_text(pilot.app)
        assert "Wealth" in text and "Wounds" in text and "Round" in text
        names = {relic_name(card) for card in update.view["row"] if card}
        assert all(name in text for name in names)
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        fit = pilot.app.query_one(board.Board).fit
        assert fit is not None and not fit.full


async def test_hidden_treasures_show_sizes_and_backs_only() -> None:
    """Face-down pouches show how many relics each holds, never wealth or wounds, at every
    size, and the details of a pouch say so."""
    update = _acting_update(_played(3, 8, 25, {"hidden_treasures": True}))
    for size in ((80, 24), (200, 60)):
        async with BoardApp(update).run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(pilot.app)
            assert "face down" in text or BACK in text
            assert "Wealth" not in text  # no wealth track
            pouches = [line for line in text.splitlines() if "face down" in line]
            assert pouches and not any(re.search(r"wealth|W\d|X\d", line) for line in pouches)
            shown = pilot.app.query_one(board.Board)
            shown.cursor = (board.POUCH_ROW, 1)
            assert "face down" in shown.details()


async def test_details_read_an_opponents_pouch_in_full() -> None:
    """The cursor on a rival's pouch: its relics top first, with points and effects."""
    update = _acting_update(_played(3, 4, 40))
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        shown = pilot.app.query_one(board.Board)
        while shown.cursor[0] != board.POUCH_ROW:
            await pilot.press("down")
        await pilot.press("right")
        seat = shown.cursor[1]
        pouch = update.view["pouches"][seat]
        text = shown.details()
        assert text.startswith(update.names[seat])
        assert all(relic_name(card) in text for card in pouch)
        assert "wealth" in text


async def test_moving_the_cursor_redraws_only_what_it_crosses() -> None:
    """The pouches and the head are not redrawn when the cursor moves along the relics,
    and what is redrawn keeps its height, so the screen is repainted without a layout."""
    update = _acting_update(_played(4, 2, 9))
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        shown = pilot.app.query_one(board.Board)
        drawn: dict[str, int] = {}
        relaid: list[bool] = []
        parts = shown.query_one(Parts)
        show, refresh = parts.show, parts.refresh

        def counted(name: str, *args: Any) -> bool:
            redrawn = show(name, *args)
            if redrawn:
                drawn[name] = drawn.get(name, 0) + 1
            return redrawn

        def refreshed(*args: Any, **kwargs: Any) -> Any:
            relaid.append(bool(kwargs.get("layout", False)))
            return refresh(*args, **kwargs)

        parts.show = counted  # type: ignore[method-assign]
        parts.refresh = refreshed  # type: ignore[method-assign]
        await pilot.press("1", "2", "3")
        assert drawn.get("relics") == 3 and drawn.get("details", 0) >= 1
        assert "pouches" not in drawn and "head" not in drawn
        assert relaid and not any(relaid), "the cursor changes no height: a repaint, no layout"


def test_the_legend_names_every_short_form_and_glyph() -> None:
    """Every short form and glyph the 80-column board draws has a line in the legend."""
    legend = " ".join(f"{short} {meaning}" for short, meaning in board.LEGEND)
    shorts = [
        *cards.COLOUR_GLYPHS.values(),
        cards.TRENTI_GLYPH,
        "Killer",
        "Charismatic",
        "Shielded",
        "Sly",
        "…",
        *cards.RELIC_GLYPHS.values(),
        *cards.SHORT_RELIC.values(),
        *cards.SHORT_EFFECT.values(),
        *cards.EFFECT_WORD.values(),
        "W",
        "X",
        "P",
        "full",
        "✗",
        BACK,
        "◆",
    ]
    missing = [short for short in shorts if short not in legend]
    assert not missing
    assert "## How to play here" in board.HOW_TO_PLAY and board.NEXT_CHOICE in board.HOW_TO_PLAY


def _round_updates(
    players: int, seed: int, options: dict[str, bool] | None = None, since: bool = True
) -> list[Any]:
    """(update, events) for seat 0 after each action of a random game: the events since
    the last milestone (``since``) or only the action's own."""
    match = Match.new("orb-hunters", players, seed=seed, options=options or {})
    rng = random.Random(seed)
    seen: list[tuple[Update, list[Any]]] = []
    mine: list[Any] = []
    while match.outcome() is None:
        seat = min(match.to_act())
        events = match.act(seat, rng.choice(match.legal(seat)))
        if not since or (seen and board.milestone(*seen[-1])):
            mine = []
        mine = [*mine, *(e for e in events if e.get("to", 0) == 0)]
        seen.append(
            (update_of(match, 0, names=("Ala", "Olek", "Ewa", "Iga", "Zoe")[:players]), mine)
        )
    return seen


def test_a_milestone_sums_up_each_round_and_nothing_else() -> None:
    """Three summaries a game, one per round: who won which relic and why, where every
    pouch stands, and at the end who is eliminated with the most wounds."""
    seen = _round_updates(4, 3)
    summaries = [board.milestone(update, events) for update, events in seen]
    found = [s for s in summaries if s is not None]
    assert [s[0].split(" is over")[0] for s in found] == [
        "Round 1 of 3",
        "Round 2 of 3",
        "Round 3 of 3",
    ]
    ends = [update for update, events in seen if board.milestone(update, events) is not None]
    for summary, update in zip(found, ends, strict=True):
        assert any(" wins the " in line and "courage" in line for line in summary)
        # Every pouch's standing: a line each, or (where those would need scrolling at
        # 80x24) one sentence of every player's wealth and wounds after potions.
        lines = sum(
            line.startswith(("You have", "Olek has", "Ewa has", "Iga has")) for line in summary
        )
        sums = [pouch_totals(pouch) for pouch in update.view["pouches"]]
        said = [
            f"{t.wealth} and {t.net_wounds} for {name}"
            for t, name in zip(sums, ("Ala", "Olek", "Ewa", "Iga"), strict=True)
        ]
        together = [line for line in summary if line.startswith("Wealth and wounds after")]
        assert lines == 4 or (len(together) == 1 and all(s in together[0] for s in said))
        assert all(line[:1].isupper() and "{p" not in line for line in summary)
    last_update, _ = seen[-1]
    assert last_update.outcome is not None
    out = [
        s
        for s in last_update.outcome.ranking[-1]
        if "eliminated" in last_update.outcome.breakdown[s]
    ]
    if out:
        assert any("eliminated with the most wounds" in line for line in found[-1])


def test_a_milestone_keeps_hidden_treasures_hidden() -> None:
    """With face-down pouches the round summary says so and gives no totals."""
    summaries = [
        board.milestone(update, events)
        for update, events in _round_updates(3, 5, {"hidden_treasures": True})
    ]
    first = next(s for s in summaries if s is not None)
    assert any("face down" in line for line in first)
    assert not any("wealth" in line for line in first)


def test_result_lines_say_what_elimination_means() -> None:
    """An eliminated player's line says why, and that the column takes their wealth away;
    a game without elimination says how it scores instead."""
    for seed in range(30):
        match = _played(3, seed, 500)
        outcome = match.outcome()
        assert outcome is not None
        out = [s for s in range(3) if "eliminated" in outcome.breakdown[s]]
        if out:
            break
    else:
        raise AssertionError("nobody eliminated in 30 games")
    lines = board.result_lines(match.view(None), outcome, ["Ala", "Olek", "Ewa"])
    name = ["Ala", "Olek", "Ewa"][out[0]]
    sentence = next(line for line in lines if line.startswith(f"{name} is eliminated"))
    # The column by the name its heading has (the results say "Wealth lost to elimination").
    assert "places last" in sentence and '"Wealth lost to elimination" takes away' in sentence
    assert outcome.note.startswith("The player with the most wounds after potions (")
    two = _played(2, 1, 500)
    assert two.outcome() is not None
    lines = board.result_lines(two.view(None), two.outcome(), ["Ala", "Olek"])  # type: ignore[arg-type]
    assert any("wealth minus wounds" in line for line in lines)


def test_two_players_eliminated_share_last_place_in_one_sentence() -> None:
    """Two eliminated players each read "… is eliminated and places last" while the results
    table showed them tied for 3rd: one sentence names both as sharing last place."""
    names = ["Ala", "Olek", "Ewa", "Iga", "Jan"]
    for seed in range(80):
        match = _played(5, seed, 800)
        outcome = match.outcome()
        assert outcome is not None
        out = [s for s in range(5) if "eliminated" in outcome.breakdown[s]]
        if len(out) >= 2:
            break
    else:
        raise AssertionError("never two eliminated in 80 games")
    assert any(set(out) <= set(group) for group in outcome.ranking)  # tied, as the table shows
    lines = board.result_lines(match.view(None), outcome, names)
    assert not any("places last" in line for line in lines), lines
    who = [names[s] for s in out]
    sentence = next(line for line in lines if "share last place" in line)
    assert sentence.startswith(f"{in_words(who)} are eliminated and share last place"), sentence
    assert '"Wealth lost to elimination" takes away' in sentence and "each scores 0" in sentence
    # The wealth each lost, by name; no "Bot 3 (normal)'s 7" with its bracket before an 's.
    assert "'s " not in sentence, sentence
    assert all(f" for {names[s]}" in sentence for s in out), sentence


SNAPSHOTS = [(2, 5, 14), (5, 11, 12)]


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"]
)
@pytest.mark.parametrize(("players", "seed", "moves"), SNAPSHOTS, ids=["2-players", "5-players"])
def test_snapshot_board(
    snap_compare: Any, size: tuple[int, int], players: int, seed: int, moves: int
) -> None:
    """The board alone, mid-round, at the floor and two larger terminals."""
    app = BoardApp(_acting_update(_played(players, seed, moves)))
    assert snap_compare(app, terminal_size=size)


def test_a_milestone_told_only_its_last_events_says_where_the_rest_is() -> None:
    """When a Gift or an Exchange choice split the hand-over, a summary given only the
    events after it says the earlier relics are in the history, and still gives totals."""
    for seed in range(30):
        seen = _round_updates(4, seed, since=False)
        for update, events in seen:
            summary = board.milestone(update, events)
            if summary and not any(e["type"] == "limit" for e in events):
                assert any("in the history" in line for line in summary)
                assert any(line.startswith("You have") for line in summary)
                return
    raise AssertionError("no round's hand-over was split in 30 games")


async def test_the_variants_in_play_are_on_the_board() -> None:
    """The head names the variants and the teams (by glyph at 80 columns), and under
    Apprentices a card's skill is said to be ignored."""
    update = _acting_update(_played(4, 2, 41, {"teams": True, "apprentices": True}))
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        head = screen_text(pilot.app).splitlines()[0]
        assert "Apprentices" in head and "Teams" in head and " vs " in head
        shown = pilot.app.query_one(board.Board)
        skilled = [c for c in update.view["hand"] if skill(c) not in ("", "trenti")]
        if skilled:
            shown.cursor = (board.HAND_ROW, update.view["hand"].index(skilled[0]))
            assert "ignored (Apprentices)" in shown.details()


async def test_the_head_names_who_would_be_eliminated_now() -> None:
    """In a game with elimination, the most wounded player (after potions) is named on the
    board as it goes, not only at the end; with two players nobody is."""
    for moves in range(30, 200, 10):
        update = _acting_update(_played(3, 4, moves))
        seats, most = board.most_wounded(update.view)
        if seats and update.outcome is None:
            break
    else:
        raise AssertionError("nobody ever had the most wounds")
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        head = screen_text(pilot.app).splitlines()[0]
        assert f"most wounds ({most}): {cards.player_mark(update.view, seats[0])}" in head
    two = _acting_update(_played(2, 4, 60))
    assert board.most_wounded(two.view) == ([], 0)


EXTRA_POSITIONS = [
    (players, seed, random.Random(seed).randrange(5, 80), {})
    for players, seed in ((2, 21), (3, 22), (3, 23), (4, 24), (5, 25), (5, 26))
]


@pytest.mark.parametrize(("players", "seed", "moves", "options"), EXTRA_POSITIONS)
async def test_every_choice_is_reachable_in_words_in_random_positions(
    players: int, seed: int, moves: int, options: dict[str, bool]
) -> None:
    """More random positions at 80×24: every choice's full wording is reachable."""
    await _check_reachable(_acting_update(_played(players, seed, moves, options)))


# -- the cursor stays where the player put it (issue #16) --------------------------------------


async def test_the_cursor_rests_on_a_relic_while_bots_move() -> None:
    """Put on relic 3 while the bots play, the cursor is still on relic 3 when each of their
    moves redraws the board, and when the turn comes back."""
    seats = (Seat("Ala"), Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0.3, summaries=False))
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(TableSetup("orb-hunters", seats, {}, 3))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        screen_board: Any = screen.query_one("#board")
        await settle(pilot, screen)
        version = screen.latest[0].version
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await pilot.press("3")
        assert screen_board.cursor == (board.RELIC_ROW, 2)
        # Our move is in; on a loaded machine a bot may already have answered it.
        assert screen.latest[0].version >= version + 1, "our move was taken"
        await settle(pilot, screen)
        assert screen.latest[0].version >= version + 3, "both bots moved"
        assert screen_board.cursor == (board.RELIC_ROW, 2)


def _hand_update(hand: list[str], version: int) -> Update:
    return replace(_from_state(position(hands=[hand])), version=version)


async def test_the_cursor_follows_its_card_not_its_place_in_the_hand() -> None:
    """A new position that moves the card under the cursor keeps the cursor on that card;
    when the card is gone, on its nearest neighbour in the hand."""
    first = _hand_update(["red-1", "blue-2", "trenti-3"], 1)
    async with BoardApp(first).run_test(size=(100, 32)) as pilot:
        shown = pilot.app.query_one(board.Board)
        await move_cursor_to(pilot, shown, ("card", "trenti-3"))
        shown.show(_hand_update(["green-4", "red-1", "blue-2", "trenti-3"], 2))
        await pilot.pause()
        assert shown.row_keys(board.HAND_ROW)[shown.cursor[1]] == ("card", "trenti-3")
        shown.show(_hand_update(["green-4", "red-1"], 3))
        await pilot.pause()
        assert shown.cursor == (board.HAND_ROW, 1)


async def move_cursor_to(pilot: Pilot[Any], shown: Any, key: Any) -> None:
    """Arrow keys until the board's cursor is on ``key`` in the hand."""
    await _move(pilot, shown, board.HAND_ROW, shown.row_keys(board.HAND_ROW).index(key))


@pytest.mark.parametrize(
    ("card", "width", "lines", "words"),
    [
        ("orb-1", 12, 2, ["4 wealth", "2 wounds"]),
        ("orb-1", 12, 1, ["W4 X2"]),
        ("cursed-idol-1", 13, 1, ["3 wounds Gift"]),
        ("cursed-idol-1", 10, 2, ["3 wounds", "Gift"]),
        ("tricksters-mirror-1", 10, 2, ["2 wounds", "Swap"]),
        ("hammer-of-ruin-1", 13, 2, ["W1 X1 Destroy", ""]),
        ("hammer-of-ruin-1", 18, 2, ["1 wealth 1 wound", "Destroy"]),
        ("hammer-of-ruin-1", 10, 1, ["W1 X1 Dstr"]),
        ("thiefs-glove-left", 12, 1, ["W1 X1 Steal←"]),
        ("healing-potion-1", 10, 1, ["1 potion"]),
    ],
)
def test_a_relic_card_says_its_points_in_words_where_they_fit(
    card: str, width: int, lines: int, words: list[str]
) -> None:
    """At 80 columns a relic's points and effect read in words ("4 wealth" / "2 wounds",
    "Destroy") as far as the card's lines allow; the legend's short forms only where even
    one word cannot fit."""
    assert [line.plain for line in cards.points_lines(card, width, lines)] == words


@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_relics_pouches_and_hand_read_in_words_at_80x24(players: int) -> None:
    """A newcomer at 80x24 read "W4 X2", "W1 X1 Dstr" and "1: W1 X0 top ∘Initial": the
    hand takes one row of words instead of three of boxes, so up to four players the relic
    cards say "4 wealth" / "2 wounds" on two lines and each pouch has a line in words
    ("Ala (you, Red): 1 relic, 1 wealth, 0 wounds, top: ∘ Initial Relic", wounds said
    as the details and the summary say them, #15) up to three
    players; from four the relics keep their words and the pouches share lines, in words
    too ("You: 1 relic, 1 wealth, 0 wounds": "1 relic W1 X0" under a line of its key
    read as code; a pouch a line left the game screen's log one line through the
    round's assignments)."""
    update = _acting_update(_played(players, 3, 0))
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = pilot.app.query_one(board.Board)
        assert shown.fit is not None and shown.fit.point_lines == 2
        text = screen_text(pilot.app)
        first = update.view["row"][0]
        for line in cards.points_lines(first, shown.fit.column_width - 2, 2):
            assert f"│{line.plain}" in text
        hand = next(line for line in text.splitlines() if line.lstrip().startswith("Hand "))
        assert "[" in hand and "◆]" in hand  # the cursor's card, in brackets
        assert "┏" not in text.split("Hand ")[1]  # no boxes for the hand
        you = "Ala (you, " if players > 2 else "Ala (you): "
        if players < 4:
            assert f"{you}" in text and "1 relic, 1 wealth, 0 wounds, top: ∘ Initial Relic" in text
            assert "W1 X0" not in text
        else:
            assert "You: 1 relic, 1 wealth, 0 wounds" in text
            assert "W1 X0" not in text and "W wealth" not in text, text


@pytest.mark.parametrize("point_lines", [1, 2])
def test_a_handed_over_relic_is_as_tall_as_the_others(point_lines: int) -> None:
    """A relic handed over mid-round keeps its card's height, whatever lines the points
    take: the cards' bottom edges stay in one row (seen at 80x24 during an Exchange)."""
    view = _played(4, 3, 0).view(0)
    view = {**view, "row": ["", *view["row"][1:]]}
    look = cards.ColumnLook(width=14, full=False, effect_lines=0, point_lines=point_lines)
    heights = {len(cards.relic_column(view, i, look, ["A", "B", "C", "D"])) for i in range(5)}
    assert heights == {1 + 1 + point_lines + 4 + 1}  # edge, name, points, four, edge


def _boxes(lines: list[str]) -> list[str]:
    """The text inside each card of a row of cards, its lines joined by spaces."""
    inside = [re.findall(r"[│┃]([^│┃]*)[│┃]", line) for line in lines]
    inside = [cells for cells in inside if cells]
    return [" ".join(cells[i].strip() for cells in inside) for i in range(len(inside[0]))]


@pytest.mark.parametrize("players", [4, 5])
async def test_a_marker_choice_names_its_player_whole_or_cut_between_words(players: int) -> None:
    """At 80x24 a Trenti's marker choices name the player of each colour whole where the row
    has room (the room other choices do not need, or a second line in the card), else cut
    between words, never inside one ("■ Green (Bart…◆" was drawn); the details line has it."""
    update = _acting_update(_until_pending(players, 0, {"mark"}))
    names = update.names
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = pilot.app.query_one(board.Board)
        assert shown.fit is not None
        assert shown.outer_size.height <= 16 + shown.fit.details_rows
        row = shown.parts.shown("choices")
        assert row is not None
        boxes = _boxes([line.plain for line in row.renderables])  # type: ignore[attr-defined]
        keys = shown._choice_keys()
        assert len(boxes) == len(keys)
        whole = 0
        for box, (_, colour) in zip(boxes, keys, strict=True):  # type: ignore[misc]
            seat = cards.owner(update.view, colour)
            name = "nobody" if seat is None else names[seat]
            assert cards.ADVENTURER_NAMES[colour] in box, box
            if name in box:
                whole += 1
                continue
            assert box.endswith(("…◆", "…)◆")), box
            kept = box.split(cards.ADVENTURER_NAMES[colour], 1)[1].rstrip("◆)…").strip(" (")
            assert not kept or name.startswith(kept + " "), box  # whole words only
        # Four players have the room (a second line); five keep the two names that fit
        # beside three cut ones (the row has 71 cells: ▲ Red (Ewa) ■ Green (Ala) ● Blue …).
        assert whole == (len(keys) if players == 4 else 2)


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (5, 2)])
async def test_the_details_line_says_a_choice_whole_on_two_rows_and_stays_put(
    players: int, seed: int
) -> None:
    """At 80x24 "i ▸ Attract Trenti 2 for Red from relic 1. It gives 3 wounds; Gift: give
    it …" was cut mid-sentence. A text of the position longer than the board takes two rows,
    kept for the position so the cursor never moves the board: a row the board leaves over
    (five players), else one of the log's three lines (four players; the pouches and the
    relics keep their words), and the board and the log still fit the terminal. A legal
    choice's text longer than two rows takes a third (test_long_texts_whole)."""
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.widgets.event_log import EventLog

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _played(players, seed, 8)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        parts = screen.query_one("#oh-parts", Parts)
        rows, above, whole = set(), set(), 0
        for step in [board.NEXT_CHOICE] * len(shown.choices) + ["up", "up", "down", "left"]:
            await pilot.press(step)
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            detail = f"i ▸ {shown.details()}"
            choice = next((c for c in shown.choices if c.key == shown._cursor_key()), None)
            if choice is not None:
                said = (f"i ▸ {choice.label}{end}" for end in ".:")
                assert any(words in text for words in said)  # the choice's words, whole
            if len(detail) <= 140:  # two rows of 78 hold it, cut at words or not
                assert detail in text, detail
                whole += len(detail) > 78
            rows.add(parts.rows("details"))
            above.add(sum(parts.rows(p) for p in board.PARTS[: board.PARTS.index("details")]))
            log = screen.query_one(EventLog).region
            assert log.height >= 3 and shown.region.bottom <= log.y  # a border, 2 lines
        assert len(rows) == 1 and rows <= {2, 3} and len(above) == 1 and whole, (rows, above)


def test_an_empty_pouch_says_no_relics() -> None:
    """At the end of a game at 80x24 a pouch read "▲ Bot 4 (normal, Red): 0 relics: wealth
    0, 0 wounds" under lines of "4 relics, wealth 9, wounds 12": an empty pouch has no
    relics, as its short form already says."""
    view = _played(4, 3, 0).view(0)
    view = {**view, "pouches": [[], *view["pouches"][1:]], "pouch_sizes": [0, 1, 1, 1]}
    assert cards.pouch_facts(view, 0) == "no relics left, since every relic they had was stolen"
    assert cards.pouch_facts(view, 1) == "1 relic: 1 wealth, 0 wounds"


def test_a_marker_choice_names_its_player_without_nested_brackets() -> None:
    """At 80x24 the details read "i ▸ Red marker (Bot 4 (normal)). ▲ Red, played by …":
    a bot's name has brackets of its own, and nested ones read badly (aloud too)."""
    match = _until_pending(4, 0, {"mark"})
    seat = min(match.to_act())
    update = update_of(match, seat, names=("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4"))
    labels = [c.label for a in update.legal for path in board.paths(update, a) for c in path]
    marks = [label for label in labels if " marker" in label]
    assert marks and not any(re.search(r"\([^)]*\(", label) for label in marks), marks
    assert any(label.endswith(" marker for Bot 2 (normal)") for label in marks), marks
