"""Superbohaterowie: what a sixth mutation sample of bench/mutation.py changed unseen,
pinned through Match: the kinds of events the log's summaries read, and the outcome's
score-pad line."""

from __future__ import annotations

import random
from dataclasses import replace

from core.games.superbohaterowie.rules import SUPERBOHATEROWIE as GAME
from core.match import Match
from tests.core.games.shared_checks import check_redeal_and_rulebook
from tests.core.games.test_superbohaterowie_rules import card, position, through


def test_a_hand_that_cannot_be_played_is_told_as_discard_hand() -> None:
    """Two explosions on an empty board: one event of its own kind, naming both cards."""
    state = position(players=2, hands=[["small-explosion", "large-explosion"], ["fire", "leaf"]])
    _, events = through(state, 0, ("discard-hand",))
    assert events[0] == {
        "type": "discard-hand",
        "text": "{p0} cannot play and discards a small explosion and a large explosion.",
    }


def test_the_next_game_of_a_series_is_told_as_deal() -> None:
    """After both players continue, the new game's first line is a 'deal' naming who starts."""
    state = position(
        players=2,
        series=2,
        hands=[["chainsaw", "spider"], ["fire", "leaf"]],
        cities=[["leaf", "water", "wind", "fire", None], ["spider", "joker", None, None, None]],
    )
    after, _ = through(state, 0, ("place", card(state, 0), 0, 4))
    after, _ = through(after, 1, ("continue",))
    _, events = through(after, 0, ("continue",))
    assert events == [{"type": "deal", "text": "Game 2 of 2: {p1} starts."}]


def test_a_single_games_outcome_reads_won_on_the_score_pad() -> None:
    """The score pad's one line is 'won': 1 for the saved city, 0 for every other; one
    winner has no note (a shared win has one)."""
    state = position(
        hands=[["chainsaw", "spider"], [], []],
        cities=[["leaf", "water", "wind", "fire", None], [None] * 5, [None] * 5],
    )
    match = Match(GAME, 3, 0, {}, state)
    match.act(0, ("place", card(state, 0), 0, 4))
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.breakdown == ({"won": 1}, {"won": 0}, {"won": 0})
    assert outcome.note == ""  # one city saved: no shared win to explain


def test_a_series_counts_its_games_from_one_through_every_move() -> None:
    """A seventh sample: a new series is at game 1 in every view, and a move keeps the
    game's number (a mutant lost it in apply; the score line then read 'game None')."""
    match = Match.new("superbohaterowie", 2, seed=3, options={"series": 3})
    assert match.view(0)["game_number"] == 1 and match.view(None)["game_number"] == 1
    seat = min(match.to_act())
    match.act(seat, match.legal(seat)[0])
    assert match.state.game_number == 1 and match.view(1)["game_number"] == 1
    state = replace(
        position(
            players=2,
            series=3,
            hands=[["chainsaw", "spider"], ["fire", "leaf"]],
            cities=[["leaf", "water", "wind", "fire", None], [None] * 5],
        ),
        game_number=2,
        results=((10, 0),),
    )
    _, events = through(state, 0, ("place", card(state, 0), 0, 4))
    assert {"type": "score", "text": "Points of game 2: {p0} 50, {p1} 0."} in events


def test_a_played_card_is_told_in_its_actions_kind_and_the_turns_are_counted_from_0() -> None:
    """Seeded games through Match: a card placed, exploded, moved or swapped is told in an
    event of that kind (the log's kinds are strings a client sorts by), a move the game goes
    on after ends with whose turn it is, as 'turn', and the view counts the turns played
    from 0 at the deal, one more a move."""
    seen: set[str] = set()
    for seed in range(6):
        match = Match.new("superbohaterowie", 3, seed=seed)
        assert match.view(None)["turns"] == 0
        rng = random.Random(seed)
        for turn in range(1, 200):
            if match.outcome() is not None:
                break
            seat = min(match.to_act())
            legal = match.legal(seat)
            action = legal[rng.randrange(len(legal))]
            events = match.act(seat, action)
            assert events[0]["type"] == action[0], (action, events[0])
            if match.outcome() is None:
                following = match.state.turn
                assert events[-1] == {"type": "turn", "text": f"It is {{p{following}}}'s turn."}
            assert match.view(seat)["turns"] == turn
            seen.add(action[0])
    assert {"place", "explode", "move", "swap"} <= seen


def test_a_player_ready_for_the_next_game_is_told_as_continue() -> None:
    """Between the games of a series, the first player to continue is told as 'continue';
    the last one's deals the next game."""
    state = position(
        players=2,
        series=2,
        hands=[["chainsaw", "spider"], ["fire", "leaf"]],
        cities=[["leaf", "water", "wind", "fire", None], ["spider", "joker", None, None, None]],
    )
    after, _ = through(state, 0, ("place", card(state, 0), 0, 4))
    after, events = through(after, 1, ("continue",))
    assert events == [{"type": "continue", "text": "{p1} is ready for the next game."}]


def test_a_bots_redeal_keeps_what_each_seat_sees_and_the_help_shows_the_rulebook() -> None:
    """A few moves into a game of three, a bot's re-deal of the hidden cards for a seat
    leaves that seat's view as it was and every card in the game; the help screen's text
    is the rulebook, then this edition's designed choices."""
    check_redeal_and_rulebook("superbohaterowie")
