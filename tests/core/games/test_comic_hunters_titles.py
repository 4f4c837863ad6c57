"""A Comic Hunters card's title writes its number as "issue N" (issue #15).

The board, details line and summaries said "Sanctum issue 1" (a "#1" there read like the
Number One Highlight icon), while the log, made from the card's own title, said "Widow's
Sting #83": one card, two ways, on one screen."""

from __future__ import annotations

import re

from core.games.comic_hunters.data import CARDS, card_text


def test_every_title_writes_its_number_as_an_issue() -> None:
    for card in CARDS:
        assert "#" not in card.title, card.title
        assert card.title.endswith(f" issue {card.number}"), card.title
        assert "#" not in card_text(card.id)


def test_titles_stay_unique() -> None:
    titles = [card.title for card in CARDS]
    assert len(set(titles)) == len(titles)
    assert all(re.fullmatch(r"[\w' :&.-]+ issue \d+", t) for t in titles), titles[:3]
