"""The SSH server's policy: who may connect, how they log in, and what they may ask for.

Policy only: what a session does with its terminal is :mod:`net.session`'s business (the
server is handed a ``session_factory``). The rules, from notes/ssh-hardening.md:

- Connections: a per-address token bucket and a cap on connections that have not logged in
  yet, overall and per address (so one address cannot hold every login slot), shared out
  fairly when full: a newcomer takes the place of the oldest connection of the address
  holding the most, so a few addresses cannot hold them all either. All is checked before
  the SSH handshake, so refusing (or cutting the evicted connection) costs no key exchange.
- Names: the SSH username, through the allow-list in :mod:`net.identity`; anything else is
  disconnected with a one-line reason before any authentication method runs. A username may
  carry an invite code after the name (``ala+K7QF``): logging in and the key book go by the
  name alone, and the code is handed on in the `Identity` (`net.identity.split_login`).
- Logins: any public key may log in (a name bound to a key then needs that key). The name is
  only resolved here; it is bound to the key when the table takes the player in
  (`Identity.confirm`), so a key refused by the table never takes a name. Without a table
  password, players without a key log in too, through a keyboard-interactive exchange with
  no prompts: unlike "none" auth (``begin_auth`` returning False), it comes after the client
  has offered its keys, so a player who has a key logs in with it. With a table password,
  logging in takes the password, or the key a name is bound to. Six failed attempts close
  the connection. Logged-in connections are capped too, overall and per address; beyond
  either, the player is told the server is full.
- After login: one session channel per connection, a PTY and an interactive shell only;
  exec, subsystems (so SFTP and SCP), env requests, agent, X11, TCP/UNIX forwarding and
  tunnels are all refused here, whatever the session would say. A session whose player
  sends nothing for the idle timeout is ended, with one line saying why.

A policy hook that raises is logged, closes its own connection and answers with a refusal: one
connection's bug never reaches another connection or the listener.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeAlias, TypeVar, cast

import asyncssh
from asyncssh.packet import SSHPacket

from core.db import Database
from net.hostkey import fingerprint, load_or_create_host_key
from net.identity import KEYBOOK_FILE, Identity, KeyBook, login_refusal, split_login
from net.limits import AuthFailures, ConnectionCap, RateLimiter

__all__ = [
    "IDENTITY_INFO",
    "HuntersSSHServer",
    "LiveConnections",
    "ServerPolicy",
    "SessionFactory",
    "start_server",
]

_log = logging.getLogger(__name__)

SessionFactory: TypeAlias = Callable[[Identity], asyncssh.SSHServerSession[bytes]]
"""Makes the session for one authenticated player (called once per connection)."""

IDENTITY_INFO = "hunters_identity"
"""``conn.get_extra_info(IDENTITY_INFO)`` (or the channel's) is the connection's Identity."""

# One line each: OpenSSH prints a disconnect reason as "Received disconnect from HOST: REASON".
_ONLY_INTERACTIVE = (
    "hunters: only an interactive game is served here: ssh without a command, -s, -N or -T"
)
_NEEDS_TERMINAL = "hunters: the game needs a terminal: connect with ssh -t"
_TOO_MANY_FAILURES = "hunters: too many failed login attempts"
_NAME_TAKEN = "hunters: that name now belongs to another key; connect with another name"
_NO_SESSION = "hunters: no game session is open"
_SERVER_FULL = "hunters: the server is full; try again later"
_INTERNAL_ERROR = "hunters: internal server error"
PASSWORD_PROMPT = "Table password for Hunters: "
"""What a player is asked at a table with a password (keyboard-interactive)."""
WRONG_PASSWORD = "Wrong password, try again."
"""Said before the prompt again after a wrong password: in the prompt itself, which OpenSSH
always shows (it prints a challenge's instructions only at its default log level)."""

GOODBYE_TIMEOUT = 5.0
"""Seconds the players' sessions get to end when the server shuts down, before their
connections are closed anyway."""
IDLE_GOODBYE = 5.0
"""Seconds an idle player's session gets to end (and give their terminal back) before the
connection is closed anyway."""

_P = ParamSpec("_P")
_R = TypeVar("_R")
_SessionAnswer: TypeAlias = (
    tuple[asyncssh.SSHServerChannel[bytes], asyncssh.SSHServerSession[bytes]] | bool
)
_REFUSE_SESSION: _SessionAnswer = False
_KbdIntChallenge: TypeAlias = tuple[str, str, str, tuple[tuple[str, bool], ...]]
"""A keyboard-interactive challenge: name, instructions, language, (prompt, echo) pairs."""
_NO_CHALLENGE: bool | _KbdIntChallenge = False


def _password_challenge(prompt: str) -> _KbdIntChallenge:
    """One hidden prompt, without a name or instructions."""
    return ("", "", "", ((prompt, False),))


class LiveConnections:
    """The server's open connections, so that shutting down can close them all.

    Closing an asyncssh acceptor only stops listening (and asyncio's ``Server.close`` leaves
    accepted connections open in Python 3.11), so whoever stops the server closes these too,
    after saying goodbye to the players (`goodbye`).
    """

    def __init__(self) -> None:
        self._connections: dict[asyncssh.SSHServerConnection, HuntersSSHServer | None] = {}

    def __len__(self) -> int:
        return len(self._connections)

    def add(
        self, conn: asyncssh.SSHServerConnection, server: HuntersSSHServer | None = None
    ) -> None:
        """Track ``conn`` (whose policy is ``server``) until :meth:`discard`."""
        self._connections[conn] = server

    def discard(self, conn: asyncssh.SSHServerConnection) -> None:
        """Stop tracking ``conn`` (it has closed)."""
        self._connections.pop(conn, None)

    async def goodbye(
        self, farewell: Callable[[Identity], str], timeout: float = GOODBYE_TIMEOUT
    ) -> None:
        """End every player's session, each with their ``farewell`` line, and wait up to
        ``timeout`` seconds for the sessions to end: each game gives its player's terminal
        back (main screen, cursor shown), then the line follows on stderr."""
        ending: list[asyncio.Future[None]] = []
        for server in list(self._connections.values()):
            if server is None or server.identity is None:
                continue
            ended = server.end_session(farewell(server.identity))
            if ended is not None:
                ending.append(ended)
        if ending:
            await asyncio.wait(ending, timeout=timeout)

    async def close_all(self) -> None:
        """Disconnect every open connection and wait until they have all closed."""
        connections = list(self._connections)
        for conn in connections:
            conn.close()
        await asyncio.gather(*(conn.wait_closed() for conn in connections))


@dataclass(frozen=True)
class ServerPolicy:
    """What every connection of one listener shares: settings, the key book and the limits."""

    keybook: KeyBook
    password: str | None
    """The table password; None lets players in without one."""
    session_factory: SessionFactory
    rate: RateLimiter
    unauthenticated: ConnectionCap[asyncssh.SSHServerConnection]
    """Connections that have not logged in yet (shared out fairly when full)."""
    sessions: ConnectionCap[asyncssh.SSHServerConnection]
    """Connections that have logged in."""
    max_auth_failures: int
    session_timeout: float
    """Seconds an authenticated connection may go without a session (before and after it)."""
    idle_timeout: float
    """Seconds a session may go without input from its player."""
    live: LiveConnections

    def __post_init__(self) -> None:
        if self.max_auth_failures < 1:
            raise ValueError(f"max_auth_failures must be at least 1, not {self.max_auth_failures}")
        if self.session_timeout <= 0:
            raise ValueError(f"the session timeout must be positive, not {self.session_timeout}")
        if self.idle_timeout <= 0:
            raise ValueError(f"the idle timeout must be positive, not {self.idle_timeout}")


def _fails_closed(
    refusal: _R,
) -> Callable[
    [Callable[Concatenate[HuntersSSHServer, _P], _R]],
    Callable[Concatenate[HuntersSSHServer, _P], _R],
]:
    """Make a policy hook log its own errors, close its connection and answer ``refusal``.

    asyncssh would close the connection on an uncaught exception too, but logs it only at
    debug level; a policy bug must be seen, and must fail closed. Deliberate disconnects
    (asyncssh's DisconnectError, e.g. IllegalUserName) pass through.
    """

    def decorate(
        hook: Callable[Concatenate[HuntersSSHServer, _P], _R],
    ) -> Callable[Concatenate[HuntersSSHServer, _P], _R]:
        @functools.wraps(hook)
        def guarded(self: HuntersSSHServer, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
            try:
                return hook(self, *args, **kwargs)
            except asyncssh.DisconnectError:
                raise
            except Exception:
                _log.exception("SSH policy error in %s (peer %s)", hook.__name__, self.peer_ip)
                self._disconnect(_INTERNAL_ERROR)
                return refusal

        return guarded

    return decorate


class HuntersSSHServer(asyncssh.SSHServer):
    """The policy for one SSH connection (asyncssh makes one instance per connection)."""

    def __init__(self, policy: ServerPolicy) -> None:
        self._policy = policy
        self._conn: asyncssh.SSHServerConnection | None = None
        self.peer_ip = "unknown"
        """The client's address (set when the connection is made)."""
        self._tracked = False
        self._username = ""
        """The name part of the SSH username (what logging in and the key book go by)."""
        self._invite: str | None = None
        """The invite code the username carried after its name, if any."""
        self._validated_key: asyncssh.SSHKey | None = None
        """The key of the last public-key check that passed, until another method is tried:
        when login then succeeds, it is the key that signed (see :meth:`auth_completed`)."""
        self._failures = AuthFailures(policy.max_auth_failures)
        self._identity: Identity | None = None
        self._sessions_opened = 0
        self._session_timer: asyncio.TimerHandle | None = None
        self._session_watch: asyncio.Task[None] | None = None
        self._session: tuple[_GameChannel, asyncssh.SSHServerSession[bytes]] | None = None
        self._last_input = 0.0
        """Loop time of the player's last input (see :meth:`_heard`)."""
        self._idle_timer: asyncio.TimerHandle | None = None
        self._idle_reason: str | None = None
        """Why the connection is being closed for idleness, once it is."""

    @property
    def identity(self) -> Identity | None:
        """Who logged in on this connection; None until login completes."""
        return self._identity

    # -- connection ---------------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """Refuse addresses over their rate and connections over the unauthenticated caps,
        or make room for this one by cutting another (see `ConnectionCap`).

        Refusing aborts the TCP connection before asyncssh sends its version line, so a
        flood costs no key exchange. Every slot taken here is given back in connection_lost
        (an evicted connection's went to its newcomer).
        """
        self._conn = conn
        try:
            self._admit(conn)
        except Exception:
            # Not _fails_closed: nothing may be sent before the version line, so abort.
            _log.exception("SSH policy error in connection_made (peer %s)", self.peer_ip)
            conn.abort()

    def _admit(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        if peer:
            self.peer_ip = str(peer[0])
        policy = self._policy
        if not policy.rate.allow(self.peer_ip):
            _log.info("refused %s: connecting too often (the rate limit)", self.peer_ip)
            conn.abort()
            return
        admission = policy.unauthenticated.acquire(self.peer_ip, conn)
        if not admission.admitted:
            _log.info("refused %s: too many connections logging in (the login limit)", self.peer_ip)
            conn.abort()
            return
        if admission.evicted is not None:
            # Its slot is already this connection's; its own connection_lost gives back
            # nothing. Aborted, not disconnected: it may not have finished its handshake.
            _log.info(
                "login limit: cut the oldest login of the fullest address for %s", self.peer_ip
            )
            admission.evicted.abort()
        policy.live.add(conn, self)
        self._tracked = True
        self._count_auth_failures(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        """Give back what this connection held (its slots, its timers, its place in live)."""
        if self._identity is not None:
            # Why, when asyncssh says (a lost network, a client's goodbye cut short): a
            # player quitting and a dropped connection look alike from here.
            why = f": {exc}" if exc is not None and str(exc) else ""
            _log.info("%s disconnected (%s)%s", self._identity.name, self.peer_ip, why)
        if self._conn is not None:
            # Each cap gives back a connection's slot once, whichever hook asks first.
            self._policy.unauthenticated.release(self._conn)
            self._policy.sessions.release(self._conn)
        self._cancel_session_timer()
        self._cancel_idle_timer()
        self._session = None
        if self._session_watch is not None:
            self._session_watch.cancel()
            self._session_watch = None
        if self._tracked and self._conn is not None:
            self._policy.live.discard(self._conn)
            self._tracked = False

    # -- authentication -----------------------------------------------------------------

    @_fails_closed(True)  # True: authentication is required; the safe answer
    def begin_auth(self, username: str) -> bool:
        """Disconnect names off the allow-list; everyone else must authenticate somehow.

        asyncssh calls this again whenever the client switches usernames mid-login, so all
        per-name state is reset here. Every later hook goes by the name part of the username
        (asyncssh hands them the whole of it, invite code and all).
        """
        refusal = login_refusal(username)
        if refusal is not None:
            _log.info("refused %s: the name %r is not allowed", self.peer_ip, username[:64])
            raise asyncssh.IllegalUserName(refusal)
        self._username, self._invite = split_login(username)
        self._validated_key = None
        return True

    def public_key_auth_supported(self) -> bool:
        """Keys are offered always without a password; with one, only for a bound name."""
        return self._policy.password is None or self._policy.keybook.is_bound(self._username)

    @_fails_closed(False)
    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Accept any key for a free name, only its own key for a bound one.

        asyncssh calls this both for a client's query ("would this key do?") and for the
        signed attempt, so nothing is bound here; the key is only remembered for
        auth_completed, which runs only after a valid signature.
        """
        keybook = self._policy.keybook
        allowed = keybook.allows(self._username, fingerprint(key))
        if self._policy.password is not None:
            allowed = allowed and keybook.is_bound(self._username)
        self._validated_key = key if allowed else None
        return allowed

    def password_auth_supported(self) -> bool:
        """A password is asked only at a table with one, and only for a name without a key."""
        return self._policy.password is not None and not self._policy.keybook.is_bound(
            self._username
        )

    @_fails_closed(False)
    def validate_password(self, username: str, password: str) -> bool:
        """Check the table password (keyboard-interactive answers arrive here too)."""
        self._validated_key = None
        expected = self._policy.password
        if expected is None or not self.password_auth_supported():
            return False
        return _same_password(password, expected)

    def kbdint_auth_supported(self) -> bool:
        """With a password: the table password is asked for through keyboard-interactive
        (how OpenSSH prompts), for a name without a key. Without: keyless entry for a name
        no key owns."""
        if self._policy.password is not None:
            return self.password_auth_supported()
        return not self._policy.keybook.is_bound(self._username)

    @_fails_closed(_NO_CHALLENGE)
    def get_kbdint_challenge(
        self, username: str, lang: str, submethods: str
    ) -> bool | _KbdIntChallenge:
        """With a table password, ask for it; without one, keyless entry succeeds at once
        (no prompts) if the name is free."""
        self._validated_key = None
        if self._policy.password is not None:
            return _password_challenge(PASSWORD_PROMPT) if self.password_auth_supported() else False
        return not self._policy.keybook.is_bound(self._username)

    @_fails_closed(_NO_CHALLENGE)
    def validate_kbdint_response(
        self, username: str, responses: Sequence[str]
    ) -> bool | _KbdIntChallenge:
        """The right table password admits; a wrong one is told so and asked again on the
        same connection, each wrong answer counting as a failed login."""
        if len(responses) == 1 and self.validate_password(username, responses[0]):
            return True
        if self._policy.password is None:
            return False
        if self._failures.record():
            _log.info("%s: closed after %d failed logins", self.peer_ip, self._failures.count)
            self._disconnect(_TOO_MANY_FAILURES, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE)
            return False
        return _password_challenge(f"{WRONG_PASSWORD} {PASSWORD_PROMPT}")

    @_fails_closed(None)
    def auth_completed(self) -> None:
        """Record the connection's Identity, with the name its key resolves to, if there is
        room for one more player.

        Nothing is bound here: the name is bound to the key that logged in (never one merely
        offered) when the table takes the player in, through `Identity.confirm`.
        """
        conn = self._connection()
        keybook = self._policy.keybook
        key = self._validated_key
        fingerprint_ = fingerprint(key) if key is not None else None
        name = keybook.resolve(self._username, fingerprint_)
        if name is None:
            # Defensive: the auth hooks checked this name moments ago (with no await since),
            # but the key book has the last word.
            _log.info(
                "refused %s (%r): the name belongs to another key", self.peer_ip, self._username
            )
            self._disconnect(_NAME_TAKEN, asyncssh.DISC_ILLEGAL_USER_NAME)
            return
        self._policy.unauthenticated.release(conn)
        if not self._policy.sessions.acquire(self.peer_ip, conn).admitted:
            _log.info(
                "refused %s (%r): too many players logged in (the player limit)", self.peer_ip, name
            )
            self._disconnect(_SERVER_FULL, asyncssh.DISC_TOO_MANY_CONNECTIONS)
            return
        self._identity = Identity(
            name, fingerprint_, self.peer_ip, keybook=keybook, invite=self._invite
        )
        conn.set_extra_info(**{IDENTITY_INFO: self._identity})
        self._start_session_timer()
        how = f"key {fingerprint_}" if fingerprint_ is not None else "no key"
        _log.info("%s logged in from %s (%s)", name, self.peer_ip, how)

    def _count_auth_failures(self, conn: asyncssh.SSHServerConnection) -> None:
        """Close the connection after ``max_auth_failures`` failed login attempts.

        asyncssh has no hook for a failed attempt: a bad signature, for one, is rejected
        after validate_public_key has already said yes. Every failure does go out through
        ``send_userauth_failure``, so that is where they are counted. A request for a method
        not offered at all (the "none" probe every client opens with) finds no auth in
        progress (``conn.auth`` is None); it costs the server nothing and is not counted.
        """
        send_failure = conn.send_userauth_failure

        def send_counted_failure(partial_success: bool) -> None:
            attempted = conn.auth is not None
            send_failure(partial_success)
            if attempted and self._failures.record():
                _log.info("%s: closed after %d failed logins", self.peer_ip, self._failures.count)
                self._disconnect(_TOO_MANY_FAILURES, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE)

        conn.send_userauth_failure = send_counted_failure  # type: ignore[method-assign]

    # -- after login --------------------------------------------------------------------

    @_fails_closed(_REFUSE_SESSION)
    def session_requested(self) -> _SessionAnswer:
        """The one session channel of this connection, restricted to a shell on a PTY."""
        conn = self._connection()
        if self._identity is None or self._sessions_opened:
            return False
        self._sessions_opened += 1
        self._cancel_session_timer()
        chan = conn.create_server_channel(encoding=None)
        # asyncssh has no server-level hook for env, exec or subsystem requests; the
        # channel is made by its documented constructor and then given the refusing
        # subclass, which changes no state, only how those requests are answered.
        chan.__class__ = _GameChannel
        game_chan = cast(_GameChannel, chan)
        session = self._policy.session_factory(self._identity)
        game_chan.heard = self._heard
        self._session = (game_chan, session)
        loop = asyncio.get_running_loop()
        self._session_watch = loop.create_task(self._close_after_session(game_chan))
        self._last_input = loop.time()
        self._idle_timer = loop.call_later(self._policy.idle_timeout, self._check_idle)
        return chan, session

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        """Refuse direct TCP/IP forwarding (ssh -L, -D): the server is no proxy."""
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        """Refuse remote TCP/IP forwarding (ssh -R)."""
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        """Refuse forwarding to UNIX sockets on the server."""
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        """Refuse UNIX socket listeners on the server."""
        return False

    def tun_requested(self, unit: int | None) -> bool:
        """Refuse layer-3 tunnels."""
        return False

    def tap_requested(self, unit: int | None) -> bool:
        """Refuse layer-2 tunnels."""
        return False

    async def _close_after_session(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        """When the session has ended, leave the client a moment to hang up, then hang up.

        OpenSSH closes the connection itself when its session ends; a client that keeps an
        empty connection open would otherwise hold it for as long as keepalives answer.
        """
        await chan.wait_closed()
        self._session = None
        if self._idle_reason is not None:
            self._disconnect(self._idle_reason)
            return
        self._cancel_idle_timer()
        self._start_session_timer()

    # -- the idle timer -----------------------------------------------------------------

    def _heard(self) -> None:
        """The player sent input (called for every chunk, so it only notes the time; the
        timer is moved on lazily, when it falls due)."""
        self._last_input = asyncio.get_running_loop().time()

    @_fails_closed(None)
    def _check_idle(self) -> None:
        """Wait on while there was input since; else end the session, saying why.

        The session ends as at shutdown (`end_session`): the game gives the terminal back,
        then the reason goes out on stderr, and as the disconnect reason. A seat in play is
        then held for its player like after any drop. If the session does not end within
        `IDLE_GOODBYE` seconds, the connection is closed anyway.
        """
        loop = asyncio.get_running_loop()
        left = self._last_input + self._policy.idle_timeout - loop.time()
        if left > 0:
            self._idle_timer = loop.call_later(left, self._check_idle)
            return
        self._idle_timer = None
        if self._session is None:
            return
        reason = _idle_reason(self._policy.idle_timeout)
        self._idle_reason = reason
        name = self._identity.name if self._identity is not None else "?"
        _log.info(
            "%s (%s): no input for %g s (the idle limit), disconnecting",
            self.peer_ip,
            name,
            self._policy.idle_timeout,
        )
        self.end_session(reason)
        self._idle_timer = loop.call_later(IDLE_GOODBYE, self._disconnect, reason)

    def end_session(self, farewell: str) -> asyncio.Future[None] | None:
        """End the player's session, then say ``farewell`` on stderr; what finishes when the
        channel has closed (None: no session is open).

        The session is told its player closed their input (``eof_received``, as asyncssh
        would tell it), so the game gives the terminal back as it was before the line.
        """
        if self._session is None:
            return None
        chan, session = self._session
        chan.farewell = farewell
        if not session.eof_received() and not chan.is_closing():
            chan.exit(0)
        return asyncio.ensure_future(chan.wait_closed())

    def _start_session_timer(self) -> None:
        self._cancel_session_timer()
        self._session_timer = asyncio.get_running_loop().call_later(
            self._policy.session_timeout, self._no_session
        )

    def _no_session(self) -> None:
        _log.info(
            "%s: no game session opened in %g s, disconnecting",
            self.peer_ip,
            self._policy.session_timeout,
        )
        self._disconnect(_NO_SESSION)

    def _cancel_session_timer(self) -> None:
        if self._session_timer is not None:
            self._session_timer.cancel()
            self._session_timer = None

    def _cancel_idle_timer(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None

    # -- helpers ------------------------------------------------------------------------

    def _connection(self) -> asyncssh.SSHServerConnection:
        if self._conn is None:
            raise RuntimeError("SSH policy hook called before connection_made")
        return self._conn

    def _disconnect(self, reason: str, code: int = asyncssh.DISC_BY_APPLICATION) -> None:
        """Close the connection, telling the client why in one line."""
        if self._conn is not None:
            self._conn.disconnect(code, reason)


class _GameChannel(asyncssh.SSHServerChannel[bytes]):
    """A session channel that only ever runs an interactive shell on a PTY.

    The overridden handlers are asyncssh's per-request methods (``_process_<request>_request``
    in asyncssh/channel.py, 2.24). Refusing here means the session object is never even
    asked: an exec request from ``ssh host id`` cannot reach code that might run it.
    """

    heard: Callable[[], None] | None = None
    """Told of every chunk of input from the player (the server's idle timer)."""
    farewell: str | None = None
    """A line to write on stderr as the session ends: why the server is ending it."""

    def _accept_data(self, data: bytes, datatype: asyncssh.DataType = None) -> None:
        """Note the input for the idle timer, then hand it on as asyncssh does.

        The hook is asyncssh's one entry for incoming data (the packet handlers are looked
        up in a class-level table, so ``_process_data`` cannot be overridden; TunTap
        channels override this method the same way). Empty data is no input.
        """
        if data and self.heard is not None:
            self.heard()
        super()._accept_data(data, datatype)

    def exit(self, status: int) -> None:
        """Say the farewell line (if any) after whatever the session wrote last, then exit."""
        if self.farewell is not None and not self.is_closing():
            self.write_stderr(self.farewell.encode("utf-8") + b"\r\n")
        super().exit(status)

    def _process_env_request(self, packet: SSHPacket) -> bool:
        """Refuse environment variables: asyncssh would store any number of any size."""
        return False

    def _process_exec_request(self, packet: SSHPacket) -> bool:
        return self._refuse(_ONLY_INTERACTIVE)

    def _process_subsystem_request(self, packet: SSHPacket) -> bool:
        # This also covers SFTP: no sftp_factory is configured, and none could be reached.
        return self._refuse(_ONLY_INTERACTIVE)

    def _process_shell_request(self, packet: SSHPacket) -> bool:
        if self.get_terminal_type() is None:
            # Granted, never started (see _report_response): OpenSSH prints what a granted
            # shell writes, but exits at once on a refused one, or on a disconnect, before
            # printing data it has already received (`ssh -T` showed the reason 12 times in
            # 20 when the request was refused).
            packet.check_end()
            self._without_terminal = True
            return True
        return super()._process_shell_request(packet)

    _without_terminal = False
    """The shell was asked for without a PTY: the player is told why, the session never
    starts."""

    def _report_response(self, result: bool) -> None:
        """Answer the request; a shell without a terminal gets the reason on stderr and exit
        status 1 in place of a session start.

        asyncssh starts the session right after the success reply (in this method); for a
        shell without a PTY the session is set aside for that moment, so nothing runs.
        The client closes the connection itself when the channel ends; a connection left
        open is closed by the server's session timer.
        """
        if not self._without_terminal:
            super()._report_response(result)
            return
        session = self._session
        self._session = _Explanation(self, _NEEDS_TERMINAL)
        try:
            super()._report_response(result)
        finally:
            self._session = session

    def _refuse(self, reason: str) -> bool:
        """Say ``reason`` on stderr, answer the request with a failure, then disconnect.

        OpenSSH exits as soon as the request fails, before it would print a disconnect
        reason, so the line also goes out as stderr data ahead of the failure reply. The
        disconnect is scheduled so that the failure reply goes out first.
        """
        _log.info("refused %s: %s", self.get_extra_info("peername", ("?",))[0], reason)
        self.write_stderr(reason.encode("utf-8") + b"\r\n")
        asyncio.get_running_loop().call_soon(
            self.get_connection().disconnect, asyncssh.DISC_SERVICE_NOT_AVAILABLE, reason
        )
        return False


class _Explanation(asyncssh.SSHServerSession[bytes]):
    """Stands in for a session that must not start: says why and ends the channel."""

    def __init__(self, chan: asyncssh.SSHServerChannel[bytes], reason: str) -> None:
        self._chan = chan
        self._reason = reason

    def session_started(self) -> None:
        peer = self._chan.get_extra_info("peername", ("?",))[0]
        _log.info("refused %s: %s", peer, self._reason)
        if not self._chan.is_closing():
            self._chan.write_stderr(self._reason.encode("utf-8") + b"\r\n")
            self._chan.exit(1)


def _idle_reason(seconds: float) -> str:
    """The one line an idle player is disconnected with, e.g. "... for 30 min ..."."""
    span = f"{seconds / 60:g} min" if seconds >= 60 else f"{seconds:g} s"
    return f"hunters: no key pressed for {span}, so the server hung up; connect again to come back"


def _same_password(given: str, expected: str) -> bool:
    """Compare passwords in constant time, after the same Unicode normalisation.

    asyncssh SASLprep-normalises passwords sent by password auth but not those typed into
    keyboard-interactive; NFKC on both sides makes either way match the same text.
    """
    return hmac.compare_digest(
        unicodedata.normalize("NFKC", given).encode("utf-8"),
        unicodedata.normalize("NFKC", expected).encode("utf-8"),
    )


async def start_server(
    *,
    host: str,
    port: int,
    data_dir: Path,
    password: str | None,
    session_factory: SessionFactory,
    login_timeout: float = 20,
    keepalive_interval: float = 15,
    keepalive_count_max: int = 3,
    rate_burst: int = 10,
    rate_per_second: float = 0.2,
    max_addresses: int = 10_000,
    max_unauthenticated: int = 100,
    max_unauthenticated_per_address: int = 10,
    max_sessions: int = 200,
    max_sessions_per_address: int = 20,
    idle_timeout: float = 30 * 60,
    max_auth_failures: int = 6,
    max_names: int = 10_000,
    live: LiveConnections | None = None,
    database: Database | None = None,
) -> asyncssh.SSHAcceptor:
    """Listen for players on ``host``:``port`` (0 picks a free port: ``get_port()``).

    The host key and the key book live in ``data_dir``. Each address may open ``rate_burst``
    connections at once, then one per ``1 / rate_per_second`` seconds. At most
    ``max_unauthenticated`` connections may be logging in at a time, and at most
    ``max_unauthenticated_per_address`` from one address (IPv6: one /64), each for at most
    ``login_timeout`` seconds; beyond these the connection is cut before the handshake,
    unless only the overall cap is full and another address holds at least two more than the
    newcomer's: then that address's oldest is cut instead. At most ``max_sessions`` players
    may be logged in at once, ``max_sessions_per_address`` from one address: more are told
    the server is full. A player who sends no input for ``idle_timeout`` seconds (default 30
    minutes; seated or not) is told why and disconnected, and a seat in play is held for them
    as after any drop. A session-less connection is closed after ``login_timeout``;
    ``keepalive_interval`` × ``keepalive_count_max`` seconds without an answer to keepalives
    close a dead one. Pass ``live`` to be able to close every connection on shutdown, and
    ``database`` to keep the key book in the players' database (`KeyBook`). Raises
    HostKeyError or KeyBookError (from the data directory), ValueError (a limit that makes no
    sense) and OSError (binding).
    """
    if password == "":
        raise ValueError("an empty table password would let anybody in: use None for no password")
    if login_timeout <= 0:
        # asyncssh reads 0 as "no login timeout at all".
        raise ValueError(f"login_timeout must be positive, not {login_timeout}")
    host_key = load_or_create_host_key(data_dir)
    policy = ServerPolicy(
        keybook=KeyBook(data_dir / KEYBOOK_FILE, max_names=max_names, database=database),
        password=password,
        session_factory=session_factory,
        rate=RateLimiter(rate_burst, rate_per_second, max_entries=max_addresses),
        unauthenticated=ConnectionCap(
            max_unauthenticated, per_address=max_unauthenticated_per_address, fair_share=True
        ),
        sessions=ConnectionCap(max_sessions, per_address=max_sessions_per_address),
        max_auth_failures=max_auth_failures,
        session_timeout=login_timeout,
        idle_timeout=idle_timeout,
        live=live if live is not None else LiveConnections(),
    )
    acceptor = await asyncssh.listen(
        host,
        port,
        server_factory=functools.partial(HuntersSSHServer, policy),
        server_host_keys=[host_key],
        # Only what the policy above decides: no authorized_keys, host-based or GSS logins
        # (asyncssh turns GSS on by default when the gssapi library is installed).
        authorized_client_keys=None,
        host_based_auth=False,
        gss_host=None,
        gss_kex=False,
        gss_auth=False,
        # Refused surfaces (agent forwarding is on by default in asyncssh; X11 and SCP are
        # off, said again here so a default change cannot open them).
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        allow_pty=True,
        # Raw keys and bytes for the game: no line editor holding keys until Enter, and no
        # strict UTF-8 decoding that ends the session on one bad byte.
        line_editor=False,
        encoding=None,
        login_timeout=login_timeout,
        keepalive_interval=keepalive_interval,
        keepalive_count_max=keepalive_count_max,
    )
    _log.info("SSH server on port %d, host key %s", acceptor.get_port(), fingerprint(host_key))
    return acceptor
