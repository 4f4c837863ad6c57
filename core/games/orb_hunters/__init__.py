"""Orb Hunters: win relics with other people's adventurers, dodge the cursed ones (2–5 players)."""

from core.bots import register_levels
from core.games.orb_hunters.bots import LEVELS
from core.games.orb_hunters.rules import ORB_HUNTERS

# The game offers its own bot levels as it loads: core.bots imports no game.
register_levels(ORB_HUNTERS.slug, LEVELS)
