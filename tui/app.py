"""HuntersApp: wires the screens together and owns what every screen shares.

The app holds the Settings (one object, changed in place, so every screen and game table
sees a change at once), the two themes, the app-wide keys (help, quit), the guard against a
terminal too small to lay anything out, and the moves between screens. Screens do their own
work; the app only decides which one is on top.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar, Final, cast

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Static

from core.db import DatabaseError
from core.engine import Outcome
from core.games import GAMES
from core.match import Match
from core.table import TableSetup, Update
from tui import fixes
from tui.config import apply_config, config_path, read_config
from tui.records import LocalRecords
from tui.saves import SavedGame
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen, game_guide, help_keys
from tui.screens.launcher import LauncherScreen
from tui.screens.replay import ReplayScreen
from tui.screens.results import ResultsScreen
from tui.screens.setup import SetupScreen, local_name
from tui.screens.stats import (
    GamesScreen,
    LeaderboardScreen,
    ProfileScreen,
    StatsSource,
    local_player,
)
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui.settings import Settings
from tui.widgets.event_log import EventLog
from tui.widgets.marked import FocusLine, MarkedLine, put_cursor_on
from tui.widgets.spoken import SpokenList, show_terminal_cursor
from tui.widgets.terminal import draw_plainly, plain_terminal, without_colour

NORMAL_THEME = Theme(
    name="hunters",
    primary="#E0A526",
    secondary="#5FA8D3",
    accent="#F2C94C",
    foreground="#E8E6E3",
    background="#15171C",
    surface="#1E2129",
    panel="#2A2E39",
    success="#7BD88F",
    warning="#F0C674",
    error="#FF6B6B",
    dark=True,
)
"""The everyday look: warm gold on charcoal."""

HIGH_CONTRAST_THEME = Theme(
    name="hunters-high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FFFF00",
    foreground="#FFFFFF",
    background="#000000",
    # Fields sit on a barely lighter black, so their extent shows without softening text.
    surface="#1A1A1A",
    panel="#1A1A1A",
    boost="#000000",
    success="#00FF00",
    warning="#FFFF00",
    error="#FF8080",
    dark=True,
    text_alpha=1.0,
    luminosity_spread=0.0,
    variables={
        # Full-strength text and a cursor that never blends in: black on yellow.
        "text": "#FFFFFF",
        "text-muted": "#FFFFFF",
        "foreground-muted": "#FFFFFF",
        "block-cursor-foreground": "#000000",
        "block-cursor-background": "#FFFF00",
        "block-cursor-blurred-foreground": "#000000",
        "block-cursor-blurred-background": "#FFFFFF",
        "input-cursor-foreground": "#000000",
        "input-cursor-background": "#FFFF00",
        "input-selection-background": "#FFFF00 50%",
        "border": "#FFFF00",
        "border-blurred": "#FFFFFF",
        "footer-background": "#000000",
        "footer-foreground": "#FFFFFF",
        "footer-key-foreground": "#FFFF00",
        "footer-description-foreground": "#FFFFFF",
        "scrollbar": "#FFFFFF",
        "scrollbar-background": "#000000",
        "button-foreground": "#000000",
    },
)
"""Black, white and yellow only: for low vision and washed-out screens."""


SEVERITY_WORDS: dict[str, str] = {
    "information": "Note",
    "warning": "Warning",
    "error": "Error",
}
"""How screen-reader mode starts a message, in place of the toast's colour."""


TYPED_AHEAD_WAIT: Final = 0.5
"""Seconds a key typed ahead waits at most for the keys before it (`HuntersApp._hold`)."""


TYPED_PILE: Final = 32
"""Keys on their way through the widgets past which the stopped ones are forgotten."""


class HuntersApp(App[None]):
    """Five hunter card games at one terminal."""

    # Absolute, because Textual resolves a relative CSS_PATH next to the file of the
    # *subclass*: an app derived elsewhere (the SSH server's) would not find it.
    CSS_PATH = Path(__file__).with_name("hunters.tcss")
    TITLE = "Hunters"
    # Themes are chosen in our settings screen (normal or high contrast); the palette's
    # theme picker would offer looks the game is not drawn for.
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "f1,question_mark",
            "help",
            "Help",
            tooltip="Keys of this screen and the rules of the game",
            id="app.help",
        ),
        Binding(
            "ctrl+q",
            "leave_app",
            "Quit",
            priority=True,
            tooltip="Leave Hunters (a local game asks first; it is saved)",
            id="app.quit",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | f1, ? | Help: this screen's keys and the game's rules. |
    | ctrl+q | Quit from anywhere (in a local game, after asking: the game is saved). |
    """

    BOT_DELAY_HERE: ClassVar[bool] = True
    """Whether the bot delay setting paces this app's tables (not at a served table)."""

    def __init__(self, settings: Settings | None = None) -> None:
        fixes.apply()  # two Textual loops that never yield (tui/fixes.py)
        super().__init__()
        self.settings = settings if settings is not None else Settings()
        """Shared by every screen; change it in place, then call ``apply_settings``."""
        self.register_theme(NORMAL_THEME)
        self.register_theme(HIGH_CONTRAST_THEME)
        self._screen_reader_shown = self.settings.screen_reader
        self._apply_theme()
        self._config_problem = ""
        self._title_pushed = False
        """Whether the terminal's own window title was pushed (`window_title`), to give back."""
        self.records: LocalRecords | None = None
        """Where finished local games are kept (None: nowhere, as for the config and saves)."""
        self._typed: set[events.Key] = set()
        """Keys handed to the widgets and not done yet (`_hold`)."""
        self._typed_since = 0.0
        self._held: list[events.Key] = []
        """Keys waiting for the keys typed before them (`_hold`), oldest first."""

    def keep_files(self) -> None:
        """Keep this player's files: their config (read now, over the defaults but under
        the command line) and their unfinished games. Only the app run in the player's own
        terminal does (``run``): a served table's guests and tests keep nothing on disk."""
        config = read_config()
        apply_config(config, self.settings)
        self.settings.config_file = config_path()
        self._config_problem = config.problem
        self.records = LocalRecords()
        self._screen_reader_shown = self.settings.screen_reader
        self._apply_theme()

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Run in this terminal: the player's own, so their config and saves are kept, and
        its TERM and NO_COLOR are honoured (a dumb or vt100 terminal gets the plain mode)."""
        self.keep_files()
        if self.suit_terminal(os.environ.get("TERM")):
            # A plain terminal has no alternate screen: drawn in place, below the prompt.
            kwargs.setdefault("inline", True)
        return super().run(*args, **kwargs)

    def suit_terminal(self, term: str | None, *, no_color: bool | None = None) -> bool:
        """Draw for the terminal ``term`` names: a plain one (dumb, vt100, none) gets
        screen-reader mode in ASCII without colour; ``no_color`` turns colour off in any
        (None: whether NO_COLOR was set when the app was made, as Textual read it).
        Returns whether the terminal is a plain one."""
        plain = plain_terminal(term)
        if plain:
            draw_plainly(self)
        elif self.no_color if no_color is None else no_color:
            without_colour(self)
        self._screen_reader_shown = self.settings.screen_reader
        return plain

    def redraw_table(self, screen: GameScreen, redraw: Callable[[], None]) -> None:
        """Have a table's screen draw its new position: here at once (one terminal, and
        nobody else's keys wait for this loop). The served app may let it wait."""
        screen.call_later(redraw)

    def get_default_screen(self) -> Screen[None]:
        return LauncherScreen()

    def on_mount(self) -> None:
        self.set_class(self.settings.screen_reader, "-screen-reader")
        # A screen reader follows the terminal cursor, which Textual hides.
        show_terminal_cursor(cast(App[object], self), self.settings.screen_reader)
        # A screen pushed while the notice is up (a game ending) must not show over it.
        self.screen_change_signal.subscribe(self, lambda _: self.call_later(self._guard_size))
        self.screen_change_signal.subscribe(self, lambda _: self._cursor_back_on_focus())
        self._guard_size()
        if self._config_problem:
            self.notify(self._config_problem, severity="warning", timeout=12)

    def on_resize(self, event: events.Resize) -> None:
        self._guard_size(event.size.width, event.size.height)

    # -- keys typed ahead ----------------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key):
            await super().on_event(event)
            return
        if event.is_forwarded:  # back from the widgets: its bindings run now, then it is done
            await super().on_event(event)
            self._typed.discard(event)
            return
        if self._held or (
            self._typed and self._typed_left() and self._has_priority_binding(event.key)
        ):
            self._hold(event)
            return
        await super().on_event(event)
        self._on_its_way(event)

    def _on_its_way(self, event: events.Key) -> None:
        """Note a key the app handed to the focused widget (not one a priority binding
        took); the ones a widget stopped are forgotten as they pile up (a paste into a
        field), the rest as they come back."""
        if event.is_forwarded:
            self._typed.add(event)
            self._typed_since = time.monotonic()
            if len(self._typed) > TYPED_PILE:
                self._typed_left()

    def _has_priority_binding(self, key: str) -> bool:
        chain = self.screen._binding_chain
        return any(b.priority for _, bs in chain for b in bs.key_to_bindings.get(key, ()))

    def _typed_left(self) -> bool:
        """Whether a key handed to the widgets is still on its way (not stopped by one, not
        back at the app); past `TYPED_AHEAD_WAIT` none is waited for any longer (a widget
        removed with the key in its queue never gives it back)."""
        self._typed = {key for key in self._typed if not key._stop_propagation}
        if self._typed and time.monotonic() - self._typed_since > TYPED_AHEAD_WAIT:
            self._typed.clear()
        return bool(self._typed)

    def _hold(self, event: events.Key) -> None:
        """Keys typed ahead keep their order. Textual runs a priority binding (Enter on the
        game list, there for the footer) as its key reaches the app, but hands every other
        key to the focused widget, whose binding runs when the key has gone through the
        widgets and come back: "Down Down Down Enter" in one chunk (typed ahead over a laggy
        ssh link, pasted, a key held down) opened the first game, and the Downs then opened a
        menu of its setup. Such a key, and every key after it, waits until the keys before it
        are done."""
        self._held.append(event)
        if len(self._held) == 1:
            self.set_timer(0.001, self._release)

    async def _release(self) -> None:
        """The held keys in order, each priority one once the keys before it are done."""
        while self._held:
            event = self._held[0]
            if self._has_priority_binding(event.key) and self._typed_left():
                break
            del self._held[0]
            await super().on_event(event)
            self._on_its_way(event)
        if self._held:
            self.set_timer(0.001, self._release)

    # -- settings ------------------------------------------------------------------------------

    def _apply_theme(self) -> None:
        high = self.settings.high_contrast
        self.theme = HIGH_CONTRAST_THEME.name if high else NORMAL_THEME.name

    def apply_settings(self) -> None:
        """Show the current settings now: the theme at once, a new layout when needed.

        Screen-reader mode changes what screens are made of (lines instead of tables and
        boxes), so every screen on the stack is composed again from its own state.
        """
        self._apply_theme()
        if self.settings.screen_reader != self._screen_reader_shown:
            self._screen_reader_shown = self.settings.screen_reader
            self.set_class(self.settings.screen_reader, "-screen-reader")
            show_terminal_cursor(cast(App[object], self), self.settings.screen_reader)
            self.call_later(self._recompose_screens)

    def _cursor_back_on_focus(self) -> None:
        """A screen back on top puts the terminal cursor back on its focused line (the one
        above it had moved it), in screen-reader mode."""
        if self.settings.screen_reader:
            self.call_after_refresh(self._place_cursor_on_focus)

    def _place_cursor_on_focus(self) -> None:
        """The terminal cursor to the screen's marked line, wherever it is now."""
        focused = self.screen.focused
        if isinstance(focused, SpokenList):
            focused.refresh()  # it places the cursor as it draws its selected line
        elif isinstance(focused, FocusLine):
            put_cursor_on(focused)
        else:
            for line in self.screen.query(MarkedLine):
                line.place()

    async def _recompose_screens(self) -> None:
        for screen in list(self.screen_stack):
            if isinstance(screen, TooSmallScreen) or not screen.is_attached:
                continue
            focused = screen.focused.id if screen.focused is not None else None
            await screen.recompose()
            if focused is not None:
                found = screen.query(f"#{focused}")
                if found:
                    screen.set_focus(found.first())

    # -- the terminal's window title -----------------------------------------------------------

    def window_title(self, title: str) -> None:
        """Name the terminal's window ``title`` (OSC 2): the turn notice a player sees from
        another window or tab. The terminal's own title is pushed the first time (XTWINOPS
        22) and given back when the app ends; a plain terminal gets nothing. Only printable
        characters are written, at most 80."""
        driver = self._driver
        if driver is None or self.settings.plain_terminal:
            return
        text = "".join(ch for ch in title if ch.isprintable())[:80]
        if not self._title_pushed:
            self._title_pushed = True
            driver.write("\x1b[22;0t")
        driver.write(f"\x1b]2;{text}\x07")

    def on_unmount(self) -> None:
        if self.records is not None:
            self.records.close()
        if self._title_pushed and self._driver is not None:
            self._title_pushed = False
            self._driver.write("\x1b[23;0t")  # the terminal's own title back

    # -- messages ----------------------------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast; in screen-reader mode also a line under the screen's keys, which stays
        (a toast shows in a corner for seconds, away from the cursor a reader follows).
        On the table the line goes into its spoken log."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        if self.settings.screen_reader:
            words = Content.from_markup(message).plain if markup else message
            said = f"{SEVERITY_WORDS[severity]}: {title + ': ' if title else ''}{words}"
            self.call_after_refresh(self._say_notice, self.screen, said)

    def _say_notice(self, screen: Screen[Any], text: str) -> None:
        if isinstance(screen, GameScreen) and screen.is_attached:
            # The table's own spoken log: also for what the app says at it (a claim refused
            # over ssh), not only what the table itself says.
            screen.query_one(EventLog).add(text)
            return
        if isinstance(screen, TooSmallScreen) or not screen.is_attached:
            return
        notices = screen.query(".spoken-notice").results(Static)
        for notice in notices:
            notice.update(Content(text))
            return
        line = Static(Content(text), classes="spoken-notice")
        keys = screen.query(".keys")
        if keys:
            screen.mount(line, after=keys.first())
        else:
            screen.mount(line, before=0)
        # The lines below moved down a line, the marked one with them.
        self.call_after_refresh(self._place_cursor_on_focus)

    # -- terminal size -----------------------------------------------------------------------

    def _guard_size(self, width: int | None = None, height: int | None = None) -> None:
        """Cover everything with the size notice below 80×24; uncover it when it fits."""
        if width is None or height is None:
            width, height = self.size
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen
        if too_small:
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen(width, height))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # -- moving between screens ------------------------------------------------------------------

    def open_setup(self, slug: str) -> None:
        """Open the table setup for a game (a served table sets up open seats instead)."""
        self.push_screen(SetupScreen(slug))

    def start_game(self, setup: TableSetup) -> None:
        """Open the table for a checked setup."""
        self.push_screen(LocalGameScreen(setup, self.settings))

    def resume_game(self, saved: SavedGame) -> None:
        """Open the table of an unfinished local game where it was saved."""
        self.push_screen(LocalGameScreen(saved.setup, self.settings, match=saved.match))

    def game_finished(self, screen: LocalGameScreen) -> None:
        """Keep a local game that just finished: its record file and its database row
        (``tui/records.py``); a sentence for the player when something could not be kept."""
        if self.records is None or screen.table is None:
            return
        kept = self.records.keep(screen.table.match, screen.setup.seats, screen.started)
        if kept.problem:
            self.notify(kept.problem, severity="warning", timeout=12)

    # -- finished games: history, profile, leaderboards --------------------------------------

    def _stats_source(self) -> tuple[StatsSource | None, str]:
        """The finished games' database, or None and why it cannot be read."""
        if self.records is None:
            return None, "This app keeps no finished games; Hunters run in your own terminal does."
        try:
            return self.records.database(), ""
        except DatabaseError as error:
            return None, self.records.problem_opening(error)

    def action_your_games(self) -> None:
        """The finished games, newest first; Enter replays one."""
        source, problem = self._stats_source()
        self.push_screen(GamesScreen(source, problem=problem))

    def action_profile(self) -> None:
        """The profile of the player at this keyboard (the first person of the latest game)."""
        source, problem = self._stats_source()
        name = local_player(source, local_name()) if source is not None else local_name()
        self.push_screen(ProfileScreen(source, name, problem=problem))

    def action_leaderboards(self) -> None:
        """Each game's rated players, best first, starting with the latest game's."""
        source, problem = self._stats_source()
        latest = source.history(1) if source is not None else ()
        self.push_screen(
            LeaderboardScreen(source, latest[0].game if latest else None, problem=problem)
        )

    def show_results(
        self,
        setup: TableSetup,
        outcome: Outcome,
        names: Sequence[str],
        extra_lines: list[str],
    ) -> None:
        """Show how a game ended (called by the game screen when it is over)."""
        self.push_screen(ResultsScreen(setup, outcome, names, extra_lines))

    async def _leave_game(self) -> None:
        """Remove the results screen and the finished game under it."""
        while len(self.screen_stack) > 1 and isinstance(
            self.screen, (ResultsScreen, GameScreen, TooSmallScreen)
        ):
            await self.pop_screen()

    async def rematch(self, setup: TableSetup) -> None:
        """Play the same seats and options again with a new random deal."""
        await self._leave_game()
        self.start_game(replace(setup, seed=None))

    async def new_setup(self, slug: str) -> None:
        """Back to the setup of ``slug``: the one the game came from, or a fresh one."""
        await self._leave_game()
        top = self.screen
        if not (isinstance(top, SetupScreen) and top.game_slug == slug):
            self.open_setup(slug)

    def main_menu(self) -> None:
        """Back to the game list, whatever is open."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # -- app-wide actions --------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No help over the size notice: there is nothing to help with until it fits."""
        return not (action == "help" and isinstance(self.screen, TooSmallScreen))

    def quit_words(self) -> str:
        """What q does where a screen quits (the game chooser), in the words of a key line."""
        return "quit"

    async def action_leave_app(self) -> None:
        """Quit; a local game in progress asks first (its own leave does, then quits)."""
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.action_leave(quit_app=True)
            return
        self.exit()

    def action_help(self) -> None:
        """Help for the screen on top: its keys and, with a game about, that game's rules."""
        screen = self.screen
        if isinstance(screen, HelpScreen):
            screen.dismiss()
            return
        slug = getattr(screen, "game_slug", None)
        rules = GAMES[slug].rules_text() if slug in GAMES else None
        guide = game_guide(slug) if slug in GAMES else None
        title = screen.title or self.title
        at_table = isinstance(screen, GameScreen)
        keys = help_keys(screen)
        self.push_screen(HelpScreen(title, rules, keys, guide=guide, at_table=at_table))


class LocalGameScreen(GameScreen):
    """A table played in this app (not a served one): kept once it is finished."""

    def __init__(
        self, setup: TableSetup, settings: Settings, *, match: Match | None = None
    ) -> None:
        super().__init__(setup, settings, match=match)
        self.started: float | None = None if match is not None else time.time()
        """When the game began (None: a saved game continued, whose start is not known)."""
        self._kept = False

    def receive(self, update: Update) -> None:
        super().receive(update)
        if update.outcome is not None and not self._kept:
            self._kept = True  # each seat at this keyboard is told: kept once
            cast(HuntersApp, self.app).game_finished(self)


class ReplayApp(HuntersApp):
    """``hunters replay FILE``: only the replay of one recorded game."""

    def __init__(self, match: Match, names: Sequence[str], settings: Settings) -> None:
        super().__init__(settings)
        self.match = match
        self.names = tuple(names)

    def get_default_screen(self) -> Screen[None]:
        return ReplayScreen(self.match, self.names, screen_reader=self.settings.screen_reader)
