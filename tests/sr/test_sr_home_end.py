"""Home and End in the screen-reader list of choices (issue #15).

End jumped to the list's last line: "Done playing" in Comic Hunters' Assemble, "Leave the
Tavern" in Shardhunters, one Enter from ending the turn (with confirmations off, at once).
The boards' End stops short of such a choice (Comic Hunters' `end_of`); the list now does the
same, and skips take-backs too: Home and End go to the first and the last choice that moves
the game on, the choices that end a phase or take one back stay one Down or Up away, and
Page Down stops where End would."""

from __future__ import annotations

import random
from typing import Any

from core.match import Match
from tests.tui.board_helpers import (
    comic_hunters_at_assemble,
    comic_hunters_bidding_until,
    shown_alone,
)
from tests.tui.test_screen_reader_cursor import _plain_screen, _shown, _under
from tui.boards import BOARDS
from tui.boards.comic_hunters import Board as ComicHuntersBoard
from tui.screens.plain_table import is_final, is_real
from tui.widgets.event_log import EventLog


def _kind(key: Any) -> Any:
    return key[0] if isinstance(key, tuple) and key else None


async def _press(pilot: Any, *keys: str) -> None:
    await pilot.press(*keys)
    for _ in range(2):
        await pilot.pause()


async def test_end_in_assemble_goes_to_the_last_card_to_play_not_to_done_playing() -> None:
    """A card played, so the list is the cards to play, a take-back and Done playing: End
    highlights the last card to play, Home the first; Down from there reaches the take-back,
    then Done playing, which says what it does and asks before it is taken."""
    match = comic_hunters_at_assemble()
    match.act(0, next(a for a in match.legal(0) if a[0] == "play"))
    async with _plain_screen("comic-hunters") as (pilot, screen):
        keys = await _shown(pilot, screen, match)
        assert [_kind(k) for k in keys[-2:]] == ["unplay", "ready"], keys
        plays = [k for k in keys if _kind(k) == "play"]
        assert len(plays) > 1, keys
        await _press(pilot, "end")
        assert _under(screen) == plays[-1]
        await _press(pilot, "home")
        assert _under(screen) == plays[0]
        await _press(pilot, "end", "down")
        assert _kind(_under(screen)) == "unplay"
        await _press(pilot, "down")
        assert _under(screen) == ("ready",)
        done = screen._sr_choices[keys.index(("ready",))].label
        assert done.startswith("Done playing (") and " — " in done, done  # what it does
        await _press(pilot, "enter")
        assert screen.sent == []  # it asks first
        assert "Enter again to confirm" in str(screen.query_one("#status").render())
        # From Done playing, End goes back to the last card to play (and the question goes).
        await _press(pilot, "end")
        assert _under(screen) == plays[-1]
        assert str(screen.query_one("#status").render()).strip() == ""


async def test_page_down_stops_where_end_does() -> None:
    """Page Down on a list that fits went to its last line, Done playing: it stops at the
    last card to play too."""
    match = comic_hunters_at_assemble()
    match.act(0, next(a for a in match.legal(0) if a[0] == "play"))
    async with _plain_screen("comic-hunters") as (pilot, screen):
        keys = await _shown(pilot, screen, match)
        await _press(pilot, "pagedown")
        assert _under(screen) == [k for k in keys if _kind(k) == "play"][-1]


async def test_with_confirmations_off_end_then_enter_plays_a_card() -> None:
    """Without confirmations a final choice is taken on one Enter: End, Enter plays the
    last card, it never ends the player's plays."""
    match = comic_hunters_at_assemble()
    async with _plain_screen("comic-hunters") as (pilot, screen):
        screen.settings.confirmations = False
        await _shown(pilot, screen, match)
        await _press(pilot, "end", "enter", "enter", "enter")
        assert screen.sent and screen.sent[0][0] == "play", screen.sent


async def test_with_only_take_backs_and_done_left_end_highlights_nothing() -> None:
    """No card left to play: the highlight rests on no choice (the question says Down or Up
    choose), and Home or End do not put it on a take-back or on Done playing; Enter then
    takes nothing."""
    match = comic_hunters_at_assemble()
    for _ in range(20):
        plays = [a for a in match.legal(0) if a[0] in ("play", "relocate")]
        if not plays:
            break
        match.act(0, plays[0])
    async with _plain_screen("comic-hunters") as (pilot, screen):
        keys = await _shown(pilot, screen, match)
        assert ("ready",) in keys and any(_kind(k) == "unplay" for k in keys), keys
        assert _under(screen) is None
        for key in ("end", "home", "pagedown", "pageup"):
            await _press(pilot, key)
            assert _under(screen) is None, key
        await _press(pilot, "enter", "enter")
        assert screen.sent == []
        await _press(pilot, "up")
        assert _under(screen) == ("ready",)  # reachable with the arrows, as the question says


async def test_end_at_an_auction_goes_where_the_board_s_end_goes() -> None:
    """At an auction the bids run up to the whole stash: End on the board goes to Pass on
    this lot (it asks before it is taken), not to the costliest bid; the list's End goes
    to the same choice, and Home to the cheapest bid."""

    def bidding(match: Match) -> bool:
        return 0 in match.to_act() and sum(a[0] == "bid" for a in match.legal(0)) > 1

    match = comic_hunters_bidding_until(bidding)
    async with shown_alone(ComicHuntersBoard, match) as (_, board_pilot, board):
        await board_pilot.press("end")
        await board_pilot.pause()
        on_board = board.choices[board.cursor].key
    async with _plain_screen("comic-hunters") as (pilot, screen):
        keys = await _shown(pilot, screen, match)
        await _press(pilot, "end")
        assert _under(screen) == on_board == ("pass",), keys
        await _press(pilot, "home")
        bids = [k for k in keys if _kind(k) == "bid"]
        assert _under(screen) == min(bids, key=lambda k: k[1])


def _at_the_tavern() -> Match:
    """A 3-player Shardhunters match where seat 0 may pay at the Tavern or leave it."""
    match = Match.new("shardhunters", 3, seed=0)
    rng = random.Random(0)
    while True:
        assert match.outcome() is None
        if 0 in match.to_act() and {("pay",), ("done",)} <= set(match.legal(0)):
            return match
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal(seat)))


async def test_end_at_shardhunters_tavern_stays_short_of_leaving_it() -> None:
    """Shardhunters' Tavern: "Pay 3 Bloodshards, draw two heroes" and "Leave the Tavern".
    End stays on paying; Down reaches Leave the Tavern, which asks before it is taken."""
    match = _at_the_tavern()
    module = BOARDS["shardhunters"]
    async with _plain_screen("shardhunters") as (pilot, screen):
        keys = await _shown(pilot, screen, match)
        update = screen.latest[0]
        assert is_final(module, update, keys[-1]), keys
        await _press(pilot, "end")
        under = _under(screen)
        assert is_real(module, update, under) and under == keys[-2], keys
        await _press(pilot, "down")
        assert _under(screen) == keys[-1]
        await _press(pilot, "enter")
        assert screen.sent == []
        asked = str(screen.query_one("#status").render())
        assert asked.startswith("Leave the Tavern, keeping "), asked
        assert asked in [text for _, text in screen.query_one(EventLog).entries]
