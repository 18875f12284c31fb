"""Seeded random-legal hands with every invariant checked after every action.

    python scripts/soak_random.py --rules shanghai --hands 2000 --seed 1
    python scripts/soak_random.py --rules changsha --hands 2000 --seed 1

Prints hands/second, wins and draws, how often each hand type and each special event
(开杠, 海底, birds by seat) occurred, and every invariant violation found (exit 1 if any).
"""

from __future__ import annotations

import argparse
import sys
import time

from mahjong_tui.testing.soak import soak


def main() -> int:
    """Run the soak and print what it measured."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="shanghai")
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-replay", action="store_true", help="skip the record → replay check")
    args = ap.parse_args()
    t0 = time.perf_counter()
    stats = soak(args.rules, args.seed, args.hands, replay=not args.no_replay)
    dt = time.perf_counter() - t0
    print(f"rules {args.rules}  seed {args.seed}  hands {stats.hands}  games {stats.games}  actions {stats.actions}")
    print(f"time {dt:.2f} s  ->  {stats.hands / dt:.1f} hands/s, {stats.actions / dt:.0f} actions/s (checks included)")
    print(f"wins {stats.wins}  drawn {stats.draws}")
    print("hand types:", ", ".join(f"{k} {v}" for k, v in sorted(stats.hand_types.items())) or "none")
    print("events:", ", ".join(f"{k} {v}" for k, v in sorted(stats.events.items())))
    print(f"invariant violations: {len(stats.violations)}")
    for v in stats.violations[:20]:
        print("  ", v)
    return 1 if stats.violations else 0


if __name__ == "__main__":
    sys.exit(main())
