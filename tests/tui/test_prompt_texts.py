"""Every prompt a board shows reads right: the line that says what to do now, at every step
of every choice, over random positions of every game, boxed and in screen-reader words.

The event texts have their own scan (test_event_texts.py); prompts are made by the boards
from counts and names, and a player read "◆ marks the 1 cards" in Superbohaterowie.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Hashable
from typing import Any

import pytest

from core.engine import TABLE
from core.games import GAMES
from tests.tui.board_helpers import update_of
from tests.tui.test_event_texts import random_match, slips_in
from tui.boards import BOARDS
from tui.boards.base import ActionTrie

GAMES_EACH = 40
SECONDS_EACH = 2.0
"""Random games per game, or seconds, whichever runs out first."""
STEPS_EACH = 400
"""Positions looked at per game at most (a long game is sampled, not read to its end)."""
_YOU_MID_SENTENCE = re.compile(r"[a-z,] Your?\b")
"""A list label put inside a sentence as it is: "…, then Your Berlin, space 2"."""
NAMES = ("Ala", "Bob", "Olek", "Ewa", "Jan", "Iga", "Ola", "Max")


def _prompts(module: Any, update: Any) -> list[str]:
    """The prompt at every step of every choice the update offers, boxed and plain."""
    trie = ActionTrie(update.legal, lambda action: module.paths(update, action))
    found: list[str] = []

    def walk(keys: list[Hashable]) -> None:
        if trie.action(keys) is not None:
            return
        choices = trie.choices(keys)
        found.append(module.prompt(update, keys, choices))
        found.append(module.prompt(update, keys, choices, plain=True))
        for choice in choices:
            walk([*keys, choice.key])

    walk([])
    return found


def _slips(line: str) -> list[str]:
    found = slips_in(line)
    if _YOU_MID_SENTENCE.search(line):
        found.append("You or Your in capitals inside a sentence")
    return found


def test_the_scan_catches_the_prompts_players_read() -> None:
    assert _slips("Choose a card to remove: ◆ marks the 1 cards. Esc: back.")
    assert _slips("So far: Play a large explosion, then Your Berlin, space 2: remove a spider.")
    assert not _slips("Choose a card to remove: ◆ marks the card. Esc: back.")
    assert not _slips("So far: Play a large explosion, then your Berlin, space 2. Your turn.")


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_prompt_of_random_positions_reads_right(slug: str) -> None:
    module: Any = BOARDS[slug]
    problems: dict[str, list[str]] = {}
    started = time.monotonic()
    read = 0
    for seed in range(GAMES_EACH):
        if time.monotonic() - started > SECONDS_EACH:
            break
        rng = random.Random(f"prompts-{slug}-{seed}")
        match = random_match(slug, seed, rng)
        names = NAMES[: match.seats]
        steps = 0
        while match.outcome() is None and steps < STEPS_EACH:
            acting = sorted(match.to_act())
            seat = rng.choice(acting)
            if seat != TABLE and rng.random() < 0.3:
                for line in _prompts(module, update_of(match, seat, names)):
                    read += 1
                    for slip in _slips(line):
                        problems.setdefault(slip, []).append(line)
            match.act(seat, rng.choice(match.legal(seat)), at_ns=match.version * 1000)
            steps += 1
    assert read > 50, f"only {read} prompts were read"
    assert not problems, "\n".join(
        f"{slip} ({len(lines)}): {line!r}" for slip, lines in problems.items() for line in lines[:3]
    )
