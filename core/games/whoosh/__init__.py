"""Whoosh: Bounty Hunters — a real-time race to capture monsters (2–8 players)."""

from core.bots import register_levels
from core.games.whoosh.bots import LEVELS
from core.games.whoosh.rules import WHOOSH

# The game offers its own bot levels as it loads: core.bots imports no game.
register_levels(WHOOSH.slug, LEVELS)
