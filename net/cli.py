"""The ``hunters`` command line: the app (``hunters``, ``play``), ``sim``, ``serve``, ``host``,
``replay``.

The simulation path imports only ``core``: Textual and asyncssh are imported inside the
subcommands that need them, so ``hunters sim`` starts fast and works headless.
"""

from __future__ import annotations

import argparse
import math
import re
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

GRACE_MAX = 3600.0
"""The longest a dropped player's seat may wait for them (seconds): an hour."""
BOT_DELAY_MAX = 60.0
"""The longest pause bots may take before acting (seconds)."""
RENDER_WORKERS_MAX = 64
"""The most render worker processes ``serve`` and ``host`` start."""
MAX_TABLES = 20
"""How many tables a hall holds at once unless ``--max-tables`` says otherwise (net.tables'
own, repeated here: this module imports nothing heavy at its top)."""
MAX_TABLES_MAX = 1000
"""The most tables ``--max-tables`` may allow (each is a directory and, in play, a game)."""
_HOST = re.compile(r"[A-Za-z0-9._:%-]{1,253}")
"""What ``--host`` may be: a host name, an IPv4 or IPv6 address (with a %zone), nothing else.
It is printed in the join line and shown in the lobby, so no spaces or control characters."""


class _UsageError(Exception):
    """A bad command line, said in one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit 2), never a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hunters",
        description="Five hunter card games in the terminal. Without a command: play.",
    )
    _app_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    play = commands.add_parser(
        "play", help="open the app (the default)", description="Open the Hunters app."
    )
    _app_options(play)

    sim = commands.add_parser(
        "sim",
        help="play bot-only games and print win rates",
        description="Play bot-only games of one game and print win rates, game lengths and "
        "thinking times.",
    )
    sim.add_argument("game", metavar="GAME", help="the game's slug, e.g. superbohaterowie")
    sim.add_argument(
        "--seats",
        type=int,
        default=None,
        help="players per game (default: as many as --bots names, else the game's minimum)",
    )
    sim.add_argument(
        "--bots",
        default="random",
        help="bot level per seat as a comma list (hard,random,random), or one name for all "
        "seats (default: random)",
    )
    sim.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    sim.add_argument(
        "--seed", type=int, default=None, help="seed for every deal and decision (default: random)"
    )

    serve = commands.add_parser(
        "serve",
        help="host a table that others join with ssh",
        description="Host one table over SSH: players join with `ssh -p PORT name@host`. "
        "The first to connect sets the table up.",
    )
    _server_options(serve)
    serve.add_argument(
        "--rebuild-db",
        action="store_true",
        help="rebuild the players' database (history, ratings) from the finished games' "
        "records in the data dir, then exit",
    )
    host = commands.add_parser(
        "host",
        help="host a table over ssh and play at it in this terminal",
        description="Host one table over SSH and play at it here: you set it up, friends "
        "join with `ssh -p PORT name@host`. Quitting closes the table.",
    )
    _server_options(host)
    _app_options(host, bot_delay=False)
    host.add_argument(
        "--name",
        default=None,
        help="your name at the table (default: your login name)",
    )
    replay = commands.add_parser(
        "replay",
        help="step through a recorded game",
        description="Step through a finished or interrupted game from its record (the "
        "server's data dir keeps them under table/), as a spectator saw it.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="a record, e.g. finished-*.rec")
    _app_options(replay, bot_delay=False)

    # The serve handler imports asyncssh and Textual inside, never at this module's top.
    return parser


def _server_options(parser: argparse.ArgumentParser) -> None:
    """What ``serve`` and ``host`` share: where to listen, the data dir, the table's rules."""
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1; 0.0.0.0 or :: for every interface)",
    )
    parser.add_argument("--port", type=int, default=2222, help="port to listen on (default: 2222)")
    parser.add_argument(
        "--data-dir",
        type=_data_dir,
        default=None,
        help="host key, player keys and the game record (a directory only you can use: 0700)",
    )
    parser.add_argument("--game", default=None, help="host only this game (its slug)")
    parser.add_argument("--password", default=None, help="a password every player must give")
    parser.add_argument(
        "--grace",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a dropped player's seat waits before a bot stands in (default: 60, "
        f"at most {GRACE_MAX:g})",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="how long a turn-based game waits for a seated player who presses no key before "
        f"a bot plays for them until they do (default: 120; 0: never; at most {GRACE_MAX:g})",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, metavar="SECONDS", help="bots' pause before acting"
    )
    parser.add_argument(
        "--render-workers",
        type=int,
        default=None,
        metavar="N",
        help="processes that draw the players' screens, so no screen delays a key or a claim "
        "(default: 0, every screen drawn in the server process; try one per CPU but one)",
    )
    parser.add_argument(
        "--max-tables",
        type=int,
        default=MAX_TABLES,
        metavar="N",
        help="how many tables the hall holds at once; past that, a guest who wants a new one "
        f"is asked to join one or try later (default: {MAX_TABLES}, 1–{MAX_TABLES_MAX})",
    )


def _data_dir(text: str) -> Path:
    """``--data-dir``: any path but the empty one, which Path would read as the current
    directory (the host key would land wherever the server was started)."""
    if not text:
        raise argparse.ArgumentTypeError("must not be empty")
    return Path(text)


def _app_options(parser: argparse.ArgumentParser, *, bot_delay: bool = True) -> None:
    """The settings the app takes from the command line (also changeable in the app)."""
    parser.add_argument(
        "--screen-reader",
        action="store_true",
        default=argparse.SUPPRESS,
        help="render every screen as plain lines for screen readers",
    )
    parser.add_argument(
        "--high-contrast",
        action="store_true",
        default=argparse.SUPPRESS,
        help="use the high-contrast theme",
    )
    if not bot_delay:  # the server's --bot-delay serves
        return
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=argparse.SUPPRESS,
        metavar="SECONDS",
        help="how long bots wait before acting (default: 0.8)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hunters`` command; the exit status (2 for a bad command line)."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as error:
        return _fail(str(error))
    except SystemExit as exit_:  # --help and friends
        return exit_.code if isinstance(exit_.code, int) else 0
    if args.command == "sim":
        return _sim(args)
    if args.command in ("serve", "host"):
        return _serve(args)
    if args.command == "replay":
        return _replay(args)
    return _play(args)


def _fail(message: str, status: int = 2) -> int:
    """Say ``message`` on stderr; the exit status (2: a bad command line, 1: anything else)."""
    print(message, file=sys.stderr)
    return status


def _seconds_problem(option: str, value: float, maximum: float) -> str | None:
    """Why ``value`` is no good for ``option`` (a number of seconds), or None."""
    if math.isfinite(value) and 0 <= value <= maximum:
        return None
    return f"{option} must be between 0 and {maximum:g} seconds, not {value}"


def _play(args: argparse.Namespace) -> int:
    """``hunters`` / ``hunters play``: run the app in this terminal."""
    delay = getattr(args, "bot_delay", 0.8)
    problem = _seconds_problem("--bot-delay", delay, BOT_DELAY_MAX)
    if problem is not None:
        return _fail(f"hunters: {problem}")
    from tui.app import HuntersApp
    from tui.settings import Settings

    settings = Settings(
        screen_reader=getattr(args, "screen_reader", False),
        high_contrast=getattr(args, "high_contrast", False),
        bot_delay=delay,
    )
    HuntersApp(settings).run()
    return 0


def _server_problem(args: argparse.Namespace) -> str | None:
    """Why the ``serve``/``host`` command line cannot be served, in one line, or None.

    Checked before anything starts: nothing is listened on or written for a bad value.
    """
    from core.games import GAMES

    if args.game is not None and args.game not in GAMES:
        return f"unknown game {args.game!r} (games: {', '.join(GAMES)})"
    if not 0 <= args.port <= 65535:
        return f"--port must be 0–65535, not {args.port}"
    if not args.host:
        return "--host must not be empty (for every interface, say 0.0.0.0 or ::)"
    if _HOST.fullmatch(args.host) is None:
        return f"--host must be a host name or an address, like 127.0.0.1, not {args.host!r}"
    if args.password == "":
        return "an empty --password would let anybody in"
    if args.render_workers is not None and not 0 <= args.render_workers <= RENDER_WORKERS_MAX:
        return f"--render-workers must be 0–{RENDER_WORKERS_MAX}, not {args.render_workers}"
    if not 1 <= args.max_tables <= MAX_TABLES_MAX:
        return f"--max-tables must be 1–{MAX_TABLES_MAX}, not {args.max_tables}"
    return (
        _seconds_problem("--grace", args.grace, GRACE_MAX)
        or _seconds_problem("--idle", args.idle, GRACE_MAX)
        or _seconds_problem("--bot-delay", args.bot_delay, BOT_DELAY_MAX)
    )


def _host_name(args: argparse.Namespace) -> str | None:
    """``hunters host``'s player name: ``--name``, else the login name; None if neither fits
    the allow-list (or there is no login name)."""
    import getpass

    from net.identity import valid_name

    if args.name is not None:
        name: str = args.name
    else:
        try:
            name = getpass.getuser()
        except (OSError, KeyError):  # no login name in the environment or the user database
            return None
    return name if valid_name(name) else None


def _serve(args: argparse.Namespace) -> int:
    """``hunters serve`` (host one table over SSH until interrupted) and ``hunters host``
    (the same, while playing at it in this terminal until quitting)."""
    command = f"hunters {args.command}"
    problem = _server_problem(args)
    if problem is not None:
        return _fail(f"{command}: {problem}")
    name: str | None = None  # hunters serve: nobody plays in this terminal
    if args.command == "host":
        name = _host_name(args)
        if name is None:
            from net.identity import NAME_RULE

            return _fail(f"{command}: {NAME_RULE}; choose one with --name")
    if getattr(args, "rebuild_db", False):
        return _rebuild_db(args)
    import asyncio

    from core.db import DatabaseError
    from net.hostkey import DataDirError
    from net.identity import KeyBookError
    from net.serve import ServeOptions, host, serve, server_log

    workers = args.render_workers
    options = ServeOptions(
        host=args.host,
        port=args.port,
        data_dir=args.data_dir,
        game=args.game,
        password=args.password,
        grace=args.grace,
        idle=args.idle,
        bot_delay=args.bot_delay,
        # Off by default until a spectator's resize storm no longer delays the players who
        # share its worker (tests/net/test_hostile.py); `--render-workers N` turns them on.
        render_workers=0 if workers is None else workers,
        max_tables=args.max_tables,
    )

    def ready(port: int, fingerprint: str) -> None:
        print(f"Hunters is serving on {args.host} port {port}.", flush=True)
        print(f"Host key fingerprint: {fingerprint}", flush=True)
        needs = " and the table password" if args.password is not None else ""
        print(f"Join with: ssh -p {port} NAME@{args.host}{needs}", flush=True)

    try:
        if name is None:
            with server_log(None):
                asyncio.run(serve(options, ready=ready))
        else:
            from tui.settings import Settings

            settings = Settings(
                screen_reader=getattr(args, "screen_reader", False),
                high_contrast=getattr(args, "high_contrast", False),
                bot_delay=args.bot_delay,
            )
            asyncio.run(host(options, name, settings, ready=ready))
    except DatabaseError as error:
        return _fail(f"{command}: {error}; move it aside or run {command} --rebuild-db")
    except (DataDirError, KeyBookError) as error:
        # The data dir's contents are the operator's to fix: one line, no traceback.
        return _fail(f"{command}: {error}", status=1)
    except OSError as error:
        return _fail(f"{command}: {error}")
    except KeyboardInterrupt:
        pass
    return 0


def _rebuild_db(args: argparse.Namespace) -> int:
    """``hunters serve --rebuild-db``: the players' database made afresh from the records
    (every ``finished-*.rec`` under the data dir), said in a line or two."""
    from core.db import DB_FILE, DatabaseError, rebuild, record_files
    from net.hostkey import DataDirError, default_data_dir, ensure_private_dir, refuse_symlink

    try:
        data_dir = args.data_dir if args.data_dir is not None else default_data_dir()
        ensure_private_dir(data_dir)
        refuse_symlink(data_dir / DB_FILE, "the players' database")
        done = rebuild(data_dir / DB_FILE, record_files(data_dir))
    except (DataDirError, DatabaseError, OSError) as error:
        return _fail(f"hunters serve --rebuild-db: {error}", status=1)
    found = f"{done.games} finished game{'' if done.games == 1 else 's'}"
    print(f"Rebuilt {data_dir / DB_FILE} from {found} ({done.rated} rated).")
    if done.skipped:
        many = len(done.skipped) != 1
        names = "; ".join(f"{path.name} ({why})" for path, why in done.skipped)
        print(
            f"Skipped {len(done.skipped)} record{'s' if many else ''} that could not be read, "
            f"left as {'they are' if many else 'it is'}: {names}"
        )
    return 0


def _replay(args: argparse.Namespace) -> int:
    """``hunters replay FILE``: the record read and checked, then the app on its replay."""
    from core.recordfile import RecordError, read_record
    from core.table import record_seats

    try:
        match, meta = read_record(args.file)
        # The names go to this terminal: a record's are checked like any table's.
        seats = record_seats(meta, match) if "seats" in meta else None
    except OSError as error:
        return _fail(f"hunters replay: cannot read {args.file}: {error.strerror or error}")
    except ValueError as error:
        why = error.reason if isinstance(error, RecordError) else error
        return _fail(f"hunters replay: {args.file} is not a game record ({why})")
    if seats is None:
        names = [f"Player {n + 1}" for n in range(match.seats)]
    else:
        names = [seat.name for seat in seats]
    from tui.app import ReplayApp
    from tui.settings import Settings

    settings = Settings(
        screen_reader=getattr(args, "screen_reader", False),
        high_contrast=getattr(args, "high_contrast", False),
    )
    ReplayApp(match, names, settings).run()
    return 0


def _sim(args: argparse.Namespace) -> int:
    """``hunters sim``: check the command line, play the games, print the table."""
    from core.bots import bot_levels
    from core.engine import validate_seats
    from core.games import GAMES
    from core.sim import simulate

    slug: str = args.game
    if slug not in GAMES:
        return _fail(f"hunters sim: unknown game {slug!r} (games: {', '.join(GAMES)})")
    game = GAMES[slug]
    names = [name.strip() for name in args.bots.split(",")]
    seats = args.seats
    if seats is None:
        seats = len(names) if len(names) > 1 else game.players.start
    try:
        validate_seats(game, seats)
    except ValueError as error:
        return _fail(f"hunters sim: {error}")
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        return _fail(
            f"hunters sim: {seats} seats need {seats} bots (or one name for all), not {len(names)}"
        )
    allowed = bot_levels(slug)
    for name in names:
        if name not in allowed:
            return _fail(
                f"hunters sim: unknown bot {name!r} for {slug} (bots: {', '.join(allowed)})"
            )
    if args.games < 1:
        return _fail(f"hunters sim: --games must be at least 1, not {args.games}")
    seed = secrets.randbits(63) if args.seed is None else args.seed

    start = time.perf_counter()
    result = simulate(slug, seats, names, args.games, seed, progress=_progress(sys.stderr))
    elapsed = time.perf_counter() - start

    print(f"{game.title}: {result.games} games, {seats} seats, seed {seed}")
    print(
        f"(repeat with: hunters sim {slug} --seats {seats} --bots {','.join(names)} "
        f"--games {result.games} --seed {seed})"
    )
    print()
    print(f"{'seat':<5} {'bot':<10} {'wins':>8} {'win %':>7}")
    for seat, name in enumerate(names):
        print(
            f"{seat + 1:<5} {name:<10} {result.wins[seat]:>8.1f} "
            f"{100 * result.win_rate(seat):>6.1f}%"
        )
    if result.unfinished:
        print(f"{'-':<5} {'nobody':<10} {result.unfinished:>8} (stopped unfinished)")
    print()
    print(f"game length: mean {result.mean_length:.1f} actions, median {result.median_length:.0f}")
    print()
    print(f"{'bot':<10} {'decisions':>9} {'mean ms':>9} {'p95 ms':>9}")
    for name in dict.fromkeys(names):
        count = len(result.decision_times.get(name, []))
        print(
            f"{name:<10} {count:>9} {1000 * result.mean_time(name):>9.2f} "
            f"{1000 * result.p95_time(name):>9.2f}"
        )
    print()
    print(f"took {elapsed:.1f} s")
    return 0


def _progress(stream: TextIO) -> Callable[[int, int], None]:
    """A progress printer for a terminal (silent when ``stream`` is not one)."""
    interactive = stream.isatty()

    def show(done: int, total: int) -> None:
        if interactive:
            end = "\n" if done == total else ""
            print(f"\rgame {done}/{total}", end=end, file=stream, flush=True)

    return show


if __name__ == "__main__":
    raise SystemExit(main())
