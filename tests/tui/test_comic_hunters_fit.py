"""Comic Hunters at 80x24: cells as wide as their row lets them be, the First player's
name whole, and the line under the table never cut in the middle of a word.

Seen playing at 80x24: the Flea Market row read "Thor 1st …" and the hand "Spider-Ma…"
with room to spare in the row; the round line "First player: Bo…"; the line under the
table "(2001; Spider-Man; value 1; Firs…"."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest
from rich.text import Text

from core.games.comic_hunters.data import CARD, HERO_NAMES
from core.match import Match
from core.table import Update
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters as board
from tui.boards import comic_hunters_draw as draw
from tui.boards.details import MORE, wrapped

SLUG = "comic-hunters"
NAMES = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")
WIDTH = 78
"""The board's width in an 80-column terminal."""


def _update(players: int = 4, seed: int = 3, **view: Any) -> Update:
    update = update_of(Match.new(SLUG, players, seed=seed), 0, NAMES[:players])
    return dataclasses.replace(update, view={**update.view, **view})


def _text(lines: list[Text]) -> str:
    return "\n".join(line.plain for line in lines)


LONG = ["c101", "c142", "c205", "c241"]
"""Cards whose one-line words ("Spider-Man #1", "Widow/Panther") overflowed a cell of 15
and fit in a quarter of the row."""


def test_a_hand_of_four_shows_each_card_whole_at_80_columns() -> None:
    """Four cards share the row: each is as wide as its words ("Spider-Ma…" was cut in
    cells of 15 with half the row empty)."""
    update = _update(hand=LONG)
    text = _text(draw.hand_lines(update, draw.Focus(), WIDTH, 0))
    assert "…" not in text, text
    for card in LONG:
        assert draw.cell_words(card, full=False) in text, text
    assert all(len(line) <= WIDTH for line in text.splitlines())


def test_a_flea_market_row_names_its_cards_in_full_when_it_has_room() -> None:
    """A row of one or two cards has room for its heroes' full names and icons ("Thor
    1st …" was read in a row with room to spare)."""
    flea = dict(_update().view["flea"] or {})
    rows = [["c243"], ["c142", "c227"], []]
    flea.update(rows=rows, caps=[4, 4, 4], open=[True, True, True])
    update = _update(flea=flea)
    lines = draw.flea_lines(update, draw.Focus(), WIDTH, 0)
    text = _text(lines)
    assert "…" not in text, text
    for card in ("c142", "c227"):
        assert any(draw.cell_words(card, full) in text for full in (True, False)), text
    assert draw.cell_words("c243", full=True) in text  # the lone card: full names
    assert all(line.cell_len <= WIDTH for line in lines)


def test_small_cards_take_the_room_of_their_row() -> None:
    """Four small cards (level 1) in 78 columns: "Widow/Panther" and team-ups whole, the
    row still one band of cards."""
    cards = ["c142", "c241", "c205", "c101"]
    update = _update()
    lines = draw.cards_lines(cards, 1, update, draw.Focus(), WIDTH)
    text = _text(lines)
    assert "…" not in text, text
    assert len(lines) == 4  # one band: top edge, title, icons, bottom edge
    assert all(line.cell_len <= WIDTH for line in lines)
    for card in cards:
        heroes = CARD[card].heroes
        assert all(HERO_NAMES[h] in text or draw.HERO_WORD[h] in text for h in heroes), text


def test_a_cell_too_narrow_stops_after_a_whole_word() -> None:
    """When even the short words do not fit, the cell keeps the heroes and whole icons and
    says … (the line under the table has the rest)."""
    # Spider-Man · New, Epic
    cell = draw.card_cell("c201", (False, False, False), 21).plain
    assert cell.strip().endswith("Spider-Man · New…"), cell  # not "Spider-Man · New, E…"
    assert len(cell) == 21


def test_the_first_players_name_is_whole_at_80_columns() -> None:
    """ "First player: Bo…" was read at 80x24: a name that does not fit beside the
    schedule goes on a line of its own, whole."""
    for name in ("Bot 2 (normal)", "Aleksandra Wiśniewska-Kowalczyk"):
        update = _update(players=2, first=1)
        update = dataclasses.replace(update, names=("Ala", name))
        lines = draw.head_lines(update, WIDTH, 0)
        text = _text(lines)
        assert f"First player: {name}" in text, text
        assert "…" not in text, text
        assert all(line.cell_len <= WIDTH for line in lines)
    short = dataclasses.replace(_update(players=2, first=1), names=("Ala", "Bo"))
    assert _text(draw.head_lines(short, WIDTH, 0)).splitlines()[0].endswith("First player: Bo")


def test_the_trending_track_is_never_cut() -> None:
    """Every hero on the Trending Track is named whole ("3: Widow, Hulk, Stra…")."""
    for seed in range(1, 8):
        update = _update(seed=seed)
        text = _text(draw.head_lines(update, WIDTH, 0))
        assert "…" not in text, text
        for row in update.view["trending"]:
            for hero in row:
                assert HERO_NAMES[hero] in text or draw.HERO_WORD[hero] in text, text


def test_wrapped_lines_stop_after_a_whole_word() -> None:
    """The line under the table wraps to its lines; what does not fit ends after a whole
    word with " …", and the legend says what … means."""
    label = (
        "▶ 1 of 4: Pick Spider-Man: Rooftop Nights #6 (2001; Spider-Man; value 1; First "
        "Appearance) and more words besides to be sure that this label needs more than two "
        "lines at every width tried"
    )
    words = set(label.split())
    for width in range(30, 81, 7):
        for count in (1, 2):
            lines = wrapped(Text(label, style="bold"), width, count)
            assert len(lines) == count
            assert all(line.cell_len <= width for line in lines)
            said = " ".join(line.plain for line in lines).split()
            assert said[-1] == MORE, lines
            assert set(said[:-1]) <= words, (width, said)
    assert MORE in {short for short, _ in board.LEGEND}


async def test_the_board_never_cuts_the_choice_in_a_word_at_80x24() -> None:
    """Through the board at 80x24, at every kind of position: each word of the line under
    the table is a whole word of the choice (i has them all)."""
    from textual.app import App, ComposeResult

    class _BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield board.Board(id="board")

    match = Match.new(SLUG, 4, seed=7)
    rng = random.Random(7)
    seen: set[str] = set()
    app = _BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(board.Board)
        while match.outcome() is None:
            seat = rng.choice(sorted(match.to_act()))
            if 0 in match.to_act():
                update = update_of(match, 0, NAMES)
                kind = f"{update.view['location']}-{update.legal[0][0]}"
                if kind not in seen:
                    seen.add(kind)
                    widget.update = None
                    widget.show(update)
                    await pilot.pause()
                    lines = widget._choice_lines(update, 78, 0)
                    words = {w.rstrip(".,;:") for w in widget.details().split()}
                    words |= {MORE, "▶"}
                    said = [w.rstrip(".,;:") for w in lines[0].plain.split()]
                    assert said[-1] in words, (kind, said)  # the last word whole
                    assert set(said[:-1]) <= words, (kind, said)
            match.act(seat, rng.choice(match.legal(seat)))
    assert len(seen) >= 4


def test_the_cards_being_played_split_where_they_fit_whole() -> None:
    """Five cards played at 80 columns: three to a line cut them to "Spider-…" and
    "Captain…" with the second line half empty; the lines split where every card fits,
    and only a team-up spends room on "→Hero"."""
    plays = [
        ("c101", "spider-man"),
        ("c245", "captain-america"),
        ("c205", "spider-man"),
        ("c110", "captain-america"),
        ("c111", "black-widow"),
    ]
    base = _update(players=2)
    assembly = {"plays": [plays, []], "paid": [[], []], "stages": ["play", "play"]}
    update = _update(players=2, assembly={**(base.view["assembly"] or {}), **assembly})
    lines = draw.assembly_lines(update, draw.Focus(), WIDTH, 0)
    text = _text(lines)
    assert "…" not in text, text
    assert text.count("→") == 1  # only the team-up says which collection it joins
    assert sum(text.count(glyph) for glyph in "①②③") == len(plays)
    assert all(line.cell_len <= WIDTH for line in lines)
    assert len(lines) == 3  # the sum-up line and two lines of cards


def test_a_long_hand_never_cuts_the_score() -> None:
    """Thirteen cards in a bot's hand cut its line at 80 columns ("· score …"): the backs are
    counted by value instead ("5①7②1③"), and the legend says so."""
    update = _update(players=4)
    values = list(update.view["hand_values"])
    values[1] = [1] * 5 + [2] * 7 + [3]
    update = _update(players=4, hand_values=values)
    sheet = {"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}
    line = draw.player_line(update, 1, sheet, 0, WIDTH, False)  # Bot 2 (normal)
    assert line.plain.rstrip().endswith("score 15"), line.plain
    assert "5①7②1③" in line.plain
    assert "hand 5①2②" in {short for short, _ in board.LEGEND}


def test_a_full_flea_market_row_gives_its_cards_the_room_of_the_choices_it_lacks() -> None:
    """A full row offers only "take": its cards get the room "reveal" would have taken
    ("② Widow…   ② Spide…   ② Thor …" was read with the reveal's room unused)."""
    flea = dict(_update().view["flea"] or {})
    cards = ["c103", "c110", "c111", "c116"]  # Spider-Man, Captain, Widow, Panther
    flea.update(rows=[cards, [], []], caps=[4, 4, 4], open=[True, True, True])
    update = _update(flea=flea)
    focus = draw.Focus(legal=frozenset({("take-row", 0)}))
    line = draw.flea_lines(update, focus, WIDTH, 0)[0].plain
    assert "…" not in line, line
    assert all(draw.cell_words(card, False) in line for card in cards), line


def test_a_big_cards_title_goes_on_two_lines_rather_than_cut() -> None:
    """Three Spider-Man cards of a hand read "Spider-Man: Rooftop Ni…" at 160x45, told
    apart by their years only: a title too long for its card takes two lines."""
    cards = ["c101", "c103", "c104", "c116"]
    update = _update()
    lines = draw.cards_lines(cards, 3, update, draw.Focus(), 104)
    text = _text(lines)
    for card in cards:
        for word in draw.issue_words(CARD[card].title).split():
            assert word in text, (word, text)
    assert "…" not in text, text
    assert all(line.cell_len <= 104 for line in lines)


def test_a_mid_sized_card_keeps_its_age_and_year_whole() -> None:
    """ "Contemporary 2005…" was read on cards of level 2 at 160x45: the value is the
    glyph on the title, so the age line drops it rather than cut the year."""
    rows = draw.card_box("c101", 2, []).rows()
    text = "\n".join(row.plain for row in rows)
    assert "Contemporary 2001" in text and "…" not in text, text
    assert "①" in rows[1].plain


def test_each_small_card_names_its_heroes_in_full_when_it_fits() -> None:
    """At 160x45 the Convention's cards were widened but read "Panther" and "Widow": one
    long team-up kept every card to the short words. Each card whose full names fit its
    width has them."""
    grid = [None] * 25
    grid[:4] = ["c116", "c111", "c241", "c110"]  # Panther, Widow, Captain/Widow, Captain
    update = _update(convention={**(_update().view["convention"] or {}), "grid": grid})
    for width in (104, 110):
        lines = draw.grid_lines(update, draw.Focus(), width, 1)
        assert all(line.cell_len <= width and "…" not in line.plain for line in lines), lines
    text = _text(lines)  # room for a ✓ before every full name
    assert "Black Panther" in text and "Black Widow" in text, text
    row = draw.cards_lines(["c116", "c241", "c111"], 1, update, draw.Focus(), 60)
    assert "Black Panther" in _text(row), _text(row)


def test_a_name_with_brackets_takes_its_marker_in_the_same_pair() -> None:
    """ "Bot 2 (normal) (2)" was read at 160x45 over the tracks: one pair of brackets."""
    update = _update(players=4)
    sheet = {"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}
    line = draw.player_line(update, 1, sheet, 1, 150, True).plain
    marker = draw.seat_markers(update)[1]
    assert f"Bot 2 (normal, marker {marker}) · " in line, line
    mine = draw.player_line(update, 0, sheet, 1, 150, True).plain
    assert f" You ({draw.seat_markers(update)[0]}) · " in mine, mine


def test_a_crowded_row_keeps_every_hero_whole_before_any_icon() -> None:
    """ "② Strange …   ② Iron Man   ② Spider-M…   ② Spider-M…" was read in a full Flea
    Market row: the room goes first to every card's heroes, then to icons."""
    flea = dict(_update().view["flea"] or {})
    cards = ["c201", "c116", "c227", "c110"]  # Spider-Man New Epic, Panther, Iron Man…
    flea.update(rows=[cards, [], []], caps=[4, 4, 4], open=[True, True, True])
    focus = draw.Focus(legal=frozenset({("take-row", 0)}))
    line = draw.flea_lines(_update(flea=flea), focus, WIDTH, 0)[0].plain
    for card in cards:
        assert draw.hero_words(card, False) in line, line


def test_the_grid_at_80_columns_keeps_a_hero_whole_when_a_column_can_give_way() -> None:
    """Columns too wide for 80 columns share the room by what shows their heroes: a column
    of "Captain New Epic" gives up its icons before "Spider-Man" is cut ("Spider-M…")."""
    grid: list[str | None] = [None] * 25
    grid[:5] = ["c101", "c109", "c245", "c145", "c116"]
    update = _update(convention={**(_update().view["convention"] or {}), "grid": grid})
    lines = draw.grid_lines(update, draw.Focus(), WIDTH, 0)
    assert "Spider-Man" in lines[1].plain, lines[1].plain
    assert all(line.cell_len <= WIDTH for line in lines)


def test_the_others_store_cards_are_counted_in_a_sentence() -> None:
    """ "Cards in front of the others: Bot 2 (normal) 3, Bot 3 (normal) 3, …" put a count
    right after a bracketed name: each count says "has", the list ends with "and"."""
    update = _update(players=3)
    text = _text(draw.store_lines(update, draw.Focus(), WIDTH, 1))
    assert "Bot 2 (normal) has 4 and Bot 3 (normal) has 4." in " ".join(text.split()), text


def test_the_highlight_tracks_show_every_space_in_a_board_80_wide() -> None:
    """At 120x40 the log stands beside a board about 80 wide: each Highlight track drew
    only its occupied spaces ("★#1  0 │…  30│") with room under it. Now every space from 0
    to 30 is there, two cells each, every fifth numbered, each marker under its space."""
    marks = [[12, 0, 30], [5, 0, 0], [0, 0, 0], [0, 0, 0]]
    update = _update(marks=marks)
    lines = draw.highlight_tracks(update, WIDTH)
    text = _text(lines)
    assert "…" not in text, text
    assert all(len(line.plain) <= WIDTH for line in lines), text
    top, under = lines[0].plain, lines[1].plain
    for space in range(0, 31, 5):
        assert f"{space:>2}" in top
    assert top.count("·") == 31 - 7
    # Ala (1) at 12, Bot 2 (2) at 5: each marker under the right-hand cell of its space.
    zero = top.index(" 0") + 1
    assert under[zero + 2 * 12] == "1" and under[zero + 2 * 5] == "2", text
    assert "at 0: 3,4" in under


def test_the_trending_track_takes_a_second_line_for_full_names_when_rows_are_spare() -> None:
    """A board 80 wide (120x40, the log beside it) read "2: Captain, Thor │ 3: Hulk, Iron
    Man, Widow" with rows to spare: with room (head level 2) the heroes keep their full
    names on two lines; the 80x24 head (level 1) keeps one line of short names."""
    update = _update(
        trending=[["spider-man"], ["captain-america", "thor"], ["hulk", "iron-man", "black-widow"]]
    )
    roomy = _text(draw.head_lines(update, WIDTH, 2))
    assert "Captain America" in roomy and "Black Widow" in roomy, roomy
    tight = draw.trending_lines(update, WIDTH)
    assert len(tight) == 1 and "Captain America" not in tight[0].plain


def _cut_mid_word(text: str, card: str) -> bool:
    """Whether a cell's words cut a hero or an icon inside a word ("Spider-Ma…",
    "Strange/I…"), rather than after a whole one ("Iron Man…", "Spider-Man/…")."""
    if "…" not in text:
        return False
    before = text.split("…")[0].rstrip(" /,·")
    wholes = [*CARD[card].heroes, *CARD[card].highlights]
    words = [draw.HERO_WORD.get(w, "") for w in wholes] + [
        draw.ICON_SHORT.get(w, "") for w in wholes
    ]
    return not any(word and before.endswith(word) for word in words)


def test_the_convention_grid_at_80x24_never_cuts_a_hero_mid_word() -> None:
    """The Convention grid at 80x24 read "① Strange/I…" and "✓① Spider-Ma…": a player
    choosing a hero and a row or column reads every card's hero whole (a team-up at least
    its first hero and "/…"); icons give way first (the details line has the whole card)."""
    rng = random.Random(15)
    ids = sorted(CARD)
    base = _update().view
    for _ in range(200):
        grid: list[str | None] = [rng.choice(ids) for _ in range(25)]
        for empty in rng.sample(range(25), 3):
            grid[empty] = None
        update = _update(convention={**(base["convention"] or {}), "grid": grid})
        lines = draw.grid_lines(update, draw.Focus(taking=frozenset({3, 4})), WIDTH, 0)
        assert all(line.cell_len <= WIDTH for line in lines)
        widths, _ = draw.column_plan(
            [[grid[r * 5 + c] for r in range(5)] for c in range(5)], WIDTH - 5
        )
        for row in range(5):
            line = lines[1 + row].plain[5:]
            at = 0
            for col in range(5):
                cell, at = line[at : at + widths[col]], at + widths[col]
                card = grid[row * 5 + col]
                if card is not None:
                    assert not _cut_mid_word(cell, card), (cell, card, lines[1 + row].plain)


async def test_a_store_team_up_is_said_whole_at_80x24_and_the_board_stays_put() -> None:
    """Found in play, the first Store of a 4-player game at 80x24: "▶ 4 of 4: Pick Team-Up:
    Spider-Man & Doctor Strange #93 (2021; Spider-Man & …" lost the card's value and
    Highlight ("value 1; Epic Battle") with the empty hand taking two rows. The line takes
    two rows for the whole position (any choice longer than the board is wide), so every
    choice is said whole and moving the cursor never moves the lines under it."""
    from core.table import Seat, TableSetup
    from tests.tui import screen_text
    from tests.tui.game_driver import settle
    from tui.app import HuntersApp
    from tui.screens.game import GameScreen
    from tui.settings import Settings

    seats = (Seat("Ala"), *(Seat(f"Bot {i}", "bot", "normal") for i in (2, 3, 4)))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(TableSetup(SLUG, seats, {}, 20))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        widget: Any = screen.query_one("#board")
        labels = [c.label for c in widget.choices]
        assert any("Spider-Man & Doctor Strange" in label for label in labels), labels
        marks: set[tuple[int, ...]] = set()
        for index, label in enumerate(labels):
            widget.cursor = index
            widget._draw()
            await pilot.pause()
            rows = [row.strip() for row in screen_text(app).splitlines()]
            said = " ".join(rows)
            assert f"▶ {index + 1} of {len(labels)}: {label}" in said, rows
            assert not any(row.endswith(MORE) for row in rows), rows  # the prompt too
            marks.add(
                tuple(
                    i
                    for i, row in enumerate(rows)
                    if row.startswith(("▶ You", "Store:", "Your hand", "▶ 1 of", "▶ 4 of"))
                )
            )
        starts = {m[:3] for m in marks}
        assert len(starts) == 1, marks  # the board above the details line never moved


async def test_a_convention_prompt_is_whole_at_80x24() -> None:
    """In the smallest layout (three players at 80x24, the grid and the hand filling the
    board) what to do at the Convention read "Convention: take: choose a hero and a row or
    column, you may slide one card …": one row of the board's and no shorter words. It is
    said whole, in fewer words where the row is short (the slide is a choice of its own)."""
    from textual.app import App, ComposeResult

    from tui.widgets.show import Parts

    class _BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield board.Board(id="board")

    match, rng, said = Match.new(SLUG, 3, seed=0), random.Random(0), []
    async with _BoardApp().run_test(size=(80, 24)) as pilot:
        shown, parts = pilot.app.query_one(board.Board), pilot.app.query_one(Parts)
        while match.outcome() is None and len(said) < 6:
            seat = min(match.to_act())
            if seat == 0 and match.view(0)["location"] == "convention":
                shown.show(update_of(match, 0, NAMES[:3]))
                for _ in range(2):  # the hero, then (Enter) its row or column
                    await pilot.pause()
                    text = " ".join(str(parts.shown("choice")).split())
                    if "Convention" in text:
                        said.append(text[text.index("Convention") :])
                    await pilot.press("enter")
            match.act(seat, rng.choice(match.legal(seat)))
    assert len(said) >= 3, said
    assert all(not text.endswith("…") for text in said), said


@pytest.mark.parametrize("players", [1, 2, 3, 4])
async def test_the_board_fits_80x24_in_every_phase_and_on_the_bots_turns(players: int) -> None:
    """Found in play with four players at 80x24: in the Convention while the bots played
    the board was taller than its 17 rows, and the "Waiting for …" line, the status line and
    the log were pushed off the screen. At every position of a game, yours to decide or the
    others', the board keeps to its rows: who the table waits for, or what to do, is said
    whole under it."""
    from textual.app import App, ComposeResult

    class _BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield board.Board(id="board")

    match, rng = Match.new(SLUG, players, seed=players), random.Random(players)
    phases: set[tuple[str, bool]] = set()
    async with _BoardApp().run_test(size=(80, 24)) as pilot:
        widget = pilot.app.query_one(board.Board)
        for move in itertools.count():
            if match.outcome() is not None:
                break
            seat = rng.choice(sorted(match.to_act()))
            if move % 2:  # every other position (the test's time)
                match.act(seat, rng.choice(match.legal(seat)))
                continue
            update = update_of(match, 0, NAMES[:players])
            widget.show(update)
            drawn = widget._layout(update, WIDTH, 17)
            mine = 0 in update.acting
            phases.add((update.view["location"], mine))
            assert sum(len(lines) for lines in drawn) <= 17, _text([*itertools.chain(*drawn)])
            said = " ".join(" ".join(line.plain for line in drawn[-1]).split())
            if not mine:
                assert "Waiting for " in said and said.endswith("…"), said
            else:
                assert said.endswith(".") and MORE not in said.split()[-1], said
            match.act(seat, rng.choice(match.legal(seat)))
    assert len({where for where, _ in phases}) >= 4 + (players == 4), phases


def _convention_slides(seed: int, round_: int) -> tuple[Update, Any]:
    """Seat 0's first Convention decision of round ``round_`` (0-based) in a four-player
    game of random moves, with its update."""
    match, rng = Match.new(SLUG, 4, seed=seed), random.Random(seed)
    while match.outcome() is None:
        view = match.view(0)
        if 0 in match.to_act() and view["location"] == "convention" and view["round"] == round_:
            return update_of(match, 0, NAMES), match
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no Convention in that round")


async def test_the_convention_choice_keeps_two_rows_before_the_shared_collections() -> None:
    """Found in play, four players at 80x24, round 3's Convention: the collections of three
    players took two shared rows and the card to slide under the cursor was cut to one row
    ("▶ 1 of 10: Slide Doctor Strange: Sanctum #85 (2004; Doctor Strange; value 1; …").
    The choice is what the player decides on: the shared rows give way first (cut after a
    whole collection, the rest in ``i``), and every choice's wording is on the board."""
    from textual.app import App, ComposeResult

    class _BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield board.Board(id="board")

    update, _ = _convention_slides(0, 2)
    async with _BoardApp().run_test(size=(80, 24)) as pilot:
        widget = pilot.app.query_one(board.Board)
        widget.show(update)
        widget.move_to([c.key for c in widget.choices].index(("slide",)))
        widget.action_choose()  # "Slide a card first, then take": the cards to slide
        await pilot.pause()
        labels = [c.label for c in widget.choices]
        assert any(len(f"▶ 1 of {len(labels)}: {label}") > WIDTH for label in labels), labels
        for index, label in enumerate(labels):
            widget.cursor = index
            drawn = widget._layout(update, WIDTH, 17)
            lines = [line for part in drawn for line in part]
            assert len(lines) <= 17 and all(line.cell_len <= WIDTH for line in lines)
            said = " ".join(" ".join(line.plain.split()) for line in drawn[-1])
            assert f"▶ {index + 1} of {len(labels)}: {label}" in said, _text(lines)
            text = _text(drawn[1])
            assert "Collections:" in text, text
            if text.rstrip().endswith(MORE):  # the collections cut say the rest in i
                for seat in (1, 2, 3):
                    for hero, cards in update.view["collections"][seat]:
                        assert f"{HERO_NAMES[hero]} {len(cards)}" in widget.details()


async def test_the_store_keeps_your_hand_on_the_board_when_rows_are_spare_at_80x24() -> None:
    """Found in play at 80x24 (3 players, the Store's second pick): the hand had no line at
    all ("hand ①" on your line, a blank row where "Your hand: empty" had been), so what you
    had drafted was out of sight while rows stood empty. Rows to spare give the hand back
    its line before they stay blank."""
    from core.table import Seat, TableSetup
    from tests.tui import screen_text
    from tests.tui.game_driver import settle
    from tui.app import HuntersApp
    from tui.screens.game import GameScreen
    from tui.settings import Settings

    seats = (Seat("Ala"), *(Seat(f"Bot {i}", "bot", "normal") for i in (2, 3)))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(TableSetup(SLUG, seats, {}, 20))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        for picks in (1, 2):
            await pilot.press("enter")
            await settle(pilot, screen)
            update = screen.latest[screen.viewer]
            assert update.view["store"] is not None and len(update.view["hand"]) == picks
            rows = screen_text(app).splitlines()
            hand = [row for row in rows if row.strip().startswith(("Your hand", "Hand"))]
            assert hand, "\n".join(rows)


@pytest.mark.parametrize(("first", "words"), [(0, "You pass"), (1, "Bot 2 (normal) passes")])
def test_the_first_player_marker_is_passed_on_in_a_sentence(first: int, words: str) -> None:
    """Found in play: "You give the First Player marker on." (a verb without its object);
    the line says who passes it on and what to choose."""
    update = _update(players=3, location="give-first", first=first)
    choose = "" if first else ": choose who gets it"
    assert board._stage_words(update) == f"{words} the First Player marker on{choose}."
