"""Every event text a seat is shown reads right: random games of every game, hundreds in all.

The slips players met: "You gives", "you chooses", "the Reavers wins", "Bob's the Orb",
"1 points", "1 Bloodshards", "1 cards", a sentence starting in lower case, a dash glued
to the word before it. Each line is checked as the log shows it (names in) and as the
history shows it to the seat it is about ("You …", see ``tui.screens.history``).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator

import pytest

from core.engine import Event, seat_problem, validate_options, with_names
from core.games import GAMES
from core.match import Match
from tui.screens.history import seat_lines

GAMES_EACH = 300
"""Random games per game at most…"""
SECONDS_EACH = 5.0
"""…and at most this long per game (a random Comic Hunters game is slow to play out)."""
ACTIONS_EACH = 3_000
"""A random playout that long is cut (its texts are checked all the same)…"""
ACTIONS_SHORT = 300
"""…and three in four are cut this short: hundreds of deals and openings, and still
dozens of whole games with their endings, in the time."""
NAMES = ("Ala", "Bob", "Olek", "Ewa", "Jan", "Iga", "Ola", "Max")

_NOT_VERBS = r"always|this|its|his|is|us|was|as|plus|less|yes|bonus|class|process|access"
SLIPS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "a verb that does not go with you",
        re.compile(rf"\b[Yy]ou (?!(?:{_NOT_VERBS})\b)[a-z]*[a-rt-z]s\b"),
    ),
    ("you is/has/does", re.compile(r"\b[Yy]ou (?:is|has|does|was)\b")),
    (
        "a second verb that does not go with you",
        re.compile(rf"\b[Yy]ou [a-z]+\b[^.;:!?]*? and (?!(?:{_NOT_VERBS})\b)[a-z]*[a-rt-z]s\b"),
    ),
    (
        "the Reavers with a singular verb",
        re.compile(
            rf"\b[Tt]he Reavers (?:(?!(?:{_NOT_VERBS})\b)[a-z]*[a-rt-z]s|is|has|does|was)\b"
        ),
    ),
    ("a possessive before an article", re.compile(r"\w's (?:the|a|an)\b")),
    ("one with a plural", re.compile(rf"(?<![\d.,/-])\b1 (?!(?:{_NOT_VERBS}|plus)\b)[A-Za-z]+s\b")),
    ("no space before a dash", re.compile(r"[^\s(]—|[^\s(\d]–")),
    ("two spaces", re.compile(r"\S  +\S")),
    ("a plural left open", re.compile(r"\w\(s\)")),
    ("a before a vowel", re.compile(r"(?<![\w'-])[Aa] (?!one\b|once\b)[AEIOaeio]\w")),
)
_SENTENCE_START = re.compile(r"(?:^|[.!?] )([a-z])")
"""A sentence's first letter: at the start of a text or after a full stop and a space."""


def slips_in(line: str) -> list[str]:
    """What is wrong with ``line``, in words (empty when it reads right)."""
    found = [name for name, pattern in SLIPS if pattern.search(line)]
    if _SENTENCE_START.search(line):
        found.append("a sentence starting in lower case")
    return found


def random_match(slug: str, seed: int, rng: random.Random) -> Match:
    """A new game of ``slug`` with a random seat count and options the game accepts."""
    game = GAMES[slug]
    seats = rng.choice(list(game.players))
    options = {o.key: rng.choice(o.choices) for o in game.options if rng.random() < 0.5}
    options = validate_options(game, options)
    if seat_problem(game, seats, options):
        options = {}
    return Match.new(slug, seats, seed=seed, options=options)


def _playouts(slug: str) -> Iterator[tuple[Match, list[Event]]]:
    """Random games of ``slug`` (every seat count, the options varied), each with every
    event of it, until the game's budget of games or seconds runs out."""
    started = time.monotonic()
    for seed in range(GAMES_EACH):
        if time.monotonic() - started > SECONDS_EACH:
            return
        rng = random.Random(f"{slug}-{seed}")
        match = random_match(slug, seed, rng)
        events: list[Event] = []
        cut = ACTIONS_EACH if seed % 4 == 0 else ACTIONS_SHORT
        while match.outcome() is None and match.version < cut:
            seat = rng.choice(sorted(match.to_act()))
            events += match.act(seat, rng.choice(match.legal(seat)), at_ns=match.version * 1000)
        yield match, events


def test_the_checks_catch_every_slip_players_saw() -> None:
    """Each slip of the issue is caught, and right sentences pass."""
    wrong = [
        "You gives the First Player marker to Bob.",
        "You pay 3 Bloodshards and draws Varden and Yusuf.",
        "Then you chooses a row.",
        "The Reavers wins the Hunt.",
        "The Reavers gets a Bloodshard.",
        "Bob's the Orb is full.",
        "Ala scores 1 points.",
        "Ala gets 1 Bloodshards.",
        "Ala draws 1 cards.",
        "Ala wins. the next Hunt starts.",
        "the Store opens.",
        "Ala takes row 2— three cards.",
        "9 unchosen card(s) go to the Convention deck.",
        "You take 2 cards (Hulk and a Iron Man & Thor team-up).",
    ]
    assert all(slips_in(line) for line in wrong), [w for w in wrong if not slips_in(w)]
    right = [
        "You give the First Player marker to Bob.",
        "The Reavers win the Hunt and get a Bloodshard.",
        "Bob's Orb is full: 1 point, 2 points, 1 Bloodshard.",
        "You pass. It is your turn — the last one.",
        "You pay 3 Bloodshards and draw Varden and Yusuf.",
        "Hunt 1 is over.",
    ]
    assert [slips_in(line) for line in right] == [[] for _ in right]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_event_text_of_random_games_reads_right(slug: str) -> None:
    """Every event any seat sees, in the log and in the history, has none of the slips."""
    problems: dict[str, str] = {}
    games = 0
    for match, events in _playouts(slug):
        games += 1
        names = NAMES[: match.seats]
        for seat in (None, *range(match.seats)):
            seen = [e for e in events if "to" not in e or e["to"] == seat]
            lines = [e["text"] for e in seen]
            if seat is not None:
                lines += seat_lines(seen, seat)
            for line in lines:
                shown = with_names(line, names)
                for slip in slips_in(shown):
                    problems.setdefault(f"{slip}: {shown}", line)
    assert games >= 5, f"only {games} games of {slug} in {SECONDS_EACH} s"
    assert not problems, "\n".join(sorted(problems)[:40])
