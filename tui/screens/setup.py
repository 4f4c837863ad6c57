"""SetupScreen: who sits at the table, the game's options and the seed, checked before Start.

The screen keeps its choices in plain attributes (``SeatChoice`` per seat, the option
values, the seed text) and composes its widgets from them. Widgets only report changes, so
the screen can be recomposed at any time — when a seat is added or removed, when a seat
changes between human and bot, when screen-reader mode is switched — without losing input.
"""

from __future__ import annotations

import contextlib
import getpass
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static
from textual.widgets.input import Selection

from core.bots import bot_levels
from core.engine import Game, OptionValue, validate_options
from core.games import GAMES
from core.table import NAME_MAX, NAME_PUNCTUATION, Seat, TableSetup
from tui.config import read_config, write_config
from tui.saves import save_path
from tui.screens.help import key_help
from tui.widgets.marked import CyclingChoice, PressLine
from tui.widgets.spoken import MARK, UNMARKED

if TYPE_CHECKING:
    from tui.app import HuntersApp

SEED_LIMIT = 2**63
"""Seeds are non-negative and below this, so they fit the 63-bit RNG state games keep."""

HOSTING = "You host this table: you set it up and start the game."
"""What the host of a served table reads on the game chooser and the setup, lines of their
own (a toast lay over the options' descriptions at 80x24)."""
HUMAN = "human"
"""The seat kind value for a person at this terminal; bots are ``bot:<level>``."""

PREFERRED_BOT = "normal"
"""The level new bot seats get, when the game offers it."""


class TextField(Input):
    """An Input that moves the terminal cursor into its text only while it has the focus.

    Textual's Input puts the cursor in its text whenever its text or selection is set, even
    as it is made, before it has a place on the screen: each name field of the setup sent
    the cursor to row 0, the key line, where a screen reader read its second row first."""

    def _watch_selection(self, selection: Selection) -> None:
        if self.has_focus:
            super()._watch_selection(selection)


@dataclass(slots=True)
class SeatChoice:
    """What the setup screen knows about one seat before the table exists."""

    kind: str
    """``"human"`` or ``"bot:<level>"``."""
    name: str


def name_problem(name: str, other_names: list[str]) -> str:
    """Why ``name`` cannot be used, in words for the player; empty when it can."""
    cleaned = name.strip()
    if not cleaned:
        return "Type a name for this seat."
    if len(cleaned) > NAME_MAX:
        return f"Names are at most {NAME_MAX} characters; this one has {len(cleaned)}."
    allowed = set(NAME_PUNCTUATION) | set("0123456789")
    bad = sorted({ch for ch in cleaned if not (ch.isalpha() or ch in allowed)})
    if bad:
        shown = " ".join(bad)
        return f"Use letters, digits, spaces and _ . - ( ) only, not: {shown}"
    if cleaned.casefold() in (other.strip().casefold() for other in other_names):
        return "Another seat already has this name."
    return ""


def local_name() -> str:
    """This computer's login name as a player name ("Player 1" when it does not fit)."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError):
        return "Player 1"
    name = login[:1].upper() + login[1:]
    return name if not name_problem(name, []) else "Player 1"


def parse_seed(text: str) -> int | None:
    """The seed typed, or None for a random deal; ValueError (with words) when it is no seed."""
    cleaned = text.strip()
    if not cleaned:
        return None
    if not re.fullmatch(r"[0-9]+", cleaned) or int(cleaned) >= SEED_LIMIT:
        raise ValueError(
            f"The seed is a whole number from 0 to {SEED_LIMIT - 1};"
            " leave it blank for a random deal."
        )
    return int(cleaned)


def seed_problem(text: str) -> str:
    """Why ``text`` is no seed; empty when it is one (or blank)."""
    try:
        parse_seed(text)
    except ValueError as error:
        return str(error)
    return ""


def default_seat_count(game: Game) -> int:
    """Four players when the game allows it, else the nearest count it does allow."""
    if 4 in game.players:
        return 4
    return game.players.stop - 1 if game.players.stop - 1 < 4 else game.players.start


class SetupScreen(Screen[None]):
    """One row per seat, then the game's options and the seed, then Start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", tooltip="Deal and start the game", id="setup.start"),
        Binding("ctrl+n", "add_seat", "Add seat", tooltip="One more player", id="setup.add_seat"),
        Binding(
            "ctrl+r",
            "remove_seat",
            "Remove seat",
            tooltip="Remove the seat you are on (or the last one); never the only human",
            id="setup.remove_seat",
        ),
        Binding("escape", "back", "Back", tooltip="Back to the game list", id="setup.back"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | ctrl+s | Start the game (same as the Start button). |
    | ctrl+n | Add a seat. |
    | ctrl+r | Remove the focused seat, or the last one (the last bot instead of the only human). |
    | escape | Back to the launcher. |
    | tab, shift+tab | Move between fields. |
    """

    AUTO_FOCUS = "#seat-0-kind"

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    def __init__(
        self, slug: str, *, hosting: bool = False, current: TableSetup | None = None
    ) -> None:
        """``hosting``: a served table, whose human seats are open for players joining
        over SSH and whose seed is never chosen by anyone (it comes from ``secrets``);
        ``current``: the table's setup so far, its seats and options to start from."""
        super().__init__()
        self.hosting = hosting
        self.game_slug = slug
        """The game being set up; help shows its rules."""
        self.game = GAMES[slug]
        self.title = f"{self.game.title}: table setup"
        self.levels = bot_levels(slug)
        self.default_level = PREFERRED_BOT if PREFERRED_BOT in self.levels else self.levels[-1]
        self.seats: list[SeatChoice] = []
        for index in range(default_seat_count(self.game)):
            opened = index == 0 or (hosting and index == 1)
            kind = HUMAN if opened else f"bot:{self.default_level}"
            self.seats.append(SeatChoice(kind, ""))
            self.seats[index].name = self.default_name(index)
        self.options: dict[str, OptionValue] = {
            option.key: option.default for option in self.game.options
        }
        self.seed_text = ""
        self.start_problem = ""
        """Why the last Start failed (the rules' own words), until something changes."""
        self._replacing_asked = False
        """Whether Start has said once that it replaces this game's unfinished save."""
        if current is not None and current.slug == slug:
            self._start_from(current)
        elif not hosting:
            self._restore_last(self.app.settings.config_file)

    def _start_from(self, current: TableSetup) -> None:
        """The seats and options of a table set up already (a host's e: change one thing,
        not set every seat and option again); a bot level this game lacks gets the default."""
        if len(current.seats) not in self.game.players:
            return
        self.seats = [
            SeatChoice(
                f"bot:{seat.level if seat.level in self.levels else self.default_level}"
                if seat.kind == "bot"
                else HUMAN,
                seat.name,
            )
            for seat in current.seats
        ]
        with contextlib.suppress(ValueError):  # options this game no longer has: defaults
            self.options = validate_options(self.game, dict(current.options))

    # -- the last setup, kept in the config file --------------------------------------------

    def _restore_last(self, config_file: Path | None) -> None:
        """Seats and options as they were at this game's last local Start, when the config
        file keeps them and they still make a table (else the defaults, silently: a setup
        is only a convenience). The seed is not kept: a new table deals a new game."""
        if config_file is None:
            return
        last = read_config(config_file).setups.get(self.game_slug)
        if last is None:
            return
        seats, options = last.get("seats"), last.get("options", {})
        if not isinstance(seats, list) or len(seats) not in self.game.players:
            return
        kinds = {HUMAN, *(f"bot:{level}" for level in self.levels)}
        if not all(
            isinstance(seat, list) and len(seat) == 2 and seat[0] in kinds for seat in seats
        ) or not any(seat[0] == HUMAN for seat in seats):
            return
        try:
            chosen = validate_options(self.game, options if isinstance(options, dict) else {})
        except ValueError:
            chosen = dict(self.options)
        self.seats = [SeatChoice(kind, "") for kind, _ in seats]
        for index, (_, name) in enumerate(seats):
            self.seats[index].name = self.default_name(index)
            others = [seat.name for seat in self.seats[:index]]
            if isinstance(name, str) and not name_problem(name, others):
                self.seats[index].name = name
        self.options = chosen

    def _keep_setup(self) -> None:
        """Remember these seats and options as this game's last setup (a local table only)."""
        config_file = self.app.settings.config_file
        if config_file is None or self.hosting:
            return
        config = read_config(config_file)
        config.setups[self.game_slug] = {
            "seats": [[seat.kind, seat.name.strip()] for seat in self.seats],
            "options": dict(self.options),
        }
        if problem := write_config(config, self.app.settings, config_file):
            self.notify(problem, severity="warning")

    # -- what the seats say -----------------------------------------------------------------

    def first_human(self) -> int | None:
        """The seat of "you": the first human seat."""
        return next((i for i, seat in enumerate(self.seats) if seat.kind == HUMAN), None)

    def default_name(self, index: int) -> str:
        """The name a seat gets until someone types another."""
        kind = self.seats[index].kind
        if kind == HUMAN and self.hosting:
            return f"Open seat {index + 1}"
        if kind == HUMAN:
            return local_name() if index == self.first_human() else f"Player {index + 1}"
        return f"Bot {index + 1} ({kind.removeprefix('bot:')})"

    def kind_choices(self, index: int) -> list[tuple[str, str]]:
        """The Select entries for a seat: the first human seat is "you", later ones not."""
        first = self.first_human()
        you = first is None or first >= index
        human = "you" if you else "another local human"
        if self.hosting:
            human = "open for a player"
        return [(human, HUMAN), *((f"bot ({level})", f"bot:{level}") for level in self.levels)]

    def name_problems(self) -> list[str]:
        """One entry per seat: why its name cannot be used, or empty."""
        names = [seat.name for seat in self.seats]
        return [
            name_problem(name, names[:index] + names[index + 1 :])
            for index, name in enumerate(names)
        ]

    def seats_problem(self) -> str:
        """Why the seats cannot play as they are (no human at the table), or empty."""
        if self.first_human() is None and self.hosting:
            return "Leave at least one seat open for a player: a table of bots has nobody to play."
        if self.first_human() is None:
            return "At least one seat must be you (a human): a table of bots has nobody to play."
        return ""

    # -- compose ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        screen_reader = self.app.settings.screen_reader
        low, high = self.game.players.start, self.game.players.stop - 1
        yield key_help(self)
        yield Static(Content(f"{self.game.title}: table setup"), classes="title")
        if self.hosting:
            yield Static(Content(HOSTING), id="hosting", classes="hint")
        problems = self.name_problems()
        # The form scrolls with the focus; as a tab stop of its own it would only be in the way.
        with VerticalScroll(id="setup-form", can_focus=False):
            yield Static(
                Content(f"Seats: {len(self.seats)} ({low} to {high} players)"),
                id="seats-heading",
                classes="heading",
            )
            if not screen_reader:
                # Column heads for the boxed layout; screen-reader lines name each field.
                yield Horizontal(
                    Label("", classes="field-label"),
                    Label("Who plays", classes="column-kind"),
                    Label("Name", classes="column-name"),
                    classes="seat-row column-heads",
                )
            for index, seat in enumerate(self.seats):
                kind: Widget
                if screen_reader:
                    # A drop-down would draw over the lines below it: a value Enter changes.
                    kind = CyclingChoice(
                        f"Seat {index + 1} plays:",
                        [(label, value) for label, value in self.kind_choices(index)],
                        seat.kind,
                        id=f"seat-{index}-kind",
                    )
                else:
                    kind = Select(
                        self.kind_choices(index),
                        value=seat.kind,
                        allow_blank=False,
                        compact=True,
                        id=f"seat-{index}-kind",
                        tooltip=f"Who plays seat {index + 1}",
                    )
                name = TextField(
                    seat.name,
                    placeholder="name",
                    compact=True,
                    id=f"seat-{index}-name",
                    tooltip=f"The name of seat {index + 1}",
                )
                if screen_reader:
                    yield kind
                    yield self._field(f"Seat {index + 1} name:", name)
                else:
                    yield Horizontal(
                        Label(f"Seat {index + 1}", classes="field-label"),
                        kind,
                        name,
                        classes="seat-row",
                    )
                yield self._problem(f"seat-{index}-problem", problems[index])
            yield self._problem("seats-problem", self.seats_problem())
            if screen_reader:
                if len(self.seats) < high:
                    yield PressLine("Add a seat (Enter)", id="add-seat")
                if len(self.seats) > low:
                    yield PressLine("Remove the last seat (Enter)", id="remove-seat")
            else:
                with Horizontal(classes="buttons"):
                    yield Button(
                        "Add seat",
                        id="add-seat",
                        compact=True,
                        disabled=len(self.seats) >= high,
                    )
                    yield Button(
                        "Remove seat",
                        id="remove-seat",
                        compact=True,
                        disabled=len(self.seats) <= low,
                    )
            if self.game.options:
                yield Static("Options", classes="heading")
            for option in self.game.options:
                value = self.options[option.key]
                choices = [(option.label_of(choice), i) for i, choice in enumerate(option.choices)]
                if screen_reader:
                    yield CyclingChoice(
                        f"{option.label}:",
                        choices,
                        option.choices.index(value),
                        id=f"option-{option.key}",
                    )
                else:
                    select = Select(
                        choices,
                        value=option.choices.index(value),
                        allow_blank=False,
                        compact=True,
                        id=f"option-{option.key}",
                        tooltip=option.help,
                    )
                    yield self._field(f"{option.label}:", select)
                yield Static(Content(option.help), classes="option-help")
            if not self.hosting:  # a served game's seed never leaves the server
                seed = TextField(
                    self.seed_text,
                    placeholder="blank = random deal",
                    compact=True,
                    id="seed",
                    tooltip="The same seed and seats deal the same game again",
                )
                yield self._field("Seed:", seed)
                yield self._problem("seed-problem", seed_problem(self.seed_text))
            if screen_reader:
                yield PressLine("Start the game (Enter, or Ctrl+S from anywhere)", id="start")
            else:
                yield Button("Start", id="start", variant="primary", compact=True)
            yield self._problem("start-problem", self.start_problem)

    def on_mount(self) -> None:
        if self.app.settings.screen_reader:
            self.watch(self, "focused", self._mark_field)
            self.screen_layout_refresh_signal.subscribe(self, self._cursor_to_field)

    def _cursor_to_field(self, _screen: Screen[object]) -> None:
        """A text field puts the terminal cursor in its text when it gets the focus, before
        the form scrolls it into view: at 80×24 the Seed field left the cursor a line below
        it, on 'Start the game'. After each layout (a scroll too) it goes back in the text."""
        focused = self.focused
        if isinstance(focused, Input) and self.is_active:
            self.app.cursor_position = focused.cursor_screen_offset

    def _mark_field(self, focused: Widget | None) -> None:
        """In screen-reader mode the focused text field's label starts with "> " (the lines
        of choices mark themselves); the field puts the terminal cursor in its text."""
        for row in self.query(".field").results(Horizontal):
            label = row.query_one(".field-label", Label)
            text = str(label.content).removeprefix(MARK).removeprefix(UNMARKED)
            mark = MARK if focused is not None and focused in row.children else UNMARKED
            label.update(Content(mark + text))

    def _field(self, label: str, widget: Widget) -> Horizontal:
        """A label and its control on one line (read together by screen readers, too)."""
        return Horizontal(Label(Content(label), classes="field-label"), widget, classes="field")

    def _problem(self, widget_id: str, text: str) -> Static:
        """A line under a field that explains what is wrong with it (hidden when nothing is)."""
        problem = Static(Content(self._problem_text(text)), id=widget_id, classes="problem")
        problem.display = bool(text)
        return problem

    def _problem_text(self, text: str) -> str:
        """A problem as shown: after a warning sign, or in screen-reader mode a word."""
        if not text:
            return ""
        return f"Problem: {text}" if self.app.settings.screen_reader else f"⚠ {text}"

    def _show_problem(self, widget_id: str, text: str) -> None:
        for problem in self.query(f"#{widget_id}").results(Static):
            problem.update(Content(self._problem_text(text)))
            problem.display = bool(text)

    async def _rebuild(self, focus_id: str | None) -> None:
        """Compose again from the choices and put the focus back where it was."""
        await self.recompose()
        self.refresh_bindings()
        if focus_id is not None:
            targets = self.query(f"#{focus_id}")
            if targets:
                targets.first().focus()
                return
        self.focus_next()

    def _seat_of(self, widget: Widget | None) -> int | None:
        """The seat a seat widget belongs to (its id is ``seat-<n>-...``)."""
        if widget is None or widget.id is None:
            return None
        found = re.fullmatch(r"seat-(\d+)-\w+", widget.id)
        return int(found.group(1)) if found else None

    # -- handlers ---------------------------------------------------------------------------

    @on(Select.Changed)
    async def _select_changed(self, event: Select.Changed) -> None:
        await self._choice_changed(event.select, event.value)

    @on(CyclingChoice.Changed)
    async def _cycled(self, event: CyclingChoice.Changed) -> None:
        await self._choice_changed(event.choice, event.value)

    async def _choice_changed(self, widget: Widget, value: object) -> None:
        """A seat's kind or an option changed (a drop-down, or a line in screen-reader mode)."""
        if not widget.is_attached:
            return  # From a widget a rebuild replaced: the new one shows the choices.
        select_id = widget.id or ""
        if select_id.startswith("option-"):
            option = next(o for o in self.game.options if f"option-{o.key}" == select_id)
            if isinstance(value, int) and (self.options[option.key] != option.choices[value]):
                self.options[option.key] = option.choices[value]
                self._clear_start_problem()
            return
        index = self._seat_of(widget)
        if index is None or not isinstance(value, str):
            return
        if index >= len(self.seats) or self.seats[index].kind == value:
            return  # Selects report their value when mounted; nothing changed.
        old_defaults = [self.default_name(i) for i in range(len(self.seats))]
        self.seats[index].kind = value
        for i, seat in enumerate(self.seats):
            # A name nobody typed follows the seat: "Bot 2 (hard)" becomes "Player 2".
            if seat.name == old_defaults[i]:
                seat.name = self.default_name(i)
        self.start_problem = ""
        await self._rebuild(widget.id)

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        if not event.input.is_attached:
            return
        if event.input.id == "seed":
            if self.seed_text == event.value:
                return  # Reported on mounting, or already read by Start.
            self.seed_text = event.value
            self._show_problem("seed-problem", seed_problem(event.value))
        else:
            index = self._seat_of(event.input)
            if index is None or index >= len(self.seats) or self.seats[index].name == event.value:
                return
            self.seats[index].name = event.value
            for i, problem in enumerate(self.name_problems()):
                self._show_problem(f"seat-{i}-problem", problem)
        self._clear_start_problem()

    @on(Input.Submitted)
    def _input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field moves on to the next field, like a form (from the seed, the
        last one, round to the first). It never starts the game, nor lands on a button
        whose Enter would: a newcomer's Enter meant for an option started it from the seed.
        Ctrl+S starts, and Start once the player moves to it themselves."""
        chain = self.focus_chain
        here = chain.index(event.input) if event.input in chain else -1
        for widget in chain[here + 1 :] + chain[: here + 1]:
            if not isinstance(widget, Button | PressLine):
                widget.focus()
                return

    @on(Button.Pressed, "#start")
    @on(PressLine.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#add-seat")
    @on(PressLine.Pressed, "#add-seat")
    async def _add_pressed(self) -> None:
        await self.action_add_seat()

    @on(Button.Pressed, "#remove-seat")
    @on(PressLine.Pressed, "#remove-seat")
    async def _remove_pressed(self) -> None:
        await self.action_remove_seat()

    def _clear_start_problem(self) -> None:
        if self.start_problem:
            self.start_problem = ""
            self._show_problem("start-problem", "")

    # -- actions ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out adding and removing seats at the game's limits."""
        if action == "add_seat":
            return len(self.seats) < self.game.players.stop - 1 or None
        if action == "remove_seat":
            return len(self.seats) > self.game.players.start or None
        return True

    def first_problem(self) -> str:
        """The first thing the player must fix, with where it is; empty when all fields are fine."""
        for index, problem in enumerate(self.name_problems()):
            if problem:
                return f"Seat {index + 1}: {problem}"
        if problem := self.seats_problem() or seed_problem(self.seed_text):
            return problem
        return ""

    def table_setup(self) -> TableSetup:
        """The TableSetup these choices make; ValueError says what is wrong, in words."""
        if problem := self.first_problem():
            raise ValueError(problem)
        seats = tuple(
            Seat(seat.name.strip(), "remote" if self.hosting else "human")
            if seat.kind == HUMAN
            else Seat(seat.name.strip(), "bot", seat.kind.removeprefix("bot:"))
            for seat in self.seats
        )
        setup = TableSetup(self.game_slug, seats, dict(self.options), parse_seed(self.seed_text))
        setup.new_match()  # The rules check everything else, in their own words.
        return setup

    def action_start(self) -> None:
        """Check every choice; start the game, or say what to fix and go there."""
        self._read_fields()
        if self.first_problem():
            self._show_all_problems("Not started: fix what is marked above first.")
            return
        try:
            setup = self.table_setup()
        except ValueError as error:
            self._show_all_problems(str(error))
            return
        if self._replaces_a_save() and not self._replacing_asked:
            self._replacing_asked = True
            self.start_problem = (
                f"Your unfinished {self.game.title} game is saved: starting a new one"
                " replaces it (Esc, then Continue it from the game list). Start again to"
                " replace it."
            )
            self._show_problem("start-problem", self.start_problem)
            return
        self._keep_setup()
        self.app.start_game(setup)

    def _replaces_a_save(self) -> bool:
        """Whether starting here would overwrite an unfinished local game of this game
        (one save per game), which Start then asks about once (unless confirmations are off)."""
        settings = self.app.settings
        if self.hosting or settings.config_file is None or not settings.confirmations:
            return False
        return save_path(self.game_slug).is_file()

    def _read_fields(self) -> None:
        """Take the text fields as they show now.

        Keys typed just before Start may still have their Changed messages queued, and
        Start must judge what the player sees.
        """
        for index, seat in enumerate(self.seats):
            for name in self.query(f"#seat-{index}-name").results(Input):
                seat.name = name.value
        for seed in self.query("#seed").results(Input):
            self.seed_text = seed.value

    def _show_all_problems(self, message: str) -> None:
        """Show every problem by its field, the summary by Start, and focus the first one."""
        for index, problem in enumerate(self.name_problems()):
            self._show_problem(f"seat-{index}-problem", problem)
        self._show_problem("seats-problem", self.seats_problem())
        self._show_problem("seed-problem", seed_problem(self.seed_text))
        self.start_problem = message
        self._show_problem("start-problem", message)
        first_bad = next((i for i, p in enumerate(self.name_problems()) if p), None)
        if first_bad is not None:
            self.query_one(f"#seat-{first_bad}-name", Input).focus()
        elif seed_problem(self.seed_text):
            self.query_one("#seed", Input).focus()
        elif self.seats_problem():
            self.query_one("#seat-0-kind").focus()

    async def action_add_seat(self) -> None:
        """Add a bot seat at the end (change it to a human in its row)."""
        if len(self.seats) >= self.game.players.stop - 1:
            return
        self.seats.append(SeatChoice(f"bot:{self.default_level}", ""))
        self.seats[-1].name = self.default_name(len(self.seats) - 1)
        self.start_problem = ""
        await self._rebuild(f"seat-{len(self.seats) - 1}-kind")

    def seat_to_remove(self) -> tuple[int | None, str]:
        """The seat Ctrl+R removes — the focused one, or the last — and what to say about it.

        The only human is never removed (the focus starts on your seat, and a table of bots
        has nobody to play): the last bot goes instead, or nothing, with the reason."""
        low = self.game.players.start
        if len(self.seats) <= low:
            return None, f"{self.game.title} needs at least {low} seats."
        focused = self._seat_of(self.focused)
        index = focused if focused is not None else len(self.seats) - 1
        humans = [i for i, seat in enumerate(self.seats) if seat.kind == HUMAN]
        if humans != [index]:
            return index, ""
        bots = [i for i, seat in enumerate(self.seats) if seat.kind != HUMAN]
        if not bots:
            return None, "Not removed: this is the only seat a person plays."
        who = "open seat" if self.hosting else "human"
        return bots[-1], f"Removed the last bot: seat {index + 1} is the only {who}."

    async def action_remove_seat(self) -> None:
        """Remove the seat the focus is in, or the last seat; never the only human."""
        index, note = self.seat_to_remove()
        if index is None:
            self._show_problem("seats-problem", note)
            self.app.bell()
            return
        focus_after = self._seat_of(self.focused)
        old_defaults = [self.default_name(i) for i in range(len(self.seats))]
        del self.seats[index]
        del old_defaults[index]
        for i, seat in enumerate(self.seats):
            # Seats after the removed one move up; untouched names follow their new number.
            if seat.name == old_defaults[i]:
                seat.name = self.default_name(i)
        self.start_problem = ""
        if focus_after is None or focus_after == index:
            focus_after = min(index, len(self.seats) - 1)
        elif focus_after > index:
            focus_after -= 1
        await self._rebuild(f"seat-{focus_after}-kind")
        if note:
            self._show_problem("seats-problem", note)

    def action_back(self) -> None:
        """Back to the game list; the choices made here are dropped."""
        self.dismiss()
