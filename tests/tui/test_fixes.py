"""The two Textual loops that froze a whole server stay shut (tui/fixes.py).

Each test counts the work done after a hostile moment and stops the run with an error once
that count is past anything a healthy app does, so the old behaviour fails in well under a
second instead of hanging the test run.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Label

from tui import fixes
from tui.app import HuntersApp
from tui.screens.setup import SetupScreen
from tui.settings import Settings

FLAPS = 40
"""Resizes in a flapping window."""
RUNAWAY = 5000
"""Layouts past which the app counts as laying out for ever."""


class _Runaway(Exception):
    pass


@pytest.mark.timeout(20)
@pytest.mark.parametrize("step", [0.005, 0.02])
async def test_a_window_flapping_across_the_minimum_leaves_the_app_responsive(
    monkeypatch: pytest.MonkeyPatch, step: float
) -> None:
    """A window flapping between 79×23 and 100×30 (the too-small notice pushed and popped
    each time) used to leave a background screen laying itself out for ever: each stale
    Resize it handled posted itself again (the attack froze the server in 5–9 s). Now the
    layouts stay in proportion to the resizes and the app ends at the last size."""
    layouts = 0
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        nonlocal layouts
        layouts += 1
        if layouts > RUNAWAY:
            raise _Runaway(f"{layouts} layouts for {FLAPS} resizes")
        refresh_layout(self, *args, **kwargs)

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(SetupScreen("superbohaterowie"))
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        for i in range(FLAPS):
            size = Size(79, 23) if i % 2 == 0 else Size(100, 30)
            app.post_message(events.Resize(size, size))
            await asyncio.sleep(step)
        await pilot.pause(0.2)
        settled = layouts
        await pilot.pause(0.2)
        assert layouts == settled, "still laying out after the resizes stopped"
        assert layouts <= 10 * FLAPS
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.size == Size(100, 30)


class _ToastApp(App[None]):
    def compose(self) -> Any:
        yield Label("toasts")


@pytest.mark.timeout(10)
@pytest.mark.parametrize("interval", [-0.5, 0.0, float("nan"), float("-inf")])
async def test_a_timer_with_no_time_left_still_yields(interval: float) -> None:
    """A toast raised at the instant it expires asks for a timer of 0 or fewer seconds;
    Textual's timer loop then spun without awaiting. It now fires once, promptly."""
    fixes.apply()  # as every Hunters app and the SSH server do
    fired: list[float] = []
    app = _ToastApp()
    async with app.run_test() as pilot:
        app.set_timer(interval, lambda: fired.append(time.monotonic()))
        ticks = 0
        for _ in range(10):
            await asyncio.sleep(0.005)
            ticks += 1
        await pilot.pause()
        assert ticks == 10
        assert len(fired) == 1


@pytest.mark.timeout(10)
async def test_an_expired_notification_does_not_spin() -> None:
    """The attack's way in: a notification whose time is already up when it is shown."""
    fixes.apply()
    app = _ToastApp()
    async with app.run_test() as pilot:
        app.notify("gone already", timeout=0)
        app.notify("negative", timeout=-1)
        beats = 0
        for _ in range(10):
            await asyncio.sleep(0.005)
            beats += 1
        await pilot.pause()
        assert beats == 10


def test_apply_is_idempotent() -> None:
    fixes.apply()
    once = (Screen.__dict__["_on_resize"], Timer.__dict__["__init__"])
    fixes.apply()
    assert (Screen.__dict__["_on_resize"], Timer.__dict__["__init__"]) == once


@pytest.mark.timeout(20)
async def test_a_one_shot_timer_fires_after_a_stall(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``set_timer`` whose task was held up past its delay (a full garbage collection, the
    process descheduled on a loaded machine) must still fire. Textual's timer skips ticks
    it is late for, and for a one-shot timer that skipped the only one: a served guest's
    "the hall changed" timer vanished at the start of a game, and with it every later
    change, since they wait for that one (CI: a screen-reader guest's terminal stayed on
    the lobby for a whole game while a bot played their seat)."""
    from textual import timer as timer_module

    real = timer_module._time
    calls = 0

    def stalling_clock() -> float:
        # Each timer reads the clock twice before it first sleeps; between those reads
        # the process stalls for 10 s.
        nonlocal calls
        calls += 1
        return real.get_time() + (10.0 if calls > 1 else 0.0)

    fired: list[str] = []
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(
            timer_module,
            "_time",
            type(
                "Clock",
                (),
                {"get_time": staticmethod(stalling_clock), "sleep": staticmethod(real.sleep)},
            ),
        )
        app.set_timer(0.05, lambda: fired.append("once"))
        await asyncio.sleep(0.3)
        monkeypatch.setattr(timer_module, "_time", real)
        await pilot.pause()
    assert fired == ["once"]
