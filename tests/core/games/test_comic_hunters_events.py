"""Comic Hunters: what a sixth mutation sample of bench/mutation.py changed unseen, pinned
through Match: the Convention's slides at the grid's edges, the words of a Flea Market take,
the First Player's choice told as 'first', the step the view shows during Assemble, and the
advanced Highlight markers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine import Event
from core.games.comic_hunters.rules import _begin, final_outcome
from core.games.comic_hunters.scoring import score_sheet, variety_points
from core.games.comic_hunters.state import State, titles
from core.match import Match, visible_events
from tests.core.games.shared_checks import check_redeal_and_rulebook
from tests.core.games.test_comic_hunters_rules import (
    GAME,
    act,
    assembling,
    at,
    cleared,
    fresh,
    match_at,
)


def _convention_with_gap(empty: int) -> State:
    """A three-player Convention whose one empty cell is ``empty`` (the centre's gap moved
    there: the card that lay there fills the centre)."""
    state = at(3, "convention")
    assert state.convention is not None
    grid = list(state.convention.grid)
    assert grid[12] is None
    grid[12], grid[empty] = grid[empty], None
    return replace(state, convention=replace(state.convention, grid=tuple(grid)))


def test_a_card_slides_into_a_gap_in_the_bottom_row_from_above() -> None:
    """The gap in the bottom right corner: the card above it and the one left of it may
    slide there, and the slide from above is taken through Match."""
    state = _convention_with_gap(24)
    slides = sorted(a[1:] for a in GAME.legal_actions(state, 0) if a[0] == "slide")
    assert slides == [(19, 24), (23, 24)]
    state = act(state, 0, ("slide", 19, 24))
    assert state.convention is not None and state.convention.grid[19] is None


def test_a_card_never_slides_around_the_grids_left_edge() -> None:
    """The gap at the end of the top row: only its two neighbours may slide there, not the
    first card of the next row (the grid does not wrap)."""
    state = _convention_with_gap(4)
    slides = sorted(a[1:] for a in GAME.legal_actions(state, 0) if a[0] == "slide")
    assert slides == [(3, 4), (9, 4)]


def test_taking_a_flea_market_row_names_the_row_from_one() -> None:
    state = at(3, "flea")
    assert state.flea is not None
    taken = state.flea.rows[1]
    events = match_at(state).act(0, ("take-row", 1))
    assert events[0] == {"type": "take-row", "text": f"{{p0}} takes row 2: {titles(taken)}."}


def test_handing_on_the_first_player_marker_is_told_as_first() -> None:
    """After the Flea Market (3 players) the First Player chooses: one 'first' event."""
    state = at(3, "flea")
    state = act(state, 0, ("take-row", 1))
    state = act(state, 1, ("take-row", 0))
    events = match_at(state).act(2, ("take-row", 2))
    assert events[-1] == {
        "type": "first",
        "text": "{p0} chooses who gets the First Player marker.",
    }


def test_assemble_is_the_rounds_fourth_step_in_the_view() -> None:
    """The view's step reads 3 during Assemble (after the three locations of a round)."""
    state = at(2, "convention")
    match = match_at(state)
    while match.state.location == "convention":
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    assert match.state.location == "assemble"
    assert match.state.step == 3 and match.view(0)["step"] == 3


def test_advanced_highlight_markers_are_not_the_beginners_pair() -> None:
    """Advanced draws all three markers at random: over eight deals some set leaves out
    the beginner's fixed pair (number one and first appearance)."""
    beginner = ("number-one", "first-appearance")
    drawn = [fresh(3, seed, highlights="advanced").tracks for seed in range(8)]
    assert any(tracks[:2] != beginner for tracks in drawn)
    assert all(fresh(3, seed).tracks[:2] == beginner for seed in range(8))


def test_a_seventh_sample_a_discard_turn_says_what_goes_to_the_convention_deck() -> None:
    """Solo's Discard turn: the cards taken go to the Convention deck, and the line says
    which and from where."""
    state = at(1, "convention")
    take = next(a for a in GAME.legal_actions(state, 0) if a[0] == "take")
    state = act(state, 0, take)
    take = next(a for a in GAME.legal_actions(state, 0) if a[0] == "take")
    events = match_at(state).act(0, take)
    discard = [e for e in events if e["text"].startswith("Discard turn: ")]
    assert len(discard) == 1 and discard[0]["text"].endswith(" go to the Convention deck.")


def test_the_next_round_is_told_by_its_number() -> None:
    """The first round's Assemble ends: 'Round 2 begins.' in the kind 'round'."""
    state = replace(at(2, "convention"), hands=((), ()))
    match = match_at(state)
    told: list[dict[str, object]] = []
    while match.state.round == 0:
        seat = min(match.to_act())
        legal = match.legal(seat)
        told += match.act(seat, ("ready",) if ("ready",) in legal else legal[0])
    assert {"type": "round", "text": "Round 2 begins."} in told


def test_the_score_pad_of_a_table_is_every_players_sheet() -> None:
    """A finished game of three: the outcome's breakdown is the score sheet, seat by seat."""
    state = replace(at(3, "convention"), location="over")
    outcome = final_outcome(state)
    assert outcome.breakdown == tuple(score_sheet(state))


def test_variety_counts_nine_collections_and_more_as_eight() -> None:
    """The variety table ends at eight collections (36): nine or ten score 36 too."""
    assert variety_points([3] * 8) == 36
    assert variety_points([3] * 9) == 36 and variety_points([4] * 10) == 36


def test_cards_taken_back_during_assemble_are_told_as_unplay_events() -> None:
    """A seventh mutation sample renamed the event of a card taken back (by its key, or
    returned on Ready because it cannot start a collection alone) unseen: the table's
    summaries and a lone player's "You …" lines pair events by type."""
    from tests.core.games.test_comic_hunters_rules import _spider_and_cap, cards_of, with_hand

    state, _, _ = _spider_and_cap(spiders=3, caps=0)
    grow = cards_of("spider-man", 2)[0]
    lone = cards_of("thor", 1)[0]
    pay = cards_of("hulk", 3)[:2]  # what Ready may ask to be paid
    match = match_at(with_hand(state, 0, [grow, lone, *pay]))
    match.act(0, ("play", grow, "spider-man"))
    taken = match.act(0, ("unplay", grow))
    assert [(e["type"], e["text"]) for e in taken] == [
        ("unplay", f"{{p0}} takes {titles([grow])} back.")
    ]
    match.act(0, ("play", lone, "thor"))
    ready = match.act(0, ("ready",))
    back = [e for e in ready if "takes back" in e["text"]]
    assert [e["type"] for e in back] == ["unplay"], ready
    # Why, in words a newcomer reads: it read "takes back X: a new collection needs…".
    assert back[0]["text"] == (
        f"{{p0}} takes back {titles([lone])}: it was the only card played for its hero, "
        "and a new collection needs two cards or more."
    )
    assert lone in match.state.hands[0]


def test_a_convention_opened_from_a_short_deck_tells_the_gaps_filled() -> None:
    """Three players, four cards short of the 24 the grid takes: the Flea Market ends, the
    First Player hands the marker on, and the Convention opens with 24 cards, the four
    filled from the removed heroes told after it, as every other location tells them."""
    state = at(3, "flea")
    match = match_at(replace(state, convention_deck=state.convention_deck[:20]))
    while match.state.location != "give-first":
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    events = match.act(match.state.first, match.legal(match.state.first)[0])
    kinds = [e["type"] for e in events]
    assert kinds[-2:] == ["convention", "fill"]
    assert events[-2]["text"] == "The Convention opens with 24 cards on the grid."
    assert events[-1]["text"] == "4 cards of the removed heroes fill the gap."


@pytest.mark.parametrize(
    ("round_", "place", "opens", "part"),
    [
        (0, "flea", "The Flea Market opens", "row"),
        (1, "auction", "The Auction Website opens", "lot"),
    ],
)
def test_a_location_after_the_store_opens_naming_every_row_or_lot(
    round_: int, place: str, opens: str, part: str
) -> None:
    """The Store ends and the next location opens: its line names each row (Flea Market,
    round 1) or lot (Auction Website, round 2) by its number and its cards, apart
    ('row 1: …; row 2: …')."""
    state, _ = _begin(replace(cleared(fresh(3)), round=round_, step=0))
    match = match_at(state)
    events: list[dict[str, object]] = []
    while match.state.location == "store":
        seat = min(match.to_act())
        events = [dict(e) for e in match.act(seat, match.legal(seat)[0])]
    assert match.state.location == place
    opened = match.state.flea.rows if match.state.flea else match.state.auction.lots
    assert len(opened) == 3
    shown = "; ".join(f"{part} {i + 1}: {titles(cards)}" for i, cards in enumerate(opened))
    assert {"type": place, "text": f"{opens} with {shown}."} in events


def test_the_first_player_marker_handed_on_is_told_before_the_next_location() -> None:
    """After the Flea Market (3 players) the First Player gives the marker to another: that
    line opens the events, the Convention's opening follows."""
    state = at(3, "flea")
    state = act(state, 0, ("take-row", 1))
    state = act(state, 1, ("take-row", 0))
    state = act(state, 2, ("take-row", 2))
    events = match_at(state).act(0, ("give-first", 2))
    assert events[0] == {
        "type": "first",
        "text": "{p0} gives the First Player marker to {p2}.",
    }
    assert events[1]["type"] == "convention"


def test_the_last_move_of_assemble_is_told_before_the_next_round() -> None:
    """Nobody has cards to play: each player says so, the last one too, in the same events
    as 'Round 2 begins.' (the move that ends a round is not lost from the log)."""
    match = match_at(assembling(2))
    assert match.state.hands == ((), ()) and match.state.round == 0
    done = [
        {"type": "ready", "text": "{p0} plays no new cards."},
        {"type": "done", "text": "{p0} has assembled."},
    ]
    assert match.act(0, ("ready",)) == done
    events = match.act(1, ("ready",))
    assert events[:3] == [
        {"type": "ready", "text": "{p1} plays no new cards."},
        {"type": "done", "text": "{p1} has assembled."},
        {"type": "round", "text": "Round 2 begins."},
    ]


def test_a_last_lot_paid_in_part_is_nobodys_opening_and_its_one_card_left_goes() -> None:
    """Two players, the second short of points: seat 0 wins the first lot, the last lot is
    forced on seat 1, who may keep 2 of its 3 cards. Nobody opened that lot (the view says
    -1), and the card left goes to the Convention deck, told in the singular."""
    state = at(2, "auction", stash=(15, 2))
    match = match_at(state)
    match.act(0, ("open", 0, 0))
    match.act(1, ("pass",))
    auction = match.view(1)["auction"]
    assert match.state.auction is not None and match.state.auction.picks == 2
    assert auction["opener"] == -1
    lot = match.state.auction.lots[1]
    assert match.act(1, ("keep", lot[0])) == [
        {"type": "keep", "text": f"{{p1}} pays 1 for {titles([lot[0]])}."}
    ]
    events = match.act(1, ("keep", lot[1]))
    assert {
        "type": "auction",
        "text": "1 card of the last lot goes to the Convention deck.",
    } in events


def test_solos_next_store_pack_is_told_to_the_player_alone() -> None:
    """Solo's Store: after Jarvis takes from the first pack, the player's next three cards
    are named to the player (and to nobody else)."""
    match = match_at(at(1, "store"))
    told: list[Event] = []
    while match.state.location == "store":
        told += match.act(0, match.legal(0)[0])
    packs = [e for e in told if e["text"].startswith("Your Store cards: ")]
    assert packs and all(e["to"] == 0 for e in packs)
    assert packs[0] in visible_events(told, 0)
    assert not [e for e in visible_events(told, None) if e["type"] == "pack"]


def test_a_bots_redeal_keeps_what_each_seat_sees_and_the_help_shows_the_rulebook() -> None:
    """A few moves into a game of three, a bot's re-deal of the hidden cards for a seat
    leaves that seat's view as it was and every card in the game; the help screen's text
    is the rulebook, then this edition's designed choices."""
    check_redeal_and_rulebook("comic-hunters")


def test_a_store_pick_is_told_as_pick_and_solos_store_opens_without_a_way() -> None:
    """Three players: a pick names the card to its picker and tells the table that a card
    was picked, both as 'pick'. Solo's Store passes no cards, and its opening says so by
    saying nothing of a way."""
    match = match_at(at(3, "store"))
    card = match.legal(0)[0]
    assert card[0] == "pick"
    assert match.act(0, card) == [
        {"type": "pick", "text": f"You pick {titles([card[1]])}.", "to": 0},
        {"type": "pick", "text": "{p0} picks a card."},
    ]
    solo = Match.new("comic-hunters", 1, seed=0)
    assert solo.opening[0] == {"type": "store", "text": "The Store opens."}
