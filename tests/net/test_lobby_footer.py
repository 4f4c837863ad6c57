"""The lobby's footer at 80x24 holds every key it offers, whoever reads it and whenever:
the host, a player, a spectator; before the game, while it goes on, after it (#18)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.table import Seat, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.hall import OPEN, Hall
from net.lobby import LobbyScreen
from tests.net.hall_setups import pilot_until
from tests.tui import screen_text
from tui.settings import Settings

textual_fixes.apply()

SETUP = TableSetup(
    "orb-hunters",
    (Seat("open", OPEN), Seat("open", OPEN), Seat("Bot 3", "bot", "random")),
)


def _offered(app: HallApp) -> list[str]:
    """Each key the lobby's footer is meant to show now, as "key Description"."""
    shown: dict[str, str] = {}
    for _, binding, _, _ in app.screen.active_bindings.values():
        if binding.show and binding.action not in shown:
            shown[binding.action] = f"{app.get_key_display(binding)} {binding.description}"
    return list(shown.values())


def _footer(app: HallApp) -> str:
    """The footer's rows: the screen's last rows, below the lobby's status line."""
    rows = screen_text(app).rstrip("\n").split("\n")
    return "\n".join(rows[-3:])


@pytest.mark.parametrize("phase", ["lobby", "playing", "over"])
@pytest.mark.parametrize("who", ["ala", "olek", "eve"])
async def test_at_80x24_the_lobby_footer_shows_every_key(
    tmp_path: Path, phase: str, who: str
) -> None:
    """ala hosts, olek sits, eve watches; in the lobby before the game, while it goes on
    (back in the lobby) and after it (from the results), each one's footer shows each of
    its keys whole (at 80 columns it cut '^q Quit' or 'f1 Help' off)."""
    hall = Hall(tmp_path / "data", bot_delay=5, idle=0)
    for name in ("ala", "olek", "eve"):
        hall.arrive(name)
    hall.configure("ala", SETUP)
    hall.take_seat("ala", 0)
    hall.take_seat("olek", 1)
    if phase != "lobby":
        await hall.start("ala")
    if phase == "over":  # bots play the game to its end
        table = hall.table
        assert table is not None
        table.bot_delay = 0
        table.stand_in(0, "random")
        table.stand_in(1, "random")
        async with asyncio.timeout(60):
            while hall.phase != "over":
                await asyncio.sleep(0.05)
    app = HallApp(hall, who, Settings())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            if phase == "playing":  # a player back in the lobby, or a spectator there
                await pilot_until(pilot, lambda: not isinstance(app.screen, LobbyScreen))
                await pilot.press("q")
            # After the game a guest who comes lands in the lobby: the results were read.
            await pilot_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot_until(pilot, lambda: "Settings" in _footer(app))  # composed after a refresh
            offered = _offered(app)
            assert "^q Quit" in offered and "f1 Help" in offered
            if phase == "playing":
                assert "b Back to the game" in offered
            if phase == "over":
                assert "s Rematch" in offered
            footer = _footer(app)
            missing = [key for key in offered if key not in footer]
            assert not missing, f"not in the footer {footer!r}: {missing}"
    finally:
        await hall.close()


async def test_the_sit_key_names_the_seats_the_table_has(tmp_path: Path) -> None:
    """A three-seat table's footer said '1-8 Sit' (Whoosh seats up to eight): it names the
    keys that seat someone here, '1-2 Sit' (seat 3 is a bot's), and follows the setup when
    it changes."""
    hall = Hall(tmp_path / "data", bot_delay=5, idle=0)
    hall.arrive("ala")
    hall.configure("ala", SETUP)
    app = HallApp(hall, "ala", Settings())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot_until(pilot, lambda: "Settings" in _footer(app))
            assert "1-2 Sit" in _footer(app) and "1-8" not in _footer(app)
            five = TableSetup("orb-hunters", tuple(Seat("open", OPEN) for _ in range(5)))
            hall.configure("ala", five)
            await pilot_until(pilot, lambda: "1-5 Sit" in _footer(app))
    finally:
        await hall.close()


FOUR = TableSetup("orb-hunters", tuple(Seat("open", OPEN) for _ in range(4)))


@pytest.mark.parametrize(
    ("setup", "seated", "sit"),
    [
        (SETUP, {}, "1-2 Sit"),  # seat 3 is a bot's: its key seats nobody
        (SETUP, {"ala": 0}, "2 Sit"),  # ala's own seat is not offered again
        (SETUP, {"ala": 0, "olek": 1}, None),  # every seat taken: nothing to sit on
        (FOUR, {"olek": 1}, "1,3-4 Sit"),
    ],
    ids=["bot-seat", "own-seat", "full", "gap"],
)
async def test_the_sit_key_offers_only_free_seats(
    tmp_path: Path, setup: TableSetup, seated: dict[str, int], sit: str | None
) -> None:
    """A seated player at a full table was offered '1-3 Sit' (#20): the footer names the
    seats a key would sit on, and none when there is none; a taken seat's key still says
    why it seats nobody."""
    hall = Hall(tmp_path / "data", bot_delay=5, idle=0)
    for name in ("ala", "olek"):
        hall.arrive(name)
    hall.configure("ala", setup)
    for name, seat in seated.items():
        hall.take_seat(name, seat)
    app = HallApp(hall, "ala", Settings())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            sits = [key for key in _offered(app) if key.endswith(" Sit")]
            assert sits == ([sit] if sit else [])
            if not sit:
                await pilot.press("2")
                await pilot_until(pilot, lambda: "seat 2 is taken by olek" in screen_text(app))
    finally:
        await hall.close()
