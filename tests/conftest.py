"""Suite-wide: under pytest-xdist (`-n 2 --dist loadgroup`), every network test runs on one
worker, one after another, so two servers never race each other for the loopback and their
timings are those of one table; engine and screen tests share the other worker."""

from __future__ import annotations

from pathlib import Path

import pytest

NET = Path(__file__).resolve().parent / "net"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if NET in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.xdist_group("net"))
