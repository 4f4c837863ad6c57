"""GameScreen: one table in play (being written; the placeholder keeps the app runnable)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from core.table import TableSetup
from tui.settings import Settings


class GameScreen(Screen[None]):
    """The table of one game."""

    def __init__(self, setup: TableSetup, settings: Settings) -> None:
        super().__init__()
        self.setup = setup
        self.settings = settings

    def compose(self) -> ComposeResult:
        yield Static(f"{self.setup.slug}: table coming")
