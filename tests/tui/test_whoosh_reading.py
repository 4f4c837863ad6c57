"""Whoosh read in words (issue #15, found in play at 80x24 and 160x45): the players' rows
were codes ("░26 ★0 ✗7") even with room to spare, the news line told the reader "✗ Root
blundered" about themselves, and "tie 11" on a Monster card was never explained."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from core.engine import TABLE
from core.games.whoosh.data import MONSTERS
from core.match import Match
from tests.tui.board_helpers import update_of
from tests.tui.test_board_whoosh import _board, _played, _text
from tui.boards import whoosh_faces as faces
from tui.boards.whoosh_words import LEGEND

NAMES = ("Root", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)", "Ewa", "Jan", "Iga", "Ola")


@pytest.mark.parametrize(
    ("players", "width", "room"),
    [(4, 104, 42), (8, 104, 42), (8, 104, 22), (2, 78, 17)],
    ids=["boxed-160x45", "eight-boxed-160x45", "one-line-160x28", "boxed-80x24"],
)
def test_the_players_rows_say_their_counts_in_words_where_they_have_room(
    players: int, width: int, room: int
) -> None:
    """Each player's captures, mistakes and points (and, on a one-line row, the cards in
    their pile) in words, no ★ ✗ codes: boxed rows and one-line rows alike."""
    match = _played(players, 2 * players)
    update = update_of(match, 0, NAMES[:players])
    text = _text(_board(update), width, room)
    lines = text.splitlines()
    assert len(lines) <= room and all(len(line) <= width for line in lines), text
    assert text.count("0 captures, 0 mistakes") == players, text
    assert len(re.findall(r"\b0 points\b", text)) == players, text
    assert not re.search(r"[★✗]\d", text), text
    if width > 80 and (players, room) != (8, 42):
        # The pile's count in words too (a boxed row with cards two lines high has a line
        # for it; eight boxed rows at 160x45 are one line high and show it on the pile).
        piles = update.view["pile_sizes"]
        assert all(f"{pile} cards in pile" in text for pile in piles), text


def test_at_80x24_with_eight_players_every_code_on_a_row_is_in_the_legend() -> None:
    """Eight one-line rows at 80 columns keep their codes; the legend names each one."""
    match = _played(8, 16)
    text = _text(_board(update_of(match, 0, NAMES)), 78, 17)
    assert re.search(r"░\d+ ★\d ✗\d +\d pts", text), text
    shorts = " ".join(short for short, _ in LEGEND)
    for code in ("░27", "★2", "✗1", "2 pts"):
        assert code in shorts, code


def test_the_news_line_tells_the_reader_what_they_did_as_you() -> None:
    """Your own hand going down and your own mistake read "You …", never your name; another
    player's keep their name."""
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 50})
    match.act(0, ("reveal",))
    match.act(0, ("claim", 1, match.state.generation), at_ns=5)
    names = ("Root", "Olek", "Ewa")
    pending = _board(update_of(match, 0, names))
    text = _text(pending)
    assert "Hands down: You on Monster 2…" in text, text
    assert "─ hand: you ─" in text.splitlines()[0], text
    before = match.view(None)
    match.act(TABLE, ("settle",))
    after = update_of(match, 0, names)
    mine = _board(after)._news(before, after)
    assert mine is not None and mine.plain.startswith("✗ You blundered, −1 face down: the ")
    theirs = _board(update_of(match, 1, names))._news(before, update_of(match, 1, names))
    assert theirs is not None and theirs.plain.startswith("✗ Root blundered, ")


@pytest.mark.parametrize(("width", "room"), [(78, 17), (78, 40), (104, 42), (131, 57)])
def test_a_monsters_tie_number_says_what_it_is_for_where_the_card_has_room(
    width: int, room: int
) -> None:
    """On a card with a line to spare the tie number reads "tie 15 (higher wins)" or
    longer; a card with none keeps "tie 15" on its edge. The legend says what it means."""
    plan = faces.plan_for(width, room, 3, ["Root (you)", "Olek", "Ewa"])
    worded = 0
    for monster in MONSTERS:
        card = faces.MonsterFace(monster.name, monster.symbols, monster.value, monster.tie, 7)
        rows = [row.plain for row in faces.monster_card(0, card, plan, fresh=True)]
        assert "…" not in "".join(rows) and len({len(row) for row in rows}) == 1
        body = " ".join(rows[2:-1])
        if f"tie {monster.tie}" in rows[-1] or f"tie-break {monster.tie}" in rows[-1]:
            continue
        assert re.search(rf"tie(-break)? {monster.tie}:? \(?(the )?higher wins", body), rows
        assert "new" in rows[-1] and "7 left" in rows[-1]
        worded += 1
    assert worded >= len(MONSTERS) * 2 // 3, worded
    meaning = dict(LEGEND)["tie 15"]
    assert "same moment" in meaning and "higher" in meaning
    assert Counter(short for short, _ in LEGEND)["tie 15"] == 1
