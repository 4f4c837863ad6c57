"""Shardhunters: what a sixth mutation sample of bench/mutation.py changed unseen, pinned
through Match: who paid a Bloodshard by name, the kinds and words of events the log and
its summaries read, the score pad of a five-hero win, and the first Combat of a new game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine import in_words
from core.games.shardhunters.data import MAX_HUNTS, MONSTER_CARDS, hero_name
from core.games.shardhunters.rules import SHARDHUNTERS as GAME
from core.match import Match
from tests.core.games.shared_checks import check_redeal_and_rulebook
from tests.core.games.test_shardhunters_rules import (
    act,
    choose_then_deal,
    combat,
    fight,
    new,
    tavern,
)


@pytest.mark.parametrize(
    ("hands", "teams", "number", "shard"),
    [
        ([["white-2a"], ["white-2b"]], [(), ("felix",)], 0, "{p1} gets a Bloodshard (Felix)."),
        (
            [["white-4a", "white-3a"], ["white-1a", "white-2a"]],
            [("ivo",), ()],
            1,
            "{p0} gets a Bloodshard (Ivo).",
        ),
        (
            [["white-1a", "white-1b", "white-2a"], ["white-4a", "white-3a", "white-3b"]],
            [("luther",), ()],
            2,
            "{p0} gets a Bloodshard (Luther).",
        ),
    ],
)
def test_felix_ivo_and_luther_are_named_when_they_pay(
    hands: list[list[str]], teams: list[tuple[str, ...]], number: int, shard: str
) -> None:
    """The log says which hero paid: a draw for Felix, the second Combat won for Ivo, the
    third lost for Luther."""
    _, events = fight(combat(hands, teams, number=number), *hands)
    assert {"type": "shard", "text": shard} in events


def test_paying_at_the_tavern_is_told_as_pay() -> None:
    """The Tavern's purchase is one event of the kind 'pay' (the summary reads it)."""
    state = tavern(2, team=("oskar", "ivo"), cost=3)
    top = state.tavern[:2]
    _, events = act(state, 0, ("pay",))
    drawn = " and ".join(hero_name(hero) for hero in top)
    assert events == [{"type": "pay", "text": f"{{p0}} pays 2 Bloodshards and draws {drawn}."}]


def test_a_draft_pick_is_told_to_the_picker_by_name() -> None:
    """The picker reads which hero it kept; everyone else that a hero was chosen."""
    state = new(3, draft=True)
    kept = state.draft_hands[0][0]
    _, events = act(state, 0, ("pick", kept))
    assert events == [
        {"type": "pick", "text": f"You keep {hero_name(kept)}.", "to": 0},
        {"type": "submitted", "text": "{p0} has chosen a hero."},
    ]


def test_a_five_hero_win_reads_on_the_score_pad() -> None:
    """The score pad's line for a Hunt won with five heroes: 1 for the winner, 0 else."""
    five = ("ivo", "bruno", "mira", "oskar", "sabine")
    state = combat(
        [["white-4a"], ["white-1a"]], [five, ("lenka",)], number=3, loot=[["white-2a"], []]
    )
    state = replace(state, active=(("mira", "oskar"), ("lenka",)))
    state, _ = fight(state, ["white-4a"], ["white-1a"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.breakdown == (
        {"won a Hunt with 5 heroes": 1},
        {"won a Hunt with 5 heroes": 0},
    )


def test_a_win_with_a_team_past_five_says_its_real_size() -> None:
    """A team may grow past five before the Hunt it wins: the results said "won a Hunt with
    five heroes" of a team of seven."""
    seven = ("ivo", "bruno", "mira", "oskar", "sabine", "titus", "felix")
    state = combat(
        [["white-4a"], ["white-1a"]], [seven, ("lenka",)], number=3, loot=[["white-2a"], []]
    )
    state = replace(state, active=(("mira", "oskar"), ("lenka",)))
    state, events = fight(state, ["white-4a"], ["white-1a"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.breakdown[0] == {"won a Hunt with 7 heroes": 1}
    assert "{p0} wins the game with 7 heroes!" in [e["text"] for e in events]


def test_a_new_game_starts_at_the_first_combat() -> None:
    """A game with the Hero Draft is at the first Combat from the start: every seat's view
    says so while heroes are drafted, before the first Hunt's deal."""
    for seats in (2, 4):
        match = Match.new("shardhunters", seats, seed=seats, options={"draft": True})
        assert match.state.phase == "draft"
        assert match.state.combat == 0 and match.view(0)["combat"] == 0


def test_a_seventh_sample_cassandra_yusuf_and_a_chosen_team_in_words() -> None:
    """Cassandra's check is told as 'guess', Yusuf's swap and a chosen team in words."""
    state = choose_then_deal([("cassandra",), ("ivo",)])
    value = MONSTER_CARDS[state.deck[0]].value
    _, events = act(state, 0, ("guess", value))
    assert events and all(e["type"] == "guess" for e in events[:2])
    state = choose_then_deal([("yusuf",), ("ivo",)])
    _, events = act(state, 0, ("swap", state.hands[0][0]))
    assert events[0] == {
        "type": "yusuf",
        "text": "{p0} swaps a card with the Monster Deck's top card (Yusuf).",
    }
    state = replace(
        new(2),
        phase="choose",
        teams=(("ivo", "bruno", "mira"), ("titus", "felix", "lenka")),
        choosing=((), ()),
    )
    _, events = act(state, 0, ("activate", ("ivo", "mira")))
    assert {"type": "submitted", "text": "{p0} has chosen active heroes."} in events


def test_a_tied_hunt_pays_in_words_and_leaves_no_hunt_winner() -> None:
    """After a Hunt won by seat 0, a fully tied one: each Bloodshard says why, and the
    Hunt's winner is nobody (not the last Hunt's)."""
    state = combat(
        [["white-2a"], ["white-2b"]], number=3, loot=[["yellow-1a"], ["red-1a"]], shards=[0, 0]
    )
    state = replace(state, hunt_winner=0)
    state, events = fight(state, ["white-2a"], ["white-2b"])
    assert state.hunt_winner == -1
    assert {"type": "shard", "text": "{p0} gets a Bloodshard (a tied Hunt)."} in events


def test_solo_stands_every_hero_up() -> None:
    """Solo has no choice of active heroes: all three of the player's heroes stand up, not
    the two a table of several would."""
    state = choose_then_deal([("ivo", "bruno", "mira"), ("titus",)], players=1)
    assert state.active[0] == ("ivo", "bruno", "mira")


def test_the_hunt_limits_score_pad_counts_each_teams_heroes() -> None:
    """The last Hunt passes with no five-hero win: each player's score is the team's size
    (the score pad's 'heroes' line), the biggest first."""
    state = combat([["white-1a"], ["white-4a"]], [("ivo", "mira"), ("titus",)], number=3)
    state = replace(state, hunt=MAX_HUNTS)
    state, _ = fight(state, ["white-1a"], ["white-4a"])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (2, 1)
    assert outcome.breakdown == ({"heroes": 2}, {"heroes": 1})


def test_the_first_hero_of_a_draft_is_told_as_a_starting_hero() -> None:
    """The draft over, each player recruits a first hero from their Local Tavern Deck: the
    chooser reads its name, everyone else that a starting hero was chosen."""
    match = Match.new("shardhunters", 3, seed=0, options={"draft": True})
    while match.state.phase == "draft":
        for seat in sorted(match.to_act()):
            match.act(seat, match.legal(seat)[0])
    assert match.state.phase == "start"
    start = match.legal(0)[0]
    assert start[0] == "start"
    events = match.act(0, start)
    assert events == [
        {"type": "start", "text": f"You start with {hero_name(start[1])}.", "to": 0},
        {"type": "submitted", "text": "{p0} has chosen a starting hero."},
    ]


@pytest.mark.parametrize(("level", "reavers"), [("normal", 2), ("hard", 3)])
def test_solo_shows_its_level_and_deals_the_reavers_an_unsorted_pile(
    level: str, reavers: int
) -> None:
    """The view names the solo level chosen (the Reavers' two or three starting heroes
    follow from it); the Reavers answer each Combat from the top of a pile that keeps the
    order it was shuffled in (sorted, it would hand them their lowest cards first)."""
    piles = []
    for seed in range(5):
        match = Match.new("shardhunters", 1, seed=seed, options={"solo": level})
        assert match.view(0)["level"] == level and match.view(None)["level"] == level
        assert len(match.state.teams[1]) == reavers
        piles.append(match.state.hands[1])
    assert any(list(pile) != sorted(pile) for pile in piles)


def test_a_tied_hunt_says_everyone_gets_a_bloodshard() -> None:
    """Two players tied on loot and colours: after the Hunt's end, the tie in words."""
    hands = [["white-2a"], ["white-2b"]]
    state = combat(hands, number=3, loot=[["yellow-1a"], ["red-1a"]], shards=[0, 0])
    _, events = fight(state, *hands)
    assert {
        "type": "hunt-tie",
        "text": "Nobody wins Hunt 1, so everyone gets a Bloodshard: {p0} and {p1} tied at 2 "
        "cards, 1 coloured each.",
    } in events


def test_a_draft_round_passes_the_rest_on_and_names_each_new_hand() -> None:
    """Every player has picked: 'pass' tells everyone, and each player alone reads the
    heroes they receive."""
    state = new(3, draft=True)
    for seat in range(2):
        state, _ = act(state, seat, ("pick", state.draft_hands[seat][0]))
    state, events = act(state, 2, ("pick", state.draft_hands[2][0]))
    assert {"type": "pass", "text": "Everyone keeps a hero and passes the rest on."} in events
    for seat in range(3):
        told = [e for e in events if e["type"] == "hand" and e.get("to") == seat]
        names = in_words([hero_name(h) for h in state.draft_hands[seat]])
        assert told == [{"type": "hand", "text": f"You receive {names}.", "to": seat}]


def test_a_draft_recruit_in_the_tavern_is_told_as_recruit() -> None:
    """A draft player recruits from their Local Tavern Deck: 'recruit', with the cost."""
    state = replace(
        new(2, draft=True),
        phase="tavern",
        queue=(0, 1),
        shards=(3, 0),
        local=(("ivo", "mira"), ("titus",)),
        teams=(("bruno",), ("lenka",)),
        draft_hands=((), ()),
    )
    _, events = act(state, 0, ("recruit", "mira"))
    assert events[0] == {
        "type": "recruit",
        "text": f"{{p0}} pays {state.cost} and recruits {hero_name('mira')}.",
    }


def test_a_bots_redeal_keeps_what_each_seat_sees_and_the_help_shows_the_rulebook() -> None:
    """A few moves into a game of three, a bot's re-deal of the hidden cards for a seat
    leaves that seat's view as it was and every card in the game; the help screen's text
    is the rulebook, then this edition's designed choices."""
    check_redeal_and_rulebook("shardhunters")


def test_a_hunt_won_says_with_what_it_was_won() -> None:
    """ "{p0} wins Hunt 1." said who, not what with: the most loot, counted."""
    hands = [["white-4a"], ["white-1a"]]
    state = combat(hands, number=3, loot=[["yellow-1a", "red-1a"], []], shards=[0, 0])
    _, events = fight(state, *hands)
    texts = [e["text"] for e in events if e["type"] == "hunt-win"]
    assert texts == ["{p0} wins Hunt 1 with the most loot, 4 cards."]


def test_a_hunt_won_on_colours_says_who_tied_and_why_it_went_one_way() -> None:
    """Tied on loot, the most coloured cards win the Hunt: one sentence says the tie and
    the reason (the reader of {p1} reads "tied with you")."""
    hands = [["white-2a"], ["white-2b"]]
    state = combat(hands, number=3, loot=[["yellow-1a"], ["white-1a"]], shards=[0, 0])
    _, events = fight(state, *hands)
    texts = [e["text"] for e in events if e["type"] == "hunt-win"]
    assert texts == ["{p0} wins Hunt 1 with more coloured cards, tied with {p1} at 2 cards."]
