"""LauncherScreen: the first screen — every registered game, one Enter away from its table."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.engine import Game
from core.games import GAMES
from tui.screens.help import key_help
from tui.screens.settings import SettingsScreen

if TYPE_CHECKING:
    from tui.app import HuntersApp


def player_counts(game: Game) -> str:
    """How many may play, like "2–5 players" (or "2 players" when only one count is allowed)."""
    low, high = game.players.start, game.players.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


def game_entry(game: Game, screen_reader: bool) -> Content:
    """A game as the launcher lists it: title and player counts, then the pitch.

    In screen-reader mode the entry is one sentence on one line, so reading the highlighted
    line says everything about the game.
    """
    if screen_reader:
        return Content(f"{game.title}, {player_counts(game)}: {game.pitch}")
    return Content.assemble(
        (game.title, "bold"),
        f"  ·  {player_counts(game)}\n",
        (game.pitch, "italic"),
    )


class LauncherScreen(Screen[None]):
    """Choose a game; Enter opens its table setup."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so the footer and help list Enter although the game list owns the key.
        Binding(
            "enter",
            "open",
            "Set up table",
            priority=True,
            tooltip="Choose seats and options for the highlighted game",
            id="launcher.open",
        ),
        Binding(
            "o",
            "settings",
            "Settings",
            tooltip="Screen reader, contrast, bot speed",
            id="launcher.settings",
        ),
        Binding("q", "app.quit", "Quit", tooltip="Leave Hunters", id="launcher.quit"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter | Set up a table for the highlighted game. |
    | o | Open the settings. |
    | q | Quit. |
    """

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    def __init__(self) -> None:
        super().__init__()
        self.title = "Hunters"

    def compose(self) -> ComposeResult:
        screen_reader = self.app.settings.screen_reader
        yield key_help(self)
        yield Static(Content("Hunters: hunter card games at your terminal"), classes="title")
        if not screen_reader:
            # The screen-reader key line already says this, first thing on the screen.
            yield Static(
                "↑↓ choose a game · Enter set up a table · o settings · F1 help · q quit",
                classes="hint",
            )
        yield OptionList(
            *(Option(game_entry(game, screen_reader), id=slug) for slug, game in GAMES.items()),
            id="games",
        )

    @on(OptionList.OptionSelected, "#games")
    def _open_clicked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.app.open_setup(event.option.id)

    def action_open(self) -> None:
        """Set up a table for the highlighted game."""
        games = self.query_one("#games", OptionList)
        if games.highlighted is not None:
            slug = games.get_option_at_index(games.highlighted).id
            if slug is not None:
                self.app.open_setup(slug)

    def action_settings(self) -> None:
        """Open the settings; they apply as soon as they are changed."""
        self.app.push_screen(SettingsScreen())
