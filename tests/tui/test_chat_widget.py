"""The chat input: Enter sends the line typed, Escape gives it up, every key is text."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from tui.widgets.chat import ChatInput, chat_line


class ChatApp(App[None]):
    """A screen with keys of its own, as a game's board has (q, space, 1), and the input."""

    BINDINGS = [  # noqa: RUF012 - Textual's own convention
        Binding("q", "pressed('q')"),
        Binding("space", "pressed('space')"),
        Binding("1", "pressed('1')"),
        Binding("question_mark", "pressed('?')"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[Message] = []
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("the table")
        yield ChatInput(max_length=10, id="chat")

    def on_mount(self) -> None:
        self.query_one(ChatInput).focus()

    def action_pressed(self, key: str) -> None:
        self.pressed.append(key)

    def on_chat_input_sent(self, message: ChatInput.Sent) -> None:
        self.heard.append(message)

    def on_chat_input_cancelled(self, message: ChatInput.Cancelled) -> None:
        self.heard.append(message)


async def test_enter_sends_the_line_typed_and_keys_are_text_meanwhile() -> None:
    """A board's keys (q, Space, 1, ?) go into the line while it has the focus."""
    app = ChatApp()
    async with app.run_test() as pilot:
        await pilot.press("q", "space", "1", "question_mark", "enter")
        await pilot.pause()
        assert app.pressed == []
        assert [type(m) for m in app.heard] == [ChatInput.Sent]
        sent = app.heard[0]
        assert isinstance(sent, ChatInput.Sent) and sent.text == "q 1?"


async def test_escape_sends_nothing_and_ends_the_line() -> None:
    """Escape gives the line up; keys typed behind it are not added to it."""
    app = ChatApp()
    async with app.run_test() as pilot:
        await pilot.press("h", "i", "escape", "x", "enter")
        await pilot.pause()
        assert [type(m) for m in app.heard] == [ChatInput.Cancelled]
        assert app.query_one(ChatInput).value == ""
        assert app.pressed == []


async def test_an_empty_line_sends_nothing() -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        await pilot.press("space", "enter")
        await pilot.pause()
        assert [type(m) for m in app.heard] == [ChatInput.Cancelled]


async def test_keys_right_behind_enter_are_not_added_to_the_line_sent() -> None:
    """Enter, then a claim key at once: the line is sent as it was, the key is not in it."""
    app = ChatApp()
    async with app.run_test() as pilot:
        await pilot.press("h", "i", "enter", "1", "enter")
        await pilot.pause()
        assert len(app.heard) == 1
        sent = app.heard[0]
        assert isinstance(sent, ChatInput.Sent) and sent.text == "hi"


async def test_the_line_holds_no_more_than_its_cap() -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        await pilot.press(*"abcdefghijklmnop", "enter")
        await pilot.pause()
        sent = app.heard[0]
        assert isinstance(sent, ChatInput.Sent) and sent.text == "abcdefghij"


def test_chat_reads_as_chat_in_both_modes() -> None:
    assert chat_line("ala", "[bold]hi") == "ala says: [bold]hi"
    assert chat_line("ala", "hi", plain=True) == "Chat from ala: hi"
