"""A change of the hall redraws only what changed in each guest's lobby (#14): fifty lobbies
redraw for one seat taken, so a lobby line is drawn again only when its text changed, and
the screen is laid out again only when a line's height changes; a line that wraps onto more
rows still shows whole at 80x24."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from core.table import Seat, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.hall import OPEN, Hall
from net.lobby import LobbyScreen
from tests.net.hall_setups import pilot_until
from tests.tui import screen_text
from tui.settings import Settings

textual_fixes.apply()

SETUP = TableSetup("orb-hunters", (Seat("open", OPEN), Seat("open", OPEN)))


def _hall(tmp_path: Path, *names: str) -> Hall:
    hall = Hall(tmp_path / "data", bot_delay=5, idle=0)
    for name in ("ala", *names):
        hall.arrive(name)
    hall.configure("ala", SETUP)
    return hall


def _screen_rows(app: HallApp) -> str:
    return " ".join(screen_text(app).split())


async def test_a_seat_taken_redraws_only_the_lines_it_changed(tmp_path: Path) -> None:
    hall = _hall(tmp_path, "olek", "eve")
    app = HallApp(hall, "eve", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot_until(pilot, lambda: "Not seated yet" in screen_text(app))
        lines = list(app.screen.query_one("#lobby-lines").children)
        drawn: list[str] = []
        for line in lines:
            assert isinstance(line, Static)
            update = line.update
            line.update = (  # type: ignore[method-assign]
                lambda content="", *, layout=True, update=update: (
                    drawn.append(str(content)),
                    update(content, layout=layout),
                )[1]
            )
        hall.take_seat("olek", 0)
        await pilot_until(pilot, lambda: "1. olek" in screen_text(app))
        assert sorted(drawn) == ["  1. olek", "Not seated yet: ala and eve."]
        drawn.clear()
        hall._changed()  # nothing eve sees changed: nothing is drawn
        await pilot.pause(0.2)
        assert drawn == []


async def test_a_line_that_wraps_onto_more_rows_shows_whole(tmp_path: Path) -> None:
    """The guests not seated fill two rows, then three: the lines below still show."""
    hall = _hall(tmp_path, "eve")
    app = HallApp(hall, "eve", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot_until(pilot, lambda: "Not seated yet" in screen_text(app))
        names = [f"guest{n:02}" for n in range(1, 16)]
        for name in names:
            hall.arrive(name)
            await pilot.pause(0.1)
            await pilot_until(pilot, lambda name=name: name in _screen_rows(app))
            shown = _screen_rows(app)
            assert "Press y to chat with everyone here" in shown
            assert all(other in shown for other in names[: names.index(name) + 1])
