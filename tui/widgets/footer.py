"""KeyFooter: the Footer of a table, rebuilt only when its list of keys changes.

Textual's Footer composes all its keys again whenever any binding may have changed: tens of
milliseconds a time, on every update of a table where whose turn it is flips a key between
usable and greyed out. Here a key that only turned on or off is restyled in place, and the
keys are composed again only when a key comes or goes.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """A Footer that restyles a key turning on or off instead of composing every key."""

    def _keys_now(self) -> list[tuple[str, str, str, bool]]:
        """(action, key shown, description, enabled) per key, as ``compose`` lays them out
        (one key per action: the first binding of it)."""
        first: dict[str, tuple[str, str, str, bool]] = {}
        for _, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in first:
                if binding.group is not None:
                    return []  # grouped keys are laid out differently: always compose
                shown = self.app.get_key_display(binding)
                first[binding.action] = (binding.action, shown, binding.description, enabled)
        return list(first.values())

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
