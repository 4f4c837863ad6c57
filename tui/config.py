"""The player's config file: settings and the last table setup per game, kept between runs.

One JSON file in the user config dir (platformdirs: ``~/.config/hunters/config.json`` on
Linux). Only the local app keeps one; a served table's guests play with the server's
settings and leave nothing on its disk. The file is the player's to edit or break: anything
that is not what we wrote (not JSON, another program's file, a value of the wrong kind) gives
one sentence saying so and the defaults for what could not be read, never a crash, and is
replaced when a setting next changes. Writes go to a temporary file renamed over the old
one, so a crash mid-write leaves the old file whole.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from tui.settings import Settings

APP_NAME = "hunters"
CONFIG_FILE = "config.json"
FORMAT = 1
"""The file's format; a newer one is read as foreign (defaults, one message)."""
MAX_CONFIG_BYTES = 256 * 1024
"""Larger than this is no config of ours (ours is well under a kilobyte or two)."""
BOT_DELAY_MAX = 60.0
"""The longest bot delay taken from the file (the command line's own limit)."""

PERSISTED: tuple[str, ...] = (
    "screen_reader",
    "high_contrast",
    "bot_delay",
    "summaries",
    "confirmations",
    "turn_bell",
)
"""The settings the file keeps (those a Settings has: the file may be older or newer)."""


def config_path() -> Path:
    """Where the config file lives for this user."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / CONFIG_FILE


@dataclass(slots=True)
class Config:
    """What the config file held: the settings' values and the last setup of each game."""

    settings: dict[str, bool | float] = field(default_factory=dict)
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per game slug, the last local setup started (see ``tui.screens.setup``)."""
    problem: str = ""
    """Why (part of) the file could not be used, in one sentence; empty when all was fine."""


def _setting_problem(key: str, value: Any, default: Any) -> str:
    if isinstance(default, bool):
        return "" if isinstance(value, bool) else f"{key} is not true or false"
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{key} is not a number of seconds"
        if not (math.isfinite(value) and 0 <= value <= BOT_DELAY_MAX):
            return f"{key} is not between 0 and {BOT_DELAY_MAX:g} seconds"
        return ""
    return f"{key} is of no known kind"


def read_config(path: Path | None = None) -> Config:
    """The config in ``path`` (the user's by default); defaults and a ``problem`` for
    whatever could not be read. A missing file is no problem: it is a first run."""
    path = config_path() if path is None else path
    try:
        with path.open("rb") as file:
            data = file.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        return Config()
    except OSError as error:
        return Config(problem=_unusable(path, f"it cannot be read ({error.strerror or error})"))
    if len(data) > MAX_CONFIG_BYTES:
        return Config(problem=_unusable(path, "it is far too large to be ours"))
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return Config(problem=_unusable(path, "it is not a Hunters config (not JSON)"))
    if not isinstance(body, dict) or body.get("hunters") != FORMAT:
        return Config(problem=_unusable(path, "it is not a Hunters config this version reads"))
    config = Config()
    problems: list[str] = []
    defaults = Settings()
    stored = body.get("settings", {})
    if not isinstance(stored, dict):
        stored, problems = {}, ["its settings are not a table of values"]
    for key in PERSISTED:
        if key not in stored or not hasattr(defaults, key):
            continue
        if problem := _setting_problem(key, stored[key], getattr(defaults, key)):
            problems.append(problem)
        else:
            config.settings[key] = stored[key]
    setups = body.get("setups", {})
    if isinstance(setups, dict):
        config.setups = {k: v for k, v in setups.items() if isinstance(v, dict)}
    else:
        problems.append("its table setups are not a table of games")
    if problems:
        config.problem = (
            f"Part of the config file {path} was not used ({problems[0]}): defaults instead;"
            " it is rewritten when a setting changes."
        )
    return config


def _unusable(path: Path, why: str) -> str:
    return (
        f"The config file {path} was not used: {why}. Hunters starts with the default"
        " settings and replaces the file when a setting changes."
    )


def apply_config(config: Config, settings: Settings) -> None:
    """Take the file's settings into ``settings``, except what the command line chose.

    A value other than the default came from the command line (``--screen-reader``,
    ``--bot-delay 0``) and wins over the file's; the file decides the rest."""
    defaults = Settings()
    for key, value in config.settings.items():
        if getattr(settings, key) == getattr(defaults, key):
            setattr(
                settings, key, float(value) if isinstance(getattr(defaults, key), float) else value
            )


def write_config(config: Config, settings: Settings, path: Path | None = None) -> str:
    """Keep ``settings`` and ``config.setups`` in the file; empty, or why it failed (a
    config that cannot be written is worth a sentence, never a crash)."""
    path = config_path() if path is None else path
    kept = {key: getattr(settings, key) for key in PERSISTED if hasattr(settings, key)}
    if getattr(settings, "plain_terminal", False):
        # The terminal turned screen-reader mode on, not the player: the file keeps theirs.
        kept["screen_reader"] = config.settings.get("screen_reader", False)
    config.settings = kept
    body = {"hunters": FORMAT, "settings": config.settings, "setups": config.setups}
    try:
        write_atomically(path, json.dumps(body, indent=1, sort_keys=True).encode("utf-8"))
    except OSError as error:
        return f"The settings could not be kept in {path}: {error.strerror or error}."
    config.problem = ""
    return ""


STALE_TEMPORARY_S = 60.0
"""Age (seconds) past which a temporary beside a file is a killed process's: a write takes
milliseconds."""


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` whole: written beside it, then renamed over it, so a
    process killed at any moment leaves the old file or the new one, never half of one.

    A process killed during a write (kill -9: nothing of it runs) leaves its temporary
    behind; the next write removes those `STALE_TEMPORARY_S` old, and leaves a younger one
    alone (another process's write under way)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{path.name}."
    fd, temporary = tempfile.mkstemp(prefix=prefix, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    now = time.time()
    for stray in path.parent.iterdir():
        if stray.name.startswith(prefix):
            with contextlib.suppress(OSError):
                if now - stray.stat().st_mtime > STALE_TEMPORARY_S:
                    stray.unlink()
