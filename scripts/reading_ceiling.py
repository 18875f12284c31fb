"""How well a seat can read the opponents' waits at all: a boosted model on the raw table against the fitted one.

    pip install numpy lightgbm   # this script only; the game and its bots do not need them
    python scripts/reading_ceiling.py [--rules changsha] [--hands 1600] [--seed 5] [--trees 600] [--workers 2] \\
        [--drawn]

The hard bot's reading (:mod:`bots.risk`) is a logistic model over a chosen set of feature
keys. Its AUC could be low because the keys leave something out, or because what a
seat sees says no more. This script tells the two apart. Four normal bots play each deal,
as in ``fit_risk.py``. Before every discard, each tile the discarder holds gets a row per
opponent. The row says whether the tile would let that opponent win (the engine's own
check, ``fit_risk.winning_tiles``) and holds the raw table around it:

- the opponent's progress (discards, melds, chows among them), the wall left, the dealer;
- its river's share of each suit and its melds in the tile's suit;
- for the tile and each tile up to four ranks away in its suit: copies in the opponent's
  river, where the first and last of them lie there, copies in the other rivers and in
  the opponent's melds, copies this seat cannot see or holds itself, and how many of the
  opponent's turns ago another seat threw it;
- the opponent's last four discards relative to the tile.

Tiles passed since the opponent's turn are left out: they are safe by the rules
(漏胡), not by any model. A gradient-boosted model (LightGBM) learns from these inputs on
three deals in five. One deal in five picks its number of trees, and one in five is held
out. Printed: the fitted model's AUC and log loss on the held-out deals, and the boosted
model's. If a flexible model given the whole neighbourhood reads no better than the
fitted keys, the seat's view is what limits the reading, not the model.

``--drawn`` asks whether a table that also showed which discards were the tile just drawn
(摸切: some apps show it, this game's views do not) would read better: a third model gets
the raw table and, for the opponent, the drawn-tile discards among its last ones
(:func:`drawn_inputs`).
"""

from __future__ import annotations

import argparse
import importlib.util
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
from oracle_gap import Tally, auc  # noqa: E402

from bots import create_bot  # noqa: E402
from bots.risk import chance_of, features, passed_since_turn, turns_since_passed  # noqa: E402
from mahjong_tui.engine import Action, ActionKind, Game, MeldKind, Phase, SeatView, play_until_decision  # noqa: E402
from mahjong_tui.engine.tiles import HONOR, RANKS_258, suit_of  # noqa: E402

Row = tuple[list[float], bool, float]  # raw inputs, a winning tile, the fitted model's chance
_OFFSETS = range(-4, 5)
_ABSENT = -2.0  # a neighbour beyond the suit's ends (or any neighbour of an honour)
WIDTH = 10 + 5 + 8 * len(_OFFSETS) + 2 * 4  # inputs per row: table, tile, neighbourhood, last discards
DRAWN_WIDTH = 8  # the inputs of drawn_inputs


def drawn_inputs(drawn: Sequence[bool]) -> list[float]:
    """What an opponent's discards say when each is known to be the tile just drawn (True) or not.

    The drawn tiles thrown in a row at the end, among the last three and the last six, in all,
    and each of the last four (-1 before the fourth discard). A discard of the drawn tile's
    kind counts as the drawn tile.
    """
    streak = next((k for k, d in enumerate(reversed(drawn)) if not d), len(drawn))
    last = [float(drawn[-1 - k]) if k < len(drawn) else -1.0 for k in range(4)]
    return [streak, sum(drawn[-3:]), sum(drawn[-6:]), sum(drawn), *last]


def raw_inputs(view: SeatView, opponent: int, unseen: Sequence[int]) -> dict[int, list[float]]:
    """The raw table around each tile ``view``'s seat holds, against ``opponent``.

    Tiles passed since the opponent's turn are left out.
    """
    river = [r.tile for r in view.rivers[opponent]]
    n = len(river)
    melds = view.melds[opponent]
    elsewhere = [0] * 34
    for s in range(4):
        if s != opponent:
            for r in view.rivers[s]:
                elsewhere[r.tile] += 1
    melded = [0] * 34
    for m in melds:
        for u in m.tiles:
            melded[u] += 1
    suit_share = [sum(1 for u in river if suit_of(u) == s) / max(1, n) for s in range(4)]
    meld_suits = [sum(1 for m in melds if suit_of(m.first) == s) for s in range(4)]
    chows = sum(1 for m in melds if m.kind is MeldKind.CHI)
    passed = passed_since_turn(view, opponent)
    ago = turns_since_passed(view, opponent)
    last = river[-4:]
    table = [n, len(melds), chows, view.wall_remaining, view.dealer == opponent, view.dealer == view.seat, *suit_share]
    out: dict[int, list[float]] = {}
    for t in range(34):
        if not view.counts[t] or t in passed:
            continue
        suit, rank = suit_of(t), (t % 9 if t < 27 else 9)
        row = [*map(float, table), rank, rank in RANKS_258, suit_share[suit], meld_suits[suit], ago.get(t, -1)]
        for d in _OFFSETS:
            u = t + d
            if (t < 27 and 0 <= rank + d <= 8) or d == 0:
                at = [i for i, x in enumerate(river) if x == u]
                first, latest = (at[0], n - 1 - at[-1]) if at else (-1, -1)
                row += [len(at), first, latest, elsewhere[u], melded[u], unseen[u], view.counts[u], ago.get(u, -1)]
            else:
                row += [_ABSENT] * 8
        for k in range(4):
            if k < len(last):
                u = last[-1 - k]
                same = suit_of(u) == suit != HONOR
                row += [same, u - t if same else 99]
            else:
                row += [-1, 99]
        out[t] = [float(x) for x in row]
    return out


class _Recorder:
    """A normal bot that, before each discard, writes a row for every tile it holds against every opponent.

    Each row ends with the opponent's :func:`drawn_inputs`; ``drawn`` keeps, per seat, which of
    its discards so far were the tile just drawn (shared by the four recorders of a deal).
    """

    def __init__(self, game: Game, seat: int, seed: int, rows: list[Row], drawn: list[list[bool]]) -> None:
        self.game = game
        self.bot = create_bot("normal", seat, seed)
        self.rows = rows
        self.drawn = drawn

    def choose(self, view: SeatView) -> Action:
        action = self.bot.choose(view)
        if view.phase is not Phase.TURN or action.kind is not ActionKind.DISCARD:
            return action
        if not view.table.kaigang_locked[view.seat]:
            unseen = view.unseen
            for o in range(4):
                if o == view.seat:
                    continue
                winning = winning_tiles(self.game, o, view.seat)
                keys = features(view, o, unseen)
                after = drawn_inputs(self.drawn[o])
                for t, row in raw_inputs(view, o, unseen).items():
                    self.rows.append(([*row, *after], t in winning, chance_of(keys[t], view.ruleset)))
        self.drawn[view.seat].append(view.last_drawn is not None and action.tile == view.last_drawn)
        return action


def deal_rows(job: tuple[str, int, int]):  # type: ignore[no-untyped-def]
    """Every row of one deal played by four normal bots, as arrays: raw inputs, winning tiles, fitted chances."""
    import numpy as np

    rules, seed, index = job
    game = duplicate.deal(rules, seed, index)
    rows: list[Row] = []
    drawn: list[list[bool]] = [[] for _ in range(4)]
    bot_seed = duplicate.deal_seed(seed, index)
    play_until_decision(game, {s: _Recorder(game, s, bot_seed, rows, drawn) for s in range(4)})
    x = np.array([r[0] for r in rows], dtype=np.float32).reshape(len(rows), WIDTH + DRAWN_WIDTH)
    return x, np.array([r[1] for r in rows], dtype=bool), np.array([r[2] for r in rows])


def scored(scores, labels) -> Tally:  # type: ignore[no-untyped-def]
    """Each tile's score and whether it is a winning tile, counted for :func:`oracle_gap.auc`."""
    return Counter(zip(scores.tolist(), labels.tolist(), strict=True))


def log_loss(p, labels) -> float:  # type: ignore[no-untyped-def]
    import numpy as np

    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(np.where(labels, np.log(p), np.log(1 - p))))


def report(rules: str, hands: int, seed: int, trees: int, workers: int, drawn: bool = False) -> None:
    """Play the deals, fit the boosted model (``drawn``: also one that sees drawn-tile discards), print the figures."""
    import numpy as np

    start = time.time()
    per_deal = duplicate.run_jobs(deal_rows, [(rules, seed, i) for i in range(hands)], workers)
    part = np.concatenate([np.full(len(d[1]), i % 5) for i, d in enumerate(per_deal)])
    x = np.concatenate([d[0] for d in per_deal])
    y = np.concatenate([d[1] for d in per_deal])
    fitted = np.concatenate([d[2] for d in per_deal])
    train, valid, test = part >= 2, part == 1, part == 0
    boosted, rounds = _boost(x[:, :WIDTH], y, train, valid, test, trees, workers)
    print(
        f"{rules}, {hands} deals (seed {seed}): {len(y):,} tiles held, "
        f"{100 * y.mean():.2f} % winning; held out, {int(test.sum()):,} tiles of {math.ceil(hands / 5)} deals:"
    )
    labels = y[test]

    def figures(p) -> str:  # type: ignore[no-untyped-def]
        return f"AUC {auc(scored(p, labels)):.3f}, log loss {log_loss(p, labels):.4f}"

    print(f"  the fitted model (bots/risk):   {figures(fitted[test])}")
    print(f"  boosted, raw table ({WIDTH} inputs, {rounds} trees): {figures(boosted)}")
    if drawn:
        boosted, rounds = _boost(x, y, train, valid, test, trees, workers)
        print(f"  boosted, raw table and drawn-tile discards ({x.shape[1]} inputs, {rounds} trees): {figures(boosted)}")
    print(f"({time.time() - start:.0f} s)")


def _boost(x, y, train, valid, test, trees: int, workers: int):  # type: ignore[no-untyped-def]
    """The boosted model fitted on ``train`` (trees chosen on ``valid``): its chances on ``test``, and its trees."""
    import lightgbm as lgb

    params = {
        "objective": "binary",
        "learning_rate": 0.05,
        "num_leaves": 63,
        "min_data_in_leaf": 100,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "feature_fraction": 0.8,
        "seed": 0,
        "deterministic": True,
        "num_threads": workers,
        "verbose": -1,
    }
    booster = lgb.train(
        params,
        lgb.Dataset(x[train], y[train]),
        num_boost_round=trees,
        valid_sets=[lgb.Dataset(x[valid], y[valid])],
        callbacks=[lgb.early_stopping(50, verbose=False)],
    )
    return booster.predict(x[test], num_iteration=booster.best_iteration), booster.best_iteration or trees


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="changsha")
    ap.add_argument("--hands", type=int, default=1600)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--trees", type=int, default=600, help="at most this many (the validation deals stop earlier)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--drawn", action="store_true", help="also a model that sees which discards were the drawn tile")
    args = ap.parse_args()
    presets = duplicate.parse_rules(ap, args.rules)
    if args.hands < 5:
        ap.error("--hands must be at least 5 (one deal in five is held out)")
    missing = [m for m in ("numpy", "lightgbm") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"reading_ceiling.py needs numpy and lightgbm: pip install numpy lightgbm ({', '.join(missing)} missing)")
        return 1
    for rules in presets:
        report(rules, args.hands, args.seed, args.trees, args.workers, args.drawn)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
