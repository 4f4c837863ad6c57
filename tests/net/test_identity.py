"""The name allow-list and the key book that binds names to public keys."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from net.identity import Identity, KeyBook, KeyBookError, name_refusal, valid_name

pytestmark = pytest.mark.timeout(30)

KEY_A = "SHA256:" + "A" * 43
KEY_B = "SHA256:" + "B" * 43
KEY_C = "SHA256:" + "C" * 43


@pytest.mark.parametrize("name", ["alice", "Bob_2", "x", "a.b-c", "_under", "0123456789abcdef"])
def test_allow_list_accepts_plain_names(name: str) -> None:
    """Letters, digits, '_', '.', '-' up to 16 characters are names."""
    assert valid_name(name)
    assert name_refusal(name) is None


@pytest.mark.parametrize(
    "name",
    [
        "",
        "[@click=app.quit]",
        "[/",
        "../etc",
        "..",
        ".hidden",
        "-rf",
        "a b",
        "tab\there",
        "esc\x1b[31m",
        "bidi\u202eevil",
        "émile",
        "ａｌｉｃｅ",  # fullwidth letters
        "x" * 17,
        "name\n",
    ],
)
def test_allow_list_refuses_markup_paths_controls_and_long_names(name: str) -> None:
    """Markup, paths, options, control and non-ASCII characters and long names are refused."""
    assert not valid_name(name)
    reason = name_refusal(name)
    assert reason is not None
    assert "\n" not in reason


def test_refusal_never_echoes_the_name() -> None:
    """The reason goes to the client's terminal, so the escape sequence in the name does not."""
    reason = name_refusal("\x1b]0;pwned\x07")
    assert reason is not None
    assert "\x1b" not in reason and "pwned" not in reason


def book(tmp_path: Path, **kwargs: int) -> KeyBook:
    return KeyBook(tmp_path / "keybook.json", **kwargs)


def test_a_new_key_binds_a_free_name(tmp_path: Path) -> None:
    """The first key to be bound to alice owns alice from then on."""
    keys = book(tmp_path)
    assert keys.resolve("alice", KEY_A) == "alice"
    assert keys.bind("alice", KEY_A)
    assert keys.key_of("alice") == KEY_A
    assert keys.name_of(KEY_A) == "alice"


def test_resolving_binds_nothing(tmp_path: Path) -> None:
    """Logging in only resolves the name: until the table takes the player, the name stays
    free, for a keyless player too, and nothing is written."""
    keys = book(tmp_path)
    assert keys.resolve("alice", KEY_A) == "alice"
    assert not keys.is_bound("alice")
    assert keys.name_of(KEY_A) is None
    assert keys.resolve("alice", None) == "alice"
    assert list(tmp_path.iterdir()) == []


def test_the_same_key_gets_its_name_back(tmp_path: Path) -> None:
    """The bound key gets alice again, and also when it comes with another username."""
    keys = book(tmp_path)
    keys.bind("alice", KEY_A)
    assert keys.resolve("alice", KEY_A) == "alice"
    assert keys.resolve("carol", KEY_A) == "alice"
    assert keys.bind("alice", KEY_A)
    assert not keys.is_bound("carol")


def test_another_key_cannot_take_a_bound_name(tmp_path: Path) -> None:
    """Key B is refused alice, in any letter case, at login and at binding."""
    keys = book(tmp_path)
    keys.bind("alice", KEY_A)
    assert not keys.allows("alice", KEY_B)
    assert keys.resolve("alice", KEY_B) is None
    assert keys.resolve("ALICE", KEY_B) is None
    assert not keys.bind("ALICE", KEY_B)
    assert keys.resolve("bob", KEY_B) == "bob"
    assert keys.key_of("alice") == KEY_A


def test_a_key_binds_one_name_only(tmp_path: Path) -> None:
    """Key A, bound to alice, cannot also bind bob (it logs in as alice anyway)."""
    keys = book(tmp_path)
    keys.bind("alice", KEY_A)
    assert not keys.bind("bob", KEY_A)
    assert not keys.is_bound("bob")


def test_keyless_logins_only_take_unbound_names(tmp_path: Path) -> None:
    """Without a key, alice (bound) is refused and dave (free) is allowed but stays free."""
    keys = book(tmp_path)
    keys.bind("alice", KEY_A)
    assert not keys.allows("alice", None)
    assert keys.resolve("alice", None) is None
    assert not keys.bind("alice", None)
    assert keys.allows("dave", None)
    assert keys.resolve("dave", None) == "dave"
    assert keys.bind("dave", None)
    assert not keys.is_bound("dave")


def test_a_name_bound_after_login_is_not_bound_again(tmp_path: Path) -> None:
    """Alice logged in keyless and key A as alice too, both while alice was free; key B
    binds alice first. Binding then refuses both: the key book has the last word."""
    keys = book(tmp_path)
    assert keys.resolve("alice", None) == "alice"
    assert keys.resolve("alice", KEY_A) == "alice"
    assert keys.bind("alice", KEY_B)
    assert not keys.bind("alice", None)
    assert not keys.bind("alice", KEY_A)
    assert keys.key_of("alice") == KEY_B


def test_an_identity_confirms_its_name_in_its_key_book(tmp_path: Path) -> None:
    """An Identity binds through the key book it was resolved in; without one it has
    nothing to bind, and the book's binding is what it reports as its name's key."""
    keys = book(tmp_path)
    alice = Identity("alice", KEY_A, "192.0.2.1", keybook=keys)
    assert alice.bound_key is None
    assert alice.confirm()
    assert alice.bound_key == KEY_A == keys.key_of("alice")
    assert alice == Identity("alice", KEY_A, "192.0.2.1")
    assert not Identity("alice", KEY_B, "192.0.2.2", keybook=keys).confirm()
    assert Identity("bob", KEY_B, "192.0.2.2").confirm()
    assert not keys.is_bound("bob")


def test_bindings_survive_a_restart(tmp_path: Path) -> None:
    """A second KeyBook on the same file knows the first one's bindings."""
    book(tmp_path).bind("alice", KEY_A)
    again = book(tmp_path)
    assert again.resolve("alice", KEY_A) == "alice"
    assert again.resolve("alice", KEY_B) is None


def test_the_file_is_written_0600_with_no_temp_files_left(tmp_path: Path) -> None:
    """The book on disk is private to its owner and the atomic write leaves nothing behind."""
    keys = book(tmp_path)
    keys.bind("alice", KEY_A)
    keys.bind("bob", KEY_B)
    assert stat.S_IMODE(keys.path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["keybook.json"]
    assert json.loads(keys.path.read_text()) == {
        "format": 1,
        "names": {"alice": KEY_A, "bob": KEY_B},
    }


def test_a_full_book_admits_new_players_without_binding(tmp_path: Path) -> None:
    """At max_names, a new key still gets its name but binds nothing and evicts nobody."""
    keys = book(tmp_path, max_names=1)
    keys.bind("alice", KEY_A)
    assert keys.resolve("bob", KEY_B) == "bob"
    assert keys.bind("bob", KEY_B)
    assert len(keys) == 1
    assert keys.key_of("alice") == KEY_A
    assert not keys.is_bound("bob")


def test_a_failed_save_binds_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the file cannot be written, the binding is not kept in memory either."""
    keys = book(tmp_path)

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("net.identity.os.replace", fail)
    with pytest.raises(OSError):
        keys.bind("alice", KEY_A)
    assert not keys.is_bound("alice")
    assert keys.name_of(KEY_A) is None
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        "[]",
        '{"format": 2, "names": {}}',
        '{"format": 1, "names": {"../x": "' + KEY_A + '"}}',
        '{"format": 1, "names": {"alice": "MD5:00"}}',
        '{"format": 1, "names": {"alice": "' + KEY_A + '", "ALICE": "' + KEY_C + '"}}',
        '{"format": 1, "names": {"alice": "' + KEY_A + '", "bob": "' + KEY_A + '"}}',
    ],
)
def test_a_damaged_book_is_refused_not_guessed_at(tmp_path: Path, content: str) -> None:
    """A book that is not exactly a key book stops the server with the file's name."""
    (tmp_path / "keybook.json").write_text(content)
    with pytest.raises(KeyBookError, match=r"keybook\.json"):
        book(tmp_path)
