"""CardFace: one card (or empty space) as a pure Rich renderable, testable without an App.

Nothing is told by colour alone: every face has a symbol and a word, the cursor is shown by
brackets as well as reverse video, and marks (legal target, chosen) are symbols.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text

TARGET = "◆"
"""Marks a place where the chosen card may go."""
CHOSEN = "✓"
"""Marks a card already chosen for the action being built."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """A fixed-width cell: ``[◆≈ Water  ]`` with the cursor, `` ◆≈ Water   `` without."""

    symbol: str
    word: str
    style: str = ""
    width: int = 12
    mark: str = ""
    """TARGET, CHOSEN or empty."""
    cursor: bool = False
    dim: bool = False

    def text(self) -> Text:
        """The face as styled text, exactly ``width`` cells wide."""
        inner = self.width - 2
        mark = (self.mark or " ")[:1]
        label = f"{mark}{self.symbol} {self.word}" if self.symbol else f"{mark}{self.word}"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("[" if self.cursor else " ", style="bold")
        body = Text(label, style=self.style)
        if self.dim:
            body.stylize("dim")
        body.truncate(inner, overflow="ellipsis", pad=True)
        if self.cursor:
            body.stylize(Style(reverse=True, bold=True))
        text.append_text(body)
        text.append("]" if self.cursor else " ", style="bold")
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text()


# -- cards as cards -------------------------------------------------------------------------
#
# A CardBox is one physical card: a bordered face with its glyph and word, optional lines of
# text, and a state told by shape as well as style (never colour alone):
#
#   ╭──────────╮   ┏━━━━━━━━━━┓   ╭──────────╮   ╭──────────╮   ╭──────────╮
#   │≈ Water  ◆│   ┃≈ Water  ◆┃   │≈ Water   │   │░░░░░░░░░░│   │≈ Water   │
#   │Kraken    │   ┃Kraken    ┃   │Kraken    │   │░ Deck ░░░│   │Kraken    │
#   ╰──────────╯   ┗━━━━━━━━━━┛   ╰─── new ──╯   ╰──────────╯   ╰╌╌╌╌╌╌╌╌╌╌╯
#     legal           selected       fresh         face down       dimmed
#
# CardRow lays cards side by side, wrapping to the width it is given; Track draws a numbered
# track with each player's marker under their space. All are Rich renderables, testable
# without an App; a board puts them in Statics and updates a Static only when what it shows
# changed (see `ShowOnChange`), so one update redraws only the parts that changed.

KEPT_CARDS = 1024
"""Cards kept as drawn (every card of a few tables' updates)."""

LEGAL = TARGET
"""The top-right corner mark of a card that can be chosen now."""
FRESH = "new"
"""Written in the bottom border of a card just played or just revealed."""
BACK = "░"
"""The pattern of a face-down card."""

_ROUND = ("╭", "─", "╮", "│", "╰", "╯")
_HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")
_DIM_BOTTOM = "╌"


@dataclass(frozen=True, slots=True)
class CardBox:
    """One card, ``width`` cells wide and ``2 + len(lines) + 1`` (or ``height``) tall.

    ``glyph`` and ``word`` make the title line (the word is what the card is: "Water",
    "Spider-Man"); ``lines`` are further lines of text (value, ability), cut with an ellipsis
    to the card's width. ``style`` colours the title (a colour always has its glyph and word
    too). States: ``legal`` (◆ in the corner), ``selected`` (heavy border, title in reverse
    video), ``fresh`` ("new" in the bottom border), ``dim`` (dimmed, dashed bottom edge),
    ``face_down`` (a back pattern; ``word`` then labels the back, e.g. "Deck 12").
    """

    glyph: str
    word: str
    lines: tuple[str, ...] = ()
    style: str = ""
    width: int = 12
    height: int | None = None
    """Body lines (title included); None: 1 + len(lines). Cards in a row share a height."""
    legal: bool = False
    selected: bool = False
    fresh: bool = False
    dim: bool = False
    face_down: bool = False
    mark: str = ""
    """An extra one-cell mark before the title (e.g. CHOSEN for a card picked this move)."""

    @property
    def body_height(self) -> int:
        return self.height if self.height is not None else 1 + len(self.lines)

    def rows(self) -> list[Text]:
        """The card as lines of styled text, each exactly ``width`` cells (the caller's own
        copies: a card drawn before is not drawn again)."""
        return [row.copy() for row in _drawn(self)]

    def _draw(self) -> list[Text]:
        tl, h, tr, v, bl, br = _HEAVY if self.selected else _ROUND
        inner = max(1, self.width - 2)
        edge = Style(bold=self.selected, dim=self.dim)
        out = [Text(tl + h * inner + tr, style=edge, no_wrap=True)]
        body: list[Text] = []
        if self.face_down:
            label = f" {self.word} " if self.word else ""
            for row in range(self.body_height):
                if row == 0 and label and len(label) < inner:
                    pad = inner - len(label)
                    cell = Text(BACK * (pad // 2) + label + BACK * (pad - pad // 2))
                else:
                    cell = Text(BACK * inner)
                cell.stylize("dim")
                body.append(cell)
        else:
            corner = LEGAL if self.legal else ""
            mark = (self.mark + " ") if self.mark else ""
            head = f"{mark}{self.glyph} {self.word}" if self.glyph else f"{mark}{self.word}"
            title = Text(head, style=self.style, no_wrap=True, overflow="ellipsis")
            if self.selected:
                title.stylize(Style(reverse=True, bold=True))
            title.truncate(inner - len(corner), overflow="ellipsis", pad=True)
            title.append(corner, style="bold")
            body.append(title)
            for line in self.lines[: max(0, self.body_height - 1)]:
                cell = Text(line, no_wrap=True, overflow="ellipsis")
                cell.truncate(inner, overflow="ellipsis", pad=True)
                body.append(cell)
            while len(body) < self.body_height:
                body.append(Text(" " * inner))
        for cell in body:
            if self.dim:
                cell.stylize("dim")
            out.append(Text.assemble((v, edge), cell, (v, edge), no_wrap=True))
        bottom = (_DIM_BOTTOM if self.dim and not self.selected else h) * inner
        if self.fresh and inner >= len(FRESH) + 2:
            label = f" {FRESH} "
            left = (inner - len(label)) // 2
            bottom = bottom[:left] + label + bottom[left + len(label) :]
        out.append(Text(bl + bottom + br, style=edge, no_wrap=True))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.rows()


@dataclass(frozen=True, slots=True)
class CardRow:
    """Cards side by side with ``gap`` cells between them, wrapping into more rows of cards
    when the width runs out; an optional ``label`` (e.g. "Your hand") heads the row."""

    cards: tuple[CardBox, ...]
    gap: int = 1
    label: str = ""
    empty: str = "(none)"
    """What an empty row says (a row is never just blank)."""

    def lines(self, width: int) -> list[Text]:
        out: list[Text] = []
        if self.label:
            out.append(Text(self.label, style="bold"))
        if not self.cards:
            out.append(Text(self.empty, style="dim"))
            return out
        height = max(card.body_height for card in self.cards)
        for group in self._groups(width):
            faces = [
                _drawn(card if card.body_height == height else _with_height(card, height))
                for card in group
            ]
            for row in range(height + 2):
                line = Text(no_wrap=True)
                for index, face in enumerate(faces):
                    if index:
                        line.append(" " * self.gap)
                    line.append_text(face[row])
                out.append(line)
        return out

    def height(self, width: int) -> int:
        """How many lines ``lines(width)`` makes, without drawing them (a board trying
        sizes to fit its room asks this of each size)."""
        label = 1 if self.label else 0
        if not self.cards:
            return label + 1
        body = max(card.body_height for card in self.cards)
        return label + len(self._groups(width)) * (body + 2)

    def _groups(self, width: int) -> list[list[CardBox]]:
        """The cards in rows that fit ``width``."""
        groups: list[list[CardBox]] = [[]]
        used = 0
        for card in self.cards:
            need = card.width + (self.gap if groups[-1] else 0)
            if groups[-1] and used + need > width:
                groups.append([])
                used, need = 0, card.width
            groups[-1].append(card)
            used += need
        return groups

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)


@functools.lru_cache(maxsize=KEPT_CARDS)
def _drawn(card: CardBox) -> tuple[Text, ...]:
    """A card's lines, drawn once while it is among the last drawn: the same cards come
    back in every update (a hand, the Combats, a city), and a table drew each of them at
    every update (read only: ``rows`` gives copies)."""
    return tuple(card._draw())


def _with_height(card: CardBox, height: int) -> CardBox:
    from dataclasses import replace

    return replace(card, height=height)


TRACK_GAP = "┄"
"""Between the runs of a track's spaces where the spaces nobody stands on are left out."""


@dataclass(frozen=True, slots=True)
class Track:
    """A numbered track (Trending, Highlights, a score track…): one cell per space from
    ``start`` to ``end``, and under each space the markers of whoever stands there.

    ``marks`` maps a space to the short markers on it (a player's initial or number, a
    glyph); a marker is text, so the track reads without colour, and seat numbers sharing
    a space are never joined: parted by commas ("1,2,4").
    ``highlight`` spaces (a threshold, a limit) are drawn in bold with a ▲ under them when
    nobody stands there. When the track is wider than the space it is given, it shows only
    the spaces that carry a marker or a highlight, with a gap (`TRACK_GAP`) between runs
    ("…" there read as a track cut off); when even those do
    not fit, a run of three seats or more on a space is said as one ("1-4").
    """

    label: str
    start: int
    end: int
    marks: tuple[tuple[int, str], ...] = ()
    highlight: tuple[int, ...] = ()
    cell: int = 3

    def lines(self, width: int) -> list[Text]:
        spaces = list(range(self.start, self.end + 1))
        marked: dict[int, list[str]] = {}
        for space, marker in self.marks:
            marked.setdefault(space, []).append(marker)
        head = Text(f"{self.label} ", style="bold", no_wrap=True)
        budget = width - head.cell_len
        least = max(self.cell, *(len(str(s)) for s in spaces))
        keep = sorted({self.start, self.end, *marked, *self.highlight})
        elided: list[int | None] = []
        for space in keep:
            if elided and elided[-1] is not None and space != elided[-1] + 1:
                elided.append(None)
            elided.append(space)
        # Seat numbers together would read as a number ("1234" under space 0 of a track to
        # 12): parted by commas, the track cut to its marked spaces to make room; where even
        # those do not fit, a run of seats is said as one ("1-4").
        for short in (False, True):
            joined = {space: self._together(here, short) for space, here in marked.items()}
            cell = max([least, *(len(j) for j in joined.values())])
            shown: list[int | None] = list(spaces)
            if len(spaces) * (cell + 1) <= budget:
                break
            shown = elided
            if self._width_of(shown, cell) <= budget:
                break
        top = Text(no_wrap=True)
        top.append_text(head)
        under = Text(" " * head.cell_len, no_wrap=True)
        for spot in shown:
            if spot is None:
                top.append(f"{TRACK_GAP} ")
                under.append("  ")
                continue
            number = str(spot).center(cell)
            style = "bold underline" if spot in self.highlight else ""
            top.append(number, style=style)
            top.append("│")
            here = joined.get(spot, "")
            if not here and spot in self.highlight:
                here = "▲"
            under.append(here.center(cell)[:cell], style="bold")
            under.append(" ")
        top.truncate(width, overflow="ellipsis")
        under.truncate(width, overflow="ellipsis")
        return [top, under]

    @staticmethod
    def _together(markers: list[str], short: bool) -> str:
        """The markers sharing a space: seat numbers parted by commas ("1,2,4"), a run of three
        or more said as one where ``short`` ("1-4"); other markers side by side ("AB")."""
        if not all(m.isdigit() for m in markers):
            return "".join(markers)
        if not short:
            return ",".join(markers)
        numbers = sorted(int(m) for m in markers)
        runs: list[list[int]] = []
        for number in numbers:
            if runs and number == runs[-1][-1] + 1:
                runs[-1].append(number)
            else:
                runs.append([number])
        said = (f"{r[0]}-{r[-1]}" if len(r) >= 3 else ",".join(map(str, r)) for r in runs)
        return ",".join(said)

    @staticmethod
    def _width_of(shown: list[int | None], cell: int) -> int:
        """The cells a track's spaces take: ``cell`` and a bar each, a gap between runs."""
        return sum(2 if spot is None else cell + 1 for spot in shown)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)
