"""The Orb Hunters table: this round's relics as cards with their adventurers stacked under
them, every pouch as a pile of relic cards with its wealth and wounds, your hand (or the
open supply) as cards, and the skill or effect being applied, all by keys.

Playing is choosing a card from your hand, then the relic to assign it to. A skill or an
effect that needs a choice puts its choices on the board: the relics a Charismatic may
attract from, the markers for a Trenti's banner, the rivals for a Gift or an Exchange.
Legal choices carry the ◆ symbol and the prompt says in words what ◆ marks. Every colour
has its glyph and its word, so colour is never the only signal; every short form drawn at
80 columns is in ``LEGEND``, and the details line gives the full text of what the cursor
is on. The board is made of parts that redraw only when what they show changed.

The cards are drawn in ``orb_hunters_cards``, the layout is chosen in ``orb_hunters_layout``
and every sentence is written in ``orb_hunters_words``; this module is the board module the
game screen uses (its words are re-exported here).
"""

from __future__ import annotations

import textwrap
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any, cast

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.widget import Widget

from core.engine import Action
from core.games.orb_hunters.data import (
    ADVENTURER_NAMES,
    EFFECT_WORDS,
    ROUNDS,
    SKILL_WORDS,
    relic_kind,
    relic_name,
)
from core.games.orb_hunters.scoring import pouch_totals
from core.table import Update
from tui.boards.base import (
    ActionChosen,
    ActionTrie,
    Choice,
    choosing,
    drawable,
    new_space,
    no_move_here,
    note_sentence,
    replay_prompt,
    with_note,
)
from tui.boards.details import details_lines
from tui.boards.orb_hunters_cards import (
    COLOUR_GLYPHS,
    EFFECT_WORD,
    RELIC_GLYPHS,
    SHORT_EFFECT,
    SHORT_RELIC,
    SKILL_TEXT,
    STYLES,
    TRENTI_GLYPH,
    ColumnLook,
    adventurer_card,
    adventurer_text,
    adventurer_words,
    choice_boxes,
    choice_grid,
    choice_lines,
    colour_words,
    grid_boxes,
    hand_row,
    leader_words,
    owner,
    pile_codes,
    pile_height,
    player_mark,
    pouch_facts,
    pouch_pile,
    pouch_words,
    relic_column,
    relic_gives,
    relic_text,
    short_name,
    side_by_side,
    wounds_words,
)
from tui.boards.orb_hunters_layout import (
    FLOOR_ROWS,
    Layout,
    choose_layout,
    fact_lines,
    head_lines,
    lines_of,
    pile_width,
    room_lines,
    track_lines,
)
from tui.boards.orb_hunters_words import card_words as card_words
from tui.boards.orb_hunters_words import describe as describe
from tui.boards.orb_hunters_words import embodied, with_colours
from tui.boards.orb_hunters_words import milestone as milestone
from tui.boards.orb_hunters_words import most_wounded as most_wounded
from tui.boards.orb_hunters_words import paths as paths
from tui.boards.orb_hunters_words import prompt as prompt
from tui.boards.orb_hunters_words import result_lines as result_lines
from tui.widgets.card import BACK, CHOSEN, TARGET, TRACK_GAP, CardBox, CardRow
from tui.widgets.show import Parts

HAND_ROW, RELIC_ROW, CHOICE_ROW, POUCH_ROW = 0, 1, 2, 3
ROW_ORDER = (RELIC_ROW, POUCH_ROW, HAND_ROW, CHOICE_ROW)
"""The cursor's rows top to bottom, as they are drawn."""

NEXT_CHOICE = "n"
"""Moves the cursor to the next legal choice of the current step, cycling through them."""

HOW_TO_PLAY = f"""\
## How to play here

**The board.** At the top: the round (of {ROUNDS}) and whose turn it is; where there is room,
**tracks** of the round (↑ points at it), the wealth and the wounds, with each player's
glyph under the space they stand on. Under it, this round's **relics as cards**, numbered
1–6, with what each gives (in words, or W wealth, X wounds, P potions where words do not
fit) and its effect; the **adventurers** assigned to
a relic are stacked under it, four at most (the Adventurers Limit), and the card's bottom
edge says who leads it now (Red leads 7: Red's adventurers have 7 courage there). Each
adventurer reads the same way everywhere: the colour its courage counts for, its courage,
its skill ("▲ Red 1 Killer", "■ Green 2 Trenti": a Trenti with Green's marker). Then every
player's **pouch** with its glyph (▲ ● ■ ★ ✦: the adventurer they play), relics, wealth
and wounds, after its potions where it has any ("2 wounds − 1 potion = 1 wound": the count that
decides at the end; a potion with no wound to cancel is spare for one to come:
"0 wounds (1 spare potion)"), face down in Hidden Treasures; last, **your hand** (or the
open supply) as cards, or at 80 columns as a row of words with the cursor's card in brackets.

**The keys.** ←→ move along a row, ↑↓ between the relics, the pouches, your hand and the
choices; `1`–`6` jump to a relic; `{NEXT_CHOICE}` jumps to the next legal choice (◆);
Enter chooses, Esc takes the last choice back; `i` shows the full text of what the cursor
is on (a relic, an adventurer, a rival's pouch), and the details line at the bottom
(i ▸) always begins it.

**A worked turn.** You hold ▲ Red 1 Killer, ● Blue 5 and ✿ Trenti 2; you are ▲ Red,
and relic 2, the ◉ Orb (4 wealth, 2 wounds), has ● Blue 3 on top of its stack. Put the cursor on
▲ Red 1 Killer and press Enter: the relics where it may go get ◆. Press `2`, Enter: the Killer
sends ● Blue 3 to the discard pile and ▲ Red now leads the Orb. Had you played the Trenti,
you would then choose which adventurer's marker goes on its banner. When every relic has
four adventurers, each goes to the player whose adventurer has the most courage under
it (a tie: the one assigned first), and the round's summary waits for Enter.
"""

CATEGORY_WORDS = {"eliminated": "wealth lost to elimination"}
"""The breakdown in words: an eliminated player's wealth counts for nothing."""

LEGEND: tuple[tuple[str, str], ...] = (
    *(
        (f"{glyph} {ADVENTURER_NAMES[c]}", f"the {ADVENTURER_NAMES[c]} adventurer and its player")
        for c, glyph in COLOUR_GLYPHS.items()
    ),
    (
        f"{TRENTI_GLYPH} Trenti",
        "a Trenti before its marker: once marked, its courage counts for that adventurer",
    ),
    (
        "■ Green 3 Trenti",
        "a Trenti with courage 3 whose marker is Green: it counts for Green "
        f"({TRENTI_GLYPH} ? 3 Trenti while its marker is being chosen)",
    ),
    (TRACK_GAP, "on the Wealth or Wounds track: spaces nobody stands on, left out for room"),
    *((SKILL_WORDS[s], SKILL_TEXT[s]) for s in ("killer", "charismatic", "sly", "shielded")),
    (
        "▲ Red 1 Killer",
        "an adventurer: the colour its courage counts for, its courage (1–6), its skill",
    ),
    (
        "▲ 1 Killer",
        "the same under narrow relics, where no colour's word fits: the glyph says it",
    ),
    (
        "▲ Red 4 Shield…",
        "a skill cut where it does not fit (here Shielded; ▲ 2 … where none of it fits): "
        "the details line (i) names it",
    ),
    ("W4 X2 P1", "a relic's points: 4 wealth, 2 wounds, 1 potion (each potion cancels a wound)"),
    *(
        (
            f"{RELIC_GLYPHS[k]} {short}",
            relic_name(k)
            if k != "thiefs-glove-left"
            else "Thief's Glove (← steals from the left, → from the right)",
        )
        for k, short in SHORT_RELIC.items()
        if k != "thiefs-glove-right"
    ),
    *((word, EFFECT_WORDS[e]) for e, word in EFFECT_WORD.items()),
    *((short, EFFECT_WORDS[e]) for e, short in SHORT_EFFECT.items() if short != EFFECT_WORD[e]),
    ("☠", "a cursed relic: wounds, no or little wealth"),
    ("1 · 2/4", "relic number 1 (its key) and how many adventurers are under it, of 4"),
    ("Round 2/3", "the second of the game's three rounds"),
    ("start ▲ Ala", "Ala has the start player marker: she plays first this round"),
    (
        "most wounds (4): ✦ Ewa",
        "Ewa has the most wounds (4 after potions): eliminated if the game ended now",
    ),
    ("full", "the relic reached the Adventurers Limit: only a Killer may still go there"),
    (
        "╰ Red leads 7 ╯",
        "who would obtain the relic now: Red's adventurers have 7 courage under it",
    ),
    ("▲7✗", "the leader is an adventurer nobody plays: the relic would leave the game"),
    ("╰ ▲7 ╯", "the leader by its glyph where the colour's word does not fit (▲ Red)"),
    ("▲●Ala leads 9", "with two players: that player's adventurers together lead with 9"),
    ("·", "an empty place under a relic"),
    ("3: W5 X3", "a pouch: 3 relics, 5 wealth, 3 wounds; in words where they fit"),
    (
        "5 wealth, 2 wounds, 1 potion",
        "a pouch two to a line: its wealth, its wounds after its potions and the potions "
        "left over for wounds to come (i on the pouch gives the whole sum)",
    ),
    (
        "X2−P1=1",
        "a pouch's wounds after its potions: 2 wounds less 1 potion leave 1 wound, the ones "
        'that count at the end ("2 wounds − 1 potion = 1 wound" in words)',
    ),
    (
        "X0 P1",
        "a pouch's wounds and a potion with no wound to cancel, spare for a wound to come "
        '("0 wounds (1 spare potion)" in words)',
    ),
    ("top: ◉ Orb", "the visible relic on top of a pouch (Exchange and Theft take it)"),
    (BACK, "a face-down relic (Hidden Treasures) or card back"),
    (TARGET, "a legal choice now"),
    (CHOSEN, "already chosen for the move being built"),
    ("┏━┓", "heavy border: the cursor"),
    ("(you)", "your own pouch"),
)


ROOM_GLYPHS = tuple(
    (glyph, meaning)
    for glyph, meaning in LEGEND
    if glyph
    in ("☠", "1 · 2/4", "full", "╰ Red leads 7 ╯", "▲7✗", "▲●Ala leads 9", "·", BACK, CHOSEN)
)
"""The legend's lines for the marks a full-size board draws (its short forms are the
80-column floor's), said under the board where rows are left (`room_lines`)."""


# -- the board -------------------------------------------------------------------------------

DETAILS_ROWS = 6
"""The most rows the details line takes (where the room allows; two at 80 columns, three
for a legal choice's text: FLOOR_ROWS)."""

PARTS = ("head", "relics", "pouches", "hand", "choices", "prompt", "details", "key", "room")
"""The board's parts, top to bottom, drawn as lines of one widget (`Parts`); each redraws
only when what it shows changed. ``room``: the rows a full layout leaves, given to what
the skills and effects do (`room_lines`), so the board keeps the height the screen gives
it whatever each update shows (a change of height lays the whole screen out again)."""


@lru_cache(maxsize=1024)
def details_need(text: str, width: int) -> int:
    """The rows ``text`` takes on the details line at ``width``, at most DETAILS_ROWS
    (kept: every update weighs the texts of everything the cursor can rest on, most of
    them as they were)."""
    return details_lines(text, width, DETAILS_ROWS, pad=False).plain.count("\n") + 1


class Board(Widget, can_focus=True):
    """Relics with their adventurers, pouches, hand and a cursor; posts ActionChosen.

    | key | action |
    | --- | --- |
    | ←→ / hl | move the cursor along a row |
    | ↑↓ / kj | move between the relics, the pouches, your hand and the choices |
    | 1–6 | jump to relic 1–6 |
    | n | jump to the next legal choice (◆) |
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
        Binding(NEXT_CHOICE, "next_choice", "Next choice", id="board.next_choice"),
        Binding("enter,space", "choose", "Choose", id="board.choose"),
        Binding("escape", "back", "Back", id="board.back"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.update: Update | None = None
        self.trie = ActionTrie((), lambda action: [])
        self.keys: list[Hashable] = []
        self.cursor = (HAND_ROW, 0)
        self._placed = False
        """Whether the player put the cursor where it is (by keys) since the board last
        homed it: then a new position leaves it on the same thing (issue #16)."""
        self.fit: Layout | None = None
        self._height = 17
        """The rows the game screen leaves the board (the layout's budget)."""
        self._keys_state: tuple[bool, ...] = ()

    def compose(self) -> ComposeResult:
        yield Parts(PARTS, id="oh-parts")

    def on_mount(self) -> None:
        self._redraw()

    def on_resize(self) -> None:
        if new_space(self):
            self.fit = None
            self._redraw()

    # -- receiving ------------------------------------------------------------------------

    def show(self, update: Update) -> None:
        """Display a new update; a new version clears any half-built action.

        The cursor stays where the player put it: on the same relic, card, pouch or choice
        (by what it is, not where it is drawn) when a bot's move redraws the board, or on its
        nearest neighbour in the row when that is gone. Only a cursor the board placed
        itself goes to the next choice. (Orb Hunters has no choice that ends anything, no
        Pass or Done, so no neighbour can be one.)"""
        fresh = (
            self.update is None
            or update.version != self.update.version
            or update.seat != self.update.seat
        )
        same_seat = self.update is not None and update.seat == self.update.seat
        resting = self._cursor_key() if self._placed and same_seat else None
        row, col = self.cursor
        self.update = update
        self.trie = ActionTrie(update.legal, lambda action: paths(update, action))
        self.fit = None
        if fresh:
            self.keys = []
            if resting is None:
                self._home()
            else:
                self.cursor = self._position(resting) or self._nearest(row, col)
        self._redraw()
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Refresh the footer's keys only when which of them work changed: the footer
        rebuilds itself each time, a cost every guest's screen pays."""
        update = self.update
        state = (
            update is not None and update.seat in update.acting and update.outcome is None,
            update is not None and update.outcome is not None,
            bool(self.keys),
            bool(self.choices),
        )
        if state != self._keys_state:
            self._keys_state = state
            self.refresh_bindings()

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps after what has been chosen so far."""
        return self.trie.choices(self.keys)

    def _choice_keys(self) -> list[Hashable]:
        return [c.key for c in self.choices if c.key[0] in ("colour", "seat")]  # type: ignore[index]

    def _layout(self) -> Layout:
        """The layout for the board's size (80 columns before it is laid out)."""
        assert self.update is not None
        if self.fit is None:
            width = self.content_size.width if self.content_size.width > 2 else 78
            # The game screen puts the log beside the board from 120 columns, under it
            # (with the status line and the footer) below that.
            screen = self.app.size if self.is_attached else None
            if screen is None:
                height = 17
            else:
                height = max(17, screen.height - (3 if screen.width >= 120 else 7))
            self._height = height
            words = replay_prompt(self, self.update) or prompt(self.update, self.keys, self.choices)
            keys = self._choice_keys()
            view, names = self.update.view, self.update.names
            rows, deciding = self._details_rows(width)
            grid = choice_grid(view, names, keys, width) is not None
            if grid:
                # The choices' names whole on two rows come before a rival's pouch in
                # full on a third row of details (its choice's words fit two; i shows
                # the rest).
                deciding = min(deciding, 2)
            self.fit = choose_layout(
                self.update,
                width,
                height,
                bool(keys),
                lines_of(words, width),
                choice_lines(view, names, keys, width - 7),
                rows,
                deciding,
                grid,
            )
        return self.fit

    def _details_rows(self, width: int) -> tuple[int, int]:
        """The rows the longest details of anything the cursor can rest on in this
        position take (a card in hand, a relic, a pouch, a choice), at most DETAILS_ROWS:
        "i ▸ Attract Trenti 2 for Red from relic 1. It gives 3 wounds; Gift: give it …" was
        cut at 80 columns, and a relic's text after two rows at 160x45 (the layout gives
        what its room allows); and those of the longest legal choice's, at most
        FLOOR_ROWS (the 80-column floor gives those: a Sly card's text was cut after two
        rows). For the whole position, so the cursor never moves the board."""
        assert self.update is not None
        view = self.update.view
        choices = self.choices
        legal = {c.key for c in choices}
        keys: list[Hashable] = [("card", c) for c in self._cards(view)]
        keys += [("column", i) for i in range(len(view["row"]))]
        keys += [("pouch", seat) for seat in range(view["players"])]
        keys += self._choice_keys()
        texts: dict[str, bool] = {}
        for key in keys:
            text = f"i ▸ {self._details_of(key, choices)}"
            texts[text] = texts.get(text, False) or key in legal
        rows = deciding = 1
        for text in sorted(texts, key=len, reverse=True):  # the longest first
            if cell_len(text) <= width or (rows >= DETAILS_ROWS and deciding >= FLOOR_ROWS):
                break
            if rows >= DETAILS_ROWS and not texts[text]:
                continue
            need = details_need(text, width)
            rows = max(rows, need)
            if texts[text]:
                deciding = max(deciding, min(need, FLOOR_ROWS))
        return rows, deciding

    def row_keys(self, row: int) -> list[Hashable]:
        """The keys the cursor can visit on a row (none on a row not drawn)."""
        if self.update is None:
            return []
        view = self.update.view
        if row == HAND_ROW:
            return [] if self._layout().hide_hand else [("card", c) for c in self._cards(view)]
        if row == RELIC_ROW:
            return [("column", i) for i in range(len(view["row"]))]
        if row == POUCH_ROW:
            return [("pouch", seat) for seat in range(view["players"])]
        return self._choice_keys()

    @staticmethod
    def _cards(view: dict[str, Any]) -> list[str]:
        if "strategic" in view["variants"]:
            return list(view["supply"])
        return list(view["hand"] or [])

    def _position(self, key: Hashable) -> tuple[int, int] | None:
        """Where the cursor shows a choice's key."""
        for row in ROW_ORDER:
            keys = self.row_keys(row)
            if key in keys:
                return row, keys.index(key)
        return None

    def _cursor_key(self) -> Hashable | None:
        row, col = self.cursor
        keys = self.row_keys(row)
        return keys[col] if col < len(keys) else None

    def _nearest(self, row: int, col: int) -> tuple[int, int]:
        """The spot nearest (row, col) on the same row, or home when that row is gone."""
        keys = self.row_keys(row)
        if not keys:
            self._home()
            return self.cursor
        return row, min(col, len(keys) - 1)

    def _home(self) -> None:
        """Put the cursor where the next choice is: a choice row, the relics, or the hand."""
        self._placed = False
        self.fit = None
        for choice in self.choices:
            spot = self._position(choice.key)
            if spot is not None:
                self.cursor = spot
                return
        self.cursor = (HAND_ROW, 0) if self.row_keys(HAND_ROW) else (RELIC_ROW, 0)

    def part_region(self, name: str) -> Region:
        """Where part ``name`` (one of `PARTS`) is on the screen (no rows: hidden)."""
        parts = self.parts
        above = sum(parts.rows(part) for part in PARTS[: PARTS.index(name)])
        region = parts.content_region
        return Region(region.x, region.y + above, region.width, parts.rows(name))

    # -- what the cursor is on ---------------------------------------------------------------

    def details(self) -> str:
        """The full text of what the cursor is on, led by the choice's full wording."""
        return self._details_of(self._cursor_key(), self.choices)

    def _details_of(self, key: Hashable | None, choices: Sequence[Choice]) -> str:
        """`details` with the cursor on ``key``, ``choices`` the legal next steps."""
        update = self.update
        if update is None or not isinstance(key, tuple):
            return ""
        view, names = update.view, update.names
        kind, value = key
        choice = next((c for c in choices if c.key == key), None)
        lead = f"{choice.label}. " if choice is not None else ""
        if kind == "card":
            body = adventurer_text(view, value, names, placed=False)
            if choice is not None:
                # "Assign Red 2 (Charismatic): its courage 2 …": the card named once (a
                # Killer nobody plays was cut after three rows at 80x24 with it twice).
                return f"{choice.label}: {body.split(': ', 1)[1]}"
        elif kind == "column":
            body = self._column_text(value, named=choice is not None)
        elif kind == "colour":
            body = (
                f"{colour_words(value)}, played by {embodied(update, value)}: the Trenti's "
                f"courage would count for {ADVENTURER_NAMES[value]}."
            )
        else:
            body = self._pouch_text(value, named=choice is not None)
        return lead + body

    def _column_text(self, index: int, named: bool = False) -> str:
        """A relic and who is under it (``named``: the choice's words already named it)."""
        assert self.update is not None
        view, names = self.update.view, self.update.names
        card = view["row"][index]
        if not card:
            return f"Relic {index + 1} has been handed over."
        column = view["columns"][index]
        under = ", ".join(adventurer_words(view, c) for c in column) or "nobody yet"
        lead = leader_words(view, column, names)
        simple = "simple_relics" in view["variants"]
        what = (
            f"It gives {relic_gives(card, simple)}."
            if named
            else f"Relic {index + 1}, {relic_text(card, simple)}"
        )
        return f"{what} Under it: {under}." + (f" {lead}" if lead else "")

    def _pouch_text(self, seat: int, named: bool = False) -> str:
        """A pouch in full; ``named``: a rival's choice, whose words named them already
        (an Exchange's details said "Bot 1 (normal, Blue)" twice and took a third row the
        choices' names wanted at 80x24)."""
        assert self.update is not None
        update = self.update
        view = update.view
        you = " (you)" if seat == update.seat else ""
        # "Ala (you, Red and Green): …": one pair of brackets, the colours as a list.
        facts = pouch_facts(view, seat, you=bool(you))
        if named:
            text = f"They have {facts}."
        else:
            text = f"{with_colours(update.names[seat] + you, view, seat)}: {facts}."
        if view["pouches"] is None:
            text += " The relics lie face down until the final score (Hidden Treasures)."
        elif view["pouches"][seat]:
            # "…; no effect; ∘ Initial Relic: 1 wealth; no effect.": each relic's own full
            # stop read ".;" between them.
            pile = "; ".join(relic_text(c)[:-1] for c in reversed(view["pouches"][seat]))
            text += f" Top (visible) first: {pile}."
        note = note_sentence(update, seat)
        return f"{text} {note}".strip()

    # -- drawing -----------------------------------------------------------------------------

    @property
    def parts(self) -> Parts:
        """The board's parts, drawn as lines of one widget."""
        return self.query_one("#oh-parts", Parts)

    def _redraw(self) -> None:
        """Show each part whose content changed; the others are left as they are."""
        update = self.update
        if update is None or not drawable(self):
            return
        layout = self._layout()  # kept until the update, the keys or the size change
        with self.parts.together():  # one change of the board's lines, its height kept
            self._show_parts(update, layout)

    def _show_parts(self, update: Update, layout: Layout) -> None:
        view, names = update.view, update.names
        marked = frozenset(c.key for c in self.choices)
        chosen = tuple(self.keys)
        row, col = self.cursor
        at = {r: (col if row == r else -1) for r in ROW_ORDER}
        width = layout.width
        parts = self.parts
        parts.show(
            "head",
            (
                view["round"],
                view["turn"],
                view["start"],
                update.outcome is None,
                tuple(sorted(update.acting)),
                update.seat,
                names,
                layout.tracks,
                layout.compact_tracks,
                layout.facts,
                (view["deck"], len(view["discard"]), view["relic_deck"]),
                str(view["hand_sizes"]),
                width,
                str(view["pouches"]),
            ),
            lambda: self._head(update, layout),
        )
        parts.show(
            "relics",
            (
                str(view["row"]),
                str(view["columns"]),
                str(view["marks"]),
                names,
                at[RELIC_ROW],
                marked,
                chosen,
                layout,
            ),
            lambda: self._relics(update, layout, marked, at[RELIC_ROW]),
        )
        parts.show(
            "pouches",
            (
                str(view["pouches"]),
                str(view["pouch_sizes"]),
                names,
                str(update.notes),
                update.seat,
                at[POUCH_ROW],
                layout,
            ),
            lambda: self._pouches(update, layout, at[POUCH_ROW]),
        )
        cards = self._cards(view)
        hand = bool(self.row_keys(HAND_ROW)) or (
            not layout.hide_hand and ("strategic" in view["variants"] or view["hand"] is not None)
        )
        parts.set_shown("hand", hand)
        if hand:
            parts.show(
                "hand",
                (
                    tuple(cards),
                    str(view["marks"]),
                    at[HAND_ROW],
                    marked,
                    chosen,
                    layout,
                    update.seat in update.acting,
                ),
                lambda: self._hand(update, layout, marked, at[HAND_ROW]),
            )
        choice_keys = self._choice_keys()
        parts.set_shown("choices", bool(choice_keys))
        if choice_keys:
            parts.show(
                "choices",
                (tuple(choice_keys), at[CHOICE_ROW], names, layout, str(view["pouches"])),
                lambda: self._choices(update, layout, at[CHOICE_ROW]),
            )
        words = replay_prompt(self, update) or prompt(update, self.keys, self.choices)
        parts.show(
            "prompt",
            (words, width),
            lambda: Text("\n".join(textwrap.wrap(words, width)), style="bold"),
        )
        detail = self.details()
        parts.set_shown("key", layout.key)
        if layout.key:
            codes = layout.piles and pile_codes(  # "◇ Gem Pouch  W2 X1"
                view,
                names,
                pile_width(update, width),
                layout.pile_words,
                pile_height(view, names, pile_width(update, width), layout.pile_words)
                + layout.pile_rows,
            )
            parts.show("key", (width, codes), lambda: self._key(width, codes))
        rows = layout.details_rows
        parts.show(
            "details", (detail, width, rows), lambda: self._details_line(detail, width, rows)
        )
        self._fill(update, layout)

    def _fill(self, update: Update, layout: Layout) -> None:
        """Give the rows a full layout leaves under the board to the ``room`` part: the
        board keeps one height (the screen's) through the game, each update redrawing only
        the rows that changed (a hand card's text, a pile's words or the details line
        taking a row more or less laid the whole screen out again, 19 times in 47 moves
        at 200x60). The 80-column floor has no rows to give: its details line keeps the
        rows its longest text may want instead (`choose_layout`)."""
        parts = self.parts
        if not layout.full:
            parts.set_shown("room", False)
            return
        used = layout.height
        if parts.content_size.width:
            used = sum(parts.rows(part) for part in PARTS if part != "room")
        spare = self._height - used
        parts.set_shown("room", spare > 0)
        if spare > 0:
            view = update.view
            parts.show(
                "room",
                (spare, layout.width, view["variants"]),
                # One Text, which `Parts` keeps line by line: the same lines are not
                # rendered again when the room grows or shrinks by a row.
                lambda: Text("\n").join(room_lines(update, layout.width, spare, ROOM_GLYPHS)),
            )

    def _head(self, update: Update, layout: Layout) -> RenderableType:
        parts: list[RenderableType] = list(head_lines(update, layout.full, layout.width))
        if layout.facts:
            parts += fact_lines(update, layout.width)
        if layout.tracks:
            parts += track_lines(update, layout.width, layout.compact_tracks)
        return Group(*parts)

    def _relics(
        self, update: Update, layout: Layout, marked: frozenset[Hashable], at: int
    ) -> RenderableType:
        view = update.view
        if not view["row"]:
            return Text("All the relics of this round have been handed over.", style="italic")
        simple = "simple_relics" in view["variants"]
        blocks = [
            relic_column(
                view,
                index,
                ColumnLook(
                    width=layout.column_width,
                    full=layout.full,
                    name_lines=layout.name_lines,
                    effect_lines=(
                        layout.band_effects[index // layout.per_band]
                        if layout.band_effects
                        else layout.effect_lines
                    ),
                    legal=("column", index) in marked,
                    cursor=at == index,
                    chosen=("column", index) in self.keys,
                    simple=simple,
                    point_lines=layout.point_lines,
                ),
                update.names,
            )
            for index in range(len(view["row"]))
        ]
        lines: list[Text] = []
        for start in range(0, len(blocks), layout.per_band):
            lines += side_by_side(blocks[start : start + layout.per_band])
        return Group(*lines)

    def _pouches(self, update: Update, layout: Layout, at: int) -> RenderableType:
        view, names = update.view, update.names
        players = view["players"]
        if layout.piles:
            width = pile_width(update, layout.width)
            # The tallest pile's rows: a shorter one's points go in words on their own lines.
            rows = pile_height(view, names, width, layout.pile_words) + layout.pile_rows
            piles = [
                pouch_pile(
                    view,
                    seat,
                    names,
                    width,
                    at == seat,
                    seat == update.seat,
                    layout.pile_words,
                    rows,
                )
                for seat in range(players)
            ]
            notes = [
                Text("\n".join(textwrap.wrap(note_sentence(update, s), layout.width)), "italic")
                for s in sorted(update.notes)
            ]
            return Group(*side_by_side(piles), *notes)
        columns = layout.pouch_columns
        cell = layout.width // columns
        entries: list[list[Text]] = []
        form = 0 if columns == 1 else self._pouch_form(update, cell - 4)
        for seat in range(players):
            row = Text(no_wrap=True)
            row.append("▸" if at == seat else " ", style="bold")
            colours = view["colours"][seat]
            row.append(f"{player_mark(view, seat)} ", style=STYLES[colours[0]])
            you = " (you)" if seat == update.seat else ""
            if columns == 1:
                name, facts = self._pouch_line(update, seat, cell - 1 - row.cell_len)
            else:
                # "You" rather than "Root (you)": the cells are short for the words. A long
                # name is cut (the glyph tells the player); every pouch says its totals in
                # the one form `_pouch_form` found room for on every line.
                said = pouch_words(view, seat)
                facts = said[min(form, len(said) - 1)]
                name = Text(f"{'You' if you else short_name(names, seat, 6)}: ")
                for limit in (10, 8):
                    who = Text(f"{'You' if you else short_name(names, seat, limit)}: ")
                    if row.cell_len + who.cell_len + cell_len(facts) <= cell - 1:
                        name = who
                        break
            if at == seat:
                name.stylize("reverse")
            row.append_text(name)
            row.append(facts)
            entry = with_note(row, update, seat, cell - 1)
            for line in entry:
                line.truncate(cell - 1, overflow="ellipsis")
            entries.append(entry)
        for column in range(columns - 1):  # the pouches two to a line in straight columns
            widest = max(line.cell_len for entry in entries[column::columns] for line in entry)
            for line in (line for entry in entries[column::columns] for line in entry):
                line.truncate(widest, pad=True)
        lines: list[Text] = []
        for start in range(0, players, columns):
            group = entries[start : start + columns]
            lines += side_by_side(group, gap=1) if columns > 1 else group[0]
        for line in lines:
            line.truncate(layout.width, overflow="ellipsis")
        return Group(*lines)

    @staticmethod
    def _pouch_form(update: Update, room: int) -> int:
        """The fullest of `pouch_words`' forms every pouch's line has ``room`` cells for,
        after its name cut to 6 cells ("You" for the reader's): one form on every line."""
        view, names = update.view, update.names
        seats = range(view["players"])
        heads = [3 if s == update.seat else cell_len(short_name(names, s, 6)) for s in seats]
        said = [pouch_words(view, s) for s in seats]
        for form in range(max(len(forms) for forms in said)):
            if all(
                head + 2 + cell_len(forms[min(form, len(forms) - 1)]) <= room
                for head, forms in zip(heads, said, strict=True)
            ):
                return form
        return max(len(forms) for forms in said) - 1

    @staticmethod
    def _pouch_line(update: Update, seat: int, room: int) -> tuple[Text, str]:
        """A pouch on a line of its own: the name and the facts in words where they fit
        ("Ala (you, Red): 1 relic, 1 wealth, 0 wounds, top: ∘ Initial Relic"), shorter
        names, then without the visible relic ("1 relic, 1 wealth, 0 wounds")."""
        view, names = update.view, update.names
        you = " (you)" if seat == update.seat else ""
        long_name = f"{with_colours(names[seat] + you, view, seat)}: "
        brief = f"{short_name(names, seat, 10)}{you}: "
        pouch = view["pouches"][seat] if view["pouches"] is not None else []
        if not pouch:
            return Text(long_name if len(long_name) + 9 <= room else brief), pouch_facts(view, seat)
        totals = pouch_totals(pouch)
        size = view["pouch_sizes"][seat]
        top = pouch[-1]
        glyph = RELIC_GLYPHS[relic_kind(top)]
        words = (
            f"{size} relic{'' if size == 1 else 's'}, {totals.wealth} wealth, "
            f"{wounds_words(totals)}, top: "
        )
        for name, facts in (
            (long_name, f"{words}{glyph} {relic_name(top)}"),
            (brief, f"{words}{glyph} {relic_name(top)}"),
            (brief, f"{words}{glyph} {SHORT_RELIC[relic_kind(top)]}"),
        ):
            if len(name) + len(facts) <= room:
                return Text(name), facts
        said = pouch_words(view, seat)
        return Text(brief), next((f for f in said if len(brief) + len(f) <= room), said[-1])

    def _hand(
        self, update: Update, layout: Layout, marked: frozenset[Hashable], at: int
    ) -> RenderableType:
        view = update.view
        strategic = "strategic" in view["variants"]
        label = "Supply" if strategic else "Hand"
        cards = self._cards(view)
        if not cards:
            return Text(f"{label}: empty", style="dim")
        mine = update.seat in update.acting
        if not layout.full:  # 80 columns: a row of words, not three rows of boxes
            marks = [
                (
                    ("card", card) in marked,
                    at == index,
                    ("card", card) in self.keys,
                    mine and not self.keys and ("card", card) not in marked,
                )
                for index, card in enumerate(cards)
            ]
            return Group(*hand_row(view, cards, label, layout.width, marks))
        space = layout.width - 7
        width = max(12, min(28, (space + 1) // len(cards) - 1))
        boxes = tuple(
            adventurer_card(
                view,
                card,
                width,
                text_lines=layout.hand_lines,
                legal=("card", card) in marked,
                cursor=at == index,
                chosen=("card", card) in self.keys,
                dim=mine and not self.keys and ("card", card) not in marked,
            )
            for index, card in enumerate(cards)
        )
        rows = CardRow(boxes).lines(space)
        head = [Text(""), Text(label, style="bold")]
        return Group(*side_by_side([head, rows]))

    def _choices(self, update: Update, layout: Layout, at: int) -> RenderableType:
        view, names = update.view, update.names
        keys = self._choice_keys()
        space = layout.width - 7
        if layout.full:  # two lines: what the choice means under its name
            boxes: tuple[CardBox, ...] = tuple(
                self._full_choice(update, key, space, len(keys), at == index)
                for index, key in enumerate(keys)
            )
        else:
            grid = choice_grid(view, names, keys, layout.width) if layout.choice_lines > 1 else None
            if grid is not None and layout.flat_choices:
                # Two rows of cards that name every player whole, without the "Choose"
                # label: the prompt under them says what to choose.
                return Group(
                    *(
                        CardRow(row).lines(layout.width)[1:-1][0]
                        for row in grid_boxes(view, names, keys, grid, at)
                    )
                )
            boxes = choice_boxes(view, names, keys, space, at, layout.choice_lines)
        rows = CardRow(boxes).lines(space)
        if layout.flat_choices:  # the cards' lines without their top and bottom edges
            rows = rows[1:-1]
            return Group(*side_by_side([[Text("Choose", style="bold")], rows]))
        head = [Text(""), Text("Choose", style="bold")]
        return Group(*side_by_side([head, rows]))

    @staticmethod
    def _full_choice(update: Update, key: Hashable, space: int, count: int, at: bool) -> CardBox:
        view, names = update.view, update.names
        kind, value = cast(tuple[str, Any], key)
        # A rival's pouch in words wants the room a colour's card does not ("1: W1 X0 top
        # ∘Initial" read on cards with room to spare at 160x45).
        widest = 26 if kind == "colour" else 48
        width = max(12, min(widest, (space + 1) // max(1, count) - 1))
        if kind == "colour":
            glyph, word, style = COLOUR_GLYPHS[value], ADVENTURER_NAMES[value], STYLES[value]
            seat = owner(view, value)
            about = "nobody" if seat is None else short_name(names, seat, width - 4)
        else:
            glyph, word = player_mark(view, value), short_name(names, value, width - 5)
            style = STYLES[view["colours"][value][0]]
            about = next(
                (f for f in Board._pouch_words(view, value) if cell_len(f) <= width - 2),
                pouch_words(view, value)[-1],
            )
        return CardBox(glyph, word, (about,), style=style, width=width, legal=True, selected=at)

    @staticmethod
    def _pouch_words(view: dict[str, Any], seat: int) -> list[str]:
        """A rival's pouch on a choice card in words, longest first: "1 relic, 1 wealth, 0
        wounds, top: ∘ Initial Relic", then without the count, then the top's short name."""
        pouch = view["pouches"][seat] if view["pouches"] is not None else None
        if not pouch:
            return [pouch_facts(view, seat)]
        totals = pouch_totals(pouch)
        size = len(pouch)
        kind = relic_kind(pouch[-1])
        sums = f"{totals.wealth} wealth, {wounds_words(totals)}"
        many = f"{size} relic{'' if size == 1 else 's'}"
        top = f"top: {RELIC_GLYPHS[kind]} "
        return [
            f"{many}, {sums}, {top}{relic_name(pouch[-1])}",
            f"{sums}, {top}{relic_name(pouch[-1])}",
            f"{sums}, {top}{SHORT_RELIC[kind]}",
        ]

    @staticmethod
    def _key(width: int, codes: bool = True) -> Text:
        """The glyphs of this board in a few words (F1 has the whole legend); the short
        forms of the points only where the piles show them (``codes``: it explained "W
        wealth, X wounds" under a board that said every point in words at 160x45)."""
        colours = "  ".join(f"{g} {ADVENTURER_NAMES[c]}" for c, g in COLOUR_GLYPHS.items())
        words = (
            f"Key: {colours}  {TRENTI_GLYPH} Trenti without a marker · "
            + ("W wealth, X wounds, P potions · " if codes else "")
            + f"{TARGET} can be chosen now · ✗ nobody plays that adventurer"
        )
        lines = textwrap.wrap(f"{words} · F1: the legend", width)
        if len(lines) > 2:  # "… · F1:" was read at 80 columns: the footer names F1 too
            lines = textwrap.wrap(words, width)
        return Text("\n".join(lines[:2]), style="dim")

    @staticmethod
    def _details_line(detail: str, width: int, rows: int) -> Text:
        """What the cursor is on, in ``rows`` lines (``i`` shows all of it), blank ones
        after a shorter text: the lines under it stay where they are."""
        line = details_lines(f"i ▸ {detail or '—'}", width, rows)
        line.stylize("bold not italic", 0, 3)
        return line

    # -- actions -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if action != "cursor" and no_move_here(update, action):
            return False  # the cursor still walks the board, for i on a card
        mine = update is not None and update.seat in update.acting and update.outcome is None
        if action == "choose":
            return True if mine or (update is not None and update.outcome is not None) else None
        if action == "back":
            return True if self.keys else None
        if action == "next_choice":
            return True if mine and self.choices else None
        return True

    def action_cursor(self, rows: int, cols: int) -> None:
        if self.update is None:
            return
        row, col = self.cursor
        visible = [r for r in ROW_ORDER if self.row_keys(r)]
        if rows and visible:
            position = visible.index(row) if row in visible else 0
            row = visible[(position + rows) % len(visible)]
        width = len(self.row_keys(row))
        col = max(0, min(max(0, width - 1), col + cols))
        self.cursor = (row, col)
        self._placed = True
        self._redraw()

    def action_relic(self, index: int) -> None:
        if self.update is not None and index < len(self.update.view["row"]):
            self.cursor = (RELIC_ROW, index)
            self._placed = True
            self._redraw()

    def action_next_choice(self) -> None:
        """The cursor to the next legal choice of this step, round and round."""
        spots = [s for s in (self._position(c.key) for c in self.choices) if s is not None]
        if not spots:
            return
        following = spots.index(self.cursor) + 1 if self.cursor in spots else 0
        self.cursor = spots[following % len(spots)]
        self._placed = True
        self._redraw()

    def action_choose(self) -> None:
        update = choosing(self, self.update)
        if update is None:
            return
        row, col = self.cursor
        keys = self.row_keys(row)
        if col >= len(keys):
            return
        key = keys[col]
        if row == POUCH_ROW:
            seat_key = ("seat", key[1])  # type: ignore[index]
            if seat_key not in self._choice_keys():
                self.notify("A pouch is there to read: i shows it in full.")
                return
            row, key = CHOICE_ROW, seat_key
        if row == HAND_ROW:
            self.keys = [key]
        else:
            self.keys = [*self.keys, key]
        action = self.trie.action(self.keys)
        if action is not None:
            self.keys = []
            self._placed = False  # the move is made: the next one starts from its choice
            self.post_message(ActionChosen(action))
        elif row == HAND_ROW:
            self._home()
        elif not self.trie.choices(self.keys):
            refused = self._refused(self.keys)
            # The table refuses it with the rules' reason; meanwhile the player stays where
            # they were: the adventurer still chosen, choosing its relic again.
            self.keys = self.keys[:-1]
            if refused is not None:
                self.post_message(ActionChosen(refused))
            else:
                self.notify("Choose an adventurer first (↑↓ to your hand).", severity="warning")
        self.fit = None  # the prompt and the rows drawn follow the keys
        self._redraw()
        self._refresh_keys()

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
            self._redraw()
            self._refresh_keys()
