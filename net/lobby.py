"""LobbyScreen: the served table before (and between) games — seats, guests, who hosts.

Every line is plain text in reading order, so the same screen serves screen readers; names
come from SSH usernames and are shown as text, never as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from core.engine import IllegalAction
from core.games import GAMES
from net.hall import OPEN, HallView, names_in_words, settled
from net.host_menu import HOST_KEY
from tui.screens.settings import SettingsScreen
from tui.widgets.chat import CHAT_KEY, chat_line
from tui.widgets.footer import KeyFooter
from tui.widgets.keys import KeyStates
from tui.widgets.marked import MarkedLine

BACK_KEY = "b"
"""The lobby's key back to the game under way (a seat left mid-game, or watching)."""
CHAT_LINES = 5
"""The last chat lines the lobby shows."""

LOBBY_HINT = "Press the number of an open seat to sit there, or w to watch."
"""The lobby's marked line in screen-reader mode until a key has done something."""


_CONTENTS: dict[str, Content] = {}
"""Lobby lines as Textual draws them, shared by every guest's lobby (most lines read the same
for everyone): each is converted and measured once, not once per guest."""
_CONTENTS_LIMIT = 2048


def shared_content(line: Text) -> Content | Text:
    """``line`` as the `Content` every lobby showing it shares (a styled line as it is)."""
    if line.spans or line.style:
        return line
    content = _CONTENTS.get(line.plain)
    if content is None:
        if len(_CONTENTS) >= _CONTENTS_LIMIT:
            _CONTENTS.clear()
        content = _CONTENTS[line.plain] = Content(line.plain)
    return content


def lobby_lines(hall: HallView, guest: str) -> list[Text]:
    """What the lobby shows ``guest``, one fact per line."""
    lines: list[Text] = []
    setup = hall.setup
    host = hall.host or "nobody"
    if setup is None or hall.phase == "setup":
        title = GAMES[hall.game].title if hall.game else "a game"
        lines.append(Text(f"Waiting for the host ({host}) to set up {title}."))
    else:
        game = GAMES[setup.slug]
        if guest == hall.host:  # one line: a full lobby at 80x24 has none to spare
            lines.append(Text(f"{game.title}, hosted by you ({HOST_KEY} opens the host menu)."))
        else:
            lines.append(Text(f"{game.title}, hosted by {host}."))
        for key, value in setup.options.items():
            option = next(o for o in game.options if o.key == key)
            lines.append(Text(f"{option.label}: {option.label_of(value)}."))
        lines.append(Text("Seats:"))
        for index, seat in enumerate(setup.seats):
            line = Text(f"  {index + 1}. ")
            if seat.kind != OPEN:
                line.append(seat.name)
                if f"({seat.level})" not in seat.name:  # not already "Bot 3 (normal)"
                    line.append(f", a bot ({seat.level})")
            elif (holder := hall.holder(index)) is None:
                if hall.phase in ("lobby", "over"):
                    line.append(f"open — press {index + 1} to sit here")
                else:
                    line.append("open")
            else:
                line.append(holder)
                if holder == guest:
                    line.append(" (you)")
                if not hall.guests[holder].connected:
                    line.append(" — disconnected")
                elif hall.guests[holder].away and hall.phase == "playing":
                    line.append(" — away; a bot plays for ")
                    line.append("you" if holder == guest else holder)
            lines.append(line)
    # Everyone once: the seats above name the players, this line the others.
    connected = [g for g in hall.guests.values() if g.connected]
    unseated = [g.name for g in connected if g.seat is None]
    if setup is None or hall.phase == "setup":
        lines.append(Text("Here: " + ", ".join(g.name for g in connected) + "."))
    elif unseated and hall.phase == "lobby":
        lines.append(Text(f"Not seated yet: {names_in_words(unseated)}."))
    elif unseated:
        lines.append(Text(f"Watching: {names_in_words(unseated)}."))
    if hall.phase == "lobby":
        if guest == hall.host:
            missing = hall.missing()
            lines.append(
                Text(
                    "Press s to start."
                    if not missing
                    else f"Start when every open seat has a player ({len(missing)} to go)."
                )
            )
        elif not hall.missing():
            lines.append(Text(f"Every seat is taken: {host} can start the game."))
        else:
            lines.append(Text(f"{host} starts the game when the seats are full."))
    if hall.phase == "over":
        lines.append(Text(rematch_line(hall, guest, ready="s", leave="w", setup=None)))
    if hall.phase == "playing":
        lines.append(Text(back_line(hall, guest)))
    invite = getattr(hall, "invite", None)
    if invite is not None and hall.address is not None and hall.phase != "playing":
        lines.append(Text(f"Private table, invite code {invite}: {hall.address}"))
    elif guest == hall.host and hall.address is not None and hall.phase != "playing":
        # With a list of tables, friends who log in must then find this one there.
        listed = getattr(hall, "name", None)
        choose = f", then choose {listed} in the list." if listed else ""
        lines.append(Text(f"Friends join with: {hall.address}{choose}"))
    lines.append(Text(f"Press {CHAT_KEY} to chat with everyone here (/help lists its commands)."))
    lines.extend(
        Text(chat_line(line.sender, line.text))
        for line in hall.chat.recent(guest, CHAT_LINES, playing=False)
    )
    return lines


def sentence(refusal: Exception) -> str:
    """A hall's refusal ("only the host (ala) can …") as a sentence of its own."""
    text = str(refusal).rstrip(".") or "Not possible"
    return f"{text[:1].upper()}{text[1:]}."


def rematch_line(
    hall: HallView, guest: str, *, ready: str = "r", leave: str = "b", setup: str | None = "n"
) -> str:
    """Where the rematch after a finished game stands, for ``guest``, naming the keys of the
    screen it is on: ``ready`` proposes it (the host) or says so, ``leave`` gives the seat
    up, ``setup`` (if any) sets up a new table."""
    host = hall.host or "nobody"
    hosting = guest == host
    if hall.phase == "playing":  # a spectator still reading the last game's results
        return f"The rematch is under way: press {leave} to watch it."
    if not hall.proposed:
        if hosting:
            new = f", or {setup} for a new setup" if setup else ""
            return f"Press {ready} to propose a rematch to the players{new}."
        return (
            f"The host ({host}) may propose a rematch; you then press {ready} when you are ready."
        )
    count, total = hall.ready_count()
    waiting = hall.waiting_for()
    if waiting:
        still = f"still to answer: {names_in_words(waiting)}"
        if guest in waiting:
            still += f" (you: press {ready} when you are ready, or {leave} to give your seat up)"
        return f"Rematch: {count} of {total} ready; {still}."
    empty = [str(seat + 1) for seat in hall.missing()]
    if empty:
        seats = f"seats {names_in_words(empty)} are" if len(empty) > 1 else f"seat {empty[0]} is"
        if hosting:
            return f"Rematch: {seats} empty; press {ready} to start with a bot there."
        return f"Rematch: {seats} empty; the host ({host}) may start with a bot there."
    return f"Rematch: {count} of {total} ready; it starts now."


def back_line(hall: HallView, guest: str) -> str:
    """How ``guest``, in the lobby while the game goes on, gets back to it."""
    seats = hall.seats_of(guest)
    if not seats:
        return f"The game is under way. Press {BACK_KEY} to watch it."
    seat = min(seats) + 1
    return (
        f"A bot plays for you on seat {seat} while you are away. "
        f"Press {BACK_KEY} to take your seat back."
    )


SEAT_KEYS = "lobby.sit"
"""The id of the lobby's binding shown for every seat key ("1-3 Sit")."""


class LobbyScreen(KeyStates, Screen[None]):
    """Take a seat, watch, or (as the host) start or change the table.

    | key | action |
    | --- | --- |
    | 1–8 | sit on that seat |
    | w | watch instead of playing |
    | s | start the game (host); after a game: propose the rematch, or say you are ready |
    | e | change the table setup (host) |
    | b | back to the game under way: take your seat back, or watch |
    | o | settings: screen-reader mode, high contrast |
    """

    DEFAULT_CSS = """
    LobbyScreen { padding: 1 2; }
    LobbyScreen #lobby-lines { height: auto; }
    LobbyScreen #lobby-status { margin-top: 1; text-style: bold; }
    """

    # The footer shows only the keys that do something now, with a host's key marked so
    # for the others: every key fits 80 columns ('^q Quit' and 'f1 Help' fell off).
    BINDINGS = [
        # One for all in the footer, "1-4 Sit" (HallApp.get_key_display), while a seat is
        # free; it comes first, so key 1's own binding below is the one left when none is.
        Binding("1", "sit(0, True)", "Sit", id=SEAT_KEYS),
        *(
            Binding(str(n), f"sit({n - 1})", f"Seat {n}", show=False, id=f"lobby.seat{n}")
            for n in range(1, 9)  # Whoosh seats up to eight
        ),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("s", "start(True)", "Start", id="lobby.start"),
        Binding("s", "start(False)", "Start (host)", id="lobby.start-guest"),
        Binding("s", "rematch", "Rematch", id="lobby.rematch"),
        Binding("e", "edit(True)", "Setup", id="lobby.edit"),
        Binding("e", "edit(False)", "Setup (host)", id="lobby.edit-guest"),
        Binding(BACK_KEY, "back_to_table", "Back to the game", id="lobby.back"),
        Binding("o", "settings", "Settings", id="lobby.settings"),
    ]

    def __init__(self, hall: HallView, guest: str) -> None:
        super().__init__()
        self.hall = hall
        self.guest = guest
        self.title = "Lobby"
        self._shown: list[str] = []
        """The lines shown, one widget each (`show_hall`)."""
        self._lines = Vertical(id="lobby-lines")
        self._stale = False

    def compose(self) -> ComposeResult:
        lines = lobby_lines(self.hall, self.guest)
        self._shown = [line.plain for line in lines]
        with self._lines:
            for line in lines:
                yield Static(shared_content(line))
        settings = getattr(self.app, "settings", None)
        if settings is not None and settings.screen_reader:
            # Where a screen reader starts reading: what to do here, then what each key did.
            # No footer: its keys side by side read as one run-on line, and the lines above
            # say every key (help lists them too).
            yield MarkedLine(LOBBY_HINT, id="lobby-status")
        else:
            yield Static(id="lobby-status")
            # Compact, as at a table: every key at 80 columns; one line of text, redrawn
            # only when the keys change (the lobby redraws at every change of the hall).
            yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.show_hall()
        # The footer subscribes to key changes as it mounts, after the first show_hall told
        # of them (and KeyStates tells again only of a change): it showed no keys at all.
        self.call_after_refresh(self._keys_to_footer)

    def _keys_to_footer(self) -> None:
        self._key_states = None
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        if self._stale:
            self.show_hall()

    def show_hall(self) -> None:
        """Redraw from the hall as it is now (when hidden under a game: once it shows again).

        Every guest's lobby redraws at every change of the hall (fifty of them for one seat
        taken), so only what changed is drawn: a line a widget, and of those only the ones
        whose text changed; the screen is laid out again only when a line's height changes
        or lines come or go."""
        if not self.is_current and self.is_mounted:
            self._stale = True
            return
        self._stale = False
        if self._lines.is_attached:
            self._show_lines(lobby_lines(self.hall, self.guest))
        self.refresh_bindings()

    def _show_lines(self, lines: list[Text]) -> None:
        shown, widgets = self._shown, list(self._lines.children)
        moved = len(lines) != len(shown)
        for index, (line, widget) in enumerate(zip(lines, widgets, strict=False)):
            if index < len(shown) and line.plain == shown[index]:
                continue
            if not isinstance(widget, Static):
                continue
            widget.update(shared_content(line), layout=False)
            width, height = widget.content_size
            if not width or (
                (line.cell_len > width or height != 1)
                # As Textual measures a widget's height (Widget.get_content_height).
                and widget.visual.get_height(widget.styles, width) != height  # type: ignore[arg-type]
            ):
                widget.refresh(layout=True)
                moved = True
        if len(lines) > len(widgets):
            self._lines.mount_all(Static(shared_content(line)) for line in lines[len(widgets) :])
        for widget in widgets[len(lines) :]:
            widget.remove()
        self._shown = [line.plain for line in lines]
        if moved:
            for status in self.query("#lobby-status").results(MarkedLine):
                status.call_after_refresh(status.place)  # the lines above may have grown

    def say(self, message: str) -> None:
        """Put ``message`` on the status line, as if a key here had done it."""
        self._say(message)

    def _say(self, message: str) -> None:
        status = self.query_one("#lobby-status", Static)
        if isinstance(status, MarkedLine):
            status.say(message)
        else:
            status.update(Text(message))

    def free_seats(self) -> list[int]:
        """The seats a key would sit this guest on: open, and nobody's (their own is theirs
        already; after a game s says they are ready, as its key does)."""
        setup = self.hall.setup
        if setup is None or self.hall.phase not in ("lobby", "over"):
            return []
        return [
            index
            for index, seat in enumerate(setup.seats)
            if seat.kind == OPEN and self.hall.holder(index) is None
        ]

    def seat_keys(self) -> str:
        """The keys that seat someone at this table, as the footer names them: "1-3",
        "1,3-4" (seat 2 taken)."""
        runs: list[list[int]] = []
        for seat in self.free_seats():
            if runs and runs[-1][-1] == seat - 1:
                runs[-1].append(seat)
            else:
                runs.append([seat])
        return ",".join(
            f"{run[0] + 1}" if len(run) == 1 else f"{run[0] + 1}-{run[-1] + 1}" for run in runs
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key is in the footer while it does something here and now (each of s and e
        has a binding for the host and one for the others, whose key says whose it is)."""
        phase = self.hall.phase
        if action in ("start", "edit"):
            hosting = self.guest == self.hall.host
            return phase == "lobby" and parameters == (hosting,)
        if action == "rematch":
            return phase == "over"
        if action == "watch":
            return phase in ("lobby", "over")
        if action == "back_to_table":
            return phase == "playing"
        if action == "sit":
            setup = self.hall.setup
            seat = parameters[0] if parameters else -1
            if setup is None or not isinstance(seat, int) or seat >= len(setup.seats):
                return False
            if parameters[1:] == (True,):  # the footer's: shown while a seat is free
                return bool(self.free_seats())
            return phase in ("lobby", "over")
        return True

    async def action_sit(self, seat: int, offered: bool = False) -> None:
        """Sit on ``seat`` (``offered``: by the footer's binding, which names every seat)."""
        try:
            await settled(self.hall.take_seat(self.guest, seat))
        except IllegalAction as refusal:
            self._say(f"Not possible: {refusal}")
        else:
            self._say(f"You sit on seat {seat + 1}.")
        self.show_hall()

    async def action_watch(self) -> None:
        try:
            await settled(self.hall.watch(self.guest))
        except IllegalAction as refusal:
            self._say(f"Not possible: {refusal}")
        else:
            self._say("You are watching.")
        self.show_hall()

    async def action_rematch(self) -> None:
        """After a game, the rematch: the host proposes it, a player says they are ready
        (as r on the results)."""
        try:
            await self.hall.rematch(self.guest)
        except IllegalAction as refusal:
            self._say(sentence(refusal))

    async def action_start(self, hosting: bool = True) -> None:
        """Start the game (the host; ``hosting`` says which key's binding it is)."""
        if self.hall.phase == "over":
            await self.action_rematch()
            return
        if self.guest != self.hall.host:
            self._say(f"Only the host ({self.hall.host}) can start the game.")
            return
        try:
            await self.hall.start(self.guest)
        except IllegalAction as refusal:
            self._say(f"Not yet: {refusal}")

    async def action_back_to_table(self) -> None:
        back = getattr(self.app, "back_to_table", None)
        if back is None:
            return
        try:
            await back()
        except IllegalAction as refusal:
            self._say(f"Not possible: {refusal}")

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen())

    def action_edit(self, hosting: bool = True) -> None:
        if self.guest != self.hall.host:
            self._say(f"Only the host ({self.hall.host}) can change the setup.")
            return
        setup = self.hall.setup
        if setup is not None:
            self.app.open_setup(setup.slug)  # type: ignore[attr-defined]
