"""The turn bell setting: a bell and the window's title when a player's turn comes."""

from __future__ import annotations

from typing import Any

from core.table import Seat, TableSetup
from tests.tui.game_driver import play_by_keys, settle
from tui.app import HuntersApp
from tui.screens.game import GameScreen, turn_title
from tui.settings import Settings

SEATS = (Seat("Ala"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))


async def _played_one_move(bell: bool) -> tuple[list[str], int]:
    """What the app wrote for the window's title, and how often it rang, as Ala plays a move
    and the bots answer; then the app ends."""
    app = HuntersApp(Settings(bot_delay=0, turn_bell=bell))
    written: list[str] = []
    rings = 0

    def ring() -> None:
        nonlocal rings
        rings += 1

    async with app.run_test(size=(80, 24)) as pilot:
        driver: Any = app._driver
        driver.write = written.append
        app.bell = ring  # type: ignore[method-assign]
        app.start_game(TableSetup("superbohaterowie", SEATS, {}, 7))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        for _ in range(200):
            await settle(pilot, screen)
            if rings or not bell:
                break
        await settle(pilot, screen)
    return written, rings


async def test_the_turn_comes_back_with_a_bell_and_the_window_says_so() -> None:
    written, rings = await _played_one_move(bell=True)
    titles = [w for w in written if w.startswith("\x1b]2;")]
    assert titles[0] == "\x1b]2;▶ Your turn: Superbohaterowie\x07"
    assert "\x1b]2;Superbohaterowie (Hunters)\x07" in titles  # the bots' turns
    assert titles[-1] == "\x1b]2;▶ Your turn: Superbohaterowie\x07"
    assert rings == 1  # the first turn was not 'after someone else's'
    # The terminal's own title is kept before the first and given back at the end.
    assert written.index("\x1b[22;0t") < written.index(titles[0])
    assert written.index("\x1b[23;0t") > max(i for i, w in enumerate(written) if w in titles)


async def test_without_the_setting_the_title_and_bell_stay_alone() -> None:
    written, rings = await _played_one_move(bell=False)
    assert rings == 0
    assert not [w for w in written if "\x1b]2;" in w or "\x1b[22;0t" in w]


def test_at_one_keyboard_the_title_names_whose_turn_it_is() -> None:
    from core.match import Match
    from tests.tui.board_helpers import update_of

    update = update_of(Match.new("superbohaterowie", 2, seed=1), 0, names=("Ala", "Olek"))
    assert turn_title(update, "Superbohaterowie", hot_seat=True).startswith("▶ Your turn, Ala:")


async def test_a_title_is_written_with_printable_characters_only() -> None:
    app = HuntersApp(Settings())
    async with app.run_test(size=(80, 24)):
        written: list[str] = []
        driver: Any = app._driver
        driver.write = written.append
        app.window_title("ala\x1b]2;pwned\x07\x9b31m" + "x" * 200)
        title = written[-1]
        assert title.startswith("\x1b]2;ala]2;pwned") and title.endswith("\x07")
        assert "\x1b" not in title[1:] and "\x9b" not in title
        assert len(title) == len("\x1b]2;\x07") + 80
