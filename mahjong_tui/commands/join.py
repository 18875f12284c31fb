"""``mahjong-tui join ws://HOST:PORT/ROOM [--name NAME] [--token TOKEN] [--lang L]``: sit at a remote table.

The same table as at home, hint panel included, driven by the server (``mahjong-tui host``):
the hints know only what your seat may see. The seat's token is kept, so the same command
run again sits you back at your seat after a dropped connection or a host started again.
A bad address, a full table or a host that cannot be reached: one line, exit 2.
"""

from __future__ import annotations

import argparse
import getpass

from .parser import OneLineParser, add_language


def _url(text: str) -> str:
    """A table's address: ``ws://HOST:PORT/ROOM``."""
    from mahjong_tui.net.client import split_url

    try:
        return split_url(text)[0]
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _name(text: str) -> str:
    """A name at the table: 1 to 24 characters."""
    name = " ".join(text.split())
    if not 1 <= len(name) <= 24:
        raise argparse.ArgumentTypeError("a name has 1 to 24 characters")
    return name


def default_name() -> str:
    """The user's login name, as a name at the table."""
    try:
        return " ".join(getpass.getuser().split())[:24] or "Player"
    except (OSError, KeyError):
        return "Player"


def parser() -> OneLineParser:
    """Options of ``mahjong-tui join``."""
    p = OneLineParser(prog="mahjong-tui join", description="Sit at a table served by mahjong-tui host.")
    p.add_argument("url", metavar="URL", type=_url, help="the table's address: ws://HOST:PORT/ROOM")
    p.add_argument("--name", type=_name, default=None, help="your name at the table (default: your login name)")
    p.add_argument("--token", default="", help="your seat's token, to sit back at it (kept for you after joining)")
    p.add_argument("--ask-name", action="store_true", help="ask the name at the table (the web door)")
    p.add_argument("--fresh", action="store_true", help="sit anew and keep no token (a machine shared by players)")
    add_language(p, None, "the settings'")
    return p


def run(argv: list[str]) -> int:
    """Sit at the table; the exit status."""
    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    from mahjong_tui.ui.app import run_join

    name = args.name or ("" if args.ask_name else default_name())
    return run_join(args.url, name=name, token=args.token, lang=args.lang, ask_name=args.ask_name, fresh=args.fresh)
