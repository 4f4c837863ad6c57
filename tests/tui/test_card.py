"""CardFace renders without an App, keeps its width, and never relies on colour alone."""

from __future__ import annotations

from rich.console import Console

from tui.widgets.card import CHOSEN, TARGET, CardFace


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
