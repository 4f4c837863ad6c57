"""Comic Hunters' rules: setup, the schedule, whose turn it is, and the end of a game.

The locations live in locations.py, Phase 2 in assembly.py; this module runs the schedule
around them. Jarvis, the solo automaton, is part of the rules: he acts inside ``apply``
and never holds a seat. Extra actions here:
  ("give-first", seat)   3–4 players: the First Player hands the marker on
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.engine import Action, Event, Option, Outcome, rules_text
from core.games.comic_hunters import view as view_module
from core.games.comic_hunters.assembly import (
    assembly_apply,
    assembly_legal,
    begin_assembly,
    owed,
)
from core.games.comic_hunters.data import (
    BEGINNER_TRACKS,
    CARD,
    CARDS,
    CONVENTION_DECK,
    HERO_NAMES,
    HEROES,
    HIGHLIGHTS,
    LOCATION_NAMES,
    REMOVED_HEROES,
    SCHEDULE,
    SECRET_STASH,
    TRENDING_ROWS,
)
from core.games.comic_hunters.locations import (
    auction_apply,
    auction_legal,
    axis_name,
    begin_auction,
    begin_convention,
    begin_flea,
    begin_store,
    cell_name,
    convention_apply,
    convention_legal,
    flea_apply,
    flea_legal,
    line_take,
    store_apply,
    store_legal,
)
from core.games.comic_hunters.scoring import score_sheet as score_sheet
from core.games.comic_hunters.state import State, counted, event, titles

_LEGAL = {
    "store": store_legal,
    "flea": flea_legal,
    "auction": auction_legal,
    "convention": convention_legal,
}
_APPLY = {
    "store": store_apply,
    "flea": flea_apply,
    "auction": auction_apply,
    "convention": convention_apply,
}
_BEGIN = {
    "store": begin_store,
    "flea": begin_flea,
    "auction": begin_auction,
    "convention": begin_convention,
}


class ComicHunters:
    """Hunt comic books at four locations over three rounds and assemble collections."""

    slug: str = "comic-hunters"
    title: str = "Comic Hunters"
    pitch: str = (
        "Draft, bid and dig through conventions for comics of the trending heroes; play solo "
        "against Jarvis."
    )
    players: range = range(1, 5)
    options: tuple[Option, ...] = (
        Option(
            key="highlights",
            label="Highlight markers",
            choices=("beginner", "advanced"),
            default="beginner",
            help=(
                "Beginner: Number One on the first track, First Appearance on the second and "
                "one of New Look, Special Edition or Epic Battle on the third. Advanced: "
                "three markers drawn at random."
            ),
        ),
    )

    def rules_text(self) -> str:
        return rules_text(__package__ or "core.games.comic_hunters")

    # -- setup ---------------------------------------------------------------------------

    def setup(self, seats: int, rng: random.Random, options: Mapping[str, Any]) -> State:
        """Remove heroes (1–3 players), split the ages, build the Convention deck, draw the
        Trending Track and the Highlight markers; seat 1 is the First Player."""
        return self.opening(seats, rng, options)[0]

    def opening(
        self, seats: int, rng: random.Random, options: Mapping[str, Any]
    ) -> tuple[State, list[Event]]:
        """The setup, and what it told the table: the first Store opens as every later one."""
        removed = tuple(sorted(rng.sample(HEROES, REMOVED_HEROES))) if seats <= 3 else ()
        in_play = [h for h in HEROES if h not in removed]
        out = [c.id for c in CARDS if all(h in removed for h in c.heroes)]
        decks: dict[int, list[str]] = {
            value: [c.id for c in CARDS if c.value == value and c.id not in out]
            for value in (1, 2, 3)
        }
        for deck in decks.values():
            rng.shuffle(deck)
        convention: list[str] = []
        for value, count in CONVENTION_DECK[seats >= 3].items():
            convention += decks[value][:count]
            decks[value] = decks[value][count:]
        rng.shuffle(convention)
        heroes = list(in_play)
        rng.shuffle(heroes)
        sizes = TRENDING_ROWS[seats == 4]
        trending = (
            tuple(heroes[: sizes[0]]),
            tuple(heroes[sizes[0] : sizes[0] + sizes[1]]),
            tuple(heroes[sizes[0] + sizes[1] :]),
        )
        advanced = options.get("highlights", "beginner") == "advanced"
        if advanced:
            tracks = tuple(rng.sample(HIGHLIGHTS, 3))
        else:
            others = [h for h in HIGHLIGHTS if h not in BEGINNER_TRACKS]
            tracks = (*BEGINNER_TRACKS, rng.choice(others))
        state = State(
            players=seats,
            advanced=advanced,
            round=0,
            step=0,
            location="",
            first=0,
            trending=trending,
            tracks=tracks,
            removed_heroes=removed,
            store_deck=tuple(decks[1]),
            flea_deck=tuple(decks[2]),
            auction_deck=tuple(decks[3]),
            convention_deck=tuple(convention),
            removed=tuple(sorted(out)),
            grid_fills=(),
            box=(),
            hands=((),) * seats,
            collections=((),) * seats,
            marks=((0, 0, 0),) * seats,
            stash=(SECRET_STASH,) * seats,
            jarvis=(),
            jarvis_marks=(0, 0, 0),
            jarvis_stash=SECRET_STASH,
            store=None,
            flea=None,
            auction=None,
            convention=None,
            assembly=None,
            rng=rng.getrandbits(63),
        )
        return _begin(state)

    # -- whose turn, what is legal -------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        location = state.location
        if location == "store":
            assert state.store is not None
            return frozenset(s for s, step in enumerate(state.store.steps) if step < 2)
        if location == "flea":
            assert state.flea is not None
            return frozenset((state.flea.turn,))
        if location == "auction":
            assert state.auction is not None
            return frozenset((state.auction.turn,))
        if location == "convention":
            assert state.convention is not None
            return frozenset((state.convention.turns[0][0],))
        if location == "give-first":
            return frozenset((state.first,))
        if location == "assemble":
            assert state.assembly is not None
            return frozenset(s for s, st in enumerate(state.assembly.stages) if st != "done")
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        if seat not in self.to_act(state):
            return []
        if state.location == "give-first":
            return [("give-first", s) for s in range(state.players) if s != seat]
        if state.location == "assemble":
            return assembly_legal(state, seat)
        return _LEGAL[state.location](state, seat)

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        return _why_illegal(state, seat, action)

    # -- applying ------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, action: Action, at_ns: int | None
    ) -> tuple[State, Sequence[Event]]:
        if state.location == "give-first":
            state = replace(state, first=action[1])
            events = [
                event("first", f"{{p{seat}}} gives the First Player marker to {{p{action[1]}}}.")
            ]
            state, more = _next_step(state)
            return state, events + more
        if state.location == "assemble":
            state, events = assembly_apply(state, seat, action)
            assert state.assembly is not None
            if all(stage == "done" for stage in state.assembly.stages):
                state, more = _end_round(state)
                events += more
            return state, events
        location = state.location
        state, events, finished = _APPLY[location](state, seat, action)
        if finished:
            state, more = _after_location(state, location)
            events += more
        return state, events

    # -- information ---------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_module.view(state, seat, self.to_act(state), self.outcome(state))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view_module.determinize(state, seat, rng)

    def census(self, state: State) -> Counter[str]:
        return view_module.census(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.location != "over":
            return None
        return final_outcome(state)

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)


# -- the schedule ----------------------------------------------------------------------


def _two_player_first(state: State) -> int:
    """Two players: the start alternates between A (seat 1) and B at every location that
    has a start (the Store is simultaneous), A first; in the last Convention the player
    with fewer Highlights starts, B on a tie (rulebook)."""
    ordered = [
        (r, s)
        for r, places in enumerate(SCHEDULE)
        for s, place in enumerate(places)
        if place != "store"
    ]
    index = ordered.index((state.round, state.step)) if state.step < 3 else 0
    if index == len(ordered) - 1:
        a, b = (sum(marks) for marks in state.marks)
        return 0 if a < b else 1
    return index % 2


def _begin(state: State) -> tuple[State, list[Event]]:
    location = SCHEDULE[state.round][state.step]
    if state.players == 2 and location != "store":
        state = replace(state, first=_two_player_first(state))
    state = replace(state, location=location)
    return _BEGIN[location](state)


def _after_location(state: State, location: str) -> tuple[State, list[Event]]:
    """After the Flea Market, the Auction and the Convention the First Player hands the
    marker on (3–4 players; rulebook), but not after the last Convention: no round follows."""
    last = state.round == len(SCHEDULE) - 1 and state.step == len(SCHEDULE[-1]) - 1
    if state.players >= 3 and location != "store" and not last:
        return replace(state, location="give-first"), [
            event("first", f"{{p{state.first}}} chooses who gets the First Player marker.")
        ]
    return _next_step(state)


def _next_step(state: State) -> tuple[State, list[Event]]:
    if state.step < 2:
        return _begin(replace(state, step=state.step + 1))
    state = replace(state, step=3, location="assemble")
    return begin_assembly(state)


def _end_round(state: State) -> tuple[State, list[Event]]:
    state = replace(state, assembly=None)
    if state.round == 2:
        state = replace(state, location="over")
        outcome = final_outcome(state)
        scores = ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(outcome.scores))
        text = f"The game is over. Scores: {scores}."
        if outcome.note:
            text += f" {outcome.note}"
        return state, [event("over", text)]
    state = replace(state, round=state.round + 1, step=0)
    state, events = _begin(state)
    return state, [event("round", f"Round {state.round + 1} begins."), *events]


# -- scoring ---------------------------------------------------------------------------


def final_outcome(state: State) -> Outcome:
    """Scores, then the most Highlights, then the biggest collection (rulebook)."""
    sheet = score_sheet(state)
    marks = list(state.marks) + ([state.jarvis_marks] if state.solo else [])
    collections = list(state.collections) + ([state.jarvis] if state.solo else [])
    keys = [
        (
            sum(sheet[i].values()),
            sum(marks[i]),
            max((len(cards) for _, cards in collections[i]), default=0),
        )
        for i in range(len(sheet))
    ]
    scores = tuple(sum(sheet[s].values()) for s in range(state.players))
    tied_scores = len({k[0] for k in keys}) < len(keys)
    note = ""
    if state.solo:
        you, jarvis = keys
        # "If you scored more points than Jarvis, you won", the standard tie-breaks
        # deciding equal scores: a tie they leave standing is no win, so Jarvis wins it.
        verdict = "you beat Jarvis" if you > jarvis else "Jarvis wins"
        note = f"Jarvis scored {keys[1][0]}: {verdict}"
        if you == jarvis:
            note += " (a complete tie: you did not score more)"
        elif you[0] == jarvis[0]:
            note += " (tie broken by Highlights, then the biggest collection)"
        lost = "" if you > jarvis else "Jarvis"
        return Outcome(scores, (sheet[0],), ((0,),), note + ".", lost_to=lost)
    order = sorted(range(state.players), key=lambda s: keys[s], reverse=True)
    ranking: list[tuple[int, ...]] = []
    for seat in order:
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1] = (*ranking[-1], seat)
        else:
            ranking.append((seat,))
    if tied_scores:
        note = "Equal scores are ranked by Highlights, then by the biggest collection."
    return Outcome(scores, tuple(sheet[: state.players]), tuple(ranking), note)


# -- words -----------------------------------------------------------------------------


def describe(state: State, action: Action) -> str:
    """Plain words for an action."""
    verb = action[0]
    if verb == "pick":
        return f"pick {titles([action[1]])}"
    if verb == "box":
        return f"return {titles([action[1]])} to the box"
    if verb == "reveal":
        return f"reveal a card into row {action[1] + 1}"
    if verb == "take-row":
        assert state.flea is not None
        return f"take row {action[1] + 1} ({titles(state.flea.rows[action[1]])})"
    if verb == "open":
        return f"put lot {action[1] + 1} up for auction, bidding {action[2]}"
    if verb == "bid":
        return f"bid {action[1]}"
    if verb == "pass":
        return "pass"
    if verb == "keep":
        return f"pay 1 for {titles([action[1]])}"
    if verb == "buy-lot":
        return f"buy lot {action[1] + 1}"
    if verb == "slide":
        return f"slide the card at {cell_name(action[1])} to {cell_name(action[2])}"
    if verb == "take":
        assert state.convention is not None
        _, hero, axis, index = action
        cards = line_take(state.convention.grid, hero, axis, index)
        return f"take {HERO_NAMES[hero]} from {axis_name(axis)} {index + 1} ({counted(len(cards))})"
    if verb == "give-first":
        return f"give the First Player marker to {{p{action[1]}}}"
    if verb == "play":
        return f"play {titles([action[1]])} for {HERO_NAMES[action[2]]}"
    if verb == "unplay":
        return f"take back {titles([action[1]])}"
    if verb == "relocate":
        return f"relocate {titles([action[1]])} to {HERO_NAMES[action[2]]}"
    if verb == "ready":
        return "done playing cards: pay"
    if verb == "pay":
        return f"pay with {titles([action[1]])}"
    if verb == "discard":
        return f"discard {titles([action[1]])}"
    return str(verb)


def _why_illegal(state: State, seat: int, action: Action) -> str:
    verb = action[0]
    location = state.location
    name = LOCATION_NAMES.get(location, location)
    card = action[1] if len(action) > 1 and isinstance(action[1], str) else None
    if verb in ("pick", "box"):
        if location != "store":
            return f"there is no Store draft now (this is the {name})"
        return (
            "choose a card of the pack in front of you"
            if verb == "pick"
            else ("you pick first, then return one card of the pack to the box")
        )
    if verb in ("reveal", "take-row"):
        if location != "flea":
            return f"the Flea Market is not open now (this is the {name})"
        return "that row is full, taken or does not exist, or no card is left to reveal"
    if verb in ("open", "bid", "pass", "keep", "buy-lot"):
        if location == "convention" and verb == "pass":
            return "there are still cards to take on the grid"
        if location != "auction":
            return f"there is no auction now (this is the {name})"
        return "a bid must be higher than the last one and no more than your Secret Stash"
    if verb in ("slide", "take"):
        if location != "convention":
            return f"the Convention is not open now (this is the {name})"
        if verb == "slide":
            return "slide one card, once a turn, through empty spaces only"
        return "choose a hero with at least one card in that row or column"
    if verb == "give-first":
        return "give the First Player marker to another player"
    if verb in ("play", "unplay", "relocate", "ready", "pay", "discard"):
        if location != "assemble":
            return f"collections are assembled after the Convention (this is the {name})"
        if verb == "ready":
            return "you are not playing cards now"
        assert state.assembly is not None
        if verb == "unplay" and card in {c for c, _ in state.assembly.plays[seat]}:
            return (
                "taking that card back would leave a collection with fewer than two cards "
                "(relocate the card you moved out of it back first)"
            )
        if verb == "play" and card in CARD:
            return (
                "the card must show that hero (a removed hero only on a card that completed "
                "a solo Convention grid), and your other cards "
                f"must still be able to pay what you owe ({owed(state, seat)} so far)"
            )
        return "that card is not available for this"
    if verb not in {"give-first"}:
        return f"unknown action {verb!r}"
    return "that move is not possible"


COMIC_HUNTERS = ComicHunters()
