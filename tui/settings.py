"""Settings the whole app shares: accessibility modes and the bots' visible delay."""

from __future__ import annotations

from dataclasses import dataclass


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
