"""Comic Hunters' milestone summaries count and group the cards taken (issue #15, found by a
newcomer at 80x24): "You win lot 1 for 15: The Amazing Wall-Crawler issue 16 (1963;
Spider-Man; value 3); Sentinel of 1941 issue 10 (1972; …" repeated every card the log had
already told, five cards a line. A summary keeps who got what and why (the row, the lot
and its price, the hero and the line), the cards by hero, their value and Highlights."""

from __future__ import annotations

import random
import re

from core.games.comic_hunters.data import CARD
from core.match import Match
from core.table import Seat, Table
from tui.boards.comic_hunters_facts import cards_summary, milestone
from tui.summaries import Milestones

TAKES = re.compile(
    r"(takes row \d|wins lot \d|buys lot \d|takes the last lot|from (row|column) \d)"
)


def _summaries(players: int, seed: int) -> list[list[str]]:
    match = Match.new("comic-hunters", players, seed=seed)
    names = ["Ala", "Bot 2", "Bot 3", "Bot 4"][:players]
    table = Table(match, [Seat(n) for n in names])
    watch = Milestones(milestone)
    rng = random.Random(seed)
    out = []
    while match.outcome() is None:
        seat = min(match.to_act())
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick", "play")]
        events = match.act(seat, rng.choice(takes or legal))
        lines = watch.told(table.update_for(0, events))
        if lines:
            out.append(lines)
    return out


def test_a_summary_counts_and_groups_the_cards_taken() -> None:
    titles = {CARD[c].title for c in CARD}
    taken = 0
    for players, seed in ((3, 1), (4, 2), (1, 3)):
        for summary in _summaries(players, seed):
            assert " is over" in summary[0]  # the title, then sentences
            for line in summary[1:]:
                assert not any(title in line for title in titles), line
                assert line.endswith("."), line
                if TAKES.search(line) and ": " in line:  # ("Jarvis buys lot 1 for 5.")
                    taken += 1
                    assert re.search(r": (a|an|\d+) ", line), line
                    assert "value" in line and "(" in line, line
    assert taken > 10


def test_the_cards_in_words() -> None:
    """ "3 cards (Iron Man and 2 Captain America; value 4 in all; First Appearance twice)",
    of one hero "2 Captain America cards (…)", one card "an Iron Man card (value 2; no
    Highlights)", a card of two heroes a team-up."""
    iron = next(c for c in CARD if CARD[c].heroes == ("iron-man",) and not CARD[c].highlights)
    assert cards_summary([iron]) == f"an Iron Man card (value {CARD[iron].value}; no Highlights)"
    first = ("first-appearance",)
    caps = [
        c for c in CARD if CARD[c].heroes == ("captain-america",) and CARD[c].highlights == first
    ]
    cards = [iron, *caps[:2]]
    value = sum(CARD[c].value for c in cards)
    assert cards_summary(cards) == (
        f"3 cards (Iron Man and 2 Captain America; value {value} in all; First Appearance twice)"
    )
    value = sum(CARD[c].value for c in caps[:2])
    assert cards_summary(caps[:2]) == (
        f"2 Captain America cards (value {value} in all; First Appearance twice)"
    )
    team = next(c for c in CARD if CARD[c].heroes == ("thor", "hulk"))
    said = cards_summary([team])
    assert said.startswith("a Thor & Hulk team-up card (value "), said
    assert cards_summary([iron, team]).startswith("2 cards (Iron Man and a Thor & Hulk team-up;")


def test_a_team_up_led_by_a_vowel_takes_an() -> None:
    """Played over ssh at 80x24: "…Hulk and a Iron Man & Thor team-up; value 8 in all…"."""
    iron = next(c for c in CARD if CARD[c].heroes[0] == "iron-man" and len(CARD[c].heroes) == 2)
    hulk = next(c for c in CARD if CARD[c].heroes == ("hulk",))
    said = cards_summary([hulk, iron])
    assert " an Iron Man & " in said and " a Iron" not in said, said
