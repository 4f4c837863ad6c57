"""Orb Hunters' cards as cards: relics with their adventurers stacked under them, pouches as
piles of relic cards, adventurers in a hand, and the words and glyphs they are drawn with.

Everything here is a pure function of the view (no App): the board module decides what is
under the cursor and which layout fits, and these draw it. Every colour has its glyph and
its word (never colour alone); every short form used at 80 columns is in ``LEGEND``.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from core.engine import unbracketed
from core.games.orb_hunters.data import (
    ADVENTURER_NAMES,
    EFFECT_WORDS,
    LIMIT,
    RELICS,
    SKILL_WORDS,
    adventurer_name,
    colour_of,
    courage,
    is_trenti,
    relic,
    relic_kind,
    relic_name,
    skill,
)
from core.games.orb_hunters.scoring import Pouch, pouch_totals
from tui.widgets.card import BACK, CHOSEN, LEGAL, CardBox

COLOUR_GLYPHS: dict[str, str] = {
    "red": "▲",
    "blue": "●",
    "green": "■",
    "yellow": "★",
    "purple": "✦",
}
"""Each adventurer's glyph: its colour told by shape as well as by its word."""
TRENTI_GLYPH = "✿"
STYLES: dict[str, str] = {
    # Colour as a bonus: every card also says its adventurer's glyph and name.
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
    "": "bold",
}
SKILL_TEXT: dict[str, str] = {
    "killer": (
        "Killer: sends the last adventurer under that relic to the discard pile (not a "
        "Shielded one); it may go under a relic at the limit."
    ),
    "charismatic": (
        "Charismatic: attracts the last adventurer from under another relic on top of "
        "itself (not when this relic reaches the limit)."
    ),
    "sly": "Sly: you assign a second adventurer (only a Shielded or a Trenti skill works).",
    "shielded": "Shielded: no Killer can send it away.",
    "trenti": "Trenti: you put an adventurer marker on it; its courage counts for that one.",
    "": "No skill.",
}
RELIC_GLYPHS: dict[str, str] = {
    "orb": "◉",
    "cursed-treasure": "☠",
    "gem-pouch": "◇",
    "trinket": "∘",
    "healing-potion": "✚",
    "elixir": "✚",
    "cursed-idol": "☠",
    "hammer-of-ruin": "⚒",
    "tricksters-mirror": "⇄",
    "thiefs-glove-left": "←",
    "thiefs-glove-right": "→",
    "initial-relic": "∘",
}
"""Each relic kind's glyph: ☠ marks the cursed ones, ✚ the potions."""
SHORT_RELIC: dict[str, str] = {
    "orb": "Orb",
    "cursed-treasure": "Treasure",
    "gem-pouch": "Gems",
    "trinket": "Trinket",
    "healing-potion": "Potion",
    "elixir": "Elixir",
    "cursed-idol": "Idol",
    "hammer-of-ruin": "Hammer",
    "tricksters-mirror": "Mirror",
    "thiefs-glove-left": "Glove",
    "thiefs-glove-right": "Glove",
    "initial-relic": "Initial",
}
EFFECT_WORD: dict[str, str] = {
    "gift": "Gift",
    "destruction": "Destroy",
    "exchange": "Swap",
    "theft-left": "Steal←",
    "theft-right": "Steal→",
}
"""Each effect in one word, for a relic card at 80 columns (``EFFECT_WORDS`` say it all)."""
SHORT_EFFECT: dict[str, str] = {
    "gift": "Gift",
    "destruction": "Dstr",
    "exchange": "Swap",
    "theft-left": "Thf←",
    "theft-right": "Thf→",
}
"""The shortest forms, only where even one word does not fit (six relics at 80 columns)."""


# -- words ------------------------------------------------------------------------------------


def colour_words(colour: str) -> str:
    """A colour as its glyph and word: "▲ Red"."""
    return f"{COLOUR_GLYPHS[colour]} {ADVENTURER_NAMES[colour]}"


def owner(view: dict[str, Any], colour: str) -> int | None:
    """The seat that embodies ``colour`` (None: nobody plays that adventurer)."""
    for seat, colours in enumerate(view["colours"]):
        if colour in colours:
            return seat
    return None


def counts_for(view: dict[str, Any], card: str) -> str:
    """The colour an adventurer brings its courage to ("" for an unmarked Trenti)."""
    return str(view["marks"].get(card, "")) if is_trenti(card) else colour_of(card)


def glyph_of(view: dict[str, Any], card: str) -> str:
    """An adventurer's glyph: the colour its courage counts for (a Trenti's marker's), the
    Trenti's own before it has a marker."""
    colour = counts_for(view, card)
    return COLOUR_GLYPHS[colour] if colour else TRENTI_GLYPH


def adventurer_words(view: dict[str, Any], card: str, placed: bool = True) -> str:
    """An adventurer in full words as the board says it everywhere (`adventurer_forms`):
    "Purple 1 Killer", "Green 2 Trenti" (a Trenti with Green's marker), "Trenti 3 (marker
    being chosen)"; ``placed=False``: a card in a hand or the supply ("Trenti 3")."""
    if is_trenti(card) and placed and not counts_for(view, card):
        return f"{adventurer_name(card)} (marker being chosen)"
    return adventurer_forms(view, card, placed)[0]


WORDS_ROOM = 16
"""The cells from which an adventurer on the board keeps its colour's word: "Yellow 2
Charis…" and "Purple 1 Shield…" are 16. Narrower, every adventurer drops it alike (its
glyph says it: the key line under the board); wider, every one keeps it."""


def adventurer_forms(view: dict[str, Any], card: str, placed: bool = True) -> list[str]:
    """An adventurer's names on the board, longest first, all of one shape: the colour its
    courage counts for, its courage, its skill ("Purple 1 Killer", "Green 2 Trenti": a
    Trenti marked Green, "? 3 Trenti" while its marker is being chosen, "Purple 5"), then
    the skill cut at its end ("Yellow 2 Charis…"), then the same without the colour's word
    ("1 Killer", "2 Trenti", "5": the glyph before it says the colour) cut the same way.
    At 160x45 one relic said "Yellow 3 (Sly)", "Green 4 Shielded", "2 Charismatic" and
    "Trenti 2→Green": four shapes for one kind of thing. No private codes either ("Yel 2
    Cha" was read as "Yellow 2 Chaos")."""
    number = courage(card)
    if is_trenti(card) and not placed:
        return [f"Trenti {number}"]  # in a hand: no marker, no colour yet
    colour = counts_for(view, card)
    named = ADVENTURER_NAMES[colour] if colour else "?"
    kind = "trenti" if is_trenti(card) else skill(card)
    if not kind:
        return [f"{named} {number}", f"{number}"]
    word = SKILL_WORDS[kind]
    cuts = range(len(word) - 1, 2, -1)
    return [
        f"{named} {number} {word}",
        *(f"{named} {number} {word[:k]}…" for k in cuts),
        f"{number} {word}",
        *(f"{number} {word[:k]}…" for k in cuts),
        f"{number} …",
    ]


def adventurer_short(view: dict[str, Any], card: str, placed: bool = True) -> str:
    """An adventurer in the fewest cells its words allow: "1 Killer", "2 Trenti", "2 …"
    (see `adventurer_forms`)."""
    return min(adventurer_forms(view, card, placed), key=cell_len)


def adventurer_fitting(view: dict[str, Any], card: str, room: int, placed: bool = True) -> str:
    """An adventurer as fully as ``room`` cells allow (`adventurer_forms`): with its
    colour's word from `WORDS_ROOM` cells on (every adventurer alike), without it below;
    the shortest form when nothing fits."""
    forms = adventurer_forms(view, card, placed)
    if room < WORDS_ROOM and len(forms) > 1:
        forms = [f for f in forms if not f.startswith(forms[0].split()[0] + " ")] or forms
    return next((f for f in forms if cell_len(f) <= room), adventurer_short(view, card, placed))


def adventurer_text(
    view: dict[str, Any], card: str, names: Sequence[str], placed: bool = True
) -> str:
    """Everything about one adventurer card, for the details line and the ``i`` key."""
    colour = counts_for(view, card) if placed or not is_trenti(card) else ""
    seat = owner(view, colour) if colour else None
    whose = (
        f"its courage {courage(card)} counts for {ADVENTURER_NAMES[colour]}"
        + (
            f" ({unbracketed(names[seat])})"
            if seat is not None
            else " (nobody plays that adventurer)"
        )
        if colour
        else f"courage {courage(card)}"
    )
    words = adventurer_words(view, card, placed)
    return f"{glyph_of(view, card)} {words}: {whose}. {skill_does(view, card)}"


def skill_does(view: dict[str, Any], card: str) -> str:
    """What an adventurer's skill does here: "Killer: …", or that Apprentices ignores it."""
    kind = skill(card)
    if kind not in ("", "trenti") and "apprentices" in view["variants"]:
        return f"{SKILL_WORDS[kind]}: ignored (Apprentices)."
    return SKILL_TEXT[kind]


VARIANT_WORDS: dict[str, tuple[str, str]] = {
    # (words at 80 columns, words with room)
    "simple_relics": ("Simple Relics", "Simple Relics: no relic effects"),
    "apprentices": ("Apprentices", "Apprentices: only Trentis' skills work"),
    "hidden_treasures": ("Hidden Treasures", "Hidden Treasures: pouches face down"),
    "tough": ("Tough", "Tough Adventurers: no elimination"),
    "strategic": ("Strategic", "Strategic: an open supply"),
    "teams": ("Teams", "Teams"),
}


def variant_words(view: dict[str, Any], names: Sequence[str], full: bool) -> list[str]:
    """The variants in play in words, the teams by name."""
    words = [VARIANT_WORDS[v][1 if full else 0] for v in view["variants"] if v in VARIANT_WORDS]
    if view["teams"]:
        # At 80 columns a player is their glyph (each pouch line starts with it).
        teams = " vs ".join(
            "+".join(short_name(names, s, 8) if full else player_mark(view, s) for s in team)
            for team in view["teams"]
        )
        words = [w if w != "Teams" else f"Teams {teams}" for w in words]
    return words


def point_parts(card: str) -> list[str]:
    """A relic's points in words ("4 wealth", "1 wound"); empty when it has none."""
    kind = relic(card)
    return [
        f"{value} {word if value == 1 else plural}"
        for value, word, plural in (
            (kind.wealth, "wealth", "wealth"),
            (kind.wounds, "wound", "wounds"),
            (kind.potions, "potion", "potions"),
        )
        if value
    ]


def points_words(card: str) -> str:
    """A relic's points in words: "4 wealth, 2 wounds"."""
    return ", ".join(point_parts(card)) or "nothing"


def points_short(card: str) -> str:
    """A relic's points in short form: "W4 X2", "P1", "—"."""
    kind = relic(card)
    parts = [
        f"{letter}{value}"
        for letter, value in (("W", kind.wealth), ("X", kind.wounds), ("P", kind.potions))
        if value
    ]
    return " ".join(parts) or "—"


def _packed(tokens: Sequence[str], width: int, lines: int) -> list[str] | None:
    """``tokens`` (never split) in at most ``lines`` lines of ``width``; None if they do
    not fit."""
    out: list[str] = []
    for token in tokens:
        if out and len(out[-1]) + 1 + len(token) <= width:
            out[-1] += " " + token
        elif len(token) <= width and len(out) < lines:
            out.append(token)
        else:
            return None
    return out


def points_lines(card: str, width: int, lines: int, simple: bool = False) -> list[Text]:
    """A relic's points and effect in ``lines`` lines of ``width``, in words where they fit
    ("4 wealth" / "2 wounds", "3 wounds Gift"), else the legend's short forms ("W1 X1
    Destroy", then "W1 X1 Dstr"): padded to ``lines``, the effect in italics."""
    kind = relic(card)
    words = point_parts(card) or ["nothing"]
    short = [points_short(card)]
    effect = kind.effect if not simple else ""
    effects = [EFFECT_WORD[effect], SHORT_EFFECT[effect]] if effect else [""]
    chosen: list[str] = short
    fitted = False
    for points, word in (
        (words, effects[0]),
        (short, effects[0]),
        (words, effects[-1]),
        (short, effects[-1]),
    ):
        packed = _packed([*points, word] if word else points, width, lines)
        if packed is not None:
            chosen, fitted = packed, True
            break
    out = []
    for line in chosen if fitted else chosen[:lines]:
        text = Text(line)
        if effect:
            for word in set(effects):
                at = line.rfind(word)
                if at >= 0 and line.endswith(word):
                    text.stylize("italic", at)
        out.append(text)
    return out + [Text("") for _ in range(lines - len(out))]


def word_lines(card: str, width: int, simple: bool = False) -> int:
    """The lines of ``width`` a relic's points and effect take in words at 80 columns
    (`points_lines`): three for "1 wealth" / "1 wound" / "Steal→", which read "W1 X1
    Steal→" on two."""
    kind = relic(card)
    effect = kind.effect if not simple else ""
    tokens = [*(point_parts(card) or ["nothing"]), *([EFFECT_WORD[effect]] if effect else [])]
    return next(
        (lines for lines in range(1, len(tokens)) if _packed(tokens, width, lines) is not None),
        len(tokens),
    )


def full_point_lines(card: str, width: int) -> int:
    """Lines a relic's points in words take on a full-size card ``width`` cells inside:
    two where "2 wealth, 1 wound" does not fit one (a card 16 wide at 120x40 read
    "2 wealth, 1 wou…")."""
    return 1 if len(points_words(card)) <= width else 2


def full_points(card: str, width: int, lines: int) -> list[Text]:
    """A relic's points in words on a full-size card, in ``lines`` lines (padded): on one
    line where they fit, else each part whole on lines of their own ("2 wealth," then
    "1 wound"), else the legend's short form ("W2 X1")."""
    parts = point_parts(card) or ["nothing"]
    said = [points_words(card)]
    if len(said[0]) > width:
        tokens = [f"{part}," for part in parts[:-1]] + parts[-1:]
        said = _packed(tokens, width, lines) or [points_short(card)]
    return [Text(line) for line in said] + [Text("") for _ in range(lines - len(said))]


def relic_gives(card: str, simple: bool = False) -> str:
    """What a relic gives and does: "4 wealth, 2 wounds; no effect"."""
    effect = relic(card).effect
    effect_words = (
        "no effect"
        if not effect
        else f"{EFFECT_WORDS[effect]} (ignored: Simple Relics)"
        if simple
        else EFFECT_WORDS[effect]
    )
    return f"{points_words(card)}; {effect_words}"


def relic_text(card: str, simple: bool = False) -> str:
    """A relic in full: "◉ Orb: 4 wealth, 2 wounds; no effect."."""
    glyph = RELIC_GLYPHS[relic_kind(card)]
    return f"{glyph} {relic_name(card)}: {relic_gives(card, simple)}."


def relic_word(card: str, full: bool) -> str:
    return relic_name(card) if full else SHORT_RELIC[relic_kind(card)]


def leader(view: dict[str, Any], column: Sequence[str]) -> tuple[str, int, int | None] | None:
    """Who would obtain a relic now: (side's colour or "seat N", courage, seat or None).

    As the rules count it: courage per colour (a Trenti's to its marker's), with two players
    per player (both of their colours); a tie goes to the side assigned first.
    """
    sides: dict[str, list[int]] = {}
    for position, card in enumerate(column):
        colour = counts_for(view, card)
        if not colour:
            continue
        seat = owner(view, colour)
        side = f"seat {seat}" if view["players"] == 2 and seat is not None else colour
        sides.setdefault(side, [0, position])[0] += courage(card)
    if not sides:
        return None
    side = max(sides, key=lambda s: (sides[s][0], -sides[s][1]))
    seat = int(side.split()[1]) if side.startswith("seat ") else owner(view, side)
    return side, sides[side][0], seat


def leader_words(
    view: dict[str, Any], column: Sequence[str], names: Sequence[str], glyphs: bool = True
) -> str:
    """ "▲ Red (Ala) leads with 7 courage." or "" when nobody is under the relic yet
    (``glyphs=False``: words only, for screen readers)."""
    lead = leader(view, column)
    if lead is None:
        return ""
    side, points, seat = lead
    if side.startswith("seat "):
        return f"{names[int(side.split()[1])]}'s adventurers lead with {points} courage."
    colour = colour_words(side) if glyphs else ADVENTURER_NAMES[side]
    if seat is None:
        return (
            f"{colour} leads with {points} courage, but nobody plays {ADVENTURER_NAMES[side]}:"
            " the relic would leave the game."
        )
    return f"{colour} ({unbracketed(names[seat])}) leads with {points} courage."


def leader_short(
    view: dict[str, Any], column: Sequence[str], names: Sequence[str], room: int = 0
) -> str:
    """The leader in a few cells for a card's bottom edge: "Red leads 7" where every
    relic's edge has room for the words (`LEADS_ROOM`), else by the glyph alone, "▲7"
    ("▲Red 7" read as one more Red 7 card); "…✗": nobody plays it. Two players: "▲●Ala
    leads 9"."""
    lead = leader(view, column)
    if lead is None:
        return ""
    side, points, seat = lead
    if side.startswith("seat "):
        seat = int(side.split()[1])
        mark = player_mark(view, seat)
        forms = [f"{mark}{short_name(names, seat, limit)} leads {points}" for limit in (8, 6)]
        return next((f for f in forms if cell_len(f) <= room), f"{mark}{points}")
    gone = "" if seat is not None else "✗"
    glyph, word = COLOUR_GLYPHS[side], ADVENTURER_NAMES[side]
    said = f"{word} leads {points}{gone}"
    if room >= LEADS_ROOM and cell_len(said) <= room:
        return said
    return f"{glyph}{points}{gone}"


LEADS_ROOM = len("Purple leads 12")
"""The cells from which every relic's edge names its leader in words: one edge saying
"Red leads 7" beside one saying "★12" read as two different things."""


# -- relics with their adventurers ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ColumnLook:
    """How one relic column is drawn: its size, its text level and its state."""

    width: int
    full: bool
    name_lines: int = 1
    effect_lines: int = 1
    legal: bool = False
    cursor: bool = False
    chosen: bool = False
    simple: bool = False
    point_lines: int = 1
    """Lines for the points and effect at 80 columns (two: in words where one cannot)."""


def _edge(left: str, fill: str, right: str, inner: int, label: str, style: Style) -> Text:
    label = f" {label} " if label else ""
    label = label[: max(0, inner - 1)]
    body = (fill + label + fill * inner)[:inner] if label else fill * inner
    return Text(left + body + right, style=style, no_wrap=True)


def _wrap(text: str, width: int, lines: int) -> list[str]:
    if lines <= 0:
        return []
    wrapped = textwrap.wrap(text, width, break_long_words=True) or [""]
    if len(wrapped) > lines:
        wrapped = wrapped[:lines]
        last = wrapped[-1]
        wrapped[-1] = (last[: width - 1] + "…") if len(last) >= width else last + "…"
    return wrapped + [""] * (lines - len(wrapped))


def relic_column(
    view: dict[str, Any], index: int, look: ColumnLook, names: Sequence[str]
) -> list[Text]:
    """One relic card with its adventurers stacked under it, each showing its courage, and
    who leads it written on the bottom edge: ``look.width`` cells wide."""
    card = view["row"][index] if index < len(view["row"]) else ""
    column = view["columns"][index] if index < len(view["columns"]) else []
    inner = max(4, look.width - 2)
    heavy = look.cursor
    tl, h, tr, v, bl, br = (
        ("┏", "━", "┓", "┃", "┗", "┛") if heavy else ("╭", "─", "╮", "│", "╰", "╯")
    )
    edge = Style(bold=heavy)
    count = "full" if len(column) >= LIMIT else f"{len(column)}/{LIMIT}"
    out = [_edge(tl, h, tr, inner, f"{index + 1} · {count}", edge)]
    body: list[Text] = []
    corner = CHOSEN if look.chosen else LEGAL if look.legal else ""
    if not card:
        body.append(Text("handed over", style="dim italic"))
        body += [Text("")] * (look.name_lines + look.effect_lines + look.point_lines - 1)
    else:
        kind = relic_kind(card)
        name = relic_word(card, look.full)
        title_lines = _wrap(name, inner - (2 if look.full else 1) - len(corner), look.name_lines)
        for row, words in enumerate(title_lines):
            space = " " if look.full else ""  # 80 columns: every cell counts
            head = f"{RELIC_GLYPHS[kind]}{space}{words}" if row == 0 else f"  {words}"
            title = Text(head, style="bold", no_wrap=True)
            if heavy and row == 0:
                title.stylize(Style(reverse=True))
            title.truncate(inner - len(corner), pad=True)
            if row == 0:
                title.append(corner, style="bold")
            body.append(title)
        effect = relic(card).effect
        if look.full:
            body += full_points(card, inner, look.point_lines)
            words = EFFECT_WORDS[effect] if effect else ""
            if effect and look.simple:
                words = "(effect ignored)"
            body += [Text(w, style="italic") for w in _wrap(words, inner, look.effect_lines)]
        else:
            body += points_lines(card, inner, look.point_lines, look.simple)
    for level in range(LIMIT):
        if level < len(column):
            adventurer = column[level]
            colour = counts_for(view, adventurer)
            space = " " if look.full else ""
            words = adventurer_fitting(view, adventurer, inner - 1 - len(space))
            body.append(Text(f"{glyph_of(view, adventurer)}{space}{words}", style=STYLES[colour]))
        else:
            body.append(Text("·", style="dim"))
    lead = leader_short(view, column, names, inner - 3)
    bottom = _edge(bl, h, br, inner, lead, edge)
    rows = [out[0]]
    for cell in body:
        cell.truncate(inner, overflow="ellipsis", pad=True)
        cell.no_wrap = True
        rows.append(Text.assemble((v, edge), cell, (v, edge), no_wrap=True))
    rows.append(bottom)
    return rows


def side_by_side(blocks: Sequence[list[Text]], gap: int = 1) -> list[Text]:
    """Blocks of lines (cards, columns) next to each other, padded to the tallest."""
    if not blocks:
        return []
    height = max(len(block) for block in blocks)
    widths = [max((line.cell_len for line in block), default=0) for block in blocks]
    out = []
    for row in range(height):
        line = Text(no_wrap=True)
        for index, block in enumerate(blocks):
            if index:
                line.append(" " * gap)
            cell = block[row] if row < len(block) else Text("")
            cell.truncate(widths[index], pad=True)  # the blocks are built for this: no copy
            line.append_text(cell)
        out.append(line)
    return out


# -- pouches -------------------------------------------------------------------------------------


def short_name(names: Sequence[str], seat: int, limit: int) -> str:
    """A player's name in ``limit`` cells, cut between words where that keeps the names
    apart ("Bot 2 (normal)" → "Bot 2"), else cut with an ellipsis."""
    name = names[seat]
    if len(name) <= limit:
        return name

    def cut(text: str) -> str:
        words = text.split(" ")
        kept = ""
        for word in words:
            longer = f"{kept} {word}" if kept else word
            if len(longer) > limit:
                break
            kept = longer
        return kept or text[: limit - 1] + "…"

    others = {cut(other) for index, other in enumerate(names) if index != seat}
    short = cut(name)
    return short if short not in others else name[: limit - 1] + "…"


def player_mark(view: dict[str, Any], seat: int) -> str:
    """A player's glyphs: "▲" or, with two players, "▲●"."""
    return "".join(COLOUR_GLYPHS[c] for c in view["colours"][seat])


def lost_relics(view: dict[str, Any], seat: int, brief: bool = False, you: bool = False) -> str:
    """Why a face-up pouch is empty, in words: every player starts with an Initial Relic and
    only a Destruction or a Theft takes a relic away ("wealth 0, wounds 0 — no relics" was
    true but left a newcomer wondering what had happened). ``brief``: for a pile's card
    ("Initial Relic destroyed, the rest stolen")."""
    destroyed = view.get("destroyed")
    initial = f"initial-relic-{seat + 1}"
    if isinstance(destroyed, list) and initial in destroyed:
        if brief:
            return "Initial Relic destroyed, the rest stolen"
        return f"{'your' if you else 'their'} Initial Relic was destroyed and the rest stolen"
    return "All stolen" if brief else f"every relic {'you' if you else 'they'} had was stolen"


def wounds_words(totals: Pouch) -> str:
    """A pouch's wounds in words, after its potions where it has any: "2 wounds − 1
    potion = 1 wound", the one form the board, the details line, the round summary and the
    results say (the board said "wounds 2 − 1 potion = 1" while the others said "2 wounds
    − 1 potion = 1", #15). A potion cancels a wound at the end (rulebook), so only the
    potions that have a wound to cancel are taken off; the others are spare: "0 wounds (1
    spare potion)", "1 wound − 1 potion = 0 wounds (2 spare potions)" ("0 wounds − 1
    potion = 0 wounds" took a potion off nothing)."""
    wounds = _many(totals.wounds, "wound")
    used = min(totals.wounds, totals.potions)
    spare = totals.potions - used
    if used:
        wounds = f"{wounds} − {_many(used, 'potion')} = {_many(totals.net_wounds, 'wound')}"
    return f"{wounds} ({_many(spare, 'spare potion')})" if spare else wounds


def _many(count: int, thing: str) -> str:
    """ "1 wound", "2 wounds", "0 wounds"."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def wounds_short(totals: Pouch) -> str:
    """A pouch's wounds in the legend's short form, after its potions: "X2", "X2−P1=1";
    "X0 P1" without a wound to cancel."""
    wounds = f"X{totals.wounds}"
    if not totals.potions:
        return wounds
    if not totals.wounds:
        return f"{wounds} P{totals.potions}"
    return f"{wounds}−P{totals.potions}={totals.net_wounds}"


def pouch_facts(view: dict[str, Any], seat: int, you: bool = False) -> str:
    """A pouch's public totals in words (its size only in Hidden Treasures)."""
    size = view["pouch_sizes"][seat]
    many = f"{size} relic{'' if size == 1 else 's'}"
    if not size:
        if view["pouches"] is None:
            return "no relics"
        return f"no relics left, since {lost_relics(view, seat, you=you)}"
    if view["pouches"] is None:
        return f"{many}, face down"
    totals = pouch_totals(view["pouches"][seat])
    return f"{many}: {totals.wealth} wealth, {wounds_words(totals)}"


def pouch_words(view: dict[str, Any], seat: int) -> list[str]:
    """A pouch's totals in words, fullest first, for a line that has little room: "5
    relics, 10 wealth, 4 wounds − 1 potion = 3 wounds", then without the count, then the
    wounds that count, after potions, and any potion left over: "10 wealth, 3 wounds",
    "1 wealth, 0 wounds, 1 potion", then without the potions left over (two pouches to a
    line at 80x24 read "5: W10 X4−P1=3" beside "2 relics W4 X3", #15)."""
    size = view["pouch_sizes"][seat]
    if view["pouches"] is None:
        return [f"{_many(size, 'relic')}, face down" if size else "no relics"]
    pouch = view["pouches"][seat]
    if not pouch:
        return ["no relics left"]
    totals = pouch_totals(pouch)
    wealth = f"{totals.wealth} wealth"
    after = f"{wealth}, {wounds_words(totals)}"
    net = f"{wealth}, {_many(totals.net_wounds, 'wound')}"
    spare = totals.potions - min(totals.wounds, totals.potions)
    left = f"{net}, {_many(spare, 'potion')}" if spare else net
    return [f"{_many(size, 'relic')}, {after}", *dict.fromkeys((after, left, net))]


def pouch_short(view: dict[str, Any], seat: int) -> str:
    """A pouch's totals in short form: "3: W5 X3−P1=2 top ◉Orb" (a narrow pile's edge)."""
    size = view["pouch_sizes"][seat]
    if view["pouches"] is None:
        return f"{size} face down {BACK * min(size, 4)}" if size else "no relics"
    pouch = view["pouches"][seat]
    if not pouch:
        return "no relics left"
    totals = pouch_totals(pouch)
    top = pouch[-1]
    return (
        f"{size}: W{totals.wealth} {wounds_short(totals)} "
        f"top {RELIC_GLYPHS[relic_kind(top)]}{SHORT_RELIC[relic_kind(top)]}"
    )


def pouch_pile(
    view: dict[str, Any],
    seat: int,
    names: Sequence[str],
    width: int,
    cursor: bool,
    you: bool,
    words: bool = False,
    rows: int = 0,
) -> list[Text]:
    """A player's pouch as a pile of relic cards: the first obtained at the bottom, the
    visible one on top (face-down backs in Hidden Treasures), the totals on the edge
    (those the edge has no room for in words on the pile's last line). ``words``: each
    relic's points in words, after its name where they fit ("☠ Cursed Idol  3 wounds"),
    else on a line of their own ("4 wealth, 2 wounds"), where rows are left ("W4 X2"
    after the name otherwise). Without ``words`` a relic's points are in words after its
    name wherever they fit there, and on a line of their own from the top relic down as
    far as the pile stays within ``rows`` (a pile shorter than its neighbours said "◇ Gem
    Pouch  W2 X1" above its own blank rows at 160x45)."""
    inner = max(6, width - 2)
    heavy = cursor
    tl, h, tr, v, bl, br = (
        ("┏", "━", "┓", "┃", "┗", "┛") if heavy else ("╭", "─", "╮", "│", "╰", "╯")
    )
    edge = Style(bold=heavy)
    who = f"{player_mark(view, seat)} {names[seat]}{' (you)' if you else ''}"
    lines = [_edge(tl, h, tr, inner, who, edge)]
    body: list[Text] = []
    size = view["pouch_sizes"][seat]
    totals, inside = pile_edge(view, seat, inner)
    if view["pouches"] is None:
        body += [Text(BACK * inner, style="dim") for _ in range(size)] or [Text("empty")]
    else:
        pouch = view["pouches"][seat]
        # The rows this pile may take beyond a line a relic, for points on lines of their own.
        spare = rows - (2 + len(pouch) + len(inside)) if not words else len(pouch) * inner
        for position, card in enumerate(reversed(pouch)):
            kind = relic_kind(card)
            label = Text(
                f"{RELIC_GLYPHS[kind]} {relic_name(card)}", style="bold" if not position else ""
            )
            points = points_words(card)
            if label.cell_len + 1 + len(points) <= inner:  # "☠ Cursed Idol  3 wounds"
                label.truncate(inner - len(points) - 1, pad=True)
                body.append(label.append(" " + points))
                continue
            said = _points_lines(points, inner)
            if len(said) <= spare:
                spare -= len(said)
                body.append(label)
                body += [Text(line) for line in said]
                continue
            short = f"{RELIC_GLYPHS[kind]} {SHORT_RELIC[kind]}"
            if cell_len(short) + 1 + len(points) <= inner:
                # "∘ Initial 1 wealth" (the 80-column board's name, F1's legend has it)
                # rather than "∘ Initial Relic W1": five players' piles 20 wide at 160x45.
                label = Text(short, style=label.style)
                label.truncate(inner - len(points) - 1, pad=True)
                body.append(label.append(" " + points))
                continue
            points = points_short(card)
            label.truncate(max(1, inner - len(points) - 1), overflow="ellipsis", pad=True)
            label.append(" " + points)
            body.append(label)
        if not pouch:
            said = textwrap.wrap(lost_relics(view, seat, brief=True), inner)
            body += [Text(line, style="dim") for line in said]
    body += [Text(line, style="italic") for line in inside]
    for cell in body:
        cell.truncate(inner, overflow="ellipsis", pad=True)
        lines.append(Text.assemble((v, edge), cell, (v, edge), no_wrap=True))
    lines.append(_edge(bl, h, br, inner, totals, edge))
    return lines


def _points_lines(points: str, inner: int) -> list[str]:
    """A relic's points in words under its name in a pile ``inner`` cells wide: on one
    line, indented where that fits, else broken after a comma ("1 wealth, 1 / wound" was
    read in a pile 20 wide)."""
    for indent in ("  ", " ", ""):
        if len(indent) + cell_len(points) <= inner:
            return [f"{indent}{points}"]
    parts = points.split(", ")
    said = _in_lines([f"{part}," for part in parts[:-1]] + parts[-1:], max(1, inner - 2))
    return [f"  {line}" for line in said]


PILE_WIDEST = 2 + max(
    cell_len(f"{RELIC_GLYPHS[relic_kind(card)]} {relic_name(card)} {points_words(card)}")
    for card in RELICS
)
"""The widest a pouch pile needs: every relic's name and points in words on one line
("← Thief's Glove ← 1 wealth, 1 wound"); a wider pile would only show blank cells."""


def pile_codes(
    view: dict[str, Any], names: Sequence[str], width: int, words: bool, rows: int
) -> bool:
    """Whether a pouch pile ``width`` wide says a relic's points in the legend's short form
    ("W2 X1"): the key under the board explains them then."""
    if words or view["pouches"] is None:
        return False
    return _pile_measure(view, names, width, False, rows)[1]


_CODE = re.compile(r"\b[WXP]\d+")
"""A point in the legend's short form ("W2", "X1", "P1")."""


def pile_edge(view: dict[str, Any], seat: int, inner: int) -> tuple[str, list[str]]:
    """A pile's totals: the words for its bottom edge, and the lines inside the pile that
    say in words what the edge has no room for. With potions four players' piles at
    160x45 fell back to "2: W1 X0 P1" on their edge: the wealth and wounds then go on a
    line of their own ("1 wealth, 0 wounds") and the edge keeps the count and the
    potions; the legend's short forms stay only where a pile is too narrow for the
    words."""
    room = inner - 3
    said = pile_totals(view, seat, room)
    pouch = view["pouches"][seat] if view["pouches"] is not None else None
    if not pouch or " W" not in f" {said}":
        return said, []
    totals = pouch_totals(pouch)
    wealth = f"{totals.wealth} wealth"
    wounds = wounds_words(totals)
    words = [f"{wealth}, {wounds}"]
    if cell_len(words[0]) > inner and totals.potions:  # the wounds after potions apart
        parts = re.split(r" (?=[=(])", wounds)  # "… = 1 wound", "(1 spare potion)"
        alone = [wealth, *_in_lines(parts, inner)]
        after = _in_lines([f"{wealth},", *parts], inner)  # "1 wealth, 0 wounds" on one
        words = after if len(after) < len(alone) else alone
    if any(cell_len(line) > inner for line in words):
        return said, []
    size = len(pouch)
    many = f"{size} relic{'' if size == 1 else 's'}"
    return many if cell_len(many) <= room else f"{size}", words


def _in_lines(parts: Sequence[str], width: int) -> list[str]:
    """``parts`` on as few lines of ``width`` as they fit whole, in order: "2 wounds − 1
    potion", then "= 1 wound", then "(1 spare potion)"."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(f"{lines[-1]} {part}") <= width:
            lines[-1] = f"{lines[-1]} {part}"
        else:
            lines.append(part)
    return lines


def pile_height(
    view: dict[str, Any], names: Sequence[str], width: int, words: bool, rows: int = 0
) -> int:
    """The rows of the tallest pouch pile ``width`` wide (``rows``: as `pouch_pile` draws
    it within that many): worked out once for the same pouches (the layouts tried at
    every update ask for it, and most moves change no pouch)."""
    return _pile_measure(view, names, width, words, rows)[0]


def _pile_measure(
    view: dict[str, Any], names: Sequence[str], width: int, words: bool, rows: int
) -> tuple[int, bool]:
    """`pile_height` and `pile_codes`, measured once for what the piles show."""
    seen = (
        repr(view["pouches"]),
        repr(view["pouch_sizes"]),
        repr(view["colours"]),
        view["players"],
        tuple(names),
        width,
        words,
        rows,
    )
    measured = _PILE_HEIGHTS.get(seen)
    if measured is None:
        piles = [
            pouch_pile(view, s, names, width, False, False, words, rows)
            for s in range(view["players"])
        ]
        height = max((len(pile) for pile in piles), default=3)
        # Under the top edge, which names the player ("P1" is a name there).
        coded = view["pouches"] is not None and any(
            _CODE.search(line.plain)
            for s, pile in enumerate(piles)
            if view["pouches"][s]
            for line in pile[1:]
        )
        measured = height, coded
        if len(_PILE_HEIGHTS) >= 256:
            _PILE_HEIGHTS.clear()
        _PILE_HEIGHTS[seen] = measured
    return measured


_PILE_HEIGHTS: dict[Hashable, tuple[int, bool]] = {}
"""`_pile_measure` by what a pile shows (the pouches, their sizes, the colours, the
names) and how it is drawn."""


def pile_totals(view: dict[str, Any], seat: int, room: int) -> str:
    """A pile's totals for its bottom edge in ``room`` cells: in words where they fit
    ("3 relics: 5 wealth, 3 wounds − 1 potion = 2 wounds", then without the count the pile shows),
    else the legend's short forms ("3: W5 X3−P1=2")."""
    size = view["pouch_sizes"][seat]
    if view["pouches"] is None:
        return f"{size} face down"
    short = pouch_short(view, seat).split(" top ")[0]
    if not view["pouches"][seat]:
        return short
    totals = pouch_totals(view["pouches"][seat])
    words = f"{totals.wealth} wealth, {wounds_words(totals)}"
    many = f"{size} relic{'' if size == 1 else 's'}: "
    # The count is the first to go from the short form too (the pile shows its cards):
    # "3: W4 X3−P1=2" is two cells wider than "3: W4 X3 P1" was.
    forms = (many + words, words, short, short.partition(": ")[2])
    return next((f for f in forms if cell_len(f) <= room), short)


# -- a hand of adventurers, a row of choices -------------------------------------------------


def card_does(view: dict[str, Any], card: str) -> str:
    """What a card in hand says under its name: its skill's text without the skill's name,
    as a sentence ("You put an adventurer marker on it; …": it read "you put …" beside
    "No skill." at 160x45)."""
    if not skill(card):
        return "No skill."
    said = skill_does(view, card).split(":", 1)[-1].strip()
    return said[:1].upper() + said[1:]


def adventurer_card(
    view: dict[str, Any],
    card: str,
    width: int,
    *,
    text_lines: int,
    legal: bool,
    cursor: bool,
    chosen: bool,
    dim: bool,
) -> CardBox:
    """An adventurer in a hand or the supply as a card: glyph and colour word, courage,
    skill, and with ``text_lines`` to spare, what the skill does."""
    colour = counts_for(view, card)
    inner = width - 3
    words = adventurer_fitting(view, card, inner - 2, placed=False)
    lines = tuple(_wrap(card_does(view, card), width - 2, text_lines))
    return CardBox(
        glyph_of(view, card),
        words,
        lines,
        style=STYLES[colour],
        width=width,
        legal=legal and not chosen,
        selected=cursor,
        dim=dim,
        mark=CHOSEN if chosen else "",
    )


def hand_row(
    view: dict[str, Any],
    cards: Sequence[str],
    label: str,
    width: int,
    marks: Sequence[tuple[bool, bool, bool, bool]] = (),
) -> list[Text]:
    """A hand (or the supply) in a row of words at 80 columns, where its cards as boxes
    take three rows: "Hand [▲ Red 6◆]  ★ Yellow 1 (Killer)◆". ``marks``: per card
    (legal, cursor, chosen, dim); the cursor's card is in brackets and reversed. Full names
    when they all fit, else the legend's short forms, on as many rows as they need."""
    marks = list(marks) or [(True, False, False, False)] * len(cards)
    head = f"{label} "
    for full in (True, False):
        items: list[Text] = []
        for card, (legal, cursor, chosen, dim) in zip(cards, marks, strict=False):
            words = adventurer_forms(view, card, placed=False)[0]
            if not full:  # the colour's word gives way to the glyph before it
                words = adventurer_fitting(view, card, cell_len("2 Charismatic"), placed=False)
            mark = CHOSEN if chosen else LEGAL if legal else " "
            body = Text(
                f"{glyph_of(view, card)} {words}{mark}", style=STYLES[counts_for(view, card)]
            )
            if cursor:
                body.stylize("reverse")
            elif dim:
                body.stylize("dim")
            items.append(Text.assemble("[" if cursor else " ", body, "]" if cursor else " "))
        rows: list[Text] = [Text(head, style="bold", no_wrap=True)]
        for item in items:
            if rows[-1].cell_len + item.cell_len > width and rows[-1].cell_len > len(head):
                rows.append(Text(" " * len(head), no_wrap=True))
            rows[-1].append_text(item)
        if len(rows) == 1 or not full:
            return rows
    return rows


def skill_word(card: str) -> str:
    return SKILL_WORDS[skill(card)]


# -- choices -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Choice:
    """A marker's or a rival's card in the choice row at 80 columns: its glyph, its title
    word ("Green"; none for a rival, whose name is the title) and the player it names."""

    glyph: str
    word: str
    name: str
    style: str

    def title(self, kept: int | None) -> str:
        """On one line, the name whole (``kept`` None) or its first ``kept`` words."""
        words = self.name.split(" ")
        if kept is None or kept >= len(words):
            return f"{self.word} ({self.name})" if self.word else self.name
        cut = " ".join(words[:kept])
        if not self.word:
            return f"{cut}…" if cut else "…"
        return f"{self.word} ({cut}…)" if cut else f"{self.word} …"

    def need(self, text: str) -> int:
        """The card's width for a title line of ``text`` (its borders and the ◆ corner)."""
        return cell_len(self.glyph) + 1 + cell_len(text) + 1 + 2


def _choices(view: dict[str, Any], names: Sequence[str], keys: Sequence[Any]) -> list[_Choice]:
    found = []
    for kind, value in keys:
        if kind == "colour":
            seat = owner(view, value)
            name = "nobody" if seat is None else names[seat]
            found.append(
                _Choice(COLOUR_GLYPHS[value], ADVENTURER_NAMES[value], name, STYLES[value])
            )
        else:
            style = STYLES[view["colours"][value][0]]
            found.append(_Choice(player_mark(view, value), "", names[value], style))
    return found


def _base(count: int, space: int) -> int:
    """The width every choice card gets when all fit it (as wide as room allows, to 26)."""
    return max(12, min(26, (space + 1) // max(1, count) - 1))


def _widths(needs: Sequence[int], space: int) -> list[int] | None:
    """Card widths that fit ``space``: each its need, the narrow ones widened alike as far
    as the room allows (the room the others do not need); None if the needs do not fit."""
    gaps = len(needs) - 1
    for floor in range(_base(len(needs), space), -1, -1):
        widths = [max(need, floor) for need in needs]
        if sum(widths) + gaps <= space:
            return widths
    return None


def choice_lines(
    view: dict[str, Any], names: Sequence[str], keys: Sequence[Any], space: int
) -> int:
    """Lines a marker's card wants at 80 columns: two when a player's name whole does not
    fit the row on the title line ("■ Green" over "Bartholomew"); rivals keep one."""
    choices = _choices(view, names, keys)
    if not choices or _widths([c.need(c.title(None)) for c in choices], space):
        return 1
    if any(not c.word for c in choices):  # a rival's card has no second line to give
        return 2 if choice_grid(view, names, keys, space + 7) else 1
    return 2


def _grid_title(choice: _Choice) -> str:
    return f"{choice.word}: {choice.name}" if choice.word else choice.name


def choice_grid(
    view: dict[str, Any], names: Sequence[str], keys: Sequence[Any], width: int
) -> list[list[int]] | None:
    """The choices in two rows of one-line cards, ``width`` cells wide (the row's label
    left to the prompt under it), each naming its player whole ("▲ Red: Bot 3 (normal)"):
    the choices' indices row by row, in their order. None where one row of cards holds
    every name whole (on one line, or a marker's two: "■ Green" over "Bartholomew"), or
    where two rows do not: five players' markers read "▲ Red (Bot…)", "● Blue …" on one
    row at 80 columns, and four rivals "● Bot 1…" (issue #15)."""
    choices = _choices(view, names, keys)
    space = width - 7
    if not choices or _widths([c.need(c.title(None)) for c in choices], space):
        return None
    if all(c.word for c in choices):
        needs = [max(c.need(c.word) - 2, cell_len(c.name)) + 2 for c in choices]
        if _widths(needs, space):
            return None
    needs = [c.need(_grid_title(c)) for c in choices]

    def used(part: Sequence[int]) -> int:
        return sum(part) + len(part) - 1

    # The split whose wider row is narrowest: two rows alike ("Bot 1", "Bot 2" over
    # "Bot 3", "Bot 4") rather than three cards over one.
    splits = [
        (max(used(needs[:cut]), used(needs[cut:])), cut)
        for cut in range(-(-len(needs) // 2), len(needs))
        if used(needs[:cut]) <= width and used(needs[cut:]) <= width
    ]
    if not splits:
        return None
    cut = min(splits)[1]
    return [list(range(cut)), list(range(cut, len(needs)))]


def grid_boxes(
    view: dict[str, Any],
    names: Sequence[str],
    keys: Sequence[Any],
    grid: Sequence[Sequence[int]],
    at: int,
) -> list[tuple[CardBox, ...]]:
    """`choice_grid`'s rows of cards, each card as wide as its words."""
    choices = _choices(view, names, keys)
    return [
        tuple(
            CardBox(
                choices[i].glyph,
                _grid_title(choices[i]),
                style=choices[i].style,
                width=choices[i].need(_grid_title(choices[i])),
                legal=True,
                selected=at == i,
            )
            for i in row
        )
        for row in grid
    ]


def choice_boxes(
    view: dict[str, Any],
    names: Sequence[str],
    keys: Sequence[Any],
    space: int,
    at: int,
    lines: int = 1,
) -> tuple[CardBox, ...]:
    """The choice row's cards at 80 columns, ``space`` cells wide: each names its player
    whole where the row has room (the room others do not need, or a second ``lines``),
    else cut between words, the longest first (the details line has them whole)."""
    choices = _choices(view, names, keys)
    if lines > 1:
        needs = [max(c.need(c.word) - 2, cell_len(c.name)) + 2 for c in choices]
        widths = _widths(needs, space) or [_base(len(choices), space)] * len(choices)
        return tuple(
            CardBox(
                c.glyph,
                c.word,
                (_cut_between_words(c.name, width - 2),),
                style=c.style,
                width=width,
                legal=True,
                selected=at == index,
            )
            for index, (c, width) in enumerate(zip(choices, widths, strict=True))
        )
    kept: list[int | None] = [None] * len(choices)
    while True:
        titles = [c.title(k) for c, k in zip(choices, kept, strict=True)]
        needs = [c.need(t) for c, t in zip(choices, titles, strict=True)]
        fitted = _widths(needs, space)
        if fitted is not None:
            widths = fitted
            break
        cuttable = [i for i, k in enumerate(kept) if k is None or k > 0]
        if not cuttable:  # no name left to cut: the cards cut their titles
            widths = [_base(len(choices), space)] * len(choices)
            break
        longest = max(cuttable, key=lambda i: needs[i])
        words = len(choices[longest].name.split(" "))
        now = kept[longest]
        kept[longest] = (words if now is None else now) - 1
    return tuple(
        CardBox(c.glyph, title, style=c.style, width=width, legal=True, selected=at == index)
        for index, (c, title, width) in enumerate(zip(choices, titles, widths, strict=True))
    )


def _cut_between_words(text: str, room: int) -> str:
    """``text`` in ``room`` cells, cut after its last whole word that fits ("Bot 2…"); a
    first word longer than the room is left for the card to cut."""
    if cell_len(text) <= room:
        return text
    kept = ""
    for word in text.split(" "):
        longer = f"{kept} {word}" if kept else word
        if cell_len(longer) + 1 > room:
            break
        kept = longer
    return f"{kept}…" if kept else text
