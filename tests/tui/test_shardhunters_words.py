"""Shardhunters at 80x24 in words (issue #15): a newcomer found the short forms hard to read
("shards 1 · loot 4 (3 col.) · hand 4", "1st: 1 ≈2 | 2 ☾4", "2nd now: 1 … | 2 ░ ░",
"3rd to come"). Where the line has room the board says them in words; the short forms left
are in the legend (F1)."""

from __future__ import annotations

import random
import re

from core.games.shardhunters.data import MONSTER_CARDS
from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_superbohaterowie import bots_have_acted, held_table_at
from tui.app import HuntersApp
from tui.boards import shardhunters as board
from tui.boards.shardhunters_table import Detail, combat_lines
from tui.settings import Settings

WIDTH = 78
"""The board's width in an 80-column terminal."""

FOUR = (Seat("Root"), *(Seat(f"Bot {n} (normal)", "bot", "normal") for n in (2, 3, 4)))


def _second_combat(players: int, seed: int) -> Match:
    """Seat 0 to put down its cards in the 2nd Combat of the first Hunt."""
    match = Match.new("shardhunters", players, seed=seed)
    rng = random.Random(seed)
    while not (match.state.phase == "combat" and match.state.combat == 1 and 0 in match.to_act()):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    return match


def _lines_of(screen: str, start: str) -> list[str]:
    return [line.strip() for line in screen.splitlines() if line.strip().startswith(start)]


async def test_four_sides_and_their_combats_read_in_words_at_80x24() -> None:
    """Four players ("Bot 2 (normal)"), the 2nd Combat of the first Hunt, at 80x24: the
    sides' lines say "coloured", not "col.", the 1st Combat's line says its Combat, the 2nd
    who is choosing and how many cards lie face down, the Combats to come are Combats."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, table = await held_table_at(pilot, _second_combat(4, 3), FOUR)
        await bots_have_acted(pilot, screen, table, 3)
        text = screen_text(app)
        sides = [line for line in text.splitlines() if " · loot " in line or "no loot" in line]
        assert len(sides) == 4, text
        for line in sides:
            assert "coloured)" in line or " · no loot · " in line, line
            assert "col.)" not in line and "loot 0" not in line, line
        played = _lines_of(text, "1st Combat · ")
        assert played and "→" in played[0], text
        # Sides showing the same say it once ("2, 3, 4: 2 face down"), the line keeping
        # its word "Combat" ("2nd now" was read).
        now = _lines_of(text, "2nd Combat now · ")
        assert now and "1: choosing" in now[0], text
        down = re.search(r"\| ([\d, ]+): 2 face down", now[0])
        assert down and "2" in down.group(1).split(", "), now
        assert "░" not in now[0] and "…" not in now[0], now
        assert _lines_of(text, "3rd Combat to come: 3 cards each"), text
        assert _lines_of(text, "4th Combat to come: 1 card each"), text
        await table.close()


async def test_two_sides_say_their_bloodshards_and_cards_whole_at_80x24() -> None:
    """Two players at 80x24: each side says "1 Bloodshard", "loot … coloured" and "in hand",
    and the revealed Combat names each card's colour in a word beside its glyph."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _second_combat(2, 4)
        _, table = await held_table_at(pilot, match, (Seat("Ala"), Seat("Olek", "bot", "easy")))
        await pilot.pause()
        text = screen_text(app)
        sides = [line for line in text.splitlines() if " · loot " in line or "no loot" in line]
        assert len(sides) == 2, text
        for line in sides:
            assert "Bloodshard" in line and " in hand" in line, line
            assert "coloured)" in line or " · no loot · " in line, line
        played = _lines_of(text, "1st Combat · ")
        assert played, text
        cards = [c for side in match.view(0)["plays"][0] for c in side]
        for card in cards:
            colour, value = MONSTER_CARDS[card].colour, MONSTER_CARDS[card].value
            assert f"{value} {colour}" in played[0], (card, played)
        await table.close()


def test_a_combat_line_says_the_colours_in_words_before_glyphs() -> None:
    """One card each from four sides fits 78 columns in words ("1: blue 2 | 2: white 3"):
    the line said "1st: 1 ≈2 | 2 ☠3" with room to spare."""
    for seed in range(12):
        match = _second_combat(4, seed)
        update = update_of(match, 0, names=("Root", "Bot 2", "Bot 3", "Bot 4"))
        line = combat_lines(update, WIDTH, Detail(0, False, False))[0].plain
        assert len(line) <= WIDTH and "…" not in line, line
        assert line.startswith(("1st Combat · ", "1st · ")), line
        for side, cards in enumerate(update.view["plays"][0]):
            glyphs = ", ".join(f"{MONSTER_CARDS[c].value} {MONSTER_CARDS[c].colour}" for c in cards)
            words = ", ".join(f"{MONSTER_CARDS[c].colour} {MONSTER_CARDS[c].value}" for c in cards)
            assert f"{side + 1}: " in line and (glyphs in line or words in line), line


def test_the_legend_spells_out_every_short_form_left() -> None:
    """The short forms the board still falls back to are each in the legend: the one-line
    Combat in glyphs, "…" for a side choosing, "col.", "shards", "hand", "top", "Tavern"."""
    shown = " ".join(short for short, _ in board.LEGEND)
    for short in ("1st: 1 ≈2", "…", "col.", "shards", "hand", "top:", "Tavern 21", "★", "·"):
        assert short in shown, short
