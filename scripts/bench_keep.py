"""What keeping a move costs, early and late in a long game: the journal against writing the whole game each move.

    python scripts/bench_keep.py --hands 16 --seed 2

A game of ``--hands`` hands is played by the demo bots, then played again action by action
the way the table keeps it (:class:`~mahjong_tui.keep.keeping.Keeper`, in a data folder of
its own). For every action it measures:

- ``table``: what :meth:`Keeper.keep` costs the thread that plays (the write itself is the
  keeper's thread's);
- ``written``: from the call until the action is on disk (``keep`` and ``flush``);
- ``whole``: the reference, measured at the same moment in the same run: the whole game
  written atomically, as a save was written after every action before the journal.

Each is reported for the first hand's actions and the last hand's (median and 99th
percentile, milliseconds), with the ratio of last to first; the moves at a hand's end,
where the save is written whole, are reported apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

from mahjong_tui.engine import Action, Game, GameOptions, game_record


def main() -> int:
    """Measure and print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=16)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--rules", default="shanghai")
    args = ap.parse_args()
    os.environ["MAHJONG_TUI_HOME"] = tempfile.mkdtemp(prefix="bench-keep-")
    from mahjong_tui.keep.files import write_json_atomically
    from mahjong_tui.keep.keeping import Keeper
    from mahjong_tui.keep.saves import Seat, Table, save_data
    from mahjong_tui.keep.storage import data_dir
    from mahjong_tui.testing.fixtures import play_until

    played = Game(args.rules, args.seed, GameOptions(max_hands=args.hands))
    play_until(played, lambda g: False, limit=10**6)
    hands = game_record(played)["hands"]
    table = Table((Seat("A"), Seat("B", "normal"), Seat("C", "normal"), Seat("D", "normal")), "bench")
    game = Game(args.rules, args.seed, GameOptions(max_hands=args.hands))
    keeper = Keeper(table)
    keeper.keep(game)
    keeper.flush()
    reference = data_dir() / "whole.json"
    per_hand: list[dict[str, list[float]]] = []
    ends: dict[str, list[float]] = {"table": [], "written": [], "whole": []}
    for i, actions in enumerate(hands):
        if i:
            game.next_hand()
            keeper.keep(game)
            keeper.flush()
        times: dict[str, list[float]] = {"table": [], "written": [], "whole": []}
        for raw in actions:
            game.apply(Action.from_json(raw))
            t0 = time.perf_counter()
            keeper.keep(game)
            t1 = time.perf_counter()
            keeper.flush()
            t2 = time.perf_counter()
            write_json_atomically(save_data(game, table), reference)
            t3 = time.perf_counter()
            into = ends if game.hand.over else times
            into["table"].append((t1 - t0) * 1000)
            into["written"].append((t2 - t0) * 1000)
            into["whole"].append((t3 - t2) * 1000)
        per_hand.append(times)
    keeper.close()
    first, last = per_hand[0], per_hand[-1]
    print(
        f"{args.rules}, seed {args.seed}: {len(hands)} hands, {sum(map(len, hands))} actions "
        f"(first hand {len(hands[0])}, last hand {len(hands[-1])}); milliseconds per action"
    )
    print(f"{'':28}{'first hand p50 / p99':>24}{'last hand p50 / p99':>24}{'last / first (p50)':>20}")
    for key, name in (("table", "keep, the playing thread"), ("written", "keep until on disk"),
                      ("whole", "whole save (reference)")):  # fmt: skip
        a, b = first[key], last[key]
        print(f"{name:28}{_two(a):>24}{_two(b):>24}{statistics.median(b) / statistics.median(a):>19.2f}x")
    print(
        f"at a hand's end (the save written whole, the record kept, the hand counted), {len(ends['table'])} ends: "
        f"playing thread p50 {statistics.median(ends['table']):.2f} ms, "
        f"until on disk p50 {statistics.median(ends['written']):.2f} ms, max {max(ends['written']):.2f} ms"
    )
    return 0


def _two(values: list[float]) -> str:
    """Median and 99th percentile, in milliseconds."""
    ordered = sorted(values)
    return f"{statistics.median(ordered):.3f} / {ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]:.3f}"


if __name__ == "__main__":
    sys.exit(main())
