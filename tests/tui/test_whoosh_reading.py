"""Whoosh read in words (issue #15, found in play at 80x24 and 160x45): the players' rows
were codes ("░26 ★0 ✗7") even with room to spare, the news line told the reader "✗ Root
blundered" about themselves, and "tie 11" on a Monster card was never explained."""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections import Counter
from typing import Any

import pytest

from core.engine import TABLE, Event, Outcome, with_names
from core.games.whoosh.data import MONSTERS
from core.games.whoosh.scoring import can_capture
from core.match import Match
from core.table import Seat, TableSetup, Update
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_whoosh import _board, _played, _text
from tui.app import HuntersApp
from tui.boards import whoosh_faces as faces
from tui.boards.whoosh_words import HOW_TO_PLAY, LEGEND, counted, result_lines
from tui.screens.game import GameScreen
from tui.settings import Settings

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
    # A sentence a player reads ends as one: the capture's line ends with "!".
    assert mine.plain.endswith(".") and theirs.plain.endswith("."), (mine.plain, theirs.plain)


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


# -- one notation for counts (issue #15: "2×Ƭaxe", "†sword ×2", "ice×2", "2†sword") ----------

GLYPH_CHARS = "".join(glyph for glyph, _ in faces.GLYPHS.values())


def _notation_slips(text: str) -> list[str]:
    """Counts written any other way than "2×†sword": after the symbol ("†sword ×2",
    "ice×2") or a digit against a glyph ("2†sword")."""
    return re.findall(rf"[a-z] ?×\d|\d[{GLYPH_CHARS}]", text)


@pytest.mark.parametrize("room", [17, 40], ids=["short-cards", "tall-cards"])
def test_every_count_on_a_monster_card_is_written_count_times_symbol(room: int) -> None:
    plan = faces.plan_for(78, room, 2, ["Root (you)", "Olek"])
    for monster in MONSTERS:
        card = faces.MonsterFace(monster.name, monster.symbols, monster.value, monster.tie, 7)
        body = " ".join(row.plain for row in faces.monster_card(0, card, plan))
        assert not _notation_slips(body), body
        for symbol, count in Counter(monster.symbols).items():
            if count > 1:
                assert f"{count}×{faces.GLYPHS[symbol][0]}{symbol}" in body, body


def test_out_in_all_writes_its_counts_as_the_monsters_do() -> None:
    """ "Out in all" counts as a Monster card does ("2×†sword ▲fire"), so the two read alike
    token for token; nothing out is said once."""
    view = {"revealed": [["sword-1", "combo-bow-fire"], ["sword-2", "staff-1"]]}
    for width in (78, 160):
        line = faces.totals_line(view, width).plain
        assert line.startswith("Out in all: 2×†sword »bow ▲fire ✦staff"), line
        assert not _notation_slips(line), line
    assert faces.totals_line({"revealed": [[], []]}, 78).plain == "Out in all: nothing yet"


def test_the_capture_flash_the_legend_and_the_rules_use_the_same_notation() -> None:
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    for _ in range(200):
        before = match.view(None)
        symbols = [card for row in before["revealed_symbols"] for card in row]
        slots = [
            s
            for s, m in enumerate(before["monsters"])
            if m and can_capture(m["symbols"], symbols) and len(set(m["symbols"])) < 3
        ]
        if slots:
            break
        match.act(match.state.turn, ("reveal",))
    else:
        raise AssertionError("nothing capturable")
    match.act(1, ("claim", slots[0], match.state.generation))
    update = update_of(match, 0, ("Root", "Olek", "Ewa"))
    flash = _board(update)._news(before, update)
    assert flash is not None and "captured the " in flash.plain, flash
    assert not _notation_slips(flash.plain), flash.plain
    assert not _notation_slips(" ".join(f"{a} {b}" for a, b in LEGEND))
    assert not _notation_slips(HOW_TO_PLAY)
    assert counted(("sword", "sword", "fire")) == "2×sword, fire"


# -- the players' rows at 80x24 in words while they have room ---------------------------------


@pytest.mark.parametrize("reveals", [0, 4, 8])
def test_one_line_rows_at_80x24_say_their_counts_in_words_while_the_cards_fit(
    reveals: int,
) -> None:
    """Four players at 80x24 (one-line rows): the pile, captures, mistakes and points in
    words ("27 cards, 0 captured, 0 mistakes, 0 pts") as long as every row's revealed
    cards still fit beside them; never at the cost of a card."""
    match = _played(4, reveals)
    update = update_of(match, 0, NAMES[:4])
    lines = _text(_board(update), 78, 17).splitlines()
    rows = [line for line in lines if any(name in line for name in NAMES[:4])][:4]
    assert len(rows) == 4 and all(len(line) <= 78 for line in lines), lines
    for seat, row in enumerate(rows):
        pile = update.view["pile_sizes"][seat]
        assert re.search(rf"\b{pile} cards, 0 captured, 0 mistakes, +0 pts\b", row), row
        assert not re.search(r"[░★✗]\d", row) and "+" not in row.split("pts", 1)[1], row
        for card in update.view["revealed"][seat]:
            assert faces.card_text(card).plain in row, (card, row)


def test_one_line_rows_keep_their_codes_when_the_words_would_push_a_card_out() -> None:
    match = _played(4, 24)
    update = update_of(match, 0, NAMES[:4])
    text = _text(_board(update), 78, 17)
    assert re.search(r"░\d+ ★\d ✗\d +\d pts", text), text
    assert "captured, 0 mistakes" not in text, text


# -- too-late hands never hide the capture they came late for ---------------------------------


def _late_after_capture(taker: int, late: tuple[int, ...]) -> tuple[str, list[str]]:
    """A capture by ``taker`` and a too-late hand from each of ``late`` on the same board:
    the Monster taken and every log line from the capture on, as names fill them in."""
    match = Match.new("whoosh", 4, seed=3, options={"tie_window": 0, "fair_remote": False})
    slot = next(
        s
        for _ in range(200)
        for s in [_capturable_slot(match)]
        if s is not None or match.act(match.state.turn, ("reveal",)) is None
    )
    seen = match.state.generation
    monster = match.view(None)["monsters"][slot]["name"]
    events = match.act(taker, ("claim", slot, seen), at_ns=1)
    for number, seat in enumerate(late):
        events += match.act(seat, ("claim", slot, seen), at_ns=2 + number)
    assert [e["type"] for e in events].count("late") == len(late)
    start = next(i for i, e in enumerate(events) if e["type"] in ("capture", "mistake"))
    return monster, [with_names(e["text"], NAMES[:4]) for e in events[start:]]


def _capturable_slot(match: Match) -> int | None:
    view = match.view(None)
    symbols = [card for row in view["revealed_symbols"] for card in row]
    return next(
        (
            s
            for s, m in enumerate(view["monsters"])
            if m is not None and can_capture(m["symbols"], symbols)
        ),
        None,
    )


def test_the_log_line_after_a_capture_takes_one_line_at_80x24() -> None:
    """The capture's own log lines are short, so the too-late hands after it push it out
    later: the line saying who reveals next fits the 78 columns of the log at 80x24 (it
    took two), and the news lines on the board keep the capture whatever the log does."""
    _, texts = _late_after_capture(0, (1,))
    turn = next(text for text in texts if text.endswith(" reveals next."))
    assert len(turn) <= 78 and "back" in turn, turn
    assert len(textwrap.wrap(texts[0], 78)) == 1, texts[0]


def test_the_board_keeps_the_capture_and_folds_the_hands_too_late_for_it_into_one_line() -> None:
    """The board's news lines at 80x24 keep the capture on top, and the too-late hands that
    follow it come under it as one line ("Too late, void, no penalty: Bot 2 (normal), …", with
    their times when they fit), however many there are; the next capture starts afresh."""
    match = Match.new("whoosh", 4, seed=3, options={"tie_window": 0, "fair_remote": False})
    t = 0
    while _capturable_slot(match) is None:
        t += 400_000_000
        match.act(match.state.turn, ("reveal",), at_ns=t)
    slot, seen = _capturable_slot(match), match.state.generation
    assert slot is not None
    names = NAMES[:4]
    widget = _board(update_of(match, 0, names))
    widget.show(update_of(match, 0, names))
    table_events = match.act(0, ("claim", slot, seen), at_ns=t + 500_000_000)
    widget.show(_with_events(update_of(match, 0, names), table_events))
    for seat in (1, 2, 3):
        late = match.act(seat, ("claim", slot, seen), at_ns=t + (500 + 30 * seat) * 1_000_000)
        widget.show(_with_events(update_of(match, 0, names), late))
    lines = _text(widget, 78, 17).splitlines()
    news = next(i for i, line in enumerate(lines) if line.startswith("★ You captured the "))
    folded = lines[news + 1]
    assert folded.startswith("Too late, void, no penalty: Bot 2 (normal)"), lines
    assert "Bot 3 (normal)" in folded and folded.rstrip().endswith("Bot 4 (normal)."), folded
    assert len([line for line in lines if "Too late" in line]) == 1
    # The next capture starts with no hand too late.
    while _capturable_slot(match) is None:
        match.act(match.state.turn, ("reveal",))
    events = match.act(1, ("claim", _capturable_slot(match), match.state.generation))
    widget.show(_with_events(update_of(match, 0, names), events))
    assert "Too late" not in _text(widget, 78, 17)


def _with_events(update: Update, events: list[Event]) -> Update:
    return dataclasses.replace(update, events=tuple(events))


def test_one_hand_too_late_is_told_with_its_time_and_yours_as_you() -> None:
    match = Match.new("whoosh", 3, seed=2, options={"tie_window": 0, "fair_remote": False})
    t = 0
    while _capturable_slot(match) is None:
        t += 400_000_000
        match.act(match.state.turn, ("reveal",), at_ns=t)
    slot, seen = _capturable_slot(match), match.state.generation
    names = ("Root", "Olek", "Ewa")
    widget = _board(update_of(match, 0, names))
    widget.show(update_of(match, 0, names))
    events = match.act(1, ("claim", slot, seen), at_ns=t + 500_000_000)
    widget.show(_with_events(update_of(match, 0, names), events))
    events = match.act(0, ("claim", slot, seen), at_ns=t + 610_000_000)
    widget.show(_with_events(update_of(match, 0, names), events))
    text = _text(widget, 78, 17)
    assert "★ Olek captured the " in text, text
    assert "Too late, void, no penalty: you 0.61 s." in text, text


# -- the details during the race: beside the players, never over them ------------------------


async def _race_on(pilot: Any, seats: tuple[Seat, ...]) -> tuple[GameScreen, Any]:
    """A Whoosh table of ``seats`` (no turn timer) started on ``pilot``'s app, its board
    showing the first position: (the game screen, its board)."""
    pilot.app.start_game(TableSetup("whoosh", seats, {"turn_timer": 0}, 5))
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    widget: Any = screen.query_one("#board")
    for _ in range(50):
        if widget.update is not None:
            break
        await pilot.pause()
    return screen, widget


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_i_during_the_race_shows_the_details_on_the_board_with_every_row_in_sight(
    size: tuple[int, int],
) -> None:
    """i on a highlighted player while the race is on: the details come on the board, under
    the players, and every player's row with their points stays on screen (a panel over the
    table hid the scores); i again (or Escape) takes them away."""
    seats = (Seat("Ala"), Seat("Olek", "remote"), Seat("Ewa", "remote"), Seat("Iga", "remote"))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=size) as pilot:
        screen, widget = await _race_on(pilot, seats)
        await pilot.press("space", "down", "i")
        await pilot.pause()
        assert app.screen is screen, app.screen
        details = widget.details()
        assert details.startswith("Ala: 0 points;"), details

        def board_text() -> str:  # the log beside the board is not part of the board
            right = screen.query_one("#board-column").region.right
            return " ".join(" ".join(ln[:right] for ln in screen_text(app).splitlines()).split())

        text = board_text()
        assert details in text, text
        lines = screen_text(app).splitlines()
        for name in ("Ala (you)", "Olek", "Ewa", "Iga"):
            at = next((i for i, ln in enumerate(lines) if i and f" {name} " in ln), None)
            assert at is not None, (name, screen_text(app))
            row = " ".join(lines[at : at + 3])  # a boxed row: the points under the name
            assert re.search(r"\b0 p(oin)?ts\b", row), (name, screen_text(app))
        assert "Press i to close." in text
        await pilot.press("i")
        await pilot.pause()
        assert "Press i to close." not in board_text()
        await pilot.press("i")
        await pilot.pause()
        assert "Press i to close." in board_text()
        await pilot.press("escape")
        await pilot.pause()
        assert "Press i to close." not in board_text()
        assert app.screen is screen


async def test_i_with_no_room_under_eight_players_opens_the_panel_as_before() -> None:
    """Eight players at 80x24 leave no line under their rows: i opens the game screen's
    panel, as on every other board."""
    from tui.screens.details import DetailsScreen

    seats = (Seat("Ala"), *(Seat(name, "remote") for name in NAMES[1:8]))
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        _, widget = await _race_on(pilot, seats)
        await pilot.press("down", "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen) and app.screen.text == widget.details()


def test_the_counts_in_words_stand_in_columns_whatever_their_plurals() -> None:
    """ "1 mistake," is shorter than "2 mistakes,": the points and the cards after them still
    start in one column on every row (found in play at 80x24)."""
    plan = faces.plan_for(78, 17, 3, ["Root (you)", "Bot 2 (normal)", "Ewa"])
    assert not plan.boxed_rows
    base = faces.RowFace(
        "Ewa", False, "", False, 26, ("sword-01",), False, 3, 1, 5, None, False, False
    )
    rows = [
        base,
        base._replace(label="Bot 2 (normal)", captured=1, mistakes=2, score=-1, pile=9),
        base._replace(label="Root (you)", captured=0, mistakes=0, score=0, pile=27),
    ]
    widths = faces.short_words_widths(plan, rows)
    assert widths
    lines = [faces.flat_row(plan, row._replace(words=widths))[0].plain for row in rows]
    for word in ("captured,", "mistake", "pt", "[†sword]"):
        assert len({line.index(word) for line in lines}) == 1, (word, lines)


def test_rows_in_codes_have_their_key_above_them_where_a_line_is_spare() -> None:
    """When the cards push the words out (four players at 80x24), a line above the rows
    says what ░ ★ ✗ are; eight players have no line to spare (the legend says it)."""
    match = _played(4, 24)
    lines = _text(_board(update_of(match, 0, NAMES[:4])), 78, 17).splitlines()
    assert len(lines) <= 17, lines
    key = next(i for i, line in enumerate(lines) if "░ cards in pile" in line)
    assert "★ captured" in lines[key] and "✗ mistakes" in lines[key], lines[key]
    assert re.search(r"░\d+ ★\d ✗\d", lines[key + 1]) and NAMES[0] in lines[key + 1], lines
    words = _text(_board(update_of(_played(4, 0), 0, NAMES[:4])), 78, 17)
    assert "░ cards in pile" not in words, words
    eight = _text(_board(update_of(_played(8, 16), 0, NAMES)), 78, 17).splitlines()
    assert len(eight) <= 17 and not any("░ cards in pile" in line for line in eight), eight


def test_the_details_under_coded_rows_keep_the_board_in_its_room() -> None:
    """Rows in codes with their key and the details open: still within 17 lines at 80x24,
    every row there."""
    match = _played(4, 24)
    widget = _board(update_of(match, 0, NAMES[:4]))
    widget._player, widget._details_open = 1, True
    lines = _text(widget, 78, 17).splitlines()
    assert len(lines) <= 17, lines
    assert all(any(name in line for line in lines) for name in NAMES[:4]), lines
    assert "Press i to close." in " ".join(lines), lines


def test_the_results_name_each_monster_with_its_points_in_brackets() -> None:
    """ "10 points from Naga 3, Gnoll 1" read like a list of numbers: "from the Naga (3),
    the Gnoll (1)", and the face-down ones "the Troll" (found at the end of a game)."""
    match = Match.new("whoosh", 2, seed=4, options={"tie_window": 0, "fair_remote": False})
    view = match.view(None)
    view["captured"] = [["naga", "gnoll"], []]
    view["mistakes"] = [["troll"], []]
    outcome = Outcome(scores=(3, 0), breakdown=({}, {}), ranking=((0,), (1,)))
    lines = result_lines(view, outcome, ["Ala", "Olek"])
    assert lines[0] == (
        "Ala: 4 points from the Naga (3), the Gnoll (1); 1 face down (−1): the Troll — total 3."
    ), lines
    assert lines[1] == "Olek: 0 points from no Monsters — total 0.", lines
