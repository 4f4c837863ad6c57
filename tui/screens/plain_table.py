"""PlainTableScreen: the game screen's screen-reader mode — the table as plain lines, the
question of the moment, and a SpokenList of full-sentence choices.

A blind player's screen reader reads the text around the terminal cursor and sees no
colour. So the choices are a SpokenList (the selected line starts with ``> `` and holds
the cursor, only while the table is on top), the list always fits above the footer (the
table's lines above it give way and scroll, a line says so, ``t`` shows them all), ending
a phase is never where the highlight lands by itself and asks once, nor is a take-back
(where only those are left it rests on no choice and the question says why; Home and End
go to the first and the last real move, never to one of those either), an Enter
meant for a choice a new position just took away takes nothing, every event since your
last move is said at the top when you may decide again (``r`` reads it again), the prompt
repeats the steps of a move chosen so far, and a toast is also written to the log, where
a screen reader hears it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.dom import NoScreen
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.engine import with_names
from core.table import Update
from tui.boards.base import ActionChosen, ActionTrie, Choice, ResultsWanted
from tui.screens.details import DetailsScreen
from tui.settings import Settings
from tui.widgets.event_log import MAX_ENTRIES, MIN_WIDTH, EventLog
from tui.widgets.marked import put_cursor_on
from tui.widgets.spoken import SpokenList, show_terminal_cursor

LOG_LINES = 4
"""The log's last lines on screen: the list of choices takes the room it needs, the log
these lines, the table's own lines the rest (they scroll; ``t`` shows them all)."""

MORE = "The table goes on: t reads all of it."
"""Under the table's lines when the list of choices leaves them too little room."""

SHIFT_GRACE_S = 1.5
"""Seconds after the table took the highlighted choice away during which Enter only says
where the highlight went (Whoosh: your reveal turned into a claim of Monster 1 as the turn
passed, and the Enter meant for the reveal grabbed it, a mistake)."""

TURN_PASSES = re.compile(r"It is .+ turn\.$")
"""The lines that only say whose turn it is: the moves in between already tell it."""

SINCE = "Since your turn: "
"""How the events between two of your turns begin, when your turn comes."""

HEARD_S = 0.5
"""Seconds a line of the log must have been on screen to count as heard: a screen reader
says a line as it appears, but not one gone again a frame later (a bot's quick move)."""

LAST_CLAIM = "Your last claim: "
"""How the fate of your own last claim begins, in a real-time game (Whoosh)."""
OWN_CLAIM_NEWS = frozenset({"claim", "late", "void", "capture", "mistake"})
"""The kinds of event that tell a player what became of their claim."""


LIST_LINE = re.compile(r"(?P<head>[^:;.]{1,40}): (?P<rest>[^;]+)\.")
"""A line of the table that names something, then lists its parts: "Berlin, your city:
empty, fire superhero, …" (no clauses: no "; ", no second sentence)."""

CONTINUED = ", continued: "
"""How a row of a list line goes on after the first: "Berlin, your city, continued: …"."""


def table_rows(line: str, width: int) -> list[str]:
    """A line of the table as the rows it takes at ``width`` columns, each row of a list
    line naming what it lists ("Berlin, your city, continued: empty.").

    A screen reader says the rows that changed: when only a wrapped line's second row did,
    it said "fire superhero." and not whose city. A list line too long for one row is cut
    between its items instead, each row whole; any other line stays one line (it wraps)."""
    match = LIST_LINE.fullmatch(line)
    if width <= 0 or len(line) <= width or match is None or ". " in match["rest"]:
        return [line]
    head, items = match["head"], match["rest"].split(", ")
    rows: list[str] = []
    row = f"{head}: {items[0]}"
    for item in items[1:]:
        if len(row) + len(", ") + len(item) + 1 <= width:  # 1: the row's own "," or "."
            row += f", {item}"
        else:
            rows.append(row + ",")
            row = f"{head}{CONTINUED}{item}"
    rows.append(row + ".")
    return rows if all(len(r) <= width for r in rows) else [line]


def _joined(lines: Iterable[str]) -> str:
    """Lines as one sentence's parts: "A; B; C" (each without its full stop)."""
    return "; ".join(line.rstrip(".") for line in lines)


def _readable(log: EventLog) -> list[tuple[int | None, str]]:
    """The log's entries its reader may see (the public ones and their own)."""
    return [entry for entry in log.entries if entry[0] is None or entry[0] == log.reader]


def is_final(module: Any, update: Update, key: Hashable) -> bool:
    """Whether choosing ``key`` ends a phase for the player (Done playing, Pass on this
    lot, Leave the Tavern, Discard both): the board module says so with ``is_final`` or
    its ``FINAL`` keys, the same hooks its visual board uses."""
    judge = getattr(module, "is_final", None)
    if judge is not None:
        return bool(judge(update, key))
    return key in getattr(module, "FINAL", frozenset())


def is_real(module: Any, update: Update, key: Hashable) -> bool:
    """Whether choosing ``key`` moves the game on: not a take-back (Comic Hunters' "Take
    back …", which undoes a move) nor a final choice. The board module says so with
    ``is_real``, the hook its visual board lands its cursor by; without one, every choice
    but a final one is real."""
    judge = getattr(module, "is_real", None)
    if judge is not None:
        return bool(judge(update, key))
    return not is_final(module, update, key)


def confirm_words(module: Any, update: Update, choice: Choice) -> str:
    """The question a final choice asks before it is taken (the board module's own words
    when it has them)."""
    words = getattr(module, "confirm_words", None)
    if words is not None:
        return str(words(update, choice.key))
    return f"{choice.label}. Enter again to confirm."


NOTHING_REAL = "Nothing left moves the game on"
"""Why the highlight rests on no choice, where the board module has no words of its own."""


def parked_words(module: Any, update: Update, choices: Sequence[Choice]) -> str:
    """What the question adds while the highlight rests on no choice (`PlainTableScreen.
    _sr_nearest`): why, in the board module's words when it has them (Comic Hunters' "No
    card can be played now: …"), and which keys choose: "Down or Up highlights a choice: a
    take-back or Done playing." Enter takes nothing until then."""
    why = str(getattr(module, "NO_PLAY", NOTHING_REAL))
    because = getattr(module, "NO_PLAY_WHY", "")
    if because:
        why = f"{why}: {because}"
    kinds = ["a take-back"] if any(not is_final(module, update, c.key) for c in choices) else []
    # A final choice by its name only ("Done playing", not what it pays: its line says it).
    kinds += [c.label.split(": ")[0] for c in choices if is_final(module, update, c.key)]
    which = f"{', '.join(kinds[:-1])} or {kinds[-1]}" if len(kinds) > 1 else "".join(kinds)
    return f"{why}. Down or Up highlights a choice: {which}."


def finals_last(module: Any, update: Update, choices: Sequence[Choice]) -> list[Choice]:
    """The choices with the final ones at the end and the board module's ``LATER`` ones
    just before them (Comic Hunters' optional slide after the heroes to take), as the
    visual boards list them: the list's first choice is the usual move."""
    final = [c for c in choices if is_final(module, update, c.key)]
    later_keys: frozenset[Hashable] = getattr(module, "LATER", frozenset())
    later = [c for c in choices if c.key in later_keys and c not in final]
    return [c for c in choices if c not in final and c not in later] + later + final


def edge_of(module: Any, update: Update, keys: Sequence[Hashable], end: bool) -> int | None:
    """Where Home (``end`` False) or End goes in a list of choice ``keys``: the first or the
    last real move (`is_real`), never a take-back nor a choice ending a phase, which the
    next Enter took (End, Enter: Done playing; at once with confirmations off). Where the
    board module has its own End (Comic Hunters' ``end_of``), End goes where the board's
    does, take-backs left out: at an auction that is Pass on this lot, which asks before
    it is taken, rather than the last bid, the whole stash. None: no real move is listed
    (the highlight stays where it is)."""
    real = [i for i, key in enumerate(keys) if is_real(module, update, key)]
    if not real:
        return None
    if not end:
        return real[0]
    board_end = getattr(module, "end_of", None)
    if board_end is None:
        return real[-1]
    kept = [i for i, key in enumerate(keys) if i in real or is_final(module, update, key)]
    found = board_end([keys[i] for i in kept])
    return real[-1] if found is None else kept[found]


STAY = -1
"""`PlainTableScreen.sr_edge` where no real move is listed: Home and End leave the
highlight where it is (on no choice, or one the player walked to with Down or Up)."""


class ChoiceList(SpokenList):
    """The table's SpokenList (its height and cursor rules are SpokenList's own). Home and
    End go to the first and the last real move (`edge_of`), Page Down and Page Up stop
    there too: a take-back or a choice ending a phase is one Down or Up further."""

    BINDINGS = [
        Binding("home", "first", "First choice that is not a take-back", show=False),
        Binding("end", "last", "Last choice short of a take-back or ending your turn", show=False),
    ]

    def _edge(self, end: bool) -> int | None:
        """The option Home or End goes to, from the table (`STAY`: none; None: the list's
        own first or last, where it holds no choices of a move, or is not on a screen yet:
        OptionList highlights its first option as it is made)."""
        try:
            screen = self.screen
        except NoScreen:
            return None
        return screen.sr_edge(end) if isinstance(screen, PlainTableScreen) else None

    def action_first(self) -> None:
        edge = self._edge(False)
        if edge is None:
            super().action_first()
        elif edge != STAY:
            self.highlighted = edge

    def action_last(self) -> None:
        edge = self._edge(True)
        if edge is None:
            super().action_last()
        elif edge != STAY:
            self.highlighted = edge

    def action_page_down(self) -> None:
        """A page down, stopping where End goes when it passes there."""
        before = self.highlighted
        super().action_page_down()  # type: ignore[no-untyped-call]
        self._stop_at(self._edge(True), before, down=True)

    def action_page_up(self) -> None:
        """A page up, stopping where Home goes when it passes there."""
        before = self.highlighted
        super().action_page_up()  # type: ignore[no-untyped-call]
        self._stop_at(self._edge(False), before, down=False)

    def _stop_at(self, edge: int | None, before: int | None, down: bool) -> None:
        """Back to ``edge`` if a page's move from ``before`` went past it."""
        after = self.highlighted
        if edge is None or edge == STAY or before is None or after is None:
            return
        if before <= edge < after if down else after < edge <= before:
            self.highlighted = edge


class PlainTableScreen(Screen[None]):
    """The screen-reader half of the game screen (``GameScreen`` is the rest).

    | key | action |
    | --- | --- |
    | ↑↓ Enter | move in the list of choices, take one (a final one on a second Enter) |
    | Home End | the first, the last real move (never a take-back or a phase's end) |
    | Esc | take back the question asked, else the last choice |
    | t | the whole table on a page of its own |
    | r | read again what happened since your last turn (into the log) |
    """

    DEFAULT_CSS = f"""
    PlainTableScreen.-screen-reader #board-column {{ height: 1fr; }}
    PlainTableScreen #sr-scroll {{ height: 1fr; min-height: 1; }}
    PlainTableScreen #sr-table {{ height: auto; }}
    PlainTableScreen #sr-more {{ height: auto; display: none; }}
    PlainTableScreen #sr-ask {{ height: auto; }}
    PlainTableScreen #sr-prompt {{ height: auto; }}
    PlainTableScreen #sr-choices {{ height: auto; max-height: 50vh; border: none; padding: 0; }}
    PlainTableScreen.-screen-reader #status {{ min-height: 0; padding: 0; }}
    PlainTableScreen.-screen-reader EventLog {{ height: {LOG_LINES}; min-height: 1; }}
    """

    BINDINGS = [
        Binding(
            "r",
            "read_again",
            "Read again",
            tooltip="What happened since your last turn, into the log",
            id="game.read-again",
        ),
    ]

    # What the game screen provides (see GameScreen).
    settings: Settings
    board_module: Any
    latest: dict[int | None, Update]
    viewer: int | None
    _history: dict[int | None, list[str]]

    def __init__(self) -> None:
        super().__init__()
        self._sr_keys: list[Hashable] = []
        self._sr_shown: tuple[int | None, int] = (None, -1)
        self._sr_trie = ActionTrie((), lambda action: [])
        self._sr_choices: list[Choice] = []
        self._sr_list = 0
        """Counts the lists of choices shown; an option names the list it belonged to."""
        self._sr_path: tuple[Hashable, ...] = ()
        """The steps chosen before the list shown (its choices are the next step)."""
        self._sr_shifted: tuple[float, int | None] | None = None
        """When a new position last took away the highlighted choice (the highlight moved
        without the player), for an Enter meant for the choice that was there."""
        self._sr_sent: int | None = None
        """The version on which the player last sent a move, until a newer one shows."""
        self._sr_asked: Hashable | None = None
        """The final choice one Enter has asked about (None: nothing asked)."""
        self._sr_prompt = ""
        """The question of the list shown, without what it adds while nothing is
        highlighted (`parked_words`)."""
        self._sr_parked = False
        """Whether the list's highlight rests on no choice: only take-backs and choices
        ending a phase are left, none of which is taken by a default Enter."""
        self._sr_moved: dict[int | None, tuple[int, int]] = {}
        """Per seat, when it last sent a move: how many history lines it had, and the
        version of the position it moved on."""
        self._sr_since: dict[int | None, str] = {}
        """Per seat, what happened between its last two turns, as one sentence line (what
        r reads again and t shows)."""
        self._sr_unheard: dict[int | None, str] = {}
        """Per seat, the same news less the lines the log showed long enough to be heard or
        shows now: the table's first line when the turn comes (said once, not twice)."""
        self._sr_log_from: dict[int | None, tuple[int | None, str] | None] = {}
        """Per seat, the log's last entry when it last sent a move (news comes after it)."""
        self._sr_news_from: dict[int | None, tuple[int | None, str] | None] = {}
        """The same, for a seat whose turn came: its news is after this entry."""
        self._sr_on_screen: dict[int, tuple[tuple[int | None, str], float]] = {}
        """The log's entries on screen (by id): the entry and since when."""
        self._sr_heard: dict[int, tuple[int | None, str]] = {}
        """The log's entries that were on screen at least `HEARD_S` (by id)."""
        self._sr_lines: tuple[list[str], list[str]] = ([], [])
        """The table's lines shown: the news first (never cut), then the board's own."""
        self._sr_split_at: int | None = None
        """The width the table's list lines were cut into rows for."""

    def compose_plain(self) -> ComposeResult:
        """The table's lines (they scroll when the list needs the room), the question, the
        list of choices and the status line under it (a refusal, a question to confirm)."""
        with VerticalScroll(id="sr-scroll"):
            yield Static(id="sr-table")
        yield Static(Text(MORE), id="sr-more")
        with Vertical(id="sr-ask"):
            yield Static(id="sr-prompt")
            yield ChoiceList(id="sr-choices")
            yield Static(id="status")

    def start_plain(self) -> None:
        """The mode's start at the table: the terminal cursor shows (Textual hides it), so
        that a screen reader follows the selected choice."""
        show_terminal_cursor(self.app)
        # Whatever moves the list (a longer question, the table's "goes on" line), its
        # lines are drawn again, which puts the cursor back on the mark.
        choices = self.query_one("#sr-choices")
        self.screen_layout_refresh_signal.subscribe(choices, lambda _: choices.refresh())
        # Each layout also tells whether the table's lines are cut (after, not before it).
        more = self.query_one("#sr-more")
        self.screen_layout_refresh_signal.subscribe(more, lambda _: self._say_more())
        prompt = self.query_one("#sr-prompt")
        self.screen_layout_refresh_signal.subscribe(prompt, lambda _: self._rest_cursor())
        # The table's list lines are cut into rows for the width they have (it changes when
        # the table's scrollbar comes or goes, or the terminal's size).
        table = self.query_one("#sr-table")
        self.screen_layout_refresh_signal.subscribe(table, lambda _: self._split_table())

    def _split_table(self) -> None:
        """The table's lines, its list lines cut into rows that each name what they list
        (`table_rows`), for the width the table has now."""
        if not self.is_mounted or not self.settings.screen_reader:
            return
        shown = self.query_one("#sr-table", Static)
        scroll = self.query_one("#sr-scroll")
        width = shown.content_region.width
        if width and not scroll.show_vertical_scrollbar:  # keep room for one
            width -= scroll.styles.scrollbar_size_vertical
        if width == self._sr_split_at:
            return
        self._sr_split_at = width
        first, lines = self._sr_lines
        rows = [row for line in lines for row in table_rows(line, width)]
        shown.update(Text("\n".join([*first, *rows])))

    # -- the table and the list --------------------------------------------------------------

    def _show_plain(self, update: Update) -> None:
        """The table's lines and the list of choices. The list stays where the player put
        it when a new position rebuilds it (a bot's move in a simultaneous phase): a
        half-built choice that still leads somewhere is kept, and the highlight stays on
        the same choice by what it is (where it lands by itself: `_sr_nearest`)."""
        module = self.board_module
        trie = ActionTrie(update.legal, lambda action: module.paths(update, action))
        options = self.query_one("#sr-choices", OptionList)
        resting = self._sr_highlighted() if self._sr_shown[0] == update.seat else None
        if self._sr_shown != (update.seat, update.version):
            going_on = self._sr_shown[0] == update.seat and trie.choices(self._sr_keys)
            if not going_on:
                self._sr_keys = []
        self._sr_shown = (update.seat, update.version)
        moved = self._sr_sent is not None and update.version > self._sr_sent
        if moved:  # the player's own move made this position: its list is a new one
            self._sr_sent = None
        choices = finals_last(module, update, trie.choices(self._sr_keys))
        self._fit_log()
        self._hear_turn(update)
        since = self._sr_unheard.get(update.seat, "") or self._own_claim(update)
        table = [since] if since else []
        self._sr_lines = (table, list(module.describe(update)))
        self._sr_split_at = None
        self._split_table()
        path = tuple(self._sr_keys)
        keys = [choice.key for choice in choices]
        same = resting is not None and resting[0] == path
        key, place = (resting[1], resting[2]) if same and resting else (None, 0)
        landed = self._sr_nearest(update, keys, key, place) if choices else None
        self._sr_parked = bool(choices) and landed is None
        self._sr_prompt = module.prompt(update, self._sr_keys, choices, plain=True)
        prompt = self._sr_prompt
        if self._sr_parked:
            prompt += " " + parked_words(module, update, choices)
        self.query_one("#sr-prompt", Static).update(Text(prompt))
        options.clear_options()
        self._sr_list += 1
        if update.outcome is not None:
            options.add_option(Option(Text("Show the results"), id="results"))
        for index, choice in enumerate(choices):
            options.add_option(Option(Text(choice.label), id=f"choice-{self._sr_list}-{index}"))
        self._sr_trie = trie
        self._sr_choices = choices
        first = 1 if update.outcome is not None else 0
        if choices:
            options.highlighted = None if landed is None else first + landed
            if same and key not in keys and not moved:  # taken away from under the player
                self._sr_shifted = (time.monotonic(), options.highlighted)
        elif options.option_count:
            options.highlighted = 0
        if self._sr_asked is not None and self._sr_highlighted_key() != self._sr_asked:
            self._sr_asked = None
        self._sr_path = path
        self.query_one("#sr-scroll").scroll_home(animate=False)
        self.call_after_refresh(self._say_more)
        self.call_after_refresh(self._fit_log)
        self.call_after_refresh(self._rest_cursor)

    def _rest_cursor(self) -> None:
        """Without a list (another seat plays) the terminal cursor rests on the question's
        line ("Waiting for Bob…"): a screen reader read whatever table line the list's
        mark had been on, each time it changed ("empty, Joker."). So it does while no
        choice is highlighted: the question says why and which keys choose."""
        if not self.is_mounted or not self.settings.screen_reader:
            return
        options = self.query_one("#sr-choices", OptionList)
        if not options.option_count or options.highlighted is None:
            put_cursor_on(self.query_one("#sr-prompt"))

    def _own_claim(self, update: Update) -> str:
        """In a real-time game, what became of the player's own last claim, as the table's
        first line: a capture comes with more news at once (the new Monster, the cards going
        back, late hands) than the log's last lines show, and the claim's own line scrolled
        away before a screen reader could say it."""
        if update.seat is None or getattr(self.board_module, "fast_action", None) is None:
            return ""
        for event in reversed(getattr(self, "events", ())):
            if event.get("seat") == update.seat and event.get("type") in OWN_CLAIM_NEWS:
                return f"{LAST_CLAIM}{with_names(event['text'], update.names)}"
        return ""

    @on(events.Resize)
    def _plain_resized(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """A line under the table's lines says when they go on beyond what shows (a
        screen reader cannot tell a cut-off table from a short one) and how to read it."""
        if self.is_mounted and self.settings.screen_reader:
            more = self.query_one("#sr-more")
            cut = self.query_one("#sr-scroll").max_scroll_y > 0
            if cut != more.display:
                more.display = cut  # a line less for the table: laid out again, asked again

    def read_plain_table(self, update: Update) -> None:
        """``t``: the whole table, the news since your last turn first, on a page of its
        own (Escape comes back to the list where it was)."""
        since = self._sr_since.get(update.seat, "")
        lines = [*([since] if since else []), *self.board_module.describe(update)]
        self.app.push_screen(DetailsScreen("The table", "\n".join(lines), plain=True))

    def _sr_nearest(
        self, update: Update, keys: Sequence[Hashable], key: Hashable | None, place: int
    ) -> int | None:
        """Where the highlight goes, by the boards' rule (Comic Hunters' `Board._nearest`):
        on ``key`` if it is still listed (the player put it there), else on the real move
        (`is_real`) nearest ``place``; after a take-back, on the first real move. Without
        a real move, on a final choice if only those are left (an Enter there asks first),
        else nowhere (None): take-backs wait for Down or Up, never taken by a default
        Enter (Enter pressed on took every card back in turn)."""
        if key in keys:
            return keys.index(key)
        module = self.board_module
        real = [i for i, k in enumerate(keys) if is_real(module, update, k)]
        if real:
            undone = key is not None and not is_real(module, update, key)
            if undone and not is_final(module, update, key):  # after a take-back
                return real[0]
            return min(real, key=lambda i: abs(i - place))
        if any(not is_final(module, update, k) for k in keys):
            return None
        return min(range(len(keys)), key=lambda i: abs(i - place), default=0)

    def sr_edge(self, end: bool) -> int | None:
        """The option Home (``end`` False) or End highlights in the list shown (`edge_of`):
        `STAY` where no real move is listed (the highlight stays), None where the list holds no
        choices of a move (the results, a list of another screen: its first or last)."""
        update = self.latest.get(self.viewer)
        if update is None or not self._sr_choices or not self.settings.screen_reader:
            return None
        keys = [choice.key for choice in self._sr_choices]
        place = edge_of(self.board_module, update, keys, end)
        if place is None:
            return STAY
        first = 1 if update.outcome is not None else 0  # "Show the results" comes first
        return first + place

    def _sr_highlighted(self) -> tuple[tuple[Hashable, ...], Hashable, int] | None:
        """The choice the list highlights now: (the steps chosen before it, its key, its
        place), or None when no choice is highlighted."""
        options = self.query_one("#sr-choices", OptionList)
        index = options.highlighted
        if index is None or not 0 <= index < options.option_count:
            return None
        parts = str(options.get_option_at_index(index).id).split("-")
        if len(parts) != 3 or parts[0] != "choice" or int(parts[1]) != self._sr_list:
            return None
        place = int(parts[2])
        if not 0 <= place < len(self._sr_choices):
            return None
        return self._sr_path, self._sr_choices[place].key, place

    def _sr_highlighted_key(self) -> Hashable | None:
        resting = self._sr_highlighted()
        return None if resting is None else resting[1]

    @on(OptionList.OptionHighlighted, "#sr-choices")
    def _plain_moved(self) -> None:
        """Moving to another choice takes back a question asked about a final one (and
        the player now knows where the highlight is)."""
        highlighted = self.query_one("#sr-choices", OptionList).highlighted
        if self._sr_parked and highlighted is not None:  # chosen: the question as it was
            self._sr_parked = False
            self.query_one("#sr-prompt", Static).update(Text(self._sr_prompt))
        if self._sr_shifted is not None and self._sr_shifted[1] != highlighted:
            self._sr_shifted = None
        if self._sr_asked is not None and self._sr_highlighted_key() != self._sr_asked:
            self._sr_asked = None
            self._say("")

    @on(OptionList.OptionSelected, "#sr-choices")
    def _plain_choice(self, event: OptionList.OptionSelected) -> None:
        update = self.latest.get(self.viewer)
        if update is None:
            return
        if event.option.id == "results":
            self.post_message(ResultsWanted())
            return
        # The list may have been rebuilt (a new position arrived) between the key and this
        # message: a choice from an older list is dropped, never applied to the new one.
        _, listed, index = str(event.option.id).split("-")
        if int(listed) != self._sr_list or not 0 <= int(index) < len(self._sr_choices):
            return
        choice = self._sr_choices[int(index)]
        shifted, self._sr_shifted = self._sr_shifted, None
        if shifted is not None and time.monotonic() - shifted[0] < SHIFT_GRACE_S:
            said = f"The choices changed: now on {choice.label}. Enter again to take it."
            self._say(said)
            self.query_one(EventLog).add(said, self.viewer)
            return
        final = is_final(self.board_module, update, choice.key)
        if final and self._sr_asked != choice.key and self.settings.confirmations:
            self._sr_asked = choice.key
            question = confirm_words(self.board_module, update, choice)
            self._say(question)
            self.query_one(EventLog).add(question, self.viewer)
            return
        if self._sr_asked is not None:
            self._sr_asked = None
            self._say("")
        keys = [*self._sr_keys, choice.key]
        action = self._sr_trie.action(keys)
        if action is not None:
            self._sr_keys = []
            # The list stays on screen until the table answers (a while over ssh with render
            # workers): an Enter on it meanwhile is dropped as one from an older list.
            self._sr_list += 1
            heard = len(self._history.get(update.seat, []))
            self._sr_moved[update.seat] = (heard, update.version)
            entries = self.query_one(EventLog).entries
            self._sr_log_from[update.seat] = entries[-1] if entries else None
            self._sr_sent = update.version
            self.post_message(ActionChosen(action))
        else:
            self._sr_keys = keys
            self._show_plain(update)

    def _say(self, text: str) -> None:
        """The status line under the list (a question, or nothing)."""
        self.query_one("#status", Static).update(Text(text, style="bold") if text else "")

    def back_plain(self) -> None:
        """Esc: take back the question asked, else the last choice."""
        if self._sr_asked is not None:
            self._sr_asked = None
            self._say("")
            return
        if self._sr_keys:
            self._sr_keys.pop()
            update = self.latest.get(self.viewer)
            if update is not None:
                self._show_plain(update)

    def plain_details(self) -> str:
        """The highlighted choice's whole wording (for ``i``)."""
        resting = self._sr_highlighted()
        if resting is not None:
            return self._sr_choices[resting[2]].label
        options = self.query_one("#sr-choices", OptionList)
        index = options.highlighted
        if index is not None and options.option_count:
            return str(options.get_option_at_index(index).prompt)
        update = self.latest.get(self.viewer)
        if self._sr_parked and update is not None:  # why, and the keys that choose
            return parked_words(self.board_module, update, self._sr_choices)
        return "No choice is highlighted."

    # -- what happened since your last turn ---------------------------------------------------

    def _hear_turn(self, update: Update) -> None:
        """When the seat may decide again after a move of its own (bots moved, or a round
        of picks went by), what happened since that move becomes the first line of the
        table, until its turn ends (each event is in the log already)."""
        seat = update.seat
        if seat is None or seat not in update.acting or update.outcome is not None:
            self._sr_since.pop(seat, None)
            self._sr_unheard.pop(seat, None)
            self._sr_news_from.pop(seat, None)
            return
        moved = self._sr_moved.get(seat)
        if moved is None or update.version <= moved[1]:
            # No move of its own since the line was made, or not taken yet. A line that
            # left the log unheard meanwhile (bots moving on at once) joins the news.
            if seat in self._sr_news_from:
                self._hear_log(seat, update.names[seat])
            return
        del self._sr_moved[seat]
        self._sr_news_from[seat] = self._sr_log_from.pop(seat, None)
        self._hear_log(seat, update.names[seat])
        heard = self._history.get(seat, [])[moved[0] :]
        while heard and heard[0].startswith("You "):  # its own move's lines: not news
            heard = heard[1:]
        heard = [line for line in heard if not TURN_PASSES.match(line)]
        if not heard:
            self._sr_since.pop(seat, None)
            return
        said = _joined(with_names(line, update.names) for line in heard)
        self._sr_since[seat] = f"{SINCE}{said}."

    # -- the log's last lines, whole -----------------------------------------------------------

    def _hear_log(self, seat: int, name: str) -> None:
        """The table's first line: the news a screen reader has not said yet."""
        unheard = self._log_news(seat, name)
        self._sr_unheard[seat] = f"{SINCE}{_joined(unheard)}." if unheard else ""

    def _log_news(self, seat: int, name: str) -> list[str]:
        """The log's entries since the seat's last move that a screen reader has not said:
        neither on screen now (it says them there, in order) nor on screen long enough
        before (`HEARD_S`, a bot's move while the player waited); its own move left out."""
        log = self.query_one(EventLog)
        entries = _readable(log)
        mark = self._sr_news_from.get(seat)
        start = next((i + 1 for i in range(len(entries) - 1, -1, -1) if entries[i] is mark), 0)
        news = entries[start:]
        while news and news[0][1].startswith(("You ", f"{name} ")):
            news = news[1:]
        shown = {id(entry) for entry in self._log_shown(log)}
        said = shown | self._sr_heard.keys()
        fresh = [entry for entry in news if id(entry) not in said]
        return [text for _, text in fresh if not TURN_PASSES.match(text)]

    def _log_rows(self, log: EventLog, text: str) -> int:
        """How many rows ``text`` takes in the log (wrapped as the log wraps it)."""
        width = max(log.scrollable_content_region.width, MIN_WIDTH)
        return len(Text(text).wrap(self.app.console, width))

    def _log_shown(self, log: EventLog) -> list[tuple[int | None, str]]:
        """The log's last entries that fit whole in its `LOG_LINES` rows (the last alone
        when it is longer: its first rows show)."""
        shown: list[tuple[int | None, str]] = []
        rows = 0
        for entry in reversed(_readable(log)):
            rows += self._log_rows(log, entry[1])
            if shown and rows > LOG_LINES:
                break
            shown.insert(0, entry)
        return shown

    def _fit_log(self) -> None:
        """The log shows whole entries: its height is theirs, so that its first row is the
        start of a sentence, never the end of one cut off above (a screen reader read
        "superhero." alone); an entry longer than `LOG_LINES` shows its start (H reads the
        rest). Also counts which entries were on screen, and how long."""
        if not self.is_mounted or not self.settings.screen_reader:
            return
        log = self.query_one(EventLog)
        shown = self._log_shown(log)
        rows = sum(self._log_rows(log, text) for _, text in shown)
        height = log.styles.height
        fits = min(rows, LOG_LINES) or LOG_LINES
        if height is None or height.value != fits:
            log.styles.height = fits
        if rows > LOG_LINES:  # one entry longer than the log: its start, not its end
            log.scroll_to(y=max(0, len(log.lines) - rows), animate=False)
        else:
            log.scroll_end(animate=False)
        now = time.monotonic()
        here = {id(entry): entry for entry in shown}
        for key, (entry, since) in list(self._sr_on_screen.items()):
            if key not in here:
                del self._sr_on_screen[key]
                if now - since >= HEARD_S:
                    self._sr_heard[key] = entry
        for key, entry in here.items():
            self._sr_on_screen.setdefault(key, (entry, now))
        if len(self._sr_heard) > 2 * MAX_ENTRIES:  # only what the log still has matters
            kept = {id(entry) for entry in log.entries}
            self._sr_heard = {k: e for k, e in self._sr_heard.items() if k in kept}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "read_again":
            return self.settings.screen_reader
        return True

    def on_key(self, event: events.Key) -> None:
        """A real-time game's keys work here as on its board (Whoosh: Space reveals, 1 2 3
        claim), so a blind player races with the same keys as everyone else; the list does
        the same, more slowly. Over ssh the server takes 1 2 3 before they get here."""
        fast_action = getattr(self.board_module, "fast_action", None)
        if not self.settings.screen_reader or fast_action is None:
            return
        update = self.latest.get(self.viewer)
        if update is None or update.seat is None or update.outcome is not None:
            return
        at_ns = time.monotonic_ns()
        if event.key == "space":  # out of turn too: the table says why not, as on the board
            action: Any = ("reveal",)
        elif event.character is not None and event.character in "123":
            action = fast_action(event.character.encode(), update)
            if action is None:
                return
        else:
            return
        event.stop()
        event.prevent_default()
        self.post_message(ActionChosen(action, seat=update.seat, at_ns=at_ns))

    def action_read_again(self) -> None:
        """Read again, into the log, what happened between your last two turns."""
        log = self.query_one(EventLog)
        since = self._sr_since.get(self.viewer)
        log.add(since or "Nothing new has happened since your last turn.", self.viewer)
