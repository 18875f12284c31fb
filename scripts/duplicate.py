"""Duplicate comparison: how much a bot level gains over another on the very same deals.

    python scripts/duplicate.py [--rules changsha] [--hands 4000] [--seed 1] \\
        [--strong hard] [--weak normal] [--workers 2]

Each deal is played twice: once with the weaker level in all four seats, once with the
stronger level in one seat (the seat turns with the deal, and the dealer with it, so every
seat meets every dealer). The gain of a deal is what that seat won in the second play minus
what it won in the first. The shared deal takes out most of the luck of the tiles, so a
small difference in play shows up in far fewer hands than a plain match (``strength.py``)
needs. Printed: the mean gain per hand with two standard errors, the seat's points per
hand in both plays, and its wins and deal-ins in both.

Hands are independent: each starts from the rule set's starting points with no carried
state (no 荒番), which does not change what a Changsha hand pays.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_tui.engine import Game, GameOptions, HandEnded, PlayerWon, play_until_decision  # noqa: E402

BotFactory = Callable[[str, int, int], object]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One seat's result in one play of a deal."""

    points: int
    won: bool
    dealt_in: bool


def _factory() -> BotFactory:
    from bots import create_bot

    return create_bot


def play(rules: str, seed: int, index: int, levels: Sequence[str], seat: int, make: BotFactory) -> Outcome:
    """Play deal ``index`` (the first hand of a seeded game) with ``levels`` per seat; ``seat``'s result."""
    game = Game(rules, seed * 100_003 + index, GameOptions(max_hands=1))
    players = {s: make(level, s, seed * 100_003 + index) for s, level in enumerate(levels)}
    play_until_decision(game, players)  # type: ignore[arg-type]
    hand = game.hand
    won = dealt_in = False
    points = 0
    for ev in hand.events:
        if isinstance(ev, PlayerWon):
            won = won or ev.seat == seat
            dealt_in = dealt_in or ev.context.discarder == seat
        elif isinstance(ev, HandEnded):
            points = ev.payments[seat]
    return Outcome(points, won, dealt_in)


def deal_pair(job: tuple[str, int, int, str, str]) -> tuple[Outcome, Outcome]:
    """One deal played both ways: (weak in the seat, strong in the seat)."""
    rules, seed, index, strong, weak = job
    make = _factory()
    seat = (index // 4) % 4
    levels = [weak] * 4
    base = play(rules, seed, index, levels, seat, make)
    levels[seat] = strong
    return base, play(rules, seed, index, levels, seat, make)


def compare(rules: str, hands: int, seed: int, strong: str, weak: str, workers: int) -> dict[str, float]:
    """Run every deal both ways and sum up the gain."""
    jobs = [(rules, seed, i, strong, weak) for i in range(hands)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            pairs = list(pool.map(deal_pair, jobs, chunksize=max(1, hands // (workers * 8))))
    else:
        pairs = [deal_pair(j) for j in jobs]
    gains = [s.points - b.points for b, s in pairs]
    return {
        "gain": statistics.fmean(gains),
        "two_se": 2 * statistics.stdev(gains) / len(gains) ** 0.5,
        "weak_points": statistics.fmean(b.points for b, _ in pairs),
        "strong_points": statistics.fmean(s.points for _, s in pairs),
        "weak_wins": sum(b.won for b, _ in pairs),
        "strong_wins": sum(s.won for _, s in pairs),
        "weak_deal_ins": sum(b.dealt_in for b, _ in pairs),
        "strong_deal_ins": sum(s.dealt_in for _, s in pairs),
        "changed": sum(1 for b, s in pairs if b != s),
    }


def main() -> int:
    """Print the comparison for each rule set asked for."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="changsha", help="comma-separated rule sets")
    ap.add_argument("--hands", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strong", default="hard")
    ap.add_argument("--weak", default="normal")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    for rules in args.rules.split(","):
        t0 = time.perf_counter()
        r = compare(rules, args.hands, args.seed, args.strong, args.weak, args.workers)
        print(
            f"{rules}: {args.strong} in place of {args.weak}, {args.hands} deals: "
            f"gain {r['gain']:+.2f} ± {r['two_se']:.2f} points per hand "
            f"({r['weak_points']:+.2f} → {r['strong_points']:+.2f}); "
            f"wins {r['weak_wins']} → {r['strong_wins']}, deal-ins {r['weak_deal_ins']} → {r['strong_deal_ins']}; "
            f"{r['changed']} deals changed ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
