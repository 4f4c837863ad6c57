"""Match: the one authoritative holder of a game in progress.

Every road into a game goes through here — the TUI, the SSH server, bots and tests. A Match
checks who may act and whether the action is legal, applies it, keeps the public log and
the record (seed, options, seats and every accepted action with its time), and hands out
per-seat views. A refused action raises :class:`IllegalAction` and changes nothing.

Undo (:meth:`Match.undo`) takes back a seat's own last move when it revealed nothing new, as
Board Game Arena's undo does, by replaying the record without it, so it can never leave a
state the rules could not have reached. A move revealed something when:

- another seat acted since (only the record's last step can be taken back, and only by its
  own seat: each undo may then take back the one before, while it is that seat's too);
- the game is played in real time (it has ``deadlines``: every reveal and claim is final),
  or the step is the table's own;
- it told another seat something in private (an event addressed to that seat);
- or its outcome, as its own seat sees it (that seat's view and events after it), could
  have been different: it is applied again to re-deals of everything hidden from that seat
  (``determinize``, which also re-seeds the chance in the state), and any difference — a
  card drawn, a hidden card shown, a shuffle or roll whose result shows — means it drew on
  what the seat did not know.

A game that knows better defines ``reveals(state, seat, action) -> bool`` and is asked
instead. ``version`` counts changes: every accepted action and every undo bump it, so a
choice made on the position before an undo is refused as stale.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from core import codec
from core.engine import (
    TABLE,
    Action,
    Event,
    Game,
    IllegalAction,
    OptionValue,
    Outcome,
    State,
    deadlines,
    opening,
    seat_problem,
    validate_options,
    validate_seats,
    why_waiting,
)

_MAX_ACTION_ITEMS = 16
_UNDO_SAMPLES = 6
"""Re-deals an undo check tries: a move whose outcome depends on hidden cards differs in
one of them unless almost every hidden card would have given the same view."""
_MAX_ACTION_DEPTH = 3

Step = tuple[int, Action, int | None]
"""One accepted action in a record: (seat, action, at_ns)."""


def _resolve(game: str | Game) -> Game:
    if isinstance(game, str):
        from core.games import GAMES

        if game not in GAMES:
            raise ValueError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
        return GAMES[game]
    return game


def normalize_action(action: Any, depth: int = 0) -> Action:
    """``action`` as a tuple of plain items (lists from the wire become tuples), or refused."""
    if not isinstance(action, tuple | list) or len(action) > _MAX_ACTION_ITEMS:
        raise IllegalAction(f"malformed action {action!r}: expected a short tuple")
    items: list[Any] = []
    for item in action:
        if isinstance(item, tuple | list):
            if depth >= _MAX_ACTION_DEPTH:
                raise IllegalAction("malformed action: nested too deeply")
            items.append(normalize_action(item, depth + 1))
        elif item is None or isinstance(item, bool | int | str):
            items.append(item)
        else:
            raise IllegalAction(f"malformed action: {type(item).__name__} is not allowed in it")
    if depth == 0 and (not items or not isinstance(items[0], str)):
        raise IllegalAction("malformed action: it must start with a verb")
    return tuple(items)


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see: public ones and those addressed to it."""
    return [e for e in events if "to" not in e or (seat is not None and e["to"] == seat)]


class Match:
    """One game in progress, from its seed to its outcome."""

    def __init__(
        self,
        game: Game,
        seats: int,
        seed: int,
        options: Mapping[str, OptionValue],
        state: State,
        dealt: Sequence[Event] = (),
    ) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self._state = state
        self._steps: list[Step] = []
        self.version = 0
        self.opening: tuple[Event, ...] = tuple(dealt)
        """What the deal told the table, before any action (filter with `visible_events`)."""
        self.log: list[str] = [e["text"] for e in self.opening if "to" not in e]
        self._legal_cache: dict[int, tuple[int, list[Action], frozenset[Action]]] = {}
        self._before: State | None = None
        """The state before the last step (None when no step or after an undo: rebuilt)."""
        self._undo_cache: tuple[int, int, str] | None = None
        """(version, seat, why not) of the last undo check."""

    # -- making matches ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str | Game,
        seats: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """A freshly dealt match; without a seed, one from ``secrets``."""
        rules = _resolve(game)
        validate_seats(rules, seats)
        chosen = validate_options(rules, options)
        if problem := seat_problem(rules, seats, chosen):
            raise ValueError(problem)
        if seed is None:
            seed = secrets.randbits(63)
        elif type(seed) is not int or not 0 <= seed < 2**63:
            raise ValueError(f"seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
        state, dealt = opening(rules, seats, random.Random(seed), chosen)
        return cls(rules, seats, seed, chosen, state, dealt)

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current state (frozen: reading it cannot change the match)."""
        return self._state

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every accepted action so far, as (seat, action, at_ns)."""
        return tuple(self._steps)

    def to_act(self) -> frozenset[int]:
        """Seats that may act now."""
        return self.game.to_act(self._state)

    def legal(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it may not act)."""
        return list(self._legal(seat)[0])

    def _legal(self, seat: int) -> tuple[list[Action], frozenset[Action]]:
        cached = self._legal_cache.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1], cached[2]
        if seat in self.game.to_act(self._state):
            actions = list(self.game.legal_actions(self._state, seat))
        else:
            actions = []
        entry = (self.version, actions, frozenset(actions))
        self._legal_cache[seat] = entry
        return entry[1], entry[2]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator)."""
        if seat is not None and not self._is_seat(seat):
            raise ValueError(f"there is no seat {seat!r}")
        return self.game.view(self._state, seat)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.game.outcome(self._state)

    def describe(self, action: Action) -> str:
        """Plain words for an action in the current position."""
        return self.game.describe(self._state, action)

    def _is_seat(self, seat: Any) -> bool:
        return type(seat) is int and 0 <= seat < self.seats

    # -- acting --------------------------------------------------------------------------

    def check(self, seat: Any, action: Any, version: int | None = None) -> Action:
        """The normalized ``action`` if ``seat`` may take it now, else IllegalAction.

        The order is the server's: seat first, then legality, then the version the player
        was looking at when choosing.
        """
        if seat == TABLE and type(seat) is int:
            return self._check_table(action)
        if not self._is_seat(seat):
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if self.outcome() is not None:
            raise IllegalAction("the game is over")
        acting = self.game.to_act(self._state)
        if seat not in acting:
            if reason := why_waiting(self.game, self._state, seat):
                raise IllegalAction(reason)
            waiting = ", ".join(f"seat {s + 1}" for s in sorted(acting) if s != TABLE)
            if not waiting:
                raise IllegalAction("wait: the table is settling the claims")
            raise IllegalAction(f"it is not your turn (waiting for {waiting})")
        normal = normalize_action(action)
        if normal not in self._legal(seat)[1]:
            raise IllegalAction(self.game.why_illegal(self._state, seat, normal))
        if version is not None and version != self.version:
            raise IllegalAction("the table changed while you were choosing; look again")
        return normal

    def _check_table(self, action: Any) -> Action:
        """The table's own action (`TABLE`), allowed only when it is one of the actions its
        clock is due to take (a tie window closing): never a player's to take."""
        if self.outcome() is not None:
            raise IllegalAction("the game is over")
        normal = normalize_action(action)
        due = {d.action for d in deadlines(self.game, self._state) if d.seat == TABLE}
        if normal not in due or normal not in self.game.legal_actions(self._state, TABLE):
            raise IllegalAction(self.game.why_illegal(self._state, TABLE, normal))
        return normal

    def act(
        self,
        seat: int,
        action: Any,
        at_ns: int | None = None,
        *,
        version: int | None = None,
        recorder: Callable[[Step], None] | None = None,
    ) -> list[Event]:
        """Apply ``seat``'s action and return its events; refused ones change nothing.

        ``recorder`` hears of the accepted step after its new state is worked out and before
        the match moves to it (the crash-safe record): if it raises, the match stays as it
        was, so it is never ahead of its record."""
        if at_ns is not None and type(at_ns) is not int:
            raise IllegalAction(f"malformed time {at_ns!r}")
        normal = self.check(seat, action, version)
        state, events = self.game.apply(self._state, seat, normal, at_ns)
        step = (seat, normal, at_ns)
        if recorder is not None:
            recorder(step)
        self._before = self._state
        self._state = state
        self._steps.append(step)
        self.version += 1
        self.log.extend(e["text"] for e in events if "to" not in e)
        return list(events)

    # -- taking a move back ----------------------------------------------------------------

    def why_no_undo(self, seat: int) -> str:
        """Why ``seat`` may not take back the last move now, in words; empty when it may."""
        cached = self._undo_cache
        if cached is not None and cached[:2] == (self.version, seat):
            return cached[2]
        why = self._why_no_undo(seat)
        self._undo_cache = (self.version, seat, why)
        return why

    def _why_no_undo(self, seat: int) -> str:
        if not self._is_seat(seat):
            return f"there is no seat {seat!r} at this table"
        if not self._steps:
            return "there is no move to take back"
        if getattr(self.game, "deadlines", None) is not None:
            return f"{self.game.title} is played in real time: every move stands"
        if self.outcome() is not None:
            return "the game is over"
        by, action, at_ns = self._steps[-1]
        if by != seat:
            return "someone else has moved since your last move"
        before = self._before
        if before is None:
            before = self._replayed(len(self._steps) - 1).state
            self._before = before
        if self._revealed(before, seat, action, at_ns):
            return "your last move showed something new (a card drawn or a hidden card seen)"
        return ""

    def _revealed(self, before: State, seat: int, action: Action, at_ns: int | None) -> bool:
        """Whether ``seat``'s ``action`` from ``before`` revealed anything (module docstring)."""
        hook = getattr(self.game, "reveals", None)
        if hook is not None:
            return bool(hook(before, seat, action))
        after, events = self.game.apply(before, seat, action, at_ns)
        if any("to" in e and e["to"] != seat for e in events):
            return True
        seen = (self.game.view(after, seat), visible_events(events, seat))
        rng = random.Random(self.seed ^ len(self._steps))
        for _ in range(_UNDO_SAMPLES):
            dealt = self.game.determinize(before, seat, rng)
            try:
                if action not in self.game.legal_actions(dealt, seat):
                    return True
                other, other_events = self.game.apply(dealt, seat, action, at_ns)
            except Exception:  # a re-deal the move cannot be made in: it depended on it
                return True
            if (self.game.view(other, seat), visible_events(other_events, seat)) != seen:
                return True
        return False

    def undo(self, seat: int) -> Step:
        """Take back ``seat``'s last move (IllegalAction saying why when it may not): the
        match becomes the replay of its record without that move. Returns the step undone."""
        if why := self.why_no_undo(seat):
            raise IllegalAction(f"cannot undo: {why}")
        undone = self._steps[-1]
        rebuilt = self._replayed(len(self._steps) - 1)
        self._state = rebuilt.state
        self._steps = list(rebuilt.steps)
        self.log = rebuilt.log
        self._before = None
        self._legal_cache.clear()
        self.version += 1
        return undone

    def _replayed(self, upto: int) -> Match:
        rebuilt = Match.from_header(self._header())
        for number, step in enumerate(self._steps[:upto], 1):
            rebuilt.redo(number, step)
        return rebuilt

    # -- saving and replaying ------------------------------------------------------------

    def _header(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "seats": self.seats,
            "seed": self.seed,
            "options": tuple(sorted(self.options.items())),
            "actions": tuple(self._steps),
        }

    def record(self) -> bytes:
        """The seed, options, seats and every accepted action: enough to replay the match."""
        return codec.encode("record", self._header())

    def save(self) -> bytes:
        """A snapshot of the match (its record, its state and its log)."""
        # A save's version is its count of actions, what a replay of its record reaches
        # (this match's own may be higher: undos bump it too).
        return codec.encode(
            "save", {**self._header(), "state": self._state, "version": len(self._steps)}
        )

    @classmethod
    def replay(cls, data: bytes, upto: int | None = None) -> Match:
        """The match a record describes (its first ``upto`` actions; all by default)."""
        return cls._rebuild(codec.decode(data, "record"), upto)

    @classmethod
    def load(cls, data: bytes) -> Match:
        """The match a save holds; its state is checked against a replay of its record."""
        body = codec.decode(data, "save")
        match = cls._rebuild(body, None)
        if body.get("state") != match.state or body.get("version") != match.version:
            raise ValueError("the save is inconsistent: its state does not match its record")
        return match

    @classmethod
    def _rebuild(cls, body: Any, upto: int | None) -> Match:
        match = cls.from_header(body)
        steps: Sequence[Any] = body["actions"]
        if not isinstance(steps, tuple):
            raise ValueError("malformed actions in the match")
        for number, step in enumerate(steps[:upto] if upto is not None else steps, 1):
            match.redo(number, step)
        return match

    @classmethod
    def from_header(cls, body: Any) -> Match:
        """The match a record's header sets up, at its deal (ValueError if it is none)."""
        if not isinstance(body, dict) or not {"game", "seats", "seed", "options", "actions"} <= set(
            body
        ):
            raise ValueError("not a Hunters match: fields are missing")
        options = body["options"]
        if not isinstance(options, tuple) or not all(
            isinstance(o, tuple) and len(o) == 2 for o in options
        ):
            raise ValueError("malformed options in the match")
        try:
            return cls.new(body["game"], body["seats"], body["seed"], dict(options))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"cannot set up the match: {exc}") from None

    def redo(self, number: int, step: Any) -> None:
        """Take recorded action ``number`` again (ValueError if it is malformed or illegal):
        a record is replayed one step at a time, never held whole before it is checked."""
        if not isinstance(step, tuple) or len(step) != 3:
            raise ValueError(f"malformed action {number} in the match")
        seat, action, at_ns = step
        try:
            self.act(seat, action, at_ns)
        except IllegalAction as exc:
            raise ValueError(f"action {number} cannot be replayed: {exc}") from None
