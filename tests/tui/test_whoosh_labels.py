"""Whoosh's worded choices read as sentences (issue #15): a screen-reader user heard "Claim
monster 1: the Troll (axe, axe, ice)", which never said what the bracket was, and wrote
"monster" in lower case where the board says Monster."""

from __future__ import annotations

import re

from core.engine import in_words
from core.match import Match
from tests.tui.board_helpers import update_of
from tests.tui.test_board_whoosh import _board, _played
from tui.boards import whoosh as board
from tui.boards.base import ActionTrie
from tui.boards.whoosh_faces import in_order


def _needs(symbols: list[str]) -> str:
    return in_words([s for s, n in in_order(symbols) for _ in range(n)])


def test_a_claim_reads_as_a_sentence_naming_the_monster_and_what_it_needs() -> None:
    """ "Claim Monster 2, the Ogre: it needs sword, sword and fire." for every claim."""
    match = Match.new("whoosh", 3, seed=2)
    match.act(0, ("reveal",))
    update = update_of(match, 0)
    trie = ActionTrie(update.legal, lambda a: board.paths(update, a))
    labels = [c.label for c in trie.choices([]) if c.label != "Reveal your next card"]
    assert len(labels) == 3
    for slot, label in enumerate(labels):
        monster = update.view["monsters"][slot]
        needs = _needs(monster["symbols"])
        assert label == f"Claim Monster {slot + 1}, the {monster['name']}: it needs {needs}."
        assert "(" not in label and "monster" not in label


def test_the_table_in_words_says_monster_with_a_capital_where_a_hand_is_down() -> None:
    """The line of a pending claim names the Monster as the board does."""
    match = Match.new("whoosh", 3, seed=2)
    for _ in range(3):
        match.act(match.state.turn, ("reveal",))
    match.act(1, ("claim", 0, match.state.generation), at_ns=9)
    lines = board.describe(update_of(match, 0, ("Ala", "Olek", "Ewa")))
    first = match.view(None)["monsters"][0]
    assert lines[-1] == f"Olek reached for Monster 1, the {first['name']}."
    assert not any(re.search(r"\bmonster\b", line) for line in lines)


def test_the_details_of_a_highlighted_claim_go_on_in_a_second_sentence() -> None:
    """The details line adds the Monster's points, tie number and pile after the claim's
    sentence, as a sentence of its own (no "…ice. — 5 points")."""
    match = _played(3, 3)
    update = update_of(match, match.state.turn, ("Ala", "Olek", "Ewa"))
    widget = _board(update, (update.seat,))
    widget._cursor = ("claim", 2)
    monster = update.view["monsters"][2]
    label = widget.choices()[3].label
    more = monster["pile"] or "no"
    assert widget.details() == (
        f"4 of 4: {label} It is worth {monster['value']} point"
        f"{'' if monster['value'] == 1 else 's'} and has tie number {monster['tie']}; "
        f"its pile holds {more} more."
    )


def test_the_screen_reader_prompts_say_monster_as_the_board_does() -> None:
    """The plain prompt on your turn and on another's names a Monster with a capital."""
    match = Match.new("whoosh", 3, seed=2)
    for seat in (0, 1):
        update = update_of(match, seat)
        said = board.prompt(update, [], [], plain=True)
        assert "a Monster" in said and not re.search(r"\bmonster\b", said), said
