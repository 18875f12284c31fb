"""``mahjong-tui play``: straight to the table, without the new game screen.

    mahjong-tui play --rules changsha --humans 2 --bots hard --seed 7 [--names Ann,Bo] \\
        [--base 2] [--points 500] [--hands 8] [--speed fast] [--tiles plain] [--colours colourblind] \\
        [--privacy strict] [--hints] [--open-hands] [--lang zh]
    mahjong-tui play --resume

The options are held to the new game screen's limits. The speed, tiles, colours, privacy,
hints, open hands and language not given come from the kept settings (given, they hold for
this game only).
``--resume`` continues the saved game (without one: the new game screen, saying why).
Exit status: the app's, or 2 for bad arguments (one line on standard error). The UI
(Textual) is imported only to run.
"""

from __future__ import annotations

import argparse
import sys

from bots import LEVELS
from mahjong_tui.clean import clean_name, not_text, shorten
from mahjong_tui.engine import ruleset_names
from mahjong_tui.ui.config import (
    BOT_SPEEDS,
    MAX_BASE,
    MAX_HANDS,
    MAX_HUMANS,
    MAX_NAME,
    MAX_POINTS,
    MAX_SEED,
    MIN_BASE,
    MIN_HANDS,
    MIN_POINTS,
    MIN_SEED,
    Palette,
    Privacy,
    SetupError,
    TileStyle,
)

from .parser import OneLineParser, add_language, add_think_ms, one_of, whole_number


def _names(text: str) -> list[str]:
    """An argparse type: comma-separated names, seat 1 first, each short enough for a seat's header.

    A name is text (a byte that is not UTF-8 is refused) and keeps no control characters.
    """
    bad = not_text(text)
    if bad is not None:
        raise argparse.ArgumentTypeError(f"a name must be UTF-8 text: character {bad + 1} is not (a stray byte)")
    names = [clean_name(n) for n in text.split(",")] if text else []
    if len(names) > 4:
        raise argparse.ArgumentTypeError(f"at most four names (one per seat), got {len(names)}")
    for name in names:
        if len(name) > MAX_NAME:
            raise argparse.ArgumentTypeError(f"a name has at most {MAX_NAME} characters: {shorten(name, 24)}")
    return names


def parser() -> OneLineParser:
    """Options of ``mahjong-tui play``."""
    p = OneLineParser(prog="mahjong-tui play", description="Start a game at the table directly.")
    rules, speeds = ruleset_names(), tuple(BOT_SPEEDS)
    styles, palettes = tuple(s.value for s in TileStyle), tuple(c.value for c in Palette)
    p.add_argument(
        "--rules", default="shanghai", type=one_of(rules, "rules"), help=f"rule set preset: {', '.join(rules)}"
    )
    p.add_argument(
        "--humans",
        type=whole_number(0, MAX_HUMANS),
        default=1,
        help=f"people at this terminal, 0-{MAX_HUMANS} (seats 1..n)",
    )
    p.add_argument(
        "--bots",
        default="normal",
        type=one_of(LEVELS, "bot level"),
        help=f"level of the bot seats: {', '.join(LEVELS)}",
    )
    p.add_argument("--seed", type=whole_number(MIN_SEED, MAX_SEED), default=None, help="seed for a repeatable game")
    p.add_argument(
        "--names",
        type=_names,
        default=[],
        help=f"comma-separated names, seat 1 first (at most {MAX_NAME} characters each)",
    )
    p.add_argument(
        "--base",
        type=whole_number(MIN_BASE, MAX_BASE),
        default=1,
        help="base score 底分 (rule sets that score with one)",
    )
    p.add_argument("--points", type=whole_number(MIN_POINTS, MAX_POINTS), default=None, help="starting points")
    p.add_argument("--hands", type=whole_number(MIN_HANDS, MAX_HANDS), default=None, help="stop after this many hands")
    p.add_argument(
        "--speed",
        default=None,
        type=one_of(speeds, "bot speed"),
        help=f"bot speed: {', '.join(speeds)} (default: the settings')",
    )
    p.add_argument(
        "--tiles",
        default=None,
        type=one_of(styles, "tile style"),
        help=f"tile style: {', '.join(styles)} (default: the settings')",
    )
    p.add_argument(
        "--colours",
        default=None,
        type=one_of(palettes, "palette"),
        help=f"palette: {', '.join(palettes)} (default: the settings')",
    )
    privacies = tuple(x.value for x in Privacy)
    p.add_argument(
        "--privacy",
        default=None,
        type=one_of(privacies, "privacy"),
        help="hot seat: standard (a curtain only when a person has something to decide) or "
        "strict (everyone is called behind the curtain after every discard); default: the settings'",
    )
    p.add_argument(
        "--hints",
        action="store_true",
        default=None,
        help="open the hint panel (h) at the start of every hand (default: the settings')",
    )
    p.add_argument(
        "--open-hands",
        action="store_true",
        default=None,
        help="practice: every hand face up, for study (default: the settings')",
    )
    add_language(p, None, "the settings', whose default is the locale's")
    p.add_argument("--resume", action="store_true", help="continue the saved game (the game options are not used)")
    add_think_ms(p, "the expert bots'")
    return p


def run(argv: list[str]) -> int:
    """``mahjong-tui play ARGS``: check the options, then run the table; the exit status."""
    ns = parser().parse_or_status(argv)
    if isinstance(ns, int):
        return ns
    from mahjong_tui.ui.app import run as run_app  # Textual only now: the other commands never load it

    try:
        return run_app(
            ns.rules,
            ns.humans,
            ns.bots,
            ns.seed,
            names=ns.names or None,
            base=ns.base,
            starting_points=ns.points,
            max_hands=ns.hands,
            speed=ns.speed,
            tiles=ns.tiles,
            colours=ns.colours,
            privacy=ns.privacy,
            hints=ns.hints,
            open_hands=ns.open_hands,
            lang=ns.lang,
            resume=ns.resume,
            think_ms=ns.think_ms,
        )
    except SetupError as e:
        print(f"mahjong-tui play: {e}", file=sys.stderr)
        return 2
