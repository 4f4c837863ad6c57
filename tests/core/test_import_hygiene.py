"""The layering: core runs without Textual, Rich or asyncssh, and the bots without a cycle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest


def test_importing_core_loads_no_ui_or_network_library() -> None:
    """``import core`` and everything in it pulls in none of textual, rich, asyncssh."""
    code = (
        "import sys, core, core.engine, core.match, core.codec, core.games, core.bots, core.sim\n"
        "from core.games import GAMES\n"
        "from core.bots import make_bot\n"
        "top = {m.split('.')[0] for m in sys.modules}\n"
        "loaded = sorted(top & {'textual', 'rich', 'asyncssh', 'tui', 'net'})\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


CORE = Path(__file__).resolve().parents[2] / "core"
GAME_PACKAGES = sorted(p.parent.name for p in (CORE / "games").glob("*/__init__.py"))


def _imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, at its top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
    return names


def test_the_bots_package_imports_no_game() -> None:
    """core.bots knows no game, not even lazily: the games' bots import it, and each game
    registers its own levels (the cycle the two directions made is gone)."""
    for path in sorted((CORE / "bots").glob("*.py")):
        games = {name for name in _imported_modules(path) if name.startswith("core.games")}
        assert not games, f"{path.name} imports {sorted(games)}"


def test_importing_the_bots_package_loads_no_game() -> None:
    """``import core.bots`` (and its search) runs without any game module loaded."""
    code = (
        "import sys, core.bots, core.bots.ismcts\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('core.games'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_registers_its_levels_whichever_of_its_modules_loads_first(package: str) -> None:
    """Importing a game's bots module first, in a fresh interpreter, still registers the
    game's levels (and imports cleanly, with no module half loaded)."""
    code = (
        f"import core.games.{package}.bots as bots\n"
        "from core.bots import bot_levels\n"
        "import core.games\n"
        f"slug = next(s for s, g in core.games.GAMES.items()"
        f" if type(g).__module__ == 'core.games.{package}.rules')\n"
        "assert bot_levels(slug) == ('random', *bots.LEVELS), bot_levels(slug)\n"
        "print(slug)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
