"""``mahjong-tui learn [--rules PRESET] [--lesson N] [--list] [--lang en|zh|both]``: the lessons.

Without ``--lesson`` the lessons open at the list of the rule set given (Shanghai by
default); with it, that lesson starts at once. ``--list`` prints the rule set's lessons,
each ticked once finished, and opens nothing. Bad arguments: one line on standard error,
exit 2.
"""

from __future__ import annotations

import sys

from mahjong_tui.engine import ruleset_names
from mahjong_tui.i18n import say, use
from mahjong_tui.keep.lessons import finished_lessons
from mahjong_tui.keep.settings import load_settings
from mahjong_tui.learn.lesson_book import lesson_presets, lessons_of

from .parser import OneLineParser, add_language, one_of, whole_number


def parser() -> OneLineParser:
    """Options of ``mahjong-tui learn``."""
    presets = tuple(lesson_presets(ruleset_names()))
    p = OneLineParser(prog="mahjong-tui learn", description="Lessons on the real table, one goal at a time.")
    p.add_argument(
        "--rules", default="shanghai", type=one_of(presets, "rules"), help=f"the rules to learn: {', '.join(presets)}"
    )
    p.add_argument("--lesson", type=whole_number(1), default=None, help="start this lesson at once (1 is the first)")
    p.add_argument("--list", action="store_true", help="print the lessons, those finished ticked, and stop")
    add_language(p, None, "the settings'")
    return p


def run(argv: list[str]) -> int:
    """The lessons (or their list); the exit status."""
    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    lessons = lessons_of(args.rules)
    if args.lesson is not None and args.lesson > len(lessons):
        print(f"mahjong-tui learn: --lesson: {args.rules} has {len(lessons)} lessons", file=sys.stderr)
        return 2
    if args.list:
        use(args.lang or load_settings().settings.language)
        done = finished_lessons(args.rules)
        for i, lesson in enumerate(lessons, 1):
            print(f"{i}. {say(lesson.title)}" + ("  ✓" if lesson.id in done else ""))
        return 0
    from mahjong_tui.ui.app import run_lessons  # Textual only now: bad arguments are refused without it

    return run_lessons(args.rules, lesson=None if args.lesson is None else args.lesson - 1, lang=args.lang)
