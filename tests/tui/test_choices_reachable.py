"""At 80×24 nothing a decision needs is cut: every legal choice's whole wording can be read.

Random positions of every game, played through Match; the table is shown at 80×24 to the
seat that acts, and the board's NEXT_CHOICE key walks every choice of the first step.
Each choice's wording must be whole somewhere: on the screen, or in the details line and
``details()`` (what `i` shows) while the cursor is on it. What the screen says on the way
reads right: no "1 cards".
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.engine import TABLE
from core.games import GAMES
from core.match import Match
from core.table import Seat, Table, TableSetup
from tests.tui import screen_text
from tests.tui.test_event_texts import SLIPS
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.boards.base import ActionTrie
from tui.screens.game import GameScreen
from tui.settings import Settings

POSITIONS = 3
"""Random positions per game (each a few random moves into a seeded deal)."""


def _flat(text: str) -> str:
    return " ".join(text.split())


def _position(slug: str, seed: int) -> tuple[Match, int]:
    """A random position of ``slug`` where a seat (not the table's clock) is to act."""
    rng = random.Random(f"{slug}-{seed}")
    game = GAMES[slug]
    seats = min(3, max(game.players))
    seats = max(seats, min(game.players))
    match = Match.new(slug, seats, seed=seed, options={})
    for _ in range(rng.randrange(0, 25)):
        acting = sorted(s for s in match.to_act() if s != TABLE)
        if match.outcome() is not None or not acting:
            break
        seat = rng.choice(acting)
        match.act(seat, rng.choice(match.legal(seat)), at_ns=match.version * 1000)
    acting = sorted(s for s in match.to_act() if s != TABLE)
    if match.outcome() is not None or not acting:
        return _position(slug, seed + 100)
    return match, acting[0]


@pytest.mark.parametrize("slug", sorted(GAMES))
async def test_every_choice_of_a_random_position_is_whole_on_screen_or_in_details(
    slug: str,
) -> None:
    """Walk every first-step choice with NEXT_CHOICE: its wording is on the screen or in
    the details while the cursor is on it."""
    module: Any = BOARDS[slug]
    missing: list[str] = []
    slips: list[str] = []
    checked = 0
    for seed in range(POSITIONS):
        match, seat = _position(slug, seed)
        seats = tuple(
            Seat(f"P{i + 1}") if i == seat else Seat(f"P{i + 1}", "remote")
            for i in range(match.seats)
        )
        setup = TableSetup(slug, seats, {}, seed)
        table = Table(match, seats, bot_delay=3600)
        app = HuntersApp(Settings(bot_delay=0, summaries=False))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = GameScreen(setup, app.settings, table=table, seats=frozenset({seat}))
            await app.push_screen(screen)
            await pilot.pause()
            board: Any = screen.query_one("#board")
            update = screen.latest[seat]
            trie = ActionTrie(update.legal, lambda action, u=update: module.paths(u, action))
            labels = [choice.label for choice in trie.choices([])]
            seen: list[str] = []
            for _ in range(len(labels) + 1):
                seen.append(_flat(screen_text(app)))
                seen.append(_flat(board.details()))
                await pilot.press(module.NEXT_CHOICE)
                await pilot.pause()
            everything = "\n".join(seen)
            slips += [
                f"seed {seed}: {name}: {found.group(0)!r}"
                for name, pattern in SLIPS
                if name == "one with a plural"
                for found in pattern.finditer(everything)
            ]
            checked += len(labels)
            missing += [
                f"seed {seed}: {label}" for label in labels if _flat(label) not in everything
            ]
            await table.close()
    assert checked >= POSITIONS, "every position has at least one choice to check"
    assert not missing, "\n".join(missing[:20])
    assert not slips, "\n".join(slips[:20])  # "Your hand (1 cards, worth 1)" was one
