"""Comic Hunters: collect comic books of trending heroes over three rounds (1–4 players)."""

from core.bots import register_levels
from core.games.comic_hunters.bots import LEVELS
from core.games.comic_hunters.rules import COMIC_HUNTERS

# The game offers its own bot levels as it loads: core.bots imports no game.
register_levels(COMIC_HUNTERS.slug, LEVELS)
