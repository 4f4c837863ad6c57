"""The watchdog frees the shared event loop from an App that holds it (net/watchdog.py).

A guest's App stuck in a handler that never returns froze every player and the server; the
watchdog ends that guest's session alone and everyone else plays on.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

import pytest
from textual import events

from net.session import SessionInfo
from net.watchdog import REASON, Watchdog
from tests.net.conftest import KeyApp, Terminal

pytestmark = pytest.mark.timeout(60)


class SpinningApp(KeyApp):
    """Spins for ever on "w", as a Textual bug provoked by a guest would."""

    def on_key(self, event: events.Key) -> None:
        if event.key == "w":
            while True:
                pass
        super().on_key(event)


def _spinning(info: SessionInfo) -> KeyApp:
    return SpinningApp(info)


async def test_an_app_holding_the_loop_is_dropped_and_others_play_on(
    start_server: Any, open_terminal: Any
) -> None:
    watchdog = Watchdog(limit=0.5, interval=0.05)
    watchdog.start()
    try:
        server = await start_server(factory=_spinning)
        spinner: Terminal = await open_terminal(server.port, username="spinner")
        other: Terminal = await open_terminal(server.port, username="other")
        await spinner.wait_for("key: none")
        await other.wait_for("key: none")
        spinner.process.stdin.write(b"w")
        goodbye = await spinner.read_to_end()
        assert f"session closed: {REASON}".encode() in goodbye
        assert len(watchdog.dropped) == 1
        other.process.stdin.write(b"k")
        await other.wait_for("key: k", timeout=2)
        fresh: Terminal = await open_terminal(server.port, username="fresh")
        await fresh.wait_for("key: none")
    finally:
        watchdog.stop()


async def test_a_stall_outside_any_app_is_logged_not_interrupted(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Only an App is ever cut short: a stall in the server's own code is reported."""
    watchdog = Watchdog(limit=0.2, interval=0.05)
    watchdog.start()
    try:
        await asyncio.sleep(0.1)
        import time

        time.sleep(0.6)  # the loop's own code holds it (no App on the stack)
        await asyncio.sleep(0.1)
    finally:
        watchdog.stop()
    assert watchdog.dropped == []
    assert any("has not turned" in record.getMessage() for record in caplog.records)


class CollectingApp(KeyApp):
    """On "g", a garbage collection as long as the one a hundred guests' heap takes (the
    collector's callbacks told, the time slept), then a moment's work of its own."""

    def on_key(self, event: events.Key) -> None:
        if event.key == "g":
            for callback in list(gc.callbacks):
                callback("start", {"generation": 2, "collected": 0, "uncollectable": 0})
            time.sleep(0.8)
            for callback in list(gc.callbacks):
                callback("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
            time.sleep(0.2)
        super().on_key(event)


async def test_time_the_garbage_collector_takes_drops_nobody(
    start_server: Any, open_terminal: Any
) -> None:
    """A collection inside an App's handler is not the App holding the loop: at 20 tables a
    full collection (seconds) dropped whichever guest allocated last, and its end another."""
    watchdog = Watchdog(limit=0.5, interval=0.05)
    watchdog.start()
    try:
        server = await start_server(factory=CollectingApp)
        guest: Terminal = await open_terminal(server.port, username="guest")
        await guest.wait_for("key: none")
        guest.process.stdin.write(b"g")
        await guest.wait_for("key: g", timeout=5)
        guest.process.stdin.write(b"k")
        await guest.wait_for("key: k", timeout=2)
        assert watchdog.dropped == []
    finally:
        watchdog.stop()
    assert watchdog._collector not in gc.callbacks
