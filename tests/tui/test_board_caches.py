"""Comic Hunters' and Orb Hunters' boards draw only what an update changed (issue #15):
what they keep is drawn again only when what it shows changed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters_draw as comic_draw

COMIC_NAMES = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")
SHEETS = [{"size": 0, "variety": 0, "highlights": 0, "secret stash": s} for s in range(5)]


def test_comic_players_lines_draw_a_players_totals_again_only_when_they_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fitting asks for the players' lines at every size it tries, and most updates
    change one player's totals: each player's line is drawn once per width and form."""
    built: list[str] = []
    build = comic_draw.build_player_line

    def counted(who: str, *args: Any) -> Any:
        built.append(who)
        return build(who, *args)

    monkeypatch.setattr(comic_draw, "build_player_line", counted)
    comic_draw._player_line.cache_clear()
    update = update_of(Match.new("comic-hunters", 4, seed=3), 0, COMIC_NAMES)
    points: list[dict[str, int]] = [{} for _ in range(5)]
    fresh = [
        [line.plain for line in comic_draw.players_lines(update, SHEETS, points, 78, lvl, m, f)]
        for lvl in range(2, -6, -1)
        for m, f in ((True, comic_draw.Focus()), (False, comic_draw.Focus()))
    ]
    assert set(built) == {"You", *COMIC_NAMES[1:]}
    first = len(built)
    again = [
        [line.plain for line in comic_draw.players_lines(update, SHEETS, points, 78, lvl, m, f)]
        for lvl in range(2, -6, -1)
        for m, f in ((True, comic_draw.Focus()), (False, comic_draw.Focus()))
    ]
    assert again == fresh  # the lines kept are the lines drawn (callers append to theirs)
    assert len(built) == first  # nothing drawn again
    stash = list(update.view["stash"])
    stash[1] += 3
    moved = dataclasses.replace(update, view={**update.view, "stash": stash})
    for lvl in range(2, -6, -1):
        comic_draw.players_lines(moved, SHEETS, points, 78, lvl, True, comic_draw.Focus())
    assert set(built[first:]) == {"Bot 2 (normal)"}  # only the player whose stash changed
