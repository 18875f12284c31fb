"""One benchmark run, printed side by side: shanten speed, bot decision latency, simulation speed.

    python scripts/bench.py [--hands 1000] [--views 3000] [--seed 1] [--rules shanghai,changsha]
        [--skip-shanten] [--skip-simulate]
    python scripts/bench.py --against REV [--rounds 3] [--hands 300] [--hard-hands 40] [--seed 3] [--startup-runs 7]

``--against REV`` measures this tree and the commit REV in one run instead (``scripts/bench_against.py``):
``simulate`` hands per second with their digests, and the first-frame times of ``scripts/startup.py``,
each tree's runs alternating with the other's, and prints each figure and the ratio.

1. Shanten calls per second on the same random 13/14-tile hands: ours (regular shape and
   each rule set's shanten) against the ``mahjong`` package (installed with the test
   extra; imported only here). Both measured after a warm-up on other hands.
2. Bot decision latency per level (mean and p99, ms): every level answers the same
   recorded seat views (taken from seeded bot games, only those with a real choice).
3. ``simulate`` hands per second per rule set and bot level (four bots of that level),
   with one worker and with two, and the speed-up. Easy bots play three times ``--hands``,
   so that a run lasts long enough for starting the worker processes not to count.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import LEVELS, create_bot  # noqa: E402
from mahjong_tui.engine import Action, Game, SeatView, get_ruleset, play_until_decision, ruleset_names  # noqa: E402
from mahjong_tui.engine.analysis import shanten, shanten_regular  # noqa: E402
from mahjong_tui.simulation import SimulateArgs, run  # noqa: E402

RULES = ruleset_names()  # every preset


def random_hands(rng: random.Random, kinds: list[int], count: int) -> list[list[int]]:
    """Hands of 13 or 14 tiles dealt from four copies of each kind."""
    wall = [k for k in kinds for _ in range(4)]
    out = []
    for i in range(count):
        c = [0] * 34
        for t in rng.sample(wall, 13 + i % 2):
            c[t] += 1
        out.append(c)
    return out


def calls_per_second(fn: Callable[[list[int]], object], hands: list[list[int]], repeat: int = 3) -> float:
    """Best of ``repeat`` passes over ``hands``."""
    best = 0.0
    for _ in range(repeat):
        t0 = time.perf_counter()
        for h in hands:
            fn(h)
        best = max(best, len(hands) / (time.perf_counter() - t0))
    return best


def bench_shanten(n: int) -> None:
    """Our shanten against the mahjong package's regular-hand shanten."""
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        print("shanten: the mahjong package is not installed (pip install -e '.[test]'); skipped\n")
        return
    reference = Shanten().calculate_shanten_for_regular_hand
    shanghai, changsha = get_ruleset("shanghai"), get_ruleset("changsha")
    rng = random.Random(7)
    kinds = list(range(34))
    for h in random_hands(rng, kinds, n):  # warm-up, other hands
        shanten_regular(h)
        reference(h)
    hands = random_hands(rng, kinds, n)
    suited = random_hands(rng, list(range(27)), n)
    rows = [
        ("regular shape, random hands", calls_per_second(shanten_regular, hands), calls_per_second(reference, hands)),
        ("shanghai shanten (+ 乱风向)", calls_per_second(lambda h: shanten(h, shanghai.shapes), hands), None),
        (
            "changsha shanten (all shapes)",
            calls_per_second(lambda h: shanten(h, changsha.shapes), suited),
            calls_per_second(reference, suited),
        ),
    ]
    print(f"{'shanten calls/s':<34}{'mahjong_tui':>14}{'mahjong pkg':>14}{'ratio':>8}")
    for label, ours, ref in rows:
        ref_txt = f"{ref:>14,.0f}" if ref else f"{'-':>14}"
        ratio = f"{ours / ref:>7.1f}x" if ref else f"{'':>8}"
        print(f"{label:<34}{ours:>14,.0f}{ref_txt}{ratio}")
    print("(changsha row: the package computes the regular shape only, on the same hands)\n")


class _Collector:
    """A bot that keeps every view it is asked about."""

    def __init__(self, bot: object, views: list[SeatView]) -> None:
        """Wrap ``bot``; keep its views in ``views``."""
        self.bot = bot
        self.views = views

    def choose(self, view: SeatView) -> Action:
        """Keep the view, answer as the bot."""
        self.views.append(view)
        return self.bot.choose(view)  # type: ignore[attr-defined]


def collect_views(rules: str, count: int, seed: int) -> list[SeatView]:
    """Seat views with more than one legal action, from seeded games of mixed bots."""
    views: list[SeatView] = []
    levels = ("hard", "normal", "easy", "normal")
    g = 0
    while len(views) < count:
        game = Game(rules, seed * 1000 + g)
        players = {s: _Collector(create_bot(levels[s], s, g), views) for s in range(4)}
        g += 1
        try:
            for _ in range(6):
                play_until_decision(game, players)
                if game.over or len(views) >= count:
                    break
                game.next_hand()
        except Exception as e:  # an engine failure is simulate's to report; here the game just stops
            print(f"  (game {g - 1} stopped: {type(e).__name__}: {e})", file=sys.stderr)
    return views[:count]


#: the levels whose every decision is timed on thousands of views (the expert thinks for a budget: bench_expert)
FAST_LEVELS = tuple(lv for lv in LEVELS if lv != "expert")


def bench_latency(views_per_rules: int, seed: int, rules_list: tuple[str, ...] = RULES) -> None:
    """Mean and p99 of one decision per level on the same views."""
    print(f"{'bot decision latency (ms)':<28}" + "".join(f"{lv + ' mean':>13}{lv + ' p99':>12}" for lv in FAST_LEVELS))
    for rules in rules_list:
        views = collect_views(rules, views_per_rules * 2, seed)
        warm, timed = views[::2], views[1::2]
        cells = []
        # every level first answers the warm-up views, so no level pays for filling the shared
        # analysis memo tables that the others then use
        for level in FAST_LEVELS:
            bots = [create_bot(level, s, 0) for s in range(4)]
            for v in warm:
                bots[v.seat].choose(v)
        for level in FAST_LEVELS:
            bots = [create_bot(level, s, 0) for s in range(4)]
            times = []
            for v in timed:
                t0 = time.perf_counter()
                bots[v.seat].choose(v)
                times.append((time.perf_counter() - t0) * 1000)
            times.sort()
            p99 = times[max(0, math.ceil(0.99 * len(times)) - 1)]
            cells.append(f"{statistics.fmean(times):>13.3f}{p99:>12.3f}")
        print(f"{rules + f' ({len(timed)} views)':<28}" + "".join(cells))
    print()


def bench_simulate(hands: int, seed: int, rules_list: tuple[str, ...] = RULES) -> None:
    """Hands per second with one worker and with two, per rule set and level."""
    print(
        f"{'simulate hands/s':<22}{'level':<8}{'1 worker':>10}{'2 workers':>11}{'speed-up':>10}{'games':>7}{'hands':>7}"
    )
    for rules in rules_list:
        for level in FAST_LEVELS:
            rates = []
            games = 0
            n = 3 * hands if level == "easy" else hands
            for workers in (1, 2):
                args = SimulateArgs(rules, n, seed, (level,) * 4, workers)  # type: ignore[arg-type]
                totals, seconds = run(args)
                rates.append(totals.hands / seconds)
                games = totals.games
            print(
                f"{rules:<22}{level:<8}{rates[0]:>10.1f}{rates[1]:>11.1f}{rates[1] / rates[0]:>9.2f}x{games:>7}{n:>7}",
                flush=True,
            )
    print("(every action checked: legal, tiles conserved, hand sizes, zero-sum points)")


def bench_expert(views_per_rules: int, seed: int, think_ms: float, rules_list: tuple[str, ...] = RULES) -> None:
    """The expert's decision time at its budget (every decision, and those it looked ahead at), and its play-outs per
    second against whole hands of ``simulate`` with easy bots, measured in the same run."""
    from bots.expert import ExpertBot
    from bots.playout import Sampler, play_out

    print(f"expert at {think_ms:g} ms a decision")
    print(
        f"{'':<16}{'all mean':>10}{'all p99':>9}{'looked':>8}{'mean':>8}{'p99':>8}"
        f"{'play-outs/s':>13}{'easy hands/s':>14}{'ratio':>8}"
    )
    for rules in rules_list:
        views = collect_views(rules, views_per_rules, seed)
        bots = [ExpertBot(s, 0, think_ms=think_ms) for s in range(4)]
        every, looked = [], []
        for v in views:
            t0 = time.perf_counter()
            bot = bots[v.seat]
            bot.choose(v)
            ms = (time.perf_counter() - t0) * 1000
            every.append(ms)
            if bot.last_weighed:
                looked.append(ms)
        rng = random.Random(seed)
        turns = [v for v in views if v.phase.value == "turn" and len(v.legal) > 1][:60]
        done, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < 5.0:
            for v in turns:
                sampler = Sampler(v, rng)
                play_out(sampler.deal(), v.ruleset, v, v.seat, True)
                done += 1
        playouts = done / (time.perf_counter() - t0)
        totals, seconds = run(SimulateArgs(rules, 200, seed, ("easy",) * 4, 1))  # type: ignore[arg-type]
        hands = totals.hands / seconds

        def p99(xs: list[float]) -> float:
            return sorted(xs)[min(len(xs) - 1, int(0.99 * len(xs)))] if xs else 0.0

        print(
            f"{rules:<16}{statistics.mean(every):>10.1f}{p99(every):>9.1f}{len(looked):>8}"
            f"{statistics.mean(looked) if looked else 0:>8.1f}{p99(looked):>8.1f}"
            f"{playouts:>13.0f}{hands:>14.1f}{playouts / hands:>7.1f}x",
            flush=True,
        )
    print("(a play-out: one deal of the unseen tiles, played from a seat's turn to the hand's end)")


def main() -> None:
    """Run the three measurements."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, help="hands per simulate measurement (default 1000; with --against 300)")
    ap.add_argument("--views", type=int, default=3000, help="seat views per rule set for latency")
    ap.add_argument("--shanten-hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, help="default 1; with --against 3")
    ap.add_argument("--rules", default=",".join(RULES), help="comma-separated rule sets")
    ap.add_argument("--skip-shanten", action="store_true")
    ap.add_argument("--skip-simulate", action="store_true")
    ap.add_argument("--expert-views", type=int, default=300, help="seat views per rule set for the expert's figures")
    ap.add_argument("--think-ms", type=float, default=150.0, help="the expert's budget a decision")
    ap.add_argument("--skip-expert", action="store_true")
    ap.add_argument("--against", metavar="REV", help="measure this tree against the commit REV instead")
    ap.add_argument("--rounds", type=int, default=3, help="with --against: runs of each simulate figure per tree")
    ap.add_argument("--hard-hands", type=int, default=40, help="with --against: hands of the hard bots' runs")
    ap.add_argument("--startup-runs", type=int, default=7, help="with --against: runs of each first-frame figure")
    args = ap.parse_args()
    if args.against is not None:
        from bench_against import run_against

        hands, seed = args.hands or 300, 3 if args.seed is None else args.seed
        sys.exit(run_against(args.against, args.rounds, hands, args.hard_hands, seed, args.startup_runs))
    args.hands = args.hands or 1000
    args.seed = 1 if args.seed is None else args.seed
    rules = tuple(args.rules.split(","))
    print(f"python {sys.version.split()[0]}\n")
    if not args.skip_shanten:
        bench_shanten(args.shanten_hands)
    bench_latency(args.views, args.seed, rules)
    if not args.skip_simulate:
        bench_simulate(args.hands, args.seed, rules)
    if not args.skip_expert:
        bench_expert(args.expert_views, args.seed, args.think_ms, rules)


if __name__ == "__main__":
    main()
