"""The host key: created 0600 once, reused, refused when others can read it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh
import pytest

from net.hostkey import (
    HOST_KEY_FILE,
    HostKeyError,
    data_dir_for,
    default_data_dir,
    fingerprint,
    load_or_create_host_key,
)

pytestmark = pytest.mark.timeout(30)

posix_only = pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX")


@posix_only
def test_key_is_created_0600_even_under_a_permissive_umask(tmp_path: Path) -> None:
    """With umask 000 the new key file is still 0600 and the new data dir 0700."""
    data_dir = tmp_path / "data"
    old = os.umask(0)
    try:
        key = load_or_create_host_key(data_dir)
    finally:
        os.umask(old)
    path = data_dir / HOST_KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert key.algorithm == b"ssh-ed25519"


def test_key_is_created_once_and_reused(tmp_path: Path) -> None:
    """A second load returns the same key and leaves the file untouched."""
    first = load_or_create_host_key(tmp_path)
    path = tmp_path / HOST_KEY_FILE
    before = path.read_bytes(), path.stat().st_mtime_ns
    second = load_or_create_host_key(tmp_path)
    assert fingerprint(second) == fingerprint(first)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_fingerprint_is_openssh_sha256_form(tmp_path: Path) -> None:
    """The printed fingerprint is what `ssh-keygen -lf` shows: SHA256: and 43 base64 chars."""
    text = fingerprint(load_or_create_host_key(tmp_path))
    assert text.startswith("SHA256:") and len(text) == len("SHA256:") + 43


@posix_only
@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660, 0o602])
def test_a_key_others_can_access_is_refused(tmp_path: Path, mode: int) -> None:
    """Group or world access to the key stops the server, with the chmod that fixes it."""
    load_or_create_host_key(tmp_path)
    path = tmp_path / HOST_KEY_FILE
    path.chmod(mode)
    with pytest.raises(HostKeyError, match="chmod 600"):
        load_or_create_host_key(tmp_path)


@posix_only
def test_a_symlinked_key_is_refused(tmp_path: Path) -> None:
    """The key file must be the file itself, not a link that could point anywhere."""
    real = tmp_path / "elsewhere"
    real.mkdir(mode=0o700)
    load_or_create_host_key(real)
    data_dir = tmp_path / "data"
    data_dir.mkdir(mode=0o700)
    (data_dir / HOST_KEY_FILE).symlink_to(real / HOST_KEY_FILE)
    with pytest.raises(HostKeyError):
        load_or_create_host_key(data_dir)


def test_a_damaged_key_is_refused_not_replaced(tmp_path: Path) -> None:
    """Garbage in the key file is an error; silently minting a new key would hide it."""
    path = tmp_path / HOST_KEY_FILE
    fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
    os.write(fd, b"not a key")
    os.close(fd)
    with pytest.raises(HostKeyError, match="not a usable private key"):
        load_or_create_host_key(tmp_path)
    assert path.read_bytes() == b"not a key"


def test_a_key_written_elsewhere_is_loaded(tmp_path: Path) -> None:
    """An existing 0600 OpenSSH-format key (e.g. from a backup) is used as is."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / HOST_KEY_FILE
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    os.write(fd, key.export_private_key())
    os.close(fd)
    assert fingerprint(load_or_create_host_key(tmp_path)) == fingerprint(key)


@posix_only
def test_a_data_dir_others_can_write_is_refused(tmp_path: Path) -> None:
    """Whoever can write the data dir could swap the key, so that is refused too."""
    tmp_path.chmod(0o777)
    with pytest.raises(HostKeyError, match="chmod 700"):
        load_or_create_host_key(tmp_path)


def test_data_dir_follows_each_platform(tmp_path: Path) -> None:
    """XDG on Linux (absolute only), Application Support on macOS, %APPDATA% on Windows."""
    home = tmp_path / "home"
    assert data_dir_for("linux", {}, home) == home / ".local" / "share" / "hunters"
    assert data_dir_for("linux", {"XDG_DATA_HOME": "/xdg"}, home) == Path("/xdg/hunters")
    assert data_dir_for("linux", {"XDG_DATA_HOME": "rel"}, home) == (
        home / ".local" / "share" / "hunters"
    )
    assert data_dir_for("darwin", {}, home) == home / "Library" / "Application Support" / (
        "hunters"
    )
    assert data_dir_for("win32", {"APPDATA": str(tmp_path / "AD")}, home) == (
        tmp_path / "AD" / "hunters"
    )
    assert data_dir_for("win32", {}, home) == home / "AppData" / "Roaming" / "hunters"


@posix_only
def test_default_data_dir_is_created_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """default_data_dir makes $XDG_DATA_HOME/hunters with mode 0700."""
    monkeypatch.setattr("net.hostkey.sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    path = default_data_dir()
    assert path == tmp_path / "xdg" / "hunters"
    assert stat.S_IMODE(path.stat().st_mode) == 0o700
