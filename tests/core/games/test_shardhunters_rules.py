"""Shardhunters' rules, one behaviour per test, on positions built directly."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine import IllegalAction, validate_options, with_names
from core.games.shardhunters.data import (
    HEROES,
    MAX_HUNTS,
    MONSTER_CARDS,
    REAVERS,
    SHARD_HEROES,
    STANBUL,
    hero_name,
    monster_name,
)
from core.games.shardhunters.rules import SHARDHUNTERS as GAME
from core.games.shardhunters.state import DRAW, State, powers
from core.match import Match, visible_events


def new(players: int = 2, seed: int = 0, **options: Any) -> State:
    return Match.new("shardhunters", players, seed=seed, options=options).state


def combat(
    hands: Sequence[Sequence[str]],
    teams: Sequence[Sequence[str]] | None = None,
    *,
    number: int = 0,
    loot: Sequence[Sequence[str]] | None = None,
    shards: Sequence[int] | None = None,
    players: int | None = None,
    deck: Sequence[str] = (),
) -> State:
    """A Combat about to be played: each side's hand, team (all active) and loot."""
    sides = len(hands)
    players = sides if players is None else players
    base = new(players)
    teams = teams or [()] * sides
    return replace(
        base,
        phase="combat",
        combat=number,
        hands=tuple(tuple(sorted(h)) if s < players else tuple(h) for s, h in enumerate(hands)),
        teams=tuple(tuple(t) for t in teams),
        active=tuple(tuple(t) for t in teams),
        loot=tuple(tuple(x) for x in (loot or [()] * sides)),
        shards=tuple(shards or [0] * sides),
        pending=tuple(() for _ in range(players)),
        once=tuple(() for _ in range(sides)),
        deck=tuple(deck),
        plays=(),
        results=(),
    )


def match_at(state: State) -> Match:
    """A Match holding ``state``: actions pass its seat and legality checks, then apply."""
    return Match(GAME, state.players, 0, {}, state)


def act(state: State, seat: int, action: tuple[Any, ...]) -> tuple[State, list[dict[str, Any]]]:
    """Take an action through Match (its checks, then apply)."""
    assert action in GAME.legal_actions(state, seat), f"{action} should be legal"
    match = match_at(state)
    events = match.act(seat, action)
    return match.state, events


def fight(state: State, *plays: Sequence[str]) -> tuple[State, list[dict[str, Any]]]:
    """Every seat plays its cards; the last one triggers the reveal."""
    events: list[dict[str, Any]] = []
    for seat, cards in enumerate(plays):
        state, more = act(state, seat, ("play", tuple(sorted(cards))))
        events += more
    return state, events


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_a_bloodshard_and_a_shard_hero_each(players: int) -> None:
    """Every player starts with one Bloodshard and one hero showing the shard symbol."""
    state = new(players, seed=5)
    assert state.shards == (1,) * players
    assert all(len(team) == 1 and team[0] in SHARD_HEROES for team in state.teams)
    assert len(state.tavern) == 27 - players


@pytest.mark.parametrize(("players", "deck"), [(2, 16), (3, 25), (4, 35)])
def test_the_monster_deck_depends_on_the_player_count(players: int, deck: int) -> None:
    """2 skulls for two players, 2 and 3 for three, all cards for four; seven each dealt."""
    state = new(players)
    monsters = [c for c in GAME.census(state) if "-" in c]
    assert len(monsters) == deck
    assert state.phase == "combat" and all(len(h) == 7 for h in state.hands)


@pytest.mark.parametrize(("level", "reavers"), [("normal", 2), ("hard", 3)])
def test_solo_deals_the_reavers_their_starting_heroes(level: str, reavers: int) -> None:
    """Solo: the Reavers start with 2 (normal) or 3 (hard) Reavers; you with a Stanbul hero."""
    state = new(1, solo=level)
    assert state.sides == 2 and state.players == 1
    assert len(state.teams[1]) == reavers and set(state.teams[1]) <= set(REAVERS)
    assert state.teams[0][0] in STANBUL and state.teams[0][0] in SHARD_HEROES
    assert set(state.tavern) | set(state.teams[0]) == set(STANBUL)
    assert len(state.hands[1]) == 7 and GAME.to_act(state) == frozenset({0})


def test_the_hero_lists_hold_all_27() -> None:
    """10 Reavers and 17 Heroes of Stanbul; 14 carry the shard symbol."""
    assert len(HEROES) == 27 and len(REAVERS) == 10 and len(STANBUL) == 17
    assert len(SHARD_HEROES) == 14


# -- combats ---------------------------------------------------------------------------------


def test_a_combat_is_simultaneous_and_hidden_until_revealed() -> None:
    """Both seats act at once; a played card shows in no other view until the reveal."""
    state = combat([["white-3a", "blue-1a"], ["red-2a", "white-1a"]])
    assert GAME.to_act(state) == frozenset({0, 1})
    state, events = act(state, 0, ("play", ("white-3a",)))
    assert GAME.to_act(state) == frozenset({1})
    for seat in (1, None):
        shown = str(GAME.view(state, seat))
        assert "white-3a" not in shown
    assert GAME.view(state, 1)["submitted"] == [True, False]
    assert all("white-3a" not in e["text"] for e in events if "to" not in e)
    state, events = act(state, 1, ("play", ("red-2a",)))
    assert state.plays == ((("white-3a",), ("red-2a",)),)
    assert set(state.loot[0]) == {"white-3a", "red-2a"}


def test_the_combat_winner_loots_every_card_played() -> None:
    """Red is played, so the highest total (3) takes both cards."""
    state = combat([["white-3a"], ["red-2a"]])
    state, _ = fight(state, ["white-3a"], ["red-2a"])
    assert set(state.loot[0]) == {"white-3a", "red-2a"} and state.loot[1] == ()
    assert state.results == (0,) and state.combat == 1


def test_a_drawn_combat_gives_each_player_their_own_cards() -> None:
    """Equal value and colours: each takes back their own cards as loot."""
    state = combat([["yellow-2a"], ["red-2a"]])
    state, _ = fight(state, ["yellow-2a"], ["red-2a"])
    assert state.loot == (("yellow-2a",), ("red-2a",)) and state.results == (-1,)


@pytest.mark.parametrize(("number", "size"), [(0, 1), (1, 2), (2, 3), (3, 1)])
def test_combats_take_one_two_three_and_one_cards(number: int, size: int) -> None:
    """The four Combats of a Hunt ask for 1, 2, 3 and 1 cards."""
    state = combat(
        [["white-1a", "white-2a", "white-3a", "white-4a"]] * 1 + [["red-1a"]], number=number
    )
    assert all(len(a[1]) == size for a in GAME.legal_actions(state, 0))


def test_a_hunt_is_won_by_the_most_looted_cards_for_a_bloodshard() -> None:
    """After the 4th Combat the biggest loot pile wins the Hunt and a Bloodshard."""
    state = combat(
        [["white-4a"], ["white-1a"]],
        [("triton",), ("ivo",)],
        number=3,
        loot=[["white-2a", "white-3a"], ["white-2b", "white-3b"]],
        shards=[0, 0],
    )
    state, events = fight(state, ["white-4a"], ["white-1a"])
    assert state.hunt_winner == 0 and state.shards == (1, 0)
    assert state.hunt == 2 and state.phase == "combat"  # nobody could pay: next Hunt dealt
    assert any(e["type"] == "hunt-win" for e in events)


def test_a_fully_tied_hunt_gives_every_player_a_bloodshard() -> None:
    """Equal loot counts and coloured counts: nobody wins, everybody gets one."""
    state = combat(
        [["white-2a"], ["white-2b"], ["white-1a"]],
        number=3,
        loot=[["yellow-1a"], ["red-1a"], ["yellow-2a", "white-3a"]],
    )
    state, _ = fight(state, ["white-2a"], ["white-2b"], ["white-1a"])
    # The draw gives each their own card: loot 2, 2 and 3 — seat 2 wins.
    assert state.hunt_winner == 2
    state = combat(
        [["white-2a"], ["white-2b"]], number=3, loot=[["yellow-1a"], ["red-1a"]], shards=[0, 0]
    )
    state, _ = fight(state, ["white-2a"], ["white-2b"])
    assert state.hunt_winner == -1 and state.shards == (1, 1)


def test_a_fully_tied_hunt_pays_every_player_not_only_the_tied() -> None:
    """Three players, two tied on loot and colours ahead of the third: nobody wins, and the
    third gets a Bloodshard too ("every player", as printed)."""
    hands = [["white-2a"], ["white-2b"], ["white-1a"]]
    state = combat(hands, number=3, loot=[["yellow-1a"], ["red-1a"], []], shards=[0, 0, 0])
    state, events = fight(state, *hands)
    assert state.hunt_winner == -1 and state.shards == (1, 1, 1)
    assert any(e["type"] == "hunt-tie" for e in events)


def test_winning_a_hunt_with_five_heroes_wins_the_game() -> None:
    """Five heroes and a won Hunt end the game; four heroes do not."""
    five = ("ivo", "bruno", "mira", "oskar", "sabine")
    state = combat(
        [["white-4a"], ["white-1a"]], [five, ("lenka",)], number=3, loot=[["white-2a"], []]
    )
    state = replace(state, active=(("mira", "oskar"), ("lenka",)))
    state, _events = fight(state, ["white-4a"], ["white-1a"])
    assert state.phase == "over" and state.winner == 0
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking == ((0,), (1,))
    state = combat([["white-4a"], ["white-1a"]], [five[:4], ("lenka",)], number=3)
    state = replace(state, active=(("mira", "oskar"), ("lenka",)))
    state, _ = fight(state, ["white-4a"], ["white-1a"])
    assert state.phase != "over"


def test_the_hunt_that_wins_the_game_is_told_in_the_kinds_the_table_reads() -> None:
    """The table's summary of a Hunt reads events by kind (reveal, hunt-end, hunt-win,
    shard, win): the game-winning Hunt is told in those, each side named with its cards
    and total."""
    five = ("ivo", "bruno", "mira", "oskar", "sabine")
    state = combat(
        [["white-4a"], ["white-1a"]], [five, ("lenka",)], number=3, loot=[["white-2a"], []]
    )
    state = replace(state, active=(("mira", "oskar"), ("lenka",)))
    _state, events = fight(state, ["white-4a"], ["white-1a"])
    told = [(e["type"], e["text"]) for e in events if "to" not in e and e["type"] != "submitted"]
    assert told == [
        (
            "reveal",
            "The fourth Combat: {p0} played white 4 (total 4); "
            "{p1} played white 1 (total 1). {p0} wins.",
        ),
        ("hunt-end", "Hunt 1 is over. Loot: {p0} 3, {p1} 0."),
        ("hunt-win", "{p0} wins Hunt 1 with the most loot, 3 cards."),
        ("shard", "{p0} gets a Bloodshard (the Hunt)."),
        ("win", "{p0} wins the game with 5 heroes!"),
    ]


def test_paying_one_bloodshard_is_told_in_the_singular() -> None:
    """Oskar at a recruit cost of 2 pays one: "pays 1 Bloodshard", as everyone reads it."""
    state = tavern(1, team=("oskar", "ivo"), cost=2)
    top = state.tavern[:2]
    _state, events = act(state, 0, ("pay",))
    names = {seat: f"Player {seat + 1}" for seat in range(2)}
    drawn = " and ".join(hero_name(hero) for hero in top)
    assert [with_names(e["text"], names) for e in events] == [
        f"Player 1 pays 1 Bloodshard and draws {drawn}."
    ]


# -- the tavern ------------------------------------------------------------------------------


def tavern(shards: int, team: Sequence[str] = ("ivo",), cost: int = 3) -> State:
    """Seat 0 at the Tavern with ``shards`` Bloodshards; seat 1 has none."""
    base = new(2)
    rest = [h for h in base.tavern + base.teams[1] + base.teams[0] if h not in team]
    return replace(
        base,
        phase="tavern",
        teams=(tuple(team), (rest[0],)),
        active=(tuple(team)[:2], (rest[0],)),
        tavern=tuple(rest[1:]),
        tavern_known=0,
        shards=(shards, 0),
        queue=(0, 1),
        cost=cost,
    )


def test_paying_three_draws_two_and_one_goes_to_the_bottom() -> None:
    """Pay 3, see two heroes, keep one; the other goes under the Tavern Deck, seen by all."""
    state = tavern(6)
    top = state.tavern[:2]
    state, events = act(state, 0, ("pay",))
    assert state.shards[0] == 3 and state.offer == top
    assert events[0]["text"] == f"{{p0}} pays 3 Bloodshards and draws {_names(top)}."
    assert GAME.legal_actions(state, 0) == [("recruit", top[0]), ("recruit", top[1])]
    state, events = act(state, 0, ("recruit", top[1]))
    assert state.teams[0] == ("ivo", top[1]) and state.tavern[-1] == top[0]
    assert events[0] == {
        "type": "recruit",
        "text": f"{{p0}} recruits {HEROES[top[1]].name}; {hero_name(top[0])} goes to the "
        "bottom of the Tavern Deck.",
    }
    assert GAME.view(state, 1)["tavern_bottom"] == [top[0]]
    # Three left: another recruitment is possible.
    assert ("pay",) in GAME.legal_actions(state, 0)
    state, _ = act(state, 0, ("pay",))
    state, _ = act(state, 0, ("recruit", state.offer[0]))
    # No Bloodshards left and seat 1 has none either: the Tavern closes.
    assert state.hunt == 2 and state.phase == "choose"


def test_the_cheaper_variant_and_oskar_lower_the_cost() -> None:
    """Recruit cost 2 as an option; Oskar takes one more off, never below 1."""
    assert GAME.legal_actions(tavern(2, cost=2), 0)[0] == ("pay",)
    assert GAME.legal_actions(tavern(2, cost=3), 0) == [("done",)] or not GAME.to_act(
        tavern(2, cost=3)
    )
    state = tavern(2, team=("oskar", "ivo"))
    state, _ = act(state, 0, ("pay",))
    assert state.shards[0] == 0
    state = tavern(1, team=("oskar", "ivo"), cost=2)
    state, _ = act(state, 0, ("pay",))
    assert state.shards[0] == 0


def _last_combat(shards: Sequence[int], hunt: int = 1) -> State:
    """The 4th Combat of ``hunt``, which the last seat wins (and the Hunt with it)."""
    players = len(shards)
    hands = [[f"white-{i + 1}a"] for i in range(players - 1)] + [["white-4a"]]
    state = combat(hands, number=3, shards=shards)
    return replace(state, hunt=hunt)


def _end_the_hunt(state: State) -> Match:
    match = match_at(state)
    for seat in range(state.players):
        match.act(seat, ("play", state.hands[seat]))
    return match


def test_a_seat_that_cannot_pay_is_skipped() -> None:
    """At the Tavern only a seat that can pay is asked; with nobody, the Tavern is over at
    once and the next Hunt's heroes are chosen."""
    match = _end_the_hunt(_last_combat([3, 0]))  # the Hunt's Bloodshard: 3 and 1
    assert match.state.phase == "tavern" and match.to_act() == frozenset({0})
    match.act(0, ("done",))
    assert match.state.hunt == 2 and match.state.phase != "tavern"
    match = _end_the_hunt(_last_combat([2, 0]))
    assert match.state.hunt == 2 and match.state.phase != "tavern"
    assert not [text for text in match.log if "leaves the Tavern" in text]


@pytest.mark.parametrize("hunt", [1, 2, 3, 4])
def test_the_taverns_first_visitor_moves_one_seat_on_every_hunt(hunt: int) -> None:
    """Hunt 1 the first seat visits first, Hunt 2 the second, and so on round the table."""
    match = _end_the_hunt(_last_combat([5, 5, 5], hunt=hunt))
    assert match.state.phase == "tavern"
    assert match.to_act() == frozenset({(hunt - 1) % 3})


def test_active_heroes_are_chosen_face_down_before_the_hunt() -> None:
    """With three heroes, each seat stands two up; the choice shows only at the reveal."""
    base = new(2)
    state = replace(
        base,
        phase="choose",
        teams=(("ivo", "bruno", "mira"), ("titus", "felix", "lenka")),
        choosing=((), ()),
    )
    assert GAME.to_act(state) == frozenset({0, 1})
    assert len(GAME.legal_actions(state, 0)) == 3
    state, _ = act(state, 0, ("activate", ("ivo", "mira")))
    assert GAME.view(state, 1)["choosing"] == [] and GAME.view(state, 0)["choosing"] == [
        "ivo",
        "mira",
    ]
    state, _ = act(state, 1, ("activate", ("titus", "felix")))
    assert state.active == (("ivo", "mira"), ("titus", "felix")) and state.phase == "combat"


def test_three_active_heroes_in_the_complex_variant() -> None:
    """The variant stands three heroes up."""
    base = new(2, active_heroes=3)
    state = replace(base, phase="choose", teams=(("ivo", "bruno", "mira", "oskar"), ("titus",)))
    assert GAME.to_act(state) == frozenset({0})
    assert all(len(a[1]) == 3 for a in GAME.legal_actions(state, 0))


# -- heroes ----------------------------------------------------------------------------------


def shards_after(
    hands: Sequence[Sequence[str]],
    teams: Sequence[Sequence[str]],
    number: int = 0,
    loot: Sequence[Sequence[str]] | None = None,
) -> tuple[int, ...]:
    state = combat(hands, teams, number=number, loot=loot)
    state, _ = fight(state, *hands[: state.players])
    return state.shards


def test_titus_ivo_matteo_pay_for_winning_their_combat() -> None:
    """Titus the 1st Combat, Ivo the 2nd, Matteo the 4th."""
    assert shards_after([["white-4a"], ["white-1a"]], [("titus",), ()]) == (1, 0)
    assert shards_after(
        [["white-4a", "white-3a"], ["white-1a", "white-2a"]], [("ivo",), ()], 1
    ) == (1, 0)
    assert shards_after(
        [["white-4a", "white-3a"], ["white-1a", "white-2a"]], [("titus",), ()], 1
    ) == (0, 0)


def test_matteo_wins_the_fourth() -> None:
    """Matteo pays for the 4th Combat (plus the Hunt's Bloodshard)."""
    state = combat(
        [["white-4a"], ["white-1a"]],
        [("matteo",), ()],
        number=3,
        loot=[[], ["white-2a", "white-3a"]],
    )
    state, _ = fight(state, ["white-4a"], ["white-1a"])
    # Matteo pays; the loot ties at two white cards each, so both get the tied Hunt's one.
    assert state.shards == (2, 1)


def test_bruno_and_luther_pay_for_losing_but_not_for_a_draw() -> None:
    """Bruno: losing the 1st Combat; Luther: losing the 3rd; a draw pays neither."""
    assert shards_after([["white-1a"], ["white-4a"]], [("bruno",), ()]) == (1, 0)
    assert shards_after([["white-2a"], ["white-2b"]], [("bruno",), ()]) == (0, 0)
    three = [["white-1a", "white-1b", "white-2a"], ["white-4a", "white-3a", "white-3b"]]
    assert shards_after(three, [("luther",), ()], 2) == (1, 0)
    draw = [["white-1a", "white-2a", "white-3a"], ["white-1b", "white-2b", "white-3b"]]
    assert shards_after(draw, [("luther",), ()], 2) == (0, 0)


def test_felix_pays_for_every_draw() -> None:
    """Felix: a drawn Combat gives a Bloodshard."""
    assert shards_after([["white-2a"], ["white-2b"]], [(), ("felix",)]) == (0, 1)


def test_triton_pays_for_three_colours_in_one_combat() -> None:
    """Three different colours among all the cards played, white one of them (white is a
    Monster colour, though not a "coloured card")."""
    hands = [["yellow-1a", "white-1a"], ["blue-2a", "white-2a"]]
    assert shards_after(hands, [(), ("triton",)], 1) == (0, 1)
    _state, events = fight(combat(hands, [(), ("triton",)], number=1), *hands)
    assert events[-1] == {"type": "shard", "text": "{p1} gets a Bloodshard (Triton)."}
    assert events[-2]["text"].startswith("The second Combat: ")
    hands = [["yellow-1a", "white-1a"], ["white-3a", "white-2a"]]
    assert shards_after(hands, [(), ("triton",)], 1) == (0, 0)


def test_triton_counts_white_but_needs_three_colours() -> None:
    """White, yellow and blue pay Triton; yellow and blue twice over are two colours."""
    teams = [("triton",), (), ()]
    assert shards_after([["white-1a"], ["yellow-1a"], ["blue-2a"]], teams) == (1, 0, 0)
    assert shards_after([["yellow-1a"], ["blue-1a"], ["yellow-2a"]], teams) == (0, 0, 0)


def test_lenka_pays_once_per_hunt_for_a_won_red_combat() -> None:
    """Win with a red card in play: one Bloodshard, and only once per Hunt."""
    state = combat([["red-3a", "red-2a"], ["white-1a", "white-2a"]], [("lenka",), ()])
    state, events = fight(state, ["red-3a"], ["white-1a"])
    assert events[-1] == {"type": "shard", "text": "{p0} gets a Bloodshard (Lenka)."}
    assert state.shards == (1, 0) and state.once[0] == ("lenka",)
    state = replace(state, combat=3)
    state, _ = fight(state, ["red-2a"], ["white-2a"])
    assert state.shards[0] == 1 + 1  # the Hunt's Bloodshard, not Lenka's again
    state = combat([["white-3a"], ["red-1a"]], [("lenka",), ()])
    state, _ = fight(state, ["white-3a"], ["red-1a"])
    assert state.shards == (1, 0)
    state = combat([["white-3a"], ["white-1a"]], [("lenka",), ()])
    state, _ = fight(state, ["white-3a"], ["white-1a"])
    assert state.shards == (0, 0)


def test_morgan_nimrod_benedictus_philippe_angelo_read_the_loot() -> None:
    """Loot abilities pay as soon as the loot qualifies, and only the difference."""
    loot = [
        ["yellow-1a", "white-1a", "white-2a", "white-2b", "white-1b", "white-3a", "yellow-3a"],
        [],
    ]
    teams = [("morgan", "nimrod", "benedictus", "philippe", "angelo"), ()]
    state = combat([["yellow-2a"], ["white-4a"]], teams, loot=loot)
    state, _ = fight(state, ["yellow-2a"], ["white-4a"])
    # Won? No: white 4 beats yellow 2. Seat 1 loots both.
    assert state.shards[0] == 0
    state = combat([["white-4a"], ["yellow-2a"]], teams, loot=loot)
    state, events = fight(state, ["white-4a"], ["yellow-2a"])
    # Morgan +1 (a new yellow), Nimrod +1 (a 4), Angelo +1 (9 cards). Benedictus and
    # Philippe paid when the earlier loot qualified, so they pay nothing more.
    assert state.shards[0] == 3
    told = sorted(e["text"] for e in events if e["type"] == "shard")
    assert told == [
        f"{{p0}} gets a Bloodshard ({name})." for name in ("Angelo", "Morgan", "Nimrod")
    ]


def test_philippe_pays_for_two_cards_of_one_value_and_colour_only() -> None:
    """Two yellows of different values are not identical; two yellow 2s are."""
    teams = [("philippe",), ()]
    hands = [["white-4a"], ["yellow-2a"]]
    assert shards_after(hands, teams, loot=[["yellow-1a"], []]) == (0, 0)
    assert shards_after(hands, teams, loot=[["white-4b"], []]) == (1, 0)
    assert shards_after(hands, teams, loot=[["yellow-2b"], []]) == (1, 0)


def test_clemence_makes_every_yellow_worth_one_for_everyone() -> None:
    """Clemence's player beats a yellow 3 with a white 2."""
    assert shards_after([["white-2a"], ["yellow-3a"]], [("clemence", "titus"), ()]) == (1, 0)
    assert shards_after([["yellow-3a"], ["white-2a"]], [(), ("clemence", "titus")]) == (0, 1)


def test_mira_shena_varden_dragan_change_values_in_combat() -> None:
    """Value heroes decide close Combats."""
    # Blue played: the lowest wins; Shena makes blue 1 worth 0.
    assert shards_after([["blue-1a"], ["white-1a"]], [("shena", "titus"), ()]) == (1, 0)
    # Mira lifts blue 1 to 2: now white 1 is lower.
    assert shards_after([["blue-1a"], ["white-1a"]], [("mira",), ("titus",)]) == (0, 1)
    # Varden: red 1 + 2 beats white 2.
    assert shards_after([["red-1a"], ["white-3a"]], [("varden", "titus"), ()]) == (1, 0)
    # Dragan: white 2 + 1 beats white 3? Equal values, no colours: a draw (Felix pays).
    assert shards_after([["white-2a"], ["white-3a"]], [("dragan",), ("felix",)]) == (0, 1)


def test_selena_and_petra_change_colours_in_their_combat() -> None:
    """Selena's whites count as coloured in the 3rd; Petra's yellows count as red in the 2nd."""
    hands = [["white-1a", "white-2a", "white-3a"], ["yellow-1a", "white-2b", "white-3b"]]
    assert shards_after(hands, [("selena", "felix"), ("felix",)], 2) == (0, 0)
    # Petra: the yellow counts as red, so red overrules the blue and the highest wins.
    hands = [["yellow-3a", "white-1a"], ["blue-1a", "white-2a"]]
    assert shards_after(hands, [("petra", "ivo"), ()], 1) == (1, 0)
    assert shards_after(hands, [("ivo",), ()], 1) == (0, 0)


def test_sabine_takes_a_drawn_combat() -> None:
    """A Combat that would be a draw goes to Sabine's player (not a draw for Felix)."""
    state = combat([["white-2a"], ["white-2b"]], [("sabine",), ("felix",)])
    state, _ = fight(state, ["white-2a"], ["white-2b"])
    assert state.results == (0,) and state.shards == (0, 0)
    assert set(state.loot[0]) == {"white-2a", "white-2b"}


def test_sabine_takes_a_draw_only_among_the_best_totals_with_her_player() -> None:
    """Three players: a draw between the other two best totals stays a draw when Sabine's
    player had the lowest; a draw her player shares at the top is hers."""
    teams = [("sabine",), ("felix",), ("ivo",)]
    hands = [["white-1a"], ["white-3a"], ["white-3b"]]
    state, _ = fight(combat(hands, teams), *hands)
    assert state.results == (DRAW,) and state.shards == (0, 1, 0)
    assert state.loot == (("white-1a",), ("white-3a",), ("white-3b",))
    hands = [["white-3a"], ["white-3b"], ["white-1a"]]
    state, _ = fight(combat(hands, teams), *hands)
    assert state.results == (0,) and state.shards == (0, 0, 0)


def test_sabine_takes_no_draw_her_player_lost_on_coloured_cards() -> None:
    """Equal totals, but the coloured cards leave two others tied: not her draw."""
    teams = [("sabine",), ("felix",), ()]
    hands = [["white-3a"], ["yellow-3a"], ["yellow-3b"]]
    state, _ = fight(combat(hands, teams), *hands)
    assert state.results == (DRAW,) and state.shards == (0, 1, 0)


def test_sabines_text_says_whose_draw_it_takes() -> None:
    """The card's words name the condition the rule applies."""
    assert "best total" in HEROES["sabine"].ability


def test_crow_keeps_one_card_of_a_lost_combat() -> None:
    """Crow's player loses but keeps its best card as loot."""
    state = combat([["yellow-1a", "white-1a"], ["white-4a", "white-3a"]], [("crow",), ()], number=1)
    state, _ = fight(state, ["yellow-1a", "white-1a"], ["white-4a", "white-3a"])
    assert state.loot[0] == ("yellow-1a",)
    assert set(state.loot[1]) == {"white-1a", "white-4a", "white-3a"}


def test_crow_silences_the_other_active_heroes() -> None:
    """With Crow active, Titus pays nothing; in solo Crow silences nobody."""
    state = replace(new(2), active=(("crow", "titus"), ()), teams=(("crow", "titus"), ()))
    assert powers(state, 0) == frozenset({"crow"})
    solo = replace(new(1), teams=(("crow", "titus"), ("felix",)))
    assert powers(solo, 0) == frozenset({"crow", "titus"})


def test_tobias_plays_one_one_four_one() -> None:
    """Tobias's player plays 4 cards in the 3rd Combat and 1 in the 2nd."""
    hand = ["white-1a", "white-2a", "white-3a", "white-4a", "red-1a"]
    state = combat([hand, ["white-1b", "white-2b", "white-3b"]], [("tobias",), ()], number=2)
    assert all(len(a[1]) == 4 for a in GAME.legal_actions(state, 0))
    assert all(len(a[1]) == 3 for a in GAME.legal_actions(state, 1))
    state = replace(state, combat=1)
    assert all(len(a[1]) == 1 for a in GAME.legal_actions(state, 0))


def choose_then_deal(teams: Sequence[Sequence[str]], players: int = 2, seed: int = 3) -> State:
    base = new(players, seed=seed)
    state = replace(base, phase="choose", teams=tuple(tuple(t) for t in teams))
    tavern = replace(state, phase="tavern", queue=(0,), offer=(), shards=(0,) * state.sides)
    return act(tavern, 0, ("done",))[0]


def test_ignatius_is_dealt_eight_cards() -> None:
    """Ignatius's player gets 8 monster cards, the others 7."""
    state = choose_then_deal([("ignatius",), ("ivo",)])
    assert [len(h) for h in state.hands] == [8, 7]


def test_yusuf_swaps_a_card_with_the_top_of_the_deck() -> None:
    """Before the 1st Combat Yusuf's player may swap; they alone know the new top card."""
    state = choose_then_deal([("yusuf",), ("ivo",)])
    assert state.phase == "yusuf" and GAME.to_act(state) == frozenset({0})
    top, card = state.deck[0], state.hands[0][0]
    state, _events = act(state, 0, ("swap", card))
    assert top in state.hands[0] and state.deck[0] == card
    assert GAME.view(state, 0)["top"] == card and GAME.view(state, 1)["top"] is None
    assert state.phase == "combat"


def test_cassandra_guesses_the_top_card_for_a_bloodshard() -> None:
    """A right guess pays; the checked card stays on top, seen by her player alone."""
    state = choose_then_deal([("cassandra",), ("ivo",)])
    assert state.phase == "cassandra"
    value = MONSTER_CARDS[state.deck[0]].value
    before = state.shards[0]
    right, _ = act(state, 0, ("guess", value))
    wrong, _ = act(state, 0, ("guess", value % 4 + 1))
    assert right.shards[0] == before + 1 and wrong.shards[0] == before
    assert GAME.view(right, 0)["top"] == state.deck[0] and right.deck == state.deck
    assert GAME.view(right, 1)["top"] is None


@pytest.mark.parametrize("right", [True, False])
def test_cassandras_checked_card_is_private_to_her_player(right: bool) -> None:
    """Only her player checks the card (GAME_DATA: "look at it alone ... the others learn
    only whether you were right"): no other seat's view, event or log line names it or its
    value, so Yusuf's player swaps as blind as without her."""
    state = choose_then_deal([("cassandra",), ("yusuf",), ("ivo",)], players=3)
    top = state.deck[0]
    value = MONSTER_CARDS[top].value
    guess = value if right else value % 4 + 1
    match = match_at(state)
    events = match.act(0, ("guess", guess))
    names = ["Ann", "Bob", "Cid"]
    secret = {top, monster_name(top), str(value), str(guess)}
    for seat in (1, 2, None):
        told = " ".join(with_names(e["text"], names) for e in visible_events(events, seat))
        assert not [s for s in secret if s in told], (seat, told)
        view = match.view(seat)
        assert top not in str(view) and monster_name(top) not in str(view)
        assert view["guess"] == {"seat": 0, "right": right, "value": None, "top_value": None}
    said = " ".join(with_names(text, names) for text in match.log)
    assert not [s for s in secret if s in said] and ("right" in said) is right
    mine = " ".join(e["text"] for e in visible_events(events, 0))
    assert monster_name(top) in mine and match.view(0)["top"] == top
    assert match.to_act() == frozenset({1}) and match.view(1)["top"] is None
    shuffled = GAME.determinize(match.state, 1, random.Random(1))
    assert GAME.view(shuffled, 1) == match.view(1)


def test_cassandra_guesses_before_yusuf_may_swap() -> None:
    """Cassandra guesses right after the deal, blind; Yusuf's swap comes after.

    Rulebook: "After each player is dealt their cards, you have to guess the value of the top
    card of the Monster Deck." With Yusuf first, a player with both heroes active put a card
    they knew on top and could never guess wrong.
    """
    state = choose_then_deal([("yusuf", "cassandra"), ("ivo",)])
    assert state.phase == "cassandra" and GAME.to_act(state) == frozenset({0})
    assert GAME.view(state, 0)["top"] is None
    top = state.deck[0]
    state, _ = act(state, 0, ("guess", 1))
    assert state.phase == "yusuf" and state.guess[2] == MONSTER_CARDS[top].value
    assert GAME.view(state, 0)["top"] == top and GAME.view(state, 1)["top"] is None
    card = state.hands[0][0]
    state, _ = act(state, 0, ("swap", card))
    assert top in state.hands[0] and state.deck[0] == card and state.phase == "combat"
    assert GAME.view(state, 0)["top"] == card and GAME.view(state, 1)["top"] is None


# -- Hero Draft ------------------------------------------------------------------------------


def test_the_draft_passes_to_the_player_on_the_right() -> None:
    """Rulebook: "pass the remaining cards to the player on your right": the previous seat."""
    state = new(4, draft=True)
    hands = state.draft_hands
    for seat in range(4):
        state, _ = act(state, seat, ("pick", state.draft_hands[seat][0]))
    for seat in range(4):
        assert state.draft_hands[(seat - 1) % 4] == hands[seat][1:]


def test_the_hero_draft_builds_local_tavern_decks() -> None:
    """Six each, pick and pass five times; the last goes back; the first recruit is free."""
    state = new(3, draft=True)
    assert state.phase == "draft" and all(len(h) == 6 for h in state.draft_hands)
    passed = state.draft_hands[0]
    state, _ = act(state, 0, ("pick", passed[0]))
    assert "draft_hand" in GAME.view(state, 1) and passed[0] not in str(GAME.view(state, 1))
    state, _ = act(state, 1, ("pick", state.draft_hands[1][0]))
    state, _ = act(state, 2, ("pick", state.draft_hands[2][0]))
    assert state.draft_hands[2] == passed[1:]  # passed to the right: the previous seat
    for _ in range(4):
        for seat in range(3):
            state, events = act(state, seat, ("pick", state.draft_hands[seat][0]))
    assert state.phase == "start" and all(len(lo) == 5 for lo in state.local)
    assert events[-1] == {
        "type": "draft",
        "text": "The draft is over: the last heroes go back to the Tavern Deck. Everyone "
        "recruits a first hero from their Local Tavern Deck.",
    }
    assert len(state.tavern) == 27 - 15
    for seat in range(3):
        state, _ = act(state, seat, ("start", state.local[seat][0]))
    assert all(len(t) == 1 for t in state.teams) and state.shards == (1, 1, 1)
    assert all(len(lo) == 4 for lo in state.local)


def test_draft_recruits_any_local_hero_for_the_cost() -> None:
    """In the Tavern a draft player pays to recruit straight from the Local Tavern Deck."""
    state = replace(
        new(2, draft=True),
        phase="tavern",
        queue=(0, 1),
        shards=(3, 0),
        local=(("ivo", "mira"), ("titus",)),
        teams=(("bruno",), ("lenka",)),
        draft_hands=((), ()),
    )
    assert GAME.legal_actions(state, 0) == [("recruit", "ivo"), ("recruit", "mira"), ("done",)]
    state, _ = act(state, 0, ("recruit", "mira"))
    assert state.teams[0] == ("bruno", "mira") and state.shards[0] == 0


# -- Solo ------------------------------------------------------------------------------------


def test_the_reavers_play_from_the_top_of_their_pile() -> None:
    """The player's cards alone are chosen; the Reavers answer with their pile's top cards."""
    state = combat(
        [["white-4a", "white-1a"], ["white-2a", "white-3a"]], [("ivo",), ("titus",)], players=1
    )
    assert GAME.to_act(state) == frozenset({0})
    state, _ = act(state, 0, ("play", ("white-1a",)))
    assert state.plays == ((("white-1a",), ("white-2a",)),)
    assert state.results == (1,) and state.shards == (0, 1)
    assert state.hands[1] == ("white-3a",)


def test_the_reavers_hire_the_top_reaver_when_they_can_pay() -> None:
    """After the Hunt the Reavers hire from the top of their deck while they can pay."""
    state = combat(
        [["white-1a"], ["white-4a"]],
        [("ivo",), ("titus", "felix")],
        players=1,
        number=3,
        loot=[[], ["white-2a"]],
    )
    state = replace(state, shards=(0, 5), reaver_tavern=("morgan", "nimrod", "shena"))
    state, events = act(state, 0, ("play", ("white-1a",)))
    # +1 Titus? No (4th Combat): +1 Hunt = 6 Bloodshards: two hires.
    assert state.teams[1] == ("titus", "felix", "morgan", "nimrod")
    hired = [e["text"] for e in events if e["type"] == "recruit"]  # the summary reads these
    assert hired == [
        f"The Reavers pay 3 and hire {HEROES['morgan'].name}.",
        f"The Reavers pay 3 and hire {HEROES['nimrod'].name}.",
    ]
    assert state.shards[1] == 0 and state.reaver_tavern == ("shena",)


def test_solo_ends_in_defeat_when_the_reavers_win_with_five() -> None:
    """The Reavers winning a Hunt with five heroes beats the player."""
    reavers = ("titus", "felix", "morgan", "nimrod", "shena")
    state = combat([["white-1a"], ["white-4a"]], [("ivo",), reavers], players=1, number=3)
    state, events = act(state, 0, ("play", ("white-1a",)))
    told = [e["text"] for e in events if e["type"] in ("reveal", "hunt-end", "win")]
    assert told == [
        "The fourth Combat: {p0} played white 1 (total 1); "
        "the Reavers played white 4 (total 4). The Reavers team wins.",
        "Hunt 1 is over. Loot: {p0} 0, the Reavers 2.",
        "The Reavers team wins the game with 5 heroes!",
    ]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0,) and "Reavers" in outcome.note


def test_the_reavers_pay_the_variants_recruit_cost() -> None:
    """Recruit cost 2 applies to both sides: the Reavers hire for 2 Bloodshards too."""
    state = combat(
        [["white-1a"], ["white-4a"]], [("ivo",), ("titus",)], players=1, number=3, shards=[0, 1]
    )
    state = replace(state, cost=2, reaver_tavern=("morgan", "nimrod"))
    state, _ = act(state, 0, ("play", ("white-1a",)))  # the Hunt's Bloodshard: 2
    assert state.teams[1] == ("titus", "morgan") and state.shards[1] == 0


def test_solo_ignores_three_active_heroes_every_hero_is_active() -> None:
    """Solo with the three-active option and four heroes: nobody chooses, all four act."""
    four = ("ivo", "bruno", "mira", "lenka")
    base = new(1, active_heroes=3)
    assert base.actives == 3
    state = replace(
        base, phase="tavern", queue=(0,), offer=(), shards=(0, 0), teams=(four, base.teams[1])
    )
    match = match_at(state)
    match.act(0, ("done",))
    assert match.state.phase != "choose" and match.state.hunt == 2
    assert not [a for a in match.legal(0) if a[0] == "activate"]
    assert set(four) <= powers(match.state, 0)


def test_solo_reaching_the_hunt_limit_is_a_loss() -> None:
    """The last Hunt won by the player with fewer than five heroes: the Reavers hold the
    field, and nobody won."""
    state = combat([["white-4a"], ["white-1a"]], [("ivo",), ("titus",)], players=1, number=3)
    state, _ = act(replace(state, hunt=MAX_HUNTS), 0, ("play", ("white-4a",)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0,)
    assert outcome.lost_to == "the Reavers" and outcome.winners() == ()


def test_solo_ends_in_victory_when_the_player_wins_with_five() -> None:
    """The player winning a Hunt with five heroes beats the Reavers."""
    team = ("ivo", "bruno", "mira", "oskar", "sabine")
    state = combat([["white-4a"], ["white-1a"]], [team, ("titus",)], players=1, number=3)
    state, _ = act(state, 0, ("play", ("white-4a",)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (1,)
    assert outcome.breakdown == ({"beat the Reavers": 1},) and outcome.winners() == (0,)


# -- the bound and whole games ---------------------------------------------------------------


def test_the_game_ends_after_the_last_hunt() -> None:
    """The 40th Hunt without a winner ends the game: biggest team first."""
    state = combat([["white-1a"], ["white-4a"]], [("ivo", "mira"), ("titus",)], number=3)
    state = replace(state, hunt=MAX_HUNTS)
    state, _events = fight(state, ["white-1a"], ["white-4a"])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking == ((0,), (1,)) and outcome.note


def test_a_wrong_number_of_cards_is_refused_with_a_reason() -> None:
    """Playing two cards in the first Combat is refused and says how many."""
    match = Match.new("shardhunters", 2, seed=0)
    with pytest.raises(IllegalAction, match="exactly 1 card"):
        match.act(0, ("play", match.state.hands[0][:2]))


@settings(max_examples=15, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(0, 10_000),
    st.sampled_from([{}, {"recruit_cost": 2}, {"active_heroes": 3}, {"draft": True}]),
)
def test_random_games_end_and_keep_every_card(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """Any random game ends within the Hunt limit, losing and duplicating no card."""
    match = Match.new("shardhunters", players, seed=seed, options=options)
    census = GAME.census(match.state)
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal(seat)))
        assert GAME.census(match.state) == census
    assert match.state.hunt <= MAX_HUNTS
    assert Counter(GAME.census(match.state)) == census


# -- the deal of a new game --------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_first_hunts_deal_reaches_the_log_and_each_seat(players: int) -> None:
    """The setup deals Hunt 1 as every later Hunt is dealt: the log says so, and each seat
    alone is told its hand."""
    match = Match.new("shardhunters", players, seed=4)
    assert "Hunt 1: the monsters are dealt." in match.log
    assert not [text for text in match.log if text.startswith("You")]
    for seat in range(players):
        told = [e["text"] for e in visible_events(match.opening, seat) if "to" in e]
        assert len(told) == 1 and told[0].startswith("You are dealt ")
        assert all(monster_name(card) in told[0] for card in match.state.hands[seat])
    assert not [e for e in visible_events(match.opening, None) if "to" in e]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_setup_given_no_options_is_the_default_game(players: int) -> None:
    """The options' declared defaults and none at all deal the same game (hunters sim and
    the benches set games up without options)."""
    defaults = validate_options(GAME, {})
    assert defaults["draft"] is False
    assert GAME.view(new(players), 0)["level"] == ("normal" if players == 1 else "")
    bare = GAME.setup(players, random.Random(3), {})
    assert bare == GAME.setup(players, random.Random(3), defaults)


def test_titus_is_named_when_he_pays() -> None:
    hands = [["white-4a", "white-3a"], ["white-1a", "white-2a"]]
    _state, events = fight(combat(hands, [("titus",), ()]), ["white-4a"], ["white-1a"])
    assert [e["text"] for e in events if e["type"] == "shard"] == [
        "{p0} gets a Bloodshard (Titus)."
    ]


def _names(heroes: Sequence[str]) -> str:
    return " and ".join(hero_name(hero) for hero in heroes)
