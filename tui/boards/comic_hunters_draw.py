"""Drawing the Comic Hunters table from one seat's view: cards as bordered faces, the
collections as stacks of one hero's cards, the schedule, the Trending Track and the
Highlight tracks as tracks, the location's offers and your hand as rows of cards.

Pure functions from an update to lines of text, each line at most the width it is given;
every part comes in several sizes (``level``: 0 one-line cells, 1 small cards, 2 cards
with full names, 3 cards with their titles) and the board picks the biggest that fit.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Span, Text

from core.engine import in_words
from core.games.comic_hunters.data import (
    AGES,
    CARD,
    GRID,
    HAND_LIMIT,
    HERO_NAMES,
    HIGHLIGHT_NAMES,
    LOCATION_NAMES,
    SCORING_MIN,
    SIZE_POINTS,
    SOLO_LOT_PRICES,
    TRACK_END,
    VARIETY_POINTS,
    card_text,
)
from core.games.comic_hunters.locations import line_cells, line_take
from core.games.comic_hunters.state import counted
from core.table import Update
from tui.boards.base import with_note
from tui.boards.details import MORE
from tui.widgets.card import BACK, CHOSEN, LEGAL, CardBox, CardFace, CardRow, Track

_CONSOLE = Console(width=400, color_system=None)
"""Only for wrapping text to a width (no output)."""

HERO_WORD = {
    "spider-man": "Spider-Man",
    "captain-america": "Captain",
    "black-widow": "Widow",
    "black-panther": "Panther",
    "doctor-strange": "Strange",
    "iron-man": "Iron Man",
    "thor": "Thor",
    "hulk": "Hulk",
}
"""A hero in one short word, for narrow screens (each is in the legend)."""

ICON_SHORT = {
    "number-one": "One",
    "first-appearance": "First",
    "new-look": "New",
    "special-edition": "Special",
    "epic-battle": "Epic",
}
"""A Highlight icon by a word of its rulebook name, for narrow screens (each is in the
legend): the codes "#1 0, 1st 0, Spc 0" were read at 80x24 by a newcomer who could not tell
what they meant, "#1" like a title's issue number."""

ISSUE_SIGN = re.compile(r"#(\d+)")
"""A title's number as core wrote it before its titles said "issue 1" ("Sanctum #1"): the
texts of games recorded then still say it so."""


def issue_words(text: str) -> str:
    """``text`` with every title's number written as an issue ("Sanctum issue 1"): "Sanctum
    #1" read like the Number One icon."""
    return ISSUE_SIGN.sub(r"issue \1", text)


def card_words(card: str) -> str:
    """A card as the sentences say it (`card_text`), its title's number an issue."""
    return issue_words(card_text(card))


def value_counts(values: Iterable[int]) -> str:
    """Values counted by value, as a card's back shows them: "2①1②" (two of value 1, one
    of value 2). The one notation of every hand and collection (a collection's stack read
    "①①②" beside a hand's "2①1②")."""
    held = list(values)
    return "".join(f"{held.count(v)}{VALUE_GLYPH[v]}" for v in sorted(set(held)))


VALUE_GLYPH = {1: "①", 2: "②", 3: "③"}
"""A card's market value (its age) as the glyph on its face."""
NO_CARDS = "no cards"
"""An empty hand or row, in the words every place says it: "hand: no cards" on a player's
line, "Your hand: no cards" under the table and in the sentences (it said "hand none" in
one place and "Your hand: empty" in another)."""
TRACKED = "★"
"""Marks a Highlight icon that one of this game's three tracks counts."""
YOU_MARK = "▶"
"""Marks whoever may act now."""
AGE_STYLE = {1: "bold cyan", 2: "bold yellow", 3: "bold magenta"}
"""Colour by age as a bonus only: the value is always written as a glyph and a word."""

CARD_WIDTH = {1: 14, 2: 19, 3: 25}
CELL_WIDTH = 15
"""A one-line card cell (level 0)."""

PLACE_SHORT = {
    "store": "Store",
    "flea": "Flea Market",
    "auction": "Auction",
    "convention": "Convention",
    "assemble": "Assemble",
}


@dataclass(frozen=True, slots=True)
class Focus:
    """Where the choices are: the keys of the legal next steps, the one under the cursor
    and those already chosen for the action being built."""

    legal: frozenset[Hashable] = frozenset()
    current: Hashable | None = None
    chosen: tuple[Hashable, ...] = ()
    taking: frozenset[int] = field(default_factory=frozenset)
    """Convention cells the row or column under the cursor would take."""

    def of(self, *keys: Hashable) -> tuple[bool, bool, bool]:
        """(legal, under the cursor, chosen) for a thing reached by any of ``keys``."""
        return (
            any(k in self.legal for k in keys),
            any(k == self.current for k in keys),
            any(k in self.chosen for k in keys),
        )


CARD_VERBS = ("card", "play", "unplay", "relocate")
"""Choice kinds whose key names a card: ("card", id), ("play", id)…"""


def card_keys(card: str) -> tuple[Hashable, ...]:
    return tuple((verb, card) for verb in CARD_VERBS)


PLACE = "\0place "
"""Starts the style of a span that names the choice a piece of text draws: the board
finds where each choice stands from them (↑↓ go a row up or down) and takes them out
before the text is shown."""


def place_of(key: Hashable) -> str:
    """The span style that marks where the choice ``key`` is drawn (a card's, whatever
    its verb: the same card is played, taken back or picked)."""
    if isinstance(key, tuple) and len(key) == 2 and key[0] in CARD_VERBS:
        key = ("card", key[1])
    return f"{PLACE}{key!r}"


def placed(text: Text, place: str) -> Text:
    """``text`` marked as where the choice of ``place`` (`place_of`) is drawn."""
    if place and text.plain:
        text.spans.append(Span(0, len(text.plain), place))
    return text


def unplaced(text: Text) -> Text:
    """``text`` without the marks of `placed` (they are no styles to draw)."""
    text.spans = [
        span
        for span in text.spans
        if not (isinstance(span.style, str) and span.style.startswith(PLACE))
    ]
    return text


def name_of(update: Update, seat: int) -> str:
    if seat == update.seat:
        return "you"
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def title_of(update: Update, seat: int) -> str:
    """A seat at the start of a sentence: "You", or the name exactly as typed."""
    name = name_of(update, seat)
    return "You" if name == "you" else name


# -- one card ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face(CardBox):
    """A CardBox whose drawing is kept: a table shows the same few dozen cards in the
    same states update after update, and drawing them is most of a board's cost."""

    place: str = ""
    """Marks the card's top edge as where this choice is drawn (`placed`)."""

    def rows(self) -> list[Text]:
        return _rows(self)

    def _draw(self) -> list[Text]:
        out = CardBox._draw(self)
        if self.place:
            placed(out[0], self.place)
        return out


@dataclass(frozen=True, slots=True)
class Back(Face):
    """A face-down card that still says what a player may know: its ``word`` (whose it is)
    and each of its ``lines`` (how many, the value the back shows…) on the back's pattern,
    one a row, so a back is never an empty box (a label too long for the plain back's one
    row was dropped: "Bot 2 (normal): 3" left three blank backs at 160x45)."""

    def _draw(self) -> list[Text]:
        inner = max(1, self.width - 2)
        out = [Text("╭" + "─" * inner + "╮", no_wrap=True)]
        words = [self.word, *self.lines]
        for row in range(self.body_height):
            said = words[row] if row < len(words) else ""
            label = Text(f" {said} " if said else "", style="bold" if row == 0 else "")
            label.truncate(inner, overflow="ellipsis")
            pad = inner - label.cell_len
            cell = Text.assemble(
                (BACK * (pad // 2), "dim"), label, (BACK * (pad - pad // 2), "dim")
            )
            out.append(Text.assemble("│", cell, "│", no_wrap=True))
        out.append(Text("╰" + "─" * inner + "╯", no_wrap=True))
        return out


@lru_cache(maxsize=4096)
def _rows(face: Face) -> list[Text]:
    """The lines of a card (shared between calls: read them, never change them)."""
    return CardBox.rows(face)


def icon_words(card: str, tracks: Sequence[str], short: bool) -> list[str]:
    """A card's Highlight icons, ★ before those a track counts."""
    out = []
    for icon in CARD[card].highlights:
        word = ICON_SHORT[icon] if short else HIGHLIGHT_NAMES[icon]
        out.append(f"{TRACKED}{word}" if icon in tracks else word)
    return out


def hero_words(card: str, full: bool) -> str:
    heroes = CARD[card].heroes
    if full:
        return " & ".join(HERO_NAMES[h] for h in heroes)
    return "/".join(HERO_WORD[h] for h in heroes)


def card_box(
    card: str,
    level: int,
    tracks: Sequence[str],
    *,
    legal: bool = False,
    selected: bool = False,
    chosen: bool = False,
    dim: bool = False,
    fresh: bool = False,
    full: bool = False,
    place: str = "",
) -> CardBox:
    """One comic as a card: its value glyph and hero on top, then (by size) its title,
    age and value in words, and its Highlight icons (``full``: a small card with its
    heroes' full names)."""
    info = CARD[card]
    glyph = VALUE_GLYPH[info.value]
    lines: list[str]
    if level <= 1:
        word = glyph + hero_words(card, full=full)
        glyph = ""
        # The icons' names where they fit the card ("★#1" read like an issue number).
        named = " ".join(icon_words(card, tracks, short=False))
        fits = cell_len(named) <= CARD_WIDTH[1] - 2
        lines = [(named if fits else " ".join(icon_words(card, tracks, short=True))) or "no icons"]
    else:
        heroes = info.heroes
        word = HERO_NAMES[heroes[0]]
        lines = [f"& {HERO_NAMES[h]}" for h in heroes[1:]]
        if level >= 3:  # a team-up's title only repeats its heroes
            title = info.title if len(heroes) == 1 else f"Team-Up #{info.number}"
            lines.append(issue_words(title))
        # The value is also the glyph on the title: a card too small for both keeps the
        # age and year whole ("Contemporary 2005…" was read at 160x45).
        age = f"{AGES[info.value]} {info.year}"
        whole = f"{age} · {info.value}"
        lines.append(whole if len(whole) <= CARD_WIDTH[level] - 2 else age)
        lines += icon_words(card, tracks, short=False) or ["no icons"]
    return Face(
        glyph,
        word,
        tuple(lines),
        style=AGE_STYLE[info.value],
        width=CARD_WIDTH[max(1, level)],
        legal=legal,
        selected=selected,
        dim=dim,
        fresh=fresh,
        mark=CHOSEN if chosen else "",
        place=place or place_of(("card", card)),
    )


NAMED = 2
"""A ``full`` beyond True for one-line cells: the heroes' full names and the icons' too
("Iron Man Number One": "Iron Man #1" read like an issue number at 160x45)."""


def cell_items(card: str, full: int) -> list[str]:
    """What a one-line cell says of a comic, item by item: its heroes, then its icons
    (``full``: True the heroes' full names, `NAMED` the icons' names as well)."""
    icons = HIGHLIGHT_NAMES if full >= NAMED else ICON_SHORT
    return [hero_words(card, full=bool(full)), *(icons[i] for i in CARD[card].highlights)]


ICONS_AFTER = " · "
"""Between a cell's heroes and its Highlight icons, which a comma parts: "Captain · Special,
One" ("Captain Special One" read as one phrase, a hero called "Captain Special")."""


ICONS_TIGHT = "·"
"""The same, where a cell has no room for the spaces: "Captain·New"."""


def joined_items(items: Sequence[str]) -> str:
    """A cell's items as it writes them: "Captain · Special, One", "Thor"."""
    if len(items) <= 1:
        return "".join(items)
    return items[0] + ICONS_AFTER + ", ".join(items[1:])


def cell_words(card: str, full: int) -> str:
    """What a one-line cell says of a comic: its heroes, then its icons ("Thor · First")."""
    return joined_items(cell_items(card, full))


def card_cell(
    card: str | None,
    focus_state: tuple[bool, bool, bool],
    width: int,
    full: int = False,
    place: str = "",
    hero_told: bool = False,
) -> Text:
    """One comic as a one-line cell (level 0): "◆②Spider-Man · One" (``full``: the heroes'
    full names; ``place``: the choice it is, when not the card's own, `placed`;
    ``hero_told``: the choice under the cursor names its hero, so a cell too narrow for
    both says its Highlight icons rather than cut them: "✓③Special, One")."""
    legal, current, chosen = focus_state
    mark = CHOSEN if chosen else (LEGAL if legal else "")
    if card is None:
        return placed(CardFace("", "·", "dim", width, mark, current).text(), place)
    info = CARD[card]
    items = cell_items(card, full)
    room = width - CELL_FRAME
    if hero_told and len(items) > 1 and cell_len(joined_items(items)) > room:
        words = whole_words(items[1:], room, icons_only=True)
    else:
        words = whole_words(items, room)
    # The value glyph against the words ("①Spider-Man", as on the cards): a cell more for
    # the heroes in a grid of five at 80 columns.
    face = CardFace(
        "", VALUE_GLYPH[info.value] + words, AGE_STYLE[info.value], width, mark, current
    )
    return placed(face.text(), place or place_of(("card", card)))


def whole_words(items: Sequence[str], room: int, icons_only: bool = False) -> str:
    """A cell's items in ``room`` columns: all of them, else the heroes and as many icons
    as fit, then … ("Hulk · New, …", "Iron Man …", never "Hulk · New, Ep…"); else the
    heroes alone, else a team-up's first hero ("Spider-Man/…"); heroes too long for even
    that are left for the cell to cut. ``icons_only``: the items are icons alone."""

    def joined(some: Sequence[str]) -> str:
        return ", ".join(some) if icons_only else joined_items(some)

    words = joined(items)
    if cell_len(words) <= room:
        return words
    if not icons_only and len(items) > 1:
        # "Captain·New": the icons still parted from the heroes, in the cells that held
        # "Captain New" before they were (the Flea Market's rows at 80x24 read "Captain …").
        tight = items[0] + ICONS_TIGHT + ", ".join(items[1:])
        if cell_len(tight) <= room:
            return tight
    for count in range(len(items) - 1, 0, -1):
        kept = joined(items[:count])
        for more in (f"{',' if count > 1 or icons_only else ''} {MORE}", f" {MORE}", MORE):
            if cell_len(kept) + len(more) <= room:
                return kept + more
    heroes = items[0] if items else ""
    if cell_len(heroes) <= room:
        return heroes
    if icons_only:
        return words
    first = heroes.split("/")[0] + "/" + MORE
    return first if "/" in heroes and cell_len(first) <= room else words


CELL_FRAME = 4
"""A cell's cells around its words: a bracket or space each side, the mark and the value
glyph."""
EMPTY_CELL = 4
"""An empty space's cell: " ·" and its frame."""


def cell_need(card: str | None, full: int) -> int:
    """The width a one-line cell needs to show ``card`` whole."""
    return EMPTY_CELL if card is None else cell_len(cell_words(card, full)) + CELL_FRAME


def share_out(
    needs: Sequence[int], room: int, floors: Sequence[int] = (), least: int = EMPTY_CELL
) -> list[int]:
    """``room`` columns shared among cells that need ``needs``: each that needs less than
    an even share gets what it needs, the rest share what is left evenly. With ``floors``
    (what shows a card's heroes whole), every cell gets its floor first and the rest is
    shared the same way; when the floors do not all fit, they are what is shared."""
    if floors and sum(floors) <= room:
        more = [n - f for n, f in zip(needs, floors, strict=True)]
        extra = share_out(more, room - sum(floors), least=0)
        return [f + e for f, e in zip(floors, extra, strict=True)]
    if floors:  # not even the heroes fit: share the room out by what shows them
        return share_out(floors, room, least=least)
    widths = list(needs)
    left = list(range(len(needs)))
    rest = room
    while left:
        fair = rest // len(left)
        small = [i for i in left if needs[i] <= fair]
        if not small:
            for i in left:
                widths[i] = max(least, fair)
            break
        rest -= sum(needs[i] for i in small)
        left = [i for i in left if i not in small]
    return widths


def cell_floor(card: str | None) -> int:
    """The width that shows a card's heroes whole (a team-up: its first hero and "/…"):
    at 80 columns the room goes to every card's heroes before any icon."""
    if card is None:
        return EMPTY_CELL
    heroes = CARD[card].heroes
    first = HERO_WORD[heroes[0]] + ("/" + MORE if len(heroes) > 1 else "")
    return min(cell_need(card, False), cell_len(first) + CELL_FRAME)


def icons_floor(card: str | None) -> int:
    """`cell_floor`, and room for the card's icons alone, as a Convention cell of the hero
    under the cursor says them (✓): at 80x24 "✓③Special, …" cut the icons it was to show."""
    if card is None:
        return EMPTY_CELL
    icons = ", ".join(ICON_SHORT[i] for i in CARD[card].highlights)
    return max(cell_floor(card), min(cell_need(card, False), cell_len(icons) + CELL_FRAME))


def cell_plan(
    lines: Sequence[Sequence[str | None]], room: int | Sequence[int], most: int = NAMED
) -> tuple[list[list[int]], int]:
    """The widths of one-line cells, line by line, each line of cells having ``room``
    columns (or its own), and how they name heroes and icons (`cell_items`' ``full``):
    each cell as wide as its words need, full names (the icons' too, else the heroes'
    only) when every line has room for them, else the short words; a line without room
    for those shares its room out (`share_out`) and cuts the longest (the line under the
    table has the whole card). ``most``: True where the icons are not to be named (another
    row of the same part has no room for their names: one notation in a part)."""
    rooms = [room] * len(lines) if isinstance(room, int) else list(room)
    for full in (f for f in (NAMED, True, False) if f <= most):
        needs = [[cell_need(c, full) for c in line] for line in lines]
        if all(sum(n) <= r for n, r in zip(needs, rooms, strict=True)):
            return needs, full
    floors = [[cell_floor(c) for c in line] for line in lines]
    return [share_out(n, r, f) for n, r, f in zip(needs, rooms, floors, strict=True)], False


def named_in_all(rows: Sequence[Sequence[str | None]], rooms: Sequence[int]) -> int:
    """`cell_plan`'s ``most`` for rows of one part planned one by one: `NAMED` when every
    row has room for the icons' names, else True (no row names them: "Thor First
    Appearance" over "Hulk 1st" read as two notations)."""
    fits = all(cell_plan([row], room)[1] >= NAMED for row, room in zip(rows, rooms, strict=True))
    return NAMED if fits else True


def in_lines(
    cards: Sequence[str], width: int, cell: int = CELL_WIDTH, extra: Sequence[int] = ()
) -> list[list[str]]:
    """Cards over as many lines of ``width`` as cells of ``cell`` columns would take, split
    where the lines' words (and ``extra`` columns a card) fit best: the fewest columns
    short on any line, then the most even lines."""
    count = max(1, -(-len(cards) // max(1, width // cell)))
    if count == 1 or len(cards) <= count:
        return [list(cards[i : i + 1]) for i in range(len(cards))] if count > 1 else [list(cards)]
    needs = [
        cell_need(card, False) + (extra[i] if i < len(extra) else 0) for i, card in enumerate(cards)
    ]
    best: tuple[int, int] | None = None
    chosen: tuple[int, ...] = ()
    for cuts in itertools.combinations(range(1, len(cards)), count - 1):
        bounds = (0, *cuts, len(cards))
        used = [sum(needs[a:b]) for a, b in itertools.pairwise(bounds)]
        score = (sum(max(0, u - width) for u in used), max(used) - min(used))
        if best is None or score < best:
            best, chosen = score, bounds
    return [list(cards[a:b]) for a, b in itertools.pairwise(chosen)]


def box_need(box: CardBox) -> int:
    """The width ``box`` needs to show its title (and the ◆ corner) and its lines whole."""
    head = f"{box.mark} " if box.mark else ""
    head += f"{box.glyph} {box.word}" if box.glyph else box.word
    return 2 + max([cell_len(head) + 1, *(cell_len(line) for line in box.lines)])


def widened(boxes: Sequence[CardBox], width: int, gap: int = 1) -> tuple[CardBox, ...]:
    """Cards of a row as wide as the row lets them be, up to what their words need: the
    cards that fit in a band of it at their own width share the band (so the row keeps
    its height), never narrower than they were."""
    if not boxes:
        return tuple(boxes)
    base = max(b.width for b in boxes)
    band = min(len(boxes), max(1, (width + gap) // (base + gap)))
    share = (width + gap) // band - gap
    new = max(base, min(max(box_need(b) for b in boxes), share))
    return tuple(b if b.width == new else replace(b, width=new) for b in boxes)


def row_boxes(
    cards: Sequence[str], level: int, tracks: Sequence[str], focus: Focus, width: int
) -> tuple[CardBox, ...]:
    """A row of cards as boxes sized to the row: small cards as wide as their heroes' full
    names need if the row has the room, each naming them in full when it fits."""

    def boxes_of(full: bool) -> tuple[CardBox, ...]:
        boxes: tuple[CardBox, ...] = ()
        for card in cards:
            legal, current, chosen = focus.of(*card_keys(card))
            boxes += (
                card_box(
                    card, level, tracks, legal=legal, selected=current, chosen=chosen, full=full
                ),
            )
        return boxes

    if level <= 1 and cards:
        named = widened(boxes_of(True), width)
        size = named[0].width
        boxes = tuple(
            long if box_need(long) <= size else replace(short, width=size)
            for long, short in zip(named, boxes_of(False), strict=True)
        )
    else:
        boxes = widened(boxes_of(False), width)
    if level >= 3:
        boxes = tuple(titled(box, card) for box, card in zip(boxes, cards, strict=True))
    return boxes


def titled(box: CardBox, card: str) -> CardBox:
    """A big card whose title is too long for it, with the title on two lines ("Spider-Man:
    Rooftop Ni…" was all three Spider-Man cards of a hand read at 160x45), or three where
    two would cut it ("Vibranium Crown issue …" lost its number at 120x40), an issue never
    parted from its number; the row's cards share the height."""
    if len(CARD[card].heroes) > 1 or not box.lines:
        return box  # a team-up's title line is "Team-Up issue N"
    title, inner = box.lines[0], box.width - 2
    if cell_len(title) <= inner:
        return box
    lines: list[str] = []
    for word in re.split(r" (?=[^\d])", title):  # "issue 46" is one word here
        if lines and cell_len(f"{lines[-1]} {word}") <= inner:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) < 2:
        return box
    if len(lines) > 3:  # the card cuts the rest with "…" (the details line has it all)
        lines[2:] = [" ".join(lines[2:])]
    return replace(box, lines=(*lines, *box.lines[1:]))


def cards_lines(
    cards: Sequence[str],
    level: int,
    update: Update,
    focus: Focus,
    width: int,
    label: str = "",
    empty: str = f"({NO_CARDS})",
) -> list[Text]:
    """A row of cards (wrapping), or at level 0 one or more lines of cells."""
    tracks = update.view["tracks"]
    if level == 0:
        out = [Text(label, style="bold")] if label else []
        line = Text(no_wrap=True)
        if not cards:
            line.append(empty, style="dim")
        # As many lines as cells of CELL_WIDTH would take, the cells sharing each line.
        lines = in_lines(cards, width)
        widths, full = cell_plan(lines, width)
        for number, (row, sizes) in enumerate(zip(lines, widths, strict=True)):
            if number:
                out.append(line)
                line = Text(no_wrap=True)
            for card, size in zip(row, sizes, strict=True):
                line.append_text(card_cell(card, focus.of(*card_keys(card)), size, full))
        out.append(line)
        return out
    boxes = row_boxes(cards, level, tracks, focus, width)
    return CardRow(boxes, label=label, empty=empty).lines(width)


def labelled_cells(
    cards: Sequence[str], label: str, update: Update, focus: Focus, width: int
) -> list[Text]:
    """One-line cells after ``label`` on their first line, under it on the others (a row
    saved over the label on a line of its own)."""
    words = Text(label, style="bold")
    lines = cards_lines(cards, 0, update, focus, width - words.cell_len)
    indent = " " * words.cell_len
    return [Text.assemble(words if not n else indent, line) for n, line in enumerate(lines)]


def backs_line(values: Sequence[int], label: str) -> Text:
    """Cards seen from the back, which shows their market value, counted by value: "hand
    2①1②" (two cards of value 1, one of value 2); none in words, "hand: no cards". One
    notation for every hand: at 80x24 a short hand read "①①②" beside a long one's "5①5②"."""
    if not values:
        return Text(f"{label}: {NO_CARDS}")
    line = Text(f"{label} ")
    line.append(value_counts(values), style="bold")
    return line


def stack(
    hero: str,
    cards: Sequence[str],
    level: int,
    points: int,
    legal: bool = False,
    selected: bool = False,
) -> list[Text]:
    """One collection as a stack of its hero's cards: a card with an edge per card under
    it, the hero's name, how many cards and what it scores now."""
    word = HERO_NAMES[hero] if level >= 2 else HERO_WORD[hero]
    values = value_counts(CARD[c].value for c in cards)
    count = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
    lines = (f"{count} · {points} pts", values) if level >= 2 else (f"{len(cards)} · {points} pts",)
    box = Face(
        "",
        word,
        lines,
        legal=legal,
        selected=selected,
        width=CARD_WIDTH[min(level, 2)],
        place=place_of(("hero", hero)),
    )
    depth = min(len(cards) - 1, 3)
    rows = box.rows()
    edges = ("╮", "│", "╯")
    out = []
    for index, row in enumerate(rows):
        edge = edges[0] if index == 0 else edges[2] if index == len(rows) - 1 else edges[1]
        out.append(Text.assemble(row, edge * depth + " " * (3 - depth)))
    return out


def side_by_side(blocks: Sequence[list[Text]], width: int, gap: int = 1) -> list[Text]:
    """Blocks of lines next to each other, wrapping to more bands when the width runs out."""
    out: list[Text] = []
    band: list[list[Text]] = []
    used = 0
    for block in [*blocks, []]:
        block_width = max((t.cell_len for t in block), default=0)
        if block and (not band or used + gap + block_width <= width):
            band.append(block)
            used += block_width + (gap if used else 0)
            continue
        if band:
            height = max(len(b) for b in band)
            for row in range(height):
                line = Text(no_wrap=True)
                for index, part in enumerate(band):
                    part_width = max(t.cell_len for t in part)
                    cell = part[row].copy() if row < len(part) else Text("")
                    cell.pad_right(part_width - cell.cell_len)
                    if index:
                        line.append(" " * gap)
                    line.append_text(cell)
                out.append(line)
        band, used = ([block], block_width) if block else ([], 0)
    return out


def packed(items: Sequence[str], width: int, indent: str = "") -> list[Text]:
    """``items`` joined by spaces, a line broken only between two of them, each line after
    ``indent``."""
    lines: list[str] = []
    for item in items:
        if lines and cell_len(lines[-1]) + 1 + cell_len(item) <= width:
            lines[-1] += f" {item}"
        else:
            lines.append(item)
    return [Text(f"{indent}{line}", no_wrap=True) for line in lines]


def fit(line: Text, width: int) -> Text:
    line.no_wrap = True
    line.truncate(width, overflow="ellipsis")
    return line


# -- the head: schedule, Trending Track, Highlight tracks -----------------------------------


def schedule_lines(update: Update, width: int) -> list[Text]:
    """ "Round 2 of 3: Store → ▶Auction Website → Convention → Assemble · First player: Bo";
    the First player on a line of their own when their whole name would not fit beside
    the schedule (a name is never cut: "First player: Bo…" was read at 80x24)."""
    view = update.view
    places = [*view["schedule"][view["round"]], "assemble"]
    now = 3 if view["location"] == "assemble" else view["step"]
    over = view["location"] == "over"
    first = "" if view["solo"] else f"First player: {name_of(update, view['first'])}"
    rnd = view["round"] + 1

    def drawn(names: dict[str, str], arrow: str, start: int, stop: int, words: str) -> Text:
        """The schedule's places from ``start`` to ``stop`` after "Round ``words``"."""
        line = Text(style="bold", no_wrap=True)
        if view["solo"]:
            line.append("Solo vs Jarvis · ")
        line.append(f"Round {words}: ")
        for index in range(start, stop):
            if index > start:
                line.append(arrow, style="not bold")
            if index == now and not over:
                line.append(f"{YOU_MARK}{names[places[index]]}", style="reverse")
            else:
                line.append(names[places[index]], style="not bold")
        if over:
            line.append(" · game over")
        return line

    every, ours = f"{rnd} of 3", f"{rnd}/3"
    forms: list[tuple[dict[str, str], str, int, int, str]] = [
        (LOCATION_NAMES, " → ", 0, 4, every),
        (PLACE_SHORT, " → ", 0, 4, every),
        (PLACE_SHORT, "→", 0, 4, every),
    ]
    if now < 3:  # the Assemble that ends every round, when it is not now (F1 says so)
        forms += [(PLACE_SHORT, "→", 0, 3, every), (PLACE_SHORT, "→", 0, 3, ours)]
    else:  # in Assemble (or over) the round's places are behind it
        forms += [(PLACE_SHORT, "→", 0, 4, ours), (PLACE_SHORT, "→", 3, 4, every)]
    for form in forms:
        line = drawn(*form)
        if line.cell_len + (3 + cell_len(first) if first else 0) <= width:
            if first:
                line.append(f" · {first}", style="not bold")
            return [line]
    line = drawn(PLACE_SHORT, "→", 0, 4, every)
    return [fit(line, width), *([fit(Text(first), width)] if first else [])]


def trending_lines(update: Update, width: int, roomy: bool = False) -> list[Text]:
    """The Trending Track's rows on one line, full hero names when they fit; else its rows
    packed onto as few lines as hold them whole, one under another (never cut: "3: Widow,
    Hulk, Stra…" was read at 80x24). ``roomy``: full names on more lines before short ones
    on one ("2: Captain, Thor" was read at 120x40 with rows to spare)."""
    view = update.view
    label = "Trending "
    lines: list[Text] = []
    tries = ((False, True), (False, False), (True, True), (True, False))
    if roomy:
        tries = ((False, True), (True, True), (False, False), (True, False))
    for wrap, full in tries:
        lines = [Text(label, style="bold", no_wrap=True)]
        for index, row in enumerate(view["trending"]):
            part = Text(f"{index + 1}: ", style="bold", no_wrap=True)
            part.append(", ".join(HERO_NAMES[h] if full else HERO_WORD[h] for h in row))
            if index == 0:
                lines[-1].append_text(part)
            elif not wrap or lines[-1].cell_len + 3 + part.cell_len <= width:
                lines[-1].append(" │ ")
                lines[-1].append_text(part)
            else:
                lines.append(Text.assemble(" " * len(label), part, no_wrap=True))
        if all(line.cell_len <= width for line in lines):
            return lines
    return [fit(line, width) for line in lines]


def seat_markers(update: Update) -> list[str]:
    """One letter per seat for the tracks (then J for Jarvis): initials, or numbers when
    two players share one."""
    view = update.view
    initials = [(update.names[s][:1] or "?").upper() for s in range(view["players"])]
    if view["jarvis"] is not None:
        initials.append("J")
    if len(set(initials)) < len(initials):
        initials = [str(s + 1) for s in range(view["players"])]
        if view["jarvis"] is not None:
            initials.append("J")
    return initials


def highlight_tracks(update: Update, width: int) -> list[Text]:
    """The three Highlight tracks, 0 to 30, each player's marker under their space (one
    line of markers per player sharing a space); only the occupied spaces when narrow."""
    view = update.view
    markers = seat_markers(update)
    marks = [list(m) for m in view["marks"]]
    if view["jarvis"] is not None:
        marks.append(view["jarvis"]["marks"])
    spaces = TRACK_END + 1
    full = max(len(HIGHLIGHT_NAMES[h]) for h in view["tracks"]) + 2
    short = max(len(ICON_SHORT[h]) for h in view["tracks"]) + 2
    # Seat numbers together read as a number ("at 0: 1234"): parted by commas.
    joiner = "," if all(m.isdigit() for m in markers[: view["players"]]) else ""
    waiting_width = len(" at 0: ") + len(joiner.join(markers))
    # The rulebook's names ("Number One") before the short ones ("#1" read like an issue
    # number at 160x45): three cells a space with room, else two (every fifth space
    # numbered, the others a dot: a board 80 wide beside the log at 120x40 has room for
    # every space that way); then the short names, in the legend, likewise. "at 0: 123"
    # (who has not moved) stands under the label and space 0.
    forms = [
        (names, cell, max(label, waiting_width - cell))
        for names, label in ((HIGHLIGHT_NAMES, full), (ICON_SHORT, short))
        for cell in (3, 2)
    ]
    names, cell, label_width = next(
        (form for form in forms if form[2] + spaces * form[1] <= width), forms[-1]
    )
    out = []
    for index, icon in enumerate(view["tracks"]):
        spots = [(m[index], markers[s]) for s, m in enumerate(marks)]
        if label_width + spaces * cell > width:
            label = f"{TRACKED}{ICON_SHORT[icon]}"
            out += Track(label, 0, TRACK_END, tuple(spots)).lines(width)
            continue
        top = Text(f"{TRACKED}{names[icon]}".ljust(label_width), style="bold", no_wrap=True)
        for space in range(spaces):
            occupied = any(p == space for p, _ in spots)
            number = f"{space:>2}" if cell == 3 or space % 5 == 0 else " ·"
            top.append(number + " " * (cell - 2), style="underline" if occupied else "dim")
        out.append(top)
        # Those still at 0 are named once under the label; markers sharing a space
        # further on stack, one line each.
        stacked: dict[int, list[str]] = {}
        for position, marker in spots:
            stacked.setdefault(position, []).append(marker)
        waiting = joiner.join(stacked.pop(0, []))
        start = f" at 0: {waiting}" if waiting else ""
        for depth in range(max((len(v) for v in stacked.values()), default=1)):
            line = Text((start if depth == 0 else "").ljust(label_width + cell), no_wrap=True)
            for space in range(1, spaces):
                here = stacked.get(space, [])
                marker = here[depth] if depth < len(here) else ""
                line.append(f"{marker:>2}" + " " * (cell - 2), style="bold")
            line.rstrip()
            out.append(line)
    return out


def scoring_line(width: int) -> Text | None:
    """What a collection scores by its hero's Trending row and size, and what variety
    pays, in one line (None when it does not fit: the rules have it)."""
    sizes = [f"{n}" for n in range(SCORING_MIN, SCORING_MIN + len(SIZE_POINTS[1]))]
    sizes[-1] += "+"
    line = Text(f"Size points for {', '.join(sizes)} cards:", style="dim", no_wrap=True)
    for row, points in SIZE_POINTS.items():
        line.append(f" row {row} {'/'.join(str(p) for p in points)};", style="dim")
    line.append(f" variety {'/'.join(str(p) for p in VARIETY_POINTS[1:6])}…", style="dim")
    return line if line.cell_len <= width else None


def head_lines(update: Update, width: int, level: int) -> list[Text]:
    """The schedule and the Trending Track; from ``level`` 1 the Highlight tracks; at 2
    the Trending Track's heroes by their full names on more lines if need be."""
    lines = [*schedule_lines(update, width), *trending_lines(update, width, level >= 2)]
    if level >= 1:
        scoring = scoring_line(width)
        lines += [scoring] if scoring is not None else []
        lines += highlight_tracks(update, width)
    return lines


# -- the players -------------------------------------------------------------------------


def marks_words(update: Update, marks: Sequence[int], short: bool) -> str:
    tracks = update.view["tracks"]
    names = ICON_SHORT if short else HIGHLIGHT_NAMES
    return ", ".join(f"{names[t]} {m}" for t, m in zip(tracks, marks, strict=True))


BRACKETS = re.compile(r" \([^()]*\)$")
"""A name's bracketed end: a bot's level ("Bot 2 (normal)")."""


def player_line(
    update: Update,
    seat: int | None,
    sheet: dict[str, int],
    level: int,
    width: int,
    show_marks: bool,
    short_only: bool = False,
    no_parts: bool = False,
    bare: bool = False,
) -> Text:
    """One player's public totals: stash, hand (backs show values), Highlights, score
    (``short_only``: the tracks' short names, ``no_parts``: the score without its parts,
    as another player's line has them; ``bare``: the name without its brackets, "Bot 2"
    for "Bot 2 (normal)", where a line has no room for its score).
    Drawn once for the same totals at the same width (`_player_line`): the fitting asks
    for every player's line at each size it tries, and most updates change one player's
    totals or none."""
    view = update.view
    markers = seat_markers(update)
    if seat is None:
        who, acting, stash, marks = (
            "Jarvis",
            False,
            view["jarvis"]["stash"],
            view["jarvis"]["marks"],
        )
        held: tuple[int, ...] | None = None
        marker = markers[-1]
    else:
        who = title_of(update, seat)
        if bare:
            who = BRACKETS.sub("", who) or who
        acting = seat in update.acting and update.outcome is None
        stash, marks = view["stash"][seat], view["marks"][seat]
        held = tuple(view["hand_values"][seat])
        marker = markers[seat]
    tracks = tuple(view["tracks"]) if not show_marks else ()
    line = _player_line(
        who,
        acting,
        stash,
        tuple(marks),
        held,
        marker,
        tuple(sheet.items()),
        tracks,
        width,
        show_marks,
        short_only,
        no_parts,
    )
    return line.copy()  # callers append to it


@lru_cache(maxsize=1024)
def _player_line(
    who: str,
    acting: bool,
    stash: int,
    marks: tuple[int, ...],
    held: tuple[int, ...] | None,
    marker: str,
    sheet_items: tuple[tuple[str, int], ...],
    tracks: tuple[Any, ...],
    width: int,
    show_marks: bool,
    short_only: bool = False,
    no_parts: bool = False,
) -> Text:
    """`player_line` from what it shows (never changed in place: it is kept)."""
    return build_player_line(
        who,
        acting,
        stash,
        marks,
        held,
        marker,
        dict(sheet_items),
        tracks,
        width,
        show_marks,
        short_only,
        no_parts,
    )


def build_player_line(
    who: str,
    acting: bool,
    stash: int,
    marks: Sequence[int],
    held: Sequence[int] | None,
    marker: str,
    sheet: dict[str, int],
    tracks: Sequence[Any],
    width: int,
    show_marks: bool,
    short_only: bool = False,
    no_parts: bool = False,
) -> Text:
    """A player's totals drawn (see `player_line`); ``tracks`` name the marks' tracks."""
    total = sum(sheet.values())
    breakdown = (
        f" = size {sheet['size']} + variety {sheet['variety']} + "
        f"Highlights {sheet['highlights']} + stash {sheet['secret stash']}"
    )
    # Longest first: full track names and the score's parts, then short names, then the
    # score alone, the names before the short ones ("#1 0" read like an issue number);
    # the tracks above already show the marks when ``show_marks``.
    # A hand's count ("hand 11: 4①6②1③") goes before the tracks' names do (the 160x45
    # Convention read "One 0, First 0" for want of the count's four columns).
    forms = (
        (False, True, False),
        (True, True, True),
        (False, False, False),
        (False, False, True),
        (True, False, True),
    )
    allowed = [f for f in forms if (f[0] or not short_only) and not (f[1] and no_parts)]
    for short, parts, uncounted in allowed:
        line = Text(f"{YOU_MARK} " if acting else "  ", style="bold", no_wrap=True)
        if show_marks and who.endswith(")"):
            # One pair of brackets: "Bot 2 (normal, marker 2)", not "Bot 2 (normal) (2)".
            line.append(who[:-1], style="bold")
            line.append(f", marker {marker})")
        else:
            line.append(who, style="bold")
            if show_marks:
                line.append(f" ({marker})")
        line.append(f" · stash {stash}")
        if held is not None:
            # The count when the backs' counts add up to it ("hand 7: 4①3②", not "hand
            # 1: 1①").
            plain = uncounted or len(set(held)) < 2
            label = " · hand" if plain else f" · hand {len(held)}:"
            line.append_text(backs_line(held, label))
        if not show_marks:
            names = ICON_SHORT if short else HIGHLIGHT_NAMES
            marked = ", ".join(f"{names[t]} {m}" for t, m in zip(tracks, marks, strict=True))
            line.append(f" · {marked}")
        line.append(" · ")
        line.append(f"score {total}", style="bold")
        if parts:
            line.append(breakdown)
        if line.cell_len <= width:
            break
    return fit(line, width)


def named_line(update: Update, line: Text) -> bool:
    """Whether a player's line names the tracks in words ("Number One 3", not "One 3")."""
    return f"{HIGHLIGHT_NAMES[update.view['tracks'][0]]} " in line.plain


def collections_sentence(update: Update) -> str:
    """Everyone's collections in a sentence with the heroes' full names, for the ``i``
    key when the board's shared lines are cut (see `players_lines`); "" if nobody has one."""
    view = update.view
    owners: list[tuple[str, Sequence[Any]]] = [
        (title_of(update, seat), view["collections"][seat]) for seat in range(view["players"])
    ]
    if view["jarvis"] is not None:
        owners.append(("Jarvis", view["jarvis"]["collections"]))
    said = [f"{who}: {collection_words(held, full=True)}" for who, held in owners if held]
    return f"Collections: {'; '.join(said)}." if said else ""


def marks_sentence(update: Update) -> str:
    """Every player's marks by the tracks' full names, for the ``i`` key when the players'
    lines say the tracks by a word ("One 0"): "Highlight tracks: Number One: you 3, Bo 0;
    First Appearance: …"."""
    view = update.view
    who = [name_of(update, seat) for seat in range(view["players"])]
    marks = [list(m) for m in view["marks"]]
    if view["jarvis"] is not None:
        who.append("Jarvis")
        marks.append(list(view["jarvis"]["marks"]))
    tracks = [
        f"{HIGHLIGHT_NAMES[icon]}: "
        + ", ".join(f"{w} {m[t]}" for w, m in zip(who, marks, strict=True))
        for t, icon in enumerate(view["tracks"])
    ]
    return f"Highlight tracks: {'; '.join(tracks)}."


def collection_words(collections: Sequence[Any], full: bool) -> str:
    names = HERO_NAMES if full else HERO_WORD
    return ", ".join(f"{names[h]} {len(cards)}" for h, cards in collections)


def players_lines(
    update: Update,
    sheets: Sequence[dict[str, int]],
    points: Sequence[dict[str, int]],
    width: int,
    level: int,
    show_marks: bool,
    focus: Focus,
) -> list[Text]:
    """Everyone's public area: totals on a line, then the collections (level 0: in words,
    else as stacks of cards; level -1, for a screen with no row to spare: in words after
    the totals where they fit, else all together on the lines after everyone's totals;
    below -1 those shared lines give up a row a level, down to one, ending " …" after a
    whole collection: `collections_sentence` has them all, for the ``i`` key).
    ``points`` maps each player's heroes to their size points."""
    view = update.view
    seats: list[int | None] = list(range(view["players"]))
    if view["jarvis"] is not None:
        seats.append(None)
    out: list[Text] = []
    together: list[tuple[list[str], list[str]]] = []
    # The score's parts, then the tracks' names, on every line or on none ("Number One 3"
    # over "#1 0", "score 38 = size 17 + …" over "score 89", read at 160x45).
    parted = all(
        "= size " in player_line(update, seat, sheets[i], level, width, show_marks).plain
        for i, seat in enumerate(seats)
    )
    named = show_marks or all(
        named_line(
            update,
            player_line(update, seat, sheets[i], level, width, show_marks, False, not parted),
        )
        for i, seat in enumerate(seats)
    )
    # The bots' levels go, from every line, where one line would cut its score ("Bot 4
    # (normal) · … · score…" at 80x24, its hand "hand: no cards").
    bare = any(
        player_line(
            update, seat, sheets[i], level, width, show_marks, not named, not parted
        ).plain.endswith(MORE)
        for i, seat in enumerate(seats)
    )
    # The heroes' full names on every player's collections or on none ("Spider-Man 6,
    # Captain 3, Panther 7" under "Black Widow 2, Doctor Strange 5" on the last board).
    everyone = [*view["collections"], *([view["jarvis"]["collections"]] if view["jarvis"] else [])]
    full_names = all(len(collection_words(held, full=True)) + 18 <= width for held in everyone)
    for index, seat in enumerate(seats):
        line = player_line(
            update, seat, sheets[index], level, width, show_marks, not named, not parted, bare
        )
        collections = (
            view["collections"][seat] if seat is not None else view["jarvis"]["collections"]
        )
        rows = with_note(line, update, seat, width) if seat is not None else [line]
        # In Assemble your own collections are where a played card may go.
        joins = focus if seat == update.seat and view["assembly"] is not None else Focus()
        if collections and level <= 0:
            items = []
            full = full_names
            for number, (hero, cards) in enumerate(collections):
                word = f"{(HERO_NAMES if full else HERO_WORD)[hero]} {len(cards)}"
                legal, current, _ = joins.of(("hero", hero))
                mark = LEGAL if legal else ""
                last = number == len(collections) - 1
                item = f"[{mark}{word}]" if current else f"{mark}{word}"
                items.append(item if last else f"{item},")
            if level < 0:
                words = " ".join(items)
                # After the totals, in their shortest form if need be ("hand 3①1②").
                room = width - 3 - cell_len(words)
                short = player_line(
                    update,
                    seat,
                    sheets[index],
                    level,
                    room,
                    show_marks,
                    not named,
                    not parted,
                    bare,
                )
                as_others = ("= size " in short.plain) == parted and (
                    show_marks or named_line(update, short) == named
                )
                if room > 0 and short.cell_len <= room and "…" not in short.plain and as_others:
                    rows[0] = short
                    rows[0].append(f" · {words}")
                else:  # "Bot 2 (normal): Captain 2, Thor 2;" on the shared lines
                    who = "Jarvis" if seat is None else title_of(update, seat)
                    who = BRACKETS.sub("", who) if bare else who  # as on the lines above
                    words_short = [
                        item.replace(HERO_NAMES[hero], HERO_WORD[hero])
                        for item, (hero, _) in zip(items, collections, strict=True)
                    ]
                    together.append(([f"{who}:", *items], [f"{who}:", *words_short]))
                    if seat == update.seat and level < -1:  # yours are never the ones cut
                        together.insert(0, together.pop())
            else:
                # Wrapped between collections, never cut nor inside a name ("Iron | Man
                # 6"): a rival's collections are what your choices race.
                rows += packed(["collections:", *items], width - 4, "    ")
        elif collections:
            blocks = [
                stack(h, cards, level, points[index].get(h, 0), *joins.of(("hero", h))[:2])
                for h, cards in collections
            ]
            rows += [Text.assemble("    ", t) for t in side_by_side(blocks, width - 4)]
        out += rows
    if together:  # full names if they fit a line, else the short words (in the legend)
        lines: list[Text] = []
        for form in (0, 1):
            items = [w for words in together for w in [*words[form][:-1], f"{words[form][-1]};"]]
            items[-1] = items[-1][:-1] + "."
            lines = packed(["Collections:", *items], width - 2, "  ")
            if len(lines) == 1:
                break
        if level < -1 and len(lines) > 1:
            lines = packed_cut(["Collections:", *items], width - 2, len(lines) + 1 + level, "  ")
        out += lines
    return out


def packed_cut(items: Sequence[str], width: int, rows: int, indent: str = "") -> list[Text]:
    """``items`` packed as `packed` does into at most ``rows`` lines (at least one): what
    does not fit ends the last line with " …" after a whole item, never after a name and
    its colon alone ("Bot 3 (normal): …")."""
    rows = max(1, rows)
    lines: list[list[str]] = []
    placed = 0
    for item in items:
        if lines and cell_len(" ".join([*lines[-1], item])) <= width:
            lines[-1].append(item)
        elif len(lines) < rows:
            lines.append([item])
        else:
            break
        placed += 1
    if placed < len(items):
        # The last line keeps what fits beside " …", ending after a whole collection.
        last = lines[-1]
        while len(last) > 1 and cell_len(" ".join([*last, MORE])) > width:
            last.pop()
        while len(last) > 1 and last[-1].endswith(":"):
            last.pop()
        last.append(MORE)
    return [Text(f"{indent}{' '.join(line)}", no_wrap=True) for line in lines]


def choice_tag(word: str, state: tuple[bool, bool, bool], key: Hashable = None) -> Text:
    """A choice that is not a card (reveal, take, a lot): "◆ take", bracketed under the
    cursor (``key``: the choice, to mark where it is drawn)."""
    legal, current, chosen = state
    if not (legal or chosen):
        return Text("")
    mark = CHOSEN if chosen else LEGAL
    text = Text(f"[{mark} {word}]" if current else f" {mark} {word} ", style="bold")
    if current:
        text.stylize("reverse")
    return placed(text, place_of(key) if key is not None else "")


def store_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    view = update.view
    store = view["store"]
    if store is None or store["pack"] is None:
        return []
    if view["solo"]:
        label = "Store: keep two, the third goes to Jarvis"
    else:
        way = "left" if store["direction"] == 1 else "right"
        label = f"Store: your cards (the rest pass {way})"
    out = cards_lines(store["pack"], level, update, focus, width, label, "(your pick is made)")
    others = [(s, n) for s, n in enumerate(store["pack_sizes"]) if s != update.seat and n]
    if others and level >= 2:  # the others' Store cards, face down, as labelled backs
        room = (width + 1) // len(others) - 1
        said = [store_back_words(update, s, n) for s, n in others]
        longest = max(cell_len(w) for words in said for w in words) + 4
        size = max(CARD_WIDTH[1], min(longest, room))
        # Words longer than the back are wrapped, never cut (a name as typed).
        said = [[w for line in words for w in wrapped(line, size - 4)] for words in said]
        backs = tuple(Back("", words[0], tuple(words[1:]), width=size) for words in said)
        out += CardRow(backs, label="The others' Store cards, face down:").lines(width)
    elif others and level >= 1:
        # "Bot 2 (normal) has 3", never "Bot 2 (normal) 3": a number after a name in
        # brackets read as part of it.
        words = in_words([f"{title_of(update, s)} has {n}" for s, n in others])
        line = Text(f"Store cards in front of the others: {words}.", style="dim")
        out += line.wrap(_CONSOLE, width)
    return out


def wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of ``width`` cells, broken between words where it can be."""
    return [line.plain.rstrip() for line in Text(text).wrap(_CONSOLE, max(1, width))] or [""]


STORE_VALUE = 1
"""The market value on the back of every Store card (Contemporary Age)."""


def store_back_words(update: Update, seat: int, cards: int) -> list[str]:
    """What anyone may know of another player's Store cards: whose they are, how many,
    the value their backs show, whether the pick is made, and who gets them next."""
    store = update.view["store"]
    players = len(store["pack_sizes"])
    step = store["steps"][seat]
    doing = {0: "picking one", 1: "returning one"}.get(step, "has picked")
    if step == 2 and players == 2:
        doing = "has chosen"
    many = f"{cards} card{'' if cards == 1 else 's'} of value {STORE_VALUE}"
    receiver = (seat + store["direction"]) % players
    return [title_of(update, seat), many, doing, f"passes to {name_of(update, receiver)}"]


def flea_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    flea = update.view["flea"]
    out: list[Text] = []
    heads: list[tuple[Text, Text]] = []
    for row, cards in enumerate(flea["rows"]):
        head = Text(f"Row {row + 1}", style="bold", no_wrap=True)
        if flea["open"][row]:
            head.append(f" ({len(cards)} of {flea['caps'][row]})")
        else:
            head.append(" (taken)", style="dim")
        head.append(" ")
        # One line a row when narrow: the cards first, then the two choices in a word each.
        reveal, take = ("reveal", "take") if level == 0 else ("reveal a card here", "take this row")
        tags = Text.assemble(
            choice_tag(reveal, focus.of(("reveal", row)), ("reveal", row)),
            choice_tag(take, focus.of(("take-row", row)), ("take-row", row)),
        )
        heads.append((head, tags))
    # The icons named in every row or in none.
    rooms = [width - head.cell_len - tags.cell_len for head, tags in heads]
    most = named_in_all(flea["rows"], rooms) if level == 0 else True
    for cards, (head, tags) in zip(flea["rows"], heads, strict=True):
        if level == 0:
            line = head
            room = width - head.cell_len - tags.cell_len  # the choices the row offers now
            (sizes,), full = cell_plan([cards], room, most)
            for card, size in zip(cards, sizes, strict=True):
                line.append_text(card_cell(card, (False, False, False), size, full))
            line.append_text(tags)
            out.append(fit(line, width))
        else:
            out.append(fit(Text.assemble(head, tags), width))
            if cards:
                out += cards_lines(cards, level, update, focus, width)
    deck = update.view["decks"]["flea"]
    if level >= 2:  # the deck a reveal draws from, face down
        back = Face("", f"Deck: {deck}", width=CARD_WIDTH[1], face_down=True)
        out += CardRow((back,), label="Flea Market deck:").lines(width)
    else:
        out.append(Text(f"Flea Market deck: {deck} cards", style="dim"))
    return out


def auction_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    view = update.view
    a = view["auction"]
    out: list[Text] = []
    told = Text()
    prices = [
        f" costs {SOLO_LOT_PRICES[lot]}" if view["solo"] else "" for lot in range(len(a["lots"]))
    ]
    heads: dict[int, Text] = {}
    for lot, price in enumerate(prices):
        # One line a lot at level 0: the lot is its own choice tag, then every card.
        line = choice_tag(f"Lot {lot + 1}{price}", focus.of(("lot", lot)), ("lot", lot))
        heads[lot] = line if line.plain else Text(f"   Lot {lot + 1}{price} ", style="bold")
    unsold = [lot for lot in range(len(a["lots"])) if not a["sold"][lot]]
    rooms = [width - heads[lot].cell_len for lot in unsold]
    most = named_in_all([a["lots"][lot] for lot in unsold], rooms) if level == 0 else True
    for lot, cards in enumerate(a["lots"]):
        if a["sold"][lot]:
            continue
        price = prices[lot]
        bid = ""
        if a["lot"] == lot and not a["picks"] and a["leader"] >= 0:
            bid = f"bid {a['bid']} by {name_of(update, a['leader'])}"
        if level == 0:
            # One line a lot: the lot is its own choice tag, then every card (5 fit in 80).
            line = heads[lot]
            (sizes,), full = cell_plan([cards], width - line.cell_len, most)
            for card, size in zip(cards, sizes, strict=True):
                line.append_text(card_cell(card, focus.of(*card_keys(card)), size, full))
            out.append(fit(line, width))
            if bid:  # with who still bids, below (one sentence, a row saved)
                told = Text(f"Lot {lot + 1}: {bid}", style="bold reverse")
            continue
        head = Text(f"Lot {lot + 1} ({len(cards)} cards){price}", style="bold", no_wrap=True)
        if bid:
            head.append(f" · {bid}", style="reverse")
        head.append(" ")
        head.append_text(choice_tag("choose this lot", focus.of(("lot", lot)), ("lot", lot)))
        out.append(fit(head, width))
        out += cards_lines(cards, level, update, focus, width)
    if a["picks"]:
        out.append(
            Text(f"Choose {counted(a['picks'])} more of the last lot at 1 each.", style="bold")
        )
    elif a["lot"] >= 0 and a["bidders"]:
        if level == 0 and told.plain:
            everyone = len(a["bidders"]) == view["players"]
            still = in_words([name_of(update, s) for s in a["bidders"]])
            told.append_text(
                Text("; everyone still bids." if everyone else f"; still bidding: {still}.")
            )
            out += told.wrap(_CONSOLE, width)
        else:
            still = ", ".join(name_of(update, s) for s in a["bidders"])
            out += Text(f"Still bidding: {still}.").wrap(_CONSOLE, width)
    elif told.plain:
        out.append(told)
    return out


def column_plan(columns: Sequence[Sequence[str | None]], room: int) -> tuple[list[int], int]:
    """The widths of the Convention's columns of one-line cells in ``room`` columns, and
    how they name heroes and icons (as `cell_plan`): each column as wide as its widest
    card needs, else sharing the room out (`share_out`)."""
    needs: list[int] = []
    for full in (NAMED, True, False):
        needs = [max(cell_need(c, full) for c in column) for column in columns]
        if sum(needs) <= room:
            return needs, full
    floors = [max(icons_floor(c) for c in column) for column in columns]
    if sum(floors) > room:  # the heroes whole before the icons
        floors = [max(cell_floor(c) for c in column) for column in columns]
    return share_out(needs, room, floors), False


@lru_cache(maxsize=8)
def _grid_widths(grid: tuple[str | None, ...], width: int) -> tuple[list[int], int]:
    """`column_plan` of a Convention grid of one-line cells ``width`` wide (asked once per
    hero choice at each drawing)."""
    columns = [[grid[row * GRID + col] for row in range(GRID)] for col in range(GRID)]
    return column_plan(columns, width - 5)


def icons_cut(update: Update, width: int, hero: str) -> list[int]:
    """The Convention cells of ``hero``'s cards whose Highlight icons a grid of one-line
    cells ``width`` wide cannot show whole, even alone (✓) in the cell: the choice of that
    hero names them instead."""
    grid = tuple(update.view["convention"]["grid"])
    widths, full = _grid_widths(grid, width)
    out = []
    for cell, card in enumerate(grid):
        if card is None or hero not in CARD[card].heroes or not CARD[card].highlights:
            continue
        items = cell_items(card, full)
        room = widths[cell % GRID] - CELL_FRAME
        if cell_len(joined_items(items)) > room and cell_len(", ".join(items[1:])) > room:
            out.append(cell)
    return out


def grid_plan(
    grid: Sequence[str | None], level: int, tracks: Sequence[str], share: int
) -> tuple[int, frozenset[str]]:
    """The width of the Convention's cards (one for all, the columns stay aligned) when
    each has ``share`` columns, and the cards that name their heroes in full: as wide as
    the widest card needs with full names (a ✓ on it included), never narrower than the
    size's own width; each card in full when that fits."""
    base = CARD_WIDTH[min(level, 2)]
    cards = [c for c in grid if c is not None]
    small = min(level, 2) <= 1

    def need(card: str, full: bool) -> int:
        return box_need(card_box(card, min(level, 2), tracks, chosen=True, full=full))

    size = max([base, *(min(need(c, small), share) for c in cards)])
    return size, frozenset(c for c in cards if small and need(c, True) <= size)


def grid_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    """The Convention's 5×5 grid with row numbers left and column numbers on top; ◆ by a
    row or column number when taking it is a choice."""
    grid = update.view["convention"]["grid"]
    tracks = update.view["tracks"]
    if level == 0:
        columns = [[grid[row * GRID + col] for row in range(GRID)] for col in range(GRID)]
        widths, full = column_plan(columns, width - 5)
        named: frozenset[str] = frozenset()
    else:
        size, named = grid_plan(grid, level, tracks, (width - 5) // GRID - 1)
        widths, full = [size] * GRID, False
    top = Text("     ", no_wrap=True)
    for col in range(GRID):
        legal, current, _ = focus.of(("line", "col", col))
        word = f"{LEGAL if legal else ''}{'column ' if level else ''}{col + 1}"
        word = f"[{word}]" if current else word
        header = Text(
            word.center(widths[col] + (0 if level == 0 else 1)),
            style="bold reverse" if current else "bold",
        )
        top.append_text(placed(header, place_of(("line", "col", col)) if legal else ""))
    out = [fit(top, width)]
    for row in range(GRID):
        legal, current, _ = focus.of(("line", "row", row))
        number = f"{LEGAL if legal else ' '}{row + 1}"
        label = Text(f"[{number}] " if current else f" {number}  ", style="bold")
        if current:
            label.stylize("reverse")
        row_place = place_of(("line", "row", row))
        if level == 0:
            line = Text.assemble(placed(label.copy(), row_place), no_wrap=True)
            for col in range(GRID):
                cell = row * GRID + col
                state = focus.of(("cell", cell))
                if cell in focus.taking:
                    state = (False, True, True)
                # A cell the cursor's hero marks (✓) says its icons when its heroes
                # and icons do not both fit: that hero is the choice's own words.
                told = cell in focus.taking
                line.append_text(
                    card_cell(grid[cell], state, widths[col], full, place_of(("cell", cell)), told)
                )
            out.append(fit(line, width))
            continue
        boxes: list[CardBox] = []
        for col in range(GRID):
            cell = row * GRID + col
            legal_cell, current_cell, chosen = focus.of(("cell", cell))
            taking = cell in focus.taking
            card = grid[cell]
            if card is None:
                boxes.append(
                    Face(
                        "",
                        "empty",
                        width=widths[col],
                        legal=legal_cell,
                        selected=current_cell,
                        dim=True,
                        mark=CHOSEN if chosen else "",
                        place=place_of(("cell", cell)),
                    )
                )
            else:
                box = card_box(
                    card,
                    min(level, 2),
                    tracks,
                    legal=legal_cell,
                    selected=current_cell or taking,
                    chosen=chosen or taking,
                    full=card in named,
                    place=place_of(("cell", cell)),
                )
                boxes.append(replace(box, width=widths[col]))
        height = max(b.body_height for b in boxes)
        faces = [replace(b, height=height).rows() for b in boxes]
        for index in range(height + 2):
            # The row's choice on the cards' top edge, where ↑↓ find the cells' row.
            side = label if index == 1 else placed(Text("     "), row_place if not index else "")
            line = Text.assemble(side, no_wrap=True)
            for face in faces:
                line.append_text(face[index])
                line.append(" ")
            out.append(fit(line, width))
    return out


def assembly_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    view = update.view
    seat = update.seat
    if view["assembly"] is None or seat is None:
        return []
    plays = view["assembly"]["plays"][seat]
    paid = view["assembly"]["paid"][seat]
    owed = sum(CARD[card].value for card, _ in plays)
    got = sum(CARD[card].value for card in paid)
    stage = view["assembly"]["stages"][seat]
    if stage == "excess":  # paid: what is owed now is cards over the hand limit
        extra = len(view["hand"] or ()) - HAND_LIMIT
        cards = "1 more card" if extra == 1 else f"{extra} more cards"
        words = f"Assemble: discard {cards}, down to {HAND_LIMIT} in your hand"
    elif stage == "done":  # nothing owed: the prompt says whom the table waits for
        return []
    elif plays or paid:
        words = f"Assemble: owed {owed} for the cards played, paid {got}"
    else:
        words = "Assemble: no cards played yet"
    heading = Text(words, style="bold")
    out = [heading]
    # Done playing is a choice like the cards, seen without walking the row to find it;
    # on the heading's line when it fits (" ◆ Done playing ", "[◆ Done playing]").
    done = choice_tag("Done playing", focus.of(("ready",)), ("ready",))
    if done.plain.startswith("["):
        done = Text.assemble(" ", done)
    if done.plain and heading.cell_len + done.cell_len <= width:
        heading.append_text(done)
    elif done.plain:
        out.append(done)
    if plays:
        tracks = view["tracks"]
        if level == 0:
            # As many plays to a row as fit, the rest on rows below (one row cut them off
            # after the third or fourth card at 80 columns).
            head = "Playing: "
            # Each line's cells share its room with their "→Hero ": only a team-up's
            # says which collection it joins (a card of one hero joins that hero's).
            said = [f"→{HERO_WORD[hero]} " if len(CARD[c].heroes) > 1 else "" for c, hero in plays]
            lines = in_lines(
                [c for c, _ in plays], width - len(head), CELL_WIDTH + 4, [len(a) for a in said]
            )
            told = iter(said)
            arrows = [[next(told) for _ in row] for row in lines]
            rooms = [width - len(head) - sum(len(a) for a in row) for row in arrows]
            widths, full = cell_plan(lines, rooms)
            for number, row in enumerate(lines):
                line = Text(" " * len(head) if number else head, no_wrap=True)
                for card, size, arrow in zip(row, widths[number], arrows[number], strict=True):
                    line.append_text(card_cell(card, focus.of(*card_keys(card)), size, full))
                    line.append(arrow)
                out.append(fit(line, width))
        else:
            boxes = []
            for card, hero in plays:
                legal, current, chosen = focus.of(*card_keys(card))
                box = card_box(card, level, tracks, legal=legal, selected=current, chosen=chosen)
                boxes.append(replace(box, lines=(*box.lines, f"→ {HERO_NAMES[hero]}")))
            wide = widened(boxes, width)
            if level >= 3:
                wide = tuple(titled(box, card) for box, (card, _) in zip(wide, plays, strict=True))
            out += CardRow(wide, label="Playing (new cards, not yet paid):").lines(width)
    if paid and level == 0:
        out += labelled_cells(paid, "Paid with: ", update, focus, width)
    elif paid:
        out += cards_lines(paid, 0, update, focus, width, "Paid with:")
    return out


def place_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    view = update.view
    if view["flea"] is not None:
        return flea_lines(update, focus, width, level)
    if view["auction"] is not None:
        return auction_lines(update, focus, width, level)
    if view["convention"] is not None:
        return grid_lines(update, focus, width, level)
    if view["store"] is not None:
        return store_lines(update, focus, width, level)
    if view["assembly"] is not None:
        return assembly_lines(update, focus, width, level)
    return []


def hand_lines(update: Update, focus: Focus, width: int, level: int) -> list[Text]:
    hand = update.view["hand"]
    if hand is None:
        return []
    if not hand:  # one line: "(0 cards, worth 0)" and "(empty)" under it said it twice
        return [Text.assemble(("Your hand: ", "bold"), NO_CARDS)]
    worth = sum(CARD[c].value for c in hand)
    if level < -2:  # no row at all: the backs on your line above say its values
        return []
    if level < -1:  # the last resort, when the choices are elsewhere: i lists the cards
        cards = "1 card" if len(hand) == 1 else f"{len(hand)} cards"
        return [Text.assemble(("Your hand: ", "bold"), f"{cards}, worth {worth} (i lists them).")]
    if level < 0:  # no row to spare: the words on the cards' first line
        lines = labelled_cells(hand, f"Your hand, worth {worth}: ", update, focus, width)
        fewer = labelled_cells(hand, "Hand: ", update, focus, width)  # worth: on your line
        return fewer if len(fewer) < len(lines) else lines
    cards = "1 card" if len(hand) == 1 else f"{len(hand)} cards"
    label = f"Your hand ({cards}, worth {worth})"
    return cards_lines(hand, level, update, focus, width, label)


def taking_cells(
    update: Update, keys: Iterable[Hashable], current: Hashable | None
) -> frozenset[int]:
    """The Convention cells the row or column under the cursor would take for the hero
    already chosen; before a hero is chosen, the cards of the hero under the cursor (where
    they are decides the row to choose: nothing on the grid showed them)."""
    view = update.view
    if view["convention"] is None or view["location"] != "convention":
        return frozenset()
    grid = tuple(view["convention"]["grid"])
    hero = next((k[1] for k in keys if isinstance(k, tuple) and k[0] == "hero"), None)
    if hero is None and isinstance(current, tuple) and current[0] == "hero":
        return frozenset(
            i for i, card in enumerate(grid) if card and current[1] in CARD[card].heroes
        )
    if hero is None or not (isinstance(current, tuple) and current[0] == "line"):
        return frozenset()
    cards = set(line_take(grid, hero, current[1], current[2]))
    return frozenset(c for c in line_cells(current[1], current[2]) if grid[c] in cards)
