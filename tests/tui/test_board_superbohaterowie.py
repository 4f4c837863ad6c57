"""The Superbohaterowie board's words and steps, without running an App."""

from __future__ import annotations

from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import superbohaterowie as board
from tui.boards.base import ActionTrie


def _played_match() -> Match:
    match = Match.new("superbohaterowie", 3, seed=21)
    for _ in range(9):
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    return match


def test_every_legal_action_is_reachable_step_by_step() -> None:
    """Walking the trie's choices reaches each legal action, and nothing else."""
    update = update_of(_played_match(), 0)
    match_seat = update.seat
    assert match_seat is not None
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    reached = set()

    def walk(keys: list[object]) -> None:
        action = trie.action(keys)
        if action is not None:
            reached.add(action)
            return
        for choice in trie.choices(keys):
            walk([*keys, choice.key])

    walk([])
    assert reached == set(update.legal)


def test_build_spells_out_any_card_with_its_spaces() -> None:
    """A card and its spaces make an action, legal or not, for the engine to judge."""
    update = update_of(Match.new("superbohaterowie", 2, seed=1))
    expected = {
        "fire": ("place", "fire-01", 1, 2),
        "small-explosion": ("explode", "small-explosion-1", ((1, 2),)),
        "large-explosion": ("explode", "large-explosion-1", ((1, 2), (0, 0))),
        "one-eagle": ("move", "one-eagle-1", 1, 2, 0, 0),
        "two-eagles": ("swap", "two-eagles-1", 1, 2, 0, 0),
    }
    for kind, action in expected.items():
        keys = [("card", action[1]), ("space", 1, 2), ("space", 0, 0)]
        assert (
            board.build(update, keys[: 2 if kind in ("fire", "small-explosion") else 3]) == action
        ), kind
    assert board.build(update, [("card", "fire-01")]) is None


def test_describe_reads_every_city_and_the_hand() -> None:
    """Screen-reader sentences name every city, its owner and the seat's own hand."""
    update = update_of(_played_match(), 1)
    lines = board.describe(update)
    assert any(line.startswith("London, your city:") for line in lines)
    assert any(line.startswith("Berlin, P0's city:") for line in lines)
    assert any(line.startswith("Your hand:") for line in lines)
    assert not any("◆" in line or "│" in line for line in lines)


def test_result_lines_give_each_citys_points() -> None:
    """The end screen lists every city with its points."""
    match = Match.new("superbohaterowie", 2, seed=4)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    outcome = match.outcome()
    assert outcome is not None
    lines = board.result_lines(match.view(None), outcome, ["Ala", "Olek"])
    assert lines[0].startswith("Berlin (Ala): ") and lines[1].startswith("London (Olek): ")
    assert any("saved" in line for line in lines)
