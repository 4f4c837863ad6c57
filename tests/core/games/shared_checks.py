"""Checks every game's own tests run (bench/mutation.py runs a game's tests alone, so a
check that lives only in the shared conformance tests would not count there)."""

from __future__ import annotations

import random

from core.match import Match


def check_redeal_and_rulebook(slug: str) -> None:
    """A few moves into a game of three, a bot's re-deal of the hidden cards for a seat
    leaves that seat's view as it was and every card in the game; the help screen's text
    is the rulebook, then this edition's designed choices."""
    match = Match.new(slug, 3, seed=1)
    rng = random.Random(1)
    for _ in range(6):
        seat = min(match.to_act())
        legal = match.legal(seat)
        match.act(seat, legal[rng.randrange(len(legal))], at_ns=0)
    game = match.game
    for seat in range(3):
        dealt = game.determinize(match.state, seat, random.Random(seat))
        assert game.view(dealt, seat) == game.view(match.state, seat)
        assert game.census(dealt) == game.census(match.state)
    text = game.rules_text()
    assert "Rulebook" in " ".join(text.splitlines()[:2]) and "designed" in text
