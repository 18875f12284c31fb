"""The ceiling of the hard bot's defence: what reading every opponent's waits exactly would be worth.

    python scripts/oracle_gap.py [--rules changsha] [--hands 1000] [--seed 1[,2,...]] [--weigh hard|any] \\
        [--sharpen K] [--weak normal] [--workers 2] [--all-seats] [--cache DIR]

The hard bot plays as usual, except that it reads the table with the truth: for each
opponent and tile it holds, 1 when that opponent could win on the tile right now (the
engine's own win check, as at the table: ``fit_risk.winning_tiles``) and 0 otherwise, in place of the fitted chances of
:mod:`bots.risk`. Everything else is ``scripts/duplicate.py``: the same deals, the weak
level in the other seats, the gain ± 2 se, wins and deal-ins (and the same ``--cache``).

``--weigh hard`` keeps the hard bot's weighing (a slower discard only from
``FOLD_FROM`` away, an equally fast one only when it keeps most of the helpful tiles);
``--weigh any`` lets every discard in, so the bot never feeds a wait while a safe tile
is worth keeping. The difference between this figure and ``duplicate.py``'s for the hard
bot is what a better reading of the table could still bring, and the difference between
the two rules is how much of it the weighing itself leaves on the table.

``--sharpen K`` reads between the two: the fitted chances, each moved toward the truth
(its log-odds up by K for a winning tile, down by K/4 for any other). The line then also
gives the AUC of that reading over the tiles the bot held when it read the table (K = 0
is the fitted model itself, the hard bot exactly; its AUC here is near the held-out one
``fit_risk.py`` prints), so the gain can be set against how sharp a reading would have to
be to bring it.
"""

from __future__ import annotations

import math
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import duplicate  # noqa: E402
from fit_risk import winning_tiles  # noqa: E402

from bots import create_bot  # noqa: E402
from bots.hard import HardBot  # noqa: E402
from bots.hard_defense import Reading  # noqa: E402
from mahjong_tui.engine import Game, SeatView  # noqa: E402

#: how the tiles a reading was asked about are counted for its AUC: (score or its bin, a winning tile) -> tiles
Tally = Counter[tuple[float, bool]]


class OracleBot(HardBot):
    """The hard bot, reading every opponent's winning tiles from the game itself (or sharpened toward them)."""

    def __init__(self, seat: int, seed: int, game: Game, any_discard: bool, sharpen: float | None = None) -> None:
        """A hard bot for ``seat`` of ``game``; with ``any_discard``, every discard is weighed.

        ``sharpen``: None reads the truth; K moves each fitted chance toward it (see the module).
        """
        super().__init__(seat, seed)
        self.game = game
        self.sharpen = sharpen
        self.tally: Tally = Counter()
        if any_discard:
            self.fold_from, self.keep_helpful = 0, 0.0

    def read_table(self, view: SeatView, unseen: Sequence[int]) -> Reading:
        """The model's reading, its chances replaced by the truth or moved toward it."""
        reading = Reading(view, unseen)
        for o in range(4):
            if o == view.seat:
                continue
            winning = winning_tiles(self.game, o, view.seat)
            fitted = reading.chances[o]
            if self.sharpen is None:
                row = [1.0 if t in winning else 0.0 for t in range(34)]
            else:
                k = self.sharpen
                row = [_moved(c, k if t in winning else -k / 4) for t, c in enumerate(fitted)]
            reading.chances[o] = row
            for t in range(34):
                if view.counts[t] and fitted[t] > 0.0:  # a tile passed under 漏胡 is safe by the rules
                    self.tally[(round(10 * _log_odds(row[t])), t in winning)] += 1
        return reading


def _log_odds(c: float) -> float:
    c = min(max(c, 1e-9), 1.0 - 1e-9)
    return math.log(c / (1.0 - c))


def _moved(c: float, shift: float) -> float:
    """A chance with its log-odds moved by ``shift`` (a tile passed under 漏胡 stays at 0)."""
    if c <= 0.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-(_log_odds(c) + shift)))


def auc(tally: Tally) -> float:
    """The chance that a winning tile reads higher than another (ties half), over the tallied tiles."""
    below = 0
    total = 0.0
    for b in sorted({b for b, _ in tally}):
        pos, neg = tally[(b, True)], tally[(b, False)]
        total += pos * (below + 0.5 * neg)
        below += neg
    pos_all = sum(n for (_, w), n in tally.items() if w)
    return total / max(1, pos_all * below)


def oracle_plays(job: tuple[str, int, int, str, bool, bool, float | None]) -> tuple[list[duplicate.Outcome], Tally]:
    """The oracle in each of its seats for this deal, the weak level elsewhere; the tally of its readings."""
    rules, seed, index, weak, any_discard, all_seats, sharpen = job
    out = []
    tally: Tally = Counter()
    for seat in duplicate.seats_of(index, all_seats):
        game = duplicate.deal(rules, seed, index)
        bot_seed = duplicate.deal_seed(seed, index)
        players: dict[int, object] = {s: create_bot(weak, s, bot_seed) for s in range(4) if s != seat}
        oracle = players[seat] = OracleBot(seat, bot_seed, game, any_discard, sharpen)
        out.append(duplicate.outcomes(game, players)[seat])
        tally.update(oracle.tally)
    return out, tally


def main() -> int:
    """Print the oracle's gain for each rule set and seed."""
    ap = duplicate.arguments(__doc__, 1000, strong=False)
    ap.add_argument("--weigh", choices=("hard", "any"), default="any")
    ap.add_argument("--sharpen", type=float, default=None, help="the fitted reading moved toward the truth by K")
    ap.add_argument("--all-seats", action="store_true")
    args = ap.parse_args()
    seats = ", every seat" if args.all_seats else ""
    for rules in duplicate.parse_rules(ap, args.rules):
        for seed in duplicate.parse_seeds(ap, args.seed):
            t0 = time.perf_counter()
            base = duplicate.weak_plays(rules, args.hands, seed, args.weak, args.workers, args.cache)
            any_discard = args.weigh == "any"
            jobs = [(rules, seed, i, args.weak, any_discard, args.all_seats, args.sharpen) for i in range(args.hands)]
            results = duplicate.run_jobs(oracle_plays, jobs, args.workers)
            gains, pairs = duplicate.paired(base, [r[0] for r in results], args.all_seats)
            tally: Tally = sum((r[1] for r in results), Counter())
            reading = "true waits" if args.sharpen is None else f"sharpened by {args.sharpen:g} (AUC {auc(tally):.3f})"
            print(
                f"{rules}: hard reading {reading} (weighing: {args.weigh}) in place of {args.weak}, "
                f"{args.hands} deals{seats}, seed {seed}: {duplicate.line(duplicate.summary(gains, pairs))} "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
