"""ChoiceRowBoard: a board whose every move is a row of choices walked with the arrow keys.

Games whose decisions are many and varied (Comic Hunters' locations, Shardhunters' combats
and tavern) show the legal next steps as one row: ←→ move along it, Enter takes the step
under the cursor, Esc takes the last one back. A subclass draws the table in its ``show``
(as parts that redraw only what changed) and says how each legal action is reached
(``paths``); the stepping is here, once.

Where a board lays its choices out in rows of several (a hand of cards on two lines, a
grid), it says where each stands (``places``): ↑↓ then move a row up or down, to the
nearest choice in that row, as the eye expects (Comic Hunters' Assemble at 80x24 stepped
through a two-row hand one card at a time on ↓; issue #15). Without places ↑↓ step one
choice at a time, as ←→ do.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.binding import Binding
from textual.widget import Widget

from core.engine import Action
from core.table import Update
from tui.boards.base import (
    ActionChosen,
    ActionTrie,
    Choice,
    Path,
    choosing,
    no_move_here,
)
from tui.widgets.keys import KeyStates


class ChoiceRowBoard(KeyStates, Widget, can_focus=True):
    """The table, your hand and a row of choices. Receives updates through ``show``.

    | key | action |
    | --- | --- |
    | ←→ / hl | move the cursor along the choices, one at a time |
    | ↑↓ / kj | the nearest choice in the row above or below (along them without rows) |
    | Enter / Space | take the choice under the cursor |
    | Esc | take back the last choice |
    """

    DEFAULT_CSS = """
    ChoiceRowBoard { height: auto; padding: 0 1; }
    ChoiceRowBoard:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left,h", "cursor(-1)", "Previous choice", show=False, id="board.left"),
        Binding("right,l", "cursor(1)", "Next choice", show=False, id="board.right"),
        Binding("up,k", "row(-1)", "Choice in the row above", show=False, id="board.up"),
        Binding("down,j", "row(1)", "Choice in the row below", show=False, id="board.down"),
        Binding("enter,space", "choose", "Choose", id="board.choose"),
        Binding("escape", "back", "Back", id="board.back"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.update: Update | None = None
        self.trie = ActionTrie((), lambda action: [])
        self.keys: list[Hashable] = []
        self.cursor = 0

    def paths(self, update: Update, action: Action) -> list[Path]:
        """The game's ways to reach ``action`` step by step (its board module's ``paths``)."""
        raise NotImplementedError

    def show(self, update: Update) -> None:
        """Display a new update; a new version clears any half-built choice."""
        if (
            self.update is None
            or update.version != self.update.version
            or update.seat != self.update.seat
        ):
            self.keys = []
            self.cursor = 0
        self.update = update
        self.trie = ActionTrie(update.legal, lambda action: self.paths(update, action))
        self.cursor = min(self.cursor, max(0, len(self.choices) - 1))
        # No layout here: the subclass draws its parts, each laid out again only when its
        # height changed (a layout of the board is one of the whole screen, every update).
        self.refresh_bindings()

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps after what has been chosen so far."""
        return self.trie.choices(self.keys)

    # -- actions ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if no_move_here(update, action):
            return False
        mine = update is not None and update.seat in update.acting and update.outcome is None
        if action == "choose":
            return True if mine or (update is not None and update.outcome is not None) else None
        if action == "back":
            return True if self.keys else None
        return True

    def places(self) -> list[tuple[int, float] | None]:
        """Where each choice stands on the board, as (line, middle column), None where it
        is not drawn (a board that lays its choices out in rows says; by default none)."""
        return [None] * len(self.choices)

    def move_to(self, index: int) -> None:
        """Put the cursor on the choice at ``index``."""
        self.cursor = index
        self.refresh()

    def action_cursor(self, step: int) -> None:
        count = len(self.choices)
        if count:
            self.move_to((self.cursor + step) % count)

    def action_row(self, step: int) -> None:
        """The nearest choice in the next row up (``step`` -1) or down (1), round to the
        other end; along the choices where they stand in one row or are not drawn."""
        target = row_step(self.places(), self.cursor, step)
        if target is None:
            self.action_cursor(step)
        else:
            self.move_to(target)

    def action_choose(self) -> None:
        update = choosing(self, self.update)
        if update is None:
            return
        choices = self.choices
        if not choices:
            return
        keys = [*self.keys, choices[self.cursor].key]
        action = self.trie.action(keys)
        if action is not None:
            self.keys = []
            self.post_message(ActionChosen(action))
        else:
            self.keys = keys
        self.cursor = 0
        self.refresh()
        self.refresh_bindings()

    def action_back(self) -> None:
        if self.keys:
            self.keys.pop()
            self.cursor = 0
            self.refresh()
            self.refresh_bindings()


def row_step(places: list[tuple[int, float] | None], cursor: int, step: int) -> int | None:
    """The choice ↑ (``step`` -1) or ↓ (1) goes to from ``cursor``, given where each
    choice stands (`ChoiceRowBoard.places`): in the nearest row above or below that has
    a choice (past the last row, the first, and the other way round), the one nearest
    its column (the left one of two as near). None: no rows to move between (the choice
    under the cursor is not drawn, or every drawn choice stands in its row)."""
    here = places[cursor] if 0 <= cursor < len(places) else None
    if here is None:
        return None
    rows = sorted({place[0] for place in places if place is not None})
    if len(rows) < 2:
        return None
    # The nearest row that way, else round to the row at the other end.
    ahead = [r for r in rows if (r - here[0]) * step > 0] or rows
    row = min(ahead) if step > 0 else max(ahead)
    return min(
        (i for i, place in enumerate(places) if place is not None and place[0] == row),
        key=lambda i: (abs(places[i][1] - here[1]), places[i][1]),  # type: ignore[index]
    )
