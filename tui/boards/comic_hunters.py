"""The Comic Hunters table: the schedule, the Trending Track, the Highlight and Secret Stash
tracks, collections, your hand, and each location's own view with a row of choices.

Every decision is a short walk through choices: a card to pick or box at the Store; a row
to reveal into or take at the Flea Market; a lot and an opening bid, a raise or a pass at
the Auction Website; at the Convention an optional slide (the card, then the empty space it
slides to) and then a hero and a row or column; in Assemble Collection a card and the hero
it joins, then the cards you pay with (value paid against value owed), then the cards you
discard. ←→ (or ↑↓) move the cursor along the choices, Enter takes the choice under it, Esc
takes the last one back. The choice under the cursor is also bracketed on the table (a card
in a row, a lot, a grid cell), and ◆ marks every place a choice can be made.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from core.engine import Action, Outcome
from core.games.comic_hunters.data import (
    CARD,
    GRID,
    HERO_NAMES,
    HERO_SHORT,
    HIGHLIGHT_NAMES,
    LOCATION_NAMES,
    SOLO_LOT_PRICES,
    card_text,
)
from core.games.comic_hunters.locations import line_cells, line_take
from core.table import Update
from tui.boards.base import Choice, Path, note_sentence, with_note
from tui.boards.choice_row import ChoiceRowBoard
from tui.widgets.card import CHOSEN, TARGET, CardFace

ICON_SHORT = {
    "number-one": "#1",
    "first-appearance": "1st",
    "new-look": "New",
    "special-edition": "Spc",
    "epic-battle": "Epc",
}
AGE_STYLE = {1: "bold cyan", 2: "bold yellow", 3: "bold magenta"}
"""Colour by age as a bonus only: the value is always written as a number."""
CELL_WIDTH = 15
HAND_LINE = 5
"""Cards per line of the hand (five faces fit 80 columns)."""
SHORT_PLACES = {
    "store": "Store",
    "flea": "Flea",
    "auction": "Auction",
    "convention": "Convention",
    "assemble": "Assemble",
}
SHEET = ("size", "variety", "highlights", "secret stash")


def short(card: str) -> str:
    """A card in a few characters: hero tags, value and Highlight icons: "SPD/CAP 2 #1"."""
    info = CARD[card]
    heroes = "/".join(HERO_SHORT[h] for h in info.heroes)
    icons = " ".join(ICON_SHORT[i] for i in info.highlights)
    return f"{heroes} {info.value}{' ' + icons if icons else ''}"


def face(card: str | None, mark: str = "", cursor: bool = False, width: int = CELL_WIDTH) -> Text:
    """A card (or an empty space) as a fixed-width cell."""
    if card is None:
        return CardFace("", "·", "dim", width, mark, cursor).text()
    return CardFace("", short(card), AGE_STYLE[CARD[card].value], width, mark, cursor).text()


def name_of(update: Update, seat: int) -> str:
    if seat == update.seat:
        return "you"
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def title_of(update: Update, seat: int) -> str:
    """A seat at the start of a sentence: "You", or the name exactly as its player typed
    it (``str.capitalize`` made "Bartholomew Kent" "Bartholomew kent")."""
    name = name_of(update, seat)
    return "You" if name == "you" else name


def _cards(cards: Sequence[str]) -> str:
    return "; ".join(card_text(c) for c in cards) or "no cards"


# -- steps -----------------------------------------------------------------------------------


def paths(update: Update, action: Action) -> list[Path]:
    """The order of choices that builds ``action``, with words for each step."""
    view = update.view
    verb = action[0]
    if verb in ("pick", "box", "keep", "pay", "discard"):
        words = {
            "pick": "Pick",
            "box": "Return to the box",
            "keep": "Pay 1 for",
            "pay": "Pay with",
            "discard": "Discard",
        }[verb]
        return [(Choice(("card", action[1]), f"{words} {card_text(action[1])}"),)]
    if verb == "reveal":
        row = view["flea"]["rows"][action[1]]
        cap = view["flea"]["caps"][action[1]]
        return [
            (
                Choice(
                    ("reveal", action[1]),
                    f"Reveal a card into row {action[1] + 1} ({len(row)} of {cap})",
                ),
            )
        ]
    if verb == "take-row":
        row = view["flea"]["rows"][action[1]]
        return [(Choice(("take-row", action[1]), f"Take row {action[1] + 1}: {_cards(row)}"),)]
    if verb == "open":
        lot = view["auction"]["lots"][action[1]]
        return [
            (
                Choice(("lot", action[1]), f"Put lot {action[1] + 1} up: {_cards(lot)}"),
                Choice(("bid", action[2]), f"Open the bidding at {action[2]}"),
            )
        ]
    if verb == "bid":
        return [(Choice(("bid", action[1]), f"Bid {action[1]}"),)]
    if verb == "pass":
        words = "Pass on this lot" if view["location"] == "auction" else "Nothing left: pass"
        return [(Choice(("pass",), words),)]
    if verb == "buy-lot":
        lot = view["auction"]["lots"][action[1]]
        price = SOLO_LOT_PRICES[action[1]]
        return [
            (Choice(("lot", action[1]), f"Buy lot {action[1] + 1} for {price}: {_cards(lot)}"),)
        ]
    if verb == "slide":
        _, cell, to = action
        card = view["convention"]["grid"][cell]
        return [
            (
                Choice(("slide",), "Slide a card first (optional)"),
                Choice(("cell", cell), f"Slide {card_text(card)} at {cell_words(cell)}"),
                Choice(("cell", to), f"to the empty space at {cell_words(to)}"),
            )
        ]
    if verb == "take":
        _, hero, axis, index = action
        cards = line_take(tuple(view["convention"]["grid"]), hero, axis, index)
        discard = bool(view["convention"]["turns"][0][1])
        what = "Discard" if discard else "Take"
        return [
            (
                Choice(("hero", hero), f"{what} {HERO_NAMES[hero]} cards"),
                Choice(
                    ("line", axis, index),
                    f"from {'row' if axis == 'row' else 'column'} {index + 1}: {_cards(cards)}",
                ),
            )
        ]
    if verb == "give-first":
        return [
            (
                Choice(
                    ("seat", action[1]),
                    f"Give the First Player marker to {name_of(update, action[1])}",
                ),
            )
        ]
    if verb == "play":
        return [
            (
                Choice(("play", action[1]), f"Play {card_text(action[1])}"),
                Choice(("hero", action[2]), f"onto the {HERO_NAMES[action[2]]} collection"),
            )
        ]
    if verb == "unplay":
        return [(Choice(("unplay", action[1]), f"Take back {card_text(action[1])}"),)]
    if verb == "relocate":
        return [
            (
                Choice(("relocate", action[1]), f"Relocate {card_text(action[1])}"),
                Choice(("hero", action[2]), f"to the {HERO_NAMES[action[2]]} collection"),
            )
        ]
    if verb == "ready":
        owe = _owed(update)
        words = f"Done playing: pay {owe}" if owe else "Done playing (nothing to pay)"
        return [(Choice(("ready",), words),)]
    return []


def cell_words(cell: int) -> str:
    row, col = divmod(cell, GRID)
    return f"row {row + 1}, column {col + 1}"


def _owed(update: Update) -> int:
    assembly = update.view["assembly"]
    if assembly is None or update.seat is None:
        return 0
    return sum(CARD[card].value for card, _ in assembly["plays"][update.seat])


def _paid(update: Update) -> int:
    assembly = update.view["assembly"]
    if assembly is None or update.seat is None:
        return 0
    return sum(CARD[card].value for card in assembly["paid"][update.seat])


# -- words ---------------------------------------------------------------------------------


def _schedule_words(view: dict[str, Any]) -> str:
    places = view["schedule"][view["round"]]
    where = view["location"]
    if where == "assemble" or view["step"] >= 3:
        now = "Assemble Collection"
    elif where == "over":
        now = "the end"
    elif where == "give-first":
        now = f"after the {LOCATION_NAMES[places[view['step']]]}: passing the First Player marker"
    else:
        now = LOCATION_NAMES[where]
    plan = " → ".join(LOCATION_NAMES[p] for p in places)
    return f"Round {view['round'] + 1} of 3 ({plan}): {now}"


def _stage_words(update: Update) -> str:
    """What the current location asks, in words."""
    view = update.view
    seat = update.seat
    where = view["location"]
    if where == "store":
        store = view["store"]
        if view["solo"]:
            return "Store: keep two of the three cards; the third goes to Jarvis."
        way = "left" if store["direction"] == 1 else "right"
        box = " and return one to the box" if view["players"] == 2 else ""
        return f"Store: pick one card{box}; the rest pass {way}."
    if where == "flea":
        return "Flea Market: reveal a card into a row, or take a row (your visit ends)."
    if where == "auction":
        a = view["auction"]
        if view["solo"]:
            return "Auction Website: buy lot 1 for 5 or lot 2 for 1; Jarvis buys the other."
        if a["picks"]:
            return f"Auction Website: the last lot costs 1 a card; choose {a['picks']} more."
        if a["lot"] < 0:
            chooser = name_of(update, a["turn"])
            return f"Auction Website: {chooser} chooses a lot and opens the bidding."
        return (
            f"Auction Website: lot {a['lot'] + 1}, highest bid {a['bid']} by "
            f"{name_of(update, a['leader'])}; bid higher or pass."
        )
    if where == "convention":
        turns = view["convention"]["turns"]
        discard = turns and turns[0][1]
        kind = "a Discard turn (the cards go to the Convention deck)" if discard else "take"
        slid = " (slide used)" if view["convention"]["slid"] else ", you may slide one card first"
        return f"Convention: {kind}: choose a hero and a row or column{slid}."
    if where == "give-first":
        return f"{title_of(update, view['first'])} gives the First Player marker on."
    if where == "assemble" and seat is not None:
        stage = view["assembly"]["stages"][seat]
        if stage == "play":
            return "Assemble: play cards onto collections (new ones need two), then Done."
        if stage == "pay":
            paid, owed = _paid(update), _owed(update)
            return f"Assemble: pay by discarding (no change): paid {paid} of {owed} owed."
        if stage == "excess":
            return f"Assemble: keep at most two cards: discard {len(view['hand']) - 2} more."
        return "Assemble: you are done; waiting for the others."
    return ""


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (``plain``: for the screen-reader list of choices)."""
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    seat = update.seat
    if seat is None or seat not in update.acting:
        waiting = ", ".join(name_of(update, s) for s in sorted(update.acting))
        if update.view["location"] == "store" and seat is not None:
            return f"Your pick is made. Waiting for {waiting}…"
        return f"Waiting for {waiting}…"
    how = (
        "Choose from the list (Up, Down, Enter; Escape goes back)"
        if plain
        else f"←→ move, Enter choose, Esc back; {TARGET} marks the choices"
    )
    step = f" Step {len(keys) + 1}." if keys else ""
    last = keys[-1] if keys else None
    if not plain and isinstance(last, tuple) and last[0] == "hero":
        step += f" {CHOSEN} marks the cards the row or column under the cursor takes."
    return f"{_stage_words(update)}{step} {how}."


def _collection_words(collections: Sequence[Any]) -> str:
    return ", ".join(f"{HERO_NAMES[h]} {len(cards)}" for h, cards in collections) or "none"


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines = [("Solo against Jarvis. " if view["solo"] else "") + _schedule_words(view) + "."]
    if update.outcome is None:
        if update.seat is not None and update.seat in update.acting:
            lines.append("It is your turn to choose.")
        else:
            lines.append(
                f"Waiting for {', '.join(name_of(update, s) for s in sorted(update.acting))}."
            )
    if not view["solo"]:
        lines.append(f"First Player: {name_of(update, view['first'])}.")
    trending = "; ".join(
        f"row {i + 1}: {', '.join(HERO_NAMES[h] for h in row)}"
        for i, row in enumerate(view["trending"])
    )
    lines.append(f"Trending Track: {trending}.")
    if view["removed_heroes"]:
        lines.append(f"Removed heroes: {', '.join(HERO_NAMES[h] for h in view['removed_heroes'])}.")
    for track, highlight in enumerate(view["tracks"]):
        marks = ", ".join(f"{name_of(update, s)} {m[track]}" for s, m in enumerate(view["marks"]))
        if view["jarvis"] is not None:
            marks += f", Jarvis {view['jarvis']['marks'][track]}"
        lines.append(f"Highlight track {track + 1}, {HIGHLIGHT_NAMES[highlight]}: {marks}.")
    stash = ", ".join(f"{name_of(update, s)} {v}" for s, v in enumerate(view["stash"]))
    if view["jarvis"] is not None:
        stash += f", Jarvis {view['jarvis']['stash']}"
    lines.append(f"Secret Stash: {stash}.")
    for seat, collections in enumerate(view["collections"]):
        who = title_of(update, seat)
        held = len(view["hand_values"][seat])
        lines.append(f"{who}: collections {_collection_words(collections)}; {held} cards in hand.")
        if seat in update.notes:
            lines.append(note_sentence(update, seat))
    if view["jarvis"] is not None:
        lines.append(f"Jarvis: collections {_collection_words(view['jarvis']['collections'])}.")
    if view["hand"] is not None:
        lines.append(f"Your hand: {_cards(view['hand'])}.")
    lines += _location_lines(update)
    return lines


def _location_lines(update: Update) -> list[str]:
    view = update.view
    lines: list[str] = []
    if view["store"] is not None and view["store"]["pack"]:
        lines.append(f"Your Store cards: {_cards(view['store']['pack'])}.")
    if view["flea"] is not None:
        flea = view["flea"]
        for i, row in enumerate(flea["rows"]):
            state = f"{len(row)} of {flea['caps'][i]}" if flea["open"][i] else "taken"
            lines.append(f"Flea Market row {i + 1} ({state}): {_cards(row)}.")
    if view["auction"] is not None:
        a = view["auction"]
        for i, lot in enumerate(a["lots"]):
            if not a["sold"][i]:
                lines.append(f"Lot {i + 1}: {_cards(lot)}.")
        if a["lot"] >= 0 and not a["picks"]:
            lines.append(
                f"Bidding on lot {a['lot'] + 1}: {a['bid']} by {name_of(update, a['leader'])}."
            )
    if view["convention"] is not None:
        grid = view["convention"]["grid"]
        for row in range(GRID):
            cells = [grid[row * GRID + c] for c in range(GRID)]
            words = ", ".join(card_text(c) if c else "empty" for c in cells)
            lines.append(f"Convention row {row + 1}: {words}.")
    if view["assembly"] is not None and update.seat is not None:
        plays = view["assembly"]["plays"][update.seat]
        if plays:
            played = "; ".join(f"{card_text(c)} for {HERO_NAMES[h]}" for c, h in plays)
            lines.append(f"Played: {played}. Owed {_owed(update)}, paid {_paid(update)}.")
    return lines


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """What the score table does not show: each player's collections, and in solo Jarvis'
    score pad line."""
    lines = []
    for seat, collections in enumerate(view["collections"]):
        lines.append(f"{names[seat]}: collections {_collection_words(collections)}")
    sheet = view["scores"] or []
    if view["solo"] and len(sheet) > 1:
        row = sheet[-1]
        parts = ", ".join(f"{key} {row[key]}" for key in SHEET)
        lines.append(f"Jarvis: {parts} = {sum(row.values())}")
        lines.append(f"Jarvis: collections {_collection_words(view['jarvis']['collections'])}")
    return lines


def _collection_tags(collections: Sequence[Any]) -> str:
    """Collections in short: " · SPD×3 CAP×2" (empty without any)."""
    if not collections:
        return ""
    return " · " + " ".join(f"{HERO_SHORT[h]}×{len(cards)}" for h, cards in collections)


# -- the widget ------------------------------------------------------------------------------


class Board(ChoiceRowBoard):
    """The table, your hand and a row of choices (see ChoiceRowBoard for the keys)."""

    def paths(self, update: Update, action: Action) -> list[Path]:
        return paths(update, action)

    # -- drawing ----------------------------------------------------------------------------

    def _current(self) -> Hashable | None:
        choices = self.choices
        mine = self.update is not None and self.update.seat in self.update.acting
        return choices[self.cursor].key if mine and choices else None

    def render(self) -> RenderableType:
        update = self.update
        if update is None:
            return Text("Dealing…")
        view = update.view
        rows: list[RenderableType] = [self._header(update), self._tracks(update)]
        rows += self._players(update)
        rows += self._location(update)
        if view["hand"] is not None:
            rows += self._hand(update)
        choices = self.choices
        mine = update.seat is not None and update.seat in update.acting and update.outcome is None
        if mine and choices:
            line = Text(f"▶ {self.cursor + 1}/{len(choices)}: ", style="bold")
            line.append(choices[self.cursor].label)
            line.truncate(self.size.width - 2 if self.size.width > 10 else 78, overflow="ellipsis")
            rows.append(line)
        rows.append(Text(prompt(update, self.keys, choices), style="bold"))
        return Group(*rows)

    def _header(self, update: Update) -> Text:
        """ "Round 2/3: Store → ▶Auction → Convention → Assemble · First: Bo"."""
        view = update.view
        line = Text(style="bold")
        if view["solo"]:
            line.append("Solo vs Jarvis · ")
        line.append(f"Round {view['round'] + 1}/3: ")
        places = [*view["schedule"][view["round"]], "assemble"]
        now = 3 if view["location"] == "assemble" else view["step"]
        for index, place in enumerate(places):
            if index:
                line.append(" → ")
            if index == now and view["location"] != "over":
                line.append(f"▶{SHORT_PLACES[place].upper()}")
            else:
                line.append(SHORT_PLACES[place], style="not bold")
        if not view["solo"]:
            line.append(f" · First: {name_of(update, view['first'])}")
        line.truncate(78, overflow="ellipsis")
        return line

    def _tracks(self, update: Update) -> Text:
        view = update.view
        line = Text("Trending ")
        for i, row in enumerate(view["trending"]):
            line.append(f"{i + 1}:", style="bold")
            line.append(" ".join(HERO_SHORT[h] for h in row) + " ")
        line.append("· ★ = ")
        line.append("/".join(ICON_SHORT[h] for h in view["tracks"]), style="bold")
        line.truncate(78, overflow="ellipsis")
        return line

    def _players(self, update: Update) -> list[Text]:
        view = update.view
        out = []
        who = list(range(view["players"]))
        for seat in who:
            line = Text("▶ " if seat in update.acting and update.outcome is None else "  ")
            line.append(title_of(update, seat), style="bold")
            marks = "/".join(str(m) for m in view["marks"][seat])
            held = len(view["hand_values"][seat])
            line.append(f" stash {view['stash'][seat]} · ★ {marks} · hand {held}")
            line.append(_collection_tags(view["collections"][seat]))
            line.truncate(78, overflow="ellipsis")
            out += with_note(line, update, seat, 78)
        if view["jarvis"] is not None:
            j = view["jarvis"]
            line = Text("  Jarvis", style="bold")
            line.append(f" stash {j['stash']} · ★ {'/'.join(str(m) for m in j['marks'])}")
            line.append(_collection_tags(j["collections"]))
            line.truncate(78, overflow="ellipsis")
            out.append(line)
        return out

    def _mark(
        self, key: Hashable, current: Hashable | None, marked: set[Hashable]
    ) -> tuple[str, bool]:
        if key in self.keys:
            return CHOSEN, False
        return (TARGET if key in marked else ""), key == current

    def _location(self, update: Update) -> list[RenderableType]:
        view = update.view
        marked = {c.key for c in self.choices} if update.seat in update.acting else set()
        current = self._current()
        rows: list[RenderableType] = []
        if view["flea"] is not None:
            flea = view["flea"]
            for i, row in enumerate(flea["rows"]):
                line = Text(f"Row {i + 1} ({len(row)}/{flea['caps'][i]}) ", style="bold")
                if not flea["open"][i]:
                    line.append("taken", style="dim")
                for card in row:
                    line.append_text(face(card, width=14))
                for key, word in ((("reveal", i), "reveal"), (("take-row", i), "take")):
                    if key in marked:
                        mark, cursor = self._mark(key, current, marked)
                        line.append_text(CardFace("", word, "bold", 10, mark, cursor).text())
                line.truncate(78, overflow="ellipsis")
                rows.append(line)
        if view["auction"] is not None:
            a = view["auction"]
            for i, lot in enumerate(a["lots"]):
                if a["sold"][i]:
                    continue
                mark, cursor = self._mark(("lot", i), current, marked)
                line = Text(
                    f"{'[' if cursor else ' '}{mark or ' '}Lot {i + 1}{']' if cursor else ' '} ",
                    style="bold",
                )
                for card in lot:
                    picked = ("card", card)
                    m, c = self._mark(picked, current, marked)
                    line.append_text(face(card, m, c, width=13))
                line.truncate(78, overflow="ellipsis")
                rows.append(line)
            if a["lot"] >= 0 and not a["picks"]:
                rows.append(
                    Text(
                        f"Bid on lot {a['lot'] + 1}: {a['bid']} by {name_of(update, a['leader'])}",
                        style="bold",
                    )
                )
        if view["convention"] is not None:
            rows += self._grid(update, marked, current)
        if view["store"] is not None and view["store"]["pack"]:
            line = Text("Store: ", style="bold")
            for card in view["store"]["pack"]:
                mark, cursor = self._mark(("card", card), current, marked)
                line.append_text(face(card, mark, cursor, width=14))
            rows.append(line)
        if view["assembly"] is not None and update.seat is not None:
            plays = view["assembly"]["plays"][update.seat]
            paid = view["assembly"]["paid"][update.seat]
            line = Text("Playing: ", style="bold")
            for card, hero in plays:
                line.append(f"{short(card)}→{HERO_SHORT[hero]}  ")
            line.append(f"owed {_owed(update)} · paid {_paid(update)}", style="bold")
            if paid:
                line.append(" (" + ", ".join(short(c) for c in paid) + ")")
            line.truncate(78, overflow="ellipsis")
            rows.append(line)
        return rows

    def _grid(self, update: Update, marked: set[Hashable], current: Hashable | None) -> list[Text]:
        grid = update.view["convention"]["grid"]
        taking: set[int] = set()
        hero = next((k[1] for k in self.keys if isinstance(k, tuple) and k[0] == "hero"), None)
        if hero is not None and isinstance(current, tuple) and current[0] == "line":
            cards = set(line_take(tuple(grid), hero, current[1], current[2]))
            taking = {cell for cell in line_cells(current[1], current[2]) if grid[cell] in cards}
        rows = []
        for r in range(GRID):
            line = Text(f"{r + 1} ", style="bold")
            for c in range(GRID):
                cell = r * GRID + c
                mark, cursor = self._mark(("cell", cell), current, marked)
                if cell in taking:
                    mark, cursor = CHOSEN, True
                line.append_text(face(grid[cell], mark, cursor))
            rows.append(line)
        return rows

    def _hand(self, update: Update) -> list[Text]:
        """The hand, five cards a line (a card is never split across lines)."""
        view = update.view
        marked = {c.key for c in self.choices} if update.seat in update.acting else set()
        current = self._current()
        lines = [Text("Hand: ", style="bold")]
        for index, card in enumerate(view["hand"]):
            if index and index % HAND_LINE == 0:
                lines.append(Text("      "))
            mark, cursor = "", False
            for key in (("card", card), ("play", card)):
                m, c = self._mark(key, current, marked)
                mark, cursor = mark or m, cursor or c
            lines[-1].append_text(face(card, mark, cursor, width=14))
        if not view["hand"]:
            lines[0].append("empty", style="dim")
        return lines
