"""The turn banner keeps the lines it drew: at a table it says '▶ Your turn' and 'Waiting
for …' in turn, and drew each afresh every time (issue #15)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.banner import TurnBanner


class Banner(App[None]):
    def compose(self) -> ComposeResult:
        yield TurnBanner()


class Update:
    """What the banner reads of an update."""

    def __init__(self, seat: int, acting: frozenset[int]) -> None:
        self.seat, self.acting, self.outcome, self.names = seat, acting, None, ("Ala", "Bob")


async def test_words_said_before_are_shown_as_drawn_and_not_drawn_again(
    monkeypatch: Any,
) -> None:
    app = Banner()
    async with app.run_test(size=(40, 3)) as pilot:
        banner = app.query_one(TurnBanner)
        drawn: dict[int, Any] = {}
        for acting in (0, 1):
            banner.show(Update(0, frozenset({acting})))  # type: ignore[arg-type]
            await pilot.pause()
            drawn[acting] = app.screen._compositor.render_strips()[0]
        assert drawn[0].text.strip() == "▶ Your turn, Ala"
        assert drawn[1].text.strip() == "Waiting for Bob"
        renders: list[bool] = []
        render = TurnBanner._render_content

        def counted(self: Any) -> Any:
            renders.append(True)
            return render(self)

        monkeypatch.setattr(TurnBanner, "_render_content", counted)
        for acting in (0, 1, 0):
            banner.show(Update(0, frozenset({acting})))  # type: ignore[arg-type]
            await pilot.pause()
            assert app.screen._compositor.render_strips()[0] == drawn[acting]
        assert not renders
        banner.show(Update(0, frozenset()), lambda _: Text("Something new"))  # type: ignore[arg-type]
        await pilot.pause()
        assert app.screen._compositor.render_strips()[0].text.strip() == "Something new"
        assert renders
