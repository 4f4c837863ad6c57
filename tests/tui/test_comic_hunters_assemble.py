"""Comic Hunters' Assemble Collection read at 80x24 (issue #15, found in play): "Done
playing" had no card or button at any size (only Left past the first card found it), the
choice under the cursor was cut to one row ("…Number …") and the prompt ended "◆: …" with
rows of the board left empty."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterator

import pytest

from core.match import Match
from core.table import Update
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters as board
from tui.boards.base import ActionTrie
from tui.boards.details import MORE

SLUG = "comic-hunters"
NAMES = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")
READY = ("ready",)


def _assembles(players: int, seed: int) -> Iterator[Update]:
    """Seat 0's updates while it plays cards in the game's Assemble Collections (a random
    game; the others' moves and seat 0's plays at random)."""
    match = Match.new(SLUG, players, seed=seed)
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = min(match.to_act())
        legal = match.legal(seat)
        if seat == 0 and READY in legal:
            yield update_of(match, 0, NAMES[:players])
            plays = [action for action in legal if action[0] == "play"]
            if plays and rng.random() < 0.6:
                match.act(seat, rng.choice(plays))
                continue
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick")]
        match.act(seat, rng.choice(takes or legal))


def _board(update: Update, keys: list[Hashable] | None = None) -> board.Board:
    widget = board.Board()
    widget.update = update
    widget.trie = ActionTrie(update.legal, lambda action: board.paths(update, action))
    widget.keys = list(keys or [])
    return widget


POSITIONS = [(1, 1), (2, 2), (3, 1), (4, 1)]


@pytest.mark.parametrize(("players", "seed"), POSITIONS)
def test_every_assemble_choice_and_the_prompt_read_whole_at_80x24(players: int, seed: int) -> None:
    """At 80x24 (78 columns, 17 lines) the choice under the cursor, a card to play or the
    collection it joins, reads whole, and the prompt is a whole sentence: never "◆: …"."""
    seen = 0
    for index, update in enumerate(itertools.islice(_assembles(players, seed), 12)):
        first = _board(update)
        steps: list[list[Hashable]] = [[]]
        if index % 4 == 0:  # and the collections a card may join
            steps += [[c.key] for c in first.choices if c.key != READY][:2]
        for keys in steps:
            widget = _board(update, keys)
            for cursor, choice in enumerate(widget.choices):
                widget.cursor = cursor
                parts = widget._layout(update, 78, 17)
                said = [line.plain.rstrip() for line in parts[-1]]
                text = " ".join(line for line in said if line)
                label = f"▶ {cursor + 1} of {len(widget.choices)}: {choice.label}"
                assert MORE not in text and text.startswith(label), "\n".join(said)
                ask = text[len(label) :].strip()
                assert not ask or ask.endswith("."), "\n".join(said)
                seen += 1
    assert seen > 20, seen


def test_with_no_row_to_spare_the_choice_and_the_prompt_are_both_whole() -> None:
    """Four players, a long name, fifteen cards in hand at 80x24: the choice under the
    cursor needs two rows ("…Number …" was read on one row) and what to do needs its own
    (found paying in Assemble: the prompt was dropped, only the log said "You must pay
    5."). The other parts give their rows (collections after the totals, the hand's words
    beside its cards), so both are whole and the board keeps to its 17 rows."""
    squeezed = 0
    for update in itertools.islice(_assembles(4, 1), 24, 34):
        widget = _board(update)
        if widget._label_rows(78) < 2:
            continue
        for cursor, choice in enumerate(widget.choices):
            widget.cursor = cursor
            drawn = widget._layout(update, 78, 17)
            assert sum(len(lines) for lines in drawn) <= 17, drawn
            said = [line.plain.rstrip() for line in drawn[-1]]
            label = f"▶ {cursor + 1} of {len(widget.choices)}: {choice.label}"
            text = " ".join(line for line in said if line)
            assert text.startswith(label) and MORE not in text, said
            asked = " ".join(said[2:])  # the choice keeps its two rows
            assert asked.startswith("Assemble: ") and asked.endswith("."), said
        squeezed += 1
    assert squeezed


@pytest.mark.parametrize("width", [78, 118, 198])
def test_done_playing_is_a_visible_choice_and_never_the_one_under_the_cursor(width: int) -> None:
    """Done playing stands on the board as a choice (◆), bracketed only when the cursor is
    moved onto it; the cursor starts on a card."""
    update = next(_assembles(3, 1))
    widget = _board(update)
    assert widget.choices[widget.cursor].key != READY
    place = [line.plain for line in widget._layout(update, width, 40)[2]]
    assert any("◆ Done playing " in line for line in place), "\n".join(place)
    assert not any("[◆ Done playing" in line for line in place)
    widget.cursor = [c.key for c in widget.choices].index(READY)
    place = [line.plain for line in widget._layout(update, width, 40)[2]]
    assert any("[◆ Done playing" in line for line in place), "\n".join(place)


def _discarding(seed: int) -> Update:
    """Seat 0's first update while it discards down to the hand limit after paying."""
    match = Match.new(SLUG, 3, seed=seed)
    rng = random.Random(seed)
    while match.outcome() is None:
        seat = min(match.to_act())
        legal = match.legal(seat)
        if seat == 0 and legal[0][0] == "discard":
            return update_of(match, 0, NAMES[:3])
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick", "ready")]
        match.act(seat, rng.choice(takes or legal))
    raise AssertionError("no discard to the hand limit")


def test_discarding_to_the_limit_says_how_many_and_down_to_what() -> None:
    """After paying, the Assemble heading said "owed 0 for the cards played, paid 0" while
    the step was discarding down to two cards (found in play): it says that step."""
    update = _discarding(3)
    extra = len(update.view["hand"]) - 2
    widget = _board(update)
    for width in (78, 158):
        place = [line.plain.strip() for line in widget._layout(update, width, 40)[2]]
        cards = "1 more card" if extra == 1 else f"{extra} more cards"
        assert place[0] == f"Assemble: discard {cards}, down to 2 in your hand", place
        assert not any("owed" in line for line in place), place


def test_nothing_played_yet_is_said_so_rather_than_owed_0() -> None:
    """Before a card is played nothing is owed: the heading says so, Done playing beside."""
    update = next(_assembles(3, 1))
    assert not update.view["assembly"]["plays"][0]
    place = [line.plain for line in _board(update)._layout(update, 78, 40)[2]]
    assert place[0].startswith("Assemble: no cards played yet ◆ Done playing"), place


def test_the_card_being_played_stays_in_sight_while_its_collection_is_chosen() -> None:
    """Four players at 80x24, a card chosen to play: the board showed "Your hand: 10
    cards, worth 22 (i lists them)." and "1 of 1: onto the Black Panther collection", the
    card itself nowhere (found in play). The hand keeps its cards, the chosen one ✓."""
    checked = 0
    for update in itertools.islice(_assembles(4, 1), 40):
        plays = [c.key for c in _board(update).choices if c.key[0] == "play"]
        if not plays or len(update.view["hand"]) < 8:
            continue
        widget = _board(update, [plays[0]])
        drawn = widget._layout(update, 78, 17)
        assert sum(len(lines) for lines in drawn) <= 17
        text = "\n".join(line.plain for lines in drawn for line in lines)
        assert "✓" in text and "(i lists them)" not in text, text
        checked += 1
    assert checked


def test_wide_tracks_and_totals_read_as_words_not_codes() -> None:
    """At 160x45 the tracks said "at 0: 1234" (four players' markers read as a number)
    and your line "hand 0: none": the markers are parted by commas, an empty hand is
    "hand: no cards", as every other place says it."""
    update = update_of(Match.new(SLUG, 4, seed=1), 0, NAMES)
    assert not update.view["hand"]
    lines = [line.plain for line in _board(update)._layout(update, 158, 38)[0]]
    assert any(line.startswith(" at 0: 1,2,3,4") for line in lines), "\n".join(lines)
    players = [line.plain for line in _board(update)._layout(update, 158, 38)[1]]
    assert "hand 0" not in players[0] and "hand: no cards" in players[0], players[0]
