"""What a newcomer still found hard to read on the Shardhunters board (issue #15), played
through the real app: the Combats said in glyph codes while deciding to pay at the Tavern
(80x24), the Bloodshards track's skipped spaces drawn as "…" like cut text, and resting
heroes' abilities cut late in a game (160x45)."""

from __future__ import annotations

import random
import re
import textwrap
from typing import Any

from core.match import Match
from core.table import Seat
from tests.tui import screen_text
from tests.tui.test_board_superbohaterowie import held_table_at
from tests.tui.test_shardhunters_legible import CODE, _board_lines
from tui.app import HuntersApp
from tui.settings import Settings

SEATS = (Seat("Ala"), *(Seat(f"Bot {n} (normal)", "bot", "normal") for n in (2, 3, 4)))
"""Four sides, named as a game from the launcher names them."""

COMBAT = re.compile(r"^(1st|2nd|3rd|4th)\b")


def _paying(players: int, seeds: range) -> list[Match]:
    """Seat 0 at the Tavern deciding whether to pay, once in each of several games."""
    found = []
    for seed in seeds:
        match = Match.new("shardhunters", players, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            if seat == 0 and ("pay",) in match.legal(0) and match.state.hunt > 1 + seed % 2:
                found.append(match)
                break
            match.act(seat, rng.choice(match.legal(seat)))
    return found


async def test_the_combats_read_in_words_while_deciding_to_pay_at_80x24() -> None:
    """At 80x24 the Tavern's Pay or Leave showed the 2nd Combat as "2nd · 1: ☾2 ⚑3 | 2: ≈2
    ☠4 | …" while the details line's second row stood empty: every Combat of the Hunt
    just played reads in words there (its second line takes that row)."""
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for match in _paying(4, range(8)):
            screen, table = await held_table_at(pilot, match, SEATS)
            await pilot.pause()
            board: Any = screen.query_one("#board")
            for _ in range(2):  # on Pay, then on Leave
                lines = _board_lines(screen_text(app))
                combats = [line for line in lines if COMBAT.match(line) or " | " in line]
                assert len([c for c in combats if COMBAT.match(c)]) == 4, lines
                coded = [line for line in combats if CODE.search(line)]
                assert not coded, "\n".join(lines)
                assert board.details().count("Combat:") == 0, board.details()
                checked += 1
                await pilot.press("right")
                await pilot.pause()
            await table.close()
            await pilot.app.pop_screen()
    assert checked >= 10, checked


def _crowded_tracks() -> list[Any]:
    """Four-player positions where three sides share a Bloodshards space, not seats in a
    row ("1,2,4": every space was drawn five cells wide for it)."""
    from tests.tui.board_helpers import update_of

    found = []
    for seed in range(10):
        match = Match.new("shardhunters", 4, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
            update = update_of(match, 0, names=tuple(s.name for s in SEATS))
            shards = update.view["shards"]
            shared = [s for s in set(shards) if shards.count(s) == 3]
            missing = [n for n in range(4) if shards[n] not in shared]
            if shared and missing and missing[0] in (1, 2) and max(shards) <= 12:
                found.append(update)
                break
    return found


def test_a_crowded_bloodshards_track_is_drawn_whole() -> None:
    """At 80 columns (and in the 160x45 board's 104) three sides on one space, "1,2,4",
    made the track skip spaces as "0 │… 2 │ 3 │… 12 │", read as cut text: the crowded
    space takes the cells its markers need, the others stay narrow, the track whole."""
    from tui.boards.shardhunters_table import track_lines

    updates = _crowded_tracks()
    assert len(updates) >= 3, len(updates)
    for update in updates:
        for width in (78, 104):
            top, marks, team, _ = (line.plain for line in track_lines(update, width))
            assert "…" not in top + team and len(top) <= width, top
            assert [int(n) for n in re.findall(r"(\d+)\s*│", top)] == list(range(13)), top
            for side in range(4):
                assert str(side + 1) in marks, (top, marks)


def test_a_track_too_long_for_its_line_says_the_spaces_it_leaves_out() -> None:
    """Where even narrow spaces do not fit, the track leaves out stretches nobody stands on
    and says each one's spaces in words ("┄4–11┄"), never "…" as if the line were cut;
    the legend (F1) says so."""
    import dataclasses

    from tests.tui.board_helpers import update_of
    from tui.boards import shardhunters as board
    from tui.boards.shardhunters_table import track_lines

    update = update_of(Match.new("shardhunters", 4, seed=1), 0)
    view = {**update.view, "shards": [0, 5, 9, 24], "teams": [["x"] * n for n in (1, 2, 3, 4)]}
    top = track_lines(dataclasses.replace(update, view=view), 58)[0].plain
    assert "…" not in top and len(top) <= 58, top
    shown = [int(n) for n in re.findall(r"(\d+)\s*│", top)]
    gaps = [(int(a), int(b)) for a, b in re.findall(r"┄(\d+)–(\d+)┄", top)]
    assert gaps and {0, 3, 5, 9, 24} <= set(shown), top
    for first, last in gaps:  # each gap says exactly the spaces not shown
        assert not set(range(first, last + 1)) & set(shown), top
    assert set(shown) | {n for a, b in gaps for n in range(a, b + 1)} >= set(range(25)), top
    legend = " ".join(f"{short} {said}" for short, said in board.LEGEND)
    assert "┄4–11┄" in legend, legend


def _late_positions(players: int) -> list[Match]:
    """Positions of random whole games from their 3rd Hunt on (teams of four to seven)."""
    found = []
    for seed in range(6):
        match = Match.new("shardhunters", players, seed=seed)
        rng = random.Random(seed)
        while match.outcome() is None:
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal(seat)))
            if match.state.hunt >= 3 and rng.random() < 0.05:
                found.append(Match.replay(match.record()))
    return found


async def test_resting_heroes_read_whole_at_160x45_late_in_a_game() -> None:
    """At 160x45 late in a game a resting hero's ability was cut ("You play 4 cards in the
    3rd Combat and only 1 card in every other…") in 19 of 51 positions with three players
    and 2 of 23 with two, rows blank beside them: in two columns each column's sides stand
    one under the other (not in rows as tall as the taller side), the shorter column gives
    its resting heroes the rows, and a card to put down says its tribe once in the details
    line (a second row at 104 columns). Cut now in at most 1 in 5 with three players (9),
    never with two."""
    from core.games.shardhunters.data import HEROES
    from tests.tui.board_helpers import update_of
    from tests.tui.test_shardhunters_heroes import _card_texts
    from tui.boards.shardhunters_table import active_heroes

    names = tuple(s.name for s in SEATS)
    app = HuntersApp(Settings(bot_delay=0, summaries=False))
    async with app.run_test(size=(160, 45)) as pilot:
        for players, most in ((2, 0), (3, 5)):
            start = Match.new("shardhunters", players, seed=0)
            screen, table = await held_table_at(pilot, start, SEATS[:players])
            board: Any = screen.query_one("#board")
            positions = _late_positions(players)
            cut = []
            for match in positions:
                update = update_of(match, 0, names=names[:players])
                board.show(update)
                await pilot.pause()
                rows = screen_text(app).splitlines()
                # The table's heroes: the cards above the Combats, the hand and the choices.
                end = next(n for n, row in enumerate(rows) if TABLE_END.match(row.strip()))
                cards = _card_texts("\n".join(rows[:end]))
                view = update.view
                team = [h for side in range(players) for h in view["teams"][side]]
                assert set(cards) == set(team), "\n".join(rows)
                active = {h for side in range(players) for h in active_heroes(view, side)}
                resting = [h for h in team if h not in active and cards[h] != HEROES[h].ability]
                if resting:
                    cut.append((resting, "\n".join(rows)))
            assert len(positions) > 20, len(positions)
            allowed = len(positions) // most if most else 0
            assert len(cut) <= allowed, (players, len(cut), len(positions), cut[:1])
            await table.close()
            await pilot.app.pop_screen()


TABLE_END = re.compile(r"^(1st|2nd|3rd|4th|Hunt \d+: no Combat|Hand|Choose)\b")
"""Where the table's sides end on the screen: the Combats, the hand or the choices."""


async def test_a_combat_in_codes_is_said_briefly_by_i() -> None:
    """What i says of a Combat the board left in glyph codes took some 270 characters,
    four lines at 80 columns, each card's tribe in brackets ("you played red 2
    (lycanthropes) and yellow 3 (pirates); Bot 2 played …"): it says each side's cards as
    the log does ("you played red 2, yellow 3; Bot 2 blue 2, white 4; …") and who won, in
    three lines at most (two for most)."""
    from tests.tui.test_shardhunters_combat_rows import _combats

    _, coded, said = await _combats((80, 24), 4)
    assert coded, "no Combat in codes to read"
    for line, text in zip(coded, said, strict=True):
        which = line[:3]
        sentence = next(s for s in text.splitlines() if s.startswith(f"{which} Combat: "))
        assert len(textwrap.wrap(sentence, 78)) <= 3 and "(" not in sentence, sentence
        assert re.search(r": you played (white|yellow|blue|red) \d", sentence), sentence
        assert sentence.endswith((" won.", "A draw.")), sentence
        for side in ("Bot 2", "Bot 3", "Bot 4"):
            assert re.search(rf"; {side} (white|yellow|blue|red) \d", sentence), sentence


def test_the_rows_a_board_keeps_spare_go_to_resting_heroes() -> None:
    """Where the log is beside the board, the board keeps every row of the screen: those
    its parts leave stood blank under the Combats while resting heroes' abilities were cut
    at 160x45. Both columns' resting heroes take them."""
    from tests.tui.board_helpers import update_of
    from tui.boards import shardhunters as board
    from tui.boards.shardhunters_table import WHOLE, Detail, active_heroes, side_height

    checked = 0
    for match in _late_positions(3)[:12]:
        update = update_of(match, 0)
        view = update.view
        resting = [s for s in range(3) if set(view["teams"][s]) - active_heroes(view, s) and s < 2]
        if not resting:
            continue
        levels = [Detail(WHOLE, False, False, 1) for _ in range(3)]
        tight = board._evened(update, 51, levels)
        roomy = board._evened(update, 51, levels, spare=40)
        for side in resting:
            assert (roomy[side].resting or 0) > (tight[side].resting or 0) or (
                tight[side].resting == WHOLE
            ), (side, tight[side], roomy[side])
        columns = [
            sum(side_height(update, s, 51, roomy[s]) for s in range(c, 3, 2)) for c in (0, 1)
        ]
        before = [sum(side_height(update, s, 51, tight[s]) for s in range(c, 3, 2)) for c in (0, 1)]
        assert max(columns) <= max(before) + 40, (columns, before)
        checked += 1
    assert checked >= 3, checked
