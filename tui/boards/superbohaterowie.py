"""The Superbohaterowie table: five-space cities, your hand, and a cursor to play by keys.

Playing is choosing a card from your hand, then its target(s) on the cities: a space for a
superhero, Joker or spider; the card(s) an explosion removes; the card an eagle carries and
the free space it lands on; the two cards to swap. Legal targets carry the ◆ symbol and the
prompt line says in words what ◆ marks. Choices the rules forbid are still sent to the
table, so the refusal is the engine's own reason.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from core.engine import Action, Outcome
from core.games.superbohaterowie.data import CITY_SPACES, NAMES, a_card, kind_of
from core.games.superbohaterowie.scoring import city_points
from core.table import Update
from tui.boards.base import (
    ActionChosen,
    ActionTrie,
    Choice,
    Path,
    ResultsWanted,
    note_sentence,
    with_note,
)
from tui.widgets.card import CHOSEN, TARGET, CardFace
from tui.widgets.keys import KeyStates

FACES: dict[str, tuple[str, str, str]] = {
    # kind: (symbol, word on a city space, style). Symbol and word always, colour as a bonus.
    "leaf": ("♣", "Leaf", "bold green"),
    "water": ("≈", "Water", "bold blue"),
    "wind": ("~", "Wind", "bold cyan"),
    "fire": ("▲", "Fire", "bold red"),
    "chainsaw": ("✂", "Chainsaw", "bold yellow"),
    "joker": ("★", "Joker", "bold magenta"),
    "spider": ("Ж", "SPIDER", "bold white on red"),
    "small-explosion": ("✷", "Small boom", "bold"),
    "large-explosion": ("✹", "Large boom", "bold"),
    "one-eagle": ("ʌ", "Eagle move", "bold"),
    "two-eagles": ("ʌʌ", "Eagle swap", "bold"),
}
CELL_WIDTH = 15
HAND_WIDTH = 25
HAND_ROW = 0


def _name(update: Update, seat: int) -> str:
    if update.seat == seat:
        return "you"
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def _where(update: Update, city: int, space: int) -> str:
    owner = update.names[city] if city < len(update.names) else f"Player {city + 1}"
    return f"{update.view['city_names'][city]} ({owner}) space {space + 1}"


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


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines: list[str] = []
    if view["series"]:
        lines.append(f"Points variant: game {view['game_number']} of {view['series']}.")
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
        hand = " and ".join(a_card(kind_of(c)) for c in view["hand"]) or "no cards"
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
    """Each city's points at the end, and each game's points in a series."""
    lines = []
    for city, cards in enumerate(view["cities"]):
        kinds = [kind_of(c) for c in cards if c is not None]
        saved = " — saved" if city in view["winners"] else ""
        lines.append(
            f"{view['city_names'][city]} ({names[city]}): {city_points(kinds)} points{saved}"
        )
    for number, game in enumerate(view["results"], 1):
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(game))
        lines.append(f"Game {number}: {scores}")
    return lines


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (the ◆ symbol is explained here; ``plain``: as a list)."""
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    if update.seat is None or update.seat not in update.acting:
        waiting = ", ".join(update.names[s] for s in sorted(update.acting))
        return f"Waiting for {waiting}…"
    if ("continue",) in update.legal:
        return "This game is over. Press c when you are ready for the next one."
    if update.legal == (("discard-hand",),):
        return "Neither card can be played. Press d to discard both."
    if plain:
        keys_help = "Up, Down, Enter; Escape goes back"
        if not keys:
            return f"Your turn: choose a card to play from the list ({keys_help})."
        card = kind_of(keys[0][1]) if isinstance(keys[0], tuple) else ""
        return (
            f"You chose {a_card(card)}, step {len(keys) + 1}: "
            f"{len(choices)} choices in the list ({keys_help})."
        )
    if not keys:
        return f"Your turn: choose a card (←→, Enter). {TARGET} marks playable cards."
    kind = kind_of(keys[0][1]) if isinstance(keys[0], tuple) else ""
    count = len(choices)
    if not count:
        return f"{a_card(kind).capitalize()} cannot be played now. Esc: back."
    step = len(keys)
    words = {
        ("place", 1): f"Place {a_card(kind)}: {TARGET} marks the {count} spaces it can go",
        ("small-explosion", 1): f"Choose the card to remove: {TARGET} marks the {count} cards",
        ("large-explosion", 1): f"Choose a card to remove: {TARGET} marks the {count} cards",
        ("large-explosion", 2): f"Choose the second card to remove ({TARGET})",
        ("one-eagle", 1): f"Choose the card the eagle carries: {TARGET} marks the {count} cards",
        ("one-eagle", 2): f"Choose a free space in another city ({TARGET})",
        ("two-eagles", 1): f"Choose the first card to swap: {TARGET} marks the {count} cards",
        ("two-eagles", 2): f"Choose the card in another city to swap it with ({TARGET})",
    }
    family = kind if kind in ACTION_CARDS else "place"
    return f"{words.get((family, step), 'Choose')}. Esc: back."


ACTION_CARDS = frozenset({"small-explosion", "large-explosion", "one-eagle", "two-eagles"})


class Board(KeyStates, Widget, can_focus=True):
    """Cities, hand and a cursor. Receives updates through ``show``; posts ActionChosen.

    | key | action |
    | --- | --- |
    | ←→↑↓ / hjkl | move the cursor |
    | Enter / Space | choose the card or space under the cursor |
    | Esc | take back the last choice |
    | d | discard both cards (only when neither can be played) |
    | c | ready for the next game (Points variant) |
    """

    DEFAULT_CSS = """
    Board { height: auto; padding: 0 1; }
    Board:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left,h", "cursor(0,-1)", "Left", show=False, id="board.left"),
        Binding("right,l", "cursor(0,1)", "Right", show=False, id="board.right"),
        Binding("up,k", "cursor(-1,0)", "Up", show=False, id="board.up"),
        Binding("down,j", "cursor(1,0)", "Down", show=False, id="board.down"),
        Binding("enter,space", "choose", "Choose", id="board.choose"),
        Binding("escape", "back", "Back", id="board.back"),
        Binding("d", "discard", "Discard both", id="board.discard"),
        Binding("c", "next_game", "Next game", id="board.continue"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.update: Update | None = None
        self.trie = ActionTrie((), lambda action: [])
        self.keys: list[Hashable] = []
        self.cursor = (HAND_ROW, 0)

    # -- receiving ------------------------------------------------------------------------

    def show(self, update: Update) -> None:
        """Display a new update; a new version clears any half-built action."""
        if (
            self.update is None
            or update.version != self.update.version
            or update.seat != self.update.seat
        ):
            self.keys = []
            self.cursor = (
                HAND_ROW,
                min(self.cursor[1], max(0, len(update.view["hand"] or ()) - 1)),
            )
        self.update = update
        self.trie = ActionTrie(update.legal, lambda action: paths(update, action))
        self.refresh(layout=True)
        self.refresh_bindings()

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps after what has been chosen so far."""
        return self.trie.choices(self.keys)

    # -- drawing -----------------------------------------------------------------------------

    def _target_at(self, row: int, col: int) -> Hashable | None:
        assert self.update is not None
        if row == HAND_ROW:
            hand = self.update.view["hand"] or []
            return ("card", hand[col]) if col < len(hand) else None
        return ("space", row - 1, col)

    def render(self) -> RenderableType:
        update = self.update
        if update is None:
            return Text("Dealing…")
        view = update.view
        marked = {c.key for c in self.choices}
        rows: list[RenderableType] = []
        for city, cards in enumerate(view["cities"]):
            turn = "▶ " if city == view["turn"] and update.outcome is None else "  "
            label = Text(f"{turn}{view['city_names'][city]} — ", style="bold")
            label.append(update.names[city], style="" if city != update.seat else "bold")
            if city == update.seat:
                label.append(" (your city)")
            if city in view["winners"]:
                label.append(" — SAVED", style="bold")
            label.truncate(78, overflow="ellipsis")
            row = Text("  ")
            for space, card in enumerate(cards):
                key = ("space", city, space)
                mark = CHOSEN if key in self.keys else TARGET if key in marked else ""
                cursor = self.cursor == (city + 1, space)
                if card is None:
                    face = CardFace("", "free" if mark else "·", "dim", CELL_WIDTH, mark, cursor)
                else:
                    symbol, word, style = FACES[kind_of(card)]
                    face = CardFace(symbol, word, style, CELL_WIDTH, mark, cursor)
                row.append_text(face.text())
            rows += [*with_note(label, update, city, 78), row]
        hand_row = Text("  Your hand  " if view["hand"] is not None else "", style="bold")
        for index, card in enumerate(view["hand"] or []):
            held = ("card", card)
            mark = CHOSEN if held in self.keys else TARGET if held in marked else ""
            symbol, _, style = FACES[kind_of(card)]
            face = CardFace(
                symbol,
                NAMES[kind_of(card)].capitalize(),
                style,
                HAND_WIDTH,
                mark,
                self.cursor == (HAND_ROW, index),
                dim=not mark and not self.keys,
            )
            hand_row.append_text(face.text())
        top = f" (top: {NAMES[kind_of(view['discard'][-1])]})" if view["discard"] else ""
        info = Text(
            f"  Draw pile {view['draw_pile']} · Discard {len(view['discard'])}{top}", style="dim"
        )
        if view["series"]:
            totals = [sum(game[s] for game in view["results"]) for s in range(view["players"])]
            scores = ", ".join(f"{n} {t}" for n, t in zip(update.names, totals, strict=False))
            info.append(f" · Game {view['game_number']}/{view['series']} · {scores}")
        return Group(
            *rows,
            hand_row,
            info,
            Text(prompt(update, self.keys, self.choices), style="bold"),
        )

    # -- actions -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        mine = update is not None and update.seat in update.acting and update.outcome is None
        if action == "choose":
            return True if mine or (update is not None and update.outcome is not None) else None
        if action == "back":
            return True if self.keys else None
        if action == "discard":
            return (
                True if mine and update is not None and ("discard-hand",) in update.legal else None
            )
        if action == "next_game":
            if update is None or not update.view["series"]:
                return False
            return True if mine and ("continue",) in update.legal else None
        return True

    def action_cursor(self, rows: int, cols: int) -> None:
        if self.update is None:
            return
        row, col = self.cursor
        last_row = len(self.update.view["cities"])
        row = (row + rows) % (last_row + 1)
        width = len(self.update.view["hand"] or [None]) if row == HAND_ROW else CITY_SPACES
        col = max(0, min(width - 1, col + cols))
        self.cursor = (row, col)
        self.refresh()

    def action_choose(self) -> None:
        update = self.update
        if update is None:
            return
        if update.outcome is not None:
            self.post_message(ResultsWanted())
            return
        if update.seat not in update.acting:
            self.notify("It is not your turn.", severity="warning")
            return
        key = self._target_at(*self.cursor)
        if key is None:
            return
        if isinstance(key, tuple) and key[0] == "card":
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
                self.keys = []
                chosen = action or build(update, candidate)
                if chosen is not None:
                    self.post_message(ActionChosen(chosen))
        self.refresh()
        self.refresh_bindings()

    def _jump_to_first_choice(self) -> None:
        """Put the cursor on the first legal target, so one Enter often finishes the move."""
        for choice in self.choices:
            key = choice.key
            if isinstance(key, tuple) and key[0] == "space":
                self.cursor = (key[1] + 1, key[2])
                return
        if self.keys and self.cursor[0] == HAND_ROW:
            self.cursor = (1, 0)

    def action_back(self) -> None:
        if self.keys:
            last = self.keys.pop()
            if isinstance(last, tuple) and last[0] == "card" and self.update is not None:
                hand = self.update.view["hand"] or []
                self.cursor = (HAND_ROW, hand.index(last[1]) if last[1] in hand else 0)
            self.refresh()
            self.refresh_bindings()

    def action_discard(self) -> None:
        self.post_message(ActionChosen(("discard-hand",)))

    def action_next_game(self) -> None:
        self.post_message(ActionChosen(("continue",)))
