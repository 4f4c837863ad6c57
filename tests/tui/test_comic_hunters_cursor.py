"""Where Comic Hunters' cursor lands by itself and on Home and End (issue #15, found in play
at 80x24).

End at an auction went to the costliest bid (the whole stash: End, Enter and a casual
player had bid all their money). In Assemble, once no card could be played, the cursor
landed on "Take back …" after each new position, so Enter took a card back, and after a
take-back it landed on the next one: Enter pressed on took every card back in turn. A
take-back, like Done playing, is never where the cursor goes by itself."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable
from contextlib import AbstractAsyncContextManager
from itertools import pairwise
from typing import Any

from textual.pilot import Pilot

from core.engine import Action
from core.match import Match
from tests.tui import screen_text
from tests.tui.board_helpers import BoardAlone, comic_hunters_bidding_until, shown_alone, update_of
from tests.tui.board_helpers import comic_hunters_at_assemble as _to_assemble
from tui.boards import comic_hunters as board

SLUG = "comic-hunters"
READY = ("ready",)
PASS = ("pass",)


def _shown(match: Match) -> AbstractAsyncContextManager[tuple[BoardAlone, Pilot[None], Any]]:
    """The board alone at 80x24 showing seat 0's update of ``match``: app, pilot, board."""
    return shown_alone(board.Board, match)


async def _show(pilot: Pilot[None], widget: Any, match: Match) -> None:
    """The board shows seat 0's update of ``match`` as it is now, drawn."""
    widget.show(update_of(match, 0))
    await pilot.pause()


async def _act_sent(app: BoardAlone, pilot: Pilot[None], widget: Any, match: Match) -> None:
    """Seat 0 makes the move the board sent last, and the board shows the new position."""
    match.act(0, app.sent.pop())
    await _show(pilot, widget, match)


async def _right_to(pilot: Pilot[None], widget: Any, key: Hashable) -> None:
    """Right arrows until the cursor is on ``key`` (checked)."""
    for _ in widget.choices:
        if _under(widget) == key:
            break
        await pilot.press("right")
    assert _under(widget) == key, screen_text(pilot.app)


def _two_played(match: Match) -> tuple[Action, Action]:
    """Seat 0 plays its first card and then one of another name: both plays."""
    played = [a for a in match.legal(0) if a[0] == "play"]
    first, second = played[0], next(a for a in played if a[1] != played[0][1])
    match.act(0, first)
    match.act(0, second)
    return first, second


def _to_an_auction(seed: int = 1, raising: bool = True) -> Match:
    """A 3-player match where seat 0 may raise the bid on a lot or pass on it
    (``raising``), or must choose a lot to put up and open its bidding."""

    def there(match: Match) -> bool:
        if match.state.location != "auction" or 0 not in match.to_act():
            return False
        verbs = {a[0] for a in match.legal(0)}
        return ("bid" in verbs) if raising else ("open" in verbs)

    return comic_hunters_bidding_until(there, seed)


def _under(widget: Any) -> Hashable | None:
    """The key of the choice under the cursor, None where none is."""
    return widget._under()


def _kind(key: Hashable | None) -> Any:
    return key[0] if isinstance(key, tuple) else None


# -- Home and End at an auction ---------------------------------------------------------------


async def test_end_at_an_auction_goes_to_pass_never_to_the_costliest_bid() -> None:
    """Raising on a lot, the row is the bids from the cheapest up to the whole stash, then
    Pass on this lot: End goes to Pass (which asks before it is taken), Home to the cheapest
    bid; an End and an Enter spend nothing."""
    match = _to_an_auction()
    async with _shown(match) as (app, pilot, widget):
        cheapest = ("bid", match.state.auction.bid + 1)
        assert ("bid", match.state.stash[0]) in [c.key for c in widget.choices]
        await pilot.press("end")
        assert _under(widget) == PASS, screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.sent == []
        assert "Enter again to confirm." in " ".join(screen_text(app).split())
        await pilot.press("escape", "home")
        assert _under(widget) == cheapest
        await pilot.press("right", "end")
        assert _under(widget) == PASS


async def test_end_opening_the_bidding_stays_on_the_cheapest_bid() -> None:
    """Opening a lot's bidding the row is every amount up to the whole stash and nothing
    after it: End stays on the cheapest amount; the lots before it are walked as any row."""
    match = _to_an_auction(raising=False)
    async with _shown(match) as (app, pilot, widget):
        lots = [c.key for c in widget.choices]
        assert all(_kind(k) == "lot" for k in lots) and len(lots) > 1
        await pilot.press("end")
        assert _under(widget) == lots[-1]
        await pilot.press("home", "enter")
        amounts = [c.key[1] for c in widget.choices]
        assert amounts == sorted(amounts) and amounts[-1] == match.state.stash[0]
        await pilot.press("right", "right", "end")
        assert _under(widget) == ("bid", amounts[0]), screen_text(app)


# -- Take back is never where the cursor lands ------------------------------------------------


async def test_playing_on_the_cursor_never_lands_on_a_take_back() -> None:
    """Enter, Enter, … in Assemble: after each new position the cursor is on a card to
    play while one can be played; then on no choice at all (neither a take-back nor Done
    playing): the line under the table says why and which keys choose, and Enter takes
    nothing until an arrow chooses."""
    match = _to_assemble()
    async with _shown(match) as (app, pilot, widget):
        for _ in range(20):
            keys = [c.key for c in widget.choices]
            if not any(_kind(k) in ("play", "relocate") for k in keys):
                break
            assert _kind(_under(widget)) in ("play", "relocate"), screen_text(app)
            await pilot.press("enter", "enter")
            assert app.sent, screen_text(app)
            await _act_sent(app, pilot, widget, match)
        else:
            raise AssertionError("every card stayed playable")
        assert any(_kind(k) == "unplay" for k in keys)
        assert _under(widget) is None, screen_text(app)
        said = " ".join(screen_text(app).split())
        assert "No card can be played now. ←→: take a card back, or Done playing." in said, said
        assert "Enter take" not in said  # what to do names no key that takes nothing
        details = widget.details()
        assert details.startswith("No card can be played now: ") and "Done playing." in details
        widget._hand_told = True  # as where the hand is a line "(i lists them)": listed
        assert "Your hand: " in widget.details()
        assert widget.check_action("choose", ()) is None  # the footer's Enter is dimmed
        await pilot.press("enter", "enter")
        assert app.sent == []
        await pilot.press("right")
        assert _under(widget) == keys[0] and _kind(keys[0]) == "unplay"


async def test_after_a_take_back_the_cursor_is_on_the_first_card_to_play() -> None:
    """Taking a card back brings a new position: the cursor goes to the first card to play,
    not to the next take-back (an Enter more took that card back too)."""
    match = _to_assemble()
    first, second = _two_played(match)
    async with _shown(match) as (app, pilot, widget):
        assert _kind(_under(widget)) == "play"
        taking = ("unplay", first[1])
        await _right_to(pilot, widget, taking)
        await pilot.press("enter")
        assert app.sent == [taking]
        await _act_sent(app, pilot, widget, match)
        keys = [c.key for c in widget.choices]
        assert ("unplay", second[1]) in keys
        assert _under(widget) == next(k for k in keys if _kind(k) == "play"), screen_text(app)


async def test_a_take_back_gone_from_under_the_cursor_leaves_it_on_a_card_to_play() -> None:
    """The cursor on a take-back when a new position takes that choice away (the play it
    undid is itself undone, the u key): the cursor goes to a card to play, never to
    another take-back."""
    match = _to_assemble()
    first, second = _two_played(match)
    undone = _to_assemble()
    undone.act(0, first)
    async with _shown(match) as (app, pilot, widget):
        await _right_to(pilot, widget, ("unplay", second[1]))
        await _show(pilot, widget, undone)
        assert ("unplay", first[1]) in [c.key for c in widget.choices]
        assert _kind(_under(widget)) == "play", screen_text(app)


async def test_a_take_back_the_player_moved_to_stays_under_the_cursor() -> None:
    """A take-back the player walked to is their choice: a new position that keeps it (a
    bot's move in the same Assemble) leaves the cursor on it."""
    match = _to_assemble()
    played = next(a for a in match.legal(0) if a[0] == "play")
    match.act(0, played)
    async with _shown(match) as (_app, pilot, widget):
        await _right_to(pilot, widget, ("unplay", played[1]))  # (End stops short of it)
        other = min(match.to_act() - {0})
        match.act(other, READY)
        await _show(pilot, widget, match)
        assert _under(widget) == ("unplay", played[1])


# -- the cursor waits where it was while the others play -------------------------------------


def _to_the_flea_market(seed: int = 1) -> Match:
    """A 3-player match where seat 0 first has a turn at the Flea Market with three rows
    or more to reveal into."""
    match = Match.new(SLUG, 3, seed=seed)
    rng = random.Random(seed)
    while not (
        match.state.location == "flea"
        and 0 in match.to_act()
        and sum(a[0] == "reveal" for a in match.legal(0)) >= 3
    ):
        seat = min(match.to_act())
        legal = match.legal(seat)
        reveals = [a for a in legal if a[0] == "reveal"]
        match.act(seat, rng.choice(reveals or legal))
    return match


async def test_the_cursor_waits_on_your_row_while_the_others_take_their_turns() -> None:
    """At the Flea Market you reveal into a row, the others take their turns (a while with
    nothing for you to choose), and your turn comes again: the cursor is where you left it,
    on that row's reveal (it went back to the first choice, row 1's)."""
    match = _to_the_flea_market()
    async with _shown(match) as (app, pilot, widget):
        reveals = [c.key for c in widget.choices if _kind(c.key) == "reveal"]
        mine = reveals[-1]
        await _right_to(pilot, widget, mine)
        await pilot.press("enter")
        assert app.sent == [("reveal", mine[1])]
        match.act(0, app.sent.pop())
        widget.show(update_of(match, 0))
        while 0 not in match.to_act():
            seat = min(match.to_act())
            others = [a for a in match.legal(seat) if a[0] == "reveal" and a[1] != mine[1]]
            match.act(seat, others[0] if others else match.legal(seat)[0])
            await _show(pilot, widget, match)
        assert match.state.location == "flea" and mine in [c.key for c in widget.choices]
        assert _under(widget) == mine, screen_text(app)


async def test_discarding_down_to_two_starts_on_the_first_card() -> None:
    """Paid in Assemble with more than two cards left, discarding them is a new step: the
    cursor starts on its first card, not where the last payment left it."""
    match = _to_assemble()
    match.act(0, ("play", "c101", "spider-man"))  # seed 1: two Spider-Man cards, a new
    match.act(0, ("play", "c103", "spider-man"))  # collection to pay for
    match.act(0, READY)
    assert match.state.assembly.stages[0] == "pay"
    async with _shown(match) as (app, pilot, widget):
        for _ in range(30):
            if match.state.assembly.stages[0] != "pay":
                break
            await pilot.press("end", "enter")
            await _act_sent(app, pilot, widget, match)
        assert match.state.assembly.stages[0] == "excess", "no cards to discard down to two"
        assert widget.cursor == 0 and widget.choices[0].label.startswith("Discard")


async def test_down_from_a_reveal_goes_to_the_next_rows_reveal_not_its_take() -> None:
    """At 80x24 each Flea Market row is one line, its cards then "◆ reveal ◆ take": the
    rows are as long as their cards, so the reveal of a long row stood over the take of a
    short one, and ↓ from it went to that take (an Enter more took the row and ended the
    visit). ↑↓ go to the choice of the same kind in the next row when it has one."""
    match = _to_the_flea_market()
    async with _shown(match) as (app, pilot, widget):
        keys = [c.key for c in widget.choices]
        for kind in ("reveal", "take-row"):
            ofs = [k for k in keys if _kind(k) == kind]
            for here, below in pairwise(ofs):
                widget.move_to(keys.index(here))
                await pilot.press("down")
                assert _under(widget) == below, screen_text(app)
                await pilot.press("up")
                assert _under(widget) == here, screen_text(app)


def test_the_prompt_says_why_you_can_only_pass_when_the_bid_is_beyond_your_stash() -> None:
    """At a lot whose bid has passed your stash, Pass on this lot is your only choice: the
    prompt said "bid higher or pass" (found in play: stash 6, bid 7)."""
    match = _to_an_auction()
    auction = match.state.auction
    rich = update_of(match, 0)
    view = {**rich.view, "stash": [auction.bid, *rich.view["stash"][1:]]}
    update = dataclasses.replace(rich, view=view, legal=(PASS,))  # as if it had spent more
    words = board.prompt(update, [], [])
    lot, leader = auction.lot + 1, auction.leader
    assert words.startswith(
        f"Auction Website: lot {lot}, highest bid {auction.bid} by P{leader}; your stash of "
        f"{auction.bid} cannot beat it: pass."
    ), words
    assert "; bid higher or pass." in board.prompt(rich, [], [])


async def test_the_stores_next_cards_start_on_the_first_one() -> None:
    """Your pick in the Store made last (the others picked before you), the cards passed
    to you arrive at once: all new cards, so the cursor starts on the first of them, as it
    does when you wait for the others' picks (it stayed at the place of the card picked)."""
    match = Match.new(SLUG, 3, seed=2)
    for seat in (1, 2):
        match.act(seat, match.legal(seat)[0])
    async with _shown(match) as (app, pilot, widget):
        await pilot.press("right", "right", "enter")
        assert len(app.sent) == 1
        picked = {c.key for c in widget.choices}
        match.act(0, app.sent.pop())
        update = update_of(match, 0)
        assert update.view["location"] == "store" and 0 in update.acting
        widget.show(update)
        await pilot.pause()
        assert not picked & {c.key for c in widget.choices}  # the cards passed on to you
        assert widget.cursor == 0, screen_text(app)


def _others_bid(match: Match) -> None:
    """The seat to act (not seat 0) opens a lot at 1 or bids the least it may."""
    seat = min(match.to_act())
    legal = match.legal(seat)
    opens = [a for a in legal if a[0] == "open" and a[2] == 1]
    bids = [a for a in legal if a[0] == "bid"]
    match.act(seat, (opens or bids[:1] or legal)[0])


async def test_after_passing_on_a_lot_your_next_bidding_starts_on_a_bid_not_on_pass() -> None:
    """Found playing at 160x45: you pass on a lot, the others bid on it and on the next
    lot, and your turn on that lot started on "Pass on this lot", where your last move was
    made: a pass is never where the cursor lands by itself. It starts on the cheapest bid."""
    match = Match.new(SLUG, 4, seed=1)
    while not (
        0 in match.to_act()
        and match.state.location == "auction"
        and match.state.auction.opener not in (0, -1)
    ):
        seat = min(match.to_act())
        gives = [a for a in match.legal(seat) if a[0] == "give-first" and a[1] != 0]
        if gives:  # the First Player marker never to seat 0: another seat opens the lots
            match.act(seat, gives[-1])
        else:
            _others_bid(match)
    async with _shown(match) as (app, pilot, widget):
        lot = match.state.auction.lot
        await pilot.press("end", "enter", "enter")
        assert app.sent == [PASS]
        await _act_sent(app, pilot, widget, match)
        while 0 not in match.to_act():
            _others_bid(match)
            await _show(pilot, widget, match)
        assert match.state.auction.lot not in (lot, -1), match.state.auction
        keys = [c.key for c in widget.choices]
        assert PASS in keys and _under(widget) != PASS, screen_text(app)
        cheapest = min(k[1] for k in keys if _kind(k) == "bid")
        assert _under(widget) == ("bid", cheapest), keys


async def test_home_and_end_in_assemble_never_land_on_a_take_back_nor_done_playing() -> None:
    """With cards played and cards to play, End goes to the last card to play and Home to
    the first, not to a take-back (End, Enter took the last card back); once only
    take-backs and Done playing are left, Home and End leave the cursor where it is."""
    match = _to_assemble()
    _two_played(match)
    async with _shown(match) as (app, pilot, widget):
        keys = [c.key for c in widget.choices]
        assert any(_kind(k) == "unplay" for k in keys) and keys[-1] == READY
        to_play = [k for k in keys if _kind(k) in ("play", "relocate")]
        assert to_play, screen_text(app)
        await pilot.press("end")
        assert _under(widget) == to_play[-1], screen_text(app)
        await pilot.press("home")
        assert _under(widget) == to_play[0], screen_text(app)
        for _ in range(20):  # play on until no card can be played
            if not any(_kind(c.key) in ("play", "relocate") for c in widget.choices):
                break
            await pilot.press("enter", "enter")
            await _act_sent(app, pilot, widget, match)
        assert _under(widget) is None, screen_text(app)
        await pilot.press("end")
        assert _under(widget) is None, screen_text(app)
        await pilot.press("home")
        assert _under(widget) is None, screen_text(app)
