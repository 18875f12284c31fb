"""``mahjong-tui simulate``: bots play each other headless, every action checked.

    mahjong-tui simulate --rules shanghai --hands 1000 --seed 1 \\
        [--bots hard,normal,normal,easy] [--workers 2] [--json] [--records DIR]

Exit status: 0, or 1 when an invariant was broken, or 2 for bad arguments (one line on
standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from mahjong_tui.limits import MAX_SIMULATED_HANDS

from .parser import OneLineParser, add_think_ms, whole_number

MAX_WORKERS = 64


def _rules(text: str) -> str:
    from mahjong_tui.rules import UnknownRules, get_ruleset

    try:
        get_ruleset(text)
    except UnknownRules as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _bots(text: str) -> tuple[str, str, str, str]:
    from bots import LEVELS

    levels = tuple(x.strip() for x in text.split(","))
    if len(levels) == 1:
        levels = levels * 4
    if len(levels) != 4:
        raise argparse.ArgumentTypeError(f"needs one level or four (one per seat), got {len(levels)}")
    for lv in levels:
        if lv not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown bot level {lv!r} (choose from: {', '.join(LEVELS)})")
    return levels  # type: ignore[return-value]


def _records(text: str) -> Path:
    if not text:
        raise argparse.ArgumentTypeError("needs a directory")
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{path} is not a directory")
    return path


def parser() -> OneLineParser:
    """Options of ``mahjong-tui simulate``."""
    p = OneLineParser(
        prog="mahjong-tui simulate",
        description="Bots play each other headless; statistics as a table or --json. "
        "The same arguments always give the same games, whatever --workers is "
        "(with an expert seat, when --playouts sets its deals rather than a time).",
    )
    p.add_argument("--rules", required=True, type=_rules, help="a preset: shanghai, shanghai-qq, changsha …")
    p.add_argument("--hands", required=True, type=whole_number(1, MAX_SIMULATED_HANDS), help="how many hands to play")
    p.add_argument("--seed", required=True, type=whole_number(), help="seed of the run")
    p.add_argument("--bots", type=_bots, default=("normal",) * 4, help="one level, or four comma-separated")
    p.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=1, help="worker processes")
    p.add_argument("--json", action="store_true", help="one JSON object on standard output")
    p.add_argument("--records", type=_records, default=None, help="write each game's record in this directory")
    add_think_ms(p)
    p.add_argument(
        "--playouts",
        type=whole_number(1, 100_000),
        default=None,
        help="the expert's deals a decision, instead of a time",
    )
    return p


def run(argv: list[str]) -> int:
    """``mahjong-tui simulate ARGS``: play, print the summary; the exit status."""
    from mahjong_tui.simulation import SimulateArgs, summary
    from mahjong_tui.simulation import run as run_games

    ns = parser().parse_or_status(argv)
    if isinstance(ns, int):
        return ns
    args = SimulateArgs(ns.rules, ns.hands, ns.seed, ns.bots, ns.workers, ns.json, ns.records, ns.think_ms, ns.playouts)
    show_bar = not args.json or sys.stderr.isatty()
    bar = ProgressBar(args.hands, sys.stderr) if show_bar else None
    try:
        totals, seconds = run_games(args, bar)
    except OSError as e:
        if bar:
            bar.close()
        print(f"mahjong-tui simulate: cannot write records: {e.strerror or e}", file=sys.stderr)
        return 2
    if bar:
        bar.close()
    data = summary(args, totals, seconds)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_table(data))
    return 1 if totals.violation_count else 0


def format_table(data: dict[str, Any]) -> str:
    """The readable summary printed without ``--json``."""
    hands = max(1, data["hands"])
    lines = [
        f"simulate {data['rules']}: {data['hands']} hands in {data['games']} games, seed {data['seed']}, "
        f"{data['workers']} worker{'s' if data['workers'] != 1 else ''}",
        "",
        f"{'':<14}" + "".join(f"{'seat ' + str(s):>10}" for s in range(4)),
        f"{'bot':<14}" + "".join(f"{b:>10}" for b in data["bots"]),
        f"{'wins':<14}" + "".join(f"{n:>10}" for n in data["wins_by_seat"]),
        f"{'deal-ins':<14}" + "".join(f"{n:>10}" for n in data["deal_ins_by_seat"]),
        f"{'points':<14}" + "".join(f"{n:>10}" for n in data["points_by_seat"]),
        f"{'points/hand':<14}" + "".join(f"{n / hands:>10.2f}" for n in data["points_by_seat"]),
        "",
        f"hands won {data['wins']} (self-draw {data['self_draws']}, on a discard {data['discard_wins']}), "
        f"drawn {data['draws']}",
        "hand types: " + (", ".join(f"{k} {v}" for k, v in data["hand_types"].items()) or "none"),
        f"invariant violations: {data['invariant_violations']}",
    ]
    lines += [f"  {v}" for v in data["violation_examples"]]
    lines += [
        f"speed: {data['hands_per_second']:.1f} hands/s ({data['seconds']:.2f} s); "
        f"bot decisions {data['decisions']}: mean {data['decision_ms_mean']:.3f} ms, "
        f"p99 {data['decision_ms_p99']:.3f} ms",
        f"digest: {data['digest']}",
    ]
    return "\n".join(lines)


class ProgressBar:
    """A plain text bar on a stream, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO, width: int = 30):
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def __call__(self, done: int) -> None:
        """Show ``done`` of ``total`` hands."""
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * min(done, self.total) // self.total
        rate = done / (now - self.start) if now > self.start else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\rsimulate [{bar}] {done}/{self.total} hands  {rate:.1f} hands/s")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
