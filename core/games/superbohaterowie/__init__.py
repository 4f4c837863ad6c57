"""Superbohaterowie: save your city by gathering five different superheroes (2–5 players)."""

from core.bots import register_levels
from core.games.superbohaterowie.bots import LEVELS
from core.games.superbohaterowie.rules import SUPERBOHATEROWIE

# The game offers its own bot levels as it loads: core.bots imports no game.
register_levels(SUPERBOHATEROWIE.slug, LEVELS)
