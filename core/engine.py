"""The game contract every Hunters game implements, and the plain data types it speaks.

A game is a stateless object (rules, never data of one match) registered in
``core.games.GAMES``. States are frozen dataclasses of ints, strs, bools and tuples; actions
are small hashable tuples whose first item is a verb; events are dicts with ``type``,
``text`` and, when they are private, ``to``. Nothing here reads a clock or does I/O: time
enters only through the ``at_ns`` argument of :meth:`Game.apply`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol, TypeAlias, runtime_checkable

Action: TypeAlias = tuple[Any, ...]
"""A move: ``(verb, *arguments)`` with msgpack-able arguments (int, str, bool, None, tuple)."""

Event: TypeAlias = dict[str, Any]
"""Something that happened: ``{"type": ..., "text": ..., "to": seat}`` (no ``to``: public)."""

State: TypeAlias = Any
"""A game's frozen dataclass. Typed loosely here; every game defines its own."""

OptionValue: TypeAlias = int | str | bool


class IllegalAction(Exception):
    """An action that may not be applied now; the message says why, for the player."""


@dataclass(frozen=True, slots=True)
class Option:
    """A variant, mode or setting that a table chooses before the game starts."""

    key: str
    label: str
    choices: tuple[OptionValue, ...]
    default: OptionValue
    help: str
    choice_labels: tuple[str, ...] = ()
    """Words for each choice, in the same order (empty: the values speak for themselves)."""

    def label_of(self, value: OptionValue) -> str:
        """The player-facing word for one of this option's values."""
        if self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, for every seat."""

    scores: tuple[int, ...]
    """One score per seat."""
    breakdown: tuple[dict[str, int], ...]
    """Per seat, the points by category (they add up to the score)."""
    ranking: tuple[tuple[int, ...], ...]
    """Groups of tied seats, first place first; every seat appears exactly once."""
    note: str = ""
    """The tie-break that was applied, in words (empty when none was needed)."""
    lost_to: str = ""
    """Solo modes: the rules' own opponent that beat the player ("Jarvis", "the Reavers").
    Set, no seat won, though the ranking still places every seat."""

    def winners(self) -> tuple[int, ...]:
        """The seats sharing first place (none when a solo player ``lost_to`` the game)."""
        if self.lost_to:
            return ()
        return self.ranking[0] if self.ranking else ()


def outcome_feat(outcome: Outcome) -> str | None:
    """The one thing every seat did or did not do, when that is the whole score: "won"
    (Superbohaterowie's standard game), "won a Hunt with 6 heroes", "beat the Reavers"
    (Shardhunters); None for a score of points or a count."""
    keys = {key for breakdown in outcome.breakdown for key in breakdown}
    if len(keys) != 1:
        return None
    (feat,) = keys
    if feat != "won" and not feat.startswith(("won ", "beat ")):
        return None
    for breakdown, score in zip(outcome.breakdown, outcome.scores, strict=True):
        if breakdown.get(feat, 0) != score or score not in (0, 1):
            return None
    return feat


def won_or_not(outcome: Outcome) -> bool:
    """Whether ``outcome`` is a game won or not, without points (Superbohaterowie's standard
    game: the first saved city wins; Shardhunters: the first Hunt won with five heroes): its
    1 and 0 are said in words, never as a score."""
    return outcome_feat(outcome) is not None


def signed(number: object) -> str:
    """A score or part as a player reads it: a negative number with a minus sign (−2),
    never a hyphen-minus (Whoosh's mistakes are −1 each)."""
    return str(number).replace("-", "−") if isinstance(number, int) else str(number)


def points_words(score: int) -> str:
    """A score of points in words: "35 points", "1 point", "−2 points"."""
    return f"{signed(score)} point{'' if abs(score) == 1 else 's'}"


def score_words(outcome: Outcome, seat: int) -> str:
    """A seat's score as the results say it: "35 points", or "won the game" (the feat that
    won it: "won a Hunt with 6 heroes") and "did not win"."""
    score = outcome.scores[seat]
    feat = outcome_feat(outcome)
    if feat is not None:
        if not score:
            return "did not win"
        return "won the game" if feat == "won" else feat
    return points_words(score)


TABLE = -1
"""The seat of the table itself: the actions only its clock takes (a real-time game's tie
window closing), which no player may. ``legal_actions(state, TABLE)`` lists them, a record
keeps them under this seat, and `core.match.Match.act` takes them from the table alone."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """An action the table takes by itself once time has passed, unless the position changes
    first (real-time games: the reveal a slow player owes, the end of a claim's tie window).

    Games with such moments define ``deadlines(state) -> Sequence[Deadline]``; the engine
    still reads no clock: times here are only durations and the ``at_ns`` the actions
    themselves carried.
    """

    seat: int
    """Who the action is taken for (`TABLE`: the table itself, no player)."""
    action: Action
    delay_s: float
    """How long after ``since_ns`` (or after the position arose) the action is due."""
    since_ns: int | None = None
    """Measured from this action time (a claim's ``at_ns``); None: from the position."""
    wait_for_latency: bool = False
    """Also wait out the table's latency horizon, so a far player's compensated claim can
    still arrive in time (fair arbitration)."""


def opening(
    game: Game, seats: int, rng: random.Random, options: Mapping[str, Any]
) -> tuple[State, tuple[Event, ...]]:
    """A new game's state, as ``setup`` deals it, and what the deal told the table.

    A setup that deals like a later step of the game (the first Hunt's monsters, the first
    hands, the first Store's packs) says the same things: such games define
    ``opening(seats, rng, options) -> (state, events)``, their ``setup`` keeping its state.
    Optional, so a game whose deal says nothing needs nothing.
    """
    found = getattr(game, "opening", None)
    if found is None:
        return game.setup(seats, rng, options), ()
    state, events = found(seats, rng, options)
    return state, tuple(events)


def deadlines(game: Game, state: State) -> Sequence[Deadline]:
    """The game's deadlines for ``state`` (none for games without real-time moments)."""
    found = getattr(game, "deadlines", None)
    return tuple(found(state)) if found is not None else ()


@runtime_checkable
class Game(Protocol):
    """The rules of one game. Every method is pure: given states are never changed."""

    slug: str
    title: str
    pitch: str
    """One line that sells the game in the launcher."""
    players: range
    options: tuple[Option, ...]

    def rules_text(self) -> str:
        """The rulebook followed by this edition's documented decisions, for the help screen."""
        ...

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> State:
        """Deal a new game for ``seats`` players with validated ``options``."""
        ...

    def to_act(self, state: State) -> frozenset[int]:
        """Seats that may act now (several for simultaneous decisions; empty when over)."""
        ...

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now: complete and finite."""
        ...

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        """The state after ``seat`` takes a legal ``action``, and what happened."""
        ...

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now, in words for the player."""
        ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Plain data with only what ``seat`` may see (``None``: a spectator)."""
        ...

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A state consistent with everything ``seat`` has seen, with all else re-dealt."""
        ...

    def census(self, state: State) -> Counter[str]:
        """Every physical card id in every zone; constant through a game."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    def describe(self, state: State, action: Action) -> str:
        """Plain words for an action, as the log and screen readers say it."""
        ...


def validate_options(game: Game, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
    """Every option of ``game`` with its chosen or default value; unknown or bad ones refused."""
    given = dict(options or {})
    known = {option.key: option for option in game.options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        allowed = ", ".join(known) or "none"
        raise ValueError(f"unknown option {unknown[0]!r} for {game.slug} (allowed: {allowed})")
    chosen: dict[str, OptionValue] = {}
    for key, option in known.items():
        value = given.get(key, option.default)
        # bool is an int in Python: keep True from passing for 1 and the reverse.
        if not any(type(value) is type(c) and value == c for c in option.choices):
            allowed = ", ".join(str(c) for c in option.choices)
            raise ValueError(f"option {key!r} cannot be {value!r} (allowed: {allowed})")
        chosen[key] = value
    return chosen


def seat_problem(game: Game, seats: int, options: Mapping[str, OptionValue]) -> str:
    """Why ``seats`` players cannot play with these validated options ("" when they can).

    Most options suit every seat count. A game with one that does not (Orb Hunters' Teams
    is for four players only) defines ``seat_problem(seats, options) -> str`` returning the
    reason in words; Match.new refuses such a table with it, and the conformance suite
    checks those combinations are refused instead of playing them. Optional, so games
    without such options need nothing.
    """
    check = getattr(game, "seat_problem", None)
    return str(check(seats, options)) if check is not None else ""


def why_waiting(game: Game, state: State, seat: int) -> str:
    """Why ``seat``, which may not act now, waits, in the game's words ("" when the usual
    "not your turn" says it). Optional: a real-time game (Whoosh) has no turns to speak of
    for a hand that is already down, so it defines ``why_waiting(state, seat) -> str``."""
    check = getattr(game, "why_waiting", None)
    return str(check(state, seat)) if check is not None else ""


def validate_seats(game: Game, seats: int) -> int:
    """``seats`` if the game allows that many players, else a ValueError naming the range."""
    if type(seats) is not int or seats not in game.players:
        low, high = game.players.start, game.players.stop - 1
        raise ValueError(f"{game.title} is for {low}–{high} players, not {seats!r}")
    return seats


def rank_by_score(
    scores: Sequence[int], seats: Sequence[int] | None = None
) -> tuple[tuple[int, ...], ...]:
    """Groups of seats with equal score, highest first."""
    order = list(range(len(scores))) if seats is None else list(seats)
    groups: dict[int, list[int]] = {}
    for seat in order:
        groups.setdefault(scores[seat], []).append(seat)
    return tuple(tuple(groups[score]) for score in sorted(groups, reverse=True))


_SEAT_TOKEN = re.compile(r"(\()?\{p(\d)\}(?(1)\))")
"""A seat token, alone or in brackets ("London ({p1})")."""
_BRACKETED = re.compile(r"\s*\(([^()]*)\)")


def in_words(items: Sequence[str]) -> str:
    """A list as a sentence says it: "ala", "ala and bob", "ala, bob and eve" ("" for none)."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def unbracketed(name: str) -> str:
    """A name to put in brackets: its own brackets become a comma ("Bot 2 (normal)" →
    "Bot 2, normal"), so that "London (Bot 2, normal)" has one pair, not one in another."""
    flat = _BRACKETED.sub(lambda inner: f", {inner.group(1).strip()}", name)
    return flat.replace("(", "").replace(")", "").strip(", ") or name


def with_names(text: str, names: Sequence[str]) -> str:
    """An event text with its ``{pN}`` seat tokens replaced by the players' names (a
    name in brackets without brackets of its own: `unbracketed`).

    Games write seats as tokens because only the table knows who sits where; names are
    inserted here as plain text (never markup: the caller renders the result as text).
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(2))
        said = names[seat] if seat < len(names) else f"Player {seat + 1}"
        return f"({unbracketed(said)})" if match.group(1) else said

    return _SEAT_TOKEN.sub(name, text)


def rules_text(package: str) -> str:
    """A game package's ``rulebook.txt`` followed by its ``notes.md`` (the designed choices)."""
    root = resources.files(package)
    rulebook = root.joinpath("rulebook.txt").read_text(encoding="utf-8").strip()
    notes = root.joinpath("notes.md").read_text(encoding="utf-8").strip()
    return f"{rulebook}\n\n{notes}\n"


def chance(seed: int) -> tuple[random.Random, int]:
    """A generator for one chance step, and the seed a state keeps for the next step.

    States stay plain data, so the RNG lives in a state as one integer rather than as a
    ``random.Random`` object: the same state always draws the same cards, and a bot's
    determinized copy gets a fresh seed so it cannot foresee real future shuffles.
    """
    rng = random.Random(seed)
    return rng, rng.getrandbits(63)
