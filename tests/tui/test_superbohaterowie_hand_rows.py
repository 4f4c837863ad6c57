"""At 80x24 with four or five cities the hand has no row for its cards' rules: it read
"★ Joker" and "✂ Chainsaw superhero" and nothing of where they go, which a newcomer choosing
between them needs. Each card in hand says on its own rows what it goes on (or does)."""

from __future__ import annotations

import random
from typing import Any

from core.games.superbohaterowie.data import COVERS, ELEMENTS, kind_of
from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tui.app import HuntersApp
from tui.boards.superbohaterowie_table import FACES, full_word
from tui.settings import Settings

SAYS = {
    "joker": ("any",),
    "spider": ("any superhero",),
    "small-explosion": ("removes", "1"),
    "large-explosion": ("removes", "2"),
    "one-eagle": ("moves",),
    "two-eagles": ("swaps",),
}


def _says_where(kind: str) -> tuple[str, ...]:
    """What a card's rows must say: for a superhero, empty and each superhero it covers by
    glyph and word; for another card, what it does."""
    if kind in ELEMENTS:
        return ("empty", *(f"{FACES[k][0]} {FACES[k][1]}" for k in ELEMENTS if k in COVERS[kind]))
    return SAYS[kind]


def _positions(players: int, series: int, seeds: range) -> list[Match]:
    found = []
    for seed in seeds:
        match = Match.new("superbohaterowie", players, seed=seed, options={"series": series})
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 25)):
            if match.outcome() is not None or match.view(None)["waiting"]:
                break
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
        if match.outcome() is None and not match.view(None)["waiting"]:
            found.append(match)
    return found


async def test_each_card_in_hand_says_what_it_goes_on_at_80x24_with_five_cities() -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    kinds_seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for players, series in ((5, 0), (5, 3), (4, 0)):
            for match in _positions(players, series, range(6)):
                seat = min(match.to_act())
                people = tuple(Seat(f"P{n}") for n in range(players))
                screen, table = await held_table_at(pilot, match, people, seat)
                await pilot.pause()
                widget: Any = screen.query_one("#board")
                region = widget.part_region("hand")
                rows = screen_text(app).splitlines()[region.y : region.y + region.height]
                hand = [kind_of(card) for card in widget.update.view["hand"]]
                titles = [next(r for r in rows if full_word(hand[0]) in r)]
                starts = [titles[0].index(full_word(k)) for k in hand]
                if len(hand) == 2 and hand[0] == hand[1]:
                    starts[1] = titles[0].index(full_word(hand[1]), starts[0] + 1)
                for index, kind in enumerate(hand):
                    left = starts[index] - 2
                    right = starts[index + 1] - 2 if index + 1 < len(hand) else None
                    column = "\n".join(row[left:right] for row in rows)
                    for words in _says_where(kind):
                        assert words in column, (kind, words, "\n".join(rows))
                    kinds_seen.add(kind)
                await table.close()
                await pilot.app.pop_screen()
    assert len(kinds_seen) >= 6, kinds_seen
