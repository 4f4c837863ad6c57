"""Settings the whole app shares: accessibility modes and the bots' visible delay."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(slots=True)
class Settings:
    """How the app looks and paces itself; changed from the command line or in the app."""

    screen_reader: bool = False
    """Render every screen as linear plain-text lines (no box art, nothing positional)."""
    high_contrast: bool = False
    """Use the high-contrast theme."""
    bot_delay: float = 0.8
    """Seconds a bot waits before acting, so people can follow (0 in tests)."""
    summaries: bool = True
    """Pause at each milestone of a game (a Hunt, a round, a location) with a summary panel
    of who won what and why; experienced players turn it off."""
    confirmations: bool = True
    """Ask once before a choice that ends a phase or the game for you (Done, Pass, leaving
    a local game); experienced players turn it off."""
    turn_bell: bool = False
    """Ring the terminal bell (and name the player in the window title) when it becomes a
    local player's turn after someone else's."""
    plain_terminal: bool = False
    """The terminal is a plain one (dumb, vt100): screen-reader mode is on because of it,
    not chosen, so it is never kept in the config file for the player's other terminals."""
    config_file: Path | None = None
    """Where these settings (and the last setup of each game) are kept between runs: None
    keeps them nowhere (tests, a served table's guests). Set by the local app."""
