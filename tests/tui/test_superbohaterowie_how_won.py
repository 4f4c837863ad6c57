"""Superbohaterowie says how a game was decided: the game-over line read only "Game over.
Press Enter for the results." and a series' summary "Ala saved Berlin with five different
superheroes.", while the rulebook's end can come from another player's move ("The game can
be won in any city, also through another player's move"). Each says in one sentence who won
and why: whose move saved which city, with the five different superheroes the rulebook's
end condition asks for (Jokers standing in for the missing ones)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from core.engine import Event
from core.games.superbohaterowie.data import kind_of
from core.match import Match
from core.table import Seat, Table, TableSetup
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.game_driver import play_by_keys, settle
from tui.app import HuntersApp
from tui.boards import superbohaterowie as board
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.summaries import as_reader, read_by
from tui.widgets.banner import banner_words

NAMES = ("Ala", "Olek", "Ewa")


def _played(
    players: int, wanted: Callable[[Match], bool], series: int = 0
) -> tuple[Match, list[Event]]:
    """A random game (of a series: its first) played to its end, the first seed whose end
    ``wanted`` accepts, and the events of the moves."""
    for seed in range(200):
        match = Match.new("superbohaterowie", players, seed=seed, options={"series": series})
        rng = random.Random(seed)
        events: list[Event] = []
        while not match.view(None)["winners"]:
            seat = min(match.to_act())
            events += match.act(seat, rng.choice(match.legal(seat)))
        if wanted(match):
            return match, events
    raise AssertionError("no such game in 200 seeds")


def _mover(match: Match) -> int:
    return match.steps[-1][0]


def _jokers(match: Match, city: int) -> str:
    count = sum(kind_of(c) == "joker" for c in match.view(None)["cities"][city])
    if not count:
        return ""
    return f", {count} of them {'a Joker' if count == 1 else 'Jokers'}"


def _by_another(match: Match) -> bool:
    return _mover(match) not in match.view(None)["winners"]


def _by_own(match: Match) -> bool:
    return match.view(None)["winners"] == [_mover(match)]


def test_the_game_over_line_says_who_won_whose_move_saved_which_city() -> None:
    for wanted in (_by_another, _by_own):
        match, _ = _played(3, wanted)
        assert match.outcome() is not None
        (winner,) = match.view(None)["winners"]
        mover = _mover(match)
        city = match.view(None)["city_names"][winner]
        how = f"with five different superheroes{_jokers(match, winner)}"
        for reader in (None, 0, 1, 2):
            update = update_of(match, reader, names=NAMES)
            if reader == winner:
                won = "You win"
                move = "your own move" if mover == winner else f"{NAMES[mover]}'s move"
                saved = f"your {city}"
            else:
                won = f"{NAMES[winner]} wins"
                move = (
                    "your move"
                    if mover == reader
                    else "their own move"
                    if mover == winner
                    else f"{NAMES[mover]}'s move"
                )
                saved = city
            said = board.prompt(update, [], [])
            assert said == f"{won}: {move} saved {saved} {how}. {board.GAME_OVER}", said
            # The screen reader's table says it as well.
            assert f"{won}: {move} saved {saved} {how}." in board.describe(update)


def test_several_cities_saved_by_one_move_share_the_win_in_one_sentence() -> None:
    cities = [["fire-1"] * 5, ["leaf-1"] * 5, [None] * 5]
    said = board.saved_words(NAMES, [0, 1], 2, ["Berlin", "London", "Tokyo"], cities, you=0)
    assert said == (
        "You and Olek share the win: Ewa's move saved your Berlin and London, each with five"
        " different superheroes."
    )


def _summary(match: Match, events: list[Event], reader: int) -> list[str]:
    """The series summary ``reader`` reads (`tui.summaries.Milestones` does the same)."""
    update = update_of(match, reader, names=NAMES)
    lines = board.milestone(as_reader(update), events)
    assert lines is not None
    return [read_by(line, update) for line in lines]


def test_a_series_summary_says_who_won_the_game_and_whose_move_saved_which_city() -> None:
    for wanted in (_by_another, _by_own):
        match, events = _played(3, wanted, series=3)
        (winner,) = match.view(None)["winners"]
        mover = _mover(match)
        city = match.view(None)["city_names"][winner]
        how = f"with five different superheroes{_jokers(match, winner)}"
        reader = next(s for s in range(3) if s not in (winner, mover))
        lines = _summary(match, events, reader)
        assert lines[0] == "Game 1 of 3 is over"
        move = "their own move" if mover == winner else f"{NAMES[mover]}'s move"
        assert lines[1] == f"{NAMES[winner]} wins this game: {move} saved {city} {how}.", lines
        # The winner reads it as "You win …"; the player whose move it was, "your move".
        lines = _summary(match, events, winner)
        move = "your own move" if mover == winner else f"{NAMES[mover]}'s move"
        assert lines[1] == f"You win this game: {move} saved {city} {how}.", lines
        if mover != winner:
            lines = _summary(match, events, mover)
            assert lines[1] == f"{NAMES[winner]} wins this game: your move saved {city} {how}."


def test_the_summary_says_who_won_when_the_next_game_is_already_dealt() -> None:
    """The events a summary reads may reach past the next game's deal (a seat told them
    all at once): the view shows the new game's cities, yet the summary still says who won
    the game that ended and whose move decided it (it said nobody)."""
    match, events = _played(3, _by_another, series=3)
    (winner,) = match.view(None)["winners"]
    mover = _mover(match)
    city = match.view(None)["city_names"][winner]
    for seat in range(3):
        events += match.act(seat, board.CONTINUE)
    assert events[-1]["type"] == "deal" and not match.view(None)["winners"]
    lines = board.milestone(update_of(match, None, names=NAMES), events)
    assert lines is not None
    said = f"{NAMES[winner]} wins this game: {NAMES[mover]}'s move saved {city} with five"
    assert lines[1] == f"{said} different superheroes.", lines


def test_between_games_the_prompt_says_who_won_and_what_to_press() -> None:
    match, _ = _played(3, _by_own, series=2)
    (winner,) = match.view(None)["winners"]
    reader = (winner + 1) % 3
    said = board.prompt(update_of(match, reader, names=NAMES), [], [])
    assert said.startswith(f"{NAMES[winner]} wins this game: their own move saved ")
    assert said.endswith(". Press c when ready for game 2.")
    rows = board.prompt_lines(said, 78)
    assert len(rows) <= 2, rows  # at 80x24, beside the hand and the details line
    plain = board.prompt(update_of(match, reader, names=NAMES), [], [], plain=True)
    assert plain.endswith(". Choose Ready from the list when you are ready.")


async def test_at_80x24_the_game_over_line_is_whole_above_the_log() -> None:
    """Four players at 80x24 played to the end by keys: the game-over line wraps to whole
    rows (who won and why, then "Game over. Press Enter for the results." on one row), and
    the hand and the player's own city stay on the screen above it."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        people = (Seat("Ala"), *(Seat(f"Bot {n} (normal)", "bot", "easy") for n in (2, 3, 4)))
        app.call_later(app.start_game, TableSetup("superbohaterowie", people, {}, 4))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        rng = random.Random(4)
        for _ in range(300):
            await settle(pilot, screen)
            update: Any = screen.latest[0]
            if update.outcome is not None:
                break
            await play_by_keys(pilot, screen, rng.choice(update.legal))
        assert update.outcome is not None
        widget: Any = screen.query_one("#board")
        said = board.prompt(update, [], [])
        assert re.search(r" wins?: .+ saved .+ with five different superheroes", said), said
        region = widget.part_region("prompt")
        rows = screen_text(app).splitlines()
        shown = [row[region.x : region.right].strip() for row in rows[region.y : region.bottom]]
        assert " ".join(shown) == said, shown
        assert shown[-1].endswith(board.GAME_OVER), shown
        text = screen_text(app)
        assert "Berlin — Ala (your city)" in text
        assert "Your hand" in text
        table: Table = screen.table  # type: ignore[assignment]
        await table.close()


def test_the_results_say_whose_move_saved_which_city() -> None:
    """The results listed "New York (Bot 3, normal): saved, five different superheroes"
    without whose move it was: under the cities they say who won and why, in names."""
    match, _ = _played(3, _by_another)
    outcome = match.outcome()
    assert outcome is not None
    (winner,) = match.view(None)["winners"]
    mover = _mover(match)
    city = match.view(None)["city_names"][winner]
    lines = board.result_lines(match.view(None), outcome, list(NAMES))
    said = f"{NAMES[winner]} wins: {NAMES[mover]}'s move saved {city} with five different"
    assert lines[3].startswith(said), lines


def test_the_banner_at_a_series_end_names_the_series_winner_as_such() -> None:
    """At the end of a series the banner said "Game over: Olek wins" (the series, on
    points) above the board's "Ala wins: …saved Berlin…" (the last game): two winners, side
    by side, for a newcomer to reconcile. The banner says it is the series."""
    match = Match.new("superbohaterowie", 3, seed=4, options={"series": 2})
    rng = random.Random(4)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    outcome = match.outcome()
    assert outcome is not None
    update = update_of(match, 0, NAMES)
    said = board.banner_text(update)
    assert said is not None
    winners = [NAMES[s] for s in outcome.winners()]
    verb = "wins" if len(winners) == 1 else "win"
    assert said.plain == f"Game over: {' and '.join(winners)} {verb} the series on points"
    assert banner_words(update, board.banner_text).plain == said.plain  # what the screen shows
    one = _played(3, lambda m: True)[0]  # no series: the table's own banner
    assert board.banner_text(update_of(one, 0, NAMES)) is None
