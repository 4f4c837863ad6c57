"""The process-wide patch that lets many Textual apps share one server process.

Textual 8.2.8 assumes one App per process. Serving every SSH player their own App on the
server's event loop (the measured choice, notes/ssh-in-process.md) breaks that assumption in
three places. Only the first needs a change to Textual itself, made here by `apply()`; the
other two are handled where they bite, in `net.driver.SSHDriver`:

1. ``textual/app.py`` (``App._process_messages``, ~line 3491) wraps every run in
   ``redirect_stdout``/``redirect_stderr``. Those swap ``sys.stdout``/``sys.stderr`` for the
   whole process, not for one task: with two overlapping sessions the second saves the first
   App's capture object as "the original" and, exiting last, restores it, so the server's
   ``sys.stdout`` ends up pointing at a dead App (measured in the prototype; pinned by
   ``tests/net/test_session.py``). A server has no use for Textual's print capture, so both
   names are replaced with ``contextlib.nullcontext``.
2. ``textual/_xterm_parser.py`` (~line 355) puts an ``lru_cache`` on a parser method, so the
   class-level cache holds every parser (up to 1024), and each parser's generator frame holds
   its last key event, whose sender is the App: every finished App stayed alive. The driver
   ends its parser's generator when it closes (``SSHDriver.close``).
3. A lone Escape is only delivered when the parser's ``tick()`` runs after its timeout; the
   stock drivers poll it from an input thread, which a server has not. The driver schedules the
   tick on the event loop (``SSHDriver._schedule_tick``).

And one for speed: every App parses its whole stylesheet (the default CSS of every widget
class, the app's and the theme's variables) when it starts, about half of the CPU time from an
SSH connection to its first frame. Textual keeps parsed rules per stylesheet; ``apply()``
shares them across every App of the process, keyed by the CSS, where it was read from, the
arguments and the variables it was parsed with, so a different theme still parses afresh.
"""

from __future__ import annotations

import contextlib
from typing import Any

import textual.app
from textual.css.stylesheet import Stylesheet

from tui import fixes as tui_fixes

_SHARED_RULES: dict[tuple[Any, ...], list[Any]] = {}
"""Parsed rule sets shared by every App's stylesheet (bounded: see ``_SHARED_LIMIT``)."""
_SHARED_LIMIT = 512


def apply() -> None:
    """Stop Textual from redirecting the process's stdout and stderr (fix 1 above), and share
    parsed stylesheets between Apps.

    Idempotent: call it before the first App runs in the server (``AppSession`` does). Raises
    ``RuntimeError`` if ``textual.app`` no longer has the names, so a Textual upgrade that
    moves them is noticed instead of silently reintroducing the bug.
    """
    tui_fixes.apply()  # every App here, Hunters' or not, must not spin the shared loop
    for name in ("redirect_stdout", "redirect_stderr"):
        if not hasattr(textual.app, name):
            raise RuntimeError(f"textual.app.{name} is gone: re-check net/textual_fixes.py")
        setattr(textual.app, name, contextlib.nullcontext)
    if not getattr(Stylesheet._parse_rules, "_hunters_shared", False):
        Stylesheet._parse_rules = _shared_parse_rules(Stylesheet._parse_rules)  # type: ignore[method-assign]


def _shared_parse_rules(parse: Any) -> Any:
    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        rules = _SHARED_RULES.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_SHARED_RULES) >= _SHARED_LIMIT:
                _SHARED_RULES.clear()
            _SHARED_RULES[key] = rules
        return rules

    parse_rules._hunters_shared = True  # type: ignore[attr-defined]
    return parse_rules
