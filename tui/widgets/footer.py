"""KeyFooter: the Footer of a table, rebuilt only when its list of keys changes.

Textual's Footer composes all its keys again whenever any binding may have changed: tens of
milliseconds a time, on every update of a table where whose turn it is flips a key between
usable and greyed out. Here a key that only turned on or off is restyled in place, and the
keys are composed again only when a key comes or goes.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """A Footer that restyles a key turning on or off instead of composing every key.

    Compact, its keys are made compact from the start (Textual's Footer binds each key's
    ``compact`` to its own, which restyles every key one by one after each compose)."""

    def _bindings_now(self) -> list[tuple[Any, bool, str]]:
        """(binding, enabled, tooltip) per key, as ``compose`` lays them out (one key per
        action: the first binding of it); empty when a key is grouped (laid out apart)."""
        first: dict[str, tuple[Any, bool, str]] = {}
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in first:
                if binding.group is not None:
                    return []
                first[binding.action] = (binding, enabled, tooltip)
        return list(first.values())

    def _keys_now(self) -> list[tuple[str, str, str, bool]]:
        """(action, key shown, description, enabled) per key."""
        return [
            (b.action, self.app.get_key_display(b), b.description, enabled)
            for b, enabled, _ in self._bindings_now()
        ]

    def compose(self) -> ComposeResult:
        bindings = self._bindings_now() if self._bindings_ready else []
        if not bindings or not self.compact:
            yield from super().compose()
            return
        for binding, enabled, tooltip in bindings:
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
                classes="-compact",
            )

    def bindings_changed(self, screen: Any) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys = self._keys_now()
        shown = [k for k in self.query_children(FooterKey) if not k.has_class("-command-palette")]
        same = bool(keys) and [(k.action, k.key_display, k.description) for k in shown] == [
            key[:3] for key in keys
        ]
        if not same:
            self.call_after_refresh(self.recompose)
            return
        for widget, (_, _, _, enabled) in zip(shown, keys, strict=True):
            if widget._disabled == (not enabled):
                continue
            widget._disabled = not enabled
            widget.set_class(not enabled, "-disabled")
