"""The README's promises: the commands it shows are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", readme)


def test_ci_runs_the_readmes_test_command() -> None:
    """.ci/run contains, verbatim, the README's test command."""
    test_command = next(c for c in _commands() if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_run_command_installs_and_runs_hunters() -> None:
    """The run command installs the package and starts the hunters command."""
    run_command = next(c for c in _commands() if "pytest" not in c)
    assert "pip install ." in run_command and ".venv/bin/hunters" in run_command
