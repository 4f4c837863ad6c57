"""Every registered game describes itself fully: metadata, options and rules text."""

from __future__ import annotations

import pytest

from core.engine import Game
from core.games import GAMES


@pytest.mark.parametrize("slug", list(GAMES))
def test_registration_uses_the_games_own_slug(slug: str) -> None:
    """GAMES maps each slug to the game that carries it, and it keeps the contract."""
    game = GAMES[slug]
    assert game.slug == slug and isinstance(game, Game)
    assert game.title and game.pitch and len(game.players) >= 1


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_option_has_help_and_a_valid_default(slug: str) -> None:
    """Table setup can show every option with its help text and choice words."""
    for option in GAMES[slug].options:
        assert option.help and option.label
        assert option.default in option.choices
        assert not option.choice_labels or len(option.choice_labels) == len(option.choices)


@pytest.mark.parametrize("slug", list(GAMES))
def test_rules_text_has_the_rulebook_and_the_designed_choices(slug: str) -> None:
    """The help screen shows the rulebook followed by this edition's decisions."""
    text = GAMES[slug].rules_text()
    assert "Rulebook" in " ".join(text.splitlines()[:2])  # the title, then "… Rulebook"
    assert "designed" in text
