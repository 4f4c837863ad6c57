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

from core.engine import Event
from core.games.whoosh.data import MONSTER_BY_ID
from core.match import Match
from core.table import Update
from tests.tui.board_helpers import update_of
from tui.boards import comic_hunters_facts, shardhunters, whoosh_words
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
