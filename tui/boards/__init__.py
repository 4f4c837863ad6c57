"""One board module per game (``tui/boards/<slug>.py``), registered by slug."""

from __future__ import annotations

from types import ModuleType

from tui.boards import comic_hunters, orb_hunters, shardhunters, superbohaterowie, whoosh

BOARDS: dict[str, ModuleType] = {
    "superbohaterowie": superbohaterowie,
    "orb-hunters": orb_hunters,
    "shardhunters": shardhunters,
    "comic-hunters": comic_hunters,
    "whoosh": whoosh,
}
