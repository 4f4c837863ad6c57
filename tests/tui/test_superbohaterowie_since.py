"""Superbohaterowie says what the others did since your own move, on the board: at 80x24
the log under it showed only its last two lines ("Bot 4 (normal) draws a card." / "It is
your turn."), so after three bots had played a newcomer could not see what they did
without H (the history)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.games.superbohaterowie.data import CITIES, kind_of
from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.game_driver import play_by_keys
from tests.tui.test_board_superbohaterowie import bots_have_acted, held_table_at
from tests.tui.test_event_texts import slips_in
from tui.app import HuntersApp
from tui.boards.superbohaterowie_table import FACES, play_words, since_line, since_words
from tui.settings import Settings

FOUR = (Seat("Ala"), *(Seat(f"Bot {n} (normal)", "bot", "normal") for n in (2, 3, 4)))

VERBS = {
    "place": "placed",
    "explode": "blew up",
    "move": "moved",
    "swap": "swapped",
    "discard-hand": "discarded",
}
"""What the line says each kind of play did."""


def _flat(app: HuntersApp) -> str:
    return re.sub(r"\s+", " ", screen_text(app))


def _since(app: HuntersApp, board: Any) -> str:
    """The board's "Since your move: …" rows as one line (the log may be beside them)."""
    region = board.part_region("since")
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    said = " ".join(line[region.x : region.right].strip() for line in lines)
    assert said.startswith("Since your move: ") and said.endswith("."), said
    return said


@pytest.mark.parametrize("seed", [4, 7, 11])
@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_each_bots_play_since_your_move_is_on_the_screen(
    seed: int, size: tuple[int, int]
) -> None:
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        match = Match.new("superbohaterowie", 4, seed=seed)
        screen, table = await held_table_at(pilot, match, FOUR)
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await pilot.pause()
        mine = len(match.steps)
        await bots_have_acted(pilot, screen, table, 3)
        assert 0 in match.to_act()
        said = _since(app, _board(screen))
        assert not slips_in(said), said
        plays = match.steps[mine:]
        assert [step[0] for step in plays] == [1, 2, 3]
        # Each bot named once, in the order they played, with what its play did.
        at = [said.index(f"Bot {seat + 1} ") for seat, _, _ in plays]
        assert at == sorted(at), said
        for seat, action, _ in plays:
            part = said[said.index(f"Bot {seat + 1} ") :]
            assert part.split(" ", 2)[2].startswith(VERBS[action[0]]), said
            if action[0] == "place":
                symbol, word, _ = FACES[kind_of(action[1])]
                assert f"{symbol} {word.title()}" in part, said
                assert CITIES[action[2]] in part, said
        await table.close()


async def test_nothing_is_said_before_anyone_else_has_played() -> None:
    """Your own move just made: no line of the others' plays (nothing to say yet)."""
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match.new("superbohaterowie", 4, seed=4)
        screen, table = await held_table_at(pilot, match, FOUR)
        assert "Since your move" not in _flat(app)
        await play_by_keys(pilot, screen, match.legal(0)[0])
        await pilot.pause()
        assert "Since your move" not in _flat(app)
        await table.close()


def _board(screen: Any) -> Any:
    return screen.query_one("#board")


CITIES_4 = list(CITIES[:4])


@pytest.mark.parametrize(
    ("text", "full", "short"),
    [
        (
            "places a fire superhero in Tokyo (Bot 4 (normal)), space 1, covering a water "
            "superhero.",
            "placed ▲ Fire in Tokyo, space 1, over ≈ Water",
            "placed ▲ Fire in Tokyo, space 1",
        ),
        (
            "plays a small explosion, removing a water superhero from Berlin (yours), space 2 "
            "and a Joker from Tokyo (Bot 4, normal), space 3.",
            "blew up ≈ Water in your Berlin, space 2 and ★ Joker in Tokyo, space 3",
            "blew up ≈ Water in your Berlin, space 2 and ★ Joker in Tokyo, space 3",
        ),
        (
            "plays a one-eagle card, moving a giant spider from Tokyo (Bot 4), space 1 to "
            "London (Bot 2), space 3.",
            "moved Ж Spider from Tokyo, space 1 to London, space 3",
            "moved Ж Spider from Tokyo, space 1 to London, space 3",
        ),
        (
            "plays a two-eagle card, swapping a leaf superhero in Tokyo (Bot 4), space 1 with "
            "a Joker in Berlin (yours), space 3.",
            "swapped ♣ Leaf in Tokyo, space 1 with ★ Joker in your Berlin, space 3",
            "swapped ♣ Leaf in Tokyo, space 1 with ★ Joker in your Berlin, space 3",
        ),
        (
            "cannot play and discards a small explosion and a one-eagle card.",
            "discarded a small explosion and a one-eagle card: neither could be played",
            "discarded both cards",
        ),
    ],
    ids=["place", "explode", "move", "swap", "discard"],
)
def test_each_kind_of_play_reads_short_and_whole(text: str, full: str, short: str) -> None:
    """Every play the log tells, said in words with the cities' card names, in full and
    short; your own city is "your Berlin"."""
    assert play_words(text, CITIES_4, 0) == (full, short)
    assert not slips_in(f"Bot 2 {full}.") and not slips_in(f"Bot 2 {short}.")


def test_many_plays_in_little_room_keep_whole_names_and_point_to_the_history() -> None:
    """Four others at 60 columns in two rows: short forms, no name cut at a row's end, and
    what does not fit left to H."""
    events = [
        {"type": "place", "text": "Ala places a leaf superhero in Berlin (yours), space 1."},
        *(
            {
                "type": "place",
                "text": f"Bot {n} (normal) places a chainsaw superhero in {CITIES[n - 1]} "
                f"(Bot {n}, normal), space {n}, covering a water superhero.",
            }
            for n in (2, 3, 4, 5)
        ),
    ]
    names = ["Ala", *(f"Bot {n} (normal)" for n in (2, 3, 4, 5))]
    events[0]["text"] = events[0]["text"].replace("Ala places", "You place")
    label, plays = since_words(events, names, 0, list(CITIES))
    assert label == "Since your move:"
    assert [who for who, _, _ in plays] == names[1:]
    lines = since_line(plays, 60, 2).plain.splitlines()
    assert len(lines) == 2 and all(len(line) <= 60 for line in lines)
    said = " ".join(lines)
    assert "(normal)" not in said and not re.search(r"Bot$", lines[0])
    assert said.startswith("Since your move: Bot 2 placed ✂ Chainsaw in London")
    assert said.endswith("more in the history (H).") or said.count("placed") == 4


def test_a_card_taken_from_your_city_says_so_in_the_shortest_form() -> None:
    """Three bots at 80x24, two moving a card: "Bot 2 moved ★ Joker to London" hid that
    the Joker was taken from the reader's own Berlin (seen playing); the spaces' numbers
    go first."""
    move = "moved ★ Joker from your Berlin, space 1 to London, space 3"
    place = (
        "placed ★ Joker in New York, space 3, over ≈ Water",
        "placed ★ Joker in New York, space 3",
    )
    plays = [
        ("Bot 2 (normal)", move, move),
        ("Bot 3 (normal)", *place),
        ("Bot 4 (normal)", move, move),
    ]
    said = since_line(plays, 78, 2).plain.replace("\n", " ")
    assert said == (
        "Since your move: Bot 2 moved ★ Joker from your Berlin to London; Bot 3 placed"
        " ★ Joker in New York; Bot 4 moved ★ Joker from your Berlin to London."
    )


def test_four_others_fit_at_80x24_with_what_an_explosion_took() -> None:
    """Five cities at 80x24: all four plays in two rows; an explosion names what it took,
    and where only when it was your own city."""
    plays = [
        (
            "Bot 2 (normal)",
            "blew up ★ Joker in Warsaw, space 1",
            "blew up ★ Joker in Warsaw, space 1",
        ),
        (
            "Bot 3 (normal)",
            "placed ★ Joker in New York, space 5",
            "placed ★ Joker in New York, space 5",
        ),
        (
            "Bot 4 (normal)",
            "blew up ▲ Fire in Tokyo, space 2 and Ж Spider in Tokyo, space 4",
            "blew up ▲ Fire in Tokyo, space 2 and Ж Spider in Tokyo, space 4",
        ),
        (
            "Bot 5 (normal)",
            "placed ≈ Water in Warsaw, space 3",
            "placed ≈ Water in Warsaw, space 3",
        ),
    ]
    said = since_line(plays, 78, 2).plain.replace("\n", " ")
    assert said == (
        "Since your move: Bot 2 blew up ★ Joker; Bot 3 placed ★ Joker in New York; Bot 4"
        " blew up ▲ Fire and Ж Spider; Bot 5 placed ≈ Water in Warsaw."
    )
    yours = "blew up ▲ Fire in your Berlin, space 2 and Ж Spider in Tokyo, space 4"
    plays[2] = ("Bot 4 (normal)", yours, yours)
    said = since_line(plays, 78, 2).plain.replace("\n", " ")
    assert "Bot 4 blew up ▲ Fire in your Berlin and Ж Spider;" in said


def test_before_your_first_move_of_a_game_the_line_says_so() -> None:
    """Others played first in this game (a series' next game, a later seat): "This game
    so far:", not "Since your move:"; a past game's plays are not said."""
    events = [
        {"type": "place", "text": "You place a leaf superhero in Berlin (yours), space 1."},
        {"type": "score", "text": "Points of game 1: …"},
        {"type": "deal", "text": "Game 2 of 3: Bot 2 starts."},
        {"type": "place", "text": "Bot 2 places a Joker in London (Bot 2), space 1."},
    ]
    label, plays = since_words(events, ["Ala", "Bot 2"], 0, list(CITIES[:2]))
    assert label == "This game so far:"
    assert plays == [
        ("Bot 2", "placed ★ Joker in London, space 1", "placed ★ Joker in London, space 1")
    ]
    said = since_line(plays, 78, 2, label).plain
    assert said == "This game so far: Bot 2 placed ★ Joker in London, space 1."


def test_a_game_of_a_series_just_ended_still_says_the_move_that_ended_it() -> None:
    """Its points scored, the next game not dealt: the last plays stay said."""
    events = [
        {"type": "place", "text": "You place a leaf superhero in Berlin (yours), space 1."},
        {"type": "place", "text": "Bot 2 places a Joker in London (Bot 2), space 1."},
        {"type": "win", "text": "Bot 2 saved their city!"},
        {"type": "score", "text": "Points of game 1: …"},
    ]
    label, plays = since_words(events, ["Ala", "Bot 2"], 0, list(CITIES[:2]))
    assert label == "Since your move:" and [who for who, _, _ in plays] == ["Bot 2"]


def test_a_cards_symbol_stays_with_its_name_across_rows() -> None:
    """Played at 80x24: "Bot 3 blew up Ж" ended a row and "Spider in New York" began the
    next, the symbol cut from the name that says what it is."""
    symbols = {symbol for symbol, _, _ in FACES.values()}
    plays = [
        ("Bot 2 (normal)", "placed ★ Joker in London, space 3, over ✂ Chainsaw", "x"),
        ("Bot 3 (normal)", "blew up Ж Spider in New York, space 3", "x"),
        ("Bot 4 (normal)", "placed ≈ Water in New York, space 2", "x"),
    ]
    for width in range(40, 100):
        rows = since_line(plays, width, 3).plain.splitlines()
        ends = [row.rstrip().rsplit(" ", 1)[-1] for row in rows]
        assert not symbols & set(ends), (width, rows)
        assert all(len(row) <= width for row in rows), (width, rows)
