"""Orb Hunters' hand cards say their skill in sentences (#15, found playing at 160x45)."""

from __future__ import annotations

from core.games.orb_hunters.data import SKILL_WORDS
from tui.boards.orb_hunters_cards import card_does


def test_a_hand_cards_text_starts_as_a_sentence() -> None:
    """Played at 160x45: a hand card read "Trenti 3" over "you put an adventurer marker on
    it; …" and "Green 2 Charismatic" over "attracts the last adventurer …", beside "No
    skill." on the next card: the skill's text under the card's name (its name cut off)
    starts with a capital, as every sentence the board says does."""
    view = {"variants": []}
    for card in ("trenti-3", "green-2", "red-1", "blue-4", "yellow-3", "purple-6"):
        said = card_does(view, card)
        assert said[0].isupper() and said.endswith("."), said
        assert not any(said.startswith(f"{word}:") for word in SKILL_WORDS.values()), said
