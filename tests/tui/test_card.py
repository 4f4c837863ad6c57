"""CardFace renders without an App, keeps its width, and never relies on colour alone."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from tui.widgets.card import BACK, CHOSEN, FRESH, LEGAL, TARGET, CardBox, CardFace, CardRow, Track


def _plain(face: CardFace) -> str:
    console = Console(width=80, color_system=None, record=True)
    console.print(face)
    return console.export_text().rstrip("\n")


def test_a_face_is_exactly_its_width() -> None:
    """Cells line up in a grid whatever the word."""
    assert len(CardFace("≈", "Water", width=12).text().plain) == 12
    assert len(CardFace("✂", "Chainsaw superhero", width=12).text().plain) == 12


def test_the_cursor_shows_as_brackets_without_colour() -> None:
    """With colour off the cursor is still visible."""
    assert _plain(CardFace("≈", "Water", cursor=True)).startswith("[")
    assert _plain(CardFace("≈", "Water", cursor=True)).endswith("]")
    assert not _plain(CardFace("≈", "Water")).startswith("[")


def test_marks_are_symbols() -> None:
    """A legal target and a chosen card are marked by symbols, not colour."""
    assert TARGET in _plain(CardFace("≈", "Water", mark=TARGET))
    assert CHOSEN in _plain(CardFace("≈", "Water", mark=CHOSEN))


def _lines(renderable: object, width: int = 80) -> list[str]:
    console = Console(width=width, color_system=None, record=True)
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


def test_a_card_box_is_a_bordered_face_of_fixed_size() -> None:
    """Every line of a card is exactly its width; the title shows glyph and word."""
    rows = _lines(CardBox("≈", "Water", ("Kraken", "3 points"), width=12))
    assert len(rows) == 5
    assert all(len(row) == 12 for row in rows)
    assert rows[1].startswith("│≈ Water")


def test_card_states_read_without_colour() -> None:
    """Legal, selected, fresh, dimmed and face-down differ in their characters alone."""
    plain = _lines(CardBox("≈", "Water"))
    legal = _lines(CardBox("≈", "Water", legal=True))
    selected = _lines(CardBox("≈", "Water", selected=True))
    fresh = _lines(CardBox("≈", "Water", fresh=True))
    dim = _lines(CardBox("≈", "Water", dim=True))
    back = _lines(CardBox("", "Deck", face_down=True))
    assert LEGAL in legal[1] and LEGAL not in plain[1]
    assert selected[0].startswith("┏") and plain[0].startswith("╭")
    assert FRESH in fresh[-1] and FRESH not in plain[-1]
    assert dim[-1] != plain[-1]
    assert BACK in back[1] and "Water" not in back[1]
    assert len({tuple(x) for x in (plain, legal, selected, fresh, dim)}) == 5


def test_a_card_row_wraps_to_its_width() -> None:
    """Cards that do not fit on one line continue below, never cut."""
    cards = tuple(CardBox("•", f"C{i}", width=12) for i in range(8))
    rows = _lines(CardRow(cards, label="Hand"), width=40)
    assert rows[0] == "Hand"
    assert all(len(row) <= 40 for row in rows)
    text = "\n".join(rows)
    assert all(f"C{i}" in text for i in range(8))
    assert "(none)" in "\n".join(_lines(CardRow((), label="Hand")))


def test_a_track_shows_every_marker_under_its_space() -> None:
    """Markers are text under their space; a long track keeps the marked spaces."""
    top, under = _lines(Track("Trending", 0, 12, ((3, "A"), (3, "B"), (7, "C")), (10,)))
    assert under[top.index(" 3 ") : top.index(" 3 ") + 3].strip() == "AB"
    long_top, long_under = _lines(Track("Score", 0, 90, ((3, "A"), (77, "B"))), width=40)
    # The spaces left out are a gap, not "…", which read as text cut off.
    assert "77" in long_top and "B" in long_under and "┄" in long_top
    assert "…" not in long_top and len(long_top) <= 40


def test_seat_numbers_sharing_a_space_never_read_as_a_number() -> None:
    """Shardhunters' Bloodshards track put "12" under space 0 for seats 1 and 2 (and "1234"
    for four seats) on a track whose spaces run to 12: seat numbers together are parted."""
    top, under = _lines(Track("Bloodshards", 0, 12, ((0, "1"), (0, "2"), (5, "3")), cell=2))
    assert under.index("1,2") == top.index(" 0 ")  # under space 0
    assert "12" not in under
    four = Track("Shards", 0, 12, tuple((1, str(n)) for n in range(1, 5)), cell=2)
    assert "1,2,3,4" in "\n".join(_lines(four, width=200))
    # Where the commas cut the track short, it shows its marked spaces, the commas kept.
    three = Track("Shards", 0, 12, tuple((0, str(n)) for n in range(1, 4)), cell=2)
    top, under = _lines(three, width=60)
    assert "┄" in top and "12" in top and "1,2,3" in under and "123" not in under


def test_four_seats_on_one_space_never_read_as_a_number() -> None:
    """Four seats on space 0 at 80 columns: the whole track does not fit with "1,2,3,4",
    and "1234" was put under space 0 of a track whose spaces run to 12 (and read as a
    number). The commas stay, and the track shows its marked spaces only."""
    four = Track("Bloodshards", 0, 12, tuple((0, str(n)) for n in range(1, 5)), (3,), cell=2)
    top, under = _lines(four, width=80)
    assert "1234" not in under
    assert under.index("1,2,3,4") <= top.index(" 0 ") + 1  # under space 0
    assert "┄" in top and "3" in top and "12" in top
    # Where even the marked spaces do not fit with commas, the run of seats says so.
    top, under = _lines(four, width=30)
    assert "1234" not in under and "1-4" in under
    assert len(top) <= 30 and "12" in top
    # Seats that are not a run keep their commas.
    apart = Track("Shards", 0, 12, ((0, "1"), (0, "2"), (0, "4"), (7, "3")), cell=2)
    top, under = _lines(apart, width=40)
    assert "124" not in under and "1,2,4" in under


def test_a_rows_height_is_the_number_of_its_lines_at_every_width() -> None:
    """A board trying sizes asks a row its height instead of drawing it: the same count."""
    cards = tuple(CardBox("★", f"Card {n}", ("x",) * (n % 3), width=10 + n) for n in range(6))
    for row in (CardRow(cards), CardRow(cards, gap=2, label="Hand"), CardRow((), label="Hand")):
        for width in (8, 20, 35, 60, 200):
            assert row.height(width) == len(row.lines(width))


def test_a_card_drawn_before_is_not_drawn_again_and_reads_the_same(monkeypatch: Any) -> None:
    """The same cards come back in every update of a table (a hand, the Combats): each is
    drawn once, and every caller gets lines of its own to restyle."""
    box = CardBox("≈", "Water", ("Kraken 3",), width=12, legal=True, fresh=True)
    first = box.rows()
    first[1].stylize("reverse")  # a caller's own copy
    drawn: list[CardBox] = []
    draw = CardBox._draw

    def counted(card: CardBox) -> list[Any]:
        drawn.append(card)
        return draw(card)

    monkeypatch.setattr(CardBox, "_draw", counted)
    again = box.rows()
    row = CardRow((box, CardBox("▲", "Fire", width=12)), gap=1).lines(40)
    assert [t.markup for t in again] == [t.markup for t in draw(box)]
    assert "reverse" not in again[1].markup
    assert [t.plain for t in row][1] == again[1].plain + " " + "│▲ Fire    │"
    assert drawn == [CardBox("▲", "Fire", width=12, height=2)]  # Water: drawn before
