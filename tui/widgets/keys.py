"""KeyStates: refresh the footer only when the keys a widget allows have really changed.

``refresh_bindings`` makes every Footer on the screen rebuild its keys (a recompose and a
restyle: tens of milliseconds). Boards and the lobby redraw on every table or hall change,
which over SSH is every change of every guest; most of those leave the legal keys as they
were. A widget mixing this in pays for the rebuild only when ``check_action`` answers
differently for one of its own bindings.
"""

from __future__ import annotations

from typing import Any

from textual.actions import parse


class KeyStates:
    """Mixin for a Widget or Screen with ``check_action``: cheap ``refresh_bindings``."""

    _key_states: tuple[bool | None, ...] | None = None

    def _current_key_states(self) -> tuple[bool | None, ...]:
        """The state of every key this widget binds, its classes' too: a board that adds
        keys of its own (Comic Hunters' Home and End) inherits Enter and Esc, and a check
        of its own list only missed Esc coming alive, the footer keeping "esc Back" dimmed."""
        states = []
        for bindings in self._bindings.key_to_bindings.values():  # type: ignore[attr-defined]
            for binding in bindings:
                _, name, parameters = parse(binding.action)
                states.append(self.check_action(name, parameters))  # type: ignore[attr-defined]
        return tuple(states)

    def refresh_bindings(self) -> None:
        """Ask the footer to rebuild only if one of this widget's keys changed state."""
        states = self._current_key_states()
        if states != self._key_states:
            self._key_states = states
            parent: Any = super()
            parent.refresh_bindings()
