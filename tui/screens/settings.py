"""SettingsScreen: screen-reader mode, high contrast, the bots' pace, the milestone
summaries, confirmations and the turn bell, applied at once (and kept in the player's config
file when the app keeps one: ``tui/config.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.config import read_config, write_config
from tui.screens.help import key_help
from tui.settings import Settings
from tui.widgets.footer import KeyFooter
from tui.widgets.spoken import SpokenList

if TYPE_CHECKING:
    from tui.app import HuntersApp

BOT_DELAYS: tuple[float, ...] = (0.0, 0.4, 0.8, 1.5)
"""The bot paces offered, in seconds: instant, brisk, easy to follow, slow."""


def next_bot_delay(current: float) -> float:
    """The next pace after ``current``, wrapping around (an odd value goes to the next one up)."""
    return next((delay for delay in BOT_DELAYS if delay > current), BOT_DELAYS[0])


def on_off(value: bool) -> str:
    return "on" if value else "off"


def setting_lines(settings: Settings, *, bot_delay_here: bool = True) -> list[tuple[str, str]]:
    """(id, line) for every setting, the line saying its current value and what it does.

    ``bot_delay_here``: False at a served table, where the server sets the bots' pace."""
    delay = (
        f"Bot delay: {settings.bot_delay:g} s (how long a bot waits before it moves)"
        if bot_delay_here
        else f"Bot delay: {settings.bot_delay:g} s (set by the table's server)"
    )
    return [
        (
            "screen-reader",
            f"Screen-reader mode: {on_off(settings.screen_reader)}"
            " (plain lines, no boxes or positions)",
        ),
        (
            "high-contrast",
            f"High contrast: {on_off(settings.high_contrast)} (black, white and yellow)",
        ),
        ("bot-delay", delay),
        (
            "summaries",
            f"Summaries: {on_off(settings.summaries)}"
            " (a pause at each Hunt, round or location: who won what)",
        ),
        (
            "confirmations",
            f"Confirmations: {on_off(settings.confirmations)}"
            " (Enter twice before Done, Pass or leaving a game)",
        ),
        (
            "turn-bell",
            f"Turn bell: {on_off(settings.turn_bell)}"
            " (a bell and the window title when your turn comes)",
        ),
    ]


SETTING_KEYS: dict[str, str] = {
    "screen-reader": "s",
    "high-contrast": "c",
    "bot-delay": "d",
    "summaries": "m",
    "confirmations": "a",
    "turn-bell": "t",
}
"""The letter that changes each setting (the screen's bindings), shown before its line."""


class SettingsScreen(Screen[None]):
    """The settings in a list: Enter (or the letter key) changes the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so the footer and help list Enter although the list owns the key.
        Binding(
            "enter",
            "change",
            "Change",
            priority=True,
            tooltip="Change the highlighted setting",
            id="settings.change",
        ),
        # Not in the footer, where ten keys would not fit 80 columns: each setting's line
        # starts with its key, and F1 lists them.
        Binding(
            "s", "toggle_screen_reader", "Screen reader", show=False, id="settings.screen_reader"
        ),
        Binding("c", "toggle_contrast", "Contrast", show=False, id="settings.high_contrast"),
        Binding("d", "next_delay", "Bot delay", show=False, id="settings.bot_delay"),
        Binding("m", "toggle_summaries", "Summaries", show=False, id="settings.summaries"),
        Binding(
            "a", "toggle_confirmations", "Confirmations", show=False, id="settings.confirmations"
        ),
        # Not b, which goes back at the results and in the lobby (this screen opens from both).
        Binding("t", "toggle_turn_bell", "Turn bell", show=False, id="settings.turn_bell"),
        # The back keys of the results, the lobby and the finished games' screens.
        Binding("escape,q,b", "app.pop_screen", "Back", id="settings.back"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter | Change the highlighted setting. |
    | s | Screen-reader mode on or off. |
    | c | High contrast on or off. |
    | d | The next bot delay. |
    | m | Summaries at each milestone on or off. |
    | a | Confirmations (asking before ending a phase or leaving) on or off. |
    | t | The turn bell on or off. |
    | escape, q, b | Back. |
    """

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    def __init__(self) -> None:
        super().__init__()
        self.title = "Settings"
        self._highlighted = 0
        """Which setting the list highlights, kept across recomposition."""

    def compose(self) -> ComposeResult:
        # Compact (as the replay's): at 80 columns every key of the footer is whole.
        yield key_help(self) if self.app.settings.screen_reader else KeyFooter(compact=True)
        yield Static("Settings", classes="title")
        if not self.app.settings.screen_reader:
            yield Static(
                "Enter or a setting's letter changes it · Esc, q or b goes back", classes="hint"
            )
        listing = SpokenList if self.app.settings.screen_reader else OptionList
        options = listing(
            *(Option(line, id=key) for key, line in self._lines()),
            id="settings",
        )
        yield options
        self.call_after_refresh(setattr, options, "highlighted", self._highlighted)

    def _lines(self) -> list[tuple[str, Content]]:
        """Each setting's line, after the letter that changes it (when one does here)."""
        lines = setting_lines(self.app.settings, bot_delay_here=self.app.BOT_DELAY_HERE)
        spoken = self.app.settings.screen_reader  # the setting first, its key after it
        return [
            (
                setting,
                Content(line)
                if setting == "bot-delay" and not self.app.BOT_DELAY_HERE
                else Content(f"{line}, key {SETTING_KEYS[setting]}")
                if spoken
                else Content.assemble((SETTING_KEYS[setting], "bold"), "  ", line),
            )
            for setting, line in lines
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.app.BOT_DELAY_HERE or action != "next_delay"

    @on(OptionList.OptionHighlighted, "#settings")
    def _remember_highlight(self, event: OptionList.OptionHighlighted) -> None:
        self._highlighted = event.option_index

    @on(OptionList.OptionSelected, "#settings")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        self._change(event.option.id)

    def _change(self, setting: str | None) -> None:
        actions = {
            "screen-reader": self.action_toggle_screen_reader,
            "high-contrast": self.action_toggle_contrast,
            "bot-delay": self.action_next_delay,
            "summaries": self.action_toggle_summaries,
            "confirmations": self.action_toggle_confirmations,
            "turn-bell": self.action_toggle_turn_bell,
        }
        if setting in actions:
            actions[setting]()

    def action_change(self) -> None:
        """Change the highlighted setting."""
        options = self.query_one("#settings", OptionList)
        if options.highlighted is not None:
            self._change(options.get_option_at_index(options.highlighted).id)

    def action_toggle_screen_reader(self) -> None:
        """Switch between the boxed layout and plain lines; every screen is redrawn."""
        self._change_setting(0, screen_reader=not self.app.settings.screen_reader)

    def action_toggle_contrast(self) -> None:
        """Switch the high-contrast theme on or off."""
        self._change_setting(1, high_contrast=not self.app.settings.high_contrast)

    def action_next_delay(self) -> None:
        """Make bots wait the next delay in the list before they move."""
        if not self.app.BOT_DELAY_HERE:
            self.notify("The table's server sets how long bots wait.")
            return
        self._change_setting(2, bot_delay=next_bot_delay(self.app.settings.bot_delay))

    def action_toggle_summaries(self) -> None:
        """Pause at each milestone with a summary panel, or play straight on."""
        self._change_setting(3, summaries=not self.app.settings.summaries)

    def action_toggle_confirmations(self) -> None:
        """Ask once before ending a phase or leaving a game, or take the first Enter."""
        self._change_setting(4, confirmations=not self.app.settings.confirmations)

    def action_toggle_turn_bell(self) -> None:
        """Ring the bell when your turn comes, or stay quiet."""
        self._change_setting(5, turn_bell=not self.app.settings.turn_bell)

    def _change_setting(self, index: int, **change: bool | float) -> None:
        settings = self.app.settings
        for key, value in change.items():
            setattr(settings, key, value)
        self._highlighted = index
        options = self.query_one("#settings", OptionList)
        for option_index, (_, line) in enumerate(self._lines()):
            options.replace_option_prompt_at_index(option_index, line)
        options.highlighted = index
        self.app.apply_settings()
        self._keep(settings)

    def _keep(self, settings: Settings) -> None:
        """Write the settings to the player's config file, when the app keeps one."""
        if settings.config_file is None:
            return
        config = read_config(settings.config_file)  # the setups in it stay as they are
        if problem := write_config(config, settings, settings.config_file):
            self.notify(problem, severity="warning")
