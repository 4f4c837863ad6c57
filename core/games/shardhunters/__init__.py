"""Shardhunters: hunt monsters in face-down Combats and recruit heroes with Bloodshards (1–4)."""

from core.bots import register_levels
from core.games.shardhunters.bots import LEVELS
from core.games.shardhunters.rules import SHARDHUNTERS

# The game offers its own bot levels as it loads: core.bots imports no game.
register_levels(SHARDHUNTERS.slug, LEVELS)
