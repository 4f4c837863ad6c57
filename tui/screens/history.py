"""HistoryScreen: the whole move history of the game in play, for the seat being shown.

Also the pure helpers that turn one update's events into the lines that seat reads: a move
of its own appears once, as "You …" (the table tells a player "You draw Blue 6." besides
everyone's "Ala draws a card."; the history keeps the first and drops the second).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import RichLog

from core.engine import Event, with_names
from tui.screens.help import key_help, title_line

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}
_PAST_OR_MODAL = {"can", "cannot", "could", "may", "must", "will", "would", "should"}
_SUBJECT = re.compile(r"(?P<lead>^|[.!:;] )\{p(?P<seat>\d)\} (?P<verb>[a-z]+)\b")
"""A seat at the head of a clause, and the word after it (its verb, if it has one)."""
_AND_VERB = re.compile(r"\A(?P<head>[^.!:;]*?) and (?P<verb>[a-z]+)\b")
"""A second verb in the clause after "You …" ("You pay 3 Bloodshards and draws …")."""
_SECOND_VERBS = frozenset(
    [
        "adds",
        "assigns",
        "attracts",
        "bids",
        "chooses",
        "claims",
        "discards",
        "draws",
        "gets",
        "gives",
        "keeps",
        "loses",
        "moves",
        "passes",
        "pays",
        "picks",
        "plays",
        "puts",
        "recruits",
        "returns",
        "reveals",
        "scores",
        "stands",
        "takes",
        "wins",
    ]
)
"""The verbs the games' events join to a first one with "and": only these are turned (a
plural noun after "and" stays as it is)."""
_OBJECT = re.compile(r"\b(?P<word>to|for|with|from|by|than|against|beside) \{p(?P<seat>\d)\}(?!')")
"""A seat after a preposition: "… for {p0}." is "… for you." to that seat."""


_THEIR = re.compile(r"\btheir\b")
"""The subject's own things, after a clause's subject turned to "You"."""


def base_form(verb: str) -> str | None:
    """The form of a third-person verb that goes with "you" ("gives" → "give", "chooses" →
    "choose", "tries" → "try", "is" → "are"); a past tense or modal stays as it is
    ("reached", "can"); None when ``verb`` is no such verb (a name followed by "and")."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb in _PAST_OR_MODAL or (verb.endswith("ed") and len(verb) > 3):
        return verb
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us")) and len(verb) > 2:
        return verb[:-1]
    return None


def you_form(text: str, reader: int) -> str:
    """An event text (with ``{pN}`` seat tokens) as ``reader`` reads it: their own move
    as "You …" ("{p0} gives the marker to {p1}." → "You give the marker to {p1}."), their
    own things as "your" ("It is {p0}'s turn." → "It is your turn."), themselves after a
    preposition as "you" ("… 5 courage for {p0}." → "… for you."). Anything the words
    cannot be turned for safely keeps the name."""
    token = f"{{p{reader}}}"

    def subject(match: re.Match[str]) -> str:
        verb = base_form(match["verb"])
        if int(match["seat"]) != reader or verb is None:
            return match[0]
        lead = match["lead"]
        you = "you" if lead in (": ", "; ") else "You"  # "Sly: you assign …"
        return f"{lead}{you} {verb}\0"  # \0 marks where the clause's rest begins

    def second(match: re.Match[str]) -> str:
        verb = match["verb"]
        if verb in _SECOND_VERBS:
            verb = base_form(verb) or verb
        return f"{match['head']} and {verb}"

    def rest(part: str) -> str:
        """After "You …": the clause's second verb goes with "you" too, and "their"
        before anyone else is named is the reader's own ("You saved their city!" →
        "You saved your city!")."""
        part = _AND_VERB.sub(second, part, count=1)
        named = part.find("{p")
        head, tail = (part, "") if named < 0 else (part[:named], part[named:])
        return _THEIR.sub("your", head) + tail

    def object_(match: re.Match[str]) -> str:
        return f"{match['word']} you" if int(match["seat"]) == reader else match[0]

    first, *after = _SUBJECT.sub(subject, text).split("\0")
    text = _OBJECT.sub(object_, first + "".join(rest(part) for part in after))
    if text.startswith(f"{token}'s "):
        text = "Your " + text[len(token) + 3 :]
    text = text.replace(f"{token}'s ", "your ")
    return text.replace(f"({token})", "(yours)")


def seat_events(events: Sequence[Event], reader: int | None) -> list[Event]:
    """One update's events as ``reader`` (None: a spectator) reads them, seat tokens still
    in: their own moves as "You …", and a public event dropped when the same move is told
    to them privately beside it ("{p0} draws a card." next to "You draw Blue 6.")."""
    visible = [e for e in events if "to" not in e or e["to"] == reader]
    if reader is None:
        return visible
    token = f"{{p{reader}}} "
    dropped: set[int] = set()
    for index, event in enumerate(visible):
        if "to" not in event or not event["text"].startswith("You "):
            continue
        near = [
            n
            for n in (index - 1, index + 1)
            if 0 <= n < len(visible)
            and n not in dropped
            and "to" not in visible[n]
            and visible[n]["text"].startswith(token)
        ]
        same = [n for n in near if visible[n].get("type") == event.get("type")]
        if same or near:
            dropped.add((same or near)[0])
    return [
        {**e, "text": you_form(e["text"], reader)}
        for i, e in enumerate(visible)
        if i not in dropped
    ]


def seat_lines(events: Sequence[Event], reader: int | None) -> list[str]:
    """The texts of `seat_events`: the lines ``reader`` is told, seat tokens still in."""
    return [e["text"] for e in seat_events(events, reader)]


class HistoryScreen(Screen[None]):
    """Every line of the game so far, oldest first, scrolled to the newest; Escape closes.

    | key | action |
    | --- | --- |
    | ↑↓ PageUp PageDown Home End | scroll |
    | Escape, H | back to the table |
    """

    DEFAULT_CSS = """
    HistoryScreen #history { height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,H,q",
            "close",
            "Back to the table",
            tooltip="Close the history",
            id="history.close",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | escape, H, q | Back to the table. |
    """

    def __init__(
        self, game: str, lines: Sequence[str], names: Sequence[str], upto: str = ""
    ) -> None:
        """``upto``: how far the history goes, when not to now ("up to move 12")."""
        super().__init__()
        self.lines = [with_names(line, names) for line in lines]
        """The history as shown: names in, every line plain text (never markup)."""
        upto = f" {upto}" if upto else ""
        self.heading = f"{game}: history{upto} ({len(self.lines)} lines)"
        self.title = f"{game}: history{upto}"

    def compose(self) -> ComposeResult:
        yield key_help(self)
        yield title_line(self, self.heading)
        # RichLog renders at least min_width (78 by default) wide: at 80 columns, less its
        # padding and scrollbar, that cut the last letters of every long line.
        yield RichLog(id="history", wrap=True, markup=False, auto_scroll=True, min_width=20)

    def on_mount(self) -> None:
        history = next(self.query("#history").results(RichLog), None)
        if history is None:  # closed before it was mounted: H and Escape arrived together
            return
        if not self.lines:
            history.write(Text("Nothing has happened yet."))
        for line in self.lines:
            history.write(Text(line))
        history.focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss()


class ReplayHistoryScreen(HistoryScreen):
    """The history of a replayed game up to the move the replay shows; Escape goes back to
    that move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,H,q",
            "close",
            "Back to the replay",
            tooltip="Close the history",
            id="history.close",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | escape, H, q | Back to the replay. |
    """
