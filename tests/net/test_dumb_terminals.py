"""Dumb and vt100 terminals get the plain screen-reader mode by themselves (issue #17): in
ASCII, without colour, and over SSH without the alternate screen; NO_COLOR turns colour off
in every mode."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color
from textual.filter import NoColor

from tests.net.e2e_helpers import connect, running_server
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.settings import Settings
from tui.widgets.terminal import PlainText, ascii_text, plain_terminal

SGR = re.compile(rb"\x1b\[[0-9;]*m")
"""A Select Graphic Rendition escape: colour, bold, reverse…"""


@pytest.mark.parametrize(
    ("term", "plain"),
    [
        ("dumb", True),
        ("vt100", True),
        ("VT100", True),
        ("", True),
        (None, True),
        ("xterm", False),
        ("xterm-256color", False),
        ("screen", False),
        ("linux", False),
    ],
)
def test_which_terminals_get_the_plain_mode(term: str | None, plain: bool) -> None:
    """Dumb, vt100 and unnamed terminals get the plain mode; every usual terminal does not."""
    assert plain_terminal(term) is plain


def test_ascii_keeps_every_character_in_its_cells() -> None:
    """Symbols become ASCII one cell for one cell, so the layout is unchanged."""
    text = "Comic Hunters, 1–4 players · café ─│┌ ⚠ Name — “quoted” …"
    shown = ascii_text(text)
    assert shown.isascii()
    assert len(shown) == len(text)
    assert shown == 'Comic Hunters, 1-4 players - cafe -|+ ! Name - "quoted" .'


def test_the_plain_filter_drops_colour_and_attributes() -> None:
    """The plain terminal's filter leaves text only: no colour, no bold."""
    styled = [Segment("Ala — wins", Style(color="red", bold=True))]
    (segment,) = PlainText().apply(styled, Color(0, 0, 0))
    assert segment.text == "Ala - wins" and segment.style is None


async def test_a_local_dumb_terminal_starts_in_the_plain_mode() -> None:
    """TERM=dumb turns screen-reader mode on, and the screen is ASCII only."""
    app = HuntersApp(Settings(bot_delay=0))
    app.suit_terminal("dumb")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.settings.screen_reader
        assert app.has_class("-screen-reader")
        assert any(isinstance(f, PlainText) for f in app._filters)
        assert "> Comic Hunters" in screen_text(app)


def test_no_color_turns_colour_off_in_the_boxed_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR (any value, even empty) leaves no colour, but the mode stays as chosen."""
    monkeypatch.setenv("NO_COLOR", "")
    app = HuntersApp(Settings(bot_delay=0))
    app.suit_terminal("xterm-256color")
    assert not app.settings.screen_reader
    assert any(isinstance(f, NoColor) for f in app._filters)


@pytest.mark.usefixtures("each_mode")
async def test_a_vt100_guest_over_ssh_gets_the_plain_mode(tmp_path: Path) -> None:
    """A guest whose client says TERM=vt100 reads the plain mode in ASCII: no colour or
    attribute escapes, no alternate screen, the terminal cursor shown and on the marked
    line; an xterm guest beside them keeps the boxed screen. The same when the apps are
    drawn in a render worker."""
    async with running_server(tmp_path / "data") as served:
        host = await connect(served.port, "ala")
        guest = await connect(served.port, "olek", term="vt100", width=80, height=24)
        try:
            await host.wait_for("Superbohaterowie: table setup")
            await guest.wait_for("Waiting for the host (ala) to set up Superbohaterowie.")
            await guest.wait_for("> Press the number of an open seat")
            await guest.settle()
            received = bytes(guest.received)
            assert not SGR.search(received)
            assert b"\x1b[?1049h" not in received
            assert b"\x1b[?25h" in received  # the cursor, which a screen reader follows
            assert received.decode("utf-8").isascii()
            # The cursor ends on the marked line (on a loaded machine the frame that puts it
            # there can come after a quiet moment: the lobby is laid out again as it fills).
            await guest.wait_until(
                lambda: (
                    guest.lines[guest.screen.cursor.y].lstrip().startswith("> Press the number")
                ),
                "the terminal cursor on the marked line",
            )
            assert SGR.search(bytes(host.received))
            assert b"\x1b[?1049h" in bytes(host.received)
        finally:
            await guest.close()
            await host.close()


def test_a_local_dumb_terminal_is_drawn_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in a dumb terminal, the app draws in place (Textual's inline mode) instead of
    switching to an alternate screen the terminal has not got; an xterm keeps it."""
    runs: list[dict[str, object]] = []
    monkeypatch.setattr(App, "run", lambda self, *args, **kwargs: runs.append(kwargs))
    monkeypatch.setattr(HuntersApp, "keep_files", lambda self: None)
    for term in ("dumb", "xterm-256color"):
        monkeypatch.setenv("TERM", term)
        HuntersApp(Settings(bot_delay=0)).run()
    assert runs == [{"inline": True}, {}]
