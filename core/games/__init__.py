"""GAMES: every playable game, registered explicitly by slug."""

from __future__ import annotations

from core.engine import Game
from core.games.comic_hunters.rules import COMIC_HUNTERS
from core.games.orb_hunters.rules import ORB_HUNTERS
from core.games.shardhunters.rules import SHARDHUNTERS
from core.games.superbohaterowie.rules import SUPERBOHATEROWIE
from core.games.whoosh.rules import WHOOSH

GAMES: dict[str, Game] = {
    game.slug: game for game in (COMIC_HUNTERS, SUPERBOHATEROWIE, ORB_HUNTERS, SHARDHUNTERS, WHOOSH)
}
