"""Where the stronger level first parts from the weaker one, and what the deals it parts in bring.

    python scripts/divergence.py [--rules changsha] [--hands 2000] [--seed 1[,2,...]] \\
        [--strong hard] [--weak normal] [--workers 2] [--cache DIR]

The same deals as ``scripts/duplicate.py`` (the stronger level in one seat, the weaker in
the others, against the weaker level in all four). Beside the stronger bot sits a shadow:
the weaker level's bot for the same seat and seed, asked at every decision what it would
do. Up to the first decision where the two differ, the play is the weaker-only play
exactly, so that decision is where the deal's gain comes from. Each deal is put in the
row of that first decision:

- ``discard, N from ready``: a different discard, N being how far from ready the weaker
  level's discard would have left the hand (0: ready); ``for safety`` when the stronger
  bot said it took a safer tile (its ``last_defence``);
- ``pong → pass``, ``added kong (buzhang) → added kong (kaigang)`` and the like: the
  weaker level's action, then the stronger one's;
- ``same``: no decision differed (the gain is 0).

Each row gives its deals, its part of the gain per hand (the rows add up to
``duplicate.py``'s figure, with the same seed) ± 2 se, the mean gain in a deal of that row,
and the wins and deal-ins it changed. It tells which part of a bot wins or loses points.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import duplicate  # noqa: E402

from bots import create_bot  # noqa: E402
from mahjong_tui.engine import Action, ActionKind, KongMode, SeatView  # noqa: E402
from mahjong_tui.engine.analysis import shanten  # noqa: E402

SAME = "same"


class Shadowed:
    """A bot of the stronger level with the weaker level's bot beside it: the first decision they differ on."""

    def __init__(self, strong: str, weak: str, seat: int, seed: int) -> None:
        """Both bots for ``seat``, with the deal's ``seed``."""
        self.bot = create_bot(strong, seat, seed)
        self.shadow = create_bot(weak, seat, seed)
        self.level = self.bot.level
        self.first: str | None = None

    def choose(self, view: SeatView) -> Action:
        """The stronger bot's action; until they differ, the shadow is asked too."""
        action = self.bot.choose(view)
        if self.first is None:
            other = self.shadow.choose(view)
            if other != action:
                self.first = self._row(view, action, other)
        return action

    def _row(self, view: SeatView, action: Action, other: Action) -> str:
        return difference(view, action, other, getattr(self.bot, "last_defence", None) is not None)


def difference(view: SeatView, action: Action, other: Action, safety: bool) -> str:
    """The row of a decision where the stronger level's ``action`` differs from the weaker one's ``other`` at
    ``view``; ``safety``: the stronger bot said it took a safer tile."""
    if action.kind is ActionKind.DISCARD and other.kind is ActionKind.DISCARD and other.tile is not None:
        counts = list(view.counts)
        counts[other.tile] -= 1
        away = shanten(counts, view.ruleset.shapes, view.melds[view.seat])
        return f"discard, {away} from ready{', for safety' if safety else ''}"
    return f"{_kind(other)} → {_kind(action)}"


def _kind(a: Action) -> str:
    kind = a.kind.name.lower().replace("_", " ")
    return f"{kind} ({a.mode.value})" if a.mode is not None and a.mode is not KongMode.KONG else kind


def plays(job: tuple[str, int, int, str, str]) -> tuple[duplicate.Outcome, str]:
    """The stronger level in this deal's seat beside its shadow: the seat's result and the first difference."""
    rules, seed, index, strong, weak = job
    seat = duplicate.seats_of(index, False)[0]
    bot_seed = duplicate.deal_seed(seed, index)
    game = duplicate.deal(rules, seed, index)
    players: dict[int, object] = {s: create_bot(weak, s, bot_seed) for s in range(4) if s != seat}
    shadowed = players[seat] = Shadowed(strong, weak, seat, bot_seed)
    return duplicate.outcomes(game, players)[seat], shadowed.first or SAME


def rows(
    base: Sequence[Sequence[duplicate.Outcome]], played: Sequence[tuple[duplicate.Outcome, str]]
) -> dict[str, dict[str, float]]:
    """Per first difference: its deals, its part of the gain per hand ± 2 se, the mean gain, wins and deal-ins."""
    hands = len(played)
    gains: dict[str, list[float]] = defaultdict(lambda: [0.0] * hands)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for i, (strong, row) in enumerate(played):
        weak = base[i][duplicate.seats_of(i, False)[0]]
        gains[row][i] = strong.points - weak.points
        c = counts[row]
        c[0] += 1
        c[1] += strong.won - weak.won
        c[2] += strong.dealt_in - weak.dealt_in
    out = {}
    for row, g in gains.items():
        deals, wins, deal_ins = counts[row]
        out[row] = {
            "deals": deals,
            "gain": statistics.fmean(g),
            "two_se": 2 * statistics.stdev(g) / hands**0.5 if hands > 1 else 0.0,
            "mean": sum(g) / deals,
            "wins": wins,
            "deal_ins": deal_ins,
        }
    return out


def report(rules: str, hands: int, seed: int, strong: str, weak: str, workers: int, cache: str) -> dict[str, dict]:
    """Every row for one preset and seed."""
    base = duplicate.weak_plays(rules, hands, seed, weak, workers, cache)
    jobs = [(rules, seed, i, strong, weak) for i in range(hands)]
    return rows(base, duplicate.run_jobs(plays, jobs, workers))


def main() -> int:
    """Print the rows for each rule set and seed."""
    ap = duplicate.arguments(__doc__, 2000)
    args = ap.parse_args()
    seeds = duplicate.parse_seeds(ap, args.seed)
    for rules in duplicate.parse_rules(ap, args.rules):
        for seed in seeds:
            t0 = time.perf_counter()
            found = report(rules, args.hands, seed, args.strong, args.weak, args.workers, args.cache)
            total = sum(r["gain"] for r in found.values())
            print(
                f"{rules}: {args.strong} in place of {args.weak}, {args.hands} deals, seed {seed}: "
                f"gain {total:+.2f} per hand ({time.perf_counter() - t0:.0f} s), by the first decision that differs:"
            )
            width = max(len(row) for row in found)
            for row, r in sorted(found.items(), key=lambda kv: (kv[0] == SAME, -kv[1]["deals"])):
                print(
                    f"  {row:{width}s} {r['deals']:6d} deals  {r['gain']:+.3f} ± {r['two_se']:.3f} per hand  "
                    f"{r['mean']:+7.1f} per deal  wins {r['wins']:+d}, deal-ins {r['deal_ins']:+d}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
