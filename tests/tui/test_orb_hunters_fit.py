"""Orb Hunters says things whole where the terminal has room (issue #15, found in play at
160x45): a pouch pile's edge read "4: W5 X5" and an adventurer under a relic "✦ Pur 1 Kil"
or "✿ Tre 2→?" with room for the words; the short forms stay for the cells that need them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.games.orb_hunters.data import SKILL_WORDS
from tests.core.games.test_orb_hunters_rules import position
from tests.tui.test_board_orb_hunters import _from_state
from tui.boards import orb_hunters_cards as cards
from tui.boards import orb_hunters_cards as cards_module

NAMES = ("Ala", "Olek", "Ewa")


def _view(**kwargs: Any) -> dict[str, Any]:
    return _from_state(position(**kwargs)).view


def _column(view: dict[str, Any], width: int, full: bool = True) -> list[str]:
    look = cards.ColumnLook(width=width, full=full, effect_lines=1)
    return [line.plain for line in cards.relic_column(view, 0, look, NAMES)]


UNDER = ["purple-1", "trenti-2", "yellow-2", "trenti-4"]
"""A Killer, a Trenti marked Green, a Charismatic and a Trenti whose marker is being chosen."""


@pytest.mark.parametrize(
    ("width", "said", "lead"),
    [
        (
            30,
            ["✦ Purple 1 Killer", "■ Green 2 Trenti", "★ Yellow 2 Charismatic", "✿ ? 3 Trenti"],
            "Green leads 2",
        ),
        (
            20,
            ["✦ Purple 1 Killer", "■ Green 2 Trenti", "★ Yellow 2 Charis…", "✿ ? 3 Trenti"],
            "Green leads 2",
        ),
        (14, ["✦ 1 Killer", "■ 2 Trenti", "★ 2 Charism…", "✿ 3 Trenti"], "■2"),
    ],
)
def test_an_adventurer_under_a_relic_is_named_one_way(
    width: int, said: list[str], lead: str
) -> None:
    """A relic card 20 wide (160x45) said "Yellow 3 (Sly)", "Green 4 Shielded", "2
    Charismatic" and "Trenti 2→Green" on one board, and "▲Red 8" on its edge for who leads
    (read as one more card): four shapes for one thing, and one that looked like another.
    Every adventurer reads one way: its glyph, the colour its courage counts for (a
    Trenti's marker's: ■ Green), its courage, its skill; narrower, every one without the
    colour's word alike, the skill cut at its end; never a private code ("Yel 2 Cha" was
    read as "Yellow 2 Chaos" at 80x24)."""
    view = _view(
        players=5,
        columns=[UNDER, [], [], [], [], []],
        marks=[("trenti-2", "green")],
        pending=("mark", "trenti-4"),
    )
    drawn = "\n".join(_column(view, width))
    for words in said:
        assert f" {words} " in drawn.replace("│", " "), (words, drawn)
    bottom = drawn.splitlines()[-1]
    assert f" {lead} " in bottom, bottom  # who leads, on the bottom edge


def test_the_widest_names_are_one_shape() -> None:
    """Whole, an adventurer reads colour, courage, skill, in the details and the choices
    too; a Trenti in a hand has no marker yet; narrow, no colour's word is cut to a code
    ("Pur 5")."""
    view = _view(players=5, columns=[UNDER, [], [], [], [], []], marks=[("trenti-2", "green")])
    assert cards.adventurer_fitting(view, "purple-1", 40) == "Purple 1 Killer"
    assert cards.adventurer_words(view, "purple-1") == "Purple 1 Killer"
    assert cards.adventurer_fitting(view, "trenti-2", 40) == "Green 2 Trenti"
    assert cards.adventurer_words(view, "trenti-2") == "Green 2 Trenti"
    assert cards.adventurer_fitting(view, "trenti-2", 40, placed=False) == "Trenti 2"
    assert cards.adventurer_fitting(view, "purple-5", 40) == "Purple 5"
    assert cards.adventurer_fitting(view, "purple-5", 5) == "5"  # never "Pur 5"


@pytest.mark.parametrize(
    ("width", "edge"),
    [
        (34, "3 relics: 5 wealth, 3 wounds"),
        (25, "5 wealth, 3 wounds"),
        (14, "3: W5 X3"),
    ],
)
def test_a_pouch_piles_edge_says_its_totals_in_words_where_they_fit(width: int, edge: str) -> None:
    """A pile 25 wide at 160x45 read "3: W5 X3" on its bottom edge: in words where they
    fit (the relics' count first to go: the pile shows its cards), else the legend's
    short forms."""
    pouch = ["initial-relic-1", "cursed-treasure-1", "trinket-1"]  # W1; W3 X3; W1
    view = _view(pouches=[pouch, ["initial-relic-2"], ["initial-relic-3"]])
    pile = [line.plain for line in cards.pouch_pile(view, 0, NAMES, width, False, True)]
    assert f" {edge} " in pile[-1], pile
    if width >= 25:
        assert "W5" not in pile[-1]


@pytest.mark.parametrize(
    ("width", "edge", "inside"),
    [
        (46, "4 wealth, 3 wounds − 1 potion = 2 wounds", ()),
        (40, "3 relics", ("4 wealth", "3 wounds − 1 potion = 2 wounds")),
        # Four players at 160x45: the sum over two lines (the words as the details say them).
        (25, "3 relics", ("4 wealth", "3 wounds − 1 potion", "= 2 wounds")),
        (20, "3: W4 X3−P1=2", ()),
        (16, "W4 X3−P1=2", ()),
    ],
)
def test_a_pouch_pile_says_potions_in_words_or_in_short_forms(
    width: int, edge: str, inside: tuple[str, ...]
) -> None:
    """Potions in a pile's totals: the wounds left after them, in words on the edge with
    room; with four players at 160x45 the edge fell back to "3: W4 X3 P1" (the words
    longer than its 20 cells): the wealth and the wounds after potions go on the pile's
    last lines and the edge keeps the count; the short forms ("X3−P1=2": 3 wounds less 1
    potion) only in a pile too narrow for the words. A pile said "wounds 3" and "potions
    1" and left the sum to the player (#15)."""
    pouch = ["initial-relic-1", "cursed-treasure-1", "healing-potion-1"]
    view = _view(pouches=[pouch, ["initial-relic-2"], ["initial-relic-3"]])
    pile = [line.plain for line in cards.pouch_pile(view, 0, NAMES, width, False, True)]
    assert f" {edge} " in pile[-1], pile
    if inside:
        said = pile[-1 - len(inside) : -1]
        assert [line.strip("│ ") for line in said] == list(inside), pile
        assert not any(" W4" in line or " P1" in line for line in said), pile


def test_a_pile_with_rows_to_spare_says_each_relics_points_in_words() -> None:
    """With rows left under the board, a pile's relics say their points in words on a line
    of their own ("W3 X3" after a name was a code to look up)."""
    pouch = ["initial-relic-1", "cursed-treasure-1", "healing-potion-1"]
    view = _view(pouches=[pouch, ["initial-relic-2"], ["initial-relic-3"]])
    pile = [line.plain for line in cards.pouch_pile(view, 0, NAMES, 25, False, True, True)]
    body = [line.strip("│ ") for line in pile[1:-1]]
    assert body[:6] == [
        "✚ Healing Potion",
        "1 potion",
        "☠ Cursed Treasure",
        "3 wealth, 3 wounds",
        "∘ Initial Relic",
        "1 wealth",
    ], pile
    assert len(pile) == cards.pile_height(view, NAMES, 25, True), pile


@pytest.mark.parametrize("players", [4, 5])
async def test_the_tracks_stay_with_a_long_details_line_at_120x40(players: int) -> None:
    """At 120x40 four and five players' wealth and wounds tracks went for the details
    line's third and fourth rows: the tracks stay (in two lines where their whole form
    does not fit) and the details keep their rows; a band of relics without effects takes
    no rows for them."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(120, 40)) as pilot:
        match = _played(players, players + 3, 8)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        await pilot.pause()
        fit = shown._layout()
        assert fit.tracks and fit.details_rows >= 3, fit
        region = shown.region
        rows = [r[region.x : region.right] for r in screen_text(app).splitlines()]
        board_text = "\n".join(rows[region.y : region.bottom])
        assert "Wealth " in board_text and "Wounds " in board_text, board_text
        assert f"i ▸ {shown.details()}" in " ".join(board_text.split()), board_text


async def test_cards_say_their_whole_texts_at_160x45() -> None:
    """At 160x45 a Thief's Glove read "Theft →: take the visible relic of the player on
    you…" and a Killer in hand "discard pile (not a…" with ten rows empty under the board:
    the relic and hand cards take the lines their texts need."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        match = _played(4, 7, 8)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        await pilot.pause()
        region = shown.region
        rows = [r[region.x : region.right] for r in screen_text(app).splitlines()]
        cards = [r for r in rows[region.y : region.bottom] if r.lstrip().startswith(("│", "┃"))]
        assert any("right" in r for r in cards), "\n".join(rows)  # the Theft → relic's end
        # An adventurer under a relic may cut its skill's word after six letters or more
        # ("Yellow 2 Charis…": every one keeps its colour's word; the skills are whole
        # under the board); no other text on a card is cut.
        glyphs = "".join(cards_module.COLOUR_GLYPHS.values())
        cut = re.compile(rf"[{glyphs}] [A-Z][a-z]+ \d+ ([A-Z][a-z]{{5,}})…")
        for part in (p for r in cards for p in r.replace("┃", "│").split("│") if "…" in p):
            found = cut.search(part)
            assert found and any(w.startswith(found[1]) for w in SKILL_WORDS.values()), (
                part,
                "\n".join(rows),
            )
        assert cards, "\n".join(rows)


async def test_rows_left_at_160x45_go_to_words_not_blanks() -> None:
    """At 160x45 about ten rows stayed empty under the board while the piles read "W1" and
    nothing said how the game is won: the rows left go to the piles' points in words and
    to the decks, the hands' sizes and the scoring rule in a sentence."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        match = _played(4, 7, 8)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        await pilot.pause()
        fit = shown._layout()
        assert fit.pile_words and fit.facts, fit
        region = shown.region
        rows = [r[region.x : region.right] for r in screen_text(app).splitlines()]
        text = "\n".join(rows[region.y : region.bottom])
        flat = " ".join(text.split())
        assert "Adventurers in hand: you have" in flat, text
        assert "whoever has the most wounds after potions is out" in flat, text
        piles = [r for r in rows if "Initial Relic" in r]
        assert piles and not [r for r in piles if " W1" in r], text
        assert "1 wealth" in text, text


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_relics_points_read_whole_on_a_narrow_full_card(seed: int) -> None:
    """At 120x40 three players' four relic cards are 18 wide (16 inside) and "2 wealth, 1
    wound" read "2 wealth, 1 wou…": each part of the points is whole, on a second line
    where one does not hold them."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    match = _played(3, seed, 0)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        assert shown.fit is not None and shown.fit.full and shown.fit.column_width < 20
        region = shown.part_region("relics")
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        text = "\n".join(row[region.x : region.right] for row in rows)
        assert "…" not in text, text
        for card in match.view(0)["row"]:
            for part in cards.point_parts(card):
                assert part in text, (part, text)


@pytest.mark.parametrize("size", [(160, 45), (200, 60)], ids=["160x45", "200x60"])
async def test_rows_left_under_a_big_board_say_what_skills_and_marks_mean(
    size: tuple[int, int],
) -> None:
    """A four-player table's first turn left six rows empty under the board at 160x45 (27
    at 200x60): they say what each skill and relic effect does, then what the cards' marks
    mean, as many as fit whole."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    match = _played(4, 1, 0)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        region = shown.region
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        column = [row[region.x : region.right] for row in rows]
        blank = [y for y, row in enumerate(column) if not row.strip()]
        text = "\n".join(column)
        assert "Killer: sends the last adventurer" in text
        assert len(blank) <= 4, text


async def test_a_relics_effect_is_whole_when_rows_are_free_at_120x40() -> None:
    """Five players at 120x40: a Theft relic's effect was cut ("visible relic of the…")
    with rows free under the board; a band of relic cards takes the lines its longest
    effect needs when the rows are there."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    match = _played(5, 9, 0)
    assert any(relic.startswith("thiefs-glove") for relic in match.view(0)["row"])
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _screen_at(pilot, match, min(match.to_act()))
        shown: Any = screen.query_one("#board")
        await pilot.pause()
        region = shown.part_region("relics")
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        text = "\n".join(row[region.x : region.right] for row in rows)
        assert "…" not in text, text
        assert "right" in text or "left" in text, text  # the Theft effect's last word


CODES = {"Yel", "Blu", "Grn", "Pur", "Kil", "Cha", "Shd", "Tre"}
"""The three-letter forms the 80-column board drew ("Yel 2 Cha", "Tre 3→Grn")."""


@pytest.mark.parametrize(("players", "seed", "moves"), [(4, 7, 30), (5, 3, 50)])
async def test_the_80_column_board_names_adventurers_in_words(
    players: int, seed: int, moves: int
) -> None:
    """Found in play at 80x24, four players: "★Yel 2 Cha" under a relic was read as
    "Yellow 2 Chaos", a private code. Every adventurer under a relic is one of its forms
    in words (`adventurer_forms`), no word on the board is one of the old codes, and the
    leaders on the relics' edges are named by glyph or word."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _played(players, seed, moves)
        seat = min(match.to_act())
        screen = await _screen_at(pilot, match, seat)
        await pilot.pause()
        board: Any = screen.query_one("#board")
        region = board.region
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        text = "\n".join(rows)
        words = {w.strip("│╭╮╰╯─·,.:;()[]◆★●■▲✦✿→?✗") for w in text.split()}
        assert not words & CODES, text
        view = match.view(seat)
        placed = [card for column in view["columns"] for card in column]
        assert placed, text
        for card in placed:
            forms = cards.adventurer_forms(view, card)
            glyph = cards.glyph_of(view, card)
            said = (f"{glyph}{form}{end}" for form in forms for end in " │")
            assert any(words in text for words in said), (
                card,
                forms,
                text,
            )


@pytest.mark.parametrize(("players", "seed", "moves"), [(4, 2, 10), (4, 7, 30), (5, 3, 50)])
async def test_the_log_keeps_two_lines_under_the_board_at_80x24(
    players: int, seed: int, moves: int
) -> None:
    """Found in play, four players at 80x24: through every round's assignments the log
    under the board showed one line (the details line takes two of its three rows for a
    Killer's or a Sly's text). The board takes a layout a row shorter where one exists
    (the pouches two to a line, as in a choice's layout): two recent lines of the log show,
    and the details line still has its three rows."""
    from tests.tui import screen_text
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _played(players, seed, moves)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        await pilot.pause()
        board: Any = screen.query_one("#board")
        rows = screen_text(app).splitlines()
        log = max(i for i, row in enumerate(rows) if row.startswith("────"))
        assert len(rows) - 1 - (log + 1) >= 2, "\n".join(rows)  # above the footer
        if not match.view(min(match.to_act()))["pending"]:
            assert board._layout().details_rows == 3
