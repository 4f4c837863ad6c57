"""The hall of many tables over SSH: the list a guest lands in, tables made, joined, watched,
private ones found by invite code, a limit on tables, leaving for the list, and every
unfinished table resumed after ``kill -9`` of the server.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.engine import IllegalAction
from core.table import Table
from net.identity import INVITE_ALPHABET, Identity
from net.tables import Tables
from net.tables_screen import CODE_PROMPT, LIST_HINT, NO_TABLES, TablesApp, TablesDoor
from tests.net.e2e_helpers import (
    DOWN,
    ENTER,
    LIST_TITLE,
    SSH,
    Served,
    draw_pile,
    host_table,
    openssh,
    play_until,
    players,
    running_server,
    seat_players,
    shows_table,
    start_server_process,
    until,
)
from tests.tui import screen_text, text_showing
from tui.settings import Settings
from tui.widgets.spoken import SpokenList

CTRL_Q = b"\x11"
NOTHING_OPEN = NO_TABLES.split(".")[0]


def table_of(served: Served, table_id: str) -> Table:
    hall = served.tables.get(table_id)
    assert hall is not None and hall.table is not None
    return hall.table


@pytest.mark.timeout(90)
async def test_three_tables_at_once_two_games_played_and_one_watched(
    tmp_path: Path, each_mode: str
) -> None:
    """Ala and olek play at one table, bob and cy at another, dan sets a third up; eve
    lands in the list, reads all three in words, and watches the first game."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", "olek") as (ala, olek),
        players(served.port, "bob", "cy", "dan", "eve", land="list") as (bob, cy, dan, eve),
    ):
        await seat_players(ala, olek)
        bob.send(b"c")
        await bob.wait_gone(LIST_TITLE)
        await cy.wait_for("bob's table")  # the list follows the server live
        await cy.key(DOWN)
        cy.send(ENTER)
        await cy.wait_gone(LIST_TITLE)
        await seat_players(bob, cy)
        dan.send(b"c")
        await dan.wait_for("table setup")
        first, second = table_of(served, "1"), table_of(served, "2")
        await play_until([ala, olek], lambda: first.match.version >= 2, timeout=30)
        await play_until([bob, cy], lambda: second.match.version >= 2, timeout=30)
        await eve.wait_for("dan's table: game not chosen yet, waiting, 1 not seated, host dan")
        assert (
            "ala's table: Superbohaterowie, playing, 2 of 2 seats taken + 1 bot, host ala"
            in eve.text
        )
        assert (
            "bob's table: Superbohaterowie, playing, 2 of 2 seats taken + 1 bot, host bob"
            in eve.text
        )
        eve.send(b"w")  # the first table is chosen
        await eve.wait_until(lambda: shows_table(eve, first), "watching the first game")
        assert "Your hand" not in eve.text
        assert served.tables.get("1") is not None
        await until(lambda: served.tables.listing()[0].spectators == 1, "eve counted")
        other = served.tables.get("2")  # tables are independent: nobody is at both
        assert other is not None and not {"ala", "olek", "eve"} & set(other.guests)


@pytest.mark.timeout(60)
async def test_a_private_table_is_found_by_its_invite_code_only(
    tmp_path: Path, each_mode: str
) -> None:
    """Ala makes a private table: its lobby shows the invite code; olek comes straight to it
    with the code in his login name, ewa by typing it in the list (which does not show the
    table), and bob's unknown code lands him in the list saying so."""
    async with (
        running_server(tmp_path / "data") as served,
        players(served.port, "ala", land="list") as (ala,),
    ):
        ala.send(b"v")
        await ala.wait_for("table setup")
        code = served.tables.code_of("1")
        assert code is not None
        await host_table(ala)
        await ala.wait_for(f"Private table, invite code {code}: ssh -p {served.port} NAME+{code}@")
        wrong = next(c for c in INVITE_ALPHABET if c != code[0]) + code[1:]
        async with players(
            served.port, f"olek+{code.lower()}", "ewa", f"bob+{wrong}", land=None
        ) as (olek, ewa, bob):
            await olek.wait_for("press 2 to sit here")
            await ewa.wait_for(NOTHING_OPEN)  # a private table is not in others' lists
            assert "ala's table" not in ewa.text and code not in ewa.text
            ewa.send(b"i")
            await ewa.wait_for(CODE_PROMPT)
            ewa.send(code.encode() + ENTER)
            await ewa.wait_for(f"Private table, invite code {code}")
            await bob.wait_for(f"No table has the invite code {wrong}; choose one here.")
            assert LIST_TITLE in bob.text


@pytest.mark.timeout(40)
async def test_max_tables_refuses_a_new_table_and_leaving_goes_back_to_the_list(
    tmp_path: Path,
) -> None:
    """At --max-tables a new table is refused in a sentence. The host who leaves a table
    before setting it up (Ctrl+Q) is back in the list, the empty table is gone from every
    list, and q at the list ends the session."""
    async with (
        running_server(tmp_path / "data", max_tables=1) as served,
        players(served.port, "ala") as (ala,),
        players(served.port, "bob", land="list") as (bob,),
    ):
        await ala.wait_for("table setup")
        await bob.wait_for("ala's table")
        bob.send(b"c")
        await bob.wait_for("The server has its 1 table already; join one or try later.")
        ala.send(CTRL_Q)
        await ala.wait_for("You left ala's table.")
        await ala.wait_for(NOTHING_OPEN)
        await bob.wait_for(NOTHING_OPEN)
        assert served.tables.listing() == ()
        bob.send(b"c")
        await bob.wait_for("table setup")
        ala.send(b"q")
        await ala.wait_until(lambda: ala.ended, "the session ended")


@pytest.mark.timeout(120)
async def test_every_unfinished_table_resumes_after_kill_9(tmp_path: Path) -> None:
    """Three games under way at three tables; the server gets SIGKILL. The restarted server
    lists all three as playing with their seats, and their players come straight back to
    their own hands."""
    data = tmp_path / "data"
    server = start_server_process(data, tmp_path / "first.log")
    restarted = None
    try:
        async with (
            players(server.port, "ala", "olek") as (ala, olek),
            players(server.port, "bob", "cy", "dan", "eve", land="list") as (bob, cy, dan, eve),
        ):
            await seat_players(ala, olek)
            for host, guest in ((bob, cy), (dan, eve)):
                host.send(b"c")
                await host.wait_gone(LIST_TITLE)
                await guest.wait_for(f"{host.name}'s table")
                await guest.key(b"\x1b[F")  # End: the newest table, the last line
                guest.send(ENTER)
                await guest.wait_gone(LIST_TITLE)
                await seat_players(host, guest)
            piles = (draw_pile(ala), draw_pile(bob), draw_pile(dan))
            server.kill()
            for player in (ala, olek, bob, cy, dan, eve):
                await player.wait_until(lambda p=player: p.ended, "cut off by the kill")
        restarted = start_server_process(data, tmp_path / "second.log")
        async with (
            players(restarted.port, "fay", land="list") as (fay,),
            players(restarted.port, "ala", "cy", "dan", land=None) as (ala, cy, dan),
        ):
            # bob is not back: cy, the first of his table to come, hosts it, and its
            # default name follows (#15).
            for host in ("ala", "cy", "dan"):
                await fay.wait_for(
                    f"{host}'s table: Superbohaterowie, playing, 2 of 2 seats taken + 1 bot, "
                    f"host {host}"
                )
            for player in (ala, cy, dan):
                await player.wait_for("Your hand")
            assert (draw_pile(ala), draw_pile(cy), draw_pile(dan)) == piles
    finally:
        server.kill()
        if restarted is not None:
            restarted.kill()


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed")
@pytest.mark.timeout(40)
async def test_openssh_lands_in_the_list_of_tables_at_80x24(tmp_path: Path) -> None:
    """The real ssh at 80×24: the list's title, its keys and the empty list's sentence are
    whole on screen; c makes a table and the setup follows."""
    async with (
        running_server(tmp_path / "data") as served,
        openssh(served.port, "ala", tmp_path / "home", land="list") as ala,
    ):
        await ala.wait_for(NOTHING_OPEN)
        text = " ".join(line.strip() for line in ala.lines)
        assert LIST_HINT in text
        assert " ".join(NO_TABLES.split()) in " ".join(text.split())
        ala.send(b"c")
        await ala.wait_for("table setup")


async def test_the_list_keeps_its_selection_as_tables_come_and_marks_it_for_screen_readers(
    tmp_path: Path,
) -> None:
    """In screen-reader mode the list is a plain list with the chosen line marked; a table
    made by someone else while ewa reads the list leaves her choice where it was."""
    tables = Tables(tmp_path / "data")
    tables.create("ala")
    tables.create("bob")
    app = TablesApp(
        TablesDoor(tables, Identity("ewa", None, "127.0.0.1")),
        "ewa",
        Settings(screen_reader=True),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one("#tables-list", SpokenList)
        assert view.option_count == 2
        await pilot.press("down")
        assert view.get_option_at_index(view.highlighted or 0).id == "2"
        tables.create("cy", name="cy's corner")
        for _ in range(20):
            await pilot.pause(0.05)
            if view.option_count == 3:
                break
        assert view.option_count == 3
        assert view.get_option_at_index(view.highlighted or 0).id == "2"
        lines: Any = [view.render_line(y).text for y in range(3)]
        assert lines[1].startswith("> bob's table") and lines[0].startswith("  ala's table")
    await tables.aclose()


async def test_a_private_table_is_listed_only_to_its_own_people(tmp_path: Path) -> None:
    """Bob's private table is in bob's list (to come back to) but not in ewa's, and ewa
    cannot come to it by its id either: only its invite code opens it."""
    tables = Tables(tmp_path / "data")
    tables.create("ala")
    secret = tables.create("bob", private=True)
    secret.arrive("bob")
    code = tables.code_of("2")
    assert code is not None
    ewa, bob = (TablesDoor(tables, Identity(n, None, "127.0.0.1")) for n in ("ewa", "bob"))
    for door, shown in ((ewa, ["1"]), (bob, ["1", "2"])):
        app = TablesApp(door, door.identity.name, Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            view = app.screen.query_one("#tables-list", SpokenList)
            ids = [view.get_option_at_index(i).id for i in range(view.option_count)]
            assert ids == shown
    for way in ("join", "watch"):
        with pytest.raises(IllegalAction, match="private: press i and type its invite code"):
            await ewa.enter(way, "2")  # type: ignore[arg-type]
    assert await ewa.enter("code", code.lower()) is secret
    await tables.aclose()


async def test_ctrl_q_says_tables_at_a_table_and_quit_at_the_list(tmp_path: Path) -> None:
    """At a table Ctrl+Q goes back to the list, and the footer says so ("^q Tables"); at
    the list it quits ("^q Quit")."""
    tables = Tables(tmp_path / "data")
    tables.create("ala")
    app = TablesApp(TablesDoor(tables, Identity("ewa", None, "127.0.0.1")), "ewa", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "^q Quit" in screen_text(app) and "^q Tables" not in screen_text(app)
        await pilot.press("enter")
        await until(lambda: app.at_table, "ewa at ala's table")
        await pilot.pause()
        assert "^q Tables" in await text_showing(pilot, "^q Tables")
        await pilot.press("ctrl+q")
        await until(lambda: not app.at_table, "ewa back at the list")
        assert "^q Quit" in await text_showing(pilot, "^q Quit")
        assert app.is_running
    await tables.aclose()


async def test_the_game_chooser_of_a_new_table_says_q_goes_back_to_the_tables(
    tmp_path: Path,
) -> None:
    """ewa creates a table (c) and lands at the game chooser: its hint said "q quit", but
    q there goes back to the list of tables (the session goes on), and now says so."""
    tables = Tables(tmp_path / "data")
    app = TablesApp(TablesDoor(tables, Identity("ewa", None, "127.0.0.1")), "ewa", Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        text = await text_showing(pilot, "choose a game")
        assert "q back to the tables" in text and "q quit" not in text
        await pilot.press("q")
        await until(lambda: not app.at_table, "ewa back at the list")
        assert app.is_running
    await tables.aclose()
