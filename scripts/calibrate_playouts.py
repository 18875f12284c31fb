"""Play-outs beside real hands: from the same turns, how often the seat deciding wins, pays, and anyone wins.

    python scripts/calibrate_playouts.py [--rules changsha,shanghai] [--hands 150] [--seed 991] \\
        [--deals 16] [--every 3]

Four hard bots play each hand (the first hand of a seeded game). At every third turn where a
seat discards (``--every``), the expert's play-outs (:mod:`bots.playout`) are run from that
turn, ``--deals`` times, each on a fresh deal of what the seat cannot see, with the discard
the hard bot made. Printed per rule set and by the tiles left in the wall: the share of
play-outs the seat deciding wins, that it pays in (someone else won: on its discard, or on a
tile drawn, when every seat pays), that anyone wins, and its mean points, beside what the real
hands from those turns did. Play-outs where the seat pays far more often than at the table
play on into danger that players at the table see and fold from. Play-outs whose seat wins
far more often than at the table judge its speed too kindly against the others' (their hands
dealt at random lag behind).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import duplicate  # noqa: E402

from bots import create_bot  # noqa: E402
from bots.playout import Sampler, play_out  # noqa: E402
from mahjong_tui.engine import ActionKind, HandEnded, Phase, PlayerWon, SeatView, seat_view  # noqa: E402


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn looked at: the play-outs' figures and the real hand's, for the seat deciding."""

    wall: int  # tiles left in the wall
    own_win: float  # share of play-outs the seat won
    any_win: float  # share of play-outs someone won
    paid: float  # share of play-outs the seat paid in
    points: float  # the seat's mean points over the play-outs
    won: bool  # the real hand: the seat won
    ended_in_win: bool  # the real hand: someone won
    real_paid: bool  # the real hand: the seat paid
    real_points: int  # the real hand: the seat's points


def turns_of(rules: str, seed: int, index: int, every: int) -> tuple[list[tuple[SeatView, int]], set[int], list[int]]:
    """Hand ``index`` of ``seed`` (``duplicate.py``'s deal) played by hard bots: every ``every``-th discarding turn
    (view, discard), who won, and each seat's points."""
    game = duplicate.deal(rules, seed, index)
    bots = [create_bot("hard", s, index) for s in range(4)]
    hand = game.hand
    turns: list[tuple[SeatView, int]] = []
    while hand.phase is not Phase.ENDED:
        seat = game.pending_seats()[0]
        view = seat_view(hand, seat)
        action = bots[seat].choose(view)
        if view.phase is Phase.TURN and action.kind is ActionKind.DISCARD and action.tile is not None:
            turns.append((view, action.tile))
        game.apply(action)
    winners = {ev.seat for ev in hand.events if isinstance(ev, PlayerWon)}
    points = next((list(ev.payments) for ev in hand.events if isinstance(ev, HandEnded)), [0, 0, 0, 0])
    return turns[::every], winners, points


def measure(rules: str, hands: int, seed: int, deals: int, every: int) -> list[Turn]:
    """Every turn looked at in ``hands`` hands."""
    out = []
    for index in range(hands):
        turns, winners, points = turns_of(rules, seed, index, every)
        for view, tile in turns:
            sampler = Sampler(view, Random(index))
            if not sampler.ok:
                continue
            seat = view.seat
            results = [play_out(sampler.deal(), view.ruleset, view, seat, True, discard=tile) for _ in range(deals)]
            out.append(
                Turn(
                    view.table.wall.remaining,
                    sum(r[seat] > 0 for r in results) / deals,
                    sum(any(r) for r in results) / deals,
                    sum(r[seat] < 0 for r in results) / deals,
                    statistics.fmean(r[seat] for r in results),
                    seat in winners,
                    bool(winners),
                    points[seat] < 0,
                    points[seat],
                )
            )
    return out


def row(label: str, turns: list[Turn]) -> str:
    """One line of figures over ``turns``."""
    if not turns:
        return f"  {label:<14} no turn"

    def mean(f: Callable[[Turn], float]) -> float:
        return statistics.fmean(f(t) for t in turns)

    return (
        f"  {label:<14}{len(turns):>6} turns   play-outs: seat wins {mean(lambda t: t.own_win):5.1%}, "
        f"pays {mean(lambda t: t.paid):5.1%}, anyone {mean(lambda t: t.any_win):5.1%}, "
        f"seat {mean(lambda t: t.points):+6.2f}   "
        f"real hands: seat wins {mean(lambda t: t.won):5.1%}, pays {mean(lambda t: t.real_paid):5.1%}, "
        f"anyone {mean(lambda t: t.ended_in_win):5.1%}, "
        f"seat {mean(lambda t: t.real_points):+6.2f}"
    )


def main() -> int:
    """Print the figures for each rule set asked for."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="changsha,shanghai")
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--seed", type=int, default=991)
    ap.add_argument("--deals", type=int, default=16, help="play-outs from each turn")
    ap.add_argument("--every", type=int, default=3, help="look at every n-th discarding turn")
    args = ap.parse_args()
    if min(args.hands, args.deals, args.every) < 1:
        ap.error("--hands, --deals and --every take a whole number of at least 1")
    for rules in duplicate.parse_rules(ap, args.rules):
        t0 = time.perf_counter()
        turns = measure(rules, args.hands, args.seed, args.deals, args.every)
        print(f"{rules}: {args.hands} hands of hard bots, seed {args.seed} ({time.perf_counter() - t0:.0f} s)")
        print(row("every turn", turns))
        print(row("wall > 60", [t for t in turns if t.wall > 60]))
        print(row("wall 31-60", [t for t in turns if 30 < t.wall <= 60]))
        print(row("wall ≤ 30", [t for t in turns if t.wall <= 30]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
