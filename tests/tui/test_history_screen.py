"""The history screen at 80 columns: a long history wraps inside the space the scrollbar
leaves (it wrapped to the full width, and the scrollbar hid the last two columns: "the" read
"t", a comma vanished)."""

from __future__ import annotations

import re

from textual.app import App

from tui.screens.history import HistoryScreen

SENTENCE = (
    "{p0} reached for the Gargoyle too late (0.95 s after the board): the Monsters had "
    "already changed, so the claim is void and nobody pays a penalty for it."
)


async def test_every_word_of_a_long_history_is_whole_at_80_columns() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        lines = [SENTENCE] * 30
        app.push_screen(HistoryScreen("Whoosh: Bounty Hunters", lines, ["Bot 3 (normal)"]))
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        words = set(re.findall(r"[A-Za-z]+", SENTENCE.replace("{p0}", "Bot 3 (normal)")))
        body = text.split("history (30 lines)", 1)[1].split("esc Back to the table", 1)[0]
        shown = re.findall(r"[A-Za-z]+", body)
        assert shown, text
        cut = [word for word in shown if word not in words]
        assert not cut, (cut, text)
