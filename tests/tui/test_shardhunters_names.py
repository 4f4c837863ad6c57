"""One player, one name on a Shardhunters screen (issue #15): a newcomer saw "Bot 2" on its
own line and "Bot 2 (normal)" in the Combats and the prompt of the same board, and read
them as two players. A bot's level is said once, on its own side's line; everywhere else
on the board the bot is "Bot 2"."""

from __future__ import annotations

import re

import pytest

from tests.tui.board_helpers import update_of
from tests.tui.test_shardhunters_legible import NAMES, _positions, read_boards
from tui.boards import shardhunters as board


def _own_line(number: int) -> re.Pattern[str]:
    """Where a bot's side line names it: its marker, its name, then its facts (or nothing:
    the facts on the next line)."""
    return re.compile(rf"(^|  )(▶ )?{number} Bot {number} \(normal\)( · |  |$)")


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_bot_is_named_one_way_on_the_board(size: tuple[int, int]) -> None:
    """Positions of whole 4-player games shown to seat 0: a bot's level ("(normal)") is on
    the board at most once, on its own side's line, never in a Combat or the prompt."""
    checked = 0
    for lines in await read_boards(size, seeds=range(2), every=0.08):
        for number in (2, 3, 4):
            full = f"Bot {number} (normal)"
            said = [line for line in lines if full in line]
            own = [line for line in said if _own_line(number).search(line)]
            assert said == own and len(own) <= 1, "\n".join(lines)
        checked += 1
    assert checked > 20, checked


def test_the_prompt_names_the_bots_waited_for_as_the_board_does() -> None:
    """ "Waiting for Bot 2, Bot 3…": the names without their level, whatever the width."""
    seen = 0
    for match in _positions(4, range(2), 0.1):
        update = update_of(match, 0, names=NAMES)
        if update.outcome is not None or 0 in update.acting:
            continue
        for width in (0, 78, 158):
            said = board.prompt(update, [], [], width=width)
            assert "Waiting for Bot " in said and "(normal)" not in said, said
        seen += 1
    assert seen > 3, seen


async def test_the_sides_lines_give_way_together_at_80x24() -> None:
    """ "2 Bot 2 · 0 shards" over "3 Bot 3 (normal) · 2 Bloodshards": one side's line
    short of room said its name and Bloodshards shorter than the others', and a newcomer
    wondered why Bot 3 was "normal" and Bot 2 not. The sides' lines in one line each say
    the names and the Bloodshards in the same form."""
    checked = 0
    for lines in await read_boards((80, 24), seeds=range(2), every=0.08):
        sides = [line for line in lines if re.match(r"^(▶ )?[2-4] Bot \d", line)]
        if len(sides) < 3:
            continue
        levels = {"(normal)" in line for line in sides}
        shards = {bool(re.search(r" · \d+ Bloodshards? · ", line)) for line in sides}
        assert len(levels) == 1 and len(shards) == 1, "\n".join(lines)
        checked += 1
    assert checked > 20, checked
