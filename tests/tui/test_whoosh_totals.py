"""Whoosh's "Out in all" line says how many Failed Attacks are out in the cards' own words
when it has room ("(3 failed)" read like a count of failed claims)."""

from __future__ import annotations

from typing import Any

from tui.boards.whoosh_faces import totals_line
from tui.boards.whoosh_words import LEGEND


def _view(revealed: list[list[str]]) -> dict[str, Any]:
    return {"revealed": revealed}


def test_failed_attacks_are_named_when_the_line_has_room() -> None:
    view = _view([["failed-ice-1", "sword-1"], ["failed-bow-2", "failed-fire-3"]])
    wide = totals_line(view, 160).plain
    assert wide.endswith("(3 Failed Attacks)"), wide
    narrow = totals_line(view, 78).plain
    assert narrow.endswith("(3 failed)") and len(narrow) <= 78, narrow
    one = totals_line(_view([["failed-ice-1"]]), 160).plain
    assert one.endswith("(1 Failed Attack)"), one
    assert any(short == "(3 failed)" for short, _ in LEGEND)
