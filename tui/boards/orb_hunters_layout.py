"""How much of Orb Hunters' table fits a terminal: the layout chosen from the board's
width and the rows the game screen leaves it, and the tracks of the round, wealth and wounds.

The 80×24 floor gets short forms (every one in the board's legend); every larger size gets
the richest layout whose height fits, so a big terminal shows full names and texts instead
of blank rows.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rich.cells import cell_len
from rich.text import Text

from core.engine import in_words
from core.games.orb_hunters.data import EFFECT_WORDS, LIMIT, ROUNDS, relic, relic_name
from core.games.orb_hunters.scoring import pouch_totals
from core.table import Update
from tui.boards.orb_hunters_cards import (
    PILE_WIDEST,
    SKILL_TEXT,
    card_does,
    full_point_lines,
    hand_row,
    pile_codes,
    pile_height,
    player_mark,
    short_name,
    side_by_side,
    variant_words,
    word_lines,
)
from tui.boards.orb_hunters_words import eliminating, most_wounded
from tui.widgets.card import Track


@dataclass(frozen=True, slots=True)
class Layout:
    """How much the board can show at its size: card widths and how much text they carry."""

    width: int
    column_width: int
    per_band: int
    full: bool
    """Full names and texts on the relic cards (else short forms, all in LEGEND)."""
    name_lines: int
    effect_lines: int
    piles: bool
    """Pouches drawn as piles of relic cards (else one line each)."""
    tracks: bool
    """The round, wealth and wounds drawn as tracks."""
    hand_lines: int
    """Lines of a hand card given to what its skill does."""
    pouch_columns: int
    hide_hand: bool
    """A choice row takes the hand's place (only when height is short)."""
    height: int
    key: bool = False
    """A two-line key to the glyphs under the board (when rows are left over)."""
    point_lines: int = 1
    """Lines of a relic card's points and effect at 80 columns (two: in words)."""
    choice_lines: int = 1
    """Lines of a choice card at 80 columns (two: a player's name under its marker)."""
    flat_choices: bool = False
    """The choice cards at 80 columns drawn flat, their lines without the top and bottom
    edges: only where those two rows would cost the relics their points in words ("W3
    X3" while a marker was chosen)."""
    details_rows: int = 1
    """Rows of the details line (two at full size; at 80 columns when a text of the
    position is longer than the board is wide)."""
    compact_tracks: bool = False
    """The wealth and wounds tracks side by side in two lines, their marked spaces only
    (the round is in the head's words): the tracks kept where their whole form does not fit."""
    facts: bool = False
    """Lines under the head with the decks and how the game scores (rows left over)."""
    pile_words: bool = False
    """Each relic of a pouch pile on two lines, its points in words (rows left over)."""
    pile_rows: int = 0
    """Rows the piles take beyond the tallest one's without words, short of ``pile_words``:
    the tallest piles' relics say their points in words from the top down as far as those
    go (five players' piles read "◉ Orb  W4 X2" over three blank rows at 160x45)."""
    band_effects: tuple[int, ...] = ()
    """Lines of effect text on each band of relic cards (``effect_lines`` for all when
    empty): a band whose relics say less takes fewer rows."""


@lru_cache(maxsize=4096)
def lines_of(text: str, width: int) -> int:
    """The lines ``text`` wraps to at ``width`` (kept: every layout tried at every update
    measures the same relics' and cards' words again)."""
    return len(textwrap.wrap(text, max(1, width), break_long_words=True)) or 1


def head_lines(update: Update, full: bool, width: int) -> list[Text]:
    """The round, whose turn, the start player, the variants, who would be out if the game
    ended now: one line, and a second for the most wounded when they do not fit after the
    rest (three tied at 80 columns read "most wounds: ★ Ala & ✦ Bot 2 & ▲ Bot …")."""
    view = update.view
    if update.outcome is not None:
        turn = "the game is over"
    elif update.seat is not None and update.seat in update.acting:
        turn = "your turn"
    else:
        turn = f"{update.names[view['turn']]}'s turn"
    start = view["start"]
    if full:
        line = Text(f"Round {view['round']} of {ROUNDS} · {turn} · start player ", "bold")
        line.append(f"{player_mark(view, start)} {update.names[start]}")
    else:  # 80 columns: the same words, shorter, to leave room for the facts after them
        line = Text(f"Round {view['round']}/{ROUNDS} · {turn} · start ", "bold")
        line.append(f"{player_mark(view, start)} {short_name(update.names, start, 10)}")
    variants = variant_words(view, update.names, full)
    # The variants first, cut if they must (F1 tells them all), then what fits.
    line.append("".join(f" · {words}" for words in variants))
    out: list[Text] = []
    seats, most = most_wounded(view)
    if seats and update.outcome is None:
        marked = [f"{player_mark(view, s)} {short_name(update.names, s, 10)}" for s in seats]
        who = " & ".join(marked)
        counted = f"{most} wound{'s' if most != 1 else ''}{' each' if len(seats) > 1 else ''}"
        if full:  # "(1 wound each)": it said "(1 wounds)"
            words = f" · out if it ended now: {who} ({counted})"
        else:  # the count first: "most wounds: ✦ Bot 4 1" read as part of the name
            words = f" · most wounds ({most}{' each' if len(seats) > 1 else ''}): {who}"
        if line.cell_len + cell_len(words) <= width:
            line.append(words)
        else:
            for said in (
                f"Out if the game ended now, the most wounds after potions ({counted}): ",
                f"Out if the game ended now, {counted}: ",
                f"Most wounds, {counted}: ",
            ):
                second = Text(f"{said}{in_words(marked)}", no_wrap=True)
                if second.cell_len <= width:
                    break
            second.truncate(width, overflow="ellipsis")
            out.append(second)
    for extra in (
        f" · at most {LIMIT} adventurers a relic",
        f" · adventurer deck {view['deck']} · discard {len(view['discard'])}"
        f" · relic deck {view['relic_deck']}",
    ):
        if line.cell_len + len(extra) <= width:
            line.append(extra, style="dim")
    line.truncate(width, overflow="ellipsis")
    return [line, *out]


def fact_lines(update: Update, width: int) -> list[Text]:
    """The decks and how the game is won, for rows a big terminal leaves over."""
    view = update.view
    decks = (
        f"Adventurer deck {view['deck']} · discard {len(view['discard'])}"
        f" · relic deck {view['relic_deck']}."
    )
    if "relic deck" in head_lines(update, True, width)[0].plain:
        decks = ""  # the head's line has them
    if "strategic" not in view["variants"]:  # how many adventurers each can still assign
        held = [
            f"{'you have' if s == update.seat else update.names[s] + ' has'} {n}"
            for s, n in enumerate(view["hand_sizes"])
        ]
        decks += f" Adventurers in hand: {in_words(held)}."
    if eliminating(view):
        scoring = (
            "At the end, whoever has the most wounds after potions is out (all of them if"
            " tied), and the most wealth among the others wins; a tie goes to the most relics."
        )
    elif "teams" in view["variants"]:
        scoring = (
            "At the end, each team scores its wealth minus its wounds after potions;"
            " a tie goes to the most relics."
        )
    else:
        scoring = (
            "At the end, each player scores wealth minus wounds after potions;"
            " a tie goes to the most relics."
        )
    return [
        Text(line, style="dim")
        for line in textwrap.wrap(f"{decks} {scoring}".strip(), max(1, width))
    ]


def room_lines(
    update: Update, width: int, rows: int, glyphs: Sequence[tuple[str, str]] = ()
) -> list[Text]:
    """Exactly ``rows`` lines for the rows a big terminal leaves under the board: what each
    skill does (a rival may play any of them on your relics next) and each relic effect,
    then what the board's ``glyphs`` mean, as many whole as fit, the rest blank (at 160x45
    six rows were empty under a four-player table's first turn). Nothing here is needed
    for a decision: every card says its own."""
    view = update.view
    skills = ["killer", "charismatic", "sly", "shielded", "trenti"]
    said = [SKILL_TEXT[kind] for kind in skills]
    if "apprentices" in view["variants"]:
        said = [SKILL_TEXT["trenti"], "Apprentices: the other skills are ignored."]
    if "simple_relics" not in view["variants"]:
        said += [f"{words}." for words in EFFECT_WORDS.values()]
    heading = "What the skills and the relic effects do:"
    lines: list[Text] = []
    if rows >= 3:
        lines.append(Text(heading, style="dim bold"))
        for words in said:
            wrapped = textwrap.wrap(words, max(1, width - 2), subsequent_indent="  ")
            if len(lines) + len(wrapped) > rows:
                break
            lines += [Text(f"  {line}", style="dim") for line in wrapped]
        if len(lines) == 1:
            lines = []
        elif len(lines) + 2 < rows and len(lines) == 1 + sum(
            len(textwrap.wrap(words, max(1, width - 2))) for words in said
        ):
            lines += _glyph_lines(glyphs, width, rows - len(lines))
    return [*lines, *(Text("") for _ in range(rows - len(lines)))]


def _glyph_lines(glyphs: Sequence[tuple[str, str]], width: int, rows: int) -> list[Text]:
    """What the board's glyphs mean, as many whole as fit ``rows`` after a heading."""
    lines = [Text("What the marks on the cards mean:", style="dim bold")]
    for glyph, meaning in glyphs:
        wrapped = textwrap.wrap(
            f"{glyph}  {meaning}.", max(1, width - 2), subsequent_indent=" " * (len(glyph) + 2)
        )
        if len(lines) + len(wrapped) > rows:
            break
        lines += [Text(f"  {line}", style="dim") for line in wrapped]
    return lines if len(lines) > 1 else []


def _track_rows(widths: Sequence[int], width: int) -> list[list[int]]:
    """Tracks packed into rows side by side (indexes into ``widths``)."""
    rows: list[list[int]] = []
    used = width + 1
    for index, need in enumerate(widths):
        if used + 2 + need > width:
            rows.append([])
            used = -2
        rows[-1].append(index)
        used += 2 + need
    return rows


def _tracks(update: Update, width: int) -> list[Track]:
    """The round, and (when the pouches are open) everyone's wealth and wounds, as tracks
    with each player's glyph under their space."""
    view = update.view
    # An arrow at the round: "●" under it was Blue's glyph, read as Blue standing there.
    tracks = [Track("Round", 1, ROUNDS, marks=((view["round"], "↑"),))]
    if view["pouches"] is not None:
        totals = [pouch_totals(p) for p in view["pouches"]]
        for label, values in (
            ("Wealth", [t.wealth for t in totals]),
            ("Wounds", [t.net_wounds for t in totals]),
        ):
            marks = tuple((value, player_mark(view, s)) for s, value in enumerate(values))
            if view["players"] == 2:  # two glyphs each: "●▲/✦★", not four side by side
                marks = tuple(
                    (value, "/".join(m for v, m in marks if v == value))
                    for value in sorted(set(values))
                )
            tracks.append(Track(label, 0, max(12, *values), marks=marks, cell=2))
    return tracks


def track_lines(update: Update, width: int, compact: bool = False) -> list[Text]:
    """The tracks, side by side as far as ``width`` allows (``compact``: the wealth and
    wounds tracks only, each in half the width, showing the spaces someone stands on).
    Drawn once for the same tracks (`_track_lines`): the layouts tried at every update
    measure them, and most moves leave them as they were."""
    lines = _track_lines(tuple(_tracks(update, width)), width, compact)
    return [line.copy() for line in lines]  # the kept lines are never changed in place


@lru_cache(maxsize=256)
def _track_lines(tracks: tuple[Track, ...], width: int, compact: bool) -> list[Text]:
    """`track_lines` from the tracks themselves (kept: never changed in place)."""
    if compact:
        half = (width - 2) // 2
        blocks = [track.lines(half) for track in tracks[1:]]
        return side_by_side(blocks, gap=2) if blocks else []
    blocks = [track.lines(10_000) for track in tracks]
    for block in blocks:
        for line in block:
            line.rstrip()
    widths = [max(line.cell_len for line in block) for block in blocks]
    lines: list[Text] = []
    for row in _track_rows(widths, width):
        lines += side_by_side([blocks[i] for i in row], gap=2)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


def choose_layout(
    update: Update,
    width: int,
    height: int,
    choosing: bool,
    prompt_rows: int = 1,
    choice_lines: int = 1,
    details_rows: int = 1,
    deciding_rows: int = 1,
    grid: bool = False,
) -> Layout:
    """The richest layout whose height fits ``height`` rows at ``width`` columns; the
    80×24 floor uses short forms and still shows everything a decision needs.

    ``choice_lines`` two: the choice cards at 80 columns want a second line (a player's
    name whole under its marker), which comes before the relics' points in words; the
    layouts with one line are tried when no layout has the row for it. ``details_rows``
    two: the details line wants a second row at 80 columns (a choice's whole text). It
    never costs the board its words (the pouches' lines and the relics' points in words
    were newcomers' fixes): it takes a row left over, else one more than ``height`` (the
    game screen's log gives one of its three lines). ``deciding_rows`` three: a legal
    choice's text wants a third row at 80 columns, which the log gives too (it keeps one
    line: a Sly card's text was cut after two rows over an empty log row).
    The choice cards go flat, without their edges' two rows, where only that leaves the
    relics their points in words; ``grid``: their two lines are two rows of flat cards
    (`choice_grid`), never boxed.

    A full layout keeps, in this order: the wealth and wounds tracks (whole, or in two
    lines: at 120x40 four players' tracks went for a details line's third row, and the
    wounds a decision weighs with them), the details' rows up to FIRST_ROWS (a relic's
    text was cut after two rows at 120x40), the hand's roomier cards, the pouches as
    piles and the tracks whole."""
    candidates = _candidates(update, width, height, choosing, prompt_rows, choice_lines, grid)
    want = max(2, min(details_rows, FIRST_ROWS))
    view, names, piled = update.view, update.names, pile_width(update, width)
    coded: bool | None = None  # whether the piles without words show a code
    ranked: list[tuple[tuple[bool, int, int, bool, bool], bool, Layout]] = []
    for candidate in candidates:
        if not candidate.full:
            break
        rows = min(want, height - candidate.height)
        if rows < 2:
            continue
        if candidate.piles and coded is None:
            coded = pile_codes(view, names, piled, False, pile_height(view, names, piled, False))
        rank = (
            candidate.tracks,
            rows,
            candidate.hand_lines,
            candidate.piles,
            not candidate.compact_tracks,
        )
        keyless = candidate.piles and bool(coded) and height - candidate.height - rows < KEY_ROWS
        layout = replace(candidate, details_rows=rows, height=candidate.height + rows)
        ranked.append((rank, keyless, layout))
    best = max(ranked, key=lambda r: r[0]) if ranked else None
    if best is not None and best[1]:
        # Piles that show a code keep the key's rows before the hand's roomier cards (at
        # 160x45 five players' piles read "W1" in 15 boards of 155 with no key), never
        # before the piles themselves.
        kept = [r for r in ranked if r[2].piles and not r[1] and r[0][:2] == best[0][:2]]
        best = max(kept, key=lambda r: r[0]) if kept else best
    if best is not None:
        keep = KEY_ROWS if best[2].piles and coded else 0
        layout = _whole_effects(update, best[2], height - keep)
        if layout.piles and layout.height < height:
            # Rows left say each relic's points in words in the piles ("W4 X2" were codes
            # with ten rows empty under the board at 160x45), before a longer details
            # text whole: the piles show those relics all the time, the details line only
            # with the cursor on the pouch (and i shows it whole).
            extra = pile_height(view, names, piled, True) - pile_height(view, names, piled, False)
            if layout.height + extra <= height:
                layout = replace(layout, pile_words=True, height=layout.height + extra)
            else:
                layout = _more_pile_rows(update, layout, height, piled)
        # A code left on a pile keeps the key's rows: the codes were read at 160x45 with
        # the key gone and the details line's blank rows under the board.
        rows = pile_height(view, names, piled, layout.pile_words) + layout.pile_rows
        coded = layout.piles and pile_codes(view, names, piled, layout.pile_words, rows)
        keep = KEY_ROWS if coded else 0
        if details_rows > layout.details_rows and layout.height < height - keep:
            # Rows left over hold a longer text whole (a relic's was cut after two at
            # 160x45), before the key to the glyphs (F1 has it too).
            rows = min(details_rows, layout.details_rows + height - keep - layout.height)
            total = layout.height + rows - layout.details_rows
            layout = replace(layout, details_rows=rows, height=total)
        facts = len(fact_lines(update, width))
        if layout.height + facts <= height - keep:
            # Then what a newcomer asks next: the decks, and how the game is won.
            layout = replace(layout, facts=True, height=layout.height + facts)
        return replace(layout, key=height - layout.height >= KEY_ROWS)
    floor = [c for c in candidates if not c.full]
    # The details line takes its rows beyond the first from the game screen's log: a
    # layout that many rows shorter, less one, leaves the log two lines (four players at
    # 80x24 read one line of it through every round's assignments).
    taken = FLOOR_ROWS if not choosing else max(2, min(deciding_rows, FLOOR_ROWS))
    if choosing and details_rows <= 1:
        taken = 1
    room = min(height, height + 1 + LOG_LINES - LOG_KEPT - taken)
    if grid and choosing:
        # Two rows of choices that name every player whole take the log's second line
        # (the prompt over the details says what its last line did): five markers read
        # "▲ Red (Bot…)", "● Blue …" on one row at 80x24 (issue #15).
        room += 1
    fitting = [c for c in floor if c.height <= room] or [c for c in floor if c.height <= height]
    if choice_lines > 1 and not fitting:
        floor = [
            c for c in _candidates(update, width, height, choosing, prompt_rows, 1) if not c.full
        ]
        fitting = [c for c in floor if c.height <= room]
        fitting = fitting or [c for c in floor if c.height <= height]
    layout = fitting[0] if fitting else floor[-1]
    if not choosing:
        # While adventurers are assigned, the details line keeps the rows the longest
        # text may want whatever the position's texts: it took one, two or three rows as
        # the hand changed, and each change laid the whole screen out again (issue #15).
        layout = replace(layout, details_rows=FLOOR_ROWS, height=layout.height + FLOOR_ROWS - 1)
    elif details_rows > 1:
        rows = max(2, min(deciding_rows, FLOOR_ROWS))
        layout = replace(layout, details_rows=rows, height=layout.height + rows - 1)
    return layout


def _more_pile_rows(update: Update, layout: Layout, height: int, width: int) -> Layout:
    """``layout`` with the rows left over (the key's kept while a code is left on a pile)
    given to the tallest piles' relics' points in words, as many as those rows hold."""
    view, names = update.view, update.names
    base = pile_height(view, names, width, False)
    most = pile_height(view, names, width, True) - base
    best = 0
    for more in range(1, min(most, height - layout.height) + 1):
        rows = base + more
        tallest = pile_height(view, names, width, False, rows)
        coded = pile_codes(view, names, width, False, rows)
        if layout.height + tallest - base + (KEY_ROWS if coded else 0) <= height:
            best = tallest - base
    if not best:
        return layout
    return replace(layout, pile_rows=best, height=layout.height + best)


def _whole_effects(update: Update, layout: Layout, height: int) -> Layout:
    """``layout`` with its relic cards' effects whole where rows are left over for them (a
    Theft relic on a card 16 wide read "…player on your…" after four lines with three rows
    free at 120x40): each band takes the lines its longest effect needs."""
    if not layout.band_effects:
        return layout
    cards = list(update.view["row"])
    inner = layout.column_width - 2
    needs = tuple(
        max(
            (
                lines_of(EFFECT_WORDS[relic(c).effect], inner)
                for c in cards[start : start + layout.per_band]
                if c and relic(c).effect
            ),
            default=0,
        )
        for start in range(0, max(1, len(cards)), layout.per_band)
    )
    if len(needs) != len(layout.band_effects):
        return layout
    bands = tuple(max(had, need) for had, need in zip(layout.band_effects, needs, strict=True))
    more = sum(bands) - sum(layout.band_effects)
    if not more or layout.height + more > height:
        return layout
    return replace(layout, band_effects=bands, effect_lines=max(bands), height=layout.height + more)


KEY_ROWS = 2
"""The rows the key to the glyphs takes under a full layout (its two lines at most)."""
FLOOR_ROWS = 3
"""The details line's rows at 80 columns for a legal choice's text: two rows of the game
screen's log under the board (it keeps one line, and H shows the whole history)."""
LOG_LINES = 3
"""The lines of the game screen's log under a board of ``height`` rows at 80 columns."""
LOG_KEPT = 2
"""The log's lines the 80-column floor leaves it where a layout allows: the details line
takes the rest (`choose_layout`)."""
FIRST_ROWS = 4
"""The details line's rows a full layout keeps before its piles, tracks and roomier cards
(more only from rows left over: an opponent's pouch of many relics asks for more)."""


def pile_width(update: Update, width: int) -> int:
    """The width of a pouch pile on a board ``width`` wide: the piles share it, up to the
    width that says every relic's points in words on its line (three players' piles were
    30 wide at 160x45, "◇ Gem Pouch  W2 X1" beside 14 blank columns)."""
    players: int = update.view["players"]
    return min(PILE_WIDEST, (width - players + 1) // players)


def _candidates(
    update: Update,
    width: int,
    height: int,
    choosing: bool,
    prompt_rows: int,
    choice_lines: int,
    grid: bool = False,
) -> list[Layout]:
    """The layouts worth trying at this width, richest first: the full ones that might fit
    ``height`` (their height without the details line, whose rows `choose_layout`
    weighs), then the 80-column ones (their height with one row of details), for choice
    cards of ``choice_lines`` lines at 80 columns: at each level of the relics' points,
    the choice cards as boxes, then flat (the points in words come before the edges)."""
    view = update.view
    count = max(1, len(view["row"]))
    players = view["players"]
    cards = list(view["row"])
    has_hand = "strategic" in view["variants"] or view["hand"] is not None
    notes = len(update.notes)
    piles_height = pile_height(view, update.names, pile_width(update, width), False)
    track_heights: dict[bool, int] = {}  # worked out only when a layout with tracks might fit
    head_height = {full: len(head_lines(update, full, width)) for full in (True, False)}
    candidates: list[Layout] = []
    # 80 columns: the hand in a row of words; then, as rows allow, relics' points in words
    # on two lines and a pouch a line in words, before the legend's short forms.
    hand = view["supply"] if "strategic" in view["variants"] else view["hand"] or []
    hand_rows = len(hand_row(view, hand, "Supply", width)) if hand else 1
    card = max(12, min(28, (width - 6) // max(1, len(hand)) - 1))  # as the board draws them
    skill_lines = min(6, max((lines_of(card_does(view, c), card - 2) for c in hand), default=0))
    # Room for text on the relic and hand cards: 2 every word an effect and a skill have
    # (at 160x45 "Theft →: take the visible relic of the player on you…" was cut with ten
    # rows empty under the board), 1 three lines, 0 the fewest.
    rooms = (2, 1, 0)
    # At 80 columns the relics' points and effects in words on three lines where a relic
    # wants them ("1 wealth" / "1 wound" / "Steal→" read "W1 X1 Steal→" on two), else on
    # two; the pouches two to a line in words come after a pouch a line: two rows shorter
    # for four players, which leaves the game screen's log two lines while adventurers
    # are assigned.
    simple = "simple_relics" in view["variants"]
    narrow = min(20, (width - count + 1) // count) - 2
    most = max((word_lines(c, narrow, simple) for c in cards if c), default=1)
    # While a marker or a rival is chosen, at each level the points need: its cards with
    # the names' second line, then on one; each as boxes, then flat (their edges' two rows
    # given to the relics: "W3 X3" was read with the boxes' edges on the board).
    forms = [(lines, False) for lines in dict.fromkeys((choice_lines, 1))]
    wanted = [
        (lines, flat)
        for lines, _ in forms
        for flat in (False, True)
        if flat or lines == 1 or not grid
    ]
    for full, piles, tracks, compact, roomy, point_lines, wide_pouches, (cards_lines, flat) in (
        *((True, True, True, False, r, 1, False, (1, False)) for r in rooms),
        *((True, False, True, False, r, 1, False, (1, False)) for r in rooms),
        *((True, False, True, True, r, 1, False, (1, False)) for r in rooms),
        *((True, False, False, False, r, 1, False, (1, False)) for r in rooms),
        *(
            (False, False, False, False, 0, lines, w, form)
            for lines in ((3, 2, 1) if most > 2 else (2, 1))
            for form in (wanted if choosing and lines <= max(1, most) else forms[:1])
            for w in (True, False)
        ),
    ):
        bands: tuple[int, ...] = ()
        if full:
            per_row = max(1, min(count, (width + 1) // 19))
            per_band = -(-count // -(-count // per_row))
            column = min(30, (width - per_band + 1) // per_band)
            inner = column - 2
            names = max((lines_of(relic_name(c), inner - 3) for c in cards if c), default=1)
            name_lines = min(2, names)
            bands = tuple(
                min(
                    (2, 3, 4)[roomy],
                    max(
                        (
                            lines_of(EFFECT_WORDS[relic(c).effect], inner)
                            for c in cards[start : start + per_band]
                            if c and relic(c).effect
                        ),
                        default=0,
                    ),
                )
                for start in range(0, count, per_band)
            )
            effect_lines = max(bands, default=0)
            # The points in words, on a second line where one does not hold them whole.
            point_lines = max((full_point_lines(c, inner) for c in cards if c), default=1)
            relic_height = sum(1 + name_lines + point_lines + lines + LIMIT + 1 for lines in bands)
        else:
            per_band = count
            column = min(20, (width - count + 1) // count)
            name_lines, effect_lines = 1, 0
            relic_height = 1 + 1 + point_lines + LIMIT + 1
        pouch_columns = (
            2 if not (piles or wide_pouches) and players >= 4 and not notes and width < 110 else 1
        )
        pouch_height = piles_height + notes if piles else -(-players // pouch_columns) + notes
        hide_hand = choosing and not full
        hand_lines = (1, 3, max(3, skill_lines))[roomy] if full else 0
        hand_height = 0 if not has_hand or hide_hand else 3 + hand_lines if full else hand_rows
        choice_height = (
            0 if not choosing else 4 if full else cards_lines if flat else 2 + cards_lines
        )
        if full and (column < 16 or relic_height + pouch_height + hand_height > height):
            continue  # cannot fit whatever the rest: skip the work below
        if tracks and compact not in track_heights:
            track_heights[compact] = len(track_lines(update, width, compact))
        total = (
            head_height[full]
            + (track_heights[compact] if tracks else 0)
            + relic_height
            + pouch_height
            + hand_height
            + choice_height
            + prompt_rows
            + (0 if full else 1)
        )
        candidates.append(
            Layout(
                width=width,
                column_width=column,
                per_band=per_band,
                full=full,
                name_lines=name_lines,
                effect_lines=effect_lines,
                piles=piles,
                tracks=tracks,
                hand_lines=hand_lines,
                pouch_columns=pouch_columns,
                hide_hand=hide_hand,
                height=total,
                point_lines=point_lines,
                choice_lines=1 if full or not choosing else cards_lines,
                flat_choices=flat,
                details_rows=0 if full else 1,
                compact_tracks=compact,
                band_effects=bands,
            )
        )
    return candidates
