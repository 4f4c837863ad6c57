"""Lists of names or cards inside a sentence are joined by one function, core.engine.in_words
("a, b and c"): a hand-made join read "Ala and Ola and Eve saved their cities!"."""

from __future__ import annotations

import random
import re
from pathlib import Path

from core.games.superbohaterowie.rules import SUPERBOHATEROWIE, _end_game

ROOT = Path(__file__).resolve().parents[2]

HAND_MADE = re.compile(
    r"""["']\s*and\s*["']\s*\.join|\+\s*["']\s+and\s+["']\s*\+|join\(.*\)\} and \{"""
)
"""`" and ".join(...)`, `... + " and " + ...` or `f"{', '.join(...)} and {...}"`: a list
joined by hand."""

MINE = ["core", "net", "tui"]
"""Where every list is said through in_words: everywhere."""


def test_three_cities_saved_at_once_are_named_as_one_list() -> None:
    state = SUPERBOHATEROWIE.setup(3, random.Random(1), {})
    _, events = _end_game(state, (0, 1, 2))
    assert events[0]["text"] == "{p0}, {p1} and {p2} saved their cities!"


def test_no_list_is_joined_by_hand() -> None:
    files = [p for part in MINE for p in sorted((ROOT / part).rglob("*.py")) or [ROOT / part]]
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HAND_MADE.search(line) and path != ROOT / "core/engine.py"  # in_words itself
    ]
    assert not found, "\n".join(found)
