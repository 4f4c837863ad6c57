"""The name allow-list and the key book that binds names to public keys."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import asyncssh
import pytest

from net.identity import (
    INVITE_ALPHABET,
    Identity,
    KeyBook,
    KeyBookError,
    login_refusal,
    name_refusal,
    split_login,
    valid_invite,
    valid_name,
)
from net.server import start_server
from tests.net.test_server import ProbeSession, connect, field_of, login_line, new_key

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


# -- an invite code after the name -----------------------------------------------------------


@pytest.mark.parametrize(
    ("login", "parts"),
    [
        ("ala+K7QF", ("ala", "K7QF")),
        ("ala+k7qf", ("ala", "K7QF")),
        ("Bob_2+2345", ("Bob_2", "2345")),
        ("ala", ("ala", None)),
    ],
)
def test_a_login_is_a_name_and_maybe_an_invite_code(
    login: str, parts: tuple[str, str | None]
) -> None:
    """``ala+K7QF`` is the name "ala" with the invite "K7QF" (any letters' case: codes are
    read aloud), and is let in."""
    assert split_login(login) == parts
    assert login_refusal(login) is None


def test_the_invite_alphabet_has_no_look_alikes() -> None:
    """Codes are read off screens: no 0/O, 1/I/L to confuse."""
    assert not set("0O1IL") & set(INVITE_ALPHABET)
    assert valid_invite("k7qf") and not valid_invite("K0QF")


@pytest.mark.parametrize(
    "code", ["", "K7Q", "K7QFX", "K0QF", "KOQF", "K1QF", "KLQF", "K7Q!", "K7+F"]
)
def test_a_malformed_invite_code_is_refused_saying_what_a_code_is(code: str) -> None:
    """A code of the wrong length or with characters no code has is refused in one line
    that says what a code is, never repeating what was sent."""
    reason = login_refusal(f"ala+{code}")
    assert reason is not None
    assert reason.startswith("hunters: an invite code is 4 of the letters and digits")
    assert "\n" not in reason and (not code or code not in reason)


@pytest.mark.parametrize("login", ["[@click=app.quit]+K7QF", "+K7QF", "x" * 17 + "+K7QF"])
def test_the_name_part_goes_through_the_allow_list(login: str) -> None:
    """The name before the ``+`` is the name, allow-listed as any other."""
    assert login_refusal(login) == name_refusal(login.partition("+")[0]) is not None


async def test_the_server_hands_on_the_invite_and_binds_the_name_alone(tmp_path: Path) -> None:
    """Over SSH, ``alice+k7qf`` with a key logs in as alice with the invite "K7QF"; the key is
    bound to "alice", so the same key comes back as alice with no invite, and
    another key cannot take "alice" by adding a code."""
    seen: list[Identity] = []
    started: list[str] = []

    def session(identity: Identity) -> ProbeSession:
        seen.append(identity)
        return ProbeSession(identity, started)

    acceptor = await start_server(
        host="127.0.0.1", port=0, data_dir=tmp_path / "data", password=None, session_factory=session
    )
    port = acceptor.get_port()
    key_a, key_b = new_key(), new_key()
    try:
        line = await login_line(port, "alice+k7qf", client_keys=[key_a])
        assert field_of(line, "name") == "alice"
        await login_line(port, "alice", client_keys=[key_a])
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(port, "alice+K7QF", client_keys=[key_b])
        with pytest.raises(asyncssh.IllegalUserName):
            await connect(port, "bob+K0QF", client_keys=[key_b])
    finally:
        acceptor.close()
    assert [(i.name, i.invite) for i in seen] == [("alice", "K7QF"), ("alice", None)]
    assert KeyBook(tmp_path / "data" / "keybook.json").key_of("alice") is not None


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
