"""What every game's board module provides, and the choice trie that turns legal actions
into step-by-step keyboard choices (the same steps in the visual and screen-reader modes).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from core.engine import Action, Outcome
from core.table import Update

MOVE_ACTIONS = frozenset(
    {"back", "cursor", "next_choice", "discard", "why_not_discard", "next_game", "reveal", "claim"}
)
"""A board's actions that take part in a move (a step back, the next choice, a claim…)."""


def no_move_here(update: Update | None, action: str) -> bool:
    """True when ``action`` is a move's and can never do anything on this screen: the game
    is over, or the screen is a spectator's (who never moves, and before the end has nothing
    to choose either). The board's ``check_action`` then hides it from the footer (False).

    At game over that includes Choose: Enter opens the results then, and the game screen's
    own Enter key says so ("Results", tui.screens.game), which a hidden Choose leaves to it."""
    if update is None:
        return False
    if action in MOVE_ACTIONS:
        return update.outcome is not None or update.seat is None
    return action == "choose" and (update.seat is None or update.outcome is not None)


def choosing(board: Widget, update: Update | None) -> Update | None:
    """The position a board's Enter chooses in, or None when there is no choice to make:
    at game over Enter asks for the results, and out of turn it says whose turn it is not."""
    if update is None:
        return None
    if update.outcome is not None:
        board.post_message(ResultsWanted())
        return None
    if update.seat not in update.acting:
        board.notify("It is not your turn.", severity="warning")
        return None
    return update


def replay_prompt(board: Widget, update: Update) -> str | None:
    """The prompt of a board in a replay (tui.screens.replay marks it ``replaying``), whose
    keys step through the moves: the table's own prompt would offer choices and keys that
    do nothing there. None on a table in play."""
    if not getattr(board, "replaying", False):
        return None
    if update.outcome is not None:
        return "The game ends here."
    if update.seat is not None and update.seat in update.acting:
        return "Your turn here: press → to see your move."
    return "Press → to see the next move."


def drawable(board: Widget) -> bool:
    """Whether ``board`` has its parts to draw into: mounted, in the screen, its parts not
    yet removed (an update reached a spectator's board as the rematch replaced its table,
    and drawing it crashed the guest's app with NoMatches)."""
    return board.is_mounted and board.is_attached and bool(board.children)


def new_space(board: Widget) -> bool:
    """Whether ``board`` has another width, or the terminal another size, than when this
    was last asked (a board's ``on_resize`` asks): a board draws from those two alone.

    Its parts growing or shrinking lay the screen out again, which resizes the board (its
    height) and drew the whole board once more, every such update, for every guest."""
    space = (board.content_size.width, board.app.size)
    if getattr(board, "_drawn_space", None) == space:
        return False
    setattr(board, "_drawn_space", space)  # noqa: B010 (any board, no attribute declared)
    return True


@dataclass(frozen=True, slots=True)
class Choice:
    """One step towards an action: a key the board understands and words for it."""

    key: Hashable
    label: str


Path = tuple[Choice, ...]


class ActionTrie:
    """Legal actions arranged as paths of choices: pick one step at a time.

    An action may have several paths (two explosion targets can be chosen in either order);
    choosing any of them leads to the same action.
    """

    def __init__(self, legal: Sequence[Action], paths: Callable[[Action], list[Path]]) -> None:
        self._paths: list[tuple[tuple[Hashable, ...], Path, Action]] = []
        for action in legal:
            for path in paths(action):
                self._paths.append((tuple(c.key for c in path), path, action))

    def choices(self, prefix: Sequence[Hashable]) -> list[Choice]:
        """The distinct next steps after ``prefix``, in first-seen order."""
        depth, seen, found = len(prefix), set(), []
        for keys, path, _ in self._paths:
            if len(keys) > depth and keys[:depth] == tuple(prefix) and keys[depth] not in seen:
                seen.add(keys[depth])
                found.append(path[depth])
        return found

    def action(self, prefix: Sequence[Hashable]) -> Action | None:
        """The action a complete path leads to, or None while it is incomplete."""
        for keys, _, action in self._paths:
            if keys == tuple(prefix):
                return action
        return None


def number_of(count: int, noun: str) -> str:
    """A count with its noun: "1 choice", "3 choices" (nouns here take an -s)."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def the_number_of(count: int, noun: str) -> str:
    """The things a prompt points at: "the card" for one, "the 3 cards" for more."""
    return f"the {noun}" if count == 1 else f"the {count} {noun}s"


def _mid_sentence(label: str) -> str:
    """A choice's label inside a sentence: "Your Berlin" reads "your Berlin" there."""
    first, _, rest = label.partition(" ")
    if first in {"Your", "You"}:
        return f"{first.lower()} {rest}".rstrip()
    return label


def chosen_words(
    update: Update, keys: Sequence[Hashable], paths: Callable[[Update, Action], list[Path]]
) -> str:
    """The steps of a move chosen so far, in their own words ("Play a one-eagle card, then
    your Berlin, space 2: carry a fire superhero away"), "" before the first: a
    screen-reader prompt repeats them, since the player cannot see them marked."""
    if not keys:
        return ""
    for action in update.legal:
        for path in paths(update, action):
            if tuple(c.key for c in path[: len(keys)]) == tuple(keys):
                labels = [c.label for c in path[: len(keys)]]
                return ", then ".join([labels[0], *map(_mid_sentence, labels[1:])])
    return ""


@dataclass
class ActionChosen(Message):
    """A board built an action (it may still be refused by the rules, with their reason)."""

    action: Action
    seat: int | None = None
    """Which local seat acts (None: the one whose view is shown). Several people may share
    a keyboard at a real-time table, each with their own keys."""
    at_ns: int | None = None
    """Real time: when the key was pressed (``time.monotonic_ns``). A timed action names
    its own position (a claim names its board) instead of the table's version."""


NOTE_INDENT = "    "
"""A note too long for its player's row goes on a line of its own, indented under it."""


def note_sentence(update: Update, seat: int) -> str:
    """How a player who is not simply at the table is doing, as the table says it, in a
    sentence ("Ala is disconnected, a bot plays meanwhile."); "" for everyone else."""
    note = update.notes.get(seat)
    if note is None:
        return ""
    name = update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"
    return f"{name} is {note}."


def with_note(row: Text, update: Update, seat: int, width: int) -> list[Text]:
    """A player's row with the table's note for them ("disconnected, a bot plays
    meanwhile") after a dash when it fits, else on a line of its own under the row: a note
    cut off at 80 columns would hide the one thing it is there to tell."""
    note = update.notes.get(seat)
    if note is None:
        return [row]
    if row.cell_len + len(note) + 3 <= width:
        return [Text.assemble(row, (f" — {note}", "italic"))]
    below = Text(NOTE_INDENT + note, style="italic")
    below.truncate(width, overflow="ellipsis")
    return [row, below]


class ResultsWanted(Message):
    """The game is over and the player asked for the results."""


class BoardModule(Protocol):
    """The per-game part of the table screen (``tui/boards/<slug>.py``)."""

    Board: type[Widget]
    """The visual board; it receives updates via ``show`` and posts ``ActionChosen``."""

    def paths(self, update: Update, action: Action) -> list[Path]:
        """The ways to reach ``action`` step by step, with words for each step."""
        ...

    def prompt(
        self,
        update: Update,
        keys: Sequence[Hashable],
        choices: Sequence[Choice],
        plain: bool = False,
    ) -> str:
        """What to do now, in words (``plain``: for the screen-reader list of choices)."""
        ...

    def describe(self, update: Update) -> list[str]:
        """The whole table as plain sentences, for screen readers and the read-aloud key."""
        ...

    def result_lines(
        self, view: dict[str, Any], outcome: Outcome, names: Sequence[str]
    ) -> list[str]:
        """Game-specific lines for the end screen (e.g. each city's points)."""
        ...
