"""The Orb Hunters table: relics in a row, the adventurers stacked under each, pouches,
your hand (or the open supply), and the skill or effect being applied, all by keys.

Playing is choosing a card from your hand, then the relic to assign it to. A skill or an
effect that needs a choice puts its choices on the board: the relics a Charismatic may
attract from, the markers for a Trenti's banner, the rivals for a Gift or an Exchange.
Legal choices carry the ◆ symbol and the prompt says in words what ◆ marks. Every colour
is also a word, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from core.engine import Action, Outcome
from core.games.orb_hunters.data import (
    ADVENTURER_NAMES,
    EFFECT_WORDS,
    LIMIT,
    adventurer_name,
    colour_of,
    courage,
    is_trenti,
    relic,
    relic_name,
    relic_points,
    skill,
)
from core.games.orb_hunters.scoring import ACHIEVEMENTS, pouch_totals
from core.table import Update
from tui.boards.base import (
    ActionChosen,
    ActionTrie,
    Choice,
    Path,
    ResultsWanted,
    note_sentence,
)
from tui.widgets.card import CHOSEN, TARGET, CardFace

STYLES: dict[str, str] = {
    # Colour as a bonus: every card also says its adventurer's name.
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
    "": "bold",
}
SHORT_COLOUR: dict[str, str] = {
    "red": "Red",
    "blue": "Blu",
    "green": "Grn",
    "yellow": "Yel",
    "purple": "Pur",
}
SHORT_SKILL: dict[str, str] = {
    "killer": "Kill",
    "charismatic": "Char",
    "sly": "Sly",
    "shielded": "Shld",
    "trenti": "",
    "": "",
}
HAND_ROW, RELIC_ROW, CHOICE_ROW = 0, 1, 2
HAND_WIDTH = 22
CHOICE_WIDTH = 18


def _name(update: Update, seat: int) -> str:
    if update.seat == seat:
        return "you"
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def _who(update: Update, seat: int) -> str:
    """A seat with its adventurers: "Ala (Red)"."""
    colours = "+".join(ADVENTURER_NAMES[c] for c in update.view["colours"][seat])
    return f"{update.names[seat]} ({colours})"


def _embodied(update: Update, colour: str) -> str:
    for seat, colours in enumerate(update.view["colours"]):
        if colour in colours:
            return update.names[seat]
    return "nobody"


def card_words(view: dict[str, Any], card: str) -> str:
    """An adventurer under a relic in words, with a Trenti's marker."""
    words = adventurer_name(card)
    if is_trenti(card):
        marked = view["marks"].get(card, "")
        words += f" for {ADVENTURER_NAMES[marked]}" if marked else " (marker being chosen)"
    return words


def short_card(view: dict[str, Any], card: str, width: int) -> tuple[str, str]:
    """(label, style) of an adventurer in a cell ``width`` wide."""
    if is_trenti(card):
        marked = view["marks"].get(card, "")
        if width >= 20:
            return (card_words(view, card) if marked else adventurer_name(card)), STYLES[marked]
        target = SHORT_COLOUR[marked] if marked else "?"
        return f"Tre {courage(card)}→{target}", STYLES[marked]
    colour = colour_of(card)
    if width >= 20:
        return adventurer_name(card), STYLES[colour]
    words = f"{SHORT_COLOUR[colour]} {courage(card)} {SHORT_SKILL[skill(card)]}".strip()
    return words, STYLES[colour]


def _relic_words(card: str) -> str:
    kind = relic(card)
    parts = [
        f"{value} {word}"
        for value, word in (
            (kind.wealth, "wealth"),
            (kind.wounds, "wounds"),
            (kind.potions, "potion"),
        )
        if value
    ]
    effect = f", {EFFECT_WORDS[kind.effect]}" if kind.effect else ""
    return f"{kind.name} ({', '.join(parts) or 'nothing'}{effect})"


def _leader(view: dict[str, Any], column: Sequence[str]) -> str:
    """Who leads a column now, in words (the rules decide at the limit)."""
    totals: dict[str, list[int]] = {}
    for position, card in enumerate(column):
        colour = view["marks"].get(card, "") if is_trenti(card) else colour_of(card)
        if colour:
            entry = totals.setdefault(colour, [0, position])
            entry[0] += courage(card)
    if not totals:
        return ""
    best = max(totals, key=lambda c: (totals[c][0], -totals[c][1]))
    return f"{ADVENTURER_NAMES[best]} leads with {totals[best][0]}"


def paths(update: Update, action: Action) -> list[Path]:
    """The steps that build ``action``, with words for each step."""
    view = update.view
    verb = action[0]
    if verb == "assign":
        _, card, column = action
        relic_card = view["row"][column]
        count = len(view["columns"][column])
        pick = Choice(("card", card), f"Assign {adventurer_name(card)}")
        extra = ""
        if count >= LIMIT:
            extra = f", killing {card_words(view, view['columns'][column][-1])}"
        where = Choice(
            ("column", column),
            f"Relic {column + 1}, {relic_name(relic_card)}: {count} of {LIMIT}{extra}",
        )
        return [(pick, where)]
    if verb == "attract":
        column = action[1]
        last = view["columns"][column][-1]
        return [
            (
                Choice(
                    ("column", column),
                    f"Attract {card_words(view, last)} from relic {column + 1}",
                ),
            )
        ]
    if verb == "mark":
        colour = action[1]
        words = f"{ADVENTURER_NAMES[colour]} marker ({_embodied(update, colour)})"
        return [(Choice(("colour", colour), words),)]
    if verb in ("gift", "exchange"):
        seat = action[1]
        size = view["pouch_sizes"][seat]
        pouches = view["pouches"]
        top = f", visible {relic_name(pouches[seat][-1])}" if pouches and size else ""
        verb_words = "Give it to" if verb == "gift" else "Exchange with"
        return [(Choice(("seat", seat), f"{verb_words} {_who(update, seat)}{top}"),)]
    return []


def _pending_words(update: Update) -> str:
    """The skill or effect being applied now, in words ("" when none)."""
    view = update.view
    pending = view["pending"]
    if not pending:
        return ""
    kind = pending[0]
    if kind == "sly":
        return "Sly: assign a second adventurer (only a Shielded or a Trenti skill works)."
    if kind == "attract":
        return (
            f"Charismatic under relic {pending[1] + 1}: attract the last adventurer from another."
        )
    if kind == "mark":
        return f"Trenti: choose the adventurer marker for {adventurer_name(pending[1])}."
    column = view["resolving"]
    card = view["row"][column] if 0 <= column < len(view["row"]) else ""
    name = relic_name(card) if card else "the relic"
    if kind == "gift":
        return f"Gift: choose the rival who receives the {name}."
    return f"Exchange: choose the rival whose visible relic you take for the {name}."


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines: list[str] = []
    if update.outcome is not None:
        lines.append("The game is over.")
    else:
        turn = (
            "It is your turn."
            if update.seat is not None and update.seat in update.acting
            else f"It is {_name(update, view['turn'])}'s turn."
        )
        lines.append(f"Round {view['round']} of 3. {turn}")
    players = ", ".join(_who(update, s) for s in range(view["players"]))
    lines.append(f"Players: {players}. Start player: {update.names[view['start']]}.")
    if view["teams"]:
        lines.append(
            "Teams: "
            + " against ".join(
                " and ".join(update.names[s] for s in team) for team in view["teams"]
            )
            + "."
        )
    if view["variants"]:
        lines.append(f"Variants: {', '.join(v.replace('_', ' ') for v in view['variants'])}.")
    for index, card in enumerate(view["row"]):
        column = view["columns"][index] if index < len(view["columns"]) else []
        if not card:
            lines.append(f"Relic {index + 1}: handed over.")
            continue
        cards = "; ".join(card_words(view, c) for c in column) or "none yet"
        lead = _leader(view, column)
        lines.append(
            f"Relic {index + 1}, {_relic_words(card)}: {len(column)} of {LIMIT} adventurers: "
            f"{cards}." + (f" {lead}." if lead else "")
        )
    if "strategic" in view["variants"]:
        lines.append(f"Supply: {', '.join(adventurer_name(c) for c in view['supply']) or 'empty'}.")
    elif view["hand"] is not None:
        lines.append(
            f"Your hand: {', '.join(adventurer_name(c) for c in view['hand']) or 'empty'}."
        )
    for seat in range(view["players"]):
        lines.append(f"{_who(update, seat)}: {_pouch_words(view, seat)}.")
        if seat in update.notes:
            lines.append(note_sentence(update, seat))
    lines.append(
        f"Adventurer deck {view['deck']}, discard {len(view['discard'])}. "
        f"Relic deck {view['relic_deck']}."
    )
    pending = _pending_words(update)
    if pending:
        lines.append(f"Now: {pending}")
    return lines


def _pouch_words(view: dict[str, Any], seat: int) -> str:
    size = view["pouch_sizes"][seat]
    many = f"{size} relic{'s' if size != 1 else ''}"
    if not size:
        return "no relics"
    if view["pouches"] is None:
        return f"{many}, face down"
    return f"{many}, visible {relic_name(view['pouches'][seat][-1])}"


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each player's relics and totals, then the achievements earned."""
    lines = []
    for seat, pouch in enumerate(view["pouches"] or []):
        totals = pouch_totals(pouch)
        colours = "+".join(ADVENTURER_NAMES[c] for c in view["colours"][seat])
        relics = ", ".join(relic_name(card) for card in pouch) or "no relics"
        lines.append(
            f"{names[seat]} ({colours}): wealth {totals.wealth}, wounds {totals.wounds}, "
            f"potions {totals.potions} — {relics}"
        )
    earned = view.get("achievements") or []
    for seat, names_earned in enumerate(earned):
        for achievement in names_earned:
            lines.append(
                f"Achievement — {names[seat]}: {achievement} ({ACHIEVEMENTS[achievement]})"
            )
    if not any(earned):
        lines.append("No achievements this game.")
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
    pending = _pending_words(update)
    if plain:
        keys_help = "Up, Down, Enter; Escape goes back"
        if pending:
            return f"{pending} {len(choices)} choices in the list ({keys_help})."
        if not keys:
            return f"Your turn: choose an adventurer to assign from the list ({keys_help})."
        return f"Choose the relic to assign it to: {len(choices)} choices ({keys_help})."
    if pending and update.view["pending"][0] != "sly":
        return f"{pending} {TARGET} marks the choices (←→, Enter)."
    if not keys:
        where = "the supply" if "strategic" in update.view["variants"] else "your hand"
        lead = f"{pending} " if pending else "Your turn: "
        return f"{lead}choose an adventurer from {where} (←→, Enter)."
    if not choices:
        return "That adventurer cannot be assigned now. Esc: back."
    return (
        f"Assign it under a relic: {TARGET} marks the {len(choices)} relics it can go. Esc: back."
    )


class Board(Widget, can_focus=True):
    """Relics, the adventurers under them, pouches, hand and a cursor; posts ActionChosen.

    | key | action |
    | --- | --- |
    | ←→ / hl | move the cursor along a row |
    | ↑↓ / kj | move between your hand, the relics and the choices |
    | 1–6 | jump to relic 1–6 |
    | Enter / Space | choose what is under the cursor |
    | Esc | take back the last choice |
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
        *(
            Binding(str(n), f"relic({n - 1})", f"Relic {n}", show=False, id=f"board.relic{n}")
            for n in range(1, 7)
        ),
        Binding("enter,space", "choose", "Choose", id="board.choose"),
        Binding("escape", "back", "Back", id="board.back"),
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
        fresh = (
            self.update is None
            or update.version != self.update.version
            or update.seat != self.update.seat
        )
        self.update = update
        self.trie = ActionTrie(update.legal, lambda action: paths(update, action))
        if fresh:
            self.keys = []
            self._home()
        self.refresh(layout=True)
        self.refresh_bindings()

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps after what has been chosen so far."""
        return self.trie.choices(self.keys)

    def row_keys(self, row: int) -> list[Hashable]:
        """The keys the cursor can visit on a row."""
        if self.update is None:
            return []
        view = self.update.view
        if row == HAND_ROW:
            return [("card", c) for c in self._cards(view)]
        if row == RELIC_ROW:
            return [("column", i) for i in range(len(view["row"]))]
        return [c.key for c in self.choices if c.key[0] in ("colour", "seat")]  # type: ignore[index]

    @staticmethod
    def _cards(view: dict[str, Any]) -> list[str]:
        if "strategic" in view["variants"]:
            return list(view["supply"])
        return list(view["hand"] or [])

    def _home(self) -> None:
        """Put the cursor where the next choice is: a choice row, the relics, or the hand."""
        for row in (CHOICE_ROW, RELIC_ROW, HAND_ROW):
            keys = self.row_keys(row)
            marked = {c.key for c in self.choices}
            for col, key in enumerate(keys):
                if key in marked:
                    self.cursor = (row, col)
                    return
        self.cursor = (HAND_ROW, 0)

    # -- drawing -----------------------------------------------------------------------------

    def _width(self) -> int:
        """The usable width (78 before the board is laid out)."""
        return self.size.width - 2 if self.size.width > 2 else 78

    def _cell_width(self, count: int) -> int:
        return max(12, min(24, self._width() // max(1, count)))

    def render(self) -> RenderableType:
        update = self.update
        if update is None:
            return Text("Dealing…")
        view = update.view
        marked = {c.key for c in self.choices}
        count = len(view["row"])
        cell = self._cell_width(count)
        parts: list[RenderableType] = []
        turn = "over" if update.outcome is not None else f"{_name(update, view['turn'])} to play"
        head = Text(f"Round {view['round']}/3 · {turn} · start: {update.names[view['start']]}")
        head.append(f" · Adventurers Limit {LIMIT} per relic", style="dim")
        head.truncate(self._width(), overflow="ellipsis")
        parts.append(head)
        names = Text()
        points = Text()
        effects = Text()
        for index, card in enumerate(view["row"]):
            key = ("column", index)
            mark = CHOSEN if key in self.keys else TARGET if key in marked else ""
            cursor = self.cursor == (RELIC_ROW, index)
            label = f"{index + 1} {relic_name(card)}" if card else f"{index + 1} handed over"
            names.append_text(CardFace("", label, "bold", cell, mark, cursor).text())
            column = view["columns"][index] if index < len(view["columns"]) else []
            full = "FULL" if len(column) >= LIMIT else f"{len(column)}/{LIMIT}"
            points.append_text(
                CardFace("", f" {relic_points(card) if card else ''} {full}", "", cell).text()
            )
            effect = relic(card).effect if card else ""
            words = {"theft-left": "Theft ←", "theft-right": "Theft →"}.get(effect, effect.title())
            effects.append_text(CardFace("", f" {words}", "italic", cell).text())
        if count:
            parts += [names, points, effects]
        else:
            parts.append(Text("All the relics of the round have been handed over.", style="italic"))
        for level in range(LIMIT if count else 0):
            line = Text()
            for index in range(count):
                column = view["columns"][index] if index < len(view["columns"]) else []
                if level < len(column):
                    label, style = short_card(view, column[level], cell - 3)
                    line.append_text(CardFace("", f" {label}", style, cell).text())
                else:
                    line.append_text(CardFace("", " ·", "dim", cell).text())
            parts.append(line)
        pouches = Text("Pouches: ", style="bold")
        for seat in range(view["players"]):
            if seat:
                pouches.append(" │ ")
            pouches.append(update.names[seat], style="bold" if seat == update.seat else "")
            colours = "+".join(ADVENTURER_NAMES[c] for c in view["colours"][seat])
            pouches.append(
                f" ({colours}) ", style=" ".join(STYLES[c] for c in view["colours"][seat][:1])
            )
            size = view["pouch_sizes"][seat]
            if view["pouches"] is None or not size:
                pouches.append(f"{size}{' face down' if size else ''}")
            else:
                pouches.append(f"{size}, top {relic_name(view['pouches'][seat][-1])}")
            if seat in update.notes:
                # The paragraph wraps between words: the note is never cut off.
                pouches.append(f" — {update.notes[seat]}", style="italic")
        parts.append(pouches)
        strategic = "strategic" in view["variants"]
        if strategic or view["hand"] is not None:
            row = Text("Supply " if strategic else "Hand   ", style="bold")
            for index, card in enumerate(self._cards(view)):
                held = ("card", card)
                mark = CHOSEN if held in self.keys else TARGET if held in marked else ""
                label, style = short_card(view, card, HAND_WIDTH)
                row.append_text(
                    CardFace(
                        "",
                        label,
                        style,
                        HAND_WIDTH,
                        mark,
                        self.cursor == (HAND_ROW, index),
                        dim=not mark and not self.keys,
                    ).text()
                )
            parts.append(row)
        choice_keys = self.row_keys(CHOICE_ROW)
        if choice_keys:
            row = Text("Choose ", style="bold")
            for index, choice in enumerate(choice_keys):
                kind, value = choice if isinstance(choice, tuple) else ("", "")
                colour = kind == "colour"
                style = STYLES[str(value)] if colour else "bold"
                word = ADVENTURER_NAMES[str(value)] if colour else update.names[int(value)]
                row.append_text(
                    CardFace(
                        "", word, style, CHOICE_WIDTH, TARGET, self.cursor == (CHOICE_ROW, index)
                    ).text()
                )
            parts.append(row)
        info = Text(
            f"Adventurer deck {view['deck']} · discard {len(view['discard'])} · "
            f"relic deck {view['relic_deck']}",
            style="dim",
        )
        parts.append(info)
        parts.append(Text(prompt(update, self.keys, self.choices), style="bold"))
        return Group(*parts)

    # -- actions -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        mine = update is not None and update.seat in update.acting and update.outcome is None
        if action == "choose":
            return True if mine or (update is not None and update.outcome is not None) else None
        if action == "back":
            return True if self.keys else None
        return True

    def action_cursor(self, rows: int, cols: int) -> None:
        if self.update is None:
            return
        row, col = self.cursor
        visible = [r for r in (HAND_ROW, RELIC_ROW, CHOICE_ROW) if self.row_keys(r)]
        if rows and visible:
            position = visible.index(row) if row in visible else 0
            row = visible[(position + rows) % len(visible)]
        width = len(self.row_keys(row))
        col = max(0, min(max(0, width - 1), col + cols))
        self.cursor = (row, col)
        self.refresh()

    def action_relic(self, index: int) -> None:
        if self.update is not None and index < len(self.update.view["row"]):
            self.cursor = (RELIC_ROW, index)
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
        row, col = self.cursor
        keys = self.row_keys(row)
        if col >= len(keys):
            return
        key = keys[col]
        if row == HAND_ROW:
            self.keys = [key]
        else:
            self.keys = [*self.keys, key]
        action = self.trie.action(self.keys)
        if action is not None:
            self.keys = []
            self.post_message(ActionChosen(action))
        elif row == HAND_ROW:
            self._home()
        elif not self.trie.choices(self.keys):
            refused = self._refused(self.keys)
            self.keys = []
            if refused is not None:
                self.post_message(ActionChosen(refused))
            else:
                self.notify("Choose an adventurer first (↑↓ to your hand).", severity="warning")
        self.refresh()
        self.refresh_bindings()

    def _refused(self, keys: Sequence[Hashable]) -> Action | None:
        """A card and a relic spell an assignment even when illegal (the rules say why), and
        so does a relic while a Charismatic attracts."""
        steps = [k for k in keys if isinstance(k, tuple)]
        if len(steps) == 2 and steps[0][0] == "card" and steps[1][0] == "column":
            return ("assign", steps[0][1], steps[1][1])
        attracting = self.update is not None and self.update.view["pending"][:1] == ["attract"]
        if len(steps) == 1 and steps[0][0] == "column" and attracting:
            return ("attract", steps[0][1])
        return None

    def action_back(self) -> None:
        if self.keys:
            self.keys.pop()
            self._home()
            self.refresh()
            self.refresh_bindings()
