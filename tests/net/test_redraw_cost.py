"""What keeps a redraw cheap for fifty guests in one process (net/textual_fixes.py, #14):
the patched Textual parts give the same results as Textual's own, and an app's frozen objects
are collected once it ends."""

from __future__ import annotations

import asyncio
import functools
import gc
import weakref

from rich.segment import Segment
from rich.style import Style
from textual import _callback
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widgets import Static

from net import textual_fixes
from tests.net.hall_setups import eventually


def _original_link_style(strip: Strip, link_style: Style) -> Strip:
    """Textual 8.2.8's ``Strip._apply_link_style``, as it was before the patch."""
    segments = [
        (
            Segment(
                text,
                (
                    style
                    if style._meta is None
                    else (style + link_style if "@click" in style.meta else style)
                ),
                control,
            )
            if style
            else Segment(text)
        )
        for text, style, control in strip._segments
    ]
    return Strip(segments, strip._cell_length)


def test_link_styles_are_the_same_as_textuals() -> None:
    textual_fixes.apply()
    link = Style(underline=True, color="blue")
    strip = Strip(
        [
            Segment("plain "),
            Segment("null ", Style()),
            Segment("bold ", Style(bold=True)),
            Segment("offset ", Style(meta={"offset": (1, 2)})),
            Segment("link ", Style(meta={"@click": "app.bell()"})),
            Segment("link again", Style(italic=True, meta={"@click": "app.bell()"})),
        ]
    )
    for _ in range(2):  # the second time from what was kept
        assert list(strip._apply_link_style(link)) == list(_original_link_style(strip, link))


def test_a_partials_parameters_are_its_functions_less_its_arguments() -> None:
    textual_fixes.apply()

    class Thing:
        def three(self, a: int, b: int, c: int) -> None: ...

    def two(a: int, b: int) -> None: ...

    thing = Thing()
    for _ in range(2):
        assert _callback.count_parameters(functools.partial(thing.three, 1)) == 2
        assert _callback.count_parameters(functools.partial(two, b=2)) == 1
        assert _callback.count_parameters(functools.partial(two)) == 2
        assert _callback.count_parameters(thing.three) == 3
        assert _callback.count_parameters(functools.partial(setattr, thing, "x")) == 1


class _Small(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("hello")


async def test_an_apps_objects_are_frozen_while_it_runs_and_collected_after() -> None:
    """A running app's objects are left out of collections; once it ends its cycles are
    collected and nothing stays frozen."""
    textual_fixes.apply()
    gc.unfreeze()

    async def run() -> weakref.ref[_Small]:  # in a task of its own: its context goes with it
        app = _Small()
        async with app.run_test() as pilot:
            await pilot.pause()
            await eventually(lambda: gc.get_freeze_count() > 0, timeout=textual_fixes.SETTLE + 3)
        return weakref.ref(app)

    ref = await asyncio.create_task(run())
    assert gc.get_freeze_count() == 0  # unfrozen as it ended: a collection finds its cycles
    await asyncio.sleep(textual_fixes.SETTLE + 0.2)  # no app runs: nothing is frozen again
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert ref() is None


def test_the_youngest_generation_is_collected_less_often() -> None:
    """A redraw allocates thousands of objects: collected every 700, the young generations
    cost a lobby key at 20 guests 8 ms, at 20,000 1.4 ms."""
    gc.set_threshold(700, 10, 10)
    try:
        textual_fixes.apply()
        assert gc.get_threshold() == (textual_fixes.YOUNG, 10, 10)
    finally:
        gc.set_threshold(700, 10, 10)
