"""A table's name in the hall's list: one named by default ("HOST's table") follows its host
when someone else hosts it; one its host named on purpose keeps its name (#15)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from net.tables import INFO, Tables
from net.tables_screen import table_line
from tests.net.test_tables import playing

pytestmark = pytest.mark.timeout(30)


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    hall = Tables(tmp_path / "data", bot_delay=10)
    yield hall
    await hall.aclose()


def lines(tables: Tables) -> list[str]:
    """The hall's list as a guest reads it."""
    return [table_line(info) for info in tables.listing()]


async def test_a_table_named_by_default_follows_its_host(tables: Tables) -> None:
    """Ala opens a table and leaves it to ola: the list no longer says "ala's table" for a
    table ala has nothing to do with, and the lobby names it the same way."""
    hall = tables.create("ala")
    hall.arrive("ala")
    hall.arrive("ola")
    assert lines(tables) == ["ala's table: game not chosen yet, waiting, 2 not seated, host ala"]
    hall.depart("ala")
    assert lines(tables) == ["ola's table: game not chosen yet, waiting, 1 not seated, host ola"]
    assert hall.name == "ola's table" and tables.name_of(hall) == "ola's table"
    hall.arrive("eve")
    hall.hand_host("ola", "eve")
    assert lines(tables)[0].startswith("eve's table: ")


async def test_a_table_named_on_purpose_keeps_its_name(tables: Tables) -> None:
    """A name the host chose is the table's, whoever hosts it later."""
    hall = tables.create("ala", name="Friday night")
    hall.arrive("ala")
    hall.arrive("ola")
    hall.depart("ala")
    assert lines(tables) == ["Friday night: game not chosen yet, waiting, 1 not seated, host ola"]
    assert hall.name == "Friday night"


async def test_with_nobody_hosting_the_name_stays_until_someone_does(tables: Tables) -> None:
    """A game under way whose players all dropped has no host: the table keeps the last
    host's name until the next guest to come hosts it."""
    hall = tables.create("ala")
    await playing(hall, "ala", "ola")
    hall.depart("ola")
    assert lines(tables)[0].startswith("ala's table: ")
    hall.depart("ala")
    assert lines(tables)[0].startswith("ala's table: ") and lines(tables)[0].endswith("no host")
    hall.arrive("ola")
    assert lines(tables)[0].startswith("ola's table: ")
    assert lines(tables)[0].endswith("host ola")


async def test_a_private_table_named_by_default_follows_its_host_too(tables: Tables) -> None:
    hall = tables.create("ala", private=True)
    hall.arrive("ala")
    hall.arrive("ola")
    hall.depart("ala")
    (info,) = tables.listing()
    assert (info.name, info.private, info.shown_to("ola")) == ("ola's table", True, True)


async def test_the_name_followed_is_kept_for_a_restart_and_follows_on(tmp_path: Path) -> None:
    """A restart shows the table by its last host's name, and it still follows its host;
    a name chosen on purpose comes back as it was."""
    tables = Tables(tmp_path / "data", bot_delay=10)
    default = tables.create("ala")
    chosen = tables.create("eve", name="Eve's own")
    await playing(default, "ala", "ola")
    await playing(chosen, "eve", "bob")
    default.depart("ala")
    assert json.loads((default.data_dir / INFO).read_text())["name"] == "ola's table"
    await tables.aclose()
    again = Tables(tmp_path / "data", bot_delay=10)
    try:
        assert await again.resume_all() == 2
        assert [info.name for info in again.listing()] == ["ola's table", "Eve's own"]
        one, two = again.get("1"), again.get("2")
        assert one is not None and two is not None
        one.arrive("ala")
        two.arrive("bob")
        assert [info.name for info in again.listing()] == ["ala's table", "Eve's own"]
        assert one.name == "ala's table"
    finally:
        await again.aclose()


async def test_a_table_kept_by_an_older_server_follows_its_host(tmp_path: Path) -> None:
    """A table's name kept before names followed their hosts (no word on how it was named):
    "HOST's table" is taken for a default name, and follows its host after the restart."""
    tables = Tables(tmp_path / "data", bot_delay=10)
    hall = tables.create("ala")
    await playing(hall, "ala", "ola")
    await tables.aclose()
    (hall.data_dir / INFO).write_text(json.dumps({"name": "ala's table", "code": None}))
    again = Tables(tmp_path / "data", bot_delay=10)
    try:
        assert await again.resume_all() == 1
        resumed = again.get("1")
        assert resumed is not None
        resumed.arrive("ola")
        assert [info.name for info in again.listing()] == ["ola's table"]
    finally:
        await again.aclose()
