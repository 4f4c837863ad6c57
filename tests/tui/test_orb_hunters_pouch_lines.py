"""Orb Hunters' pouch lines at 80x24 read in one form, in words (#15).

A newcomer with three bots read "▲ You: 5: W10 X4−P1=3 top ✚Elixir" beside "● Bot 2: 2
relics W4 X3 top ☠Treasure": two forms of one thing on one line, both in the legend's
codes, with a line of their key under them. Two pouches to a line have room for
"10 wealth, 3 wounds", the wounds that count (after potions, as the round line's "most
wounds" counts them) and a potion left over for a wound to come ("0 wounds, 1 potion");
the sum ("4 wounds − 1 potion = 3 wounds") and the visible relic are the details line's,
where the cursor is."""

from __future__ import annotations

import re

import pytest

from tests.core.games.test_orb_hunters_rules import match_at, position
from tests.tui import screen_text
from tests.tui.board_helpers import update_of
from tests.tui.test_board_orb_hunters import BoardApp
from tui.boards import orb_hunters as board

POUCHES = [
    ["initial-relic-1", "orb-1", "gem-pouch-1", "gem-pouch-2", "elixir"],
    ["initial-relic-2", "cursed-treasure-1"],
    ["initial-relic-3"],
    ["initial-relic-4", "healing-potion-1"],
]
"""Five relics with a potion on four wounds; two without one; the Initial Relic alone; a
potion with no wound to cancel."""
ROW = ["trinket-1", "trinket-2", "hammer-of-ruin-1", "hammer-of-ruin-2", "tricksters-mirror-1"]
"""This round's relics, none of them in a pouch."""

SAID = (
    "10 wealth, 3 wounds",
    "4 wealth, 3 wounds",
    "1 wealth, 0 wounds",
    "1 wealth, 0 wounds, 1 potion",
)
"""Each pouch in the words of a narrow form: the wealth, the wounds after potions and
the potions left over."""

CODE = re.compile(r"\b[WXP]\d|: \d+: |\btop\b")
"""The legend's short forms: "W10", "X4", "P1", the count "5: " and "top ✚Elixir"."""


def _pouch_lines(text: str) -> list[str]:
    """The board's lines with a pouch on them (two to a line), and the line under them."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if "You:" in line or "(you" in line)
    return lines[first : first + 3]


@pytest.mark.parametrize(
    "names",
    [
        ("Ala", "Bot 2", "Bot 3", "Bot 4"),
        ("Ala", "Bartholomew", "Ewa", "Zoe"),
    ],
)
async def test_every_pouch_line_reads_in_words_in_one_form(names: tuple[str, ...]) -> None:
    state = position(players=4, row=ROW, pouches=POUCHES, hands=[["purple-5", "red-1"]])
    update = update_of(match_at(state), 0, names)
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
    lines = _pouch_lines(text)
    pouches = " ".join(lines[:2])
    assert not CODE.search(pouches), lines
    assert "W wealth" not in text  # no key to codes that are not there
    for glyph, said in zip("▲●■★", SAID, strict=True):
        after = pouches.split(f"{glyph} ", 1)[1]
        assert after.split(": ", 1)[1].startswith(said), (glyph, said, lines)
    # Two forms on one board: every line is "N wealth, N wounds[, N potions]".
    for part in re.split(r"\s{2,}", pouches.strip()):
        assert re.fullmatch(r". [^:]+: \d+ wealth, \d+ wounds?(, \d+ potions?)?", part), part
    for key, _ in board.LEGEND:
        assert key != "1 relic W1 X0", key  # no code of a pouch line to explain


async def test_bots_names_leave_room_for_every_pouch_whole() -> None:
    """Played with three bots: "✦ Bot 3: 11 wealth, 7 wounds, 1 poti…" was cut where
    four pouches stand two to a line in 78 cells; the wounds after potions fit, and the
    potions left over ("8 wealth, 0 wounds, 1 potion")."""
    pouches = [
        *POUCHES[:3],
        [
            "initial-relic-4",
            "orb-2",
            "gem-pouch-3",
            "elixir",
            *(f"healing-potion-{n}" for n in (1, 2, 3)),
        ],
    ]
    pouches[0] = [*pouches[0][:-1], "cursed-treasure-2"]  # 12 wealth, 7 wounds, no potion
    names = ("Bot 1 (normal)", "Bot 2 (normal)", "Root", "Bot 4 (normal)")
    state = position(players=4, row=ROW, pouches=pouches, hands=[[], [], ["purple-5"]], turn=2)
    update = update_of(match_at(state), 2, names)
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if "Bot 1:" in line)
    pouches_said = " ".join(lines[first : first + 2])
    assert "…" not in pouches_said, lines[first : first + 2]
    assert "Bot 1: 12 wealth, 7 wounds" in pouches_said
    assert "Bot 4: 8 wealth, 0 wounds, 1 potion" in pouches_said


@pytest.mark.parametrize("players", [3, 4])
async def test_a_relic_with_an_effect_says_its_points_in_words_at_80x24(players: int) -> None:
    """The Thief's Glove and the Hammer of Ruin read "W1 X1 Steal→" and "W1 X1" /
    "Destroy" on two lines beside "4 wealth" / "2 wounds": the row the pouches' key line
    gave up holds their points in words on three lines."""
    row = ["thiefs-glove-right", "hammer-of-ruin-1", "orb-1", "gem-pouch-1", "trinket-1"]
    state = position(players=players, row=row[: players + 1], hands=[["purple-5", "red-1"]])
    update = update_of(match_at(state), 0, ("Ala", "Bot 2", "Bot 3", "Bot 4")[:players])
    async with BoardApp(update).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
    assert not re.search(r"\b[WX]\d", text), text
    inside = [re.findall(r"│([^│]*)│", line) for line in text.splitlines()]
    for column, said in (
        (0, "→Glove 1 wealth 1 wound Steal→"),
        (1, "⚒Hammer 1 wealth 1 wound Destroy"),
    ):
        card = [cells[column].strip() for cells in inside if len(cells) > column]
        assert " ".join(card[: card.index("·")]).split() == said.split(), card


LATE = [
    ["initial-relic-1", "gem-pouch-1", "tricksters-mirror-1"],
    [
        "initial-relic-2",
        "initial-relic-5",
        "trinket-1",
        "cursed-idol-1",
        "thiefs-glove-right",
        "cursed-idol-2",
        "trinket-2",
    ],
    ["tricksters-mirror-2", "gem-pouch-2", "gem-pouch-3"],
    ["initial-relic-4", "healing-potion-1", "cursed-treasure-1"],
]
"""The pouches of a game played to its third round at 160x45: seven relics in one."""


async def test_the_piles_at_160x45_say_every_point_in_words() -> None:
    """Played to the end at 160x45, the piles read "◇ Gem Pouch  W2 X1" and "☠ Cursed
    Idol  X3" under a key explaining "W wealth, X wounds": a relic whose points fit after
    its name says them there in words ("☠ Cursed Idol  3 wounds"), so the piles have the
    rows for the others' on a line of their own, and the key says no codes."""
    row = ["orb-1", "orb-2", "hammer-of-ruin-1", "elixir", "cursed-treasure-2"]
    state = position(players=4, row=row, pouches=LATE, hands=[["purple-5", "red-1"]], round=3)
    update = update_of(match_at(state), 0, ("Root", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4"))
    async with BoardApp(update).run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
        fit = pilot.app.query_one(board.Board)._layout()
    assert fit.piles and fit.pile_words, fit
    assert not re.search(r"\b[WXP]\d", text), text
    assert "W wealth" not in text, text
    flat = " ".join(text.replace("│", " ").split())
    assert "☠ Cursed Idol 3 wounds" in flat, text
