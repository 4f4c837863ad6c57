"""The finished games' screens: "Your games" (the history), "Profile" and "Leaderboards".

Each reads a `StatsSource` (``core.db.Database`` is one) and, for the player's own pages, a
player's name: the local app gives its own database (``tui/records.py``), and a served app
can give the server's and the guest's name. Every screen is one list of lines, so the
same keys move through it with or without a screen reader (a `SpokenList` then: the
selected line is marked and the cursor is on it); Enter on a game opens its replay.
A screen with nothing to read says what to do instead ("No finished games yet: …"); one
whose database cannot be used says why in one sentence (``problem``).

A served guest's screens have a ``viewer``, the guest: a game opens only for its players,
and from the viewer's own seat (their hand as they saw it, no other), read off the loop's
thread; the local app's (no viewer) open any game as a spectator saw it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.db import GameRow, GameStats, LeaderRow, Profile, SeatRow
from core.engine import in_words
from core.games import GAMES
from core.match import Match
from core.ratings import INITIAL, Rating
from core.recordfile import RecordError, read_record
from core.table import record_seats
from tui.screens.help import key_help
from tui.screens.replay import ReplayScreen
from tui.widgets.spoken import SpokenList

log = logging.getLogger(__name__)

PAGE = 10
"""Games on one page of "Your games"."""
RECENT = 5
"""Recent games on a profile."""
LEADERS = 20
"""Players on a leaderboard."""

NO_GAMES = "No finished games yet: play one from the game list."
GUEST_NO_GAMES = "No finished games yet: play one at a table here."
"""What a served guest's empty history says (they have no game list: tables)."""
NOT_A_PLAYER = "Only its players can replay a game here."
"""Why a served guest's Enter on a game they did not play opens nothing."""
UNREADABLE = "The finished games cannot be read just now; try again later."
"""What a list says when reading the database failed under a running app."""
RATING_WORDS = (
    f"A rating is an estimate of skill in one game: everyone starts at {INITIAL.mu:.1f}"
    f" ± {INITIAL.sigma:.1f}, and the number after ± (how unsure it still is) shrinks with "
    "each rated game. Games of two or more people are rated; games against bots are not."
)
"""Said once on the profile, before any rating."""
LEADER_WORDS = (
    "Players are ranked by their rating less three times its uncertainty, so a new "
    "player rises as their rating settles."
)
"""Said once on a leaderboard."""


class StatsSource(Protocol):
    """What the screens read: ``core.db.Database``'s reading side."""

    def history(
        self, limit: int = 20, offset: int = 0, name: str | None = None, game: str | None = None
    ) -> tuple[GameRow, ...]: ...

    def profile(self, name: str, recent: int = 10) -> Profile | None: ...

    def leaderboard(self, game: str, limit: int = 20) -> tuple[LeaderRow, ...]: ...


# -- words -------------------------------------------------------------------------------------


def counted(number: int, word: str) -> str:
    """ "1 game", "2 games"."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def place_word(place: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th"."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def when(seconds: float) -> str:
    """A moment in this computer's time: "3 Dec 2026, 04:01"."""
    moment = time.localtime(seconds)
    return f"{moment.tm_mday} {time.strftime('%b %Y, %H:%M', moment)}"


def how_long(seconds: float) -> str:
    """A game's length in words: "under a minute", "12 min", "1 h 5 min"."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def rating_words(rating: Rating, games: int) -> str:
    """ "rating 27.1 ± 2.3 after 5 rated games"."""
    return f"rating {rating.mu:.1f} ± {rating.sigma:.1f} after {counted(games, 'rated game')}"


def game_title(slug: str) -> str:
    game = GAMES.get(slug)
    return game.title if game is not None else slug


_SAYS_BOT = re.compile(r"\bbot\b", re.IGNORECASE)
"""A name that says it is a bot's ("Bot 4 (normal)", a bot's default)."""


def seat_name(seat: SeatRow) -> str:
    """A seat's name as a list of players says it: a bot's marked "(bot)" unless its name
    says so already ("Bot 4 (normal)" as it is, a bot renamed "Jarvis" as "Jarvis (bot)")."""
    if seat.kind == "bot" and not _SAYS_BOT.search(seat.name):
        return f"{seat.name} (bot)"
    return seat.name


LOST = "did not win"
"""The result of a seat that did not win a game won or not (`core.engine.score_words`)."""


def _won_or_not(row: GameRow) -> bool:
    """Whether ``row`` is a game won or not (its results are "won the game", "won a Hunt
    with 6 heroes", "beat the Reavers" and "did not win"), not one of points."""
    results = [seat.result for seat in row.seats]
    return bool(results) and all(
        result == LOST or result.startswith(("won ", "beat ")) for result in results
    )


def players_line(row: GameRow) -> str:
    """The players by place with their results, as the results screen says them ("1st:
    Ala, 35 points; 2nd: Ola and Bot 2 (normal), 20 points."); seats sharing a place
    and a result are named together, and a solo game lost says to whom ("Lost to Jarvis:
    Ala, 30 points."). A game won or not names the winners, then the others without a
    place ("Ala won the game; Ola and Bot 2 (normal) did not win."; "Ala lost to the
    Reavers.")."""
    if _won_or_not(row):
        return _won_or_not_line(row)
    groups: list[tuple[str, str, list[str]]] = []
    for seat in sorted(row.seats, key=lambda s: (s.place, s.seat)):
        label = f"lost to {row.lost_to}" if row.lost_to else place_word(seat.place)
        if groups and groups[-1][:2] == (label, seat.result):
            groups[-1][2].append(seat_name(seat))
        else:
            groups.append((label, seat.result, [seat_name(seat)]))
    parts = [
        f"{label}: {in_words(names)}{f', {result}' if result else ''}"
        for label, result, names in groups
    ]
    said = "; ".join(parts)
    return f"{said[:1].upper()}{said[1:]}."


def _won_or_not_line(row: GameRow) -> str:
    """`players_line` of a game won or not: the winners first, no places."""
    ordered = sorted(row.seats, key=lambda s: (s.result == LOST, s.place, s.seat))
    if row.lost_to:
        return f"{in_words([seat_name(s) for s in ordered])} lost to {row.lost_to}."
    groups: dict[str, list[str]] = {}
    for seat in ordered:
        groups.setdefault(seat.result, []).append(seat_name(seat))
    said = "; ".join(f"{in_words(names)} {result}" for result, names in groups.items())
    return f"{said}."


def game_lines(row: GameRow) -> tuple[str, str]:
    """A finished game in two lines: what and when (rated or why not), then the players
    by place with their results."""
    head = [game_title(row.game), when(row.finished)]
    if row.duration is not None:
        head.append(how_long(row.duration))
    head.append("rated" if row.rated else f"not rated: {row.why_not_rated}")
    return " · ".join(head), players_line(row)


def stats_line(stats: GameStats, *, say_unrated: bool = True) -> str:
    """One game's line of a profile (``say_unrated``: False where the profile says once
    that no game is rated yet)."""
    said = f"{game_title(stats.game)}: {counted(stats.played, 'game')} played, {stats.won} won"
    if stats.rating is not None:
        return f"{said}; {rating_words(stats.rating, stats.rated_games)}."
    return f"{said}; not rated yet." if say_unrated else f"{said}."


def leader_line(row: LeaderRow, place: int | None = None) -> str:
    """One player's line of a leaderboard (at ``place``, when not the row's own)."""
    said = place_word(row.place if place is None else place)
    return f"{said} {row.name}: {rating_words(row.rating, row.rated_games)}."


def leader_lines(rows: Sequence[LeaderRow]) -> list[str]:
    """A leaderboard's lines, best first: players whose ratings read alike (as the lines show
    them, "25.0 ± 8.1") share a place, and the next one's place counts them all."""
    lines: list[str] = []
    place, shown_before = 0, ""
    for row in rows:
        shown = f"{row.rating.mu:.1f} {row.rating.sigma:.1f}"
        if shown != shown_before:
            place, shown_before = row.place, shown
        lines.append(leader_line(row, place))
    return lines


def local_player(source: StatsSource, fallback: str) -> str:
    """Whose profile the local app shows: the first person in the latest game (the one
    who sat at the first human seat), else ``fallback`` (the login name)."""
    for row in source.history(1):
        for seat in row.seats:
            if seat.kind == "human":
                return seat.name
    return fallback


# -- the screens -------------------------------------------------------------------------------


GAME = "game-"
"""The id prefix of a game's line (then the database's game id)."""


class StatsScreen(Screen[None]):
    """The shape the three screens share: title, keys, one list of lines."""

    DEFAULT_CSS = """
    StatsScreen #lines { height: 1fr; }
    StatsScreen .hint { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # b first, so the footer names it: b is Back everywhere in the app (the settings,
        # the results), so it is no page or game before here.
        Binding("b,escape,q", "back", "Back", tooltip="Back to the game list", id="stats.back"),
    ]

    HINT = ""
    """The keys in words under the title (not in screen-reader mode: its key line says them)."""

    def __init__(
        self, source: StatsSource | None, *, problem: str = "", viewer: str | None = None
    ) -> None:
        super().__init__()
        self.source = source
        self.problem = problem
        """Why there is nothing to read (the database cannot be used), in a sentence."""
        self.viewer = viewer
        """The served guest looking (None: the local app's player, who may open any game)."""
        self.games: dict[str, GameRow] = {}
        """The games listed, by their line's id."""

    @property
    def screen_reader(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(settings is not None and settings.screen_reader)

    def heading(self) -> str:
        return self.title or ""

    @property
    def no_games(self) -> str:
        """What an empty list says."""
        return NO_GAMES if self.viewer is None else GUEST_NO_GAMES

    def compose(self) -> ComposeResult:
        # The lines first: the heading may say what reading them found (the last page).
        options = self._options()
        yield key_help(self)
        # Not a marked line: the cursor a screen reader follows is on the list's line.
        yield Static(Content(self.heading()), classes="title")
        if self.HINT and not self.screen_reader:
            yield Static(Content(self.HINT), classes="hint")
        kind = SpokenList if self.screen_reader else OptionList
        yield kind(*options, id="lines")

    def on_mount(self) -> None:
        self.query_one("#lines", OptionList).focus()

    def lines(self) -> list[tuple[str, str | GameRow]]:
        """(id, text or game) for each line of the list."""
        raise NotImplementedError

    def _options(self) -> list[Option]:
        # Text in screen-reader mode: the list adds where the cursor is to a line's text.
        plain = Text if self.screen_reader else Content
        if self.source is None or self.problem:
            return [Option(plain(self.problem or self.no_games), id="problem")]
        self.games = {}
        options = []
        try:
            found = self.lines()
        except sqlite3.Error:  # the file went bad under a running app: say so, go on
            log.warning("cannot read the players' database", exc_info=True)
            return [Option(plain(UNREADABLE), id="problem")]
        for key, line in found:
            if isinstance(line, str):
                options.append(Option(plain(line), id=key))
                continue
            self.games[key] = line
            head, players = game_lines(line)
            if self.screen_reader:  # one entry each: a reader reads the entry at the cursor
                options.append(Option(Text(f"{head}. {players}"), id=key))
            else:
                options.append(Option(Content.assemble((head, "bold"), "\n", players), id=key))
        return options

    async def show_again(self) -> None:
        """Read the lines again (a new page, another game), the first one selected."""
        await self.recompose()
        self.query_one("#lines", OptionList).focus()

    @on(OptionList.OptionSelected, "#lines")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.open_line(event.option.id or "")

    def open_line(self, key: str) -> None:
        """Enter on a line: a game's opens its replay."""
        row = self.games.get(key)
        if row is None:
            return
        if self.viewer is None:
            open_replay(self, row)
            return
        seat = seat_of(row, self.viewer)
        if seat is None:
            self.notify(NOT_A_PLAYER)
            return
        self.run_worker(open_seat_replay(self, row, seat), group="replay-open", exclusive=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter replays only where games are listed."""
        return bool(self.games) if action == "open" else True

    def action_open(self) -> None:
        """Replay the highlighted game (other lines have nothing to open)."""
        listed = self.query_one("#lines", OptionList)
        if listed.highlighted is not None:
            self.open_line(listed.get_option_at_index(listed.highlighted).id or "")

    def action_back(self) -> None:
        self.dismiss()


def seat_of(row: GameRow, name: str) -> int | None:
    """The seat ``name`` played in ``row`` (a person's, compared as the database compares
    names, whatever their letters' case); None if they did not play it."""
    folded = name.casefold()
    return next(
        (s.seat for s in row.seats if s.kind == "human" and s.name.casefold() == folded), None
    )


def _read(row: GameRow) -> tuple[Match, Sequence[str]]:
    """The match in ``row``'s record and its seats' names; OSError or ValueError."""
    match, meta = read_record(row.record)
    return match, [seat.name for seat in record_seats(meta, match)]


def open_replay(screen: Screen[Any], row: GameRow) -> None:
    """Open the finished game ``row`` in the replay viewer (as ``hunters replay`` does);
    one sentence when its record cannot be read."""
    try:
        match, names = _read(row)
    except (OSError, ValueError) as error:
        screen.notify(unreadable(row, error, where=True), severity="error")
        return
    screen.app.push_screen(
        RecordReplay(match, names, screen_reader=getattr(screen, "screen_reader", False))
    )


async def open_seat_replay(screen: Screen[Any], row: GameRow, seat: int) -> None:
    """Open the finished game ``row`` in the replay viewer from ``seat`` (a served guest's
    own). Its record is read in a thread, so a long game's replay through the rules does not
    hold up the other guests of the server's loop; a record that cannot be read is one
    sentence, which does not name the server's files."""
    try:
        match, names = await asyncio.to_thread(_read, row)
    except (OSError, ValueError) as error:
        log.warning("cannot replay %s: %s", row.record, error)
        screen.notify(unreadable(row, error, where=False), severity="error")
        return
    if not screen.is_attached:  # the guest went back meanwhile
        return
    screen.app.push_screen(
        RecordReplay(match, names, screen_reader=getattr(screen, "screen_reader", False), seat=seat)
    )


def unreadable(row: GameRow, error: OSError | ValueError, *, where: bool) -> str:
    """Why ``row``'s record does not open, in a sentence (``where``: naming its file)."""
    if isinstance(error, OSError):
        why = error.strerror or str(error)
        what = f"The game's record {row.record} cannot be read" if where else "It cannot be read"
        return f"{what}: {why}."
    why = error.reason if isinstance(error, RecordError) else str(error)
    what = f"The game's record {row.record} is not sound" if where else "Its record is not sound"
    return f"{what}: {why}."


class RecordReplay(ReplayScreen, inherit_bindings=False):
    """A finished game's replay opened from a list: b, q and Escape go back to it, as
    they go back from the list.

    | key | action |
    | --- | --- |
    | → l | the next move |
    | ← h | the move before |
    | End G | the last move |
    | Home g | the deal |
    | H | the history: every move up to the one shown |
    | b q Escape | back to the list |
    """

    # Not inherited: the replay's q (quit) came first of the keys going back, and the
    # footer named "q Back". These are the screen's and the replay's keys but that q, then
    # b first of the keys going back, as the list's footer names it. The replay binds no b.
    BINDINGS: ClassVar[list[BindingType]] = [
        *Screen.BINDINGS,
        *(
            binding
            for binding in ReplayScreen.BINDINGS
            if not (isinstance(binding, Binding) and binding.id == "replay.quit")
        ),
        Binding("b,q,escape", "back", "Back", tooltip="Back to the list", id="replay.back"),
    ]

    def action_back(self) -> None:
        self.dismiss()


class GamesScreen(StatsScreen):
    """ "Your games": the finished games, newest first, a page at a time.

    | key | action |
    | --- | --- |
    | ↑ ↓ | choose a game |
    | Enter | open the chosen game's replay |
    | → n | the next page (older games) |
    | ← | the page before (newer games) |
    | b q Escape | back to the game list |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "open",
            "Replay",
            priority=True,
            tooltip="Replay the chosen game",
            id="games.open",
        ),
        # Priority: the list has ← → of its own (sideways scrolling, which it never needs).
        Binding(
            "right,n", "page(1)", "Older", priority=True, tooltip="Older games", id="games.older"
        ),
        Binding(
            "left", "page(-1)", "Newer", priority=True, tooltip="Newer games", id="games.newer"
        ),
    ]

    HINT = "↑↓ choose · Enter replay · → older games · ← newer games · b back"

    def __init__(
        self,
        source: StatsSource | None,
        name: str | None = None,
        *,
        problem: str = "",
        viewer: str | None = None,
    ) -> None:
        """``name``: only that player's games (None: every game in ``source``)."""
        super().__init__(source, problem=problem, viewer=viewer)
        self.player = name
        self.page = 0
        self.more = False
        """Whether an older page follows this one."""
        self.title = "Your games"

    def heading(self) -> str:
        if self.source is None or self.problem or (self.page == 0 and not self.more):
            return "Your games"
        return f"Your games, page {self.page + 1}{'' if self.more else ' (the last)'}"

    def lines(self) -> list[tuple[str, str | GameRow]]:
        assert self.source is not None
        rows = self.source.history(PAGE + 1, self.page * PAGE, name=self.player)
        self.more = len(rows) > PAGE
        if not rows:
            return [("empty", self.no_games)]
        return [(f"{GAME}{row.id}", row) for row in rows[:PAGE]]

    async def action_page(self, step: int) -> None:
        """Show the next (1) or previous (-1) page (both keys always work, so both are
        always listed: at either end they say why nothing changed)."""
        if self.source is None or self.problem:
            return
        if step == 1 and not self.more:
            self.notify("These are the oldest games: there is no older page.")
            return
        if step == -1 and self.page == 0:
            self.notify("These are the newest games: there is no newer page.")
            return
        self.page += step
        await self.show_again()


class ProfileScreen(StatsScreen):
    """A player's profile: games played and won per game, ratings, recent games.

    | key | action |
    | --- | --- |
    | ↑ ↓ | move through the lines |
    | Enter | on a recent game: open its replay |
    | b q Escape | back to the game list |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "open",
            "Replay",
            priority=True,
            tooltip="Replay the chosen game",
            id="profile.open",
        ),
    ]

    HINT = "↑↓ move · Enter replay a recent game · b back"

    def __init__(
        self,
        source: StatsSource | None,
        name: str,
        *,
        problem: str = "",
        viewer: str | None = None,
    ) -> None:
        super().__init__(source, problem=problem, viewer=viewer)
        self.player = name
        self.title = f"Profile: {name}"

    def lines(self) -> list[tuple[str, str | GameRow]]:
        assert self.source is not None
        profile = self.source.profile(self.player, RECENT)
        if profile is None or not profile.games:
            return [("empty", self.no_games)]
        played = sum(stats.played for stats in profile.games)
        won = sum(stats.won for stats in profile.games)
        since = when(profile.created)
        # Each fact once: one game's line says the totals, and "No rated game yet" says
        # what each game's "not rated yet" would.
        total = (
            f"{counted(played, 'game')} played, {won} won, since {since}."
            if len(profile.games) > 1
            else f"Playing since {since}."
        )
        lines: list[tuple[str, str | GameRow]] = [("total", total)]
        rated = any(stats.rating is not None for stats in profile.games)
        lines += [(f"stats-{s.game}", stats_line(s, say_unrated=rated)) for s in profile.games]
        lines.append(("about", RATING_WORDS if rated else "No rated game yet. " + RATING_WORDS))
        lines.append(("recent", f"Recent games ({len(profile.recent)}), newest first:"))
        lines += [(f"{GAME}{row.id}", row) for row in profile.recent]
        return lines


class LeaderboardScreen(StatsScreen):
    """One game's leaderboard, best first; ←→ switch the game.

    | key | action |
    | --- | --- |
    | ↑ ↓ | move through the players |
    | Enter | the chosen player's profile |
    | → n | the next game's leaderboard |
    | ← | the game before's leaderboard |
    | b q Escape | back to the game list |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "open",
            "Profile",
            priority=True,
            tooltip="The chosen player's profile",
            id="leaderboard.profile",
        ),
        # Priority: the list has ← → of its own (sideways scrolling, which it never needs).
        Binding(
            "right,n",
            "game(1)",
            "Next game",
            priority=True,
            tooltip="The next game's leaderboard",
            id="leaderboard.next",
        ),
        Binding(
            "left",
            "game(-1)",
            "Game before",
            priority=True,
            tooltip="The game before's leaderboard",
            id="leaderboard.previous",
        ),
    ]

    HINT = "↑↓ choose · Enter profile · → next game · ← game before · b back"

    def __init__(
        self,
        source: StatsSource | None,
        game: str | None = None,
        *,
        problem: str = "",
        viewer: str | None = None,
    ) -> None:
        super().__init__(source, problem=problem, viewer=viewer)
        self.slugs = list(GAMES)
        self.at = self.slugs.index(game) if game in self.slugs else 0
        self.players: dict[str, str] = {}
        """The players listed, by their line's id."""
        self._name_title()

    @property
    def game_slug(self) -> str:
        """The game shown (the help screen shows its rules)."""
        return self.slugs[self.at]

    def _name_title(self) -> None:
        self.title = (
            f"Leaderboard: {game_title(self.game_slug)} (game {self.at + 1} of {len(self.slugs)})"
        )

    def lines(self) -> list[tuple[str, str | GameRow]]:
        assert self.source is not None
        rows = self.source.leaderboard(self.game_slug, LEADERS)
        self.players = {}
        if not rows:
            title = game_title(self.game_slug)
            return [
                (
                    "empty",
                    f"Nobody is rated in {title} yet: a game of two or more people is "
                    "rated when it finishes.",
                )
            ]
        self.players = {f"leader-{row.place}": row.name for row in rows}
        lines: list[tuple[str, str | GameRow]] = [
            (f"leader-{row.place}", line)
            for row, line in zip(rows, leader_lines(rows), strict=True)
        ]
        return [*lines, ("about", LEADER_WORDS)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter opens a profile only where players are listed."""
        return bool(self.players) if action == "open" else True

    def open_line(self, key: str) -> None:
        """Enter on a player: their profile."""
        name = self.players.get(key)
        if name is not None:
            self.app.push_screen(ProfileScreen(self.source, name, viewer=self.viewer))

    async def action_game(self, step: int) -> None:
        """The next (1) or previous (-1) game's leaderboard, round the list."""
        self.at = (self.at + step) % len(self.slugs)
        self._name_title()
        await self.show_again()
