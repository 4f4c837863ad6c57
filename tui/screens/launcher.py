"""LauncherScreen: the first screen — every registered game, one Enter away from its table,
and above them the unfinished local games to continue where they were saved."""

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
from tui.saves import SavedGame, unfinished_games
from tui.screens.help import key_help
from tui.screens.settings import SettingsScreen
from tui.screens.setup import HOSTING
from tui.widgets.footer import KeyFooter
from tui.widgets.spoken import SpokenList

if TYPE_CHECKING:
    from tui.app import HuntersApp


CONTINUE = "continue:"
"""The id prefix of a "Continue <game>" entry (then the game's slug)."""


def player_counts(game: Game) -> str:
    """How many may play, like "2–5 players" (or "2 players" when only one count is allowed)."""
    low, high = game.players.start, game.players.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


def game_entry(game: Game, screen_reader: bool) -> Content:
    """A game as the launcher lists it: title and player counts, then the pitch.

    In screen-reader mode the entry is the title and player counts alone, on one row at 80
    columns: a screen reader reads the row at the cursor, and with the pitch the entry took
    two ("…: Two cards in hand: build five different" was all it said). The pitch is a line
    of its own under the list (`pitch_line`).
    """
    if screen_reader:
        return Content(f"{game.title}, {player_counts(game)}")
    return Content.assemble(
        (game.title, "bold"),
        f"  ·  {player_counts(game)}\n",
        (game.pitch, "italic"),
    )


def pitch_line(game: Game) -> str:
    """The highlighted game's pitch in screen-reader mode, named, so that it is whole when
    heard alone: "Superbohaterowie: Two cards in hand: …"."""
    return f"{game.title}: {game.pitch}"


class LauncherScreen(Screen[None]):
    """Choose a game; Enter opens its table setup."""

    DEFAULT_CSS = """
    LauncherScreen #pitch { height: auto; margin-top: 1; padding: 0 1; }
    """

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
            "y",
            "app.your_games",
            "Your games",
            tooltip="Your finished games, each one to replay",
            id="launcher.games",
        ),
        Binding(
            "p",
            "app.profile",
            "Profile",
            tooltip="Games played and won, and your ratings",
            id="launcher.profile",
        ),
        Binding(
            "l",
            "app.leaderboards",
            "Leaders",
            tooltip="The rated players of each game",
            id="launcher.leaderboards",
        ),
        Binding(
            "o",
            "settings",
            "Settings",
            tooltip="Screen reader, contrast, bot speed",
            id="launcher.settings",
        ),
        # Not in the footer, which has Ctrl+Q for it: at 80 columns every key there is whole.
        Binding("q", "app.quit", "Quit", show=False, tooltip="Leave Hunters", id="launcher.quit"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | enter | Set up a table for the highlighted game, or continue a saved one. |
    | y | Your games: the finished games, each one to replay. |
    | p | Your profile: games played and won, ratings, recent games. |
    | l | Leaderboards: the rated players of each game. |
    | o | Open the settings. |
    | q | Quit. |
    """

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    def __init__(self, *, hosting: bool = False) -> None:
        """``hosting``: the game chooser of a served table's host, who is told so."""
        super().__init__()
        self.title = "Hunters"
        self.hosting = hosting
        self.saved: dict[str, SavedGame] = {}
        """The unfinished games offered, by slug (read each time the list is composed)."""

    def _read_saves(self) -> None:
        """Find the unfinished local games (when this app keeps the player's files)."""
        self.saved = {}
        if self.app.settings.config_file is None:
            return
        games, problems = unfinished_games()
        self.saved = {saved.match.game.slug: saved for saved in games}
        for problem in problems:
            self.notify(problem, severity="warning", timeout=10)

    def compose(self) -> ComposeResult:
        screen_reader = self.app.settings.screen_reader
        # Compact (as the settings'): at 80 columns every key of the footer is whole.
        yield key_help(self) if screen_reader else KeyFooter(compact=True)
        yield Static(Content("Hunters: hunter card games at your terminal"), classes="title")
        if self.hosting:
            yield Static(Content(HOSTING), id="hosting", classes="hint")
        if not screen_reader:
            # The screen-reader key line already says this, first thing on the screen.
            yield Static(
                "↑↓ choose a game · Enter set up a table · y your games · p profile · "
                f"l leaderboards · o settings · F1 help · q {self.app.quit_words()}",
                classes="hint",
            )
        self._read_saves()
        # The newest save first, so Enter continues what was played last; the games below.
        games = SpokenList if screen_reader else OptionList
        yield games(
            *(
                Option(Content(saved.label()), id=f"{CONTINUE}{slug}")
                for slug, saved in self.saved.items()
            ),
            *(Option(game_entry(game, screen_reader), id=slug) for slug, game in GAMES.items()),
            id="games",
        )
        if screen_reader:
            yield Static(id="pitch")

    @on(OptionList.OptionHighlighted, "#games")
    def _pitch(self, event: OptionList.OptionHighlighted) -> None:
        """Screen-reader mode: the pitch of the game highlighted (a save's game's too)."""
        if not self.app.settings.screen_reader:
            return
        slug = (event.option.id or "").removeprefix(CONTINUE)
        game = GAMES.get(slug)
        self.query_one("#pitch", Static).update(Content(pitch_line(game) if game else ""))

    async def on_screen_resume(self) -> None:
        """Back from a game: what is saved may have changed, and the newest save is
        highlighted. When nothing changed (back from the settings or help), the highlight
        stays where it was (a screen reader would otherwise be taken back to the top)."""
        if self.app.settings.config_file is not None:
            games = self.query_one("#games", OptionList)
            before = [option.id for option in games.options]
            index = games.highlighted
            await self.recompose()
            games = self.query_one("#games", OptionList)
            if index is not None and [option.id for option in games.options] == before:
                games.highlighted = index

    @on(OptionList.OptionSelected, "#games")
    def _open_clicked(self, event: OptionList.OptionSelected) -> None:
        self._open(event.option.id)

    def action_open(self) -> None:
        """Set up a table for the highlighted game, or continue the highlighted save."""
        games = self.query_one("#games", OptionList)
        if games.highlighted is not None:
            self._open(games.get_option_at_index(games.highlighted).id)

    def _open(self, entry: str | None) -> None:
        if entry is None:
            return
        if entry.startswith(CONTINUE):
            saved = self.saved.get(entry.removeprefix(CONTINUE))
            if saved is not None:
                self.app.resume_game(saved)
            return
        self.app.open_setup(entry)

    def action_settings(self) -> None:
        """Open the settings; they apply as soon as they are changed."""
        self.app.push_screen(SettingsScreen())
