"""ChoiceRowBoard: a board whose every move is a row of choices walked with the arrow keys.

Games whose decisions are many and varied (Comic Hunters' locations, Shardhunters' combats
and tavern) show the legal next steps as one row: ←→ move along it, Enter takes the step
under the cursor, Esc takes the last one back. A subclass draws the table in its ``show``
(as parts that redraw only what changed) and says how each legal action is reached
(``paths``); the stepping is here, once.
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
    | ←→↑↓ / hjkl | move the cursor along the choices |
    | Enter / Space | take the choice under the cursor |
    | Esc | take back the last choice |
    """

    DEFAULT_CSS = """
    ChoiceRowBoard { height: auto; padding: 0 1; }
    ChoiceRowBoard:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left,h,up,k", "cursor(-1)", "Previous", show=False, id="board.left"),
        Binding("right,l,down,j", "cursor(1)", "Next", show=False, id="board.right"),
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

    def action_cursor(self, step: int) -> None:
        count = len(self.choices)
        if count:
            self.cursor = (self.cursor + step) % count
            self.refresh()

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
