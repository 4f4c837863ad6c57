"""KeyFooter: the keys of a table on one line, drawn as one piece of text.

Textual's Footer is a row of widgets, one per key: a key coming or going (Undo, after each
move at a local table) mounts or removes a widget, and each of those lays the whole screen
out again, every update, for every guest of a served table; its first frame mounts and
styles every key one by one. Here the keys are one line of text in one widget, one line
high and as wide as the screen: a change of keys redraws that line and nothing else, and
only when the keys shown (or their states) changed.

It looks as Footer does, compact or not (key in bold, then its description; a key that does
nothing now is dimmed; a hovered key is highlighted, with its tooltip), and a click on a key
presses it (a dimmed one rings the bell). Grouped keys and the command palette's key are not
shown: no Hunters screen uses them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widgets import Static

KEPT_LINES = 16
"""Lines of keys kept as drawn (a table shows two or three sets of keys in turn)."""


class Key(NamedTuple):
    """One key as shown: what it presses, its words, whether it does something now."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str


class KeyFooter(Static, can_focus=False):
    """The keys of the screen's active bindings (those shown), one line at the bottom."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        width: 1fr;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(
        self, *, compact: bool = True, at_frame: bool = False, id: str | None = None
    ) -> None:
        """``compact``: a space between keys, none inside them (as at a table, where every
        key should fit 80 columns); else each key padded as Footer's are. ``at_frame``: the
        keys asked for are looked at only as the next frame is drawn (its screen calls
        ``look_before_frame``), not after the messages waiting."""
        super().__init__(id=id)
        self.compact = compact
        self.at_frame = at_frame
        self.keys: tuple[Key, ...] = ()
        """The keys shown, in order."""
        self._spans: list[tuple[int, int]] = []
        """Each key's columns on the line (start, end); a gap of one column between keys."""
        self._hover: int | None = None
        self._asked = False
        """The keys may have changed since the last look (see ``_bindings_asked``)."""
        self._changed = False
        """The line was drawn anew since the last frame (see ``look_before_frame``)."""
        self._line: Text | None = None
        """The line of keys as last drawn in words and styles."""
        self._drawn_width = 0
        """The width the line was last put together for (its words depend on it)."""
        self._drawn: dict[Hashable, Strip] = {}
        """Lines of keys as shown on screen, by their words, styles and width."""
        self._put: dict[Hashable, tuple[Text, list[tuple[int, int]]]] = {}
        """Lines of keys as put together (and their keys' spans), by the keys, their
        states, the width, the hovered key and the colours: a table's keys change at every
        turn and come back at the next, and putting a line together (shortened to fit)
        took a few lines' renders each time."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_asked, immediate=True)
        self._bindings_asked(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_asked(self, screen: Any) -> None:
        """The keys may have changed: look once, after the messages already waiting. Every
        ``refresh_bindings`` (a focus moved, a board shown, undo offered…) had the footer
        work out every key's state again, six times in a table's first frame and two or
        three in an update (a fifth of a first frame's cost at 200x60); those that come
        before it looks are one look."""
        if self._asked:
            return
        self._asked = True
        if self.at_frame:
            # A table's keys change as its update is drawn (the board focused, a move's
            # keys offered), a message or two apart: looked at in the frame, once.
            self.refresh()  # (a frame comes, if nothing else asked for one)
        else:
            self.call_later(self._look, screen)

    def _look(self, screen: Any) -> None:
        if not self._asked:
            return
        self._asked = False
        self.bindings_changed(screen)

    @property
    def asked(self) -> bool:
        """Whether the keys were asked for since the last look."""
        return self._asked

    def look_before_frame(self) -> bool:
        """Look at the keys asked for (``at_frame``), before the frame being drawn; True if
        the line was drawn anew since the last frame (False: it asked for this frame only
        to look, and shows what it showed)."""
        if self._asked and self.is_attached:
            self._look(self.screen)
        changed, self._changed = self._changed, False
        return changed

    def bindings_changed(self, screen: Any) -> None:
        """Redraw the line when the keys shown or their states changed (as Footer, not while
        the app has lost focus: the bindings then are no one's)."""
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys = self._keys_now()
        if keys != self.keys:
            self.keys = keys
            self._draw()

    def _keys_now(self) -> tuple[Key, ...]:
        """One key per action (its first binding shown), as Footer lays them out."""
        keys: dict[str, Key] = {}
        get_display = self.app.get_key_display
        # An app may word a key by where the player is (a served table's Ctrl+Q).
        words = getattr(self.app, "binding_words", None)
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in keys:
                said = binding.description if words is None else words(binding)
                keys[binding.action] = Key(
                    binding.key, get_display(binding), said, enabled, tooltip
                )
        return tuple(keys.values())

    def _draw(self) -> None:
        """The line: "key description" per key, a space between keys. Never laid out again:
        the footer is one line as wide as the screen whatever it says. While the keys would
        not fit, the longest words say only their first ("n Next" for "n Next choice"),
        unless another key says that word already: at 80 columns, Undo offered cut "f1 Help"
        to "f1 He"."""
        # As wide as the screen: before its first layout, the app's width says how wide.
        self._changed = True
        width = self.size.width or self.app.size.width
        key = (self.keys, width, self._hover, self.compact, self.app.theme, self.visual_style)
        put = self._put.get(key)
        if put is not None:
            self._line, self._spans = put
            self.update(self._line, layout=False)
            self._drawn_width = width
            return
        short: set[int] = set()
        self._draw_line(short)
        while width and self._line is not None and self._line.cell_len > width:
            said = {self._words(key, i in short) for i, key in enumerate(self.keys)}
            longest = sorted(
                (
                    (-len(key.description), i)
                    for i, key in enumerate(self.keys)
                    if i not in short
                    and " " in key.description
                    and self._words(key, True) not in said
                ),
            )
            if not longest:
                break
            short.add(longest[0][1])
            self._draw_line(short)
        self._drawn_width = width
        if self._line is not None:
            if len(self._put) >= KEPT_LINES:
                self._put.clear()
            self._put[key] = (self._line, list(self._spans))

    @staticmethod
    def _words(key: Key, short: bool) -> str:
        return key.description.split(" ", 1)[0] if short else key.description

    def on_resize(self) -> None:
        if self.size.width != self._drawn_width and self.keys:
            self._draw()

    def _draw_line(self, short: set[int]) -> None:
        key_style = self.get_component_rich_style("footer-key--key")
        words_style = self.get_component_rich_style("footer-key--description")
        hover_style = self.get_component_rich_style("footer-key--hover", partial=True)
        dim = Style(dim=True)
        line = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        compact = self.compact
        for index, key in enumerate(self.keys):
            start = len(line)
            extra = Style() if key.enabled else dim
            words = self._words(key, index in short)
            if not words:
                line.append(key.display, key_style + extra)
            elif compact:
                line.append(key.display, key_style + extra)
                line.append(" " + words, words_style + extra)
            else:
                line.append(f" {key.display} ", key_style + extra)
                line.append(f"{words} ", words_style + extra)
            if index == self._hover:
                line.stylize(hover_style, start)
            self._spans.append((start, len(line)))
            if compact:
                line.append(" ")
        if compact and self.keys:
            line.right_crop(1)  # no gap after the last key: the rest of the line is blank
        self._line = line
        self.update(line, layout=False)

    def render_line(self, y: int) -> Strip:
        """The line, its gaps between keys in the footer's background alone (as Footer's
        margins between its keys are). A line drawn before is kept: a table's keys change
        at every turn (Enter works on yours) and come back at the next."""
        key = None
        if y == 0 and self._line is not None:
            spans = tuple(self._line.spans)
            key = (self._line.plain, spans, self.size.width, self.visual_style, self.compact)
            kept = self._drawn.get(key)
            if kept is not None:
                return kept
        line = super().render_line(y)
        gaps = [end for _, end in self._spans[:-1]] if self.compact else []
        if not y and gaps:
            cuts = sorted({*gaps, *(gap + 1 for gap in gaps), line.cell_length})
            pieces = line.divide(cuts)
            starts = [0, *cuts]
            line = Strip.join(
                _background_only(piece) if start in gaps else piece
                for start, piece in zip(starts, pieces, strict=False)
            )
        if key is not None:
            if len(self._drawn) >= KEPT_LINES:
                self._drawn.clear()
            self._drawn[key] = line
        return line

    def _key_at(self, x: int) -> int | None:
        return next((i for i, (a, b) in enumerate(self._spans) if a <= x < b), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_on(self._key_at(event.x))

    def on_leave(self, _: events.Leave) -> None:
        self._hover_on(None)

    def _hover_on(self, index: int | None) -> None:
        if index == self._hover:
            return
        self._hover = index
        self.tooltip = self.keys[index].tooltip or None if index is not None else None
        self._draw()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a key presses it; on one that does nothing now, the bell."""
        index = self._key_at(event.x)
        if index is None:
            return
        if self.keys[index].enabled:
            self.app.simulate_key(self.keys[index].key)
        else:
            self.app.bell()


def _background_only(strip: Strip) -> Strip:
    return Strip(
        Segment(segment.text, Style(bgcolor=segment.style.bgcolor if segment.style else None))
        for segment in strip
    )
