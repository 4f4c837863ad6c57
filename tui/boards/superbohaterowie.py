"""The Superbohaterowie table: five-space cities, your hand, and a cursor to play by keys.

Playing is choosing a card from your hand, then its target(s) on the cities: a space for a
superhero, Joker or spider; the card(s) an explosion removes; the card an eagle carries and
the free space it lands on; the two cards to swap. Legal targets carry the ◆ symbol and the
prompt line says in words what ◆ marks. A target without ◆ is refused here, before anything
goes to the table, with the rules' own reason (`rules_reason`): the card stays chosen and
the cursor where it was, to choose another target.

The cursor stays on what the player put it on (a card in hand, a city's space) while others
move; only the player's own move sends it back to the hand. Discarding both cards asks for a
second key (the `confirmations` setting turns that off); `d` and `c` show in the footer only
when they do something, and say why not when pressed anyway; Enter, `n` and Esc leave the
footer while only `c` or `d` does something (Enter then says which to press).
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.widget import Widget

from core.engine import Action, Event, Outcome, in_words, unbracketed, with_names
from core.games import GAMES
from core.games.superbohaterowie.data import CITIES, CITY_SPACES, ELEMENTS, NAMES, a_card, kind_of
from core.games.superbohaterowie.scoring import city_points, is_saved, raw_city_points
from core.games.superbohaterowie.state import State
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
    no_move_here,
    note_sentence,
    number_of,
    replay_prompt,
    the_number_of,
)
from tui.boards.details import details_lines
from tui.boards.superbohaterowie_table import (
    CARD_LINES,
    FACES,
    Marks,
    card_text,
    city_facts,
    city_layout,
    city_lines,
    city_words,
    guide_lines,
    hand_lines,
    info_line,
    series_lines,
    since_line,
    since_words,
)
from tui.widgets.card import CHOSEN, TARGET
from tui.widgets.keys import KeyStates
from tui.widgets.show import Parts

HAND_ROW = 0


class Fit(NamedTuple):
    """How the board uses its room (`Board._layout`)."""

    layout: str
    rule_lines: int
    tracks: int
    details_rows: int
    card_lines: int = 0
    """Lines of text under each city card's name ("large" layout, rows left over)."""
    guide: int = 0
    """Rows under the board saying what every card does (rows still left over)."""
    since: int = 0
    """Rows saying what the others played since your own move (none: nobody has yet)."""


PARTS = (
    "series",
    *(f"city-{city}" for city in range(len(CITIES))),
    "hand",
    "info",
    "since",
    "details",
    "prompt",
    "guide",
)
"""The board's parts top to bottom (`Parts`): a part hidden, or not shown yet, takes no row."""


def _name(update: Update, seat: int) -> str:
    if update.seat == seat:
        return "you"
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def _where(update: Update, city: int, space: int) -> str:
    """A space in words, owner first ("Bot 3 (normal)'s New York, space 5", "Your Berlin,
    space 1"): a player's name may hold parentheses of its own, and a screen reader reads
    nested ones badly."""
    if city == update.seat:
        owner = "Your"
    else:
        name = update.names[city] if city < len(update.names) else f"Player {city + 1}"
        owner = f"{name}'" if name.endswith("s") else f"{name}'s"
    return f"{owner} {update.view['city_names'][city]}, space {space + 1}"


def _on(update: Update, city: int, space: int) -> str:
    card = update.view["cities"][city][space]
    return "empty" if card is None else a_card(kind_of(card))


def _space(update: Update, city: int, space: int, words: str) -> Choice:
    return Choice(("space", city, space), f"{_where(update, city, space)}: {words}")


def paths(update: Update, action: Action) -> list[Path]:
    """Every order of choices that builds ``action``, with words for each step."""
    verb = action[0]
    if verb == "discard-hand":
        return [(Choice(("discard-hand",), "Discard both cards: neither can be played"),)]
    if verb == "continue":
        return [(Choice(("continue",), "Ready for the next game of the series"),)]
    card = action[1]
    kind = kind_of(card)
    pick = Choice(("card", card), f"Play {a_card(kind)}")
    if verb == "place":
        _, _, city, space = action
        there = update.view["cities"][city][space]
        words = "empty space" if there is None else f"cover {a_card(kind_of(there))}"
        return [(pick, _space(update, city, space, words))]
    if verb == "explode":
        steps = [_space(update, c, s, f"remove {_on(update, c, s)}") for c, s in action[2]]
        if len(steps) == 1:
            return [(pick, steps[0])]
        return [(pick, steps[0], steps[1]), (pick, steps[1], steps[0])]
    if verb == "move":
        _, _, city, space, to_city, to_space = action
        carry = _space(update, city, space, f"carry {_on(update, city, space)} away")
        return [(pick, carry, _space(update, to_city, to_space, "put it on this empty space"))]
    if verb == "swap":
        _, _, city_a, space_a, city_b, space_b = action
        a, b = (city_a, space_a), (city_b, space_b)
        first = {x: _space(update, x[0], x[1], f"swap {_on(update, *x)}") for x in (a, b)}
        second = {x: _space(update, x[0], x[1], f"with {_on(update, *x)}") for x in (a, b)}
        return [(pick, first[a], second[b]), (pick, first[b], second[a])]
    return []


def build(update: Update, keys: Sequence[Hashable]) -> Action | None:
    """The action a card and its chosen spaces spell out, legal or not (the engine judges).

    Returns None while more spaces are needed. For a two-space action whose first space is
    already impossible, the space is repeated so that the engine says what is wrong with it.
    """
    if not keys or not isinstance(keys[0], tuple) or keys[0][0] != "card":
        return None
    card = keys[0][1]
    spaces = [(k[1], k[2]) for k in keys[1:] if isinstance(k, tuple) and k[0] == "space"]
    if not spaces:
        return None
    kind = kind_of(card)
    first = spaces[0]
    second = spaces[1] if len(spaces) > 1 else first
    if kind in ("small-explosion",):
        return ("explode", card, (first,))
    if kind == "large-explosion":
        occupied = sum(1 for city in update.view["cities"] for c in city if c is not None)
        return ("explode", card, (first,) if occupied == 1 else (first, second))
    if kind == "one-eagle":
        return ("move", card, *first, *second)
    if kind == "two-eagles":
        return ("swap", card, *first, *second)
    return ("place", card, *first)


def rules_reason(update: Update, action: Action) -> str:
    """Why the rules refuse ``action`` in the position ``update`` shows its seat, in their
    own words (what the table would answer): the rules read a position rebuilt from the
    view, which has everything they judge a move by (the cities, the seat's hand)."""
    view = update.view
    seat = update.seat if update.seat is not None else 0
    players = view["players"]
    hand = tuple(view["hand"] or ())
    state = State(
        players=players,
        series=view["series"],
        game_number=view["game_number"],
        deck=(),
        discard=tuple(view["discard"]),
        hands=tuple(hand if s == seat else () for s in range(players)),
        cities=tuple(tuple(city) for city in view["cities"]),
        turn=view["turn"],
        first=view["turn"],
        winners=tuple(view["winners"]),
        results=tuple(tuple(points) for points in view["results"]),
        waiting=tuple(view["waiting"]),
        turns=view["turns"],
        rng=0,
    )
    why = GAMES["superbohaterowie"].why_illegal(state, seat, action)
    return with_names(why, update.names)


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines: list[str] = []
    if view["series"]:
        lines.append(f"Points variant: game {view['game_number']} of {view['series']}.")
    if view["winners"]:  # who won and why, the game over or between two games
        lines.append(_saved_now(update))
    if update.outcome is not None:
        lines.append("The game is over.")
    elif view["waiting"]:
        lines.append("Between games: waiting for players to continue.")
    elif update.seat is not None and update.seat in update.acting:
        lines.append("It is your turn.")
    else:
        lines.append(f"It is {_name(update, view['turn'])}'s turn.")
    for city, cards in enumerate(view["cities"]):
        owner = "your city" if city == update.seat else f"{update.names[city]}'s city"
        spaces = ", ".join("empty" if c is None else NAMES[kind_of(c)] for c in cards)
        lines.append(f"{view['city_names'][city]}, {owner}: {spaces}.")
        if city in update.notes:
            lines.append(note_sentence(update, city))
    if view["hand"] is not None:
        hand = in_words([a_card(kind_of(c)) for c in view["hand"]]) or "no cards"
        lines.append(f"Your hand: {hand}.")
    sizes = ", ".join(
        f"{update.names[s]} has {n} card{'s' if n != 1 else ''}"
        for s, n in enumerate(view["hand_sizes"])
        if s != update.seat
    )
    lines.append(f"{sizes}.")
    top = f", top card {a_card(kind_of(view['discard'][-1]))}" if view["discard"] else ""
    lines.append(f"Draw pile {view['draw_pile']} cards. Discard pile {len(view['discard'])}{top}.")
    if view["results"]:
        totals = [sum(game[s] for game in view["results"]) for s in range(view["players"])]
        lines.append(
            "Totals: "
            + ", ".join(f"{n} {t}" for n, t in zip(update.names, totals, strict=False))
            + "."
        )
    return lines


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each city as it ended (saved, or how far it got); in a series each game's points."""
    lines = []
    for city, cards in enumerate(view["cities"]):
        kinds = [kind_of(c) for c in cards if c is not None]
        where = f"{view['city_names'][city]} ({unbracketed(names[city])})"
        if city in view["winners"]:
            state = "saved, five different superheroes"
        else:
            state = city_facts(kinds, False).replace(" · ", ", ")
            state = state.replace("of 5 different", "of 5 different superheroes")
        points = f"; {city_points(kinds)} points this game" if view["series"] else ""
        lines.append(f"{where}: {state}{points}")
    if view["winners"]:  # who won and why: whose move saved which city
        game = f"game {view['game_number']}" if view["series"] else ""
        cities = view["cities"]
        lines.append(
            saved_words(names, view["winners"], view["turn"], view["city_names"], cities, game=game)
        )
    for number, game in enumerate(view["results"], 1):
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(game))
        lines.append(f"Points in game {number}: {scores}.")
    return lines


GAME_OVER = "Game over. Press Enter for the results."
"""The game-over prompt's last sentence, never broken across rows (a player's terminal
is searched for it whole)."""


def saved_words(
    names: Sequence[str],
    winners: Sequence[int],
    mover: int | None,
    city_names: Sequence[str],
    cities: Sequence[Sequence[str | None]] | None,
    you: int | None = None,
    game: str = "",
) -> str:
    """Who won and why, in one sentence, as the rulebook's end condition has it ("The
    game ends when one of the players gathers 5 different superheroes in their city"):
    whose move saved which city ("Bot 2 (normal) wins: your move saved London with five
    different superheroes, 1 of them a Joker."). ``mover``: the seat whose move it was (the
    game can be won through another player's move); ``you``: the reader, said "You" and
    "your" (None: every seat by its name); ``cities``: the ended game's (None: not in
    view, so the Jokers among the five go unsaid); ``game``: which game of a series was won
    ("this game", "game 2"; "": the game)."""

    def who(seat: int) -> str:
        return "You" if seat == you else names[seat] if seat < len(names) else f"Player {seat + 1}"

    won = in_words([who(s) for s in winners])
    if len(winners) > 1:
        won += f" share {game}'s win" if game else " share the win"
    else:
        won += " win" if winners and winners[0] == you else " wins"
        won += f" {game}" if game else ""
    if mover is None:
        move = "the last move"
    elif mover == you:
        move = "your own move" if mover in winners else "your move"
    elif list(winners) == [mover]:
        move = "their own move"
    else:
        move = f"{who(mover)}'s move"
    saved = in_words([f"{'your ' if s == you else ''}{city_names[s]}" for s in winners])
    if len(winners) > 1 or cities is None:
        how = f"{', each' if len(winners) > 1 else ''} with five different superheroes"
    else:
        jokers = sum(1 for card in cities[winners[0]] if card and kind_of(card) == "joker")
        how = " with five different superheroes"
        if jokers:
            how += f", {jokers} of them {'a Joker' if jokers == 1 else 'Jokers'}"
    return f"{won}: {move} saved {saved}{how}."


def _saved_now(update: Update) -> str:
    """`saved_words` for the game the view shows ended ("" while none is): its last move
    was the one on turn (a saving move ends the game before the turn passes)."""
    view = update.view
    if not view["winners"]:
        return ""
    return saved_words(
        update.names,
        view["winners"],
        view["turn"],
        view["city_names"],
        view["cities"],
        update.seat,
        "this game" if view["series"] else "",
    )


def _saving_move(events: Sequence[Event]) -> tuple[list[int], int | None]:
    """The seats whose city the last game's end saved and the seat whose move saved them,
    from the events (seat tokens in): the game's "win" event names the first, the play
    just before it the second."""
    ends = [i for i, e in enumerate(events) if e.get("type") == "win"]
    if not ends:
        return [], None
    won = [int(n) for n in re.findall(r"\{p(\d+)\}", str(events[ends[-1]].get("text", "")))]
    for event in reversed(events[: ends[-1]]):
        if event.get("type") in ("place", "explode", "move", "swap"):
            found = re.match(r"\{p(\d+)\}", str(event.get("text", "")))
            return won, int(found[1]) if found else None
    return won, None


def milestone(update: Update, events: Sequence[Event]) -> list[str] | None:
    """When a game of a series ends: its title, who saved their city, each city's points
    and the totals (the standard game's only end is the results screen)."""
    view = update.view
    if not view["series"] or not any(e.get("type") == "score" for e in events):
        return None
    number = len(view["results"])
    points = view["results"][-1]
    names = update.names
    lines = [f"Game {number} of {view['series']} is over"]
    # The next game dealt in the same step: the view shows its cities, not the scored ones
    # (the events may reach back past the game's own deal).
    last_score = max(i for i, e in enumerate(events) if e.get("type") == "score")
    dealt = any(e.get("type") == "deal" for e in events[last_score:])
    ended = not dealt and number == view["game_number"] and bool(view["winners"])
    # Who won and why: whose move saved which city (it may be another player's move).
    # "Bot 2 (normal) wins", never "Bot 2 (normal) (London)": a name may hold parentheses.
    won, mover = (view["winners"], view["turn"]) if ended else _saving_move(events[:last_score])
    if won:
        cities = view["cities"] if ended else None
        lines.append(saved_words(names, won, mover, view["city_names"], cities, game="this game"))
    for seat, scored in enumerate(points):
        why = ""
        if not dealt and number == view["game_number"]:
            kinds = [kind_of(c) for c in view["cities"][seat] if c is not None]
            why = f" ({_points_words(kinds)})"
        lines.append(f"{names[seat]} scores {scored} point{'s' if scored != 1 else ''}{why}.")
    totals = [sum(game[s] for game in view["results"]) for s in range(view["players"])]
    best = max(totals)
    leaders = [names[s] for s, t in enumerate(totals) if t == best]
    standing = ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=False))
    lead = in_words(leaders) + (" lead" if len(leaders) > 1 else " leads")
    if number >= view["series"]:
        lead = in_words(leaders) + (" win" if len(leaders) > 1 else " wins")
    lines.append(f"Totals after {number} game{'s' if number != 1 else ''}: {standing}; {lead}.")
    return lines


def _points_words(kinds: Sequence[str]) -> str:
    """Where a city's points come from: "fire 10, water 15, 1 Joker 20, 1 spider -20"."""
    parts = []
    for element in ELEMENTS:
        count = kinds.count(element)
        if count:
            parts.append(f"{element} {10 + 5 * (count - 1)}")
    for kind, each in (("joker", 20), ("spider", -20)):
        count = kinds.count(kind)
        if count:
            word = "Joker" if kind == "joker" else "spider"
            parts.append(f"{count} {word}{'s' if count != 1 else ''} {each * count}")
    if raw_city_points(kinds) < 0:
        parts.append("below 0 counts 0")
    return ", ".join(parts) or "an empty city"


def cannot_play_words(kind: str, cities: Sequence[Sequence[str | None]]) -> str:
    """Why a card in hand cannot be played now, in a sentence of one line: what it needs
    that the cities lack (Enter on it says this and leaves the cursor on it)."""
    cards = [card for city in cities for card in city if card is not None]
    if kind in ("small-explosion", "large-explosion"):
        why = "no city holds a card to remove"
    elif kind == "one-eagle":
        why = "no city holds a card to carry" if not cards else "every city is full"
    elif kind == "two-eagles":
        why = "no two cities hold a card each"
    else:
        why = "no space takes it"
    return f"{a_card(kind).capitalize()} cannot be played now: {why}."


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (the ◆ symbol is explained here; ``plain``: as a list)."""
    # Who won and why comes first, whenever a game has ended (the board wraps it).
    saved = _saved_now(update)
    if update.outcome is not None:
        return f"{saved} {GAME_OVER}".lstrip()
    if update.seat is None or update.seat not in update.acting:
        waiting = ", ".join(update.names[s] for s in sorted(update.acting))
        return f"{saved} Waiting for {waiting}…".lstrip()
    if ("continue",) in update.legal:
        if plain:  # no board, so no c: the list has the one choice
            return f"{saved} Choose Ready from the list when you are ready.".lstrip()
        # Short: who won and why comes first, and the rows at 80x24 are few.
        return f"{saved} Press c when ready for game {update.view['game_number'] + 1}.".lstrip()
    if update.legal == (("discard-hand",),):
        if plain:
            return "Neither card can be played. Choose Discard both cards from the list."
        return "Neither card can be played. Press d to discard both."
    if plain:
        keys_help = "Up, Down, Enter; Escape goes back"
        if not keys:
            return f"Your turn: choose a card to play from the list ({keys_help})."
        card = kind_of(keys[0][1]) if isinstance(keys[0], tuple) else ""
        family = card if card in ACTION_CARDS else "place"
        question = PLAIN_QUESTIONS.get((family, len(keys)), "What next?")
        return (
            f"So far: {chosen_words(update, keys, paths)}. Step {len(keys) + 1}: {question} "
            f"{number_of(len(choices), 'choice')} in the list ({keys_help})."
        )
    if not keys:
        return f"Your turn: choose a card (←→, Enter). {TARGET} marks playable cards."
    kind = kind_of(keys[0][1]) if isinstance(keys[0], tuple) else ""
    count = len(choices)
    if not count:
        # One line (the board keeps one for the prompt); why is in the details line.
        return f"{a_card(kind).capitalize()} cannot be played now. Esc: back."
    step = len(keys)
    words = {
        ("place", 1): (
            f"Place {a_card(kind)}: {TARGET} marks {the_number_of(count, 'space')} it can go to"
        ),
        ("small-explosion", 1): (
            f"Choose the card to remove: {TARGET} marks {the_number_of(count, 'card')}"
        ),
        ("large-explosion", 1): (
            f"Choose a card to remove: {TARGET} marks {the_number_of(count, 'card')}"
        ),
        ("large-explosion", 2): f"Choose the second card to remove ({TARGET})",
        ("one-eagle", 1): (
            f"Choose the card the eagle carries: {TARGET} marks {the_number_of(count, 'card')}"
        ),
        ("one-eagle", 2): f"Choose a free space in another city ({TARGET})",
        ("two-eagles", 1): (
            f"Choose the first card to swap: {TARGET} marks {the_number_of(count, 'card')}"
        ),
        ("two-eagles", 2): f"Choose the card in another city to swap it with ({TARGET})",
    }
    family = kind if kind in ACTION_CARDS else "place"
    return f"{words.get((family, step), 'Choose')}. Esc: back."


ACTION_CARDS = frozenset({"small-explosion", "large-explosion", "one-eagle", "two-eagles"})

PLAIN_QUESTIONS = {
    ("place", 1): "where does it go?",
    ("small-explosion", 1): "which card does it remove?",
    ("large-explosion", 1): "which card does it remove first?",
    ("large-explosion", 2): "which second card does it remove?",
    ("one-eagle", 1): "which card does the eagle carry?",
    ("one-eagle", 2): "where to (a free space in another city)?",
    ("two-eagles", 1): "which card is swapped first?",
    ("two-eagles", 2): "with which card in another city?",
}
"""The question of each step of a move, for the screen-reader prompt (the card kind's
family and the number of steps chosen)."""


NEXT_CHOICE = "n"
"""Moves the cursor to the next legal choice of the current step, cycling through them."""

DISCARD = ("discard-hand",)
CONTINUE = ("continue",)


def banner_text(update: Update) -> Text | None:
    """The banner between the games of a series: the game that ended and who the next one
    waits for ("▶ Your turn" there read as a turn to play a card, while the prompt said the
    game was over), and at a series' end who won it; None while a game is played (the
    table's own banner says whose turn)."""
    view = update.view
    outcome = update.outcome
    if outcome is not None and view["series"] and outcome.winners():
        # The series' winner, on points: the board's line names the last game's winner,
        # and "Game over: Olek wins" beside "Ala wins: …saved Berlin…" read as two winners.
        winners = [update.names[seat] for seat in outcome.winners()]
        verb = "wins" if len(winners) == 1 else "win"
        return Text(f"Game over: {in_words(winners)} {verb} the series on points")
    if not view["series"] or not view["waiting"]:
        return None
    number = view["game_number"]
    text = Text(f"Game {number} of {view['series']} is over: ")
    if update.seat is not None and update.seat in view["waiting"]:
        text.append(f"▶ ready for game {number + 1}, ")
        text.append(update.names[update.seat])
        text.append("?")
        return text
    text.append("waiting for ")
    text.append(in_words([update.names[seat] for seat in view["waiting"]]))
    text.append(f" to be ready for game {number + 1}")
    return text


def discard_words(update: Update) -> str:
    """What discarding both gives up, and how to do it anyway (one line at 80 columns: the
    cards are in sight just above)."""
    cards = "both cards" if len(update.view["hand"] or ()) != 1 else "your card"
    return f"Discard {cards} and end your turn? Press d to discard, Esc to keep."


def why_not_discard(update: Update) -> str:
    """Why `d` does nothing now, in a sentence."""
    if update.outcome is not None:
        return "The game is over."
    if CONTINUE in update.legal:
        return "This game is over: press c when you are ready for the next one."
    if update.seat not in update.acting:
        return "It is not your turn."
    return (
        "You can play a card, so you must: discarding both is only for a hand "
        "neither card of which can be played."
    )


HOW_TO_PLAY = """\
## How to play here

**The board.** Each city is a row of five spaces, one city per player; **▶** marks the
city whose player is on turn, and each city says how many *different* superheroes it holds
(a Joker stands in for any). Your two cards are at the bottom beside the draw and discard
piles. In the Points variant the totals track shows each city's points from the games
finished (under its initial letter, or as words by each player's name once the totals
outgrow the track); **pts** beside a city is what it would score now.

**The keys.** ←→↑↓ (or hjkl) move the cursor (a heavy border), **n** jumps to the next
legal choice, **Enter** chooses, **Esc** takes the last choice back, **d** discards both
cards when neither can be played (press it twice: it ends your turn), **c** says you are
ready for the next game of a series (it starts when everyone is). **i** shows the whole
text of what the cursor is on; the line under the board shows it in short. A refused
move keeps your card chosen and the cursor where it was: choose another place.

**A turn.** Put the cursor on a card in your hand marked **◆** and press Enter. Now **◆**
marks every place that card can go: for a fire superhero, the empty spaces and the
chainsaw and leaf superheroes it may cover. Press **n** until the cursor is on your own
city's empty space, then Enter: the card is placed, and you draw back to two cards.
An explosion asks for the card(s) to remove, an eagle for the card and where it goes.
"""

LEGEND: tuple[tuple[str, str], ...] = (
    *((f"{FACES[k][0]} {FACES[k][1]}", card_text(k)) for k in FACES),
    ("·  empty", "an empty space in a city"),
    ("free", "an empty space where the chosen card can go"),
    (TARGET, "a legal choice now: a card you can play, a space it can go"),
    (CHOSEN, "chosen already for the move being built"),
    ("heavy border / [ ]", "the cursor"),
    ("new", "placed by another player since your own last move"),
    ("new: space 2", "at 80x24 with four or five cities: the city's new spaces"),
    ("emptied", "a space whose card another player removed since your own last move"),
    ("▶", "the city whose player is on turn"),
    ("3 of 5 different", "different superheroes in the city (Jokers count): 5 saves it"),
    ("1 spider", "a giant spider in the city: it cannot be saved while one stays"),
    (
        "3 of 5, 25 pts",
        "beside the cards where the column is narrow: 3 different superheroes of the 5 that"
        " save the city, and its points now (Points variant)",
    ),
    ("complete", "five different superheroes: the city is saved when the move ends"),
    ("SAVED", "the city was saved: its player won this game"),
    ("pts", "the city's points now (Points variant)"),
    ("░ Draw N", "the face-down draw pile and its number of cards"),
    (
        "B L N T W",
        "on the totals track: Berlin, London, New York, Tokyo, Warsaw, at the points of"
        " the games finished",
    ),
    ("▲ / ✓", "on the series track: the game being played / a game finished"),
)


def prompt_lines(words: str, width: int) -> list[str]:
    """The prompt once a game has ended, wrapped at its words to ``width`` (who won and
    why, then what to press): `GAME_OVER` stays whole on one row."""
    if cell_len(words) <= width:
        return [words]
    kept = words.replace(GAME_OVER, GAME_OVER.replace(" ", NBSP))
    return [row.replace(NBSP, " ") for row in textwrap.wrap(kept, width)]


NBSP = "\u00a0"


@functools.lru_cache(maxsize=512)
def _rows_of(text: str, width: int, rows: int) -> int:
    """The rows ``text`` takes in the details line (``rows`` at most): the same card texts
    are measured at every update, each a wrap of its words."""
    return details_lines(text, width, rows, pad=False).plain.count("\n") + 1


def _after(cities: Sequence[Sequence[str | None]], action: Action) -> list[list[str | None]]:
    """The cities as ``action`` leaves them (the rules' moves on the cards in view)."""
    out = [list(city) for city in cities]
    kind = action[0]
    if kind == "place":
        out[action[2]][action[3]] = action[1]
    elif kind == "explode":
        for city, space in action[2]:
            out[city][space] = None
    elif kind in ("move", "swap"):
        _, _, city_a, space_a, city_b, space_b = action
        out[city_a][space_a], out[city_b][space_b] = (
            None if kind == "move" else out[city_b][space_b],
            out[city_a][space_a],
        )
    return out


class Board(KeyStates, Widget, can_focus=True):
    """Cities, hand and a cursor. Receives updates through ``show``; posts ActionChosen.

    | key | action |
    | --- | --- |
    | ←→↑↓ / hjkl | move the cursor |
    | n | the next legal choice |
    | Enter / Space | choose the card or space under the cursor |
    | Esc | take back the last choice |
    | d | discard both cards (only when neither can be played) |
    | c | ready for the next game (Points variant) |

    Drawn as parts that each redraw only when what they show changed (a city, the hand,
    the tracks, the details line, the prompt), as lines of one widget (`Parts`): a dozen
    Statics cost a dozen widgets' layout, styles and render on every update, per guest.
    """

    DEFAULT_CSS = """
    Board { height: auto; padding: 0 1; layout: vertical; }
    Board:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left,h", "cursor(0,-1)", "Left", show=False, id="board.left"),
        Binding("right,l", "cursor(0,1)", "Right", show=False, id="board.right"),
        Binding("up,k", "cursor(-1,0)", "Up", show=False, id="board.up"),
        Binding("down,j", "cursor(1,0)", "Down", show=False, id="board.down"),
        Binding(NEXT_CHOICE, "next_choice", "Next choice", id="board.next"),
        Binding("enter,space", "choose", "Choose", id="board.choose"),
        # The same keys when no card or space can be chosen (between the games of a series,
        # or with only a discard left): not in the footer, they say what to press instead.
        Binding("enter,space", "what_to_press", "Choose", show=False, id="board.choose-why"),
        Binding("escape", "back", "Back", id="board.back"),
        Binding("d", "discard", "Discard both", id="board.discard"),
        # The same key when discarding is not allowed: not in the footer, it says why.
        Binding("d", "why_not_discard", "Discard both", show=False, id="board.discard-why"),
        Binding("c", "next_game", "Next game", id="board.continue"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.update: Update | None = None
        self.trie = ActionTrie((), lambda action: [])
        self.keys: list[Hashable] = []
        self.cursor = (HAND_ROW, 0)
        self._before: list[list[str | None]] | None = None
        """The cities as they stood after the player's own last move (a spectator's: as the
        previous position showed them): what the others placed since is "new"."""
        self._fresh: frozenset[Hashable] = frozenset()
        self._gone: frozenset[Hashable] = frozenset()
        """The spaces emptied since then (an explosion, an eagle): they say "emptied"."""
        self._mine: list[list[str | None]] | None = None
        """The cities as the player's action just sent leaves them."""
        self._sent: tuple[list[Hashable], tuple[int, int]] | None = None
        """The steps chosen before an action went to the table, and the cursor: the same
        position shown again means the table refused it (they come back, so the player
        chooses another target); a new one is the player's own move (back to the hand).
        Meanwhile nothing is chosen, so a second Enter cannot send the action twice."""
        self._confirming = False
        """`d` asked once whether to discard both cards."""
        self._refused: Hashable | None = None
        self._not_allowed: tuple[int, tuple[int, int], tuple[Hashable, ...], str] | None = None
        """A target without ◆ Enter was pressed on (the position's version, the cursor, the
        steps chosen) and the rules' reason, which the prompt says while all are the same."""
        """The card in hand Enter was last pressed on that cannot be played: while the
        cursor rests on it (and it still cannot be played) the prompt says why."""
        self._rows: tuple[Hashable, int] | None = None
        """The details line's rows, for the position, width and steps chosen they were for."""
        self._side = False
        """The cities are in the "side" layout: a space's details say its city's progress."""
        self._since: tuple[tuple[str, str, str], ...] = ()
        self._since_label = ""
        """What the others played since the player's own last move (`since_words`): said
        under the piles, as the log below the board keeps only its last lines at 80x24."""

    def compose(self) -> ComposeResult:
        parts = Parts(PARTS, id="sb-parts")
        parts.show("prompt", "Dealing…", lambda: Text("Dealing…"))
        yield parts

    # -- receiving ------------------------------------------------------------------------

    def show(self, update: Update) -> None:
        """Display a new update. After the player's own move the cursor goes back to their
        hand (the nearest card to the one played); any other new position (a bot's move)
        leaves it on the same card or space, and keeps a half-built action that still
        leads somewhere."""
        old = self.update
        under = self._target_at(*self.cursor) if old is not None else None
        self.update = update
        self.trie = ActionTrie(update.legal, lambda action: paths(update, action))
        if old is None or update.version != old.version or update.seat != old.seat:
            self._confirming = False
            self._fresh = self._changed(old, update)
            self._since_label, self._since = self._others_since(update)
            hand = update.view["hand"] or []
            if old is None or self._sent is not None or update.seat != old.seat or under is None:
                self.keys = []
                self.cursor = (HAND_ROW, self._playable_near(min(self.cursor[1], len(hand) - 1)))
            else:
                if not self._leads_somewhere(self.keys):
                    self.keys = []
                self.cursor = self._spot(under) or (
                    HAND_ROW,
                    min(self.cursor[1], max(0, len(hand) - 1)),
                )
        elif self._sent is not None:  # the same position again: the move was refused
            self.keys, self.cursor = self._sent
        self._sent = None
        self._draw()
        self.refresh_bindings()

    def _others_since(self, update: Update) -> tuple[str, tuple[tuple[str, str, str], ...]]:
        """The others' plays since the player's own move, from the game screen's log (the
        board sees only the latest update: several moves may come in one redraw), the
        game over too (the move that saved a city among them). None for a spectator or a
        screen with no log (a replay)."""
        events = getattr(self.screen, "events", None) if self.is_attached else None
        if update.seat is None or not isinstance(events, list):
            return "", ()
        cities = update.view["city_names"]
        label, plays = since_words(events, update.names, update.seat, cities)
        return label, tuple(plays)

    def _playable_near(self, index: int) -> int:
        """The hand's card nearest ``index`` that can be played now (``index`` itself when
        none can, or it can): a turn never starts on a card Enter would refuse."""
        assert self.update is not None
        hand = self.update.view["hand"] or []
        playable = {c.key for c in self.trie.choices([])}
        near = sorted(range(len(hand)), key=lambda i: (abs(i - index), i))
        found = [i for i in near if ("card", hand[i]) in playable]
        return found[0] if found else max(0, index)

    def _leads_somewhere(self, keys: Sequence[Hashable]) -> bool:
        return all(
            key in {c.key for c in self.trie.choices(keys[:depth])}
            for depth, key in enumerate(keys)
        )

    def _changed(self, old: Update | None, new: Update) -> frozenset[Hashable]:
        """The spaces whose card arrived since the player's own last move (same game
        only): every bot's card of a round, where each bot's move used to replace the
        last one's marks. A spectator's: since the previous position. The spaces emptied
        meanwhile go to ``_gone``."""
        cities = [list(city) for city in new.view["cities"]]
        self._gone = frozenset()
        if old is None or old.view["game_number"] != new.view["game_number"]:
            self._before = cities
            return frozenset()
        before = old.view["cities"] if new.seat is None or self._before is None else self._before
        if self._sent is not None:
            # The player's own move: what the others placed starts from it, even when their
            # moves came in the same redraw (bots without delay, a busy server).
            before = self._before = self._mine or cities
            self._mine = None
        pairs = [
            (("space", city, space), a, b)
            for city, (was, now) in enumerate(zip(before, cities, strict=True))
            for space, (a, b) in enumerate(zip(was, now, strict=True))
        ]
        self._gone = frozenset(key for key, a, b in pairs if a is not None and b is None)
        return frozenset(key for key, a, b in pairs if b is not None and a != b)

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps after what has been chosen so far."""
        return self.trie.choices(self.keys)

    # -- drawing -----------------------------------------------------------------------------

    def on_resize(self) -> None:
        if new_space(self):
            self._draw()

    def _width(self) -> int:
        width = self.content_size.width
        return width if width > 10 else max(40, self.app.size.width - 2)

    def _room(self) -> int:
        """Lines the board may take: the terminal less the banner, status and footer (and
        below 120 columns the log under the board, and a row to spare). At 120 columns and
        more a row was kept for nothing: the log is beside the board there."""
        width, height = self.app.size
        return height - (3 if width >= 120 else 8)

    def _target_at(self, row: int, col: int) -> Hashable | None:
        assert self.update is not None
        if row == HAND_ROW:
            hand = self.update.view["hand"] or []
            return ("card", hand[col]) if col < len(hand) else None
        return ("space", row - 1, col)

    def _layout(self, update: Update, width: int) -> Fit:
        """The city layout, lines of rule text on the hand's cards, the series' track
        lines (0, 2: the points, 4: the games too), the details line's rows (two when
        a row is left over), then for rows still left lines of text on the cities' cards
        and the guide's rows under the board, as the room allows."""
        view = update.view
        room = self._room()
        series = bool(view["series"])
        fixed = 3 + (3 if view["hand"] is not None else 0)  # info, details, prompt; hand
        if view["winners"]:  # who won and why: the prompt may take more than its row
            fixed += len(prompt_lines(self._prompt_words(update), width)) - 1
        layout = city_layout(width, room, view["players"], fixed + (2 if series else 0))
        # Beside the cards a city's progress may be said short ("2 of 5, 25 pts"): the
        # details line of its spaces says it in full.
        self._side = layout == "side"
        used = fixed + view["players"] * {"large": 4, "side": 3, "compact": 2}[layout]
        tracks = 0
        if series and used + 2 <= room:
            tracks = 4 if layout == "large" and used + 4 <= room else 2
        used += tracks
        most = 3 if series else 2  # the lines a card in hand has to say
        rule_lines = max(0, min(most, room - used)) if view["hand"] is not None else 0
        # A details text longer than the board takes two rows: a row left over, else the
        # log's fourth line below the board (it keeps three); the hand's rules and the
        # cities keep theirs. A card in hand or a choice takes a third from the log (it
        # keeps two): a wind superhero's text was cut at 80x24 over an empty log row. Rows
        # left over beyond those hold a longer text whole (an element superhero's text in
        # a series was cut after two at 120x40 and 200x60).
        spare = room - used - rule_lines
        # Rows left over beyond what the details line may want (three) go to the cities'
        # cards, the same lines on every card; what is still left says what each card does
        # (at 160x45 the 18 rows under four cities were blank).
        players = view["players"]
        card_lines = 0
        if layout == "large":
            card_lines = max(0, min(CARD_LINES, (spare - 3) // players))
            card_lines = card_lines if card_lines >= 2 else 0  # one line says too little
        spare -= card_lines * players
        details_rows = self._details_rows(update, width, max(2, 1 + spare), max(3, 1 + spare))
        left = spare - (details_rows - 1)
        # What the others played since your move, up to two rows: rows left over, else
        # below 120 columns (where the log under the board keeps only its last two lines)
        # the details line's (the hand's cards say their rules; i shows a card's whole
        # text). Beside the log (120 columns and more) only rows left over.
        said = since_line(self._since, width, 2, self._since_label) if self._since else None
        since = len(said.plain.splitlines()) if said is not None else 0
        if since > left and self.app.size.width < 120:
            # Both from the log: the details line keeps two rows (at 80x24 it had one
            # beside the since line, and cut every card's text: "goes on an empty space,
            # or a water …"), the log under the board keeps one line (the since line says
            # what its lines said) — unless the rows are already short (a long game-over
            # prompt), where the details line, no longer deciding anything, gives one back.
            least = 2 if spare >= 0 else 1
            details_rows = self._details_rows(
                update,
                width,
                max(least, max(2, 1 + spare) - since),
                max(least, max(3, 1 + spare) - since),
            )
            left = spare - (details_rows - 1)
        elif since > left:
            since = max(0, left)
        left -= since
        guide = left if left >= 3 else 0
        return Fit(layout, rule_lines, tracks, details_rows, card_lines, guide, since)

    def _draw(self) -> None:
        update = self.update
        if update is None or not drawable(self):
            return
        view = update.view
        width = self._width()
        fit = self._layout(update, width)
        layout, rule_lines, tracks, details_rows = fit[:4]
        card_lines = fit.card_lines
        legal = frozenset(c.key for c in self.choices)
        chosen = frozenset(self.keys)
        cursor = self._target_at(*self.cursor)
        parts = self.query_one("#sb-parts", Parts)
        with parts.together():  # one change of the board's lines
            parts.set_shown("series", bool(tracks))
            if tracks:
                both = tracks == 4
                parts.show(
                    "series",
                    (view["results"], view["game_number"], width, both),
                    lambda: Group(*series_lines(update, width, both)),
                )
            for city in range(len(CITIES)):
                name = f"city-{city}"
                parts.set_shown(name, city < view["players"])
                if city >= view["players"]:
                    continue
                shown = legal | chosen | {cursor} | self._fresh | self._gone
                mine = {k for k in shown if _in_city(k, city)}
                marks = Marks(
                    legal=frozenset(k for k in legal if k in mine),
                    chosen=frozenset(k for k in chosen if k in mine),
                    cursor=cursor if cursor in mine else None,
                    fresh=frozenset(k for k in self._fresh if k in mine),
                    gone=frozenset(k for k in self._gone if k in mine),
                )
                key = (
                    tuple(view["cities"][city]),
                    city == view["turn"],
                    tuple(view["winners"]),
                    bool(view["waiting"]),
                    update.outcome is None,
                    update.notes.get(city),
                    update.names[city],
                    update.seat,
                    marks,
                    width,
                    layout,
                    card_lines,
                    bool(view["series"]),
                )
                parts.show(
                    name,
                    key,
                    functools.partial(_city_group, update, city, marks, width, layout, card_lines),
                )
            hand_marks = Marks(
                legal=frozenset(k for k in legal if _in_hand(k)),
                chosen=frozenset(k for k in chosen if _in_hand(k)),
                cursor=cursor if _in_hand(cursor) else None,
                dim_others=not self.keys,
            )
            parts.set_shown("hand", view["hand"] is not None)
            parts.show(
                "hand",
                (
                    tuple(view["hand"] or ()),
                    hand_marks,
                    width,
                    rule_lines,
                    view["draw_pile"],
                    tuple(view["discard"][-1:]),
                    len(view["discard"]),
                ),
                lambda: Group(*hand_lines(update, hand_marks, width, rule_lines)),
            )
            info = info_line(update, series_inline=bool(view["series"]) and not tracks)
            parts.show("info", info.plain, lambda: info)
            parts.set_shown("since", bool(fit.since))
            if fit.since:
                plays, rows, label = self._since, fit.since, self._since_label
                parts.show(
                    "since",
                    (plays, width, rows, label),
                    lambda: since_line(plays, width, rows, label),
                )
            details = self.details()
            # Two rows when the room allows, else one; cut after a whole word ("goes on …"):
            # the choice comes first and is whole, i shows the card's whole text.
            parts.show(
                "details",
                (details, width, details_rows),
                lambda: details_lines(details, width, details_rows),
            )
            words = self._prompt_words(update)
            # Once a game has ended the prompt says who won and why: on whole rows.
            said = "\n".join(prompt_lines(words, width)) if view["winners"] else words
            parts.show("prompt", (words, width), lambda: Text(said, style="bold"))
            guide = fit.guide
            parts.set_shown("guide", bool(guide))
            if guide:
                series = bool(view["series"])
                parts.show(
                    "guide",
                    (width, guide, series),
                    lambda: Group(*guide_lines(width, guide, series)),
                )

    def _prompt_words(self, update: Update) -> str:
        """What the prompt line says now (`prompt`, or why a move is refused, or that it is
        on its way)."""
        words = (
            discard_words(update) if self._confirming else prompt(update, self.keys, self.choices)
        )
        cursor = self._target_at(*self.cursor)
        if self._refusing(cursor):
            card = str(cursor[1])  # type: ignore[index]
            words = cannot_play_words(kind_of(card), update.view["cities"])
        refused = self._not_allowed
        if refused is not None and refused[:3] == (
            update.version,
            self.cursor,
            tuple(self.keys),
        ):
            words = f"✗ Not allowed: {refused[3]}. Esc: back."
        if self._sent is not None:
            # Until the table answers: "Your turn: choose a card" here had a player
            # (over a loaded server) press Enter again on a turn that was over.
            words = ON_ITS_WAY
        return replay_prompt(self, update) or words

    def _refusing(self, cursor: Hashable | None) -> bool:
        """Whether the prompt says why the card under the cursor cannot be played: Enter
        was pressed on it, nothing is chosen, and it still cannot be played."""
        update = self.update
        mine = update is not None and update.seat in update.acting and update.outcome is None
        return (
            mine
            and not self._confirming
            and not self.keys
            and cursor is not None
            and cursor == self._refused
            and not self.trie.choices([cursor])
        )

    def part_region(self, name: str) -> Region:
        """Where part ``name`` (one of `PARTS`) is on the screen (no rows: hidden)."""
        parts = self.query_one("#sb-parts", Parts)
        above = sum(parts.rows(part) for part in PARTS[: PARTS.index(name)])
        region = parts.content_region
        return Region(region.x, region.y + above, region.width, parts.rows(name))

    def details(self) -> str:
        """The whole text of what the cursor is on: the choice it makes, the card's rules,
        or the city space with its card."""
        if self.update is None:
            return ""
        return self._details_at(self.update, self._target_at(*self.cursor), self.choices)

    def _details_rows(self, update: Update, width: int, most: int = 2, deciding: int = 2) -> int:
        """The details line's rows for this position: as many as the longest text of
        anything the cursor can rest on (a card in hand, a city's space) takes, up to
        ``most`` ("◆ Play a water superhero. Water superhero: goes on an empty space, or a
        fire …" was cut at 80 columns), and up to ``deciding`` for a card in hand or a
        legal choice (what a decision reads). Kept for the position, so moving the cursor
        never moves the lines under the board."""
        key = (update.version, update.seat, width, most, deciding, tuple(self.keys), self._side)
        if self._rows is not None and self._rows[0] == key:
            return self._rows[1]
        hand = update.view["hand"] or []
        targets: list[Hashable] = [("card", card) for card in hand]
        targets += [
            ("space", city, space)
            for city in range(len(update.view["cities"]))
            for space in range(CITY_SPACES)
        ]
        choices = self.choices
        legal = {c.key for c in choices}
        texts: dict[str, int] = {}
        for target in targets:
            text = self._details_at(update, target, choices)
            deciding_here = target in legal or target[0] == "card"  # type: ignore[index]
            texts[text] = max(texts.get(text, 0), max(most, deciding) if deciding_here else most)
        rows = 1
        for text in sorted(texts, key=len, reverse=True):  # the longest first
            if cell_len(text) <= width:
                break
            cap = texts[text]
            if rows < cap:
                rows = max(rows, _rows_of(text, width, cap))
        self._rows = (key, rows)
        return rows

    def _details_at(
        self, update: Update, target: Hashable | None, choices: Sequence[Choice]
    ) -> str:
        """`details` with the cursor on ``target``, ``choices`` the legal next steps."""
        series = bool(update.view["series"])
        chosen = self.keys[0] if self.keys else None
        if not choices and isinstance(chosen, tuple) and chosen[0] == "card":
            # A card chosen that cannot be played: what it must do is why (a newcomer
            # pressing Enter on its spaces heard only what each space lacked).
            return card_text(kind_of(chosen[1]), series)
        choice = next((c for c in choices if c.key == target), None)
        # The one choice when no card can be played (c, d) first: said last, it was cut
        # behind the card's text ("… further one. …" hid "Ready for the next game").
        placeless = [c for c in choices if c.key in (CONTINUE, DISCARD)]
        parts = [f"{c.label} ({'d' if c.key == DISCARD else 'c'})." for c in placeless]
        if choice is not None:
            parts.append(f"{TARGET} {choice.label}.")
        if isinstance(target, tuple) and target[0] == "card":
            parts.append(card_text(kind_of(target[1]), series))
        elif isinstance(target, tuple) and target[0] == "space":
            _, city, space = target
            card = update.view["cities"][city][space]
            if choice is None:
                parts.append(f"{_where(update, city, space)}:")
            if card is not None:
                parts.append(card_text(kind_of(card), series))
            elif choice is None and target in self._gone:
                since = "the last move" if update.seat is None else "your own last move"
                parts.append(f"an empty space: its card was removed since {since}.")
            elif choice is None:
                parts.append("an empty space.")
            if self._side:
                kinds = [None if c is None else kind_of(c) for c in update.view["cities"][city]]
                name = update.view["city_names"][city]
                parts.append(f"{name}: {city_words(kinds, series)}.")
        return " ".join(parts)

    # -- actions -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if action != "cursor" and no_move_here(update, action):
            return False  # the cursor still walks the board, for i on a card
        mine = update is not None and update.seat in update.acting and update.outcome is None
        # Between games, or with only a discard left, no choice lies on the board: Enter, n
        # and Esc leave the footer (it read "⏎ Choose", "n Next" and "esc Back" there, and
        # only c or d did anything), until d asks to confirm (Enter discards, Esc keeps).
        placeless = (
            mine
            and update is not None
            and (CONTINUE in update.legal or DISCARD in update.legal)
            and not self._confirming
        )
        if action == "choose":
            if placeless:
                return False
            return True if mine or (update is not None and update.outcome is not None) else None
        if action == "what_to_press":
            return bool(placeless)
        if action == "back":
            return True if self.keys or self._confirming else False if placeless else None
        if action == "next_choice":
            if placeless or (mine and self._confirming):
                return False
            return True if mine else None
        discard = mine and update is not None and DISCARD in update.legal
        if action == "discard":
            return bool(discard)
        if action == "why_not_discard":
            return not discard
        if action == "next_game":
            return bool(mine and update is not None and CONTINUE in update.legal)
        return True

    def action_cursor(self, rows: int, cols: int) -> None:
        if self.update is None:
            return
        self._confirming = False
        row, col = self.cursor
        last_row = len(self.update.view["cities"])
        row = (row + rows) % (last_row + 1)
        width = len(self.update.view["hand"] or [None]) if row == HAND_ROW else CITY_SPACES
        col = max(0, min(width - 1, col + cols))
        self.cursor = (row, col)
        self._draw()

    def action_next_choice(self) -> None:
        """The cursor to the next legal choice of this step (after the one it is on)."""
        if self.update is None:
            return
        spots = [p for p in (self._spot(c.key) for c in self.choices) if p is not None]
        if not spots:
            return
        self._confirming = False
        here = spots.index(self.cursor) if self.cursor in spots else -1
        self.cursor = spots[(here + 1) % len(spots)]
        self._draw()

    def _spot(self, key: Hashable) -> tuple[int, int] | None:
        """Where a choice lies on the board (row, column), if it lies anywhere."""
        assert self.update is not None
        if not isinstance(key, tuple):
            return None
        if key[0] == "card":
            hand = self.update.view["hand"] or []
            return (HAND_ROW, hand.index(key[1])) if key[1] in hand else None
        if key[0] == "space":
            return (key[1] + 1, key[2])
        return None

    def action_choose(self) -> None:
        update = choosing(self, self.update)
        if update is None:
            return
        if self._sent is not None:
            return  # the move is on its way: the table's answer comes first
        if self._confirming:
            self.action_discard()
            return
        if CONTINUE in update.legal or DISCARD in update.legal:
            self.action_what_to_press()
            return
        key = self._target_at(*self.cursor)
        if key is None:
            return
        if isinstance(key, tuple) and key[0] == "card":
            if not self.trie.choices([key]):
                # No target to go on to: say why here and stay on the hand (its targets'
                # step was a dead end, each Enter there refused until Esc). A card chosen
                # before is given up: the prompt asked for its space under the cursor on
                # this one, and each Enter did nothing.
                self._refused = key
                self.keys = []
                self._draw()
                return
            self.keys = [key]
            self._jump_to_first_choice()
        elif not self.keys:
            self.notify("Choose a card from your hand first (↓ to your hand).", severity="warning")
            return
        else:
            candidate = [*self.keys, key]
            action = self.trie.action(candidate)
            if action is None and self.trie.choices(candidate):
                self.keys = candidate
                self._jump_to_first_choice()
            else:
                chosen = action or build(update, candidate)
                if action is None and chosen is not None:
                    # Not a ◆ target: refused here, as the table would (nothing is sent,
                    # nothing waits for its answer), the card chosen and the cursor kept.
                    why = rules_reason(update, chosen)
                    self._not_allowed = (update.version, self.cursor, tuple(self.keys), why)
                    self.app.bell()
                elif chosen is not None:
                    self._send(chosen)
        self._draw()
        self.refresh_bindings()

    def action_what_to_press(self) -> None:
        """No card can be chosen now: only c (or d) does anything, and Enter says so."""
        if self.update is not None:
            self.notify(prompt(self.update, [], []), severity="warning")

    def _send(self, action: Action) -> None:
        self._sent = (self.keys, self.cursor)
        if self.update is not None:
            self._mine = _after(self.update.view["cities"], action)
        self.keys = []
        self._confirming = False
        self.post_message(ActionChosen(action))

    def _jump_to_first_choice(self) -> None:
        """Put the cursor on the first legal target, so one Enter often finishes the move:
        in the player's own city for a superhero or a Joker, and for where an eagle
        carries a card; in another city for a giant spider, an explosion, and the card an
        eagle takes (the first target was always the first city's: a newcomer's Enter,
        Enter put a superhero in another player's city or blew up their own)."""
        spaces = [
            choice.key
            for choice in self.choices
            if isinstance(choice.key, tuple) and choice.key[0] == "space"
        ]
        if spaces:
            mine = self.update is not None and _own_first(self.keys)
            seat = self.update.seat if self.update is not None else None
            preferred = [key for key in spaces if (key[1] == seat) == mine]
            if self.update is not None and seat is not None and preferred:
                # The best for the player's own city first: an Enter, Enter covered their
                # own leaf with a fire while empty spaces were left (found in play).
                cities = self.update.view["cities"]
                worth = functools.partial(_worth_to_own_city, cities, seat, self.keys)
                preferred.sort(key=worth, reverse=True)  # stable: ties keep the order
                if _harms(self.keys):
                    # A spider or an explosion: the rival nearest to saving their city
                    # first (Enter, Enter put a spider in the first rival's first space
                    # while two others held four different superheroes).
                    threat = functools.partial(_threat_first, cities, self.keys)
                    preferred.sort(key=threat, reverse=True)
            key = (preferred or spaces)[0]
            self.cursor = (key[1] + 1, key[2])
            return
        if self.keys and self.cursor[0] == HAND_ROW:
            self.cursor = (1, 0)

    def action_back(self) -> None:
        if self._confirming:
            self._confirming = False
            self._draw()
            self.refresh_bindings()
            return
        if self.keys:
            last = self.keys.pop()
            if isinstance(last, tuple) and last[0] == "card" and self.update is not None:
                hand = self.update.view["hand"] or []
                self.cursor = (HAND_ROW, hand.index(last[1]) if last[1] in hand else 0)
            self._draw()
            self.refresh_bindings()

    def action_discard(self) -> None:
        """Discard both cards: on the second press (or Enter), unless confirmations are off."""
        if self.update is None:
            return
        settings = getattr(self.app, "settings", None)
        if not self._confirming and getattr(settings, "confirmations", True):
            self._confirming = True
            self._draw()
            self.refresh_bindings()
            return
        self._send(DISCARD)
        self._draw()

    def action_why_not_discard(self) -> None:
        if self.update is not None:
            self.notify(why_not_discard(self.update), severity="warning")

    def action_next_game(self) -> None:
        self._send(CONTINUE)


def _city_worth(kinds: Sequence[str | None]) -> tuple[bool, bool, int, int]:
    """How good a city is for its player: saved, free of spiders, its different
    superheroes (Jokers count), fewest superheroes twice (they stop it being saved)."""
    cards = [kind for kind in kinds if kind is not None]
    elements = [kind for kind in cards if kind in ELEMENTS]
    different = min(CITY_SPACES, len(set(elements)) + cards.count("joker"))
    twice = len(elements) - len(set(elements))
    return is_saved(kinds), "spider" not in cards, different, -twice


def _worth_to_own_city(
    cities: Sequence[Sequence[str | None]], seat: int, keys: Sequence[Hashable], key: Hashable
) -> tuple[bool, bool, int, int]:
    """What the target ``key`` after the steps ``keys`` would make of the player's own
    city: where a superhero or a Joker goes (or an eagle's card comes), the city after it;
    for the card an eagle takes, the city with that card in its first free space (a
    giant spider last). Other steps are all worth the same."""
    if not keys or not isinstance(key, tuple) or key[0] != "space":
        return _city_worth(())
    card = keys[0]
    kind = kind_of(str(card[1])) if isinstance(card, tuple) else ""
    own = [None if c is None else kind_of(c) for c in cities[seat]]
    _, city, space = key
    if kind in (*ELEMENTS, "joker") and city == seat:
        own[space] = kind
    elif kind in ("one-eagle", "two-eagles"):
        taken = cities[city][space]
        if len(keys) >= 2 and isinstance(keys[1], tuple) and city == seat:
            _, from_city, from_space = keys[1]
            carried = cities[from_city][from_space]
            own[space] = None if carried is None else kind_of(carried)
        elif taken is not None and city != seat:
            free = [i for i, k in enumerate(own) if k is None]
            own[free[0] if free else 0] = kind_of(taken)
    return _city_worth(own)


def _harms(keys: Sequence[Hashable]) -> bool:
    """Whether the card chosen (the first of ``keys``) works against a rival's city: a
    giant spider or an explosion."""
    card = keys[0] if keys else None
    kind = kind_of(str(card[1])) if isinstance(card, tuple) else ""
    return kind in ("spider", "small-explosion", "large-explosion")


def _threat_first(
    cities: Sequence[Sequence[str | None]], keys: Sequence[Hashable], key: Hashable
) -> tuple[tuple[bool, bool, int, int], tuple[int, ...]]:
    """How much the spider or explosion chosen (the first of ``keys``) stops a rival on
    space ``key``: that city's worth to its player (`_city_worth`: the nearest to saving
    the highest), then the less it is worth with the spider there or the card gone, the
    better."""
    if not isinstance(key, tuple) or key[0] != "space":
        return _city_worth(()), ()
    _, city, space = key
    kinds = [None if c is None else kind_of(c) for c in cities[city]]
    after = list(kinds)
    after[space] = "spider" if _harms(keys[:1]) and not _explodes(keys) else None
    return _city_worth(kinds), tuple(-int(x) for x in _city_worth(after))


def _explodes(keys: Sequence[Hashable]) -> bool:
    card = keys[0] if keys else None
    kind = kind_of(str(card[1])) if isinstance(card, tuple) else ""
    return kind in ("small-explosion", "large-explosion")


def _own_first(keys: list[Hashable]) -> bool:
    """Whether the step after ``keys`` (a card, then its targets so far) helps the player
    most in their own city: placing a superhero or a Joker, and where an eagle carries a
    card (its second step); not a giant spider, an explosion or what an eagle takes."""
    card = keys[0] if keys else None
    kind = kind_of(str(card[1])) if isinstance(card, tuple) else ""
    if kind in ("small-explosion", "large-explosion", "spider"):
        return False
    if kind in ("one-eagle", "two-eagles"):
        return len(keys) >= 2
    return True


ON_ITS_WAY = "Your move is on its way…"
"""The prompt from the Enter that finishes a move until the table's answer."""


def _in_city(key: Hashable, city: int) -> bool:
    return isinstance(key, tuple) and key[0] == "space" and key[1] == city


def _in_hand(key: Hashable) -> bool:
    return isinstance(key, tuple) and key[0] == "card"


def _city_group(
    update: Update, city: int, marks: Marks, width: int, layout: str, card_lines: int
) -> Group:
    return Group(*city_lines(update, city, marks, width, layout, card_lines))
