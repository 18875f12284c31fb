"""``mahjong-tui rules [PRESET] [--lang en|zh|both]``: a preset's rules in the terminal, as the rules screen shows them.

The winning hand (four sets and a pair, what does not win, what a win needs), facts, every
hand type with a worked example scored by the calculator, the preset's own rules worded
from its numbers, and a glossary. Without a preset: the list of presets. In
English unless ``--lang`` says otherwise (the text scripts have read stays as it was).
"""

from __future__ import annotations

import argparse
import sys

from .parser import OneLineParser, add_language


def _preset(text: str) -> str:
    from mahjong_tui.engine import UnknownRules, get_ruleset

    try:
        get_ruleset(text)
    except UnknownRules as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def parser() -> OneLineParser:
    """Options of ``mahjong-tui rules``."""
    p = OneLineParser(
        prog="mahjong-tui rules", description="A preset's rules: the winning hand, hand types and worked examples."
    )
    p.add_argument("preset", nargs="?", type=_preset, help="a preset: shanghai, shanghai-qq, shanghai-lezi, changsha")
    add_language(p)
    return p


def run(argv: list[str]) -> int:
    """Print the rules; the exit status."""
    from mahjong_tui.book.rulebook import rulebook, rulebook_text
    from mahjong_tui.engine import get_ruleset, ruleset_names
    from mahjong_tui.i18n import catalogue

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    if args.preset is None:
        line = catalogue(args.lang).line
        for name in ruleset_names():
            r = get_ruleset(name)
            if args.lang == "zh":
                print(f"{name:<15} {r.zh_name}：{r.summary_words.zh}")
            else:  # in both, the English summary under the Chinese one
                print(line(r.summary_words, f"{name:<15} {r.zh_name} {r.en_name}: "))
        return 0
    text = rulebook_text(rulebook(get_ruleset(args.preset)), args.lang)
    try:
        sys.stdout.write(text + "\n")
    except UnicodeEncodeError:
        sys.stdout.write(text.encode("ascii", "backslashreplace").decode("ascii") + "\n")
    return 0
