"""The SSH server's policy against a real server on 127.0.0.1 (port 0) and real clients.

Each test starts `start_server` with its host key and key book in tmp_path and a probe
session: it accepts *everything* that reaches it (a shell without a PTY, exec, subsystems)
and records it. So whatever a test sees refused was refused by the server's policy, and
"nothing spawned" means the probe's log shows the request never arrived. When it does start,
the probe confirms its identity (binding the name to the key, as the table does when it
takes a player in) and writes one line with the identity it was given and what it sees of
its channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from net.hostkey import HOST_KEY_FILE, HostKeyError, fingerprint
from net.identity import Identity
from net.limits import RateLimiter
from net.server import IDENTITY_INFO, LiveConnections
from net.server import start_server as start_hunters_server
from tests.net.e2e_helpers import SSH, OpenSSHTerminal

WAIT = 5.0
"""Seconds any single wait may take before the test fails."""

pytestmark = pytest.mark.timeout(30)


class ProbeSession(asyncssh.SSHServerSession[bytes]):
    """Says yes to every request and logs it; on start, reports its identity and channel."""

    def __init__(self, identity: Identity, log: list[str]) -> None:
        self._identity = identity
        self._log = log
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan
        self._log.append("open")

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self._log.append("pty")
        return True

    def shell_requested(self) -> bool:
        self._log.append("shell")
        return True

    def exec_requested(self, command: str) -> bool:
        self._log.append(f"exec {command}")
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self._log.append(f"subsystem {subsystem}")
        return True

    def session_started(self) -> None:
        assert self._chan is not None
        chan = self._chan
        conn = chan.get_extra_info("connection")
        identity = self._identity
        line = (
            f"name={identity.name} key={identity.fingerprint} ip={identity.peer_ip} "
            f"extra={chan.get_extra_info(IDENTITY_INFO) == identity} "
            f"env={len(chan.get_environment())} agent={conn.get_agent_path()} "
            f"term={chan.get_terminal_type()}\r\n"
        )
        self._log.append("started" if identity.confirm() else "name taken")
        chan.write(line.encode())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        assert self._chan is not None
        self._chan.write(b"echo " + data)
        if data.startswith(b"bye"):
            self._chan.exit(0)


@dataclass
class Served:
    """A running server: where it listens, its data directory and its sessions' log."""

    port: int
    data_dir: Path
    acceptor: asyncssh.SSHAcceptor
    live: LiveConnections
    log: list[str] = field(default_factory=list)

    async def stop(self) -> None:
        """Stop listening and close every connection (asyncssh's close() leaves them open)."""
        self.acceptor.close()
        await self.acceptor.wait_closed()
        async with asyncio.timeout(WAIT):
            await self.live.close_all()


Serve = Callable[..., Awaitable[Served]]


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[Serve]:
    """``await serve(**start_server_options)``: every server is stopped when the test ends."""
    started: list[Served] = []

    async def start(**options: Any) -> Served:
        log: list[str] = []
        live = LiveConnections()
        settings: dict[str, Any] = {
            "host": "127.0.0.1",
            "port": 0,
            "data_dir": tmp_path / "data",
            "password": None,
            "session_factory": lambda identity: ProbeSession(identity, log),
            "login_timeout": WAIT,
            "live": live,
        }
        settings.update(options)
        acceptor = await start_hunters_server(**settings)
        served = Served(acceptor.get_port(), settings["data_dir"], acceptor, live, log)
        started.append(served)
        return served

    yield start
    for served in started:
        await served.stop()


class RecordingClient(asyncssh.SSHClient):
    """Keeps why the server closed the connection, and answers password prompts from a list."""

    def __init__(self, passwords: list[str] | None = None) -> None:
        self.lost: Exception | None = None
        self.passwords = list(passwords or [])
        self.password_prompts = 0

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = exc

    def password_auth_requested(self) -> str | None:
        self.password_prompts += 1
        return self.passwords.pop(0) if self.passwords else None


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def connect(
    port: int, username: str = "alice", **options: Any
) -> asyncssh.SSHClientConnection:
    """A client connection that uses none of this machine's keys, agent or ssh config.

    Without ``client_keys`` or ``password`` it logs in keyless (``password=""`` makes
    asyncssh answer keyboard-interactive, which the server then passes with no prompts).
    """
    settings: dict[str, Any] = {
        "username": username,
        "known_hosts": None,
        "client_keys": None,
        "agent_path": None,
        "config": None,
        "connect_timeout": WAIT,
    }
    if "client_keys" not in options and "password" not in options:
        settings["password"] = ""
    settings.update(options)
    return await asyncssh.connect("127.0.0.1", port, **settings)


async def greeting(conn: asyncssh.SSHClientConnection, **session_options: Any) -> str:
    """Open a PTY shell like ``ssh -t`` and return the probe's line."""
    session_options.setdefault("term_type", "xterm-256color")
    process = await conn.create_process(encoding=None, **session_options)
    async with asyncio.timeout(WAIT):
        line: bytes = await process.stdout.readline()
    process.stdin.write(b"bye\n")
    return line.decode().strip()


async def login_line(port: int, username: str = "alice", **options: Any) -> str:
    """Log in, read the probe's line, hang up."""
    async with await connect(port, username, **options) as conn:
        line = await greeting(conn)
    return line


def field_of(line: str, name: str) -> str:
    """One ``name=value`` field of the probe's line."""
    return dict(part.split("=", 1) for part in line.split())[name]


async def first_bytes(port: int, source: str = "127.0.0.1") -> bytes:
    """Open a raw TCP connection from ``source`` (any 127.0.0.0/8 address is loopback),
    return what the server says first (b"" if it hung up)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        async with asyncio.timeout(WAIT):
            return await reader.read(64)
    except ConnectionResetError:
        return b""
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


# -- host key --------------------------------------------------------------------------------


async def test_host_key_is_created_0600_and_reused_after_a_restart(serve: Serve) -> None:
    """Clients see the same host key from a restarted server on the same data directory."""
    server = await serve()
    async with await connect(server.port) as conn:
        host_key = conn.get_server_host_key()
        assert host_key is not None
        first = fingerprint(host_key)
    await server.stop()
    key_file = server.data_dir / HOST_KEY_FILE
    assert key_file.stat().st_mode & 0o777 == 0o600

    again = await serve()
    async with await connect(again.port) as conn:
        host_key = conn.get_server_host_key()
        assert host_key is not None
        assert fingerprint(host_key) == first


async def test_a_world_readable_host_key_stops_the_server(serve: Serve) -> None:
    """The server refuses to start on a key file others can read, saying how to fix it."""
    server = await serve()
    await server.stop()
    (server.data_dir / HOST_KEY_FILE).chmod(0o644)
    with pytest.raises(HostKeyError, match="chmod 600"):
        await serve()


# -- names and keys --------------------------------------------------------------------------


async def test_an_allow_listed_name_connects_without_a_key(serve: Serve) -> None:
    """No password, no key: alice gets in; the session is told who, with no fingerprint."""
    server = await serve()
    line = await login_line(server.port, "alice")
    assert field_of(line, "name") == "alice"
    assert field_of(line, "key") == "None"
    assert field_of(line, "ip") == "127.0.0.1"
    assert field_of(line, "extra") == "True"
    assert field_of(line, "term") == "xterm-256color"


@pytest.mark.parametrize("name", ["[@click=app.quit]", "../etc", "[/", "-oProxyCommand"])
async def test_names_off_the_allow_list_are_disconnected_with_one_line(
    serve: Serve, name: str
) -> None:
    """Markup, paths and options as names end the connection before any login method."""
    server = await serve()
    with pytest.raises(asyncssh.IllegalUserName) as refused:
        await connect(server.port, name)
    assert refused.value.reason.startswith("hunters: a name is")
    assert "\n" not in refused.value.reason
    assert server.log == []


async def test_a_key_gets_its_name_back_across_reconnects_and_restarts(serve: Serve) -> None:
    """Key A owns alice: again, under another username, and after a restart; B never does."""
    key_a, key_b = new_key(), new_key()
    server = await serve()
    line = await login_line(server.port, "alice", client_keys=[key_a])
    assert field_of(line, "name") == "alice"
    assert field_of(line, "key") == fingerprint(key_a)

    line = await login_line(server.port, "alice", client_keys=[key_a])
    assert field_of(line, "key") == fingerprint(key_a)
    line = await login_line(server.port, "carol", client_keys=[key_a])
    assert field_of(line, "name") == "alice"
    await server.stop()

    again = await serve()
    line = await login_line(again.port, "alice", client_keys=[key_a])
    assert (field_of(line, "name"), field_of(line, "key")) == ("alice", fingerprint(key_a))
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(again.port, "alice", client_keys=[key_b])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(again.port, "ALICE", client_keys=[key_b])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(again.port, "alice")  # keyless
    line = await login_line(again.port, "bob", client_keys=[key_b])
    assert (field_of(line, "name"), field_of(line, "key")) == ("bob", fingerprint(key_b))
    assert again.log.count("started") == 2


def unproven(key: asyncssh.SSHKey, signature: bytes | None) -> asyncssh.SSHKeyPair:
    """A key pair the client offers but cannot prove: signing fails (None) or forges."""
    pair = asyncssh.load_keypairs([key])[0]

    def sign(data: bytes) -> bytes:
        if signature is None:
            raise ValueError("this key cannot sign")
        return signature

    pair.sign = sign  # type: ignore[method-assign]
    return pair


async def test_a_key_offered_but_never_proven_binds_nothing(serve: Serve) -> None:
    """The server says "this key would do" to a query; the client never signs and logs in
    keyless. Neither the name nor the key is bound."""
    server = await serve()
    key = new_key()
    line = await login_line(server.port, "dave", client_keys=[unproven(key, None)], password="")
    assert (field_of(line, "name"), field_of(line, "key")) == ("dave", "None")
    line = await login_line(server.port, "erin", client_keys=[key])
    assert (field_of(line, "name"), field_of(line, "key")) == ("erin", fingerprint(key))
    other = new_key()
    line = await login_line(server.port, "dave", client_keys=[other])
    assert (field_of(line, "name"), field_of(line, "key")) == ("dave", fingerprint(other))


async def test_forged_signatures_count_as_failures(serve: Serve) -> None:
    """Keys accepted by the policy but with bad signatures are failed attempts too: six of
    them close the connection, and none is bound."""
    server = await serve()
    keys = [new_key() for _ in range(7)]
    forged = [unproven(key, b"\0" * 64) for key in keys]
    with pytest.raises(asyncssh.DisconnectError) as closed:
        await connect(server.port, "mallory", client_keys=forged)
    assert closed.value.reason == "hunters: too many failed login attempts"
    line = await login_line(server.port, "mallory", client_keys=[keys[0]])
    assert field_of(line, "key") == fingerprint(keys[0])


# -- passwords and failures ------------------------------------------------------------------


async def test_with_a_password_the_wrong_one_is_refused_and_the_right_one_admits(
    serve: Serve,
) -> None:
    """Password and keyboard-interactive both check the table password; no key is bound."""
    server = await serve(password="s3cret")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "alice", password="wrong")
    line = await login_line(server.port, "alice", password="s3cret", preferred_auth="password")
    assert (field_of(line, "name"), field_of(line, "key")) == ("alice", "None")
    line = await login_line(
        server.port, "alice", password="s3cret", preferred_auth="keyboard-interactive"
    )
    assert field_of(line, "name") == "alice"


class PromptedClient(RecordingClient):
    """Answers keyboard-interactive prompts from a list, as a person at OpenSSH would, and
    keeps every prompt it was shown."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__()
        self.answers = list(answers)
        self.prompts: list[str] = []

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Any
    ) -> list[str] | None:
        self.prompts += [prompt for prompt, _ in prompts]
        if not prompts:
            return []
        return [self.answers.pop(0)] if self.answers else None


async def test_the_password_prompt_names_the_table_and_a_wrong_one_says_so(
    serve: Serve,
) -> None:
    """The prompt says whose password it is; a wrong answer is told so and asked again on
    the same connection; the right one then admits."""
    server = await serve(password="s3cret")
    client = PromptedClient(["wrong", "s3cret"])
    line = await login_line(
        server.port,
        "alice",
        client_factory=lambda: client,
        password=None,
        preferred_auth="keyboard-interactive",
    )
    assert field_of(line, "name") == "alice"
    assert client.prompts == [
        "Table password for Hunters: ",
        "Wrong password, try again. Table password for Hunters: ",
    ]


@contextlib.asynccontextmanager
async def on_controlling_pty(
    argv: list[str], env: dict[str, str], name: str
) -> AsyncIterator[OpenSSHTerminal]:
    """Run ``argv`` with a new pty as its controlling terminal (ssh reads passwords from
    /dev/tty); killed by pid at the end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def take_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, preexec_fn=take_terminal
    )
    os.close(slave)
    term = OpenSSHTerminal(name, 80, 24, proc=proc, master=master)
    loop = asyncio.get_running_loop()
    loop.add_reader(master, term._readable)
    try:
        yield term
    finally:
        loop.remove_reader(master)
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=WAIT)
        os.close(master)


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (/usr/bin/ssh) is not installed")
async def test_openssh_shows_the_table_password_prompt_and_the_wrong_password_line(
    serve: Serve, tmp_path: Path
) -> None:
    """The real ssh on a pty, as a person types: a wrong password, then the right one."""
    assert SSH is not None
    server = await serve(password="s3cret")
    home = tmp_path / "home"
    home.mkdir()
    argv = [SSH, "-tt", "-F", "/dev/null", "-p", str(server.port), "-l", "alice"]
    argv += ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    argv += ["-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "127.0.0.1"]
    env = {"TERM": "xterm", "HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    async with on_controlling_pty(argv, env, "alice") as term:
        await term.wait_for("Table password for Hunters:", timeout=WAIT)
        term.send(b"wrong\r")
        await term.wait_for("Wrong password, try again. Table password for Hunters:", WAIT)
        term.send(b"s3cret\r")
        await term.wait_for("name=alice", timeout=WAIT)
        assert term.text.count("Table password for Hunters:") == 2


async def test_with_a_password_an_unknown_key_is_not_enough(serve: Serve) -> None:
    """A fresh key does not replace the table password (it is not even asked for)."""
    server = await serve(password="s3cret")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "alice", client_keys=[new_key()])


async def test_with_a_password_a_bound_key_admits_and_the_password_alone_does_not(
    serve: Serve,
) -> None:
    """alice bound to key A (earlier, passwordless) comes back with A; the password cannot
    take alice from her."""
    key_a = new_key()
    server = await serve()
    await login_line(server.port, "alice", client_keys=[key_a])
    await server.stop()

    private = await serve(password="s3cret")
    line = await login_line(private.port, "alice", client_keys=[key_a])
    assert field_of(line, "key") == fingerprint(key_a)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(private.port, "alice", password="s3cret")


async def test_six_failed_passwords_close_the_connection(serve: Serve) -> None:
    """A client that keeps guessing gets exactly six tries on one connection."""
    server = await serve(password="s3cret")
    client = RecordingClient(passwords=[f"guess{i}" for i in range(20)])
    with pytest.raises(asyncssh.DisconnectError) as closed:
        await connect(server.port, "alice", client_factory=lambda: client, password=None)
    assert closed.value.reason == "hunters: too many failed login attempts"
    assert client.password_prompts == 6


async def test_six_refused_keys_close_the_connection(serve: Serve) -> None:
    """Wrong keys for a bound name count as failures too; five leave the usual refusal."""
    server = await serve()
    await login_line(server.port, "alice", client_keys=[new_key()])
    with pytest.raises(asyncssh.PermissionDenied) as refused:
        await connect(server.port, "alice", client_keys=[new_key() for _ in range(5)])
    assert "too many" not in refused.value.reason
    with pytest.raises(asyncssh.DisconnectError) as closed:
        await connect(server.port, "alice", client_keys=[new_key() for _ in range(7)])
    assert closed.value.reason == "hunters: too many failed login attempts"


# -- connection limits -----------------------------------------------------------------------


async def test_rate_limit_refuses_a_burst_and_refills(serve: Serve) -> None:
    """Bucket of 3 at 1/s: of 30 quick connections about 3 get a version line; a second
    later a real client logs in."""
    server = await serve(rate_burst=3, rate_per_second=1.0)
    answers = [await first_bytes(server.port) for _ in range(30)]
    greeted = sum(answer.startswith(b"SSH-2.0-") for answer in answers)
    assert 3 <= greeted <= 5
    assert answers.count(b"") == 30 - greeted
    await asyncio.sleep(1.1)
    assert field_of(await login_line(server.port), "name") == "alice"


async def test_unauthenticated_cap_and_login_timeout(serve: Serve) -> None:
    """Cap 3: a 4th silent connection is cut at once; the 3 are cut by the 1 s login
    timeout; then a real player gets in."""
    server = await serve(max_unauthenticated=3, login_timeout=1.0)
    silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
    try:
        for reader, _ in silent:
            async with asyncio.timeout(WAIT):
                assert (await reader.readline()).startswith(b"SSH-2.0-")
        assert await first_bytes(server.port) == b""
        start = time.monotonic()
        for reader, _ in silent:
            async with asyncio.timeout(WAIT):
                assert await reader.read() == b""
        assert time.monotonic() - start < 3.0
    finally:
        for _, writer in silent:
            writer.close()
    assert field_of(await login_line(server.port), "name") == "alice"


async def test_players_who_logged_in_do_not_count_against_the_cap(serve: Serve) -> None:
    """Cap 1: with one player seated (logged in, session open), another can still log in."""
    server = await serve(max_unauthenticated=1)
    async with await connect(server.port, "alice") as seated:
        process = await seated.create_process(term_type="xterm", encoding=None)
        async with asyncio.timeout(WAIT):
            await process.stdout.readline()
        assert field_of(await login_line(server.port, "bob"), "name") == "bob"


async def test_a_logged_in_connection_without_a_session_is_closed(serve: Serve) -> None:
    """``ssh -N``: logged in, no session; it is hung up after the login timeout (1 s)."""
    server = await serve(login_timeout=1.0)
    conn = await connect(server.port)
    start = time.monotonic()
    async with asyncio.timeout(WAIT):
        await conn.wait_closed()
    assert 0.5 < time.monotonic() - start < 3.0


async def silent_connections(
    port: int, count: int, source: str
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """``count`` TCP connections from ``source`` that read the version line and say nothing."""
    made = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        made.append((reader, writer))
        async with asyncio.timeout(WAIT):
            assert (await reader.readline()).startswith(b"SSH-2.0-")
    return made


async def test_one_address_cannot_take_every_login_slot(serve: Serve) -> None:
    """Cap 12, 4 per address: a fifth silent connection from 127.0.0.2 is cut at once, while
    players from other addresses still log in; once three addresses of four fill the cap,
    127.0.0.2 still gets nothing (being at its own ceiling, it may not evict another's)."""
    server = await serve(
        max_unauthenticated=12, max_unauthenticated_per_address=4, login_timeout=WAIT
    )
    idle = await silent_connections(server.port, 4, "127.0.0.2")
    try:
        assert await first_bytes(server.port, "127.0.0.2") == b""
        assert field_of(await login_line(server.port), "name") == "alice"
        idle += await silent_connections(server.port, 4, "127.0.0.3")
        idle += await silent_connections(server.port, 4, "127.0.0.4")
        assert await first_bytes(server.port, "127.0.0.2") == b""
    finally:
        for _, writer in idle:
            writer.close()


async def knock(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection from ``source`` that says nothing, once the server has answered it
    (its version line, or hanging up on it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    with contextlib.suppress(ConnectionError):
        async with asyncio.timeout(WAIT):
            await reader.readline()
    return reader, writer


async def test_a_dozen_addresses_filling_the_login_slots_cannot_lock_a_newcomer_out(
    serve: Serve,
) -> None:
    """Cap 20, 5 per address: 12 addresses open 10 silent connections each, more than the
    cap holds; a player from a 13th address still logs in at once (the login timeout is
    5 s), in the place of the oldest connection of an address holding the most slots."""
    server = await serve(
        max_unauthenticated=20, max_unauthenticated_per_address=5, login_timeout=WAIT
    )
    idle = []
    try:
        for address in range(2, 14):
            for _ in range(10):
                idle.append(await knock(server.port, f"127.0.0.{address}"))
        start = time.monotonic()
        line = await login_line(server.port, "alice", local_addr=("127.0.0.200", 0))
        assert time.monotonic() - start < 2.0
        assert (field_of(line, "name"), field_of(line, "ip")) == ("alice", "127.0.0.200")
        first_reader, _ = idle[0]
        with contextlib.suppress(ConnectionError):
            async with asyncio.timeout(WAIT):
                assert await first_reader.read() == b""
    finally:
        for _, writer in idle:
            writer.close()


async def closed_because(port: int, username: str = "alice", **options: Any) -> str:
    """Log in and wait for the server to close the connection; the reason it gave."""
    client = RecordingClient()
    try:
        conn = await connect(port, username, client_factory=lambda: client, **options)
    except asyncssh.DisconnectError as refused:
        return refused.reason
    async with asyncio.timeout(WAIT):
        await conn.wait_closed()
    assert isinstance(client.lost, asyncssh.DisconnectError), client.lost
    return client.lost.reason


SERVER_FULL = "hunters: the server is full; try again later (error 12)"
"""As an asyncssh client reports it (OpenSSH prints "...:12: hunters: the server is full...")."""


async def test_logged_in_connections_are_capped_overall_and_per_address(serve: Serve) -> None:
    """3 logged-in connections, 2 per address: a third from 127.0.0.1 and a fourth from
    anywhere are told the server is full; when one player leaves, a place is free again."""
    server = await serve(max_sessions=3, max_sessions_per_address=2)
    alice = await connect(server.port, "alice")
    bob = await connect(server.port, "bob")
    try:
        assert await closed_because(server.port, "carol") == SERVER_FULL
        carol = await connect(server.port, "carol", local_addr=("127.0.0.2", 0))
        try:
            refusal = await closed_because(server.port, "dave", local_addr=("127.0.0.3", 0))
            assert refusal == SERVER_FULL
        finally:
            carol.close()
            await carol.wait_closed()
        line = await login_line(server.port, "dave", local_addr=("127.0.0.3", 0))
        assert field_of(line, "name") == "dave"
    finally:
        for conn in (alice, bob):
            conn.close()
            await conn.wait_closed()


async def test_an_idle_player_is_told_why_and_disconnected(serve: Serve) -> None:
    """Idle timeout 0.5 s: keys every 0.2 s keep the session for over a second; then, with
    no key for 0.5 s, the player reads one line saying why and the connection closes (the
    same line is the disconnect reason, which OpenSSH prints and asyncssh drops)."""
    server = await serve(idle_timeout=0.5)
    async with await connect(server.port) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        async with asyncio.timeout(WAIT):
            await process.stdout.readline()
            for _ in range(6):
                await asyncio.sleep(0.2)
                process.stdin.write(b"k")
                assert await process.stdout.readexactly(6) == b"echo k"
        last_key = time.monotonic()
        async with asyncio.timeout(WAIT):
            await conn.wait_closed()
        quiet = time.monotonic() - last_key
        farewell = await process.stderr.read()
    reason = "hunters: no key pressed for 0.5 s, so the server hung up; connect again to come back"
    assert 0.4 < quiet < 2.0
    assert farewell == reason.encode() + b"\r\n"


# -- what a logged-in client may ask for -----------------------------------------------------


async def test_keys_arrive_raw_and_undecoded(serve: Serve) -> None:
    """No line editor holds keys until Enter, and a byte that is not UTF-8 ends nothing."""
    server = await serve()
    async with await connect(server.port) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        async with asyncio.timeout(WAIT):
            await process.stdout.readline()
            process.stdin.write(b"\xff")
            assert await process.stdout.readexactly(6) == b"echo \xff"


async def test_exec_is_refused_and_nothing_runs(serve: Serve) -> None:
    """``ssh host id``: refused with a one-line reason; the session never hears of it."""
    server = await serve()
    client = RecordingClient()
    async with await connect(server.port, client_factory=lambda: client) as conn:
        with pytest.raises(asyncssh.Error):
            async with asyncio.timeout(WAIT):
                await conn.run("id", check=True)
        async with asyncio.timeout(WAIT):
            await conn.wait_closed()
    assert server.log == ["open"]
    assert isinstance(client.lost, asyncssh.DisconnectError)
    assert client.lost.reason.startswith("hunters: only an interactive game")


async def test_sftp_is_refused(serve: Serve) -> None:
    """The sftp subsystem is refused before the session sees it."""
    server = await serve()
    async with await connect(server.port) as conn:
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
    assert not any(entry.startswith("subsystem") for entry in server.log)


async def test_a_session_without_a_pty_is_told_why_and_never_started(serve: Serve) -> None:
    """``ssh -T``: the shell is granted but never started; the reason comes on stderr
    and the channel ends with exit status 1 (a refused request loses the line in OpenSSH)."""
    server = await serve()
    async with await connect(server.port) as conn:
        async with asyncio.timeout(WAIT):
            process = await conn.create_process(request_pty=False, encoding=None)
            said = await process.stderr.read()
            await process.wait_closed()
    assert said == b"hunters: the game needs a terminal: connect with ssh -t\r\n"
    assert process.exit_status == 1
    assert server.log == ["open"]


async def test_env_and_agent_forwarding_are_refused(serve: Serve) -> None:
    """The session sees no environment variables and no forwarded agent."""
    server = await serve()
    async with await connect(server.port, agent_forwarding="/nonexistent/agent.sock") as conn:
        line = await greeting(conn, env={"LANG": "C.UTF-8", "BIG": "x" * 30_000})
    assert field_of(line, "env") == "0"
    assert field_of(line, "agent") == "None"


async def test_x11_forwarding_is_refused(serve: Serve, tmp_path: Path) -> None:
    """An X11 request (``ssh -X``) is answered with a failure."""
    server = await serve()
    async with await connect(server.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="X11 forwarding request failed"):
            await conn.create_process(
                term_type="xterm",
                x11_forwarding=True,
                x11_display="127.0.0.1:99",
                x11_auth_path=str(tmp_path / "no-xauth"),
            )
    assert "started" not in server.log


async def test_asyncssh_defaults_would_accept_env_and_agent(tmp_path: Path) -> None:
    """The control for the test above: a bare asyncssh server keeps env and opens an agent
    socket, which is why the policy must refuse them."""
    log: list[str] = []
    key = new_key()
    identity = Identity("alice", None, "127.0.0.1")

    class Bare(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return False

        def session_requested(self) -> ProbeSession:
            return ProbeSession(identity, log)

    acceptor = await asyncssh.create_server(
        Bare, "127.0.0.1", 0, server_host_keys=[key], encoding=None, gss_host=None
    )
    try:
        async with await connect(
            acceptor.get_port(), agent_forwarding=str(tmp_path / "agent.sock")
        ) as conn:
            line = await greeting(conn, env={"LANG": "C.UTF-8"})
    finally:
        acceptor.close()
        await acceptor.wait_closed()
    assert field_of(line, "env") == "1"
    assert field_of(line, "agent") != "None"


async def test_forwarding_is_refused(serve: Serve) -> None:
    """Direct TCP (-L, -D), a local forward carrying traffic, and a remote forward (-R)."""
    server = await serve()
    async with await connect(server.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
        # Forward to the SSH server itself: if the tunnel worked, its version line would
        # come through; the server refuses the channel, so the forwarded socket just closes.
        listener = await conn.forward_local_port("127.0.0.1", 0, "127.0.0.1", server.port)
        try:
            assert await first_bytes(listener.get_port()) == b""
        finally:
            listener.close()


async def test_only_one_session_per_connection(serve: Serve) -> None:
    """A second session channel on the same connection is refused."""
    server = await serve()
    async with await connect(server.port) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        async with asyncio.timeout(WAIT):
            await process.stdout.readline()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", encoding=None)
    assert server.log.count("open") == 1


# -- failures stay inside their connection ---------------------------------------------------


async def test_a_failing_session_factory_closes_only_its_connection(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    """The factory raises once: the error is logged, that player is disconnected, the next
    one plays. With an unauthenticated cap of 1 this also shows the slot was given back."""
    log: list[str] = []
    calls = 0

    def factory(identity: Identity) -> ProbeSession:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("the test broke this session")
        return ProbeSession(identity, log)

    server = await serve(session_factory=factory, max_unauthenticated=1)
    async with await connect(server.port) as conn:
        with pytest.raises(asyncssh.Error):
            await greeting(conn)
        async with asyncio.timeout(WAIT):
            await conn.wait_closed()
    assert "SSH policy error in session_requested" in caplog.text
    assert field_of(await login_line(server.port), "name") == "alice"


async def test_a_failing_admission_check_refuses_only_that_connection(
    serve: Serve, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The rate limiter raises on one connection: it is cut, logged, and the next gets in."""
    server = await serve()
    real_allow = RateLimiter.allow
    calls = 0

    def allow_once_broken(self: RateLimiter, address: str) -> bool:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("the test broke the rate limiter")
        return real_allow(self, address)

    monkeypatch.setattr(RateLimiter, "allow", allow_once_broken)
    assert await first_bytes(server.port) == b""
    assert "SSH policy error in connection_made" in caplog.text
    assert field_of(await login_line(server.port), "name") == "alice"
