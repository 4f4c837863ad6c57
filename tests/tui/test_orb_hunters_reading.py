"""Orb Hunters read by a newcomer at 80x24 (#15, found playing against three bots).

The round line said "most wounds: ▲ Root & ✦ Bot 4 1": the count of wounds came right after
a name that ends in a number, and read as part of it ("Bot 4 1")."""

from __future__ import annotations

from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_orb_hunters import BoardApp, _played
from tui.boards import orb_hunters as board
from tui.boards import orb_hunters_cards as cards


async def test_the_most_wounds_are_counted_before_the_names() -> None:
    """Bots named "Bot 2" … "Bot 4": the wounds are said before who has them."""
    for moves in range(30, 200, 10):
        match = _played(4, 34, moves)
        seat = min(match.to_act()) if match.to_act() else 0
        update = update_of(match, seat, names=("Ala", "Bot 2", "Bot 3", "Bot 4"))
        seats, most = board.most_wounded(update.view)
        if seats and len(seats) < 3 and update.outcome is None:
            break
    else:
        raise AssertionError("nobody ever had the most wounds")
    each = " each" if len(seats) > 1 else ""
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        head = screen_text(pilot.app).splitlines()[0]
    mark = cards.player_mark(update.view, seats[0])
    assert f"most wounds ({most}{each}): {mark} {update.names[seats[0]]}" in head, head
    assert not head.rstrip().endswith(f" {most}"), head


def test_the_legend_says_the_most_wounds_as_the_board_does() -> None:
    assert any(key == "most wounds (4): ✦ Ewa" for key, _ in board.LEGEND)


def test_the_round_track_marks_the_round_with_no_players_glyph() -> None:
    """At 160x45 the round track put "●" under the round: Blue's glyph, so a newcomer read
    that Blue was somewhere on it. An arrow points at the round instead."""
    from tui.boards.orb_hunters_layout import track_lines

    match = _played(4, 34, 30)
    update = update_of(match, 0, names=("Ala", "Bot 2", "Bot 3", "Bot 4"))
    lines = [line.plain for line in track_lines(update, 156)]
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Round"))
    under = lines[head + 1]
    column = lines[head].index(f" {update.view['round']} ") + 1
    assert under[column] == "↑", (lines[head], under)
    round_part = under[: lines[head].index("Wealth")] if "Wealth" in lines[head] else under
    assert not set(round_part) & set(cards.COLOUR_GLYPHS.values()), round_part


def test_two_players_on_one_space_of_a_track_are_told_apart() -> None:
    """With two players each plays two colours: both at 1 wealth read "★●■✦" under the
    space, four glyphs side by side, as four players would. A slash parts the players."""
    from core.match import Match
    from tui.boards.orb_hunters_layout import track_lines

    match = Match.new("orb-hunters", 2, seed=1)
    update = update_of(match, 0, names=("Ala", "Olek"))
    first, second = (cards.player_mark(update.view, seat) for seat in (0, 1))
    lines = [line.plain for line in track_lines(update, 156)]
    assert any(f"{first}/{second}" in line for line in lines), lines
    assert not any(f"{first}{second}" in line for line in lines), lines


def test_the_help_tells_the_tracks_and_the_spare_potions() -> None:
    """F1 told neither the tracks a larger terminal shows above the relics (the arrow at
    the round, each player's glyph on their wealth and wounds) nor what "0 wounds (1 spare
    potion)" on a pouch means."""
    assert "↑" in board.HOW_TO_PLAY and "tracks" in board.HOW_TO_PLAY
    assert "0 wounds (1 spare potion)" in board.HOW_TO_PLAY


async def test_a_rival_to_choose_is_said_in_words_where_they_fit() -> None:
    """At 160x45 the Exchange's two rivals read "1: W1 X0 top ∘Initial" on cards with
    room to spare: the legend's shortest form, its "1:" a riddle. The words fit there."""
    from tests.tui.test_board_orb_hunters import PENDING, _from_state

    update = _from_state(PENDING["exchange"])
    async with BoardApp(update).run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        rows = screen_text(pilot.app).splitlines()
    at = next(i for i, row in enumerate(rows) if row.startswith(" Choose "))
    card = rows[at + 1]
    assert card.count("1 wealth, 0 wounds, top: ∘ Initial Relic") == 2, card
    assert "W1 X0" not in card, card
