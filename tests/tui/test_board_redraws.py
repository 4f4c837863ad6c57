"""A table's board draws once per update: its own parts growing or shrinking lay the screen
out again, which resizes the board (its height), and that must not draw it all once more.
Every guest's screen pays for each draw (issue #15)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.text import Text

from core.engine import TABLE
from core.table import Seat, TableSetup
from tui.app import HuntersApp
from tui.boards import shardhunters
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.show import Parts

OPTIONS: dict[str, dict[str, Any]] = {
    "superbohaterowie": {"series": 10},
    # No timer, no tie window, no wait for remote players' latency: no claim is settled by
    # the table's clock between a legal move and its turn (a claim was overtaken under load).
    "whoosh": {"turn_timer": 0, "tie_window": 0, "fair_remote": False},
}
DRAW = {"orb-hunters": "_redraw"}
"""The board method that draws its parts (``_draw`` unless named here)."""


async def _play(
    slug: str, size: tuple[int, int], actions: int, before: Any = None
) -> tuple[int, int, int]:
    """Ala's screen while the table plays ``actions`` first legal moves (Bob's as a remote
    player's): how often the board was shown an update, drew itself, and was resized."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=size) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        app.start_game(TableSetup(slug, seats, OPTIONS.get(slug, {}), 1))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.table is not None
        await pilot.pause()
        board: Any = screen.query_one("#board")
        counts = {"show": 0, "draw": 0, "resize": 0}

        def counting(name: str, key: str) -> None:
            original = getattr(board, name)

            def counted(*args: Any, **kwargs: Any) -> Any:
                counts[key] += 1
                return original(*args, **kwargs)

            setattr(board, name, counted)

        counting("show", "show")
        counting(DRAW.get(slug, "_draw"), "draw")
        original_post = board.post_message

        def post(message: Any) -> Any:
            if type(message).__name__ == "Resize":
                counts["resize"] += 1
            return original_post(message)

        board.post_message = post
        if before is not None:
            before()
        for _ in range(actions):
            match = screen.table.match
            if match.outcome() is None and not match.to_act():
                await asyncio.sleep(0.01)
            if match.outcome() is not None or not match.to_act():
                break
            acting = sorted(match.to_act())
            seat = acting[0] if acting[0] != TABLE else acting[-1]
            await screen.table.submit(seat, match.legal(seat)[0])
            await pilot.pause()
        await pilot.pause()
        return counts["show"], counts["draw"], counts["resize"]


@pytest.mark.parametrize(
    "slug", ["shardhunters", "superbohaterowie", "whoosh", "orb-hunters", "comic-hunters"]
)
async def test_an_update_draws_the_board_once(slug: str) -> None:
    shows, draws, _ = await _play(slug, (80, 24), 40)
    assert shows >= 10
    assert draws == shows


def _growing_and_shrinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shardhunters' board keeps its height through a phase now (its spare rows take what
    its parts leave): here they are 0, 1 or 2 rows by the position instead, as its Combats
    and hand grew and shrank before, so that the board is resized by its own parts."""

    def fill(board: Any, update: Any, width: int, parts: Any) -> None:
        spare = update.version % 3
        parts.set_shown(shardhunters.SPARE, spare > 0)
        if spare:
            parts.show(shardhunters.SPARE, spare, lambda: Text("\n" * (spare - 1)))

    monkeypatch.setattr(shardhunters.Board, "_fill", fill)


async def test_the_board_is_resized_by_its_own_parts_and_draws_once_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A board whose parts change their height in these moves is resized (the screen laid
    out again), and still drawn once per update."""
    _growing_and_shrinking(monkeypatch)
    shows, draws, resizes = await _play("shardhunters", (80, 24), 40)
    assert resizes >= 5
    assert draws == shows


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_a_part_changing_height_lays_the_screen_out_once(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual lays the screen out again whenever a widget's size changed in a layout (its
    virtual size asks for one): every update that grew a part of the board was laid out
    twice, each time the whole screen, and the second moved nothing. (A few layouts asked
    for by the board itself move nothing still: Shardhunters hides and shows its row of
    choices.)"""
    layouts: list[bool] = []
    original = GameScreen._refresh_layout

    def counted(screen: GameScreen, *args: Any, **kwargs: Any) -> None:
        before = dict(screen._compositor._full_map)
        original(screen, *args, **kwargs)
        layouts.append(before != screen._compositor._full_map)  # something moved

    _growing_and_shrinking(monkeypatch)
    GameScreen._refresh_layout = counted  # type: ignore[method-assign]
    try:
        _, _, resizes = await _play("shardhunters", size, 30, before=layouts.clear)
    finally:
        GameScreen._refresh_layout = original  # type: ignore[method-assign]
    assert resizes >= 5
    assert len(layouts) >= resizes
    assert layouts.count(False) <= len(layouts) // 10, str(layouts)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_a_tables_first_frame_is_laid_out_twice_at_most(size: tuple[int, int]) -> None:
    """Once as the screen is shown, once more for the board's first update. The screen's
    own Resize (its size set by that first layout, to the size it already has) laid the
    whole screen out once more in between, with the launcher behind it."""
    sizes: list[Any] = []
    original = GameScreen._refresh_layout

    def counted(screen: GameScreen, *args: Any, **kwargs: Any) -> None:
        sizes.append(screen.app.size)
        original(screen, *args, **kwargs)

    GameScreen._refresh_layout = counted  # type: ignore[method-assign]
    try:
        app = HuntersApp(Settings(bot_delay=0, summaries=False))
        async with app.run_test(size=size) as pilot:
            seats = (Seat("Ala"), Seat("Bob", "remote"))
            app.start_game(TableSetup("shardhunters", seats, {}, 1))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            while not screen.latest or screen._refresh_pending:
                await pilot.pause()
            await pilot.pause()
            assert "Hunt 1" in str(screen.query_one("#sh-parts", Parts).shown("head"))
            laid_out = len(sizes)
            await pilot.resize_terminal(size[0] - 1, size[1])  # a real resize: laid out
            await pilot.pause()
            assert len(sizes) > laid_out
            assert screen._compositor.size == (size[0] - 1, size[1])
    finally:
        GameScreen._refresh_layout = original  # type: ignore[method-assign]
    assert laid_out <= 2
