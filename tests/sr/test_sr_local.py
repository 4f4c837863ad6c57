"""Every game, played to the end at 80×24 against bots by a player who gets only what a
screen reader gets: the line at the terminal cursor and the lines new on the screen
(tests/sr/harness.py, issue #17). The launcher, the setup, every board and the results
are used through their lists of choices; Whoosh by its keys (Space reveals, 1 2 3 claim).
``-s`` prints what the screen reader said, a whole game per test."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.games import GAMES
from tests.sr.harness import (
    RESULTS,
    local_app,
    play_game,
    play_whoosh,
    seat_one_name,
    set_up_table,
)

FEWEST = {
    "comic-hunters": 1,
    "superbohaterowie": 2,
    "orb-hunters": 2,
    "shardhunters": 1,
    "whoosh": 2,
}
"""The fewest players each game takes: its shortest game against bots."""
BOT_MOVES = {"superbohaterowie": "Bot 2 (normal) places", "orb-hunters": "Bot 2 (normal) assigns"}
"""Games where a bot moves between the player's turns, and how its move begins: the player
hears it, in the log's last lines or in the table's "Since your turn" line for what they no
longer show (with two players the log holds it all)."""


OVER_SSH_ONLY = ("comic-hunters", "whoosh")
"""Games the same harness plays to the end over ssh (tests/net/test_sr_over_ssh.py): the
longest two, not played again here to keep CI under its 25 minutes; the setup by the spoken
launcher and form is the same for every game."""


@pytest.mark.timeout(300)
@pytest.mark.parametrize("slug", [slug for slug in sorted(GAMES) if slug not in OVER_SSH_ONLY])
async def test_a_screen_reader_user_plays_a_whole_game(slug: str, tmp_path: Path) -> None:
    """The game is chosen in the launcher, set up and played by its spoken text alone
    (choices read at the cursor with Up, Down and Enter, the setup with Tab) until the
    results are heard."""
    game = GAMES[slug]
    async with local_app(tmp_path / "home") as sr:
        try:
            await set_up_table(sr, game.title, FEWEST[slug])
            if slug == "whoosh":
                policy = await play_whoosh(sr, seat_one_name(sr), timeout=240)
            else:
                policy = await play_game(sr, random.Random(slug), timeout=240)
        finally:
            print(f"\n--- what the screen reader said ({game.title}) ---")
            print("\n".join(sr.transcript))
        assert policy.moves > 0
        assert sr.heard_since(len(sr.heard) - 40, RESULTS)
        if slug in BOT_MOVES:
            assert sr.heard_since(0, BOT_MOVES[slug])
