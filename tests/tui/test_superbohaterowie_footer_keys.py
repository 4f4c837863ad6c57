"""Superbohaterowie's footer offers n (the next legal choice) only when there is a choice
on the board to move to: between the games of a series, and with a hand neither card of
which can be played, it read "n Next" and n did nothing."""

from __future__ import annotations

from typing import Any

from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import (
    PEOPLE,
    _between_games,
    _until_only_discarding,
    held_table_at,
)
from tui.app import HuntersApp
from tui.settings import Settings


async def test_n_is_offered_only_with_a_choice_on_the_board() -> None:
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for match in (_between_games(), _until_only_discarding()):
            screen, table = await held_table_at(pilot, match, PEOPLE, 0)
            widget: Any = screen.query_one("#board")
            assert not widget.check_action("next_choice", ())
            before = widget.cursor
            await pilot.press("n")
            assert widget.cursor == before
            await table.close()
            await pilot.app.pop_screen()


def _footer(app: HuntersApp) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


async def test_between_games_the_footer_offers_only_keys_that_do_something() -> None:
    """Between the games of a series no card is played: the footer read "⏎ Choose" (Enter
    only said to press c), "n Next" and "esc Back" (both did nothing). It offers c, and
    Enter still says what to press."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _between_games()
        screen, table = await held_table_at(pilot, match, PEOPLE, 0)
        await pilot.pause()
        footer = _footer(app)
        assert "c Next game" in footer
        for word in ("Choose", "Next ", "Back", "Discard"):
            assert word not in footer.replace("Next game", ""), (word, footer)
        widget: Any = screen.query_one("#board")
        await pilot.press("enter")
        await pilot.pause()
        assert widget.keys == []
        assert "press c" in " ".join(n.message for n in app._notifications).lower()
        assert 0 in match.to_act()  # Enter is not c
        await table.close()


async def test_with_only_a_discard_the_footer_offers_d_and_then_enter_to_confirm() -> None:
    """Neither card playable: only d does something (Enter said "press d", n and Esc did
    nothing), until d asks to confirm: then Enter discards and Esc keeps the cards."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        match = _until_only_discarding()
        _, table = await held_table_at(pilot, match, PEOPLE, 0)
        await pilot.pause()
        footer = _footer(app)
        assert "d Discard" in footer
        for word in ("Choose", "Next", "Back"):
            assert word not in footer, (word, footer)
        await pilot.press("enter")
        await pilot.pause()
        assert "press d" in " ".join(n.message for n in app._notifications).lower()
        await pilot.press("d")
        await pilot.pause()
        await pilot.pause()
        footer = _footer(app)
        assert "Choose" in footer and "Back" in footer, footer
        version = match.version
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert match.version == version + 1
        await table.close()
