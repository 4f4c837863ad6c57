"""Whoosh's negative numbers (issue #15): a mistake's event said "face-down for -1" with a
hyphen-minus where every other line said "−1" (U+2212). A scan over every text Whoosh shows
a player: the board, the log, the details, the summaries, the results and the help."""

from __future__ import annotations

import random
import re

from core.engine import in_words, with_names
from core.match import Match
from tests.tui.board_helpers import update_of
from tui.boards import whoosh as board
from tui.screens.results import result_sentence, score_words

HYPHEN_MINUS = re.compile(r"(?<![\w\-])-\d")
"""An ASCII hyphen before a digit, not inside a word or a range ("1-9"): a minus sign
written with a hyphen."""

NAMES = ("Ala", "Olek", "Ewa")


def _game(seed: int) -> tuple[list[str], Match]:
    """A whole three-player game with early grabs (mistakes) among the captures: every
    text it showed, and the match at its end."""
    match = Match.new("whoosh", 3, seed=seed, options={"tie_window": 0, "fair_remote": False})
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(3000):
        if match.outcome() is not None:
            break
        seat = rng.randrange(3)
        legal = match.legal(seat)
        claims = [a for a in legal if a[0] == "claim"]
        if claims and rng.random() < 0.15:
            action = rng.choice(claims)
        elif ("reveal",) in match.legal(match.state.turn):
            seat, action = match.state.turn, ("reveal",)
        else:
            action = rng.choice(legal)
        events = match.act(seat, action)
        update = update_of(match, 0, NAMES)
        texts += [with_names(e["text"], list(NAMES)) for e in events if "text" in e]
        texts += board.describe(update)
        texts += board.milestone(update, events) or []
        widget = board.Board()
        widget.local_seats = (0,)
        widget.update = update
        for size in ((78, 17), (150, 40)):
            texts += [line.plain for line in widget.lines(*size)]
        for player in range(3):
            widget._player = player
            texts.append(widget.details())
    assert match.outcome() is not None
    return texts, match


def test_every_negative_number_whoosh_shows_has_a_minus_sign() -> None:
    """Mistakes made (so negative points are there to say), then every line scanned."""
    texts: list[str] = [board.HOW_TO_PLAY, *(f"{k} {v}" for k, v in board.LEGEND)]
    negative = False
    for seed in range(3):
        shown, match = _game(seed)
        texts += shown
        outcome = match.outcome()
        assert outcome is not None
        view = match.view(None)
        negative |= min(outcome.scores) < 0
        texts += board.result_lines(view, outcome, NAMES)
        texts += board.played_lines(view, [], NAMES)
        for place, group in enumerate(outcome.ranking):
            for seat in group:
                texts += [result_sentence(place + 1, seat, outcome, NAMES)]
                texts += [score_words(outcome, seat)]
    assert negative, "no game went below zero: nothing was scanned"
    assert any("−1" in text for text in texts)
    wrong = sorted({text for text in texts if HYPHEN_MINUS.search(text)})
    assert not wrong, wrong


def test_a_mistake_says_what_was_grabbed_in_one_sentence() -> None:
    """ "You grabbed the Ghoul: ice, sword without all its symbols revealed: a mistake, …"
    read as if the sword lacked something, with two colons in one line: the Monster's
    symbols in brackets, then why it was a mistake."""
    match = Match.new("whoosh", 2, seed=3, options={"tie_window": 0, "fair_remote": False})
    events = match.act(1, ("claim", 0, match.state.generation))
    monster = match.view(None)["mistakes"][1][-1]
    from core.games.whoosh.data import MONSTER_BY_ID

    m = MONSTER_BY_ID[monster]
    (text,) = [with_names(e["text"], ["Ala", "Olek"]) for e in events if e["type"] == "mistake"]
    # "the Wight (ice, ice, bow)" never said what the bracket was: the symbols it needed
    # are named as what was not all out.
    assert text == (
        f"Olek grabbed the {m.name} before its {in_words(list(m.symbols))} were all "
        "out: a mistake, face-down for −1."
    )
