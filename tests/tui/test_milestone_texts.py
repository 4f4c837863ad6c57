"""Every milestone summary reads right: random games of every game, each seat's panels.

The summary panels (after a Combat or Hunt, a round, a location, a game of a series) are
sentences of their own, built from the events since the last one and turned to "You …" for
their reader (`tui.summaries`): the same slips as the event texts must not appear in them.
"""

from __future__ import annotations

import random
import time

import pytest

from core.games import GAMES
from core.match import visible_events
from core.table import Update
from tests.tui.test_event_texts import NAMES, random_match, slips_in
from tui.boards import BOARDS
from tui.summaries import Milestones

GAMES_EACH = 40
SECONDS_EACH = 4.0
ACTIONS_EACH = 1_500


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_summary_of_random_games_reads_right(slug: str) -> None:
    problems: dict[str, str] = {}
    summaries = 0
    started = time.monotonic()
    for seed in range(GAMES_EACH):
        if time.monotonic() - started > SECONDS_EACH:
            break
        rng = random.Random(f"summaries-{slug}-{seed}")
        match = random_match(slug, seed, rng)
        names = NAMES[: match.seats]
        readers = {seat: Milestones(BOARDS[slug].milestone) for seat in (None, *range(match.seats))}
        while match.outcome() is None and match.version < ACTIONS_EACH:
            seat = rng.choice(sorted(match.to_act()))
            events = match.act(seat, rng.choice(match.legal(seat)), at_ns=match.version * 1000)
            for reader, milestones in readers.items():
                update = Update(
                    match.version,
                    reader,
                    match.view(reader),
                    (),
                    tuple(visible_events(events, reader)),
                    names,
                    match.to_act(),
                    match.outcome(),
                )
                for line in milestones.told(update) or ():
                    summaries += 1
                    for slip in slips_in(line):
                        problems.setdefault(f"{slip}: {line}", line)
    assert summaries >= 5, f"only {summaries} summary lines of {slug}"
    assert not problems, "\n".join(sorted(problems)[:40])
