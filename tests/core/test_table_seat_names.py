"""A seat someone else plays from mid-game (a served table's host gave it away): new lines
name the new player, the recent lines a joiner is given keep the old one's moves as theirs."""

from __future__ import annotations

import dataclasses

from core.match import Match
from core.table import Seat, Table


async def test_recent_lines_keep_the_name_of_whoever_made_the_moves() -> None:
    match = Match.new("superbohaterowie", 2, seed=3)
    table = Table(match, (Seat("ala"), Seat("olek")), bot_delay=0)
    await table.start()
    await table.submit(0, match.legal(0)[0])
    before = table.recent
    assert any("{p0}" in line for line in before) and any("{p1}" in line for line in before)
    table.seats = (table.seats[0], dataclasses.replace(table.seats[1], name="eve"))
    assert table.recent == tuple(line.replace("{p1}", "olek") for line in before)
    assert table.update_for(None).names == ("ala", "eve")
    await table.submit(1, match.legal(1)[0])
    assert any("{p1}" in line for line in table.recent[len(before) :])
    await table.close()
