"""An Orb Hunters round's summary fits the panel at 80x24 with five players (issue #15):
a newcomer had to scroll it (↑↓) to read who won what, the wins, the effects, every
pouch and who has the most wounds in 20 rows of a panel of 14."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from textual.containers import VerticalScroll

from core.match import Match
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tui.app import HuntersApp
from tui.boards import orb_hunters_words as words
from tui.screens.milestone import MilestoneScreen
from tui.settings import Settings
from tui.summaries import Milestones

NAMES = ("Ala", *(f"Bot {i} (normal)" for i in range(1, 5)))


def _summaries(seed: int) -> list[tuple[list[str], list[str]]]:
    """Each summary Ala reads in a random game of five, as the game screen makes it, with
    the relics its round handed over (from the events' own sentences)."""
    watch = Milestones(words.milestone)
    match = Match.new("orb-hunters", 5, seed=seed)
    rng = random.Random(seed)
    found: list[tuple[list[str], list[str]]] = []
    won: list[str] = []
    while match.outcome() is None:
        seat = min(match.to_act())
        events = match.act(seat, rng.choice(match.legal(seat)))
        won += [
            re.match(r".+? wins the (.+) with \d+ courage", e["text"])[1]  # type: ignore[index]
            for e in events
            if e["type"] in ("obtain", "removed")
        ]
        told = tuple(e for e in events if e.get("to") in (None, 0))
        update = dataclasses.replace(update_of(match, 0, NAMES), events=told)
        lines = watch.told(update)
        if lines:
            found.append((lines, won))
            won = []
    return found


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 6, 24, 29, 37])
async def test_a_round_summary_of_five_fits_80x24_without_scrolling(seed: int) -> None:
    """Every summary of a game of five at 80x24 shows whole, nothing to scroll, and
    still says every relic won and every player's standing. (Of 40 games, 2 still have
    a summary one row over, the panel scrolling then; 23 had before.)"""
    found = _summaries(seed)
    assert len(found) == 3
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        for lines, won in found:
            app.push_screen(MilestoneScreen(lines, holding=True))
            await pilot.pause()
            await pilot.pause()
            facts = app.screen.query_one("#milestone-facts", VerticalScroll)
            shown = screen_text(app)
            assert facts.max_scroll_y == 0, (facts.max_scroll_y, lines)
            assert "read the rest" not in shown
            said = " ".join(lines)
            for relic in won:  # each relic won named as often as it was won
                assert said.count(f"the {relic}") >= won.count(relic), (relic, lines)
            assert " wins the " in said
            for name in NAMES[1:]:
                assert name in said, (name, lines)
            assert all(line[:1].isupper() and "{p" not in line for line in lines), lines
            app.pop_screen()
            await pilot.pause()
