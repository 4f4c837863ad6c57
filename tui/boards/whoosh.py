"""The Whoosh table: three Monsters, everyone's revealed row, and one key per hand.

Whoosh is played in real time: anyone may put a hand on a Monster at any moment, so the board
has no cursor. One player at the keyboard reveals with Space and claims Monster 1, 2 or 3 with
the keys 1, 2 and 3. Several people at one keyboard (``board.local_seats``, all of them shown
the same table: ``SHARED_SCREEN``) each get a key group, shown next to their name:

======  ======  ===========
player  reveal  claim 1 2 3
======  ======  ===========
first   z       a s d
second  m       j k l
third   x       w e r
fourth  n       u i o
======  ======  ===========

(q and t stay the game screen's "leave" and "read the table"; a fifth local player has no
keys and the turn timer reveals for them.) Every key posts ``ActionChosen`` with its seat and
the moment it was pressed; a claim names the board its player saw: the latest one drawn at
least ``MIN_REACTION`` before the key (``Board.seen_at``). Symbols always come with their
words, colour is only a bonus. For an SSH guest the server takes the claim keys from the raw
bytes before Textual sees them (``fast_action``) and names their board the same way.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter, deque
from collections.abc import Hashable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import _time as textual_time
from textual import events
from textual.binding import Binding, BindingType
from textual.widget import Widget

from core.engine import Action, Event, Outcome
from core.games.whoosh.data import (
    MONSTER_BY_ID,
    STAFF,
    card_words,
    is_failed,
    shown_symbol,
    symbols_of,
)
from core.games.whoosh.scoring import TIE_BREAK_VALUES, monster_points
from core.table import MIN_REACTION, Update
from tui.boards.base import ActionChosen, Choice, Path, ResultsWanted, note_sentence
from tui.widgets.keys import KeyStates

SHARED_SCREEN = True
"""Everything in Whoosh is public: people sharing a keyboard see one table, no cover."""

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

KEY_GROUPS: tuple[tuple[str, tuple[str, str, str]], ...] = (
    ("z", ("a", "s", "d")),
    ("m", ("j", "k", "l")),
    ("x", ("w", "e", "r")),
    ("n", ("u", "i", "o")),
)
"""Per local player (in seat order): the reveal key and the keys for Monsters 1, 2, 3."""
SOLO_KEYS = ("space", ("1", "2", "3"))
"""The keys of a single player at the keyboard."""
ORDINALS = ("1st", "2nd", "3rd", "4th")
FAST_KEYS = {b"1": 0, b"2": 1, b"3": 2}
"""Raw bytes the SSH fast path turns into claims (``fast_action``)."""
NAME_WIDTH = 12
"""Columns for a player's name at 80 columns (wider boards give names up to 20)."""
RECENT = 12
"""At most this many of a player's newest revealed cards are drawn on their line."""
HISTORY = 64
"""Boards remembered as drawn, to find the one a claim key reacted to."""
KEY_STALE_NS = 1_000_000_000
"""A key's time is the press behind an action only this soon after it: a key the board
passed on to the screen (t, q) must not time a later claim made with the mouse."""


# -- words --------------------------------------------------------------------------------------


def _name(update: Update, seat: int) -> str:
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def _needs(symbols: Sequence[str]) -> str:
    """ "sword, sword and fire"."""
    words = list(symbols)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def monster_line(monster: dict[str, Any]) -> str:
    """A Monster in words: "the Ogre (sword, sword, fire)"."""
    return f"the {monster['name']} ({', '.join(monster['symbols'])})"


def counted(symbols: Sequence[str]) -> str:
    """Symbols in words with repeats counted: "sword×2, fire"."""
    return ", ".join(f"{s}×{n}" if n > 1 else s for s, n in Counter(symbols).items())


def _glyph(symbol: str) -> Text:
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
        text.append_text(_glyph(symbol))
    return text


def needs_text(symbols: Sequence[str]) -> Text:
    """A Monster's required symbols, repeats counted: ``2×†sword ▲fire``."""
    text = Text()
    for index, (symbol, count) in enumerate(Counter(symbols).items()):
        if index:
            text.append(" ")
        if count > 1:
            text.append(f"{count}×")
        text.append_text(_glyph(symbol))
    return text


def missing_words(required: Sequence[str], revealed: Sequence[Sequence[str]]) -> str:
    """What a Monster still lacks, in words: "one more fire", "ice and bow" (staffs counted)."""
    have: Counter[str] = Counter()
    staffs = 0
    for card in revealed:
        if tuple(card) == (STAFF,):
            staffs += 1
        else:
            have.update(card)
    uncovered = Counter({s: n - have[s] for s, n in Counter(required).items() if n > have[s]})
    total = sum(uncovered.values()) - staffs
    if total <= 0:
        return "more symbols"
    if staffs:
        symbols = sorted(uncovered)
        return f"{_count(total)} more of {_needs(symbols)} (the staff counts for one)"
    return _needs(
        [
            f"{_count(n)} more {s} symbols" if n > 1 else f"one more {s}"
            for s, n in uncovered.items()
        ]
    )


def _count(number: int) -> str:
    """2 → "two" (symbol counts are small)."""
    return (
        ("one", "two", "three", "four", "five", "six")[number - 1]
        if 0 < number < 7
        else str(number)
    )


def _name_width(width: int) -> int:
    return NAME_WIDTH + max(0, min(8, width - 80))


def _seat_reveals(view: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` may reveal now (the rules' own condition, read from the public view)."""
    return (
        not view["over"]
        and view["turn"] == seat
        and not view["claims"]
        and view["pile_sizes"][seat] > 0
    )


def _seat_claims(view: dict[str, Any], seat: int, slot: int) -> bool:
    """Whether ``seat`` may put a hand on Monster ``slot`` now (right or wrong)."""
    return (
        not view["over"]
        and view["monsters"][slot] is not None
        and all(claim["seat"] != seat for claim in view["claims"])
    )


# -- the module interface -------------------------------------------------------------------------


def fast_action(key: bytes, update: Update) -> Action | None:
    """The claim a raw key means for an SSH guest (1, 2, 3), or None: not a fast key.

    Only claims are fast (Space, the reveal, goes through the board as usual); the claim
    names the board the guest was shown. The rules refuse one that is not allowed.
    """
    slot = FAST_KEYS.get(key)
    view = update.view
    if slot is None or update.outcome is not None or view.get("over"):
        return None
    if view["monsters"][slot] is None:
        return None
    return ("claim", slot, view["generation"])


def paths(update: Update, action: Action) -> list[Path]:
    """One step per action, in words; settling is the table's business, never a player's."""
    verb = action[0]
    if verb == "reveal":
        return [(Choice("reveal", "Reveal your next card"),)]
    if verb == "claim":
        slot = action[1]
        monster = update.view["monsters"][slot]
        if monster is None or action[2] != update.view["generation"]:
            return []  # a hand aimed at an older board is the key path's business
        return [(Choice(("claim", slot), f"Claim monster {slot + 1}: {monster_line(monster)}"),)]
    return []


def _turn_words(update: Update) -> str:
    view = update.view
    if update.outcome is not None:
        return "The game is over."
    if view["claims"]:
        return "Claims are being settled."
    turn = view["turn"]
    if turn == update.seat:
        return "It is your turn to reveal."
    return f"It is {_name(update, turn)}'s turn to reveal."


def banner_text(update: Update) -> Text:
    """The banner while the game is on: whose turn it is to reveal (everyone may claim at
    any moment, so "your turn" means only that)."""
    view, text = update.view, Text()
    turn = view["turn"]
    if view["claims"]:
        text.append("Claims are being settled…")
    elif turn == update.seat:
        text.append("▶ Your turn to reveal, ")
        text.append(_name(update, turn))
    else:
        text.append(_name(update, turn))
        text.append(" reveals next")
    if update.seat is not None:
        text.append(" · claim a Monster any time")
    return text


def describe(update: Update) -> list[str]:
    """The whole table in short, complete sentences (screen readers, the read-aloud key)."""
    view = update.view
    lines = [_turn_words(update)]
    for slot, monster in enumerate(view["monsters"]):
        if monster is None:
            lines.append(f"Monster {slot + 1}: none, its pile is used up.")
            continue
        lines.append(
            f"Monster {slot + 1}: the {monster['name']}, {monster['value']} "
            f"point{'s' if monster['value'] != 1 else ''}, tie number {monster['tie']}, "
            f"needs {_needs(monster['symbols'])}; {monster['pile']} more in its pile."
        )
    for seat in range(view["players"]):
        who = "You" if seat == update.seat else _name(update, seat)
        row = view["revealed"][seat]
        shown = ", ".join(card_words(card) for card in row) if row else "nothing"
        mistakes = len(view["mistakes"][seat])
        lines.append(
            f"{who}: {view['scores'][seat]} points, {len(view['captured'][seat])} "
            f"Monsters, {mistakes} mistake{'s' if mistakes != 1 else ''}; "
            f"{view['pile_sizes'][seat]} cards in pile; revealed {shown}."
        )
        if seat in update.notes:
            lines.append(note_sentence(update, seat))
    for claim in view["claims"]:
        monster = view["monsters"][claim["slot"]]
        name = monster["name"] if monster else "it"
        who = "You" if claim["seat"] == update.seat else _name(update, claim["seat"])
        lines.append(f"{who} reached for monster {claim['slot'] + 1}, the {name}.")
    return lines


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each player's Monsters and mistakes, and the 5/4/3-point counts that break ties."""
    lines = []
    for seat in range(view["players"]):
        captured = [MONSTER_BY_ID[m] for m in view["captured"][seat]]
        mistakes = [MONSTER_BY_ID[m] for m in view["mistakes"][seat]]
        caught = ", ".join(f"{m.name} {m.value}" for m in captured) or "no Monsters"
        line = f"{names[seat]}: {monster_points(view['captured'][seat])} points from {caught}"
        if mistakes:
            wrong = ", ".join(m.name for m in mistakes)
            line += f"; {len(mistakes)} face down (−{len(mistakes)}): {wrong}"
        lines.append(line + f" — total {outcome.scores[seat]}.")
    if outcome.note:
        for seat in outcome.ranking[0] if outcome.ranking else ():
            values = Counter(MONSTER_BY_ID[m].value for m in view["captured"][seat])
            counts = ", ".join(f"{values[v]} of {v} points" for v in TIE_BREAK_VALUES)
            lines.append(f"Tie-break, {names[seat]}: {counts}.")
    return lines


CLAIMS = ("claim", "late")
"""The events of a hand going down on a Monster: pending, or too late for the one it saw."""


def _several(count: int, word: str) -> str:
    """2 → "2 captures", 1 → "1 capture", 0 → "no captures"."""
    return f"{count or 'no'} {word}{'' if count == 1 else 's'}"


def played_lines(view: dict[str, Any], events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Each player's captures, mistakes and median reaction time, for the results.

    The times are those the claims' events carried (the board they saw to the hand going
    down) among the ``events`` this screen was shown during the game; a screen that joined
    late knows only the claims since. Too-late claims count: they were reactions too."""
    times: dict[int, list[int]] = {}
    for event in events:
        if event.get("type") in CLAIMS and "reaction_ms" in event:
            times.setdefault(int(event["seat"]), []).append(int(event["reaction_ms"]))
    lines = []
    for seat in range(view["players"]):
        line = (
            f"{names[seat]}: {_several(len(view['captured'][seat]), 'capture')}, "
            f"{_several(len(view['mistakes'][seat]), 'mistake')}, "
        )
        timed = times.get(seat)
        if timed:
            median = statistics.median(timed) / 1000
            count = _several(len(timed), "timed claim")
            line += f"median reaction time {median:.2f} s over {count}."
        else:
            line += "no claim timed."
        lines.append(line)
    return lines


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (``plain``: the screen-reader list of choices)."""
    view = update.view
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    if update.seat is None:
        return f"Watching: {_name(update, view['turn'])} reveals next."
    if plain:
        if ("reveal",) in update.legal:
            return "Your turn: reveal, or claim a monster, from the list (Up, Down, Enter)."
        if view["claims"]:
            return "Claims are being settled."
        return (
            f"{_name(update, view['turn'])} reveals next. Claim a monster from the list "
            "when all its symbols are out (Up, Down, Enter)."
        )
    if view["claims"]:
        return "Claims are being settled…"
    if ("reveal",) in update.legal:
        return "Your turn: Space reveals. 1 2 3 claim a Monster."
    return f"{_name(update, view['turn'])} reveals next. 1 2 3 claim a Monster."


# -- the board ----------------------------------------------------------------------------------


def _bindings() -> list[BindingType]:
    reveal, claims = SOLO_KEYS
    found: list[BindingType] = [
        Binding(reveal, "reveal(-1)", "Reveal", id="whoosh.reveal"),
        *(
            Binding(key, f"claim(-1,{slot})", f"Claim {slot + 1}", id=f"whoosh.claim{slot + 1}")
            for slot, key in enumerate(claims)
        ),
        Binding("enter", "results", "Results", id="whoosh.results"),
    ]
    for group, (reveal, claims) in enumerate(KEY_GROUPS):
        who = ORDINALS[group]
        found.append(Binding(reveal, f"reveal({group})", f"{who} reveals", id=f"whoosh.g{group}"))
        found += [
            Binding(
                key,
                f"claim({group},{slot})",
                f"{who} claims {slot + 1}",
                id=f"whoosh.g{group}c{slot}",
            )
            for slot, key in enumerate(claims)
        ]
    return found


class Board(KeyStates, Widget, can_focus=True):
    """The Monsters, every player's row and pile, the scores and the latest capture.

    | key | action |
    | --- | --- |
    | Space | reveal your next card (on your turn) |
    | 1 2 3 | claim Monster 1, 2 or 3 |
    | z / a s d | first of several players at one keyboard: reveal / claim 1 2 3 |
    | m / j k l | second player |
    | x / w e r | third player |
    | n / u i o | fourth player |
    | Enter | the results (when the game is over) |
    """

    DEFAULT_CSS = """
    Board { height: auto; padding: 0 1; }
    Board:focus { background: $boost; }
    """

    BINDINGS = _bindings()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.update: Update | None = None
        self.local_seats: tuple[int, ...] = ()
        """The seats playing at this keyboard (GameScreen sets it); () in a replay."""
        self.flash: Text | None = None
        """The latest capture or mistake, in words, until the next one."""
        self._flash_reveals = 0
        self._previous: dict[str, Any] | None = None
        self._drawn: deque[tuple[int, Update]] = deque(maxlen=HISTORY)
        """(when it was first drawn, update) for the latest updates on screen, oldest
        first: a claim names the board its player had seen (`seen_at`)."""
        self._pressed_ns: int | None = None
        """When the latest key reached the board, by its event's own time."""

    # -- receiving --------------------------------------------------------------------------

    def show(self, update: Update) -> None:
        """Display a new update; a new capture or mistake becomes the flash line."""
        flash = self._news(self._previous, update)
        if flash is not None:
            self.flash = flash
            self._flash_reveals = update.view["reveals"]
        resized = self.update is None or self.update.view["players"] != update.view["players"]
        self._previous = update.view
        self.update = update
        self.refresh(layout=resized)  # the same number of lines for every position
        self.refresh_bindings()

    def _news(self, before: dict[str, Any] | None, update: Update) -> Text | None:
        """Who took a Monster since ``before``, and why it was a capture or a mistake."""
        view = update.view
        if before is None or before["players"] != view["players"]:
            return None
        for seat in range(view["players"]):
            name = _name(update, seat)
            new = view["captured"][seat][len(before["captured"][seat]) :]
            if len(view["captured"][seat]) > len(before["captured"][seat]) and new:
                monster = MONSTER_BY_ID[new[-1]]
                text = Text("★ ", style="bold")
                text.append(name)
                text.append(
                    f" captured the {monster.name} (+{monster.value}): {counted(monster.symbols)}!"
                )
                return text
            new = view["mistakes"][seat][len(before["mistakes"][seat]) :]
            if len(view["mistakes"][seat]) > len(before["mistakes"][seat]) and new:
                monster = MONSTER_BY_ID[new[-1]]
                lacking = missing_words(
                    monster.symbols,
                    [tuple(card) for row in before["revealed_symbols"] for card in row],
                )
                text = Text(f"{FAILED} ", style="bold")
                text.append(name)
                text.append(f" blundered, −1 face down: the {monster.name} needs {lacking}")
                return text
        return None

    def drawn(self, generation: int) -> int | None:
        """When board ``generation`` was first drawn (``time.monotonic_ns``), if it was."""
        return next((at for at, u in self._drawn if u.view["generation"] == generation), None)

    # -- who plays with which keys ----------------------------------------------------------------

    def _several(self) -> bool:
        return len(self.local_seats) > 1

    def _seat_for(self, group: int) -> int | None:
        """The seat a key group plays: -1 is the single player's Space/1/2/3."""
        if group < 0:
            if self._several():
                return None
            if self.local_seats:
                return self.local_seats[0]
            return None if self.update is None else self.update.seat
        if not self._several() or group >= len(self.local_seats):
            return None
        return self.local_seats[group]

    def _group_of(self, seat: int) -> int | None:
        if not self._several() or seat not in self.local_seats:
            return None
        group = self.local_seats.index(seat)
        return group if group < len(KEY_GROUPS) else None

    # -- drawing ---------------------------------------------------------------------------

    def render(self) -> RenderableType:
        update = self.update
        if update is None:
            return Text("Shuffling…")
        if not self._drawn or self._drawn[-1][1] is not update:
            self._drawn.append((time.monotonic_ns(), update))
        view = update.view
        width = max(40, self.content_size.width or 78)
        lines: list[Text] = []
        for slot, monster in enumerate(view["monsters"]):
            line = Text(f"{slot + 1} ", style="bold")
            if monster is None:
                line.append("— its pile is used up —", style="dim")
            else:
                line.append(f"{monster['name']:<12}", style="bold")
                line.append(f" {monster['value']} pt tie {monster['tie']:>2}  ")
                line.append_text(needs_text(monster["symbols"]))
                line.append(f"  ({monster['pile']} left)", style="dim")
            line.truncate(width, overflow="ellipsis")
            lines.append(line)
        lines.append(self._header(width))
        for seat in range(view["players"]):
            lines.append(self._player_line(update, seat, width))
        lines.append(self._totals(view, width))
        lines.append(self._news_line(update, width))
        lines.append(Text(self._prompt(update), style="bold"))
        return Group(*lines)

    def _keys_label(self, seat: int) -> str:
        group = self._group_of(seat)
        if group is None:
            return "" if not self._several() or seat not in self.local_seats else "[no keys]"
        reveal, claims = KEY_GROUPS[group]
        return f"[{reveal}|{''.join(claims)}]"

    def _header(self, width: int) -> Text:
        keys = " keys   " if self._several() else ""
        text = Text(f"  {'player':<{_name_width(width)}} {keys}pile score  revealed", style="dim")
        text.truncate(width, overflow="ellipsis")
        return text

    def _player_line(self, update: Update, seat: int, width: int) -> Text:
        view = update.view
        turn = view["turn"] == seat and not view["over"]
        line = Text(f"{TURN} " if turn else "  ", style="bold")
        name = Text(_name(update, seat), style="bold" if seat in self.local_seats else "")
        if seat == update.seat and not self._several():
            name.append(" (you)")
        name.truncate(_name_width(width), overflow="ellipsis", pad=True)
        line.append_text(name)
        line.append(" ")
        if self._several():
            line.append(f"{self._keys_label(seat):<8}", style="bold")
        line.append(f"{view['pile_sizes'][seat]:>4} ")
        mistakes = len(view["mistakes"][seat])
        score = f"{view['scores'][seat]:>3}"
        line.append(score + (f" {FAILED}{mistakes}" if mistakes else "   ") + "  ")
        note = update.notes.get(seat)
        if note is not None:
            # Before the cards, which give way to it: "Out in all" still counts them, and
            # the longest note fits at 80 columns even beside the keys column.
            line.append(note, style="italic")
        row = view["revealed"][seat]
        gap = " " if note is not None else ""
        room = width - line.cell_len - len(gap)
        cards = [card_text(card) for card in row[-RECENT:]]
        hidden = len(row) - len(cards)
        while cards:
            shown = Text(" ").join(cards)
            more = Text(f"+{hidden} more ", style="dim") if hidden else Text()
            if more.cell_len + shown.cell_len <= room:
                line.append(gap)
                line.append_text(more)
                line.append_text(shown)
                break
            cards.pop(0)
            hidden += 1
        else:
            if hidden and len(f"+{hidden} more") <= room:
                line.append(f"{gap}+{hidden} more", style="dim")
            elif not row and note is None:
                line.append("·", style="dim")
        line.truncate(width, overflow="ellipsis")
        return line

    def _totals(self, view: dict[str, Any], width: int) -> Text:
        """Every revealed symbol on the table together: what the Monsters are checked against."""
        counts: Counter[str] = Counter()
        failed = 0
        for row in view["revealed"]:
            for card in row:
                if is_failed(card):
                    failed += 1
                counts.update(symbols_of(card))
        text = Text("  Out in all: ", style="dim")
        if not counts and not failed:
            text.append("nothing yet", style="dim")
        for symbol in GLYPHS:
            if counts[symbol]:
                text.append(f"{counts[symbol]}×" if counts[symbol] > 1 else "")
                text.append_text(_glyph(symbol))
                text.append(" ")
        if failed:
            text.append(f"({failed} failed)", style="dim")
        text.truncate(width, overflow="ellipsis")
        return text

    def _news_line(self, update: Update, width: int) -> Text:
        """Pending claims while they are being settled, else the latest capture or mistake."""
        view = update.view
        if view["claims"]:
            text = Text()
            for index, claim in enumerate(view["claims"]):
                if index:
                    text.append("  ")
                text.append(_name(update, claim["seat"]), style="bold")
                text.append(f" reaches for monster {claim['slot'] + 1}…")
            text.stylize("reverse")
        elif self.flash is not None:
            text = self.flash.copy()
            # Bright for a round of reveals, then it stays, quieter, as "the latest".
            fresh = view["reveals"] - self._flash_reveals < view["players"]
            text.stylize("reverse bold" if fresh else "dim")
        else:
            text = Text("No Monster taken yet.", style="dim")
        text.truncate(width, overflow="ellipsis")
        return text

    def _prompt(self, update: Update) -> str:
        view = update.view
        if update.outcome is not None:
            return "Game over. Press Enter for the results."
        if not self._several():
            seat = self._seat_for(-1)
            if seat is not None and _seat_reveals(view, seat):
                return "Your turn: Space reveals. 1 2 3 claim a Monster."
            return prompt(update, (), ())
        if view["claims"]:
            return "Claims are being settled…"
        turn = view["turn"]
        group = self._group_of(turn)
        name = _name(update, turn)
        key = "" if group is None else f" ({KEY_GROUPS[group][0]})"
        return f"{name} reveals next{key}. Your keys by your name: reveal|claim 1 2 3."

    # -- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if action == "results":
            return update is not None and update.outcome is not None
        if action not in ("reveal", "claim"):
            return True
        group = parameters[0] if parameters else -1
        seat = self._seat_for(int(group))  # type: ignore[call-overload]
        if seat is None:
            return False
        if update is None or update.outcome is not None:
            return None
        if action == "reveal":
            return True if _seat_reveals(update.view, seat) else None
        slot = int(parameters[1])  # type: ignore[call-overload]
        return True if _seat_claims(update.view, seat, slot) else None

    def on_key(self, event: events.Key) -> None:
        """Remember when the key was pressed, by the event's own time: the App may get to
        its binding only later (a busy loop, a screen being drawn), and a claim is timed
        and named by the moment of the press."""
        age = max(0.0, textual_time.get_time() - event.time)
        self._pressed_ns = time.monotonic_ns() - int(age * 1e9)

    def _press_ns(self) -> int:
        """When the key behind the running action was pressed (now, if no key was)."""
        now, pressed = time.monotonic_ns(), self._pressed_ns
        self._pressed_ns = None
        if pressed is None or now - pressed > KEY_STALE_NS:
            return now
        return pressed

    def seen_at(self, pressed_ns: int) -> Update | None:
        """The board a key pressed at ``pressed_ns`` can have reacted to: the latest one
        that had been on screen `MIN_REACTION` by then (the oldest remembered if none had;
        the one shown if none was drawn). As the SSH fast path does for a guest's keys, so
        that a hand already on its way when a Monster changed is judged as aimed at the
        Monster its player saw: void if it has gone, never a grab at its replacement."""
        latest = pressed_ns - int(MIN_REACTION * 1e9)
        found = self._drawn[0][1] if self._drawn else self.update
        for drawn, update in self._drawn:
            if drawn > latest:
                break
            found = update
        return found

    def action_reveal(self, group: int) -> None:
        at_ns = self._press_ns()
        seat = self._seat_for(group)
        if seat is not None:
            self.post_message(ActionChosen(("reveal",), seat=seat, at_ns=at_ns))

    def action_claim(self, group: int, slot: int) -> None:
        at_ns = self._press_ns()
        seat = self._seat_for(group)
        seen = self.seen_at(at_ns)
        if seat is None or seen is None:
            return
        action = ("claim", slot, seen.view["generation"])
        self.post_message(ActionChosen(action, seat=seat, at_ns=at_ns))

    def action_results(self) -> None:
        if self.update is not None and self.update.outcome is not None:
            self.post_message(ResultsWanted())
