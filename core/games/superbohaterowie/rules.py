"""Superbohaterowie's rules: setup, legal actions, applying them, and the end of a game.

Actions (the card is always the id of a card in the actor's hand):
  ("place", card, city, space)                     a superhero, Joker or giant spider
  ("explode", card, ((city, space), ...))          one target (small), two (large)
  ("move", card, from_city, from_space, to_city, to_space)   one-eagle card
  ("swap", card, city_a, space_a, city_b, space_b)           two-eagle card
  ("discard-hand",)      neither card can be played: both go to the discard pile
  ("continue",)          Points variant: ready for the next game of the series
Cities are numbered by seat: seat ``i`` owns city ``i``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from core.engine import (
    Action,
    Event,
    Option,
    Outcome,
    chance,
    in_words,
    rank_by_score,
    rules_text,
)
from core.games.superbohaterowie import view as view_module
from core.games.superbohaterowie.data import (
    CITIES,
    CITY_SPACES,
    COVERS,
    HAND_SIZE,
    NAMES,
    PLACED,
    a_card,
    card_ids,
    kind_of,
)
from core.games.superbohaterowie.scoring import city_points, is_saved
from core.games.superbohaterowie.state import City, Space, State


def _kinds(city: City) -> list[str | None]:
    return [None if card is None else kind_of(card) for card in city]


def _occupied(state: State) -> Iterator[tuple[int, int, str]]:
    for city, cards in enumerate(state.cities):
        for space, card in enumerate(cards):
            if card is not None:
                yield city, space, card


def _free(state: State) -> Iterator[Space]:
    for city, cards in enumerate(state.cities):
        for space, card in enumerate(cards):
            if card is None:
                yield city, space


def _card_actions(state: State, card: str) -> list[Action]:
    """Every way to play one card from hand."""
    kind = kind_of(card)
    if kind in PLACED:
        covers = COVERS[kind]
        targets = [
            (city, space)
            for city, cards in enumerate(state.cities)
            for space, there in enumerate(cards)
            if there is None or kind_of(there) in covers
        ]
        return [("place", card, city, space) for city, space in targets]
    on_board = [(city, space) for city, space, _ in _occupied(state)]
    if kind == "small-explosion":
        return [("explode", card, (target,)) for target in on_board]
    if kind == "large-explosion":
        if len(on_board) == 1:
            return [("explode", card, (on_board[0],))]
        return [("explode", card, pair) for pair in combinations(on_board, 2)]
    if kind == "one-eagle":
        free = list(_free(state))
        return [
            ("move", card, city, space, to_city, to_space)
            for city, space in on_board
            for to_city, to_space in free
            if to_city != city
        ]
    if kind == "two-eagles":
        return [("swap", card, *a, *b) for a, b in combinations(on_board, 2) if a[0] != b[0]]
    raise ValueError(f"unknown card {card!r}")


class Superbohaterowie:
    """Gather five different superheroes in your city before the giant spiders win."""

    slug: str = "superbohaterowie"
    title: str = "Superbohaterowie"
    pitch: str = (
        "Two cards in hand: build five different superheroes in your city, wreck the others'."
    )
    players: range = range(2, 6)
    options: tuple[Option, ...] = (
        Option(
            key="series",
            label="Points variant",
            choices=(0, 1, 2, 3, 4, 5, 6, 8, 10),
            default=0,
            help=(
                "Off: the first player to save their city wins. Otherwise play a series of "
                "this many games; after each, every city scores points (first superhero of an "
                "element 10, each further one 5, Joker 20, giant spider -20, never below 0) "
                "and the highest total wins."
            ),
            choice_labels=(
                "off",
                *(f"{n} game" + ("s" if n > 1 else "") for n in (1, 2, 3, 4, 5, 6, 8, 10)),
            ),
        ),
    )

    def rules_text(self) -> str:
        return rules_text(__package__ or "core.games.superbohaterowie")

    # -- setup -----------------------------------------------------------------------------

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> State:
        """Shuffle the 98 cards and deal two to each player; seat 0 starts."""
        return _deal(
            players=seats,
            series=int(options.get("series", 0)),
            game_number=1,
            first=0,
            results=(),
            seed=rng.getrandbits(63),
        )

    # -- whose turn, what is legal -----------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        if state.waiting:
            return frozenset(state.waiting)
        if state.winners:
            return frozenset()
        return frozenset((state.turn,))

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        if seat in state.waiting:
            return [("continue",)]
        if state.winners or seat != state.turn:
            return []
        actions = [a for card in state.hands[seat] for a in _card_actions(state, card)]
        return actions or [("discard-hand",)]

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        return _why_illegal(state, seat, action)

    # -- applying ----------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        verb = action[0]
        if verb == "continue":
            return _continue(state, seat)
        # The turn works on plain lists and builds the next state once: a replace per
        # change made applying cost eleven state copies (the bots' playouts apply most).
        hands = list(state.hands)
        discard = list(state.discard)
        cities = list(state.cities)
        events: list[Event] = []
        if verb == "discard-hand":
            held = hands[seat]
            hands[seat] = ()
            discard += held
            shown = in_words([a_card(kind_of(c)) for c in held])
            events.append(_event("discard-hand", f"{{p{seat}}} cannot play and discards {shown}."))
        else:
            hand = list(hands[seat])
            hand.remove(action[1])
            hands[seat] = tuple(hand)
            text = _resolve(cities, discard, action)
            events.append(_event(verb, f"{{p{seat}}} {text}."))
        turns = state.turns + 1
        saved = tuple(c for c, city in enumerate(cities) if is_saved(_kinds(city)))
        if saved:
            state = replace(
                state,
                hands=tuple(hands),
                discard=tuple(discard),
                cities=tuple(cities),
                turns=turns,
            )
            state, more = _end_game(state, saved)
            return state, events + more
        pile = _Pile(state.deck, discard, state.rng)
        if hands[seat]:
            hands[seat] = pile.draw(hands[seat], seat, HAND_SIZE - len(hands[seat]), events)
        following = (seat + 1) % state.players
        if not hands[following]:
            # "At the start of their next turn, that player draws two new cards."
            hands[following] = pile.draw(hands[following], following, HAND_SIZE, events)
        events.append(_event("turn", f"It is {{p{following}}}'s turn."))
        return State(
            players=state.players,
            series=state.series,
            game_number=state.game_number,
            deck=pile.deck,
            discard=tuple(pile.discard),
            hands=tuple(hands),
            cities=tuple(cities),
            turn=following,
            first=state.first,
            winners=state.winners,
            results=state.results,
            waiting=state.waiting,
            turns=turns,
            rng=pile.rng,
        ), events

    # -- information ---------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_module.view(state, seat, self.to_act(state))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view_module.determinize(state, seat, rng)

    def census(self, state: State) -> Counter[str]:
        cards: Counter[str] = Counter(state.deck)
        cards.update(state.discard)
        for hand in state.hands:
            cards.update(hand)
        cards.update(card for city in state.cities for card in city if card is not None)
        return cards

    def outcome(self, state: State) -> Outcome | None:
        if not state.winners or state.waiting:
            return None
        n = state.players
        if state.series == 0:
            scores = tuple(1 if seat in state.winners else 0 for seat in range(n))
            losers = tuple(seat for seat in range(n) if seat not in state.winners)
            ranking: tuple[tuple[int, ...], ...] = (
                (state.winners, losers) if losers else (state.winners,)
            )
            note = (
                "Several cities were saved by the same move: their players share the win."
                if len(state.winners) > 1
                else ""
            )
            return Outcome(scores, tuple({"won": s} for s in scores), ranking, note)
        totals = tuple(sum(game[seat] for game in state.results) for seat in range(n))
        breakdown = tuple(
            {f"game {number}": game[seat] for number, game in enumerate(state.results, 1)}
            for seat in range(n)
        )
        ranking = rank_by_score(totals)
        note = "Equal totals share their place." if len(ranking[0]) > 1 else ""
        return Outcome(totals, breakdown, ranking, note)

    def describe(self, state: State, action: Action) -> str:
        if action[0] == "continue":
            return "continue to the next game"
        if action[0] == "discard-hand":
            return "discard both cards (neither can be played)"
        return _resolve(list(state.cities), list(state.discard), action)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _event(kind: str, text: str, to: int | None = None) -> Event:
    event: Event = {"type": kind, "text": text}
    if to is not None:
        event["to"] = to
    return event


def _where(city: int, space: int) -> str:
    return f"{CITIES[city]} ({{p{city}}}), space {space + 1}"


def _at(cities: Sequence[City], city: int, space: int) -> str:
    """The card on a space that the (legal) action says is occupied."""
    card = cities[city][space]
    if card is None:
        raise ValueError(f"space {space + 1} of city {city + 1} is empty")
    return card


def _put(cities: list[City], city: int, space: int, card: str | None) -> None:
    cities[city] = _set(cities[city], space, card)


def _resolve(cities: list[City], discard: list[str], action: Action) -> str:
    """Carry out a played card (already out of the hand) on the cities and the discard
    pile, changing both lists, and say what it did."""
    verb, card = action[0], action[1]
    kind = kind_of(card)
    if verb == "place":
        _, _, city, space = action
        covered = cities[city][space]
        _put(cities, city, space, card)
        text = f"places {a_card(kind)} in {_where(city, space)}"
        if covered is not None:
            discard.append(covered)
            text += f", covering {a_card(kind_of(covered))}"
        return text
    if verb == "explode":
        removed = []
        for city, space in action[2]:
            target = _at(cities, city, space)
            removed.append(f"{a_card(kind_of(target))} from {_where(city, space)}")
            discard.append(target)
            _put(cities, city, space, None)
        discard.append(card)
        return f"plays {a_card(kind)}, removing {in_words(removed)}"
    if verb == "move":
        _, _, city, space, to_city, to_space = action
        moved = _at(cities, city, space)
        _put(cities, city, space, None)
        _put(cities, to_city, to_space, moved)
        discard.append(card)
        return (
            f"plays {a_card(kind)}, moving {a_card(kind_of(moved))} from {_where(city, space)} "
            f"to {_where(to_city, to_space)}"
        )
    if verb == "swap":
        _, _, city_a, space_a, city_b, space_b = action
        card_a, card_b = _at(cities, city_a, space_a), _at(cities, city_b, space_b)
        _put(cities, city_a, space_a, card_b)
        _put(cities, city_b, space_b, card_a)
        discard.append(card)
        return (
            f"plays {a_card(kind)}, swapping {a_card(kind_of(card_a))} in "
            f"{_where(city_a, space_a)} with {a_card(kind_of(card_b))} in {_where(city_b, space_b)}"
        )
    raise ValueError(f"unknown verb {verb!r}")


class _Pile:
    """The draw pile during one turn: its cards, the discard pile (a list the turn has
    been changing) and the chance a reshuffle takes."""

    __slots__ = ("deck", "discard", "rng")

    def __init__(self, deck: tuple[str, ...], discard: list[str], rng: int) -> None:
        self.deck = deck
        self.discard = discard
        self.rng = rng

    def draw(
        self, hand: tuple[str, ...], seat: int, count: int, events: list[Event]
    ) -> tuple[str, ...]:
        """``hand`` after ``seat`` draws ``count`` cards, reshuffling the discard pile into a
        new draw pile when it runs out; the events are added to ``events``."""
        drawn: list[str] = []
        for _ in range(count):
            if not self.deck and self.discard:
                rng, self.rng = chance(self.rng)
                pile = list(self.discard)
                rng.shuffle(pile)
                self.deck, self.discard = tuple(pile), []
                events.append(
                    _event("reshuffle", "The discard pile is shuffled into a new draw pile.")
                )
            if not self.deck:
                break
            drawn.append(self.deck[0])
            self.deck = self.deck[1:]
        if not drawn:
            return hand
        many = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        events.append(_event("draw", f"{{p{seat}}} draws {many}."))
        names = in_words([a_card(kind_of(c)) for c in drawn])
        events.append(_event("draw", f"You draw {names}.", to=seat))
        return hand + tuple(drawn)


def _end_game(state: State, saved: tuple[int, ...]) -> tuple[State, list[Event]]:
    names = in_words([f"{{p{s}}}" for s in saved])
    events = [
        _event("win", f"{names} saved {'their city' if len(saved) == 1 else 'their cities'}!")
    ]
    state = replace(state, winners=saved)
    if state.series:
        points = tuple(city_points(k for k in _kinds(city) if k) for city in state.cities)
        state = replace(state, results=state.results + (points,))
        scored = ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(points))
        events.append(_event("score", f"Points of game {state.game_number}: {scored}."))
        if state.game_number < state.series:
            state = replace(state, waiting=tuple(range(state.players)))
    return state, events


def _continue(state: State, seat: int) -> tuple[State, list[Event]]:
    waiting = tuple(s for s in state.waiting if s != seat)
    if waiting:
        return replace(state, waiting=waiting), [
            _event("continue", f"{{p{seat}}} is ready for the next game.")
        ]
    first = (state.first + 1) % state.players
    state = _deal(
        players=state.players,
        series=state.series,
        game_number=state.game_number + 1,
        first=first,
        results=state.results,
        seed=state.rng,
    )
    return state, [
        _event("deal", f"Game {state.game_number} of {state.series}: {{p{first}}} starts.")
    ]


def _deal(
    *,
    players: int,
    series: int,
    game_number: int,
    first: int,
    results: tuple[tuple[int, ...], ...],
    seed: int,
) -> State:
    rng, seed = chance(seed)
    deck = list(card_ids())
    rng.shuffle(deck)
    hands = tuple(tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players))
    return State(
        players=players,
        series=series,
        game_number=game_number,
        deck=tuple(deck[players * HAND_SIZE :]),
        discard=(),
        hands=hands,
        cities=tuple((None,) * CITY_SPACES for _ in range(players)),
        turn=first,
        first=first,
        winners=(),
        results=results,
        waiting=(),
        turns=0,
        rng=seed,
    )


def _why_illegal(state: State, seat: int, action: Action) -> str:
    """The reason a (normalized) action is refused, for the player."""
    verb = action[0]
    if seat in state.waiting:
        return "the game is between deals: press continue when you are ready"
    if verb == "continue":
        return "there is no next game to continue to now"
    if verb == "discard-hand":
        return (
            "you can play a card, and must: discarding both is only for a hand "
            "that cannot be played"
        )
    if verb not in ("place", "explode", "move", "swap"):
        return f"unknown action {verb!r}"
    if len(action) < 2 or action[1] not in state.hands[seat]:
        return "that card is not in your hand"
    card = action[1]
    kind = kind_of(card)
    expected = {
        "place": PLACED,
        "explode": {"small-explosion", "large-explosion"},
        "move": {"one-eagle"},
        "swap": {"two-eagles"},
    }[verb]
    if kind not in expected:
        uses = {
            **dict.fromkeys(PLACED, "placed in a city"),
            "small-explosion": "played to remove one card",
            "large-explosion": "played to remove two cards",
            "one-eagle": "played to move a card to another city",
            "two-eagles": "played to swap two cards in different cities",
        }
        return f"{a_card(kind)} is {uses[kind]}"
    targets: tuple[Any, ...] = ()
    if verb == "explode":
        targets = action[2] if len(action) == 3 and isinstance(action[2], tuple) else ()
        spaces = [x for t in targets if isinstance(t, tuple) for x in t]
    else:
        spaces = list(action[2:])
    if not spaces or len(spaces) % 2 or not all(type(x) is int for x in spaces):
        return "malformed action: name each space by its city and space numbers"
    pairs = list(zip(spaces[::2], spaces[1::2], strict=True))
    for city, space in pairs:
        if not (0 <= city < state.players and 0 <= space < CITY_SPACES):
            return f"there is no space {space + 1} in city {city + 1}"
    if verb != "place":
        # Explosions, the moved card and both swapped cards must be cards in a city.
        sources = pairs[:1] if verb == "move" else pairs
        for city, space in sources:
            if state.cities[city][space] is None:
                return f"there is no card in {CITIES[city]}'s space {space + 1}"
    if verb == "explode":
        wanted = 1 if kind == "small-explosion" else min(2, sum(1 for _ in _occupied(state)))
        if len(targets) != wanted or len(set(targets)) != len(targets):
            return f"{a_card(kind)} removes {'one card' if wanted == 1 else 'two different cards'}"
    if verb == "place" and len(pairs) == 1:
        city, space = pairs[0]
        there = state.cities[city][space]
        if there is None:
            return "that move is not possible"
        under = kind_of(there)
        if kind == "spider":
            if under == "joker":
                return "a giant spider cannot be placed on a Joker"
            return "a giant spider cannot be placed on another giant spider"
        if kind == "joker":
            return "that move is not possible"
        if under == "spider":
            return "a superhero cannot be placed on a giant spider (only a Joker can)"
        allowed = " or ".join(NAMES[k] + "es" for k in sorted(COVERS[kind]))
        return f"{a_card(kind)} can only cover {allowed}, not {a_card(under)}"
    if verb == "move" and len(pairs) == 2:
        (city, _), (to_city, to_space) = pairs
        if city == to_city:
            return "the eagle carries a card to another city"
        if state.cities[to_city][to_space] is not None:
            return "the eagle needs a free space in the target city"
    if verb == "swap" and len(pairs) == 2 and pairs[0][0] == pairs[1][0]:
        return "the two cards must be in different cities"
    return "that move is not possible"


SUPERBOHATEROWIE = Superbohaterowie()
