"""Measure the hand analysis: shanten calls/s next to the ``mahjong`` package, cold start,
and ``discard_options`` speed.

    python scripts/bench_shanten.py [--hands N] [--runs R] [--warmup W]

Each run uses hands neither side has seen (after W warm-up hands have filled the memo
tables, as in a game that has been going for a while); both implementations get the same
hands. Rates are given per second of this process's CPU time and of wall time, best and
median of R runs: on a busy machine wall time also counts time spent waiting for a core,
and the best run is the one least disturbed. The ``mahjong`` package (a test extra) is
only timed here, never used by the game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong_tui.engine import get_ruleset  # noqa: E402
from mahjong_tui.engine.analysis import discard_options, shanten_regular  # noqa: E402

Hand = list[int]
ALL_KINDS = list(range(34))
ONE_SUIT = list(range(9))
SUITED = list(range(27))


def random_hands(rng: random.Random, kinds: Sequence[int], sizes: Sequence[int], count: int) -> list[Hand]:
    """Hands dealt from a shuffled wall of four copies of each kind."""
    wall = [k for k in kinds for _ in range(4)]
    hands = []
    for i in range(count):
        counts = [0] * 34
        for t in rng.sample(wall, sizes[i % len(sizes)]):
            counts[t] += 1
        hands.append(counts)
    return hands


def timed(fn: Callable[[Hand], object], hands: list[Hand]) -> tuple[float, float]:
    """Calls per CPU second and per wall second, one pass over ``hands``."""
    cpu, wall = time.process_time(), time.perf_counter()
    for h in hands:
        fn(h)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return len(hands) / max(cpu, 1e-9), len(hands) / wall


def cold_start(runs: int) -> list[float]:
    """Seconds for a fresh interpreter to import the module and answer one call."""
    code = (
        "import time; t = time.perf_counter();"
        "from mahjong_tui.engine.analysis import shanten_regular;"
        "shanten_regular([1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [1, 1, 1, 1, 0, 0, 0]);"
        "print(time.perf_counter() - t)"
    )
    out = []
    for _ in range(runs):
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
        out.append(float(res.stdout.strip()))
    return out


def summary(rates: list[float]) -> str:
    """Best and median, as a column."""
    return f"{max(rates):>11,.0f} {statistics.median(rates):>11,.0f}"


def main() -> None:
    """Run the measurements and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement")
    parser.add_argument("--warmup", type=int, default=100000, help="hands analysed before measuring")
    args = parser.parse_args()
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        sys.exit("the mahjong package is needed for the comparison: pip install -e '.[test]'")
    reference = Shanten.calculate_shanten_for_regular_hand

    print(f"python {sys.version.split()[0]}; {args.hands} new hands per run, {args.runs} runs, best and median")
    starts = cold_start(args.runs)
    print(
        f"cold start, fresh process, import + first call: best {min(starts) * 1000:.0f} ms, "
        f"median {statistics.median(starts) * 1000:.0f} ms"
    )

    rng = random.Random(2024)
    warm = random_hands(rng, ALL_KINDS, (13, 14), args.warmup)
    warm += random_hands(rng, ONE_SUIT, (13, 14), args.warmup // 10)
    for h in warm:
        shanten_regular(h)

    print()
    print("shanten_regular, calls/s            best      median")
    for label, kinds, count in (
        ("random 13/14 tiles", ALL_KINDS, args.hands),
        ("one suit 13/14 tiles", ONE_SUIT, max(1000, args.hands // 5)),
    ):
        ours_cpu, ours_wall, ref_cpu, ref_wall, again_cpu = [], [], [], [], []
        for _ in range(args.runs):
            hands = random_hands(rng, kinds, (13, 14), count)
            cpu, wall = timed(shanten_regular, hands)
            ours_cpu.append(cpu)
            ours_wall.append(wall)
            again_cpu.append(timed(shanten_regular, hands)[0])
            cpu, wall = timed(reference, hands)
            ref_cpu.append(cpu)
            ref_wall.append(wall)
        ratio = statistics.median(ours_cpu) / statistics.median(ref_cpu)
        print(f"  {label}, {count} hands per run (median ratio {ratio:.1f}x)")
        print(f"    mahjong_tui, CPU time      {summary(ours_cpu)}")
        print(f"    mahjong package, CPU time  {summary(ref_cpu)}")
        print(f"    mahjong_tui, wall time     {summary(ours_wall)}")
        print(f"    mahjong package, wall time {summary(ref_wall)}")
        print(f"    mahjong_tui, same hands again, CPU time {summary(again_cpu)}")

    print()
    print("discard_options, 14-tile hands   us/call (CPU): best   median")
    for ruleset, kinds in (("shanghai", ALL_KINDS), ("changsha", SUITED)):
        shapes = get_ruleset(ruleset).shapes
        count = max(300, args.hands // 20)
        for h in random_hands(rng, kinds, (14,), count):
            discard_options(h, shapes)
        per_call = []
        for _ in range(args.runs):
            hands = random_hands(rng, kinds, (14,), count)
            cpu, _ = timed(lambda h, s=shapes: discard_options(h, s), hands)
            per_call.append(1e6 / cpu)
        print(f"  {ruleset:<10} {count} hands per run   {min(per_call):>14.0f} {statistics.median(per_call):>8.0f}")


if __name__ == "__main__":
    main()
