"""Measure the hand analysis: shanten calls/s against the ``mahjong`` package, cold start,
and ``discard_options`` speed.

    python scripts/bench_shanten.py [--hands N] [--repeat R]

Every rate is measured on hands neither side has seen before (a separate warm-up set
fills the memo tables first), as the best of R runs and as their median: on a shared
machine the best run is the one least disturbed by other work. The ``mahjong`` package
(installed with the test extra) is only timed, never used by the game.
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

from mahjong_tui.engine.analysis import discard_options, shanten_regular  # noqa: E402

Hand = list[int]


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


def rate(fn: Callable[[Hand], object], hands: list[Hand], repeat: int) -> tuple[float, float]:
    """Calls per second over ``hands``: best and median of ``repeat`` runs."""
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        rates.append(len(hands) / (time.perf_counter() - start))
    return max(rates), statistics.median(rates)


def cold_start(repeat: int) -> list[float]:
    """Seconds for a fresh interpreter to import the module and answer one call."""
    code = (
        "import time; t = time.perf_counter();"
        "from mahjong_tui.engine.analysis import shanten_regular;"
        "from mahjong_tui.engine.tiles import counts_of, parse_tiles;"
        "shanten_regular(counts_of(parse_tiles('123m456p789s1234z')));"
        "print(time.perf_counter() - t)"
    )
    out = []
    for _ in range(repeat):
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
        out.append(float(res.stdout.strip()))
    return out


def main() -> None:
    """Run the measurements and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per measured set")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement")
    args = parser.parse_args()
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        sys.exit("the mahjong package is needed for the comparison: pip install -e '.[test]'")
    reference = Shanten.calculate_shanten_for_regular_hand

    print(f"python {sys.version.split()[0]}, {args.hands} hands per set, best/median of {args.repeat} runs")
    starts = cold_start(args.repeat)
    print(f"cold start (fresh process: import + first call): best {min(starts) * 1000:.0f} ms, "
          f"median {statistics.median(starts) * 1000:.0f} ms")

    rng = random.Random(2024)
    all_kinds = list(range(34))
    one_suit = list(range(9))
    # Warm-up on other hands, so the measured sets are new to both memo tables.
    for h in random_hands(rng, all_kinds, (13, 14), args.hands) + random_hands(rng, one_suit, (13, 14), 2000):
        shanten_regular(h)

    print()
    print(f"{'shanten_regular, calls/s':<34}{'mahjong_tui':>14}{'mahjong':>14}{'ratio':>8}")
    for label, kinds in (("random 13/14 tiles", all_kinds), ("one suit 13/14 tiles", one_suit)):
        count = args.hands if kinds is all_kinds else max(1000, args.hands // 10)
        hands = random_hands(rng, kinds, (13, 14), count)
        first_pass = rate(shanten_regular, hands, 1)[0]
        ours_best, ours_median = rate(shanten_regular, hands, args.repeat)
        ref_best, ref_median = rate(reference, hands, max(1, args.repeat // 2))
        print(f"{label + ' (best)':<34}{ours_best:>14,.0f}{ref_best:>14,.0f}{ours_best / ref_best:>7.1f}x")
        print(f"{label + ' (median)':<34}{ours_median:>14,.0f}{ref_median:>14,.0f}{ours_median / ref_median:>7.1f}x")
        print(f"{label + ' (first pass, ours)':<34}{first_pass:>14,.0f}")

    print()
    print(f"{'discard_options, 14-tile hands':<34}{'calls/s':>14}{'us/call':>14}")
    for ruleset, kinds in (("shanghai", all_kinds), ("changsha", list(range(27)))):
        hands = random_hands(rng, kinds, (14,), max(500, args.hands // 10))
        for h in hands[:200]:
            discard_options(h, ruleset)
        best, median = rate(lambda h, r=ruleset: discard_options(h, r), hands, args.repeat)
        print(f"{ruleset + ' (best)':<34}{best:>14,.0f}{1e6 / best:>14.0f}")
        print(f"{ruleset + ' (median)':<34}{median:>14,.0f}{1e6 / median:>14.0f}")


if __name__ == "__main__":
    main()
