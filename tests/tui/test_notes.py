"""Dropped players on every board: their row says so in words, and says so no more on return."""

from __future__ import annotations

import pytest

from core.games import GAMES
from core.match import Match
from core.table import Seat, TableSetup
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog

NAMES = ("Ala", "Bartholomew Kent", "Olek", "Ewa-Magdalena K.", "Jan", "Iga", "Max", "Ola")
"""Long names (16 characters, the most a seat may have) for the seats that drop."""
WAITING = "disconnected, a bot stands in after 3600 s"
"""The longest note the table gives: the grace period is at most an hour."""
STANDING_IN = "disconnected, a bot plays meanwhile"


def _row_shows(text: str, name: str, note: str) -> bool:
    """Whether the line naming ``name`` (or the two after it: a row may put its note below,
    a paragraph may wrap) carries the whole ``note``, word for word."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if name in line:
            words = " ".join(lines[index : index + 3]).split()
            if " ".join(note.split()) in " ".join(words):
                return True
    return False


@pytest.mark.parametrize("slug", list(BOARDS))
async def test_a_dropped_player_is_shown_on_their_row_at_80x24(slug: str) -> None:
    """The table's note is on the dropped player's row in full, the next note replaces it,
    and once they are back the row is plain again and the log says they returned."""
    players = GAMES[slug].players[-1]
    seats = tuple(Seat(NAMES[i], "human" if i == 0 else "remote") for i in range(players))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(TableSetup(slug, seats, {}, 5))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = screen.table
        assert table is not None
        last = players - 1
        table.set_note(1, WAITING)
        table.set_note(last, WAITING)
        await pilot.pause()
        text = screen_text(app)
        # Whoosh gives a name 12 columns at 80: the row shows its first word.
        assert _row_shows(text, "Bartholomew", WAITING), text
        assert _row_shows(text, NAMES[last][:11], WAITING), text
        table.set_note(last, STANDING_IN)
        await pilot.pause()
        text = screen_text(app)
        assert _row_shows(text, NAMES[last][:11], STANDING_IN), text
        assert _row_shows(text, "Bartholomew", WAITING), text
        table.set_note(last, None)
        table.set_note(1, None)
        await pilot.pause()
        table_part = screen_text(app).split("─" * 40)[0]  # above the log
        assert "disconnected" not in table_part, table_part
        log = screen.query_one(EventLog).lines_shown
        assert f"{NAMES[last]} is {WAITING}." in log
        assert f"{NAMES[last]} is {STANDING_IN}." in log
        assert f"{NAMES[last]} is back." in log and "Bartholomew Kent is back." in log


@pytest.mark.parametrize("slug", list(BOARDS))
def test_a_dropped_player_is_read_out_in_a_sentence(slug: str) -> None:
    """Screen-reader sentences say who is disconnected and that a bot plays for them."""
    match = Match.new(slug, GAMES[slug].players[-1], seed=5)
    update = update_of(match, 0, NAMES[: match.seats], notes={1: STANDING_IN})
    lines = BOARDS[slug].describe(update)
    assert any(f"Bartholomew Kent is {STANDING_IN}." in line for line in lines), lines
    assert not any("disconnected" in line for line in BOARDS[slug].describe(update_of(match)))


def test_update_of_carries_notes() -> None:
    """The helper's notes reach the update as the table's own (so the tests above are real)."""
    match = Match.new("whoosh", 2, seed=1)
    assert update_of(match, 0, notes={1: STANDING_IN}).notes == {1: STANDING_IN}
    assert update_of(match, 0).notes == {}
