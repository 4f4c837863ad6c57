"""Undo through the Match: a seat's own last moves that revealed nothing, taken back by a
replay of the record without them; everything else refused with the reason."""

from __future__ import annotations

import random

import pytest

from core.engine import IllegalAction
from core.match import Match


def _play_until(match: Match, wanted: bool, rng: random.Random) -> int:
    """Random moves until a player's move leaves undo ``wanted`` for it; that seat."""
    for _ in range(500):
        seat = rng.choice(sorted(s for s in match.to_act() if s >= 0))
        match.act(seat, rng.choice(match.legal(seat)))
        if (not match.why_no_undo(seat)) == wanted:
            return seat
    raise AssertionError("no such move in 500")


def test_a_move_that_revealed_nothing_is_taken_back_exactly() -> None:
    """The match after an undo is the match before the move: same save, same log, and the
    move may be made again to the same effect."""
    match = Match.new("comic-hunters", 3, seed=5)
    rng = random.Random(2)
    seat = _play_until(match, True, rng)
    step = match.steps[-1]
    before = Match.replay(match.record(), upto=len(match.steps) - 1)
    assert match.undo(seat) == step
    assert match.save() == before.save()
    assert match.log == before.log
    match.act(seat, step[1], step[2])
    assert Match.load(match.save()).state == match.state


def test_a_move_that_drew_a_card_cannot_be_undone() -> None:
    """Superbohaterowie refills the hand after a placement: the card drawn is news."""
    match = Match.new("superbohaterowie", 2, seed=2)
    match.act(0, match.legal(0)[0])
    assert "showed something new" in match.why_no_undo(0)
    with pytest.raises(IllegalAction, match="cannot undo: your last move showed"):
        match.undo(0)
    assert len(match.steps) == 1


def test_only_the_seat_that_moved_last_may_undo() -> None:
    """Once another seat has acted, the earlier move stands."""
    match = Match.new("comic-hunters", 3, seed=5)
    seat = _play_until(match, True, random.Random(2))
    others = [s for s in range(match.seats) if s != seat]
    assert all("someone else has moved" in match.why_no_undo(s) for s in others)
    with pytest.raises(IllegalAction, match="someone else"):
        match.undo(others[0])


def test_undo_bumps_the_version_so_a_stale_choice_is_refused() -> None:
    """A choice made on the position before the undo is looked at again."""
    match = Match.new("comic-hunters", 3, seed=5)
    seat = _play_until(match, True, random.Random(2))
    version = match.version
    match.undo(seat)
    assert match.version == version + 1
    action = match.legal(seat)[0]
    with pytest.raises(IllegalAction, match="look again"):
        match.act(seat, action, version=version)
    match.act(seat, action, version=match.version)


def test_a_real_time_game_never_undoes() -> None:
    """Whoosh's reveals and claims are final."""
    match = Match.new("whoosh", 2, seed=1)
    seat = min(s for s in match.to_act() if s >= 0)
    match.act(seat, match.legal(seat)[0])
    assert "real time" in match.why_no_undo(seat)


def test_nothing_to_undo_at_the_deal() -> None:
    """A fresh match has no move to take back."""
    assert Match.new("orb-hunters", 2, seed=1).why_no_undo(0) == "there is no move to take back"


def test_a_game_hook_decides_when_the_game_defines_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``reveals(state, seat, action)`` on the game overrides the re-deal comparison."""
    match = Match.new("superbohaterowie", 2, seed=2)
    monkeypatch.setattr(type(match.game), "reveals", lambda self, s, seat, a: False, raising=False)
    match.act(0, match.legal(0)[0])
    match.undo(0)
    assert match.steps == ()


@pytest.mark.parametrize("slug", ["comic-hunters", "orb-hunters", "shardhunters"])
def test_undone_moves_redone_replay_byte_for_byte(slug: str) -> None:
    """Random games with undos along the way save as the same moves played without them."""
    game_seats = {"comic-hunters": 3, "orb-hunters": 3, "shardhunters": 2}[slug]
    match = Match.new(slug, game_seats, seed=11)
    rng = random.Random(4)
    for _ in range(120):
        if match.outcome() is not None:
            break
        seat = rng.choice(sorted(s for s in match.to_act() if s >= 0))
        action = rng.choice(match.legal(seat))
        match.act(seat, action)
        if not match.why_no_undo(seat):
            saved = match.save()
            match.undo(seat)
            match.act(seat, action)
            assert match.save() == saved
    assert Match.load(match.save()).save() == match.save()
