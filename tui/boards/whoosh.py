"""The Whoosh table: three Monster cards, everyone's pile and revealed cards, one key per hand.

This module is the board widget and the module interface a game screen reads; the words
(sentences, prompts, results, help, legend) are in ``whoosh_words`` and the drawing of cards
and rows in ``whoosh_faces``. The board is drawn as cards: each Monster with the symbols it
needs, what is out in all, and every player's face-down pile with its count, captures,
mistakes, points and revealed cards (the one just revealed marked "new"). It picks card
sizes from the room it has, and redraws only the parts whose content changed (a reveal
every 0.15 s touches a row or three and the totals, never the Monsters).

Whoosh is played in real time: anyone may put a hand on a Monster at any moment, so the keys
name the choices directly; the highlight (→ ← over the reveal and the Monsters, ↓ ↑ over the
players) is for reading what is under it (``details``) and for Enter. One player at the
keyboard reveals with Space and claims Monster 1, 2 or 3 with the keys 1, 2 and 3. Several
people at one keyboard (``board.local_seats``, all of them shown the same table:
``SHARED_SCREEN``) each get a key group, shown next to their name:

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

import time
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rich.text import Text
from textual import _time as textual_time
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widget import Widget

from core.games.whoosh.data import MONSTER_BY_ID, card_words
from core.table import MIN_REACTION, Update
from tui.boards import whoosh_faces as faces
from tui.boards.base import (
    ActionChosen,
    ActionTrie,
    Choice,
    ResultsWanted,
    new_space,
    no_move_here,
    note_sentence,
    replay_prompt,
)
from tui.boards.whoosh_faces import FAILED, GLYPHS, TURN, card_text, needs_text
from tui.boards.whoosh_words import (
    FAST_KEYS,
    HOW_TO_PLAY,
    LEGEND,
    banner_text,
    counted,
    describe,
    fast_action,
    may_claim,
    may_reveal,
    milestone,
    missing_words,
    monster_line,
    paths,
    played_lines,
    player_name,
    points_words,
    prompt,
    result_lines,
    several,
)
from tui.widgets.keys import KeyStates
from tui.widgets.show import Lines, Parts

__all__ = [
    "FAILED",
    "FAST_KEYS",
    "GLYPHS",
    "HOW_TO_PLAY",
    "LEGEND",
    "MIN_REACTION",
    "NEXT_CHOICE",
    "SHARED_SCREEN",
    "TURN",
    "Board",
    "TableParts",
    "banner_text",
    "card_text",
    "counted",
    "describe",
    "fast_action",
    "milestone",
    "missing_words",
    "monster_line",
    "needs_text",
    "paths",
    "played_lines",
    "prompt",
    "result_lines",
]

CATEGORY_WORDS = {"monsters": "monster points", "mistakes": "mistakes"}
"""The breakdown in words: "monsters" are the points the Monsters are worth, not a count."""

SHARED_SCREEN = True
"""Everything in Whoosh is public: people sharing a keyboard see one table, no cover."""

LOG_WIDER = True
"""The log takes two fifths of a wide terminal, not a third: the Monster cards stop growing
at 38 columns, and at 160x45 a too-late hand took three lines of a 53-column log."""

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
HISTORY = 64
"""Boards remembered as drawn, to find the one a claim key reacted to."""
KEY_STALE_NS = 1_000_000_000
"""A key's time is the press behind an action only this soon after it: a key the board
passed on to the screen (t, q) must not time a later claim made with the mouse."""


NEXT_CHOICE = "right"
"""Moves the highlight to the next choice (the reveal, then each Monster), round to the
first. Only for reading (``i``, the details line) and for Enter: in a race the claim keys
name every Monster straight away."""


# -- the board ----------------------------------------------------------------------------------

WIDE = 120
"""From this many columns the game screen puts the log beside the board."""
CHROME = {False: 7, True: 3}
"""Lines of the game screen around the board (banner, status, keys; the log when it is
below the board: its edge and three lines), log beside or not."""
MAX_PLAYERS = 8


def _bindings() -> list[BindingType]:
    reveal, claims = SOLO_KEYS
    found: list[BindingType] = [
        Binding(reveal, "reveal(-1)", "Reveal", id="whoosh.reveal"),
        # One footer entry for the claim keys, "1-3 Claim" (three cut 'f1 Help' off at 80).
        *(
            Binding(
                key,
                f"claim(-1,{slot})",
                "Claim" if slot == 0 else f"Claim {slot + 1}",
                show=slot == 0,
                key_display=f"{claims[0]}-{claims[-1]}" if slot == 0 else None,
                tooltip=f"Claim the Monster of pile 1, 2 or 3 with {', '.join(claims)}",
                id=f"whoosh.claim{slot + 1}",
            )
            for slot, key in enumerate(claims)
        ),
        # The details under the players while the race is on (a panel over the table hid
        # their scores); the game screen's panel when they do not fit, and after the game.
        Binding(
            "i",
            "details_here",
            "Details",
            tooltip="All about the highlight, under the players",
            id="whoosh.details",
        ),
        Binding("enter", "results", "Results", id="whoosh.results"),
        *(
            Binding(key, action, words, show=False, tooltip=tip, id=f"whoosh.{name}")
            for key, action, words, tip, name in (
                ("enter", "choose", "Take highlighted", "Reveal or claim as highlighted", "choose"),
                (NEXT_CHOICE, "cursor(1)", "Next choice", "Highlight the next choice", "next"),
                ("left", "cursor(-1)", "Previous choice", "Highlight the one before", "previous"),
                ("down", "player(1)", "Next player", "Highlight the next player", "next_player"),
                ("up", "player(-1)", "Previous player", "The player before", "previous_player"),
                ("escape", "uncursor", "Drop highlight", "Highlight nothing", "uncursor"),
            )
        ),
    ]
    # Several players at one keyboard: each one's keys stand by their name on the board
    # ("P1 … [z|asd]") and the line under it; in the footer they cut every other key off.
    for group, (reveal, claims) in enumerate(KEY_GROUPS):
        who = ORDINALS[group]
        found.append(
            Binding(reveal, f"reveal({group})", f"{who} reveals", show=False, id=f"whoosh.g{group}")
        )
        found += [
            Binding(
                key,
                f"claim({group},{slot})",
                f"{who} claims {slot + 1}",
                show=False,
                id=f"whoosh.g{group}c{slot}",
            )
            for slot, key in enumerate(claims)
        ]
    return found


class TableParts(Parts):
    """The board's parts (the Monsters, each player's row, …) as lines of one widget, each
    redrawn only when what it shows changed, telling the board when it is painted (a claim
    names the board its player saw)."""

    def __init__(self, board: Board, order: list[str], *, id: str) -> None:
        super().__init__(order, id=id)
        self._board = board

    def render_line(self, y: int) -> Strip:
        self._board.painted()
        return super().render_line(y)


class Board(KeyStates, Widget, can_focus=True):
    """The Monsters as cards, what is out in all, every player's pile, score and revealed
    cards, the latest capture or mistake, and what to do.

    | key | action |
    | --- | --- |
    | Space | reveal your next card (on your turn) |
    | 1 2 3 | claim Monster 1, 2 or 3 |
    | z / a s d | first of several players at one keyboard: reveal / claim 1 2 3 |
    | m / j k l | second player |
    | x / w e r | third player |
    | n / u i o | fourth player |
    | → ← | highlight the next / previous choice (the reveal, each Monster) |
    | ↓ ↑ | highlight the next / previous player |
    | i | while the race is on: the details of the highlight under the players (again: away) |
    | Enter | take the highlighted choice; the results when the game is over |
    | Esc | drop the highlight (and the details) |
    """

    DEFAULT_CSS = """
    Board { height: auto; padding: 0 1; layout: vertical; }
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
        self._flashes = 0
        """Counts the flashes: the news line's key."""
        self._flash_reveals = 0
        self._late: tuple[tuple[int, int | None], ...] = ()
        """The hands too late since the latest flash (seat, reaction in ms): folded into
        one line under it, so that the capture they came late for stays in sight."""
        self._previous: dict[str, Any] | None = None
        self._fresh_card: int | None = None
        """The seat whose last revealed card is the one just revealed."""
        self._fresh_slots: frozenset[int] = frozenset()
        """Monsters that arrived since the last reveal."""
        self._cursor: Hashable | None = None
        """The key of the highlighted choice (``"reveal"``, ``("claim", slot)``)."""
        self._player: int | None = None
        """The highlighted player."""
        self._drawn: deque[tuple[int, Update]] = deque(maxlen=HISTORY)
        """(when it was first drawn, update) for the latest updates on screen, oldest
        first: a claim names the board its player had seen (`seen_at`)."""
        self._pressed_ns: int | None = None
        """When the latest key reached the board, by its event's own time."""
        self._parts: TableParts | None = None
        self._details_open = False
        """The details of the highlight are shown under the players (``i``)."""

    def compose(self) -> ComposeResult:
        rows = (f"row-{s}" for s in range(MAX_PLAYERS))
        names = ["monsters", "totals", "key", *rows, "news"]
        self._parts = TableParts(self, [*names, "prompt", "details"], id="wh-parts")
        yield self._parts

    # -- receiving --------------------------------------------------------------------------

    def show(self, update: Update) -> None:
        """Display a new update; a new capture or mistake becomes the flash line."""
        flash = self._news(self._previous, update)
        if flash is not None:
            self.flash = flash
            self._flashes += 1
            self._flash_reveals = update.view["reveals"]
            self._late = ()
        self._late += tuple(
            (int(event["seat"]), event.get("reaction_ms"))
            for event in update.events
            if event.get("type") == "late"
        )
        self._freshen(self._previous, update.view)
        self._previous = update.view
        if update.outcome is not None:
            self._details_open = False  # the race is over: i opens the screen's panel
        self.update = update
        if not self._draw():
            self.painted()  # nothing on screen changed: it shows this update already
        self.refresh_bindings()

    def _freshen(self, before: dict[str, Any] | None, view: dict[str, Any]) -> None:
        """Note the card just revealed and the Monsters just arrived."""
        if before is None or before["players"] != view["players"]:
            self._fresh_card, self._fresh_slots = None, frozenset()
            return
        if view["reveals"] != before["reveals"]:
            self._fresh_slots = frozenset()
            grown = [
                seat
                for seat in range(view["players"])
                if len(view["revealed"][seat]) > len(before["revealed"][seat])
            ]
            self._fresh_card = grown[-1] if grown else None
        pairs = zip(before["monsters"], view["monsters"], strict=True)
        arrived = {
            slot
            for slot, (old, new) in enumerate(pairs)
            if new is not None and (old is None or old["id"] != new["id"])
        }
        if arrived:
            self._fresh_slots |= arrived
        if not any(view["revealed"]):
            self._fresh_card = None

    def _news(self, before: dict[str, Any] | None, update: Update) -> Text | None:
        """Who took a Monster since ``before``, and why it was a capture or a mistake."""
        view = update.view
        if before is None or before["players"] != view["players"]:
            return None
        for seat in range(view["players"]):
            name = self._named(update, seat, "You")
            new = view["captured"][seat][len(before["captured"][seat]) :]
            if len(view["captured"][seat]) > len(before["captured"][seat]) and new:
                monster = MONSTER_BY_ID[new[-1]]
                text = Text("★ ", style="bold")
                text.append(name)
                text.append(f" captured the {monster.name} (+{monster.value}): ")
                text.append_text(needs_text(monster.symbols))  # as its card showed them
                text.append("!")
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
                text.append(f" blundered, −1 face down: the {monster.name} needs {lacking}.")
                return text
        return None

    def painted(self) -> None:
        """The update shown is on screen now (if it was not already)."""
        update = self.update
        if update is not None and (not self._drawn or self._drawn[-1][1] is not update):
            self._drawn.append((time.monotonic_ns(), update))

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

    def _keys_label(self, seat: int) -> str:
        group = self._group_of(seat)
        if group is None:
            return "" if not self._several() or seat not in self.local_seats else "[no keys]"
        reveal, claims = KEY_GROUPS[group]
        return f"[{reveal}|{''.join(claims)}]"

    def _you(self, update: Update, seat: int) -> bool:
        """Whether ``seat`` is the one player at this keyboard (several: each is named)."""
        return seat == update.seat and not self._several() and update.seat is not None

    def _label(self, update: Update, seat: int) -> str:
        return player_name(update, seat) + (" (you)" if self._you(update, seat) else "")

    def _named(self, update: Update, seat: int, you: str = "you") -> str:
        """A player as a sentence names them: ``you`` for the one at this keyboard."""
        return you if self._you(update, seat) else player_name(update, seat)

    # -- the highlight ---------------------------------------------------------------------------

    def choices(self) -> list[Choice]:
        """The choices of this step for the player at this keyboard: the reveal when it is
        theirs, then a claim on each Monster on the table."""
        update = self.update
        if update is None:
            return []
        trie = ActionTrie(update.legal, lambda action: paths(update, action))
        return trie.choices([])

    def _cursor_index(self, choices: Sequence[Choice]) -> int | None:
        keys = [choice.key for choice in choices]
        return keys.index(self._cursor) if self._cursor in keys else None

    def details(self) -> str:
        """The whole of what the highlight is on: a choice in words with its Monster's
        points, tie number and pile, or a player's Monsters and revealed cards; with no
        highlight, the names the board had to shorten."""
        if self.update is None:
            return ""
        return self._details(self._plan(*self._space()))

    def _details(self, plan: faces.Plan) -> str:
        update = self.update
        assert update is not None
        view = update.view
        if self._player is not None and self._player < view["players"]:
            return self._player_details(update, self._player)
        choices = self.choices()
        index = self._cursor_index(choices)
        if index is not None:
            choice = choices[index]
            text = f"{index + 1} of {len(choices)}: {choice.label}"
            if choice.key == "reveal" and update.seat is not None:
                return f"{text} ({view['pile_sizes'][update.seat]} cards in your pile)."
            slot = int(choice.key[1])  # type: ignore[index]
            monster = view["monsters"][slot]
            if monster is not None:
                text += (
                    f" It is worth {points_words(monster['value'])} and has tie number "
                    f"{monster['tie']}; its pile holds {monster['pile'] or 'no'} more."
                )
            return text
        cut = self._shortened(update, plan)
        hint = "Nothing is highlighted: → ← highlight a choice, ↓ ↑ a player."
        return f"{hint} {cut}" if cut else hint

    def _highlighted(self) -> bool:
        return self._player is not None or self._cursor_index(self.choices()) is not None

    def _shortened(self, update: Update, plan: faces.Plan) -> str:
        """The names the board had to cut, in full ("" when none was)."""
        view = update.view
        cut = [
            player_name(update, seat)
            for seat in range(view["players"])
            if len(self._label(update, seat)) > plan.name_width
        ]
        return f"In full: {', '.join(cut)}." if cut else ""

    def _player_details(self, update: Update, seat: int) -> str:
        view = update.view
        captured = [MONSTER_BY_ID[m] for m in view["captured"][seat]]
        mistakes = [MONSTER_BY_ID[m] for m in view["mistakes"][seat]]
        caught = ", ".join(f"the {m.name} (+{m.value})" for m in captured) or "no Monsters"
        wrong = ", ".join(f"the {m.name}" for m in mistakes)
        row = view["revealed"][seat]
        shown = ", ".join(card_words(card) for card in row) if row else "nothing"
        text = (
            f"{player_name(update, seat)}: {points_words(view['scores'][seat])}; "
            f"captured {caught}; "
            f"{several(len(mistakes), 'mistake')}{f' ({wrong})' if wrong else ''}; "
            f"{view['pile_sizes'][seat]} cards in pile; revealed {shown}."
        )
        note = note_sentence(update, seat)
        return f"{text} {note}" if note else text

    # -- drawing ---------------------------------------------------------------------------

    def _space(self) -> tuple[int, int]:
        """The width the board may draw in, and how many lines it should keep to."""
        if not self.is_mounted:
            return 78, 17  # the 80x24 floor
        width = self.content_size.width or max(40, self.app.size.width - 2)
        screen = self.app.size
        return width, max(12, screen.height - CHROME[screen.width >= WIDE])

    def _plan(self, width: int, room: int) -> faces.Plan:
        update = self.update
        assert update is not None
        players = update.view["players"]
        labels = [self._label(update, seat) for seat in range(players)]
        return faces.plan_for(width, room, players, labels)

    def on_resize(self) -> None:
        if new_space(self):
            self._draw()

    def _draw(self) -> bool:
        """Show every part whose content changed; True if any did."""
        parts = self._parts
        if self.update is None or parts is None:
            return False
        width, room = self._space()
        changed = False
        with parts.together():  # one change of the board's lines
            for name, key, build in self._layout(self._plan(width, room), room):
                parts.set_shown(name, key is not None)
                if key is not None:
                    changed |= parts.show(name, key, partial(_group, build))
        return changed

    def lines(self, width: int = 78, room: int = 17) -> list[Text]:
        """The whole board as lines, as drawn in ``width`` columns and ``room`` lines
        (tests and snapshots without an App)."""
        if self.update is None:
            return [Text("Shuffling…")]
        found: list[Text] = []
        for _, key, build in self._layout(self._plan(width, room), room):
            if key is not None:
                found += build()
        return found

    def _layout(
        self, plan: faces.Plan, room: int
    ) -> list[tuple[str, Hashable | None, Callable[[], list[Text]]]]:
        """Every part: its name, its content key (None: hidden) and how to draw it. Each
        drawing is a pure function of its key, so an unchanged key means unchanged lines."""
        update = self.update
        assert update is not None
        view = update.view
        claims = view["claims"]
        hands: list[list[str]] = [[] for _ in view["monsters"]]
        for claim in claims:
            hands[claim["slot"]].append(self._named(update, claim["seat"]))
        choices = self.choices()
        index = self._cursor_index(choices)
        cursor = choices[index].key if index is not None else None
        monsters = tuple(faces.monster_face(m) for m in view["monsters"])
        monster_key = (
            plan,
            monsters,
            self._fresh_slots,
            tuple(tuple(h) for h in hands),
            cursor[1] if isinstance(cursor, tuple) else None,
        )
        parts: list[tuple[str, Hashable | None, Callable[[], list[Text]]]] = [
            ("monsters", monster_key, partial(_monster_lines, *monster_key)),
        ]
        totals_key = (plan.width, tuple(tuple(row) for row in view["revealed"]))
        parts.append(("totals", totals_key, partial(_totals_lines, *totals_key)))
        rows = [
            faces.RowFace(
                label=self._label(update, seat),
                local=seat in self.local_seats,
                keys=self._keys_label(seat),
                turn=view["turn"] == seat and not view["over"],
                pile=view["pile_sizes"][seat],
                cards=tuple(view["revealed"][seat]),
                fresh=self._fresh_card == seat,
                captured=len(view["captured"][seat]),
                mistakes=len(view["mistakes"][seat]),
                score=view["scores"][seat],
                note=update.notes.get(seat),
                pile_selected=cursor == "reveal" and seat == update.seat,
                selected=self._player == seat,
            )
            for seat in range(view["players"])
        ]
        worded = faces.short_words_widths(plan, rows)
        # Rows in codes: what the codes mean above them, on a line the board can spare.
        coded = not plan.boxed_rows and not worded and not faces.flat_words(plan)
        keyed = coded and room - plan.height(view["players"]) >= 1
        key_key = (plan.width, plan.name_width) if keyed else None
        parts.append(("key", key_key, partial(faces.codes_key, plan)))
        for seat in range(MAX_PLAYERS):
            if seat >= view["players"]:
                parts.append((f"row-{seat}", None, list))
                continue
            face = rows[seat]._replace(words=worded)
            last = seat == view["players"] - 1
            row_plan = replace(plan, gap=0) if last or not plan.boxed_rows else plan
            parts.append((f"row-{seat}", (row_plan, face), partial(_row_lines, row_plan, face)))
        news_key = self._news_key(update, plan)
        parts.append(("news", news_key, partial(self._news_lines, update, plan)))
        open_lines = self._open_details(plan, room - keyed)
        if open_lines is not None:
            text, count = open_lines
            said = self._prompt(update)
            said_key = (plan.width, said, "bold") if plan.prompt else None
            parts.append(("prompt", said_key, partial(_line, plan.width, said, "bold")))
            open_key = (plan.width, text, count, "open")
            parts.append(("details", open_key, partial(_open_lines, plan.width, text, count)))
            return parts
        highlighted = self._highlighted()
        details = self._details(plan) if highlighted else ""
        words, style = self._prompt(update), "bold"
        if highlighted and not plan.details and update.outcome is None:
            # No room for a details line (eight players at 80 x 24): while the highlight
            # is on, its line takes the prompt's place.
            words, style, details = details, "italic", ""
        prompt_key = (plan.width, words, style) if plan.prompt else None
        parts.append(("prompt", prompt_key, partial(_line, plan.width, words, style)))
        if plan.details and not details:
            details = self._shortened(update, plan)
        details_key = (plan.width, details) if plan.details and details else None
        parts.append(("details", details_key, partial(_line, plan.width, details, "italic")))
        return parts

    def _open_details(self, plan: faces.Plan, room: int) -> tuple[str, int] | None:
        """The details shown under the players (``i``) and the lines they take: as many as
        the board's room leaves under its other parts, never over a player's row."""
        update = self.update
        if not self._details_open or update is None or update.outcome is not None:
            return None
        text = f"{self._details(plan)} Press i to close."
        spare = room - plan.height(update.view["players"]) + plan.details
        return text, max(1, min(spare, len(_wrap(text, plan.width))))

    def _details_fit(self) -> bool:
        """Whether the details of the highlight fit whole under the players now."""
        update = self.update
        if update is None or update.outcome is not None:
            return False
        width, room = self._space()
        plan = self._plan(width, room)
        text = f"{self._details(plan)} Press i to close."
        spare = room - plan.height(update.view["players"]) + plan.details
        if not plan.boxed_rows and not faces.flat_words(plan):
            spare -= 1  # the line the rows' key may take (`faces.codes_key`)
        return len(_wrap(text, plan.width)) <= spare

    def _news_key(self, update: Update, plan: faces.Plan) -> Hashable:
        view = update.view
        claims = tuple((c["seat"], c["slot"]) for c in view["claims"])
        fresh = self.flash is not None and view["reveals"] - self._flash_reveals < view["players"]
        names = tuple(update.names)
        return (plan.width, plan.news_lines, claims, self._flashes, fresh, self._late, names)

    def _news_lines(self, update: Update, plan: faces.Plan) -> list[Text]:
        """Hands going down while they are being settled, else the latest capture or
        mistake (bright for a round of reveals, then quieter), wrapped, never cut."""
        view = update.view
        if view["claims"]:
            text = Text("Hands down: ", style="bold reverse")
            for index, claim in enumerate(view["claims"]):
                if index:
                    text.append(" · ")
                who = self._named(update, claim["seat"], "you" if index else "You")
                text.append(who, style="bold")
                text.append(f" on Monster {claim['slot'] + 1}")
            text.append("…")
        elif self.flash is not None:
            text = self.flash.copy()
            fresh = view["reveals"] - self._flash_reveals < view["players"]
            text.stylize("reverse bold" if fresh else "dim")
        else:
            text = Text("No Monster taken yet.", style="dim")
        lines = faces.wrapped(text, plan.width, plan.news_lines)
        late = self._late_line(update, plan.width)
        if late is None or view["claims"]:
            return lines
        # Under the flash, on a line of their own (the flash keeps what it needs): however
        # many hands came too late, one line; the log has each of them.
        used = sum(1 for line in faces.wrapped(text, plan.width, plan.news_lines + 1) if line)
        if used >= plan.news_lines:
            return lines
        return [*lines[:used], *faces.wrapped(late, plan.width, plan.news_lines - used)]

    def _late_line(self, update: Update, width: int) -> Text | None:
        """The hands too late for the latest capture or mistake, in ``width`` cells: "Too
        late, void, no penalty: Olek 0.53 s, you 0.61 s.", without the times if they do
        not fit, else how many ("… penalty: 6 hands; the log has each.")."""
        if not self._late:
            return None
        names = [self._named(update, seat) for seat, _ in self._late]
        timed = [
            name + (f" {ms / 1000:.2f} s" if ms is not None else "")
            for name, (_, ms) in zip(names, self._late, strict=True)
        ]
        head = "Too late, void, no penalty: "
        for who in (", ".join(timed), ", ".join(names)):
            if len(head) + len(who) + 1 <= width:
                return Text(f"{head}{who}.", style="italic")
        return Text(f"{head}{len(names)} hands; the log has each.", style="italic")

    def _prompt(self, update: Update) -> str:
        view = update.view
        replaying = replay_prompt(self, update)
        if replaying is not None:
            return replaying
        if update.outcome is not None:
            return "Game over. Press Enter for the results."
        if not self._several():
            seat = self._seat_for(-1)
            if seat is not None and may_reveal(view, seat):
                return "Your turn: Space reveals. 1 2 3 claim a Monster."
            return prompt(update, (), ())
        if view["claims"]:
            return "Claims are being settled…"
        turn = view["turn"]
        group = self._group_of(turn)
        name = player_name(update, turn)
        key = "" if group is None else f" ({KEY_GROUPS[group][0]})"
        return f"{name} reveals next{key}. Your keys by your name: reveal|claim 1 2 3."

    # -- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if action in ("reveal", "claim", "choose") and no_move_here(update, action):
            return False
        if action == "results":
            return update is not None and update.outcome is not None
        if action == "choose":
            return (
                update is not None
                and update.outcome is None
                and not self._several()
                and self._cursor_index(self.choices()) is not None
            )
        if action == "uncursor":
            return self._cursor is not None or self._player is not None or self._details_open
        if action == "details_here":
            # Off after the game: the key goes on to the game screen's panel.
            return update is not None and update.outcome is None
        if action in ("cursor", "player"):
            return update is not None
        if action not in ("reveal", "claim"):
            return True
        group = parameters[0] if parameters else -1
        seat = self._seat_for(int(group))  # type: ignore[call-overload]
        if seat is None:
            return False
        if update is None or update.outcome is not None:
            return None
        if action == "reveal":
            return True if may_reveal(update.view, seat) else None
        slot = int(parameters[1])  # type: ignore[call-overload]
        return True if may_claim(update.view, seat, slot) else None

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

    def action_choose(self) -> None:
        """Take the highlighted choice, as its key would."""
        choices = self.choices()
        index = self._cursor_index(choices)
        if index is None:
            return
        key = choices[index].key
        if key == "reveal":
            self.action_reveal(-1)
        elif isinstance(key, tuple):
            self.action_claim(-1, int(key[1]))

    def action_cursor(self, step: int) -> None:
        """Highlight the next (or previous) choice, round to the first."""
        choices = self.choices()
        if not choices:
            return
        index = self._cursor_index(choices)
        if index is None:
            index = 0 if step > 0 else len(choices) - 1
        else:
            index = (index + step) % len(choices)
        self._cursor, self._player = choices[index].key, None
        self._redraw()

    def action_player(self, step: int) -> None:
        """Highlight the next (or previous) player, round to the first."""
        if self.update is None:
            return
        players = self.update.view["players"]
        if self._player is None:
            self._player = 0 if step > 0 else players - 1
        else:
            self._player = (self._player + step) % players
        self._cursor = None
        self._redraw()

    def action_uncursor(self) -> None:
        self._cursor = self._player = None
        self._details_open = False
        self._redraw()

    async def action_details_here(self) -> None:
        """Show (or take away) the details of the highlight under the players; the game
        screen's panel when they do not fit there (eight players at 80x24)."""
        if not self._details_open and not self._details_fit():
            await self.run_action("screen.details")
            return
        self._details_open = not self._details_open
        self._redraw()

    def _redraw(self) -> None:
        self._draw()
        self.refresh_bindings()

    def action_results(self) -> None:
        if self.update is not None and self.update.outcome is not None:
            self.post_message(ResultsWanted())


def _monster_lines(
    plan: faces.Plan,
    monsters: tuple[faces.MonsterFace | None, ...],
    fresh: frozenset[int],
    hands: tuple[tuple[str, ...], ...],
    selected: int | None,
) -> list[Text]:
    cards = [
        faces.monster_card(
            slot,
            monster,
            plan,
            fresh=slot in fresh,
            hands=hands[slot],
            selected=slot == selected,
        )
        for slot, monster in enumerate(monsters)
    ]
    return faces.side_by_side(cards)


def _row_lines(plan: faces.Plan, face: faces.RowFace) -> list[Text]:
    if not plan.boxed_rows:
        return faces.flat_row(plan, face)
    return faces.boxed_row(plan, face) + [Text() for _ in range(plan.gap)]


def _totals_lines(width: int, revealed: tuple[tuple[str, ...], ...]) -> list[Text]:
    return [faces.totals_line({"revealed": revealed}, width)]


def _line(width: int, text: str, style: str) -> list[Text]:
    line = Text(text, style=style)
    line.truncate(width, overflow="ellipsis")
    return [line]


def _wrap(text: str, width: int) -> list[Text]:
    """``text`` wrapped to ``width``, every line it needs."""
    return [line for line in faces.wrapped(Text(text), width, 1 + len(text) // 8) if line]


def _open_lines(width: int, text: str, count: int) -> list[Text]:
    """The details under the players, on ``count`` lines (cut with … only if the room
    shrank since they were opened)."""
    return faces.wrapped(Text(text, style="italic"), width, count)


def _group(build: Callable[[], list[Text]]) -> Lines:
    """A part's lines as `Lines`: `Parts` draws them line by line and keeps each line
    drawn, so a part redrawn for one changed line (a pile's count, a hand on a Monster)
    renders that line alone; a Group of the same lines was rendered whole every time (half
    the board's cost of a claim and its settle, for every guest), and one Text joined from
    them was split into its lines again."""
    return Lines(build())
