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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from core.engine import IllegalAction
from net.app import HallApp
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
    """A one-line app for a guest who cannot join (their name is already at the table)."""

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
    hall: Hall, identity: Identity, settings: Settings
) -> Callable[[SessionInfo], App[Any]]:
    """The factory one session uses: the guest arrives at the hall as their app starts."""

    def make(info: SessionInfo) -> App[Any]:
        try:
            hall.arrive(identity.name)
        except IllegalAction as refusal:
            return Refused(str(refusal))
        return GuestApp(hall, identity.name, settings)

    return make


async def serve(options: ServeOptions, *, ready: Callable[[int, str], None] | None = None) -> None:
    """Run the server until SIGINT or SIGTERM (or cancellation)."""
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
        return AppSession(app_factory(hall, identity, settings))

    acceptor = await start_server(
        host=options.host,
        port=options.port,
        data_dir=data_dir,
        password=options.password,
        session_factory=session_factory,
        live=live,
    )
    port = acceptor.get_port()
    if ready is not None:
        ready(port, fingerprint(key))
    if resumed:
        log.warning("resumed the interrupted game in %s", data_dir)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        acceptor.close()
        await live.close_all()
        await hall.close()
