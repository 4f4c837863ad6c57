"""ChatInput: the one line a guest types chat into at a served table, and how chat reads.

The app of a served table (net.app.HallApp) mounts the input on the lobby or the table when
its key is pressed and removes it once the line is sent (Enter) or given up (Escape); a
local game has no chat and never shows it. While it has the focus every key is text: a
board's keys (Whoosh's Space and 1 2 3) act again once it is closed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

CHAT_KEY = "y"
"""The key that opens the chat input: free on the lobby, the table and every game's board."""

BEHIND_MAX = 64
"""Keys and pastes a line keeps for after its Enter (a read from the link holds a few; a
flood past this is dropped, as the driver drops floods)."""

PLACEHOLDER = "Chat: Enter sends, Escape cancels; /mute NAME hides a player."


def chat_line(sender: str, text: str, *, plain: bool = False) -> str:
    """How a chat line reads in the table's log or the lobby: marked as chat, so nobody
    takes it for something the game did (``plain``: screen-reader mode, said in full)."""
    return f"Chat from {sender}: {text}" if plain else f"{sender} says: {text}"


class ChatInput(Input):
    """The chat line being typed; it posts `Sent` or `Cancelled`, and the app removes it.

    | key | action |
    | --- | --- |
    | Enter | send the line |
    | Escape | close without sending |
    """

    DEFAULT_CSS = """
    ChatInput { height: 1; border: none; padding: 0 1; margin: 0; }
    ChatInput:focus { border: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape", "cancel", "Cancel", tooltip="Close the chat line unsent", id="chat.cancel"
        ),
    ]

    @dataclass
    class Sent(Message):
        """Enter: the line typed (the room makes it safe and may refuse it)."""

        text: str

    class Cancelled(Message):
        """Escape, or Enter on an empty line: nothing is sent."""

    def __init__(self, value: str = "", *, max_length: int, id: str | None = None) -> None:
        """``value``: what was typed so far (a line carried over from another screen)."""
        super().__init__(
            value, placeholder=PLACEHOLDER, max_length=max_length, id=id, select_on_focus=False
        )
        self._done = False
        """Sent or cancelled: the app removes the line (see `behind`)."""
        self._behind: list[events.Key | events.Paste] = []

    @property
    def done(self) -> bool:
        """Whether the line was sent or given up (and is about to go)."""
        return self._done

    def take_behind(self) -> list[events.Key | events.Paste]:
        """Fresh copies of the keys and pastes that reached the line after it ended, in
        order, for the app to hand on once the line is gone (and forgotten here)."""
        behind, self._behind = self._behind, []
        return [
            events.Paste(e.text) if isinstance(e, events.Paste) else events.Key(e.key, e.character)
            for e in behind
        ]

    async def _on_key(self, event: events.Key) -> None:
        """Enter and Escape end the line as they reach it, not once the app has looked for
        their bindings: keys typed right behind them (already on their way here, in the
        same read from the link) would be added to a line being sent. Those keys are kept
        aside instead (`take_behind`), for where the focus goes once the line has closed:
        the chat key there opens the next line."""
        if self._done or event.key in ("enter", "escape"):
            event.stop()
            event.prevent_default()
            if self._done:
                if len(self._behind) < BEHIND_MAX:
                    self._behind.append(event)
            else:
                self._done = True
                if event.key == "enter":
                    await self.action_submit()
                else:
                    self.action_cancel()
            return
        await super()._on_key(event)

    def _on_paste(self, event: events.Paste) -> None:
        """A paste after the line ended is kept aside like a key (`take_behind`); before,
        Input's own handler (Textual calls each class's in turn) puts it in the line."""
        if self._done:
            event.stop()
            event.prevent_default()
            if len(self._behind) < BEHIND_MAX:
                self._behind.append(event)

    async def action_submit(self) -> None:
        self._done = True
        text = self.value.strip()
        self.post_message(self.Sent(text) if text else self.Cancelled())

    def action_cancel(self) -> None:
        self._done = True
        self.value = ""
        self.post_message(self.Cancelled())
