"""The heroes drawn at the Tavern say their abilities on the board at 80x24 (issue #15): a
newcomer saw two cards with names only, and each ability only in the details line, one at a
time. The hero under the cursor says its ability whole; the others as much as fits, cut
between words."""

from __future__ import annotations

from core.games.shardhunters.data import HEROES, hero_name
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tests.tui.test_shardhunters_heroes import _at_the_tavern
from tests.tui.test_shardhunters_legible import _board_lines
from tui.app import HuntersApp
from tui.settings import Settings

SEATS = (Seat("Ala"), *(Seat(f"Bot {n} (normal)", "bot", "normal") for n in (2, 3, 4)))


def _words(text: str) -> list[str]:
    return text.replace("…", " ").split()


async def test_the_heroes_to_recruit_say_their_abilities_at_80x24() -> None:
    match = _at_the_tavern()
    match.act(0, ("pay",))
    offer = list(match.state.offer)
    assert len(offer) == 2
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        _, table = await held_table_at(pilot, match, SEATS)
        await pilot.pause()
        for focus in (0, 1):
            board = _board_lines(screen_text(app))
            details = next(i for i, line in enumerate(board) if line.startswith("◆ Recruit"))
            shown = " ".join(board[:details])  # the board above its details line
            words = _words(shown)
            focused, other = offer[focus], offer[1 - focus]
            whole = _words(f"{hero_name(focused)}: {HEROES[focused].ability}")
            at = next(i for i, w in enumerate(words) if w == whole[0] and words[i + 1] == whole[1])
            assert words[at : at + len(whole)] == whole, (focused, shown)
            # The other hero: its name and the start of its ability, whole words only.
            line = next(line for line in board if f"{hero_name(other)}: " in line)
            start = line.split(f"{hero_name(other)}: ", 1)[1].strip()
            ability = HEROES[other].ability
            assert len(start) > 20 and ability.startswith(start.removesuffix("…")), line
            if start.endswith("…"):
                assert ability[len(start) - 1] == " ", line  # cut between words
            await pilot.press("right")
            await pilot.pause()
        await table.close()
