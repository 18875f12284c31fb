"""Bot strength: one stronger bot against three of the level below, seats rotated.

    python scripts/strength.py [--hands 2000] [--seed 1] [--workers 2] [--rules shanghai,shanghai-lezi,changsha]

For each rule set, two match-ups: hard in one seat against three normal, and normal in one
seat against three easy. The stronger bot sits in each of the four seats for a quarter of
the hands (the same seeded games each time, so only the seat changes). Printed: points
per hand of the stronger bot and of each opponent by where it sits relative to it (next,
opposite, previous), and whether the stronger bot won more per hand than each of them.
Beside the margin: the stronger bot's lead over the average of its opponents, with two
standard errors of that per-hand difference, so a margin can be told from noise (hands
are taken as independent; scores carried between hands do not change what a hand pays).
Exit 1 if it did not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from duplicate import parse_rules  # noqa: E402

from mahjong_tui.simulation import SimulateArgs, run, summary  # noqa: E402

MATCHUPS = (("hard", "normal"), ("normal", "easy"))
RELATIVE = ("next", "opposite", "previous")


def matchup(rules: str, strong: str, weak: str, hands: int, seed: int, workers: int) -> dict[str, float]:
    """Points per hand of ``strong`` and of its three ``weak`` opponents by relative seat."""
    per_seat = hands // 4
    points = {"strong": 0, "next": 0, "opposite": 0, "previous": 0}
    lead: list[float] = []  # per hand: the strong bot's points minus its opponents' average
    played = 0
    violations = 0
    for seat in range(4):
        bots = [weak] * 4
        bots[seat] = strong
        args = SimulateArgs(rules, per_seat, seed, tuple(bots), workers)  # type: ignore[arg-type]
        totals, seconds = run(args)
        data = summary(args, totals, seconds)
        violations += data["invariant_violations"]
        played += data["hands"]
        pts = data["points_by_seat"]
        points["strong"] += pts[seat]
        for k, name in enumerate(RELATIVE, start=1):
            points[name] += pts[(seat + k) % 4]
        lead.extend(p[seat] - (sum(p) - p[seat]) / 3 for p in totals.payments)
    out = {k: v / played for k, v in points.items()}
    out["lead"] = statistics.fmean(lead)
    out["two_se"] = 2 * statistics.stdev(lead) / len(lead) ** 0.5
    out["hands"] = played
    out["violations"] = violations
    return out


def main() -> int:
    """Run every match-up and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per match-up and rule set (split over 4 seats)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rules", default="shanghai,shanghai-lezi,changsha")
    args = ap.parse_args()
    ok = True
    print(
        f"{'rules':<10}{'match-up':<18}{'hands':>7}{'strong':>9}{'next':>9}{'opposite':>10}{'previous':>10}"
        f"{'margin':>9}{'lead':>8}{'±2se':>7}  result"
    )
    for rules in parse_rules(ap, args.rules):
        for strong, weak in MATCHUPS:
            t0 = time.perf_counter()
            r = matchup(rules, strong, weak, args.hands, args.seed, args.workers)
            margin = r["strong"] - max(r[name] for name in RELATIVE)
            good = margin > 0 and r["violations"] == 0
            ok = ok and good
            print(
                f"{rules:<10}{strong + ' vs 3 ' + weak:<18}{int(r['hands']):>7}{r['strong']:>9.2f}"
                f"{r['next']:>9.2f}{r['opposite']:>10.2f}{r['previous']:>10.2f}{margin:>9.2f}"
                f"{r['lead']:>8.2f}{r['two_se']:>7.2f}  "
                f"{'stronger' if good else 'NOT stronger'} ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    print(
        "points per hand; margin = strong bot minus its best opponent; "
        "lead = strong bot minus its opponents' average, ±2 standard errors"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
