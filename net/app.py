"""HallApp: the Hunters app as one guest of a served table sees it.

Same screens as the local app, routed by the hall: the host sets the table up, everyone
waits in the lobby, the game screen joins the hall's one Table for the guest's seat (or
none, to watch), and after the game the host decides on a rematch or a new setup.
"""

from __future__ import annotations

import contextlib
import inspect
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, ClassVar, Final

from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from core.engine import IllegalAction, Outcome
from core.games import GAMES
from core.table import Table, TableSetup
from net.chat import CHAT_MAX, ChatLine
from net.driver import SSHDriver
from net.fastpath import FastPath
from net.hall import OPEN, HallView, Session, settled
from net.host_menu import HOST_KEY, HostMenuScreen
from net.lobby import CHAT_LINES, SEAT_KEYS, LobbyScreen, rematch_line, sentence
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.results import ResultsScreen
from tui.screens.setup import HOSTING, SetupScreen
from tui.settings import Settings
from tui.widgets.chat import CHAT_KEY, ChatInput, chat_line
from tui.widgets.event_log import EventLog

HALL_SETTLE = 0.05
"""Seconds a guest's screen waits after a hall change before redrawing (changes coalesce)."""
ROUTE_LOST: Final = 1.0
"""Seconds after which a hall change still waiting to be routed counts as lost."""
ANSWERED_WITHIN: Final = 1.0
"""Seconds after their keys during which a guest's table screens count as answers to them
(the move they made comes back from the table a moment after their key's own frame) and
are drawn at once, not in the slow lane."""


class HallApp(HuntersApp):
    """One guest's view of the hall: lobby, setup (host), game, results."""

    BOT_DELAY_HERE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the chat key (the same y): only while this guest is asked to agree to a
        # take-back, and not typing (see check_action).
        Binding(
            "y",
            "answer_take_back(True)",
            "Agree",
            show=False,
            priority=True,
            tooltip="Agree to the take-back a player asks for",
            id="hall.take-back-yes",
        ),
        Binding(
            "n",
            "answer_take_back(False)",
            "Refuse",
            show=False,
            priority=True,
            tooltip="Refuse the take-back a player asks for",
            id="hall.take-back-no",
        ),
        Binding(
            CHAT_KEY,
            "chat",
            "Chat",
            # Not in the footer: at 80 columns a table's keys fill it already (the lobby
            # says the key in its lines, and help lists it).
            show=False,
            # Priority: the line is open before the next key or paste of the same read is
            # handled (a board would take them otherwise); typing, y is a letter.
            priority=True,
            tooltip="Say something to everyone at the table (Enter sends, Escape cancels)",
            id="hall.chat",
        ),
        Binding(
            HOST_KEY,
            "host_menu",
            "Host menu",
            # Priority: the boards take h as Left (arrows do that too); not in the footer,
            # full at a table already (the lobby says the key in its lines).
            show=False,
            priority=True,
            tooltip="The host's choices: end the game, hand the role on, kick, replace a seat",
            id="hall.host_menu",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | y | Chat: one line to everyone at the table, in the lobby, at the table or after it. |
    | h | Host menu (the host): end the game, hand the host role on, kick, replace a seat. |
    | y, n | Agree to (or refuse) a take-back another player asks for, while asked. |
    """

    def __init__(
        self,
        hall: HallView,
        guest: str,
        settings: Settings | None = None,
        *,
        fast_path: FastPath | None = None,
    ) -> None:
        super().__init__(settings)
        self.hall = hall
        self.guest = guest
        self.fast_path = fast_path
        """The raw-key path of this guest's SSH session (None: a local terminal)."""
        self._route_pending: float | None = None
        """When a hall change asked for the route that has not run yet (monotonic)."""
        self._chat_focus: Widget | None = None
        """What had the focus before the chat line opened (it gets it back after)."""
        self._fast_keys_held = False
        """Whether opening the chat line disarmed the fast path (closing it re-arms it)."""
        self._recalled: weakref.WeakSet[GameScreen] = weakref.WeakSet()
        """The tables whose log was given the recent chat (`_recall_chat`)."""
        self._routing = False
        self._stepped_out: object | None = None
        """The table a spectator left (its game's screen is not pushed back on them)."""
        self._session: Session | None = None
        self._notice_seen = 0
        """The number of the last hall notice this guest was shown (`_show_notices`)."""
        self._hosting = False
        """Whether this guest hosted when the hall last changed (they are told when they do)."""

    def redraw_table(self, screen: GameScreen, redraw: Callable[[], None]) -> None:
        """Draw a table's new position at once for a guest whose keys were just answered or
        wait for an answer (the player who moved), and at every real-time table (a Whoosh
        monster reaches every player alike); otherwise in the server's slow lane, one
        screen at a time while no guest's keys wait for a frame (`net.lane`)."""
        driver = self._driver
        if (
            not isinstance(driver, SSHDriver)
            or time.monotonic() - driver.keyed_at < ANSWERED_WITHIN
            or not screen.hosted
            or getattr(GAMES[screen.setup.slug], "deadlines", None) is not None
        ):
            screen.call_later(redraw)
            return
        slow = driver.lane

        def then_next() -> None:
            try:
                redraw()
            finally:
                slow.drawn(driver)

        slow.defer(driver, partial(screen.call_later, then_next))

    def get_key_display(self, binding: Binding) -> str:
        """The lobby's one key for every seat names the seats this table has ("1-3")."""
        if binding.id == SEAT_KEYS and isinstance(self.screen, LobbyScreen):
            return self.screen.seat_keys()
        return super().get_key_display(binding)

    def get_default_screen(self) -> Screen[None]:
        return LobbyScreen(self.hall, self.guest)

    def on_mount(self) -> None:
        super().on_mount()
        self.hall.subscribe(self._hall_changed)
        self.hall.chat.subscribe(self._chat_heard)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        # What the hall said before this guest came is not news to them.
        self._notice_seen = max((n.number for n in self.hall.notices), default=0)
        self._route()

    def on_unmount(self) -> None:
        self.hall.unsubscribe(self._hall_changed)
        detach = getattr(self.hall, "detach", None)
        if self._session is not None and detach is not None:
            detach(self.guest, self._session)
        self.hall.chat.unsubscribe(self._chat_heard)
        if self.fast_path is not None:
            self.fast_path.disarm()

    def _hall_changed(self) -> None:
        """The hall changed (maybe from another guest's session): route once, soon.

        Soon, not at once: a change (someone joins, sits, leaves) reaches every guest, and
        redrawing fifty lobbies in the same loop turn would hold up the newcomer's first
        frame and everyone's keys. Changes within ``HALL_SETTLE`` share one redraw; a guest's
        own lobby actions redraw its screen directly. A redraw asked for more than
        `ROUTE_LOST` ago and not done counts as lost (a timer that never fired once left a
        guest in the lobby for a whole game): the next change asks again.
        """
        now = time.monotonic()
        if self._route_pending is None or now - self._route_pending > ROUTE_LOST:
            self._route_pending = now
            # call_later first: the hall calls from the changing guest's context; the timer
            # must start in this App's own.
            self.call_later(self.set_timer, HALL_SETTLE, self._route, name="hall changed")

    def _route(self) -> None:
        self._route_pending = None
        if not self.screen_stack:
            return  # the app is closing: a timer set before it closed routes nowhere
        self._routing = True
        try:
            self._route_now()
        finally:
            self._routing = False

    def _route_now(self) -> None:
        hall, stack = self.hall, self.screen_stack
        if (hall.host == self.guest) != self._hosting:
            self._hosting = not self._hosting
            # The first guest, or the role came to them. Setting the table up, they read it
            # on the game chooser and the setup (a toast lay over the options at 80x24).
            if self._hosting and hall.phase != "setup":
                self.notify(HOSTING, timeout=10, markup=False)
        if hall.phase == "setup" and self.guest == hall.host:
            if not any(isinstance(s, SetupScreen | LauncherScreen) for s in stack):
                if hall.game is not None:
                    self.open_setup(hall.game)
                else:
                    self.push_screen(LauncherScreen(hosting=True))
        elif hall.phase == "lobby" and any(
            isinstance(s, GameScreen | ResultsScreen) for s in stack
        ):
            if self.fast_path is not None:
                self.fast_path.disarm()
            self.main_menu()
        elif (
            hall.phase == "playing"
            and not self._away()
            and not self._reading_results()
            and not any(
                isinstance(s, GameScreen)
                and s.table is hall.table
                and s.local == hall.seats_of(self.guest)
                for s in stack
            )
        ):
            self.main_menu()  # also leaves the finished game of a rematch
            if hall.setup is not None and hall.table is not None:
                seats = hall.seats_of(self.guest)
                game = GameScreen(hall.setup, self.settings, table=hall.table, seats=seats)
                self.push_screen(game)
                if self.fast_path is not None:
                    arm_fast_path(self.fast_path, hall.setup, hall.table, seats, self._refused)
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.show_hall()
            elif isinstance(screen, ServedResults):
                screen.show_hall(hall, self.guest)
            elif isinstance(screen, HostMenuScreen):
                if hall.host == self.guest:
                    screen.show_choices()
                elif screen is self.screen:
                    screen.dismiss()
        # After the screens this routing changed: a seat given away mid-game tells its player
        # so in the log of the table they watch from now on, not the one they left.
        self.call_later(self._show_notices)

    def _show_notices(self) -> None:
        """Tell this guest what the hall told everyone (or them) since they last looked."""
        if not self.screen_stack:
            return  # the app is closing: nobody reads it
        for notice in self.hall.notices:
            if notice.number > self._notice_seen and notice.to in (None, self.guest):
                self.tell(notice.text)
        self._notice_seen = max((n.number for n in self.hall.notices), default=0)

    def tell(self, text: str) -> None:
        """``text`` where this guest reads it: the lobby's status line, the table's log, the
        results' news line (whichever are open), or a note over any other screen."""
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.say(text)
            elif isinstance(screen, ServedResults):
                screen.tell(text)
            elif isinstance(screen, GameScreen):
                self._log_line(screen, text)
        if self.screen_stack and not isinstance(
            self.screen, LobbyScreen | GameScreen | ServedResults
        ):
            self.notify(text, timeout=8, markup=False)

    def _log_line(self, screen: GameScreen, text: str, *, again: bool = True) -> None:
        """``text`` in the table's log; a table still being put up gets it once it is up."""
        logs = list(screen.query(EventLog).results(EventLog))
        for log in logs:
            log.add(text)
        if not logs and again and screen in self.screen_stack:
            screen.call_after_refresh(self._log_line, screen, text, again=False)

    def _reading_results(self) -> bool:
        """Whether a spectator is reading the last game's results: the rematch is not
        pushed on them (the results say how to watch it); players said they were ready."""
        return isinstance(self.screen, ServedResults) and not self.hall.seats_of(self.guest)

    def bind_session(self, session: Session) -> None:
        """This guest's SSH session, which a fresh login under their name may take over
        (net.hall.Hall.arrive)."""
        self._session = session
        attach = getattr(self.hall, "attach", None)
        if attach is not None:
            attach(self.guest, session)

    def sent_away(self, told: str) -> bool:
        """The host asked this guest to leave the table (net.hall.Hall.kick): back to the
        list of tables, reading ``told`` there (True), when this app has one to go back to
        (``leave_to_list``: net.tables_screen.TablesApp); False: it has none, or is not
        running, and its session ends instead."""
        leave = getattr(self, "leave_to_list", None)
        if leave is None or not self.is_running:
            return False
        # In this app's own turn (the host's app kicked, in its context); only if the guest
        # is still at that table by then.
        self.call_later(self._sent_away, self.hall, leave, told)
        return True

    def _sent_away(self, hall: HallView, leave: Callable[[], None], told: str) -> None:
        if self.hall is not hall:
            return
        leave()
        say = getattr(self.screen_stack[0], "say", None) if self.screen_stack else None
        if say is not None:
            say(told)
        else:
            self.tell(told)

    def farewell(self) -> str | None:
        """What the guest is told as their session ends (net.hall.Hall.come_back)."""
        come_back = getattr(self.hall, "come_back", None)
        return come_back(self.guest) if come_back is not None else None

    def _away(self) -> bool:
        """Whether this guest left the game under way for the lobby (`leave_table`)."""
        guest = self.hall.guests.get(self.guest)
        if guest is not None and guest.seat is not None:
            return guest.away
        return self._stepped_out is not None and self._stepped_out is self.hall.table

    def pop_screen(self) -> AwaitComplete:
        """Leaving the game's screen (q) while it goes on is leaving the table: see
        `leave_table`. The hall's own routing pops it too (a rematch): that is not."""
        left = self.screen if isinstance(self.screen, GameScreen) else None
        done = super().pop_screen()
        if left is not None and not self._routing:
            self.leave_table(left)
        return done

    def leave_table(self, game: GameScreen) -> None:
        """The guest left the game under way for the lobby: a seated one hands the seat to
        a bot at once (nobody waits for them), until they take it back from the lobby."""
        if self.hall.phase != "playing" or game.table is not self.hall.table:
            return
        if self.fast_path is not None:
            self.fast_path.disarm()
        if self.hall.seats_of(self.guest):
            leave = getattr(self.hall, "leave_seat", None)
            if leave is not None:
                self.run_worker(_quietly(leave(self.guest)), group="hall")
        else:
            self._stepped_out = game.table
        for lobby in self.screen_stack:
            if isinstance(lobby, LobbyScreen):
                lobby.say("You left the table.")

    async def back_to_table(self) -> None:
        """From the lobby back to the game under way: the seat left (`leave_table`), or
        watching again."""
        self._stepped_out = None
        take_back = getattr(self.hall, "take_back", None)
        if self.hall.seats_of(self.guest) and take_back is not None:
            await settled(take_back(self.guest))
        self._route()

    async def on_event(self, event: events.Event) -> None:
        """Every key a guest presses tells the hall they are here (the idle rule)."""
        if isinstance(event, events.Key):
            pressed = getattr(self.hall, "pressed", None)
            if pressed is not None:
                pressed(self.guest)
        await super().on_event(event)

    def _refused(self, reason: str) -> None:
        """The fast path refused a claim: say why (from outside the App's own context)."""
        self.call_later(self.notify, reason, severity="warning", timeout=2)

    # -- chat -----------------------------------------------------------------------------------

    def _chatting_screen(self) -> bool:
        return isinstance(self.screen, LobbyScreen | GameScreen | ResultsScreen)

    def _playing(self) -> bool:
        """Whether this guest holds a seat in a game under way (see `ChatRoom.hears`)."""
        return self.hall.phase == "playing" and bool(self.hall.seats_of(self.guest))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The chat key where a guest may chat: the lobby, the table and the results."""
        if action == "chat":
            return self._chatting_screen() and not isinstance(self.focused, Input)
        if action == "host_menu":
            typing = isinstance(self.focused, Input)  # the chat line: h is a letter there
            return self._chatting_screen() and not typing
        if action == "answer_take_back":
            typing = isinstance(self.focused, Input)
            return self.guest in self.hall.take_back_waits and not typing
        return super().check_action(action, parameters)

    # -- take-backs ----------------------------------------------------------------------------

    def ask_take_back(self) -> None:
        """The player's u at the table: ask the others to agree to take the last move back
        (the hall says why not, when it may not be)."""
        self.run_worker(self._take_back_request(self.hall.ask_take_back), group="hall")

    async def action_answer_take_back(self, agree: bool) -> None:
        """y or n to the take-back this guest is asked to agree to."""

        def answer(name: str) -> Awaitable[None] | None:
            return self.hall.answer_take_back(name, agree)

        await self._take_back_request(answer)

    async def _take_back_request(self, request: Callable[[str], Awaitable[None] | None]) -> None:
        try:
            await settled(request(self.guest))
        except IllegalAction as refusal:
            self.tell_here(sentence(refusal))

    def action_host_menu(self) -> None:
        """The host's menu; anyone else is told whose it is."""
        if self.hall.host != self.guest:
            self.tell_here(f"Only the host ({self.hall.host}) can open the host menu.")
            return
        self.push_screen(HostMenuScreen(self.hall, self.guest))

    def tell_here(self, text: str) -> None:
        """``text`` on the screen on top only (what a key pressed there did)."""
        screen = self.screen
        if isinstance(screen, LobbyScreen):
            screen.say(text)
        elif isinstance(screen, ServedResults):
            screen.tell(text)
        else:
            self.notify(text, timeout=6, markup=False)

    async def action_chat(self) -> None:
        """Open the chat line at the bottom of the screen (or go back to it)."""
        await self._open_chat()

    async def _open_chat(self, text: str = "") -> None:
        """The chat line on the current screen, holding ``text`` so far.

        The line has the focus before the next key is handled (mounted and focused here,
        not later): keys typed fast behind the chat key, or pasted, are text, not moves."""
        screen = self.screen
        for open_line in screen.query(ChatInput).results(ChatInput):
            if not open_line.done:  # not one sent and on its way out
                screen.set_focus(open_line)
                return
        self._chat_focus = screen.focused
        self._fast_keys_held = self.fast_path is not None and self.fast_path.armed
        self._hold_fast_keys(True)
        line = ChatInput(text, max_length=CHAT_MAX)  # no id: one may still be on its way out
        await screen.mount(line)
        screen.set_focus(line)
        line.focus()  # again after any focus the screen asked for and Textual still holds

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """Another screen came up. A table new here gets the recent chat in its log. If a
        chat line was open on the screen before (the host started the game as this guest
        typed in the lobby), the line moves to the new one with what was typed, so the keys
        typed on stay text instead of becoming moves on the board that appeared. It opens
        there once that screen has taken its own focus (the board's, given back when the
        line closes)."""
        current = self.screen
        if isinstance(current, GameScreen) and current not in self._recalled:
            self._recalled.add(current)
            current.call_after_refresh(self._recall_chat, current)
        if not self._chatting_screen() or current.query(ChatInput):
            return
        left = [
            line
            for other in self.screen_stack[:-1]
            for line in other.query(ChatInput).results(ChatInput)
            if not line.done
        ]
        if not left:
            return
        text = left[-1].value
        for line in left:
            line.remove()
        self._hold_fast_keys(False)
        current.call_after_refresh(self._carry_chat, current, text)

    async def _carry_chat(self, screen: Screen[Any], text: str) -> None:
        if screen is self.screen:
            await self._open_chat(text)

    def _recall_chat(self, screen: GameScreen) -> None:
        """A table shown here for the first time starts its log with the last chat lines this
        guest heard (what was said in the lobby; for a returning player, while they were
        gone)."""
        plain = self.settings.screen_reader
        for line in self.hall.chat.recent(self.guest, CHAT_LINES, playing=self._playing()):
            for log in screen.query(EventLog).results(EventLog):
                log.add(chat_line(line.sender, line.text, plain=plain))

    async def on_chat_input_sent(self, message: ChatInput.Sent) -> None:
        behind = await self._close_chat()
        try:
            said = self.hall.say(self.guest, message.text)
            answer = await said if inspect.isawaitable(said) else said
        except IllegalAction as refusal:
            self.notify(str(refusal), severity="warning", timeout=4, markup=False)
        else:
            if answer is not None:
                self.notify(answer, timeout=6, markup=False)
        await self._hand_on(behind)

    async def on_chat_input_cancelled(self, message: ChatInput.Cancelled) -> None:
        await self._hand_on(await self._close_chat())

    async def _hand_on(self, behind: list[events.Key | events.Paste]) -> None:
        """The keys and pastes that came right behind a line's Enter (or Escape), in order,
        to wherever the focus is now: a chat key among them opens the next line."""
        for event in behind:
            await self.on_event(event)

    async def _close_chat(self) -> list[events.Key | events.Paste]:
        """Remove the chat line (waited for: the next may open at once) and give the focus
        back; what reached the line after it ended, to hand on (`_hand_on`)."""
        behind: list[events.Key | events.Paste] = []
        for line in list(self.screen.query(ChatInput).results(ChatInput)):
            if line.done:
                behind += line.take_behind()
                await line.remove()
        if self.screen.query(ChatInput):
            return behind  # a newer line is open: it keeps the focus
        focus, self._chat_focus = self._chat_focus, None
        if focus is not None and focus.is_attached:
            # Now, not later (Widget.focus waits a turn): a chat key handed on next must find
            # the board focused, to give the focus back to it again.
            self.screen.set_focus(focus)
        elif isinstance(self.screen, GameScreen):
            self.screen._focus_input()  # the table's own choice: the board, or its list
        self._hold_fast_keys(False)
        return behind

    def _hold_fast_keys(self, hold: bool) -> None:
        """While the chat line is open every key is text: the fast path (Whoosh's 1 2 3 taken
        from the raw bytes) lets them through, and takes them again once it closes, if it
        took them before (not for a guest who chatted from the lobby, away from the game).
        With render workers the fast path is the front's: the mirror tells it."""
        path, hall = self.fast_path, self.hall
        if path is None:
            tell = getattr(hall, "hold_fast_keys", None)
            if tell is not None:
                tell(hold)
            return
        if hold:
            path.disarm()
        elif self._fast_keys_held and hall.setup is not None and hall.table is not None:
            self._fast_keys_held = False
            if hall.phase == "playing":
                seats = hall.seats_of(self.guest)
                arm_fast_path(path, hall.setup, hall.table, seats, self._refused)

    def _chat_heard(self, line: ChatLine) -> None:
        """Someone said something (from their session's context): shown here soon."""
        self.call_later(self._show_chat, line)

    def _show_chat(self, line: ChatLine) -> None:
        """A line in the table's log, in the lobby's lines, or (over any other screen, as the
        results) as a toast; not at all if this guest muted its sender."""
        if not self.hall.chat.hears(self.guest, line, playing=self._playing()):
            return
        text = chat_line(line.sender, line.text, plain=self.settings.screen_reader)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.is_attached:
                for log in screen.query(EventLog).results(EventLog):
                    log.add(text)
            elif isinstance(screen, LobbyScreen):
                screen.show_hall()
        if self.screen_stack and not isinstance(self.screen, LobbyScreen | GameScreen):
            self.notify(text, timeout=6, markup=False)

    # -- what the shared screens ask of the app --------------------------------------------------

    def open_setup(self, slug: str) -> None:
        """The host's setup: the table's own seats and options when it has them for this
        game (the lobby's e changes them), else the defaults."""
        self.push_screen(SetupScreen(slug, hosting=True, current=self.hall.setup))

    def start_game(self, setup: TableSetup) -> None:
        """The host's setup screen is done: the hall takes the setup, everyone to the lobby."""
        try:
            answer = self.hall.configure(self.guest, setup)
        except (IllegalAction, ValueError) as refusal:
            self.notify(str(refusal), severity="error")
            return
        if answer is None:
            self.main_menu()
        # The server may answer later (a render worker's mirror of the hall).
        self.run_worker(self._configured(answer, setup), group="hall")

    async def _configured(self, answer: Awaitable[None] | None, setup: TableSetup) -> None:
        """Once the hall has the setup: the host sits at its first open seat (they came to
        play, most often; w watches instead), and the lobby says so."""
        try:
            await settled(answer)
        except (IllegalAction, ValueError) as refusal:
            self.notify(str(refusal), severity="error")
            return
        if answer is not None:
            self.main_menu()
        # From the setup sent, not the hall's: a worker's mirror may not have it yet, and
        # setting up frees every seat.
        seat = next(i for i, s in enumerate(setup.seats) if s.kind == OPEN)
        try:
            await settled(self.hall.take_seat(self.guest, seat))
        except IllegalAction:
            return  # someone was quicker: the host sits down by hand, as anyone does
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.say(f"You sit on seat {seat + 1}; press w to watch instead.")

    def show_results(
        self,
        setup: TableSetup,
        outcome: Outcome,
        names: Sequence[str],
        extra_lines: list[str],
    ) -> None:
        self.push_screen(ServedResults(setup, outcome, names, extra_lines, self.hall, self.guest))

    async def rematch(self, setup: TableSetup) -> None:
        """The host proposes a rematch; a player says they are ready (see `Hall.rematch`)."""
        try:
            await self.hall.rematch(self.guest)
        except IllegalAction as refusal:
            self.tell_here(sentence(refusal))

    async def decline(self) -> None:
        """Leave the results for the lobby: a player gives their seat up for the rematch."""
        given_up = sorted(self.hall.seats_of(self.guest))
        try:
            await settled(self.hall.decline(self.guest))
        except IllegalAction as refusal:
            self.tell_here(sentence(refusal))
            return
        self.main_menu()
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen) and given_up:
                # Not the line from before the game ("You sit on seat 2."), no longer true.
                seat = given_up[0] + 1
                screen.say(f"You gave seat {seat} up: press {seat} to sit there again.")
        self._route()  # a spectator who read the results on while the rematch began: to it

    async def new_setup(self, slug: str) -> None:
        if self.hall.host != self.guest:
            self.tell_here(f"Only the host ({self.hall.host}) can set up a new table.")
            return
        try:
            await settled(self.hall.new_setup(self.guest))
        except IllegalAction as refusal:
            self.notify(str(refusal), severity="warning")
            return
        self.main_menu()
        self._route()


async def _quietly(request: Awaitable[None] | None) -> None:
    """A hall request whose refusal changes nothing (the game may have ended meanwhile)."""
    with contextlib.suppress(IllegalAction):
        await settled(request)


def arm_fast_path(
    path: FastPath,
    setup: TableSetup,
    table: Table,
    seats: frozenset[int],
    refused: Callable[[str], None],
) -> None:
    """A real-time game's keys go from this guest's raw bytes straight to the table: armed
    when the game has fast keys and the guest plays exactly one seat, else disarmed.

    The guest's own app arms it when it runs in the server process; with render workers the
    server does, as the hall changes (net.render)."""
    fast_action = getattr(BOARDS[setup.slug], "fast_action", None)
    if fast_action is None or len(seats) != 1:
        path.disarm()
        return
    fair = bool(table.match.options.get("fair_remote", False))
    path.arm(table, min(seats), fast_action, fair=fair, on_refused=refused)


class ServedResults(ResultsScreen):
    """The results at a served table: they stay until the rematch starts (each player says
    they are ready with r) or the guest leaves for the lobby (b, giving up their seat); a
    line says where the rematch stands, another what the hall last said."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rematch", "Rematch (host)", id="results.rematch"),
        Binding("r", "ready", "Ready", id="results.ready"),
        # The same key when there is nothing for this guest to say with it: it says why.
        Binding("r", "rematch_said", "Rematch", show=False, id="results.rematch-said"),
        Binding("n", "new_setup", "New setup (host)", id="results.new_setup"),
        Binding("b,escape", "back", "To the lobby", id="results.back"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | r | The host proposes a rematch; each player says they are ready for it. |
    | n | New setup (the host). |
    | b, escape | To the lobby: a player gives their seat up for the rematch. |
    """

    next_steps: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rematch", "Rematch: the host proposes it, each player says they are ready (r)"),
        ("new_setup", "New setup: change the seats or options (the host, n)"),
        ("back", "To the lobby, giving your seat up for the rematch (b)"),
    )

    DEFAULT_CSS = """
    ServedResults #results-news, ServedResults #results-rematch { height: auto; }
    ServedResults #results-rematch { text-style: bold; }
    """

    def __init__(
        self,
        setup: TableSetup,
        outcome: Outcome,
        names: Sequence[str],
        extra_lines: Sequence[str],
        hall: HallView,
        guest: str,
    ) -> None:
        super().__init__(setup, outcome, names, extra_lines)
        self._hall = hall
        self._guest = guest

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(id="results-news")
        yield Static(Content(rematch_line(self._hall, self._guest)), id="results-rematch")

    def show_hall(self, hall: HallView, guest: str) -> None:
        """Where the rematch stands now."""
        for line in self.query("#results-rematch").results(Static):
            line.update(Content(rematch_line(hall, guest)))
        self.refresh_bindings()

    def tell(self, text: str) -> None:
        """What the hall (or a key here) said last."""
        for line in self.query("#results-news").results(Static):
            line.update(Content(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r in the footer only when it does something for this guest: the host proposes
        (or, with nobody left to answer, starts with bots in the empty seats), a player
        still to answer says they are ready."""
        hall, guest = self._hall, self._guest
        if action == "rematch":
            starts = guest == hall.host and not hall.waiting_for() and bool(hall.missing())
            return not hall.proposed or starts
        if action == "ready":
            return hall.proposed and guest in hall.waiting_for()
        if action == "rematch_said":
            return not (self.check_action("rematch", ()) or self.check_action("ready", ()))
        return True

    async def action_ready(self) -> None:
        await self.action_rematch()

    async def action_rematch_said(self) -> None:
        """r with nothing to say: a player who is ready hears so; anyone else, the hall's
        answer (whose key it is)."""
        if self._guest in self._hall.ready:
            self.tell("You are ready; the rematch starts once every player is.")
            return
        await self.action_rematch()

    async def run_action(self, action: str, namespaces: Any = None) -> None:
        """The list's Rematch line (screen-reader mode) is the ready key once proposed."""
        if action == "rematch" and self._hall.proposed:
            action = "ready"
        await super().run_action(action, namespaces)

    def action_back(self) -> None:
        decline = getattr(self.app, "decline", None)
        if decline is not None:
            self.run_worker(decline(), group="results")
