"""The table's chat room: safe text, a rate limit per sender, each listener's mutes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from pathlib import Path
from typing import Any

import pytest
from textual import events

from core.engine import IllegalAction, Outcome
from core.table import Seat, Table, TableSetup
from net import textual_fixes
from net.app import HallApp
from net.chat import CHAT_MAX, RATE_LINES, RATE_WINDOW, ChatLine, ChatRoom, clean_text
from net.fastpath import FastPath
from net.hall import OPEN, Hall
from net.lobby import LobbyScreen
from net.render import RenderPool
from net.tables import Tables
from tests.net.e2e_helpers import (
    ENTER,
    Served,
    Terminal,
    connect,
    host_table,
    play_until,
    players,
    running_server,
    seat_players,
)
from tests.tui import screen_text
from tui.app import HuntersApp
from tui.screens.game import GameScreen
from tui.screens.help import help_keys
from tui.screens.results import ResultsScreen
from tui.settings import Settings
from tui.widgets.chat import CHAT_KEY, ChatInput
from tui.widgets.event_log import EventLog

textual_fixes.apply()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def heard(room: ChatRoom) -> list[ChatLine]:
    lines: list[ChatLine] = []
    room.subscribe(lines.append)
    return lines


def test_a_line_reaches_every_subscriber_with_its_sender() -> None:
    """What ala says is told to each subscriber, once, under her name."""
    room = ChatRoom()
    first, second = heard(room), heard(room)
    assert room.say("ala", "hello all") is None
    assert [(line.sender, line.text) for line in first] == [("ala", "hello all")]
    assert second == first


def test_escape_sequences_and_controls_never_pass_and_markup_stays_text() -> None:
    """ESC, C0, DEL, C1 and bidi overrides are taken out; brackets are kept as typed."""
    assert clean_text("[bold]hi\x1b[2J") == "[bold]hi[2J"
    assert clean_text("a\x07b\x7fc\x9bd\u202ee\u200bf") == "abcdef"
    assert clean_text("one\ttwo\r\nthree") == "one two three"
    assert clean_text("[link=https://x.example]click[/link]") == (
        "[link=https://x.example]click[/link]"
    )


def test_a_long_line_is_cut_to_the_cap() -> None:
    room = ChatRoom()
    lines = heard(room)
    room.say("ala", "x" * (CHAT_MAX + 50))
    assert len(lines[0].text) == CHAT_MAX


def test_an_empty_line_is_refused() -> None:
    """Only controls or spaces: nothing is sent, and the sender is told."""
    room = ChatRoom()
    lines = heard(room)
    with pytest.raises(IllegalAction, match="nothing to send"):
        room.say("ala", " \x1b\x1b ")
    assert lines == []


def test_a_sender_over_the_rate_is_told_how_long_to_wait() -> None:
    """Five lines in ten seconds pass; the sixth is refused with the wait; later it passes."""
    clock = Clock()
    room = ChatRoom(clock=clock)
    lines = heard(room)
    for n in range(RATE_LINES):
        room.say("ala", f"line {n}")
        clock.now += 1
    with pytest.raises(IllegalAction, match=r"You are sending too fast: wait 5 seconds\."):
        room.say("ala", "one too many")
    room.say("bob", "bob is not limited by ala")
    clock.now += RATE_WINDOW - 5
    room.say("ALA", "the window moved on")  # the same sender whatever the case
    assert [line.text for line in lines][-2:] == [
        "bob is not limited by ala",
        "the window moved on",
    ]
    assert len(lines) == RATE_LINES + 2


def test_the_server_log_says_once_per_window_who_is_held_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A flood is one line in the server's log, not one per refused line."""
    clock = Clock()
    room = ChatRoom(clock=clock)
    with caplog.at_level(logging.INFO, logger="net.chat"):
        for n in range(RATE_LINES + 20):
            with contextlib.suppress(IllegalAction):
                room.say("eve", f"spam {n}")
        clock.now += RATE_WINDOW + 1
        for n in range(RATE_LINES + 1):
            with contextlib.suppress(IllegalAction):
                room.say("eve", f"more {n}")
    held = [r.getMessage() for r in caplog.records if "held back" in r.getMessage()]
    assert held == ["eve is held back: chatting too fast (the chat limit)"] * 2


def test_mute_hides_a_sender_from_that_listener_only() -> None:
    room = ChatRoom()
    lines = heard(room)
    assert "no longer see chat from bob" in (room.say("ala", "/mute bob") or "")
    room.say("bob", "spam")
    line = lines[-1]
    assert not room.hears("ala", line, playing=False)
    assert not room.hears("ALA", line, playing=False)
    assert room.hears("cyd", line, playing=False)
    assert room.say("ala", "/unmute BOB") == "You see chat from BOB again."
    assert room.hears("ala", line, playing=False)


def test_commands_say_what_they_need() -> None:
    """A command is answered to its sender alone and never said to the table."""
    room = ChatRoom()
    lines = heard(room)
    assert room.say("ala", "/mute") == "Say whose chat: /mute NAME."
    assert room.say("ala", "/mute ala") == "You cannot mute yourself."
    assert "Chat commands: /mute NAME" in (room.say("ala", "/what") or "")
    assert room.say("ala", "/help") == (
        "Chat commands: /mute NAME, /unmute NAME, /watchers off, /watchers on."
    )
    assert lines == []


def test_a_player_may_hide_spectators_during_a_game() -> None:
    """/watchers off hides lines spectators said during a game, only while the listener
    plays; players' lines and lines said outside a game still show."""
    room = ChatRoom()
    lines = heard(room)
    room.say("ala", "/watchers off")
    room.say("sam", "he has the 7", watcher=True)
    room.say("bob", "nice move")
    spectator, player = lines
    assert spectator.audience == "watchers"
    assert not room.hears("ala", spectator, playing=True)
    assert room.hears("ala", spectator, playing=False)
    assert room.hears("ala", player, playing=True)
    assert room.hears("bob", spectator, playing=True)
    room.say("ala", "/watchers on")
    assert room.hears("ala", spectator, playing=True)


def test_recent_lines_are_what_the_listener_hears() -> None:
    room = ChatRoom()
    room.say("ala", "/mute bob")
    for sender, text in [("bob", "1"), ("cyd", "2"), ("bob", "3"), ("cyd", "4")]:
        room.say(sender, text)
    assert [line.text for line in room.recent("ala", 5, playing=False)] == ["2", "4"]
    assert [line.text for line in room.recent("cyd", 2, playing=False)] == ["3", "4"]


# -- at the served table: the guests' apps ---------------------------------------------------

TWO_OPEN_ONE_BOT = TableSetup(
    "superbohaterowie", (Seat("open", OPEN), Seat("open", OPEN), Seat("Bot", "bot", "random"))
)
WHOOSH = TableSetup("whoosh", (Seat("open", OPEN), Seat("Bot", "bot", "easy")))


async def _until(pilot: Any, condition: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await pilot.pause(0.02)


async def _say(pilot: Any, text: str) -> None:
    """Open the chat line with its key, type ``text``, Enter."""
    await pilot.press(CHAT_KEY)
    await pilot.pause()
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text], "enter")
    await pilot.pause()


def _log(app: HallApp) -> list[str]:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen.query_one(EventLog).lines_shown


async def test_lobby_chat_reaches_the_other_guest_literally(tmp_path: Path) -> None:
    """ala's line with markup is on bob's lobby as typed, marked as chat."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("bob")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    ala, bob = HallApp(hall, "ala", Settings()), HallApp(hall, "bob", Settings())
    try:
        async with ala.run_test(size=(80, 24)) as ala_pilot, bob.run_test(size=(80, 24)) as bp:
            assert f"Press {CHAT_KEY} to chat with everyone here (/help" in screen_text(bob)
            await _say(ala_pilot, "[bold]hi [/bold]all")
            await _until(bp, lambda: "ala says: [bold]hi [/bold]all" in screen_text(bob))
            assert "ala says: [bold]hi [/bold]all" in screen_text(ala)
            assert not ala.screen.query(ChatInput)  # closed once sent
    finally:
        await hall.close()


async def test_table_chat_goes_into_the_log_and_screen_readers_hear_who(tmp_path: Path) -> None:
    """At the table a line lands in everyone's log; in screen-reader mode as "Chat from"."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    for name in ("ala", "bob", "sam"):
        hall.arrive(name)
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    hall.take_seat("bob", 1)
    await hall.start("ala")
    ala = HallApp(hall, "ala", Settings(bot_delay=0))
    bob = HallApp(hall, "bob", Settings(screen_reader=True))
    sam = HallApp(hall, "sam", Settings())  # a spectator
    try:
        async with (
            ala.run_test(size=(80, 24)) as ap,
            bob.run_test(size=(80, 24)) as bp,
            sam.run_test(size=(80, 24)) as sp,
        ):
            for pilot, app in ((ap, ala), (bp, bob), (sp, sam)):
                await _until(pilot, lambda app=app: isinstance(app.screen, GameScreen))
            await _say(ap, "good luck")
            await _until(bp, lambda: "Chat from ala: good luck" in _log(bob))
            await _until(sp, lambda: "ala says: good luck" in _log(sam))
            assert "ala says: good luck" in _log(ala)
            assert ("y", "Chat") in help_keys(sam.screen)  # the help lists it at the table
            # bob hides spectators while he plays; sam's line reaches ala, not bob.
            await _say(bp, "/watchers off")
            await _say(sp, "bob has a spider")
            await _until(ap, lambda: "sam says: bob has a spider" in _log(ala))
            await _say(ap, "/mute sam")
            await _say(sp, "muted now")
            await _say(bp, "still here")
            await _until(ap, lambda: "bob says: still here" in _log(ala))
            assert not any("spider" in line or "muted now" in line for line in _log(bob))
            assert not any("muted now" in line for line in _log(ala))
    finally:
        await hall.close()


async def test_a_flood_is_refused_with_the_wait(tmp_path: Path) -> None:
    """The sixth line within ten seconds is not sent; its sender is told how long to wait."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    said: list[ChatLine] = []
    hall.chat.subscribe(said.append)
    ala = HallApp(hall, "ala", Settings())
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            for n in range(RATE_LINES + 1):
                await _say(pilot, f"line{n}")
            told = " ".join(n.message for n in ala._notifications)
            assert "You are sending too fast: wait" in told
            assert [line.text for line in said] == [f"line{n}" for n in range(RATE_LINES)]
    finally:
        await hall.close()


@pytest.mark.parametrize("where", ["lobby", "table"])
async def test_lines_arriving_in_one_burst_are_each_sent_whole(tmp_path: Path, where: str) -> None:
    """The chat key, a paste and Enter, three times, reach the app at once (as one read
    from a fast link brings them): each line is sent whole, none lands on the board or in
    the line before it; keys behind Enter go where the focus goes once the line closes."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("bob")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    if where == "table":
        hall.take_seat("ala", 0)
        hall.take_seat("bob", 1)
        await hall.start("ala")
    said: list[ChatLine] = []
    hall.chat.subscribe(said.append)
    ala = HallApp(hall, "ala", Settings(bot_delay=0))
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            if where == "table":
                await _until(pilot, lambda: isinstance(ala.screen, GameScreen))
            for n in range(3):
                ala.post_message(events.Key(CHAT_KEY, CHAT_KEY))
                ala.post_message(events.Paste(f"{where} line {n}"))
                ala.post_message(events.Key("enter", "\r"))
            await _until(pilot, lambda: len(said) == 3, timeout=5)
            assert [line.text for line in said] == [f"{where} line {n}" for n in range(3)]
            await pilot.pause()
            assert not [line for line in ala.screen.query(ChatInput) if not line.done]
    finally:
        await hall.close()


async def test_whoosh_claim_keys_are_text_while_the_chat_line_is_open(tmp_path: Path) -> None:
    """The fast path lets 1 2 3 through to the chat line while it is open, and takes them
    again (claims) once it closes."""
    hall = Hall(tmp_path, game="whoosh", bot_delay=60)
    hall.arrive("ala")
    hall.configure("ala", WHOOSH)
    hall.take_seat("ala", 0)
    await hall.start("ala")
    path = FastPath()
    ala = HallApp(hall, "ala", Settings(), fast_path=path)
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(ala.screen, GameScreen) and path.armed)
            await pilot.press(CHAT_KEY)
            await pilot.pause()
            assert not path.armed
            assert path.feed(b"1", 0) == b"1"  # unarmed: the key goes on to the App
            await pilot.press("escape")
            await pilot.pause()
            assert path.armed
            assert not ala.screen.query(ChatInput)
            assert ala.screen.focused is not None and ala.screen.focused.id == "board"
    finally:
        await hall.close()


async def test_chat_from_the_lobby_leaves_the_fast_keys_off_while_away(tmp_path: Path) -> None:
    """A player who left the game for the lobby (q) chats there: closing the line does not
    hand their 1 2 3 back to the table they are away from."""
    hall = Hall(tmp_path, game="whoosh", bot_delay=60)
    hall.arrive("ala")
    hall.configure("ala", WHOOSH)
    hall.take_seat("ala", 0)
    await hall.start("ala")
    path = FastPath()
    ala = HallApp(hall, "ala", Settings(), fast_path=path)
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(ala.screen, GameScreen) and path.armed)
            await pilot.press("q")
            await _until(pilot, lambda: isinstance(ala.screen, LobbyScreen))
            assert not path.armed
            await _say(pilot, "brb")
            assert not path.armed
            assert "brb" in [line.text for line in hall.chat.lines]
    finally:
        await hall.close()


async def test_with_render_workers_the_front_holds_the_fast_keys_while_chatting(
    tmp_path: Path,
) -> None:
    """A worker's app tells the front its chat line is open: the front's fast path for that
    guest lets 1 2 3 through meanwhile, and takes them again after."""
    hall = Hall(tmp_path, game="whoosh", bot_delay=60)
    hall.arrive("ala")
    hall.configure("ala", WHOOSH)
    hall.take_seat("ala", 0)
    await hall.start("ala")
    pool = RenderPool(Tables(tmp_path), 1)  # not started: no worker process is needed here
    path = FastPath()
    guest = pool.guest("ala", Settings(), path, hall=hall)
    try:
        guest.follow()
        assert path.armed
        pool.intent(guest, 0, "hold_fast_keys", [True])
        assert not path.armed
        pool.intent(guest, 0, "hold_fast_keys", [False])
        assert path.armed
    finally:
        path.disarm()
        await hall.close()


async def test_a_line_being_typed_moves_with_its_guest_when_the_game_starts(
    tmp_path: Path,
) -> None:
    """bob is typing in the lobby when the host starts Whoosh: his line moves to the table
    with its text, the rest of his keys go on into it (no reveal, no claim), and once he
    sends it his fast keys claim again."""
    hall = Hall(tmp_path, game="whoosh", bot_delay=60)
    hall.arrive("ala")
    hall.arrive("bob")
    hall.configure("ala", TableSetup("whoosh", (Seat("open", OPEN), Seat("open", OPEN))))
    hall.take_seat("ala", 0)
    hall.take_seat("bob", 1)
    path = FastPath()
    bob = HallApp(hall, "bob", Settings(), fast_path=path)
    try:
        async with bob.run_test(size=(80, 24)) as pilot:
            await pilot.press(CHAT_KEY, "h", "e", "l")
            await hall.start("ala")
            await _until(pilot, lambda: isinstance(bob.screen, GameScreen))
            await _until(pilot, lambda: bool(bob.screen.query(ChatInput)))
            line = bob.screen.query_one(ChatInput)
            await _until(pilot, lambda: bob.screen.focused is line)
            assert line.value == "hel"
            assert not path.armed
            await pilot.press("l", "o", "space", "1", "enter")
            await pilot.pause()
            assert [said.text for said in hall.chat.lines] == ["hello 1"]
            table = hall.table
            assert table is not None and table.match.version == 0  # no reveal, no claim
            await _until(pilot, lambda: path.armed)
            assert bob.screen.focused is not None and bob.screen.focused.id == "board"
    finally:
        await hall.close()


async def test_chat_on_the_results_opens_there_and_lines_arrive_as_notes(tmp_path: Path) -> None:
    """After a game the results screen has the chat line too; what others say shows over it."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    ala = HallApp(hall, "ala", Settings())
    outcome = Outcome((1, 0, 0), ({}, {}, {}), ((0,), (1,), (2,)))
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            ala.show_results(TWO_OPEN_ONE_BOT, outcome, ["ala", "bob", "Bot"], [])
            await _until(pilot, lambda: isinstance(ala.screen, ResultsScreen))
            hall.say("bob", "well played")
            await pilot.pause()
            told = " ".join(n.message for n in ala._notifications)
            assert "bob says: well played" in told
            await _say(pilot, "thanks")
            assert [line.text for line in hall.chat.lines] == ["well played", "thanks"]
            assert isinstance(ala.screen, ResultsScreen)
    finally:
        await hall.close()


async def test_a_table_log_starts_with_the_recent_chat(tmp_path: Path) -> None:
    """What was said in the lobby (or while a player was gone) begins the table's log."""
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.arrive("bob")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    hall.take_seat("ala", 0)
    hall.take_seat("bob", 1)
    hall.say("ala", "good luck")
    hall.say("bob", "you too")
    await hall.start("ala")
    bob = HallApp(hall, "bob", Settings())
    try:
        async with bob.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(bob.screen, GameScreen))
            await _until(pilot, lambda: "bob says: you too" in _log(bob))
            assert [line for line in _log(bob) if " says: " in line] == [
                "ala says: good luck",
                "bob says: you too",
            ]
    finally:
        await hall.close()


async def test_a_local_game_has_no_chat_key() -> None:
    """Hot seat needs no chat: the key is not bound and the help does not list it."""
    app = HuntersApp(Settings(bot_delay=0))
    setup = TableSetup("superbohaterowie", (Seat("Ala"), Seat("Bot", "bot", "easy")), {}, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(setup)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press(CHAT_KEY)
        await pilot.pause()
        assert not app.screen.query(ChatInput)
        assert "Chat" not in [description for _, description in help_keys(app.screen)]


async def test_the_help_lists_the_chat_key_at_a_served_table(tmp_path: Path) -> None:
    hall = Hall(tmp_path, game="superbohaterowie", bot_delay=0)
    hall.arrive("ala")
    hall.configure("ala", TWO_OPEN_ONE_BOT)
    ala = HallApp(hall, "ala", Settings())
    try:
        async with ala.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(ala.screen, LobbyScreen)
            assert ("y", "Chat") in help_keys(ala.screen)
    finally:
        await hall.close()


# -- over SSH ----------------------------------------------------------------------------------

PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
CLEAR = b"\x1b[2J"
OPEN_LINE = "Chat: Enter sends"
"""The open chat line's placeholder."""


def served_table(served: Served) -> Table:
    assert served.hall.table is not None, "no game is being played"
    return served.hall.table


async def _ssh_say(term: Terminal, text: bytes) -> None:
    """Open the chat line, type ``text`` into it as raw bytes, send it, and wait until the
    line has closed."""
    await term.key(CHAT_KEY.encode())
    await term.wait_for(OPEN_LINE)
    term.send(text)
    await term.key(ENTER)
    await term.wait_gone(OPEN_LINE)


@pytest.mark.timeout(40)
@pytest.mark.usefixtures("each_mode")
async def test_chat_over_ssh_reaches_the_other_player_literally(tmp_path: Path) -> None:
    """ala types markup and a clear-screen escape into her chat line, then pastes them:
    bob's terminal shows the markup as typed and never receives ESC[2J."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "bob") as (ala, bob),
    ):
        await host_table(ala)
        await bob.wait_for("press 2 to sit here")
        cleared = bob.received.count(CLEAR)
        await _ssh_say(ala, b"[bold]hi\x1b[2J [link=http://x.example]x[/link]")
        await bob.wait_for("ala says: [bold]hi")
        await _ssh_say(ala, PASTE_START + b"[b]pasted\x1b[2J\x9b2J" + PASTE_END)
        await bob.wait_for("[b]pasted")
        said = [line.text for line in served.hall.chat.lines]
        assert len(said) == 2 and said[0].startswith("[bold]hi")
        assert "[link=http://x.example]x[/link]" in said[0]
        assert not any(ch in text for text in said for ch in "\x1b\x9b")
        assert bob.received.count(CLEAR) == cleared
        assert b"\x9b" not in bob.received


@pytest.mark.timeout(60)
async def test_a_chat_flood_over_ssh_is_rate_limited_and_the_game_goes_on(tmp_path: Path) -> None:
    """At the table ala sends line after line: five reach bob's log, the rest are refused
    with the wait, and the game goes on."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "bob") as (ala, bob),
    ):
        await seat_players(ala, bob)
        for n in range(RATE_LINES + 3):
            await _ssh_say(ala, f"flood {n}".encode())
        await ala.wait_for("You are sending too fast")
        await bob.wait_for(f"ala says: flood {RATE_LINES - 1}")
        said = [line.text for line in served.hall.chat.lines]
        assert said == [f"flood {n}" for n in range(RATE_LINES)]
        assert f"flood {RATE_LINES}" not in bob.text
        version = served_table(served).match.version
        await play_until(
            [ala, bob], lambda: served_table(served).match.version > version, timeout=20
        )


@pytest.mark.timeout(60)
@pytest.mark.render_workers  # about render workers only: its server always runs one
async def test_chat_reaches_guests_whose_apps_run_in_render_workers(tmp_path: Path) -> None:
    """With render workers the front's room passes each line on to the guests who hear it:
    a command's answer comes back to its sender, and a muted sender's lines stay away."""
    async with (
        running_server(tmp_path / "data", render_workers=1) as served,
        players(served.port, "ala", "bob") as (ala, bob),
    ):
        await host_table(ala)
        await bob.wait_for("press 2 to sit here")
        await _ssh_say(ala, b"[bold]hello bob")
        await bob.wait_for("ala says: [bold]hello bob")
        await _ssh_say(ala, b"/mute bob")
        await ala.wait_for("You no longer see chat from bob")
        await _ssh_say(bob, b"can you hear me")
        await _ssh_say(ala, b"quiet here")
        await bob.wait_for("ala says: quiet here")
        assert "can you hear me" in bob.text
        await ala.wait_for("ala says: quiet here")
        assert "can you hear me" not in ala.text


@pytest.mark.timeout(90)
async def test_a_spectator_flooding_chat_holds_up_neither_the_game_nor_the_room(
    tmp_path: Path,
) -> None:
    """A spectator sends chat line after line (each pasted: the chat key, a paste, Enter)
    twenty times a second while two players play on: the room takes five lines per ten
    seconds of them, the players' moves go through, and the flooder's session lives on."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "bob") as (ala, bob),
    ):
        await seat_players(ala, bob)
        flooder = await connect(served.port, "eve")
        try:
            await flooder.wait_for("Draw pile")  # watching the game in progress
            started = time.monotonic()
            stop = asyncio.Event()

            async def flood() -> None:
                n = 0
                while not stop.is_set():
                    line = PASTE_START + b"spam %d " % n + b"x" * 150 + PASTE_END
                    flooder.send(CHAT_KEY.encode() + line + ENTER)
                    n += 1
                    await asyncio.sleep(0.05)

            async def play() -> None:
                table = served_table(served)
                start = len(table.match.steps)
                try:
                    await play_until(
                        [ala, bob], lambda: len(table.match.steps) >= start + 4, timeout=40
                    )
                finally:
                    stop.set()

            # Told while the flood goes on: the notice is a toast, gone a while after the
            # flood stops (a loaded CI looked for it too late).
            told = asyncio.create_task(flooder.wait_for("You are sending too fast", timeout=50))
            await asyncio.gather(flood(), play())
            await told
            windows = (time.monotonic() - started) / RATE_WINDOW
            spam = [line for line in served.hall.chat.lines if line.sender == "eve"]
            assert 0 < len(spam) <= RATE_LINES * (int(windows) + 1)
            assert not flooder.ended and served.hall.guests["eve"].connected
        finally:
            await flooder.close()
