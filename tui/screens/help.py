"""HelpScreen: per game, how to play on this table, the keys of the screen you came from,
the legend of every glyph and short form, then the rulebook and the edition's notes.

The rulebook (plain text) and the notes (Markdown) are shown with Textual's Markdown widget:
headings, lists and emphasis as such, wrapped to the terminal, and no mention of pictures
this app does not have. Player-facing text from the rulebook is escaped, so nothing in it is
read as markup or Markdown by accident.

Also home to the helpers every screen uses to tell people which keys work: the help list
is built from the *live* bindings (so it never lists a key that does nothing here), and
``key_help`` gives a screen either the Footer or, in screen-reader mode, one plain line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Markdown, Static

from tui.widgets.footer import KeyFooter
from tui.widgets.marked import MarkedLine

if TYPE_CHECKING:
    from tui.app import HuntersApp

_KEY_WORDS = {
    "escape": "Escape",
    "enter": "Enter",
    "tab": "Tab",
    "space": "Space",
    "question_mark": "?",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "pageup": "Page Up",
    "pagedown": "Page Down",
    "home": "Home",
    "end": "End",
    "delete": "Delete",
    "backspace": "Backspace",
}
"""Key names as people say them: help and screen-reader lines spell keys out, not as glyphs."""


def key_name(key: str) -> str:
    """``ctrl+s`` as "Ctrl+S", ``f1`` as "F1", ``question_mark`` as "?"."""
    *modifiers, last = key.split("+")
    if last in _KEY_WORDS:
        word = _KEY_WORDS[last]
    elif re.fullmatch(r"f\d+", last) or (modifiers and len(last) == 1):
        word = last.upper()
    else:
        word = last
    return "+".join([*(m.capitalize() for m in modifiers), word])


def screen_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys that work on ``screen`` right now, with what each does, for help and key lines.

    Several keys bound to one action ("f1,question_mark") become one entry ("F1 or ?");
    bindings hidden from the footer (cursor movement inside widgets) are left out, as are
    disabled ones, so the list is exactly what the footer would show.
    """
    grouped: dict[tuple[int, str, str], list[str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if not (active.enabled and binding.show and binding.description):
            continue
        slot = (id(active.node), binding.action, binding.description)
        shown = binding.key_display if binding.key_display else key_name(key)
        names = grouped.setdefault(slot, [])
        if shown not in names:
            names.append(shown)
    return [(" or ".join(names), description) for (_, _, description), names in grouped.items()]


MOVING_KEYS: tuple[tuple[str, str], ...] = (
    ("Tab or Shift+Tab", "Move between the parts of the screen (the board, the log, a list)"),
    ("Page Up or Page Down", "Scroll the focused log or list by a page (Home, End: to an end)"),
)
"""Keys every screen answers through Textual itself, which no footer lists."""


def help_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """Every key of ``screen`` for its help: the footer's, then the ones it hides (cursor
    moves inside the focused widget), then Tab and the page keys."""
    keys = screen_keys(screen)
    listed = {description for _, description in keys}
    hidden: dict[tuple[int, str], list[str]] = {}
    descriptions: dict[tuple[int, str], str] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.show or not binding.description or binding.description in listed:
            continue
        if key in ("tab", "shift+tab"):
            continue  # said once, in words, with the page keys below
        slot = (id(active.node), binding.description)
        names = hidden.setdefault(slot, [])
        descriptions[slot] = binding.description
        shown = binding.key_display if binding.key_display else key_name(key)
        if shown not in names:
            names.append(shown)
    keys += [(" or ".join(names), descriptions[slot]) for slot, names in hidden.items()]
    return keys + list(MOVING_KEYS)


def key_line(keys: list[tuple[str, str]]) -> str:
    """One sentence of keys, for screen readers: "Keys: Enter set up; Q quit."."""
    return "Keys: " + "; ".join(f"{key} {description.lower()}" for key, description in keys) + "."


def key_help(screen: Screen[Any]) -> Widget:
    """The Footer, or in screen-reader mode one plain line of keys to read first.

    The Footer lays keys out side by side at the bottom, which a screen reader reads as one
    jumble after everything else; a sentence at the top is read first and in order.
    """
    settings = getattr(screen.app, "settings", None)
    if settings is not None and settings.screen_reader:
        return Static(Content(key_line(screen_keys(screen))), classes="keys")
    return KeyFooter(compact=False)  # one line of text: no widget per key to mount and style


def title_line(screen: Screen[Any], text: str) -> Widget:
    """A screen's title; in screen-reader mode marked, with the terminal cursor on it, on a
    screen with nothing to choose (help, the history): reading starts at the top."""
    settings = getattr(screen.app, "settings", None)
    if settings is not None and settings.screen_reader:
        return MarkedLine(text, classes="title")
    return Static(Content(text), classes="title")


@dataclass(frozen=True, slots=True)
class GameGuide:
    """What help shows of one game: its name, the board's own guide, and the books."""

    title: str
    how_to_play: str
    """Markdown: what the board shows, its keys, a worked turn (the board's HOW_TO_PLAY)."""
    legend: tuple[tuple[str, str], ...]
    """(glyph or short form, meaning) for everything the game's screens abbreviate."""
    rulebook: str
    """The printed rulebook as Markdown (see :func:`rulebook_markdown`)."""
    notes: str
    """The edition's notes (Markdown), headings under the help's own."""


NO_HOW_TO_PLAY = (
    "Arrows (or hjkl) move the cursor, **Enter** chooses, **Esc** takes the last choice "
    "back; **i** shows the whole text of what the cursor is on, **H** the history. The "
    "keys below work here; the rules follow."
)
"""What help says of a board that has no guide of its own yet."""

_PICTURES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r",? as you can see below(?: \([^)]*\))?"), ""),
    (re.compile(r" \(labell?ed [A-Z] on the diagram\)"), ""),
    (re.compile(r"(?:^| )[^.]*\blabell?ed [A-Z]\b[^.]*\."), ""),
    (re.compile(r"\b(?:a )?Hero illustration, "), ""),
)
"""References to the printed pictures (a diagram, cover art) that a terminal has not got:
removed, keeping the rest of the sentence."""
_NO_PICTURE_ITEMS = frozenset({"Cover Art"})
_HEADING_END = ".,:;!?)"
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|!~])")


def escape_markdown(text: str) -> str:
    """``text`` shown literally by Markdown: no emphasis, link, heading or numbered list."""
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return re.sub(r"^(\d+)([.)]) ", r"\1\\\2 ", escaped)


def without_pictures(line: str) -> str:
    """A rulebook line without its references to pictures the app does not show."""
    for pattern, replacement in _PICTURES:
        line = pattern.sub(replacement, line)
    return line.strip()


def rulebook_markdown(text: str, title: str = "") -> str:
    """A plain-text rulebook (a line per paragraph, short lines as headings, "-" and "•"
    lists, a table of contents) as Markdown for the Markdown widget.

    The table of contents goes (its entries are the headings that follow), as do the
    rulebook's own title lines; everything else is escaped, so it reads as printed."""
    rows = [line.rstrip() for line in text.splitlines()]
    plain = {line.strip() for line in rows if line.strip() and line.strip()[0] not in "-•"}
    titles = {title.lower(), f"{title} rulebook".lower(), "table of contents"}
    titles |= {line.strip().lower() for line in rows[:2] if line.strip().endswith("Rulebook")}
    blocks: list[str] = []
    listing: list[str] = []

    def close_list() -> None:
        if listing:
            blocks.append("\n".join(listing))
            listing.clear()

    for row in rows:
        line = row.strip()
        if not line or line.lower() in titles:
            continue
        if line[0] in "-•":
            item = without_pictures(line[1:].strip())
            if line[0] == "•" and item in plain:
                continue  # a table-of-contents entry: the heading itself follows
            if item and item not in _NO_PICTURE_ITEMS:
                indent = "  " if row.startswith(" ") else ""
                listing.append(f"{indent}- {escape_markdown(item)}")
            continue
        close_list()
        if len(line) <= 60 and line[-1] not in _HEADING_END:
            blocks.append(f"### {escape_markdown(line)}")
        elif sentence := without_pictures(line):
            blocks.append(escape_markdown(sentence))
    close_list()
    return "\n\n".join(blocks) + "\n"


def notes_markdown(text: str) -> str:
    """The edition's notes with their headings two levels down, under the help's own."""
    return re.sub(r"^(#+) ", lambda m: "#" * min(6, len(m[1]) + 2) + " ", text, flags=re.M)


def legend_markdown(legend: Sequence[tuple[str, str]]) -> str:
    """The legend as a two-column Markdown table (every cell escaped)."""
    rows = ["| On screen | Means |", "| --- | --- |"]
    rows += [
        f"| {escape_markdown(glyph)} | {escape_markdown(meaning)} |" for glyph, meaning in legend
    ]
    return "\n".join(rows) + "\n"


def game_guide(slug: str) -> GameGuide | None:
    """Help's view of the game ``slug`` (None for no such game): the board module's
    HOW_TO_PLAY and LEGEND (or a fallback while a board has none), the rulebook and notes."""
    from core.games import GAMES
    from tui.boards import BOARDS

    game = GAMES.get(slug)
    if game is None:
        return None
    board = BOARDS.get(slug)
    how = str(getattr(board, "HOW_TO_PLAY", "") or NO_HOW_TO_PLAY)
    how = re.sub(r"^#+\s*How to play here\s*\n", "", how.lstrip(), flags=re.I)
    package = resources.files(f"core.games.{slug.replace('-', '_')}")
    rulebook = package.joinpath("rulebook.txt").read_text(encoding="utf-8")
    notes = package.joinpath("notes.md").read_text(encoding="utf-8")
    return GameGuide(
        title=game.title,
        how_to_play=how,
        legend=tuple(getattr(board, "LEGEND", ())),
        rulebook=rulebook_markdown(rulebook, game.title),
        notes=notes_markdown(notes),
    )


class HelpScreen(Screen[None]):
    """How to play here, the keys, the legend, the rulebook and the notes: scrollable,
    closed by Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q,f1",
            "close",
            "Close help",
            tooltip="Go back to where you were",
            id="help.close",
        ),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | escape, q, f1 | Close help. |
    """

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    def __init__(
        self,
        title: str,
        rules: str | None,
        keys: list[tuple[str, str]],
        *,
        guide: GameGuide | None = None,
        at_table: bool = False,
    ) -> None:
        """``rules``: plain text to show when there is no ``guide`` (a game's own help
        comes from its guide: the board's words, the rulebook and the notes).
        ``at_table``: opened from the game's table, so how to play there comes first;
        elsewhere (the setup) the screen's own keys do."""
        super().__init__()
        self.topic = guide.title if guide is not None else title
        """The game (or, without one, the screen) this help is about."""
        self.rules = rules
        self.keys = keys
        self.guide = guide
        self.at_table = at_table
        self.heading = f"{self.topic}: help" if guide is not None else f"Help: {title}"
        self.title = self.heading

    def compose(self) -> ComposeResult:
        plain = self.app.settings.screen_reader
        guide = self.guide
        yield key_help(self)
        yield title_line(self, self.heading)
        with VerticalScroll(id="help-body"):
            if guide is not None and self.at_table:
                yield from self._how_to_play(guide)
            yield Static("Keys on this screen", classes="heading")
            if not self.keys:
                yield Static("No keys besides Escape here.", classes="line")
            for key, description in self.keys:
                yield Static(Content(f"{key}: {description}"), classes="line key")
            if guide is not None:
                if not self.at_table:
                    yield from self._how_to_play(guide)
                yield Static("Legend", classes="heading", id="legend-heading")
                if not guide.legend:
                    yield Static("This table has no short forms of its own.", classes="line")
                elif plain:  # one line each: a table is read cell by cell, out of order
                    for glyph, meaning in guide.legend:
                        yield Static(Content(f"{glyph}: {meaning}"), classes="line legend")
                else:
                    yield Markdown(legend_markdown(guide.legend), id="legend")
                yield Static("Rules of the game", classes="heading")
                # The books are long: filled in after the first frame, so help opens at
                # once on what comes first (see on_mount).
                yield Markdown(id="rules")
                yield Static("Notes of this edition", classes="heading")
                yield Markdown(id="notes")
            elif self.rules:
                yield Static("Rules of the game", classes="heading")
                yield Markdown(rulebook_markdown(self.rules), id="rules")

    def on_mount(self) -> None:
        if self.guide is not None:
            self.call_after_refresh(self._fill_books, self.guide)

    async def _fill_books(self, guide: GameGuide) -> None:
        """The rulebook and the notes, once help is on screen (not if it was closed first:
        F1 and Escape can arrive together over ssh)."""
        for selector, text in (("#rules", guide.rulebook), ("#notes", guide.notes)):
            for book in self.query(selector).results(Markdown):
                await book.update(text)

    def _how_to_play(self, guide: GameGuide) -> ComposeResult:
        yield Static("How to play here", classes="heading", id="how-heading")
        yield Markdown(guide.how_to_play, id="how-to-play")

    def action_close(self) -> None:
        """Back to the screen help was opened from."""
        self.dismiss()
