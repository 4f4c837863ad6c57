"""The key book kept in the players' database: the JSON book's behaviour, the JSON file
imported once and left as it is, and the bindings kept across ``--rebuild-db``."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from core.db import Database, rebuild
from net.identity import KEYBOOK_FILE, KeyBook, KeyBookError
from tests.core.db_records import finished_record, person
from tests.net import test_identity
from tests.net.test_identity import KEY_A, KEY_B, KEY_C

BEHAVIOUR: list[Callable[[Path], None]] = [
    test_identity.test_a_new_key_binds_a_free_name,
    test_identity.test_resolving_binds_nothing,
    test_identity.test_the_same_key_gets_its_name_back,
    test_identity.test_another_key_cannot_take_a_bound_name,
    test_identity.test_a_key_binds_one_name_only,
    test_identity.test_keyless_logins_only_take_unbound_names,
    test_identity.test_a_name_bound_after_login_is_not_bound_again,
    test_identity.test_an_identity_confirms_its_name_in_its_key_book,
    test_identity.test_bindings_survive_a_restart,
    test_identity.test_a_full_book_admits_new_players_without_binding,
]


@pytest.fixture
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """A players' database in a directory of its own (the tests look at theirs)."""
    with Database.open(tmp_path_factory.mktemp("db") / "hunters.db") as db:
        yield db


@pytest.mark.parametrize("behaviour", BEHAVIOUR, ids=lambda test: test.__name__[5:])
def test_the_database_key_book_behaves_as_the_json_one(
    behaviour: Callable[[Path], None],
    tmp_path: Path,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each of the JSON book's tests of bindings, run on a book in the database."""

    def book(path: Path, **kwargs: int) -> KeyBook:
        return KeyBook(path / KEYBOOK_FILE, database=database, **kwargs)

    monkeypatch.setattr(test_identity, "book", book)
    behaviour(tmp_path)
    assert not (tmp_path / KEYBOOK_FILE).exists()  # nothing went to a JSON file


def _json_book(path: Path, names: dict[str, str]) -> bytes:
    path.write_text(json.dumps({"format": 1, "names": names}))
    return path.read_bytes()


def test_a_json_key_book_is_imported_once_and_kept_as_it_is(
    tmp_path: Path, database: Database
) -> None:
    path = tmp_path / KEYBOOK_FILE
    before = _json_book(path, {"alice": KEY_A})
    keys = KeyBook(path, database=database)
    assert keys.key_of("alice") == KEY_A and keys.resolve("alice", KEY_B) is None
    assert keys.bind("bob", KEY_B)
    assert path.read_bytes() == before
    assert database.key_bindings() == {"alice": KEY_A, "bob": KEY_B}
    _json_book(path, {"alice": KEY_A, "carol": KEY_C})  # changed later: not imported again
    again = KeyBook(path, database=database)
    assert not again.is_bound("carol") and again.key_of("bob") == KEY_B
    path.write_text("damaged after the import: never read again")
    assert KeyBook(path, database=database).key_of("alice") == KEY_A


def test_a_damaged_json_book_is_refused_and_nothing_is_imported(
    tmp_path: Path, database: Database
) -> None:
    path = tmp_path / KEYBOOK_FILE
    path.write_text("not json")
    with pytest.raises(KeyBookError, match=r"keybook\.json"):
        KeyBook(path, database=database)
    assert database.key_bindings() == {}
    _json_book(path, {"alice": KEY_A})  # mended: it is imported now
    assert KeyBook(path, database=database).key_of("alice") == KEY_A


def test_a_binding_the_database_cannot_keep_is_not_kept_in_memory(
    tmp_path: Path, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = KeyBook(tmp_path / KEYBOOK_FILE, database=database)

    def fail(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(database, "bind_key", fail)
    with pytest.raises(sqlite3.OperationalError):
        keys.bind("alice", KEY_A)
    assert not keys.is_bound("alice") and keys.name_of(KEY_A) is None


def test_a_rebuild_keeps_the_key_bindings_and_the_import(tmp_path: Path) -> None:
    """Keys are no record's: the rebuilt database has the old one's, and the JSON book is
    not imported over them again; players named by games keep the games' numbering."""
    record = tmp_path / "finished-1.rec"
    finished_record(record, [person("ala"), person("olek")])
    path = tmp_path / "hunters.db"
    _json_book(tmp_path / KEYBOOK_FILE, {"zed": KEY_C})
    with Database.open(path) as db:
        db.add_game(record)
        keys = KeyBook(tmp_path / KEYBOOK_FILE, database=db)
        keys.bind("olek", KEY_A)
        keys.bind("eve", KEY_B)
    rebuild(path, [record])
    with Database.open(path) as db:
        assert db.key_bindings() == {"olek": KEY_A, "eve": KEY_B, "zed": KEY_C}
        assert db.import_once(KEYBOOK_FILE, lambda: [("amy", KEY_A)]) is False
        assert [s.name for s in db.history()[0].seats] == ["ala", "olek"]
        rows = db._db.execute("SELECT id, name FROM players ORDER BY id").fetchall()
        assert rows[:2] == [(1, "ala"), (2, "olek")]
