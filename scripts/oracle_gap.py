"""The ceiling of the hard bot's defence: what reading every opponent's waits exactly would be worth.

    python scripts/oracle_gap.py [--rules changsha] [--hands 1000] [--seed 1[,2,...]] [--weigh hard|any] \\
        [--weak normal] [--workers 2] [--all-seats] [--cache DIR]

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
"""

from __future__ import annotations

import argparse
import sys
import time
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


class OracleBot(HardBot):
    """The hard bot, reading every opponent's winning tiles from the game itself."""

    def __init__(self, seat: int, seed: int, game: Game, any_discard: bool) -> None:
        """A hard bot for ``seat`` of ``game``; with ``any_discard``, every discard is weighed."""
        super().__init__(seat, seed)
        self.game = game
        if any_discard:
            self.fold_from, self.keep_helpful = 0, 0.0

    def read_table(self, view: SeatView, unseen: Sequence[int]) -> Reading:
        """The model's reading, its chances replaced by the truth."""
        reading = Reading(view, unseen)
        for o in range(4):
            if o != view.seat:
                winning = winning_tiles(self.game, o, view.seat)
                reading.chances[o] = [1.0 if t in winning else 0.0 for t in range(34)]
        return reading


def oracle_plays(job: tuple[str, int, int, str, bool, bool]) -> list[duplicate.Outcome]:
    """The oracle in each of its seats for this deal, the weak level elsewhere."""
    rules, seed, index, weak, any_discard, all_seats = job
    out = []
    for seat in duplicate.seats_of(index, all_seats):
        game = duplicate.deal(rules, seed, index)
        bot_seed = duplicate.deal_seed(seed, index)
        players: dict[int, object] = {s: create_bot(weak, s, bot_seed) for s in range(4) if s != seat}
        players[seat] = OracleBot(seat, bot_seed, game, any_discard)
        out.append(duplicate.outcomes(game, players)[seat])
    return out


def main() -> int:
    """Print the oracle's gain for each rule set and seed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="changsha", help="comma-separated rule sets")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", default="1", help="a seed, or comma-separated seeds")
    ap.add_argument("--weigh", choices=("hard", "any"), default="any")
    ap.add_argument("--weak", default="normal")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--all-seats", action="store_true")
    ap.add_argument("--cache", default="")
    args = ap.parse_args()
    seats = ", every seat" if args.all_seats else ""
    for rules in args.rules.split(","):
        for seed in duplicate.parse_seeds(ap, args.seed):
            t0 = time.perf_counter()
            base = duplicate.weak_plays(rules, args.hands, seed, args.weak, args.workers, args.cache)
            jobs = [(rules, seed, i, args.weak, args.weigh == "any", args.all_seats) for i in range(args.hands)]
            played = duplicate.run_jobs(oracle_plays, jobs, args.workers)
            gains, pairs = duplicate.paired(base, played, args.all_seats)
            print(
                f"{rules}: hard reading true waits (weighing: {args.weigh}) in place of {args.weak}, "
                f"{args.hands} deals{seats}, seed {seed}: {duplicate.line(duplicate.summary(gains, pairs))} "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
