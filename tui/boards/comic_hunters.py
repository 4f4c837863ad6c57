"""The Comic Hunters table: the schedule, the Trending Track and the Highlight tracks as
tracks, everyone's Secret Stash, hand (card backs show their values), collections (stacks of
one hero's cards) and projected score, the location's offers and your hand as rows of cards,
and a row of choices.

Every decision is a short walk through choices: a card to pick or box at the Store; a row
to reveal into or take at the Flea Market; a lot and an opening bid, a raise or a pass at
the Auction Website; at the Convention an optional slide (the card, then the empty space it
slides to) and then a hero and a row or column; in Assemble Collection a card and the hero
it joins, then the cards you pay with (value paid against value owed), then the cards you
discard. ←→ move the cursor along the choices, ↑↓ to the nearest one a row up or down
where they stand in rows (a hand on two lines, the Convention grid), Home and End to the
first and the last (short of Done playing; at an auction End goes to Pass, never to the
costliest bid), Enter takes the choice under it, Esc takes the last one back. The choice
under the cursor has a heavy border (a card) or brackets (a row, a lot, a grid line), ◆
marks every place a choice can be made, and the line under the table says the whole choice
in words.

No move is lost by accident (issue #16): the cursor stays on the same choice when a bot's
move in a simultaneous step brings a new position, and a half-built choice stays while it
still leads somewhere; Done playing and Pass on this lot come last, are never where the
cursor lands by itself, and take a second Enter after saying what they give up (the
`confirmations` setting turns that off); nor is a take-back of a card played: when only
those and Done playing are left the cursor is on no choice until an arrow key chooses
one; a refused move leaves its steps chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from time import monotonic
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from core.engine import Action, Outcome, in_words
from core.games.comic_hunters.data import (
    CARD,
    GRID,
    HERO_NAMES,
    HIGHLIGHT_NAMES,
    LOCATION_NAMES,
    SOLO_LOT_PRICES,
)
from core.games.comic_hunters.locations import line_take
from core.games.comic_hunters.state import counted
from core.table import Update
from tui.boards.base import (
    ActionChosen,
    ActionTrie,
    Choice,
    Path,
    choosing,
    chosen_words,
    drawable,
    new_space,
    note_sentence,
    replay_prompt,
)
from tui.boards.choice_row import ChoiceRowBoard, row_step
from tui.boards.comic_hunters_draw import (
    CARD_WIDTH,
    HERO_WORD,
    ICON_SHORT,
    NO_CARDS,
    PLACE,
    TRACKED,
    Focus,
    card_keys,
    card_words,
    collections_sentence,
    hand_lines,
    head_lines,
    icons_cut,
    marks_sentence,
    name_of,
    named_line,
    place_lines,
    place_of,
    players_lines,
    taking_cells,
    title_of,
    unplaced,
    value_counts,
)
from tui.boards.comic_hunters_facts import SHEET, milestone, projected, score_sentence, size_by_hero
from tui.boards.details import MORE, wrapped
from tui.widgets.card import BACK, CHOSEN, LEGAL, TARGET, TRACK_GAP
from tui.widgets.show import Parts

__all__ = [
    "CATEGORY_WORDS",
    "HOW_TO_PLAY",
    "LEGEND",
    "NEXT_CHOICE",
    "Board",
    "describe",
    "milestone",
    "paths",
    "prompt",
    "result_lines",
]

TYPING_PAUSE = 1.5
"""Seconds after a digit typed within which the next one adds to the same amount ("1", "0":
10); after a longer pause a digit starts a new amount."""

NEXT_CHOICE = "right"
"""Moves the cursor to the next choice of the current step, round to the first."""

HOW_TO_PLAY = """\
## How to play here

**The board**, top to bottom: the round's **schedule** (▶ marks the location now), the
**Trending Track** (heroes on row 1 score most for a collection), the three **Highlight
tracks** (each player's letter under their space), then **every player**: Secret Stash, the
backs of their hand counted by the market value each back shows (*hand 2①1②*: two cards
of value 1 and one of value 2), Highlights, and the score
they would have if the game ended now (size + variety + Highlights + stash). Collections
are drawn as stacks of one hero's cards. Below: the **location** (the Store cards in front
of you, the Flea Market rows, the auction lots, the Convention grid, or the cards you are
playing in Assemble), then **your hand**. Every round ends with Assemble Collection.
At 80×24 with many players the board saves rows: the schedule may leave the Assemble
off until it comes ("Round 2/3" is round 2 of 3), everyone's collections share a line
after the totals, and your hand may take one line or none (your line among the players
shows its backs; **i** lists its cards). Without room for the tracks' names a player's
line says each by a word of it (*One* is Number One, *First* First Appearance, *New* New
Look, *Special* Special Edition, *Epic* Epic Battle), and **i** says everyone's marks by
the full names. A title's number is its issue ("Sanctum issue 1"), never a Highlight.

**A card** shows its value ①–③ (its age and its price), its hero, and its Highlight icons;
★ marks an icon one of this game's tracks counts. A card on one line puts " · " between its
heroes and its icons ("③Captain · Special, One"); at 80×24 a Convention card of the hero
under the cursor (✓) too narrow for both shows its icons alone ("✓③Special, One").

**Keys**: ←→ (h l) move the cursor over the choices one at a time, ↑↓ (k j) to the nearest
choice in the row above or below (a hand on two lines, the Convention grid; from a Flea
Market *reveal*, the next row's *reveal*), **Home** and
**End** to the first and the last choice (End stops before *Done playing*; at an auction
it goes to *Pass on this lot*, never to the costliest bid), **Enter** takes the one under
it, **Esc** takes the last step back, **i** shows the full text of the choice under the
cursor. **When you bid**, type the amount's digits to go to that bid (1 then 0: *Bid 10*), or
**Page Up** / **Page Down** for the bid five higher or lower; Enter bids, as ever.
◆ marks what you can choose; the heavy-bordered card or [bracketed] row is under the cursor;
✓ marks what you already chose for this move. The line under the table says the whole choice.

**A worked turn (Convention):** you want Thor cards. Press → until the line says *Take Thor
cards*, Enter; then → until it says *from row 2: …* — the cards that row would give you are
marked ✓ on the grid — and Enter. To slide a card first, choose *Slide a card first, then
take* (the last choice: ← from the first, or End), then the card, then the empty space it
slides to.

**Assemble:** choose *Play …* and the hero's collection for each card (a new collection
needs two cards of one hero; the cursor starts on a card of your largest set), then *Done
playing*, then pay: discard cards from your hand
worth at least what you owe (no change). Keep at most two cards for the next round.
*Done playing* (◆ beside the Assemble heading; like *Pass on this lot* at an auction) is
last in the row, never where the cursor starts, and asks once:
it says what you will pay and which lone cards go back to your hand; Enter again takes it.
*Take back …* is never where the cursor starts either: once no card can be played, the
cursor is on no choice until ←→ choose a card to take back, or Done playing.
The others playing meanwhile never move your cursor.
"""

CATEGORY_WORDS = {
    "size": "for size",
    "variety": "for variety",
    "highlights": "for Highlights",
    "secret stash": "from the Secret Stash",
}
"""The score pad's lines by what their points are for ("19 for size, 3 for variety, 4 for
Highlights"; "19 size" read as a card's size); the results' headings say "Size", "Variety",
"Highlights", "Secret Stash"."""

LEGEND: tuple[tuple[str, str], ...] = (
    ("① ② ③", "a card's market value: 1 Contemporary, 2 Modern, 3 Classic (age, price, pay)"),
    (
        "hand 5①2②",
        "a hand's backs (or a collection's cards) counted by value: five cards of value 1 "
        "and two of value 2",
    ),
    (f"{TRACKED}", "a Highlight icon one of this game's three tracks counts"),
    (TRACK_GAP, "on a track too long for its line: spaces nobody stands on, left out"),
    *(
        (ICON_SHORT[icon], f"{HIGHLIGHT_NAMES[icon]}, a Highlight icon and its track")
        for icon in ICON_SHORT
    ),
    *(
        (HERO_WORD[hero], HERO_NAMES[hero])
        for hero in HERO_WORD
        if HERO_WORD[hero] != HERO_NAMES[hero]
    ),
    ("Spider/Thor", "a card of two heroes: it joins a collection of either one"),
    ("Thor · New, One", "a card's heroes, then its Highlight icons (Thor·New in a narrow cell)"),
    (LEGAL, "can be chosen now"),
    ("heavy border, [ ]", "under the cursor"),
    (
        CHOSEN,
        "already chosen for this move (in the grid: the cards of the hero under the cursor, "
        "then those the row or column under the cursor would take; such a cell too narrow "
        "for its heroes and its Highlights shows the Highlights)",
    ),
    (BACK, "the back of a card: another player's Store cards, a deck"),
    ("▶", "the location now (schedule); whose turn it is (players)"),
    (
        "A, B… or 1, 2… under a track",
        "a player's marker (their letter or number is in brackets by their name); J is Jarvis",
    ),
    ("at 0: AB, at 0: 1,2", "the players whose marker has not moved on that track yet"),
    ("stash", "Secret Stash: money for the auctions, points at the end"),
    ("score", "the score if the game ended now: size + variety + Highlights + stash"),
    ("N cards · P pts", "a collection's size and what its size scores now"),
    ("row N (Trending)", "the Trending Track row: row 1 scores most for a collection"),
    (
        MORE,
        "more than fits there (a line of words stops after a whole word): the line under "
        "the table, or i, has the whole text",
    ),
)
"""Every glyph and short form the Comic Hunters screens show, with its meaning."""


card_text = card_words
"""A card as the board's sentences say it: core's words, the title's number an issue."""


def _cards(cards: Sequence[str]) -> str:
    return "; ".join(card_words(c) for c in cards) or NO_CARDS


def _hand_words(hand: Sequence[str]) -> str:
    """ "Your hand: 3 cards (2①1③): …; …." counted by value as every hand is, then each
    card; "Your hand: no cards."."""
    if not hand:
        return f"Your hand: {NO_CARDS}."
    values = value_counts(CARD[c].value for c in hand)
    return f"Your hand: {counted(len(hand))} ({values}): {_cards(hand)}."


# -- steps -----------------------------------------------------------------------------------


def paths(update: Update, action: Action) -> list[Path]:
    """The order of choices that builds ``action``, with words for each step."""
    view = update.view
    verb = action[0]
    if verb in ("pick", "box", "keep", "pay", "discard"):
        words = {
            "pick": "Pick",
            "box": "Return to the box",
            "keep": "Pay 1 for",
            "pay": "Pay with",
            "discard": "Discard",
        }[verb]
        return [(Choice(("card", action[1]), f"{words} {card_words(action[1])}"),)]
    if verb == "reveal":
        row = view["flea"]["rows"][action[1]]
        cap = view["flea"]["caps"][action[1]]
        return [
            (
                Choice(
                    ("reveal", action[1]),
                    f"Reveal a card into row {action[1] + 1} ({len(row)} of {cap})",
                ),
            )
        ]
    if verb == "take-row":
        row = view["flea"]["rows"][action[1]]
        return [(Choice(("take-row", action[1]), f"Take row {action[1] + 1}: {_cards(row)}"),)]
    if verb == "open":
        lot = view["auction"]["lots"][action[1]]
        return [
            (
                Choice(("lot", action[1]), f"Put lot {action[1] + 1} up: {_cards(lot)}"),
                Choice(("bid", action[2]), f"Open the bidding at {action[2]}"),
            )
        ]
    if verb == "bid":
        return [(Choice(("bid", action[1]), f"Bid {action[1]}"),)]
    if verb == "pass":
        words = "Pass on this lot" if view["location"] == "auction" else "Nothing left: pass"
        return [(Choice(("pass",), words),)]
    if verb == "buy-lot":
        lot = view["auction"]["lots"][action[1]]
        price = SOLO_LOT_PRICES[action[1]]
        return [
            (Choice(("lot", action[1]), f"Buy lot {action[1] + 1} for {price}: {_cards(lot)}"),)
        ]
    if verb == "slide":
        _, cell, to = action
        card = view["convention"]["grid"][cell]
        then = "discard" if view["convention"]["turns"][0][1] else "take"
        return [
            (
                Choice(("slide",), f"Slide a card first, then {then} (optional)"),
                Choice(("cell", cell), f"Slide {card_words(card)} at {cell_words(cell)}"),
                Choice(("cell", to), f"to the empty space at {cell_words(to)}"),
            )
        ]
    if verb == "take":
        _, hero, axis, index = action
        cards = line_take(tuple(view["convention"]["grid"]), hero, axis, index)
        discard = bool(view["convention"]["turns"][0][1])
        what = "Discard" if discard else "Take"
        return [
            (
                Choice(("hero", hero), f"{what} {HERO_NAMES[hero]} cards"),
                Choice(
                    ("line", axis, index),
                    f"from {'row' if axis == 'row' else 'column'} {index + 1}: {_cards(cards)}",
                ),
            )
        ]
    if verb == "give-first":
        return [
            (
                Choice(
                    ("seat", action[1]),
                    f"Give the First Player marker to {name_of(update, action[1])}",
                ),
            )
        ]
    if verb == "play":
        return [
            (
                Choice(("play", action[1]), f"Play {card_words(action[1])}"),
                Choice(("hero", action[2]), f"onto the {HERO_NAMES[action[2]]} collection"),
            )
        ]
    if verb == "unplay":
        return [(Choice(("unplay", action[1]), f"Take back {card_words(action[1])}"),)]
    if verb == "relocate":
        return [
            (
                Choice(("relocate", action[1]), f"Relocate {card_words(action[1])}"),
                Choice(("hero", action[2]), f"to the {HERO_NAMES[action[2]]} collection"),
            )
        ]
    if verb == "ready":
        return [(Choice(("ready",), _ready_words(update)),)]
    return []


NO_PLAY = "No card can be played now"
NO_PLAY_WHY = (
    "a card played leaves your hand and adds its value to what you owe, and the rest of "
    "your hand could not pay it"
)
NO_PLAY_KEYS = "←→: take a card back, or Done playing."
"""What the choice line says when the cursor is on no choice (`Board._parked`): only
take-backs and Done playing are left, and neither is taken by a default Enter."""

FINAL: frozenset[Hashable] = frozenset({("ready",), ("pass",)})
"""Choices that give up the rest of a step for you: Done playing ends your plays in
Assemble, Pass on this lot drops you out of its bidding. They come last in the row, are
never where the cursor lands by itself, and are taken only on a second Enter. (The
Convention's "Nothing left: pass" is the only choice there is, so it asks nothing.)"""


LATER: frozenset[Hashable] = frozenset({("slide",)})
"""Choices listed after the usual move: the Convention's optional slide comes after the
heroes to take, so that Enter on the first choice takes cards (it went into sliding, the
extra a newcomer did not ask for); ← from the first choice, or End, reaches it."""


def is_final(update: Update, key: Hashable) -> bool:
    """Whether ``key`` is one of the FINAL choices here (a pass only at an auction)."""
    return key in FINAL and (key != ("pass",) or update.view["location"] == "auction")


def confirm_words(update: Update, key: Hashable) -> str:
    """What a final choice gives up, and how to take it anyway."""
    if key == ("ready",):
        return f"{_ready_words(update)}. Enter again to confirm."
    a = update.view["auction"]
    leader = title_of(update, a["leader"])
    return (
        f"Pass on lot {a['lot'] + 1}: you drop out of its bidding; {leader} leads with "
        f"{a['bid']}. Enter again to confirm."
    )


def _step(update: Update) -> tuple[Any, ...]:
    """Which decision an update asks of its seat: the seat, the location, and in Assemble
    the seat's stage (playing, paying, discarding down to two). A new one starts the
    cursor on its first choice."""
    assembly, seat = update.view["assembly"], update.seat
    stage = assembly["stages"][seat] if assembly is not None and seat is not None else None
    return (seat, update.view["location"], stage)


def _kind(key: Hashable | None) -> Hashable | None:
    """A choice key's kind: its first word ("play", "unplay", "hero", …)."""
    return key[0] if isinstance(key, tuple) and key else None


def is_real(update: Update, key: Hashable) -> bool:
    """Whether ``key`` moves the game on: not a take-back of a card played ("Take back …",
    which undoes a move) nor a FINAL choice (which gives up the rest of a step). Only a
    real move is where the cursor lands by itself."""
    return _kind(key) != "unplay" and not is_final(update, key)


def _sets(update: Update) -> dict[str, int]:
    """Per hero, the cards its collection could hold after this Assemble: collected, played
    for it and playable onto it now (each playable card counted for each of its heroes)."""
    view, seat = update.view, update.seat
    if view["assembly"] is None or seat is None:
        return {}
    held = {hero: len(cards) for hero, cards in view["collections"][seat]}
    for _, hero in view["assembly"]["plays"][seat]:
        held[hero] = held.get(hero, 0) + 1
    for action in update.legal:
        if action[0] == "play":
            held[action[2]] = held.get(action[2], 0) + 1
    return held


def default_set(update: Update) -> str | None:
    """The hero whose cards Enter plays first in Assemble: the largest collection the seat
    can have this phase, of two or more cards (a new collection needs two played at once,
    and only three or more score, rulebook): a card alone for a hero not collected goes
    back to the hand at Done playing. A start already played alone comes first (it needs
    its second card). None: no such hero (every card to play is alone)."""
    view, seat = update.view, update.seat
    sets = _sets(update)
    playable = {action[2] for action in update.legal if action[0] == "play"}
    if view["assembly"] is None or seat is None or not playable:
        return None
    collected = {hero for hero, _ in view["collections"][seat]}
    played = [hero for _, hero in view["assembly"]["plays"][seat]]
    waiting = [h for h in playable if h not in collected and played.count(h) == 1]
    # What the hand can pay once the cards are played: a new set's two cheapest included.
    budget = sum(CARD[c].value for c in view["hand"] or ()) - sum(
        CARD[card].value for card, _ in view["assembly"]["plays"][seat]
    )

    def affordable(hero: str) -> bool:
        if hero in collected or hero in played:
            return True
        values = sorted(CARD[a[1]].value for a in update.legal if a[0] == "play" and a[2] == hero)
        return len(values) >= 2 and budget - 2 * (values[0] + values[1]) >= 0

    heroes = sorted(
        (h for h in playable if sets[h] >= 2 and affordable(h)),
        key=lambda h: (h in waiting, sets[h], h in collected),
        reverse=True,
    )
    return heroes[0] if heroes else None


def end_of(keys: Sequence[Hashable]) -> int | None:
    """Where End goes in a row of choice ``keys``: the last choice, short of Done playing
    (it ends your plays: never one key away), of the take-backs (each undoes a card
    played: End, Enter took back the last one) and of every bid above the cheapest. A row
    of bids runs up to the whole stash: End, Enter there bid it all, where a player at the
    end of the row expects Pass on this lot (which asks before it is taken), or when the
    bidding opens and no Pass follows, the cheapest amount still. None: only take-backs
    and Done playing are left (the cursor stays where it is)."""
    bids = [key[1] for key in keys if _kind(key) == "bid"]  # type: ignore[index]
    ends = [
        i
        for i, key in enumerate(keys)
        if key != ("ready",)
        and _kind(key) != "unplay"
        and not (_kind(key) == "bid" and key[1] > min(bids))  # type: ignore[index]
    ]
    return ends[-1] if ends else None


def cell_words(cell: int) -> str:
    row, col = divmod(cell, GRID)
    return f"row {row + 1}, column {col + 1}"


def _owed(update: Update) -> int:
    assembly = update.view["assembly"]
    if assembly is None or update.seat is None:
        return 0
    return sum(CARD[card].value for card, _ in assembly["plays"][update.seat])


def _lone(update: Update) -> list[tuple[str, str]]:
    """Your played cards (card, hero) that Done playing takes back: alone for a hero you
    do not collect yet, as core.games.comic_hunters.assembly.strays counts them on the
    whole state (a new collection needs two cards played at once)."""
    view, seat = update.view, update.seat
    if view["assembly"] is None or seat is None:
        return []
    plays = view["assembly"]["plays"][seat]
    collected = {hero for hero, _ in view["collections"][seat]}
    heroes = [hero for _, hero in plays]
    return [(c, h) for c, h in plays if h not in collected and heroes.count(h) < 2]


def _ready_words(update: Update) -> str:
    """Done playing, with what it costs once the lone cards have gone back to the hand:
    "Done playing: pay 2 — the lone Spider-Man card goes back to your hand"."""
    lone = _lone(update)
    owe = _owed(update) - sum(CARD[card].value for card, _ in lone)
    words = f"Done playing: pay {owe}" if owe else "Done playing (nothing to pay)"
    if not lone:
        return words
    names = [HERO_NAMES[hero] for _, hero in lone]
    heroes = in_words(names)
    back = "card goes" if len(lone) == 1 else "cards go"
    return f"{words} — the lone {heroes} {back} back to your hand"


def _paid(update: Update) -> int:
    assembly = update.view["assembly"]
    if assembly is None or update.seat is None:
        return 0
    return sum(CARD[card].value for card in assembly["paid"][update.seat])


# -- words ---------------------------------------------------------------------------------


def _schedule_words(view: dict[str, Any]) -> str:
    places = view["schedule"][view["round"]]
    where = view["location"]
    if where == "assemble" or view["step"] >= 3:
        now = "Assemble Collection"
    elif where == "over":
        now = "the end"
    elif where == "give-first":
        now = f"after the {LOCATION_NAMES[places[view['step']]]}: passing the First Player marker"
    else:
        now = LOCATION_NAMES[where]
    plan = " → ".join(LOCATION_NAMES[p] for p in places)
    return f"Round {view['round'] + 1} of 3 ({plan}): {now}"


def _stage_words(update: Update, brief: bool = False, keys: Sequence[Hashable] = ()) -> str:
    """What the current location asks, in words (``brief``: the Convention's in fewer, for
    a line too short for the rest: the slide is a choice of its own in the row). At the
    Convention, once a first step is taken (``keys``), what that step asks next: the card
    to slide and its empty space, or the line to take a hero's cards from."""
    view = update.view
    seat = update.seat
    where = view["location"]
    if where == "convention" and keys:
        if keys[0] == ("slide",):
            ask = "the card to slide" if len(keys) == 1 else "the empty space it slides to"
            return f"Convention, the optional slide: choose {ask}."
        hero = keys[0][1]  # type: ignore[index]
        discard = view["convention"]["turns"] and view["convention"]["turns"][0][1]
        verb = "discard" if discard else "take"
        return f"Convention: {verb} {HERO_NAMES[hero]} cards from a row or column."
    if brief and where == "convention":
        discard = view["convention"]["turns"] and view["convention"]["turns"][0][1]
        return f"Convention: {'discard' if discard else 'take'} a hero's cards in a row or column."
    if where == "store":
        store = view["store"]
        if view["solo"]:
            return "Store: keep two of the three cards; the third goes to Jarvis."
        way = "left" if store["direction"] == 1 else "right"
        box = " and return one to the box" if view["players"] == 2 else ""
        return f"Store: pick one card{box}; the rest pass {way}."
    if where == "flea":
        return "Flea Market: reveal a card into a row, or take a row (your visit ends)."
    if where == "auction":
        a = view["auction"]
        if view["solo"]:
            return "Auction Website: buy lot 1 for 5 or lot 2 for 1; Jarvis buys the other."
        if a["picks"]:
            return f"Auction Website: the last lot costs 1 a card; choose {a['picks']} more."
        if a["lot"] < 0:
            chooser = name_of(update, a["turn"])
            verbs = "choose a lot and open" if chooser == "you" else "chooses a lot and opens"
            return f"Auction Website: {chooser} {verbs} the bidding."
        ask = "bid higher or pass"
        if seat is not None and seat != a["leader"] and view["stash"][seat] <= a["bid"]:
            ask = f"your stash of {view['stash'][seat]} cannot beat it: pass"
        return (
            f"Auction Website: lot {a['lot'] + 1}, highest bid {a['bid']} by "
            f"{name_of(update, a['leader'])}; {ask}."
        )
    if where == "convention":
        turns = view["convention"]["turns"]
        discard = turns and turns[0][1]
        kind = "a Discard turn (the cards go to the Convention deck)" if discard else "take"
        slid = " (slide used)" if view["convention"]["slid"] else ", you may slide one card first"
        return f"Convention: {kind}: choose a hero and a row or column{slid}."
    if where == "give-first":
        giver = title_of(update, view["first"])
        if giver == "You":
            return "You pass the First Player marker on: choose who gets it."
        return f"{giver} passes the First Player marker on."
    if where == "assemble" and seat is not None:
        stage = view["assembly"]["stages"][seat]
        if stage == "play":
            return "Assemble: play cards onto collections (new ones need two), then Done."
        if stage == "pay":
            paid, owed = _paid(update), _owed(update)
            return f"Assemble: pay by discarding (no change): paid {paid} of {owed} owed."
        if stage == "excess":
            return f"Assemble: keep at most two cards: discard {len(view['hand']) - 2} more."
        return "Assemble: you are done; waiting for the others."
    return ""


def prompt(
    update: Update,
    keys: Sequence[Hashable],
    choices: Sequence[Choice],
    plain: bool = False,
    short: bool = False,
    bare: bool = False,
    brief: bool = False,
) -> str:
    """What to do now, in words (``plain``: for the screen-reader list of choices;
    ``short``: only the arrows of the keys, as the footer names Enter, Esc and i;
    ``bare``: no keys at all, for a line too narrow for them; ``brief``: bare, in the
    fewest words, the step's number only)."""
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    seat = update.seat
    if seat is None or seat not in update.acting:
        waiting = in_words([name_of(update, s) for s in sorted(update.acting)])
        if update.view["location"] == "store" and seat is not None:
            return f"Your pick is made. Waiting for {waiting}…"
        return f"Waiting for {waiting}…"
    bids = any(_kind(c.key) == "bid" for c in choices)
    bidding = ", type an amount or PgUp/PgDn ±5" if bids else ""
    how = (
        "Choose from the list (Up, Down, Enter; Escape goes back)"
        if plain
        else f"{TARGET}: choices, ←→ move"
        if short
        else f"{TARGET}: choices. ←→ move{bidding}, Enter take, Esc back, i details"
    )
    step = f" Step {len(keys) + 1}." if keys else ""
    if brief and not plain:
        return f"{_stage_words(update, brief=True, keys=keys)}{step}"
    if plain and keys:  # no board shows the steps taken: say them
        step = f" So far: {chosen_words(update, keys, paths)}.{step}"
    last = keys[-1] if keys else None
    if not plain and isinstance(last, tuple) and last[0] == "hero":
        step += f" {CHOSEN} marks the cards the row or column under the cursor takes."
    elif not plain and not keys and any(_kind(c.key) == "hero" for c in choices):
        step += f" {CHOSEN} marks the cards of the hero under the cursor."
    if bare and not plain:
        return f"{_stage_words(update, keys=keys)}{step}"
    return f"{_stage_words(update, keys=keys)}{step} {how}."


def _collection_words(collections: Sequence[Any]) -> str:
    """ "collections Thor 3, Hulk 2", or "no collections" (the sentences said "collections
    none")."""
    if not collections:
        return "no collections"
    return "collections " + ", ".join(f"{HERO_NAMES[h]} {len(cards)}" for h, cards in collections)


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines = [("Solo against Jarvis. " if view["solo"] else "") + _schedule_words(view) + "."]
    if update.outcome is None:
        if update.seat is not None and update.seat in update.acting:
            lines.append("It is your turn to choose.")
        else:
            waiting = in_words([name_of(update, s) for s in sorted(update.acting)])
            lines.append(f"Waiting for {waiting}.")
    if not view["solo"]:
        lines.append(f"First Player: {name_of(update, view['first'])}.")
    trending = "; ".join(
        f"row {i + 1}: {', '.join(HERO_NAMES[h] for h in row)}"
        for i, row in enumerate(view["trending"])
    )
    lines.append(f"Trending Track: {trending}.")
    if view["removed_heroes"]:
        lines.append(f"Removed heroes: {', '.join(HERO_NAMES[h] for h in view['removed_heroes'])}.")
    for track, highlight in enumerate(view["tracks"]):
        marks = ", ".join(f"{name_of(update, s)} {m[track]}" for s, m in enumerate(view["marks"]))
        if view["jarvis"] is not None:
            marks += f", Jarvis {view['jarvis']['marks'][track]}"
        lines.append(f"Highlight track {track + 1}, {HIGHLIGHT_NAMES[highlight]}: {marks}.")
    stash = ", ".join(f"{name_of(update, s)} {v}" for s, v in enumerate(view["stash"]))
    if view["jarvis"] is not None:
        stash += f", Jarvis {view['jarvis']['stash']}"
    lines.append(f"Secret Stash: {stash}.")
    for seat, collections in enumerate(view["collections"]):
        who = title_of(update, seat)
        values = view["hand_values"][seat]
        # Counted by value as on the board ("3 cards in hand, 2①1②").
        cards = f"{counted(len(values))} in hand, {value_counts(values)}" if values else ""
        lines.append(f"{who}: {_collection_words(collections)}; {cards or NO_CARDS + ' in hand'}.")
        if seat in update.notes:
            lines.append(note_sentence(update, seat))
    if view["jarvis"] is not None:
        lines.append(f"Jarvis: {_collection_words(view['jarvis']['collections'])}.")
    everyone = view["players"] + (1 if view["jarvis"] is not None else 0)
    sheets = projected(view)
    lines += [score_sentence(update, index, sheets[index]) for index in range(everyone)]
    if view["hand"] is not None:
        lines.append(_hand_words(view["hand"]))
    lines += _location_lines(update)
    return lines


def _location_lines(update: Update) -> list[str]:
    view = update.view
    lines: list[str] = []
    if view["store"] is not None and view["store"]["pack"]:
        lines.append(f"Your Store cards: {_cards(view['store']['pack'])}.")
    if view["flea"] is not None:
        flea = view["flea"]
        for i, row in enumerate(flea["rows"]):
            state = f"{len(row)} of {flea['caps'][i]}" if flea["open"][i] else "taken"
            lines.append(f"Flea Market row {i + 1} ({state}): {_cards(row)}.")
    if view["auction"] is not None:
        a = view["auction"]
        for i, lot in enumerate(a["lots"]):
            if not a["sold"][i]:
                lines.append(f"Lot {i + 1}: {_cards(lot)}.")
        if a["lot"] >= 0 and not a["picks"]:
            lines.append(
                f"Bidding on lot {a['lot'] + 1}: {a['bid']} by {name_of(update, a['leader'])}."
            )
    if view["convention"] is not None:
        grid = view["convention"]["grid"]
        for row in range(GRID):
            cells = [grid[row * GRID + c] for c in range(GRID)]
            words = ", ".join(card_words(c) if c else "empty" for c in cells)
            lines.append(f"Convention row {row + 1}: {words}.")
    if view["assembly"] is not None and update.seat is not None:
        plays = view["assembly"]["plays"][update.seat]
        if plays:
            played = "; ".join(f"{card_words(c)} for {HERO_NAMES[h]}" for c, h in plays)
            lines.append(f"Played: {played}. Owed {_owed(update)}, paid {_paid(update)}.")
    return lines


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """What the score table does not show: each player's collections with what each
    scored for its size, and in solo Jarvis' score pad line and collections."""
    points = size_by_hero(view)
    lines = []
    for seat, collections in enumerate(view["collections"]):
        lines.append(f"{names[seat]}: {_scored_words(collections, points[seat])}")
    sheet = view["scores"] or []
    if view["solo"] and len(sheet) > 1:
        row = sheet[-1]
        parts = ", ".join(f"{key} {row[key]}" for key in SHEET)
        lines.append(f"Jarvis: {parts} = {sum(row.values())}")
        lines.append(f"Jarvis: {_scored_words(view['jarvis']['collections'], points[-1])}")
    return lines


def _scored_words(collections: Sequence[Any], points: dict[str, int]) -> str:
    """ "collections Spider-Man 4 (11 points), Thor 2 (too small to score)"."""
    if not collections:
        return "no collections"
    words = []
    for hero, cards in collections:
        if len(cards) < 3:
            words.append(f"{HERO_NAMES[hero]} {len(cards)} (too small to score)")
        else:
            count = points.get(hero, 0)
            words.append(
                f"{HERO_NAMES[hero]} {len(cards)} ({count} point{'' if count == 1 else 's'})"
            )
    return "collections " + ", ".join(words)


# -- the widget ------------------------------------------------------------------------------


_ABSENT = object()


class _Reads(dict[str, Any]):
    """An update's view that notes which of its entries a part's drawing reads: the part
    is the same while those are (compared as ``repr``, so that a view built again with the
    same contents, or changed in place, is told right)."""

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(view)
        self.read: set[str] = set()

    def __getitem__(self, entry: str) -> Any:
        self.read.add(entry)
        return super().__getitem__(entry)

    def get(self, entry: str, default: Any = None) -> Any:
        self.read.add(entry)
        return super().get(entry, default)

    def __contains__(self, entry: object) -> bool:
        if isinstance(entry, str):
            self.read.add(entry)
        return super().__contains__(entry)


class _Asked:
    """A Focus that notes what a part's drawing asked of it: the part is the same for
    another focus that answers the same (a move elsewhere leaves the hand as it was)."""

    def __init__(self, focus: Focus) -> None:
        self._focus = focus
        self._asked: dict[tuple[Hashable, ...], tuple[bool, bool, bool]] = {}
        self._taking: frozenset[int] | None = None

    def of(self, *keys: Hashable) -> tuple[bool, bool, bool]:
        answer = self._asked[keys] = self._focus.of(*keys)
        return answer

    @property
    def taking(self) -> frozenset[int]:
        self._taking = self._focus.taking
        return self._taking

    def same_for(self, focus: Focus) -> bool:
        if self._taking is not None and focus.taking != self._taking:
            return False
        return all(focus.of(*keys) == answer for keys, answer in self._asked.items())


_MEASURE = Console(width=400, color_system=None)
"""Wraps text for measuring only: never prints."""


@lru_cache(maxsize=1024)
def wrapped_rows(words: str, width: int) -> int:
    """The lines ``words`` wrap to at ``width`` (kept: the choice's part weighs the same
    few prompts at every update and every size the fitting tries)."""
    return len(Text(words).wrap(_MEASURE, width))


PARTS = ("head", "players", "place", "hand", "choice")
"""The board's parts, top to bottom, as lines of one widget (`Parts`); each redraws only
when what it shows changed, and the screen is laid out again only when its height did."""
WIDE = 120
"""From this many columns the game screen puts the log beside the board."""
CHROME = {False: 7, True: 3}
"""Lines of the game screen around the board (banner, status, log, keys), log beside or not."""
FLOOR = {"players": -5, "hand": -3, "choice": -1}
"""The smallest size of a part, where it is not 0, for four players at 80x24: the
players' collections after their totals; the hand's words beside its cards, and when no
choice is in the hand and the location's cards are as small as they go, the hand in a line
(the ``i`` key lists its cards), or in none
(your line among the players shows its backs, the ``i`` key its cards); then the
collections' shared lines a row at a time, down to one (the ``i`` key has them all: at
round 3's Convention two such rows cut the card to slide to one row); last of all, the
choice under the cursor in one line (its card is marked on the board, and ``i`` has its
words whole) above what to do."""
CHOICE_LINES = {2: (2, 2), 1: (2, 1), 0: (1, 1), -1: (1, 1)}
"""By level, the lines for the choice under the cursor and for what to do now: the choice
keeps its second line longest (what Enter would do is the line to read whole)."""


def _places(drawn: Sequence[Sequence[Text]]) -> dict[str, tuple[int, float]]:
    """Where each choice the parts' lines mark (`place_of`) is drawn: its first line on
    the board and its middle column."""
    places: dict[str, tuple[int, float]] = {}
    row = 0
    for lines in drawn:
        for line in lines:
            for span in line.spans:
                style = span.style
                if isinstance(style, str) and style.startswith(PLACE) and style not in places:
                    plain = line.plain
                    start = cell_len(plain[: span.start])
                    places[style] = (row, start + cell_len(plain[span.start : span.end]) / 2)
            row += 1
    return places


def _joined(lines: Sequence[Text]) -> Text:
    """A part's lines as one text to show, without the marks of where choices are."""
    return unplaced(Text("\n").join(lines))


class Board(ChoiceRowBoard):
    """The table, your hand and a row of choices (see ChoiceRowBoard for the keys): ↑↓
    go to the nearest choice a row up or down where the choices stand in rows (a hand on
    two lines, the Convention grid), Home and End to the first and the last choice short
    of Done playing (never one key away) and of the costlier bids (`end_of`).

    | key | action |
    | --- | --- |
    | Home / End | the first choice / the last short of Done playing (an auction: Pass) |
    """

    DEFAULT_CSS = """
    Board { layout: vertical; }
    """

    BINDINGS = [
        Binding("home", "edge(0)", "First choice", show=False, id="board.first"),
        Binding("end", "edge(1)", "Last choice short of Done", show=False, id="board.last"),
        # Bidding 10 took ten presses of →: the amount typed, or five bids at a time. Each
        # only moves the cursor (Enter bids); offered only while there is a bid to make.
        *(
            Binding(
                str(digit),
                f"type_bid({digit})",
                "Type a bid",
                key_display="0-9",
                show=digit == 1,
                id=f"board.bid{digit}",
            )
            for digit in range(10)
        ),
        Binding("pageup", "bid_step(5)", "The bid 5 higher", show=False, id="board.bid-up"),
        Binding("pagedown", "bid_step(-5)", "The bid 5 lower", show=False, id="board.bid-down"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._sent: tuple[Action, Hashable, int] | None = None
        """The action sent to the table and not yet seen through, with the first step's key
        and place in the row: while the action is still legal (refused, or not taken yet)
        the steps before its last one stay chosen; once taken, the cursor goes near there."""
        self._confirming: Hashable | None = None
        """The final choice one Enter has asked about (None: nothing asked)."""
        self._away: Hashable | None = None
        """The choice the cursor was on when your turn ended (the first step of the move
        made), while the others take theirs: your next turn starts there if it is there."""
        self._parked = False
        """Whether the cursor is on no choice: a new position left only take-backs and Done
        playing, none of which is taken by a default Enter (an arrow key chooses one)."""
        self._typed = ""
        """The digits of a bid typed so far (see `action_type_bid`)."""
        self._typed_at = 0.0
        """When the last of them was typed (`monotonic`)."""
        self._hand_told = False
        """Whether the board says the hand in a line only (``details`` then lists it)."""
        self._collections_cut = False
        """Whether the collections' shared lines are cut (``details`` then says them)."""
        self._marks_short = False
        """Whether the players' lines say the tracks by a word, with no tracks drawn above
        them (``details`` then says everyone's marks by the tracks' full names)."""
        self._drawn: dict[Hashable, tuple[Hashable, dict[str, str], _Asked, list[Text]]] = {}
        self._places: dict[str, tuple[int, float]] = {}
        """Where each choice was last drawn (`place_of` → line, middle column)."""
        """Each part at each size as last drawn: what it was drawn from (the update's own
        words, and the entries of the view it read) and its lines."""

    def compose(self) -> ComposeResult:
        yield Parts((*PARTS[:-1], "room", PARTS[-1]), id="ch-parts")

    def paths(self, update: Update, action: Action) -> list[Path]:
        return paths(update, action)

    # -- what the cursor is on --------------------------------------------------------------

    def _mine(self) -> bool:
        update = self.update
        return update is not None and update.seat in update.acting and update.outcome is None

    def _focus(self) -> Focus:
        if self.update is None or not self._mine():
            return Focus()
        choices = self.choices
        current = choices[self.cursor].key if choices and not self._parked else None
        return Focus(
            legal=frozenset(c.key for c in choices),
            current=current,
            chosen=tuple(self.keys),
            taking=taking_cells(self.update, self.keys, current),
        )

    def details(self) -> str:
        """The whole of the choice under the cursor (or, when it is not your turn, what
        the table waits for and your hand), for the details line and the ``i`` key."""
        update = self.update
        if update is None:
            return ""
        choices = self.choices
        if self._mine() and choices:
            choice = choices[self.cursor]
            if self._confirming is not None:
                return f"{self.cursor + 1} of {len(choices)}: {confirm_words(update, choice.key)}"
            text = f"{self.cursor + 1} of {len(choices)}: {self._label(update, choice)}"
            if self._parked:  # on no choice: why, and the keys that choose
                text = f"{NO_PLAY}: {NO_PLAY_WHY}. {NO_PLAY_KEYS}"
            key = self._under()
            if isinstance(key, tuple) and key[0] == "reveal":  # what the row holds so far
                text += f". The row now: {_cards(update.view['flea']['rows'][key[1]])}."
            if self._hand_told and update.view["hand"]:
                text += f"{'' if text.endswith('.') else '.'} {_hand_words(update.view['hand'])}"
            if self._collections_cut:
                text += f"{'' if text.endswith('.') else '.'} {collections_sentence(update)}"
            if self._marks_short:
                text += f"{'' if text.endswith('.') else '.'} {marks_sentence(update)}"
            return text
        hand = update.view["hand"]
        text = prompt(update, self.keys, choices)
        if self._marks_short:  # before the hand, which ends what you read while you wait
            text += f" {marks_sentence(update)}"
        if hand is not None:  # an empty one too: what you hold while you wait
            text += f" {_hand_words(hand)}"
        if self._collections_cut:
            text += f" {collections_sentence(update)}"
        return text

    # -- drawing ------------------------------------------------------------------------------

    def show(self, update: Update) -> None:
        """Display a new update, keeping what the player put where it was, as a bot's move
        in a simultaneous step (the Store, Assemble) or a refused move must: the choices
        made so far while they still lead somewhere, the cursor on the same choice by
        identity, else on the ordinary choice nearest where it was (never a final one while
        another is there). After your own move went through, the cursor goes to the
        choice nearest the one that started it: the next card after a card played. After
        the others' turns, on the choice it was on if that is there still (the Flea
        Market's cursor went back to row 1's reveal from the row you were filling), else
        the first of its kind; never on a pass (the next lot's bidding started on it). A
        new location, a new step of Assemble (discarding down to two after paying) or
        choices all new (the Store's next cards) start on the first; Assemble's plays on
        the first card of the largest set (`default_set`), and after a card played, on its
        set's next card (Enter on the first card played a lone one)."""
        old = self.update
        keys, under, index = list(self.keys), self._under(), self.cursor
        before = {c.key for c in self._row([])}
        if under is None and not self._parked:  # the others' turns: where it was before
            under = self._away
        self.update = update
        self.trie = ActionTrie(update.legal, lambda action: paths(update, action))
        if old is None or _step(old) != _step(update):
            # Another seat's view, the next location or step: its first choice (in
            # Assemble's plays, the first card of the largest set: `default_set`).
            self.keys, under, index, self._sent, self._away = [], None, 0, None, None
            if update.seat in update.acting:
                under = self._default(update)
        elif not update.legal:
            # The others' turns: nothing to choose. Your next turn starts on the choice the
            # cursor was on (the first step of a move made), if it is there still, else
            # afresh (the Store's next cards: the first).
            # A final choice is not kept (a pass on one lot started the next lot's bidding
            # on "Pass on this lot"): the next turn starts on its first real choice.
            away = keys[0] if keys else under
            self._away = None if away is not None and is_final(update, away) else away
            self.keys, self.cursor, self._sent, self._confirming = [], 0, None, None
            self._draw()
            self.refresh_bindings()
            return
        elif self._sent is not None and self._sent[0] not in update.legal:
            # Taken: the next decision starts afresh, near the choice that began this one
            # unless the cursor is on a choice still there; a new stage (paying after Done
            # playing), or choices all new (the Store's next cards), on its first choice.
            row = [c.key for c in self._row([])]
            if under not in row:
                sent, under, index = self._sent
                if not any(_kind(key) == _kind(under) for key in row) or before.isdisjoint(row):
                    under, index = None, 0
                elif sent[0] == "play":  # the set's next card (`default_set`), else nearest
                    under = self._default(update) or under
            self.keys, self._sent = [], None
        else:
            self.keys = keys if self._leads_somewhere(keys) else []
        self._land(under, index)
        self._away = None
        if self._confirming is not None and self._under() != self._confirming:
            self._confirming = None
        # Unlike ChoiceRowBoard.show, no layout of the whole board: its parts lay the screen
        # out again only when their number of lines changed (a layout redraws the screen).
        self._draw()
        self.refresh_bindings()

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps after what has been chosen so far."""
        return self._row(self.keys)

    def _row(self, keys: Sequence[Hashable]) -> list[Choice]:
        """The legal next steps after ``keys``: the Convention's optional slide after the
        takes (`LATER`), the final ones (see FINAL) last."""
        found = self.trie.choices(keys)
        if self.update is None:
            return found
        final = [c for c in found if is_final(self.update, c.key)]
        later = [c for c in found if c.key in LATER]
        return [c for c in found if c not in final and c not in later] + later + final

    def _under(self) -> Hashable | None:
        """The key of the choice under the cursor (None: no choices)."""
        choices = self.choices
        if not choices or self._parked:
            return None
        return choices[min(self.cursor, len(choices) - 1)].key

    def _nearest(self, key: Hashable | None, index: int) -> int | None:
        """Where the cursor goes in the current choices: on ``key`` if it is still there
        (the player put it there), else on the real move (`is_real`) nearest ``index``, one
        of the same kind if there is one (after a card played, another card to play); after
        a take-back, on the first real move. Without a real move, on a final choice if it is
        the only one (an Enter there asks first), else nowhere (None): take-backs and Done
        playing wait for an arrow key."""
        keys = [c.key for c in self.choices]
        if key in keys:
            return keys.index(key)
        assert self.update is not None
        real = [i for i, k in enumerate(keys) if is_real(self.update, k)]
        alike = [i for i in real if _kind(keys[i]) == _kind(key)]
        if alike or (real and _kind(key) != "unplay"):
            return min(alike or real, key=lambda i: abs(i - index))
        if real:
            return real[0]
        if any(_kind(k) == "unplay" for k in keys):
            return None
        return min(range(len(keys)), key=lambda i: abs(i - index), default=0)

    def _default(self, update: Update, keys: Sequence[Hashable] = ()) -> Hashable | None:
        """Where the cursor starts in Assemble's plays (`default_set`): on the first card of
        the hero's set, then on that hero's collection; None elsewhere."""
        hero = default_set(update)
        if hero is None:
            return None
        row = [c.key for c in self._row(keys)]
        if keys and _kind(keys[-1]) == "play":
            return ("hero", hero) if ("hero", hero) in row else None
        cards = [
            key
            for key in row
            if _kind(key) == "play" and ("play", key[1], hero) in update.legal  # type: ignore[index]
        ]
        # A team-up's card last: it may still go to its other hero's collection.
        cards.sort(key=lambda key: len(CARD[key[1]].heroes) > 1)  # type: ignore[index]
        return cards[0] if cards else None

    def _land(self, key: Hashable | None, index: int) -> None:
        """Put the cursor where `_nearest` says, or on no choice."""
        landed = self._nearest(key, index)
        self._parked = landed is None
        self.cursor = landed or 0

    def _leads_somewhere(self, keys: Sequence[Hashable]) -> bool:
        return all(
            key in {c.key for c in self.trie.choices(keys[:depth])}
            for depth, key in enumerate(keys)
        )

    def _confirms(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "confirmations", True))

    def places(self) -> list[tuple[int, float] | None]:
        return [self._places.get(place_of(c.key)) for c in self.choices]

    def move_to(self, index: int) -> None:
        self._confirming = None
        parked, self._parked = self._parked, False
        super().move_to(index)
        if parked:  # Enter takes a choice again
            self.refresh_bindings()
        self._draw()

    def action_cursor(self, step: int) -> None:
        """One choice along; from no choice, → to the first and ← to the last."""
        count = len(self.choices)
        if self._parked and count:
            self.move_to(0 if step > 0 else count - 1)
        else:
            super().action_cursor(step)

    def action_row(self, step: int) -> None:
        """A row up or down: the nearest choice of the same kind in that row if it has one
        (the Flea Market's rows are as long as their cards: a reveal stood over the next
        row's take), else the nearest choice; from no choice, the first choice."""
        choices = self.choices
        places = self.places()
        target = None if self._parked else row_step(places, self.cursor, step)
        if self._parked and choices:
            self.move_to(0)
        elif target is None:
            super().action_row(step)
        else:
            here, there = places[self.cursor], places[target]
            kind = _kind(choices[self.cursor].key)
            alike = {
                i: place[1]
                for i, place in enumerate(places)
                if place and there and place[0] == there[0] and _kind(choices[i].key) == kind
            }
            if alike and here:
                target = min(alike, key=lambda i: (abs(alike[i] - here[1]), alike[i]))
            self.move_to(target)

    def action_edge(self, end: int) -> None:
        """Home (``end`` 0): the first real move (`is_real`); End (1): the last choice
        short of Done playing, the take-backs and the costlier bids (`end_of`: at an
        auction, Pass on this lot). With no such choice the cursor stays where it is."""
        choices, update = self.choices, self.update
        if not choices or update is None:
            return
        keys = [c.key for c in choices]
        if end:
            target = end_of(keys)
        else:
            target = next((i for i, key in enumerate(keys) if is_real(update, key)), None)
        if target is not None:
            self.move_to(target)

    def _bids(self) -> dict[int, int]:
        """The amounts one may bid now, each with its place in the row (none: no bid)."""
        if not self._mine():
            return {}
        return {
            c.key[1]: i  # type: ignore[index]
            for i, c in enumerate(self.choices)
            if _kind(c.key) == "bid"
        }

    def action_type_bid(self, digit: int) -> None:
        """A digit of an amount to bid: the cursor goes to the bid of the digits typed so
        far ("1", "0": Bid 10), or of this digit alone when they make no bid. An amount
        out of reach leaves the cursor where it is (never on Pass): a bell, unless more
        digits could still make a bid. Enter bids, as ever."""
        bids = self._bids()
        if not bids:
            return
        now = monotonic()
        typed = self._typed if now - self._typed_at < TYPING_PAUSE else ""
        self._typed_at = now
        tries = (f"{typed}{digit}", str(digit))
        amount = next((int(t) for t in tries if int(t) in bids), None)
        if amount is not None:
            self._typed = next(t for t in tries if int(t) == amount)
            self.move_to(bids[amount])
            return
        starts = [t for t in tries if any(str(b).startswith(t) for b in bids)]
        self._typed = starts[0] if starts else ""
        if not starts:
            self.app.bell()

    def action_bid_step(self, step: int) -> None:
        """Page Up / Page Down: the bid ``step`` higher or lower, at most the whole stash
        and at least the cheapest bid; from another choice (Pass), the cheapest bid."""
        bids = self._bids()
        if not bids:
            return
        key = self._under()
        amounts = sorted(bids)
        if _kind(key) == "bid":
            wanted = key[1] + step  # type: ignore[index]
            amount = min(amounts, key=lambda a: (abs(a - wanted), a))
        else:
            amount = amounts[0]
        self._typed = ""
        self.move_to(bids[amount])

    def action_choose(self) -> None:
        """Take the choice under the cursor; a final one only on a second Enter. A complete
        action goes to the table with the steps before it still chosen, so that a refusal
        leaves the player where they were (the table shows the reason)."""
        update = choosing(self, self.update)
        if update is None:
            return
        key = self._under()
        if key is None:
            return
        if is_final(update, key) and self._confirming != key and self._confirms():
            self._confirming = key
            self._draw()
            return
        self._confirming = None
        keys = [*self.keys, key]
        action = self.trie.action(keys)
        if action is not None:
            first = keys[0]
            self._sent = (action, first, [c.key for c in self._row([])].index(first))
            self.post_message(ActionChosen(action))
        else:
            self.keys = keys
            self._land(self._default(update, keys), 0)
        self.refresh_bindings()
        self._draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("type_bid", "bid_step"):
            return bool(self._bids())  # else the key is another's (Page Down scrolls)
        if action == "back" and self._confirming is not None:
            return True  # Esc also takes back the question
        if action == "choose" and self._parked and self._mine() and self.choices:
            return None  # on no choice: Enter waits for an arrow key (shown dimmed)
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        """Take back the question asked, else the last choice, the cursor going back onto
        the choice taken back."""
        if self._confirming is not None:
            self._confirming = None
        elif self.keys:
            taken = self.keys.pop()
            self._land(taken, 0)
        self.refresh_bindings()
        self._draw()

    def on_resize(self) -> None:
        if new_space(self):  # not when its own parts grew or shrank it (drawn already)
            self._draw()

    def _space(self) -> tuple[int, int]:
        """The width the board may draw in, and how many lines it should keep to."""
        width = self.size.width or max(20, self.app.size.width - 2)
        screen = self.app.size
        return width, max(12, screen.height - CHROME[screen.width >= WIDE])

    def _draw(self) -> None:
        update = self.update
        if update is None or not drawable(self):
            return
        width, budget = self._space()
        parts = self.query_one("#ch-parts", Parts)
        drawn = self._layout(update, width, budget)
        # The rows the parts leave of the board's budget stay the board's, blank above the
        # choice's words (which keep their place over the status line): a location's
        # cards and the hand took a row more or less on a third of the moves, and each
        # change of the board's height laid the whole screen out again (issue #15).
        spare = budget - sum(len(lines) for lines in drawn)
        self._places = _places(drawn)
        with parts.together():  # one change of the board's lines
            for part, lines in zip(PARTS, drawn, strict=True):
                parts.set_shown(part, bool(lines))
                if lines:
                    key = tuple((line.plain, tuple(line.spans), str(line.style)) for line in lines)
                    parts.show(part, key, partial(_joined, lines))
            parts.set_shown("room", spare > 0)
            if spare > 0:
                parts.show("room", spare, lambda: Text("\n" * (spare - 1)))

    def _layout(self, update: Update, width: int, budget: int) -> list[list[Text]]:
        """Each part at the biggest size that lets the whole board fit ``budget`` lines:
        start every part at its biggest size for the width, then shrink, one step at a
        time, the part whose next size saves the most lines."""
        focus = self._focus()
        sheets = projected(update.view)
        points = size_by_hero(update.view)
        biggest = max((lvl for lvl in (3, 2, 1) if width >= 3 * (CARD_WIDTH[lvl] + 1)), default=0)
        grid_biggest = max(
            (lvl for lvl in (2, 1) if width >= 5 + GRID * (CARD_WIDTH[lvl] + 1)), default=0
        )
        levels: dict[str, int] = {}
        makers: dict[str, Callable[[Update, Any, int], list[Text]]] = {
            "head": lambda seen, asked, lvl: head_lines(seen, width, lvl),
            "players": lambda seen, asked, lvl: players_lines(
                seen, sheets, points, width, lvl, levels["head"] >= 1, asked
            ),
            "place": lambda seen, asked, lvl: place_lines(seen, asked, width, lvl),
            "hand": lambda seen, asked, lvl: hand_lines(seen, asked, width, lvl),
        }
        drawn_from = (width, update.names, update.seat)
        players_from = (
            *drawn_from,
            update.acting,  # whose turn it is (▶)
            update.outcome is None,
            tuple(sorted(update.notes.items())),
            repr(sheets),
            repr(points),
        )
        top = update.view["convention"] is not None
        levels |= {
            "head": 1,
            "players": min(2, biggest),
            "place": grid_biggest if top else biggest,
            "hand": biggest,
            "choice": max(CHOICE_LINES),
        }
        made: dict[tuple[str, int, bool], list[Text]] = {}

        def make(part: str, level: int) -> list[Text]:
            """A part at a size, drawn once (the players' lines also depend on whether the
            tracks are shown above them)."""
            key = (part, level, part == "players" and levels["head"] >= 1)
            if key not in made:
                if part == "choice":  # the board's own cursor and steps: never kept
                    made[key] = self._choice_lines(update, width, level)
                else:
                    made[key] = self._part(
                        key,
                        players_from if part == "players" else drawn_from,
                        update,
                        focus,
                        lambda seen, asked: makers[part](seen, asked, level),
                    )
            return made[key]

        drawn = {part: make(part, levels[part]) for part in PARTS}
        label_rows = self._label_rows(width)
        deciding = {
            part
            for part in ("place", "hand")
            if any(k in focus.legal for k in self._keys_in(update, part))
        } or {"place"}  # while others choose, the location is what to watch
        # A card chosen in the hand stays in sight while its collection is chosen (the
        # hand was "10 cards, worth 22 (i lists them)" and the card nowhere).
        holding = any(k in focus.chosen for k in self._keys_in(update, "hand"))
        while sum(len(lines) for lines in drawn.values()) > budget:
            best: tuple[int, int, str, int, list[Text]] | None = None
            for part in ("hand", "place", "players", "head", "choice"):
                floor = FLOOR.get(part, 0)
                if part == "hand" and ("hand" in deciding or holding):
                    floor = -1  # the cards to choose from (or chosen) stay on the board
                # The next size that saves a row (a hand's words beside its cards may not).
                for lower in range(levels[part] - 1, floor - 1, -1):
                    smaller = make(part, lower)
                    saved = len(drawn[part]) - len(smaller)
                    if saved > 0:
                        break
                else:
                    continue
                # The parts the choices are in shrink last: the decision keeps its cards;
                # after them the choice's own words, whole in the rows they need.
                rank = (0 if part in deciding else 1, saved)
                if part == "players" and lower < -1:
                    # The shared collections give way after everything but the choice's
                    # own words (and before those: a card to decide on is read whole).
                    rank = (-1, saved + 1)
                if part == "hand" and lower < -1 and update.view["hand"]:
                    # Your cards leave the board (for words, then for the backs on your
                    # line) only once the location's cards are as small as they go: at
                    # 160x45 the Flea Market's rows stood as big cards and the hand was
                    # nowhere to be seen, when every card would fit as a cell.
                    rank = (-1, saved)
                if part == "choice" and CHOICE_LINES[lower][0] < label_rows:
                    rank = (-1 if lower >= 0 else -2, saved)
                if best is None or rank > best[:2]:
                    best = (*rank, part, lower, smaller)
            if best is None:
                break
            _, _, part, levels[part], drawn[part] = best
            if part == "head":  # the players' line carries the marks instead of the tracks
                drawn["players"] = make("players", levels["players"])

        # Rows the shrinking freed beyond the need (a hand of boxes became a line or two):
        # the choice's words take them back first, whole in the rows they need.
        def grow(part: str, top: int) -> None:
            """Give ``part`` its next level while the board still fits, up to ``top``."""
            while levels[part] < top:
                roomier = make(part, levels[part] + 1)
                used = sum(len(lines) for lines in drawn.values())
                if used - len(drawn[part]) + len(roomier) > budget:
                    return
                levels[part] += 1
                drawn[part] = roomier

        grow("choice", max(CHOICE_LINES))
        # Then the shared collections take back their rows.
        grow("players", -1)
        # Then your hand: a line saying what you hold rather than a blank row (in the Store
        # at 80x24 the cards drafted so far were out of sight while two rows stood empty).
        grow("hand", biggest)
        # Rows to spare: the Trending Track's heroes by their full names, on more lines.
        if levels["head"] == 1:
            roomy = make("head", 2)
            used = sum(len(lines) for lines in drawn.values())
            if used - len(drawn["head"]) + len(roomy) <= budget:
                drawn["head"] = roomy
        self._marks_short = levels["head"] < 1 and not any(
            named_line(update, line) for line in drawn["players"]
        )
        self._hand_told = levels["hand"] < -1
        self._collections_cut = levels["players"] < -1 and len(drawn["players"]) < len(
            make("players", -1)
        )
        return [drawn[part] for part in PARTS]

    def _part(
        self,
        key: Hashable,
        drawn_from: Hashable,
        update: Update,
        focus: Focus,
        draw: Callable[[Update, Any], list[Text]],
    ) -> list[Text]:
        """A part's lines at a size: as drawn before when nothing it was drawn from has
        changed: the update's words it depends on, the entries of the view it read, and
        what it asked the focus (most moves change one part: the others are not drawn
        again, at any of the sizes the fitting tries)."""
        view = update.view
        kept = self._drawn.get(key)
        if (
            kept is not None
            and kept[0] == drawn_from
            and all(repr(view.get(entry, _ABSENT)) == was for entry, was in kept[1].items())
            and kept[2].same_for(focus)
        ):
            return kept[3]
        reads, asked = _Reads(view), _Asked(focus)
        lines = draw(replace(update, view=reads), asked)
        read = {entry: repr(view.get(entry, _ABSENT)) for entry in reads.read}
        self._drawn[key] = (drawn_from, read, asked, lines)
        return lines

    def _keys_in(self, update: Update, part: str) -> list[Hashable]:
        """The choice keys a part draws: the hand's cards, or the location's things."""
        hand = update.view["hand"] or []
        cards = [k for c in hand for k in card_keys(c)]
        if part == "hand":
            return cards
        return [c.key for c in self.choices if c.key not in cards]

    def _choice_lines(self, update: Update, width: int, level: int) -> list[Text]:
        """The choice under the cursor in words, and what to do now: at level 2 two lines
        each, at level 1 the choice two and what to do one, at level 0 one each; always
        that many (a part that keeps its height is drawn again alone; one that changes it
        lays the whole screen out again). Words that do not fit end the line with " …"
        after a whole word, and are all in ``details()`` (the i key). A final choice asked
        about takes all the lines: what it gives up is the one thing to read before the
        second Enter."""
        choices = self.choices
        counts = CHOICE_LINES[level]
        if level >= 0 and counts[0] < self._label_rows(width):
            # The choice keeps its words whole, and what to do keeps its line (paying in
            # Assemble at 80x24 said only in the log "You must pay 5.").
            counts = (self._label_rows(width), counts[1])
        if self._confirming is not None and self._mine():  # the question takes the lines
            asked = Text(confirm_words(update, self._confirming), style="bold")
            return wrapped(asked, width, sum(counts))
        if not self._mine():  # no choice to say: who the table waits for, in its lines
            waiting = Text(self._prompt(update, choices), style="bold")
            return wrapped(waiting, width, max(1, counts[1]))
        line = Text("", style="bold")
        if self._mine() and choices and self._parked:
            line = Text(f"▶ {NO_PLAY}. {NO_PLAY_KEYS}", style="bold")
        elif self._mine() and choices:
            line = Text(f"▶ {self.cursor + 1} of {len(choices)}: ", style="bold")
            line.append(self._label(update, choices[self.cursor], width))
        said = wrapped(line, width, counts[0])
        room = counts[1]
        # On no choice the line above names the keys that choose (Enter takes nothing).
        forms: tuple[dict[str, bool], ...] = ({}, {"short": True}, {"bare": True})
        if self._parked:
            forms = ({"bare": True},)
        if not room and counts[0] > 1 and not said[-1].plain:
            said, room = said[:-1], 1  # this choice needs one row: the prompt may have one
        # The keys yield first (the footer names Enter, Esc and i), then the arrows (the
        # legend and F1 have them): what to do is a whole sentence, never "◆: …".
        for words in (
            *(self._prompt(update, choices, **form) for form in forms),
            self._prompt(update, choices, brief=True),
        ):
            ask = Text(words, style="bold")
            if wrapped_rows(words, width) <= room:
                break
        if room and wrapped_rows(ask.plain, width) > room and not counts[1]:
            return [*said, Text("")]  # a squeezed row: no prompt rather than a cut one
        told = wrapped(ask, width, room) if room else []
        return [*said, *told]

    def _label(self, update: Update, choice: Choice, width: int | None = None) -> str:
        """A choice's words; a Convention hero's, with the Highlights of its cards the grid's
        cells are too narrow for (✓ shows the rest): at 80x24 the cells cut them."""
        key = choice.key
        grid_cells = width if width is not None else self._space()[0]
        if (
            not (isinstance(key, tuple) and key[0] == "hero")
            or update.view["location"] != "convention"
            or update.view["convention"] is None
            or grid_cells >= 5 + GRID * (CARD_WIDTH[1] + 1)  # cards, not cells
        ):
            return choice.label
        grid = update.view["convention"]["grid"]
        told = [
            f"row {cell // GRID + 1}, column {cell % GRID + 1}: "
            + in_words([HIGHLIGHT_NAMES[i] for i in CARD[grid[cell]].highlights])
            for cell in icons_cut(update, grid_cells, key[1])
        ]
        return f"{choice.label} ({'; '.join(told)})" if told else choice.label

    def _prompt(self, update: Update, choices: Sequence[Choice], **form: bool) -> str:
        """What to do now (``form``: `prompt`'s shorter forms), or a replay's words."""
        return replay_prompt(self, update) or prompt(update, self.keys, choices, **form)

    def _label_rows(self, width: int) -> int:
        """The rows the choice under the cursor needs, for the whole position: two when
        any choice is longer than the board is wide ("▶ 4 of 4: Pick Team-Up: Spider-Man
        & Doctor Strange #93 (2021; Spider-Man & …" lost its value and Highlight), so
        moving the cursor never moves the board."""
        if not self._mine():
            return 1
        choices = self.choices
        assert self.update is not None
        lines = (
            f"▶ {i + 1} of {len(choices)}: {self._label(self.update, c, width)}"
            for i, c in enumerate(choices)
        )
        return 2 if any(cell_len(line) > width for line in lines) else 1
