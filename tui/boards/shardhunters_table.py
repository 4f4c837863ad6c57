"""How the Shardhunters table is drawn: each side's heroes as cards with their abilities,
the Combats of this Hunt as the cards played (face down until revealed), the hand, the
choices and the live tracks — pure functions from a view to lines of Rich text.

Two levels of detail, picked by the room the board has (``Detail``): "cards" (heroes as
cards with as many lines of their ability as fit, each Combat as its cards, the tracks)
and "lines" (the floor at 80×24: one line per side and per Combat). Monster cards are
always cards: glyph, value and colour word (a colour is never told by colour alone).
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rich.cells import cell_len
from rich.text import Text

from core.games.shardhunters.data import (
    COLOUR_SYMBOLS,
    HEROES,
    MONSTER_CARDS,
    TRIBES,
    WINNING_TEAM,
    hero_name,
)
from core.table import Update
from tui.widgets.card import CHOSEN, TRACK_GAP, CardBox, CardRow, Track

T = TypeVar("T")

STYLES: dict[str, str] = {
    # Colour as a bonus only: the word and symbol always say it too.
    "white": "bold",
    "yellow": "bold yellow",
    "blue": "bold blue",
    "red": "bold red",
}
COMBATS = ("1st", "2nd", "3rd", "4th")
GLYPHS: dict[str, str] = {**COLOUR_SYMBOLS, "yellow": "⚑"}
"""The colours' glyphs on the board: the pirates' flag for yellow, as the anchor (⚓) is
drawn two cells wide by many terminals and would break the cards' borders."""
ACTIVE = "★"
"""Marks an active (standing) hero where there is no room for the word."""
COLOUR_RULES: dict[str, str] = {
    "white": "undead: not a coloured card",
    "yellow": "pirates: a coloured card",
    "blue": "rats: if any is played, the lowest total wins",
    "red": "lycanthropes: if any is played, the highest total wins (overrules blue)",
}


def card_words(card: str) -> str:
    """A monster card in words: "blue 3 (rats)"."""
    m = MONSTER_CARDS[card]
    return f"{m.colour} {m.value} ({TRIBES[m.colour]})"


def card_text(card: str) -> str:
    """A monster card's full text: value, colour, tribe and what its colour does."""
    m = MONSTER_CARDS[card]
    return f"{m.colour.capitalize()} {COLOUR_RULES[m.colour]}."


def hero_text(hero: str) -> str:
    """A hero's full name and ability."""
    return f"{HEROES[hero].name}: {HEROES[hero].ability}"


BROKEN: dict[str, tuple[str, str]] = {"lycanthropes": ("lycan-", "thropes")}
"""Where a tribe's word breaks when a card is too narrow for it whole."""


def tribe_lines(tribe: str, room: int) -> tuple[str, ...]:
    """A tribe's word on a card ``room`` cells wide: whole, else broken at its syllable
    (else cut by the card, as before)."""
    if len(tribe) <= room or tribe not in BROKEN:
        return (tribe,)
    return BROKEN[tribe]


def monster_box(
    card: str,
    width: int,
    *,
    legal: bool = False,
    selected: bool = False,
    mark: str = "",
    fresh: bool = False,
    tribe: bool = False,
) -> CardBox:
    """A monster card: "☠ 3" over its colour word ("white"), the tribe too when wide."""
    m = MONSTER_CARDS[card]
    glyph = GLYPHS[m.colour]
    long = f"{m.value} {m.colour}"
    room = width - 2 - (1 if legal else 0) - (len(mark) + 1 if mark else 0)
    fits = cell_len(glyph) + 1 + len(long) <= room
    word = long if fits else str(m.value)
    lines: tuple[str, ...] = () if fits else (m.colour,)
    if tribe:
        lines = (*lines, *tribe_lines(TRIBES[m.colour], width - 2))
    return CardBox(
        glyph,
        word,
        lines,
        style=STYLES[m.colour],
        width=width,
        legal=legal,
        selected=selected,
        mark=mark,
        fresh=fresh,
    )


def side_name(update: Update, side: int) -> str:
    """A side as the board says it: "you", "the Reavers", or a player's name without the
    bracket at its end ("Bot 2 (normal)": "Bot 2") where no other side's name reads the
    same. A bot's level is said once, on its own side's line (`full_title`): a newcomer
    saw "Bot 2" there and "Bot 2 (normal)" in the Combats and read two players."""
    if update.view["solo"] and side == 1:
        return "the Reavers"
    if side == update.seat:
        return "you"
    name = _named(update, side)
    brief = _unbracketed(name)
    if not brief or brief == name:
        return name
    others = [_named(update, s) for s in range(update.view["sides"]) if s != side]
    if brief in others or brief in (_unbracketed(o) for o in others):
        return name
    return brief


def _named(update: Update, side: int) -> str:
    return update.names[side] if side < len(update.names) else f"Player {side + 1}"


def title(update: Update, side: int) -> str:
    """A side at the start of a sentence ("You", "The Reavers", "Bot 2"); names stay as
    typed, without the bracket at their end (see `side_name`)."""
    name = side_name(update, side)
    return name[0].upper() + name[1:] if name in ("you", "the Reavers") else name


def full_title(update: Update, side: int) -> str:
    """A side as `title` says it, a name with its bracket ("Bot 2 (normal)"): on the side's
    own line only, the one place a bot's level is said."""
    name = title(update, side)
    if (update.view["solo"] and side == 1) or side == update.seat:
        return name
    return _named(update, side)


def _unbracketed(name: str) -> str:
    return re.sub(r"\s*\([^()]*\)$", "", name)


def marker(update: Update, side: int) -> str:
    """A side's marker on the tracks: its seat number, R for the Reavers."""
    return "R" if update.view["solo"] and side == 1 else str(side + 1)


def active_heroes(view: dict[str, object], side: int) -> set[str]:
    teams = view["teams"]
    assert isinstance(teams, list)
    if view["solo"]:
        return set(teams[side])
    active = view["active"]
    assert isinstance(active, list)
    return set(active[side])


WHOLE = 20
"""Lines enough for any hero's ability on the narrowest hero card (a card takes only the
lines its ability needs)."""


@dataclass(frozen=True, slots=True)
class Detail:
    """How much the board shows: active heroes as cards with ``ability`` lines (0: one line
    per side) and resting ones with ``resting`` lines (None: as many), Combats as cards or
    lines, the tracks or not."""

    ability: int
    combat_cards: bool
    tracks: bool
    resting: int | None = None
    to_come: bool = True
    """The Combats of the Hunt still to come show too (what each side will put down)."""
    wrap: int = 0
    """How many Combats said in lines may take two lines each (where one would say their
    cards as glyph codes: "2nd · 1: ⚑2 ⚑2 | 2: ☾1 ⚑4" was read as codes at 80x24)."""
    together: int = 0
    """How many things every side said in a line gives way (see `sides_giving`)."""
    label: tuple[int, bool] = (0, False)
    """The form of every side's line above its heroes' cards (see `label_form`)."""
    tribes: bool = True
    """Your hand's cards say their tribe under the colour ("undead") where they are wide
    enough; False: not, a row fewer (the details line says the tribe of the card under
    the cursor), for a Combat's second line."""

    def lines(self, active: bool) -> int:
        """The lines of ability a hero's card shows, active or resting."""
        if active or self.resting is None:
            return self.ability
        return min(self.ability, self.resting)


def shown_team(view: dict[str, object], side: int) -> list[str]:
    """A side's heroes in the order the board shows them: the active ones first (their
    abilities apply this Hunt, and take the lines a cramped board has), then the resting."""
    teams = view["teams"]
    assert isinstance(teams, list)
    active = active_heroes(view, side)
    team = list(teams[side])
    return [h for h in team if h in active] + [h for h in team if h not in active]


FACTS = (0, 1, 2, 3)
"""A side's facts from the longest form to the shortest (see `side_facts`)."""


def side_facts(update: Update, side: int, short: int, doing: bool = True) -> str:
    """Bloodshards, loot (coloured), cards in hand, and what the side is doing (``doing``
    False: not, when the Combat's line shows who has put their cards down). ``short`` from
    0 (or False), in words ("2 Bloodshards · loot 4 (2 coloured) · 6 in hand"), through 1
    (or True: "2 shards · …") and 2 ("… · hand 6") to 3, the shortest ("2 shards · loot 4
    (2 col.) · hand 6"), for a line where even the shorter words do not fit: "hand 6" still
    reads as words, "col." was read as a code."""
    view = update.view
    shards = view["shards"][side]
    loot = view["loot"][side]
    coloured = sum(1 for c in loot if MONSTER_CARDS[c].colour != "white")
    hand = view["hand_sizes"][side]
    # "no loot" says in 7 cells what "loot 0 (0 coloured)" said in 19.
    said = f"({coloured} {'col.' if short >= 3 else 'coloured'})"
    looted = f"loot {len(loot)} {said}" if loot else "no loot"
    if short:
        parts = [
            f"{shards} shard{'s' if shards != 1 else ''}",
            looted,
            f"hand {hand}" if short >= 2 else f"{hand} in hand",
        ]
    else:
        parts = [f"{shards} Bloodshard{'s' if shards != 1 else ''}", looted, f"{hand} in hand"]
    deciding = view["phase"] in ("combat", "choose", "draft", "start")
    shown = doing and deciding and update.outcome is None
    if shown and side < min(view["players"], len(view["submitted"])):
        if view["submitted"][side]:
            parts.append("ready")
        elif side in update.acting:  # not a side with nothing to choose (one hero stands)
            parts.append("choosing")
    return " · ".join(parts)


DOING = ("ready", "choosing")
"""What a side's facts end with while it decides (see `side_facts`)."""


def side_label(
    update: Update, side: int, short: int, doing: bool = True, brief: bool = False
) -> Text:
    """A side's line up to its heroes: ▶ while it is to act, its marker and name (without
    the bracket at its end, ``brief``), its facts (see `side_facts`)."""
    turn = "▶ " if side in update.acting and update.outcome is None else "  "
    line = Text(turn, no_wrap=True)
    name = title(update, side) if brief else full_title(update, side)
    line.append(f"{marker(update, side)} {name}", style="bold")
    line.append(f" · {side_facts(update, side, short, doing)}")
    return line


def _team_words(team: list[str], active: set[str], looked: str | None, every: bool) -> Text:
    """A side's heroes by name, the active ones marked; ``every`` False: the active ones
    (and the one looked at), then how many more rest."""
    shown = [h for h in team if every or h in active or h == looked]
    words = Text(no_wrap=True)
    for hero in shown:
        mark = ACTIVE if hero in active else ""
        style = "bold reverse" if hero == looked else "bold" if mark else "dim"
        words.append(f"{mark}{hero_name(hero)}", style=style)
        words.append(" ")
    words.rstrip()
    if len(shown) < len(team):
        words.append(f"{' ' if shown else ''}+{len(team) - len(shown)} resting", style="dim")
    return words


def side_row(update: Update, side: int, width: int, looked: str | None, together: int = 0) -> Text:
    """A side on one line: its facts and its heroes, every name whole. When they do not
    all fit, shorter words take their place one after another (see `_row_order`), the
    resting heroes are counted, not named, then all the heroes; the details (i) and the
    whole table (t) name them all. ``together``: the first so many have given way already
    (see `sides_giving`)."""
    order = _row_order(update)
    for given in range(min(together, len(order)), len(order) + 1):
        line = _row_at(update, side, given, looked)
        if line.cell_len <= width:
            return line
    team = update.view["teams"][side]
    heroes = f"{len(team)} hero{'es' if len(team) != 1 else ''}"
    for form in FACTS:
        line = side_label(update, side, short=form, doing=False, brief=True)
        line.append(f" · {heroes}")  # ▶ still marks who is to act
        if line.cell_len <= width:
            return line
    line.truncate(width, overflow="ellipsis")
    return line


def _row_order(update: Update) -> list[str]:
    """What gives way on a side's line, one thing after another: what the side is doing in
    a Combat (its line says who has put their cards down), "Bloodshards" ("2 shards"),
    "6 in hand" ("hand 6"), the bracket of a name ("Bot 2 (normal)": "Bot 2"), the resting
    heroes named (counted: ↑↓ and the details name them), what the side is doing outside
    a Combat, the active heroes named ("3 heroes, 2 active"), and last "coloured" ("col.":
    the loot's colours decide a tied Hunt, and "col." was read as a code at 80x24 where
    words could have given way first). "hand 6" comes before the bracket, so every side
    gives it way together (see `sides_giving`): "0 in hand" stood over "hand 0" on nearly
    half the boards at 80x24, and three words keep a bot's whole name on more lines."""
    if update.view["phase"] == "combat":
        return ["doing", "shards", "hand", "brief", "resting", "named", "col."]
    return ["shards", "hand", "brief", "resting", "doing", "named", "col."]


def _row_at(update: Update, side: int, given: int, looked: str | None) -> Text:
    """A side's line with the first ``given`` things of `_row_order` given way."""
    view = update.view
    team = list(view["teams"][side])
    active = active_heroes(view, side)
    in_combat = view["phase"] == "combat"
    gone = set(_row_order(update)[:given])
    form = 3 if "col." in gone else 2 if "hand" in gone else 1 if "shards" in gone else 0
    doing = "doing" not in gone and (not in_combat or "named" not in gone)
    line = side_label(update, side, short=form, doing=doing, brief="brief" in gone)
    if not team:
        line.append(" · no heroes yet")
    elif "named" in gone:
        heroes = f"{len(team)} hero{'es' if len(team) != 1 else ''}"
        line.append(f" · {heroes}, {len(active)} active")
    else:
        line.append(" · ")
        line.append_text(_team_words(team, active, looked, "resting" not in gone))
    return line


def sides_giving(update: Update, width: int) -> int:
    """How many things every side's line gives way (up to the bracket of a name) where
    one side's must shorten its Bloodshards or its name: "2 Bot 2 · 0 shards" over "3 Bot
    3 (normal) · 2 Bloodshards" made a newcomer wonder why Bot 3 was "normal" and Bot 2
    not."""
    order = _row_order(update)
    most = order.index("brief") + 1
    needed = 0
    for side in range(update.view["sides"]):
        given = next(
            (g for g in range(most + 1) if _row_at(update, side, g, None).cell_len <= width),
            most,
        )
        needed = max(needed, given)
    # What a side is doing alone is left to each (the Combat's line says it for all).
    return needed if needed > order.index("shards") else 0


def side_lines(
    update: Update, side: int, width: int, detail: Detail, looked: str | None
) -> list[Text]:
    """One side: its label and facts, then its heroes (cards, or names on the line)."""
    labels, rows = side_parts(update, side, width, detail, looked)
    return labels + [line for row in rows or () for line in row.lines(width)]


def side_height(update: Update, side: int, width: int, detail: Detail) -> int:
    """How many lines ``side_lines`` makes, without making the heroes' cards: from how
    many lines each ability wraps to (a board tries some sixty levels of detail, and made
    every card of every side at each)."""
    view = update.view
    team = shown_team(view, side)
    if not detail.ability or not team:
        labels, rows = side_parts(update, side, width, detail, None)
        return len(labels) + sum(row.height(width) for row in rows or ())
    height = len(_labels(update, side, width, detail.label))
    for _, _, lines in hero_rows(team, active_heroes(view, side), width, detail):
        height += 1 + lines + 2
    return height


def hero_rows(
    team: Sequence[str], active: set[str] | frozenset[str], width: int, detail: Detail
) -> list[tuple[list[str], int, int]]:
    """A side's heroes in rows of cards: (the heroes, their cards' width, their lines of
    ability) per row. The rows share the heroes evenly, each row's cards as wide as the
    side allows (up to `WIDEST_HERO`), in as many rows as make the side shortest: at
    160x45 four heroes were cards 16 wide, two to a row beside 17 empty columns, their
    abilities wrapped to 9-12 lines; a lone hero was 25 wide in a panel of 51."""
    if not team:
        return []
    best: list[tuple[list[str], int, int]] = []
    least = (0, 0)  # the side's height, then how many abilities it cuts
    for shared in even_rows(team, width):
        rows = []
        cut = 0
        for group, card_width in shared:
            needs = [wrapped_lines(HEROES[hero].ability, card_width - 2) for hero in group]
            allowed = [detail.lines(hero in active) for hero in group]
            lines = max(min(n, a) for n, a in zip(needs, allowed, strict=True))
            cut += sum(1 for n, a in zip(needs, allowed, strict=True) if n > min(a, lines))
            rows.append((group, card_width, lines))
        measure = (sum(3 + lines for _, _, lines in rows), cut)
        if not best or measure < least:
            best, least = rows, measure
    return best


def even_rows(items: Sequence[T], width: int) -> Iterator[list[tuple[list[T], int]]]:
    """Every way to share ``items`` evenly among rows of cards ``width`` wide (one row, two,
    …, one card a row), each row with its cards' width (up to `WIDEST_HERO`, a column
    between cards); a way whose fullest row would make cards narrower than `NARROWEST_HERO`
    is left out, unless it is one card a row. The heroes of a side and the heroes to choose
    from are laid out by it."""
    for count in range(1, len(items) + 1):
        sizes = [len(items) // count + (1 if r < len(items) % count else 0) for r in range(count)]
        if (width - (sizes[0] - 1)) // sizes[0] < NARROWEST_HERO and count < len(items):
            continue
        rows, start = [], 0
        for size in sizes:
            card_width = max(1, min(WIDEST_HERO, (width - (size - 1)) // size))
            rows.append((list(items[start : start + size]), card_width))
            start += size
        yield rows


NARROWEST_HERO = 16
"""A hero card's least width (its name and "active" on the top line)."""

WIDEST_HERO = 40
"""A hero card's most width: a line of ability easy to read."""


@functools.lru_cache(maxsize=1024)
def wrapped_lines(text: str, width: int) -> int:
    """How many lines ``text`` wraps to in ``width`` cells."""
    return len(textwrap.wrap(text, width))


def _labels(
    update: Update, side: int, width: int, form: tuple[int, bool] = (0, False)
) -> list[Text]:
    """A side's lines of words above its heroes' cards: its name and facts (in ``form``,
    see `label_form`), its note."""
    note = update.notes.get(side)
    short, brief = form
    label = side_label(update, side, short=short, brief=brief)
    if label.cell_len > width and side_label(update, side, 0, brief=True).cell_len <= width:
        # The name without its bracket before a second line: at 120x40 "▶ 2 Bot 2 (normal)
        # · choosing" over its facts took the row a Combat's second line of words needed.
        # (Where even "Bloodshards" and no bracket do not fit, the name is whole on a line
        # of its own.)
        label = side_label(update, side, short=short, brief=True)
    labels = [label]
    if label.cell_len > width:
        # Too long for its column: the name and what the side is doing on one line, the
        # facts on the next ("hand 4 · choosin…" was read at 160x45 with the name's line
        # half empty).
        name, doing, short = _name_line(update, side, width, short)
        labels = [name, Text(f"    {side_facts(update, side, short, not doing)}")]
    if note:
        labels.append(Text(f"    {note}", style="italic"))
    for line in labels:
        line.truncate(width, overflow="ellipsis")
    return labels


def _on_two_lines(update: Update, side: int, width: int, form: tuple[int, bool]) -> bool:
    """A side's line above its cards does not fit ``width`` in ``form`` (see `_labels`)."""
    short, brief = form
    if side_label(update, side, short=short, brief=brief).cell_len <= width:
        return False
    return side_label(update, side, 0, brief=True).cell_len > width


def _name_line(update: Update, side: int, width: int, least: int) -> tuple[Text, bool, int]:
    """A side's name on a line of its own, with what the side is doing where it fits, and
    the form of its facts on the next line: ``least`` or shorter (the others' form: "1
    Bloodshard" under "Bot 2 (normal) · ready" beside "▶ 1 You · 1 shard · …" read as two
    kinds of shards)."""
    turn = "▶ " if side in update.acting and update.outcome is None else "  "
    name = Text(f"{turn}{marker(update, side)} {full_title(update, side)}", style="bold")
    facts = side_facts(update, side, False)
    doing = facts.rsplit(" · ", 1)[-1] if facts.endswith(DOING) else ""
    if doing and name.cell_len + 3 + len(doing) <= width:
        name.append(f" · {doing}", style="")
    else:
        doing = ""
    forms = (f for f in FACTS if f >= least)
    fits = (f for f in forms if len(side_facts(update, side, f, not doing)) <= width - 4)
    return name, bool(doing), next(fits, FACTS[-1])


LABEL_FORMS = ((0, False), (1, False), (0, True))
"""The forms of a side's line above its heroes' cards, (its facts' form, see `side_facts`;
its name without its bracket), as a side's line gives way (see `_row_order`): "2 shards"
before "Bot 4" for "Bot 4 (normal)"."""


def label_form(update: Update, width: int) -> tuple[int, bool]:
    """The first of `LABEL_FORMS` that every side's line above its cards fits ``width`` in
    (but a side that fits in none, on two lines): the board said "4 Bot 4" over its cards
    and the log "Bot 4 (normal)", and a newcomer could not tell them one; the sides say
    their names and Bloodshards in one form ("3 Bot 3 (normal) · 2 Bloodshards" over "2
    Bot 2 · 0 shards" made a newcomer wonder why Bot 3 was "normal" and Bot 2 not)."""
    fits = [
        [
            side_label(update, side, short, brief=brief).cell_len <= width
            for short, brief in LABEL_FORMS
        ]
        for side in range(update.view["sides"])
    ]
    fitting = [each for each in fits if any(each)]
    short, brief = next(
        (form for n, form in enumerate(LABEL_FORMS) if all(each[n] for each in fitting)),
        LABEL_FORMS[-1],
    )
    # The sides whose name takes a line of its own say their facts in the same form (the
    # shortest any of them needs, but "col.": a side short of even "hand 6" says it alone).
    two = [
        s for s in range(update.view["sides"]) if _on_two_lines(update, s, width, (short, brief))
    ]
    return max([short, *(min(2, _name_line(update, s, width, short)[2]) for s in two)]), brief


def side_parts(
    update: Update, side: int, width: int, detail: Detail, looked: str | None
) -> tuple[list[Text], list[CardRow] | None]:
    """A side's lines of words, and the rows of its heroes' cards, each row as tall as its
    own cards need (None: named in words)."""
    view = update.view
    team = shown_team(view, side)
    active = active_heroes(view, side)
    note = update.notes.get(side)
    if not detail.ability:
        out = [side_row(update, side, width, looked, detail.together)]
        if note:
            out.append(Text(f"    {note}", style="italic"))
        return out, None
    labels = _labels(update, side, width, detail.label)
    if not team:
        return labels, [CardRow((), empty="(no heroes)")]
    rows = []
    # A row is as tall as its tallest card: each card of it says as much of its ability
    # as those lines hold ("Your WHITE…" was read over five empty lines).
    for group, card_width, lines in hero_rows(team, active, width, detail):
        cards = (hero_box(h, h in active, card_width, lines, h == looked) for h in group)
        rows.append(CardRow(tuple(cards), gap=1))
    return labels, rows


def hero_width(width: int, heroes: int = 4) -> int:
    """Hero cards share the width: up to four in a row, never narrower than 16 nor wider
    than 32, as wide as the row allows (a wider card takes fewer lines of ability)."""
    per_row = max(1, min(max(heroes, 2), 4, (width + 1) // 17))
    return max(16, min(32, (width - (per_row - 1)) // per_row))


def hero_box(hero: str, active: bool, width: int, lines: int, selected: bool) -> CardBox:
    """A hero card: name, active or resting, and ``lines`` lines of the ability."""
    state = "active" if active else "resting"
    name = hero_name(hero)
    if len(name) + len(state) + 5 <= width - 2:
        name = f"{name} · {state}"
    words = _wrap(HEROES[hero].ability, width - 2, lines)
    return CardBox(
        ACTIVE if active else "·",
        name,
        tuple(words),
        width=width,
        selected=selected,
        dim=not active,
    )


def _wrap(text: str, width: int, lines: int) -> list[str]:
    if lines <= 0:
        return []
    wrapped = textwrap.wrap(text, width)
    if len(wrapped) > lines:
        wrapped = wrapped[:lines]
        wrapped[-1] = wrapped[-1][: width - 1].rstrip() + "…"
    return wrapped


def verdict(update: Update, number: int) -> str:
    result = update.view["results"][number]
    return "a draw" if result < 0 else f"{side_name(update, result)} won"


def combat_lines(update: Update, width: int, detail: Detail) -> list[Text]:
    """The lines of every block of ``combat_blocks``, top to bottom."""
    return [line for block in combat_blocks(update, width, detail) for line in block]


CODED = re.compile(f"[{''.join(GLYPHS.values())}]\\d")
"""A card said by its glyph and value alone ("⚑2"): a Combat's line in glyph codes."""


def coded_combats(update: Update, width: int, detail: Detail) -> list[int]:
    """The Combats played whose line (of ``combat_blocks``) says their cards in glyph codes,
    where no line of words fits (the details, i, say them in words)."""
    if detail.combat_cards:
        return []
    blocks = combat_blocks(update, width, detail)[: len(update.view["plays"])]
    return [n for n, block in enumerate(blocks) if any(CODED.search(t.plain) for t in block)]


def combat_blocks(update: Update, width: int, detail: Detail) -> list[list[Text]]:
    """The Combats of this Hunt, a block of lines each (four at most): the cards each side
    played, face up once revealed, face down while the current one waits, and during a
    Combat those still to come with the cards each side will put down; who won each.

    Every Combat of the Hunt takes its rows from the start (one line each, or its cards),
    each side's cards as many rows and columns as its Combat's size takes, whatever is
    shown in them: the Combats kept the same rows through a Hunt, where they grew at each
    card put down and each reveal, and each time laid the whole screen out again."""
    view = update.view
    plays = view["plays"]
    out: list[list[Text]] = []
    current = view["phase"] == "combat" and update.outcome is None
    revealed = any(e.get("type") == "reveal" for e in update.events)
    shown: list[tuple[str, list[tuple[str, list[CardBox], int]], list[list[str]] | None, int]]
    shown = []  # each Combat's head, sides, cards played (None: being played) and winner
    for number, combat in enumerate(plays):
        head = f"{COMBATS[number]} Combat: {verdict(update, number)}"
        fresh = revealed and number == len(plays) - 1  # just turned up: "new" on each card
        groups = [
            (
                f"{marker(update, s)} {title(update, s)}",
                [monster_box(c, CARD, fresh=fresh) for c in cards],
                _size(view, s, number, len(cards)),
            )
            for s, cards in enumerate(combat)
        ]
        shown.append((head, groups, combat, view["results"][number]))
    if current:
        k = view["combat"]
        groups = []
        for side in range(view["sides"]):
            size = view["sizes"][side][k]
            mine = side == update.seat and view["pending"]
            if mine:
                boxes = [monster_box(c, CARD, mark=CHOSEN) for c in view["pending"]]
            elif side < view["players"] and not view["submitted"][side]:
                boxes = []
            else:
                boxes = [_back() for _ in range(size)]
            groups.append((f"{marker(update, side)} {title(update, side)}", boxes, size))
        head = f"{COMBATS[k]} Combat now: face down until everyone has chosen"
        shown.append((head, groups, None, -1))
    cards = detail.combat_cards
    two = _two_lines(update, width, shown, detail.wrap) if not cards else set()
    for number, (head, groups, played, won) in enumerate(shown):
        wrap = number in two
        out.append(_combat_block(head, groups, width, cards, update, played, won, wrap))
    if current:
        for later in range(view["combat"] + 1, len(COMBATS) if detail.to_come else 0):
            out.append(_to_come(update, later, width, cards))
    if not out:
        out.append([Text(f"Hunt {view['hunt']}: no Combat yet.", style="dim")])
    return out


def _two_lines(
    update: Update,
    width: int,
    shown: list[tuple[str, list[tuple[str, list[CardBox], int]], list[list[str]] | None, int]],
    wrap: int,
) -> set[int]:
    """The Combats (of ``shown``) that take two lines of words, ``wrap`` at most: those
    that one line would say as glyph codes, the most cards first (twelve cards as codes
    are the hardest to read)."""
    if not wrap:
        return set()
    needs = [
        number
        for number, (head, groups, played, won) in enumerate(shown)
        if len(_combat_text(head, groups, width, update, played, won, True)) > 1
    ]
    most = sorted(needs, key=lambda n: -sum(size for _, _, size in shown[n][1]))
    return set(most[:wrap])


CARD = 8
"""A monster card's width in a Combat: "☠ 3" over its colour word."""


def combat_height(update: Update, width: int, detail: Detail) -> int:
    """How many lines ``combat_lines`` makes, without drawing a card: from the Combats'
    sizes and the sides' names alone (a board tries its levels of detail at every update,
    and drew every Combat's cards at each)."""
    view = update.view
    plays = view["plays"]
    current = view["phase"] == "combat" and update.outcome is None
    numbers = list(range(len(plays)))
    if current:
        last = len(COMBATS) if detail.to_come else view["combat"] + 1
        numbers += range(view["combat"], last)
    if not numbers:
        return 1
    if not detail.combat_cards:
        # A line each, or (``wrap``) two for some: as drawn (lines of words are cheap).
        return len(combat_lines(update, width, detail)) if detail.wrap else len(numbers)
    height = 0
    for number in numbers:
        played = plays[number] if number < len(plays) else None
        used, rows = 0, 1
        for side in range(len(played) if played is not None else view["sides"]):
            size = _size(view, side, number, len(played[side]) if played is not None else 0)
            name = f"{marker(update, side)} {title(update, side)}"
            need = max(len(name), size * CARD, len(CHOOSING)) + 2
            if used and used + need > width:
                rows += 1
                used = 0
            used += need
        height += 1 + rows * (1 + CARD_ROWS)
    return height


def _back() -> CardBox:
    """A card put down face down, as tall and wide as the card it will show."""
    return CardBox("", "", width=CARD, height=2, face_down=True)


def _size(view: dict[str, Any], side: int, number: int, played: int) -> int:
    """The cards ``side`` puts down in Combat ``number`` (at least those it did)."""
    sizes = view["sizes"][side]
    return max(played, sizes[number] if number < len(sizes) else 0)


def _to_come(update: Update, number: int, width: int, cards: bool) -> list[Text]:
    """A Combat of this Hunt still to come: how many cards each side will put down, as a
    line, or as that many empty places for cards (dimmed) under each side's name."""
    view = update.view
    sides = range(view["sides"])
    sizes = [view["sizes"][side][number] for side in sides]
    if not cards:
        # "3rd Combat to come" where the line has room ("3rd to come" read as a code).
        for which in (f"{COMBATS[number]} Combat", COMBATS[number]):
            line = Text(f"{which} to come: ", style="bold", no_wrap=True)
            if len(set(sizes)) == 1:
                line.append(f"{_cards(sizes[0])} each", style="dim")
            else:
                each = (f"{marker(update, s)} with {_cards(sizes[s])}" for s in sides)
                line.append(" | ".join(each), style="dim")
            if line.cell_len <= width:
                break
        line.truncate(width, overflow="ellipsis")
        return [line]
    head = f"{COMBATS[number]} Combat to come: " + (
        f"{_cards(sizes[0])} each"
        if len(set(sizes)) == 1
        else ", ".join(
            f"{side_name(update, s)} {'play' if s == update.seat else 'plays'} {sizes[s]}"
            for s in sides
        )
    )
    groups = [
        (
            f"{marker(update, s)} {title(update, s)}",
            [CardBox("", "", width=CARD, height=2, dim=True) for _ in range(sizes[s])],
            sizes[s],
        )
        for s in sides
    ]
    return _combat_block(head, groups, width, True, update, None)


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _combat_block(
    head: str,
    groups: list[tuple[str, list[CardBox], int]],
    width: int,
    cards: bool,
    update: Update,
    played: list[list[str]] | None,
    winner: int = -1,
    wrap: bool = False,
) -> list[Text]:
    """A Combat as its cards under each side's name, or (``cards`` False) as a line: two
    lines where ``wrap`` lets it and one line would say its cards as codes. ``winner``:
    the side that won a Combat played (-1: a draw)."""
    if not cards:
        return _combat_text(head, groups, width, update, played, winner, wrap)
    out = [Text(head, style="bold")]
    out[0].truncate(width, overflow="ellipsis")
    row: list[tuple[list[Text], int]] = []
    used = 0
    for name, boxes, size in groups:
        # As wide and tall as the side's cards of this Combat, whatever shows meanwhile
        # ("(choosing)", their backs, their faces).
        block = CardRow(tuple(boxes), gap=0, empty=CHOOSING).lines(width)
        block += [Text("")] * (CARD_ROWS - len(block))
        label = Text(name, style="bold", no_wrap=True)
        block = [label, *block]
        need = max(len(name), size * CARD, len(CHOOSING)) + 2
        if row and used + need > width:
            out += _join(row)
            row, used = [], 0
        row.append((block, need))
        used += need
    if row:
        out += _join(row)
    return out


def _combat_text(
    head: str,
    groups: list[tuple[str, list[CardBox], int]],
    width: int,
    update: Update,
    played: list[list[str]] | None,
    winner: int,
    wrap: bool,
) -> list[Text]:
    """A Combat in lines of words: the first of its forms that fits ``width``.

    In words where the line has room ("1st Combat · 1: ≈ 2 blue | 2: ☠ 3 white",
    "2nd Combat now · 1: choosing | 2: 2 face down"), then the cards as the log says them
    ("1: blue 2"), the Combat's number alone, the winner's name without its bracket ("→ Bot
    2 won"), then the winner marked at its own cards ("2 won: white 4"); then (``wrap``)
    the same on two lines, half the sides on each; glyph codes ("1st: 1 ≈2 | 2 ░ ░") only
    where none of these fits: "2nd · 1: ⚑2 ⚑2 | 2: ☾1 ⚑4" was read as codes at 80x24."""
    which = head.split(":")[0]
    endings: list[tuple[str, int | None]] = [("", None)]
    if played is not None and winner < 0:
        endings = [(" → a draw", None)]
    elif played is not None:
        endings = [(f" → {side_name(update, winner)} won", None), ("", winner)]
    endings = list(dict.fromkeys(endings))
    every = len(groups)
    # The Combat being played says "2, 3, 4: choosing" where "2: choosing | 3: choosing
    # | 4: choosing" is too long, before it drops its word "Combat" ("1st now" was read).
    forms = [(0, False), (1, False), (1, True), (2, False), (2, True)]
    if played is not None:
        forms = [(level, False) for level in (0, 1, 2)]
    for ending, won in endings:
        for level, together in forms:
            line = _combat_line(which, groups, played, level, ending, won, together=together)
            if line.cell_len <= width:
                return [line]
    if wrap and every > 1:
        half = (every + 1) // 2
        for ending, won in endings:
            for level in (0, 1, 2):
                first = _combat_line(which, groups, played, level, "", won, range(half))
                second = _combat_line(which, groups, played, level, ending, won, range(half, every))
                if first.cell_len <= width and second.cell_len <= width:
                    return [first, second]
    for level in (3, 4):
        for ending, won in endings:
            if won is None:
                line = _combat_line(which, groups, played, level, ending, None)
                if line.cell_len <= width:
                    return [line]
    line.truncate(width, overflow="ellipsis")
    return [line]


def _combat_line(
    which: str,
    groups: list[tuple[str, list[CardBox], int]],
    played: list[list[str]] | None,
    level: int,
    ending: str = "",
    won: int | None = None,
    sides: range | None = None,
    together: bool = False,
) -> Text:
    """A Combat on one line: each side's number and its cards (``sides``: those only, the
    second line of a Combat on two starting under the first side), then ``ending`` (who
    won), ``won`` marking the winner at its cards ("2 won: white 4"). ``level`` 0: in
    words with glyphs ("1st Combat · 1: ≈ 2 blue, ☠ 3 white"); 1: the cards as the log
    says them ("1: blue 2"); 2: so, with the Combat's number alone ("1st · "); 3: glyph
    codes ("1: ≈2 ☠3"), still "choosing" and "2 face down"; 4: the shortest ("1st: 1 ≈2 ☠3
    | 2 ░ ░ | 3 …"). ``together``: sides next to each other showing the same, together
    ("2, 3: choosing")."""
    if level >= 2:
        which = which.replace(" Combat", "")
    lead = f"{which}: " if level >= 4 else f"{which} · "
    shown = sides if sides is not None else range(len(groups))
    first = not shown or shown[0] == 0
    line = Text(lead if first else " " * cell_len(lead), style="bold", no_wrap=True)
    said: list[tuple[list[str], str]] = []  # the sides' numbers, what they show
    for index in shown:
        name, boxes, _ = groups[index]
        number = name.split(" ")[0]
        if played is not None:
            cards = [_said(c, level) for c in played[index]]
            words = (" " if level >= 3 else ", ").join(cards)
        elif level < 4:
            down = sum(1 for b in boxes if b.face_down)
            faces = [_face(b, level) for b in boxes if not b.face_down]
            shown_words = [*faces, *([f"{down} face down"] if down else [])]
            words = ", ".join(shown_words) if boxes else "choosing"
        else:
            short = ("░" if b.face_down else f"{b.mark}{b.glyph}{b.word.split()[0]}" for b in boxes)
            words = " ".join(short) if boxes else "…"
        if together and said and said[-1][1] == words:
            said[-1][0].append(number)
        else:
            said.append(([f"{number} won" if index == won else number], words))
    for count, (numbers, words) in enumerate(said):
        if count:
            line.append(" | ")
        line.append(f"{', '.join(numbers)}{'' if level >= 4 else ':'} {words}")
    line.append(ending)
    return line


def _face(box: CardBox, level: int) -> str:
    """A card face up on a Combat's line (your own, chosen): as ``_said`` says a card."""
    value, *colour = [*box.word.split(), *box.lines[:1]]
    if level >= 3:
        return f"{box.mark}{box.glyph}{value}"
    if level == 0:
        return f"{box.mark}{box.glyph} {' '.join([value, *colour[:1]])}"
    words = " ".join([*colour[:1], value])  # "white 2", as the log says a card
    return f"{box.mark} {words}" if box.mark else words


def _said(card: str, level: int = 0) -> str:
    """A card played, on a Combat's line at ``level`` (see `_combat_line`)."""
    m = MONSTER_CARDS[card]
    if level >= 3:
        return _short(card)
    return f"{GLYPHS[m.colour]} {m.value} {m.colour}" if level == 0 else f"{m.colour} {m.value}"


CHOOSING = "(choosing)"
CARD_ROWS = 4
"""The rows of a card in a Combat: its borders, its glyph and value, its colour word."""


def _short(card: str) -> str:
    m = MONSTER_CARDS[card]
    return f"{GLYPHS[m.colour]}{m.value}"


def _join(blocks: list[tuple[list[Text], int]]) -> list[Text]:
    """Sides' blocks of a Combat side by side, each ``width`` cells (its own) wide."""
    height = max(len(b) for b, _ in blocks)
    out = []
    for row in range(height):
        line = Text(no_wrap=True)
        for block, w in blocks:
            cell = block[row].copy() if row < len(block) else Text("")
            cell.truncate(w, overflow="ellipsis", pad=True)
            line.append_text(cell)
        line.rstrip()
        out.append(line)
    return out


TRACK_WORDS = 100
"""The board's width from which the tracks' labels say what their ▲ marks."""


def track_lines(update: Update, width: int) -> list[Text]:
    """Bloodshards and team sizes as tracks, each side's marker under its space."""
    view = update.view
    sides = range(view["sides"])
    shards = tuple((view["shards"][s], marker(update, s)) for s in sides)
    costs = tuple(sorted(set(view["costs"])))
    top = max(12, *view["shards"])
    team = tuple((len(view["teams"][s]), marker(update, s)) for s in sides)
    # What the ▲ under a space means, where the width has room: at 160x45 a newcomer saw
    # the marks without a word on them (F1's legend had it).
    said = width >= TRACK_WORDS
    shards_label, team_label = (
        ("Bloodshards (▲ recruit cost)", "Team size (▲ wins the game)")
        if said
        else ("Bloodshards", "Team size")
    )
    wide = max(len(shards_label), len(team_label))
    end = max(WINNING_TEAM, *(n for n, _ in team))
    room = width - wide - 1
    # Both tracks say the sides on a space alike ("1,2,3,4" over "1-4" on the other).
    short = any(
        _whole(m, e, room, False) != _whole(m, e, room, True)
        for m, e in ((shards, top), (team, end))
    )
    out: list[Text] = []
    for label, marks, last, goals in (
        (shards_label, shards, top, costs),
        (team_label, team, end, (WINNING_TEAM,)),
    ):
        whole = _whole(marks, last, room, short)
        if whole is not None:
            out += Track(label.ljust(wide), 0, last, whole, highlight=goals, cell=2).lines(width)
        else:
            out += _spaced_track(label.ljust(wide), last, marks, goals, width, short)
    return out


GAP = TRACK_GAP
"""Either side of a stretch of a track left out, said as its spaces ("┄4–11┄"): "…" there
read as cut text. The shared tracks' gap, so every game's tracks leave spaces out alike."""


def _spaced_track(
    label: str,
    end: int,
    marks: tuple[tuple[int, str], ...],
    goals: tuple[int, ...],
    width: int,
    short: bool,
) -> list[Text]:
    """A track (0 to ``end``) whose spaces do not fit ``width`` all as wide as its most
    crowded one: each space as wide as its number or its markers ("1,2,4" made every space
    five cells wide, and the track skipped spaces at 80 columns); where even that does not
    fit, the stretches nobody stands on and no goal marks are left out, each said as its
    spaces ("┄4–11┄"), or as a bare gap between the numbers either side ("5 │┄ 9 │")."""
    spaces: dict[int, list[str]] = {}
    for space, mark in marks:
        spaces.setdefault(space, []).append(mark)
    room = width - cell_len(label) - 1
    kept = sorted({0, end, *spaces, *goals})
    every: list[int | tuple[int, int]] = list(range(end + 1))
    forms = [(every, least, True) for least in (3, 2)]
    for numbered in (True, False):
        gapped: list[int | tuple[int, int]] = []
        for space in kept:
            last = gapped[-1] if gapped else None
            if isinstance(last, int) and space > last + (2 if numbered else 1):
                gapped.append((last + 1, space - 1))
            elif isinstance(last, int) and space == last + 2:
                gapped.append(last + 1)  # one space is no wider than its numbered gap
            gapped.append(space)
        forms.append((gapped, 2, numbered))
    # The whole track with a run of sides said as one ("1-4") before a stretch left out.
    tries = [(form, brief) for form in forms for brief in dict.fromkeys((short, True))]
    for (shown, least, numbered), brief in tries:
        joined = {space: Track._together(here, brief) for space, here in spaces.items()}
        if _spaced_width(shown, least, numbered, joined) <= room:
            break
    top = Text(f"{label} ", style="bold", no_wrap=True)
    under = Text(" " * top.cell_len, no_wrap=True)
    for spot in shown:
        if isinstance(spot, tuple):
            gap = _gap(spot, numbered)
            top.append(gap, style="dim")
            under.append(" " * len(gap))
            continue
        cell = _cell(spot, least, joined)
        top.append(str(spot).center(cell), style="bold underline" if spot in goals else "")
        top.append("│")
        here = joined.get(spot, "") or ("▲" if spot in goals else "")
        under.append(here.center(cell), style="bold")
        under.append(" ")
    for line in (top, under):
        line.truncate(width, overflow="ellipsis")
    return [top, under]


def _gap(spaces: tuple[int, int], numbered: bool) -> str:
    """A stretch of a track left out, and the space after it (see `_spaced_track`)."""
    return f"{GAP}{spaces[0]}–{spaces[1]}{GAP} " if numbered else f"{GAP} "


def _cell(space: int, least: int, joined: dict[int, str]) -> int:
    """A space's cells on a track whose spaces are as wide as they need, ``least`` or more."""
    return max(least, len(str(space)), len(joined.get(space, "")))


def _spaced_width(
    shown: Sequence[int | tuple[int, int]], least: int, numbered: bool, joined: dict[int, str]
) -> int:
    """The cells a track's spaces (and stretches left out, see `_spaced_track`) take."""
    return sum(
        len(_gap(spot, numbered)) if isinstance(spot, tuple) else _cell(spot, least, joined) + 1
        for spot in shown
    )


def _whole(
    marks: tuple[tuple[int, str], ...], end: int, room: int, short: bool
) -> tuple[tuple[int, str], ...] | None:
    """A track's markers, those sharing a space said as one (``short``: a run of three or
    more as "1-4") where that lets the whole track (0 to ``end``) fit ``room``: "1,2,3,4"
    made each space 8 cells wide at 80 columns, and the track skipped spaces it had room
    for as "1-4". None where it does not fit: the track keeps its marked spaces and the
    goals, and says a run as one where it must."""
    spaces: dict[int, list[str]] = {}
    for space, mark in marks:
        spaces.setdefault(space, []).append(mark)
    for brief in dict.fromkeys((short, True)):
        joined = {space: Track._together(here, brief) for space, here in spaces.items()}
        cell = max(2, len(str(end)), *(len(j) for j in joined.values()))
        if (end + 1) * (cell + 1) <= room:
            return tuple(sorted(joined.items()))
    return None


def choice_box(key: Hashable, label: str, width: int, selected: bool, lines: int) -> CardBox:
    """A choice that is not a card in hand: a hero, the Tavern's buttons, a guess."""
    assert isinstance(key, tuple)
    if key[0] == "hero":
        # ``lines`` under the name: the verb, then the ability (cut with an ellipsis that
        # shows: the line holding it was dropped off the card).
        words = tuple(_wrap(HEROES[key[1]].ability, width - 2, lines - 1))
        verb = label.split(" ")[0]
        return CardBox(
            "",
            hero_name(key[1]),
            (verb.lower(), *words) if lines else (),
            width=width,
            legal=True,
            selected=selected,
            height=1 + lines,
        )
    word = {"pay": "Pay", "done": "Leave", "keep": "Keep hand"}.get(
        key[0], f"Guess {key[1]}" if key[0] == "guess" else str(key[0])
    )
    rest = tuple(_wrap(label, width - 2, lines)) if lines else ()
    return CardBox("", word, rest, width=width, legal=True, selected=selected, height=1 + lines)
