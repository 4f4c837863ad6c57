"""ChatRoom: the chat of a served table — one line at a time, from any guest to everyone there.

The hall owns one room. A guest's line is made safe before anyone hears it: control
characters, escape sequences and invisible format characters are taken out (what is left
is shown as plain `Text`, so "[bold]" stays those seven characters), it is cut to
`CHAT_MAX` characters, and each sender may send `RATE_LINES` lines in `RATE_WINDOW`
seconds. Commands are for the one who types them and change only what they see:
``/mute NAME``, ``/unmute NAME``, and ``/watchers off`` (``on``), which hides what
spectators say from a player while they play a game.
"""

from __future__ import annotations

import logging
import math
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from core.engine import IllegalAction
from net.identity import valid_name

log = logging.getLogger(__name__)

CHAT_MAX: Final = 200
"""Characters a chat line keeps (the input takes no more; the room cuts a longer one)."""
RATE_LINES: Final = 5
"""Lines one sender may send within `RATE_WINDOW` seconds."""
RATE_WINDOW: Final = 10.0
KEEP: Final = 50
"""Lines the room remembers (what a lobby shows on arrival)."""

COMMANDS: Final = "/mute NAME, /unmute NAME, /watchers off, /watchers on"
"""The chat's commands, as the help line names them."""

Audience = Literal["everyone", "watchers"]
"""Who reads a line: everyone at the table, or ("watchers": a spectator spoke during a
game) everyone but the players who chose not to hear spectators while they play."""

_UNSEEN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories never sent on: controls (C0, DEL, C1 and so ESC), format characters
(bidi overrides, zero-width), surrogates, private use, unassigned, line breaks."""


def clean_text(text: str) -> str:
    """``text`` as one safe line: nothing that a terminal would obey or that would hide or
    reorder what others read; whitespace runs become one space."""
    kept = []
    for ch in text:
        if ch.isspace():  # tabs and line breaks too (and the C0 separators Python counts)
            kept.append(" ")
        elif unicodedata.category(ch) not in _UNSEEN:
            kept.append(ch)
    return " ".join("".join(kept).split())[:CHAT_MAX]


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line said at the table."""

    number: int
    sender: str
    text: str
    """Safe already (`clean_text`): to be shown as plain text, never as markup."""
    at: float
    """Wall-clock time it was said (seconds since the epoch)."""
    audience: Audience = "everyone"


@dataclass
class _Listener:
    """What one guest chose to hear (kept by name, so it outlasts a reconnection)."""

    muted: set[str] = field(default_factory=set)
    """Casefolded names whose lines this guest does not see."""
    hide_watchers: bool = False


class ChatRoom:
    """The lines said at one table, who may send now, and what each listener hears."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.lines: deque[ChatLine] = deque(maxlen=KEEP)
        self._sent: dict[str, deque[float]] = {}
        self._limited: dict[str, float] = {}
        """Per sender held back, when the server's log last said so (once per window)."""
        self._listeners: dict[str, _Listener] = {}
        self._subscribers: list[Callable[[ChatLine], None]] = []
        self._number = 0

    # -- listening --

    def subscribe(self, subscriber: Callable[[ChatLine], None]) -> None:
        """Call ``subscriber`` with every line said from now on."""
        self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Callable[[ChatLine], None]) -> None:
        if subscriber in self._subscribers:
            self._subscribers.remove(subscriber)

    def hears(self, listener: str, line: ChatLine, *, playing: bool) -> bool:
        """Whether ``listener`` sees ``line``; ``playing``: they hold a seat in a game
        under way (where they may have hidden spectators' lines)."""
        chosen = self._listeners.get(listener.casefold())
        if chosen is None:
            return True
        if line.sender.casefold() in chosen.muted:
            return False
        return not (playing and chosen.hide_watchers and line.audience == "watchers")

    def recent(self, listener: str, count: int, *, playing: bool) -> list[ChatLine]:
        """The last ``count`` lines ``listener`` sees, oldest first."""
        heard = [line for line in self.lines if self.hears(listener, line, playing=playing)]
        return heard[-count:] if count > 0 else []

    # -- speaking --

    def say(self, sender: str, text: str, *, watcher: bool = False) -> str | None:
        """``sender`` says ``text`` (``watcher``: a spectator during a game). A command
        answers with a sentence for the sender alone; a line goes to everyone (None).
        IllegalAction if it cannot be sent: empty, or too many lines too fast."""
        if text.lstrip().startswith("/"):
            return self._command(sender, text.strip())
        clean = clean_text(text)
        if not clean:
            raise IllegalAction("There is nothing to send.")
        self._spend(sender)
        self._number += 1
        audience: Audience = "watchers" if watcher else "everyone"
        self.hear(ChatLine(self._number, sender, clean, time.time(), audience))
        return None

    def hear(self, line: ChatLine) -> None:
        """Keep ``line`` and tell every subscriber: a line said here, or (in a render
        worker's copy of the room) one the front's room passed on to this guest."""
        self.lines.append(line)
        for subscriber in list(self._subscribers):
            try:
                subscriber(line)
            except Exception:  # one broken screen must not silence the room
                continue

    def _spend(self, sender: str) -> None:
        now = self._clock()
        sent = self._sent.setdefault(sender.casefold(), deque(maxlen=RATE_LINES))
        if len(sent) == RATE_LINES and now - sent[0] < RATE_WINDOW:
            if now - self._limited.get(sender.casefold(), -math.inf) >= RATE_WINDOW:
                self._limited[sender.casefold()] = now
                log.info("%s is held back: chatting too fast (the chat limit)", sender)
            wait = max(1, math.ceil(RATE_WINDOW - (now - sent[0])))
            unit = "second" if wait == 1 else "seconds"
            raise IllegalAction(f"You are sending too fast: wait {wait} {unit}.")
        sent.append(now)

    def _command(self, sender: str, text: str) -> str:
        word, _, rest = text.partition(" ")
        argument = rest.strip()
        listener = self._listeners.setdefault(sender.casefold(), _Listener())
        if word in ("/mute", "/unmute"):
            if not valid_name(argument):
                return f"Say whose chat: {word} NAME."
            if argument.casefold() == sender.casefold():
                return "You cannot mute yourself."
            if word == "/mute":
                listener.muted.add(argument.casefold())
                return f"You no longer see chat from {argument}; /unmute {argument} undoes it."
            listener.muted.discard(argument.casefold())
            return f"You see chat from {argument} again."
        if word == "/watchers" and argument in ("off", "on"):
            listener.hide_watchers = argument == "off"
            if listener.hide_watchers:
                return "Spectators' chat is hidden from you while you play; /watchers on shows it."
            return "You see spectators' chat again."
        return f"Chat commands: {COMMANDS}."


def line_fields(line: ChatLine) -> list[Any]:
    """``line`` as plain values, for the wire to a render worker (`line_from`)."""
    return [line.number, line.sender, line.text, line.at, line.audience]


def line_from(fields: Any) -> ChatLine:
    """The line `ChatRoom.line_fields` sent (from the front, so trusted; checked anyway)."""
    number, sender, text, at, audience = fields
    return ChatLine(
        int(number),
        str(sender),
        clean_text(str(text)),
        float(at),
        "watchers" if audience == "watchers" else "everyone",
    )
