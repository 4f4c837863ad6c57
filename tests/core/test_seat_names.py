"""Seat names from records: exactly the names Hunters itself gives seats, nothing that could
steer a terminal."""

from __future__ import annotations

import string

import pytest

from core.match import Match
from core.table import NAME_MAX, Seat, record_seats, valid_seat_name

GIVEN = ["ala", "Olek_2", "j.doe-1", "Player 2", "Bot 3 (hard)", "Open seat 1", "Zoë", "Łucja"]
"""Login names, the setup screen's own defaults, and names typed in it."""

STEERING = [
    "\x1b]52;c;cHduZWQ=\x07",
    "\x1b[?1049l",
    "ala\x07",
    "ala\x9b2J",
    "ala\x85",
    "ala\u202egnp",
    "ala\u2066x",
    "ala\u200b",
    "[b]ala",
    "ala]",
    "a" * (NAME_MAX + 1),
    "ala ",
    "",
]


@pytest.mark.parametrize("name", GIVEN)
def test_names_hunters_gives_are_valid(name: str) -> None:
    """Every kind of name a table gets is accepted back from its record."""
    assert valid_seat_name(name)


@pytest.mark.parametrize("name", STEERING)
def test_names_that_could_steer_a_terminal_are_not(name: str) -> None:
    """Control characters (C0, ESC, C1), bidi and other format characters, markup brackets,
    over-long names and padded ones are refused."""
    assert not valid_seat_name(name)


def test_the_rule_is_the_setup_screens() -> None:
    """A record's name is accepted exactly when the setup screen would have let it be typed."""
    from tui.screens.setup import name_problem

    samples = [*GIVEN, *STEERING, *string.printable, *(chr(c) for c in range(0x80, 0x3000, 7))]
    for name in samples:
        assert valid_seat_name(name) == (name == name.strip() and not name_problem(name, []))


def test_record_seats_checks_kinds_and_levels() -> None:
    """A bot's level must be one its game has, a player's must be empty, kinds are known."""
    match = Match.new("superbohaterowie", 2, seed=1)
    good = {"seats": (("ala", "remote", ""), ("Bot 2 (random)", "bot", "random"))}
    assert record_seats(good, match) == (
        Seat("ala", "remote"),
        Seat("Bot 2 (random)", "bot", "random"),
    )
    for seats, why in [
        ((("ala", "remote", ""), ("Bot", "bot", "best")), "seat 2 is a bot of no level"),
        ((("ala", "robot", ""), ("Bot", "bot", "random")), "seat 1 is of no kind"),
        ((("ala", "human", "random"), ("Bot", "bot", "random")), "seat 1 is a player with"),
        ((("ala", "human", ""),), "do not name the 2 seats"),
        ((("ala", "human"), ("Bot", "bot")), "seat 1 is malformed"),
    ]:
        with pytest.raises(ValueError, match=why):
            record_seats({"seats": seats}, match)
