"""The Superbohaterowie board: its words and steps, its summaries, and the table as cards at
80×24, 120×40 and 200×60."""

from __future__ import annotations

import asyncio
import random
import re
from types import ModuleType
from typing import Any

import pytest

from core.games.superbohaterowie.data import a_card, kind_of
from core.match import Match
from core.table import Seat, Table, TableSetup
from tests.tui import screen_text
from tests.tui.board_helpers import record_redraws, update_of
from tests.tui.game_driver import move_cursor, play_by_keys, settle
from tui.app import HuntersApp
from tui.boards import superbohaterowie as board
from tui.boards.base import ActionTrie
from tui.boards.superbohaterowie_table import full_word
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.show import Parts


def _played_match() -> Match:
    match = Match.new("superbohaterowie", 3, seed=21)
    for _ in range(9):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    return match


def test_every_legal_action_is_reachable_step_by_step() -> None:
    """Walking the trie's choices reaches each legal action, and nothing else."""
    update = update_of(_played_match(), 0)
    match_seat = update.seat
    assert match_seat is not None
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    reached = set()

    def walk(keys: list[object]) -> None:
        action = trie.action(keys)
        if action is not None:
            reached.add(action)
            return
        for choice in trie.choices(keys):
            walk([*keys, choice.key])

    walk([])
    assert reached == set(update.legal)


def test_build_spells_out_any_card_with_its_spaces() -> None:
    """A card and its spaces make an action, legal or not, for the engine to judge."""
    update = update_of(Match.new("superbohaterowie", 2, seed=1))
    expected = {
        "fire": ("place", "fire-01", 1, 2),
        "small-explosion": ("explode", "small-explosion-1", ((1, 2),)),
        "large-explosion": ("explode", "large-explosion-1", ((1, 2), (0, 0))),
        "one-eagle": ("move", "one-eagle-1", 1, 2, 0, 0),
        "two-eagles": ("swap", "two-eagles-1", 1, 2, 0, 0),
    }
    for kind, action in expected.items():
        keys = [("card", action[1]), ("space", 1, 2), ("space", 0, 0)]
        assert (
            board.build(update, keys[: 2 if kind in ("fire", "small-explosion") else 3]) == action
        ), kind
    assert board.build(update, [("card", "fire-01")]) is None


def test_describe_reads_every_city_and_the_hand() -> None:
    """Screen-reader sentences name every city, its owner and the seat's own hand."""
    update = update_of(_played_match(), 1)
    lines = board.describe(update)
    assert any(line.startswith("London, your city:") for line in lines)
    assert any(line.startswith("Berlin, P0's city:") for line in lines)
    assert any(line.startswith("Your hand:") for line in lines)
    assert not any("◆" in line or "│" in line for line in lines)


def test_result_lines_say_how_each_city_ended() -> None:
    """The end screen lists every city: the saved one as saved, the others by how many
    different superheroes they held (points mean nothing outside the Points variant)."""
    match = Match.new("superbohaterowie", 2, seed=4)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    outcome = match.outcome()
    assert outcome is not None
    lines = board.result_lines(match.view(None), outcome, ["Ala", "Olek"])
    assert lines[0].startswith("Berlin (Ala): ") and lines[1].startswith("London (Olek): ")
    assert sum("saved, five different superheroes" in line for line in lines) == len(
        match.view(None)["winners"]
    )
    assert any("of 5 different" in line for line in lines)
    assert not any("points" in line for line in lines)
    assert len(set(lines)) == len(lines)


def _series_until_a_game_ends(games: int, seed: int) -> tuple[Match, list[Any]]:
    match = Match.new("superbohaterowie", 3, seed=seed, options={"series": games})
    rng = random.Random(seed)
    while True:
        seat = min(match.to_act())
        events = match.act(seat, rng.choice(match.legal(seat)))
        if any(e["type"] == "score" for e in events):
            return match, events


def test_a_game_of_a_series_is_summed_up_in_sentences() -> None:
    """After each game of a series: its title, who saved their city, each city's points with
    where they came from, and the totals; nothing for an ordinary move."""
    match, events = _series_until_a_game_ends(3, seed=5)
    update = update_of(match, 0, names=("Ala", "Olek", "Ewa"))
    lines = board.milestone(update, events)
    assert lines is not None
    assert lines[0] == "Game 1 of 3 is over"
    saved = match.view(None)["winners"]
    cities = match.view(None)["city_names"]
    # Who won, whose move saved which city (test_superbohaterowie_how_won: in full).
    assert len(saved) == 1 and lines[1].startswith(f"{('Ala', 'Olek', 'Ewa')[saved[0]]} wins")
    assert f" saved {cities[saved[0]]} with five different superheroes" in lines[1]
    points = match.view(None)["results"][0]
    for seat, name in enumerate(("Ala", "Olek", "Ewa")):
        assert any(line.startswith(f"{name} scores {points[seat]} point") for line in lines)
    assert lines[-1].startswith("Totals after 1 game: ")
    assert len(set(lines)) == len(lines)
    seat = min(match.to_act())
    assert board.milestone(update, match.act(seat, match.legal(seat)[0])) is None


def test_the_last_game_of_a_series_says_who_wins_it() -> None:
    """The summary of the series' last game names the winner of the whole series."""
    match, events = _series_until_a_game_ends(1, seed=2)
    assert match.outcome() is not None
    lines = board.milestone(update_of(match, 0, names=("Ala", "Olek", "Ewa")), events)
    assert lines is not None and lines[0] == "Game 1 of 1 is over"
    assert lines[-1].endswith(" wins.") or lines[-1].endswith(" win.")


def test_the_ordinary_game_has_no_summary_before_its_results() -> None:
    """Without a series the game's end is the results screen itself."""
    match = Match.new("superbohaterowie", 2, seed=4)
    while match.outcome() is None:
        seat = min(match.to_act())
        events = match.act(seat, match.legal(seat)[0])
    assert board.milestone(update_of(match, 0), events) is None


def test_the_legend_explains_every_face_and_mark() -> None:
    """Every card face's glyph and word, and every mark drawn, is in the legend."""
    shown = " ".join(glyph for glyph, _ in board.LEGEND)
    for symbol, word, _ in board.FACES.values():
        assert f"{symbol} {word}" in shown
    for mark in ("◆", "✓", "▶", "new", "SAVED", "░", "of 5 different", "pts"):
        assert mark in shown, mark
    assert "## How to play here" in board.HOW_TO_PLAY and board.NEXT_CHOICE in "n"


# -- on screen -------------------------------------------------------------------------------


def _setup(seats: int = 3, seed: int = 11, **options: Any) -> TableSetup:
    people = (Seat("Ala"), *(Seat(f"Bot {n}", "bot", "easy") for n in range(2, seats + 1)))
    return TableSetup("superbohaterowie", people, options, seed)


async def _screen_at(pilot: Any, match: Match, seat: int) -> Any:
    """A game screen at 80×24 showing ``match`` to ``seat`` (a table nobody plays on)."""
    people = tuple(Seat(f"P{n}") for n in range(match.seats))
    setup = TableSetup(match.game.slug, people, {}, 0)
    table = Table(match, people)
    screen = GameScreen(setup, pilot.app.settings, table=table, seats=frozenset({seat}))
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def every_choice_is_readable(
    pilot: Any, module: ModuleType, match: Match, seat: int, rng: random.Random
) -> int:
    """Walk one action's steps with the board's next-choice key: at each step every legal
    choice's whole wording is on screen or in ``details()``. The number of steps checked."""
    screen = await _screen_at(pilot, match, seat)
    widget: Any = screen.query_one("#board")
    checked = 0
    while True:
        choices = widget.choices
        if not choices:
            break
        read: set[object] = set()
        for _ in range(len(choices) + 1):
            await pilot.press(module.NEXT_CHOICE)
            seen = screen_text(pilot.app) + "\n" + widget.details()
            read |= {c.key for c in choices if c.label in seen}
        missing = [c.label for c in choices if c.key not in read]
        assert not missing, f"never readable at 80×24: {missing}"
        checked += 1
        pick = rng.choice(choices)
        if widget.trie.action([*widget.keys, pick.key]) is not None:
            break  # the last step would send the action: the position is checked
        for _ in range(len(choices) + 1):
            if widget.details().startswith(f"◆ {pick.label}"):
                break
            await pilot.press(module.NEXT_CHOICE)
        await pilot.press("enter")
        await pilot.pause()
    await pilot.app.pop_screen()
    return checked


async def test_every_choice_is_readable_at_80x24_in_random_positions() -> None:
    """Random positions of 2–5 player games (a series too): each step's legal choices can
    all be read in full at the smallest size, on the board or in its details line."""
    rng = random.Random(8)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        steps = 0
        for players, series in ((2, 0), (3, 2), (4, 0), (5, 3)):
            match = Match.new("superbohaterowie", players, seed=players, options={"series": series})
            for _ in range(rng.randrange(4, 30)):
                if match.outcome() is not None:
                    break
                seat = min(match.to_act())
                match.act(seat, rng.choice(match.legal(seat)))
            if match.outcome() is None:
                steps += await every_choice_is_readable(
                    pilot, board, match, min(match.to_act()), rng
                )
        assert steps >= 6


def _snapshot(size: tuple[int, int], seats: int, **options: Any) -> Any:
    app = HuntersApp(Settings(bot_delay=0))
    app.call_later(app.start_game, _setup(seats, **options))

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        for _ in range(5):
            await settle(pilot, screen)
            await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await settle(pilot, screen)
        await pilot.press("enter")  # a card chosen: ◆ marks where it can go

    return app, run_before


def test_snapshot_five_cities_80x24(snap_compare: Any) -> None:
    """Five cities at the smallest size: one line of cells per city, the hand as cards."""
    app, run_before = _snapshot((80, 24), 5)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_three_cities_80x24(snap_compare: Any) -> None:
    """Three cities at the smallest size: card boxes with each city's name beside them."""
    app, run_before = _snapshot((80, 24), 3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_series_120x40(snap_compare: Any) -> None:
    """A series of three on a roomy terminal: cities of cards, the points track."""
    app, run_before = _snapshot((120, 40), 3, series=3)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_snapshot_four_cities_200x60(snap_compare: Any) -> None:
    """Four cities on a large terminal: full card names, the piles beside the hand."""
    app, run_before = _snapshot((200, 60), 4)
    assert snap_compare(app, terminal_size=(200, 60), run_before=run_before)


async def test_a_cursor_step_redraws_only_the_parts_it_touches() -> None:
    """Moving the cursor along the hand redraws the hand, the details line and nothing
    else: the cities, the tracks and the prompt keep what they drew."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        pilot.app.start_game(_setup(3, series=2))
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        redrawn = record_redraws(screen.query_one("#sb-parts", Parts))
        await pilot.press("right")
        await pilot.pause()
        assert set(redrawn) == {"hand", "details"}


async def test_the_table_reads_in_cards_and_words() -> None:
    """At 120×40 every city is a row of five card boxes and the hand shows full names."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        pilot.app.start_game(_setup(2))
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        text = screen_text(app)
        assert "Berlin — Ala (your city) · 0 of 5 different" in text
        assert text.count("╭") + text.count("┏") >= 10 + 2
        widget: Any = screen.query_one("#board")
        hand = screen.latest[0].view["hand"]
        assert all(full_word(kind_of(card)) in text for card in hand)
        await pilot.press("n")
        assert widget.details().startswith("◆ Play ")


# -- never lose a move by accident (issue #16) ------------------------------------------------


HOLD = "test: the cursor rests"


async def held_table_at(
    pilot: Any, match: Match, seats: tuple[Seat, ...], seat: int = 0
) -> tuple[GameScreen, Table]:
    """A game screen for ``seat`` of ``match`` at a table whose bots wait until released."""
    table = Table(match, seats, bot_delay=0, bot_seed=1)
    table.hold(HOLD)
    setup = TableSetup(match.game.slug, seats, {}, 0)
    screen = GameScreen(setup, pilot.app.settings, table=table, seats=frozenset({seat}))
    await pilot.app.push_screen(screen)
    await table.start()
    await pilot.pause()
    return screen, table


async def bots_have_acted(pilot: Any, screen: GameScreen, table: Table, versions: int) -> None:
    """Let the bots play until the table is ``versions`` moves on and the screen shows it."""
    target = table.match.version + versions
    table.release(HOLD)
    async with asyncio.timeout(10):
        while table.match.version < target or screen.latest[0].version < target:
            await asyncio.sleep(0.01)
            await pilot.pause()
    await pilot.pause()


BOTS = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
PEOPLE = (Seat("Ala"), Seat("Olek"))


def _said(app: HuntersApp) -> str:
    return " ".join(n.message for n in app._notifications)


async def test_the_cursor_stays_on_a_city_space_while_bots_move() -> None:
    """A player looking at a space of another city keeps looking at it while the bots
    play their turns (it went back to the hand at each of their moves)."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 3, seed=11)
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await pilot.pause()
        await move_cursor(pilot, widget, 2, 3)
        await bots_have_acted(pilot, screen, table, 2)
        assert 0 in match.to_act()
        assert widget.cursor == (2, 3)
        await table.close()


async def test_the_cursor_stays_on_the_same_card_in_hand_while_bots_move() -> None:
    """The cursor on the second card of the hand stays on that card through the bots'
    turns; after the player's own move it goes back to the hand."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 3, seed=11)
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await pilot.pause()
        assert widget.cursor[0] == 0
        await move_cursor(pilot, widget, 0, 1)
        card = widget.update.view["hand"][1]
        await bots_have_acted(pilot, screen, table, 2)
        assert widget.update.view["hand"][widget.cursor[1]] == card
        await table.close()


async def _a_card_chosen(pilot: Any) -> tuple[Match, Table, Any]:
    """A two-city game a few moves in, a card chosen whose spaces leave some without ◆."""
    match = Match.new("superbohaterowie", 2, seed=11)
    for _ in range(6):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    screen, table = await held_table_at(pilot, match, PEOPLE)
    widget: Any = screen.query_one("#board")
    for card in range(2):
        await move_cursor(pilot, widget, 0, card)
        await pilot.press("enter")
        if widget.keys and widget.choices and _a_space_it_cannot_take(widget):
            break
        await pilot.press("escape")
    return match, table, widget


def _a_space_it_cannot_take(widget: Any) -> tuple[int, int] | None:
    """The first space (city, space) the chosen card may not go to."""
    legal = {c.key for c in widget.choices}
    free = [(c, s) for c in range(2) for s in range(5) if ("space", c, s) not in legal]
    return free[0] if free else None


async def test_a_refused_target_keeps_the_card_chosen_and_the_cursor() -> None:
    """Enter on a space the card cannot go: the reason shows, the card stays chosen (the
    prompt still asks for a space) and the cursor stays on that space."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        _, table, widget = await _a_card_chosen(pilot)
        chosen = list(widget.keys)
        free = _a_space_it_cannot_take(widget)
        assert chosen and free is not None
        city, space = free
        await move_cursor(pilot, widget, city + 1, space)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert "Not allowed" in screen_text(app)
        assert widget.keys == chosen
        assert widget.cursor == (city + 1, space)
        assert "Esc: back" in screen_text(app)
        await table.close()


async def test_a_target_without_a_diamond_is_refused_on_the_board_before_sending() -> None:
    """Enter on a space not marked ◆: the board sends nothing to the table (the server
    refused it before), says the rules' own reason, and keeps the card and the cursor."""
    from core.engine import IllegalAction
    from tui.boards.base import ActionChosen

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match, table, widget = await _a_card_chosen(pilot)
        chosen = list(widget.keys)
        free = _a_space_it_cannot_take(widget)
        assert chosen and free is not None
        city, space = free
        action = board.build(widget.update, [*chosen, ("space", city, space)])
        with pytest.raises(IllegalAction) as refused:
            match.act(0, action)
        sent: list[Any] = []
        post = widget.post_message

        def spy(message: Any) -> bool:
            if isinstance(message, ActionChosen):
                sent.append(message.action)
            return bool(post(message))

        widget.post_message = spy
        version = match.version
        await move_cursor(pilot, widget, city + 1, space)
        await pilot.press("enter")
        await pilot.pause()
        assert sent == [] and match.version == version
        assert f"✗ Not allowed: {refused.value}" in " ".join(screen_text(app).split())
        assert widget.keys == chosen and widget.cursor == (city + 1, space)
        await move_cursor(pilot, widget, 0, 0)  # the cursor moved on: the prompt asks again
        assert "Not allowed" not in screen_text(app)
        await table.close()


def _until_only_discarding(seed: int = 15) -> Match:
    match = Match.new("superbohaterowie", 2, seed=seed)
    rng = random.Random(seed)
    while not (0 in match.to_act() and match.legal(0) == [("discard-hand",)]):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    return match


async def test_d_shows_only_when_discarding_is_legal_and_says_why_otherwise() -> None:
    """With a playable card the footer offers no d; pressing it says why nothing happens."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 2, seed=11)
        _, table = await held_table_at(pilot, match, PEOPLE)
        assert "Discard both" not in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert "You can play a card, so you must" in _said(app)
        assert match.version == 0
        await table.close()


async def test_discarding_both_shows_d_and_asks_once() -> None:
    """When neither card can be played the footer offers d; the first d says what goes and
    waits, the second discards both."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _until_only_discarding()
        _, table = await held_table_at(pilot, match, PEOPLE)
        version = match.version
        assert "Discard both" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert match.version == version
        assert "end your turn? Press d to discard" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        await pilot.pause()
        assert match.version == version + 1
        await table.close()


async def test_with_confirmations_off_one_d_discards_both() -> None:
    """The confirmations setting off: d discards at once, as it did before it asked."""
    app = HuntersApp(Settings(bot_delay=0, confirmations=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _until_only_discarding()
        _, table = await held_table_at(pilot, match, PEOPLE)
        version = match.version
        await pilot.press("d")
        await pilot.pause()
        await pilot.pause()
        assert match.version == version + 1
        await table.close()


def test_the_plain_prompt_names_the_list_choice_not_a_key() -> None:
    """In screen-reader mode there is no board to take d or c: the prompt names the one
    choice in the list instead."""
    match = _until_only_discarding()
    update = update_of(match, 0)
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    words = board.prompt(update, [], trie.choices([]), plain=True)
    assert "Discard both cards" in words and "Press d" not in words
    assert trie.choices([])[0].label.startswith("Discard both cards")
    update = update_of(_between_games(), 0)
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    words = board.prompt(update, [], trie.choices([]), plain=True)
    assert "Choose Ready" in words and trie.choices([])[0].label.startswith("Ready")


async def test_esc_keeps_the_cards_a_first_d_offered_to_discard() -> None:
    """After one d, Esc keeps the cards: the next d asks again instead of discarding."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _until_only_discarding()
        _, table = await held_table_at(pilot, match, PEOPLE)
        version = match.version
        await pilot.press("d", "escape", "d")
        await pilot.pause()
        assert match.version == version
        assert "end your turn? Press d to discard" in screen_text(app)
        await table.close()


def _between_games() -> Match:
    match = Match.new("superbohaterowie", 2, seed=5, options={"series": 2})
    rng = random.Random(5)
    while match.legal(0) != [("continue",)]:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    return match


async def test_between_games_enter_says_to_press_c_and_c_goes_on() -> None:
    """Between games of a series Enter picks no card (it says to press c); c says the
    player is ready for the next game."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _between_games()
        screen, table = await held_table_at(pilot, match, PEOPLE)
        widget: Any = screen.query_one("#board")
        assert "Next game" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert widget.keys == []
        assert "press c" in _said(app).lower()
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert 0 not in match.to_act()
        await table.close()


def test_between_games_the_banner_says_the_game_is_over_not_your_turn() -> None:
    """Between the games of a series the banner said "▶ Your turn, Ala" while the prompt
    said the game was over: it names the game that ended and who the next one waits for."""
    from tui.widgets.banner import banner_text

    match = _between_games()
    names = ("Ala", "Olek")
    words = board.banner_text(update_of(match, 0, names=names))
    assert words is not None and words.plain == "Game 1 of 2 is over: ▶ ready for game 2, Ala?"
    match.act(0, board.CONTINUE)
    words = board.banner_text(update_of(match, 0, names=names))
    assert words is not None
    assert words.plain == "Game 1 of 2 is over: waiting for Olek to be ready for game 2"
    playing = update_of(_played_match(), 0, names=("Ala", "Olek", "Ewa"))
    assert board.banner_text(playing) is None  # the table's own banner while a game is on
    assert banner_text(playing).plain.startswith(("▶ Your turn", "Waiting for"))


def test_a_space_is_named_without_nested_parentheses() -> None:
    """A bot's name carries its level in parentheses: a space is "Bot 3 (normal)'s New
    York, space 5", never "New York (Bot 3 (normal)) space 5"; your own is "Your …"."""
    names = ("Ala", "Bot 2 (easy)", "Bot 3 (normal)")
    update = update_of(_played_match(), 0, names=names)
    boom = ("explode", "large-explosion-1", ((2, 4), (0, 0)))
    labels = [c.label for c in board.paths(update, boom)[0]]
    assert labels[1].startswith("Bot 3 (normal)'s New York, space 5: remove ")
    assert labels[2].startswith("Your Berlin, space 1: remove ")
    assert not any(re.search(r"\([^)]*\(", label) for label in labels)


async def test_a_turn_starts_with_the_cursor_on_a_card_that_can_be_played() -> None:
    """The first card in hand cannot be played (an explosion, every city empty): the cursor
    starts on one that can; it rested on the explosion and Enter was refused (seen over
    ssh at a served table)."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 3, seed=5)
        hand = match.view(0)["hand"]
        playable = {action[1] for action in match.legal(0)}
        assert hand[0] not in playable and set(hand) & playable
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        assert widget.cursor[0] == 0 and hand[widget.cursor[1]] in playable
        await table.close()


async def test_enter_on_a_card_that_cannot_be_played_says_why_and_stays_on_the_hand() -> None:
    """Enter on a card without ◆ (an explosion, every city empty) opened its targets with
    "cannot be played now. Esc: back.", and a player pressing Enter again was refused ("Not
    allowed: ...") until they found Esc: a dead end. The prompt now says why the card
    cannot be played, the cursor stays on it in the hand, and nothing is sent."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 3, seed=5)
        hand = match.view(0)["hand"]
        playable = {action[1] for action in match.legal(0)}
        stuck = hand.index(next(card for card in hand if card not in playable))
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        await move_cursor(pilot, widget, 0, stuck)
        version = table.match.version
        for _ in range(3):  # a player who keeps pressing Enter
            await pilot.press("enter")
            await pilot.pause()
            assert widget.keys == [] and widget.cursor == (0, stuck)
            text = screen_text(app)
            assert "cannot be played now: no city holds a card to remove." in text, text
            assert "Not allowed" not in text and "Esc: back" not in text
        assert table.match.version == version
        await pilot.press("right" if stuck == 0 else "left")  # another card: the prompt again
        await pilot.pause()
        assert "Your turn: choose a card" in screen_text(app)
        await table.close()


async def test_enter_on_the_other_card_in_the_middle_of_a_move_says_why_it_cannot() -> None:
    """A player chose a card that can be played (its spaces marked), went back up to the
    other card, one that cannot (an explosion, every city empty), and pressed Enter: the
    first card stayed chosen and the prompt kept asking for its space under the cursor on
    the explosion, each Enter doing nothing (seen over ssh: the test's player was stuck
    there). The other card's Enter gives up the first choice and says why it cannot be
    played, as it does from the hand."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 3, seed=5)
        hand = match.view(0)["hand"]
        playable = {action[1] for action in match.legal(0)}
        stuck = hand.index(next(card for card in hand if card not in playable))
        good = hand.index(next(card for card in hand if card in playable))
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        await move_cursor(pilot, widget, 0, good)
        await pilot.press("enter")
        await pilot.pause()
        assert widget.keys == [("card", hand[good])] and widget.cursor[0] != 0
        await move_cursor(pilot, widget, 0, stuck)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert widget.keys == [] and widget.cursor == (0, stuck)
        assert "cannot be played now: no city holds a card to remove." in text, text
        assert "Esc: back" not in text
        await table.close()


async def test_a_move_on_its_way_says_so_until_the_table_answers(monkeypatch: Any) -> None:
    """After the Enter that finishes a move, the board dropped its choices and said "Your
    turn: choose a card" until the table's answer came: over a loaded ssh server that was
    long enough for a player (and the hall bench's) to press Enter again on a turn that
    was over, a key with no answer. Until the answer the prompt says the move is on its
    way; then the next position's prompt."""
    held: list[Any] = []

    async def hold(screen: Any, seat: int, action: Any, at_ns: Any = None) -> None:
        held.append((screen, seat, action))

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 3, seed=5)
        screen, table = await held_table_at(pilot, match, BOTS)
        widget: Any = screen.query_one("#board")
        monkeypatch.setattr(GameScreen, "_submit", hold)
        action = match.legal(0)[0]
        await play_by_keys(pilot, screen, action)
        await pilot.pause()
        assert held and held[0][2] == action
        text = screen_text(app)
        assert "Your move is on its way…" in text and "Your turn: choose" not in text, text
        monkeypatch.undo()
        await table.submit(0, action, version=match.version)
        for _ in range(100):
            await pilot.pause(0.01)
            if widget._sent is None and not screen._refresh_pending:
                break
        assert widget._sent is None and "on its way" not in screen_text(app)
        assert "Waiting for Bot 2" in screen_text(app)
        await table.close()


def _first_city(action: Any) -> int:
    """The city of an action's first target: a place's, or an explosion's first card's."""
    return int(action[2][0][0] if action[0] == "explode" else action[2])


def _holds(mine: int, kinds: tuple[str, ...]) -> tuple[Match, str]:
    """A game of three where it is ``seat``'s turn, it holds a card of one of ``kinds``,
    and it can go both to its own city and to another's: random play on (``mine``: the
    seat)."""
    for seed in range(200):
        match = Match.new("superbohaterowie", 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            legal = match.legal(seat)
            if seat == mine:
                for card in match.view(mine)["hand"]:
                    cities = {_first_city(a) for a in legal if a[1] == card}
                    if kind_of(card) in kinds and mine in cities and len(cities) > 1:
                        return match, card
            match.act(seat, rng.choice(legal))
    raise AssertionError(f"no game found where seat {mine} holds one of {kinds}")


SUPERHEROES = ("fire", "water", "wind", "leaf", "chainsaw", "joker")


@pytest.mark.parametrize(
    ("seat", "kinds", "own"),
    [
        (1, SUPERHEROES, True),
        (0, ("small-explosion", "large-explosion"), False),
        (1, ("spider",), False),
    ],
    ids=["superhero", "explosion", "spider"],
)
async def test_enter_on_a_card_puts_the_cursor_where_it_helps_the_player(
    seat: int, kinds: tuple[str, ...], own: bool
) -> None:
    """The first target was the first city's whatever the card: a newcomer's Enter, Enter
    put a superhero in another player's city, or blew up two cards of their own (found in
    play over ssh). A superhero or a Joker starts in the player's own city; an explosion
    and a giant spider start in another one."""
    match, card = _holds(seat, kinds)
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, match, BOTS, seat)
        widget: Any = screen.query_one("#board")
        hand = match.view(seat)["hand"]
        await move_cursor(pilot, widget, 0, hand.index(card))
        await pilot.press("enter")
        await pilot.pause()
        assert widget.keys == [("card", card)]
        assert (widget.cursor[0] - 1 == seat) is own, (card, widget.cursor)
        await table.close()


FULL = ["fire-1", "water-1", "wind-1", "leaf-1", "chainsaw-1"]
EMPTY: list[str | None] = [None] * 5


@pytest.mark.parametrize(
    ("kind", "cities", "why"),
    [
        ("small-explosion", [EMPTY, EMPTY], "no city holds a card to remove"),
        ("large-explosion", [EMPTY, EMPTY, EMPTY], "no city holds a card to remove"),
        ("one-eagle", [EMPTY, EMPTY], "no city holds a card to carry"),
        ("one-eagle", [FULL, FULL], "every city is full"),
        ("two-eagles", [["fire-1", *EMPTY[1:]], EMPTY], "no two cities hold a card each"),
        ("spider", [["spider-1"] * 5, ["joker-1"] * 5], "no space takes it"),
    ],
)
def test_why_a_card_cannot_be_played_is_said_in_a_sentence(
    kind: str, cities: list[list[str | None]], why: str
) -> None:
    """The reason names what the card needs and the table lacks, on one line at 80."""
    words = board.cannot_play_words(kind, cities)
    assert words == f"{a_card(kind).capitalize()} cannot be played now: {why}."
    assert len(words) <= 78


def test_the_series_inline_says_game_and_points_in_words() -> None:
    """Five cities at 80x24 leave no room for the series' track: the piles' line says
    "Game 1 of 1 · points: Ala 0, …" in words, not "Game 1/1 · Ala 0" (read as a score)."""
    from tui.boards.superbohaterowie_table import info_line

    match = Match.new("superbohaterowie", 5, seed=3, options={"series": 1})
    update = update_of(match, 0, ("Ala", "Bot 2", "Bot 3", "Bot 4", "Bot 5"))
    line = info_line(update, series_inline=True).plain
    assert "Game 1 of 1 · points: Ala 0, Bot 2 0, Bot 3 0, Bot 4 0, Bot 5 0" in line
    assert "1/1" not in line


def test_the_results_of_a_series_say_each_games_points_in_words() -> None:
    """A series of one game ends with each city's points and a line per game that says
    they are points ("Points in game 1: Ala 45, …"), never bare numbers after a name."""
    match, _ = _series_until_a_game_ends(1, seed=2)
    outcome = match.outcome()
    assert outcome is not None
    lines = board.result_lines(match.view(None), outcome, ["Ala", "Bot 2", "Bot 3"])
    assert "Points in game 1: Ala 45, Bot 2 55, Bot 3 70." in lines
    assert any(line.endswith("; 45 points this game") for line in lines)


async def test_the_details_line_says_a_choice_whole_on_two_rows_and_stays_put() -> None:
    """At 80x24 on the first turn "◆ Play a one-eagle card. One-eagle card: move any card to
    a free space in …" was cut mid-rule while the log's rows sat empty. A choice's text
    longer than the board takes two rows, kept for the position (five cities too, where
    the board has no row left over: the log gives one of its lines and keeps the rest), so
    the choice and where the card goes are whole and the cursor never moves the board. A
    card's text longer than two rows takes a third, the log keeping two lines
    (test_long_texts_whole)."""
    from tui.widgets.event_log import EventLog

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        for players, seed in ((2, 1), (5, 5)):
            match = Match.new("superbohaterowie", players, seed=seed)
            long = {"one-eagle", "two-eagles", "large-explosion", "spider"}
            assert long & {kind_of(c) for c in match.view(0)["hand"]}
            screen = await _screen_at(pilot, match, 0)
            widget: Any = screen.query_one("#board")
            parts = screen.query_one("#sb-parts", Parts)
            rows, prompts, read = set(), set(), 0
            for step in ("right", "right", "up", "right", "up", "left", "down", "down"):
                details = widget.details()
                text = " ".join(screen_text(app).split())
                # The choice and the card's first rule (where it goes, what it does) whole.
                sentences = details.split(". ")
                assert ". ".join(sentences[:2]) in text, details
                read += len(details) > 78 and details in text
                rows.add(parts.rows("details"))
                prompts.add(widget.part_region("prompt"))
                assert screen.query_one(EventLog).region.height >= 3  # a border, 2 lines
                await pilot.press(step)
                await pilot.pause()
            assert len(rows) == 1 and rows <= {2, 3}, (players, rows)
            assert len(prompts) == 1 and read, (players, prompts)
            await pilot.app.pop_screen()


def test_a_details_text_is_measured_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The details line's rows are measured from every card text the cursor may rest on, at
    every update; the same text at the same width is wrapped once, not at each update."""
    wraps: list[str] = []
    real = board.details_lines

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        wraps.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(board, "details_lines", counted)
    board._rows_of.cache_clear()
    text = "Fire superhero: goes on an empty space, or a leaf or chainsaw superhero."
    assert [board._rows_of(text, 40, 3) for _ in range(3)] == [2, 2, 2]
    assert board._rows_of(text, 80, 3) == 1
    assert wraps == [text, text]


def test_the_series_track_says_it_counts_the_games_finished() -> None:
    """At 80x24 in a series the track read "Game 1 of 2 · points" with every initial at 0
    while the cities below said "20 pts": its label says the totals are the series' (the
    games finished), whole, on one line at 78 columns."""
    from tui.boards.superbohaterowie_table import series_lines

    match = Match.new("superbohaterowie", 4, seed=3, options={"series": 2})
    update = update_of(match, 0, ("Ala", "Bot 2", "Bot 3", "Bot 4"))
    top, marks = (line.plain for line in series_lines(update, 78, both=False))
    assert top.startswith("Game 1 of 2 · totals ") and "│ 10 │" in top
    assert marks.strip() == "BLNT"


@pytest.mark.parametrize("width", [78, 103])
def test_a_card_in_hand_says_its_rules_whole(width: int) -> None:
    """At 80x24 and 160x45 (a board 103 wide beside the log) a chainsaw superhero in hand
    read "on: empty, ▲ Fire, ✂ Chains…": every element's lines on its card are whole."""
    from tui.boards.superbohaterowie_table import Marks, hand_lines

    match = Match.new("superbohaterowie", 4, seed=3, options={"series": 2})
    update = update_of(match, 0, ("Ala", "Bot 2", "Bot 3", "Bot 4"))
    for first, second in (("fire-1", "chainsaw-1"), ("leaf-1", "water-1"), ("wind-1", "leaf-2")):
        assert kind_of(first) != kind_of(second)
        update.view["hand"] = [first, second]
        text = "\n".join(line.plain for line in hand_lines(update, Marks(), width, 3))
        assert "…" not in text, text
        assert "Chainsaw" in text or "chainsaw" not in first + second


def _blank_runs(app: Any, left: int, right: int, top: int, bottom: int) -> list[tuple[int, int]]:
    """The runs of rows (first, length) blank between columns ``left`` and ``right``, from
    row ``top`` up to ``bottom`` (excluded)."""
    rows = screen_text(app).splitlines()
    runs: list[tuple[int, int]] = []
    start = None
    for y in range(top, bottom + 1):
        blank = y < bottom and not rows[y][left:right].strip()
        if blank and start is None:
            start = y
        elif not blank and start is not None:
            runs.append((start, y - start))
            start = None
    return runs


@pytest.mark.parametrize("size", [(160, 45), (200, 60)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
async def test_the_board_fills_a_160x45_screen_without_a_blank_band(
    seats: int, size: tuple[int, int]
) -> None:
    """At 160x45 four cities took 26 rows and the 18 under them were blank (the log beside
    the board had its own column): the cities' cards grow, saying what covers each card,
    and rows still left say what every card does, so no band of more than three rows is
    blank between the board's top and the footer (#15). At 200x60 two players' cities
    left about 17 rows blank under them."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        app.call_later(app.start_game, _setup(seats))
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        for _ in range(3):
            await settle(pilot, screen)
            await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        await settle(pilot, screen)
        shown = screen.query_one(board.Board)
        region = shown.region
        bottom = pilot.app.size.height - 1  # the footer's row
        runs = _blank_runs(pilot.app, region.x, region.right, region.y, bottom)
        assert not [run for run in runs if run[1] > 3], (runs, screen_text(pilot.app))
        text = screen_text(pilot.app)
        assert "covered by" in text  # the cities' cards say what may cover them
        if seats == 2 and size == (200, 60):  # the rules' sentences fill what is left
            assert "How a game goes:" in text
            assert "The first player to save their city wins." in text
