"""How long the hint panel takes on seat views from seeded bot games, each view worked out anew and shared.

    python scripts/bench_hints.py [--views 600] [--seed 1]

For each rule set: the views of the seats whose turn it is (a hand about to discard), taken
from games of normal bots. For each view, what the table works out after a draw: the panel
(the hint with its ★, and the danger marks: ``advise``) and the ★ a lesson asks for on the
same view. Timed twice in the same run, in alternating order: ``anew``, every part working
out what it needs by itself (``view_cache.fresh``), and ``shared``, the analysis of the view
made once and shared (the hard bot's choice and its reading of the table). Prints the mean,
p99 and worst of each and the ratio of the means (target: under 50 ms a view).
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
from mahjong_tui.learn.advice import suggested_action  # noqa: E402
from mahjong_tui.learn.view_cache import fresh  # noqa: E402
from mahjong_tui.ui.widgets.hint_panel import advise  # noqa: E402


def panel(view: SeatView) -> None:
    """What the table works out after a draw: the panel (hint, ★, danger marks) and a lesson's ★."""
    advise(view)
    suggested_action(view)


def timed(view: SeatView, anew: bool) -> float:
    """Milliseconds ``panel`` takes on ``view`` (``anew``: nothing shared)."""
    t0 = time.perf_counter()
    if anew:
        with fresh():
            panel(view)
    else:
        panel(view)
    return (time.perf_counter() - t0) * 1000


def summary(times: list[float]) -> tuple[float, float, float]:
    """Mean, p99 and worst."""
    times = sorted(times)
    return statistics.fmean(times), times[max(0, math.ceil(0.99 * len(times)) - 1)], times[-1]


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
    """Time the panel both ways and print one line per rule set."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--views", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    cols = "".join(f"{c:>9}" for c in ("mean", "p99", "worst"))
    print(f"{'':<20}{'':>7}{'anew (ms)':>27}{'shared (ms)':>27}")
    print(f"{'panel per view':<20}{'views':>7}{cols}{cols}{'ratio':>8}")
    worst_all = 0.0
    for rules in ruleset_names():
        sample = views(rules, args.views, args.seed)
        with fresh():
            for v in sample[:20]:  # warm the analysis tables
                panel(v)
        anew: list[float] = []
        shared: list[float] = []
        for i, v in enumerate(sample):  # alternating which goes first, so that neither warms the other's view
            for way in (True, False) if i % 2 else (False, True):
                (anew if way else shared).append(timed(v, way))
        a, s = summary(anew), summary(shared)
        worst_all = max(worst_all, s[2])
        print(f"{rules:<20}{len(sample):>7}" + "".join(f"{x:>9.2f}" for x in (*a, *s)) + f"{s[0] / a[0]:>7.2f}x")
    print(f"worst of all, shared: {worst_all:.2f} ms (the panel's target: under 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
