"""A Comic Hunters cell too narrow for "Captain · New" says "Captain·New", not "Captain …".

Parting a cell's heroes from its icons with " · " (so "Captain Special One" is not read as
one phrase) took two cells more, and the Flea Market's rows at 80x24, which had read
"②Captain New ②Thor New", read "②Captain …   ②Thor …": the Highlight a take is decided on
was cut where it had fitted.
"""

from __future__ import annotations

from tui.boards.comic_hunters_draw import whole_words


def test_a_cell_that_held_the_heroes_and_icons_before_still_holds_both() -> None:
    assert whole_words(["Captain", "New"], 11) == "Captain·New"
    assert whole_words(["Iron Man", "Epic", "First"], 20) == "Iron Man·Epic, First"


def test_the_spaced_form_where_it_fits() -> None:
    assert whole_words(["Captain", "New"], 13) == "Captain · New"


def test_a_cell_too_narrow_even_for_the_tight_form_keeps_the_heroes() -> None:
    assert whole_words(["Captain", "New"], 10).startswith("Captain")
    assert "Ne" not in whole_words(["Captain", "New"], 10)  # never a cut icon
