"""Every registered game describes itself fully: metadata, options and rules text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import core.games
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


def _imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, at the top, inside functions or for type checks."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_games_view_and_state_never_import_its_rules(slug: str) -> None:
    """Rules import the view, never the reverse: the state type and the helpers both read
    live below them both (in state.py or scoring.py), so neither module needs the other."""
    package = Path(core.games.__file__).parent / slug.replace("-", "_")
    rules = f"core.games.{slug.replace('-', '_')}.rules"
    for name in ("view.py", "state.py", "scoring.py"):
        path = package / name
        if path.exists():
            assert rules not in _imported_modules(path), f"{path} imports {rules}"
