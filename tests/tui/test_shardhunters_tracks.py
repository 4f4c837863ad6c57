"""The Bloodshards and Team size tracks (issue #15): at 80 columns with four players on one
space, "1,2,3,4" made every space eight cells wide, and the track skipped spaces ("0 │ 1 │…
3 │… 12│") with room for all of them as "1-4". Where the whole track fits it is drawn
whole; where it must skip, every side's marker and the goal still show."""

from __future__ import annotations

import dataclasses
import re

import pytest

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards.shardhunters_table import track_lines


def _tracks(shards: list[int], teams: list[int], width: int) -> list[str]:
    update = update_of(Match.new("shardhunters", 4, seed=1), 0)
    view = dict(update.view)
    view["shards"] = shards
    view["teams"] = [["x"] * n for n in teams]
    return [line.plain for line in track_lines(dataclasses.replace(update, view=view), width)]


def _spaces(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"(\d+)\s*│", line)]


@pytest.mark.parametrize("width", [78, 118])
def test_a_track_that_fits_is_drawn_whole(width: int) -> None:
    shards, _, team, team_marks = _tracks([1, 1, 1, 1], [1, 1, 1, 1], width)
    assert _spaces(shards) == list(range(13)) and "…" not in shards, shards
    assert _spaces(team) == list(range(6)) and "…" not in team, team
    assert "1-4" in team_marks or "1,2,3,4" in team_marks, team_marks


@pytest.mark.parametrize("width", [38, 58, 78])
@pytest.mark.parametrize(
    ("shards", "teams"),
    [([0, 5, 9, 14], [1, 2, 3, 4]), ([2, 3, 3, 20], [1, 1, 4, 4]), ([1, 1, 1, 1], [2, 2, 2, 2])],
)
def test_a_skipping_track_shows_every_marker_and_the_goal(
    width: int, shards: list[int], teams: list[int]
) -> None:
    lines = _tracks(shards, teams, width)
    for top, marks in (lines[0:2], lines[2:4]):
        assert len(top) <= width and not top.endswith("…"), top
        said = marks.replace("-", ",").replace(",", " ")
        for side in "1234":
            assert side in said or re.search(r"\d-\d", marks), (top, marks)
    # The goals: the recruit cost (3) and the team that wins (5), marked ▲ where free.
    assert 3 in _spaces(lines[0]) and 5 in _spaces(lines[2]), lines
