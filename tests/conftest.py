"""Suite-wide marks for running the suite on both cores (pytest-xdist).

- Every network test is in the xdist group "net": one worker runs them one after another,
  so two servers never race each other for the loopback.
- Tests whose assertions are timings (latency under attack, capture fairness, the tie
  window, load) are marked ``timing``: the README's test command runs them after the rest,
  alone, so no engine test on the other core decides whether they pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NET = Path(__file__).resolve().parent / "net"
TIMING = frozenset(
    {"test_hostile.py", "test_fairness.py", "test_tie_window_over_ssh.py", "test_load.py"}
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "timing: asserts timings; run alone (see README)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.fspath))
        if NET in path.parents:
            item.add_marker(pytest.mark.xdist_group("net"))
        if path.name in TIMING:
            item.add_marker(pytest.mark.timing)
