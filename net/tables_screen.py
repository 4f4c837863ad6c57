"""The hall's list of tables: where a guest of ``hunters serve`` lands, and comes back to.

`TablesScreen` lists the server's tables in words (name, game, waiting or playing, seats
taken and open, spectators, host; a private table without its code), keyboard only: Enter
joins a waiting table (or watches one under way), w watches any, c creates a table (its
creator hosts it and sets it up), v a private one (its lobby shows the invite code), i takes
an invite code typed in; y shows the guest's finished games (Enter replays one from their
own seat), p their profile, l the leaderboards (Enter on a player: their profile), read from
the server's players' database (`TablesView.stats`). The list follows the server live
without moving the selection.

`TablesApp` is a guest's app: the list at the bottom of its screens, the table the guest
chose (its lobby, setup, game and results: `HallApp`) above it; leaving the table (Ctrl+Q
at a table) comes back to the list, and Ctrl+Q (or q) at the list ends the session. The app
reaches the tables through a `TablesView`: `TablesDoor` in the server process (the
`net.tables.Tables` themselves), or a render worker's mirror of them (net.worker).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar, Literal, Protocol, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.engine import IllegalAction
from net.app import HALL_SETTLE, HallApp
from net.fastpath import FastPath
from net.hall import Hall, HallView, QuietHall
from net.identity import INVITE_RULE, Identity, valid_invite
from net.lobby import LobbyScreen, sentence
from net.tables import TableInfo, Tables
from tui.screens.settings import SettingsScreen
from tui.screens.stats import GamesScreen, LeaderboardScreen, ProfileScreen, StatsSource
from tui.settings import Settings
from tui.widgets.footer import KeyFooter
from tui.widgets.keys import KeyStates
from tui.widgets.marked import MarkedLine
from tui.widgets.spoken import SpokenList

Way = Literal["create", "private", "join", "watch", "code"]
"""How a guest comes to a table from the list."""

NO_TABLES = (
    "No table is open yet. Press c to create one and host it, or v for a private one "
    "that only friends with its invite code can find."
)
LIST_HINT = "↑↓ choose · Enter join · w watch · c create · v private · i invite code"
STATS_HINT = "y your games · p profile · l leaderboards"
"""The list's second line of keys (the footer has no room for these)."""
SR_HINT = (
    "Tables. Up and down choose a table; Enter joins it, w watches it; c creates a table, "
    "v a private one; i takes an invite code; y shows your finished games, p your profile, "
    "l the leaderboards; q quits."
)
NO_STATS = "This server keeps no finished games."
"""What the history, profile and leaderboards say on a server without a players' database."""
STATS_PROBLEM = "This server's finished games cannot be read just now; the tables play on."
"""What they say when the database cannot be read (the operator's log says why)."""
CODE_PROMPT = "Type the invite code and press Enter (Escape: back to the list)."


class TablesView(Protocol):
    """The server's tables as one guest's app reads them and comes to them."""

    def listing(self) -> Sequence[TableInfo]: ...

    def subscribe(self, listener: Callable[[], None]) -> None: ...

    def unsubscribe(self, listener: Callable[[], None]) -> None: ...

    def enter(self, way: Way, what: str | None) -> Awaitable[HallView]:
        """Come to a table (``what``: its id, or the invite code); IllegalAction why not."""
        ...

    def left(self, hall: HallView, on_purpose: bool = False) -> None:
        """The guest left ``hall``: for the list (``on_purpose``: a seat in play goes to a bot
        at once), or their session ended (the seat waits the grace period)."""
        ...

    def stats(self) -> tuple[StatsSource | None, str]:
        """The server's finished games, ratings and profiles to read, or None and why not
        (a sentence for the guest)."""
        ...


class TablesDoor:
    """`TablesView` in the server process: one guest's way in to the `Tables`."""

    def __init__(self, tables: Tables, identity: Identity) -> None:
        self.tables = tables
        self.identity = identity

    def listing(self) -> Sequence[TableInfo]:
        return self.tables.listing()

    def subscribe(self, listener: Callable[[], None]) -> None:
        self.tables.subscribe(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        self.tables.unsubscribe(listener)

    async def enter(self, way: Way, what: str | None) -> HallView:
        return self.arrive(find_table(self.tables, self.identity.name, way, what))

    def arrive(self, hall: Hall) -> Hall:
        who = self.identity
        hall.arrive(self.name_at(hall), who.fingerprint, bound_key=who.bound_key)
        return hall

    def name_at(self, hall: HallView) -> str:
        """The guest's name as ``hall`` spells it (`table_name`)."""
        return (
            table_name(hall, self.identity.name) if isinstance(hall, Hall) else self.identity.name
        )

    def come_back(self) -> str | None:
        """How to come back to a seat that waits at a table the guest left (None: none)."""
        hall = self.tables.holding(self.identity.name)
        return hall.come_back(table_name(hall, self.identity.name)) if hall is not None else None

    def name_of(self, hall: HallView) -> str:
        """The name the list shows ``hall`` by."""
        return self.tables.name_of(hall) if isinstance(hall, Hall) else "the table"

    def left(self, hall: HallView, on_purpose: bool = False) -> None:
        if isinstance(hall, Hall):
            name = self.name_at(hall)
            hall.leave_table(name) if on_purpose else hall.depart(name)

    def stats(self) -> tuple[StatsSource | None, str]:
        """The server's own open database (None: it keeps none)."""
        database = self.tables.database
        return (database, "") if database is not None else (None, NO_STATS)


def table_name(hall: HallView, name: str) -> str:
    """``name`` as the table spells it: names are one person's whatever their letters'
    case ("DUPE" is "dupe"), so a login under a name the hall knows in other letters is
    that guest."""
    folded = name.casefold()
    return next((known for known in hall.guests if known.casefold() == folded), name)


def find_table(tables: Tables, name: str, way: Way, what: str | None) -> Hall:
    """The table a guest named ``name`` comes to ``way`` (a new one for create and private),
    or IllegalAction why there is none."""
    if way in ("create", "private"):
        return tables.create(name, private=way == "private")
    if way == "code":
        code = (what or "").strip()
        if not valid_invite(code):
            raise IllegalAction(f"{code or 'that'} is not an invite code: {INVITE_RULE}")
        found = tables.by_code(code)
        if found is None:
            raise IllegalAction(f"no table has the invite code {code.upper()}")
        return found
    found = tables.get(what or "")
    if found is None:
        raise IllegalAction("that table has closed")
    info = next((i for i in tables.listing() if i.id == what), None)
    if info is not None and not info.shown_to(name):
        raise IllegalAction("that table is private: press i and type its invite code")
    return found


class _Nowhere(QuietHall):
    """The hall of a guest at the list, at no table: nothing happens there."""

    def __init__(self) -> None:
        super().__init__()
        self.table = None

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Nothing changes here."""

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        """Nothing changes here."""


def nowhere() -> HallView:
    """A hall for a guest at no table (their app looks at it while they are at the list)."""
    return cast(HallView, _Nowhere())


def table_line(info: TableInfo) -> str:
    """One table as the list says it, in words."""
    parts = [info.game if info.game != "not set up" else "game not chosen yet"]
    parts.append({"waiting": "waiting", "playing": "playing", "over": "game over"}[info.phase])
    seats = info.seats_taken + info.seats_open
    bots = f"{info.bots} bot" if info.bots == 1 else f"{info.bots} bots"
    if info.bots and not seats:
        parts.append(bots)
    elif info.bots:  # "1 of 1 seats taken" beside two bots read as a table for one
        parts.append(f"{info.seats_taken} of {seats} seats taken + {bots}")
    elif seats:
        parts.append(f"{info.seats_taken} of {seats} seats taken")
    if info.spectators:  # guests without a seat: in the lobby, or watching a game
        parts.append(
            f"{info.spectators} not seated"
            if info.phase == "waiting"
            else f"{info.spectators} watching"
        )
    parts.append(f"host {info.host}" if info.host else "no host")
    if info.private:
        parts.append("private")
    return f"{info.name}: {', '.join(parts)}"


class TablesScreen(KeyStates, Screen[None]):
    """The server's tables: choose one to join or watch, or create one."""

    DEFAULT_CSS = """
    TablesScreen { padding: 0 1; }
    TablesScreen #tables-title { text-style: bold; }
    TablesScreen #tables-empty { height: auto; margin-top: 1; }
    TablesScreen #tables-status { height: auto; text-style: bold; }
    TablesScreen #tables-list { height: 1fr; border: none; }
    TablesScreen #tables-code { margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join", id="tables.join"),
        Binding("w", "watch", "Watch", id="tables.watch"),
        Binding("c", "create", "Create", id="tables.create"),
        Binding("v", "create_private", "Private", id="tables.private"),
        Binding("i", "code", "Invite code", id="tables.code"),
        Binding("o", "settings", "Settings", id="tables.settings"),
        # Not in the footer (at 80 columns every key there is whole): the list's second line
        # of keys says these, as the screen-reader mode's key line does.
        Binding("y", "app.your_games", "Your games", show=False, id="tables.games"),
        Binding("p", "app.profile", "Profile", show=False, id="tables.profile"),
        Binding("l", "app.leaderboards", "Leaders", show=False, id="tables.leaderboards"),
        # Not in the footer, which has Ctrl+Q for it: at 80 columns every key there is whole.
        Binding("q", "app.leave_app", "Quit", show=False, id="tables.quit"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter | Join the chosen table (one under way: watch it). |
    | w | Watch the chosen table. |
    | c | Create a table: you host it and set it up. |
    | v | Create a private table: its lobby shows the invite code to pass on. |
    | i | Type an invite code to come to that private table. |
    | y | Your games: your finished games here; Enter replays one from your seat. |
    | p | Your profile: games played and won, ratings, recent games. |
    | l | Leaderboards: each game's rated players; Enter shows a player's profile. |
    | o | Settings: screen-reader mode, high contrast. |
    | q | Quit. |
    """

    def __init__(self, tables: TablesView, guest: str) -> None:
        super().__init__()
        self.tables = tables
        self.guest = guest
        self.title = "Tables"
        self._ids: list[str] = []
        self._busy = False

    @property
    def screen_reader(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(settings is not None and settings.screen_reader)

    def compose(self) -> ComposeResult:
        screen_reader = self.screen_reader
        yield Static(Content("Tables at this server"), id="tables-title")
        if screen_reader:
            yield MarkedLine(SR_HINT, id="tables-status")
        else:
            yield Static(Content(LIST_HINT), classes="hint")
            yield Static(Content(STATS_HINT), classes="hint")
            yield Static(id="tables-status")
        yield Static(id="tables-empty")
        # The chosen line is marked in text ("> "), not by colour alone, in either mode.
        yield SpokenList(id="tables-list")
        if not screen_reader:
            yield KeyFooter(compact=True)
        if self.is_mounted:  # composed again (screen-reader mode switched): fill the list
            self.call_after_refresh(self.show_tables)

    def on_mount(self) -> None:
        self.show_tables()
        self.query_one("#tables-list", OptionList).focus()
        self.call_after_refresh(self._keys_to_footer)

    def _keys_to_footer(self) -> None:
        self._key_states = None
        self.refresh_bindings()

    def show_tables(self) -> None:
        """The list as the server has it now; the selection stays on the same table (or,
        gone, on the one that took its place)."""
        if not self.query("#tables-list"):
            return
        # A private table is its own people's: the others come with its invite code.
        listing = [info for info in self.tables.listing() if info.shown_to(self.guest)]
        ids = [info.id for info in listing]
        view = self.query_one("#tables-list", OptionList)
        chosen = self.chosen()
        index = view.highlighted
        view.clear_options()
        view.add_options(Option(Text(table_line(info)), id=info.id) for info in listing)
        self._ids = ids
        if listing:
            if chosen in ids:
                index = ids.index(chosen)
            view.highlighted = min(index or 0, len(ids) - 1)
        empty = self.query_one("#tables-empty", Static)
        empty.update(Content(NO_TABLES if not listing else ""))
        empty.display = not listing
        view.display = bool(listing)
        self.refresh_bindings()

    def chosen(self) -> str | None:
        """The id of the table the selection is on."""
        view = self.query_one("#tables-list", OptionList)
        if view.highlighted is None or not view.option_count:
            return None
        return view.get_option_at_index(view.highlighted).id

    def say(self, text: str) -> None:
        """``text`` on the status line."""
        status = self.query_one("#tables-status", Static)
        if isinstance(status, MarkedLine):
            status.say(text)
        else:
            status.update(Text(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("join", "watch"):
            return bool(self._ids)
        return True

    @on(OptionList.OptionSelected, "#tables-list")
    async def _selected(self, event: OptionList.OptionSelected) -> None:
        await self.action_join()

    async def action_join(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            self.say("There is no table to join: press c to create one.")
            return
        info = next((i for i in self.tables.listing() if i.id == chosen), None)
        watching = info is not None and info.phase != "waiting"
        await self._enter("watch" if watching else "join", chosen)

    async def action_watch(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            self.say("There is no table to watch.")
            return
        await self._enter("watch", chosen)

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen())

    async def action_create(self) -> None:
        await self._enter("create", None)

    async def action_create_private(self) -> None:
        await self._enter("private", None)

    async def action_code(self) -> None:
        if self.query("#tables-code"):
            self.query_one("#tables-code", Input).focus()
            return
        line = Input(placeholder="invite code", max_length=16, id="tables-code")
        await self.mount(line, after=self.query_one("#tables-status"))
        line.focus()
        self.say(CODE_PROMPT)

    @on(Input.Submitted, "#tables-code")
    async def _code_typed(self, event: Input.Submitted) -> None:
        code = event.value
        await self._close_code()
        await self._enter("code", code)

    async def _close_code(self) -> None:
        for line in self.query("#tables-code").results(Input):
            await line.remove()
        self.query_one("#tables-list", OptionList).focus()

    async def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.query("#tables-code"):
            event.stop()
            await self._close_code()
            self.say("Back to the list.")

    async def _enter(self, way: Way, what: str | None) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            hall = await self.tables.enter(way, what)
        except IllegalAction as refusal:
            self.say(sentence(refusal))
            return
        finally:
            self._busy = False
        enter = getattr(self.app, "enter_table", None)
        if enter is not None:
            enter(hall)


class TablesApp(HallApp):
    """A guest's app with the list of tables under the table they are at (see the module)."""

    def __init__(
        self,
        door: TablesView,
        guest: str,
        settings: Settings | None = None,
        *,
        fast_path: FastPath | None = None,
        hall: HallView | None = None,
        said: str | None = None,
    ) -> None:
        super().__init__(
            hall if hall is not None else nowhere(), guest, settings, fast_path=fast_path
        )
        self.door = door
        self.at_table = hall is not None
        """Whether the guest is at a table (else at the list)."""
        self._said = said
        self._list_pending = False

    def get_default_screen(self) -> Screen[None]:
        return TablesScreen(self.door, self.guest)

    def on_mount(self) -> None:
        self.door.subscribe(self._list_changed)
        if self.at_table:
            self.push_screen(LobbyScreen(self.hall, self.guest))
        super().on_mount()
        if self._said is not None:
            said, self._said = self._said, None
            self.call_later(self._tell_list, said)

    def on_unmount(self) -> None:
        self.door.unsubscribe(self._list_changed)
        at, hall = self.at_table, self.hall
        super().on_unmount()
        if at:
            self.at_table = False
            self.door.left(hall)

    def _tell_list(self, text: str) -> None:
        for screen in self.screen_stack[:1]:
            if isinstance(screen, TablesScreen):
                screen.say(text)

    # -- the list ----------------------------------------------------------------------------

    def _list_changed(self) -> None:
        """The list changed (from any guest's session): shown soon, changes coalesced."""
        if not self._list_pending:
            self._list_pending = True
            self.call_later(self.set_timer, HALL_SETTLE, self._show_list, name="tables changed")

    def _show_list(self) -> None:
        self._list_pending = False
        base = self.screen_stack[0] if self.screen_stack else None
        if isinstance(base, TablesScreen) and not self.at_table:
            base.show_tables()

    # -- finished games: history, profile, leaderboards ---------------------------------------

    def _stats_source(self) -> tuple[StatsSource | None, str]:
        """The server's finished games (`TablesView.stats`), or None and why not."""
        stats = getattr(self.door, "stats", None)
        return stats() if stats is not None else (None, NO_STATS)

    def _stats_name(self, source: StatsSource | None) -> str:
        """The guest's name as the database spells it ("ala" for a login as "ALA")."""
        profile = source.profile(self.guest, 0) if source is not None else None
        return profile.name if profile is not None else self.guest

    def action_your_games(self) -> None:
        """The guest's finished games here, newest first; Enter replays one from their seat."""
        source, problem = self._stats_source()
        name = self._stats_name(source)
        self.push_screen(GamesScreen(source, name, problem=problem, viewer=self.guest))

    def action_profile(self) -> None:
        """The guest's own profile."""
        source, problem = self._stats_source()
        name = self._stats_name(source)
        self.push_screen(ProfileScreen(source, name, problem=problem, viewer=self.guest))

    def action_leaderboards(self) -> None:
        """Each game's rated players, best first, starting with the guest's latest game's."""
        source, problem = self._stats_source()
        latest = source.history(1, name=self.guest) if source is not None else ()
        game = latest[0].game if latest else None
        self.push_screen(LeaderboardScreen(source, game, problem=problem, viewer=self.guest))

    # -- coming to a table and leaving it ----------------------------------------------------

    def enter_table(self, hall: HallView) -> None:
        """The guest came to ``hall``: its lobby (and whatever the hall routes them to)."""
        self._unfollow()
        name_at = getattr(self.door, "name_at", None)
        if name_at is not None:
            self.guest = name_at(hall)  # "DUPE" is dupe at a table that knows dupe
        self.hall = hall
        self.at_table = True
        self.hall.subscribe(self._hall_changed)
        self.hall.chat.subscribe(self._chat_heard)
        self._notice_seen = max((n.number for n in hall.notices), default=0)
        self._hosting = False
        self._stepped_out = None
        attach = getattr(hall, "attach", None)
        if self._session is not None and attach is not None:
            attach(self.guest, self._session)
        self.push_screen(LobbyScreen(hall, self.guest))
        self._route()

    def leave_to_list(self) -> None:
        """Leave the table for the list: on purpose, so a seat in a game under way goes to
        a bot at once (net.hall.Hall.leave_table), not after a dropped player's grace."""
        if not self.at_table:
            return
        hall = self.hall
        name_of = getattr(self.door, "name_of", None)
        said = "You left the table" if name_of is None else f"You left {name_of(hall)}"
        if hall.phase == "playing" and hall.seats_of(self.guest):
            said += (
                "; a bot plays your seat until you come back: choose the table again to "
                "take your seat back."
            )
        else:
            said += "."
        self._unfollow()
        if self.fast_path is not None:
            self.fast_path.disarm()
        self.at_table = False
        self.hall = nowhere()
        self._routing = True  # popping the game here is not "leave the seat for a bot"
        try:
            while len(self.screen_stack) > 1:
                self.pop_screen()
        finally:
            self._routing = False
        self.door.left(hall, on_purpose=True)
        base = self.screen_stack[0]
        if isinstance(base, TablesScreen):
            base.show_tables()
            base.say(said)

    def _unfollow(self) -> None:
        self.hall.unsubscribe(self._hall_changed)
        self.hall.chat.unsubscribe(self._chat_heard)
        detach = getattr(self.hall, "detach", None)
        if self._session is not None and detach is not None:
            detach(self.guest, self._session)

    def main_menu(self) -> None:
        """Back to the table's lobby (the list, at no table)."""
        floor = 2 if self.at_table else 1
        while len(self.screen_stack) > floor:
            self.pop_screen()

    async def action_quit(self) -> None:
        """q where a screen quits (the game chooser of a table being set up): as Ctrl+Q."""
        await self.action_leave_app()

    def quit_words(self) -> str:
        """q at the game chooser of a table being set up goes back to the list."""
        return "back to the tables" if self.at_table else "quit"

    def binding_words(self, binding: Binding) -> str:
        """A key's words in the footer: Ctrl+Q says "Tables" at a table, where it goes back
        to the list, and "Quit" at the list."""
        if binding.action == "leave_app" and self.at_table:
            return "Tables"
        return binding.description

    async def action_leave_app(self) -> None:
        """Ctrl+Q: at a table, back to the list; at the list, quit."""
        if self.at_table:
            self.leave_to_list()
        else:
            self.exit()

    def farewell(self) -> str | None:
        """What the guest is told as their session ends: how to come back to a seat that
        waits for them (at the table they are at, or one they left for the list)."""
        if self.at_table:
            return super().farewell()
        waiting = getattr(self.door, "come_back", None)
        return waiting() if waiting is not None else None
