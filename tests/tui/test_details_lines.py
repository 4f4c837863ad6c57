"""The details line under a board: whole words, the rows the board keeps for it."""

from __future__ import annotations

from tui.boards.details import details_lines

CHAINSAW = (
    "◆ Your Berlin, space 2: cover a chainsaw superhero. Chainsaw superhero: goes on an "
    "empty space or a leaf superhero, which is discarded."
)


def test_a_text_that_fits_is_whole_and_keeps_its_rows() -> None:
    assert details_lines("◆ Guess 1.", 78, 2).plain == "◆ Guess 1.\n"
    assert details_lines("", 78, 1).plain == ""


def test_a_long_text_wraps_at_words_into_its_rows() -> None:
    lines = details_lines(CHAINSAW, 78, 2).plain.split("\n")
    assert len(lines) == 2 and all(len(line) <= 78 for line in lines)
    assert " ".join(lines) == CHAINSAW


def test_a_text_longer_than_its_rows_is_cut_after_a_whole_word() -> None:
    (line,) = details_lines(CHAINSAW, 78, 1).plain.split("\n")
    assert len(line) <= 78 and line.endswith(" …")
    kept = line.removesuffix(" …")
    assert CHAINSAW.startswith(kept) and CHAINSAW[len(kept)] == " "
    assert details_lines("x" * 100, 40, 1).plain.endswith("…")  # no word to cut after


async def test_superbohaterowies_details_are_whole_on_a_big_terminal() -> None:
    """At 200x60 the details line was cut ('which is …') with rows to spare below the board:
    it takes two rows when the room allows."""
    from tests.tui import screen_text
    from tests.tui.test_board_superbohaterowie import _snapshot

    app, run_before = _snapshot((200, 60), 4)
    async with app.run_test(size=(200, 60)) as pilot:
        await run_before(pilot)
        # Enter on the card puts the cursor on the best target for the player's city, an
        # empty space (a short text): to the leaf superhero the card may cover instead.
        await pilot.press("left", "left")
        await pilot.pause()
        board = app.screen.query_one("#board")
        details = board.details()  # type: ignore[attr-defined]
        assert len(details) > 130  # longer than a row of the board
        part = board.part_region("details")  # type: ignore[attr-defined]
        rows = screen_text(app).splitlines()[part.y : part.bottom]
        shown = " ".join(row[part.x : part.right].strip() for row in rows)
        assert shown == details
