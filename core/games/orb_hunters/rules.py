"""Orb Hunters' rules: setup, the three phases of a round, legal actions and the end.

Actions (relic columns are numbered 0.. from the left; seats are table seats):
  ("assign", card, column)   put an adventurer from your hand (Strategic: from the supply)
                             under a relic; also the Sly skill's second card
  ("mark", colour)           Trenti: the adventurer marker put on its banner
  ("attract", column)        Charismatic: the column whose last adventurer it attracts
  ("gift", seat)             Gift: the rival who receives the relic
  ("exchange", seat)         Exchange: the rival whose visible relic you swap it for
Choices with a single possibility (one rival, one column to attract from) are made by the
rules at once; every other skill or effect asks its player.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from core.engine import Action, Event, Option, Outcome, chance, in_words, rules_text
from core.games.orb_hunters import view as view_module
from core.games.orb_hunters.data import (
    ADVENTURER_NAMES,
    COLOURS,
    FIRST_HAND,
    HAND_SIZE,
    LIMIT,
    ROUNDS,
    adventurer_ids,
    adventurer_name,
    initial_relic_ids,
    relic,
    relic_ids,
    relic_kind,
    relic_name,
    relics_per_round,
    skill,
    supply_size,
)
from core.games.orb_hunters.scoring import achievements, final_score, pouch_totals
from core.games.orb_hunters.state import (
    VARIANTS,
    State,
    assign_targets,
    attract_sources,
    column_winner,
    in_play,
    kills,
    mark_of,
    on,
    open_columns,
    replace,
    rivals,
    source,
    teams,
)


class OrbHunters:
    """Assign adventurers under relics to win the rich ones and dodge the cursed."""

    slug: str = "orb-hunters"
    title: str = "Orb Hunters"
    pitch: str = (
        "Three rounds of relics: send adventurers (yours or your rivals') to win wealth "
        "and hand out wounds."
    )
    players: range = range(2, 6)
    options: tuple[Option, ...] = tuple(
        Option(
            key=key,
            label=label,
            choices=(False, True),
            default=False,
            help=help_text,
            choice_labels=("off", "on"),
        )
        for key, label, help_text in VARIANTS
    )

    def rules_text(self) -> str:
        return rules_text(__package__ or "core.games.orb_hunters")

    def seat_problem(self, seats: int, options: Mapping[str, Any]) -> str:
        """Why these options cannot be played by ``seats`` players ("" when they can)."""
        if options.get("teams") and seats != 4:
            return f"The Teams variant is for exactly 4 players, not {seats}."
        return ""

    # -- setup -----------------------------------------------------------------------------

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> State:
        """Deal colours, initial relics, the first row and hands of two; seat 1 starts."""
        return self.opening(seats, rng, options)[0]

    def opening(
        self, seats: int, rng: random.Random, options: Mapping[str, Any]
    ) -> tuple[State, list[Event]]:
        """The setup, and what it told the table: the first draws, as every later one."""
        problem = self.seat_problem(seats, options)
        if problem:
            raise ValueError(problem)
        draw, seed = chance(rng.getrandbits(63))
        colours = list(COLOURS)
        draw.shuffle(colours)
        each = 2 if seats == 2 else 1
        dealt = tuple(tuple(colours[s * each : (s + 1) * each]) for s in range(seats))
        unused_colours = colours[seats * each :]
        relics = list(relic_ids())
        draw.shuffle(relics)
        adventurers = list(adventurer_ids())
        draw.shuffle(adventurers)
        initial = initial_relic_ids()
        variants = tuple(sorted(key for key, _, _ in VARIANTS if options.get(key)))
        count = relics_per_round(seats)
        state = State(
            players=seats,
            variants=variants,
            colours=dealt,
            round=1,
            start=0,
            turn=0,
            relic_deck=tuple(relics[count:]),
            row=tuple(relics[:count]),
            columns=((),) * count,
            marks=(),
            deck=tuple(adventurers),
            discard=(),
            hands=((),) * seats,
            supply=(),
            pouches=tuple((card,) for card in initial[:seats]),
            removed=(
                *(f"initial-{c}" for c in sorted(unused_colours)),
                *initial[seats:],
            ),
            destroyed=(),
            pending=(),
            resolving=-1,
            last_placer=0,
            gifts=(0,) * seats,
            feats=((),) * seats,
            over=False,
            rng=seed,
        )
        events: list[Event] = []
        if "strategic" not in variants:
            for seat in range(seats):
                state, drawn = _draw(state, seat, FIRST_HAND)
                events += drawn
        state, more = _begin_turn(state, 0)
        return state, events + more

    # -- whose turn, what is legal -----------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.over else frozenset((state.turn,))

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        if state.over or seat != state.turn:
            return []
        kind = state.pending[0] if state.pending else ""
        if kind == "mark":
            return [("mark", colour) for colour in in_play(state)]
        if kind == "attract":
            return [("attract", column) for column in attract_sources(state, state.pending[1])]
        if kind == "gift":
            return [("gift", rival) for rival in rivals(state, seat)]
        if kind == "exchange":
            return [("exchange", rival) for rival in rivals(state, seat, with_relics=True)]
        return [
            ("assign", card, column)
            for card in source(state, seat)
            for column in assign_targets(state, card)
        ]

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        return _why_illegal(state, seat, action)

    # -- applying ----------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        verb = action[0]
        if verb == "assign":
            return _assign(state, seat, action[1], action[2])
        if verb == "mark":
            return _mark(state, seat, action[1])
        if verb == "attract":
            return _attract(state, seat, action[1])
        if verb in ("gift", "exchange"):
            state, events = _effect_choice(state, seat, verb, action[1])
            state, more = _hand_over(state, state.resolving + 1)
            return state, events + more
        raise ValueError(f"unknown verb {verb!r}")

    # -- information ---------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        outcome = self.outcome(state)
        if outcome is not None:
            extra["achievements"] = [
                list(a) for a in achievements(state.pouches, outcome, state.feats, state.gifts)
            ]
        return view_module.view(state, seat, self.to_act(state), extra)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view_module.determinize(state, seat, rng)

    def census(self, state: State) -> Counter[str]:
        cards: Counter[str] = Counter(state.deck)
        for zone in (state.discard, state.supply, state.relic_deck, state.removed):
            cards.update(zone)
        cards.update(state.destroyed)
        cards.update(card for card in state.row if card)
        for group in (state.hands, state.columns, state.pouches):
            for cards_here in group:
                cards.update(cards_here)
        cards.update(f"initial-{c}" for colours in state.colours for c in colours)
        return cards

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        return final_score(
            state.pouches,
            no_elimination=state.players == 2 or on(state, "tough"),
            teams=teams(state),
        )

    def describe(self, state: State, action: Action) -> str:
        verb = action[0]
        if verb == "assign":
            card, column = action[1], action[2]
            return f"assign {adventurer_name(card)} under {_relic_at(state, column)}"
        if verb == "mark":
            return f"put the {ADVENTURER_NAMES[action[1]]} marker on the Trenti"
        if verb == "attract":
            column = state.columns[action[1]]
            last = _named(state, column[-1]) if column else "nobody"
            return f"attract {last} from under {_relic_at(state, action[1])}"
        if verb == "gift":
            return f"give the relic to {{p{action[1]}}}"
        if verb == "exchange":
            return f"exchange the relic with {{p{action[1]}}}'s visible relic"
        return str(verb)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _event(kind: str, text: str, to: int | None = None) -> Event:
    event: Event = {"type": kind, "text": text}
    if to is not None:
        event["to"] = to
    return event


def _relic_at(state: State, column: int) -> str:
    card = state.row[column] if 0 <= column < len(state.row) else ""
    return f"relic {column + 1} ({relic_name(card)})" if card else f"relic {column + 1}"


def _named(state: State, card: str) -> str:
    """An adventurer under a relic as the board names it ("Green 2 Trenti": with its
    marker)."""
    return adventurer_name(card, mark_of(state, card))


def _list(cards: Sequence[str]) -> str:
    return ", ".join(adventurer_name(card) for card in cards)


# -- adventurer cards: drawing, the supply -------------------------------------------------------


def _take(state: State, count: int) -> tuple[State, list[str], list[Event]]:
    """Up to ``count`` cards off the adventurer deck, reshuffling the discards when it is empty."""
    events: list[Event] = []
    taken: list[str] = []
    for _ in range(count):
        if not state.deck and state.discard:
            rng, seed = chance(state.rng)
            pile = sorted(state.discard)
            rng.shuffle(pile)
            state = replace(state, deck=tuple(pile), discard=(), rng=seed)
            events.append(
                _event("reshuffle", "The discarded adventurers are shuffled into a new deck.")
            )
        if not state.deck:
            break
        taken.append(state.deck[0])
        state = replace(state, deck=state.deck[1:])
    return state, taken, events


def _draw(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    state, drawn, events = _take(state, count)
    if drawn:
        hand = state.hands[seat] + tuple(drawn)
        state = replace(state, hands=_set(state.hands, seat, hand))
        many = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        events.append(_event("draw", f"{{p{seat}}} draws {many}."))
        events.append(_event("draw", f"You draw {_list(drawn)}.", to=seat))
    return state, events


def _refill_supply(state: State) -> tuple[State, list[Event]]:
    """Strategic: reveal a new supply when the old one is used up."""
    if state.supply:
        return state, []
    state, revealed, events = _take(state, supply_size(state.players))
    state = replace(state, supply=tuple(revealed))
    if revealed:
        events.append(_event("supply", f"New adventurers in the supply: {_list(revealed)}."))
    return state, events


def _begin_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """Phase 1 turn start: recover strength (draw to three) or refill the open supply."""
    state = replace(state, turn=seat, pending=())
    if on(state, "strategic"):
        state, events = _refill_supply(state)
    else:
        state, events = _draw(state, seat, HAND_SIZE - len(state.hands[seat]))
    return state, [*events, _event("turn", f"It is {{p{seat}}}'s turn.")]


# -- Phase 1: assigning adventurers ------------------------------------------------------------


def _assign(state: State, seat: int, card: str, index: int) -> tuple[State, list[Event]]:
    second = state.pending == ("sly",)
    if on(state, "strategic"):
        supply = list(state.supply)
        supply.remove(card)
        state = replace(state, supply=tuple(supply))
    else:
        hand = list(state.hands[seat])
        hand.remove(card)
        state = replace(state, hands=_set(state.hands, seat, tuple(hand)))
    column = state.columns[index]
    text = f"{{p{seat}}} assigns {adventurer_name(card)} under {_relic_at(state, index)}"
    if second:
        text = f"Sly: {text}"
    if kills(state, card, column, second):
        victim = column[-1]
        column = column[:-1]
        text += f"; the Killer sends {_named(state, victim)} to the discard pile"
        state = replace(state, discard=state.discard + (victim,), marks=_unmark(state, victim))
    elif skill(card) == "killer" and column and not second and not on(state, "apprentices"):
        text += f"; {_named(state, column[-1])} is safe from Killers, so the Killer kills nobody"
    column = column + (card,)
    state = replace(state, columns=_set(state.columns, index, column), pending=())
    events = [_event("assign", text + ".")]
    active = not second and not on(state, "apprentices")
    kind = skill(card)
    if kind == "trenti":
        return replace(state, pending=("mark", card)), events
    if active and kind == "charismatic" and len(column) < LIMIT:
        sources = attract_sources(state, index)
        if len(sources) > 1:
            return replace(state, pending=("attract", index)), events
        if sources:
            state = replace(state, pending=("attract", index))
            state, more = _attract(state, seat, sources[0])
            return state, events + more
    if active and kind == "sly":
        if on(state, "strategic"):
            state, more = _refill_supply(state)
            events += more
        if source(state, seat) and open_columns(state):
            return replace(state, pending=("sly",)), events
    state, more = _end_turn(state, seat)
    return state, events + more


def _unmark(state: State, card: str) -> tuple[tuple[str, str], ...]:
    """The marks without a Trenti's (its marker goes back when the card leaves play)."""
    return tuple(mark for mark in state.marks if mark[0] != card)


def _mark(state: State, seat: int, colour: str) -> tuple[State, list[Event]]:
    card = state.pending[1]
    state = replace(state, marks=(*state.marks, (card, colour)), pending=())
    events = [
        _event(
            "mark",
            f"{{p{seat}}} puts the {ADVENTURER_NAMES[colour]} marker on {adventurer_name(card)},"
            f" now {_named(state, card)}: its courage counts for {ADVENTURER_NAMES[colour]}.",
        )
    ]
    state, more = _end_turn(state, seat)
    return state, events + more


def _attract(state: State, seat: int, source_index: int) -> tuple[State, list[Event]]:
    target = state.pending[1]
    moved = state.columns[source_index][-1]
    columns = _set(state.columns, source_index, state.columns[source_index][:-1])
    columns = _set(columns, target, columns[target] + (moved,))
    state = replace(state, columns=columns, pending=())
    events = [
        _event(
            "attract",
            f"Charismatic: {{p{seat}}} attracts {_named(state, moved)} from under "
            f"{_relic_at(state, source_index)} to {_relic_at(state, target)}.",
        )
    ]
    state, more = _end_turn(state, seat)
    return state, events + more


def _end_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """The next player's turn, or, with every relic at the Adventurers Limit, Phases 2–4."""
    state = replace(state, last_placer=seat)
    if open_columns(state):
        return _begin_turn(state, (seat + 1) % state.players)
    events = [_event("limit", "Every relic has reached the Adventurers Limit.")]
    state, more = _hand_over(state, 0)
    return state, events + more


# -- Phase 3: obtaining relics -------------------------------------------------------------------


def _hand_over(state: State, index: int) -> tuple[State, list[Event]]:
    """Hand over the relics from column ``index`` rightwards; pause for a player's choice."""
    events: list[Event] = []
    for column in range(index, len(state.row)):
        state = replace(state, resolving=column)
        card = state.row[column]
        seat, side, points = column_winner(state, column)
        name = relic_name(card)
        if seat is None:
            state = replace(state, row=_set(state.row, column, ""), removed=state.removed + (card,))
            events.append(
                _event(
                    "removed",
                    f"{side} wins the {name} with {points} courage, but nobody plays "
                    "that adventurer: the relic leaves the game.",
                )
            )
            continue
        events.append(
            _event("obtain", f"{side} wins the {name} with {points} courage for {{p{seat}}}.")
        )
        effect = "" if on(state, "simple_relics") else relic(card).effect
        if effect in ("gift", "exchange"):
            choices = rivals(state, seat, with_relics=effect == "exchange")
            if len(choices) > 1:
                state = replace(state, pending=(effect,), turn=seat)
                return state, events
            if choices:
                state, more = _effect_choice(state, seat, effect, choices[0])
                events += more
                continue
            events.append(_event("effect", f"No rival has a relic: {{p{seat}}} keeps the {name}."))
        state, more = _obtain(state, seat, column, effect)
        events += more
    return _end_round(state, events)


def _obtain(state: State, seat: int, column: int, effect: str) -> tuple[State, list[Event]]:
    """``seat`` puts the column's relic on top of its pouch and applies Destruction or Theft."""
    before = state
    card = state.row[column]
    pouch = state.pouches[seat] + (card,)
    state = replace(
        state, row=_set(state.row, column, ""), pouches=_set(state.pouches, seat, pouch)
    )
    events: list[Event] = []
    if effect == "destruction":
        if len(pouch) > 1:
            lost = pouch[-2]
            state = replace(
                state,
                pouches=_set(state.pouches, seat, pouch[:-2] + (card,)),
                destroyed=state.destroyed + (lost,),
            )
            events.append(
                _event(
                    "destruction",
                    f"Destruction: {{p{seat}}} loses {_secret(state, lost)}: it leaves the game.",
                )
            )
            if relic_kind(lost) == "orb":
                state = _feat(state, seat, "Destroyer")
        else:
            events.append(_event("destruction", "Destruction: there is nothing beneath it."))
    elif effect.startswith("theft-"):
        step = 1 if effect == "theft-left" else -1
        n = state.players
        victims = [(seat + step * k) % n for k in range(1, n)]
        victim = next((v for v in victims if state.pouches[v]), None)
        if victim is None:
            events.append(_event("theft", "Theft: no rival has a relic to take."))
        else:
            stolen = state.pouches[victim][-1]
            pouches = _set(state.pouches, victim, state.pouches[victim][:-1])
            pouches = _set(pouches, seat, pouches[seat] + (stolen,))
            state = replace(state, pouches=pouches)
            events.append(
                _event(
                    "theft",
                    f"Theft: {{p{seat}}} takes {{p{victim}}}'s visible relic, "
                    f"{_secret(state, stolen)}.",
                )
            )
            if relic_kind(stolen) == "orb" and victim in rivals(state, seat):
                state = _feat(state, seat, "Thief")  # "from a rival": not from a partner
    return state, events + _potion_events(before, state)


def _secret(state: State, card: str) -> str:
    """A pouch relic's name, or "a face-down relic" in Hidden Treasures."""
    return "a face-down relic" if on(state, "hidden_treasures") else f"the {relic_name(card)}"


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five")


def _cancelled(state: State, seats: Sequence[int]) -> tuple[int, int]:
    """The wounds the potions of ``seats`` (one seat, or a team: its potions are pooled)
    cancel now, and the wounds left after them."""
    totals = pouch_totals([card for seat in seats for card in state.pouches[seat]])
    return min(totals.wounds, totals.potions), totals.net_wounds


def _potion_events(before: State, after: State) -> list[Event]:
    """What the potions do to the wounds after relics moved: potions cancel wounds at the
    end (rulebook), so the wounds left after them are the ones that count now, and a pouch
    said "wounds 2" and "potions 1" for the player to subtract (#15). Nothing while the
    pouches are face down (Hidden Treasures)."""
    if on(after, "hidden_treasures"):
        return []
    events: list[Event] = []
    groups = teams(after) or tuple((seat,) for seat in range(after.players))
    for group in groups:
        was, _ = _cancelled(before, group)
        now, left = _cancelled(after, group)
        if now == was:
            continue
        players = in_words([f"{{p{seat}}}" for seat in group])
        count = _COUNT_WORDS[min(abs(now - was), len(_COUNT_WORDS) - 1)]
        wounds = f"{left} wound{'' if left == 1 else 's'} {'is' if left == 1 else 'are'}"
        team = len(group) > 1  # Teams: the partners' potions are pooled
        if now > was:
            cause = "A potion cancels" if now - was == 1 else "Potions cancel"
            whose = f"the wounds of {players}" if team else f"{players}'s wounds"
            text = f"{cause} {count} of {whose}"
        else:
            fewer = f"{count} wound{'' if now - was == -1 else 's'} fewer"
            whose = f"The potions of {players}" if team else f"{players}'s potions"
            text = f"{whose} cancel {fewer} now"
        events.append(_event("potion", f"{text}: {wounds} left after potions."))
    return events


def _feat(state: State, seat: int, name: str) -> State:
    if name in state.feats[seat]:
        return state
    return replace(state, feats=_set(state.feats, seat, state.feats[seat] + (name,)))


def _effect_choice(state: State, seat: int, effect: str, rival: int) -> tuple[State, list[Event]]:
    """Gift the resolving relic to ``rival``, or exchange it with ``rival``'s visible relic."""
    before = state
    column = state.resolving
    card = state.row[column]
    state = replace(state, row=_set(state.row, column, ""), pending=())
    name = relic_name(card)
    if effect == "gift":
        pouches = _set(state.pouches, rival, state.pouches[rival] + (card,))
        state = replace(
            state, pouches=pouches, gifts=_set(state.gifts, rival, state.gifts[rival] + 1)
        )
        gift = _event("gift", f"Gift: {{p{seat}}} gives the {name} to {{p{rival}}}.")
        return state, [gift, *_potion_events(before, state)]
    taken = state.pouches[rival][-1]
    pouches = _set(state.pouches, rival, state.pouches[rival][:-1] + (card,))
    pouches = _set(pouches, seat, pouches[seat] + (taken,))
    state = replace(state, pouches=pouches)
    if relic_kind(taken) == "orb":
        state = _feat(state, seat, "Swindler")
    # "… swaps the Trickster's Mirror with {p1} for the Trickster's Mirror" told of two
    # relics of one name as if nothing had moved; the rival's relic is theirs ("{p1}'s
    # Orb"), which the log turns to "your Orb" for them. Only the Mirror exchanges.
    hidden = on(state, "hidden_treasures")
    if relic_name(taken) == name and not hidden:
        said = f"{{p{seat}}} swaps {name}s with {{p{rival}}}"
    else:
        theirs = "face-down relic" if hidden else relic_name(taken)
        said = f"{{p{seat}}} swaps the {name} for {{p{rival}}}'s {theirs}"
    return state, [_event("exchange", f"Exchange: {said}."), *_potion_events(before, state)]


def _end_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Phase 3's last step and Phase 4: discard the adventurers, then a new round or the end."""
    played = tuple(card for column in state.columns for card in column)
    state = replace(
        state,
        columns=(),
        row=(),
        marks=(),
        discard=state.discard + played,
        pending=(),
        resolving=-1,
    )
    if state.round >= ROUNDS:
        state = replace(state, over=True)
        events.append(_event("end", "The third round is over: the final score."))
        return state, events
    start = (state.last_placer + 1) % state.players
    count = relics_per_round(state.players)
    state = replace(
        state,
        round=state.round + 1,
        start=start,
        row=state.relic_deck[:count],
        relic_deck=state.relic_deck[count:],
        columns=((),) * count,
    )
    names = ", ".join(relic_name(card) for card in state.row)
    events.append(
        _event(
            "round",
            f"Round {state.round}: {{p{start}}} has the start player marker. New relics: {names}.",
        )
    )
    state, more = _begin_turn(state, start)
    return state, events + more


# -- refusals ------------------------------------------------------------------------------------


def _why_illegal(state: State, seat: int, action: Action) -> str:
    """The reason a (normalized) action is refused, for the player."""
    if state.over:
        return "the game is over"
    if seat != state.turn:
        return "it is not your turn"
    verb = action[0]
    kind = state.pending[0] if state.pending else ""
    expected = {
        "mark": "choose the adventurer marker for the Trenti",
        "attract": "choose the column whose last adventurer the Charismatic attracts",
        "gift": "choose the rival who receives the relic",
        "exchange": "choose the rival whose visible relic you exchange",
        "sly": "assign a second adventurer (Sly)",
        "": "assign an adventurer",
    }
    wanted = "assign" if kind in ("", "sly") else kind
    if verb != wanted:
        return f"now {expected[kind]}"
    args = action[1:]
    if verb == "assign":
        if len(args) != 2 or type(args[1]) is not int:
            return "malformed action: give the card and the relic column"
        card, column = args
        if card not in source(state, seat):
            where = "the supply" if on(state, "strategic") else "your hand"
            return f"that adventurer is not in {where}"
        if not 0 <= column < len(state.columns):
            return f"there is no relic {column + 1}"
        if len(state.columns[column]) >= LIMIT:
            if kind == "sly":
                return "the Sly's second adventurer must go under a relic below the limit"
            if skill(card) == "killer" and not on(state, "apprentices"):
                return (
                    "the last adventurer there is Shielded: a Killer cannot exceed the "
                    "Adventurers Limit on it"
                )
            return "that relic has reached the Adventurers Limit of 4"
        return "that assignment is not possible"
    if len(args) != 1:
        return "malformed action: one choice expected"
    choice = args[0]
    if verb == "mark":
        return f"the markers on the table are {', '.join(in_play(state))}, not {choice!r}"
    if verb == "attract":
        return "the Charismatic attracts the last adventurer under another relic"
    partner = any(seat in team and choice in team for team in teams(state)) and choice != seat
    if partner:
        return "your partner is no rival: choose a player of the other team"
    if verb == "exchange" and type(choice) is int and 0 <= choice < state.players:
        if choice == seat:
            return "exchange with a rival, not yourself"
        return "that rival has no relic to exchange"
    return "choose a rival (another player)"


ORB_HUNTERS = OrbHunters()
