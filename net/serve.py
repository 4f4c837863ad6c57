"""``hunters serve``: one authoritative table that friends join with plain ``ssh``.

Wires the parts together: the host key and key book in the data dir, the hardened asyncssh
server (net.server), one AppSession per connection running the Textual app in this process
(net.session), and the hall every guest's app looks at (net.hall). If the data dir holds an
interrupted game, the hall resumes it and players reconnect to their seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from core.engine import IllegalAction
from net import textual_fixes
from net.app import HallApp
from net.fastpath import FastPath
from net.hall import Hall
from net.hostkey import fingerprint, load_or_create_host_key
from net.identity import Identity
from net.server import LiveConnections, start_server
from net.session import AppSession, SessionInfo
from tui.settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ServeOptions:
    """What ``hunters serve`` was told."""

    host: str = "127.0.0.1"
    port: int = 2222
    data_dir: Path | None = None
    game: str | None = None
    password: str | None = None
    grace: float = 60.0
    bot_delay: float = 0.8


class Refused(App[None]):
    """A one-line app for a guest who cannot join (their name is held at the table)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Cannot join: {self.reason}. Press any key to leave."))

    def on_key(self) -> None:
        self.exit()


class GuestApp(HallApp):
    """A guest's app that leaves the hall when its session ends."""

    def on_unmount(self) -> None:
        super().on_unmount()
        self.hall.depart(self.guest)


def app_factory(
    hall: Hall, identity: Identity, settings: Settings, fast_path: FastPath | None = None
) -> Callable[[SessionInfo], App[Any]]:
    """The factory one session uses: the guest arrives at the hall as their app starts.

    Only once the hall has taken the guest in is their name bound to their key
    (`Identity.confirm`): a key the table turns away (the name is held by a player at the
    table) never takes the name. If the name was bound to another key since login, or the
    key book cannot be saved, the guest leaves again at once.
    """

    def make(info: SessionInfo) -> App[Any]:
        try:
            hall.arrive(identity.name, identity.fingerprint, bound_key=identity.bound_key)
        except IllegalAction as refusal:
            return Refused(str(refusal))
        try:
            confirmed = identity.confirm()
        except Exception:
            hall.depart(identity.name)
            raise
        if not confirmed:
            hall.depart(identity.name)
            return Refused(f"{identity.name} now belongs to another key; use another name")
        # Each guest their own settings: one switching to screen-reader mode changes no other.
        return GuestApp(hall, identity.name, replace(settings), fast_path=fast_path)

    return make


@contextlib.asynccontextmanager
async def hosting(
    options: ServeOptions, *, ready: Callable[[int, str], None] | None = None
) -> AsyncIterator[tuple[Hall, Settings]]:
    """The SSH server and its hall, open for the block; then every session and the table
    are closed. ``ready`` hears the port and host key fingerprint once it listens."""
    from net.hostkey import default_data_dir

    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    data_dir = options.data_dir or default_data_dir()
    key = load_or_create_host_key(data_dir)
    hall = Hall(
        data_dir / "table", game=options.game, grace=options.grace, bot_delay=options.bot_delay
    )
    resumed = await hall.resume()
    settings = Settings(bot_delay=options.bot_delay)
    live = LiveConnections()

    def session_factory(identity: Identity) -> AppSession:
        path = FastPath()
        return AppSession(app_factory(hall, identity, settings, path), fast_path=path)

    acceptor = await start_server(
        host=options.host,
        port=options.port,
        data_dir=data_dir,
        password=options.password,
        session_factory=session_factory,
        live=live,
    )
    port = acceptor.get_port()
    hall.address = f"ssh -p {port} NAME@{options.host}"
    if ready is not None:
        ready(port, fingerprint(key))
    if resumed:
        log.warning("resumed the interrupted game in %s", data_dir)
    try:
        yield hall, settings
    finally:
        acceptor.close()
        await live.close_all()
        await hall.close()


async def serve(options: ServeOptions, *, ready: Callable[[int, str], None] | None = None) -> None:
    """Run the server until SIGINT or SIGTERM (or cancellation)."""
    async with hosting(options, ready=ready):
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, stop.set)
        await stop.wait()


class HostApp(HallApp):
    """The host's own app, in the terminal that runs ``hunters host``: the first guest of the
    hall (so the one who sets the table up); quitting it closes the table for everyone."""


async def host(
    options: ServeOptions,
    name: str,
    settings: Settings,
    *,
    ready: Callable[[int, str], None] | None = None,
    app_factory: Callable[[Hall, str, Settings], App[Any]] = HostApp,
) -> None:
    """Serve the table and play at it in this terminal until the host's app ends."""
    from net.hostkey import default_data_dir

    textual_fixes.apply()  # SSH guests' apps share this process with the host's own
    # The terminal belongs to the host's app: the server's log goes to a file instead.
    data_dir = options.data_dir or default_data_dir()
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    handler = logging.FileHandler(data_dir / "hunters.log")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    saved = root.handlers[:]
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    try:
        async with hosting(options, ready=ready) as (hall, _):
            hall.arrive(name)
            try:
                await app_factory(hall, name, settings).run_async()
            finally:
                hall.depart(name)
    finally:
        root.handlers[:] = saved
        handler.close()
