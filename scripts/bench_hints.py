"""How long the hint panel takes: ``hint_for_view`` and the danger marks on seat views from seeded bot games.

    python scripts/bench_hints.py [--views 600] [--seed 1]

For each rule set: the views of the seats whose turn it is (a hand about to discard) and of
seats waiting, taken from games of normal bots; prints the mean, p99 and worst time of what
the panel works out after every draw, the hint and the danger marks (target: under 50 ms).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import create_bot  # noqa: E402
from mahjong_tui.engine import Action, Game, Phase, SeatView, play_until_decision, ruleset_names  # noqa: E402
from mahjong_tui.learn.danger import dangers  # noqa: E402
from mahjong_tui.learn.hints import hint_for_view  # noqa: E402


def panel(view: SeatView) -> None:
    """What the panel works out after a draw: the hint and the danger marks."""
    hint_for_view(view)
    dangers(view)


class _Keep:
    """A bot that keeps the views of its turns."""

    def __init__(self, seat: int, views: list[SeatView]):
        self.bot = create_bot("normal", seat, seat)
        self.views = views

    def choose(self, view: SeatView) -> Action:
        """Keep a turn's view; answer as the bot."""
        if view.phase is Phase.TURN:
            self.views.append(view)
        return self.bot.choose(view)


def views(rules: str, count: int, seed: int) -> list[SeatView]:
    """Turn views from seeded games of normal bots."""
    out: list[SeatView] = []
    g = 0
    while len(out) < count:
        game = Game(rules, seed * 1000 + g)
        g += 1
        players = {s: _Keep(s, out) for s in range(4)}
        for _ in range(4):
            play_until_decision(game, players)
            if game.over or len(out) >= count:
                break
            game.next_hand()
    return out[:count]


def main() -> int:
    """Time the hints and print one line per rule set."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--views", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{'panel per view (ms)':<20}{'views':>7}{'mean':>9}{'p99':>9}{'worst':>9}")
    worst_all = 0.0
    for rules in ruleset_names():
        sample = views(rules, args.views, args.seed)
        for v in sample[:20]:  # warm the analysis tables
            panel(v)
        times = []
        for v in sample:
            t0 = time.perf_counter()
            panel(v)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p99 = times[max(0, math.ceil(0.99 * len(times)) - 1)]
        worst_all = max(worst_all, times[-1])
        print(f"{rules:<20}{len(times):>7}{statistics.fmean(times):>9.2f}{p99:>9.2f}{times[-1]:>9.2f}")
    print(f"worst of all: {worst_all:.2f} ms (the panel's target: under 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
