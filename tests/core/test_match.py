"""The Match facade: setup validation, refusals that change nothing, log, records."""

from __future__ import annotations

import pytest

from core.engine import IllegalAction, with_names
from core.match import Match, normalize_action, visible_events


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    """The error lists what exists."""
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*superbohaterowie"):
        Match.new("chess", 2)


def test_unknown_options_and_bad_values_are_refused() -> None:
    """Options are checked against the game's declared choices."""
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        Match.new("superbohaterowie", 2, options={"speed": 1})
    with pytest.raises(ValueError, match="cannot be 7"):
        Match.new("superbohaterowie", 2, options={"series": 7})
    with pytest.raises(ValueError, match="cannot be True"):
        Match.new("superbohaterowie", 2, options={"series": True})


def test_defaults_fill_every_option() -> None:
    """A match always knows every option's value."""
    assert Match.new("superbohaterowie", 2, seed=1).options == {"series": 0}


def test_without_a_seed_each_match_deals_differently() -> None:
    """Seeds come from secrets when not given."""
    hands = {Match.new("superbohaterowie", 5).state.hands for _ in range(5)}
    assert len(hands) > 1


def test_the_same_seed_deals_the_same_game() -> None:
    """A seed fixes the deal."""
    assert (
        Match.new("superbohaterowie", 3, seed=9).save()
        == Match.new("superbohaterowie", 3, seed=9).save()
    )


def test_acting_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    """The message says who the table waits for."""
    match = Match.new("superbohaterowie", 3, seed=2)
    with pytest.raises(IllegalAction, match=r"not your turn \(waiting for seat 1\)"):
        match.act(1, match.legal(0)[0])


def test_a_stale_version_is_refused_after_legality() -> None:
    """A player who chose on an older table is told to look again; nothing changes."""
    match = Match.new("superbohaterowie", 2, seed=2)
    action = match.legal(0)[0]
    with pytest.raises(IllegalAction, match="look again"):
        match.act(0, action, version=3)
    assert match.version == 0
    match.act(0, action, version=0)
    assert match.version == 1


def test_actions_from_the_wire_as_lists_are_accepted() -> None:
    """msgpack lists normalize to the tuple actions the game lists."""
    match = Match.new("superbohaterowie", 2, seed=2)
    action = match.legal(0)[0]
    wire = [list(x) if isinstance(x, tuple) else x for x in action]
    match.act(0, wire)
    assert match.steps[0][1] == action


@pytest.mark.parametrize(
    "action", [(), (1, 2), "place", ("place", 1.5), ("x", b"bytes"), ("x", {"a": 1})]
)
def test_malformed_actions_are_refused(action: object) -> None:
    """Only short tuples of plain items starting with a verb are actions."""
    with pytest.raises(IllegalAction, match="malformed"):
        normalize_action(action)


def test_acting_after_the_end_is_refused() -> None:
    """A finished game accepts nothing."""
    match = Match.new("superbohaterowie", 2, seed=4)
    while match.outcome() is None:
        seat = min(match.to_act())
        match.act(seat, match.legal(seat)[0])
    assert match.legal(0) == [] and match.legal(1) == []
    with pytest.raises(IllegalAction, match="over"):
        match.act(0, ("discard-hand",))


def test_the_log_holds_public_texts_only() -> None:
    """Private draw texts never reach the shared log."""
    match = Match.new("superbohaterowie", 2, seed=6)
    events = match.act(0, match.legal(0)[0])
    assert any("to" in e for e in events)
    assert all(not text.startswith("You draw") for text in match.log)
    assert len(match.log) == sum(1 for e in events if "to" not in e)


def test_visible_events_filters_private_events_by_seat() -> None:
    """A seat sees public events and its own; a spectator only public ones."""
    events = [{"type": "a", "text": "public"}, {"type": "b", "text": "mine", "to": 1}]
    assert [e["text"] for e in visible_events(events, 1)] == ["public", "mine"]
    assert [e["text"] for e in visible_events(events, 0)] == ["public"]
    assert [e["text"] for e in visible_events(events, None)] == ["public"]


def test_records_keep_the_time_of_each_action() -> None:
    """at_ns travels with the action through a record and its replay."""
    match = Match.new("superbohaterowie", 2, seed=6)
    match.act(0, match.legal(0)[0], at_ns=123_456)
    assert Match.replay(match.record()).steps == ((0, match.steps[0][1], 123_456),)


def test_seat_tokens_become_names_as_plain_text() -> None:
    """Names are inserted verbatim, markup and all, for the caller to render as text."""
    text = "{p0} places a Joker in Tokyo ({p1})."
    assert with_names(text, ["[b]Ala[/b]", "Olek"]) == "[b]Ala[/b] places a Joker in Tokyo (Olek)."
    assert with_names("{p2} draws", ["a"]) == "Player 3 draws"


def test_the_deal_is_told_once_and_replays_the_same() -> None:
    """What a game's setup told the table opens the log (public texts only); a replay and a
    load tell it again, the same."""
    match = Match.new("shardhunters", 3, seed=8)
    assert match.opening and match.log == [e["text"] for e in match.opening if "to" not in e]
    assert [e for e in match.opening if "to" in e]
    match.act(min(match.to_act()), match.legal(min(match.to_act()))[0])
    assert Match.replay(match.record()).log == match.log
    assert Match.load(match.save()).log == match.log
    assert Match.replay(match.record(), upto=0).opening == match.opening
