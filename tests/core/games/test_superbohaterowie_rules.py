"""Superbohaterowie's rules, one behaviour per test, on positions built directly."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine import Event, IllegalAction, validate_options
from core.games.superbohaterowie.data import COVERS, ELEMENTS, card_ids, kind_of
from core.games.superbohaterowie.rules import SUPERBOHATEROWIE as GAME
from core.games.superbohaterowie.state import State
from core.match import Match

ALL_CARDS = card_ids()


def position(
    *,
    players: int = 3,
    hands: list[list[str]] | None = None,
    cities: list[list[str | None]] | None = None,
    discard: list[str] | None = None,
    deck: list[str] | None = None,
    turn: int = 0,
    series: int = 0,
) -> State:
    """A position from card kinds ("fire", "joker", None for an empty space).

    Each kind is turned into a distinct real card id; every card not used goes to the draw
    pile after the kinds given in ``deck`` (top first), so the census is always complete.
    """
    pool = list(ALL_CARDS)

    def take(kind: str) -> str:
        card = next(c for c in pool if kind_of(c) == kind)
        pool.remove(card)
        return card

    hand_ids = tuple(tuple(take(k) for k in hand) for hand in (hands or [[]] * players))
    city_rows = cities or [[None] * 5 for _ in range(players)]
    city_ids = tuple(tuple(None if k is None else take(k) for k in row) for row in city_rows)
    discard_ids = tuple(take(k) for k in discard or [])
    top = [take(k) for k in deck or []]
    return State(
        players=players,
        series=series,
        game_number=1,
        deck=(*top, *pool),
        discard=discard_ids,
        hands=hand_ids,
        cities=city_ids,
        turn=turn,
        first=0,
        winners=(),
        results=(),
        waiting=(),
        turns=0,
        rng=1,
    )


def through(state: State, seat: int, action: tuple[Any, ...]) -> tuple[State, list[Event]]:
    """Take an action through Match (its seat and legality checks, then apply)."""
    match = Match(GAME, state.players, 0, {}, state)
    events = match.act(seat, action)
    return match.state, events


def play(state: State, seat: int, action: tuple[Any, ...]) -> State:
    """Take a legal action through Match."""
    assert action in GAME.legal_actions(state, seat), f"{action} should be legal"
    return through(state, seat, action)[0]


def card(state: State, seat: int, index: int = 0) -> str:
    return state.hands[seat][index]


def placements(state: State, seat: int, index: int = 0) -> set[tuple[int, int]]:
    """The (city, space) pairs where one hand card may be placed."""
    chosen = card(state, seat, index)
    return {
        (a[2], a[3]) for a in GAME.legal_actions(state, seat) if a[0] == "place" and a[1] == chosen
    }


# -- components and setup --


def test_the_deck_has_all_98_printed_cards() -> None:
    """12 of each superhero, 12 Jokers, 5+5 explosions, 5+5 eagles and 6 spiders."""
    kinds = Counter(kind_of(c) for c in ALL_CARDS)
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 98
    assert kinds == {
        **dict.fromkeys(ELEMENTS, 12),
        "joker": 12,
        "small-explosion": 5,
        "large-explosion": 5,
        "one-eagle": 5,
        "two-eagles": 5,
        "spider": 6,
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_two_cards_each_and_empty_five_space_cities(players: int) -> None:
    """Each player gets two cards and an empty city of five spaces; seat 0 starts."""
    state = GAME.setup(players, random.Random(1), {"series": 0})
    assert [len(h) for h in state.hands] == [2] * players
    assert len(state.deck) == 98 - 2 * players
    assert state.cities == ((None,) * 5,) * players
    assert GAME.to_act(state) == {0}


def test_every_superhero_covers_two_and_is_covered_by_two() -> None:
    """The cover relation is a cycle: two out, two in, never itself; water's row is printed."""
    assert COVERS["water"] == {"fire", "chainsaw"}
    for element in ELEMENTS:
        assert len(COVERS[element]) == 2 and element not in COVERS[element]
        assert sum(element in COVERS[other] for other in ELEMENTS) == 2


@pytest.mark.parametrize("players", [1, 6])
def test_seat_counts_outside_two_to_five_are_refused(players: int) -> None:
    """Superbohaterowie is for 2–5 players."""
    with pytest.raises(ValueError, match="2–5 players"):
        Match.new("superbohaterowie", players, seed=1)


# -- placing superheroes, Jokers and spiders ------------------------------------------------


def test_water_goes_on_empty_spaces_and_on_fire_or_chainsaw_only() -> None:
    """The rulebook's example: water on empty spaces, fire or chainsaw, in any city."""
    state = position(
        hands=[["water", "water"], [], []],
        cities=[
            ["fire", "chainsaw", "leaf", "wind", "water"],
            ["joker", "spider", None, None, None],
            [None] * 5,
        ],
    )
    targets = placements(state, 0)
    assert {(0, 0), (0, 1)} <= targets
    assert not {(0, 2), (0, 3), (0, 4), (1, 0), (1, 1)} & targets
    assert {(1, 2), (2, 0), (2, 4)} <= targets


def test_a_superhero_cannot_be_placed_on_a_giant_spider() -> None:
    """Superhero cards cannot be placed on giant spiders; the refusal says so."""
    state = position(
        hands=[["fire", "leaf"], [], []], cities=[["spider"] + [None] * 4, [None] * 5, [None] * 5]
    )
    match = _match(state)
    with pytest.raises(IllegalAction, match="cannot be placed on a giant spider"):
        match.act(0, ("place", card(state, 0), 0, 0))


def test_the_joker_goes_on_every_superhero_and_on_spiders() -> None:
    """The Joker covers all superhero cards, Jokers included, and giant spiders."""
    state = position(
        hands=[["joker", "fire"], [], []],
        cities=[
            ["leaf", "water", "wind", "fire", "chainsaw"],
            ["spider", "joker", None, None, None],
            [None] * 5,
        ],
    )
    assert placements(state, 0) == {(c, s) for c in range(3) for s in range(5)}


def test_a_giant_spider_never_goes_on_a_joker_or_a_spider() -> None:
    """Spiders cover the five element superheroes only."""
    state = position(
        hands=[["spider", "fire"], [], []],
        cities=[
            ["leaf", "water", "wind", "fire", "chainsaw"],
            ["spider", "joker", None, None, None],
            [None] * 5,
        ],
    )
    targets = placements(state, 0)
    assert {(0, s) for s in range(5)} <= targets
    assert (1, 0) not in targets and (1, 1) not in targets
    match = _match(state)
    with pytest.raises(IllegalAction, match="cannot be placed on a Joker"):
        match.act(0, ("place", card(state, 0), 1, 1))


def test_a_covered_card_goes_to_the_discard_pile() -> None:
    """Covering puts the covered card on the discard pile."""
    state = position(
        hands=[["water", "leaf"], [], []], cities=[["fire"] + [None] * 4, [None] * 5, [None] * 5]
    )
    fire = state.cities[0][0]
    after = play(state, 0, ("place", card(state, 0), 0, 0))
    assert after.discard[-1] == fire
    assert kind_of(after.cities[0][0] or "") == "water"


# -- explosions and eagles --


def test_a_small_explosion_removes_one_card_then_is_discarded() -> None:
    """A small explosion removes any one card from any city."""
    state = position(
        hands=[["small-explosion", "leaf"], [], []],
        cities=[[None] * 5, ["fire"] + [None] * 4, [None] * 5],
    )
    bomb, fire = card(state, 0), state.cities[1][0]
    after = play(state, 0, ("explode", bomb, ((1, 0),)))
    assert after.cities[1][0] is None
    assert after.discard[-2:] == (fire, bomb)


def test_a_large_explosion_removes_two_cards_in_one_or_two_cities() -> None:
    """Every pair of cards on the board is a target; a single card needs two."""
    state = position(
        hands=[["large-explosion", "leaf"], [], []],
        cities=[["fire", "water", None, None, None], ["wind"] + [None] * 4, [None] * 5],
    )
    bomb = card(state, 0)
    targets = {a[2] for a in GAME.legal_actions(state, 0) if a[1] == bomb}
    assert targets == {((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 0))}
    after = play(state, 0, ("explode", bomb, ((0, 1), (1, 0))))
    assert after.cities[0][1] is None and after.cities[1][0] is None
    match = _match(state)
    with pytest.raises(IllegalAction, match="two different cards"):
        match.act(0, ("explode", bomb, ((0, 1),)))


def test_a_large_explosion_with_one_card_on_the_board_removes_it() -> None:
    """Designed: with a single card in all cities the large explosion removes that one."""
    state = position(
        hands=[["large-explosion", "leaf"], [], []],
        cities=[[None] * 5, ["fire"] + [None] * 4, [None] * 5],
    )
    bomb = card(state, 0)
    assert [a for a in GAME.legal_actions(state, 0) if a[1] == bomb] == [
        ("explode", bomb, ((1, 0),))
    ]


def test_explosions_cannot_be_played_on_an_empty_board() -> None:
    """With no card in any city an explosion has nothing to remove."""
    state = position(hands=[["small-explosion", "large-explosion"], [], []])
    assert GAME.legal_actions(state, 0) == [("discard-hand",)]


def test_the_one_eagle_moves_a_card_to_a_free_space_in_another_city() -> None:
    """Moving needs a free space, and the card changes city."""
    state = position(
        hands=[["one-eagle", "spider"], [], []],
        cities=[
            ["fire", "water", "leaf", "wind", "chainsaw"],
            ["joker", None, None, None, None],
            [None] * 5,
        ],
    )
    eagle = card(state, 0)
    moves = [a for a in GAME.legal_actions(state, 0) if a[1] == eagle]
    assert all(a[2] != a[4] for a in moves), "never within one city"
    assert not [a for a in moves if a[4] == 0], "Berlin is full"
    assert ("move", eagle, 1, 0, 2, 3) in moves
    after = play(state, 0, ("move", eagle, 0, 2, 1, 4))
    assert kind_of(after.cities[1][4] or "") == "leaf" and after.cities[0][2] is None
    with pytest.raises(IllegalAction, match="free space"):
        _match(state).act(0, ("move", eagle, 1, 0, 0, 1))


def test_the_two_eagles_swap_two_cards_in_different_cities() -> None:
    """Swapping exchanges any two cards in two different cities."""
    state = position(
        hands=[["two-eagles", "spider"], [], []],
        cities=[["fire", "water", None, None, None], ["joker"] + [None] * 4, [None] * 5],
    )
    eagle = card(state, 0)
    swaps = {a[2:] for a in GAME.legal_actions(state, 0) if a[1] == eagle}
    assert swaps == {(0, 0, 1, 0), (0, 1, 1, 0)}
    after = play(state, 0, ("swap", eagle, 0, 1, 1, 0))
    assert (
        kind_of(after.cities[0][1] or "") == "joker"
        and kind_of(after.cities[1][0] or "") == "water"
    )
    with pytest.raises(IllegalAction, match="different cities"):
        _match(state).act(0, ("swap", eagle, 0, 0, 0, 1))


# -- turns, drawing, must-play ---------------------------------------------------------------


def test_after_playing_the_player_draws_back_to_two_and_the_turn_passes() -> None:
    """Play one card, draw one, next player clockwise."""
    state = position(
        hands=[["fire", "leaf"], ["water", "wind"], ["joker", "joker"]], deck=["spider"]
    )
    after = play(state, 0, ("place", card(state, 0), 0, 0))
    assert len(after.hands[0]) == 2 and kind_of(after.hands[0][1]) == "spider"
    assert GAME.to_act(after) == {1}


def test_a_player_must_play_a_playable_card() -> None:
    """Discarding the hand is refused while a card can be played, with the reason."""
    state = position(hands=[["fire", "leaf"], [], []])
    with pytest.raises(IllegalAction, match="must"):
        _match(state).act(0, ("discard-hand",))


def test_cannot_play_discards_both_and_draws_two_at_the_next_turn() -> None:
    """Two explosions on an empty board: both go to the discard pile; two are drawn later."""
    state = position(
        players=2,
        hands=[["small-explosion", "large-explosion"], ["fire", "leaf"]],
        deck=["wind", "water", "chainsaw"],
    )
    after = play(state, 0, ("discard-hand",))
    assert after.hands[0] == () and len(after.discard) == 2
    after, events = through(after, 1, ("place", after.hands[1][0], 1, 0))
    assert [kind_of(c) for c in after.hands[0]] == ["water", "chainsaw"]
    assert GAME.to_act(after) == {0}
    told = [(e["text"], e.get("to")) for e in events if e["type"] == "draw"]
    assert told == [
        ("{p1} draws a card.", None),
        ("You draw a wind superhero.", 1),
        ("{p0} draws 2 cards.", None),
        ("You draw a water superhero and a chainsaw superhero.", 0),
    ]


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() -> None:
    """When the draw pile runs out the discard pile becomes the new draw pile."""
    base = position(players=2, hands=[["fire", "leaf"], ["water", "wind"]])
    state = replace(base, deck=(), discard=base.deck)
    after, events = through(state, 0, ("place", card(state, 0), 0, 0))
    assert len(after.hands[0]) == 2 and after.discard == ()
    assert events[0]["text"] == "{p0} places a fire superhero in Berlin ({p0}), space 1."
    assert len(after.deck) == len(base.deck) - 1
    told = [e["text"] for e in events if e["type"] == "reshuffle"]
    assert told == ["The discard pile is shuffled into a new draw pile."]


# -- the end --


def test_five_different_superheroes_save_a_city() -> None:
    """Example a: five different superheroes win."""
    state = position(
        hands=[["chainsaw", "spider"], [], []],
        cities=[["leaf", "water", "wind", "fire", None], [None] * 5, [None] * 5],
    )
    after = play(state, 0, ("place", card(state, 0), 0, 4))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.ranking == ((0,), (1, 2)) and outcome.scores == (1, 0, 0)
    assert GAME.to_act(after) == frozenset()


def test_jokers_replace_missing_superheroes() -> None:
    """Example b: three different superheroes and two Jokers win."""
    state = position(
        hands=[["joker", "spider"], [], []],
        cities=[["leaf", "water", "joker", "fire", None], [None] * 5, [None] * 5],
    )
    after = play(state, 0, ("place", card(state, 0), 0, 4))
    assert after.winners == (0,)


def test_a_full_city_with_a_repeated_element_or_a_spider_is_not_saved() -> None:
    """Five cards are not enough: they must be five different superheroes."""
    state = position(
        hands=[["fire", "spider"], [], []],
        cities=[["leaf", "water", "wind", "fire", None], [None] * 5, [None] * 5],
    )
    assert play(state, 0, ("place", card(state, 0), 0, 4)).winners == ()
    assert play(state, 0, ("place", card(state, 0, 1), 0, 4)).winners == ()


def test_a_move_can_hand_another_player_the_win() -> None:
    """The win is checked in every city: placing into a rival's city can save it."""
    state = position(
        hands=[["chainsaw", "spider"], [], []],
        cities=[[None] * 5, ["leaf", "water", "wind", "fire", None], [None] * 5],
    )
    after = play(state, 0, ("place", card(state, 0), 1, 4))
    assert after.winners == (1,)
    assert GAME.outcome(after).ranking == ((1,), (0, 2))  # type: ignore[union-attr]


def test_swapping_a_spider_out_can_save_a_city() -> None:
    """An eagle swap that trades a spider for the missing superhero saves the city."""
    state = position(
        hands=[["two-eagles", "spider"], [], []],
        cities=[["leaf", "water", "wind", "fire", "spider"], ["chainsaw"] + [None] * 4, [None] * 5],
    )
    after = play(state, 0, ("swap", card(state, 0), 0, 4, 1, 0))
    assert after.winners == (0,)


def test_one_swap_saving_two_cities_shares_the_win() -> None:
    """Designed: if one move saves several cities at once, their players share the win."""
    state = position(
        hands=[["two-eagles", "spider"], [], []],
        cities=[
            ["leaf", "water", "wind", "fire", "fire"],
            ["chainsaw", "leaf", "water", "wind", "chainsaw"],
            [None] * 5,
        ],
    )
    after = play(state, 0, ("swap", card(state, 0), 0, 4, 1, 4))
    outcome = GAME.outcome(after)
    assert after.winners == (0, 1)
    assert outcome is not None and outcome.ranking == ((0, 1), (2,))
    assert outcome.note == (
        "Several cities were saved by the same move: their players share the win."
    )


# -- the Points variant ---------------------------------------------------------------------------


def test_a_series_scores_every_city_and_waits_for_everyone_before_the_next_deal() -> None:
    """After a game of a series every city scores; all press continue; the next seat starts."""
    state = position(
        players=2,
        series=2,
        hands=[["chainsaw", "spider"], ["fire", "leaf"]],
        cities=[["leaf", "water", "wind", "fire", None], ["spider", "joker", None, None, None]],
    )
    after, events = through(state, 0, ("place", card(state, 0), 0, 4))
    assert after.results == ((50, 0),)
    assert {"type": "score", "text": "Points of game 1: {p0} 50, {p1} 0."} in events
    assert GAME.outcome(after) is None and GAME.to_act(after) == {0, 1}
    after = play(after, 1, ("continue",))
    assert GAME.to_act(after) == {0}
    again = play(after, 0, ("continue",))
    after = play(after, 0, ("continue",))
    assert after.game_number == 2 and after.turn == 1 and after.first == 1
    assert GAME.census(after) == GAME.census(state)
    # The new deal keeps its own chance: the same moves reshuffle the same way.
    spent = replace(after, deck=(), discard=after.deck)
    move = ("place", after.hands[1][0], 1, 0)
    assert (
        play(spent, 1, move).deck == play(replace(again, deck=(), discard=again.deck), 1, move).deck
    )
    assert all(len(hand) == 2 for hand in after.hands) and not any(any(c) for c in after.cities)


def test_the_series_winner_has_the_highest_total() -> None:
    """The last game of a series ends it: scores are the totals, ranked highest first."""
    state = replace(
        position(
            players=3,
            series=2,
            hands=[["chainsaw", "spider"], [], []],
            cities=[
                ["leaf", "water", "wind", "fire", None],
                ["joker", "joker"] + [None] * 3,
                [None] * 5,
            ],
        ),
        game_number=2,
        results=((10, 45, 0),),
    )
    after = play(state, 0, ("place", card(state, 0), 0, 4))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.note == ""
    assert outcome.scores == (60, 85, 0)
    assert outcome.ranking == ((1,), (0,), (2,))
    assert outcome.breakdown[1] == {"game 1": 45, "game 2": 40}


# -- hidden information --


def test_a_seat_sees_its_own_hand_only_and_a_spectator_none() -> None:
    """Views carry hand sizes for everyone but cards only for the seat's own hand."""
    match = Match.new("superbohaterowie", 3, seed=5)
    view = match.view(1)
    assert view["hand"] == list(match.state.hands[1])
    assert view["hand_sizes"] == [2, 2, 2]
    spectator = match.view(None)
    assert spectator["hand"] is None
    shown = str(spectator) + str(view)
    assert not any(c in shown for c in match.state.hands[0] + match.state.hands[2])


def test_drawn_cards_are_told_only_to_the_drawer() -> None:
    """The public draw event says a card was drawn; only the drawer's event names it."""
    state = position(hands=[["fire", "leaf"], [], []], deck=["joker"])
    _, events = through(state, 0, ("place", card(state, 0), 0, 0))
    private = [e for e in events if e.get("to") == 0]
    public = [e for e in events if "to" not in e]
    assert any("Joker" in e["text"] for e in private)
    assert not any("Joker" in e["text"] for e in public)


# -- properties --


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), data=st.data())
def test_any_sequence_of_legal_moves_keeps_the_table_sound(
    players: int, data: st.DataObject
) -> None:
    """Whatever legal moves are made: 98 cards, hands of at most two, five spaces, one turn."""
    match = Match.new("superbohaterowie", players, seed=data.draw(st.integers(0, 2**32)))
    census = GAME.census(match.state)
    for _ in range(60):
        if match.outcome() is not None:
            assert match.state.winners
            break
        seat = min(match.to_act())
        match.act(seat, data.draw(st.sampled_from(match.legal(seat))))
        state = match.state
        assert GAME.census(state) == census
        assert all(len(hand) <= 2 for hand in state.hands)
        assert all(len(city) == 5 for city in state.cities)
        assert not any(
            kind_of(c) not in {*ELEMENTS, "joker", "spider"}
            for city in state.cities
            for c in city
            if c
        ), "only superheroes, Jokers and spiders stay in cities"


def _match(state: State) -> Match:
    """A Match holding a built position, for testing refusals through the facade."""
    match = Match.new("superbohaterowie", state.players, seed=0)
    match._state = state
    return match


def test_a_saved_city_is_told_and_the_series_option_is_read() -> None:
    """The move that saves a city says so; the Points variant's option sets the series."""
    state = position(
        players=2,
        hands=[["chainsaw", "spider"], ["fire", "leaf"]],
        cities=[["leaf", "water", "wind", "fire", None], [None] * 5],
    )
    _after, events = through(state, 0, ("place", card(state, 0), 0, 4))
    assert events[-1] == {"type": "win", "text": "{p0} saved their city!"}
    assert Match.new("superbohaterowie", 2, seed=1, options={"series": 3}).state.series == 3
    assert Match.new("superbohaterowie", 2, seed=1).state.series == 0


def test_equal_series_totals_share_their_place_and_say_so() -> None:
    state = replace(
        position(
            players=2,
            series=2,
            hands=[["chainsaw", "spider"], []],
            cities=[["leaf", "water", "wind", "fire", None], [None] * 5],
        ),
        game_number=2,
        results=((10, 60),),
    )
    outcome = GAME.outcome(play(state, 0, ("place", card(state, 0), 0, 4)))
    assert outcome is not None and outcome.scores == (60, 60)
    assert outcome.ranking == ((0, 1),) and outcome.note == "Equal totals share their place."


def test_a_setup_given_no_options_is_the_default_game() -> None:
    """No options at all is the options' defaults: one game, no series (hunters sim and
    the benches set games up without options)."""
    bare = GAME.setup(3, random.Random(3), {})
    assert bare == GAME.setup(3, random.Random(3), validate_options(GAME, {}))
    assert bare.series == 0
