"""KeyFooter: a key turning on or off is restyled in place; keys coming or going recompose."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from tui.widgets.footer import KeyFooter


class Keys(App[None]):
    ENABLE_COMMAND_PALETTE = False  # as in Hunters
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "go", "Go"),
        Binding("b", "other", "Other"),
    ]
    allowed = True
    shown = True

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go":
            return True if self.allowed else None  # None: shown, greyed out
        if action == "other":
            return self.shown  # False: not shown at all
        return True

    def action_go(self) -> None: ...

    def action_other(self) -> None: ...


async def test_a_key_turning_off_is_greyed_in_place_and_a_key_going_recomposes() -> None:
    """The same FooterKey widgets stay while only a key's state flips; a key that leaves
    the footer makes it compose again."""
    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        before = list(footer.query(FooterKey))
        assert [k.description for k in before] == ["Go", "Other"]
        app.allowed = False
        app.refresh_bindings()
        await pilot.pause()
        after = list(footer.query(FooterKey))
        assert after == before and after[0].has_class("-disabled")
        app.allowed = True
        app.refresh_bindings()
        await pilot.pause()
        assert not footer.query(FooterKey).first().has_class("-disabled")
        app.shown = False
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert [k.description for k in footer.query(FooterKey)] == ["Go"]


class CompactKeys(Keys):
    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeyFooter(compact=True)  # as the table's


async def test_a_key_coming_and_going_keeps_the_other_keys() -> None:
    """A key that leaves the footer and comes back (Undo after each move) is removed and
    mounted alone, in its place: the other keys stay the same widgets."""
    app = CompactKeys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        go = footer.query(FooterKey).first()
        app.shown = False
        app.refresh_bindings()
        await pilot.pause()
        assert list(footer.query(FooterKey)) == [go]
        app.shown = True
        app.refresh_bindings()
        await pilot.pause()
        keys = list(footer.query(FooterKey))
        assert [k.description for k in keys] == ["Go", "Other"]
        assert keys[0] is go and keys[1].has_class("-compact")
