"""``mahjong-tui drill``: practise on positions from seeded self-play, at the table's screen or as JSON.

    mahjong-tui drill --rules changsha --kind waits --count 10 --seed 7
    mahjong-tui drill --rules shanghai --json          # one JSON object a line, with its answer

Kinds: what to discard, which tiles win, what a win pays, the rare moments (``--moment``
picks one: 海底, 开杠 or 补张, 起手小胡, 八花 dealt, where the rule set has it). ``--json``
prints each position as the ``hint`` or ``score`` command takes it, with the answer that
command gives on it. Bad arguments: one line on standard error, exit 2.
"""

from __future__ import annotations

import json
import random
import sys
from typing import TextIO

from .parser import OneLineParser, add_language, one_of, whole_number

KIND_CHOICES = ("discard", "waits", "score", "rare", "all")
MOMENT_CHOICES = ("haidi", "kaigang", "initial", "bahua")
MAX_COUNT = 200


def parser() -> OneLineParser:
    """Options of ``mahjong-tui drill``."""
    from mahjong_tui.engine import ruleset_names

    presets = ruleset_names()
    p = OneLineParser(
        prog="mahjong-tui drill",
        description="Drills from seeded self-play: what to discard, which tiles win, what a win pays, rare moments.",
        epilog='--json: one object a line: {"kind": "discard", "in": <hint input>, "answer": "7s"}, '
        '{"kind": "waits", "in": <hint input>, "answer": ["3m", "6m"]}, {"kind": "score", "in": <score input>, '
        '"answer": [payments]}, {"kind": "rare", "moment": "haidi", "in": <hint input>, "choices": [...], '
        '"answer": "take_haidi", "pays": {"in": <score input>, "answer": [payments]} where the moment pays}',
    )
    p.add_argument("--rules", default=presets[0], type=one_of(presets, "preset"),
                   help=f"the preset: {', '.join(presets)} (default: {presets[0]})")  # fmt: skip
    p.add_argument("--kind", default="all", type=one_of(KIND_CHOICES, "kind"),
                   help=f"{', '.join(KIND_CHOICES)} (default: all, each kind in turn)")  # fmt: skip
    p.add_argument("--moment", default=None, type=one_of(MOMENT_CHOICES, "moment"),
                   help=f"one rare moment: {', '.join(MOMENT_CHOICES)} (with --kind rare or all)")  # fmt: skip
    p.add_argument(
        "--count", default=10, type=whole_number(1, MAX_COUNT), help=f"how many (1..{MAX_COUNT}, default 10)"
    )
    p.add_argument("--seed", default=None, type=whole_number(0), help="the set's seed: the same seed, the same set")
    p.add_argument("--json", action="store_true", help="print the positions with their answers, one JSON object a line")
    add_language(p, None, "the settings'")
    return p


def run(argv: list[str], stdout: TextIO | None = None) -> int:
    """Run ``mahjong-tui drill``; the exit status."""
    from mahjong_tui.engine import get_ruleset
    from mahjong_tui.learn.drills import make_drills, moments

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    if args.moment is not None:
        rules = get_ruleset(args.rules)
        if args.kind not in ("rare", "all"):
            print(f"mahjong-tui drill: --moment is a rare moment; it goes with --kind rare, not {args.kind}",
                  file=sys.stderr)  # fmt: skip
            return 2
        if args.moment not in moments(rules):
            have = ", ".join(moments(rules)) or "none"
            print(f"mahjong-tui drill: {args.rules} has no {args.moment} moment (it has: {have})", file=sys.stderr)
            return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    if not args.json:
        from mahjong_tui.ui.app import run_drills

        return run_drills(args.rules, args.kind, args.count, seed, moment=args.moment, lang=args.lang)
    out = sys.stdout if stdout is None else stdout
    for drill in make_drills(args.rules, args.kind, args.count, seed, moment=args.moment):
        out.write(json.dumps(drill.to_json(), ensure_ascii=False) + "\n")
    return 0
