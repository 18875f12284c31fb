"""How hands end for a player who follows every hint: won, ready to win, or why not.

    python scripts/follow_hints.py [--rules shanghai,shanghai-qq,shanghai-lezi] [--hands 500] [--seed 1] \\
        [--others normal]

Seat 0 plays every move the hint panel suggests (:class:`mahjong_tui.learn.hints.HintFollower`)
against three bots; each hand is one seeded deal. At the end of each hand its own hand is
read as the review reads it (from what the seat could see), and counted as: won; ready with a
wait that may win; not ready; ready only in a plain shape no wait of which may win — whether
the panel says so in the same line, with the steps still to a hand that may win. Printed per
rule set, with how often a ★ discard left more steps to a win than the least (each time a
safer discard, which the defence line explains).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots import LEVELS, create_bot  # noqa: E402
from mahjong_tui.engine import Game, GameOptions, Phase, SeatView, play_until_decision, seat_view  # noqa: E402
from mahjong_tui.learn.hints import analyse, hint_for_view  # noqa: E402


class Learner:
    """Follows every suggestion; counts the ★ discards that leave more steps to a win than the least, and why."""

    def __init__(self) -> None:
        self.slower = 0
        self.slower_said = 0
        self.discards = 0

    def choose(self, view: SeatView):  # noqa: ANN201 - a Player
        if len(view.legal) == 1:
            return view.legal[0]
        hint = hint_for_view(view)
        if view.phase is Phase.TURN and hint.suggest is not None and hint.discards:
            self.discards += 1
            chosen = next(d for d in hint.discards if d.tile == hint.suggest)
            if chosen.win_shanten != hint.discards[0].win_shanten:
                self.slower += 1
                self.slower_said += hint.defence is not None
        return hint.action if hint.action is not None else view.legal[0]


def play(rules: str, seed: int, index: int, others: str) -> tuple[str, Learner]:
    """One deal: how seat 0's hand ended."""
    game = Game(rules, seed * 100_003 + index, GameOptions(max_hands=1))
    learner = Learner()
    play_until_decision(game, {0: learner, **{s: create_bot(others, s, index) for s in (1, 2, 3)}})
    hand = game.hand
    if 0 in hand.winners:
        return "won", learner
    p = hand.players[0]
    end = analyse(game.rules, p.counts, p.melds, p.flowers, seat_view(hand, 0).outside)
    if any(w.qualifies for w in end.waits):
        return "ready to win", learner
    if end.shanten == 0 and end.waits:
        told = "no wait may win" in end.why.en and (
            "nearest hand that may win" in end.why.en or end.win_shanten is None
        )
        return "shape only, said why" if told else "shape only, not said", learner
    return "not ready", learner


def main() -> int:
    """Print, per rule set, how the follower's hands ended."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="shanghai,shanghai-qq,shanghai-lezi")
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--others", default="normal", choices=LEVELS)
    args = ap.parse_args()
    for rules in args.rules.split(","):
        t0 = time.perf_counter()
        ends: Counter[str] = Counter()
        slower = said = discards = 0
        for i in range(args.hands):
            end, learner = play(rules, args.seed, i, args.others)
            ends[end] += 1
            slower += learner.slower
            said += learner.slower_said
            discards += learner.discards
        order = ("won", "ready to win", "not ready", "shape only, said why", "shape only, not said")
        shown = ", ".join(f"{k} {ends[k]}" for k in order)
        print(
            f"{rules}: {args.hands} hands against {args.others}: {shown}; ★ discards {discards}, "
            f"{slower} of them slower than the least steps to a win ({said} with the defence's reason) "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
