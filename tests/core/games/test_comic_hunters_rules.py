"""Comic Hunters' rules, one behaviour per test, per location and per player count."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine import Action, IllegalAction
from core.games.comic_hunters.assembly import begin_assembly
from core.games.comic_hunters.data import CARD, CARDS, DUAL_PAIRS, HERO_NAMES, HEROES, HIGHLIGHTS
from core.games.comic_hunters.rules import COMIC_HUNTERS as GAME
from core.games.comic_hunters.rules import _begin, final_outcome
from core.games.comic_hunters.scoring import score_sheet
from core.games.comic_hunters.state import State, jarvis_hero, titles
from core.match import Match, visible_events

SPOTS = {"store": (0, 0), "flea": (0, 1), "auction": (1, 1), "convention": (0, 2)}
_DECKS = ("store_deck", "flea_deck", "auction_deck", "convention_deck", "removed")


def fresh(players: int, seed: int = 0, **options: Any) -> State:
    state: State = GAME.setup(players, random.Random(seed), options)
    return state


def cleared(state: State) -> State:
    """The setup state with the first Store's packs back in the Store deck."""
    assert state.store is not None
    cards = tuple(c for pack in state.store.packs for c in pack)
    return replace(state, store=None, store_deck=cards + state.store_deck, location="")


def at(players: int, location: str, seed: int = 0, **changes: Any) -> State:
    """A fresh game opened at ``location`` (changes applied before the location opens)."""
    round_, step = SPOTS[location]
    state = replace(cleared(fresh(players, seed)), round=round_, step=step, **changes)
    return _begin(state)[0]


def take_out(state: State, cards: list[str]) -> State:
    """``state`` with ``cards`` removed from the decks (to be put somewhere by the test)."""
    for deck in _DECKS:
        kept = tuple(c for c in getattr(state, deck) if c not in cards)
        state = replace(state, **{deck: kept})
    return state


def with_hand(state: State, seat: int, cards: list[str]) -> State:
    """``seat`` holds exactly ``cards`` (taken from the decks; its old hand goes back)."""
    old = state.hands[seat]
    state = take_out(state, cards)
    state = replace(state, convention_deck=state.convention_deck + old)
    return replace(
        state, hands=state.hands[:seat] + (tuple(sorted(cards)),) + state.hands[seat + 1 :]
    )


def cards_of(
    hero: str, value: int | None = None, single: bool = True, icon: str | None = None
) -> list[str]:
    return [
        c.id
        for c in CARDS
        if hero in c.heroes
        and (value is None or c.value == value)
        and (len(c.heroes) == 1) == single
        and (icon is None or icon in c.highlights)
    ]


def act(state: State, seat: int, action: Action) -> State:
    """Take a legal action through Match (its checks, then apply); no card lost or made."""
    legal = GAME.legal_actions(state, seat)
    assert action in legal, f"{action} not in {legal[:12]}"
    match = match_at(state)
    match.act(seat, action)
    assert GAME.census(match.state) == GAME.census(state)
    return match.state


def play_location(state: State, choose: Callable[[State, int, list[Action]], Action]) -> State:
    """Play until the location changes."""
    location = state.location
    while state.location == location:
        seat = min(GAME.to_act(state))
        state = act(state, seat, choose(state, seat, list(GAME.legal_actions(state, seat))))
    return state


def first_action(state: State, seat: int, legal: list[Action]) -> Action:
    return legal[0]


# -- data and setup -------------------------------------------------------------------------


def test_there_are_135_cards_45_per_age() -> None:
    """135 cards, 45 of each market value, unique ids."""
    assert len(CARDS) == 135 == len({c.id for c in CARDS})
    assert Counter(c.value for c in CARDS) == {1: 45, 2: 45, 3: 45}


@pytest.mark.parametrize("value", [1, 2, 3])
def test_each_age_has_five_cards_per_hero_and_five_team_ups(value: int) -> None:
    """Per age: 5 single-hero cards for each hero and 5 two-hero cards."""
    age = [c for c in CARDS if c.value == value]
    singles = Counter(c.heroes[0] for c in age if len(c.heroes) == 1)
    assert singles == dict.fromkeys(HEROES, 5)
    assert sum(1 for c in age if len(c.heroes) == 2) == 5


@pytest.mark.parametrize("value", [1, 2, 3])
def test_each_age_has_six_icons_of_each_highlight(value: int) -> None:
    """30 icons per age, 6 of each; 20 cards with one, 5 with two, 20 with none."""
    age = [c for c in CARDS if c.value == value]
    icons = Counter(i for c in age for i in c.highlights)
    assert icons == dict.fromkeys(HIGHLIGHTS, 6)
    assert Counter(len(c.highlights) for c in age) == {0: 20, 1: 20, 2: 5}


def test_every_hero_shares_cards_with_three_partners() -> None:
    """Two-hero pairs rotate over the ages: at least three partners per hero."""
    partners: dict[int, set[int]] = {h: set() for h in range(8)}
    for pairs in DUAL_PAIRS.values():
        for a, b in pairs:
            partners[a].add(b)
            partners[b].add(a)
    assert all(len(p) >= 3 for p in partners.values())


@pytest.mark.parametrize("players", [1, 2, 3])
def test_one_to_three_players_remove_two_heroes(players: int) -> None:
    """Two heroes leave: their single cards are out of the decks; the track has 1/2/3."""
    state = fresh(players)
    assert len(state.removed_heroes) == 2
    assert [len(row) for row in state.trending] == [1, 2, 3]
    assert not set(state.removed_heroes) & {h for row in state.trending for h in row}
    decks = state.store_deck + state.flea_deck + state.auction_deck + state.convention_deck
    assert all(not all(h in state.removed_heroes for h in CARD[c].heroes) for c in decks)
    assert all(all(h in state.removed_heroes for h in CARD[c].heroes) for c in state.removed)


def test_four_players_keep_all_heroes() -> None:
    """Four players: all eight heroes, Trending rows of 1, 3 and 4."""
    state = fresh(4)
    assert state.removed_heroes == () and state.removed == ()
    assert [len(row) for row in state.trending] == [1, 3, 4]


@pytest.mark.parametrize(
    ("players", "counts"), [(1, (6, 10, 10)), (2, (6, 10, 10)), (3, (10,) * 3), (4, (10,) * 3)]
)
def test_the_convention_deck_by_player_count(players: int, counts: tuple[int, ...]) -> None:
    """3–4 players: 10/10/10; 1–2 players: 6/10/10."""
    state = fresh(players)
    values = Counter(CARD[c].value for c in state.convention_deck)
    assert (values[1], values[2], values[3]) == counts


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_secret_stash_starts_at_fifteen(players: int) -> None:
    """Players (and Jarvis) start with 15; seat 1 is the First Player; Store first."""
    state = fresh(players)
    assert state.stash == (15,) * players and state.jarvis_stash == 15
    assert state.first == 0 and state.location == "store"
    assert sum(GAME.census(state).values()) == 135


def test_beginner_highlight_markers() -> None:
    """Beginner: Number One, First Appearance, then one of the other three."""
    for seed in range(6):
        tracks = fresh(3, seed).tracks
        assert tracks[:2] == ("number-one", "first-appearance")
        assert tracks[2] in ("new-look", "special-edition", "epic-battle")


def test_advanced_highlight_markers_are_three_random() -> None:
    """Advanced: three different markers drawn at random."""
    drawn = {fresh(3, seed, highlights="advanced").tracks for seed in range(8)}
    assert all(len(set(t)) == 3 for t in drawn) and len(drawn) > 1


# -- Store -------------------------------------------------------------------------------------


def test_store_three_players_pick_simultaneously_and_pass_left() -> None:
    """Everyone picks at once; then seat 1's pack goes to seat 2 (left)."""
    state = fresh(3)
    assert GAME.to_act(state) == {0, 1, 2}
    assert state.store is not None and [len(p) for p in state.store.packs] == [4, 4, 4]
    pack0 = state.store.packs[0]
    state = act(state, 0, ("pick", pack0[0]))
    assert GAME.to_act(state) == {1, 2}
    assert GAME.view(state, 1)["store"]["pack"] == list(state.store.packs[1])
    assert pack0[0] not in str(GAME.view(state, 1))
    state = act(state, 1, GAME.legal_actions(state, 1)[0])
    match = match_at(state)
    events = match.act(2, match.legal(2)[0])
    state = match.state
    assert state.store is not None and state.store.packs[1] == pack0[1:]
    assert "The Store cards pass to the left." in [e["text"] for e in events]
    for seat in range(3):
        told = [e["text"] for e in visible_events(events, seat) if e.get("type") == "pack"]
        assert told == [f"You receive {titles(state.store.packs[seat])}."]


def test_store_ends_with_four_cards_each() -> None:
    """Pick, pass, pick, pass, pick, pass, and the last card: four cards per player."""
    state = play_location(fresh(4), first_action)
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]
    assert state.location == "flea"
    match = Match.new("comic-hunters", 4, seed=0)
    while match.state.location == "store":
        seat = min(match.to_act())
        events = match.act(seat, match.legal(seat)[0])
    assert [e for e in events if e["type"] == "store"] == [
        {"type": "store", "text": "The Store draft is over."}
    ]
    last = [e for e in events if e["text"].startswith("You take the last card, ")]
    assert [e["to"] for e in last] == [0, 1, 2, 3]
    for e in last:  # the one card left in the pack passed on, named to its taker alone
        hand = match.state.hands[e["to"]]
        assert any(e["text"] == f"You take the last card, {titles([c])}." for c in hand)


def test_store_passes_right_in_round_two() -> None:
    """Round 2: seat 1's pack goes to the seat on its right (the last seat)."""
    state = _begin(replace(cleared(fresh(3)), round=1, step=0))[0]
    assert state.store is not None and state.store.direction == -1
    pack0 = state.store.packs[0]
    for seat in range(3):
        state = act(state, seat, ("pick", state.store.packs[seat][-1]))
    assert state.store.packs[2] == pack0[:-1]


def test_store_two_players_pick_and_box_from_seven() -> None:
    """Two players: seven cards, pick one and box one each pass; four each, six boxed."""
    state = fresh(2)
    assert state.store is not None and [len(p) for p in state.store.packs] == [7, 7]
    pack = state.store.packs[0]
    state = act(state, 0, ("pick", pack[0]))
    assert GAME.legal_actions(state, 0) == [("box", c) for c in pack[1:]]
    events = match_at(state).act(0, ("box", pack[1]))
    assert [(e["type"], e["text"], e.get("to")) for e in events][:2] == [
        ("box", f"You return {titles([pack[1]])} to the box.", 0),
        ("box", "{p0} returns a card to the box.", None),
    ]
    state = play_location(state, first_action)
    assert [len(h) for h in state.hands] == [4, 4] and len(state.box) == 6


def test_solo_store_buys_three_keeps_two_twice() -> None:
    """Solo: three cards, keep two, Jarvis gets one; twice: four for you, two for Jarvis."""
    state = fresh(1)
    assert state.store is not None and len(state.store.packs[0]) == 3
    state = play_location(state, first_action)
    assert len(state.hands[0]) == 4
    assert sum(len(cards) for _, cards in state.jarvis) == 2


# -- Flea Market -------------------------------------------------------------------------------


def test_flea_three_players_rows_start_with_one_card() -> None:
    """One row per player, each with one revealed card; the First Player starts."""
    state = at(3, "flea", first=1)
    assert state.flea is not None
    assert [len(r) for r in state.flea.rows] == [1, 1, 1] and state.flea.caps == (4, 4, 4)
    assert GAME.to_act(state) == {1}


def test_flea_reveal_fills_a_row_up_to_four() -> None:
    """Reveal puts a card in a row; a full row takes no more."""
    state = at(3, "flea")
    for seat in (0, 1, 2):
        card = state.flea_deck[0]
        told = match_at(state).act(seat, ("reveal", 0))[0]["text"]
        assert told == f"{{p{seat}}} reveals {titles([card])} into row 1."
        state = act(state, seat, ("reveal", 0))
    assert state.flea is not None and len(state.flea.rows[0]) == 4
    assert ("reveal", 0) not in GAME.legal_actions(state, 0)
    assert ("take-row", 0) in GAME.legal_actions(state, 0)


def test_flea_taking_a_row_ends_the_visit() -> None:
    """A player who takes a row leaves; turns skip them; then the marker is handed on."""
    state = at(3, "flea")
    assert state.flea is not None
    row = state.flea.rows[1]
    state = act(state, 0, ("take-row", 1))
    assert set(row) <= set(state.hands[0])
    assert GAME.to_act(state) == {1}
    state = act(state, 1, ("take-row", 0))
    assert GAME.to_act(state) == {2}
    state = act(state, 2, ("take-row", 2))
    assert state.location == "give-first" and GAME.to_act(state) == {0}
    state = act(state, 0, ("give-first", 2))
    assert state.first == 2 and state.location == "convention"


def test_flea_two_players_rows_of_four_three_two() -> None:
    """Two players: three rows of at most 4, 3 and 2 cards."""
    state = at(2, "flea")
    assert state.flea is not None and state.flea.caps == (4, 3, 2)
    assert len(state.flea.rows) == 3


def test_flea_two_players_opponent_completes_then_rest_to_convention() -> None:
    """After one takes a row, the other fills rows alone; the unchosen row is shuffled away."""
    state = at(2, "flea")
    first = state.first
    other = 1 - first
    state = act(state, first, ("take-row", 2))
    assert GAME.to_act(state) == {other}
    state = act(state, other, ("reveal", 0))
    assert GAME.to_act(state) == {other}
    assert state.flea is not None
    left = state.flea.rows[1]
    events = match_at(state).act(other, ("take-row", 0))
    rest = [e for e in events if "unchosen" in e["text"]]
    assert [e["type"] for e in rest] == ["flea"] and len(left) == 1
    assert rest[0]["text"] == "1 unchosen card goes to the Convention deck."
    state = act(state, other, ("take-row", 0))
    assert state.location == "convention" and state.convention is not None
    assert set(left) <= set(state.convention_deck) | set(state.convention.grid)
    assert not set(left) & set(state.hands[0] + state.hands[1])


def test_solo_flea_rows_follow_the_trending_track() -> None:
    """Solo: rows of at most 2, 3, 4; Jarvis reveals into the row of the card's best hero."""
    state = at(1, "flea")
    assert state.flea is not None and state.flea.caps == (2, 3, 4)
    match = match_at(state)
    events = match.act(0, ("reveal", 2))
    card = match.state.flea.rows[2][1] if match.state.flea else ""
    assert events[0] == {
        "type": "reveal",
        "text": f"{{p0}} reveals {titles([card])} into row 3.",
    }
    assert len(events) == 2 and events[1]["text"].startswith("Jarvis reveals ")
    state = act(state, 0, ("reveal", 2))
    flea = state.flea
    assert flea is not None and sum(len(r) for r in flea.rows) == 5


@pytest.mark.parametrize(
    ("trending", "row"),
    [
        ((("black-widow",), (), ("captain-america",)), 0),  # Black Widow tops the track
        ((("captain-america",), ("black-widow",), ()), 1),
        ((("captain-america",), (), ("iron-man",)), 2),  # no marker: the bottom row
    ],
)
def test_solo_jarvis_reveals_into_the_row_of_the_cards_hero(
    trending: tuple[tuple[str, ...], ...], row: int
) -> None:
    """Jarvis' card (Black Widow's here) goes into the row of its hero's Trending place."""
    state = at(1, "flea")
    jarvis_card = state.flea_deck[1]
    assert CARD[jarvis_card].heroes == ("black-widow",)
    state = replace(state, trending=trending)
    after = act(state, 0, ("reveal", 2))
    assert after.flea is not None and after.flea.rows[row][-1] == jarvis_card


def test_solo_flea_jarvis_completes_and_buys_the_longest_row() -> None:
    """You take a row early: Jarvis fills the other rows and buys the longest."""
    state = at(1, "flea")
    before = sum(len(c) for _, c in state.jarvis)
    events = match_at(state).act(0, ("take-row", 0))
    assert {"type": "take-row", "text": "Jarvis buys row 3."} in events
    state = act(state, 0, ("take-row", 0))
    bought = sum(len(c) for _, c in state.jarvis) - before
    assert bought == 4  # the row of at most four is the longest once full
    assert state.location == "convention"


# -- Auction Website ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "sizes"), [(2, [4, 3]), (3, [5, 4, 3]), (4, [5, 4, 4, 3])])
def test_auction_lots_by_player_count(players: int, sizes: list[int]) -> None:
    """Lots of 5, 4…, 3 cards (two players: 4 and 3)."""
    state = at(players, "auction")
    assert state.auction is not None and [len(lot) for lot in state.auction.lots] == sizes


def test_auction_bidding_and_one_win_per_player() -> None:
    """Open, outbid, pass: the leader pays and takes the lot and cannot bid again."""
    state = at(3, "auction")
    assert GAME.to_act(state) == {0}
    assert GAME.view(state, 0)["auction"]["opener"] == -1
    lot = state.auction.lots[0] if state.auction else ()
    state = act(state, 0, ("open", 0, 2))
    assert GAME.to_act(state) == {1}
    assert ("bid", 2) not in GAME.legal_actions(state, 1)
    state = act(state, 1, ("bid", 5))
    state = act(state, 2, ("pass",))
    events = match_at(state).act(0, ("pass",))
    assert {"type": "win", "text": f"{{p1}} wins lot 1 for 5: {titles(lot)}."} in events
    state = act(state, 0, ("pass",))
    assert state.stash[1] == 10 and len(state.hands[1]) == 5
    # The opener lost, so the opener chooses the next lot; seat 2 (not 1) may bid. Nobody
    # has opened that lot yet: the view says so (a mutant kept the last lot's opener).
    assert GAME.to_act(state) == {0}
    assert GAME.view(state, 2)["auction"]["opener"] == -1
    state = act(state, 0, ("open", 1, 1))
    assert GAME.to_act(state) == {2}


def test_auction_opener_who_wins_hands_the_choice_left() -> None:
    """If the opener wins, the next player to the left who has not won chooses."""
    state = at(4, "auction")
    state = act(state, 0, ("open", 0, 3))
    for seat in (1, 2, 3):
        state = act(state, seat, ("pass",))
    assert state.stash[0] == 12 and GAME.to_act(state) == {1}
    assert GAME.view(state, 1)["auction"]["opener"] == -1


def test_auction_last_lot_is_forced_at_one_per_card() -> None:
    """The player who won nothing takes the last lot, paying its number of cards."""
    state = at(2, "auction")
    state = act(state, 0, ("open", 0, 4))
    state = act(state, 1, ("pass",))
    assert state.stash == (11, 12) and len(state.hands[1]) == 3
    assert state.location == "convention"


def test_auction_last_lot_paid_in_part() -> None:
    """Short of points: spend them all, choose that many cards; the rest to the Convention."""
    state = at(2, "auction", stash=(15, 2))
    state = act(state, 0, ("open", 0, 0))
    state = act(state, 1, ("pass",))
    assert state.auction is not None and state.auction.picks == 2 and GAME.to_act(state) == {1}
    lot = state.auction.lots[1]
    state = act(state, 1, ("keep", lot[0]))
    state = act(state, 1, ("keep", lot[1]))
    assert state.stash[1] == 0 and set(lot[:2]) <= set(state.hands[1])
    assert state.convention is not None
    assert lot[2] in state.convention_deck + state.convention.grid


def test_no_bid_above_the_secret_stash() -> None:
    """A bid can never take the Secret Stash below zero."""
    state = at(3, "auction", stash=(15, 3, 15))
    state = act(state, 0, ("open", 0, 1))
    assert max(a[1] for a in GAME.legal_actions(state, 1) if a[0] == "bid") == 3


def test_solo_a_lot_costing_the_whole_stash_can_be_bought() -> None:
    state = replace(at(1, "auction"), stash=(5,))
    assert ("buy-lot", 0) in GAME.legal_actions(state, 0)
    assert act(state, 0, ("buy-lot", 0)).stash == (0,)


def test_solo_auction_fixed_prices_and_jarvis_pays() -> None:
    """Solo: the 4-card lot costs 5, the 3-card lot 1; Jarvis takes and pays for the other."""
    state = at(1, "auction")
    lot = state.auction.lots[0] if state.auction else ()
    events = match_at(state).act(0, ("buy-lot", 0))
    assert [(e["type"], e["text"]) for e in events][:2] == [
        ("win", f"{{p0}} buys lot 1 for 5: {titles(lot)}."),
        ("win", "Jarvis buys lot 2 for 1."),
    ]
    state = act(state, 0, ("buy-lot", 0))
    assert state.stash == (10,) and state.jarvis_stash == 14
    assert len(state.hands[0]) == 4 and sum(len(c) for _, c in state.jarvis) == 3


# -- Convention --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(1, 17), (2, 20), (3, 24), (4, 24)])
def test_convention_grid_size(players: int, cards: int) -> None:
    """24 cards (no centre), 20 (no centre, no corners), solo 17 (edges and centre)."""
    state = at(players, "convention")
    assert state.convention is not None
    grid = state.convention.grid
    assert sum(c is not None for c in grid) == cards
    if players >= 3:
        assert grid[12] is None
    if players == 2:
        assert all(grid[i] is None for i in (0, 4, 12, 20, 24))
    if players == 1:
        assert grid[12] is not None and grid[6] is None


def test_convention_snake_order() -> None:
    """First Player clockwise, the last player twice, back to the First Player."""
    state = at(3, "convention", first=1)
    assert state.convention is not None
    assert [s for s, _ in state.convention.turns] == [1, 2, 0, 0, 2, 1]


def test_convention_two_players_alternate() -> None:
    """Two players alternate until each has taken twice."""
    state = at(2, "convention")
    assert state.convention is not None
    first = state.first
    assert [s for s, _ in state.convention.turns] == [first, 1 - first, first, 1 - first]


def test_convention_slide_through_empty_spaces_then_take() -> None:
    """A card slides only through empty spaces; then a hero's cards in a line are taken."""
    state = at(3, "convention")
    assert state.convention is not None
    slides = [a for a in GAME.legal_actions(state, 0) if a[0] == "slide"]
    # Only the centre is empty: the four cards around it can slide there.
    assert sorted(a[1] for a in slides) == [7, 11, 13, 17] and all(a[2] == 12 for a in slides)
    card = state.convention.grid[7]
    assert card is not None
    events = match_at(state).act(0, ("slide", 7, 12))
    assert [e["text"] for e in events] == [
        f"{{p0}} slides {titles([card])} from row 2, column 3 to row 3, column 3."
    ]
    state = act(state, 0, ("slide", 7, 12))
    assert not [a for a in GAME.legal_actions(state, 0) if a[0] == "slide"]
    hero = CARD[card].heroes[0]
    events = match_at(state).act(0, ("take", hero, "row", 2))
    assert events[0]["type"] == "take" and events[0]["text"].startswith(
        f"{{p0}} takes {HERO_NAMES[hero]} from row 3: "
    )
    assert ("pass",) not in GAME.legal_actions(state, 0)
    state = act(state, 0, ("take", hero, "row", 2))
    assert card in state.hands[0]
    assert state.convention is not None and state.convention.grid[12] is None


def test_convention_leftovers_return_to_the_deck() -> None:
    """With 3–4 players the cards left on the grid go back to the Convention deck."""
    match = match_at(at(3, "convention"))
    told = []
    while match.state.location == "convention":
        seat = min(match.to_act())
        told += match.act(seat, match.legal(seat)[-1])
    assert {
        "type": "convention",
        "text": "17 cards left on the grid go to the Convention deck.",
    } in told
    state = play_location(at(3, "convention"), lambda s, seat, legal: legal[-1])
    assert state.location == "give-first"
    assert len(state.convention_deck) + sum(len(h) for h in state.hands) == 30


def test_solo_convention_discard_turns_and_jarvis_leftovers() -> None:
    """Solo: your turn, a Discard turn, yours, a Discard turn; the rest goes to Jarvis."""
    state = at(1, "convention")
    assert state.convention is not None
    assert state.convention.turns == ((0, False), (0, True), (0, False), (0, True))
    take = next(a for a in GAME.legal_actions(state, 0) if a[0] == "take")
    state = act(state, 0, take)
    hand = len(state.hands[0])
    deck = len(state.convention_deck)
    take = next(a for a in GAME.legal_actions(state, 0) if a[0] == "take")
    state = act(state, 0, take)
    assert len(state.hands[0]) == hand and len(state.convention_deck) > deck
    state = play_location(state, lambda s, seat, legal: next(a for a in legal if a[0] == "take"))
    assert state.location == "assemble"
    assert sum(len(c) for _, c in state.jarvis) + len(state.hands[0]) > 0
    assert state.convention is None


def test_short_convention_fills_from_removed_heroes_value_three_first() -> None:
    """Missing Convention cards are removed heroes' cards, value 3 first."""
    base = cleared(fresh(3))
    state = replace(base, convention_deck=base.convention_deck[:20])
    spare = base.convention_deck[20:]
    state = replace(state, store_deck=state.store_deck + spare)
    state = _begin(replace(state, round=0, step=2))[0]
    assert state.convention is not None
    grid = [c for c in state.convention.grid if c is not None]
    fills = [c for c in grid if all(h in state.removed_heroes for h in CARD[c].heroes)]
    assert len(grid) == 24 and len(fills) == 4
    assert all(CARD[c].value == 3 for c in fills)


@pytest.mark.parametrize(
    ("location", "deck", "gaps"),
    [
        ("store", "store_deck", [4, 4, 3]),
        ("flea", "flea_deck", [1, 1, 1]),
        ("auction", "auction_deck", [5, 4, 1]),
    ],
)
def test_a_location_opened_from_an_empty_deck_says_every_gap_filled(
    location: str, deck: str, gaps: list[int]
) -> None:
    """An age deck run dry: every row or lot is filled with removed heroes' cards (while
    they last), the location opens naming them, and each filled gap is told, in order."""
    round_, step = SPOTS[location]
    state = replace(cleared(fresh(3)), round=round_, step=step, **{deck: ()})
    state, events = _begin(state)
    place = (
        state.store.packs
        if state.store
        else state.flea.rows
        if state.flea
        else state.auction.lots
        if state.auction
        else ()
    )
    assert all(all(h in state.removed_heroes for h in CARD[c].heroes) for p in place for c in p)
    events = [e for e in events if "to" not in e]  # the Store's packs are private
    kinds = [e["type"] for e in events]
    assert kinds == [location] + ["fill"] * len(gaps)
    opens = {
        "store": "The Store opens.",
        "flea": "The Flea Market opens with row 1: ",
        "auction": "The Auction Website",
    }
    assert events[0]["text"].startswith(opens[location])
    words = {1: "A card of the removed heroes fills the gap."}
    assert [e["text"] for e in events[1:]] == [
        words.get(n, f"{n} cards of the removed heroes fill the gap.") for n in gaps
    ]


# -- Assemble Collection -----------------------------------------------------------------------


def assembling(players: int = 3, seed: int = 0) -> State:
    state = replace(cleared(fresh(players, seed)), step=3, location="assemble")
    from core.games.comic_hunters.assembly import begin_assembly

    return begin_assembly(state)[0]


def test_payment_example_captain_america() -> None:
    """Value 4 (1 + 1 + 2) paid with a 1 and a 3: no change; the collection starts."""
    cap1 = cards_of("captain-america", 1)[:2]
    cap2 = cards_of("captain-america", 2)[:1]
    pay = [cards_of("thor", 1)[0], cards_of("hulk", 3)[0]]
    state = with_hand(assembling(4), 0, cap1 + cap2 + pay)
    told = match_at(state).act(0, ("play", cap1[0], "captain-america"))
    assert told == [
        {"type": "play", "text": f"{{p0}} plays {titles([cap1[0]])} for Captain America."}
    ]
    for card in cap1 + cap2:
        state = act(state, 0, ("play", card, "captain-america"))
    state = act(state, 0, ("ready",))
    state = act(state, 0, ("pay", pay[0]))
    assert state.collections[0] == ()
    state = act(state, 0, ("pay", pay[1]))
    assert dict(state.collections[0])["captain-america"] == tuple(sorted(cap1 + cap2))
    assert state.hands[0] == () and GAME.to_act(state) == {1, 2, 3}


def test_highlight_example_new_look_and_number_one() -> None:
    """Three New Look icons on cards of value 1, 1 and 2 move that track 4; the value-1
    card that also shows Number One moves that track 1."""
    new = ["c128", "c114", "c206"]  # NO + NL (1), NL (1), NL (2)
    assert CARD["c128"].highlights == ("number-one", "new-look")
    state = replace(assembling(4), tracks=("new-look", "number-one", "epic-battle"))
    owners = ("iron-man", "black-widow", "captain-america")
    old = {hero: tuple(cards_of(hero, 3)[:2]) for hero in owners}
    pay = cards_of("hulk", 3)[:2]
    state = with_hand(take_out(state, [c for cs in old.values() for c in cs]), 0, new + pay)
    state = replace(state, collections=(tuple(old.items()),) + state.collections[1:])
    for card, hero in zip(new, owners, strict=True):
        state = act(state, 0, ("play", card, hero))
    state = act(state, 0, ("ready",))
    state = act(state, 0, ("pay", pay[0]))
    state = act(state, 0, ("pay", pay[1]))
    assert state.marks[0] == (4, 1, 0)
    assert all(len(cards) == 3 for _, cards in state.collections[0])


def test_a_new_collection_needs_two_cards() -> None:
    """Saying ready with a lone card of a new hero takes it back."""
    state = assembling(3)
    hero = state.trending[0][0]
    thor = cards_of(hero, 1)[0]
    state = with_hand(state, 0, [thor, *cards_of(hero, 3)[:1]])
    state = act(state, 0, ("play", thor, hero))
    state = act(state, 0, ("ready",))
    assert thor in state.hands[0] and state.collections[0] == ()


def test_play_only_what_the_rest_of_the_hand_can_pay() -> None:
    """A card may be played only while the other cards can still pay for all played."""
    a, b = cards_of("thor", 2)[:2]
    state = with_hand(assembling(4), 0, [a, b, cards_of("hulk", 1)[0]])
    state = act(state, 0, ("play", a, "thor"))
    assert ("play", b, "thor") not in GAME.legal_actions(state, 0)  # 1 left for 2 + 2 owed


def test_expanding_needs_one_card_and_relocating_keeps_two() -> None:
    """An existing collection grows by one card; relocation leaves at least two behind."""
    dual = next(c.id for c in CARDS if c.heroes == ("spider-man", "captain-america"))
    spiders = cards_of("spider-man", 1)[:2]
    caps = cards_of("captain-america", 1)[:2]
    state = assembling(4)
    state = take_out(state, [dual, *spiders, *caps])
    collections = (
        ("spider-man", tuple(sorted([dual, *spiders]))),
        ("captain-america", tuple(caps)),
    )
    state = replace(state, collections=(collections,) + state.collections[1:])
    assert ("relocate", dual, "captain-america") in GAME.legal_actions(state, 0)
    state = act(state, 0, ("relocate", dual, "captain-america"))
    assert len(dict(state.collections[0])["captain-america"]) == 3
    assert not [a for a in GAME.legal_actions(state, 0) if a[0] == "relocate" and a[1] in spiders]


def test_keep_at_most_two_cards() -> None:
    """After paying, excess cards go to the Convention deck until two are left."""
    hand = cards_of("thor", 1)[:5]
    state = with_hand(assembling(4), 0, hand)
    state = act(state, 0, ("ready",))
    assert [a[0] for a in GAME.legal_actions(state, 0)] == ["discard"] * 5
    for card in hand[:3]:
        state = act(state, 0, ("discard", card))
    assert len(state.hands[0]) == 2 and 0 not in GAME.to_act(state)


def test_removed_heroes_cannot_be_collected_with_two_or_three_players() -> None:
    """2–3 players: no collection of a removed hero."""
    state = assembling(3)
    gone = state.removed_heroes[0]
    cards = [c for c in state.removed if CARD[c].heroes == (gone,)][:2]
    state = with_hand(state, 0, cards + cards_of(state.trending[0][0], 3)[:2])
    assert not [a for a in GAME.legal_actions(state, 0) if a[0] == "play" and a[2] == gone]


def test_solo_may_collect_removed_heroes_only_from_grid_fills() -> None:
    """Solo: "Jarvis and the player can form Collections with characters removed from the
    game, only if they have been added to the game to complete the grid"; any other fill
    card "cannot be added to Collections, only its Market Value can be used"."""
    state = assembling(1)
    gone = state.removed_heroes[0]
    cards = [c for c in state.removed if CARD[c].heroes == (gone,)][:2]
    state = with_hand(state, 0, cards + cards_of(state.trending[0][0], 3)[:2])
    assert not [a for a in GAME.legal_actions(state, 0) if a[0] == "play" and a[2] == gone]
    state = replace(state, grid_fills=tuple(sorted(cards)))
    plays = [a for a in GAME.legal_actions(state, 0) if a[0] == "play" and a[2] == gone]
    assert {a[1] for a in plays} == set(cards)


def _solo_with_dual_of_removed_hero() -> tuple[State, str, str, str]:
    """A solo game and a two-hero card showing a removed hero and a hero in play."""
    for seed in range(50):
        state = assembling(1, seed)
        for card in CARDS:
            removed = [h for h in card.heroes if h in state.removed_heroes]
            if len(card.heroes) == 2 and len(removed) == 1:
                other = next(h for h in card.heroes if h != removed[0])
                return state, card.id, removed[0], other
    raise AssertionError("no such card")


def test_solo_a_team_up_card_never_joins_a_removed_hero() -> None:
    """Solo: a card that also shows a hero in play was never removed nor added to complete
    the grid, so it cannot go to a removed hero's collection (played or relocated)."""
    state, dual, gone, other = _solo_with_dual_of_removed_hero()
    payers = cards_of(state.trending[0][0], 3)[:3]
    state = with_hand(state, 0, [dual, *payers])
    legal = GAME.legal_actions(state, 0)
    assert ("play", dual, gone) not in legal and ("play", dual, other) in legal
    fills = [c for c in state.removed if CARD[c].heroes == (gone,)][:2]
    mine = [c for c in cards_of(other) if c not in payers][:2]
    state = take_out(state, [*fills, *mine])
    collections = tuple(
        sorted(((gone, tuple(sorted(fills))), (other, tuple(sorted([dual, *mine])))))
    )
    state = replace(state, grid_fills=tuple(sorted(fills)), collections=(collections,))
    assert ("relocate", dual, gone) not in GAME.legal_actions(state, 0)


def test_solo_jarvis_cannot_collect_a_fill_card_from_the_store() -> None:
    """A Store fill card cannot join a collection, and Jarvis has no hand to pay with it:
    it goes to the Convention deck (designed), his collections and tracks stay as they were."""
    base = cleared(fresh(1))
    state = replace(
        base,
        store_deck=base.store_deck[:2],
        convention_deck=base.convention_deck + base.store_deck[2:],
    )
    state = _begin(state)[0]
    assert state.store is not None
    pack = state.store.packs[0]
    fill = next(c for c in pack if all(h in state.removed_heroes for h in CARD[c].heroes))
    for card in pack:
        if card != fill:
            state = act(state, 0, ("pick", card))
    assert state.jarvis == () and state.jarvis_marks == (0, 0, 0)
    assert fill in state.convention_deck


def test_solo_grid_fills_are_collected_by_jarvis() -> None:
    """Solo: removed heroes' cards that completed the grid and are left there go to Jarvis,
    filed under their removed hero."""
    base = cleared(fresh(1))
    state = replace(
        base,
        convention_deck=base.convention_deck[:10],
        store_deck=base.store_deck + base.convention_deck[10:],
    )
    state = _begin(replace(state, round=0, step=2))[0]
    assert state.convention is not None
    fills = [
        c
        for c in state.convention.grid
        if c is not None and all(h in state.removed_heroes for h in CARD[c].heroes)
    ]
    assert len(fills) == 7 and sorted(fills) == list(state.grid_fills)
    hero = CARD[fills[0]].heroes[0]
    keep = next(a for a in GAME.legal_actions(state, 0) if a[0] == "take" and a[1] != hero)
    state = act(state, 0, keep)
    state = play_location(
        state, lambda s, seat, legal: next(a for a in legal if a[0] == "take" and a[1] != hero)
    )
    jarvis = dict(state.jarvis)
    assert fills[0] in jarvis[hero]


# -- Jarvis, the schedule and the end --------------------------------------------------------


def test_jarvis_files_a_card_with_the_best_trending_hero() -> None:
    """Two heroes on a card: the one higher on the Trending Track; equal: the larger one."""
    state = fresh(1)
    card = next(
        c for c in CARDS if len(c.heroes) == 2 and not set(c.heroes) & set(state.removed_heroes)
    )
    a, b = card.heroes
    state = replace(state, trending=((b,), (a,), tuple(h for h in HEROES if h not in (a, b))[:3]))
    assert jarvis_hero(state, card.id) == b
    state = replace(state, trending=((a, b),), jarvis=((b, ("x",)),))
    assert jarvis_hero(state, card.id) == b


def test_two_players_alternate_the_start_and_the_last_convention() -> None:
    """A starts, then B, alternating by step; the last Convention goes to fewer Highlights."""
    state = cleared(fresh(2))
    starts = []
    for round_, step in ((0, 1), (0, 2), (1, 1), (1, 2), (2, 0), (2, 1)):
        starts.append(_begin(replace(state, round=round_, step=step))[0].first)
    assert starts == [0, 1, 0, 1, 0, 1]
    last = _begin(replace(state, round=2, step=2, marks=((5, 0, 0), (1, 0, 0))))[0]
    assert last.first == 1
    tie = _begin(replace(state, round=2, step=2, marks=((1, 0, 0), (1, 0, 0))))[0]
    assert tie.first == 1


def test_green_score_sheet_example() -> None:
    """Green: 3, 3, 5, 8 cards in rows 2, 3, 2, 2 and a pair: 6 + 5 + 10 + 16, variety 10."""
    state = cleared(fresh(4))
    trending = (
        ("hulk",),
        ("thor", "spider-man", "iron-man"),
        ("black-widow", "black-panther", "doctor-strange", "captain-america"),
    )
    cols = (
        ("thor", tuple(f"t{i}" for i in range(3))),
        ("black-widow", tuple(f"w{i}" for i in range(3))),
        ("spider-man", tuple(f"s{i}" for i in range(5))),
        ("iron-man", tuple(f"i{i}" for i in range(8))),
        ("hulk", ("h0", "h1")),
    )
    state = replace(state, trending=trending, collections=(cols, (), (), ()), stash=(6, 5, 7, 0))
    sheet = score_sheet(state)
    assert sheet[0]["size"] == 37 and sheet[0]["variety"] == 10
    assert sheet[0]["secret stash"] == 6


def test_solo_removed_hero_collections_score_variety_not_size() -> None:
    """Solo: a removed hero's collection of three counts for variety but scores no size."""
    state = cleared(fresh(1))
    gone = state.removed_heroes[0]
    state = replace(state, jarvis=((gone, ("a", "b", "c")),), location="over")
    jarvis = score_sheet(state)[-1]
    assert jarvis["size"] == 0 and jarvis["variety"] == 1


def test_tie_break_by_highlights_then_biggest_collection() -> None:
    """Equal scores: more Highlight spaces first; then the biggest collection."""
    state = replace(cleared(fresh(2)), location="over", stash=(5, 5), marks=((0, 0, 0), (0, 0, 0)))
    assert final_outcome(state).ranking == ((0, 1),)
    state = replace(state, collections=((("thor", ("a", "b")),), ()))
    assert final_outcome(state).ranking == ((0,), (1,))
    assert "Highlights" in final_outcome(state).note


def test_solo_outcome_names_jarvis_score() -> None:
    """Solo: one seat ranked; the note says Jarvis' score and who won; a loss is to Jarvis."""
    state = replace(cleared(fresh(1)), location="over", stash=(9,), jarvis_stash=3)
    outcome = final_outcome(state)
    assert outcome.ranking == ((0,),) and outcome.scores == (9,)
    assert "Jarvis scored 3: you beat Jarvis" in outcome.note
    assert outcome.winners() == (0,)
    behind = final_outcome(replace(state, jarvis_stash=12))
    assert behind.lost_to == "Jarvis" and behind.winners() == ()
    assert "Jarvis scored 12: Jarvis wins" in behind.note


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_whole_game_ends_after_three_rounds(players: int) -> None:
    """First-listed actions play every location of all three rounds to the end."""
    match = Match.new("comic-hunters", players, seed=3)
    seen: set[str] = set()
    while match.outcome() is None:
        seat = min(match.to_act())
        seen.add(match.state.location)
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pass", "ready")]
        match.act(seat, (takes or legal)[0])
    assert {"store", "flea", "auction", "convention", "assemble"} <= seen
    assert match.state.round == 2 and match.to_act() == frozenset()


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=1, max_value=4), seed=st.integers(min_value=0, max_value=10**6)
)
def test_random_games_keep_every_card_and_hide_hands(players: int, seed: int) -> None:
    """Random games: the census never changes, and no seat's view shows another's hand."""
    rng = random.Random(seed)
    match = Match.new("comic-hunters", players, seed=seed)
    census = GAME.census(match.state)
    while match.outcome() is None:
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal(seat)))
        state = match.state
        assert GAME.census(state) == census
        for viewer in range(players):
            shown = str(GAME.view(state, viewer))
            for other in range(players):
                if other != viewer:
                    assert not any(c in shown for c in state.hands[other])


# -- the rules audit's findings, through Match ----------------------------------------------


def match_at(state: State) -> Match:
    """A Match holding ``state``: every action below passes its legality check and apply."""
    return Match(GAME, state.players, 0, {}, state)


def _spider_and_cap(spiders: int, caps: int) -> tuple[State, str, list[str]]:
    """Four players assembling; the first seat collects Spider-Man (the team-up card with Captain
    America and ``spiders`` - 1 more) and, if ``caps``, Captain America (that many cards)."""
    dual = next(c.id for c in CARDS if c.heroes == ("spider-man", "captain-america"))
    spider = cards_of("spider-man", 1)[: spiders - 1]
    cap = cards_of("captain-america", 1)[:caps]
    state = take_out(assembling(4), [dual, *spider, *cap])
    mine = [("spider-man", tuple(sorted([dual, *spider])))]
    if cap:
        mine.append(("captain-america", tuple(cap)))
    return replace(state, collections=(tuple(mine), *state.collections[1:])), dual, spider


def test_relocating_into_a_collection_started_this_phase() -> None:
    """Relocation is allowed "during Phase 2": into a collection of two cards just played."""
    state, dual, _ = _spider_and_cap(spiders=3, caps=0)
    new = cards_of("captain-america", 2)[:2]
    pay = cards_of("thor", 3)[:2]
    match = match_at(with_hand(state, 0, new + pay))
    for card in new:
        match.act(0, ("play", card, "captain-america"))
    match.act(0, ("relocate", dual, "captain-america"))
    match.act(0, ("ready",))
    for card in pay:
        match.act(0, ("pay", card))
    collections = dict(match.state.collections[0])
    assert collections["captain-america"] == tuple(sorted([dual, *new]))
    assert len(collections["spider-man"]) == 2


def test_a_collection_reaching_three_this_phase_may_give_one_away() -> None:
    """Two cards plus one played this phase make three: one may go, two stay; taking the
    played card back would then leave one, so it is refused until the card returns."""
    state, dual, _ = _spider_and_cap(spiders=2, caps=2)
    grow = cards_of("spider-man", 2)[0]
    pay = cards_of("thor", 3)[0]
    match = match_at(with_hand(state, 0, [grow, pay]))
    match.act(0, ("play", grow, "spider-man"))
    match.act(0, ("relocate", dual, "captain-america"))
    assert ("unplay", grow) not in match.legal(0)
    with pytest.raises(IllegalAction, match="fewer than two"):
        match.act(0, ("unplay", grow))
    match.act(0, ("ready",))
    match.act(0, ("pay", pay))
    collections = dict(match.state.collections[0])
    assert len(collections["spider-man"]) == 2 and len(collections["captain-america"]) == 3


def test_relocating_never_starts_a_collection_from_one_played_card() -> None:
    """A lone card played for a new hero is no collection yet: nothing relocates into it."""
    state, dual, _ = _spider_and_cap(spiders=3, caps=0)
    one = cards_of("captain-america", 1)[0]
    match = match_at(with_hand(state, 0, [one, *cards_of("thor", 3)[:1]]))
    match.act(0, ("play", one, "captain-america"))
    assert ("relocate", dual, "captain-america") not in match.legal(0)


def test_solo_a_complete_tie_with_jarvis_is_a_loss() -> None:
    """The rulebook: "If you scored more points than Jarvis, you won". Equal on score,
    Highlights and the biggest collection, the player did not score more: Jarvis wins."""
    state = replace(cleared(fresh(1)), location="over", stash=(7,), jarvis_stash=7)
    outcome = match_at(state).outcome()
    assert outcome is not None
    assert outcome.lost_to == "Jarvis" and outcome.winners() == ()
    assert outcome.note == "Jarvis scored 7: Jarvis wins (a complete tie: you did not score more)."


def _solo_game_ends(**changes: Any) -> tuple[Match, list[dict[str, Any]]]:
    """Solo, the last Assemble with an empty hand: the player's Ready ends the game through
    Match (its legality check, apply and the outcome the table reads)."""
    state = replace(cleared(fresh(1)), round=2, step=3, location="assemble")
    state = begin_assembly(state)[0]
    match = match_at(replace(state, hands=((),), **changes))
    assert match.outcome() is None and match.legal(0) == [("ready",)]
    events = match.act(0, ("ready",))
    assert match.outcome() is not None
    return match, events


@pytest.mark.parametrize(
    ("yours", "jarvis", "won"),
    [((2, 0, 0), (0, 1, 0), True), ((1, 0, 0), (0, 2, 0), False)],
)
def test_solo_equal_scores_go_to_more_highlights_through_match(
    yours: tuple[int, int, int], jarvis: tuple[int, int, int], won: bool
) -> None:
    """Equal scores with Jarvis (each first on one track: 15 points apiece) are decided by
    the Highlight spaces: more than Jarvis wins, fewer loses to him."""
    match, events = _solo_game_ends(marks=(yours,), jarvis_marks=jarvis)
    outcome = match.outcome()
    assert outcome is not None and outcome.scores == (30,)
    assert outcome.breakdown[0]["highlights"] == 15
    verdict = "you beat Jarvis" if won else "Jarvis wins"
    note = f"Jarvis scored 30: {verdict} (tie broken by Highlights, then the biggest collection)."
    assert outcome.note == note
    assert outcome.winners() == ((0,) if won else ())
    assert outcome.lost_to == ("" if won else "Jarvis")
    assert events[-1] == {
        "type": "over",
        "text": f"The game is over. Scores: {{p0}} 30. {note}",
    }


@pytest.mark.parametrize("won", [True, False])
def test_solo_equal_scores_and_highlights_go_to_the_biggest_collection_through_match(
    won: bool,
) -> None:
    """Equal scores and Highlights: the biggest collection decides (4 cards beat 3)."""
    state = cleared(fresh(1))
    hero = next(h for h in HEROES if h not in state.removed_heroes)
    cards = cards_of(hero)[:7]
    four, three = (hero, tuple(cards[:4])), (hero, tuple(cards[4:]))
    mine, his = (four, three) if won else (three, four)
    # Four cards score one more than three: the smaller one's stash makes up the point.
    match, _ = _solo_game_ends(
        collections=((mine,),),
        jarvis=(his,),
        stash=(15 if won else 16,),
        jarvis_stash=16 if won else 15,
    )
    outcome = match.outcome()
    assert outcome is not None and outcome.scores == (22,)
    assert "(tie broken by Highlights, then the biggest collection)" in outcome.note
    assert outcome.winners() == ((0,) if won else ())


def test_solo_a_complete_tie_reached_in_play_is_no_win() -> None:
    """The game's last Ready leaves the player level with Jarvis on score, Highlights and
    the biggest collection: the table hears Jarvis win, and the player has not won."""
    match, events = _solo_game_ends(marks=((1, 0, 0),), jarvis_marks=(0, 1, 0))
    outcome = match.outcome()
    assert outcome is not None and outcome.scores == (30,)
    assert outcome.winners() == () and outcome.lost_to == "Jarvis"
    note = "Jarvis scored 30: Jarvis wins (a complete tie: you did not score more)."
    assert outcome.note == note
    assert events[-1]["text"] == f"The game is over. Scores: {{p0}} 30. {note}"


def _last_convention(players: int) -> State:
    return _begin(replace(cleared(fresh(players)), round=2, step=2))[0]


@pytest.mark.parametrize("players", [3, 4])
def test_no_first_player_marker_is_handed_on_after_the_last_convention(players: int) -> None:
    """No round follows the third Convention: Phase 2 starts at once."""
    match = match_at(_last_convention(players))
    while match.state.location == "convention":
        seat = min(match.to_act())
        match.act(seat, next(a for a in match.legal(seat) if a[0] != "slide"))
    assert match.state.location == "assemble"
    assert not [text for text in match.log if "First Player marker" in text]


def test_no_discarding_down_to_two_after_the_last_round() -> None:
    """The hand limit holds "from one round to the other": the third round keeps its hand."""
    hand = cards_of("thor", 1)[:5]
    state = with_hand(replace(assembling(4), round=2), 0, hand)
    match = match_at(state)
    match.act(0, ("ready",))
    assert match.state.hands[0] == tuple(sorted(hand)) and 0 not in match.to_act()
    for seat in (1, 2, 3):
        while seat in match.to_act():
            match.act(seat, match.legal(seat)[0])
    assert match.outcome() is not None


def test_the_first_store_opens_in_the_log_and_each_seat_sees_its_pack() -> None:
    """The setup opens the first Store as later rounds do: in the log, each pack private."""
    match = Match.new("comic-hunters", 3, seed=2)
    assert "The Store opens. Cards pass to the left." in match.log
    assert not [text for text in match.log if text.startswith("Your")]
    store = match.state.store
    assert store is not None
    for seat in range(3):
        told = [e["text"] for e in visible_events(match.opening, seat) if "to" in e]
        assert told == [f"Your Store cards: {titles(store.packs[seat])}."]


def test_an_empty_convention_grid_leaves_only_a_pass() -> None:
    state = at(3, "convention")
    assert state.convention is not None
    empty = replace(state, convention=replace(state.convention, grid=(None,) * 25))
    assert GAME.legal_actions(empty, 0) == [("pass",)]
    events = match_at(empty).act(0, ("pass",))
    assert events[0] == {"type": "pass", "text": "{p0} finds nothing left to take."}


def test_the_last_round_ends_with_everyones_score() -> None:
    """The game's last line names every seat's final score."""
    match = Match.new("comic-hunters", 2, seed=3)
    rng = random.Random(3)
    while match.outcome() is None:
        seat = min(match.to_act())
        events = match.act(seat, rng.choice(match.legal(seat)))
    outcome = match.outcome()
    assert outcome is not None
    last = next(e["text"] for e in events if e["text"].startswith("The game is over."))
    assert last.startswith(
        f"The game is over. Scores: {{p0}} {outcome.scores[0]}, {{p1}} {outcome.scores[1]}."
    )


@pytest.mark.parametrize(
    ("pay_values", "told"),
    [
        (
            (1, 3),
            "{p0} adds 3 cards (market value 4) to the Captain America collection, paying "
            "with cards worth 4.",
        ),
        (
            (3, 3),
            "{p0} adds 3 cards (market value 4) to the Captain America collection, paying "
            "with cards worth 6 (no change is given).",
        ),
    ],
)
def test_paying_is_told_as_what_was_added_and_what_paid_for_what(
    pay_values: tuple[int, int], told: str
) -> None:
    """ "Ala adds 3 cards, paying 10 for 8." was read in play without knowing what 10 and 8
    were (issue #15): the sentence names the collection, the worth of the cards paid, the
    market value they paid for and, when they were worth more, that no change is given."""
    cap1 = cards_of("captain-america", 1)[:2]
    cap2 = cards_of("captain-america", 2)[:1]
    pay = [cards_of("thor", pay_values[0])[0], cards_of("hulk", pay_values[1])[0]]
    state = with_hand(assembling(4), 0, cap1 + cap2 + pay)
    for card in cap1 + cap2:
        state = act(state, 0, ("play", card, "captain-america"))
    state = act(state, 0, ("ready",))
    state = act(state, 0, ("pay", pay[0]))
    events = match_at(state).act(0, ("pay", pay[1]))
    collect = [e for e in events if e["type"] == "collect"]
    assert [e["text"] for e in collect] == [told]


def test_paying_for_two_collections_names_both_and_one_card_is_singular() -> None:
    """Cards for two heroes name both collections; one card added reads "1 card", "its"."""
    thor = cards_of("thor", 1)[:2]
    hulk = cards_of("hulk", 1)[:1]
    old = tuple(cards_of("hulk", 3)[:2])
    pay = cards_of("iron-man", 3)[:1]
    state = with_hand(take_out(assembling(4), list(old)), 0, thor + hulk + pay)
    state = replace(state, collections=((("hulk", old),),) + state.collections[1:])
    for card in thor:
        state = act(state, 0, ("play", card, "thor"))
    state = act(state, 0, ("play", hulk[0], "hulk"))
    state = act(state, 0, ("ready",))
    events = match_at(state).act(0, ("pay", pay[0]))
    assert [e["text"] for e in events if e["type"] == "collect"] == [
        "{p0} adds 3 cards (market value 3) to the Thor and Hulk collections, paying with "
        "cards worth 3."
    ]
    alone = with_hand(take_out(assembling(4), list(old)), 0, hulk + pay)
    alone = replace(alone, collections=((("hulk", old),),) + alone.collections[1:])
    alone = act(alone, 0, ("play", hulk[0], "hulk"))
    alone = act(alone, 0, ("ready",))
    events = match_at(alone).act(0, ("pay", pay[0]))
    assert [e["text"] for e in events if e["type"] == "collect"] == [
        "{p0} adds 1 card (market value 1) to the Hulk collection, paying with cards worth "
        "3 (no change is given)."
    ]
