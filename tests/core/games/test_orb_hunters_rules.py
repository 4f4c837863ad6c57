"""Orb Hunters' rules, one behaviour per test, on positions built directly."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.orb_hunters.data import (
    COLOURS,
    adventurer_ids,
    adventurer_name,
    courage,
    initial_adventurer_ids,
    initial_relic_ids,
    relic_ids,
    skill,
)
from core.games.orb_hunters.rules import ORB_HUNTERS as GAME
from core.games.orb_hunters.state import State, column_winner
from core.match import Match, visible_events

FULL = ("red-5", "blue-5", "green-5", "yellow-5")
"""Four skill-less adventurers: a column at the Adventurers Limit."""


def position(
    *,
    players: int = 3,
    colours: Sequence[Sequence[str]] | None = None,
    row: Sequence[str] | None = None,
    columns: Sequence[Sequence[str]] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    pouches: Sequence[Sequence[str]] | None = None,
    marks: Sequence[tuple[str, str]] = (),
    supply: Sequence[str] = (),
    discard: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    variants: Sequence[str] = (),
    turn: int = 0,
    pending: tuple[Any, ...] = (),
    round: int = 1,
) -> State:
    """A position from card ids; every card not named lies in the decks (census complete).

    ``deck`` given: exactly that adventurer deck (the rest of the adventurers go to the
    discard pile); otherwise the unused adventurers form the deck in id order.
    """
    if colours is None:
        colours = (
            [["red", "blue"], ["green", "yellow"]]
            if players == 2
            else [[c] for c in COLOURS[:players]]
        )
    row = list(row or relic_ids()[: players + 1])
    columns = [list(c) for c in (columns or [[] for _ in row])]
    hands = [list(h) for h in (hands or [])]
    hands += [[] for _ in range(players - len(hands))]
    initial = initial_relic_ids()
    pouches = [list(p) for p in (pouches or [[initial[s]] for s in range(players)])]
    used_relics = {*row, *(c for p in pouches for c in p)}
    used_adventurers = {
        *(c for col in columns for c in col),
        *(c for h in hands for c in h),
        *supply,
        *discard,
    }
    rest = [c for c in adventurer_ids() if c not in used_adventurers]
    if deck is None:
        deck_cards, discard_cards = rest, list(discard)
    else:
        deck_cards = list(deck)
        discard_cards = [*discard, *(c for c in rest if c not in deck)]
    in_use = {c for cs in colours for c in cs}
    return State(
        players=players,
        variants=tuple(sorted(variants)),
        colours=tuple(tuple(c) for c in colours),
        round=round,
        start=0,
        turn=turn,
        relic_deck=tuple(c for c in relic_ids() if c not in used_relics),
        row=tuple(row),
        columns=tuple(tuple(c) for c in columns),
        marks=tuple(marks),
        deck=tuple(deck_cards),
        discard=tuple(discard_cards),
        hands=tuple(tuple(h) for h in hands),
        supply=tuple(supply),
        pouches=tuple(tuple(p) for p in pouches),
        removed=(
            *(f"initial-{c}" for c in COLOURS if c not in in_use),
            *(c for c in initial if c not in used_relics),
        ),
        destroyed=(),
        pending=pending,
        resolving=-1,
        last_placer=0,
        gifts=(0,) * players,
        feats=((),) * players,
        over=False,
        rng=1,
    )


def match_at(state: State) -> Match:
    """A Match holding ``state``: actions pass its seat and legality checks, then apply."""
    return Match(GAME, state.players, 0, {}, state)


def play(state: State, seat: int, action: tuple[Any, ...]) -> State:
    """Take an action through Match (its checks, then apply)."""
    assert action in GAME.legal_actions(state, seat), f"{action} should be legal"
    match = match_at(state)
    match.act(seat, action)
    return match.state


def events_of(state: State, seat: int, action: tuple[Any, ...]) -> list[str]:
    assert action in GAME.legal_actions(state, seat)
    return [e["text"] for e in match_at(state).act(seat, action)]


def total_cards() -> int:
    return len(relic_ids()) + len(initial_relic_ids()) + 36 + len(initial_adventurer_ids())


# -- the cards -------------------------------------------------------------------------------


def test_there_are_68_cards_as_the_components_list() -> None:
    """5 initial relics, 5 initial adventurers, 22 relics and 36 adventurers."""
    assert len(relic_ids()) == 22 and len(initial_relic_ids()) == 5
    assert len(adventurer_ids()) == 36 and len(initial_adventurer_ids()) == 5
    assert total_cards() == 68


def test_each_adventurer_has_courage_one_to_six_with_its_skills() -> None:
    """1 Killer, 2 Charismatic, 3 Sly, 4 Shielded, 5 and 6 plain; Trentis 1, 2, 2, 3, 3, 4."""
    assert [skill(f"red-{n}") for n in range(1, 7)] == [
        "killer",
        "charismatic",
        "sly",
        "shielded",
        "",
        "",
    ]
    trentis = [c for c in adventurer_ids() if c.startswith("trenti")]
    assert sorted(courage(c) for c in trentis) == [1, 2, 2, 3, 3, 4]


# -- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "revealed"), [(2, 3), (3, 4), (4, 5), (5, 6)])
def test_setup_reveals_players_plus_one_relics(players: int, revealed: int) -> None:
    """Rulebook: 3 relics with 2 players, 4 with 3, 5 with 4, 6 with 5."""
    state = Match.new("orb-hunters", players, seed=players).state
    assert len(state.row) == revealed and len(state.columns) == revealed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_adventurers_initial_relics_and_hands_of_two(players: int) -> None:
    """One adventurer each (two with two players), one W1 relic each, two cards each; the
    start player has drawn to three; unused initial cards leave the game."""
    game_state = Match.new("orb-hunters", players, seed=3).state
    each = 2 if players == 2 else 1
    assert all(len(c) == each for c in game_state.colours)
    assert len({c for cs in game_state.colours for c in cs}) == each * players
    assert all(len(p) == 1 and p[0].startswith("initial-relic") for p in game_state.pouches)
    assert [len(h) for h in game_state.hands] == [3] + [2] * (players - 1)
    assert sum(GAME.census(game_state).values()) == 68
    removed_adventurers = [c for c in game_state.removed if c.startswith("initial-")]
    assert len(removed_adventurers) == 5 + 5 - each * players - players


def test_strategic_setup_reveals_a_supply_of_players_minus_one() -> None:
    """Rulebook: in 4-player games, reveal 3 adventurers; no hands are dealt."""
    state = Match.new("orb-hunters", 4, seed=1, options={"strategic": True}).state
    assert len(state.supply) == 3 and all(not h for h in state.hands)


def test_strategic_with_two_players_reveals_three() -> None:
    """Rulebook: in 2-player games 3 adventurer cards are always revealed in the supply."""
    state = Match.new("orb-hunters", 2, seed=1, options={"strategic": True}).state
    assert len(state.supply) == 3


@pytest.mark.parametrize("players", [2, 3, 5])
def test_teams_is_refused_except_with_four_players(players: int) -> None:
    """Teams needs four players; the refusal says so."""
    with pytest.raises(ValueError, match="exactly 4 players"):
        Match.new("orb-hunters", players, seed=1, options={"teams": True})
    with pytest.raises(ValueError, match="exactly 4 players"):  # set up directly too
        GAME.setup(players, random.Random(1), {"teams": True})


# -- Phase 1: assigning ------------------------------------------------------------------------


def test_an_adventurer_goes_on_top_of_the_last_one_assigned() -> None:
    """Assigning adds the card at the end of the column; the turn passes clockwise."""
    state = position(columns=[["red-5"], [], [], []], hands=[["blue-6", "red-6", "green-6"]])
    after = play(state, 0, ("assign", "blue-6", 0))
    assert after.columns[0] == ("red-5", "blue-6") and after.turn == 1


def test_no_adventurer_may_exceed_the_limit() -> None:
    """A column with four cards takes no more (except from a Killer)."""
    state = position(columns=[FULL, [], [], []], hands=[["blue-6", "red-6", "green-6"]])
    assert ("assign", "blue-6", 0) not in GAME.legal_actions(state, 0)
    assert "Adventurers Limit" in GAME.why_illegal(state, 0, ("assign", "blue-6", 0))


def test_the_killer_discards_the_adventurer_it_is_placed_on() -> None:
    """Killer: the last adventurer goes to the discard pile."""
    state = position(columns=[["red-5", "blue-6"], [], [], []], hands=[["green-1"]])
    after = play(state, 0, ("assign", "green-1", 0))
    assert after.columns[0] == ("red-5", "green-1") and "blue-6" in after.discard


def test_the_killer_may_exceed_the_limit_and_the_count_stays_four() -> None:
    """A Killer on a full column replaces its last adventurer."""
    state = position(columns=[FULL, [], [], []], hands=[["purple-1"]])
    after = play(state, 0, ("assign", "purple-1", 0))
    assert after.columns[0] == (*FULL[:3], "purple-1")


def test_the_killer_spares_a_shielded_adventurer() -> None:
    """Killer on a Shielded: placed normally, nobody is discarded."""
    state = position(columns=[["red-5", "blue-4"], [], [], []], hands=[["green-1"]])
    after = play(state, 0, ("assign", "green-1", 0))
    assert after.columns[0] == ("red-5", "blue-4", "green-1")
    assert events_of(state, 0, ("assign", "green-1", 0))[0] == (
        "{p0} assigns Green 1 Killer under relic 1 (Orb); Blue 4 Shielded is safe from "
        "Killers, so the Killer kills nobody."
    )


def test_the_killer_cannot_exceed_the_limit_on_a_shielded_adventurer() -> None:
    """The exception to the exception: a full column topped by a Shielded is closed."""
    state = position(columns=[["red-5", "blue-5", "green-5", "yellow-4"], [], [], []])
    state = replace(state, hands=(("purple-1",), (), ()))
    assert ("assign", "purple-1", 0) not in GAME.legal_actions(state, 0)
    assert "Shielded" in GAME.why_illegal(state, 0, ("assign", "purple-1", 0))


def test_the_killer_on_an_empty_relic_is_just_placed() -> None:
    """No adventurer to kill: the Killer is placed."""
    state = position(hands=[["red-1"]])
    assert play(state, 0, ("assign", "red-1", 2)).columns[2] == ("red-1",)


def test_the_charismatic_asks_which_last_adventurer_to_attract() -> None:
    """With several other relics to attract from, the player chooses."""
    state = position(columns=[["red-5"], ["blue-6"], [], []], hands=[["green-2"]])
    after = play(state, 0, ("assign", "green-2", 2))
    assert after.pending == ("attract", 2) and after.turn == 0
    assert set(GAME.legal_actions(after, 0)) == {("attract", 0), ("attract", 1)}
    done = play(after, 0, ("attract", 1))
    assert done.columns[2] == ("green-2", "blue-6") and done.columns[1] == ()
    assert done.turn == 1


def test_the_charismatic_attracts_at_once_from_the_only_other_relic() -> None:
    """One possible source: no question is asked."""
    state = position(columns=[["red-5", "blue-6"], [], [], []], hands=[["green-2"]])
    after = play(state, 0, ("assign", "green-2", 3))
    assert after.columns[3] == ("green-2", "blue-6") and after.turn == 1


def test_an_attracted_adventurer_never_uses_its_skill_again() -> None:
    """Attracting a Killer or a Sly triggers nothing: the turn simply ends."""
    for attracted in ("blue-1", "blue-3", "blue-2"):
        state = position(
            columns=[["red-5", attracted], ["yellow-6"], [], []],
            hands=[["green-2", "purple-6"]],
        )
        after = play(state, 0, ("assign", "green-2", 1))
        assert after.columns[1] == ("yellow-6", "green-2", attracted) and after.turn == 1
        assert after.columns[0] == ("red-5",)


def test_the_charismatic_may_attract_from_a_relic_at_the_limit() -> None:
    """A full column's last adventurer may be attracted (leaving it below the limit)."""
    state = position(columns=[FULL, ["yellow-6"], [], []], hands=[["purple-2"]])
    after = play(state, 0, ("assign", "purple-2", 2))
    assert ("attract", 0) in GAME.legal_actions(after, 0)
    done = play(after, 0, ("attract", 0))
    assert done.columns[0] == FULL[:3] and done.columns[2] == ("purple-2", FULL[3])


def test_a_killed_trenti_gives_its_marker_back() -> None:
    """The Killer discards a marked Trenti: its marker leaves with it."""
    state = position(
        columns=[["red-5", "trenti-6"], [], [], []],
        marks=[("trenti-6", "blue")],
        hands=[["green-1"]],
    )
    after = play(state, 0, ("assign", "green-1", 0))
    assert "trenti-6" in after.discard and after.marks == ()
    assert GAME.view(after, None)["marks"] == {}


def test_the_charismatic_at_the_limit_attracts_nobody() -> None:
    """Reaching the Adventurers Limit, the Charismatic is simply placed."""
    state = position(columns=[["red-5", "blue-5", "green-5"], ["yellow-6"], [], []])
    state = replace(state, hands=(("purple-2",), (), ()))
    after = play(state, 0, ("assign", "purple-2", 0))
    assert after.columns[1] == ("yellow-6",) and after.turn == 1


def test_the_charismatic_with_nobody_elsewhere_is_just_placed() -> None:
    """No other relic has an adventurer: nothing to attract."""
    state = position(hands=[["red-2"]])
    after = play(state, 0, ("assign", "red-2", 0))
    assert after.columns[0] == ("red-2",) and after.turn == 1


def test_the_sly_plays_a_second_card_and_ends_with_one_in_hand() -> None:
    """Sly: another adventurer from the hand, under any relic below the limit."""
    state = position(hands=[["red-3", "blue-6", "green-6"]])
    after = play(state, 0, ("assign", "red-3", 0))
    assert after.pending == ("sly",) and after.turn == 0
    done = play(after, 0, ("assign", "blue-6", 1))
    assert done.columns[1] == ("blue-6",) and done.hands[0] == ("green-6",)
    assert done.turn == 1


def test_the_slys_second_card_uses_no_killer_or_charismatic_skill() -> None:
    """A second Killer kills nobody and may not exceed the limit; a Charismatic attracts no one."""
    state = position(columns=[FULL, ["yellow-6"], [], []], hands=[["red-3", "blue-1", "green-2"]])
    after = play(state, 0, ("assign", "red-3", 2))
    assert ("assign", "blue-1", 0) not in GAME.legal_actions(after, 0)
    killed_none = play(after, 0, ("assign", "blue-1", 1))
    assert killed_none.columns[1] == ("yellow-6", "blue-1")
    attracted_none = play(after, 0, ("assign", "green-2", 3))
    assert attracted_none.columns[1] == ("yellow-6",) and attracted_none.turn == 1


def test_the_slys_second_card_may_be_a_trenti_which_takes_a_marker() -> None:
    """The second card's skill works if it is a Trenti."""
    state = position(hands=[["red-3", "trenti-6"]])
    after = play(play(state, 0, ("assign", "red-3", 0)), 0, ("assign", "trenti-6", 1))
    assert after.pending == ("mark", "trenti-6")
    done = play(after, 0, ("mark", "green"))
    assert ("trenti-6", "green") in done.marks and done.turn == 1


def test_a_trenti_brings_its_courage_to_the_marked_adventurer() -> None:
    """The marker chosen decides whose courage a Trenti adds."""
    state = position(
        columns=[["red-6", "blue-5", "trenti-6", "trenti-5"], [], [], []],
        marks=[("trenti-6", "blue"), ("trenti-5", "blue")],
    )
    assert column_winner(state, 0)[:2] == (1, "Blue")


def test_trenti_markers_are_only_of_adventurers_in_play() -> None:
    """Removed adventurers' markers left the game: three players, three markers."""
    state = position(hands=[["trenti-1"]])
    after = play(state, 0, ("assign", "trenti-1", 0))
    assert set(GAME.legal_actions(after, 0)) == {("mark", c) for c in ("red", "blue", "green")}


def test_apprentices_ignores_every_skill_but_the_trentis() -> None:
    """No kill, no exceeding, no attraction, no second card; Trentis still mark."""
    state = position(
        columns=[FULL, ["blue-6"], [], []],
        hands=[["red-1", "green-2", "yellow-3", "trenti-2"]],
        variants=["apprentices"],
    )
    assert ("assign", "red-1", 0) not in GAME.legal_actions(state, 0)
    assert play(state, 0, ("assign", "red-1", 1)).columns[1] == ("blue-6", "red-1")
    assert play(state, 0, ("assign", "green-2", 2)).columns[1] == ("blue-6",)
    assert play(state, 0, ("assign", "yellow-3", 2)).turn == 1
    assert play(state, 0, ("assign", "trenti-2", 2)).pending == ("mark", "trenti-2")


def test_apprentices_lets_a_killer_kill_no_shielded_either() -> None:
    """Killer ignored: placed on any card without discarding it."""
    state = position(columns=[["red-6"], [], [], []], hands=[["blue-1"]], variants=["apprentices"])
    assert play(state, 0, ("assign", "blue-1", 0)).columns[0] == ("red-6", "blue-1")
    shielded = position(
        columns=[["red-5", "blue-4"], [], [], []], hands=[["green-1"]], variants=["apprentices"]
    )
    told = events_of(shielded, 0, ("assign", "green-1", 0))[0]
    assert told == "{p0} assigns Green 1 Killer under relic 1 (Orb)."


def test_each_turn_starts_by_drawing_up_to_three() -> None:
    """Recover strength: the next player draws to three cards."""
    state = position(hands=[["red-6", "red-5", "red-4"], ["blue-6"], []])
    after = play(state, 0, ("assign", "red-6", 0))
    assert len(after.hands[1]) == 3 and len(after.hands[2]) == 0


def test_an_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    """Not enough cards: the discarded adventurers become the new deck."""
    state = position(
        hands=[["red-6"], ["blue-6"], []], deck=["green-6"], discard=["yellow-6", "purple-6"]
    )
    match = match_at(state)
    events = match.act(0, ("assign", "red-6", 0))
    after = match.state
    assert len(after.hands[1]) == 3 and "green-6" in after.hands[1]
    assert any("shuffled" in e["text"] for e in events)


def test_the_strategic_supply_is_used_and_refilled_when_empty() -> None:
    """Strategic: assign from the supply; the next player reveals a new one."""
    state = position(supply=["red-6", "blue-6"], variants=["strategic"])
    assert {a[1] for a in GAME.legal_actions(state, 0)} == {"red-6", "blue-6"}
    after = play(state, 0, ("assign", "red-6", 0))
    assert after.supply == ("blue-6",)
    again = play(after, 1, ("assign", "blue-6", 0))
    assert len(again.supply) == 2


def test_strategic_refills_the_supply_for_the_slys_second_card() -> None:
    """The Sly took the supply's last card: a new supply is revealed for the second one."""
    state = position(supply=["red-3"], variants=["strategic"])
    after = play(state, 0, ("assign", "red-3", 0))
    assert after.pending == ("sly",) and after.turn == 0 and len(after.supply) == 2
    assert {a[1] for a in GAME.legal_actions(after, 0)} == set(after.supply)


def test_the_round_ends_at_the_limit_and_the_next_player_starts_the_next() -> None:
    """Phases 2–4: the last placer's left neighbour starts; new relics; cards discarded."""
    columns = filler(4, ["purple-6"])
    columns[3] = columns[3][:3]
    state = position(columns=columns, hands=[[], ["purple-6"], []], turn=1)
    events = match_at(state).act(1, ("assign", "purple-6", 3))
    rounds = [e["text"] for e in events if e["type"] == "round"]
    assert len(rounds) == 1 and rounds[0].startswith(
        "Round 2: {p2} has the start player marker. New relics: "
    )
    after = play(state, 1, ("assign", "purple-6", 3))
    assert after.round == 2 and after.start == 2 and after.turn == 2
    assert GAME.view(after, None)["resolving"] == -1  # no relic being handed over now
    assert len(after.row) == 4 and all(not c for c in after.columns)
    assert {c for column in columns for c in column} <= set(after.discard)
    obtained = sum(len(p) - 1 for p in after.pouches) + len(after.removed) - 4
    assert obtained == 4


# -- Phase 3: obtaining relics -----------------------------------------------------------------


def resolved(state: State, seat: int, card: str, column: int) -> State:
    """Play the card that completes the last column, handing over every relic."""
    return play(state, seat, ("assign", card, column))


def test_courage_adds_up_per_adventurer_and_the_most_wins() -> None:
    """Two Red cards (5 + 2) beat a Blue 6."""
    state = position(columns=[["red-5", "blue-6", "red-2", "green-1"]])
    assert column_winner(state, 0) == (0, "Red", 7)


def test_a_tie_goes_to_the_adventurer_assigned_first() -> None:
    """Equal courage: the adventurer who arrived first wins."""
    state = position(columns=[["green-6", "blue-6", "red-4", "red-2"]])
    assert column_winner(state, 0) == (2, "Green", 6)


def test_an_unrepresented_adventurer_removes_the_relic_without_effect() -> None:
    """Purple wins but nobody plays Purple: the relic leaves the game, no Gift happens."""
    row = ["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = position(
        row=row,
        columns=[["purple-6", "red-1", "blue-1", "green-1"], FULL, FULL, FULL[:3]],
        hands=[["yellow-6"]],
    )
    after = resolved(state, 0, "yellow-6", 3)
    assert "cursed-idol-1" in after.removed and after.gifts == (0, 0, 0)


def test_two_players_add_both_of_their_adventurers() -> None:
    """2 players: Red 5 + Blue 4 (9) beat Green 6 + Yellow 2 (8)."""
    state = position(players=2, columns=[["green-6", "red-5", "blue-4", "yellow-2"]])
    assert column_winner(state, 0)[:2] == (0, "{p0}'s adventurers")


def test_two_players_lose_to_an_unrepresented_adventurer_with_more_courage() -> None:
    """The adventurer nobody embodies competes on its own."""
    state = position(players=2, columns=[["purple-6", "purple-5", "red-4", "green-3"]])
    assert column_winner(state, 0)[0] is None


def filler(count: int, used: Sequence[str]) -> list[list[str]]:
    """``count`` columns of four distinct coloured adventurers not in ``used``, with skills
    that only act when a card is assigned (Sly) or never (Shielded, none)."""
    kept = ("", "shielded", "sly")
    pool = [c for c in adventurer_ids() if skill(c) in kept and c not in used]
    return [pool[4 * i : 4 * i + 4] for i in range(count)]


def _last_turn(row: Sequence[str], winning_column: Sequence[str], **kwargs: Any) -> State:
    """Round 3, every column full but the last: seat 0 completes it with a Purple 5.

    The first column is ``winning_column``; the others are filler."""
    columns = [list(winning_column), *filler(len(row) - 1, [*winning_column, "purple-5"])]
    columns[-1] = columns[-1][:3]
    return position(row=row, columns=columns, hands=[["purple-5"]], round=3, **kwargs)


def test_gift_asks_the_winner_which_rival_receives_the_relic() -> None:
    """Red wins the Cursed Idol and gives it away."""
    row = ["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(row, ["red-6", "red-5", "blue-1", "green-1"])
    after = resolved(state, 0, "purple-5", 3)
    assert after.pending == ("gift",) and after.turn == 0
    assert set(GAME.legal_actions(after, 0)) == {("gift", 1), ("gift", 2)}
    assert events_of(after, 0, ("gift", 2))[0] == "Gift: {p0} gives the Cursed Idol to {p2}."
    assert next(e["type"] for e in match_at(after).act(0, ("gift", 2))) == "gift"
    done = play(after, 0, ("gift", 2))
    assert "cursed-idol-1" in done.pouches[2] and done.gifts == (0, 0, 1)
    assert done.over


def test_gift_with_two_players_goes_to_the_only_rival() -> None:
    """One rival: no question."""
    row = ["cursed-idol-1", "trinket-1", "gem-pouch-1"]
    won = ["red-6", "blue-5", "green-1", "yellow-1"]
    columns = [won, *filler(2, [*won, "purple-6"])]
    columns[2] = columns[2][:3]
    state = position(players=2, row=row, columns=columns, hands=[["purple-6"]], round=3)
    after = play(state, 0, ("assign", "purple-6", 2))
    assert after.over and "cursed-idol-1" in after.pouches[1] and after.gifts == (0, 1)


def test_destruction_removes_the_relic_beneath_and_an_orb_makes_a_destroyer() -> None:
    """The Hammer removes the relic that was visible before it."""
    row = ["hammer-of-ruin-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1", "orb-1"], ["initial-relic-2"], ["initial-relic-3"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    assert after.pouches[0][:2] == ("initial-relic-1", "hammer-of-ruin-1")
    assert after.destroyed == ("orb-1",) and "Destroyer" in after.feats[0]


def test_destruction_with_nothing_beneath_does_nothing() -> None:
    """An empty pouch before the Hammer: nothing is removed."""
    row = ["hammer-of-ruin-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[[], ["initial-relic-2"], ["initial-relic-3"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    assert after.pouches[0][0] == "hammer-of-ruin-1" and after.destroyed == ()
    told = events_of(state, 0, ("assign", "purple-5", 3))
    assert told[1] == "Every relic has reached the Adventurers Limit."
    kinds = [e["type"] for e in match_at(state).act(0, ("assign", "purple-5", 3))]
    assert kinds[:4] == ["assign", "limit", "obtain", "destruction"]  # the summary reads these
    assert told[2:4] == [
        "Red wins the Hammer of Ruin with 11 courage for {p0}.",
        "Destruction: there is nothing beneath it.",
    ]
    assert told[-1] == "The third round is over: the final score."


def test_exchange_swaps_the_relic_for_a_rivals_visible_relic() -> None:
    """The Mirror goes to the chosen rival; their visible Orb comes to the winner."""
    row = ["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1"], ["initial-relic-2", "orb-1"], ["initial-relic-3"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    assert after.pending == ("exchange",)
    done = play(after, 0, ("exchange", 1))
    assert done.pouches[0][:2] == ("initial-relic-1", "orb-1")
    assert done.pouches[1][:2] == ("initial-relic-2", "tricksters-mirror-1")
    assert "Swindler" in done.feats[0]


def test_exchange_only_with_rivals_who_have_a_relic() -> None:
    """A rival with an empty pouch cannot be chosen; one left is chosen at once."""
    row = ["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1"], [], ["initial-relic-3", "elixir"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    assert after.pouches[0][1] == "elixir" and after.pouches[2][1] == "tricksters-mirror-1"
    # No rival holds a relic: the winner keeps the Mirror.
    alone = _last_turn(
        row, ["red-6", "red-5", "blue-1", "green-1"], pouches=[["initial-relic-1"], [], []]
    )
    events = match_at(alone).act(0, ("assign", "purple-5", 3))
    assert {
        "type": "effect",
        "text": "No rival has a relic: {p0} keeps the Trickster's Mirror.",
    } in events
    # Four players, two rivals with relics: only they are offered.
    row = ["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1", "gem-pouch-2"]
    pouches = [["initial-relic-1"], [], ["initial-relic-3"], ["initial-relic-4"]]
    state = _last_turn(row, ["red-6", "red-5", "blue-1", "green-1"], players=4, pouches=pouches)
    after = resolved(state, 0, "purple-5", 4)
    assert after.pending == ("exchange",)
    assert set(GAME.legal_actions(after, 0)) == {("exchange", 2), ("exchange", 3)}


@pytest.mark.parametrize(("glove", "victim"), [("thiefs-glove-left", 1), ("thiefs-glove-right", 2)])
def test_theft_takes_the_visible_relic_of_the_neighbour(glove: str, victim: int) -> None:
    """Left is the next seat clockwise, right the previous one."""
    row = [glove, "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1"], ["initial-relic-2", "orb-1"], ["initial-relic-3", "orb-2"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    assert after.pouches[0][:3] == ("initial-relic-1", glove, f"orb-{victim}")
    assert "Thief" in after.feats[0]


def test_theft_skips_a_neighbour_without_relics() -> None:
    """The next player in the arrow's direction is robbed instead."""
    row = ["thiefs-glove-left", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1"], [], ["initial-relic-3", "elixir"]],
    )
    after = resolved(state, 0, "purple-5", 3)
    assert after.pouches[0][2] == "elixir" and "elixir" not in after.pouches[2]


def test_theft_with_no_rival_holding_a_relic_takes_nothing() -> None:
    """Every pouch empty when the Glove is won: nothing is stolen, and the log says so."""
    row = ["thiefs-glove-left", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(row, ["red-6", "red-5", "blue-1", "green-1"], pouches=[[], [], []])
    told = events_of(state, 0, ("assign", "purple-5", 3))
    assert "Theft: no rival has a relic to take." in told
    after = play(state, 0, ("assign", "purple-5", 3))
    assert after.pouches[0][0] == "thiefs-glove-left" and "Thief" not in after.feats[0]


def test_simple_relics_ignores_every_effect() -> None:
    """Simple Relics: the Cursed Idol stays with its winner."""
    row = ["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(row, ["red-6", "red-5", "blue-1", "green-1"], variants=["simple_relics"])
    after = resolved(state, 0, "purple-5", 3)
    assert after.over and after.pouches[0][1] == "cursed-idol-1"


def test_relics_are_handed_over_left_to_right() -> None:
    """The Glove left of the Orb resolves first: it steals the older relic, not the Orb."""
    row = ["thiefs-glove-left", "orb-1", "trinket-2", "gem-pouch-1"]
    won = [["red-6", "red-5", "blue-1", "green-1"], ["blue-6", "blue-5", "red-1", "green-2"]]
    columns = [*won, *filler(2, [*won[0], *won[1], "purple-5"])]
    columns[3] = columns[3][:3]
    state = position(row=row, columns=columns, hands=[["purple-5"]], round=3)
    after = play(state, 0, ("assign", "purple-5", 3))
    assert after.pouches[0][1:3] == ("thiefs-glove-left", "initial-relic-2")
    assert after.pouches[1][0] == "orb-1"


def test_the_game_ends_after_the_third_round() -> None:
    """Three rounds: every relic revealed is handed over, then the final score."""
    match = Match.new("orb-hunters", 3, seed=5)
    rng = random.Random(5)
    rounds = set()
    while match.outcome() is None:
        rounds.add(match.state.round)
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    assert rounds == {1, 2, 3} and match.state.over
    handed = sum(len(p) - 1 for p in match.state.pouches) + len(match.state.removed) - 4
    assert handed + len(match.state.destroyed) == 12


# -- views -------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_only() -> None:
    """Hands are secret; sizes are public; a spectator sees no hand."""
    match = Match.new("orb-hunters", 3, seed=2)
    assert match.view(0)["hand"] == list(match.state.hands[0])
    assert match.view(None)["hand"] is None
    assert match.view(1)["hand_sizes"] == [3, 2, 2]


def test_hidden_treasures_hides_every_pouch_until_the_end() -> None:
    """Face-down pouches: only their sizes, for everyone, owners included."""
    state = position(variants=["hidden_treasures"])
    for seat in (0, 1, None):
        shown = GAME.view(state, seat)
        assert shown["pouches"] is None and shown["pouch_sizes"] == [1, 1, 1]
    assert GAME.view(replace(state, over=True), 0)["pouches"] is not None


def test_hidden_treasures_never_names_a_stolen_face_down_relic() -> None:
    """Theft from a face-down pouch says only that a relic was taken."""
    row = ["thiefs-glove-left", "trinket-1", "trinket-2", "gem-pouch-1"]
    state = _last_turn(
        row,
        ["red-6", "red-5", "blue-1", "green-1"],
        pouches=[["initial-relic-1"], ["initial-relic-2", "orb-1"], ["initial-relic-3"]],
        variants=["hidden_treasures"],
    )
    texts = events_of(state, 0, ("assign", "purple-5", 3))
    theft = next(t for t in texts if t.startswith("Theft"))
    assert "face-down" in theft and "Orb" not in theft


def test_drawn_cards_are_told_only_to_the_drawer() -> None:
    """The public event says how many; the private one which."""
    state = position(hands=[["red-6"], [], []])
    events = match_at(state).act(0, ("assign", "red-6", 0))
    private = [e for e in events if e.get("to") == 1]
    public = [e for e in events if "to" not in e and e["type"] == "draw"]
    assert private and "Red" not in public[0]["text"] + "Blue"


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    variant=st.sampled_from(
        ["", "simple_relics", "apprentices", "hidden_treasures", "tough", "strategic"]
    ),
    data=st.data(),
)
def test_any_sequence_of_legal_moves_keeps_the_table_sound(
    players: int, variant: str, data: st.DataObject
) -> None:
    """The census holds, no column exceeds the limit, and the game ends after 3 rounds."""
    options = {variant: True} if variant else {}
    match = Match.new("orb-hunters", players, seed=data.draw(st.integers(0, 999)), options=options)
    census = Counter(GAME.census(match.state))
    while match.outcome() is None:
        seat = min(match.to_act())
        legal = match.legal(seat)
        match.act(seat, data.draw(st.sampled_from(legal)))
        assert GAME.census(match.state) == census
        assert all(len(c) <= 4 for c in match.state.columns)
        if variant != "strategic":
            assert all(len(h) <= 3 for h in match.state.hands)
    assert match.state.round == 3 and not match.to_act()


def _finished(**kwargs: Any) -> State:
    return replace(position(**kwargs), over=True, row=(), columns=())


def test_tough_adventurers_scores_without_elimination() -> None:
    """Tough Adventurers: the 2-player final score at any count, nobody eliminated."""
    pouches = [["orb-1", "orb-2"], ["trinket-1"], ["gem-pouch-1"]]
    plain = GAME.outcome(_finished(pouches=pouches))
    tough = GAME.outcome(_finished(pouches=pouches, variants=["tough"]))
    assert plain is not None and tough is not None
    assert plain.ranking[-1] == (0,) and "eliminated" in plain.breakdown[0]
    assert tough.ranking[0] == (0,) and tough.scores == (4, 1, 1)


def test_teams_score_together_at_the_end() -> None:
    """Teams: seats 1 and 3 share a score against seats 2 and 4."""
    state = _finished(
        players=4,
        pouches=[["orb-1"], ["trinket-1"], ["gem-pouch-1"], ["cursed-idol-1"]],
        variants=["teams"],
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking == ((0, 2), (1, 3))
    assert GAME.view(state, 0)["teams"] == [[0, 2], [1, 3]]


def test_teams_pool_their_potions() -> None:
    """Teams (designed): a potion cancels a wound of either partner, since the team shares
    its wealth and its wounds; never more wounds than the team has."""
    state = _finished(
        players=4,
        pouches=[["healing-potion-1", "trinket-1"], ["gem-pouch-2"], ["gem-pouch-1"], ["elixir"]],
        variants=["teams"],
    )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.breakdown[0] == {"team wealth": 3, "team wounds": 0}
    assert outcome.breakdown[1] == {"team wealth": 3, "team wounds": 0}
    assert outcome.scores == (3, 3, 3, 3) and outcome.ranking == ((0, 2), (1, 3))  # 3 relics to 2
    surplus = _finished(
        players=4,
        pouches=[["healing-potion-1", "healing-potion-2"], ["trinket-2"], ["trinket-1"], []],
        variants=["teams"],
    )
    assert GAME.outcome(surplus) is not None
    assert GAME.outcome(surplus).breakdown[0] == {"team wealth": 1, "team wounds": 0}


@pytest.mark.parametrize(("players", "variants"), [(2, []), (3, ["tough"])])
def test_wealthy_reads_wealth_and_sneaky_wounds_before_potions(
    players: int, variants: list[str]
) -> None:
    """Without elimination the score is wealth minus wounds, but "Wealthy" reads the Wealth
    points (8 of them win it at a score of 5), and "Sneaky" the wounds taken, before
    potions cancel them (as Survivor does)."""
    rest = [["trinket-1"]] * (players - 1)
    rich = _finished(
        players=players,
        pouches=[["orb-1", "orb-2", "healing-potion-1"], *rest],
        variants=variants,
    )
    outcome = GAME.outcome(rich)
    assert outcome is not None and outcome.scores[0] == 5 and outcome.winners() == (0,)
    assert "Wealthy" in GAME.view(rich, 0)["achievements"][0]
    cured = _finished(
        players=players,
        pouches=[["gem-pouch-1", "healing-potion-1", "trinket-2"], *rest],
        variants=variants,
    )
    outcome = GAME.outcome(cured)
    assert outcome is not None and outcome.winners() == (0,)
    assert "Sneaky" not in GAME.view(cured, 0)["achievements"][0]
    clean = _finished(players=players, pouches=[["trinket-2", "elixir"], *rest], variants=variants)
    assert "Sneaky" in GAME.view(clean, 0)["achievements"][0]


def test_achievements_are_in_every_view_at_the_end() -> None:
    """The final views carry each seat's achievements."""
    state = _finished(pouches=[[], ["orb-1", "orb-2"], ["trinket-1"]])
    earned = GAME.view(state, None)["achievements"]
    assert "Clumsy" in earned[0] and "Alchemist" not in earned[1]
    assert "achievements" not in GAME.view(position(), None)


# -- Teams: a rival is a player of the other team ------------------------------------------------


def _teams_last_turn(row: Sequence[str], pouches: Sequence[Sequence[str]]) -> State:
    """Teams, round 3: seat 0 (Red) wins the first relic when it completes the last column."""
    won = ["red-6", "red-5", "blue-1", "green-1"]
    columns = [won, *filler(len(row) - 1, [*won, "purple-6"])]
    columns[-1] = columns[-1][:3]
    return position(
        players=4,
        row=row,
        columns=columns,
        hands=[["purple-6"]],
        pouches=pouches,
        round=3,
        variants=["teams"],
    )


def test_teams_gift_goes_to_a_player_of_the_other_team() -> None:
    """Gift: "a rival of your choice" - in Teams the partner (seat 2) is no rival."""
    row = ["cursed-idol-1", "trinket-1", "trinket-2", "gem-pouch-1", "gem-pouch-2"]
    initial = [[f"initial-relic-{s + 1}"] for s in range(4)]
    after = play(_teams_last_turn(row, initial), 0, ("assign", "purple-6", 4))
    assert after.pending == ("gift",)
    assert set(GAME.legal_actions(after, 0)) == {("gift", 1), ("gift", 3)}
    assert "rival" in GAME.why_illegal(after, 0, ("gift", 2))


def test_teams_exchange_only_with_a_player_of_the_other_team() -> None:
    """Exchange: the only opponent with a relic is chosen at once, never the partner."""
    row = ["tricksters-mirror-1", "trinket-1", "trinket-2", "gem-pouch-1", "gem-pouch-2"]
    pouches = [["initial-relic-1"], ["initial-relic-2"], ["initial-relic-3", "orb-1"], []]
    after = play(_teams_last_turn(row, pouches), 0, ("assign", "purple-6", 4))
    assert after.over and after.pouches[0][1] == "initial-relic-2"
    assert after.pouches[1][0] == "tricksters-mirror-1" and after.pouches[2][1] == "orb-1"


def test_teams_theft_from_the_partner_is_no_thief_achievement() -> None:
    """Theft skips an empty neighbour to the next player, here the partner: the Orb moves,
    but "Thief: Obtain an Orb from a rival" is not earned."""
    row = ["thiefs-glove-left", "trinket-1", "trinket-2", "gem-pouch-1", "gem-pouch-2"]
    pouches = [["initial-relic-1"], [], ["initial-relic-3", "orb-1"], ["initial-relic-4"]]
    after = play(_teams_last_turn(row, pouches), 0, ("assign", "purple-6", 4))
    assert after.pouches[0][:3] == ("initial-relic-1", "thiefs-glove-left", "orb-1")
    assert "Thief" not in after.feats[0]


# -- the deal of a new game --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_first_draws_reach_the_log_and_each_drawer(players: int) -> None:
    """The setup's hands are drawn as every later hand is: everyone reads who drew how many,
    and each seat alone which cards it drew."""
    match = Match.new("orb-hunters", players, seed=2)
    assert "{p0} draws 2 cards." in match.log and "It is {p0}'s turn." in match.log
    assert not [text for text in match.log if text.startswith("You")]
    for seat in range(players):
        told = " ".join(e["text"] for e in visible_events(match.opening, seat) if "to" in e)
        assert told.startswith("You draw ")
        assert all(adventurer_name(card) in told for card in match.state.hands[seat])


def test_the_strategic_supply_is_revealed_in_the_log() -> None:
    """Strategic: the first supply is told to everyone, as every later one is."""
    match = Match.new("orb-hunters", 3, seed=2, options={"strategic": True})
    assert [text for text in match.log if text.startswith("New adventurers in the supply")]
