"""Shardhunters' rules: setup, the Hunt's Combats, the Tavern, variants and the Reavers.

Actions (heroes and monster cards are named by their ids):
  ("pick", hero)              Hero Draft: keep one hero of the hand in front of you
  ("start", hero)             Hero Draft: recruit your first hero from your Local Tavern Deck
  ("activate", (hero, ...))   before a Hunt: the heroes that stand up (team order)
  ("guess", value)            Cassandra, right after the deal: the top card's value (1–4)
  ("swap", card) / ("keep",)  Yusuf, then: swap a hand card with the Monster Deck's top card
  ("play", (card, ...))       a Combat: the cards put face down (sorted ids)
  ("pay",)                    the Tavern: pay Bloodshards and draw two heroes
  ("recruit", hero)           the Tavern: take one drawn hero (Hero Draft: any local hero)
  ("done",)                   the Tavern: recruit no more this time
Picks, activations and Combat cards are simultaneous: every seat submits, nobody sees the
others' choices until the last one is in, then all are revealed together.

Sides: one per seat; in solo (one seat) side 1 is the Reavers, an automaton of the rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from core.engine import Action, Event, Option, Outcome, chance, in_words, rules_text
from core.games.shardhunters import view as view_module
from core.games.shardhunters.data import (
    ACTIVE_HEROES,
    COMBAT_SIZES,
    DRAFT_HAND,
    HAND_SIZE,
    HEROES,
    MAX_HUNTS,
    MONSTER_CARDS,
    OFFER_SIZE,
    REAVERS,
    RECRUIT_COST,
    SHARD_HEROES,
    STANBUL,
    WINNING_TEAM,
    hero_name,
    monster_deck,
    monster_name,
)
from core.games.shardhunters.scoring import (
    Card,
    coloured,
    combat_leaders,
    effective,
    hunt_winner,
    loot_shards,
)
from core.games.shardhunters.state import (
    BOUND,
    DRAW,
    NOBODY,
    REAVER_SIDE,
    State,
    combat_sizes,
    powers,
    recruit_cost,
    replace,
    seats_of,
)

# -- small helpers -------------------------------------------------------------------------


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _event(kind: str, text: str, to: int | None = None) -> Event:
    event: Event = {"type": kind, "text": text}
    if to is not None:
        event["to"] = to
    return event


def _who(state: State, side: int) -> str:
    """A side as event text: a seat token, or the Reavers."""
    return "the Reavers" if state.players == 1 and side == REAVER_SIDE else f"{{p{side}}}"


def _subject(state: State, side: int) -> str:
    """A side opening a sentence, with a verb in the singular: "{p0} wins", "The Reavers
    team wins" (as the rulebook calls them)."""
    return "The Reavers team" if state.players == 1 and side == REAVER_SIDE else f"{{p{side}}}"


def _count(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''}"


def _cards(cards: Sequence[str]) -> str:
    return in_words([monster_name(c) for c in cards]) or "nothing"


def _heroes(heroes: Sequence[str]) -> str:
    return in_words([hero_name(h) for h in heroes]) or "no hero"


def printed(cards: Sequence[str]) -> list[Card]:
    """Card ids as (value, colour) pairs, as printed."""
    return [(MONSTER_CARDS[c].value, MONSTER_CARDS[c].colour) for c in cards]


def _needs_choice(state: State, seat: int) -> bool:
    return state.players > 1 and len(state.teams[seat]) > state.actives


def _owner(state: State, hero: str) -> int | None:
    """The seat whose active hero ``hero`` is (Yusuf and Cassandra belong to seats only)."""
    for seat in seats_of(state):
        if hero in powers(state, seat):
            return seat
    return None


class Shardhunters:
    """Hunt monsters in four face-down Combats, recruit heroes, win a Hunt with five."""

    slug: str = "shardhunters"
    title: str = "Shardhunters"
    pitch: str = (
        "Play monsters face down in four Combats, loot the most, pay Bloodshards for heroes: "
        "win a Hunt with a team of five or more."
    )
    players: range = range(1, 5)
    options: tuple[Option, ...] = (
        Option(
            key="recruit_cost",
            label="Recruit cost",
            choices=(3, 2),
            default=3,
            help="Bloodshards paid to draw two heroes at the Tavern; 2 is the faster variant.",
            choice_labels=("3 Bloodshards", "2 Bloodshards (faster)"),
        ),
        Option(
            key="active_heroes",
            label="Active heroes",
            choices=(2, 3),
            default=2,
            help=(
                "How many heroes stand up in each Hunt; 3 is the complex variant. "
                "Solo ignores it: every hero is active there."
            ),
            choice_labels=("2 (standard)", "3 (complex)"),
        ),
        Option(
            key="draft",
            label="Hero Draft",
            choices=(False, True),
            default=False,
            help=(
                "Draft six heroes, keep five as your Local Tavern Deck, recruit only from it "
                "(the first one free) and win a Hunt with all five. Solo ignores it."
            ),
            choice_labels=("off", "on"),
        ),
        Option(
            key="solo",
            label="Solo difficulty",
            choices=("normal", "hard"),
            default="normal",
            help=(
                "Solo (one player) against the Reavers: they start with 2 heroes on normal, "
                "3 on hard. Ignored with 2–4 players."
            ),
            choice_labels=("normal (2 Reavers)", "hard (3 Reavers)"),
        ),
    )

    def rules_text(self) -> str:
        return rules_text(__package__ or "core.games.shardhunters")

    # -- setup -----------------------------------------------------------------------------

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> State:
        """Give every player a Bloodshard and a starting hero (or draft), then begin."""
        return self.opening(seats, rng, options)[0]

    def opening(
        self, seats: int, rng: random.Random, options: Mapping[str, Any]
    ) -> tuple[State, list[Event]]:
        """The setup, and what it told the table: the first Hunt's deal, as every later one."""
        solo = seats == 1
        sides = 2 if solo else seats
        draft = bool(options.get("draft", False)) and not solo
        deal_rng, seed = chance(rng.getrandbits(63))
        teams: list[tuple[str, ...]] = [() for _ in range(sides)]
        draft_hands: tuple[tuple[str, ...], ...] = tuple(() for _ in range(seats))
        reaver_tavern: list[str] = []
        if solo:
            tavern = list(STANBUL)
            reaver_tavern = list(REAVERS)
            deal_rng.shuffle(reaver_tavern)
            start = 3 if options.get("solo", "normal") == "hard" else 2
            teams[REAVER_SIDE] = tuple(reaver_tavern[:start])
            reaver_tavern = reaver_tavern[start:]
        else:
            tavern = list(HEROES)
        deal_rng.shuffle(tavern)
        if draft:
            draft_hands = tuple(
                tuple(sorted(tavern[i * DRAFT_HAND : (i + 1) * DRAFT_HAND])) for i in range(seats)
            )
            tavern = tavern[seats * DRAFT_HAND :]
        else:
            # Draw until a hero with the shard symbol; the others go back, then shuffle.
            for seat in range(seats):
                hero = next(h for h in tavern if h in SHARD_HEROES)
                tavern.remove(hero)
                teams[seat] = (hero,)
            deal_rng.shuffle(tavern)
        state = State(
            players=seats,
            sides=sides,
            level=str(options.get("solo", "normal")) if solo else "",
            cost=int(options.get("recruit_cost", RECRUIT_COST)),
            actives=int(options.get("active_heroes", ACTIVE_HEROES)),
            draft=draft,
            phase="draft" if draft else "choose",
            hunt=1,
            combat=0,
            teams=tuple(teams),
            active=tuple(() for _ in range(sides)),
            shards=(1,) * sides,
            deck=monster_deck(sides),
            top_known=(),
            hands=tuple(() for _ in range(sides)),
            pending=tuple(() for _ in range(seats)),
            choosing=tuple(() for _ in range(seats)),
            plays=(),
            results=(),
            loot=tuple(() for _ in range(sides)),
            once=tuple(() for _ in range(sides)),
            tavern=tuple(tavern),
            tavern_known=0,
            reaver_tavern=tuple(reaver_tavern),
            offer=(),
            queue=(),
            draft_hands=draft_hands,
            local=tuple(() for _ in range(seats)),
            guess=(),
            hunt_winner=NOBODY,
            winner=NOBODY,
            rng=seed,
        )
        if draft:
            return state, []
        return _advance(state, [])

    # -- whose turn, what is legal ------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        phase = state.phase
        if phase in ("draft", "start", "combat"):
            return frozenset(s for s in seats_of(state) if not state.pending[s])
        if phase == "choose":
            return frozenset(
                s for s in seats_of(state) if _needs_choice(state, s) and not state.choosing[s]
            )
        if phase == "yusuf":
            return _one(_owner(state, "yusuf"))
        if phase == "cassandra":
            return _one(_owner(state, "cassandra"))
        if phase == "tavern":
            return frozenset(state.queue[:1])
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "draft":
            return [("pick", hero) for hero in state.draft_hands[seat]]
        if phase == "start":
            return [("start", hero) for hero in state.local[seat]]
        if phase == "choose":
            team = state.teams[seat]
            return [("activate", combo) for combo in combinations(team, state.actives)]
        if phase == "yusuf":
            return [("keep",), *(("swap", card) for card in state.hands[seat])]
        if phase == "cassandra":
            return [("guess", value) for value in (1, 2, 3, 4)]
        if phase == "combat":
            size = combat_sizes(state, seat)[state.combat]
            hand = state.hands[seat]
            return [("play", combo) for combo in combinations(hand, min(size, len(hand)))]
        if phase == "tavern":
            if state.offer:
                return [("recruit", hero) for hero in state.offer]
            actions: list[Action] = []
            if state.shards[seat] >= recruit_cost(state, seat):
                if state.draft:
                    actions += [("recruit", hero) for hero in state.local[seat]]
                elif state.tavern:
                    actions.append(("pay",))
            return [*actions, ("done",)]
        return []

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        return _why_illegal(self, state, seat, action)

    # -- applying --------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        verb = action[0]
        events: list[Event] = []
        if verb in ("pick", "start", "play"):
            chosen = action[1] if verb == "play" else (action[1],)
            state = _submit(state, seat, tuple(chosen))
            if verb == "play":
                words = f"You put {_cards(chosen)} face down."
                done = f"{{p{seat}}} has put {len(chosen)} face down."
            else:
                words = f"You {'keep' if verb == 'pick' else 'start with'} {_heroes(chosen)}."
                done = f"{{p{seat}}} has chosen {'a' if verb == 'pick' else 'a starting'} hero."
            events.append(_event(verb, words, to=seat))
            events.append(_event("submitted", done))
        elif verb == "activate":
            indices = tuple(state.teams[seat].index(h) for h in action[1])
            state = replace(state, choosing=_set(state.choosing, seat, indices))
            events.append(_event("activate", f"You stand up {_heroes(action[1])}.", to=seat))
            events.append(_event("submitted", f"{{p{seat}}} has chosen active heroes."))
        elif verb == "guess":
            state, more = _cassandra(state, seat, int(action[1]))
            events += more
            state = replace(state, phase="yusuf")
        elif verb in ("keep", "swap"):
            state, more = _yusuf(state, seat, action)
            events += more
            state = replace(state, phase="combat")
        elif verb == "pay":
            cost = recruit_cost(state, seat)
            offer = state.tavern[:OFFER_SIZE]
            tavern = state.tavern[OFFER_SIZE:]
            state = replace(
                state,
                shards=_set(state.shards, seat, state.shards[seat] - cost),
                offer=offer,
                tavern=tavern,
                tavern_known=min(state.tavern_known, len(tavern)),
            )
            events.append(
                _event(
                    "pay",
                    f"{{p{seat}}} pays {cost} Bloodshard{'s' if cost != 1 else ''} and draws "
                    f"{_heroes(offer)}.",
                )
            )
        elif verb == "recruit":
            state, more = _recruit(state, seat, action[1])
            events += more
        elif verb == "done":
            state = replace(state, queue=state.queue[1:])
            events.append(_event("done", f"{{p{seat}}} leaves the Tavern."))
        else:
            raise ValueError(f"unknown verb {verb!r}")
        return _advance(state, events)

    # -- information -------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_module.view(state, seat, self.to_act(state))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view_module.determinize(state, seat, rng)

    def census(self, state: State) -> Counter[str]:
        cards: Counter[str] = Counter(state.deck)
        for zone in (
            *state.hands,
            *state.pending,
            *state.loot,
            *state.teams,
            *state.draft_hands,
            *state.local,
            state.tavern,
            state.reaver_tavern,
            state.offer,
        ):
            cards.update(zone)
        return cards

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return _outcome(state)

    def describe(self, state: State, action: Action) -> str:
        verb = action[0]
        if verb == "pick":
            return f"keep {hero_name(action[1])} for your Local Tavern Deck"
        if verb == "start":
            return f"recruit {hero_name(action[1])} as your first hero"
        if verb == "activate":
            return f"stand up {_heroes(action[1])} for this Hunt"
        if verb == "keep":
            return "keep your hand (no swap)"
        if verb == "swap":
            return f"swap your {monster_name(action[1])} with the Monster Deck's top card"
        if verb == "guess":
            return f"guess that the top card's value is {action[1]}"
        if verb == "play":
            return f"play {_cards(action[1])} face down"
        if verb == "pay":
            return "pay Bloodshards and draw two heroes"
        if verb == "recruit":
            return f"recruit {hero_name(action[1])}"
        if verb == "done":
            return "leave the Tavern"
        return str(verb)


def _one(seat: int | None) -> frozenset[int]:
    return frozenset() if seat is None else frozenset((seat,))


# -- simultaneous choices --------------------------------------------------------------------


def _submit(state: State, seat: int, chosen: tuple[str, ...]) -> State:
    """Put a seat's face-down choice aside until everyone has chosen."""
    if state.phase == "draft":
        hand = tuple(h for h in state.draft_hands[seat] if h not in chosen)
        state = replace(state, draft_hands=_set(state.draft_hands, seat, hand))
    elif state.phase == "start":
        local = tuple(h for h in state.local[seat] if h not in chosen)
        state = replace(state, local=_set(state.local, seat, local))
    else:
        hand = tuple(c for c in state.hands[seat] if c not in chosen)
        state = replace(state, hands=_set(state.hands, seat, hand))
    return replace(state, pending=_set(state.pending, seat, chosen))


def _reveal_draft(state: State) -> tuple[State, list[Event]]:
    """Every seat keeps its pick and passes the rest to the player on its right.

    Seats sit clockwise, so the player on your right is the previous seat: each seat
    receives the hand of the next seat (the player on its left).
    """
    n = state.players
    local = tuple(tuple(sorted(state.local[s] + state.pending[s])) for s in range(n))
    hands = tuple(state.draft_hands[(s + 1) % n] for s in range(n))
    state = replace(state, local=local, pending=tuple(() for _ in range(n)))
    events: list[Event] = []
    if len(hands[0]) > 1:
        state = replace(state, draft_hands=hands)
        events.append(_event("pass", "Everyone keeps a hero and passes the rest on."))
        for s in range(n):
            events.append(_event("hand", f"You receive {_heroes(hands[s])}.", to=s))
        return state, events
    leftover = tuple(h for hand in hands for h in hand)
    state = replace(
        state,
        draft_hands=tuple(() for _ in range(n)),
        tavern=state.tavern + leftover,
        phase="start",
    )
    events.append(
        _event(
            "draft",
            "The draft is over: the last heroes go back to the Tavern Deck. "
            "Everyone recruits a first hero from their Local Tavern Deck.",
        )
    )
    return state, events


def _reveal_start(state: State) -> tuple[State, list[Event]]:
    n = state.players
    teams = tuple(state.teams[s] + state.pending[s] for s in range(n))
    events = [
        _event("start", f"{{p{s}}} starts with {hero_name(state.pending[s][0])}.") for s in range(n)
    ]
    state = replace(state, teams=teams, pending=tuple(() for _ in range(n)), phase="choose")
    return state, events


def _reveal_active(state: State) -> tuple[State, list[Event]]:
    active = []
    events: list[Event] = []
    for side in range(state.sides):
        team = state.teams[side]
        if side < state.players and state.choosing[side]:
            chosen = tuple(team[i] for i in state.choosing[side])
        else:
            chosen = team if state.players == 1 else team[: state.actives]
        active.append(chosen)
        if state.players > 1:
            events.append(
                _event("activate", f"{_subject(state, side)} stands up {_heroes(chosen)}.")
            )
    state = replace(state, active=tuple(active), choosing=tuple(() for _ in range(state.players)))
    return state, events


# -- the Hunt --------------------------------------------------------------------------------


def _deal(state: State) -> tuple[State, list[Event]]:
    """Shuffle every monster card into the Monster Deck and deal the Hunt's hands."""
    rng, seed = chance(state.rng)
    cards = sorted(
        [*state.deck, *(c for h in state.hands for c in h), *(c for lo in state.loot for c in lo)]
    )
    rng.shuffle(cards)
    hands = []
    for side in range(state.sides):
        size = HAND_SIZE + ("ignatius" in powers(state, side))
        dealt, cards = cards[:size], cards[size:]
        # The Reavers' pile keeps the order it was dealt in; players' hands are sorted.
        hands.append(
            tuple(dealt) if state.players == 1 and side == REAVER_SIDE else tuple(sorted(dealt))
        )
    state = replace(
        state,
        deck=tuple(cards),
        hands=tuple(hands),
        top_known=(),
        plays=(),
        results=(),
        loot=tuple(() for _ in range(state.sides)),
        once=tuple(() for _ in range(state.sides)),
        guess=(),
        combat=0,
        rng=seed,
        # Cassandra guesses right after the deal (rulebook), then Yusuf may swap.
        phase="cassandra",
    )
    events = [_event("hunt", f"Hunt {state.hunt}: the monsters are dealt.")]
    for seat in seats_of(state):
        events.append(_event("deal", f"You are dealt {_cards(state.hands[seat])}.", to=seat))
    return state, events


def _yusuf(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if action[0] == "keep":
        return state, [_event("yusuf", f"{{p{seat}}} keeps their hand (Yusuf).")]
    card = action[1]
    top = state.deck[0]
    hand = tuple(sorted((*(c for c in state.hands[seat] if c != card), top)))
    state = replace(
        state,
        hands=_set(state.hands, seat, hand),
        deck=(card, *state.deck[1:]),
        top_known=(seat,),
    )
    return state, [
        _event("yusuf", f"{{p{seat}}} swaps a card with the Monster Deck's top card (Yusuf)."),
        _event("yusuf", f"You give {monster_name(card)} and take {monster_name(top)}.", to=seat),
    ]


def _cassandra(state: State, seat: int, value: int) -> tuple[State, list[Event]]:
    top = state.deck[0]
    real = MONSTER_CARDS[top].value
    right = value == real
    # Her player alone checks the card; the others learn only whether the guess was right
    # (GAME_DATA.md), so the value guessed stays private too (a right one would name it).
    state = replace(
        state,
        top_known=tuple(sorted({*state.top_known, seat})),
        guess=(seat, value, real),
    )
    verdict = "right" if right else "wrong"
    events = [
        _event("guess", f"{{p{seat}}} checks the Monster Deck's top card (Cassandra): {verdict}."),
        _event(
            "guess",
            f"You guessed {value}: the top card is {monster_name(top)}, {verdict}.",
            to=seat,
        ),
    ]
    if right:
        state, more = _pay(state, seat, 1, "Cassandra")
        events += more
    return state, events


def _pay(state: State, side: int, amount: int, why: str) -> tuple[State, list[Event]]:
    if amount <= 0:
        return state, []
    state = replace(state, shards=_set(state.shards, side, state.shards[side] + amount))
    many = "a Bloodshard" if amount == 1 else f"{amount} Bloodshards"
    return state, [_event("shard", f"{_subject(state, side)} gets {many} ({why}).")]


def _crow_card(cards: Sequence[str]) -> str:
    """The card Crow keeps from a lost Combat: a coloured one if any, the highest value."""
    return max(
        cards,
        key=lambda c: (MONSTER_CARDS[c].colour != "white", MONSTER_CARDS[c].value, c),
    )


def _resolve(state: State) -> tuple[State, list[Event]]:
    """Reveal the Combat, find its winner, hand out the loot and the heroes' Bloodshards."""
    k = state.combat
    played: list[tuple[str, ...]] = []
    hands = list(state.hands)
    for side in range(state.sides):
        if side < state.players:
            played.append(tuple(sorted(state.pending[side])))
        else:
            size = combat_sizes(state, side)[k]
            played.append(hands[side][:size])
            hands[side] = hands[side][size:]
    clemence = any("clemence" in powers(state, s) for s in range(state.sides))
    counted = [
        effective(printed(cards), k, powers(state, side), clemence)
        for side, cards in enumerate(played)
    ]
    leaders = combat_leaders(counted)
    winner = leaders[0] if len(leaders) == 1 else None
    # Sabine takes a draw between her player and others tied for the best total; a draw
    # among the others stays a draw (GAME_DATA.md).
    sabine = _side_with(state, "sabine") if winner is None else None
    if sabine not in leaders:
        sabine = None
    if sabine is not None:
        winner = sabine
    loot = [list(pile) for pile in state.loot]
    if winner is None:
        for side, cards in enumerate(played):
            loot[side] += cards
    else:
        for side, cards in enumerate(played):
            if side != winner and cards and "crow" in powers(state, side):
                kept = _crow_card(cards)
                loot[side].append(kept)
                loot[winner] += [c for c in cards if c != kept]
            else:
                loot[winner] += cards
    names = ["first", "second", "third", "fourth"]
    shown = "; ".join(
        f"{_who(state, side)} played {_cards(cards)} (total {sum(v for v, _ in counted[side])})"
        for side, cards in enumerate(played)
    )
    if winner is None:
        verdict = "A draw: each side takes the cards it played as loot"
    else:
        verdict = f"{_subject(state, winner)} wins" + (" (Sabine)" if sabine is not None else "")
    events = [_event("reveal", f"The {names[k]} Combat: {shown}. {verdict}.")]
    before = [printed(pile) for pile in state.loot]
    state = replace(
        state,
        hands=tuple(hands),
        pending=tuple(() for _ in range(state.players)),
        plays=(*state.plays, tuple(played)),
        results=(*state.results, DRAW if winner is None else winner),
        loot=tuple(tuple(pile) for pile in loot),
    )
    colours = {colour for cards in counted for _, colour in cards}
    for side in range(state.sides):
        have = powers(state, side)
        won, lost = winner == side, winner is not None and winner != side
        paid = []
        if "triton" in have and len(colours) >= 3:
            paid.append("Triton")
        if "felix" in have and winner is None:
            paid.append("Felix")
        if "titus" in have and won and k == 0:
            paid.append("Titus")
        if "bruno" in have and lost and k == 0:
            paid.append("Bruno")
        if "ivo" in have and won and k == 1:
            paid.append("Ivo")
        if "luther" in have and lost and k == 2:
            paid.append("Luther")
        if "matteo" in have and won and k == 3:
            paid.append("Matteo")
        if "lenka" in have and won and "red" in colours and "lenka" not in state.once[side]:
            paid.append("Lenka")
            state = replace(state, once=_set(state.once, side, (*state.once[side], "lenka")))
        old = loot_shards(before[side], have)
        new = loot_shards(printed(state.loot[side]), have)
        for hero, count in new.items():
            paid += [hero_name(hero)] * (count - old.get(hero, 0))
        for why in paid:
            state, more = _pay(state, side, 1, why)
            events += more
    return state, events


def _side_with(state: State, hero: str) -> int | None:
    for side in range(state.sides):
        if hero in powers(state, side):
            return side
    return None


def _end_hunt(state: State) -> tuple[State, list[Event]]:
    loot = [printed(pile) for pile in state.loot]
    winner = hunt_winner(loot)
    counts = ", ".join(f"{_who(state, s)} {len(p)}" for s, p in enumerate(state.loot))
    events = [_event("hunt-end", f"Hunt {state.hunt} is over. Loot: {counts}.")]
    most = max(len(pile) for pile in loot)
    tied = [side for side, pile in enumerate(loot) if len(pile) == most]
    if winner is None:
        # Who tied, on what, and what follows, in one sentence.
        each = coloured(loot[tied[0]])
        text = (
            f"Nobody wins Hunt {state.hunt}, so everyone gets a Bloodshard: "
            f"{in_words([_who(state, s) for s in tied])} tied at {_count(most)}, "
            f"{each} coloured each."
        )
        events.append(_event("hunt-tie", text))
        for side in range(state.sides):
            state, more = _pay(state, side, 1, "a tied Hunt")
            events += more
        state = replace(state, hunt_winner=NOBODY)
    else:
        # Who won the Hunt, and with what: the most loot, or (tied on it) more coloured cards.
        others = in_words([_who(state, s) for s in tied if s != winner])
        why = (
            f"more coloured cards, tied with {others} at {_count(most)}"
            if others
            else f"the most loot, {_count(most)}"
        )
        text = f"{_subject(state, winner)} wins Hunt {state.hunt} with {why}."
        events.append(_event("hunt-win", text))
        state, more = _pay(state, winner, 1, "the Hunt")
        events += more
        state = replace(state, hunt_winner=winner)
        if len(state.teams[winner]) >= WINNING_TEAM:
            events.append(
                _event(
                    "win",
                    f"{_subject(state, winner)} wins the game with "
                    f"{len(state.teams[winner])} heroes!",
                )
            )
            return replace(state, phase="over", winner=winner), events
    if state.hunt >= MAX_HUNTS:
        events.append(_event("bound", f"{MAX_HUNTS} Hunts without a winner: the game ends here."))
        return replace(state, phase="over", winner=BOUND), events
    first = (state.hunt - 1) % state.players
    queue = tuple((first + i) % state.players for i in range(state.players))
    state = replace(state, phase="tavern", queue=queue)
    if state.players == 1:
        state, more = _reavers_hire(state)
        events += more
    return state, events


def _reavers_hire(state: State) -> tuple[State, list[Event]]:
    """The Reavers hire the top hero of their deck for as long as they can pay."""
    events: list[Event] = []
    side = REAVER_SIDE
    while state.reaver_tavern and state.shards[side] >= recruit_cost(state, side):
        cost = recruit_cost(state, side)
        hero = state.reaver_tavern[0]
        state = replace(
            state,
            reaver_tavern=state.reaver_tavern[1:],
            teams=_set(state.teams, side, (*state.teams[side], hero)),
            shards=_set(state.shards, side, state.shards[side] - cost),
        )
        events.append(_event("recruit", f"The Reavers pay {cost} and hire {HEROES[hero].name}."))
    return state, events


def _recruit(state: State, seat: int, hero: str) -> tuple[State, list[Event]]:
    team = _set(state.teams, seat, (*state.teams[seat], hero))
    if state.draft:
        cost = recruit_cost(state, seat)
        local = tuple(h for h in state.local[seat] if h != hero)
        state = replace(
            state,
            teams=team,
            local=_set(state.local, seat, local),
            shards=_set(state.shards, seat, state.shards[seat] - cost),
        )
        return state, [
            _event("recruit", f"{{p{seat}}} pays {cost} and recruits {HEROES[hero].name}.")
        ]
    rest = tuple(h for h in state.offer if h != hero)
    state = replace(
        state,
        teams=team,
        offer=(),
        tavern=state.tavern + rest,
        tavern_known=state.tavern_known + len(rest),
    )
    text = f"{{p{seat}}} recruits {HEROES[hero].name}"
    if rest:
        text += f"; {_heroes(rest)} goes to the bottom of the Tavern Deck"
    return state, [_event("recruit", text + ".")]


def _tavern_step(state: State) -> State:
    """Skip the seats that cannot recruit anything now."""
    while state.queue and not state.offer:
        seat = state.queue[0]
        can = state.shards[seat] >= recruit_cost(state, seat) and (
            bool(state.local[seat]) if state.draft else bool(state.tavern)
        )
        if can:
            return state
        state = replace(state, queue=state.queue[1:])
    return state


def _advance(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Carry the game on through every step that needs nobody's decision."""
    while True:
        phase = state.phase
        everyone = all(state.pending[s] for s in seats_of(state))
        if phase == "draft" and everyone:
            state, more = _reveal_draft(state)
        elif phase == "start" and everyone:
            state, more = _reveal_start(state)
        elif phase == "choose" and not any(
            _needs_choice(state, s) and not state.choosing[s] for s in seats_of(state)
        ):
            state, more = _reveal_active(state)
            state, dealt = _deal(state)
            more += dealt
        elif phase == "cassandra" and (_owner(state, "cassandra") is None or not state.deck):
            state, more = replace(state, phase="yusuf"), []
        elif phase == "yusuf" and (_owner(state, "yusuf") is None or not state.deck):
            state, more = replace(state, phase="combat"), []
        elif phase == "combat" and everyone:
            state, more = _resolve(state)
            state = replace(state, combat=state.combat + 1)
            if state.combat == len(COMBAT_SIZES):
                state, ended = _end_hunt(state)
                more += ended
        elif phase == "tavern":
            state = _tavern_step(state)
            if state.queue:
                return state, events
            state, more = replace(state, phase="choose", hunt=state.hunt + 1), []
            more.append(_event("choose", f"Hunt {state.hunt}: choose your active heroes."))
        else:
            return state, events
        events += more


def _team_words(state: State, side: int) -> str:
    """The winning team's size as the results say it ("7 heroes"): at least five, the
    rulebook's winning team, and a team may have grown past it before the Hunt it won."""
    return f"{len(state.teams[side])} heroes"


def _outcome(state: State) -> Outcome:
    if state.players == 1:
        won = state.winner == 0
        note = (
            f"You won a Hunt with {_team_words(state, 0)} and defeated the Reavers."
            if won
            else f"The Reavers won a Hunt with {_team_words(state, REAVER_SIDE)}: "
            "they defeated you."
            if state.winner == REAVER_SIDE
            else f"{MAX_HUNTS} Hunts passed without your winning one with five or more heroes: "
            "the Reavers hold the field."
        )
        return Outcome(
            (int(won),),
            ({"beat the Reavers": int(won)},),
            ((0,),),
            note,
            lost_to="" if won else "the Reavers",
        )
    n = state.players
    if state.winner >= 0:
        scores = tuple(int(s == state.winner) for s in range(n))
        losers = tuple(s for s in range(n) if s != state.winner)
        return Outcome(
            scores,
            tuple({f"won a Hunt with {_team_words(state, state.winner)}": v} for v in scores),
            ((state.winner,), losers),
        )
    # The Hunt limit: the biggest team ranks first, then the most Bloodshards.
    keys = {s: (len(state.teams[s]), state.shards[s]) for s in range(n)}
    order = sorted(set(keys.values()), reverse=True)
    ranking = tuple(tuple(s for s in range(n) if keys[s] == key) for key in order)
    scores = tuple(len(state.teams[s]) for s in range(n))
    return Outcome(
        scores,
        tuple({"heroes": v} for v in scores),
        ranking,
        f"Nobody won a Hunt with five or more heroes in {MAX_HUNTS} Hunts: the biggest team "
        "ranks "
        "first, then the most Bloodshards.",
    )


def _why_illegal(game: Shardhunters, state: State, seat: int, action: Action) -> str:
    verb = action[0]
    phase = state.phase
    expected = {
        "draft": "pick a hero from your draft hand",
        "start": "recruit a first hero from your Local Tavern Deck",
        "choose": f"choose {state.actives} active heroes from your team",
        "yusuf": "swap a hand card with the top card (Yusuf) or keep your hand",
        "cassandra": "guess the top card's value, 1 to 4 (Cassandra)",
        "combat": "play monster cards face down",
        "tavern": "pay, recruit or leave the Tavern",
    }
    if phase == "over":
        return "the game is over"
    if verb == "play" and phase == "combat":
        size = combat_sizes(state, seat)[state.combat]
        cards = action[1] if len(action) == 2 and isinstance(action[1], tuple) else ()
        if any(c not in state.hands[seat] for c in cards):
            return "you can only play cards from your hand"
        if len(cards) != size:
            return f"this Combat you play exactly {size} card{'s' if size != 1 else ''}"
        if tuple(sorted(cards)) != tuple(cards):
            return "name the cards in hand order"
        return "those cards cannot be played"
    if verb == "activate" and phase == "choose":
        return f"choose exactly {state.actives} different heroes of your team, in team order"
    if verb in ("pay", "recruit") and phase == "tavern":
        if state.offer and verb == "pay":
            return "first recruit one of the heroes you drew"
        if state.shards[seat] < recruit_cost(state, seat):
            return f"recruiting costs {recruit_cost(state, seat)} Bloodshards"
        if verb == "recruit":
            return "that hero is not yours to recruit now"
        return "the Tavern Deck is empty"
    if phase in expected:
        return f"now you {expected[phase]}"
    return f"unknown action {verb!r}"


SHARDHUNTERS = Shardhunters()
