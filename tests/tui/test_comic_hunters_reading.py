"""Comic Hunters read by a newcomer (issue #15): what was hard to read or slow to do.

- The Highlight tracks at 160x45 read "★#1 / ★1st / ★New", "#1" like an issue number: where
  the width allows they are named as the rulebook names them (Number One, First Appearance,
  New Look…); the short forms stay in the legend.
- Hands were written two ways at 80x24 ("①①②" on one player's line, "5①5②" on another's):
  every hand is counted by value.
- Bidding 10 took ten presses of →: typing the amount's digits jumps to that bid, and Page
  Up / Page Down go five higher or lower; none of them takes a bid or passes (Enter does).
- The sentences said "collections none".
- Nothing showed a hero's cards at the Convention before a row was chosen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import Any

import pytest
from rich.text import Text

from core.games.comic_hunters.data import CARD, HIGHLIGHT_NAMES
from core.match import Match
from core.table import Update
from tests.tui import screen_text
from tests.tui.board_helpers import comic_hunters_bidding_until, shown_alone, update_of
from tui.boards import comic_hunters as board
from tui.boards import comic_hunters_draw as draw
from tui.screens.help import help_keys, screen_keys
from tui.screens.history import you_form

SLUG = "comic-hunters"
NAMES = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")
WIDE_BOARD = 105
"""About the board's width at 160x45, the log beside it."""


def _update(players: int = 4, seed: int = 3, **view: Any) -> Update:
    update = update_of(Match.new(SLUG, players, seed=seed), 0, NAMES[:players])
    return dataclasses.replace(update, view={**update.view, **view})


def _text(lines: list[Text]) -> str:
    return "\n".join(line.plain for line in lines)


# -- 1. the Highlight tracks in words -----------------------------------------------------------


@pytest.mark.parametrize("width", [WIDE_BOARD, 80])
def test_the_highlight_tracks_are_named_in_words_where_they_fit(width: int) -> None:
    """At 160x45 the tracks read "★#1", "★1st", "★New": with room for the rulebook's names
    each track is named by it, every marker still under its space."""
    tracks = ["number-one", "first-appearance", "new-look"]
    marks = [[12, 0, 30], [5, 0, 0], [0, 0, 0], [0, 0, 0]]
    update = _update(marks=marks, tracks=tracks)
    lines = draw.highlight_tracks(update, width)
    text = _text(lines)
    assert all(line.cell_len <= width for line in lines), text
    for icon in tracks:
        assert f"★{HIGHLIGHT_NAMES[icon]}" in text, text
    assert "#1" not in text and "★1st" not in text, text
    top, under = lines[0].plain, lines[1].plain
    zero = top.index(" 0 ") + 1
    cell = 3 if top[zero + 1 : zero + 4] == "  1" else 2
    assert under[zero + cell * 12] == "1" and under[zero + cell * 5] == "2", text


def test_the_short_highlight_names_stay_in_the_legend() -> None:
    shorts = dict(board.LEGEND)
    for icon, short in draw.ICON_SHORT.items():
        assert shorts[short].startswith(HIGHLIGHT_NAMES[icon])


# -- 2. one notation for hands ------------------------------------------------------------------


def test_every_hand_is_written_the_same_way() -> None:
    """At 80x24 one player's hand read "①①②" and another's "5①5②": a short hand and a long
    one are both counted by value."""
    values = [[1, 1, 2], [1] * 5 + [2] * 5, [3], []]
    update = _update(hand_values=values)
    sheet = {"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}
    lines = [draw.player_line(update, seat, sheet, 0, 78, False).plain for seat in range(4)]
    assert "2①1②" in lines[0], lines
    assert "5①5②" in lines[1], lines
    assert "1③" in lines[2], lines
    assert "hand: no cards" in lines[3], lines
    assert not any("①①" in line or "②②" in line for line in lines), lines
    roomy = [draw.player_line(update, seat, sheet, 1, 150, True).plain for seat in range(3)]
    assert "hand 3: 2①1②" in roomy[0] and "hand 10: 5①5②" in roomy[1], roomy
    assert "hand 1③" in roomy[2], roomy  # not "hand 1: 1③"


# -- 3. bidding by typing the amount ------------------------------------------------------------


def _to_an_auction(raising: bool = True) -> Match:
    """A 3-player match where seat 0 may raise on a lot (from 3, a stash of 15), or must
    put a lot up and open its bidding."""

    def there(match: Match) -> bool:
        if match.state.location != "auction" or 0 not in match.to_act():
            return False
        verbs = {a[0] for a in match.legal(0)}
        return ("bid" in verbs) if raising else ("open" in verbs)

    return comic_hunters_bidding_until(there, 1)


def _under(widget: Any) -> Hashable | None:
    return widget._under()


async def test_typing_an_amount_moves_to_that_bid_and_enter_bids_it() -> None:
    """Bidding 10 took ten presses: "1", "0" put the cursor on Bid 10 (nothing is sent until
    Enter); a one-digit amount is one key."""
    match = _to_an_auction()
    assert match.state.auction.bid == 3 and match.state.stash[0] == 15
    async with shown_alone(board.Board, match) as (app, pilot, widget):
        await pilot.press("1", "0")
        assert _under(widget) == ("bid", 10), screen_text(app)
        assert app.sent == []
        assert "Bid 10" in " ".join(screen_text(app).split())
        await pilot.press("7")  # another amount, not "107"
        assert _under(widget) == ("bid", 7)
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert app.sent == [("bid", 12)]


async def test_an_amount_out_of_reach_never_moves_to_pass() -> None:
    """An amount below the cheapest bid or above the stash leaves the cursor where it was:
    typing never lands on Pass on this lot, nor takes anything."""
    match = _to_an_auction()
    async with shown_alone(board.Board, match) as (app, pilot, widget):
        await pilot.press("5")
        assert _under(widget) == ("bid", 5)
        await pilot.press("2")  # 52 is out of reach; 2 is below the cheapest bid (4)
        assert _under(widget) == ("bid", 5)
        await pilot.press("2", "0")  # 20 is more than the stash of 15
        assert _under(widget) == ("bid", 5), screen_text(app)
        assert app.sent == []


async def test_page_up_and_down_go_five_bids_up_and_down() -> None:
    """Page Up: the bid five higher (at most the whole stash); Page Down: five lower (at
    least the cheapest); from Pass on this lot, the cheapest bid."""
    match = _to_an_auction()
    async with shown_alone(board.Board, match) as (app, pilot, widget):
        assert _under(widget) == ("bid", 4)
        await pilot.press("pageup")
        assert _under(widget) == ("bid", 9)
        await pilot.press("pageup", "pageup")
        assert _under(widget) == ("bid", 15)
        await pilot.press("pagedown")
        assert _under(widget) == ("bid", 10)
        await pilot.press("pagedown", "pagedown")
        assert _under(widget) == ("bid", 4)
        await pilot.press("end")
        assert _under(widget) == ("pass",)
        await pilot.press("pageup")
        assert _under(widget) == ("bid", 4)
        assert app.sent == []


async def test_opening_the_bidding_by_typing_the_amount() -> None:
    """After putting a lot up, the opening amount is typed as a raise is."""
    match = _to_an_auction(raising=False)
    async with shown_alone(board.Board, match) as (app, pilot, widget):
        await pilot.press("enter")  # the first lot
        await pilot.press("1", "1")
        assert _under(widget) == ("bid", 11)
        await pilot.press("enter")
        await pilot.pause()
        assert app.sent == [("open", 0, 11)]


async def test_the_bid_keys_are_listed_while_bidding_only() -> None:
    """The footer and help name the digits and the page keys while there is a bid to make;
    elsewhere (the Store) they are not offered."""
    match = _to_an_auction()
    async with shown_alone(board.Board, match) as (app, pilot, widget):
        shown = dict(screen_keys(app.screen))
        assert shown.get("0-9") == "Type a bid", shown
        helped = dict(help_keys(app.screen))
        assert "Page Up" in helped and "Page Down" in helped, helped
    async with shown_alone(board.Board, Match.new(SLUG, 3, seed=1)) as (app, pilot, widget):
        assert "0-9" not in dict(screen_keys(app.screen))
        assert "Page Up" not in dict(help_keys(app.screen))
        await pilot.press("5")  # nothing to type: the Store's cursor stays
        assert widget.cursor == 0


def test_how_to_play_tells_the_bid_keys() -> None:
    assert "Page Up" in board.HOW_TO_PLAY and "digits" in board.HOW_TO_PLAY


# -- 4. no "collections none" -------------------------------------------------------------------


def test_the_sentences_say_no_collections_in_words() -> None:
    lines = board.describe(update_of(Match.new(SLUG, 1, seed=2), 0))
    said = " ".join(lines)
    assert "collections none" not in said, said
    assert "You: no collections; 4 cards in hand." in lines or any(
        line.startswith("You: no collections;") for line in lines
    ), lines
    assert "Jarvis: no collections." in lines, lines


# -- 5. a hero's cards before a row is chosen ---------------------------------------------------


def _at_convention() -> Match:
    match = Match.new(SLUG, 3, seed=1)
    while not (match.state.location == "convention" and 0 in match.to_act()):
        seat = min(match.to_act())
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick")]
        match.act(seat, (takes or legal)[0])
    return match


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_a_heros_cards_are_marked_on_the_grid_before_a_row_is_chosen(
    size: tuple[int, int],
) -> None:
    """With the cursor on "Take Thor cards" the grid marks every Thor card (✓), as it marks
    the cards a row would give once the row is chosen."""
    match = _at_convention()
    async with shown_alone(board.Board, match, size) as (app, _, widget):
        key = _under(widget)
        assert isinstance(key, tuple) and key[0] == "hero", key
        hero = key[1]
        grid = match.state.convention.grid
        theirs = {i for i, card in enumerate(grid) if card and hero in CARD[card].heroes}
        assert theirs
        assert widget._focus().taking == frozenset(theirs)
        said = " ".join(screen_text(app).split())
        assert "✓ marks the cards of the hero under the cursor." in said, said


# -- the payer told in the you-form -------------------------------------------------------------


def test_what_you_paid_is_told_without_your_market_value() -> None:
    """At the end of a game at 80x24: "You add 5 cards …, paying cards worth 11 for your
    market value of 11" (the cards' "their" turned "your"): the sentence has no pronoun
    for the you-form to turn."""
    match = Match.new(SLUG, 3, seed=1)
    told: list[str] = []
    while match.outcome() is None and not told:
        seat = min(match.to_act())
        legal = match.legal(seat)
        plays = [a for a in legal if a[0] in ("take", "take-row", "pick", "play")]
        events = match.act(seat, (plays or legal)[0])
        told = [e["text"] for e in events if e["type"] == "collect" and "{p0}" in e["text"]]
    assert told, "seat 0 never collected"
    said = you_form(told[0], 0)
    assert said.startswith("You add ") and "(market value " in said, said
    assert "your" not in said.split(), said


TRACKS = ["number-one", "first-appearance", "new-look"]


def test_a_small_card_names_its_icon_in_words_when_they_fit() -> None:
    """The 160x45 Convention grid's small cards read "★#1" (an issue number?): an icon whose
    name fits the card is named ("★Number One"); two that do not keep their short forms."""
    one = next(c for c, i in CARD.items() if i.highlights == ("number-one",))
    rows = [row.plain for row in draw.card_box(one, 1, TRACKS).rows()]
    assert any("★Number One" in row for row in rows), rows
    assert not any("★#1" in row for row in rows), rows
    two = next(c for c, i in CARD.items() if i.highlights == ("new-look", "epic-battle"))
    rows = [row.plain for row in draw.card_box(two, 1, TRACKS).rows()]
    assert any("★New Epic" in row for row in rows), rows


def test_the_players_lines_name_the_tracks_when_the_breakdown_does_not_fit() -> None:
    """At the 160x45 Convention (no tracks drawn) the players' lines read "#1 0, 1st 0, New
    0" with room for the names: the names come before the short forms, the score's parts
    before both where they fit."""
    update = _update(tracks=TRACKS, hand_values=[[1] * 4 + [2] * 4] * 4)
    sheet = {"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}
    line = draw.player_line(update, 1, sheet, 1, 104, False).plain
    assert "Number One 0, First Appearance 0, New Look 0 · score 15" in line, line
    roomy = draw.player_line(update, 1, sheet, 1, 160, False).plain
    assert "Number One 0" in roomy and "= size 0 + variety 0" in roomy, roomy


def test_a_row_of_one_line_cells_names_the_icons_when_it_has_room() -> None:
    """At 160x45 the hand under an auction read "②Strange #1   ②Hulk 1st" with half the row
    empty: a row with room for every icon's name says them ("Doctor Strange Number One");
    the 80x24 row keeps the short forms."""
    one = next(c for c, i in CARD.items() if i.highlights == ("number-one",))
    first = next(c for c, i in CARD.items() if i.highlights == ("first-appearance",))
    update = _update(hand=[one, first])
    wide = _text(draw.hand_lines(update, draw.Focus(), WIDE_BOARD, 0))
    assert "Number One" in wide and "First Appearance" in wide, wide
    assert "#1" not in wide.replace(f"#{CARD[one].number}", ""), wide
    many = _update(hand=[one, first, *[c for c in CARD if len(CARD[c].highlights) == 2][:4]])
    tight = _text(draw.hand_lines(many, draw.Focus(), 78, 0))
    assert "Number One" not in tight and f"{draw.ICON_SHORT['number-one']} " in tight, tight


def test_the_flea_markets_rows_name_icons_in_all_of_them_or_none() -> None:
    """A lone card's row has room for "First Appearance" where the next row has room only
    for "Epic 1st": one notation in the part, the short one, until every row has room."""
    flea = dict(_update().view["flea"] or {})
    flea.update(rows=[["c243"], ["c142", "c227"], []], caps=[4, 4, 4], open=[True, True, True])
    text = _text(draw.flea_lines(_update(flea=flea), draw.Focus(), 78, 0))
    assert "First Appearance" not in text and draw.ICON_SHORT["first-appearance"] in text, text
    flea.update(rows=[["c243"], ["c142"], []])
    text = _text(draw.flea_lines(_update(flea=flea), draw.Focus(), 78, 0))
    assert "First Appearance" in text, text


def test_the_players_lines_name_the_tracks_on_all_of_them_or_none() -> None:
    """At the 160x45 auction one bot's line read "Number One 3, First Appearance 1" under
    the others' "#1 0, 1st 1": the tracks are named on every line or on none."""
    update = _update(tracks=TRACKS, hand_values=[[1] * 4 + [2] * 4] * 4)
    sheets = [{"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}] * 4
    points: list[dict[str, int]] = [{}] * 4

    def lines(names: tuple[str, ...]) -> list[str]:
        shown = dataclasses.replace(update, names=names)
        drawn = draw.players_lines(shown, sheets, points, 104, 1, False, draw.Focus())
        return [line.plain for line in drawn]

    roomy = lines(NAMES)
    assert all("Number One 0, First Appearance 0" in line for line in roomy), roomy
    long = "Bartholomew the Magnificent of Mars"
    tight = lines((NAMES[0], NAMES[1], long, NAMES[3]))
    assert not any("Number One" in line for line in tight), tight
    assert all("One 0, First 0, New 0" in line for line in tight), tight


def test_the_players_lines_give_the_scores_parts_on_all_of_them_or_none() -> None:
    """At 160x45 your line read "score 38 = size 17 + variety 3 + …" over the bots' bare
    "score 89" (their longer names left no room): the parts on every line or on none."""
    sheets = [{"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}] * 4
    points: list[dict[str, int]] = [{}] * 4

    def lines(hands: list[list[int]], width: int) -> list[str]:
        update = _update(hand_values=hands)
        drawn = draw.players_lines(update, sheets, points, width, 1, True, draw.Focus())
        return [line.plain for line in drawn]

    tight = lines([[], [1], [1], [1]], 104)
    assert not any("= size" in line for line in tight), tight
    assert all("score 15" in line for line in tight), tight
    roomy = lines([[], [1], [1], [1]], 120)
    assert all("score 15 = size 0 + variety 0" in line for line in roomy), roomy
