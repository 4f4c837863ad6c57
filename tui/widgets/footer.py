"""KeyFooter: the Footer of a table, rebuilt only when its list of keys changes.

Textual's Footer composes all its keys again whenever any binding may have changed: tens of
milliseconds a time, on every update of a table where whose turn it is flips a key between
usable and greyed out. Here a key that only turned on or off is restyled in place, a key
that comes or goes (Undo, after each move at a local table) is mounted or removed alone,
and the keys are composed again only when the list changed otherwise.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """A Footer that restyles a key turning on or off instead of composing every key.

    Compact, its keys are made compact from the start (Textual's Footer binds each key's
    ``compact`` to its own, which restyles every key one by one after each compose)."""

    _keys_pending = False
    """A change of the keys shown is scheduled (it reads the keys as they are then)."""

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
            yield self._key(binding, enabled, tooltip)

    def _key(self, binding: Any, enabled: bool, tooltip: str) -> FooterKey:
        return FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            binding.description,
            binding.action,
            disabled=not enabled,
            tooltip=tooltip,
            classes="-compact",
        )

    def _shown(self) -> list[FooterKey]:
        return [k for k in self.query_children(FooterKey) if not k.has_class("-command-palette")]

    def bindings_changed(self, screen: Any) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys = self._keys_now()
        shown = self._shown()
        same = bool(keys) and [(k.action, k.key_display, k.description) for k in shown] == [
            key[:3] for key in keys
        ]
        if not same:
            if not self._keys_pending:  # the one pending reads the keys as they are then
                self._keys_pending = True
                self.call_after_refresh(self._change_keys)
            return
        self._restyle(shown, keys)

    def _restyle(self, shown: list[FooterKey], keys: list[tuple[str, str, str, bool]]) -> None:
        """Grey out or light up the keys shown, each as its ``check_action`` now says."""
        for widget, (_, _, _, enabled) in zip(shown, keys, strict=True):
            if widget._disabled == (not enabled):
                continue
            widget._disabled = not enabled
            widget.set_class(not enabled, "-disabled")

    async def _change_keys(self) -> None:
        """Mount the keys that came and remove those that went, keeping the others (a
        compose of every key costs several times as much); compose again when keys were
        replaced or moved."""
        self._keys_pending = False
        if not self.is_attached:
            return
        bindings = self._bindings_now()
        shown = self._shown()
        if not bindings or not shown or not self.compact:
            await self.recompose()
            return
        keys = self._keys_now()
        old = [(k.action, k.key_display, k.description) for k in shown]
        steps = SequenceMatcher(a=old, b=[key[:3] for key in keys], autojunk=False).get_opcodes()
        if any(tag == "replace" for tag, *_ in steps):
            await self.recompose()
            return
        gone: list[FooterKey] = []
        for tag, first, last, new_first, new_last in steps:
            if tag == "delete":
                gone += shown[first:last]
            elif tag == "insert":
                coming = [self._key(*bindings[j]) for j in range(new_first, new_last)]
                before = shown[first] if first < len(shown) else self._palette_key()
                await self.mount_all(coming, before=before)
        if gone:
            await self.remove_children(gone)
        self.bindings_changed(self.screen)  # restyled as the keys are now

    def _palette_key(self) -> FooterKey | None:
        """The command palette's key, which stays last."""
        keys = self.query_children(FooterKey).filter(".-command-palette")
        return keys.first() if keys else None
