"""Results: winners in words, a row per seat, the note and game lines; rematch and back."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable

from core.engine import Outcome
from core.table import Seat, TableSetup
from tests.tui import BOX_DRAWING, screen_text
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.results import (
    ResultsScreen,
    category_heading,
    category_words,
    ordinal,
    part_words,
    places,
    result_sentence,
    winner_line,
)
from tui.screens.setup import SetupScreen
from tui.settings import Settings

SETUP = TableSetup(
    "superbohaterowie",
    (Seat("Ala"), Seat("Olek", "bot", "easy"), Seat("Ewa", "bot", "hard")),
    {"series": 3},
    seed=11,
)
OUTCOME = Outcome(
    scores=(30, 45, 30),
    breakdown=({"Cities": 20, "Joker": 10}, {"Cities": 45}, {"Cities": 25, "Spiders": 5}),
    ranking=((1,), (0, 2)),
    note="Ala and Ewa tie for second place.",
)
HOSTILE = ("[@click=app.quit]", "[/", "[bold]x")


def _app(screen_reader: bool = False) -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0, screen_reader=screen_reader))


async def _show(pilot: Any, names: tuple[str, ...] = ("Ala", "Olek", "Ewa")) -> ResultsScreen:
    pilot.app.show_results(SETUP, OUTCOME, names, ["Game 1: Olek saved London."])
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ResultsScreen)
    return screen


@pytest.mark.parametrize(
    ("ranking", "words"),
    [
        (((0,), (1, 2)), "Ala wins!"),
        (((0, 1), (2,)), "Ala and Olek share the win"),
        (((0, 1, 2),), "Ala, Olek and Ewa share the win"),
    ],
)
def test_winners_in_words(ranking: tuple[tuple[int, ...], ...], words: str) -> None:
    """One winner wins; several share the win, named in seat order of the ranking."""
    outcome = Outcome((1, 1, 1), ({}, {}, {}), ranking)
    assert winner_line(outcome, ["Ala", "Olek", "Ewa"]) == words


def test_a_solo_player_beaten_by_the_games_own_opponent_is_not_called_the_winner() -> None:
    """Solo against the Reavers (or Jarvis): the one seat still ranks first, but lost."""
    from core.table import Update
    from tui.widgets.banner import banner_text

    lost = Outcome((0,), ({"beat the Reavers": 0},), ((0,),), "", lost_to="the Reavers")
    assert lost.winners() == ()
    assert winner_line(lost, ["Ala"]) == "The Reavers won this time."
    update = Update(1, 0, {}, (), (), ("Ala",), frozenset(), lost)
    assert banner_text(update).plain == "Game over: the Reavers won"
    won = Outcome((1,), ({"beat the Reavers": 1},), ((0,),))
    assert won.winners() == (0,) and winner_line(won, ["Ala"]) == "Ala wins!"


def test_tied_seats_share_a_place() -> None:
    """Tied seats get the same place and the next place is skipped."""
    assert places(OUTCOME) == [(1, 1), (2, 0), (2, 2)]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd",
    ]  # fmt: skip


async def test_every_seat_has_a_row_with_its_breakdown() -> None:
    """The table lists place, name, score and every breakdown category for each seat."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _show(pilot)
        table = screen.query_one("#scores", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Place", "Name", "Score", "Cities", "Joker", "Spiders"]
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows == [
            ["1st", "Olek", "45", "45", "", ""],
            ["2nd", "Ala", "30", "20", "10", ""],
            ["2nd", "Ewa", "30", "25", "", "5"],
        ]
        text = screen_text(pilot.app)
        assert "Olek wins!" in text
        assert "Ala and Ewa tie for second place." in text
        assert "Game 1: Olek saved London." in text


WHOOSH = TableSetup("whoosh", (Seat("Ala"), Seat("Olek", "bot", "easy")), {}, seed=1)
ORB = TableSetup("orb-hunters", (Seat("Ala"), Seat("Olek", "bot", "easy")), {}, seed=1)
COMIC = TableSetup("comic-hunters", (Seat("Ala"), Seat("Olek", "bot", "easy")), {}, seed=1)
PAD = {"size": 19, "variety": 3, "highlights": 4, "secret stash": 15}


@pytest.mark.parametrize(
    ("setup", "outcome", "headings", "sentence"),
    [
        (
            # Whoosh said "Monsters 21" beside a player who captured 8 Monsters (#15).
            WHOOSH,
            Outcome((3, 0), ({"monsters": 5, "mistakes": -2}, {"monsters": 0}), ((0,), (1,))),
            ["Monster points", "Mistakes"],
            "1st: Ala, 3 points (5 monster points, −2 mistakes).",
        ),
        (
            # Orb Hunters' eliminated player reads "Eliminated -12": the wealth it cost.
            ORB,
            Outcome((9, 0), ({"wealth": 9}, {"wealth": 12, "eliminated": -12}), ((0,), (1,))),
            ["Wealth", "Wealth lost to elimination"],
            "2nd: Olek, 0 points (12 wealth, −12 wealth lost to elimination).",
        ),
        (
            # The score pad's names as the board says them: Highlights, the Secret Stash.
            COMIC,
            Outcome((41, 0), (PAD, dict.fromkeys(PAD, 0)), ((0,), (1,))),
            ["Size", "Variety", "Highlights", "Secret Stash"],
            "1st: Ala, 41 points (19 for size, 3 for variety, 4 for Highlights, 15 from the "
            "Secret Stash).",
        ),
        (
            SETUP,
            OUTCOME,
            ["Cities", "Joker", "Spiders"],
            "2nd: Ala, 30 points (20 Cities, 10 Joker).",
        ),
    ],
    ids=["whoosh", "orb-hunters", "comic-hunters", "keys-as-words"],
)
async def test_headings_say_what_the_numbers_are(
    setup: TableSetup, outcome: Outcome, headings: list[str], sentence: str
) -> None:
    """A game's board names its breakdown in words for the headings and the sentences
    (the keys stay as the records hold them), capitalised as "Place", "Name" and "Score"."""
    names = ("Ala", "Olek", "Ewa")
    assert sentence in [
        result_sentence(place, seat, outcome, names, category_words(setup.slug))
        for place, seat in places(outcome)
    ]
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.show_results(setup, outcome, names[: len(setup.seats)], [])
        await pilot.pause()
        table = pilot.app.screen.query_one("#scores", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Place", "Name", "Score", *headings]
    async with _app(screen_reader=True).run_test(size=(80, 24)) as pilot:
        pilot.app.show_results(setup, outcome, names[: len(setup.seats)], [])
        await pilot.pause()
        assert sentence in " ".join(screen_text(pilot.app).split())  # wrapped at 80


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_hostile_names_are_shown_literally(screen_reader: bool) -> None:
    """Names that look like markup are printed as typed and trigger nothing."""
    app = _app(screen_reader)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _show(pilot, HOSTILE)
        await pilot.pause()
        text = screen_text(app)
        assert "[/ wins!" in text
        for name in HOSTILE:
            assert name in text
        assert app.is_running and app.screen is screen


async def test_screen_reader_results_are_plain_lines() -> None:
    """In screen-reader mode each seat is one sentence and nothing is drawn."""
    async with _app(screen_reader=True).run_test(size=(80, 24)) as pilot:
        await _show(pilot)
        text = screen_text(pilot.app)
        assert "1st: Olek, 45 points (45 Cities)." in text
        assert "2nd: Ala, 30 points (20 Cities, 10 Joker)." in text
        assert not BOX_DRAWING & set(text)


async def test_rematch_starts_the_same_table_with_a_new_deal() -> None:
    """r replaces the results and the finished game with a new game: same seats, no seed."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(SETUP)
        await pilot.pause()
        await _show(pilot)
        await pilot.press("r")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert screen.setup.seats == SETUP.seats and screen.setup.options == SETUP.options
        assert screen.setup.seed is None
        assert sum(isinstance(s, GameScreen | ResultsScreen) for s in pilot.app.screen_stack) == 1


async def test_b_goes_back_to_the_launcher() -> None:
    """b leaves the results (and the game under them) for the game list."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(SETUP)
        await _show(pilot)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(pilot.app.screen, LauncherScreen)
        assert len(pilot.app.screen_stack) == 1


async def test_n_opens_a_setup_for_the_same_game() -> None:
    """n leaves the results for a table setup of the same game."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(SETUP)
        await _show(pilot)
        await pilot.press("n")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game_slug == SETUP.slug


async def test_a_solo_player_who_lost_is_not_listed_first() -> None:
    """Solo against the Reavers and beaten: the row says lost to them, not 1st."""
    setup = TableSetup("shardhunters", (Seat("Ala"),), {}, seed=1)
    lost = Outcome((2,), ({"team": 2},), ((0,),), "", lost_to="the Reavers")
    for screen_reader in (False, True):
        app = _app(screen_reader)
        async with app.run_test(size=(80, 24)) as pilot:
            app.show_results(setup, lost, ["Ala"], [])
            await pilot.pause()
            text = screen_text(app)
            assert "The Reavers won this time." in text
            assert "1st" not in text and "lost to the Reavers" in text.replace("Lost", "lost")


async def test_no_sentence_is_said_twice() -> None:
    """A game's line that repeats another (or the note, or the winner line) shows once."""
    lines = ["Game 1: Olek saved London.", "Game 1: Olek saved London.", OUTCOME.note, "Olek wins!"]
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.show_results(SETUP, OUTCOME, ("Ala", "Olek", "Ewa"), lines)
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ResultsScreen)
        assert screen.extra_lines == ("Game 1: Olek saved London.",)
        text = screen_text(pilot.app)
        assert text.count("Olek saved London") == 1 and text.count("tie for second") == 1


def test_three_winners_are_named_as_a_sentence_names_them() -> None:
    """'Game over: Bot 2, Bot 3 and Bot 4 win', not 'Bot 2 and Bot 3 and Bot 4 win'."""
    from core.table import Update
    from tui.widgets.banner import banner_text

    shared = Outcome((0, 3, 3, 3), ({}, {}, {}, {}), ((1, 2, 3), (0,)))
    update = Update(1, 0, {}, (), (), ("Root", "Bot 2", "Bot 3", "Bot 4"), frozenset(), shared)
    assert banner_text(update).plain == "Game over: Bot 2, Bot 3 and Bot 4 win"


SINGLE_GAME = Outcome((0, 1, 0), ({"won": 0}, {"won": 1}, {"won": 0}), ((1,), (0, 2)))
"""Superbohaterowie without the Points variant: one game, the first saved city wins."""


async def test_a_single_game_says_who_won_in_words_not_one_and_zero() -> None:
    """A game that is won or not (Superbohaterowie's standard game) has no points: its table
    says "won the game" and "did not win" under "Result", not a score of 1 and 0."""
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.show_results(SETUP, SINGLE_GAME, ("Ala", "Olek", "Ewa"), [])
        await pilot.pause()
        table = pilot.app.screen.query_one("#scores", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Name", "Result"]
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows == [
            ["Olek", "won the game"],
            ["Ala", "did not win"],
            ["Ewa", "did not win"],
        ]
        assert "2nd" not in screen_text(pilot.app)


async def test_a_single_game_in_screen_reader_mode_says_who_won_in_words() -> None:
    """One sentence a seat: "1st: Olek, won the game.", never "1 point"."""
    async with _app(screen_reader=True).run_test(size=(80, 24)) as pilot:
        pilot.app.show_results(SETUP, SINGLE_GAME, ("Ala", "Olek", "Ewa"), [])
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Olek won the game." in text
        assert "Ala and Ewa did not win." in text
        assert text.index("Olek won the game.") < text.index("Ala and Ewa did not win.")
        assert "point" not in text and "1st" not in text and "2nd" not in text


SHARD_SETUP = TableSetup(
    "shardhunters", (Seat("Ala"), Seat("Olek", "bot", "easy"), Seat("Ewa", "bot", "hard"))
)


@pytest.mark.parametrize(
    ("outcome", "rows"),
    [
        (
            # Shardhunters: the first to win a Hunt with five heroes wins (rules._outcome).
            Outcome(
                (0, 1, 0),
                tuple({"won a Hunt with 6 heroes": v} for v in (0, 1, 0)),
                ((1,), (0, 2)),
            ),
            [
                ["Olek", "won a Hunt with 6 heroes"],
                ["Ala", "did not win"],
                ["Ewa", "did not win"],
            ],
        ),
        (
            # Shardhunters solo, won: the Reavers beaten.
            Outcome((1,), ({"beat the Reavers": 1},), ((0,),)),
            [["Ala", "beat the Reavers"]],
        ),
    ],
)
async def test_a_game_won_or_not_by_a_named_feat_says_it_in_words(
    outcome: Outcome, rows: list[list[str]]
) -> None:
    """Shardhunters' results read "Score 1" for the winner and 0 for everyone else (played
    to the end at 160x45): a game won by a feat, not by points, says the feat and "did not
    win" under "Result"."""
    async with _app().run_test(size=(80, 24)) as pilot:
        names = ("Ala", "Olek", "Ewa")[: len(outcome.scores)]
        pilot.app.show_results(SHARD_SETUP, outcome, names, [])
        await pilot.pause()
        table = pilot.app.screen.query_one("#scores", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Name", "Result"]
        shown = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert shown == rows


async def test_a_count_with_one_category_stays_a_score() -> None:
    """Shardhunters' Hunt limit ranks by heroes: a count, shown as a number, not as words."""
    outcome = Outcome((4, 6, 5), tuple({"heroes": v} for v in (4, 6, 5)), ((1,), (2,), (0,)))
    async with _app().run_test(size=(80, 24)) as pilot:
        pilot.app.show_results(SHARD_SETUP, outcome, ("Ala", "Olek", "Ewa"), [])
        await pilot.pause()
        table = pilot.app.screen.query_one("#scores", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels[2] == "Score"
        assert [str(table.get_row_at(i)[2]) for i in range(3)] == ["6", "5", "4"]


SERIES = Outcome(
    (13, 25, 10),
    ({"game 1": 3, "game 2": 10}, {"game 1": 20, "game 2": 5}, {"game 1": 10, "game 2": 0}),
    ((1,), (0,), (2,)),
)
"""Superbohaterowie's Points variant: each game's points are a part of the total."""


def test_a_series_breakdown_says_each_game_in_words() -> None:
    """ "(3 in game 1, 10 in game 2)", never "game 1 3" or "3 game 1"."""
    names = ("Ala", "Olek", "Ewa")
    said = [
        result_sentence(p, s, SERIES, names, category_words("superbohaterowie"))
        for p, s in places(SERIES)
    ]
    assert said == [
        "1st: Olek, 25 points (20 in game 1, 5 in game 2).",
        "2nd: Ala, 13 points (3 in game 1, 10 in game 2).",
        "3rd: Ewa, 10 points (10 in game 1, 0 in game 2).",
    ]


@pytest.mark.parametrize(
    ("category", "points", "said"),
    [
        ("wealth", 12, "12 wealth"),
        ("wounds", -3, "−3 wounds"),
        ("wounds", -1, "−1 wound"),
        ("mistakes", -1, "−1 mistake"),
        ("monsters", 1, "1 monster point"),
        ("Cities", 1, "1 City"),
        ("secret stash", 1, "1 Secret Stash"),
        ("game 2", 1, "1 in game 2"),
    ],
)
def test_a_part_of_a_breakdown_reads_as_words(category: str, points: int, said: str) -> None:
    """Number first, in the game's words, and singular after 1 ("1 mistakes" was read)."""
    words = {"monsters": "monster points", "secret stash": "Secret Stash"}
    assert part_words(category, points, words) == said


def test_comic_hunters_score_pad_reads_what_each_number_is_for() -> None:
    """A number of the score pad says what it scores for ("19 size, 3 variety" read as a
    card's size), and its column heading stays the pad's name."""
    words = category_words("comic-hunters")
    said = [part_words(c, n, words) for c, n in [*PAD.items(), ("highlights", 1)]]
    assert said == [
        "19 for size",
        "3 for variety",
        "4 for Highlights",
        "15 from the Secret Stash",
        "1 for Highlights",
    ]
    headings = [category_heading(c, words) for c in PAD]
    assert headings == ["Size", "Variety", "Highlights", "Secret Stash"]


async def test_a_solo_game_lost_without_points_is_not_first() -> None:
    """Shardhunters solo, beaten by the Reavers: no "1st" in the table or the sentences."""
    setup = TableSetup("shardhunters", (Seat("Ala"),), {}, seed=1)
    lost = Outcome((0,), ({"beat the Reavers": 0},), ((0,),), "", lost_to="the Reavers")
    for screen_reader in (False, True):
        async with _app(screen_reader).run_test(size=(80, 24)) as pilot:
            pilot.app.show_results(setup, lost, ["Ala"], [])
            await pilot.pause()
            text = screen_text(pilot.app)
            assert "The Reavers won this time." in text and "1st" not in text
            assert "Ala did not win." in text if screen_reader else "did not win" in text
