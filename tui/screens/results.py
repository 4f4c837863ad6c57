"""ResultsScreen: who won, every seat's place, score and its breakdown (a game won or not:
the winners, then the others, without places), then what's next."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import getters, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from core.engine import Outcome, in_words, score_words, signed, won_or_not
from core.games import GAMES
from core.table import TableSetup
from tui.screens.help import key_help
from tui.widgets.spoken import SpokenList

__all__ = [
    "NEXT_STEPS",
    "ResultsScreen",
    "categories",
    "category_heading",
    "category_words",
    "ordinal",
    "part_words",
    "place_label",
    "places",
    "result_sentence",
    "score_words",
    "signed",
    "unique_lines",
    "winner_line",
    "won_or_not",
    "won_or_not_sentences",
]
"""The words of a result (`score_words`, `signed`, `won_or_not`) are core's, so the
players' database says them as this screen does; they are named here as before."""

if TYPE_CHECKING:
    from tui.app import HuntersApp


def ordinal(place: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th"."""
    teens = 10 <= place % 100 <= 20
    suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def winner_line(outcome: Outcome, names: Sequence[str]) -> str:
    """The winners in words: "Ala wins!" or "Ala, Olek and Ewa share the win"."""
    winners = [names[seat] for seat in outcome.winners()]
    if outcome.lost_to:
        return f"{outcome.lost_to[:1].upper()}{outcome.lost_to[1:]} won this time."
    if not winners:
        return "Nobody wins this time."
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return f"{in_words(winners)} share the win"


def places(outcome: Outcome) -> list[tuple[int, int]]:
    """(place, seat) in ranking order; tied seats share a place, the next place skips."""
    placed: list[tuple[int, int]] = []
    for group in outcome.ranking:
        place = len(placed) + 1
        placed.extend((place, seat) for seat in group)
    return placed


def place_label(place: int, outcome: Outcome) -> str:
    """A seat's place in words: "1st", "2nd"…, or "lost" for a solo player the game's own
    opponent beat (the one seat ranks first of one, but did not come first)."""
    return f"lost to {outcome.lost_to}" if outcome.lost_to else ordinal(place)


def unique_lines(lines: Sequence[str], *said: str) -> list[str]:
    """``lines`` with each sentence once, and none of those ``said`` already."""
    seen = {line.strip() for line in said if line}
    kept: list[str] = []
    for line in lines:
        if line.strip() and line.strip() in seen:
            continue
        seen.add(line.strip())
        kept.append(line)
    return kept


def categories(outcome: Outcome) -> list[str]:
    """Every breakdown category any seat scored in, in the order they first appear.

    None when no seat's score has more than one part: a lone category repeats the score.
    """
    if all(len(breakdown) <= 1 for breakdown in outcome.breakdown):
        return []
    seen: dict[str, None] = {}
    for breakdown in outcome.breakdown:
        seen.update(dict.fromkeys(breakdown))
    return list(seen)


def category_words(slug: str) -> Mapping[str, str]:
    """What a game's breakdown categories say, by key: its board's ``CATEGORY_WORDS``.

    Whoosh's "monsters" are the points its Monsters are worth ("monster points"), not how
    many were captured; a key a board does not name is said as it is. The keys themselves
    stay: records and the players' database hold them.
    """
    from tui.boards import BOARDS  # the boards import screens: looked up when asked

    board = BOARDS.get(slug)
    words: Mapping[str, str] = getattr(board, "CATEGORY_WORDS", {}) if board else {}
    return words


_FOR = re.compile(r"(?:for|from)(?: the)? ")
"""A category said by what its points are for ("for size", "from the Secret Stash"): its
points read "19 for size", and its heading is the rest ("Size")."""


def category_heading(category: str, words: Mapping[str, str]) -> str:
    """A category's column heading, capitalised as "Place", "Name" and "Score"."""
    said = _FOR.sub("", words.get(category, category), count=1)
    return said[:1].upper() + said[1:]


_NUMBERED = re.compile(r"\w+ \d+")
"""A category that is one of several numbered ones ("game 2" of a series): its points are
said as "3 in game 2", not "3 game 2"."""


def _one(said: str) -> str:
    """A category after the number 1: its last word singular ("1 mistake", "−1 wound",
    "1 monster point", "1 City"); "wealth" and "Secret Stash" as they are."""
    head, _, last = said.rpartition(" ")
    if last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return f"{head} {last}" if head else last


def part_words(category: str, points: int, words: Mapping[str, str]) -> str:
    """One part of a breakdown as words, number first: "12 wealth", "−2 mistakes",
    "1 mistake", "3 in game 2", "19 for size" (``words`` says the category,
    `category_words`)."""
    said = words.get(category, category)
    if _NUMBERED.fullmatch(said):
        return f"{signed(points)} in {said}"
    if _FOR.match(said):
        return f"{signed(points)} {said}"
    return f"{signed(points)} {_one(said) if abs(points) == 1 else said}"


def result_sentence(
    place: int,
    seat: int,
    outcome: Outcome,
    names: Sequence[str],
    words: Mapping[str, str] | None = None,
) -> str:
    """One seat's result as one line: "1st: Ala, 35 points (30 Cities, 5 Joker)." in the
    order of the game's categories; ``words`` says them (`category_words`). A game won or
    not says its seats without places (`won_or_not_sentences`)."""
    said = words or {}
    breakdown = outcome.breakdown[seat] if categories(outcome) else {}
    parts = ", ".join(part_words(category, points, said) for category, points in breakdown.items())
    detail = f" ({parts})" if parts else ""
    label = place_label(place, outcome)
    return f"{label[:1].upper()}{label[1:]}: {names[seat]}, {score_words(outcome, seat)}{detail}."


def won_or_not_sentences(outcome: Outcome, names: Sequence[str]) -> list[str]:
    """A game won or not (`won_or_not`) in sentences, the winners first, then the others
    together and without a place: "Olek won the game.", "Ala and Ewa did not win." (a "2nd"
    beside "did not win" read as if they had come second)."""
    groups: dict[str, list[str]] = {}
    for _, seat in places(outcome):
        groups.setdefault(score_words(outcome, seat), []).append(names[seat])
    lost = groups.pop("did not win", [])
    said = [f"{in_words(who)} {result}." for result, who in groups.items()]
    return said + ([f"{in_words(lost)} did not win."] if lost else [])


NEXT_STEPS: tuple[tuple[str, str], ...] = (
    ("rematch", "Rematch: the same seats and options, a new deal (r)"),
    ("new_setup", "New setup: change the seats or options (n)"),
    ("back", "Back to the game list (b)"),
)
"""(action, line) of what screen-reader mode offers after a game, in the keys' order."""


class ResultsScreen(Screen[None]):
    """The end of a game; r plays again at once, n changes the setup, b goes home."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "r",
            "rematch",
            "Rematch",
            tooltip="Same seats and options, new deal",
            id="results.rematch",
        ),
        Binding(
            "n",
            "new_setup",
            "New setup",
            tooltip="Change seats or options",
            id="results.new_setup",
        ),
        Binding("b,escape", "back", "Back to games", tooltip="The game list", id="results.back"),
    ]
    """
    | Key(s) | Description |
    | :- | :- |
    | r | Rematch: same seats and options, a new random deal. |
    | n | Set up a new table for the same game. |
    | b, escape | Back to the game list. |
    """

    if TYPE_CHECKING:
        app = getters.app(HuntersApp)

    next_steps: ClassVar[tuple[tuple[str, str], ...]] = NEXT_STEPS
    """What screen-reader mode lists after the game (a served table's results say theirs)."""

    def __init__(
        self,
        setup: TableSetup,
        outcome: Outcome,
        names: Sequence[str],
        extra_lines: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.setup = setup
        self.outcome = outcome
        self.names = tuple(names)
        self.extra_lines = tuple(
            unique_lines(extra_lines, winner_line(outcome, self.names), outcome.note)
        )
        """The game's own lines, each said once (boards sum up from several places)."""
        self.game_slug = setup.slug
        """The game that ended; help shows its rules."""
        game = GAMES.get(setup.slug)
        self.heading = f"{game.title if game else setup.slug}: results"
        self.category_words = category_words(setup.slug)
        """What the game's breakdown categories say (headings and sentences)."""
        self.title = self.heading

    def compose(self) -> ComposeResult:
        screen_reader = self.app.settings.screen_reader
        outcome, names = self.outcome, self.names
        yield key_help(self)
        yield Static(Content(self.heading), classes="title")
        with VerticalScroll(id="results-body"):
            # Names are the players' own text: always Content, never markup.
            yield Static(Content(winner_line(outcome, names)), id="winner")
            if screen_reader and won_or_not(outcome):
                for sentence in won_or_not_sentences(outcome, names):
                    yield Static(Content(sentence), classes="line")
            elif screen_reader:
                for place, seat in places(outcome):
                    yield Static(
                        Content(result_sentence(place, seat, outcome, names, self.category_words)),
                        classes="line",
                    )
            else:
                yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
            if outcome.note:
                yield Static(Content(outcome.note), id="note", classes="line")
            for line in self.extra_lines:
                yield Static(Content(line), classes="line extra")
        if screen_reader:
            # What comes next, as choices: the keys alone leave the cursor nowhere to read.
            yield SpokenList(
                *(Option(Content(label), id=action) for action, label in self.next_steps),
                id="next-steps",
            )

    @on(OptionList.OptionSelected, "#next-steps")
    async def _next_step(self, event: OptionList.OptionSelected) -> None:
        await self.run_action(event.option.id or "back")

    def on_mount(self) -> None:
        self._fill_table()
        for steps in self.query("#next-steps").results(SpokenList):
            steps.focus()  # the choices, not the results above them, hold the cursor

    def _fill_table(self) -> None:
        tables = self.query("#scores").results(DataTable)
        for table in tables:
            columns = categories(self.outcome)
            # DataTable reads plain str as markup: names and categories go in as rich Text.
            # Headings in the game's words, capitalised as the others ("Monster points").
            # A game won or not has no score: "Result" says it in words ("won the game").
            # Nor a place: the seats that did not win did not come second, so the winners
            # are listed first and the others after them, each with "did not win".
            words = won_or_not(self.outcome)
            if words:
                table.add_columns("Name", "Result")
                for _, seat in places(self.outcome):
                    table.add_row(Text(self.names[seat]), score_words(self.outcome, seat))
                continue
            table.add_columns(
                "Place",
                "Name",
                "Score",
                *(Text(category_heading(c, self.category_words)) for c in columns),
            )
            for place, seat in places(self.outcome):
                breakdown = self.outcome.breakdown[seat]
                table.add_row(
                    place_label(place, self.outcome),
                    Text(self.names[seat]),
                    signed(self.outcome.scores[seat]),
                    *(signed(breakdown.get(c, "")) for c in columns),
                )

    async def recompose(self) -> None:
        """Recompose and refill the score table (it is filled after mounting, not composed)."""
        await super().recompose()
        self._fill_table()
        for steps in self.query("#next-steps").results(SpokenList):
            steps.focus()

    async def action_rematch(self) -> None:
        """The same seats and options again, with a fresh random deal."""
        await self.app.rematch(self.setup)

    async def action_new_setup(self) -> None:
        """Back to the setup of this game, to change seats or options."""
        await self.app.new_setup(self.setup.slug)

    def action_back(self) -> None:
        """Back to the game list."""
        self.app.main_menu()
