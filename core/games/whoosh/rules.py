"""Whoosh: Bounty Hunters' rules: setup, legal actions, claims and their settling, the end.

Actions:
  ("reveal",)                    the turn holder turns the top card of their pile face-up
  ("claim", slot, generation)    a hand on Monster ``slot`` (0, 1, 2) of board ``generation``
  ("settle",)                    the table's tie window has passed: decide the pending claims

Real time enters only as ``at_ns`` (a claim's moment, nanoseconds on one timeline): the
engine never reads a clock. A claim refers to the board it reacted to (its generation); one
from before the Monsters last changed is refused, not penalised (one from before the latest
reveal counts, judged on the cards now revealed). Claims on the current board wait, pending,
until a ("settle",) (or at once when the tie window is 0), so that claims made at the same
moment can be judged by the rulebook's tie rule even when they arrive out of order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

from core import codec
from core.engine import (
    Action,
    Deadline,
    Event,
    IllegalAction,
    Option,
    Outcome,
    chance,
    rules_text,
)
from core.games.whoosh import view as view_module
from core.games.whoosh.data import (
    MONSTER_BY_ID,
    MONSTERS,
    PILES,
    card_words,
    in_play,
    is_failed,
    monster_words,
    symbols_of,
    weapon_ids,
)
from core.games.whoosh.scoring import breakdown, rank_key, ranking, score, tie_break_note
from core.games.whoosh.scoring import can_capture as can_capture

NS_PER_MS = 1_000_000


@codec.register
@dataclass(frozen=True, slots=True)
class Claim:
    """A hand going down on a Monster: who, which Monster, and when."""

    seat: int
    slot: int
    at_ns: int


@codec.register
@dataclass(frozen=True, slots=True)
class State:
    """One moment of a Whoosh game. Piles list their top card first."""

    players: int
    failed_attacks: bool
    tie_window: int
    """Milliseconds: pending claims this close to the earliest are simultaneous."""
    turn_timer: int
    """Seconds before the table reveals for a slow player (0: off). Kept for the table."""
    fair_remote: bool
    """Whether the table judges remote claims by reaction time. Kept for the table."""
    piles: tuple[tuple[str, ...], ...]
    """Each player's face-down Weapons & Spells pile."""
    revealed: tuple[tuple[str, ...], ...]
    """Each player's revealed row, in the order revealed."""
    board: tuple[str | None, ...]
    """The face-up Monster of each of the three piles (None once a pile is used up)."""
    monster_piles: tuple[tuple[str, ...], ...]
    """The face-down Monsters below each face-up one."""
    captured: tuple[tuple[str, ...], ...]
    """Each player's face-up Monsters."""
    mistakes: tuple[tuple[str, ...], ...]
    """Each player's face-down Monsters (-1 each)."""
    box: tuple[str, ...]
    """Cards out of the game: set-aside Monsters (and Failed Attacks when left out)."""
    turn: int
    """Who reveals next."""
    generation: int
    """Bumps on every reveal and every change of the board; claims name the one they saw."""
    claims: tuple[Claim, ...]
    """Pending claims on the current generation, in arrival order."""
    last_ns: int
    """The latest time seen so far; a claim without a time counts as just after it."""
    reveals: int
    over: bool
    rng: int
    board_since: int = 0
    """The generation at which the Monsters last changed (a capture, a mistake, a
    stalemate). A claim naming any generation from here on is about these Monsters: reveals
    in between only add cards, so the hand that was already on its way still counts."""


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _event(kind: str, text: str, **data: Any) -> Event:
    return {"type": kind, "text": text, **data}


def revealed_symbols(state: State) -> list[tuple[str, ...]]:
    """What every revealed card on the table counts as, all players together."""
    return [symbols_of(card) for row in state.revealed for card in row]


def next_revealer(state: State, start: int) -> int | None:
    """The first seat from ``start`` clockwise with cards in its pile (None: all empty)."""
    for step in range(state.players):
        seat = (start + step) % state.players
        if state.piles[seat]:
            return seat
    return None


class Whoosh:
    """Reveal Weapons & Spells in turn; slap a Monster first when its symbols are all out."""

    slug: str = "whoosh"
    title: str = "Whoosh: Bounty Hunters"
    pitch: str = "Real time: reveal weapons and spells, and be the first hand on the monster."
    players: range = range(2, 9)
    options: tuple[Option, ...] = (
        Option(
            key="failed_attacks",
            label="Failed Attack cards",
            choices=(True, False),
            default=True,
            help=(
                "Off: leave out the 12 Failed Attack cards, which show a broken symbol and "
                "count as nothing (the rulebook's suggestion for young children)."
            ),
            choice_labels=("in the deck", "left out"),
        ),
        Option(
            key="tie_window",
            label="Tie window",
            choices=(0, 20, 50, 100, 200),
            default=50,
            help=(
                "Claims this close in time to the first one on the same board count as "
                "simultaneous, and the rulebook's tie rule decides (different Monsters: the "
                "higher tie number; the same Monster: the earlier hand). Off: first come wins."
            ),
            choice_labels=("off", "20 ms", "50 ms", "100 ms", "200 ms"),
        ),
        Option(
            key="turn_timer",
            label="Turn timer",
            choices=(0, 3, 5, 10, 20),
            default=5,
            help="A player who waits this long to reveal has the table reveal for them.",
            choice_labels=("off", "3 s", "5 s", "10 s", "20 s"),
        ),
        Option(
            key="fair_remote",
            label="Fair remote play",
            choices=(True, False),
            default=True,
            help=(
                "Judge remote players by their reaction time (the moment the board reached "
                "them, from a measured round trip), so a slower link does not lose races."
            ),
            choice_labels=("on", "off"),
        ),
    )

    def rules_text(self) -> str:
        return rules_text(__package__ or "core.games.whoosh")

    # -- setup -----------------------------------------------------------------------------

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> State:
        """Set Monsters aside by player count, make three equal piles, split the Weapons &
        Spells into one pile per player; seat 0 (the youngest) reveals first."""
        failed_attacks = bool(options.get("failed_attacks", True))
        shuffle, seed = chance(rng.getrandbits(63))
        used = sorted(m.id for m in MONSTERS if in_play(m, seats))
        box = [m.id for m in MONSTERS if not in_play(m, seats)]
        shuffle.shuffle(used)
        size = len(used) // PILES
        monster_piles = [used[i * size : (i + 1) * size] for i in range(PILES)]
        cards = [c for c in weapon_ids() if failed_attacks or not is_failed(c)]
        box += [c for c in weapon_ids() if c not in cards]
        shuffle.shuffle(cards)
        piles: list[tuple[str, ...]] = []
        start = 0
        for seat in range(seats):
            count = len(cards) // seats + (1 if seat < len(cards) % seats else 0)
            piles.append(tuple(cards[start : start + count]))
            start += count
        return State(
            players=seats,
            failed_attacks=failed_attacks,
            tie_window=int(options.get("tie_window", 50)),
            turn_timer=int(options.get("turn_timer", 5)),
            fair_remote=bool(options.get("fair_remote", True)),
            piles=tuple(piles),
            revealed=((),) * seats,
            board=tuple(pile[0] for pile in monster_piles),
            monster_piles=tuple(tuple(pile[1:]) for pile in monster_piles),
            captured=((),) * seats,
            mistakes=((),) * seats,
            box=tuple(box),
            turn=0,
            generation=0,
            claims=(),
            last_ns=0,
            reveals=0,
            over=False,
            rng=seed,
        )

    # -- who may act, what is legal ------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        """Everyone, all the time: any hand may go down on a Monster at any moment."""
        return frozenset() if state.over else frozenset(range(state.players))

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        if state.over or not 0 <= seat < state.players:
            return []
        actions: list[Action] = []
        if seat == state.turn and not state.claims and state.piles[seat]:
            actions.append(("reveal",))
        if all(claim.seat != seat for claim in state.claims):
            actions += [
                ("claim", slot, state.generation)
                for slot, monster in enumerate(state.board)
                if monster is not None
            ]
        if state.claims:
            actions.append(("settle",))
        return actions

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        if state.over:
            return "the game is over"
        verb = action[0] if action else None
        if verb == "reveal":
            if state.claims:
                return "wait: the claims on this board are being settled"
            if seat != state.turn:
                return f"it is seat {state.turn + 1}'s turn to reveal"
            return "your pile is empty"
        if verb == "claim":
            if len(action) != 3 or not all(type(x) is int for x in action[1:]):
                return "malformed claim: name the Monster (1-3) and the board you saw"
            slot, generation = action[1], action[2]
            if not 0 <= slot < PILES or state.board[slot] is None:
                return f"there is no Monster {slot + 1}"
            if not state.board_since <= generation <= state.generation:
                return "too late: the board changed"
            if any(claim.seat == seat for claim in state.claims):
                return "you already claimed"
        if verb == "settle":
            return "there are no claims to settle"
        return f"unknown action {verb!r}"

    # -- applying ------------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        legal = self.legal_actions(state, seat)
        judged = action
        if (
            len(action) == 3
            and action[0] == "claim"
            and type(action[2]) is int
            and state.board_since <= action[2] < state.generation
        ):
            # Reacted to these Monsters before the latest reveal: judged on the board now.
            judged = (action[0], action[1], state.generation)
        if judged not in legal or not all(type(x) is int for x in action[1:]):
            raise IllegalAction(self.why_illegal(state, seat, action))
        if at_ns is not None:
            state = replace(state, last_ns=max(state.last_ns, at_ns))
        verb = action[0]
        if verb == "reveal":
            return _reveal(state, seat)
        if verb == "claim":
            when = at_ns if at_ns is not None else state.last_ns + 1
            state = replace(state, last_ns=max(state.last_ns, when))
            return _claim(state, seat, action[1], when)
        return _settle(state)

    def deadlines(self, state: State) -> Sequence[Deadline]:
        """What the table does by itself when time passes (the engine reads no clock).

        Pending claims are settled once the tie window has passed since the earliest of them
        (and, with fair remote play, the table's latency horizon too, so that a far player's
        compensated claim can still arrive). With the turn timer on, the table reveals for a
        turn holder who has not revealed within it.
        """
        if state.over:
            return ()
        if state.claims:
            first = min(state.claims, key=lambda c: (c.at_ns, c.seat))
            return (
                Deadline(
                    seat=first.seat,
                    action=("settle",),
                    delay_s=state.tie_window / 1000,
                    since_ns=first.at_ns,
                    wait_for_latency=state.fair_remote,
                ),
            )
        if state.turn_timer and state.piles[state.turn]:
            return (Deadline(seat=state.turn, action=("reveal",), delay_s=state.turn_timer),)
        return ()

    # -- information ---------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_module.view(state, seat, self.to_act(state))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view_module.determinize(state, seat, rng)

    def census(self, state: State) -> Counter[str]:
        zones = (*state.piles, *state.revealed, *state.monster_piles)
        zones += (*state.captured, *state.mistakes, state.box)
        return Counter(chain(chain.from_iterable(zones), (m for m in state.board if m)))

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        seats = range(state.players)
        keys = [rank_key(state.captured[s], state.mistakes[s]) for s in seats]
        return Outcome(
            scores=tuple(score(state.captured[s], state.mistakes[s]) for s in seats),
            breakdown=tuple(breakdown(state.captured[s], state.mistakes[s]) for s in seats),
            ranking=ranking(keys),
            note=tie_break_note(keys),
        )

    def describe(self, state: State, action: Action) -> str:
        verb = action[0]
        if verb == "reveal":
            return "reveal the top card of your pile"
        if verb == "settle":
            return "settle the claims"
        monster = state.board[action[1]]
        return f"claim {monster_words(MONSTER_BY_ID[monster])}" if monster else "claim"


def _reveal(state: State, seat: int) -> tuple[State, list[Event]]:
    card = state.piles[seat][0]
    state = replace(
        state,
        piles=_set(state.piles, seat, state.piles[seat][1:]),
        revealed=_set(state.revealed, seat, state.revealed[seat] + (card,)),
        generation=state.generation + 1,
        reveals=state.reveals + 1,
    )
    events = [
        _event("reveal", f"{{p{seat}}} reveals {card_words(card)}.", seat=seat, card=card),
    ]
    left = (seat + 1) % state.players
    following = next_revealer(state, left)
    if following is not None:
        return replace(state, turn=following), events
    # Every card is revealed. If some Monster can be captured, the race is on (nobody may
    # reveal); if none can, nothing could ever change: the stalemate rule (notes.md).
    state = replace(state, turn=left)
    if capturable_slots(state):
        return state, events
    return _stalemate(state, left, events)


def _stalemate(state: State, start: int, events: list[Event]) -> tuple[State, list[Event]]:
    """Nobody can capture anything and nobody can reveal: the three Monsters go to the box
    unclaimed, are replaced, and every revealed card returns to its owner's pile."""
    events.append(
        _event(
            "stalemate",
            "Every card is revealed and no Monster can be captured: the three Monsters "
            "leave the game unclaimed.",
        )
    )
    state = replace(state, box=state.box + tuple(m for m in state.board if m))
    for slot in range(PILES):
        state, more = _replace_monster(state, slot)
        events += more
    state = _return_revealed(state)
    turn = next_revealer(state, start)
    state = replace(
        state,
        generation=state.generation + 1,
        board_since=state.generation + 1,
        turn=start if turn is None else turn,
    )
    if not state.over:
        events.append(_event("turn", f"{{p{state.turn}}} reveals next."))
    return state, events


def _claim(state: State, seat: int, slot: int, at_ns: int) -> tuple[State, list[Event]]:
    monster = MONSTER_BY_ID[str(state.board[slot])]
    state = replace(state, claims=state.claims + (Claim(seat, slot, at_ns),))
    events = [
        _event("claim", f"{{p{seat}}} claims the {monster.name}!", seat=seat, slot=slot),
    ]
    # Without a window first come wins at once, unless far players' compensated claims
    # must be waited for (fair remote play): then the table settles after their latency.
    if state.tie_window == 0 and not state.fair_remote:
        state, settled = _settle(state)
        events += settled
    return state, events


def deciding_claim(state: State) -> Claim:
    """The one pending claim that counts (rulebook tie rule; see notes.md).

    Claims within the tie window of the earliest are simultaneous; among them the Monster
    with the highest tie number is the one that counts, and on it the earliest claim (equal
    times: the lower seat). Later claims are simply too late.
    """
    earliest = min(claim.at_ns for claim in state.claims)
    window = state.tie_window * NS_PER_MS
    together = [c for c in state.claims if c.at_ns - earliest <= window]

    def tie(claim: Claim) -> int:
        return MONSTER_BY_ID[str(state.board[claim.slot])].tie

    top = max(tie(claim) for claim in together)
    return min((c for c in together if tie(c) == top), key=lambda c: (c.at_ns, c.seat))


def _settle(state: State) -> tuple[State, list[Event]]:
    winner = deciding_claim(state)
    seat, slot = winner.seat, winner.slot
    monster = MONSTER_BY_ID[str(state.board[slot])]
    events: list[Event] = []
    latest = min(c.at_ns for c in state.claims) + state.tie_window * NS_PER_MS
    for claim in state.claims:
        if claim is winner:
            continue
        other = MONSTER_BY_ID[str(state.board[claim.slot])]
        if claim.slot == slot or claim.at_ns > latest:
            why = f"{{p{seat}}} was first"
        else:
            why = f"the {monster.name} has the higher tie number ({monster.tie} > {other.tie})"
        events.append(
            _event(
                "void",
                f"{{p{claim.seat}}}'s claim on the {other.name} is void: {why}.",
                seat=claim.seat,
                slot=claim.slot,
            )
        )
    if can_capture(monster.symbols, revealed_symbols(state)):
        state = replace(
            state, captured=_set(state.captured, seat, state.captured[seat] + (monster.id,))
        )
        events.append(
            _event(
                "capture",
                f"{{p{seat}}} captures {monster_words(monster)} ({monster.value} "
                f"point{'s' if monster.value > 1 else ''})!",
                seat=seat,
                slot=slot,
            )
        )
    else:
        state = replace(
            state, mistakes=_set(state.mistakes, seat, state.mistakes[seat] + (monster.id,))
        )
        events.append(
            _event(
                "mistake",
                f"{{p{seat}}} grabbed {monster_words(monster)} without all its symbols "
                "revealed: a mistake, face-down for -1.",
                seat=seat,
                slot=slot,
            )
        )
    state, more = _replace_monster(replace(state, claims=()), slot)
    events += more
    state = _return_revealed(state)
    turn = next_revealer(state, seat)
    state = replace(
        state,
        generation=state.generation + 1,
        board_since=state.generation + 1,
        turn=seat if turn is None else turn,
    )
    if not state.over:
        events.append(
            _event(
                "turn",
                f"Every revealed card goes to the bottom of its owner's pile; "
                f"{{p{state.turn}}} reveals next.",
            )
        )
    return state, events


def _replace_monster(state: State, slot: int) -> tuple[State, list[Event]]:
    """Draw the next Monster of a pile onto an emptied slot; an empty pile ends the game."""
    pile = state.monster_piles[slot]
    if not pile:
        state = replace(state, board=_set(state.board, slot, None), over=True)
        return state, [
            _event("end", "That was the last Monster of its pile: the game ends.", slot=slot)
        ]
    state = replace(
        state,
        board=_set(state.board, slot, pile[0]),
        monster_piles=_set(state.monster_piles, slot, pile[1:]),
    )
    new = MONSTER_BY_ID[pile[0]]
    return state, [_event("monster", f"A new Monster appears: {monster_words(new)}.", slot=slot)]


def _return_revealed(state: State) -> State:
    """Every revealed card goes face-down to the bottom of its owner's pile, in order."""
    piles = tuple(pile + row for pile, row in zip(state.piles, state.revealed, strict=True))
    return replace(state, piles=piles, revealed=((),) * state.players)


def capturable_slots(state: State) -> list[int]:
    """The slots whose Monster the revealed cards can capture now."""
    symbols = revealed_symbols(state)
    return [
        slot
        for slot, monster in enumerate(state.board)
        if monster is not None and can_capture(MONSTER_BY_ID[monster].symbols, symbols)
    ]


WHOOSH = Whoosh()
