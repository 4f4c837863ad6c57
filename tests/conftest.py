"""Suite-wide marks for running the suite on both cores (pytest-xdist).

- Every network test that serves or connects is in the xdist group "net": one worker runs
  them one after another, so two servers never race each other for the loopback. The
  tests under tests/net/ that open no socket (`LOOPBACK_FREE`: the driver against a stand-in
  channel, the hall and its apps in process) are shared out like any other: the "net"
  worker is the suite's longest, and CI must stay under 25 minutes.
- Tests whose assertions are timings (latency under attack, capture fairness, the tie
  window, load) are marked ``timing``: the README's test command runs them after the rest,
  alone, so no engine test on the other core decides whether they pass.
- ``--render-workers N`` runs every network test that does not pin its mode with N render
  workers (it sets HUNTERS_TEST_RENDER_WORKERS, which tests/net/e2e_helpers.py reads, so the
  ``hunters`` subprocesses the tests start see it too). Tests that run in both modes in every
  run (the ``each_mode`` fixture, tests/net/conftest.py) are marked ``both_modes``; their
  worker-mode half and tests/net/test_render_workers.py are marked ``render_workers``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

NET = Path(__file__).resolve().parent / "net"
LOOPBACK_FREE = frozenset(
    {
        "test_driver.py",
        "test_fastpath.py",
        "test_hall.py",
        "test_hall_app.py",
        "test_identity.py",
        "test_limits.py",
        "test_lobby_footer.py",
        "test_lobby_redraw.py",
        "test_redraw_cost.py",
        "test_undo_over_ssh.py",
    }
)
"""Modules under tests/net/ whose tests open no socket and start no process."""
TIMING = frozenset(
    {"test_hostile.py", "test_fairness.py", "test_tie_window_over_ssh.py", "test_load.py"}
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--render-workers",
        type=int,
        default=None,
        metavar="N",
        help="run the network tests' servers with N render workers "
        "(sets HUNTERS_TEST_RENDER_WORKERS)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "timing: asserts timings; run alone (see README)")
    config.addinivalue_line("markers", "both_modes: runs with and without render workers")
    config.addinivalue_line("markers", "render_workers: its server runs render workers")
    workers = config.getoption("--render-workers")
    if workers is not None:
        # Imported only here: the network helpers import the whole server, which a run of
        # the engine's tests has no need of.
        from tests.net.e2e_helpers import RENDER_WORKERS_ENV

        os.environ[RENDER_WORKERS_ENV] = str(workers)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.fspath))
        if NET in path.parents and path.name not in LOOPBACK_FREE:
            item.add_marker(pytest.mark.xdist_group("net"))
        if path.name in TIMING:
            item.add_marker(pytest.mark.timing)
        callspec = getattr(item, "callspec", None)
        mode = callspec.params.get("each_mode") if callspec is not None else None
        if mode is not None:
            item.add_marker(pytest.mark.both_modes)
        if mode == "workers" or path.name == "test_render_workers.py":
            item.add_marker(pytest.mark.render_workers)
