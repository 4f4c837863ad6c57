"""Long card texts read whole where the screen has room (issue #15, found in play): in a
Superbohaterowie series an element superhero's text (about 170 characters) and a long Orb
Hunters relic text were cut after two rows at a whole word ("… which is …") at 120x40,
160x45 and 200x60, rows left under the board. At 80x24 two rows and `i` stay."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui import screen_text

SIZES = [(120, 40), (160, 45), (200, 60)]


def _shown(app: Any, board: Any) -> str:
    part = board.part_region("details")
    rows = screen_text(app).splitlines()[part.y : part.bottom]
    return " ".join(row[part.x : part.right].strip() for row in rows).strip()


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("size", SIZES)
async def test_a_superhero_text_reads_whole_where_there_is_room(
    size: tuple[int, int], players: int
) -> None:
    from tests.tui.test_board_superbohaterowie import _snapshot

    app, run_before = _snapshot(size, players, series=3)
    async with app.run_test(size=size) as pilot:
        await run_before(pilot)
        await pilot.press("escape")
        await pilot.pause()
        board: Any = app.screen.query_one("#board")
        longest = 0
        for _ in range(players + 1):
            for _ in range(5):
                details = board.details()
                longest = max(longest, len(details))
                assert _shown(app, board) == details, (size, board.cursor, screen_text(app))
                await pilot.press("right")
            await pilot.press("down", *["left"] * 5)
        assert longest > 170


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("size", SIZES)
async def test_a_relic_text_reads_whole_where_there_is_room(
    size: tuple[int, int], players: int
) -> None:
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        match = _played(players, players + 3, 8)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        board: Any = screen.query_one("#board")
        longest = 0
        for _ in range(4):
            for _ in range(8):
                details = f"i ▸ {board.details()}"
                longest = max(longest, len(details))
                region = board.region
                rows = screen_text(app).splitlines()[region.y : region.bottom]
                text = " ".join(" ".join(r[region.x : region.right] for r in rows).split())
                assert details in text, (size, board.cursor, details, screen_text(app))
                await pilot.press("right")
            await pilot.press("down", *["left"] * 8)
        assert longest > 120, longest  # longer than a row of the board


async def test_rows_freed_for_the_details_let_the_cards_say_their_texts() -> None:
    """Four players at 120x40: the details line's third row cost the tracks, and the six
    rows freed stood empty while the hand's skills ("sends the last…") and the relics'
    effects ("take the visible relic of the…") stayed cut: they take them."""
    from tests.tui.test_board_orb_hunters import _played
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        match = _played(4, 7, 8)
        screen = await _screen_at(pilot, match, min(match.to_act()))
        board: Any = screen.query_one("#board")
        await pilot.pause()
        region = board.region
        rows = [r[region.x : region.right] for r in screen_text(app).splitlines()]
        cards = [r for r in rows[region.y : region.bottom] if r.lstrip().startswith(("│", "┃"))]
        assert board._layout().details_rows > 2
        assert cards and not [r for r in cards if "…" in r], "\n".join(rows)


def _dealt(slug: str, players: int, wanted: Any) -> tuple[Any, int]:
    """The first position of random play (seeds in turn) where ``wanted(view)`` holds for
    the seat to act."""
    import random

    from core.match import Match

    for seed in range(100):
        match = Match.new(slug, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            if wanted(match.view(seat)):
                return match, seat
            match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no such position")


def _killer_of_nobody_in_hand(view: dict[str, Any]) -> bool:
    """A Killer of a colour nobody plays: its text is the longest of a hand."""
    from core.games.orb_hunters.data import colour_of, skill

    played = {c for colours in view["colours"] for c in colours}
    hand = view["hand"] or []
    return not view["pending"] and any(
        skill(c) == "killer" and colour_of(c) not in played for c in hand
    )


def _wind_in_hand(view: dict[str, Any]) -> bool:
    return any(c.startswith("wind") for c in view["hand"] or [])


@pytest.mark.parametrize(
    ("slug", "wanted"),
    [("orb-hunters", _killer_of_nobody_in_hand), ("superbohaterowie", _wind_in_hand)],
)
async def test_a_card_in_hand_reads_whole_at_80x24(slug: str, wanted: Any) -> None:
    """At 80x24 Orb Hunters' Sly card ("… only a Shielded or a Trenti skill …"; a Killer
    nobody plays says more) and
    Superbohaterowie's wind superhero ("… Covered by leaf or chainsaw superheroes, …")
    were cut after two rows, a row of the log under them empty: the details take a third
    row from the log where a card to choose needs it."""
    from tests.tui.test_board_superbohaterowie import _screen_at
    from tui.app import HuntersApp
    from tui.settings import Settings

    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match, seat = _dealt(slug, 4, wanted)
        screen = await _screen_at(pilot, match, seat)
        board: Any = screen.query_one("#board")
        await pilot.pause()
        longest = 0
        for _ in range(len(match.view(seat)["hand"])):
            details = board.details()
            longest = max(longest, len(details))
            assert _shown(app, board).removeprefix("i ▸ ") == details, screen_text(app)
            await pilot.press("right")
        assert longest > 2 * 76, longest
        rows = screen_text(app).splitlines()
        log = next(i for i, row in enumerate(rows) if row.startswith("────"))
        assert rows[-2].strip() and log >= len(rows) - 4, rows  # the log keeps a line or two
