"""Every sentence of a results screen reads right, over random finished games of every game.

The event texts have their scan (test_event_texts.py); the results screen says more than the
events did: the winner line, each place as a sentence (screen-reader mode), the outcome's
note (tie-breaks, eliminations) and the game's own lines (each player's points, each city,
the tie-break counts). Players read "Tied on 1 points" and "1 points from Goblin 1" there.
"""

from __future__ import annotations

import pytest

from core.games import GAMES
from tests.tui.test_event_texts import NAMES, _playouts, slips_in
from tui.boards import BOARDS
from tui.screens.results import places, result_sentence, winner_line

SAID_TWICE = 6
"""Words in a row that the note and a game's line may not both say."""


def _runs(line: str) -> set[tuple[str, ...]]:
    words = [w.strip(".,:;()\"'").lower() for w in line.split()]
    words = [w for w in words if w]
    return {tuple(words[i : i + SAID_TWICE]) for i in range(len(words) - SAID_TWICE + 1)}


def said_twice(note: str, lines: list[str]) -> list[str]:
    """The game's lines that say again what the outcome's note says (six words or more in
    a row): the Orb Hunters results read "Eliminated with the most wounds (8 after
    potions)." and then "Ewa is eliminated with the most wounds (8 after potions): …"."""
    runs = _runs(note)
    # The same line whole is left out by the results screen (`unique_lines`).
    return [line for line in lines if line.strip() != note.strip() and runs & _runs(line)]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_results_sentence_of_random_games_reads_right(slug: str) -> None:
    """Every line reads right, and no line of the game's says again what the note said."""
    problems: dict[str, str] = {}
    finished = 0
    for match, _events in _playouts(slug):
        outcome = match.outcome()
        if outcome is None:
            continue
        finished += 1
        names = NAMES[: match.seats]
        lines = [winner_line(outcome, names), outcome.note]
        lines += [result_sentence(place, seat, outcome, names) for place, seat in places(outcome)]
        for seat in (None, *range(match.seats)):
            own = BOARDS[slug].result_lines(match.view(seat), outcome, names)
            for line in said_twice(outcome.note, own):
                problems.setdefault(f"says the note again: {line}", line)
            lines += own
        for line in filter(None, lines):
            for slip in slips_in(line):
                problems.setdefault(f"{slip}: {line}", line)
    assert finished >= 2, f"only {finished} finished games of {slug}"
    assert not problems, "\n".join(sorted(problems)[:40])


def test_the_scan_catches_what_the_whoosh_results_said() -> None:
    """The lines players met on the Whoosh results screen are caught."""
    assert slips_in("Tied on 1 points with the same Monsters: the victory is shared.")
    assert slips_in("Ala: 1 points from Goblin 1 — total 1.")


def test_the_scan_catches_a_note_said_again() -> None:
    """The Orb Hunters note and the line that repeated it are caught; a line that only
    shares a few words with the note passes."""
    note = "Eliminated with the most wounds (8 after potions)."
    again = "Ewa is eliminated with the most wounds (8 after potions): the column …"
    assert said_twice(note, [again, "Ewa has the most wounds."]) == [again]
