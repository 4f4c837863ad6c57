"""Comic Hunters' and Orb Hunters' boards draw only what an update changed (issue #15):
what they keep is drawn again only when what it shows changed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from rich.text import Text

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters as comic_board
from tui.boards import comic_hunters_draw as comic_draw
from tui.boards import orb_hunters as orb_board
from tui.boards import orb_hunters_cards as orb_cards
from tui.boards import orb_hunters_layout as orb_layout
from tui.widgets.card import Track

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


def test_orb_layout_measures_the_same_tracks_piles_and_words_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every update tries a dozen layouts, each measuring the tracks, the pouch piles and
    the cards' words: the same ones are measured once, and again only when they changed."""
    tracks: list[str] = []
    piles: list[int] = []
    track_lines = Track.lines
    pile = orb_cards.pouch_pile

    def counted_track(self: Track, width: int) -> Any:
        tracks.append(self.label)
        return track_lines(self, width)

    def counted_pile(view: dict[str, Any], seat: int, *args: Any) -> Any:
        piles.append(seat)
        return pile(view, seat, *args)

    monkeypatch.setattr(Track, "lines", counted_track)
    monkeypatch.setattr(orb_cards, "pouch_pile", counted_pile)
    orb_layout._track_lines.cache_clear()
    orb_layout.lines_of.cache_clear()
    orb_cards._PILE_HEIGHTS.clear()
    update = update_of(Match.new("orb-hunters", 4, seed=3), 0, ("Ala", "Bob", "Cy", "Di"))
    first = orb_layout.choose_layout(update, 198, 57, True)
    drawn = orb_layout.track_lines(update, 198)
    for line in drawn:
        line.append("changed")  # a caller's lines are its own
    measured, piled, worded = len(tracks), len(piles), orb_layout.lines_of.cache_info().misses
    assert measured and piled and worded
    assert orb_layout.choose_layout(update, 198, 57, True) == first
    assert [line.plain for line in orb_layout.track_lines(update, 198)] == [
        line.plain[: -len("changed")] for line in drawn
    ]
    assert (len(tracks), len(piles)) == (measured, piled)
    assert orb_layout.lines_of.cache_info().misses == worded
    view = update.view
    assert view["pouches"] is not None  # the piles show, and the wealth and wounds tracks
    pouches = [list(p) for p in view["pouches"]]
    pouches[1].append(view["row"][0])
    sizes = [len(p) for p in pouches]
    moved = dataclasses.replace(update, view={**view, "pouches": pouches, "pouch_sizes": sizes})
    orb_layout.choose_layout(moved, 198, 57, True)
    assert len(piles) > piled  # a pouch changed: the piles are measured again
    assert len(tracks) > measured  # and the wealth track moved


def test_orb_details_rows_wrap_each_text_once_per_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """The details line's rows are weighed at every update over the texts of everything
    the cursor can rest on: a text seen before at that width is not wrapped again."""
    wrapped: list[str] = []
    lines = orb_board.details_lines

    def counted(text: str, *args: Any, **form: Any) -> Any:
        wrapped.append(text)
        return lines(text, *args, **form)

    monkeypatch.setattr(orb_board, "details_lines", counted)
    orb_board.details_need.cache_clear()
    text = "i ▸ Relic 2, the Orb of Ages: it gives 4 wealth and 2 wounds. " * 3
    assert [orb_board.details_need(text, w) for w in (78, 78, 40, 78)] == [3, 3, 5, 3]
    assert len(wrapped) == 2  # once at 78 columns, once at 40


def test_comic_choice_lines_weigh_each_prompt_once_per_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The choice's part weighs up to four forms of what to do at every size the fitting
    tries, update after update: a form seen before at that width is not wrapped again."""
    measured: list[str] = []
    wrap = Text.wrap

    def counted(self: Text, *args: Any, **kwargs: Any) -> Any:
        measured.append(self.plain)
        return wrap(self, *args, **kwargs)

    monkeypatch.setattr(Text, "wrap", counted)
    comic_board.wrapped_rows.cache_clear()
    words = "Choose a card to play, or Done playing: Enter takes it, Esc goes back. " * 2
    assert [comic_board.wrapped_rows(words, w) for w in (78, 78, 40, 78)] == [2, 2, 4, 2]
    assert len(measured) == 2  # once at 78 columns, once at 40
