"""``mahjong-tui host [options]``: a table server; friends join with ``mahjong-tui join ws://HOST:PORT/ROOM``.

The host holds the games, the bots and the journal of every table; it sends each seat only
what that seat may see (:mod:`mahjong_tui.net`). It listens on 127.0.0.1 unless ``--host``
says otherwise. Tables the host left unfinished (killed, or stopped with Ctrl+C) are taken
up again at its next start, under the same room codes: their people join back with their
seats' tokens. The host keeps its games apart from the player's own (``--home``, by
default ``host`` in the data folder).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bots import LEVELS
from mahjong_tui.engine import GameOptions, ruleset_names
from mahjong_tui.keep.storage import HOME_VARIABLE, data_dir
from mahjong_tui.ui.config import MAX_BASE, MAX_HANDS, MAX_SEED, MIN_BASE, MIN_HANDS, MIN_SEED

from .parser import OneLineParser, add_think_ms, one_of, whole_number

if TYPE_CHECKING:
    from mahjong_tui.net.workers import InProcess, Lobby

KINDS = ("person", *LEVELS)


def _seats(text: str) -> tuple[str, str, str, str]:
    """``person,person,normal,hard``: who sits at each seat (a person, or a bot of a level)."""
    seats = [s.strip() for s in text.split(",")]
    if len(seats) != 4 or any(s not in KINDS for s in seats):
        raise argparse.ArgumentTypeError(f"four seats, each one of {', '.join(KINDS)}: got {text!r}")
    if "person" not in seats:
        raise argparse.ArgumentTypeError("at least one seat is for a person")
    return (seats[0], seats[1], seats[2], seats[3])


def _room(text: str) -> str:
    """A room code: 4 to 12 letters or digits."""
    if not (4 <= len(text) <= 12 and text.isascii() and text.isalnum()):
        raise argparse.ArgumentTypeError(f"a room code is 4 to 12 letters or digits: got {text!r}")
    return text.upper()


def _seconds(text: str) -> float:
    """A number of seconds, 0 to 600."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds: got {text!r}") from None
    if not 0 <= value <= 600:
        raise argparse.ArgumentTypeError(f"0 to 600 seconds: got {text!r}")
    return value


def parser() -> OneLineParser:
    """Options of ``mahjong-tui host``."""
    p = OneLineParser(prog="mahjong-tui host", description="A table server: people join from their own terminals.")
    rules = ruleset_names()
    p.add_argument("--rules", default="shanghai", type=one_of(rules, "rules"), help=f"preset: {', '.join(rules)}")
    p.add_argument(
        "--seats",
        type=_seats,
        default=("person", "person", "person", "person"),
        help=f"who sits at each seat, comma-separated: {', '.join(KINDS)} (default: four people)",
    )
    p.add_argument("--tables", type=whole_number(1, 500), default=1, help="how many tables to open (default 1)")
    p.add_argument("--room", type=_room, default=None, help="the room code joining requires (one table; default: new)")
    p.add_argument("--base", type=whole_number(MIN_BASE, MAX_BASE), default=1, help="base score 底分")
    p.add_argument("--hands", type=whole_number(MIN_HANDS, MAX_HANDS), default=None, help="stop after this many hands")
    p.add_argument("--seed", type=whole_number(MIN_SEED, MAX_SEED), default=None, help="seed of the first table")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine)")
    p.add_argument("--port", type=whole_number(1, 65535), default=8765, help="the port (default 8765)")
    p.add_argument("--claim-seconds", type=_seconds, default=4.0, help="how long every claim window lasts (4)")
    p.add_argument(
        "--turn-seconds",
        type=_seconds,
        default=30.0,
        help="how long a person's turn or decision waits before their bot plays it (30)",
    )
    p.add_argument(
        "--workers",
        type=whole_number(1, 64),
        default=None,
        help="processes holding the tables, one per core by default (1: the tables in the host's own process)",
    )
    p.add_argument(
        "--bot-processes",
        type=whole_number(0, 64),
        default=None,
        help="processes each worker's bots think in (default: the cores over the workers, at least 1; 0: threads)",
    )
    add_think_ms(p, "an expert bot's")
    p.add_argument("--grace", type=_seconds, default=60.0, help="how long a dropped seat waits before a bot plays (60)")
    p.add_argument(
        "--ssh", type=whole_number(1, 65535), default=None, help="also let players in by ssh -p PORT name@host"
    )
    p.add_argument(
        "--ssh-password",
        action="store_true",
        help="the SSH door asks for a password it makes and prints (else a name belongs to the first key using it)",
    )
    p.add_argument("--home", default=None, help="where the host keeps its games (default: host/ in the data folder)")
    return p


def _table_for(rooms: dict[str, bool], local: str, port: int, own: Path) -> str:
    """The table an SSH player joins (``rooms``: each table's room, and whether a person's seat is free there): where
    they hold a seat, else the first with a free seat, else the first."""
    from mahjong_tui.keep.joined import joined_in, token_for

    urls = {room: f"ws://{local}:{port}/{room}" for room in rooms}
    held = next((url for url in urls.values() if token_for(url, joined_in(own))), None)
    if held is not None:
        return held
    free = next((room for room, has_free in rooms.items() if has_free), None)
    if free is not None:
        return urls[free]
    return next(iter(urls.values()), f"ws://{local}:{port}/NOTABLE")  # no table yet: the join says there is no seat


def _password() -> str:
    """A password for the SSH door: three room codes' worth of letters and digits that cannot be read one for
    another, easy to read out."""
    from mahjong_tui.net.server import room_code

    return "-".join(room_code() for _ in range(3))


def _loopback(host: str) -> bool:
    """``host`` is this machine only (the default), not an address others reach."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(argv: list[str]) -> int:
    """Serve until interrupted; the exit status."""
    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    if args.room and args.tables > 1:
        print("mahjong-tui host: --room names one table: leave it out with --tables", file=sys.stderr)
        return 2
    os.environ[HOME_VARIABLE] = args.home or str(data_dir() / "host")  # the host's games are not the player's
    if args.workers is None:  # one a core, but no more than there are tables to hold
        from mahjong_tui.net.server import kept_table_ids
        from mahjong_tui.net.workers import default_workers

        args.workers = min(default_workers(), max(args.tables, len(kept_table_ids())))
    try:
        return asyncio.run(_serve(args))
    except OSError as e:
        print(f"mahjong-tui host: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1


def _tables(args: argparse.Namespace) -> InProcess | Lobby:
    """The host's tables as ``args`` say: in this process (``--workers 1``) or spread over worker processes."""
    from mahjong_tui.net.workers import InProcess, Lobby, WorkerSettings, default_workers

    bot_processes = args.bot_processes
    if bot_processes is None:
        bot_processes = max(1, default_workers() // args.workers)
    settings = WorkerSettings(args.claim_seconds, args.turn_seconds, args.grace, bot_processes, args.think_ms)
    return InProcess(settings) if args.workers == 1 else Lobby(args.workers, settings)


async def _serve(args: argparse.Namespace) -> int:
    """Open (or take up) the tables, listen, and serve until a signal stops the host."""
    from mahjong_tui.net.server import TableSpec

    if args.ssh is None and not _loopback(args.host):
        print(
            f"mahjong-tui host: listening on {args.host} without TLS: anyone on the network can read the table's "
            "traffic and its tokens; put TLS in front of it, or let players in with --ssh",
            file=sys.stderr,
        )
    tables = _tables(args)
    try:
        await tables.start()
        resumed = await tables.resume()
        await tables.serve(args.host, args.port)  # every door listens before a new table is made and kept
    except OSError:
        await tables.stop()
        raise
    except RuntimeError as e:
        print(f"mahjong-tui host: {e}", file=sys.stderr)
        return 1
    if args.ssh is not None:
        from mahjong_tui.net.ssh import serve_ssh

        local = "127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host
        password = _password() if args.ssh_password else None
        try:
            await serve_ssh(
                args.host,
                args.ssh,
                Path(os.environ[HOME_VARIABLE]),
                lambda name, own: _table_for(tables.free_rooms(), local, args.port, own),
                password=password,
            )
        except OSError as e:
            print(
                f"mahjong-tui host: cannot listen for ssh on {args.host}:{args.ssh}: {e.strerror or e}", file=sys.stderr
            )
            await tables.stop()
            return 1
    shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    for room in resumed:
        print(f"taken up again: mahjong-tui join ws://{shown}:{args.port}/{room}", flush=True)
    if resumed:
        print(
            f"mahjong-tui host: {len(resumed)} unfinished table(s) taken up again, with their own rules and seats; "
            "the options for new tables apply once they have ended (or with another --home)",
            file=sys.stderr,
        )
    else:
        options = GameOptions(base=args.base, max_hands=args.hands)
        specs = [
            TableSpec(args.rules, options, args.seats, args.room or "", None if args.seed is None else args.seed + n)
            for n in range(args.tables)
        ]
        for n, room in enumerate(await tables.open(specs)):
            print(f"table {n + 1}: mahjong-tui join ws://{shown}:{args.port}/{room}", flush=True)
    if args.ssh is not None:
        print(f"by ssh: ssh -p {args.ssh} NAME@{shown}", flush=True)
        if password is not None:
            print(f"the SSH door's password: {password}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await tables.stop()
    return 0
