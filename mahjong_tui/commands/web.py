"""``mahjong-tui web ws://HOST:PORT/ROOM [--host H] [--port P] [--public-url URL]``: the table in a browser tab.

Each browser tab runs the table's client (``mahjong-tui join``) on this machine, served by
``textual-serve``: the page asks the player's name and sits them at the table. Nothing is
fetched from the internet: the page uses the fonts of the player's machine, a CJK font for
the Chinese, and a symbols font for the tile glyphs. It listens on 127.0.0.1 unless
``--host`` says otherwise; for players on the LAN give ``--host 0.0.0.0`` and the address
they will type, ``--public-url http://192.168.1.20:8000``, which the page's own links use.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .join import _url
from .parser import OneLineParser, whole_number


def parser() -> OneLineParser:
    """Options of ``mahjong-tui web``."""
    p = OneLineParser(prog="mahjong-tui web", description="The table in a browser tab: a web door to a host's table.")
    p.add_argument("url", metavar="URL", type=_url, help="the table's address: ws://HOST:PORT/ROOM")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine)")
    p.add_argument("--port", type=whole_number(1, 65535), default=8000, help="the port (default 8000)")
    p.add_argument("--public-url", default=None, help="the address players type, e.g. http://192.168.1.20:8000")
    return p


def session_command(url: str) -> str:
    """What each browser tab runs: the client, asking the name, keeping no seat on this shared machine."""
    return " ".join(shlex.quote(x) for x in (sys.executable, "-m", "mahjong_tui", "join", url, "--ask-name", "--fresh"))


def run(argv: list[str]) -> int:
    """Serve the page until interrupted; the exit status."""
    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    import textual_serve
    from textual_serve.server import Server

    statics = Path(textual_serve.__file__).parent / "static"
    templates = Path(__file__).resolve().parent.parent / "net" / "web"
    server = Server(
        session_command(args.url),
        host=args.host,
        port=args.port,
        title="mahjong-tui",
        public_url=args.public_url,
        statics_path=statics,
        templates_path=templates,
    )
    try:
        server.serve()
    except OSError as e:
        print(f"mahjong-tui web: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0
