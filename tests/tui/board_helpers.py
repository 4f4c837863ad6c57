"""What the board tests of every game share: a seat's update of a match, and every action a
board's step-by-step choices can reach; and what the screen tests share: a clock in UTC."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Any

import pytest

from core.engine import Action
from core.match import Match
from core.table import Seat, Table, Update
from tui.boards.base import ActionTrie, Path


def update_of(
    match: Match,
    seat: int | None = 0,
    names: tuple[str, ...] = (),
    notes: Mapping[int, str] | None = None,
) -> Update:
    """What ``seat`` (None: a spectator) is shown of ``match`` at a table of humans;
    ``notes``: how dropped players are doing, as the table tells it (`Table.set_note`)."""
    table = Table(match, [Seat(names[i] if names else f"P{i}") for i in range(match.seats)])
    for noted, note in (notes or {}).items():
        table.set_note(noted, note)
    return table.update_for(seat)


def reachable(update: Update, paths: Callable[[Update, Action], list[Path]]) -> set[Action]:
    """Every action that walking the board's choices from the start can complete."""
    trie = ActionTrie(update.legal, lambda action: paths(update, action))
    reached: set[Action] = set()

    def walk(keys: list[Hashable]) -> None:
        action = trie.action(keys)
        if action is not None:
            reached.add(action)
            return
        for choice in trie.choices(keys):
            walk([*keys, choice.key])

    walk([])
    return reached


def record_redraws(parts: Any) -> list[str]:
    """The names of the parts ``parts`` (a `Parts`) redraws from now on, in order: its
    ``show`` is wrapped to note each part it drew again."""
    redrawn: list[str] = []
    show = parts.show

    def noted(name: str, *args: Any) -> bool:
        drawn = bool(show(name, *args))
        if drawn:
            redrawn.append(name)
        return drawn

    parts.show = noted
    return redrawn


def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The body of a fixture that shows times in UTC while a test runs, so every run reads
    the same, and this computer's time zone again after: ``yield from utc_clock(...)``."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
