"""The screen-reader list orders its choices as the visual board does (issue #15): at Comic
Hunters' Convention the list began with "Slide a card first, then take (optional)", so the
first Enter went into sliding where the board's row starts on taking cards."""

from __future__ import annotations

import random

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters as board
from tui.boards.base import ActionTrie
from tui.screens.plain_table import finals_last


def _at_the_convention(seed: int = 3) -> Match:
    match = Match.new("comic-hunters", 3, seed=seed)
    rng = random.Random(seed)
    while match.state.location != "convention" or 0 not in match.to_act():
        seat = min(match.to_act())
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick", "pass", "ready")]
        match.act(seat, rng.choice(takes or legal))
    return match


def test_the_convention_list_starts_on_taking_and_lists_the_slide_after_the_takes() -> None:
    update = update_of(_at_the_convention(), 0)
    trie = ActionTrie(update.legal, lambda action: board.paths(update, action))
    choices = finals_last(board, update, trie.choices(()))
    keys = [c.key for c in choices]
    assert ("slide",) in keys, keys
    assert keys[0][0] == "hero", keys
    takes = [i for i, key in enumerate(keys) if key[0] == "hero"]
    assert keys.index(("slide",)) > max(takes), keys
    assert not any(board.is_final(update, key) for key in keys[: keys.index(("slide",))])
