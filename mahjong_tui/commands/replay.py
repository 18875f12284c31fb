"""``mahjong-tui replay FILE [--hand N] [--lang en|zh|both] [--tiles STYLE]``: a kept game, step by step.

Opens the game record (a finished game from the records, ``simulate --records``' files, or
the autosave) on the table with every hand face up: → and ← step one action, space plays
and pauses, + and − change the speed, a number or the hand list jumps to a hand. A file
that is not a game record: one line on standard error, exit 2. The UI is imported only
once the file has been read.
"""

from __future__ import annotations

from pathlib import Path

from mahjong_tui.keep.settings import CHOICES

from .parser import OneLineParser, add_language, one_of, whole_number
from .reading import read_or_say

STYLES = CHOICES["tiles"]


def parser() -> OneLineParser:
    """Options of ``mahjong-tui replay``."""
    p = OneLineParser(prog="mahjong-tui replay", description="A kept game on the table, every hand face up.")
    p.add_argument("file", metavar="FILE", type=Path, help="a game record (records/*.json), or the autosave")
    p.add_argument("--hand", type=whole_number(1), default=1, help="open at this hand (default: the first)")
    add_language(p, None, "the settings'")
    p.add_argument(
        "--tiles",
        default=None,
        type=one_of(STYLES, "tile style"),
        help=f"tile style: {', '.join(STYLES)} (default: the settings')",
    )
    return p


def run(argv: list[str]) -> int:
    """Read the record, then show it; the exit status."""
    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    saved = read_or_say(args.file, "mahjong-tui replay")
    if saved is None:
        return 2
    from mahjong_tui.ui.app import run_replay  # Textual only now: a bad file is refused without it

    return run_replay(saved, lang=args.lang, tiles=args.tiles, hand=args.hand)
