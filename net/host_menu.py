"""HostMenuScreen: what the host of a served table may do beyond starting it — end the game,
hand the host role on, ask a guest to leave, give a seat to a bot or to a guest who watches.

Every choice is a line of one list (Up/Down, Enter; Escape goes back), the selected line
marked with ``> `` and the terminal cursor, as on every screen of screen-reader mode. Ending
the game asks first, and its question starts on "Keep playing": Enter alone never ends it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core.engine import IllegalAction
from net.hall import BAN, OPEN, HallView, settled
from tui.widgets.spoken import SpokenList

HOST_KEY = "h"
"""The key that opens the host's menu (the lobby and the table)."""
KEEP_PLAYING = "Keep playing"
END_GAME = "End the game (recorded as abandoned)"
TAKE_BACKS_ON = "Allow take-backs (a move is taken back if every other player agrees)"
TAKE_BACKS_OFF = "Turn take-backs off"


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of the menu and what it asks of the hall."""

    label: str
    request: Callable[[], Awaitable[None] | None] | None
    """None: close the menu; otherwise the hall request (refused with IllegalAction)."""
    confirm: bool = False
    """Whether it asks "are you sure" first (ending the game)."""


def host_choices(hall: HallView, host: str) -> list[Choice]:
    """What ``host`` may do now, in the order the menu lists it."""
    choices = [Choice("Back (close this menu)", None)]
    if hall.phase == "playing":
        choices.append(Choice(END_GAME, lambda: hall.end_game(host), confirm=True))
    if hall.take_backs:
        choices.append(Choice(TAKE_BACKS_OFF, lambda: hall.set_take_backs(host, False)))
    else:
        choices.append(Choice(TAKE_BACKS_ON, lambda: hall.set_take_backs(host, True)))
    others = [g.name for g in hall.guests.values() if g.connected and g.name != host]
    for name in others:
        choices.append(Choice(f"Hand the host role to {name}", _hand(hall, host, name)))
    for name in others:
        choices.append(Choice(f"Kick {name}", _kick(hall, host, name)))
    setup = hall.setup
    if setup is not None and hall.phase != "setup":
        watching = [g.name for g in hall.guests.values() if g.connected and g.seat is None]
        for index, seat in enumerate(setup.seats):
            holder = hall.holder(index)
            if seat.kind != OPEN or (holder is None and hall.phase == "playing"):
                continue
            number = index + 1
            which = f"Replace seat {number} ({holder})"
            # An open seat: nobody is replaced, someone is put there.
            bot = f"Put a bot on seat {number}" if holder is None else f"{which} with a bot"
            choices.append(Choice(bot, _replace(hall, host, index, None)))
            for name in watching:
                given = f"{which} with {name}" if holder else f"Seat {name} on seat {number}"
                choices.append(Choice(given, _replace(hall, host, index, name)))
    return choices


def _hand(hall: HallView, host: str, to: str) -> Callable[[], Awaitable[None] | None]:
    return lambda: hall.hand_host(host, to)


def _kick(hall: HallView, host: str, who: str) -> Callable[[], Awaitable[None] | None]:
    return lambda: hall.kick(host, who)


def _replace(
    hall: HallView, host: str, seat: int, by: str | None
) -> Callable[[], Awaitable[None] | None]:
    return lambda: hall.replace_seat(host, seat, by)


class HostMenuScreen(Screen[None]):
    """The host's choices in a list; Enter does the selected one, Escape goes back.

    | key | action |
    | --- | --- |
    | Up, Down | select a choice |
    | Enter | do it (ending the game asks first) |
    | Escape | back (from the question: to the menu) |
    """

    DEFAULT_CSS = """
    HostMenuScreen { padding: 1 2; }
    HostMenuScreen #host-menu-heading, HostMenuScreen #host-menu-status { height: auto; }
    HostMenuScreen #host-menu-choices { height: 1fr; }
    HostMenuScreen #host-menu-status { margin-top: 1; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="host_menu.back"),
    ]

    def __init__(self, hall: HallView, guest: str) -> None:
        super().__init__()
        self.hall = hall
        self.guest = guest
        self.title = "Host menu"
        self._choices: list[Choice] = []
        self._asking: Choice | None = None
        """The choice whose question is shown (ending the game), or None: the menu."""

    def compose(self) -> ComposeResult:
        yield Static(id="host-menu-heading")
        yield SpokenList(id="host-menu-choices")
        yield Static(id="host-menu-status")
        yield Footer()

    def on_mount(self) -> None:
        self.show_choices()

    def show_choices(self) -> None:
        """The menu as the hall is now (guests come and go while it is open)."""
        if self._asking is not None:
            return
        heading = (
            "Host menu: you host this table. Choose with Up and Down, Enter does it, "
            "Escape goes back. A guest you kick may not come back to this table for "
            f"{BAN / 60:g} minutes."
        )
        self.query_one("#host-menu-heading", Static).update(Content(heading))
        choices = host_choices(self.hall, self.guest)
        listing = self.query_one("#host-menu-choices", SpokenList)
        if [c.label for c in choices] == [c.label for c in self._choices]:
            self._choices = choices
            return
        self._choices = choices
        listing.clear_options()
        listing.add_options(
            [Option(Text(choice.label), id=str(i)) for i, choice in enumerate(choices)]
        )
        listing.highlighted = 0
        listing.focus()

    def _ask(self, choice: Choice) -> None:
        self._asking = choice
        self.query_one("#host-menu-heading", Static).update(
            Content(
                "End the game for everyone? It is recorded as abandoned, so a restart does "
                "not resume it; everyone goes back to the lobby with the same setup."
            )
        )
        listing = self.query_one("#host-menu-choices", SpokenList)
        listing.clear_options()
        listing.add_options(
            [Option(Text(KEEP_PLAYING), id="keep"), Option(Text(END_GAME), id="end")]
        )
        listing.highlighted = 0  # ending is never what Enter alone does
        listing.focus()

    @on(OptionList.OptionSelected, "#host-menu-choices")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        if self._asking is not None:
            choice, self._asking = self._asking, None
            if chosen == "end":
                await self._do(choice)
            else:
                self._choices = []
                self.show_choices()
            return
        choice = self._choices[int(chosen)]
        if choice.request is None:
            self.dismiss()
        elif choice.confirm:
            self._ask(choice)
        else:
            await self._do(choice)

    async def _do(self, choice: Choice) -> None:
        assert choice.request is not None
        try:
            await settled(choice.request())
        except IllegalAction as refusal:
            self._choices = []
            self.show_choices()
            self.query_one("#host-menu-status", Static).update(Content(f"Not possible: {refusal}"))
            return
        if self.is_attached and self.app.screen is self:
            self.dismiss()

    def action_back(self) -> None:
        if self._asking is not None:
            self._asking = None
            self._choices = []
            self.show_choices()
        else:
            self.dismiss()
