"""GameScreen: one table in play — board, whose turn, the log, refusals, the hot-seat cover.

The screen is a participant of a :class:`~core.table.Table`: it holds the local humans'
seats, is pushed one update per seat, and sends actions only through the table. It never
touches the match itself. With several local humans it shows one seat at a time and puts
the "pass to NAME" cover up before showing another seat's hand.

On a terminal of at least ``WIDE`` columns the log stands beside the board (the board gets
about two thirds), below it otherwise. After each milestone of the game (the board module's
``milestone``) a summary panel waits for Enter, before any cover; `i` shows the full text of
what the board's cursor is on, `H` the whole history.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from rich import table as rich_table
from rich.text import Text
from textual import events as textual_events
from textual import on
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from core.engine import Event, IllegalAction, with_names
from core.games import GAMES
from core.match import Match
from core.table import Table, TableSetup, Update
from tui.boards import BOARDS
from tui.boards.base import ActionChosen, ResultsWanted, note_sentence
from tui.saves import Autosave, can_save, save_path
from tui.screens.cover import PassScreen
from tui.screens.details import NO_DETAILS, DetailsScreen
from tui.screens.history import HistoryScreen, seat_events, seat_lines
from tui.screens.milestone import HOLD_REASON, MilestoneScreen
from tui.screens.plain_table import PlainTableScreen
from tui.settings import Settings
from tui.summaries import Milestones
from tui.widgets.banner import TurnBanner
from tui.widgets.chat import ChatInput
from tui.widgets.event_log import EventLog
from tui.widgets.footer import KeyFooter

WIDE = 120
"""Columns from which the log stands beside the board instead of below it."""

ASK_AGAIN_S = 8.0
"""Seconds within which the same key again confirms leaving a local game."""
_NUMBER = re.compile(r"\d+")
"""A note's countdown is logged once, not at each number (the notes of net.hall)."""
_IDLE_WARNING = re.compile(r"idle; .* in \d+ s")
"""A seat told a bot takes over soon; its player acting ends it, which is no return."""


def merge_events(streams: list[list[Event]]) -> list[Event]:
    """One ordered log from what each local seat saw: public events once, private in place.

    Every stream holds the same public events in the same order, with that seat's private
    events between them; a hot-seat log must keep "You draw…" next to the draw it belongs to.
    """
    merged: list[Event] = []
    position = [0] * len(streams)
    while True:
        for index, stream in enumerate(streams):
            while position[index] < len(stream) and "to" in stream[position[index]]:
                merged.append(stream[position[index]])
                position[index] += 1
        if not streams or position[0] >= len(streams[0]):
            return merged
        merged.append(streams[0][position[0]])
        position = [p + 1 for p in position]


def legend_grid(legend: Sequence[tuple[str, str]]) -> rich_table.Table:
    """The board's legend as two columns of "glyph  meaning", for the room a wide terminal
    leaves under the board (every short form on screen, explained where it is seen).

    A board module asks for it with ``LEGEND_UNDER_BOARD = True`` (a board that fills a
    big terminal by itself, or draws its own key, need not)."""
    grid = rich_table.Table.grid(padding=(0, 2), expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(Text("Legend", style="bold"), Text("(F1: how to play here)"))
    for glyph, meaning in legend:
        grid.add_row(Text(glyph), Text(meaning))
    return grid


class BackdropStylesCache(StylesCache):
    """The rows of a container that draws nothing but its background (no border, outline,
    padding or hatch), drawn once for all its rows: every row of such a widget is the same
    blank line. The table's containers lie under the board and the log, and Textual drew
    each of their rows, one by one, in every table's first frame (some 60 rows apiece at
    200x60, for every guest)."""

    def __init__(self) -> None:
        super().__init__()
        self._row: tuple[tuple[Any, ...], Strip] | None = None
        """What the blank row was drawn in, and the row."""

    def clear(self) -> None:
        super().clear()
        self._row = None

    def render_line(self, styles: Any, y: int, *rest: Any) -> Strip:
        bare = (
            not any(styles.gutter)
            and not any(edge for edge, _ in styles.border)
            and not any(edge for edge, _ in styles.outline)
            and not (styles.has_rule("hatch") and styles.hatch != "none")
        )
        if not bare:
            return super().render_line(styles, y, *rest)
        # (size, content size, padding, colours, the content's lines, titles, opacity, …)
        around = (*rest[:5], *rest[6:], styles.tint, styles.text_opacity)
        if self._row is not None and self._row[0] == around:
            return self._row[1]
        strip = super().render_line(styles, y, *rest)
        self._row = (around, strip)
        return strip


class Backdrop(Container):
    """A container of the table (it draws nothing but its background: see
    `BackdropStylesCache`)."""

    def __init__(self, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self._styles_cache = BackdropStylesCache()


class VerticalBackdrop(Vertical):
    """A vertical container of the table (see `Backdrop`)."""

    def __init__(self, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self._styles_cache = BackdropStylesCache()


def _layout_state(widget: Widget) -> tuple[bool, tuple[bool, bool]]:
    """Whether ``widget`` asked for a layout, and which of its scrollbars show."""
    bars = (widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar)
    return widget._layout_required, bars


class LocalPlayers:
    """The table participant for everyone at this keyboard."""

    def __init__(self, screen: GameScreen, seats: frozenset[int]) -> None:
        self._screen = screen
        self._seats = seats

    @property
    def seats(self) -> frozenset[int]:
        return self._seats

    def deliver(self, update: Update) -> None:
        self._screen.receive(update)


def turn_title(update: Update, game: str, *, hot_seat: bool) -> str:
    """The window's title for the seat shown: whose turn it is (named at one keyboard), or
    just the game's name."""
    if update.seat in update.acting and update.outcome is None:
        who = f", {update.names[update.seat]}" if hot_seat and update.seat is not None else ""
        return f"▶ Your turn{who}: {game}"
    return f"{game} (Hunters)"


class GameScreen(PlainTableScreen):
    """The table of one game (its screen-reader mode: ``PlainTableScreen``).

    | key | action |
    | --- | --- |
    | i | the full text of what the board's cursor is on |
    | H | the whole history of the game |
    | t | read the whole table aloud into the log |
    | Tab | between the board and the log (Page Up/Down scroll the log) |
    | u | take back your last move when it showed nothing new (served: if allowed and agreed) |
    | q | leave the table (back to the launcher; a local game asks first, and is saved) |
    """

    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #table-area { height: 1fr; layout: vertical; }
    GameScreen #board-column { height: auto; }
    GameScreen.-wide #table-area { layout: horizontal; }
    GameScreen.-wide #board-column { width: 2fr; height: 1fr; overflow-y: auto; }
    GameScreen.-wide EventLog {
        width: 1fr; height: 1fr; border-top: none; border-left: solid $primary-darken-2;
    }
    GameScreen.-wide.-log-wider #board-column { width: 3fr; min-width: 80; }
    GameScreen.-wide.-log-wider EventLog { width: 2fr; }
    GameScreen #status { height: auto; min-height: 1; padding: 0 1; }
    GameScreen #legend-panel { display: none; height: auto; padding: 0 1; color: $text-muted; }
    GameScreen.-wide #legend-panel {
        display: block; height: 1fr; min-height: 0; overflow: hidden; margin-top: 1;
    }
    GameScreen #stopped {
        display: none; height: auto; padding: 0 1; background: $error; color: $text;
        text-style: bold;
    }
    GameScreen.-screen-reader #banner { background: $background; }
    GameScreen.-screen-reader EventLog { border-top: none; }
    """

    BINDINGS = [
        Binding(
            "i", "details", "Details", tooltip="The full text under the cursor", id="game.details"
        ),
        Binding("H", "history", "History", tooltip="Every move so far", id="game.history"),
        # Listed in help, not the footer: a screen reader has it read out there, and at 80
        # columns the footer has room for the keys of the table itself.
        Binding("t", "read_table", "Read table", show=False, id="game.read"),
        Binding(
            "u",
            "undo",
            "Undo",
            tooltip="Take back your last move (when it showed nothing new)",
            id="game.undo",
        ),
        # The same key while undo is not possible says why (it is not in the footer then).
        Binding("u", "why_no_undo", "Undo", show=False, id="game.undo-why"),
        Binding("q", "leave", "Leave", id="game.leave"),
        Binding("escape", "back", "Back", show=False, id="game.back"),
        # At game over Enter opens the results: the boards hide their Choose then
        # (tui.boards.base.no_move_here), so the footer says what Enter does.
        Binding("enter", "results", "Results", tooltip="How the game ended", id="game.results"),
    ]

    def __init__(
        self,
        setup: TableSetup,
        settings: Settings,
        *,
        table: Table | None = None,
        seats: frozenset[int] | None = None,
        match: Match | None = None,
    ) -> None:
        """A local game deals its own table from ``setup`` (or goes on with ``match``, a
        saved game resumed); a hosted one (over SSH) joins the server's ``table`` and plays
        ``seats`` there (none: a spectator)."""
        super().__init__()
        self._resumed = match
        self.autosave: Autosave | None = None
        """Keeps a local game's save file up to date (None: not saved, see ``_autosave``)."""
        self._leave_asked: float | None = None
        """When leaving was last asked about (the same key again soon after confirms)."""
        self._undo_offered = False
        self._turn_was_mine: bool | None = None
        self.setup = setup
        self.settings = settings
        self.board_module: Any = BOARDS[setup.slug]
        self.hosted = table is not None
        self.table: Table | None = table
        if seats is None:
            seats = frozenset(i for i, seat in enumerate(setup.seats) if seat.kind == "human")
        self.local = seats
        self.viewer = min(self.local) if self.local else None
        self.shared_screen = bool(getattr(self.board_module, "SHARED_SCREEN", False))
        """Everyone at this keyboard sees the same table at once (Whoosh: all public, real
        time): no "pass to" cover, each local player acts with their own keys."""
        self.latest: dict[int | None, Update] = {}
        self._participant = LocalPlayers(self, self.local)
        self._refresh_pending = False
        self._first_drawn = False
        self._shown_before = False
        """Whether the screen has been shown (resumed) once (see ``_on_screen_resume``)."""
        """Whether the board has been given its first update (see ``_compositor_refresh``)."""
        self._frame_skipped = False
        self._asked_before_layout: set[Widget] | None = None
        """While the screen is laid out: the widgets that had a repaint pending before."""
        self._unlogged: dict[int | None, list[Event]] = {}
        self._covered = False
        self.events: list[Event] = []
        """Every event this screen was shown, in order: what the results may sum up."""
        self._notes: dict[int, str] = {}
        """The table's notes on dropped players as last logged."""
        self._earlier_said: set[int | None] = set()
        """The seats whose log shows the lines from before this screen joined the table."""
        self._history: dict[int | None, list[str]] = {}
        """Per seat shown here, every line it was told, its own moves as "You …"."""
        self._summaries: list[list[str]] = []
        """Milestone summaries waiting to be shown (title, then a sentence per fact)."""
        milestone = getattr(self.board_module, "milestone", None)
        self._milestones = Milestones(milestone) if milestone is not None else None
        """Each seat's events since its last summary: what the next one is read from."""
        self._summary_open = False
        self._status_said = False
        """Whether the status line shows a refusal (cleared by the next move that passes)."""

    @property
    def game_slug(self) -> str:
        """The game on this table (the help screen shows its rules)."""
        return self.setup.slug

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names now: the table's latest word (at a served table the host may
        give a seat to someone else mid-game), the setup's before it has spoken."""
        latest = next(iter(self.latest.values()), None)
        return latest.names if latest is not None else tuple(s.name for s in self.setup.seats)

    def compose(self) -> ComposeResult:
        # The screen's classes before its widgets exist: set once they are mounted, each
        # class restyled every widget of the table again (its first frame, every guest).
        self.set_class(self.settings.screen_reader, "-screen-reader")
        # A board whose cards stop growing before two thirds of a big terminal (Whoosh's
        # Monsters) leaves the log two fifths, where its long lines read whole.
        self.set_class(bool(getattr(self.board_module, "LOG_WIDER", False)), "-log-wider")
        self._lay_out(self.app.size.width)
        yield Static(id="stopped")
        yield TurnBanner(id="banner")
        with Backdrop(id="table-area"):
            with VerticalBackdrop(id="board-column"):
                if self.settings.screen_reader:
                    yield from self.compose_plain()  # the status line is under its list
                else:
                    board = self.board_module.Board(id="board")
                    board.local_seats = tuple(sorted(self.local))  # whose keys it takes
                    yield board
                    yield Static(id="status")
                legend = getattr(self.board_module, "LEGEND", ())
                beneath = getattr(self.board_module, "LEGEND_UNDER_BOARD", False)
                if legend and beneath and not self.settings.screen_reader:
                    yield Static(legend_grid(legend), id="legend-panel")
            yield EventLog(id="log")
        # Every key of a table at 80 columns, or nearly; worked out as each frame is drawn.
        yield KeyFooter(compact=True, at_frame=True)

    def _on_screen_resume(self, event: textual_events.ScreenResume) -> None:
        """No styles worked out again for a table shown the first time: its widgets were
        styled as they were mounted, a moment before, on a screen that already had its
        classes (``compose``). Textual restyles every widget of a screen each time it is
        shown, for a screen that comes back after the theme or its classes changed under
        it; at a table's opening that was the whole table styled twice (5 ms of every
        guest's first frame at 200x60). A table shown again (after a summary, the help, a
        details page) is restyled as Textual does."""
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False

    async def _on_resize(self, event: textual_events.Resize) -> None:
        """The log beside the board or under it; and no layout for a Resize to the size the
        screen was laid out at last. Textual sends the screen one whenever a layout changed
        its size, its first one included: the whole screen (and the launcher behind it) was
        laid out again at the same size in every table's first frame, and after every
        resize of the terminal."""
        self._lay_out(event.size.width)
        if event.size == self._compositor.size and event.size == self.app.size:
            event.prevent_default()  # Screen's own handler would lay it all out again

    def _lay_out(self, width: int) -> None:
        """The log beside the board from ``WIDE`` columns on (never in screen-reader mode,
        where everything is one column read in order)."""
        self.set_class(width >= WIDE and not self.settings.screen_reader, "-wide")

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        """Lay the screen out, once. Textual has each widget whose size the layout changed
        ask for another layout of the whole screen (its virtual size does), and so every
        update that grew or shrank a part of the board was laid out twice: the second found
        nothing to move. A widget's request is kept when it came before this layout, or its
        scrollbars came or went in it (its children then have another width).

        A repaint a widget asks for while it is laid out (Textual repaints a widget whose
        size or virtual size changed) is drawn in this layout's own frame rather than a
        second one: its lines were to be rendered again at once anyway, and a second frame
        drew the board again after every update that grew or shrank it. Only repaints asked
        before the frame are taken into it; what is asked after it (the screen-reader
        list's repaint on ``screen_layout_refresh_signal``, which puts the terminal cursor
        back on its mark; a widget's Resize handler) still gets a frame of its own. An
        earlier version dropped every repaint asked in the layout, the signal's included:
        a list that moved was drawn from its kept lines and the terminal cursor stayed
        where it was."""
        placed = [self, *self._compositor._full_map]  # its scrollbars too
        before = [_layout_state(widget) for widget in placed]
        self._asked_before_layout = {w for w in placed if w._repaint_required}
        try:
            super()._refresh_layout(size, scroll)
        finally:
            self._asked_before_layout = None
        for widget, (asked, bars) in zip(placed, before, strict=True):
            if widget._layout_required and not asked and _layout_state(widget)[1] == bars:
                widget._layout_required = False

    def _draw_layout_repaints(self) -> None:
        """Take into the frame being drawn the repaints widgets asked for while this screen
        was laid out (see ``_refresh_layout``)."""
        asked_before = self._asked_before_layout
        if asked_before is None:
            return
        repaint = {
            widget
            for widget in self._compositor.visible_widgets
            if widget is not self and widget._repaint_required and widget not in asked_before
        }
        if repaint:
            self._compositor.update_widgets(repaint)
            for widget in repaint:
                widget._repaint_required = False

    def _on_timer_update(self) -> None:
        """A frame: the footer looks at the keys first (once, however many times they were
        asked for since the last frame), so that its line is drawn in this frame."""
        self._look_at_keys()
        super()._on_timer_update()

    def _look_at_keys(self) -> None:
        for footer in self.query_children(KeyFooter):
            if not footer.asked:
                continue
            if not footer.look_before_frame():
                # It asked for this frame only to look, and its keys are as they were.
                footer._repaint_required = False
                self._dirty_widgets.discard(footer)
            elif footer.display:
                # Its new line is drawn in this frame. The repaint it asked for as it drew
                # the line would reach the screen only after the frame, and drew a second,
                # empty one after every action that changed the keys.
                footer._repaint_required = False
                self._dirty_widgets.add(footer)

    def _compositor_refresh(self) -> None:
        """Draw a frame, but not the table's first while its first update waits to be drawn.

        The table pushes the position as the screen mounts, and the screen's first layout
        (when it is shown) comes before that update is drawn: it drew the whole screen with
        an empty board, and the board drawn then laid it out and drew it all again (13 ms of
        CPU at 200x60, every table opened, every guest). The frame skipped leaves its
        regions to the next one, which draws the whole screen once."""
        if not self._first_drawn and self._refresh_pending and self.is_current:
            self._frame_skipped = True
            self._repaint_required = True  # a frame comes even if the board asks none
            return
        if self._frame_skipped:
            self._frame_skipped = False
            self._repaint_required = False  # this frame draws all the skipped one would
        self._look_at_keys()  # (a frame of a layout: a line changed is in the next frame)
        self._draw_layout_repaints()
        super()._compositor_refresh()

    async def on_mount(self) -> None:
        self.set_class(self.settings.screen_reader, "-screen-reader")
        if self.settings.screen_reader:
            self.start_plain()
        self._lay_out(self.app.size.width)
        if self.table is None:
            match = self._resumed if self._resumed is not None else self.setup.new_match()
            self.autosave = self._autosave(match)
            # A fixed seed repeats the whole game, the bots' choices included.
            self.table = Table(
                match,
                self.setup.seats,
                bot_delay=self.settings.bot_delay,
                bot_seed=self.setup.seed,
                recorder=self.autosave,
            )
            if self.autosave is not None:
                self.autosave.rewrite()
        self.query_one(EventLog).show_for(self.viewer)
        self.table.join(self._participant)
        if not self.hosted:
            await self.table.start()
        if len(self.local) > 1 and self.viewer is not None and not self.shared_screen:
            self._show_cover(self.viewer)
        self._focus_input()

    def _autosave(self, match: Match) -> Autosave | None:
        """The save keeper of a local game, when this app keeps the player's files and the
        game is one that is saved (``tui/saves.py``)."""
        if self.settings.config_file is None or not can_save(match.game):
            return None

        def problem(text: str) -> None:
            self.notify(text, severity="warning", timeout=10)

        return Autosave(save_path(match.game.slug), match, self.setup.seats, problem)

    async def on_unmount(self) -> None:
        if self.table is None:
            return
        self.table.leave(self._participant)
        if not self.hosted:
            await self.table.close()

    # -- receiving updates ------------------------------------------------------------------

    def receive(self, update: Update) -> None:
        """Take an update from the table; rendering is coalesced to once per loop turn."""
        self.latest[update.seat] = update
        if update.outcome is not None and self.autosave is not None:
            self.autosave.finish()  # over: nothing to continue
            self.autosave = None
        # Lines are named as they come: a seat the host gives to someone else mid-game
        # names its new player from then on, and its old player's moves keep theirs.
        names = update.names
        if update.earlier and update.seat not in self._earlier_said:
            # Joined a game under way (a player coming back): its last lines first.
            self._earlier_said.add(update.seat)
            earlier = [with_names(line, names) for line in update.earlier]
            said = [{"type": "earlier", "text": line} for line in earlier]
            self._unlogged.setdefault(update.seat, []).extend(said)
            self._history.setdefault(update.seat, []).extend(earlier)
        # One player at this keyboard reads each of their own moves once, as "You …" (as
        # the history does); at a hot seat a "You" would not say whose move it was.
        alone = self.local == {update.seat}
        events = seat_events(update.events, update.seat) if alone else update.events
        told = [{**event, "text": with_names(event["text"], names)} for event in events]
        self._unlogged.setdefault(update.seat, []).extend(told)
        heard = seat_lines(update.events, update.seat)
        self._history.setdefault(update.seat, []).extend(with_names(t, names) for t in heard)
        self._sum_up(update)
        if not self._refresh_pending:
            self._refresh_pending = True
            # The app says when: a served guest who is not waiting for an answer to their
            # keys redraws in the server's slow lane (net/lane.py), a local one at once.
            # Its own app: ``self.app`` is the context's, and a served table pushes every
            # screen at it from the context of the guest whose move it was.
            owner: Any = self._parent
            while owner is not None and not isinstance(owner, App):
                owner = owner._parent
            redraw_table = getattr(owner, "redraw_table", None)
            if redraw_table is None:
                self.call_later(self._refresh_table)
            else:
                redraw_table(self, self._refresh_table)

    def _sum_up(self, update: Update) -> None:
        """Queue the summary of a milestone the seat shown just reached (boards without
        ``milestone`` have none; the setting turns them off)."""
        if self._milestones is None or not self.settings.summaries or not update.events:
            return
        # Every seat's, to be whole when it is shown; "You …" only for a lone player here.
        lines = self._milestones.told(update, you=self.local == {update.seat})
        if update.seat == self.viewer and lines:
            self._summaries.append(list(lines))
            # Held at once, in the same turn the table pushed the update: a bot scheduled
            # right after this push must already find the table held.
            self._hold(True)

    @property
    def _holding(self) -> bool:
        """Whether a summary here holds the bots: only at a local table. A served table
        is shared, so one guest reading must not freeze the others: the panel is shown
        there without holding anyone up (and says so)."""
        return self.table is not None and not self.hosted

    def _hold(self, hold: bool) -> None:
        if self._holding and self.table is not None:
            if hold:
                self.table.hold(HOLD_REASON)
            else:
                self.table.release(HOLD_REASON)

    def _refresh_table(self) -> None:
        self._refresh_pending = False
        self._first_drawn = True
        if not self.is_attached or self not in self.app.screen_stack:
            # Left (popped, or replaced by the next game's table): its parts are being
            # removed, and a board drawing then found some gone and crashed the app.
            return
        told = merge_events(list(self._unlogged.values()))
        self.query_one(EventLog).add_all([(event["text"], event.get("to")) for event in told])
        self.events.extend(told)
        self._unlogged.clear()
        self._log_notes()
        self._show_stopped()
        if self._covered or self._summary_open or self.viewer not in self.latest:
            return
        update = self.latest[self.viewer]
        cover_for = self._cover_for(update)
        if self._summaries and self.settings.summaries:
            # The summary first, over the board as it is now; the cover (if the keyboard
            # passes) only once it is closed.
            if cover_for is None:
                self._show_update(update)
            self._show_summary(self._summaries.pop(0))
            return
        if self._summaries:  # turned off in the settings meanwhile
            self._summaries.clear()
            self._hold(False)
        if cover_for is not None:
            self._show_cover(cover_for)
            return
        self._show_update(update)

    def _cover_for(self, update: Update) -> int | None:
        """The local seat the keyboard must pass to before ``update``'s table may show."""
        if self.shared_screen:
            return None  # nothing hidden between the people at this keyboard: no cover
        acting_here = sorted(s for s in self.local if s in update.acting)
        if acting_here and self.viewer not in acting_here and update.outcome is None:
            return acting_here[0]
        return None

    def _show_summary(self, lines: list[str]) -> None:
        """A milestone's summary panel; the bots (held since it was queued) go on once the
        last one waiting is closed."""
        self._summary_open = True

        def closed(_: None) -> None:
            self._summary_open = False
            if not self._summaries:
                self._hold(False)
            self._refresh_table()
            self._focus_input()

        plain = self.settings.screen_reader
        # From the update, not the table's match: with render workers the table here is the
        # front's stand-in (net.worker.TableProxy), which holds no match.
        latest = self.latest.get(self.viewer)
        over = latest is not None and latest.outcome is not None
        summary = MilestoneScreen(lines, holding=self._holding, plain=plain, final=over)
        self.app.push_screen(summary, closed)

    def _log_notes(self) -> None:
        """Who dropped, who a bot plays for, and who came back, in the log as well as on
        their row: a screen reader hears it, and a row's note vanishes without a word."""
        update = next(iter(self.latest.values()), None)
        if update is None or update.notes == self._notes:
            return
        log = self.query_one(EventLog)
        for seat in sorted(set(self._notes) | set(update.notes)):
            note, before = update.notes.get(seat), self._notes.get(seat)
            if note is None:
                if before is not None and not _IDLE_WARNING.match(before):
                    log.add(f"{update.names[seat]} is back.")
            elif before is None or _NUMBER.sub("", note) != _NUMBER.sub("", before):
                log.add(note_sentence(update, seat))  # a countdown's next number: not again
        self._notes = dict(update.notes)

    def _show_stopped(self) -> None:
        """A table that stopped says why above everything else, once, and in the log too
        (where a screen reader hears it); every seat is told the same sentence."""
        notice = self.query_one("#stopped", Static)
        stopped = next((u.stopped for u in self.latest.values() if u.stopped), None)
        if stopped is None or notice.display:
            return
        notice.update(Text(stopped))
        notice.display = True
        self.query_one(EventLog).add(stopped)

    def _show_cover(self, seat: int) -> None:
        """Hide the table until the next local player says they have the keyboard."""
        self._covered = True

        def uncovered(_: None) -> None:
            self._covered = False
            self.viewer = seat
            self.query_one(EventLog).show_for(seat)
            self._refresh_table()
            self._focus_input()

        self.app.push_screen(
            PassScreen(self.names[seat], plain=self.settings.screen_reader), uncovered
        )

    def _show_update(self, update: Update) -> None:
        self.query_one(TurnBanner).show(update, getattr(self.board_module, "banner_text", None))
        self._notice_turn(update)
        if self._undo_possible() != self._undo_offered:
            self._undo_offered = not self._undo_offered
            self.refresh_bindings()
        if self.settings.screen_reader:
            self._show_plain(update)
        else:
            # The board refreshes the footer's keys itself: once per update is enough.
            self.query_one("#board").show(update)  # type: ignore[attr-defined]

    # -- actions ------------------------------------------------------------------------------

    @on(ActionChosen)
    def _chosen(self, message: ActionChosen) -> None:
        seat = self.viewer if message.seat is None else message.seat
        if seat is not None and seat in self.local:
            self.run_worker(self._submit(seat, message.action, message.at_ns), group="submit")

    async def _submit(self, seat: int, action: Any, at_ns: int | None = None) -> None:
        assert self.table is not None
        update = self.latest.get(seat)
        status = self.query_one("#status", Static)
        # A timed action (a claim) names its own board; otherwise the version shown.
        version = None if at_ns is not None or update is None else update.version
        try:
            await self.table.submit(seat, action, version, at_ns=at_ns)
        except IllegalAction as refusal:
            why = with_names(str(refusal), self.names)  # "it is {p1}'s turn" names the seat
            status.update(Text(f"✗ Not allowed: {why}", style="bold"))
            self._status_said = True
            self.query_one(EventLog).add(f"Not allowed: {why}", seat)
            # Redraw from the newest update: others may have arrived while this one waited.
            newest = self.latest.get(seat)
            if newest is not None and seat == self.viewer and not self._covered:
                self._show_update(newest)
        else:
            if self._status_said:  # a refusal shown before: this move went through
                self._status_said = False
                status.update("")

    @on(ResultsWanted)
    def _results(self) -> None:
        update = self.latest.get(self.viewer)
        if update is None or update.outcome is None:
            return
        extra = self.board_module.result_lines(update.view, update.outcome, update.names)
        played = getattr(self.board_module, "played_lines", None)
        if played is not None:  # what only the game's events tell (Whoosh: reaction times)
            extra += played(update.view, self.events, update.names)
        self.app.show_results(self.setup, update.outcome, list(update.names), extra)  # type: ignore[attr-defined]

    def action_results(self) -> None:
        """Enter at game over (the boards' Choose is hidden then): the results."""
        self._results()

    def action_read_table(self) -> None:
        """Read the whole table as sentences into the log (in screen-reader mode, on a
        page of its own: the log there shows only its last lines)."""
        update = self.latest.get(self.viewer)
        if update is None:
            return
        if self.settings.screen_reader:
            self.read_plain_table(update)
            return
        log = self.query_one(EventLog)
        for line in self.board_module.describe(update):
            log.add(line, self.viewer)

    def action_details(self) -> None:
        """The full text of whatever the cursor is on: the board's ``details`` (in
        screen-reader mode, the highlighted choice's whole wording)."""
        if self.settings.screen_reader:
            text = self.plain_details()
        else:
            details = getattr(self.query_one("#board"), "details", None)
            text = (details() if details is not None else "") or NO_DETAILS
        self.app.push_screen(DetailsScreen("Details", text, plain=self.settings.screen_reader))

    def action_history(self) -> None:
        """Every line of the game so far, for the seat shown, in a screen of its own."""
        game = GAMES[self.setup.slug].title if self.setup.slug in GAMES else self.setup.slug
        lines = self._history.get(self.viewer, [])
        self.app.push_screen(HistoryScreen(game, lines, self.names))

    def action_back(self) -> None:
        """Screen-reader mode: take back the question asked, else the last choice."""
        self.back_plain()

    def _notice_turn(self, update: Update) -> None:
        """The bell when it becomes a local player's turn after someone else's, and the
        window's title saying whose turn it is (the turn bell setting)."""
        mine = update.seat in update.acting and update.outcome is None
        if self.settings.turn_bell and mine != self._turn_was_mine:
            if mine and self._turn_was_mine is False:
                self.app.bell()
            game = GAMES[self.setup.slug].title
            set_title = getattr(self.app, "window_title", None)
            if set_title is not None:
                set_title(turn_title(update, game, hot_seat=len(self.local) > 1))
        self._turn_was_mine = mine

    # -- undo and leaving (local games) -------------------------------------------------------

    def _undo_possible(self) -> bool:
        """Whether the seat shown may take back its last move now (local games only: over
        SSH undo stays off until every player can agree to it)."""
        if self.hosted or self.table is None or self.viewer is None:
            return False
        return not self.table.match.why_no_undo(self.viewer)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo is in the footer only while there is a move to take back; meanwhile its
        key says why not. Results (Enter) is there once the game is over."""
        if action == "results":
            update = self.latest.get(self.viewer)
            return update is not None and update.outcome is not None
        if action == "undo":
            return self._undo_possible()
        if action == "why_no_undo":
            return not self._undo_possible()
        return super().check_action(action, parameters)

    def _why_no_undo(self) -> str:
        """Why the seat shown may not take back its last move now, as a sentence."""
        if self.hosted:
            return "You cannot undo at a shared table: every player there would have to agree."
        if self.table is None or self.viewer is None:
            return "You cannot undo while watching."
        why = self.table.match.why_no_undo(self.viewer)
        return f"You cannot undo: {why}." if why else ""

    def action_why_no_undo(self) -> None:
        """Say why ``u`` takes nothing back now (on the status line and in the log). At a
        served table the app asks the other players instead, if the host allows it."""
        ask = getattr(self.app, "ask_take_back", None)
        if self.hosted and self.viewer is not None and ask is not None:
            ask()
            return
        why = self._why_no_undo()
        if why:
            self.query_one("#status", Static).update(Text(why, style="bold"))
            self._status_said = True
            self.query_one(EventLog).add(why, self.viewer)

    def action_undo(self) -> None:
        """Take back the last move of the seat shown, when it revealed nothing new: the
        match replays its record without it (``Match.undo``)."""
        if self.hosted or self.table is None or self.viewer is None:
            return
        seat, status = self.viewer, self.query_one("#status", Static)
        try:
            _, action, _ = self.table.match.undo(seat)
        except IllegalAction as refusal:
            status.update(Text(f"✗ {refusal}", style="bold"))
            self._status_said = True
            return
        if self.autosave is not None:
            self.autosave.rewrite()
        taken = with_names(self.table.match.describe(action), self.names)
        self.query_one(EventLog).add(f"↶ {self.names[seat]} took back: {taken}")
        status.update(Text(f"↶ Taken back: {taken}"))
        self._status_said = True
        if self._milestones is not None:
            self._milestones.forget()
        for local in sorted(self.local):
            self.receive(self.table.update_for(local))

    def _asks_before_leaving(self) -> bool:
        update = self.latest.get(self.viewer)
        in_play = update is None or update.outcome is None
        return not self.hosted and in_play and self.settings.confirmations

    def action_leave(self, quit_app: bool = False) -> None:
        """Leave the table (``quit_app``: Hunters too); a local game in progress asks once:
        the same key again within a few seconds leaves."""
        now = time.monotonic()
        if self._asks_before_leaving() and (
            self._leave_asked is None or now - self._leave_asked > ASK_AGAIN_S
        ):
            self._leave_asked = now
            kept = (
                "It is saved: Continue it from the game list."
                if self.autosave is not None
                else "It is not saved."
            )
            what, key = ("Quit Hunters", "Ctrl+Q") if quit_app else ("Leave this game", "q")
            question = f"{what}? {kept} Press {key} again to {what.split()[0].lower()}."
            self.query_one("#status", Static).update(Text(question, style="bold"))
            self._status_said = True
            if quit_app:
                self.notify(question, timeout=ASK_AGAIN_S)
            return
        if quit_app:
            self.app.exit()
        else:
            self.app.pop_screen()

    def _focus_input(self) -> None:
        """The keys to the board (its list of choices in screen-reader mode), or to the chat
        line while one is open at a served table (a summary closing must not take them)."""
        for line in self.query(ChatInput).results(ChatInput):
            if not line.done:
                line.focus()
                return
        target = "#sr-choices" if self.settings.screen_reader else "#board"
        self.query_one(target).focus()
