"""Player identity over SSH: the name allow-list and the key book binding names to keys.

A remote player's name is their SSH username. It is shown on every other player's screen,
so it passes an allow-list before anything else sees it (a name like ``[@click=app.quit]``
would be live markup in Textual). The key book makes a name belong to the first public key
the table accepted under it, so nobody else can sit down as that player later; the binding is
by SHA256 fingerprint of the key that actually authenticated, never one merely offered.

Binding is in two steps. Logging in only *resolves* the name (`KeyBook.resolve`: is it free
for this key?); the name is bound once the table has taken the player in
(`Identity.confirm`). Binding at login would let a key take the name of a keyless player
sitting at the table: the table refuses the key, but the name would be the key's, the real
player could never log in again, and the key would get their seat later.

A login may carry an invite code to a private table after the name (``ala+K7QF``): the name is
the part before the ``+`` and goes through the allow-list alone; key binding and the key book
know only the name (`split_login`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from core.db import Database

__all__ = [
    "INVITE_ALPHABET",
    "INVITE_LENGTH",
    "INVITE_RULE",
    "KEYBOOK_FILE",
    "NAME_RULE",
    "Identity",
    "KeyBook",
    "KeyBookError",
    "login_refusal",
    "name_refusal",
    "split_login",
    "valid_invite",
    "valid_name",
]

_log = logging.getLogger(__name__)

KEYBOOK_FILE = "keybook.json"
"""The key book's file name inside the data directory."""

_FORMAT = 1

# The allow-list: [A-Za-z0-9_.-]{1,16}, and the first character may not be '.' or '-' so
# that no name is a path component ('.', '..') or looks like a command-line option.
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,15}")
_FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")

NAME_RULE = "a name is 1-16 of A-Z a-z 0-9 _ . - and does not start with . or -"
"""The allow-list in words, for refusal messages."""


INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The characters of an invite code: letters and digits without look-alikes (no 0, O, 1, I
or L), so a code read aloud or off a screen is typed right."""
INVITE_LENGTH = 4
INVITE_RULE = (
    f"an invite code is {INVITE_LENGTH} of the letters and digits "
    f"{INVITE_ALPHABET} (no 0, O, 1, I or L)"
)
"""The invite code's rule in words, for refusal messages."""


def valid_name(name: str) -> bool:
    """Whether ``name`` may be a player's name."""
    return _NAME.fullmatch(name) is not None


def name_refusal(name: str) -> str | None:
    """One line saying why ``name`` is refused, or None when it is fine.

    The line never repeats the name: it goes back to the client, whose terminal would
    interpret any escape sequences in it.
    """
    if valid_name(name):
        return None
    return f"hunters: {NAME_RULE}; connect with ssh NAME@host"


def valid_invite(code: str) -> bool:
    """Whether ``code`` is an invite code as `net.tables` makes them (any letters' case)."""
    return len(code) == INVITE_LENGTH and all(c in INVITE_ALPHABET for c in code.upper())


def split_login(username: str) -> tuple[str, str | None]:
    """The SSH username as (name, invite code in capitals or None): ``ala+k7qf`` is
    ("ala", "K7QF"). Nothing is checked here (see `login_refusal`)."""
    name, plus, code = username.partition("+")
    return name, code.upper() if plus else None


def login_refusal(username: str) -> str | None:
    """One line saying why the SSH username ``username`` is refused, or None: its name part
    must pass `name_refusal`, and an invite code after a ``+`` must be well formed. Like
    `name_refusal`, the line repeats nothing the client sent."""
    name, code = split_login(username)
    refusal = name_refusal(name)
    if refusal is not None or code is None or valid_invite(code):
        return refusal
    return f"hunters: {INVITE_RULE}; connect with ssh NAME+CODE@host"


@dataclass(frozen=True, slots=True)
class Identity:
    """Who an authenticated SSH connection is: what the session and the table go by."""

    name: str
    """The player's name (allow-listed; the key's bound name when a known key logged in)."""
    fingerprint: str | None
    """SHA256 fingerprint of the public key that authenticated, None for keyless logins."""
    peer_ip: str
    """The client's address, for logs and limits (never shown to other players)."""
    keybook: KeyBook | None = field(default=None, compare=False, repr=False)
    """The key book the name was resolved in, to bind it in (None: nothing to bind)."""
    invite: str | None = None
    """The invite code to a private table the login came with (``ala+K7QF``: "K7QF", in
    capitals), checked for its form only; None: none."""

    @property
    def bound_key(self) -> str | None:
        """The fingerprint the key book binds the name to now (None: unbound, or no book)."""
        return self.keybook.key_of(self.name) if self.keybook is not None else None

    def confirm(self) -> bool:
        """Bind the name to the key, once the table has taken the player in; False if the
        name (or the key) was bound to another since login, and the player must be turned
        away. Keyless: True while the name is still free. See `KeyBook.bind`."""
        return self.keybook is None or self.keybook.bind(self.name, self.fingerprint)


class KeyBookError(Exception):
    """The key book file cannot be read as a key book; the message names the file."""


class KeyBook:
    """Names bound to public-key fingerprints, persisted in the players' database or as JSON
    in the data directory.

    A key has one name and a name has one key (both compared case-insensitively, so "Alice"
    cannot pose as "alice"). Writes are atomic (a transaction in the database; as JSON a 0600
    temp file, then ``os.replace``), so a crash leaves the old book or the new one, never half
    of either. The book holds at most ``max_names`` bindings: once full, new players still get
    in but their names stay unbound, rather than letting a flood of throwaway keys grow the
    file, or evict real players.

    With a ``database`` (``hunters serve``: `core.db`'s ``players`` and ``keys``) the JSON
    book at ``path``, if there is one, is imported into it once and then left as it is.
    """

    def __init__(
        self, path: Path, *, max_names: int = 10_000, database: Database | None = None
    ) -> None:
        self._path = path
        self._max_names = max_names
        self._database = database
        self._key_by_name: dict[str, tuple[str, str]] = {}
        """casefolded name -> (name as bound, fingerprint)"""
        self._name_by_key: dict[str, str] = {}
        """fingerprint -> name as bound"""
        if database is None:
            self._load()
            return
        if path.exists():  # read (and checked) only until it is imported
            database.import_once(KEYBOOK_FILE, self._read)
        for name, fingerprint in database.key_bindings().items():
            self._key_by_name[name.casefold()] = (name, fingerprint)
            self._name_by_key[fingerprint] = name

    def _read(self) -> list[tuple[str, str]]:
        """The JSON book's bindings (KeyBookError if it is no key book)."""
        self._load()
        bindings = list(self._key_by_name.values())
        self._key_by_name.clear()
        self._name_by_key.clear()
        return bindings

    @property
    def path(self) -> Path:
        """The JSON file behind this book (with a database: the one imported into it)."""
        return self._path

    def __len__(self) -> int:
        return len(self._key_by_name)

    def key_of(self, name: str) -> str | None:
        """The fingerprint ``name`` is bound to, if any."""
        entry = self._key_by_name.get(name.casefold())
        return entry[1] if entry else None

    def name_of(self, fingerprint: str) -> str | None:
        """The name the key with ``fingerprint`` is bound to, if any."""
        return self._name_by_key.get(fingerprint)

    def is_bound(self, name: str) -> bool:
        """Whether ``name`` belongs to a key."""
        return name.casefold() in self._key_by_name

    def allows(self, name: str, fingerprint: str | None) -> bool:
        """Whether a login as ``name`` with this key (None: without a key) may go ahead."""
        bound = self.key_of(name)
        return bound is None or bound == fingerprint

    def resolve(self, name: str, fingerprint: str | None) -> str | None:
        """The name a player who logs in as ``name`` plays under; None if refused. Binds
        nothing (see the module docstring).

        - a known key gets its own bound name back, whatever username it came with;
        - any other login gets ``name`` if no key owns it, and is refused if one does.
        """
        if fingerprint is not None:
            known = self.name_of(fingerprint)
            if known is not None:
                return known
        return None if self.is_bound(name) else name

    def bind(self, name: str, fingerprint: str | None) -> bool:
        """Make ``name`` the key's (saved before this returns); whether the player may play
        under ``name`` now.

        - the key already bound to ``name``: True, nothing to do;
        - ``name`` bound to another key, or the key to another name: False;
        - keyless (None): nothing to bind; True while no key owns ``name``;
        - a full book binds nothing (a warning is logged) and says True: the player plays
          unbound, as everyone did before key books.
        """
        if fingerprint is None:
            return not self.is_bound(name)
        bound = self.key_of(name)
        if bound is not None or self.name_of(fingerprint) is not None:
            return bound == fingerprint
        if len(self) >= self._max_names:
            _log.warning("key book %s is full: %r plays unbound", self._path, name)
        else:
            self._bind(name, fingerprint)
        return True

    def _bind(self, name: str, fingerprint: str) -> None:
        self._key_by_name[name.casefold()] = (name, fingerprint)
        self._name_by_key[fingerprint] = name
        try:
            if self._database is not None:
                self._database.bind_key(name, fingerprint)
            else:
                self._save()
        except BaseException:
            # Keep memory and disk in step: a binding that was not saved did not happen.
            del self._key_by_name[name.casefold()]
            del self._name_by_key[fingerprint]
            raise

    def _load(self) -> None:
        try:
            text = self._path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        try:
            data = json.loads(text)
        except ValueError as error:
            raise KeyBookError(f"{self._path} is not valid JSON: {error}") from error
        names = data.get("names") if isinstance(data, dict) else None
        if (
            not isinstance(data, dict)
            or data.get("format") != _FORMAT
            or not isinstance(names, dict)
        ):
            raise KeyBookError(f"{self._path} is not a format-{_FORMAT} Hunters key book")
        for name, fingerprint in names.items():
            if not (
                isinstance(fingerprint, str)
                and valid_name(name)
                and _FINGERPRINT.fullmatch(fingerprint)
            ):
                raise KeyBookError(f"{self._path}: bad entry {name!r}: {fingerprint!r}")
            if name.casefold() in self._key_by_name or fingerprint in self._name_by_key:
                raise KeyBookError(f"{self._path}: {name!r} or its key is bound twice")
            self._key_by_name[name.casefold()] = (name, fingerprint)
            self._name_by_key[fingerprint] = name

    def _save(self) -> None:
        names = dict(sorted(self._key_by_name.values()))
        text = json.dumps({"format": _FORMAT, "names": names}, indent=2) + "\n"
        # mkstemp creates the file with mode 0600 and O_EXCL, in the same directory so that
        # os.replace is an atomic rename on the same file system.
        fd, temp = tempfile.mkstemp(prefix=f".{KEYBOOK_FILE}.", dir=self._path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, self._path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp)
            raise
        _fsync_dir(self._path.parent)


def _fsync_dir(path: Path) -> None:
    """Make a rename in ``path`` durable (POSIX only; Windows cannot open directories)."""
    if os.name != "posix":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
