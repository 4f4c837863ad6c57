"""KeyFooter: the keys on one line of text; a change of keys redraws that line alone."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from tui.widgets.footer import KeyFooter


class Keys(App[None]):
    ENABLE_COMMAND_PALETTE = False  # as in Hunters
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "go", "Go", tooltip="Go somewhere"),
        Binding("b", "other", "Other"),
    ]
    allowed = True
    shown = True
    went = 0

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go":
            return True if self.allowed else None  # None: shown, greyed out
        if action == "other":
            return self.shown  # False: not shown at all
        return True

    def action_go(self) -> None:
        self.went += 1

    def action_other(self) -> None: ...


def _line(app: App[Any]) -> str:
    return str(app.query_one(KeyFooter).render()).rstrip()


async def test_the_keys_are_one_line_a_key_turning_off_is_dimmed_and_one_hidden_goes() -> None:
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        assert _line(app) == "a Go b Other"
        app.allowed = False
        app.refresh_bindings()
        await pilot.pause()
        assert [(k.description, k.enabled) for k in footer.keys] == [
            ("Go", False),
            ("Other", True),
        ]
        app.shown = False
        app.refresh_bindings()
        await pilot.pause()
        assert _line(app) == "a Go"


async def test_keys_asked_for_together_are_worked_out_once(monkeypatch: Any) -> None:
    """Every ``refresh_bindings`` had the footer work out every key's state again: a focus
    moved, a board shown and undo offered were three looks in one update (six in a table's
    first frame). Those asked before it looks are one look, and it sees the last state."""
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        looks: list[int] = []
        keys_now = KeyFooter._keys_now

        def counted(self: KeyFooter) -> Any:
            looks.append(1)
            return keys_now(self)

        monkeypatch.setattr(KeyFooter, "_keys_now", counted)
        app.allowed = False
        app.refresh_bindings()
        app.screen.refresh_bindings()
        app.shown = False
        app.refresh_bindings()
        await pilot.pause()
        assert looks == [1]
        assert _line(app) == "a Go"
        assert not footer.keys[0].enabled


async def test_a_key_coming_and_going_lays_nothing_out(monkeypatch: Any) -> None:
    """Undo comes and goes after each move at a local table: the footer's line is redrawn,
    and the screen is not laid out again (a layout of the screen costs more than a table)."""
    layouts: list[bool] = []
    lay_out = Screen._refresh_layout

    def counted(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts.append(True)
        lay_out(self, *args, **kwargs)

    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        for shown in (False, True, False):
            app.shown = shown
            app.refresh_bindings()
            await pilot.pause()
        assert _line(app) == "a Go"
        assert not layouts


async def test_keys_shown_before_are_not_drawn_again(monkeypatch: Any) -> None:
    """A table's keys change with every turn (Enter works on yours, not on theirs) and come
    back with the next: a line of keys drawn once is kept, and shown again as it was."""
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        drawn: dict[bool, Any] = {}
        for allowed in (True, False):
            app.allowed = allowed
            app.refresh_bindings()
            await pilot.pause()
            drawn[allowed] = app.screen._compositor.render_strips()[-1]
        assert drawn[True].text.rstrip() == drawn[False].text.rstrip() == "a Go b Other"
        assert drawn[True] != drawn[False]  # dimmed Go
        renders: list[bool] = []
        render = type(footer)._render_content

        def counted(self: Any) -> Any:
            renders.append(True)
            return render(self)

        monkeypatch.setattr(type(footer), "_render_content", counted)
        for allowed in (True, False, True):
            app.allowed = allowed
            app.refresh_bindings()
            await pilot.pause()
            assert app.screen._compositor.render_strips()[-1] == drawn[allowed]
        assert not renders


async def test_a_click_on_a_key_presses_it_and_on_a_dimmed_one_rings() -> None:
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        await pilot.click(KeyFooter, offset=(2, 0))  # "Go"
        await pilot.pause()
        assert app.went == 1
        await pilot.click(KeyFooter, offset=(4, 0))  # the gap between the keys
        await pilot.pause()
        assert app.went == 1
        app.allowed = False
        app.refresh_bindings()
        await pilot.pause()
        bells: list[bool] = []
        app.bell = lambda: bells.append(True)  # type: ignore[method-assign]
        await pilot.click(KeyFooter, offset=(0, 0))
        await pilot.pause()
        assert app.went == 1 and bells == [True]


async def test_a_key_under_the_mouse_shows_its_tooltip() -> None:
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        await pilot.hover(KeyFooter, offset=(1, 0))
        await pilot.pause()
        assert footer.tooltip == "Go somewhere"
        await pilot.hover(KeyFooter, offset=(7, 0))  # "Other" has none
        await pilot.pause()
        assert footer.tooltip is None


class PaddedKeys(Keys):
    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeyFooter(compact=False)  # as every screen's but a table's (tui.screens.help)


async def test_keys_not_compact_are_padded_as_footers_are() -> None:
    app = PaddedKeys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        assert _line(app) == " a Go  b Other"
        await pilot.click(KeyFooter, offset=(7, 0))  # b's padding before "b"
        await pilot.pause()
        assert app.went == 0
        await pilot.click(KeyFooter, offset=(3, 0))  # "Go"
        await pilot.pause()
        assert app.went == 1


class _Crowded(App[None]):
    """A table's keys at 80 columns with Undo offered: one column too many in full words."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "a", "Next choice"),
        Binding("enter", "b", "Choose"),
        Binding("escape", "c", "Back"),
        Binding("i", "d", "Details"),
        Binding("H", "e", "History"),
        Binding("u", "f", "Undo"),
        Binding("q", "g", "Leave"),
        Binding("ctrl+q", "h", "Quit"),
        Binding("f1", "k", "Help"),
    ]

    def compose(self) -> ComposeResult:
        yield KeyFooter()


async def test_keys_that_do_not_fit_say_their_first_word_and_every_key_stays_whole() -> None:
    """'n Next choice ⏎ Choose esc Back i Details H History u Undo q Leave ^q Quit f1 Help'
    is 81 columns: at 80 the footer cut 'f1 Help' to 'f1 He'. A line too long says the
    longest key's first word ('n Next'); at a width that holds it, the full words come
    back."""
    app = _Crowded()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        line = _line(app)
        assert "f1 Help" in line and "n Next " in line and "Next choice" not in line, line
        assert len(line) <= 80
        await pilot.resize_terminal(100, 5)
        await pilot.pause()
        assert "n Next choice ⏎" in _line(app)


class _TwoNexts(_Crowded):
    BINDINGS: ClassVar[list[BindingType]] = [
        *_Crowded.BINDINGS[:3],
        Binding("c", "l", "Next game"),
        *_Crowded.BINDINGS[3:],
    ]


async def test_a_shortened_key_never_says_what_another_key_says() -> None:
    """Between two games of a Superbohaterowie series 'c Next game' stands beside 'n Next
    choice': shortening both to 'Next' would leave two keys saying the same word."""
    app = _TwoNexts()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        line = _line(app)
        assert "Next game" in line or "Next choice" in line, line  # one says which
        assert "f1 Help" in line, line
