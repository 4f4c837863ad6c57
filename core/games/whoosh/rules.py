"""Whoosh: Bounty Hunters' rules: setup, legal actions, claims and their settling, the end.

Actions:
  ("reveal",)                    the turn holder turns the top card of their pile face-up
  ("claim", slot, generation)    a hand on Monster ``slot`` (0, 1, 2) as it was on board
                                 ``generation``: the board that had reached the player
  ("settle",)                    the table's clock, never a player (seat `TABLE`): the tie
                                 window has passed, decide the pending claims

Real time enters only as ``at_ns`` (a claim's moment, nanoseconds on one timeline): the
engine never reads a clock. A claim names the Monster its player saw, by the slot and the
board (generation) they saw it on:

- on the Monsters still on the table (the board changed since by reveals only, which only
  add cards) it is pending, judged at the settle on the cards then revealed;
- on the Monsters from before they last changed (someone took one; a stalemate) it is
  void: too late, never a penalty, and told to everyone with its time (one per player and
  board); older than that it is refused.

Pending claims wait for ("settle",), which only the table's clock submits (or are settled
at once when the tie window is 0), so that claims made at the same moment are judged by
the rulebook's tie rule even when they arrive out of order. Every claim's event carries its
reaction time when the board it names and the claim were both timed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

from core.engine import (
    TABLE,
    Action,
    Deadline,
    Event,
    IllegalAction,
    Option,
    Outcome,
    chance,
    in_words,
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
from core.games.whoosh.state import Claim, State

NS_PER_MS = 1_000_000
CLAIM_BOARDS = 16
"""Boards back a claim may name: the newest and the 15 before it. A hand reacts to a board
that has been on screen a tenth of a second; sixteen reveals take several seconds."""


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
    clock_options: tuple[str, ...] = ("turn_timer",)
    """Options only the table's clock reads (a deadline), never the rules of an action."""
    pitch: str = "Real time: reveal weapons and spells, and be the first hand on the Monster."
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
        """Every player who may reveal or put a hand down now — any hand may go down on a
        Monster at any moment, once per board — and, while claims wait, the table itself
        (`TABLE`), whose clock closes the tie window."""
        if state.over:
            return frozenset()
        players = {seat for seat in range(state.players) if _can_act(state, seat)}
        return frozenset(players | {TABLE}) if state.claims else frozenset(players)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        """A seat's reveal and claims; the table's (`TABLE`) settle while claims wait.

        Claims are listed for every board a hand may still be aimed at, newest first: the
        boards since the Monsters last changed (pending claims) and, once per player, the
        boards of the Monsters before that (void: too late, told to everyone)."""
        if state.over:
            return []
        if seat == TABLE:
            return [("settle",)] if state.claims else []
        if not 0 <= seat < state.players:
            return []
        actions: list[Action] = []
        if seat == state.turn and not state.claims and state.piles[seat]:
            actions.append(("reveal",))
        oldest = state.generation - CLAIM_BOARDS + 1
        if all(claim.seat != seat for claim in state.claims):
            actions += [
                ("claim", slot, generation)
                for generation in range(state.generation, max(state.board_since, oldest) - 1, -1)
                for slot, monster in enumerate(state.board)
                if monster is not None
            ]
        if seat not in state.late:
            actions += [
                ("claim", slot, generation)
                for generation in range(
                    state.board_since - 1, max(state.prev_since, oldest) - 1, -1
                )
                for slot, monster in enumerate(state.prev_board)
                if monster is not None
            ]
        return actions

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        if state.over:
            return "the game is over"
        verb = action[0] if action else None
        if verb == "reveal":
            if state.claims:
                return "wait: the claims on this board are being settled"
            if seat != state.turn:
                return f"it is {{p{state.turn}}}'s turn to reveal"
            return "your pile is empty"
        if verb == "claim":
            if len(action) != 3 or not all(type(x) is int for x in action[1:]):
                return "malformed claim: name the Monster (1-3) and the board you saw"
            slot, generation = action[1], action[2]
            if not 0 <= slot < PILES:
                return f"there is no Monster {slot + 1}"
            if generation > state.generation:
                return "that board has not been shown yet"
            if generation <= state.generation - CLAIM_BOARDS:
                return f"too late: {CLAIM_BOARDS} cards have turned since that board"
            if generation >= state.board_since:
                if state.board[slot] is None:
                    return f"there is no Monster {slot + 1}"
                return "you already claimed"
            if generation >= state.prev_since and state.prev_board:
                if state.prev_board[slot] is None:
                    return f"there was no Monster {slot + 1}"
                return "you already reached for that board"
            return "too late: the Monsters have changed since"
        if verb == "settle":
            if seat != TABLE:
                return "only the table's clock closes a tie window"
            return "there are no claims to settle"
        return f"unknown action {verb!r}"

    def why_waiting(self, state: State, seat: int) -> str:
        """A hand already down waits for the table, not for a turn (Match asks this)."""
        if not state.over and any(claim.seat == seat for claim in state.claims):
            return "you already claimed: the table is settling the claims"
        return ""

    # -- applying ------------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        legal = self.legal_actions(state, seat)
        if action not in legal or not all(type(x) is int for x in action[1:]):
            raise IllegalAction(self.why_illegal(state, seat, action))
        before = state
        if at_ns is not None:
            state = replace(state, last_ns=max(state.last_ns, at_ns))
        verb = action[0]
        events: list[Event]
        if verb == "reveal":
            state, events = _reveal(state, seat)
        elif verb == "claim":
            when = at_ns if at_ns is not None else state.last_ns + 1
            state = replace(state, last_ns=max(state.last_ns, when))
            state, events = _claim(state, seat, action[1], action[2], when, at_ns is not None)
        else:
            state, events = _settle(state)
        return _track_boards(before, state, at_ns), events

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
                    seat=TABLE,
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
        slot, generation = action[1], action[2]
        board = state.board if generation >= state.board_since else state.prev_board
        monster = board[slot] if slot < len(board) else None
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


def _claim(
    state: State, seat: int, slot: int, seen: int, at_ns: int, timed: bool
) -> tuple[State, list[Event]]:
    reaction = _reaction(state, seen, at_ns) if timed else None
    after = f" ({_seconds(reaction)} after the board)" if reaction is not None else ""
    if seen < state.board_since:
        # Aimed at Monsters that have since changed: too late, never a penalty.
        gone = MONSTER_BY_ID[str(state.prev_board[slot])]
        if state.board[slot] == state.prev_board[slot]:
            # Still on the table, but not with the cards that were out when the hand went.
            why = "the revealed cards had already gone back to their piles"
        else:
            why = "it had already left the table"
        state = replace(state, late=(*state.late, seat))
        return state, [
            _event(
                "late",
                f"{{p{seat}}} reached for the {gone.name} too late{after}: {why}. "
                "Void, no penalty.",
                seat=seat,
                slot=slot,
                **_timing(reaction),
            )
        ]
    monster = MONSTER_BY_ID[str(state.board[slot])]
    state = replace(state, claims=(*state.claims, Claim(seat, slot, at_ns, seen)))
    events = [
        _event(
            "claim",
            f"{{p{seat}}} claims the {monster.name}{after}!",
            seat=seat,
            slot=slot,
            **_timing(reaction),
        ),
    ]
    # Without a window first come wins at once, unless far players' compensated claims
    # must be waited for (fair remote play): then the table settles after their latency.
    if state.tie_window == 0 and not state.fair_remote:
        state, settled = _settle(state)
        events += settled
    return state, events


def _can_act(state: State, seat: int) -> bool:
    """Whether ``seat`` has any legal action (`Whoosh.legal_actions`, without listing them)."""
    if seat == state.turn and not state.claims and state.piles[seat]:
        return True
    if all(c.seat != seat for c in state.claims) and any(m is not None for m in state.board):
        return True
    return (
        seat not in state.late
        and state.board_since > max(state.prev_since, state.generation - CLAIM_BOARDS + 1)
        and any(m is not None for m in state.prev_board)
    )


def _board_time(state: State, generation: int) -> int:
    """When board ``generation`` arose (-1: untimed or forgotten)."""
    index = generation - state.prev_since
    return state.times[index] if 0 <= index < len(state.times) else -1


def _reaction(state: State, seen: int, at_ns: int) -> int | None:
    """Nanoseconds from board ``seen`` arising to a claim at ``at_ns`` (None: untimed)."""
    shown = _board_time(state, seen)
    return max(0, at_ns - shown) if shown >= 0 else None


def _timing(reaction: int | None) -> dict[str, int]:
    """A claim event's reaction time in milliseconds, when there is one to tell."""
    return {} if reaction is None else {"reaction_ms": reaction // NS_PER_MS}


def _seconds(ns: int) -> str:
    return f"{ns / 1e9:.2f} s"


def _whole_ms(ns: int) -> int:
    """Nanoseconds as whole milliseconds, half up: from half a millisecond on a gap is told
    as 1 ms at least (Python's own rounding, half to even, told 0.5 ms as '0 ms')."""
    return (ns + NS_PER_MS // 2) // NS_PER_MS


def _earlier(ns: int, window_ms: int | None = None) -> str:
    """How much earlier the deciding hand came down, in words; past a tie window of
    ``window_ms`` a gap that rounds down to the window is told as more than it."""
    if ns < NS_PER_MS // 2:
        return "at the same moment"
    ms = _whole_ms(ns)
    if window_ms is not None and ms <= window_ms:
        return f"more than {window_ms} ms earlier"
    return f"{ms} ms earlier"


def _track_boards(before: State, after: State, at_ns: int | None) -> State:
    """Remember when each new board arose and, when the Monsters changed, what they were."""
    new = after.generation - before.generation
    if new <= 0:
        return after
    stamp = (at_ns if at_ns is not None else -1,) * new
    if after.board_since == before.board_since:
        return replace(after, times=before.times + stamp)
    kept = before.times[max(0, before.board_since - before.prev_since) :]
    return replace(
        after,
        prev_board=before.board,
        prev_since=before.board_since,
        times=kept + stamp,
        late=(),
    )


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
    window = state.tie_window * NS_PER_MS
    earliest = min(c.at_ns for c in state.claims)
    for claim in state.claims:
        if claim is winner:
            continue
        other = MONSTER_BY_ID[str(state.board[claim.slot])]
        gap = claim.at_ns - winner.at_ns
        if claim.at_ns - earliest > window:
            if window:
                earlier = _earlier(gap, state.tie_window)
                why = f"{{p{seat}}} was first, {earlier}, past the {state.tie_window} ms tie window"
            else:
                why = f"{{p{seat}}} was first, {_earlier(gap)}"
        elif claim.slot == slot:
            if gap < NS_PER_MS // 2:
                why = f"{{p{seat}}}'s hand came down at the same moment, underneath"
            else:
                why = f"{{p{seat}}} was first on it, {_earlier(gap)}"
        else:
            apart = (
                "at the same moment"
                if abs(gap) < NS_PER_MS // 2
                else f"{_whole_ms(abs(gap))} ms apart"
            )
            why = (
                f"the two hands came down {apart}, within the {state.tie_window} ms tie "
                f"window, and the {monster.name} has the higher tie number "
                f"({monster.tie} > {other.tie})"
            )
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
                f"{{p{seat}}} grabbed the {monster.name} before its "
                f"{in_words(list(monster.symbols))} were all out: a mistake, face-down for −1.",
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
                f"Revealed cards go back under their piles; {{p{state.turn}}} reveals next.",
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
