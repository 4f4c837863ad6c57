"""The code keeps the project's own rules: ruff's lint and format, mypy strict on core and net."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATHS = ["core", "tui", "net", "tests", "bench", "screenshots"]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing() -> None:
    """Lint and formatting as configured in pyproject.toml (ruff comes with the test extras)."""
    beside_python = Path(sys.executable).parent / "ruff"
    ruff = str(beside_python) if beside_python.exists() else shutil.which("ruff") or "ruff"
    lint = _run(ruff, "check", *PATHS)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    form = _run(ruff, "format", "--check", *PATHS)
    assert form.returncode == 0, form.stdout + form.stderr


def test_mypy_strict_passes() -> None:
    """Strict typing on core and net (and what they import), as pyproject.toml configures."""
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
