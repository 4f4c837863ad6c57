"""Fair at a distance: two Whoosh players over SSH with equal reactions, one ~5 ms of round
trip from the server and one ~80 ms, split the captures about evenly when the table judges
by reaction time (fair remote play) — and the near one takes most of them when it
does not.

Both players are asyncssh clients whose terminals answer status queries (the server measures
their round trip by them), each behind a `DelayProxy` on 127.0.0.1. Each plays by a script:
when a chunk of output reaches it and the board on the server can be captured, it presses the
monster's key after its reaction time (the same for both: 150 ms, ± 30 ms of noise, drawn
so that each is the quicker on every other board: `Reflexes`); when it is its turn to
reveal, it presses Space. Which position a claim names, when it counts and
who wins is all the server's doing. Games are replayed (rematch) until enough captures.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import net.serve as serve_module
from core.games.whoosh.rules import can_capture
from core.table import Seat, Table, TableSetup, Update
from net.fastpath import FastPath
from net.hall import OPEN
from tests.net.e2e_helpers import Served, connect, running_server, until
from tests.net.realtime_helpers import AnsweringPlayer, PlayersLoop

REACTION = 0.150
JITTER = 0.030
CAPTURES = 20
"""Captures to play in each mode (over as many games as it takes): enough for the splits
asserted (fair: each at least a quarter, where each player is the quicker on ten of the
boards, so the table may misjudge a few close ones but not half of one player's), and a
minute of the suite each rather than a minute and a half."""


class SeenPath(FastPath):
    """The server's raw-key path of one player, remembering what was written to them when
    (tests only: the scripted player reacts to what its screen showed)."""

    made: list[SeenPath] = []  # noqa: RUF012 - a registry of the paths the server made

    def __init__(self) -> None:
        super().__init__()
        self.history: list[tuple[float, Update]] = []
        SeenPath.made.append(self)

    def frame_written(self, at_ns: int) -> None:
        before = self.shown
        super().frame_written(at_ns)
        if self.shown is not None and self.shown is not before:
            self.history.append((at_ns / 1e9, self.shown))

    def shown_at(self, when: float) -> Update | None:
        """The position on the player's screen at ``when`` (time.monotonic seconds)."""
        found = None
        for written, update in self.history:
            if written > when:
                break
            found = update
        return found


@dataclass
class Reflexes:
    """Equal reflexes for two players, drawn a board at a time: one hand comes down
    `REACTION` less a random margin (up to `JITTER`), the other as much later, and the
    quicker is the near player on one board and the far player on the next.

    So both are first equally often by construction, and a lopsided split is the table's
    doing. (Each player drawing on their own from one fixed seed made far the quicker on 15
    of the first 25 boards, 9 of them by under 6 ms: the seed, not the server, decided
    whether the split passed.)"""

    rng: random.Random
    boards: dict[tuple[int, int], tuple[int, float]] = field(default_factory=dict)

    def reaction(self, board: tuple[int, int], seat: int) -> float:
        if board not in self.boards:
            self.boards[board] = (len(self.boards) % 2, self.rng.uniform(0, JITTER))
        quicker, margin = self.boards[board]
        return REACTION - margin if seat == quicker else REACTION + margin


@dataclass
class Racer:
    """A scripted player: sees a chunk arrive, reacts like a person with fixed reflexes to
    the board that chunk showed (written by the server ``delay`` earlier)."""

    player: AnsweringPlayer
    seat: int
    path: SeenPath
    delay: float
    reflexes: Reflexes
    claimed: set[tuple[int, int]] = field(default_factory=set)
    revealed: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.player.on_output.append(lambda _: self.look())

    def look(self) -> None:
        update = self.path.shown_at(time.monotonic() - self.delay)
        if update is None or update.outcome is not None or update.view.get("game") != "whoosh":
            return
        view = update.view
        board = (id(self.path._table), view["generation"])
        cards = [card for row in view["revealed_symbols"] for card in row]
        slots = [
            slot
            for slot, monster in enumerate(view["monsters"])
            if monster is not None and can_capture(monster["symbols"], cards)
        ]
        loop = asyncio.get_running_loop()
        if slots and board not in self.claimed:
            self.claimed.add(board)
            best = max(slots, key=lambda s: (view["monsters"][s]["value"], -s))
            wait = self.reflexes.reaction(board, self.seat)
            loop.call_later(wait, self._send, str(best + 1).encode())
        elif (
            not slots
            and view["turn"] == self.seat
            and not view["claims"]
            and board not in self.revealed
        ):
            self.revealed.add(board)
            loop.call_later(0.02, self._send, b" ")

    def _send(self, key: bytes) -> None:
        if not self.player.ended:
            with contextlib.suppress(BrokenPipeError, OSError):
                self.player.send(key)


def enough(table: Table, totals: list[int]) -> bool:
    """The game is over, or it has made up the captures still wanted."""
    captured = sum(len(c) for c in table.match.state.captured)
    return table.match.outcome() is not None or totals[0] + totals[1] + captured >= CAPTURES


@contextlib.asynccontextmanager
async def patched_paths() -> AsyncIterator[None]:
    """The server makes `SeenPath`s for its sessions while the block runs."""
    original = vars(serve_module)["FastPath"]
    setattr(serve_module, "FastPath", SeenPath)  # noqa: B010
    try:
        yield
    finally:
        setattr(serve_module, "FastPath", original)  # noqa: B010


async def _race(tmp_path: Path, fair: bool) -> tuple[int, int, int]:
    """Captures by the near and the far player, and mistakes, over CAPTURES captures.

    The players (clients, links, reflexes) run on their own loop, as on their own
    machines: the server's busy loop must not stretch the far player's link."""
    options = {"fair_remote": fair, "turn_timer": 3, "tie_window": 50}
    setup = TableSetup("whoosh", (Seat("open", OPEN), Seat("open", OPEN)), options)
    SeenPath.made.clear()
    async with (
        patched_paths(),
        running_server(tmp_path / "data", game="whoosh") as served,
    ):
        with PlayersLoop() as players:
            near_link = await players.link(served.port, 0.0025)
            far_link = await players.link(served.port, 0.040)
            try:
                near = await players.run(connect(near_link.port, "near", kind=AnsweringPlayer))
                far = await players.run(connect(far_link.port, "far", kind=AnsweringPlayer))
                try:
                    return await _play(served, players, near, far, setup, fair)
                finally:
                    await players.run(near.close())
                    await players.run(far.close())
            finally:
                await players.run(near_link.close())
                await players.run(far_link.close())


async def _play(
    served: Served,
    players: PlayersLoop,
    near: AnsweringPlayer,
    far: AnsweringPlayer,
    setup: TableSetup,
    fair: bool,
) -> tuple[int, int, int]:
    hall = served.hall
    await players.run(near.wait_for("table setup"))
    await players.run(far.wait_for("Waiting for the host"))
    hall.configure("near", setup)
    hall.take_seat("near", 0)
    hall.take_seat("far", 1)
    reflexes = Reflexes(random.Random(f"fair={fair}"))
    near_path, far_path = SeenPath.made[-2:]
    Racer(near, 0, near_path, 0.0025, reflexes)
    Racer(far, 1, far_path, 0.040, reflexes)
    totals = [0, 0, 0]
    while True:
        if hall.phase == "lobby":
            await hall.start("near")
        else:  # the host proposes, the other player is ready
            await hall.rematch("near")
            await hall.rematch("far")
        table = hall.table
        assert table is not None
        await until(functools.partial(enough, table, totals), "enough captures", timeout=60)
        state = table.match.state
        totals[0] += len(state.captured[0])
        totals[1] += len(state.captured[1])
        totals[2] += sum(len(m) for m in state.mistakes)
        if totals[0] + totals[1] >= CAPTURES:
            return totals[0], totals[1], totals[2]
        await until(lambda: hall.phase == "over", "the game over")


@pytest.mark.timeout(150)
async def test_with_fair_remote_play_near_and_far_split_the_captures(tmp_path: Path) -> None:
    near, far, mistakes = await _race(tmp_path, fair=True)
    assert mistakes <= 0.1 * (near + far), (near, far, mistakes)
    total = near + far
    assert near >= 0.25 * total and far >= 0.25 * total, (near, far)


@pytest.mark.timeout(150)
async def test_without_it_the_near_player_takes_most_of_them(tmp_path: Path) -> None:
    near, far, mistakes = await _race(tmp_path, fair=False)
    assert mistakes <= 0.1 * (near + far), (near, far, mistakes)
    assert near >= 0.75 * (near + far), (near, far)
