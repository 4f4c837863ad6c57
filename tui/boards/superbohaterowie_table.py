"""How the Superbohaterowie table is drawn: each city as a row of five card spaces, the hand
and piles, the series' tracks — pure functions from a view to lines of Rich text.

The board picks one of three city layouts by the room it has (``city_layout``): cards as
bordered boxes under the city's name ("large"), boxes with the name beside them ("side"),
or one line of card cells under the name ("compact", the floor at 80×24 with five cities).
Every face has its glyph and its word; the cursor is a heavy border (or brackets), a legal
place carries ◆, a card chosen for the move ✓, and a card another player placed since your
own last move "new" (in the compact layout the city's line names its new spaces).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from rich.text import Text

from core.games.superbohaterowie.data import (
    CITIES,
    CITY_SPACES,
    COVERS,
    ELEMENTS,
    NAMES,
    PLACED,
    a_card,
    kind_of,
)
from core.games.superbohaterowie.scoring import city_points, is_saved, raw_city_points
from core.table import Update
from tui.widgets.card import CHOSEN, TARGET, TRACK_GAP, CardBox, CardFace, CardRow, Track

FACES: dict[str, tuple[str, str, str]] = {
    # kind: (symbol, short word, style). Symbol and word always, colour as a bonus.
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
"""A compact city cell: ``[◆≈ Water     ]``."""
SIDE_LABEL = 17
"""The city name column of the "side" layout."""
MIN_BOX = 12
"""The narrowest card box: "✂ Chainsaw" fits inside."""


def full_word(kind: str) -> str:
    """A card's whole name with a capital: "Chainsaw superhero", "One-eagle card"."""
    name = NAMES[kind]
    return name[:1].upper() + name[1:]


def _glyph_word(kind: str) -> str:
    symbol, word, _ = FACES[kind]
    return f"{symbol} {word}"


def covers_words(kind: str) -> str:
    """What a card may be placed on, in words ("an empty space, a chainsaw or leaf
    superhero")."""
    under = [k for k in (*ELEMENTS, "joker", "spider") if k in COVERS.get(kind, ())]
    if kind == "joker":
        return "an empty space, any superhero, another Joker or a giant spider"
    if kind == "spider":
        return "an empty space or any element superhero (never a Joker or a spider)"
    names = " or ".join(k for k in under)
    return f"an empty space, or a {names} superhero"


def card_text(kind: str, series: bool = False) -> str:
    """A card's full text: its name and what it does (``series``: its points too)."""
    points = ""
    if kind in ELEMENTS:
        over = [k for k in ELEMENTS if kind in COVERS[k]]
        text = (
            f"{full_word(kind)}: goes on {covers_words(kind)}, which is discarded. "
            f"Covered by {' or '.join(over)} superheroes, Jokers and giant spiders."
        )
        points = " Points: 10 for the first of its element in a city, 5 for each further one."
    elif kind == "joker":
        text = (
            f"Joker, the American superhero: stands in for any missing superhero; goes on "
            f"{covers_words(kind)}."
        )
        points = " Points: 20."
    elif kind == "spider":
        text = f"Giant spider: goes on {covers_words(kind)}. A city holding one cannot be saved."
        points = " Points: -20 (a city never scores below 0)."
    else:
        text = {
            "small-explosion": "Small explosion: remove any one card from any city.",
            "large-explosion": "Large explosion: remove any two cards from one or two cities.",
            "one-eagle": "One-eagle card: move any card to a free space in another city.",
            "two-eagles": "Two-eagle card: swap two cards lying in two different cities.",
        }[kind]
    return text + (points if series else "")


def hand_card_lines(kind: str, series: bool) -> list[str]:
    """Lines for a card in hand, most useful first: where it goes (or what it does), what
    covers it, its points."""
    if kind in ELEMENTS:
        over = [k for k in ELEMENTS if kind in COVERS[k]]
        lines = [
            # Glyph words apart as on the line below (no commas): "on: empty, ♣ Leaf ✂
            # Chainsaw" is whole on a card 30 wide, where it was cut after "✂ Chains".
            "on: empty, " + " ".join(_glyph_word(k) for k in ELEMENTS if k in COVERS[kind]),
            "covered by " + " ".join(_glyph_word(k) for k in over),
        ]
        points = "10 pts first, 5 each more"
    else:
        lines = {
            "joker": ["on: any space, any card", "stands in for any hero"],
            # The glyph with its word: a bare "Ж" named nothing to a newcomer.
            "spider": ["on: empty or any superhero", "never on ★ Joker or Ж Spider"],
            "small-explosion": ["removes any 1 card", "from any city"],
            "large-explosion": ["removes any 2 cards", "from one or two cities"],
            "one-eagle": ["moves a card to a free", "space in another city"],
            "two-eagles": ["swaps two cards lying", "in two different cities"],
        }[kind]
        points = {"joker": "20 pts", "spider": "-20 pts"}.get(kind, "")
    if series and points:
        lines.append(points)
    return lines


def city_facts(kinds: Sequence[str | None], series: bool, room: int | None = None) -> str:
    """A city's progress in words: different superheroes (Jokers count), spiders, points
    ("2 of 5 different · 1 spider · 25 pts", the city's line). ``room``: the cells of the
    name column beside the cards, which says as many words as fit there ("2 of 5
    different, 1 spider, 25 points", else without the spiders, whose cards show, else
    "2 of 5, 25 pts"; the legend spells that out)."""
    cards = [k for k in kinds if k is not None]
    elements = {k for k in cards if k in ELEMENTS}
    jokers = cards.count("joker")
    spiders = cards.count("spider")
    different = min(CITY_SPACES, len(elements) + jokers)
    progress = f"{different} of 5 different"
    spider_words = f"{spiders} spider{'s' if spiders != 1 else ''}" if spiders else ""
    points = city_points(cards)
    below = " (below 0)" if raw_city_points(cards) < 0 else ""
    if room is None:
        parts = [progress, spider_words, f"{points} pts{below}" if series else ""]
        return " · ".join(filter(None, parts))
    # The form is chosen for the longest a city may say, so every city says the same.
    form = next(
        (
            form
            for form in range(len(_SIDE_FORMS) - 1)
            if len(_side_form(form, 5, 2, 100, series)) <= room
        ),
        len(_SIDE_FORMS) - 1,
    )
    return _side_form(form, different, spiders, points, series)


_SIDE_FORMS = (
    "{progress}, {spiders}, {points} points",
    "{progress}, {points} points",
    "{count}, {spiders}, {points} points",
    "{count}, {points} points",
    "{count}, {points} pts",
)
"""What the name column beside the cards says of a city, wordiest first: the spiders
go first (their cards show), then the word "different" (the legend says it)."""


def _side_form(form: int, different: int, spiders: int, points: int, series: bool) -> str:
    pattern = _SIDE_FORMS[form]
    if not series:
        pattern = pattern.replace(", {points} points", "").replace(", {points} pts", "")
    if not spiders:
        pattern = pattern.replace(", {spiders}", "")
    return pattern.format(
        progress=f"{different} of 5 different",
        count=f"{different} of 5",
        spiders=f"{spiders} spider{'s' if spiders != 1 else ''}",
        points=points,
    )


def city_words(kinds: Sequence[str | None], series: bool) -> str:
    """A city's progress as a sentence's words, nothing short: "2 of 5 different, 2 giant
    spiders (it cannot be saved while one stays), 25 points"."""
    cards = [k for k in kinds if k is not None]
    spiders = cards.count("spider")
    parts = [city_facts(kinds, False).split(" · ")[0]]
    if spiders:
        plural = "s" if spiders != 1 else ""
        parts.append(f"{spiders} giant spider{plural} (it cannot be saved while one stays)")
    if series:
        below = " (below 0 counts as 0)" if raw_city_points(cards) < 0 else ""
        parts.append(f"{city_points(cards)} points{below}")
    return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Marks:
    """What the cursor and the move being built put on one city or the hand."""

    legal: frozenset[Hashable] = frozenset()
    chosen: frozenset[Hashable] = frozenset()
    cursor: Hashable | None = None
    fresh: frozenset[Hashable] = frozenset()
    gone: frozenset[Hashable] = frozenset()
    """Spaces emptied since the player's own last move: "emptied" where "·" or "empty"."""
    dim_others: bool = False
    """Dim what is neither legal nor chosen (a card in hand that cannot be played now)."""


def city_label(update: Update, city: int, short: bool = False) -> Text:
    """ "▶ Berlin — Ala (your city) — SAVED": the turn, the city, its player (``short``:
    "(you)", and a bot's name without its level, where the line is short of room)."""
    view = update.view
    turn = "▶ " if city == view["turn"] and update.outcome is None and not view["waiting"] else ""
    label = Text(f"{turn}{view['city_names'][city]} — ", style="bold", no_wrap=True)
    name = update.names[city] if city < len(update.names) else f"Player {city + 1}"
    if short:
        bare = [_LEVEL.sub("", n) for n in update.names]
        if len(set(bare)) == len(bare):  # still one name for one player
            name = bare[city] if city < len(bare) else name
    label.append(name, style="bold" if city == update.seat else "")
    if city == update.seat:
        label.append(" (you)" if short else " (your city)")
    if city in view["winners"]:
        label.append(" — SAVED", style="bold")
    return label


CARD_LINES = 3
"""The most lines of text a city's card carries under its name (rows left over at
160x45 and more): what may cover it, in full where they fit."""


def city_card_lines(kind: str | None, inner: int, rows: int) -> tuple[str, ...]:
    """What a card lying in a city says under its name in ``rows`` lines ``inner`` cells
    wide: what may be placed on it (what a rival would cover it with), in full where it
    fits ("covered by ≈ Water ▲ Fire, ★ Joker or Ж Spider"), else the superheroes only, as
    a card in hand says it; a Joker or a spider also says what it does."""
    if kind is None or rows <= 0:
        return ()
    if kind in ELEMENTS:
        over = " ".join(_glyph_word(k) for k in ELEMENTS if kind in COVERS[k])
        forms = [f"covered by {over}, ★ Joker or Ж Spider", f"covered by {over}"]
    elif kind == "joker":
        forms = [
            "stands in for any superhero; covered by ★ Joker",
            "any superhero; covered by ★ Joker",
            "covered by ★ Joker",
        ]
    else:
        forms = [
            "a city holding it cannot be saved; covered by ★ Joker",
            "no saving its city; covered by ★ Joker",
            "covered by ★ Joker",
        ]
    for words in forms:
        lines = _wrap_glyphs(words, inner)
        if len(lines) <= rows:
            return tuple(lines)
    return ()  # a part of the words would mislead: the details line says them all


def _wrap_glyphs(words: str, width: int) -> list[str]:
    """``words`` wrapped to ``width``, never between a glyph and its word ("★" at the end
    of a line and "Joker" on the next read as two things)."""
    glyphs = {symbol for symbol, _, _ in FACES.values()}
    joined = words
    for glyph in glyphs:
        joined = joined.replace(f"{glyph} ", f"{glyph}\xa0")
    lines = textwrap.wrap(joined, max(1, width))
    return [line.replace("\xa0", " ") for line in lines]


def _box(
    kind: str | None, key: Hashable, marks: Marks, width: int, full: bool, rows: int = 0
) -> CardBox:
    legal, chosen = key in marks.legal, key in marks.chosen
    selected = marks.cursor == key
    if kind is None:
        return CardBox(
            "·",
            "free" if legal else "emptied" if key in marks.gone else "empty",
            width=width,
            height=1 + rows,
            legal=legal,
            selected=selected,
            dim=not legal and not selected,
            mark=CHOSEN if chosen else "",
        )
    symbol, word, style = FACES[kind]
    if full and len(full_word(kind)) + len(symbol) + 4 <= width:
        word = full_word(kind)
    room = width - 2 - (1 if legal else 0) - (2 if chosen else 0)
    if len(symbol) + 1 + len(word) > room:  # "✂Chainsaw": the glyph touches the word
        symbol, word = "", f"{symbol}{word}"
    return CardBox(
        symbol,
        word,
        city_card_lines(kind, width - 2, rows),
        style=style,
        width=width,
        height=1 + rows,
        legal=legal,
        selected=selected,
        fresh=key in marks.fresh,
        mark=CHOSEN if chosen else "",
    )


SIDE_BOX = 13
"""The card box the "side" layout keeps before its name column takes more cells."""
SIDE_LABEL_MOST = 40
"""The widest name column: its words whole ("2 of 5 different, 2 spiders, 25 points")."""


def side_label(width: int) -> int:
    """The cells of the "side" layout's name column on a board ``width`` cells wide: 17 at
    80 columns (the cards need the rest), more where the cards keep 13 cells each, so the
    city's progress is said in words (`city_facts`)."""
    spare = width - (SIDE_BOX * CITY_SPACES + CITY_SPACES - 1)
    return max(SIDE_LABEL, min(SIDE_LABEL_MOST, spare))


def grid_room(width: int, layout: str) -> int:
    """The cells the five spaces of a city share in ``layout``."""
    return width - (side_label(width) if layout == "side" else 0)


def box_width(width: int, layout: str) -> int:
    """The width of one city card box in ``layout`` for a board ``width`` cells wide: with
    a cell between boxes when that leaves them at least MIN_BOX, else touching."""
    room = grid_room(width, layout)
    spaced = (room - (CITY_SPACES - 1)) // CITY_SPACES
    return min(28, spaced if spaced >= MIN_BOX else room // CITY_SPACES)


def city_layout(width: int, room: int, cities: int, extra: int) -> str:
    """The roomiest city layout that fits ``room`` lines with ``extra`` lines beside it."""
    if cities * 4 + extra <= room:
        return "large"
    if cities * 3 + extra <= room and box_width(width, "side") >= MIN_BOX:
        return "side"
    return "compact"


def city_lines(
    update: Update, city: int, marks: Marks, width: int, layout: str, card_lines: int = 0
) -> list[Text]:
    """One city: its label and facts, then its five spaces in ``layout`` (``card_lines``:
    lines of text under each card's name, in the "large" layout)."""
    view = update.view
    cards = view["cities"][city]
    kinds = [None if c is None else kind_of(c) for c in cards]
    facts = city_facts(kinds, bool(view["series"]))
    if is_saved(kinds) and city not in view["winners"]:
        facts += " · complete"
    label = city_label(update, city)
    note = update.notes.get(city)
    keys = [("space", city, space) for space in range(CITY_SPACES)]
    if layout == "compact":
        row = Text("  ", no_wrap=True)
        for kind, key in zip(kinds, keys, strict=True):
            mark = CHOSEN if key in marks.chosen else TARGET if key in marks.legal else ""
            cursor = marks.cursor == key
            if kind is None:
                word = "free" if mark else "emptied" if key in marks.gone else "·"
                face = CardFace("", word, "dim", CELL_WIDTH, mark, cursor)
            else:
                symbol, word, style = FACES[kind]
                face = CardFace(symbol, word, style, CELL_WIDTH, mark, cursor)
            row.append_text(face.text())
        # A cell has no border to write "new" in: the city's line names its new spaces,
        # whole (it read "· 10 pts · new: spac…"): shorter words go first where needed.
        fresh = sorted(key[2] + 1 for key in keys if key in marks.fresh)
        new = ""
        if fresh:
            new = f" · new: {'space' if len(fresh) == 1 else 'spaces'} {', '.join(map(str, fresh))}"
        for short in range(4):
            # In turn: "different" (the legend says what "3 of 5" counts), "(below 0)"
            # (the details line says it), then "your city" and a bot's level.
            said = facts.replace(" of 5 different", " of 5") if short >= 1 else facts
            said = said.replace(" (below 0)", "") if short >= 2 else said
            head = city_label(update, city, short=short >= 3)
            head.append(f" · {said}", style="dim")
            head.append(new, style="bold")
            if head.cell_len <= width:
                break
        head.truncate(width, overflow="ellipsis")
        lines = [head, row]
        if note:
            lines.insert(1, _note_line(note, width))
        return lines
    rows = card_lines if layout == "large" else 0
    boxes = tuple(
        _box(kind, key, marks, box_width(width, layout), layout == "large", rows)
        for kind, key in zip(kinds, keys, strict=True)
    )
    room = grid_room(width, layout)
    gap = 1 if box_width(width, layout) * CITY_SPACES + (CITY_SPACES - 1) <= room else 0
    grid = CardRow(boxes, gap=gap).lines(room)
    if layout == "large":
        head = label.copy()
        head.append(f" · {facts}", style="dim")
        head.truncate(width, overflow="ellipsis")
        out = [head]
        if note:
            out.append(_note_line(note, width))
        return [*out, *grid]
    # The name column: the city, its player, its progress (and a note if any).
    view_turn = label.plain.startswith("▶ ")
    name = update.names[city] if city < len(update.names) else f"Player {city + 1}"
    who = Text(name, style="bold" if city == update.seat else "")
    if city == update.seat:
        who.append(" (you)")
    if city in view["winners"]:
        who.append(" SAVED", style="bold")
    side = [
        Text(f"{'▶ ' if view_turn else ''}{view['city_names'][city]}", style="bold"),
        who,
        Text(city_facts(kinds, bool(view["series"]), room=side_label(width) - 1), style="dim"),
    ]
    if note:
        side.append(Text(note, style="italic"))
    return beside([side, grid], [side_label(width), room])


def _note_line(note: str, width: int) -> Text:
    line = Text(f"    {note}", style="italic", no_wrap=True)
    line.truncate(width, overflow="ellipsis")
    return line


def beside(blocks: Sequence[Sequence[Text]], widths: Sequence[int]) -> list[Text]:
    """Blocks of lines side by side, each cut or padded to its width."""
    height = max(len(block) for block in blocks)
    out = []
    for row in range(height):
        line = Text(no_wrap=True)
        for block, width in zip(blocks, widths, strict=True):
            cell = block[row].copy() if row < len(block) else Text("")
            cell.truncate(width, overflow="ellipsis", pad=True)
            line.append_text(cell)
        out.append(line)
    return out


def guide_lines(width: int, rows: int, series: bool) -> list[Text]:
    """Exactly ``rows`` lines for the rows a big terminal leaves under the board: what
    every card does, a heading first, as many whole as fit, then how a game goes where
    rows are still left, the rest blank (at 160x45 the 18 rows under four cities were
    blank, at 200x60 the 17 under two). Rows left after all that part the superheroes,
    the Joker and spider, the action cards and the rules' sentences with a blank line
    each. Nothing here is needed for a decision: the details line says the card under
    the cursor in full."""
    if rows < 3:
        return [Text("") for _ in range(rows)]
    lines: list[Text] = [Text("What the cards do:", style="dim bold")]
    gaps: list[int] = []  # where a blank line may part two groups, if rows are left
    others = ("joker", "spider")
    actions = tuple(k for k in FACES if k not in ELEMENTS and k not in others)
    for group in (ELEMENTS, others, actions):
        if len(lines) > 1:
            gaps.append(len(lines))
        for kind in group:
            wrapped = _guide_wrap(f"{FACES[kind][0]} {card_text(kind, series)}", width)
            if len(lines) + len(wrapped) > rows:
                continue  # a shorter one may still fit
            lines += wrapped
    how = [_guide_wrap(sentence, width) for sentence in how_a_game_goes(series)]
    if len(lines) + 2 + sum(len(wrapped) for wrapped in how[:2]) <= rows:
        lines += [Text(""), Text("How a game goes:", style="dim bold")]
        for number, wrapped in enumerate(how):
            if len(lines) + len(wrapped) > rows:
                break  # in order: a later sentence leans on the ones before
            if number:
                gaps.append(len(lines))
            lines += wrapped
    if rows - len(lines) >= len(gaps):
        for at in reversed(gaps):
            lines.insert(at, Text(""))
    return lines + [Text("") for _ in range(rows - len(lines))]


def _guide_wrap(words: str, width: int) -> list[Text]:
    """One entry of the guide, wrapped under its first word."""
    wrapped = textwrap.wrap(words, max(1, width - 2), subsequent_indent="  ")
    return [Text(f"  {line}", style="dim") for line in wrapped]


def how_a_game_goes(series: bool) -> list[str]:
    """The rules in a few sentences, for the guide under the board."""
    end = (
        "After each game every city scores points (the first superhero of an element 10, "
        "each further one 5, a Joker 20, a giant spider -20, never below 0); the highest "
        "total after the last game wins."
        if series
        else "The first player to save their city wins."
    )
    return [
        "A city is saved when its five spaces hold five different superheroes: a Joker "
        "stands in for any missing one, and a city holding a giant spider cannot be saved.",
        end,
        "On your turn you play one of your two cards, then draw back to two. When neither "
        "can be played you discard both, and draw two new ones at the start of your next "
        "turn.",
        "Explosions and eagles work on any city, your own too, and go to the discard pile "
        "once played.",
        "A card placed on another one discards it. When the draw pile runs out, the "
        "discard pile is shuffled into a new one.",
    ]


HAND_LABEL = "Your hand "


def hand_lines(update: Update, marks: Marks, width: int, rule_lines: int) -> list[Text]:
    """Your two cards (with up to ``rule_lines`` lines of what each does) after the label
    "Your hand", the cursor's card between [ ] as well as in a heavy border; the piles
    beside them when there is room: the draw pile face down, the discard pile's top card."""
    view = update.view
    hand = view["hand"]
    if hand is None:
        return []
    label_width = len(HAND_LABEL)
    pile_width = 16
    # The piles' cards only beside cards 30 wide, whose rule lines are whole (the line
    # under the board names the piles anyway): at 160x45 they left the cards 26 wide.
    piles = width - label_width >= 2 * 30 + 3 + 2 * pile_width + 3
    room = width - label_width - (2 * pile_width + 3 if piles else 0)
    # Without rows for the rules (80x24, four or five cities) a card says where it goes
    # in its bottom edge, which takes two cells more for a fire or water superhero's.
    card_width = max(16, min(30 if rule_lines else 32, (room - 3) // 2))
    faces: list[list[Text]] = []
    for card in hand:
        kind = kind_of(card)
        key = ("card", card)
        symbol, _, style = FACES[kind]
        lines = tuple(hand_card_lines(kind, bool(view["series"]))[:rule_lines])
        box = CardBox(
            symbol,
            full_word(kind),
            lines,
            style=style,
            width=card_width,
            height=1 + rule_lines,
            legal=key in marks.legal,
            selected=marks.cursor == key,
            mark=CHOSEN if key in marks.chosen else "",
            dim=marks.dim_others and key not in marks.legal and key not in marks.chosen,
        )
        drawn = box.rows()
        if not rule_lines:
            drawn[-1] = _edge_words(drawn[-1], hand_edge_words(kind, card_width - 4))
        faces.append(drawn)
    height = 3 + rule_lines
    if not faces:
        faces = [[Text(""), Text("(no cards: you draw two next turn)", style="dim")]]
    cursor = next((i for i, card in enumerate(hand) if marks.cursor == ("card", card)), None)
    rows = []
    for row in range(height):
        line = Text(HAND_LABEL if row == 1 else " " * label_width, style="bold", no_wrap=True)
        for index, face in enumerate(faces):
            edge = " "
            if row == 1 and cursor is not None:
                edge = "[" if index == cursor else "]" if index == cursor + 1 else " "
            line.append(edge, style="bold")
            line.append_text(face[row] if row < len(face) else Text(""))
        line.append("]" if row == 1 and cursor == len(faces) - 1 else " ", style="bold")
        rows.append(line)
    if piles:
        boxes = CardRow(pile_boxes(update, pile_width, height - 2), gap=1).lines(2 * pile_width + 1)
        rows = beside(
            [rows, [Text("")], boxes], [width - 2 * pile_width - 3, 2, 2 * pile_width + 1]
        )
    return rows


def hand_edge_words(kind: str, room: int) -> str:
    """Where a card in hand goes (or what it does) in ``room`` cells, for its bottom edge
    when the hand has no rows for its rules: "on: empty, ♣ Leaf ~ Wind" ("★ Joker" and
    "✂ Chainsaw superhero" alone said nothing of where they go)."""
    forms = [hand_card_lines(kind, False)[0]]
    if kind in ELEMENTS:
        covers = [_glyph_word(k) for k in ELEMENTS if k in COVERS[kind]]
        forms += [f"on: empty, {' '.join(covers)}", f"empty, {' '.join(covers)}"]
    else:
        forms += [
            {
                "joker": "on any card or space",
                "spider": "on empty or any hero",
                "small-explosion": "removes any 1 card",
                "large-explosion": "removes any 2 cards",
                "one-eagle": "moves a card",
                "two-eagles": "swaps 2 cards",
            }[kind]
        ]
    return next((form for form in forms if len(form) <= room), "")


def _edge_words(edge: Text, words: str) -> Text:
    """A card's bottom edge with ``words`` in it after its corner ("╰ on: empty, … ─╯"),
    in the edge's own style."""
    if not words:
        return edge
    plain = edge.plain
    said = f" {words} "
    out = Text(plain[0] + said + plain[1 + len(said) :], style=edge.style, no_wrap=True)
    for span in edge.spans:
        out.stylize(span.style, span.start, span.end)
    return out


def pile_boxes(update: Update, width: int, height: int) -> tuple[CardBox, ...]:
    """The draw pile (face down, with its count) and the discard pile (its top card)."""
    view = update.view
    draw = CardBox("", f"Draw {view['draw_pile']}", width=width, height=height, face_down=True)
    if view["discard"]:
        kind = kind_of(view["discard"][-1])
        symbol, word, style = FACES[kind]
        # The pile's name on the title row, the card under it: the hand's row names only
        # the hand's cards.
        top = CardBox(
            "",
            f"Discard {len(view['discard'])}",
            (f"{symbol} {word}",),
            style=style,
            width=width,
            height=height,
        )
    else:
        top = CardBox("", "Discard 0", ("empty",), width=width, height=height, dim=True)
    return draw, top


def info_line(update: Update, series_inline: bool) -> Text:
    """The piles in words, and the series' totals when they have no track of their own."""
    view = update.view
    top = f" (top: {NAMES[kind_of(view['discard'][-1])]})" if view["discard"] else ""
    info = Text(f"Draw pile {view['draw_pile']} · Discard {len(view['discard'])}{top}", style="dim")
    if view["series"] and series_inline:
        totals = series_totals(view)
        scores = ", ".join(f"{n} {t}" for n, t in zip(update.names, totals, strict=False))
        # In words: "Game 1/1 · Ala 0" read as a score of 1 to 0.
        info.append(f" · Game {view['game_number']} of {view['series']} · points: {scores}")
    return info


def series_totals(view: dict[str, object]) -> list[int]:
    """Each seat's points over the finished games of the series."""
    results = view["results"]
    assert isinstance(results, list)
    players = view["players"]
    assert isinstance(players, int)
    return [sum(game[s] for game in results) for s in range(players)]


def series_lines(update: Update, width: int, both: bool) -> list[Text]:
    """The series as tracks: total points with each city's initial under its total, and
    (``both``) the games of the series with the one being played marked."""
    view = update.view
    totals = series_totals(view)
    marks = tuple((total, view["city_names"][s][0]) for s, total in enumerate(totals))
    label = f"Game {view['game_number']} of {view['series']} · totals"
    top = max(10, *totals)
    lines = Track(label, 0, top, marks, cell=3).lines(width)
    if any(TRACK_GAP in line.plain or "…" in line.plain for line in lines):
        # One cell a point: past a dozen points the track skipped stretches ("0 │…  45│…
        # 70│"), which read as cut text. The totals in words instead, each by its name.
        lines = totals_lines(update, totals, width)
    if both:
        games = tuple(
            (n, "▲" if n == view["game_number"] else "✓") for n in range(1, view["game_number"] + 1)
        )
        lines = [*Track("Series games", 1, view["series"], games).lines(width), *lines]
    return lines


def totals_lines(update: Update, totals: Sequence[int], width: int) -> list[Text]:
    """The series' totals in words on two rows ``width`` wide ("Game 2 of 3 · totals after
    1 game: Ala 45, Bot 2 (normal) 70"), on one where they fit it, a bot's level left out
    if that makes them fit and still names one player; a name and its total never apart."""
    view = update.view
    done = len(view["results"])
    label = f"Game {view['game_number']} of {view['series']} · totals after {done} game"
    label += "s" if done != 1 else ""
    bare = [_LEVEL.sub("", name) for name in update.names]
    forms = [list(update.names)]
    if len(set(bare)) == len(bare):
        forms.append(bare)
    rows: list[str] = []
    # One row if either form fits it, else two: a name and its total never apart.
    for most, names in [(most, names) for most in (1, 2) for names in forms]:
        said = ", ".join(f"{n} {t}".replace(" ", NBSP) for n, t in zip(names, totals, strict=False))
        rows = [row.replace(NBSP, " ") for row in textwrap.wrap(f"{label}: {said}", width)]
        if len(rows) <= most:
            break
    lines = [Text(row, no_wrap=True) for row in rows[:2]]
    lines[0].stylize("bold", 0, len(label))
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines + [Text("") for _ in range(2 - len(lines))]


# -- what the others did since your move ---------------------------------------------------

PLAYS = frozenset({"place", "explode", "move", "swap", "discard-hand"})
"""The event types of a player's play (a card placed or played, a hand discarded)."""

_PLACE_AT = re.compile(rf"\b({'|'.join(CITIES)}) \((?:[^()]|\([^()]*\))*\), space (\d)")
"""A space as the log says it: "Tokyo (Bot 4 (normal)), space 1"."""
_SPACE_NUMBER = re.compile(r", space \d")
"""A space's number after its city, left out where the line has no room."""
_BLOWN_FROM = re.compile(rf" in (?:{'|'.join(CITIES)})\b")
"""Another player's city an explosion took a card from (not "in your Berlin")."""
_LEVEL = re.compile(r" \([^()]*\)$")
"""A bot's level after its name: "Bot 2 (normal)"."""

_FORMS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"places (?P<card>.+?) in (?P<at>.+?)(?:, covering (?P<under>.+))?"),
        "placed {card} in {at}{over}",
        "placed {card} in {at}",
    ),
    (
        re.compile(r"plays an? (?:small|large) explosion, removing (?P<what>.+)"),
        "blew up {what}",
        "blew up {what}",
    ),
    (
        re.compile(
            r"plays an? one-eagle card, moving (?P<card>.+?) from (?P<at>.+?) to (?P<to>.+)"
        ),
        "moved {card} from {at} to {to}",
        "moved {card} from {at} to {to}",
    ),
    (
        re.compile(
            r"plays an? two-eagle card, swapping (?P<card>.+?) in (?P<at>.+?)"
            r" with (?P<other>.+?) in (?P<to>.+)"
        ),
        "swapped {card} in {at} with {other} in {to}",
        "swapped {card} in {at} with {other} in {to}",
    ),
    (
        re.compile(r"cannot play and discards (?P<what>.+)"),
        "discarded {what}: neither could be played",
        "discarded both cards",
    ),
)
"""A play's log text (after its player's name, cards and spaces said short) → what the
"since your move" line says: in full, then shorter for a line with less room (where a
card went or came from stays: "moved ★ Joker from your Berlin" is what matters)."""


def _short_cards(text: str) -> str:
    """The cards of a log text as the cities show them: "a fire superhero" → "▲ Fire"."""
    for kind in sorted(FACES, key=lambda k: -len(a_card(k))):
        symbol, word, _ = FACES[kind]
        if kind in PLACED:
            text = text.replace(a_card(kind), f"{symbol} {word.title()}")
    return text


def play_words(text: str, cities: Sequence[str], own: int | None) -> tuple[str, str]:
    """A play's log text, its player's name taken off ("places a fire superhero in Tokyo
    (Bot 4), space 1, covering a water superhero"), as the line says it, in full and
    short: ("placed ▲ Fire in Tokyo, space 1, over ≈ Water", "placed ▲ Fire in Tokyo,
    space 1"). ``own``: the reader's city, said "your Berlin"."""

    def at(match: re.Match[str]) -> str:
        city = match[1]
        yours = own is not None and own < len(cities) and cities[own] == city
        return f"{'your ' if yours else ''}{city}, space {match[2]}"

    said = _short_cards(_PLACE_AT.sub(at, text.strip().rstrip(".")))
    for pattern, full, short in _FORMS:
        found = pattern.fullmatch(said)
        if found is None:
            continue
        parts = {k: v or "" for k, v in found.groupdict().items()}
        if "what" in parts and pattern.pattern.startswith("plays"):
            parts["what"] = parts["what"].replace(" from ", " in ")  # "≈ Water in Berlin"
        under = parts.get("under", "")
        parts["over"] = f", over {under}" if under else ""
        return full.format(**parts), short.format(**parts)
    return said, said


SINCE_MINE = "Since your move:"
SINCE_START = "This game so far:"
"""How the line begins: after the reader's own move, or before they have made one in this
game (the others played first)."""


def since_words(
    events: Sequence[dict[str, object]], names: Sequence[str], seat: int, cities: Sequence[str]
) -> tuple[str, list[tuple[str, str, str]]]:
    """The plays of the others since ``seat``'s own last play of this game, oldest first,
    from the log's events (names in: "You …" or the player's name): how the line begins
    (`SINCE_MINE`, or `SINCE_START` when the reader has not played in this game yet) and
    (who, in full, short) a play. No plays when nobody else has played since."""
    plays: list[tuple[str, str, str]] = []
    by_length = sorted(range(len(names)), key=lambda s: -len(names[s]))
    label = SINCE_START
    for event in reversed(events):
        text = str(event.get("text", ""))
        if event.get("type") == "deal":
            break  # a game of a series began: what came before is another game's
        if event.get("type") not in PLAYS:
            continue
        who = next((s for s in by_length if text.startswith(f"{names[s]} ")), None)
        if text.startswith("You ") or who == seat:
            label = SINCE_MINE
            break
        if who is None:
            continue
        full, short = play_words(text[len(names[who]) + 1 :], cities, seat)
        plays.append((names[who], full, short))
    plays.reverse()
    return label, plays


NBSP = "\u00a0"


_SYMBOL_SPACE = re.compile("(" + "|".join(re.escape(f[0]) for f in FACES.values()) + ") ")
"""A card's symbol and the space after it, before its name ("Ж Spider")."""


def _rows(text: str, width: int) -> list[str]:
    """``text`` wrapped at its spaces to ``width``, no-break spaces made plain again; a
    card's symbol never ends a row ("blew up Ж" / "Spider in New York" was read)."""
    glued = _SYMBOL_SPACE.sub(lambda m: m[1] + NBSP, text)
    return [line.replace(NBSP, " ") for line in textwrap.wrap(glued, width)]


def since_line(
    plays: Sequence[tuple[str, str, str]], width: int, rows: int, label: str = SINCE_MINE
) -> Text:
    """ "Since your move: Bot 2 placed ▲ Fire in Tokyo, space 1; Bot 3 blew up …." in
    ``rows`` lines of ``width`` at most: the plays in full where they fit, else short, a
    bot's level left out of its name when that still names one player; the last resort
    ends "…" (H shows the whole history)."""
    bare = [_LEVEL.sub("", who) for who, _, _ in plays]
    unique = len(set(bare)) == len(bare) and not set(bare) & {who for who, _, _ in plays}
    # A name is never cut at the end of a row ("Bot" / "4 blew up…"): its spaces do not
    # break while wrapping (`_rows`), and are plain spaces again on the screen.
    names = [name.replace(" ", NBSP) for name in (bare if unique else [w for w, _, _ in plays])]
    said = ""
    # In full, then short, then without the spaces' numbers (the city's line names its
    # new spaces), then as many plays as fit, the rest left to the history (H).
    forms = [
        [f"{name} {play[1]}" for name, play in zip(names, plays, strict=True)],
        [f"{name} {play[2]}" for name, play in zip(names, plays, strict=True)],
    ]
    forms.append([_SPACE_NUMBER.sub("", part) for part in forms[-1]])
    # Then what an explosion took, without where from unless it was your city (the
    # cities' lines say "emptied").
    forms.append([_BLOWN_FROM.sub("", p) if " blew up " in p else p for p in forms[-1]])
    for parts in forms:
        said = f"{label} " + "; ".join(parts) + "."
        if len(_rows(said, width)) <= rows:
            break
    else:
        parts = forms[-1]
        while len(parts) > 1 and len(_rows(said, width)) > rows:
            parts = parts[:-1]
            said = f"{label} " + "; ".join(parts) + "; more in the history (H)."
    lines = _rows(said, width)[:rows]
    text = Text("\n".join(lines), no_wrap=True)
    text.stylize("bold", 0, len(label))
    return text
