"""The server's SSH host key and its private data directory.

Players' clients remember the host key on first connect and warn loudly if it ever changes,
so the key is created once and reused for the life of the data directory. asyncssh's
``write_private_key`` creates the file under the process umask, which on many systems leaves
it world-readable for a moment or for good; here the file is created with ``O_EXCL`` and mode
0600 from its first byte, and a key file others can read is refused rather than used.

The data directory holds everything the server trusts or keeps about players (the key, the
key book, the game records, the log with names and addresses), so it must be private: mode
0700, owned by the user running the server. One that is not is refused with the command that
fixes it, never changed behind the user's back (``--data-dir`` may name a directory that
has other uses). Inside it, the server's files and the ``table/`` directory must be the real
things, not symbolic links that could point the server at any file.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path

import asyncssh

__all__ = [
    "HOST_KEY_FILE",
    "DataDirError",
    "HostKeyError",
    "data_dir_for",
    "default_data_dir",
    "ensure_private_dir",
    "fingerprint",
    "load_or_create_host_key",
    "refuse_symlink",
]

HOST_KEY_FILE = "host_key"
"""The host key's file name inside the data directory."""

APP_DIR = "hunters"

# Only POSIX has meaningful permission bits and owners; on Windows the checks below are skipped
# and the per-user %APPDATA% directory's ACL is what protects the key.
_POSIX = os.name == "posix"
_O_BINARY = getattr(os, "O_BINARY", 0)
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class DataDirError(Exception):
    """Something in the data directory cannot be used safely; the message, one line, names it
    and says how to fix it."""


class HostKeyError(DataDirError):
    """The host key (or its directory) cannot be used safely; the message says how to fix it."""


def data_dir_for(platform: str, environ: Mapping[str, str], home: Path) -> Path:
    """Where the platform keeps per-user application data for Hunters (pure, for tests).

    Linux and other Unixes follow the XDG base directory spec ($XDG_DATA_HOME, ignored unless
    absolute, else ~/.local/share); macOS uses ~/Library/Application Support; Windows %APPDATA%.
    """
    if platform == "win32":
        appdata = environ.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = environ.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / APP_DIR


def default_data_dir() -> Path:
    """This user's Hunters data directory (host key, key book), created 0700 if missing."""
    path = data_dir_for(sys.platform, os.environ, Path.home())
    ensure_private_dir(path)
    return path


def ensure_private_dir(path: Path, *, allow_symlink: bool = True) -> None:
    """Create ``path`` (mode 0700) if missing; refuse one that is not private to this user.

    Everything the server trusts lives here: whoever can write to the directory can swap the
    host key or the key book, so a group- or world-writable directory is an error, and so is
    one others can read or enter (the records and the log name players and addresses) or one
    another user owns. ``allow_symlink``: False for directories inside the data dir, which the
    server makes itself; the data dir itself may be a link the user chose.
    """
    if not allow_symlink:
        refuse_symlink(path, "the directory")
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not _POSIX:
        return
    info = path.stat()
    if not stat.S_ISDIR(info.st_mode):
        raise HostKeyError(f"{path} is not a directory")
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o022:
        raise HostKeyError(
            f"{path} is writable by other users (mode {mode:04o}); run: chmod 700 {path}"
        )
    if info.st_uid != os.getuid():
        raise HostKeyError(f"{path} belongs to another user (uid {info.st_uid})")
    if mode & 0o077:
        raise HostKeyError(
            f"{path} is readable by other users (mode {mode:04o}); run: chmod 700 {path}"
        )


def refuse_symlink(path: Path, what: str) -> None:
    """Raise :class:`DataDirError` if ``path`` is a symbolic link (a missing path is fine).

    For files the server opens by name in the data dir where the opening itself cannot refuse
    a link (``O_NOFOLLOW``); the directory is private, so nobody else can plant one after.
    """
    if path.is_symlink():
        raise DataDirError(
            f"{what} {path} is a symbolic link; the server uses only real files in its data "
            "directory: move the link away"
        )


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as OpenSSH prints it (``SHA256:...``), for the start banner."""
    return key.get_fingerprint("sha256")


def load_or_create_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The Ed25519 host key in ``data_dir/host_key``: loaded if present, else created (0600).

    Raises :class:`HostKeyError` for a key file that others can read or write, that is not a
    regular file, that belongs to another user, or that does not hold a private key.
    """
    ensure_private_dir(data_dir)
    path = data_dir / HOST_KEY_FILE
    try:
        return _load(path)
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519", comment="hunters host key")
    try:
        _write_new(path, key.export_private_key("openssh"))
    except FileExistsError:
        # Another server process on the same data directory created it first: use theirs,
        # so both present the same key.
        return _load(path)
    return key


def _write_new(path: Path, data: bytes) -> None:
    """Write ``data`` to a file that must not exist yet, readable by its owner only."""
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | _O_BINARY, 0o600)
    try:
        if _POSIX:
            # The mode given to open() is filtered through the umask; set it exactly.
            os.fchmod(fd, 0o600)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        path.unlink(missing_ok=True)
        raise
    os.close(fd)


def _load(path: Path) -> asyncssh.SSHKey:
    """Read and check the key at ``path``; FileNotFoundError when there is none."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_BINARY | _O_NOFOLLOW)
    except FileNotFoundError:
        raise
    except OSError as error:
        # ELOOP from O_NOFOLLOW: a symlink could point the server at any file.
        raise HostKeyError(f"cannot open the host key {path}: {error.strerror}") from error
    with os.fdopen(fd, "rb") as file:
        # Checked on the open descriptor, so the file cannot be swapped between check and read.
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise HostKeyError(f"the host key {path} is not a regular file")
        if _POSIX:
            mode = stat.S_IMODE(info.st_mode)
            if mode & 0o077:
                raise HostKeyError(
                    f"the host key {path} is accessible by other users (mode {mode:04o}); "
                    f"run: chmod 600 {path}"
                )
            if info.st_uid != os.getuid():
                raise HostKeyError(
                    f"the host key {path} belongs to another user (uid {info.st_uid})"
                )
        data = file.read()
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise HostKeyError(
            f"the host key {path} is not a usable private key ({error}); move it away "
            "to create a new one (players will then be warned that the key changed)"
        ) from error
