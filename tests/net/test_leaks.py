"""Hidden information over SSH: no player is ever shown a card they may not see.

Two SSH players, a bot and an SSH spectator play two random Superbohaterowie games by keys
on the real server (with a bot: three humans playing at random rarely finish a game). Two
layers are checked all the time:

- in the server: every `Update` any guest's GameScreen receives (the first one included) —
  with render workers, every one the front sends to a guest's worker — is for that guest's
  own seat only; its ``view["hand"]`` is exactly that seat's hand (None for
  the spectator), its private events are addressed to that seat, and no card id hidden from
  that seat (the draw pile, other hands) appears anywhere in it;
- at each terminal: after every chunk of bytes received, no card id is in the bytes, the
  spectator's screen has no "Your hand" line, a player's "Your hand" line shows only kinds
  of cards that seat has held, no screen says what another player drew; and whenever a
  screen is settled, its hand line is exactly a hand that seat held (in order), and it
  catches up to the seat's current hand.

Card ids never reach a terminal, but card *names* do, and kinds repeat (twelve water
superheroes), so the screen checks compare kinds against the seat's own hands as the
server dealt them.
"""

from __future__ import annotations

import random
import re
import secrets
import time
from collections import defaultdict
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from core.games.superbohaterowie.data import NAMES
from core.table import Table, Update
from net.hall import Hall
from net.render import RemoteGuest
from tests.net.e2e_helpers import (
    CARD_ID,
    ENTER,
    GAME_OVER,
    QUIET,
    RESULTS,
    Terminal,
    hand_of,
    kinds,
    play_until,
    players,
    running_server,
    seat_players,
    shows_table,
    until,
)
from tui.screens.game import GameScreen

_OTHERS_DRAW = re.compile(r"\bdraws (?:a|an) (?!card\b)")
"""A log line telling what someone else drew (the public event says "draws a card")."""
_YOU_DRAW = re.compile(r"\bYou draw (?:a|an) (.+?)\.")
_KIND_OF_NAME = {name: kind for kind, name in NAMES.items()}
"""A card's name in the log ("fire superhero") → its kind."""


def strings(value: Any) -> Iterator[str]:
    """Every string anywhere inside ``value`` (dicts, lists, tuples, dataclass-free data)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from strings(item)


def own_app(screen: GameScreen) -> App[Any] | None:
    """The App a screen belongs to (``screen.app`` is the *active* app of the caller's
    context, which for a table push is whichever app started the table's task)."""
    node: Any = screen
    while node is not None and not isinstance(node, App):
        node = node._parent
    return node


class Audit:
    """What the server dealt each seat, and every problem either layer found."""

    def __init__(self, served_hall: Hall) -> None:
        self.hall = served_hall
        self.problems: list[str] = []
        self.held: dict[tuple[int, int], set[tuple[str, ...]]] = defaultdict(set)
        """(table id, seat) → every hand (kinds, in order) that seat was shown by the server."""
        self.updates = 0
        self.scanned: dict[str, int] = {}
        """Bytes of each terminal's output already scanned for card ids."""
        self.tables: list[Table] = []
        """Every table seen, kept alive so that their ids stay unique."""
        self.seats: dict[str, int | None] = {}
        """Player name → seat in the current game (None: watching)."""

    def note(self, problem: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(problem)

    # -- the server side -------------------------------------------------------------------

    def check_screen_update(self, screen: GameScreen, update: Update) -> None:
        """One Update on its way into a guest's GameScreen (apps in the server process)."""
        table = screen.table
        assert isinstance(table, Table)
        self.check_update(table, getattr(own_app(screen), "guest", "?"), screen.local, update)

    def check_update(
        self, table: Table | None, guest: str, local: frozenset[int], update: Update
    ) -> None:
        """One Update on its way to ``guest``, who plays ``local`` at ``table``."""
        self.updates += 1
        assert table is not None
        state: Any = table.match.state
        if table not in self.tables:
            self.tables.append(table)
        seat = update.seat
        where = f"update v{update.version} for {guest} (seat {seat})"
        if local != self.hall.seats_of(guest):
            self.note(f"{where}: screen plays {set(local)}, hall says otherwise")
        if seat is None:
            if local:
                self.note(f"{where}: a player got the spectators' view")
            if update.view["hand"] is not None:
                self.note(f"{where}: a spectator got a hand {update.view['hand']}")
            hidden = set(state.deck) | {c for hand in state.hands for c in hand}
        else:
            if seat not in local:
                self.note(f"{where}: another seat's update reached this screen")
            if update.view["hand"] != list(state.hands[seat]):
                self.note(f"{where}: hand {update.view['hand']} is not {state.hands[seat]}")
            self.held[id(table), seat].add(kinds(state.hands[seat]))
            hidden = set(state.deck) | {
                c for other, hand in enumerate(state.hands) if other != seat for c in hand
            }
        for event in update.events:
            if "to" in event and event["to"] != seat:
                self.note(f"{where}: private event for seat {event['to']}: {event}")
        leaked = hidden & set(strings([update.view, update.events, update.legal]))
        if leaked:
            self.note(f"{where}: hidden cards {sorted(leaked)} in the update")

    # -- the terminal side -------------------------------------------------------------------

    def table_id(self) -> int | None:
        return id(self.hall.table) if self.hall.table is not None else None

    def kinds_held(self, seat: int) -> set[str]:
        return {kind for hand in self.held[self.table_id() or 0, seat] for kind in hand}

    def check_chunk(self, term: Terminal) -> None:
        """After each chunk of output: what may be checked even mid-frame."""
        start = max(0, self.scanned.get(term.name, 0) - 64)  # ids cut between chunks too
        self.scanned[term.name] = len(term.received)
        if found := CARD_ID.search(term.received[start:].decode("utf-8", "replace")):
            self.note(f"{term.name}: card id {found.group()} sent to the terminal")
        seat = self.seats.get(term.name)
        text = term.text
        for line in term.lines:
            if _OTHERS_DRAW.search(line):
                self.note(f"{term.name} sees what someone else drew: {line.strip()!r}")
        if seat is None:
            if "Your hand" in text or "You draw" in text:
                self.note(f"{term.name} (watching) sees a hand:\n{text}")
            return
        shown = hand_of(term)
        if shown is None or self.table_id() is None:
            return
        foreign = set(shown) - self.kinds_held(seat)
        if foreign:
            self.note(f"{term.name} (seat {seat}) shows {sorted(foreign)} never in its hand")

    def check_settled(self, term: Terminal) -> None:
        """On a settled screen: the hand line is exactly a hand this seat held."""
        seat = self.seats.get(term.name)
        if seat is None or self.table_id() is None:
            return
        shown = hand_of(term)
        if shown is not None and shown not in self.held[self.table_id() or 0, seat]:
            self.note(f"{term.name} (seat {seat}) shows hand {shown}, never its own")
        held = self.kinds_held(seat)
        for line in term.lines:
            drawn = _YOU_DRAW.search(line)
            if drawn and _KIND_OF_NAME.get(drawn.group(1), "unknown") not in held | {"unknown"}:
                self.note(f"{term.name} (seat {seat}) told of drawing {drawn.group(1)}")


@pytest.mark.timeout(90)
async def test_over_two_random_games_nobody_sees_a_card_they_may_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = secrets.randbits(32)
    rng = random.Random(seed)
    async with running_server(tmp_path / "data") as served:
        hall = served.tables.create("ala")  # ala comes to it from the list, and hosts it
        audit = Audit(hall)
        real_receive, real_deliver = GameScreen.receive, RemoteGuest.deliver

        def receive(screen: GameScreen, update: Update) -> None:
            try:
                audit.check_screen_update(screen, update)
            except Exception as error:  # a broken check must fail the test, not the app
                audit.note(f"check failed: {error!r}")
            real_receive(screen, update)

        def deliver(guest: RemoteGuest, update: Update) -> None:
            """With render workers the apps run elsewhere: check what leaves the front."""
            try:
                audit.check_update(guest._table, guest.name, guest.seats, update)
            except Exception as error:
                audit.note(f"check failed: {error!r}")
            real_deliver(guest, update)

        monkeypatch.setattr(GameScreen, "receive", receive)
        monkeypatch.setattr(RemoteGuest, "deliver", deliver)

        async with players(served.port, "ala", "olek", "eve") as everyone:
            ala, olek, eve = everyone
            seated = [ala, olek]
            for term in everyone:
                term.on_output.append(audit.check_chunk)
            await eve.wait_for("Waiting for the host")

            async def checked(term: Terminal) -> None:
                assert not audit.problems, f"seed {seed}: " + "\n".join(audit.problems)
                now = time.monotonic()
                for other in everyone:  # every screen that is settled now
                    if other.frames and now - other.last_output >= QUIET and not other.ended:
                        audit.check_settled(other)
                seat = audit.seats.get(term.name)
                table = hall.table
                if seat is not None and table is not None and hall.phase == "playing":
                    await term.wait_until(
                        lambda: (
                            hand_of(term) == kinds(table.match.state.hands[seat])
                            or hall.phase != "playing"
                        ),
                        "showing its current hand",
                        timeout=3,
                    )

            async def one_game() -> None:
                """Everyone sees the new deal; the two play it out; all see the end."""
                table = hall.table
                assert table is not None and hall.phase == "playing"
                for term in everyone:
                    await term.wait_until(partial(shows_table, term, table), "showing the deal")
                await play_until(
                    seated, lambda: hall.phase == "over", timeout=35, rng=rng, after_each=checked
                )
                for term in seated:
                    # A key of the player's last turn may reach the game-over board after the
                    # bot's winning move: it opens the results, as Enter there does.
                    if await term.wait_for([GAME_OVER, RESULTS]) == GAME_OVER:
                        audit.check_settled(term)
                        await term.key(ENTER)
                        await term.wait_for(RESULTS)
                await eve.wait_for("Game over")

            audit.seats = {"ala": 0, "olek": 1, "eve": None}
            await seat_players(ala, olek)
            first = hall.table
            await one_game()
            await ala.key(b"r")  # the host proposes a rematch from the results: a new deal
            await olek.wait_for("Rematch: 2 of 3 ready; still to answer: olek")
            await olek.key(b"r")  # olek is ready
            await until(lambda: hall.table is not first, "dealing again")
            await one_game()
            assert len(audit.tables) == 2

            for term in everyone:
                assert not CARD_ID.search(term.received.decode("utf-8", "replace")), term.name
            assert audit.updates > 50
            assert not audit.problems, f"seed {seed}: " + "\n".join(audit.problems)
