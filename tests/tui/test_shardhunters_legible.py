"""Shardhunters at 80x24 with three and four players reads in words (issue #15): about a
fifth of the Combats' lines still showed glyph codes ("2nd · 1: ⚑2 ⚑2 | 2: ☾1 ⚑4 | …")
and about a quarter of the sides' lines said "col." ("loot 7 (4 col.)"), both read by a
newcomer as codes. Many seeded positions of whole random games are shown on the real
board at 80x24, as a player sees them, and their lines are read off the screen."""

from __future__ import annotations

import random
import re
from typing import Any

from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_superbohaterowie import held_table_at
from tui.app import HuntersApp
from tui.boards import shardhunters as board
from tui.boards.shardhunters_table import GLYPHS, Detail, combat_height, combat_lines
from tui.settings import Settings

NAMES = ("root", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")
"""The names a game started from the launcher gives (a login name, then the bots')."""

CODE = re.compile(f"[{''.join(GLYPHS.values())}]\\d|░")
"""A card said by its glyph and value alone ("⚑2"), or a card face down as its back."""


def _positions(players: int, seeds: range, every: float) -> list[Match]:
    """Positions of random whole games, about one in ``1 / every``, the Combats' ones
    (where the Combats' lines are long) twice as often."""
    found = []
    for seed in seeds:
        match = Match.new("shardhunters", players, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
            weight = 2 if match.state.phase == "combat" else 1
            if rng.random() < every * weight:
                found.append(Match.replay(match.record()))
    return found


def _board_lines(text: str) -> list[str]:
    """The board's lines of the screen (the log, under it or beside it from 120 columns,
    says its cards in words)."""
    lines = text.splitlines()
    end = next((i for i, line in enumerate(lines) if line.startswith("─")), len(lines))
    return [re.sub(r"\s*│[^│]*$", "", line).strip() for line in lines[:end]]


async def read_boards(
    size: tuple[int, int],
    players: int = 4,
    seeds: range = range(5),
    every: float = 0.06,
    details: list[str] | None = None,
) -> list[list[str]]:
    """The board's lines (`_board_lines`) of each of `_positions`, as a screen of ``size``
    shows seat 0's view of them, the seats named as a game from the launcher names them;
    into ``details``, if given, what i shows of each (the board's details)."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    seats = tuple(Seat(name, "bot" if n else "human", "normal") for n, name in enumerate(NAMES))
    read: list[list[str]] = []
    async with app.run_test(size=size) as pilot:
        start = Match.new("shardhunters", players, seed=0)
        screen, table = await held_table_at(pilot, start, seats[:players])
        widget: Any = screen.query_one("#board")
        for match in _positions(players, seeds, every):
            widget.show(update_of(match, 0, names=NAMES[:players]))
            await pilot.pause()
            read.append(_board_lines(screen_text(app)))
            if details is not None:
                details.append(widget.details())
        await table.close()
    return read


async def _read(
    players: int, size: tuple[int, int] = (80, 24)
) -> tuple[list[str], list[str], list[str]]:
    """Each position's side lines, Combat lines and every board line, read off a screen
    of ``size`` (80x24) showing seat 0's view."""
    sides: list[str] = []
    combats: list[str] = []
    every: list[str] = []
    for lines in await read_boards(size, players):
        every += lines
        sides += [line for line in lines if " · loot " in line or " · no loot" in line]
        combats += [
            line
            for line in lines
            if line.startswith(("1st", "2nd", "3rd", "4th")) and "to come" not in line
        ]
    return sides, combats, every


async def test_three_and_four_sides_read_in_words_at_80x24() -> None:
    """No side's line says "col."; a Combat's line says its cards in words ("2 won: white
    4, yellow 2"), on two lines where the board has the rows. Glyph codes are left only
    for a Combat already played, where four sides' cards cannot fit a line and the board
    has no row left (about 3 in 100 of the Combats' lines with four players, 40 before;
    the log says each Combat in words, the legend says the codes): never the Combat being
    played."""
    for players in (3, 4):
        sides, combats, every = await _read(players)
        assert len(sides) > 100 and len(combats) > 60, (len(sides), len(combats))
        coloured = [line for line in every if "col.)" in line]
        assert not coloured, f"{len(coloured)} of {len(sides)}: {coloured[:3]}"
        coded = [line for line in every if CODE.search(line)]
        assert len(coded) * 20 <= len(combats), f"{len(coded)} of {len(combats)}: {coded[:4]}"
        for line in coded:
            assert " now" not in line and line.endswith((" won", "a draw")), line
        if players == 3:
            assert len(coded) * 100 <= len(combats), coded


async def test_sides_said_in_a_line_each_are_whole_at_160x45() -> None:
    """At 160x45 with five heroes to stand up, the sides were a line each in two columns,
    cut at half the width ("▶ 1 You · 1 shard · loot 1 (0 col.) · hand 0 · 5 h…") beside
    an empty half: a side said in a line has the board's width."""
    sides, _, _ = await _read(3, (160, 45))
    assert len(sides) > 100, len(sides)
    for line in sides:
        assert not line.endswith("…") and "col.)" not in line, line


def test_the_legend_says_how_a_combat_marks_its_winner() -> None:
    """ "2 won: white 4" (the winner marked at its cards, where the name does not fit) is
    in the legend (F1) with the glyph codes of a Combat's line, still the last resort."""
    shown = " ".join(short for short, _ in board.LEGEND)
    assert " won: " in shown and "1st: 1 ≈2" in shown


def test_a_combat_on_two_lines_is_measured_as_drawn() -> None:
    """The board measures the Combats' rows before drawing them: with two lines allowed
    to some, the measure is what is drawn, and a Combat on two lines says each side's
    cards once, in words, the winner last."""
    checked = wrapped = 0
    for players in (3, 4):
        for match in _positions(players, range(2), 0.1):
            update = update_of(match, 0, names=NAMES[:players])
            for wrap in (0, 1, 4):
                detail = Detail(0, False, False, wrap=wrap)
                drawn = combat_lines(update, 78, detail)
                assert combat_height(update, 78, detail) == len(drawn)
                checked += 1
                if len(drawn) > combat_height(update, 78, Detail(0, False, False)):
                    wrapped += 1
                    twice = [line.plain for line in drawn if line.plain.startswith(" ")]
                    for line in twice:
                        assert not CODE.search(line) and len(line) <= 78, line
    assert checked > 100 and wrapped > 10, (checked, wrapped)


def test_waiting_for_three_bots_takes_one_row_at_80x24() -> None:
    """ "Your cards are face down. Waiting for Bot 2 (normal), Bot 3 (normal), Bot 4
    (normal)…" took two rows under an 80x24 board, one the board had not counted: the
    names lose their bracket, as the board says them but on their own lines."""
    seen = 0
    for match in _positions(4, range(3), 0.1):
        update = update_of(match, 0, names=NAMES)
        if update.outcome is not None or 0 in update.acting or len(update.acting) < 3:
            continue
        said = board.prompt(update, [], [], width=78)
        assert len(said) <= 78 and "Waiting for Bot " in said, said
        # The names as the board says them everywhere but their own lines (issue #15).
        assert "(normal)" not in board.prompt(update, [], []), said
        seen += 1
    assert seen > 5
