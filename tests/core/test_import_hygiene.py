"""The layering: core runs without Textual, Rich or asyncssh."""

from __future__ import annotations

import subprocess
import sys


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
