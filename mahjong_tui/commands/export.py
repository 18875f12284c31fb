"""``mahjong-tui export FILE --text [--lang en|zh|both] [-o OUTPUT]``: a game record (or a save) as a readable log.

One line per action, each hand's result with its scoring breakdown; in English unless
``--lang`` says otherwise. A file that is not a game record: one line on standard error,
exit 2.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .parser import OneLineParser, add_language
from .reading import read_or_say


def parser() -> OneLineParser:
    """Options of ``mahjong-tui export``."""
    p = OneLineParser(prog="mahjong-tui export", description="A game record as a readable log.")
    p.add_argument("file", metavar="FILE", type=Path, help="a game record (records/*.json) or the autosave")
    p.add_argument("--text", action="store_true", required=True, help="readable text (the one format for now)")
    add_language(p)
    p.add_argument("-o", "--output", type=Path, default=None, help="write to this file instead of standard output")
    return p


def write_through(text: str, path: Path) -> None:
    """Write ``text`` to ``path`` as a shell's ``>`` does: opened for writing and truncated, never replaced.

    A symlink's target gets the text, a device is written to, a file that exists keeps its
    permissions and owner, and a new file has the ordinary ones (0666 less the umask).
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOCTTY", 0), 0o666)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def run(argv: list[str]) -> int:
    """Export a record; the exit status."""
    from mahjong_tui.keep.export import export_text

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    saved = read_or_say(args.file, "mahjong-tui export")
    if saved is None:
        return 2
    text = export_text(saved, args.lang)
    if args.output is None:
        sys.stdout.write(text + "\n")
    else:
        try:
            write_through(text + "\n", args.output)
        except OSError as e:
            print(f"mahjong-tui export: cannot write {args.output}: {e.strerror or type(e).__name__}", file=sys.stderr)
            return 2
    return 0
