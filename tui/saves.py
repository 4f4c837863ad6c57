"""Local games saved as they go, and found again: what the launcher's "Continue" offers.

An unfinished local game lives in one file per game in the user data dir (platformdirs:
``~/.local/share/hunters/saves/<slug>.save`` on Linux): the match's record (seed, options,
seats and every accepted action, ``core.codec``'s checksummed blob) with the table's seats and
the time it was written. :class:`Autosave` is the table's recorder: it writes the record with
each action *before* the match takes it, whole, by a rename (``tui.config.write_atomically``),
so a crash or ``kill -9`` at any moment leaves the game as of its last accepted action — at
most the move being made is lost. Loading replays the record through the rules, so a file
changed by hand can only ever give a game the rules allow, or a refusal in words.

Real-time games (Whoosh) are not saved: their moves are timed on the clock of the process
that ran them, and a minute-long game has little to resume.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from core import codec
from core.engine import Game
from core.games import GAMES
from core.match import Match, Step
from core.table import Seat, TableSetup, record_seats
from tui.config import APP_NAME, write_atomically

SAVES_DIR = "saves"
SUFFIX = ".save"


def saves_dir() -> Path:
    """Where this user's unfinished local games are kept."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / SAVES_DIR


def save_path(slug: str, directory: Path | None = None) -> Path:
    """The file of ``slug``'s unfinished game (one per game: a new game replaces it)."""
    return (saves_dir() if directory is None else directory) / f"{slug}{SUFFIX}"


def can_save(game: Game) -> bool:
    """Whether games of ``game`` are saved (not real-time ones: see the module docstring)."""
    return getattr(game, "deadlines", None) is None


def encode_save(match: Match, seats: tuple[Seat, ...], steps: tuple[Step, ...]) -> bytes:
    """The save of ``match`` with ``steps`` as its actions, its table's seats and the time."""
    body = dict(codec.decode(match.record(), "record"))
    body["actions"] = steps
    body["table"] = tuple((seat.name, seat.kind, seat.level) for seat in seats)
    body["saved_at"] = int(time.time())
    return codec.encode("record", body)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished local game read back from its file."""

    path: Path
    match: Match
    setup: TableSetup
    """The seats and options, with the match's own seed (its bots choose as before)."""
    saved_at: float

    @property
    def title(self) -> str:
        return self.match.game.title

    def progress(self) -> str:
        """How far the game is, in the game's own words ("Round 2", "Hunt 3")."""
        view = self.match.view(None)
        slug = self.match.game.slug
        if slug == "orb-hunters" and isinstance(view.get("round"), int):
            return f"Round {view['round']}"
        if slug == "comic-hunters" and isinstance(view.get("round"), int):
            return f"Round {view['round'] + 1}"
        if slug == "shardhunters" and isinstance(view.get("hunt"), int):
            return f"Hunt {view['hunt']}"
        if slug == "superbohaterowie" and view.get("series"):
            return f"Game {view.get('game_number', 1)} of the series"
        moves = len(self.match.steps)
        if not moves:
            return "no move made yet"
        return f"{moves} move{'s' if moves != 1 else ''} made"

    def label(self, now: float | None = None) -> str:
        """The launcher's line: "Continue Orb Hunters (Round 2, 3 players, saved 5 min ago)"."""
        ago = saved_ago((time.time() if now is None else now) - self.saved_at)
        players = f"{self.match.seats} player{'s' if self.match.seats != 1 else ''}"
        return f"Continue {self.title} ({self.progress()}, {players}, saved {ago})"


def saved_ago(seconds: float) -> str:
    """A short "how long ago" in words."""
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    days = int(seconds // 86400)
    return f"{days} day{'s' if days != 1 else ''} ago"


def read_save(path: Path) -> SavedGame:
    """The game saved in ``path`` (ValueError, in words, for anything else)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ValueError(f"it cannot be read ({error.strerror or error})") from None
    body: Any = codec.decode(data, "record")
    if not isinstance(body, dict) or not isinstance(body.get("saved_at"), int):
        raise ValueError("it is not a saved local game")
    match = Match.replay(data)
    seats = record_seats({"seats": body.get("table")}, match)
    if any(seat.kind == "remote" for seat in seats):
        raise ValueError("it is not a local game")
    setup = TableSetup(match.game.slug, seats, dict(match.options), match.seed)
    return SavedGame(path, match, setup, float(body["saved_at"]))


def unfinished_games(directory: Path | None = None) -> tuple[list[SavedGame], list[str]]:
    """The unfinished games saved here, latest first, and a sentence per file that could
    not be read (left on disk for the player: nothing is deleted on a guess). A finished
    game's file is removed: there is nothing to continue."""
    directory = saves_dir() if directory is None else directory
    games: list[SavedGame] = []
    problems: list[str] = []
    for slug in GAMES:
        path = save_path(slug, directory)
        if not path.is_file():
            continue
        try:
            saved = read_save(path)
        except ValueError as error:
            problems.append(f"The saved game {path} cannot be continued: {error}.")
            continue
        if saved.match.game.slug != slug:
            problems.append(f"The saved game {path} is not a game of {GAMES[slug].title}.")
        elif saved.match.outcome() is not None:
            remove_save(path)
        else:
            games.append(saved)
    games.sort(key=lambda saved: saved.saved_at, reverse=True)
    return games, problems


def remove_save(path: Path) -> None:
    """Forget a saved game (finished, or replaced by a new one)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


class Autosave:
    """A local table's recorder: keeps its game's save file up to date with every action.

    Give it to the ``Table`` as ``recorder``: it writes before the match takes the action.
    A save that cannot be written (a full disk) does not stop a game at this keyboard: the
    players are told once, through ``on_problem``, and play on; the next write that works
    catches up. ``rewrite`` writes the match as it is (at the start, after an undo);
    ``finish`` removes the file once the game is over."""

    def __init__(
        self,
        path: Path,
        match: Match,
        seats: tuple[Seat, ...],
        on_problem: Callable[[str], None] | None = None,
    ) -> None:
        self.path = path
        self.match = match
        self.seats = seats
        self.on_problem = on_problem
        self.problem = ""
        """Why the last write failed; empty once one works."""

    def __call__(self, step: Step) -> None:
        self._write((*self.match.steps, step))

    def rewrite(self) -> None:
        """Write the match as it stands (at the start of a game, after an undo)."""
        self._write(self.match.steps)

    def _write(self, steps: tuple[Step, ...]) -> None:
        try:
            write_atomically(self.path, encode_save(self.match, self.seats, steps))
        except OSError as error:
            told = bool(self.problem)
            self.problem = f"The game could not be saved in {self.path}: {error.strerror or error}."
            if not told and self.on_problem is not None:
                self.on_problem(self.problem)
            return
        self.problem = ""

    def finish(self) -> None:
        """The game is over: nothing to continue."""
        remove_save(self.path)
