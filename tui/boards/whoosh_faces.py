"""The Whoosh table drawn as cards: Monster cards, revealed Weapons & Spells, piles, rows.

Pure functions of the public view and a `Plan` (the sizes picked for the room the board
has), each returning lines of styled text; the board puts each part in a Static that
redraws only when that part's content changed. Symbols always come as glyph and word
("†sword"), so no fact is told by colour alone.

A Monster card (its top edge names the hands on it, its bottom edge its tie number, "new"
when it just arrived, and the Monsters left in its pile)::

    ╭─ hand: Olek ──────────╮
    │1 Storm Titan     5 pts│
    │3×ϟlightning »bow ✻ice │
    │†sword                 │
    ╰tie 15── new ───4 left─╯
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from rich.style import Style
from rich.text import Text

from core.games.whoosh.data import STAFF, is_failed, shown_symbol, symbols_of
from tui.widgets.card import BACK, FRESH, CardBox

GLYPHS: dict[str, tuple[str, str]] = {
    # symbol: (one-cell glyph, colour). Never an emoji: those may take two cells.
    "sword": ("†", "bold"),
    "bow": ("»", "bold green"),
    "axe": ("Ƭ", "bold yellow"),
    "fire": ("▲", "bold red"),
    "ice": ("✻", "bold cyan"),
    "lightning": ("ϟ", "bold magenta"),
    STAFF: ("✦", "bold blue"),
}
FAILED = "✗"
TURN = "▶"
CAUGHT = "★"
JUST = "◂"
"""After the card just revealed, in a one-line row (a card box says "new" instead)."""

FLAT_CARDS = 12
"""At most this many of a player's newest revealed cards are drawn on a one-line row."""


# -- symbols and cards as text -------------------------------------------------------------------


def glyph_word(symbol: str) -> Text:
    """``†sword``: a symbol's glyph and word, in its colour."""
    glyph, style = GLYPHS[symbol]
    return Text(f"{glyph}{symbol}", style=style)


def card_text(card: str) -> Text:
    """A revealed card as glyphs and words: ``†sword``, ``»bow+▲fire`` (a Combo counts as
    both), ``✦staff (any)``, and a Failed Attack struck through and marked ``✗… failed``."""
    if is_failed(card):
        text = Text(FAILED, style="bold")
        text.append(shown_symbol(card), style="strike dim")
        text.append(" failed", style="italic")
        return text
    symbols = symbols_of(card)
    if symbols == (STAFF,):
        glyph, style = GLYPHS[STAFF]
        return Text(f"{glyph}staff (any)", style=style)
    text = Text()
    for index, symbol in enumerate(symbols):
        if index:
            text.append("+")
        text.append_text(glyph_word(symbol))
    return text


ORDER = {symbol: index for index, symbol in enumerate(GLYPHS)}
"""Symbols in the order "Out in all" lists them: a Monster lists its needs in the same
order, so the eye compares the two left to right."""


def in_order(symbols: Sequence[str]) -> list[tuple[str, int]]:
    """Each kind of symbol with its count, in the order "Out in all" lists them."""
    return sorted(Counter(symbols).items(), key=lambda item: ORDER[item[0]])


def needs_tokens(symbols: Sequence[str]) -> list[Text]:
    """A Monster's required symbols, repeats counted: ``2×†sword``, ``▲fire``."""
    tokens = []
    for symbol, count in in_order(symbols):
        token = Text(f"{count}×" if count > 1 else "", style="bold")
        token.append_text(glyph_word(symbol))
        tokens.append(token)
    return tokens


def needs_text(symbols: Sequence[str]) -> Text:
    """A Monster's required symbols on one line: ``2×†sword ▲fire``."""
    return Text(" ").join(needs_tokens(symbols))


def _wrap_tokens(tokens: Sequence[Text], width: int) -> list[Text]:
    """Tokens on lines of at most ``width`` cells, a space between tokens on a line."""
    lines: list[Text] = [Text()]
    for token in tokens:
        line = lines[-1]
        if line.cell_len and line.cell_len + 1 + token.cell_len > width:
            lines.append(Text())
            line = lines[-1]
        if line.cell_len:
            line.append(" ")
        line.append_text(token)
    return lines


# -- the plan: what size of everything fits the room ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """How the board draws itself in ``width`` columns (content) and the lines it may use."""

    width: int
    boxed_rows: bool
    """Each player's pile and revealed cards as bordered cards (3 lines a player); else
    one line a player with cards as ``[†sword]``."""
    monster_body: int
    """Lines inside a Monster card's border, its title line included: 7 gives each kind of
    symbol a line of its own ("ϟlightning ×3"), 3 wraps them on two lines."""
    news_lines: int
    prompt: bool
    details: bool
    name_width: int
    card_body: int = 1
    """Lines inside a revealed card: 1 (``│»bow+▲fire│``), or 2 (glyphs over words)."""
    gap: int = 0
    """Blank lines between two players' boxed rows."""

    @property
    def grouped(self) -> bool:
        return self.monster_body > 3

    @property
    def monster_width(self) -> int:
        return min(38, (self.width - 2) // 3)

    def height(self, players: int) -> int:
        """The lines the board takes with this plan (a note never adds any)."""
        if self.boxed_rows:
            rows = players * (self.card_body + 2) + (players - 1) * self.gap
        else:
            rows = players
        return 2 + self.monster_body + 1 + rows + self.news_lines + self.prompt + self.details


TALL, SHORT = 7, 3
"""Monster card bodies: a line for each kind of symbol (six at most) under the title, or
the symbols wrapped on two lines (every Monster fits two at 80 columns)."""


def plan_for(width: int, room: int, players: int, labels: Sequence[str]) -> Plan:
    """The roomiest plan that fits ``room`` lines at ``width`` columns: boxed rows before
    tall Monster cards; with one-line rows and short cards, the prompt and details lines
    give way last (the banner and the footer say what the prompt says; the details line is
    only needed when something is cut or highlighted)."""
    width = max(40, width)
    news = 1 if width >= 120 else 2
    name_width = min(max((len(label) for label in labels), default=8), 22 if width >= 100 else 16)
    roomy = [Plan(width, True, TALL, news, True, True, name_width, 2, gap) for gap in (1, 0)]
    for plan in roomy:  # at 120 x 40 and more: tall cards, a line between players
        if plan.height(players) <= room:
            return plan
    plan = roomy[-1]
    for boxed, body in ((True, TALL), (True, SHORT), (False, TALL), (False, SHORT)):
        # Tall Monster cards only with room to spare, boxed rows not at the cost of the
        # prompt: a newcomer reads there what to press.
        extras: tuple[tuple[bool, bool], ...] = (
            ((True, True),) if body == TALL else ((True, True), (True, False))
        )
        if not boxed and body == SHORT:
            extras += ((False, False),)
        for prompt, details in extras:
            plan = Plan(width, boxed, body, news, prompt, details, name_width)
            if plan.height(players) <= room:
                return plan
    return plan


# -- Monster cards --------------------------------------------------------------------------------


def _edge(inner: int, pieces: Sequence[tuple[str, str]], line: str) -> str:
    """A border of ``inner`` cells of ``line`` with labels placed "left", "middle" or
    "right"; a label that would overlap another is left out."""
    cells = list(line * inner)
    taken = [False] * inner
    for where, label in pieces:
        size = len(label)
        if size > inner:
            continue
        start = {"left": min(1, inner - size), "middle": (inner - size) // 2}.get(
            where, max(0, inner - size - 1)
        )
        if any(taken[start : start + size]):
            continue
        cells[start : start + size] = label
        taken[start : start + size] = [True] * size
    return "".join(cells)


class MonsterFace(NamedTuple):
    """What a Monster card shows (hashable: the board redraws a card only when it changed)."""

    name: str
    symbols: tuple[str, ...]
    value: int
    tie: int
    pile: int


def monster_face(monster: dict[str, Any] | None) -> MonsterFace | None:
    """The card of a Monster in the view (None: its slot is empty)."""
    if monster is None:
        return None
    return MonsterFace(
        monster["name"],
        tuple(monster["symbols"]),
        monster["value"],
        monster["tie"],
        monster["pile"],
    )


def monster_card(
    slot: int,
    monster: MonsterFace | None,
    plan: Plan,
    *,
    fresh: bool = False,
    hands: Sequence[str] = (),
    selected: bool = False,
) -> list[Text]:
    """Monster ``slot`` as a card of ``plan.monster_width`` × ``plan.monster_body + 2``."""
    width, body = plan.monster_width, plan.monster_body
    inner = width - 2
    if monster is None:
        box = CardBox(
            "",
            f"{slot + 1} no Monster",
            ("its pile is", "used up"),
            width=width,
            height=body,
            dim=True,
            selected=selected,
        )
        return box.rows()
    points = f"{monster.value} pt{'s' if monster.value != 1 else ''}"
    word = monster.name.ljust(max(0, inner - len(f"{slot + 1} ") - len(points))) + points
    tokens = needs_tokens(monster.symbols)
    lines: list[Text]
    if plan.grouped:
        lines = []
        for token in tokens:  # one kind a line, counted as everywhere: "2×†sword"
            lines.append(Text("  ").append_text(token))
    else:
        lines = _wrap_tokens(tokens, inner)
    tie = tie_words(monster.tie, inner) if len(lines) < body - 1 else None
    texts = [line.plain for line in lines]
    if tie is not None:  # on the body's last line, under the symbols
        texts += [""] * (body - 2 - len(lines)) + [tie]
    box = CardBox(str(slot + 1), word, tuple(texts), width=width, height=body, selected=selected)
    rows = box.rows()
    if tie is not None:
        rows[body].stylize("dim", 1, 1 + len(tie))
    for index, line in enumerate(lines[: body - 1]):
        row = rows[2 + index]
        for span in line.spans:
            row.stylize(span.style, 1 + span.start, 1 + span.end)
    tl, h, tr, _, bl, br = (
        ("┏", "━", "┓", "┃", "┗", "┛") if selected else ("╭", "─", "╮", "│", "╰", "╯")
    )
    edge = Style(bold=selected)
    if hands:
        label = f" hand{'s' if len(hands) > 1 else ''}: {', '.join(hands)} "
        if len(label) > inner - 1:
            label = label[: inner - 2] + "… "
        top = Text(tl + h, style=edge)
        top.append(label, style="bold reverse")
        top.append(h * (inner - 1 - len(label)) + tr, style=edge)
        rows[0] = top
    pieces = [("right", f"{monster.pile} left")]
    if tie is None:
        pieces.insert(0, ("left", f"tie {monster.tie}"))
    if fresh:
        pieces.append(("middle", f" {FRESH} "))
    rows[-1] = Text(bl + _edge(inner, pieces, h) + br, style=edge)
    return rows


def tie_words(tie: int, room: int) -> str:
    """A Monster's tie number and what it is for, as long as ``room`` lets it be: of two
    hands landing on different Monsters at the same moment, the one on the higher number
    counts (the rulebook's "number on the bottom left")."""
    for words in (
        f"tie-break {tie}: the higher wins",
        f"tie {tie}: the higher wins",
        f"tie {tie} (higher wins)",
    ):
        if len(words) <= room:
            return words
    return f"tie {tie}"


def side_by_side(cards: Sequence[Sequence[Text]], gap: int = 1) -> list[Text]:
    """Cards of the same height next to each other."""
    out = []
    for row in range(max((len(card) for card in cards), default=0)):
        line = Text(no_wrap=True)
        for index, card in enumerate(cards):
            if index:
                line.append(" " * gap)
            line.append_text(card[row] if row < len(card) else Text(" " * card[0].cell_len))
        out.append(line)
    return out


# -- revealed cards and piles ---------------------------------------------------------------------


@lru_cache(maxsize=1024)
def revealed_box(card: str, *, fresh: bool = False, body: int = 1) -> tuple[Text, ...]:
    """A revealed card as a small bordered card: ``│»bow+▲fire│``, "new" under it when it
    was just revealed, a dashed edge for a Failed Attack (it counts as nothing). With a
    ``body`` of 2 the glyphs stand large on a line of their own above the words."""
    face = card_text(card)
    width = revealed_width(card, body)
    if body < 2:
        rows = CardBox("", face.plain, width=width, fresh=fresh, dim=is_failed(card)).rows()
        for span in face.spans:
            rows[1].stylize(span.style, 1 + span.start, 1 + span.end)
        return tuple(rows)
    glyphs, words = _glyphs_and_words(card)
    inner = width - 2
    glyphs, words = (
        Text.assemble(" " * ((inner - line.cell_len) // 2), line) for line in (glyphs, words)
    )
    rows = CardBox(
        "", glyphs.plain, (words.plain,), width=width, fresh=fresh, dim=is_failed(card)
    ).rows()
    for row, line in ((1, glyphs), (2, words)):
        for span in line.spans:
            rows[row].stylize(span.style, 1 + span.start, 1 + span.end)
    return tuple(rows)


@lru_cache(maxsize=1024)
def revealed_width(card: str, body: int = 1) -> int:
    """How wide `revealed_box` draws ``card`` (without drawing it)."""
    if body < 2:
        return max(7, card_text(card).cell_len + 2)
    glyphs, words = _glyphs_and_words(card)
    return max(7, glyphs.cell_len + 2, words.cell_len + 2)


def _glyphs_and_words(card: str) -> tuple[Text, Text]:
    """A card's glyphs (spaced) and its words: ``» + ▲`` over ``bow+fire``."""
    if is_failed(card):
        symbol = shown_symbol(card)
        glyphs = Text(f"{FAILED} ", style="bold")
        glyphs.append(GLYPHS[symbol][0], style="strike dim")
        words = Text(symbol, style="strike dim")
        words.append(" failed", style="italic")
        return glyphs, words
    symbols = symbols_of(card)
    glyphs, words = Text(), Text()
    for index, symbol in enumerate(symbols):
        glyph, style = GLYPHS[symbol]
        if index:
            glyphs.append(" + ")
            words.append("+")
        glyphs.append(glyph, style=style)
        words.append(symbol if symbol != STAFF else "staff (any)", style=style)
    return glyphs, words


def revealed_flat(card: str, *, fresh: bool = False) -> Text:
    """A revealed card on a one-line row: ``[†sword]``, ``[†sword]◂`` just revealed."""
    text = Text("[")
    text.append_text(card_text(card))
    text.append("]")
    if fresh:
        text.stylize("reverse bold")
        text.append(JUST, style="bold")
    return text


@lru_cache(maxsize=256)
def pile_box(size: int, *, selected: bool = False, body: int = 1) -> tuple[Text, ...]:
    """A player's face-down pile with its count on the back: ``│░ 27 ░│``."""
    word = str(size) if size else "empty"
    return tuple(
        CardBox(
            "",
            word,
            width=max(8, len(word) + 4),
            height=body,
            face_down=bool(size),
            dim=not size,
            selected=selected,
        ).rows()
    )


def pile_flat(size: int, *, selected: bool = False) -> Text:
    """A pile on a one-line row: ``░27``."""
    text = Text(f"{BACK}{size:<2}")
    if selected:
        text.stylize("reverse bold")
    return text


def stats_text(captured: int, mistakes: int, score: int) -> Text:
    """Captures, mistakes and points: ``★2 ✗1  5 pts``."""
    text = Text(f"{CAUGHT}{captured}", style="bold" if captured else "dim")
    text.append(" ")
    text.append(f"{FAILED}{mistakes}", style="bold" if mistakes else "dim")
    shown = f"{score:>2}".replace("-", "−")  # a minus sign, not a hyphen
    text.append(f" {shown} pt{'s' if abs(score) != 1 else ' '}")
    return text


def _count(number: int, word: str) -> str:
    """2 → "2 captures", 1 → "1 capture", -1 → "−1 point"."""
    return f"{number} {word}{'' if abs(number) == 1 else 's'}".replace("-", "−")


def stats_words(captured: int, mistakes: int) -> Text:
    """Captures and mistakes in words: ``2 captures, 1 mistake`` (a count above zero bold)."""
    text = Text(_count(captured, "capture"), style="bold" if captured else "dim")
    text.append(", ")
    text.append(_count(mistakes, "mistake"), style="bold" if mistakes else "dim")
    return text


def points_text(score: int) -> Text:
    """A player's points in words: ``5 points``, ``−1 point``."""
    return Text(_count(score, "point"), style="bold")


FLAT_WORDS = 50
"""Cells a one-line row's counts in words take (padded, so the cards start in a column):
"27 cards in pile, 1 capture, 12 mistakes, −11 points"."""
WORDED_ROOM = 30
"""Cells a one-line row keeps for its revealed cards when it says its counts in words."""
BOXED_WORDS = 26
"""The width of a boxed row's name column when it says its counts in words."""
BOXED_ROOM = 36
"""Cells a boxed row keeps for its revealed cards when it says its counts in words."""


def flat_words(plan: Plan) -> bool:
    """Whether one-line rows have room for their counts in words (from about 104 columns)."""
    return plan.width - (plan.name_width + 3) - FLAT_WORDS - 1 >= WORDED_ROOM


def boxed_words(plan: Plan) -> bool:
    """Whether boxed rows have room for their counts in words (78 columns have)."""
    width = max(plan.name_width + 3, BOXED_WORDS)
    return plan.width - width - pile_width(99) - 2 >= BOXED_ROOM


def pile_width(size: int) -> int:
    """How wide `pile_box` draws a pile of ``size``."""
    return max(8, len(str(size) if size else "empty") + 4)


class RowFace(NamedTuple):
    """What a player's row shows (hashable: a row redraws only when it changed)."""

    label: str
    """Their name, "(you)" after it for the one player at this keyboard."""
    local: bool
    keys: str
    """Their key group at a shared keyboard, e.g. "[z|asd]", else ""."""
    turn: bool
    pile: int
    cards: tuple[str, ...]
    fresh: bool
    """Their last revealed card is the one just revealed."""
    captured: int
    mistakes: int
    score: int
    note: str | None
    pile_selected: bool
    """The reveal is under the cursor (their pile is the one it turns)."""
    selected: bool
    """The player is under the cursor."""
    words: tuple[int, ...] = ()
    """On a one-line row too narrow for `FLAT_WORDS`: the cells each of its counts takes in
    short words ("27 cards, 0 captured, 0 mistakes,  0 pts"), the same on every row so
    that each count stands in a column (`short_words_widths`); (): in codes ("░27 ★0 ✗0
    0 pts")."""


def _short_fields(face: RowFace) -> list[Text]:
    """A one-line row's counts in short words, each with its comma: ``27 cards,``,
    ``1 captured,``, ``0 mistakes,``, `` 2 pts``."""
    pile = Text(_count(face.pile, "card"))
    if face.pile_selected:
        pile.stylize("reverse bold")
    pile.append(",")
    captured = Text(f"{face.captured} captured,", style="bold" if face.captured else "dim")
    mistakes = Text(_count(face.mistakes, "mistake") + ",")
    mistakes.stylize("bold" if face.mistakes else "dim")
    shown = f"{face.score:>2}".replace("-", "−")
    score = Text(f"{shown} pt{'s' if abs(face.score) != 1 else ''}", style="bold")
    return [pile, captured, mistakes, score]


def short_words(face: RowFace, widths: Sequence[int] = ()) -> Text:
    """A one-line row's counts in short words, ``27 cards, 1 captured, 0 mistakes,  2 pts``,
    each padded to its column's ``widths``."""
    text = Text()
    for index, field in enumerate(_short_fields(face)):
        if index:
            text.append(" ")
        if index < len(widths):
            field.pad_right(widths[index] - field.cell_len)
        text.append_text(field)
    return text


def short_words_widths(plan: Plan, rows: Sequence[RowFace]) -> tuple[int, ...]:
    """The cells each count of the one-line rows takes in short words, when every row's
    revealed cards (or note) still fit beside them whole; () when one would lose a card:
    the rows keep their codes then (each in the legend). Never on a board wide enough for
    `FLAT_WORDS`."""
    if plan.boxed_rows or flat_words(plan) or not rows:
        return ()
    fields = [_short_sizes(face.pile, face.captured, face.mistakes, face.score) for face in rows]
    widths = tuple(max(sizes[index] for sizes in fields) for index in range(4))
    width = sum(widths) + len(widths) - 1
    for face in rows:
        used = plan.name_width + 3 + width + 1 + (len(face.keys) + 1 if face.keys else 0)
        if face.note is not None:
            need = len(face.note)
        else:
            need = sum(flat_width(card) + 1 for card in face.cards)
            need += 1 if face.fresh and face.cards else 0
        if used + need > plan.width:
            return ()
    return widths


@lru_cache(maxsize=1024)
def _short_sizes(pile: int, captured: int, mistakes: int, score: int) -> tuple[int, ...]:
    """The cells of each of `_short_fields` (without drawing them: every update asks)."""
    face = RowFace(
        "", False, "", False, pile, (), False, captured, mistakes, score, None, False, False
    )
    return tuple(field.cell_len for field in _short_fields(face))


@lru_cache(maxsize=1024)
def flat_width(card: str) -> int:
    """How wide `revealed_flat` draws ``card`` (not just revealed)."""
    return revealed_flat(card).cell_len


def codes_key(plan: Plan) -> list[Text]:
    """What a one-line row's codes mean, above the rows, from the column the codes start
    in: ``░ cards in pile · ★ captured · ✗ mistakes``."""
    text = Text(" " * (plan.name_width + 3), style="dim")
    text.append(f"{BACK} cards in pile · {CAUGHT} captured · {FAILED} mistakes", style="dim")
    text.truncate(plan.width, overflow="ellipsis")
    return [text]


def name_cell(face: RowFace, width: int) -> Text:
    """``▶ Ala (you)`` in ``width + 2`` cells: the turn mark, then the name, cut with …
    (the details line then has it whole) but never losing "(you)"."""
    text = Text(f"{TURN} " if face.turn else "  ", style="bold")
    label = face.label
    if len(label) > width:
        you = " (you)" if label.endswith(" (you)") else ""
        label = label[: max(1, width - len(you) - 1)] + "…" + you
    name = Text(label, style="bold" if face.local else "")
    if face.selected:
        name.stylize("reverse bold")
    name.pad_right(width - name.cell_len)
    text.append_text(name)
    return text


def fit_cards(cards: Sequence[Text], room: int, gap: int = 1) -> tuple[list[Text], int]:
    """The newest ``cards`` that fit in ``room`` cells with a ``+N`` for the others."""
    shown = list(cards)
    hidden = 0
    while shown:
        more = len(f"+{hidden}") + gap if hidden else 0
        if more + sum(c.cell_len for c in shown) + gap * (len(shown) - 1) <= room:
            break
        shown.pop(0)
        hidden += 1
    return shown, hidden


def flat_row(plan: Plan, face: RowFace) -> list[Text]:
    """One line: ``▶ Ala (you)   ░27 ★1 ✗0  2 pts [z|asd] [†sword] [»bow]◂``. A note
    (a dropped player) takes the place of the cards; they still count in "Out in all"."""
    line = name_cell(face, plan.name_width)
    line.append(" ")
    if flat_words(plan):
        pile = Text(_count(face.pile, "card") + " in pile")
        if face.pile_selected:
            pile.stylize("reverse bold")
        words = Text.assemble(pile, ", ", stats_words(face.captured, face.mistakes), ", ")
        words.append_text(points_text(face.score))
        words.pad_right(FLAT_WORDS - words.cell_len)
        line.append_text(words)
    elif face.words:
        line.append_text(short_words(face, face.words))
    else:
        line.append_text(pile_flat(face.pile, selected=face.pile_selected))
        line.append(" ")
        line.append_text(stats_text(face.captured, face.mistakes, face.score))
    line.append(" ")
    if face.keys:
        line.append(face.keys + " ", style="bold")
    room = plan.width - line.cell_len
    if face.note is not None:
        line.append(face.note, style="italic")
    else:
        count = len(face.cards)
        faces = [
            revealed_flat(card, fresh=face.fresh and index == count - 1)
            for index, card in enumerate(face.cards[-FLAT_CARDS:])
        ]
        shown, hidden = fit_cards(faces, room)
        hidden += max(0, count - FLAT_CARDS)
        if hidden:
            line.append(f"+{hidden} ", style="dim")
        line.append_text(Text(" ").join(shown))
        if not count:
            line.append("·", style="dim")
    line.truncate(plan.width, overflow="ellipsis")
    return [line]


def boxed_row(plan: Plan, face: RowFace) -> list[Text]:
    """The name, captures and score (and key group) beside the face-down pile with its
    count, then the revealed cards as cards, "new" under the latest; ``plan.card_body + 2``
    lines, and ``plan.gap`` blank ones under them but for the last player's."""
    height = plan.card_body + 2
    worded = boxed_words(plan)
    width = max(plan.name_width + 3, BOXED_WORDS if worded else 16)
    info = [name_cell(face, plan.name_width), *(Text("  ") for _ in range(height - 1))]
    keys = 2
    if worded:  # "5 points [z|asd]" over "2 captures, 1 mistake" (over "26 cards in pile")
        info[1].append_text(points_text(face.score))
        info[2].append_text(stats_words(face.captured, face.mistakes))
        if height > 3:
            info[3].append(_count(face.pile, "card") + " in pile", style="dim")
        keys = 1
        if face.keys:
            info[1].append(" ")
    else:
        info[1].append_text(stats_text(face.captured, face.mistakes, face.score))
    if face.keys:
        info[keys].append(face.keys, style="bold")
    for line in info:
        line.truncate(width, pad=True)
    pile = pile_box(face.pile, selected=face.pile_selected, body=plan.card_body)
    lines = side_by_side([info, pile])
    room = plan.width - lines[0].cell_len - 1
    middle = [Text() for _ in range(height)]
    if face.note is not None:
        note = Text(face.note, style="italic")
        note.truncate(room, overflow="ellipsis")
        middle[1] = note
        return side_by_side([lines, middle])
    count = len(face.cards)
    widths = [Text(" " * revealed_width(card, plan.card_body)) for card in face.cards]
    hidden = fit_cards(widths, room)[1]
    kept: list[Sequence[Text]] = [
        revealed_box(card, fresh=face.fresh and index == count - 1, body=plan.card_body)
        for index, card in enumerate(face.cards)
        if index >= hidden
    ]
    if hidden:
        more = [Text(" " * len(f"+{hidden}")) for _ in range(height)]
        more[1] = Text(f"+{hidden}", style="dim")
        kept.insert(0, more)
    if not count:
        middle[1] = Text("nothing revealed", style="dim")
        kept = [middle]
    return side_by_side([lines, *kept])


def totals_line(view: dict[str, Any], width: int) -> Text:
    """Every revealed symbol on the table together, counted as a Monster card counts what
    it needs ("Out in all: 2×†sword ▲fire"), in the same order: the eye compares the two
    token for token. A symbol nobody revealed is left out, as a Monster leaves out what it
    does not need."""
    counts: Counter[str] = Counter()
    failed = 0
    for row in view["revealed"]:
        for card in row:
            if is_failed(card):
                failed += 1
            counts.update(symbols_of(card))
    text = Text("Out in all: ", style="bold")
    out = needs_tokens(list(counts.elements()))
    text.append_text(Text(" ").join(out) if out else Text("nothing yet", style="dim"))
    if failed:
        # In the cards' own words on a wide board ("(3 Failed Attacks)"); at 80 columns
        # the short form, in the legend, so that the line does not change its form.
        long = f" ({failed} Failed Attack{'s' if failed != 1 else ''})"
        short = f" ({failed} failed)"
        wide = width >= 100 and text.cell_len + len(long) <= width
        text.append(long if wide else short, style="dim")
    text.truncate(width, overflow="ellipsis")
    return text


def wrapped(text: Text, width: int, lines: int) -> list[Text]:
    """``text`` wrapped to ``width`` in exactly ``lines`` lines (the last cut with … if it
    must be: nothing the board wraps should ever need that)."""
    from rich.console import Console

    console = Console(width=width, color_system=None, file=_NULL)
    parts = list(text.wrap(console, width))
    if len(parts) > lines:
        last = Text(" ").join([parts[lines - 1], *parts[lines:]])
        last.truncate(width, overflow="ellipsis")
        parts = [*parts[: lines - 1], last]
    while len(parts) < lines:
        parts.append(Text(""))
    return parts


class _Null:
    def write(self, _: str) -> int:
        return 0

    def flush(self) -> None:
        pass


_NULL: Any = _Null()
