"""Summaries are read from every event since the last one, not only the last move's.

A table delivers one update per action: the Flea Market's summary, read from the last
update alone, named only the last player who took a row (seen playing against three hard
bots at 80x24)."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from core.engine import Event
from core.games.whoosh.data import MONSTER_BY_ID
from core.match import Match
from core.table import Update
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters_facts, shardhunters, whoosh_words
from tui.screens.history import base_form
from tui.summaries import Milestones


def _updates(slug: str, players: int, seed: int) -> Iterator[Update]:
    """Seat 0's update after each action of a random game, with the events it was told."""
    match = Match.new(slug, players, seed=seed)
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(players))
    while match.outcome() is None:
        seat = rng.choice(sorted(match.to_act()))
        events = match.act(seat, rng.choice(match.legal(seat)))
        told = tuple(e for e in events if e.get("to") in (None, 0))
        yield dataclasses.replace(update_of(match, 0, names), events=told)


def test_the_flea_market_summary_names_every_row_taken() -> None:
    """Every player takes one row at each Flea Market visit: its summary names them all."""
    for players in (2, 3, 4):
        watch = Milestones(comic_hunters_facts.milestone)
        fleas = 0
        for update in _updates("comic-hunters", players, seed=players):
            lines = watch.told(update)
            if lines and lines[0].endswith("the Flea Market is over"):
                fleas += 1
                text = "\n".join(lines)
                takers = {m.group(1) for m in re.finditer(r"^(You|P\d) takes? row", text, re.M)}
                assert len(takers) == players, lines
        assert fleas >= 1, players


def test_a_hunt_summary_holds_each_of_its_combats_once() -> None:
    """Shardhunters: one summary per Combat revealed, each telling only its own Combat
    (never an earlier one again)."""
    watch = Milestones(shardhunters.milestone)
    told: list[str] = []
    for update in _updates("shardhunters", 3, seed=5):
        lines = watch.told(update) or []
        combats = [line for line in lines if re.match(r"The \w+ Combat: ", line)]
        assert len(combats) <= 1, lines
        assert not set(combats) & set(told), lines
        told += combats
    assert len(told) >= 4


def test_whoosh_names_the_last_monster_taken_not_the_first() -> None:
    """Whoosh sums up only its end; with the whole game's events it still names the
    Monster that ended the pile."""
    watch = Milestones(whoosh_words.milestone)
    last = None
    for update in _updates("whoosh", 3, seed=2):
        taken = [e for e in update.events if e.get("type") in ("capture", "mistake")]
        if taken:
            last = taken[-1]
        lines = watch.told(update)
        if lines and last is not None and "last Monster of its pile" in " ".join(lines):
            view = update.view
            kind = "captured" if last["type"] == "capture" else "mistakes"
            name = MONSTER_BY_ID[view[kind][int(last["seat"])][-1]].name
            assert name in lines[1], lines
            return
    raise AssertionError("no end summary naming the last Monster")


async def test_the_table_sums_up_every_move_since_the_last_summary(monkeypatch: Any) -> None:
    """Through the game screen: the board is asked with every event since its last
    summary (the first move's too, after the bot's), and starts over after one."""
    from core.table import Seat, TableSetup
    from tests.tui.game_driver import play_by_keys, settle
    from tui.app import HuntersApp
    from tui.boards import superbohaterowie
    from tui.screens.game import GameScreen
    from tui.settings import Settings

    asked: list[list[str]] = []

    def every_second_move(update: Update, events: Sequence[Event]) -> list[str] | None:
        kinds = ("place", "explode", "eagle", "swap")
        moves = [e["text"] for e in events if e.get("type") in kinds]
        asked.append(moves)
        return ["Two moves", "Two moves were made."] if len(moves) >= 2 else None

    monkeypatch.setattr(superbohaterowie, "milestone", every_second_move, raising=False)
    setup = TableSetup("superbohaterowie", (Seat("Ala"), Seat("Bot", "bot", "random")), {}, 7)
    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        await play_by_keys(pilot, screen, screen.latest[0].legal[0])
        for _ in range(50):
            await pilot.pause()
            if any(len(moves) >= 2 for moves in asked):
                break
        two = next(moves for moves in asked if len(moves) >= 2)
        assert two[0].startswith("{p0} "), two  # Ala's move, told before the bot's
        after = asked[asked.index(two) + 1 :]
        assert all(len(moves) < 2 or moves != two for moves in after)


NAMES = ("Ala", "Bob", "Cy", "Dan")
"""Seat 0 reads as Ala: a summary names her "You", as the log does."""

_HEAD = re.compile(r"(?:^|[.!:;] )(Ala|You) ([a-z]+)\b")
"""The reader at the head of a clause, and the word after it."""


def _summaries(
    slug: str, players: int, seed: int, options: dict[str, Any] | None = None, you: bool = True
) -> list[str]:
    """Every summary line seat 0 (Ala) reads in a random game (``you`` False: at a hot
    seat, where the names stay)."""
    from tui.boards import orb_hunters_words, superbohaterowie

    boards = {
        "comic-hunters": comic_hunters_facts,
        "shardhunters": shardhunters,
        "orb-hunters": orb_hunters_words,
        "superbohaterowie": superbohaterowie,
        "whoosh": whoosh_words,
    }
    watch = Milestones(boards[slug].milestone)
    match = Match.new(slug, players, seed=seed, options=options)
    rng = random.Random(seed)
    said: list[str] = []
    while match.outcome() is None:
        seat = rng.choice(sorted(match.to_act()))
        events = match.act(seat, rng.choice(match.legal(seat)))
        told = tuple(e for e in events if e.get("to") in (None, 0))
        update = dataclasses.replace(update_of(match, 0, NAMES[:players]), events=told)
        said += watch.told(update, you=you) or []
    return said


def test_the_shardhunters_combat_summary_reads_you_for_the_reader() -> None:
    """A Combat the reader won reads "…: you won" / "You win." ("Hunt 2, 1st Combat: Ala won"
    and "… Ala wins." were read by Ala herself)."""
    said = _summaries("shardhunters", 3, 5)
    assert any(re.search(r"Combat: you won$", line) for line in said), said
    assert any(line.endswith(". You win.") for line in said), said
    assert not any(re.search(r"(Combat: Ala won|Ala wins)", line) for line in said), said


def test_at_a_hot_seat_a_summary_keeps_the_names() -> None:
    """Several players at one keyboard: a summary comes before the cover, so whoever reads
    it may not be the seat it was made for; "You win." would not say who. Names stay."""
    said = _summaries("shardhunters", 3, 5, you=False)
    assert any(line.endswith(". Ala wins.") for line in said), said
    assert not any(re.search(r"\b(You|you)\b", line) for line in said), said


GAMES = (
    ("comic-hunters", 3, 5, None),
    ("shardhunters", 3, 5, None),
    ("shardhunters", 2, 3, None),
    ("orb-hunters", 3, 2, None),
    ("superbohaterowie", 3, 4, {"series": 2}),
    ("whoosh", 3, 2, None),
)


@pytest.mark.parametrize(("slug", "players", "seed", "options"), GAMES)
def test_every_summary_names_the_reader_you_with_the_verb_agreeing(
    slug: str, players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """The reader's own facts read "You …" with the verb in the form for "you" ("You win",
    "You have"), never their own name before a verb, nor "You wins"."""
    said = _summaries(slug, players, seed, options)
    assert said, slug
    for line in said:
        for match in _HEAD.finditer(line):
            who, word = match.groups()
            if who == "Ala":
                assert base_form(word) is None and word not in _PAST, line
            else:
                assert base_form(word) in (None, word), line  # "You win", not "You wins"
    assert any(re.search(r"(^|[.!:;] )You\b", line) for line in said), (slug, said)


_PAST = {"won", "lost", "took", "got", "had", "saved", "captured", "grabbed", "drew"}
"""Past tenses a summary may put after a name (base_form keeps only those in -ed)."""
