"""The contract every registered game must keep, checked by random playouts.

Parametrized over every game in ``GAMES``, every allowed seat count and every option
setting (the defaults, plus each other value of each option on its own; a setting the game
refuses for a seat count through ``seat_problem`` is checked to be refused). For each, the
seeds ``range(SEEDS)`` (``VARIANT_SEEDS`` for a non-default option) are played out with
random legal actions. A game joins these checks
by registering in ``core.games.GAMES``.

Checked at every step: somebody may act until there is an outcome, and every acting seat
has legal actions; the card census never changes; for every seat, its view is unchanged by
``determinize`` and contains no card that determinize moves (those are hidden from it);
the spectator view shows no card hidden from any seat; public events name no hidden card;
refused actions (wrong seat, malformed, illegal) raise IllegalAction and change nothing;
a re-deal depends only on what the seat knows (so bots searching re-deals learn nothing).
At the end: the game terminated within MAX_ACTIONS, determinize did re-deal hidden cards,
save/load and record/replay reproduce the match byte for byte (also from the middle), and
the outcome ranks every seat exactly once with breakdowns adding up to the scores.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from core.engine import TABLE, Game, IllegalAction, seat_problem, validate_options
from core.games import GAMES
from core.match import Match

SEEDS = 4
"""Random playouts per (game, seats) with the default options."""
VARIANT_SEEDS = 2
"""Random playouts per (game, seats) for each other value of one option (the defaults get
the most play; every variant still gets two games at every seat count)."""
MAX_ACTIONS = 20_000
"""The termination bound: no random playout may take more accepted actions than this."""
DETERMINIZATIONS = 2
"""Re-deals per seat and step used to find which cards are hidden from that seat."""


def configurations(want_refused: bool = False) -> Iterator[Any]:
    for slug, game in GAMES.items():
        settings: list[dict[str, Any]] = [{}]
        for option in game.options:
            if option.key in getattr(game, "clock_options", ()):
                # Read only by the table's clock (deadlines), which random playouts never
                # wait for: every value plays the same rules as the default.
                continue
            settings += [{option.key: c} for c in option.choices if c != option.default]
        for seats in game.players:
            for options in settings:
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
                # A game refuses options that do not suit this seat count (engine.seat_problem);
                # those are checked by test_refused_configurations_are_refused_cleanly.
                refused = bool(seat_problem(game, seats, validate_options(game, options)))
                if refused == want_refused:
                    yield pytest.param(slug, seats, options, id=f"{slug}-{seats}p-{label}")


_SCALARS = frozenset({int, bool, float, type(None), bytes})


_FIELDS: dict[type, tuple[str, ...] | None] = {}
"""Each type's dataclass field names (None: not a dataclass), looked up once per type: the
walk below meets millions of nodes over the random playouts."""


def _fields_of(kind: type) -> tuple[str, ...] | None:
    if kind not in _FIELDS:
        _FIELDS[kind] = (
            tuple(field.name for field in dataclasses.fields(kind))
            if dataclasses.is_dataclass(kind)
            else None
        )
    return _FIELDS[kind]


def card_paths(state: Any, cards: set[str]) -> dict[str, tuple[Any, ...]]:
    """Where each card id sits inside a state: the path of fields and indices to it."""
    paths: dict[str, tuple[Any, ...]] = {}

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        kind = type(node)
        if kind is str:
            if node in cards:
                paths.setdefault(node, path)
        elif kind is tuple or kind is list:
            for index, item in enumerate(node):
                if type(item) not in _SCALARS:
                    walk(item, (*path, index))
        elif kind is dict:
            for key, item in node.items():
                walk(item, (*path, key))
        elif kind is frozenset:
            for item in node:
                walk(item, (*path, "set"))
        elif kind not in _SCALARS:
            names = _fields_of(kind)
            if names is not None:
                for name in names:
                    walk(getattr(node, name), (*path, name))

    walk(state, ())
    return paths


def strings_in(data: Any) -> set[str]:
    """Every string anywhere inside plain data (keys included)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, tuple | list | set | frozenset):
            stack.extend(node)
    return found


def hidden_cards(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    true_paths: dict[str, tuple[Any, ...]] | None = None,
) -> tuple[set[str], bool]:
    """Cards that determinize moves for ``seat`` (so ``seat`` cannot know where they are),
    and whether any determinization differed from the true state at all. ``true_paths``:
    the state's `card_paths`, when the caller has them already (the same for every seat)."""
    cards = set(game.census(state))
    if true_paths is None:
        true_paths = card_paths(state, cards)
    hidden: set[str] = set()
    changed = False
    seen = game.view(state, seat)
    for round_ in range(DETERMINIZATIONS):
        dealt = game.determinize(state, seat, rng)
        assert game.census(dealt) == game.census(state), "determinize must keep every card"
        assert game.view(dealt, seat) == seen, f"seat {seat}'s view changed under determinize"
        if round_ == 0:
            # A re-deal depends on what the seat knows and the rng only: re-dealing a state
            # that merely looks the same to the seat gives the very same state. (Once per
            # seat and step: the first re-deal is as good a look-alike as the next.)
            probe = rng.getrandbits(32)
            assert game.determinize(state, seat, random.Random(probe)) == game.determinize(
                dealt, seat, random.Random(probe)
            ), f"seat {seat}'s re-deal depends on where hidden cards really are"
        paths = card_paths(dealt, cards)
        moved = {card for card in cards if paths.get(card) != true_paths.get(card)}
        hidden |= moved
        changed |= bool(moved)
    return hidden, changed


def assert_refusals_change_nothing(match: Match, rng: random.Random) -> None:
    """Wrong seat, malformed and illegal actions are refused and leave the match as it was."""
    before, version = match.save(), match.version
    acting = sorted(seat for seat in match.to_act() if seat != TABLE)
    if not acting:  # only the table's clock may act (every hand is down): nothing to try
        return
    some_legal = match.legal(acting[0])[0]
    attempts: list[tuple[Any, Any]] = [
        (-1, some_legal),
        (match.seats, some_legal),
        ("0", some_legal),
        (acting[0], ()),
        (acting[0], 42),
        (acting[0], ("no-such-verb",)),
        (acting[0], (some_legal[0], object())),
        (acting[0], [[[["deep"]]]]),
    ]
    idle = [s for s in range(match.seats) if s not in match.to_act()]
    if idle:
        attempts.append((idle[0], some_legal))
    for seat, action in attempts:
        with pytest.raises(IllegalAction) as refused:
            match.act(seat, action)
        assert str(refused.value), "a refusal must say why"
        assert match.version == version and match.save() == before
    with pytest.raises(IllegalAction):
        match.act(acting[0], some_legal, version=version + 1)
    assert match.save() == before


@pytest.mark.parametrize(("slug", "seats", "options"), list(configurations(want_refused=True)))
def test_refused_configurations_are_refused_cleanly(
    slug: str, seats: int, options: dict[str, Any]
) -> None:
    """Options a game refuses for this many seats stop Match.new with the game's reason."""
    reason = seat_problem(GAMES[slug], seats, validate_options(GAMES[slug], options))
    assert reason
    with pytest.raises(ValueError, match=re.escape(reason)):
        Match.new(slug, seats, seed=1, options=options)


@pytest.mark.parametrize(("slug", "seats", "options"), list(configurations()))
def test_random_playouts_keep_the_contract(slug: str, seats: int, options: dict[str, Any]) -> None:
    """Random playouts of every configuration keep every promise of the game contract."""
    game = GAMES[slug]
    for seed in range(VARIANT_SEEDS if options else SEEDS):
        rng = random.Random(f"{slug}-{seats}-{options}-{seed}")
        match = Match.new(slug, seats, seed=seed, options=options)
        census = game.census(match.state)
        redealt = False
        pending: list[dict[str, Any]] = []
        middle: tuple[bytes, bytes, int] | None = None
        while match.outcome() is None:
            assert match.version < MAX_ACTIONS, f"seed {seed} did not end in {MAX_ACTIONS} actions"
            acting = match.to_act()
            assert acting, "a game that is not over must let somebody act"
            assert game.census(match.state) == census, "the census changed"
            hidden_from: dict[int, set[str]] = {}
            true_paths = card_paths(match.state, set(census))
            for seat in range(seats):
                hidden, changed = hidden_cards(game, match.state, seat, rng, true_paths)
                redealt |= changed
                hidden_from[seat] = hidden
                leaked = strings_in(match.view(seat)) & hidden
                assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
            everyone_hidden = set().union(*hidden_from.values())
            leaked = strings_in(pending) & everyone_hidden
            assert not leaked, f"public events {pending} name hidden cards {sorted(leaked)}"
            leaked = strings_in(match.view(None)) & everyone_hidden
            assert not leaked, f"the spectator view shows hidden cards {sorted(leaked)}"
            for seat in acting:
                assert match.legal(seat), f"seat {seat} must act but has no legal action"
            if match.version % 7 == 0:
                assert_refusals_change_nothing(match, rng)
            seat = rng.choice(sorted(acting))
            events = match.act(seat, rng.choice(match.legal(seat)), at_ns=match.version * 1000)
            pending = [event for event in events if "to" not in event]
            for event in events:
                assert {"type", "text"} <= set(event), f"event without type or text: {event}"
            if middle is None and match.version >= 5:
                middle = (match.save(), match.record(), match.version)
        final_hidden = set().union(
            *(hidden_cards(game, match.state, s, rng)[0] for s in range(seats))
        )
        leaked = strings_in(pending) & final_hidden
        assert not leaked, f"the last public events name hidden cards {sorted(leaked)}"
        assert redealt, "determinize never re-dealt anything: hidden cards stayed where they were"
        assert match.to_act() == frozenset(), "nobody may act once the game is over"
        outcome = match.outcome()
        assert outcome is not None
        assert len(outcome.scores) == seats and len(outcome.breakdown) == seats
        ranked = [seat for group in outcome.ranking for seat in group]
        assert sorted(ranked) == list(range(seats)), (
            f"ranking {outcome.ranking} must name every seat once"
        )
        for seat in range(seats):
            assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat]
        save, record = match.save(), match.record()
        assert Match.load(save).save() == save
        assert Match.replay(record).save() == save
        assert Match.replay(record).record() == record
        if middle is not None:
            saved, recorded, version = middle
            assert Match.load(saved).version == version
            assert Match.replay(recorded).save() == saved
            assert Match.replay(record, upto=version).save() == saved
