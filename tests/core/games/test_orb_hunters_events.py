"""Orb Hunters: what a fifth mutation sample of bench/mutation.py changed unseen, pinned
through Match: the kinds and words of events the log and the round summary read, a new
game's Gift count, and the Final Score's Survivor and tie-break note."""

from __future__ import annotations

import dataclasses
import random

import pytest

from core.games.orb_hunters.scoring import achievements, final_score
from core.games.orb_hunters.state import replace
from core.match import Match
from tests.core.games.shared_checks import check_redeal_and_rulebook
from tests.core.games.test_orb_hunters_rules import FULL, _last_turn, match_at, position, resolved


def test_a_charismatic_attraction_is_told_as_attract() -> None:
    """The event's kind is what the summaries group by; the sentence names both relics."""
    state = position(columns=[["red-5", "blue-6"], [], [], []], hands=[["green-2"]])
    events = match_at(state).act(0, ("assign", "green-2", 3))
    attract = [e for e in events if e["type"] == "attract"]
    assert len(attract) == 1
    assert attract[0]["text"].startswith("Charismatic: {p0} attracts Blue 6 from under relic 1")


def test_a_turn_is_told_as_turn_and_one_card_drawn_as_a_card() -> None:
    """The next player holds two cards and draws one: 'draws a card', then 'It is … turn.'"""
    state = position(hands=[["red-6"], ["blue-6", "blue-5"], []])
    events = match_at(state).act(0, ("assign", "red-6", 0))
    assert {"type": "draw", "text": "{p1} draws a card."} in events
    assert events[-1] == {"type": "turn", "text": "It is {p1}'s turn."}


def test_a_relic_nobody_embodies_leaves_the_game_in_words() -> None:
    """Purple wins the column but nobody plays Purple: the whole sentence says so."""
    row = ["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = position(
        row=row,
        columns=[["purple-6", "red-1", "blue-1", "green-1"], FULL, FULL, FULL[:3]],
        hands=[["yellow-6"]],
    )
    events = match_at(state).act(0, ("assign", "yellow-6", 3))
    removed = [e for e in events if e["type"] == "removed"]
    assert removed[0] == {
        "type": "removed",
        "text": "Purple wins the Cursed Idol with 6 courage, but nobody plays that "
        "adventurer: the relic leaves the game.",
    }


def test_a_new_game_starts_with_no_gift_received() -> None:
    """Fortunate needs two Gifts received in play: a new game counts none for anyone, in
    the state and in every seat's view."""
    for seats in (2, 3, 5):
        match = Match.new("orb-hunters", seats, seed=seats)
        assert match.state.gifts == (0,) * seats
        assert match.view(0)["gifts"] == [0] * seats


def test_an_eliminated_player_with_ten_wounds_is_no_survivor() -> None:
    """Survivor is 10 wounds or more without being eliminated: 12 wounds and the most of
    the table is out, and earns nothing for them."""
    pouches = [
        ["cursed-treasure-1", "cursed-treasure-2", "cursed-treasure-3", "cursed-idol-1"],
        ["trinket-1"],
        ["trinket-2"],
    ]
    outcome = final_score(pouches, no_elimination=False, teams=())
    assert "eliminated" in outcome.breakdown[0]
    earned = achievements(pouches, outcome, [[], [], []], [0, 0, 0])
    assert "Survivor" not in earned[0]


def test_two_players_on_equal_points_read_why_more_relics_win() -> None:
    """Without elimination (two players): 2 points each, the one with more relic cards
    wins, and the note says so."""
    outcome = final_score(
        [["gem-pouch-1", "trinket-1"], ["trinket-2", "elixir"]], no_elimination=True, teams=()
    )
    assert outcome.scores == (2, 2)
    assert outcome.ranking == ((0, 1),)
    outcome = final_score(
        [["gem-pouch-1", "trinket-1"], ["trinket-2", "elixir", "healing-potion-1"]],
        no_elimination=True,
        teams=(),
    )
    assert outcome.ranking == ((1,), (0,))
    assert outcome.note == "Equal points: the player with more relic cards wins."


def test_an_exchange_and_the_games_end_are_told_in_their_kinds() -> None:
    """A seventh sample: the Mirror's swap is one 'exchange' event, the third round's end
    one 'end' event (the kinds the round summary and the final screen read)."""
    row = ["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1"], ["initial-relic-2", "orb-1"], ["initial-relic-3"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    events = match_at(after).act(0, ("exchange", 1))
    exchange = [e for e in events if e["type"] == "exchange"]
    assert len(exchange) == 1
    assert exchange[0]["text"] == "Exchange: {p0} swaps the Trickster's Mirror for {p1}'s Orb."
    assert events[-1] == {"type": "end", "text": "The third round is over: the final score."}


def test_a_new_game_starts_with_the_first_player() -> None:
    """Round 1 is started by the first seat: the state and every view say 0."""
    match = Match.new("orb-hunters", 3, seed=1)
    assert match.state.start == 0 and match.view(1)["start"] == 0


def test_the_states_own_replace_matches_dataclasses_replace() -> None:
    """The rules' faster replace builds the same state as ``dataclasses.replace`` and
    refuses a field the state does not have."""
    state = Match.new("orb-hunters", 3, seed=1).state
    changes = {"turn": 2, "gifts": (0, 1, 0), "over": True}
    assert replace(state, **changes) == dataclasses.replace(state, **changes)
    assert replace(state) == state
    with pytest.raises(TypeError, match="no field 'nonsense'"):
        replace(state, nonsense=1)


def test_the_note_counts_the_wounds_that_eliminated() -> None:
    """The Final Score names how many wounds put the eliminated player out, after potions:
    two Orbs and the initial relic's one make 4."""
    outcome = final_score(
        [["initial-relic-1", "orb-1", "orb-2"], ["gem-pouch-1", "trinket-1"], ["trinket-2"]],
        no_elimination=False,
        teams=(),
    )
    assert outcome.note == "The player with the most wounds after potions (4) is eliminated."


def test_after_the_third_round_no_relic_or_column_is_left_on_the_table() -> None:
    """The last relic handed over ends the game: every view shows an empty relic row and
    no columns (the board would otherwise keep empty relic places for the cursor)."""
    row = ["trinket-1", "trinket-2", "gem-pouch-1", "gem-pouch-2"]
    state = _last_turn(row, ["red-6", "red-5", "blue-1", "green-1"])
    match = match_at(state)
    events = match.act(0, ("assign", "purple-5", 3))
    assert events[-1]["type"] == "end" and match.outcome() is not None
    for seat in (None, 0, 1, 2):
        view = match.view(seat)
        assert view["row"] == [] and view["columns"] == []
        assert view["resolving"] == -1


def test_a_new_game_has_no_relic_being_handed_over() -> None:
    """Round 1 begins with adventurers to assign, no relic resolving: -1 in every view."""
    match = Match.new("orb-hunters", 3, seed=1)
    assert all(match.view(seat)["resolving"] == -1 for seat in (None, 0, 1, 2))


def _reshuffled(rng: int) -> tuple[list[dict[str, object]], tuple[str, ...], int]:
    """Seat 1's hand is empty and so is the deck: seat 0's turn ends, the discards are
    shuffled into a new deck and seat 1 draws three. The events, seat 1's new hand and the
    table's chance after."""
    state = dataclasses.replace(position(hands=[["red-6"], [], []], deck=[]), rng=rng)
    match = match_at(state)
    events = [dict(e) for e in match.act(0, ("assign", "red-6", 0))]
    return events, match.state.hands[1], match.state.rng


def test_a_reshuffle_is_told_in_its_kind_and_moves_the_chance_on() -> None:
    """The new deck is told as 'reshuffle'; the table's chance moves on with it, so the
    same discards shuffled again from there come out in another order."""
    events, first, after = _reshuffled(1)
    assert {
        "type": "reshuffle",
        "text": "The discarded adventurers are shuffled into a new deck.",
    } in events
    assert _reshuffled(after)[1] != first


def test_a_bots_redeal_keeps_what_each_seat_sees_and_the_help_shows_the_rulebook() -> None:
    """A few moves into a game of three, a bot's re-deal of the hidden cards for a seat
    leaves that seat's view as it was and every card in the game; the help screen's text
    is the rulebook, then this edition's designed choices."""
    check_redeal_and_rulebook("orb-hunters")


def test_teams_set_up_with_four_players_and_a_refusal_names_the_count() -> None:
    """Teams with exactly four players is a game (through Match and set up directly);
    with three, the refusal says how many there are."""
    match = Match.new("orb-hunters", 4, seed=1, options={"teams": True})
    assert match.state.players == 4 and "teams" in match.state.variants
    state = match.game.setup(4, random.Random(1), {"teams": True})
    assert state.players == 4 and len(state.pouches) == 4
    with pytest.raises(ValueError, match=r"^The Teams variant is for exactly 4 players, not 3\.$"):
        match.game.setup(3, random.Random(1), {"teams": True})
