"""ShowOnChange: a Static that redraws only when what it shows changed.

Every update of a table reaches every guest's screen, so a board that rebuilds all its
widgets on each update pays its whole render cost each time. A board built of these pays
only for the parts whose content key changed: ``show(key, build)`` calls ``build`` and
updates the widget only when ``key`` differs from the last one shown (and the width, for
renderables laid out to it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.widgets import Static


class ShowOnChange(Static):
    """A Static updated through ``show`` only when its content key changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown_key: Hashable = object()

    def show(self, key: Hashable, build: Callable[[], RenderableType]) -> bool:
        """Show ``build()`` unless ``key`` equals the key last shown; True if redrawn.

        The screen is laid out again only when the part's size changed: a layout of the
        whole screen costs more than redrawing a part that kept its size."""
        if key == self._shown_key:
            return False
        self._shown_key = key
        content = build()
        self.update(content, layout=False)
        if self._resized(content):
            self.refresh(layout=True)
        return True

    def _resized(self, content: RenderableType) -> bool:
        """Whether the new content needs another size than the part has now (a part of a
        fixed size, or one whose content fits as before, needs no layout)."""
        styles, size = self.styles, self.content_size
        if not self.is_mounted or not size.width:
            return True
        viewport = self.app.size
        auto_width = styles.width is not None and styles.width.is_auto
        if auto_width and self.get_content_width(self.size, viewport) != size.width:
            return True
        if styles.height is not None and styles.height.is_auto:
            height = lines_high(content, size.width)
            if height is None:  # not lines that fit: measured (a second render)
                height = self.get_content_height(self.size, viewport, size.width)
            return height != size.height
        return False

    def forget(self) -> None:
        """Redraw on the next ``show`` whatever its key (e.g. after a resize or theme)."""
        self._shown_key = object()


def lines_high(content: RenderableType, width: int) -> int | None:
    """How many lines ``content`` takes at ``width`` when that is plain to see: a Text, or a
    Group of Texts, whose every line fits (none wraps); None otherwise. Boards draw their
    parts as such lines, and measuring them costs as much as drawing them."""
    grouped = isinstance(content, Group)
    texts = content.renderables if isinstance(content, Group) else [content]
    height = 0
    for text in texts:
        if not isinstance(text, Text) or "\t" in text.plain or not (text.plain or grouped):
            return None
        lines = text.plain.split("\n")
        if any(cell_len(line) > width for line in lines):
            return None
        height += len(lines)
    return height
