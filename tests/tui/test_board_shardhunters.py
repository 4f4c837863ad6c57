"""The Shardhunters board: its words and steps, and whole games played by keys."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from textual.widgets import OptionList

from core.engine import Action, IllegalAction
from core.games.shardhunters.data import HEROES
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import BOX_DRAWING, screen_text
from tests.tui.board_helpers import reachable, record_redraws, update_of
from tests.tui.game_driver import settle
from tests.tui.test_board_superbohaterowie import (
    bots_have_acted,
    every_choice_is_readable,
    held_table_at,
)
from tui.app import HuntersApp
from tui.boards import shardhunters as board
from tui.boards.base import ActionTrie
from tui.screens.game import GameScreen
from tui.screens.results import ResultsScreen
from tui.settings import Settings
from tui.widgets.show import Parts


def test_every_legal_action_is_reachable_step_by_step() -> None:
    """Walking the choices reaches each legal action in every phase met in a game."""
    rng = random.Random(4)
    for options in ({}, {"draft": True}):
        match = Match.new("shardhunters", 3, seed=2, options=options)
        phases = set()
        while match.outcome() is None and len(phases) < 6:
            seat = min(match.to_act())
            update = update_of(match, seat)
            phases.add(update.view["phase"])
            assert reachable(update, board.paths) == set(update.legal)
            match.act(seat, rng.choice(match.legal(seat)))


def test_cards_can_be_chosen_in_any_order() -> None:
    """Two cards for the 2nd Combat are one action whichever is chosen first."""
    match = Match.new("shardhunters", 2, seed=1)
    match.act(0, match.legal(0)[0])
    match.act(1, match.legal(1)[0])
    update = update_of(match, 0)
    action = update.legal[0]
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    first, second = (("card", c) for c in action[1])
    assert trie.action([first, second]) == action == trie.action([second, first])


def test_describe_names_teams_active_heroes_and_the_hand() -> None:
    """Screen-reader sentences say who is active, with abilities, and the seat's hand."""
    update = update_of(Match.new("shardhunters", 2, seed=3), 1)
    lines = board.describe(update)
    assert any(line.startswith("You: 1 Bloodshard, team of 1:") for line in lines)
    assert any("(active: " in line for line in lines)
    assert any(line.startswith("Your hand: ") for line in lines)
    assert not any("◆" in line for line in lines)


def test_the_solo_board_speaks_of_the_reavers() -> None:
    """In solo the second team is the Reavers, not a seat."""
    update = update_of(Match.new("shardhunters", 1, seed=3, options={"solo": "hard"}), 0)
    lines = board.describe(update)
    assert lines[0].startswith("Solo against the Reavers (hard)")
    assert any(line.startswith("The Reavers: 1 Bloodshard, team of 3:") for line in lines)


def test_a_face_down_choice_shows_in_no_other_board() -> None:
    """After seat 0 plays, seat 1's words and board name no card of seat 0's."""
    match = Match.new("shardhunters", 2, seed=5)
    while match.state.phase != "combat":
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    played = match.legal(0)[-1]
    match.act(0, played)
    update = update_of(match, 1)
    assert played[1][0] not in str(update.view)
    lines = "\n".join(board.describe(update))
    assert "Your face-down choice" not in lines
    assert "Face down already: P0." in lines


def _setup(seats: tuple[Seat, ...], seed: int, **options: Any) -> TableSetup:
    return TableSetup("shardhunters", seats, options, seed)


async def _start(pilot: Any, setup: TableSetup) -> GameScreen:
    pilot.app.start_game(setup)
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def play_by_keys(pilot: Any, screen: GameScreen, action: Action) -> None:
    """Build ``action`` with the arrow keys and Enter, one choice at a time."""
    widget: Any = screen.query_one("#board")
    path = board.paths(widget.update, action)[0]
    for choice in path:
        keys = [c.key for c in widget.choices]
        index = keys.index(choice.key)
        await pilot.press(*(["right"] * ((index - widget.cursor) % len(keys))))
        assert widget.cursor == index
        await pilot.press("enter")


async def _play_to_the_end(pilot: Any, screen: GameScreen, rng: random.Random) -> None:
    for _ in range(400):
        await settle(pilot, screen)
        update = screen.latest[0]
        if update.outcome is not None:
            return
        # Mostly the first choice (one Enter a step), sometimes another: a quicker game.
        legal = update.legal
        await play_by_keys(pilot, screen, legal[0] if rng.random() < 0.7 else rng.choice(legal))
    raise AssertionError("the game did not end")


async def test_a_whole_game_against_bots_by_keys_reaches_the_results() -> None:
    """Arrows and Enter play every decision of a 3-player game to the results screen."""
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 7, recruit_cost=2))
        await _play_to_the_end(pilot, screen, random.Random(1))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "Ala: " in screen_text(app)


async def test_a_solo_game_against_the_reavers_by_keys() -> None:
    """Solo plays to its end by keys; the results speak of the Reavers."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup((Seat("Ala"),), 3, solo="hard"))
        await _play_to_the_end(pilot, screen, random.Random(2))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "The Reavers:" in screen_text(app)


async def test_a_hero_draft_game_by_keys() -> None:
    """The draft, the free first recruit and the local Tavern all work by keys."""
    seats = (Seat("Ala"), Seat("Bot", "bot", "normal"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 4, draft=True, recruit_cost=2))
        await settle(pilot, screen)
        assert "Hero Draft" in screen_text(app)
        await _play_to_the_end(pilot, screen, random.Random(3))
        assert screen.latest[0].outcome is not None


async def test_screen_reader_mode_plays_from_a_plain_list() -> None:
    """Plain sentences without box drawing, a list of choices, and Enter plays a card."""
    seats = (Seat("Ala"), Seat("Bot", "bot", "random"))
    app = HuntersApp(Settings(bot_delay=0, screen_reader=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup(seats, 5))
        await settle(pilot, screen)
        text = screen_text(app)
        assert "Your hand:" in text and "You: 1 Bloodshard" in text
        assert not set(text.split("Keys")[0]) & BOX_DRAWING
        choices = screen.query_one("#sr-choices", OptionList)
        update = screen.latest[0]
        trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
        assert choices.option_count == len(trie.choices([])) >= 1
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.latest[0].version >= 1


def _snapshot_app() -> HuntersApp:
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, _setup(seats, 11))
    return app


def _mid_hunt(size: tuple[int, int]) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        while screen.latest[0].view["phase"] != "combat" or screen.latest[0].view["combat"] < 1:
            await play_by_keys(pilot, screen, screen.latest[0].legal[0])
            await settle(pilot, screen)
        # The 2nd Combat: one of its two cards chosen (✓), the cursor on another.
        await pilot.press("right", "enter", "right")

    return run_before


def test_snapshot_mid_hunt_80x24(snap_compare: Any) -> None:
    """The table in the middle of a Hunt at the smallest supported size: a line per side
    and per Combat, the hand as cards, the chosen card's full text in the details line."""
    assert snap_compare(_snapshot_app(), terminal_size=(80, 24), run_before=_mid_hunt((80, 24)))


def test_snapshot_mid_hunt_120x40(snap_compare: Any) -> None:
    """On a roomy terminal the heroes are cards with their abilities, beside the log."""
    assert snap_compare(_snapshot_app(), terminal_size=(120, 40), run_before=_mid_hunt((120, 40)))


def test_snapshot_mid_hunt_200x60(snap_compare: Any) -> None:
    """On a large terminal the tracks and the Combats' cards show too."""
    assert snap_compare(_snapshot_app(), terminal_size=(200, 60), run_before=_mid_hunt((200, 60)))


def _until(match: Match, rng: random.Random, kind: str) -> list[Any]:
    while match.outcome() is None:
        seat = min(match.to_act())
        events = match.act(seat, rng.choice(match.legal(seat)))
        if any(e["type"] == kind for e in events):
            return events
    raise AssertionError(f"no {kind} event")


def test_each_combat_is_summed_up_with_its_reason() -> None:
    """A revealed Combat gives a title with its winner, what was played, and why (the
    colours' rule); an ordinary step gives nothing."""
    match = Match.new("shardhunters", 3, seed=6)
    rng = random.Random(6)
    seat = min(match.to_act())
    assert board.milestone(update_of(match, 0), match.act(seat, match.legal(seat)[0])) is None
    events = _until(match, rng, "reveal")
    lines = board.milestone(update_of(match, 0, names=("Ala", "Olek", "Ewa")), events)
    assert lines is not None
    assert lines[0].startswith("Hunt 1, 1st Combat: ")
    assert lines[1].startswith("The first Combat: ") and "Ala" in lines[1]
    assert " total, " in lines[2] and lines[2].endswith(".")  # who won with what, and why
    assert len(set(lines)) == len(lines)


def test_each_hunt_is_summed_up_with_its_winner_and_the_teams() -> None:
    """The end of a Hunt: its winner (or the tie), the loot counted and the teams' sizes —
    of the Hunt that ended, even when nobody could recruit and the next one is dealt at once."""
    match = Match.new("shardhunters", 2, seed=4)
    events = _until(match, random.Random(4), "hunt-end")
    update = update_of(match, 0, names=("Ala", "Olek"))
    assert update.view["hunt"] == 2  # nobody could recruit: Hunt 2 is dealt already
    lines = board.milestone(update, events)
    assert lines is not None
    assert lines[0].startswith("Hunt 1 is over: ")
    assert any(line.startswith("Hunt 1 is over. Loot: ") for line in lines)
    assert lines[-1].startswith("Teams now: Ala 1 hero, Olek 1 hero")


def test_result_lines_count_the_real_team() -> None:
    """A team of one is "a team of 1 hero", Bloodshards are counted right, nothing twice."""
    match = Match.new("shardhunters", 2, seed=3)
    rng = random.Random(3)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    outcome = match.outcome()
    assert outcome is not None
    view = match.view(None)
    lines = board.result_lines(view, outcome, ["Ala", "Olek"])
    for side, name in enumerate(("Ala", "Olek")):
        size = len(view["teams"][side])
        heroes = "hero" if size == 1 else "heroes"
        assert lines[side].startswith(f"{name}: a team of {size} {heroes} (")
    assert not any("1 Bloodshards" in line for line in lines)
    assert len(set(lines)) == len(lines)


def test_the_legend_explains_every_short_form() -> None:
    """The colours, marks and short forms drawn on the board are all in the legend."""
    shown = " ".join(glyph for glyph, _ in board.LEGEND)
    for mark in ("☠", "⚑", "≈", "☾", "░", "★", "◆", "✓", "▶", "col.", "shards", "R"):
        assert mark in shown, mark
    assert "## How to play here" in board.HOW_TO_PLAY


async def test_every_choice_is_readable_at_80x24_in_random_positions() -> None:
    """Random positions (2–4 players, solo, the draft, three active heroes): each step's
    choices can all be read in full at 80×24, on the board or in its details line."""
    rng = random.Random(5)
    app = HuntersApp(Settings(bot_delay=0))
    configs: list[tuple[int, dict[str, Any]]] = [
        (2, {}),
        (3, {"draft": True}),
        (4, {"active_heroes": 3}),
        (1, {"solo": "hard"}),
        (4, {}),
    ]
    async with app.run_test(size=(80, 24)) as pilot:
        steps = 0
        for players, options in configs:
            match = Match.new("shardhunters", players, seed=players, options=options)
            for _ in range(rng.randrange(3, 60)):
                if match.outcome() is not None:
                    break
                seat = min(match.to_act())
                match.act(seat, rng.choice(match.legal(seat)))
            if match.outcome() is None:
                seat = min(match.to_act())
                steps += await every_choice_is_readable(pilot, board, match, seat, rng)
        assert steps >= 5


async def test_a_cursor_step_redraws_only_the_parts_it_touches() -> None:
    """Moving along the choices redraws them (the hand, or the row of heroes) and the
    details line; the sides, the tracks and the Combats keep what they drew."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _start(pilot, _setup((Seat("Ala"), Seat("Bot", "bot", "easy")), 5))
        await settle(pilot, screen)
        redrawn = record_redraws(screen.query_one("#sh-parts", Parts))
        await pilot.press(board.NEXT_CHOICE)
        await pilot.pause()
        assert "details" in redrawn
        assert set(redrawn) <= {"hand", "choices", "details"}


async def test_opponents_heroes_can_be_read_in_full() -> None:
    """↑↓ look at every hero on the table in turn; details() gives its whole ability."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, _setup((Seat("Ala"), Seat("Bot", "bot", "easy")), 5))
        await settle(pilot, screen)
        widget: Any = screen.query_one("#board")
        teams = screen.latest[0].view["teams"]
        read = []
        for _ in range(sum(len(t) for t in teams)):
            await pilot.press("down")
            read.append(widget.details())
        for hero in (h for team in teams for h in team):
            assert any(HEROES[hero].ability in line for line in read)


# -- never lose a move by accident (issue #16) ------------------------------------------------


def _to_the_second_combat(players: int, seed: int) -> Match:
    match = Match.new("shardhunters", players, seed=seed)
    while match.state.phase != "combat" or match.state.combat < 1:
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    return match


async def test_a_half_chosen_combat_survives_the_bots_putting_their_cards_down() -> None:
    """In the 2nd Combat everyone chooses at once: with one card chosen (✓) and the cursor
    on another, the bots putting their cards down leave both where the player put them."""
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, _to_the_second_combat(3, 11), seats)
        widget: Any = screen.query_one("#board")
        await pilot.press("right", "enter", "right", "right")
        chosen, under = list(widget.keys), widget.choices[widget.cursor].key
        assert len(chosen) == 1
        await bots_have_acted(pilot, screen, table, 2)
        assert screen.latest[0].view["submitted"] == [False, True, True]
        assert widget.keys == chosen
        assert widget.choices[widget.cursor].key == under
        await table.close()


def _at_yusuf(seed: int = 27) -> Match:
    """A 2-player match where seat 0 decides whether Yusuf swaps a card (keep is listed
    first among the legal actions)."""
    match = Match.new("shardhunters", 2, seed=seed)
    rng = random.Random(seed)
    while not (0 in match.to_act() and match.state.phase == "yusuf"):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    assert match.legal(0)[0] == ("keep",)
    return match


PEOPLE = (Seat("Ala"), Seat("Olek"))


async def test_a_final_choice_is_never_where_the_cursor_starts() -> None:
    """Keeping the hand against Yusuf gives the swap up: it is listed last and the cursor
    starts on a card to swap, though the rules list keep first."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, _at_yusuf(), PEOPLE)
        widget: Any = screen.query_one("#board")
        assert widget.choices[widget.cursor].key[0] == "card"
        assert widget.choices[-1].key == ("keep",)
        await table.close()


async def test_a_final_choice_asks_once_before_it_is_taken() -> None:
    """Enter on "Keep your hand" says what it gives up and waits; a second Enter takes it."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _at_yusuf()
        screen, table = await held_table_at(pilot, match, PEOPLE)
        widget: Any = screen.query_one("#board")
        await pilot.press("left", "enter")
        await pilot.pause()
        assert match.state.phase == "yusuf" and 0 in match.to_act()
        assert "Enter again to confirm." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, screen)
        assert 0 not in match.to_act() or match.state.phase != "yusuf"
        assert widget.keys == []
        await table.close()


async def test_moving_away_from_a_final_choice_forgets_the_question() -> None:
    """Asked to confirm, the player moves on: a later Enter on it asks again."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _at_yusuf()
        _screen, table = await held_table_at(pilot, match, PEOPLE)
        await pilot.press("left", "enter", "right", "left", "enter")
        await pilot.pause()
        assert match.state.phase == "yusuf" and 0 in match.to_act()
        await table.close()


async def test_the_confirmations_setting_off_takes_a_final_choice_at_once() -> None:
    """With confirmations turned off one Enter keeps the hand."""
    app = HuntersApp(Settings(bot_delay=0, confirmations=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _at_yusuf()
        screen, table = await held_table_at(pilot, match, PEOPLE)
        await pilot.press("left", "enter")
        await settle(pilot, screen)
        assert not (match.state.phase == "yusuf" and 0 in match.to_act())
        await table.close()


async def test_a_refused_play_keeps_the_cards_chosen_and_the_cursor() -> None:
    """When the table refuses a play (it changed while the player chose), the card chosen
    first stays chosen, the cursor stays on the second, and the reason is on screen."""
    app = HuntersApp(Settings(bot_delay=0))
    seats = (Seat("Ala"), Seat("Bot", "bot", "easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, _to_the_second_combat(2, 11), seats)
        widget: Any = screen.query_one("#board")

        async def refuse(*args: Any, **kwargs: Any) -> Any:
            raise IllegalAction("the table changed while you were choosing; look again")

        table.submit = refuse  # type: ignore[method-assign]
        await pilot.press("enter", "right")
        chosen, under = list(widget.keys), widget.choices[widget.cursor].key
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert "look again" in screen_text(app)
        assert widget.keys == chosen
        assert widget.choices[widget.cursor].key == under
        await table.close()


async def test_the_hero_looked_at_stays_while_the_bots_choose() -> None:
    """A player reading a hero's ability (↓) keeps reading it while the bots put their
    cards down (the look was dropped at every new position)."""
    seats = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, _to_the_second_combat(3, 11), seats)
        widget: Any = screen.query_one("#board")
        await pilot.press("down", "down")
        read = widget.details()
        await bots_have_acted(pilot, screen, table, 2)
        assert widget.details() == read
        await table.close()


async def test_a_second_enter_while_a_play_is_on_its_way_sends_nothing() -> None:
    """Enter puts a card down; an impatient second Enter before the table has answered
    neither sends the play again nor chooses anything."""
    match = Match.new("shardhunters", 2, seed=11)
    while match.state.phase != "combat":
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, match, (Seat("Ala"), Seat("Olek")))
        widget: Any = screen.query_one("#board")
        sent: list[Any] = []
        real = table.submit

        async def slow(seat: int, action: Any, *args: Any, **kwargs: Any) -> Any:
            sent.append(action)
            await asyncio.sleep(0.3)
            return await real(seat, action, *args, **kwargs)

        table.submit = slow  # type: ignore[method-assign]
        await pilot.press("enter", "enter")
        await asyncio.sleep(0.5)
        await pilot.pause()
        assert len(sent) == 1
        assert widget.keys == []
        assert match.state.pending[0] and 0 not in match.to_act()
        await table.close()
