"""Fit the hard bot's risk models (``bots/risk.py``) for one rule set on hands played by normal bots.

    pip install numpy   # this script only; the game and its bots do not need it
    python scripts/fit_risk.py [--rules changsha] [--hands 3000] [--seed 1] [--workers 2] [--out FILE]

Written as data (``--out``, by default ``bots/risk_data/RULES.json``, a ``bots.risk.RiskFile``):
two models and the average points they are weighed in (what a win brings the winner; what a
deal-in costs the discarder, apart when the dealer wins or deals in):

* deal-in chances: at every discard, for every tile kind in the discarder's hand and every
  opponent, the features of ``bots.risk.features`` with the label "the opponent could win
  on this tile" (known here because the script sees every hand); a logistic
  regression, 80 % of the rows to fit and 20 % held out for the printed log loss and AUC;
* win chances: at every discard, the distance to the nearest goal that can win (the hard
  bot's planner: the shanten, or where a hand must qualify the nearest qualifying type) and
  its helpful tiles after the discard, and the wall left, with the label "this seat went on
  to win the hand"; one logistic curve per distance (0, 1, 2, 3+) in log(1 + helpful tiles)
  and the wall;
* what a win brings by the goal the hand was heading for at its last discard (``goal_value``,
  where at least 30 wins were seen; otherwise the average win).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from duplicate import deal, parse_rules  # noqa: E402

from bots import create_bot  # noqa: E402
from bots.hard import HardBot  # noqa: E402
from bots.planning import goal_key  # noqa: E402
from bots.risk import RiskFile, features, loss_kind  # noqa: E402
from mahjong_tui.engine import (  # noqa: E402
    Action,
    ActionKind,
    Game,
    HandEnded,
    Move,
    Phase,
    PlayerWon,
    SeatView,
    play_until_decision,
)
from mahjong_tui.engine.analysis import waits  # noqa: E402

DangerRow = tuple[tuple[tuple, ...], bool]
WinRow = tuple[int, int, int, int]  # seat, distance, helpful tiles, wall
FedRow = tuple[tuple[str, bool], int]  # (the opponent's kind of hand, dealer involved), what feeding it cost
Points = tuple[list[int], list[tuple[int, bool]]]  # winners' gains; discarders' losses, dealer involved


class _Recorder:
    """A normal bot that, before each discard, notes every tile's features and whether it would feed a win."""

    def __init__(
        self, game: Game, seat: int, seed: int, danger: list[DangerRow], decisions: list[WinRow], fed: list[FedRow]
    ) -> None:
        """A normal bot for ``seat`` whose rows go to the shared lists."""
        self.game = game
        self.fed = fed
        self.bot = create_bot("normal", seat, seed)
        self.danger = danger
        self.decisions = decisions
        self.planner = HardBot(seat, seed).planner(game.rules)
        self.goal = ""  # the goal of this seat's last discard

    def choose(self, view: SeatView) -> Action:
        """The bot's choice; the rows of both models when it is a discard."""
        action = self.bot.choose(view)
        seat = view.seat
        if view.phase is Phase.TURN and action.kind is ActionKind.DISCARD and not view.table.kaigang_locked[seat]:
            unseen = view.unseen
            for o in range(4):
                if o == seat:
                    continue
                winning = winning_tiles(self.game, o, seat)
                kind = (loss_kind(view.melds[o]), view.dealer in (o, seat))
                self.fed.extend((kind, loss) for loss in winning.values())
                rows = features(view, o, unseen)
                # a tile passed under 漏胡 is safe by the rules, not by the model
                self.danger.extend(
                    (tuple(rows[t]), t in winning) for t in range(34) if view.counts[t] and ("passed",) not in rows[t]
                )
            after = list(view.counts)
            after[action.tile] -= 1  # type: ignore[index]
            dist, helpful, target = self.planner.progress(after, view.melds[seat], unseen, view.outside)
            self.goal = goal_key(target)
            self.decisions.append((seat, min(dist, 9), helpful, view.wall_remaining))
        return action


def play_hand(
    job: tuple[str, int, int],
) -> tuple[list[DangerRow], list[tuple[int, int, int, bool]], Points, list[tuple[str, int]], list[FedRow]]:
    """One hand of four normal bots; the rows of both models, what the hand paid, each win's goal, what feeding cost."""
    rules, seed, index = job
    game = deal(rules, seed, index)
    danger: list[DangerRow] = []
    decisions: list[WinRow] = []
    fed: list[FedRow] = []
    players = {s: _Recorder(game, s, seed * 7 + index, danger, decisions, fed) for s in range(4)}
    play_until_decision(game, players, observe=_no_error)
    hand = game.hand
    won = [ev for ev in hand.events if isinstance(ev, PlayerWon)]
    winners = {ev.seat for ev in won}
    paid = next(ev.payments for ev in hand.events if isinstance(ev, HandEnded))
    gains = [paid[s] for s in winners]
    losses = [
        (paid[d], hand.dealer in (d, *winners))
        for d in {ev.context.discarder for ev in won if ev.context.discarder is not None}
    ]
    goals = [(players[s].goal, paid[s]) for s in winners]
    rows = [(sh, acc, wall, seat in winners) for seat, sh, acc, wall in decisions]
    return danger, rows, (gains, losses), goals, fed


def _no_error(move: Move) -> None:
    """A recorder that fails would quietly be replaced by the first legal action: stop instead."""
    if move.error:
        raise RuntimeError(move.error)


def winning_tiles(game: Game, seat: int, discarder: int) -> dict[int, int]:
    """Tiles ``seat`` could win on if ``discarder`` threw them, with what the discarder would pay: shape
    waits that also make a valid win (the engine's own check, as at the table)."""
    hand = game.hand
    p = hand.players[seat]
    try:
        shape = waits(p.counts, game.rules.shapes, p.melds)
    except ValueError:
        return {}
    out: dict[int, int] = {}
    thrower = hand.players[discarder].counts
    for t in shape:
        if not thrower[t]:
            continue  # only tiles the discarder holds are asked about
        thrower[t] -= 1  # as if thrown: the win check looks at the discarder's hand too (三口)
        try:
            res = hand.discard_win(seat, t, discarder)  # the engine's own win check
        finally:
            thrower[t] += 1
        if res is not None and res.valid:
            out[t] = -res.payments[discarder]
    return out


def fit_deal_in(rows: list[DangerRow]) -> tuple[dict[tuple, float], float, float, float]:
    """Logistic regression over one-hot feature keys (Adam, full batch); weights and held-out scores.

    80 % of the rows (a seeded shuffle) fit, 20 % are held out. Rows with the same keys are
    fitted once, weighted by how often they occur (the keys are few, the rows many).
    """
    import numpy as np

    order = np.random.default_rng(0).permutation(len(rows))
    cut = int(0.8 * len(rows))
    keys: dict[tuple, int] = {}

    def grouped(idx: Sequence[int]) -> list[tuple[list[int], int, int]]:
        """Distinct rows: (coded keys, times seen, times a winning tile)."""
        seen: dict[tuple, list[int]] = {}
        for i in idx:
            f, label = rows[i]
            cell = seen.get(f)
            if cell is None:
                cell = seen[f] = [0, 0]
            cell[0] += 1
            cell[1] += label
        coded = [([keys.setdefault(k, len(keys)) for k in f], n, pos) for f, (n, pos) in seen.items()]
        return coded

    train_rows, test_rows = grouped(order[:cut]), grouped(order[cut:])
    n_keys = len(keys)
    width = max(len(c) for c, _, _ in train_rows + test_rows)

    def matrix(coded: list[tuple[list[int], int, int]]) -> tuple[Any, Any, Any]:
        """The rows as a padded key matrix, with their counts and positives."""
        x = np.full((len(coded), width), n_keys, dtype=np.int32)  # index n_keys: padding, weight 0
        for i, (c, _, _) in enumerate(coded):
            x[i, : len(c)] = c
        n = np.array([n for _, n, _ in coded], dtype=np.float64)
        pos = np.array([p for _, _, p in coded], dtype=np.float64)
        return x, n, pos

    xt, nt, pt = matrix(train_rows)
    xs, ns, ps = matrix(test_rows)
    total = nt.sum()
    w = np.zeros(n_keys + 1)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    flat = xt.ravel()

    def predict(x: Any) -> Any:
        """The model's chance for each row of a key matrix."""
        return 1.0 / (1.0 + np.exp(-np.clip(w[x].sum(1), -30, 30)))

    for step in range(1, 1501):
        g = nt * predict(xt) - pt  # the gradient of the summed log loss of every row of this kind
        grad = np.bincount(flat, weights=np.repeat(g, width), minlength=n_keys + 1) / total + 1e-5 * w
        grad[n_keys] = 0.0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    p = np.clip(predict(xs), 1e-9, 1 - 1e-9)
    loss = float(-np.sum(ps * np.log(p) + (ns - ps) * np.log(1 - p)) / ns.sum())
    # AUC over the held-out rows: positives ranked above negatives (ties count half)
    sort = np.argsort(p)
    p_sorted, pos_sorted, neg_sorted = p[sort], ps[sort], (ns - ps)[sort]
    _, first = np.unique(p_sorted, return_index=True)
    pos_g = np.add.reduceat(pos_sorted, first)
    neg_g = np.add.reduceat(neg_sorted, first)
    neg_below = np.cumsum(neg_g) - neg_g
    auc = float(np.sum(pos_g * (neg_below + 0.5 * neg_g)) / (pos_g.sum() * neg_g.sum()))
    base = pt.sum() / total
    const = float(-(base * np.log(base) + (1 - base) * np.log(1 - base)))
    weights = {k: round(float(w[i]), 3) for k, i in keys.items()}
    return weights, loss, const, auc


def fit_win_chance(rows: list[tuple[int, int, int, bool]]) -> list[list[float]]:
    """Per shanten 0..3+: logistic coefficients on (1, log1p(helpful), wall/10, (wall/10)²), by Newton's method."""
    import numpy as np

    out: list[list[float]] = []
    data = np.array([(min(s, 3), a, wall, won) for s, a, wall, won in rows if s >= 0], dtype=np.float64)
    for s in range(4):
        part = data[data[:, 0] == s]
        wall = part[:, 2] / 10
        x = np.stack([np.ones(len(part)), np.log1p(part[:, 1]), wall, wall**2], 1)
        y = part[:, 3]
        beta = np.zeros(4)
        for _ in range(50):
            p = 1 / (1 + np.exp(-x @ beta))
            hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(4)
            beta -= np.linalg.solve(hessian, x.T @ (p - y))
        out.append([round(float(b), 4) for b in beta])
    return out


def risk_text(kept: RiskFile) -> str:
    """The data file's text: one JSON object, a line for each number and for each entry of a list (so that a refit
    shows in a diff as the entries it changed)."""
    data = msgspec.to_builtins(kept)
    lines = ["{"]
    for i, (key, value) in enumerate(data.items()):
        end = "," if i < len(data) - 1 else ""
        if isinstance(value, list):
            items = [f"  {json.dumps(item, ensure_ascii=False)}" for item in value]
            lines += [f" {json.dumps(key)}: [", ",\n".join(items), f" ]{end}"]
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{end}")
    return "\n".join([*lines, "}"]) + "\n"


def main() -> int:
    """Play, fit, write."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="changsha")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="", help="default: bots/risk_data/RULES.json")
    ap.add_argument(
        "--min-feed-drop",
        type=float,
        default=0.0,
        help="written as min_feed_drop: how much safer a discard must read to be taken (judged by rollouts.py)",
    )
    args = ap.parse_args()
    parse_rules(ap, args.rules, single=True)
    default = Path(__file__).resolve().parent.parent / "bots" / "risk_data" / f"{args.rules}.json"
    out = Path(args.out) if args.out else default
    t0 = time.perf_counter()
    danger: list[DangerRow] = []
    wins: list[tuple[int, int, int, bool]] = []
    gains: list[int] = []
    losses: list[tuple[int, bool]] = []
    by_goal: dict[str, list[int]] = {}
    by_kind: dict[tuple[str, bool], list[int]] = {}
    jobs = [(args.rules, args.seed, i) for i in range(args.hands)]
    with ProcessPoolExecutor(args.workers) as pool:
        for d, w, (g, lost), goals, fed in pool.map(play_hand, jobs, chunksize=50):
            for kind, paid in fed:
                by_kind.setdefault(kind, []).append(paid)
            danger.extend(d)
            wins.extend(w)
            gains.extend(g)
            losses.extend(lost)
            for goal, gain in goals:
                by_goal.setdefault(goal, []).append(gain)
    win_value = round(sum(gains) / len(gains), 2)
    goal_value = {k: round(sum(v) / len(v), 2) for k, v in sorted(by_goal.items()) if len(v) >= 30}
    # as a factor on the average deal-in (the price at the discard leaves out the bird and later kongs)
    mean_by_dealer = {
        d: sum(sum(v) for (_, dd), v in by_kind.items() if dd == d)
        / max(1, sum(len(v) for (_, dd), v in by_kind.items() if dd == d))
        for d in (False, True)
    }
    kind_loss = {
        k: round(sum(v) / len(v) / mean_by_dealer[k[1]], 3) for k, v in sorted(by_kind.items()) if len(v) >= 30
    }
    print("feeding costs: " + ", ".join(f"{k} {sum(v) / len(v):.1f} ({len(v)})" for k, v in sorted(by_kind.items())))
    print("a win by goal: " + ", ".join(f"{k} {sum(v) / len(v):.1f} ({len(v)})" for k, v in sorted(by_goal.items())))
    plain = [-p for p, dealer in losses if not dealer]
    with_dealer = [-p for p, dealer in losses if dealer]
    loss = round(sum(plain) / max(1, len(plain)), 2)
    loss_dealer = round(sum(with_dealer) / max(1, len(with_dealer)), 2)
    print(
        f"{args.hands} hands: {len(danger)} tile rows ({sum(y for _, y in danger)} winning tiles), "
        f"{len(wins)} discards ({time.perf_counter() - t0:.0f} s)",
        flush=True,
    )
    print(f"a win brings {win_value} points; a deal-in costs {loss}, {loss_dealer} with the dealer", flush=True)
    weights, log_loss, const, auc = fit_deal_in(danger)
    print(f"deal-in model: held-out log loss {log_loss:.4f} (a constant: {const:.4f}), AUC {auc:.3f}", flush=True)
    win_chance = fit_win_chance(wins)
    command = f"scripts/fit_risk.py --rules {args.rules} --hands {args.hands} --seed {args.seed}"
    if args.min_feed_drop:
        command += f" --min-feed-drop {args.min_feed_drop:g}"
    kept = RiskFile(
        written_by=command,
        fit=f"Deal-in model: held-out log loss {log_loss:.4f} (a constant rate: {const:.4f}), AUC {auc:.3f}.",
        win_value=win_value,
        deal_in_loss=loss,
        deal_in_loss_dealer=loss_dealer,
        min_feed_drop=args.min_feed_drop or 0.0,
        goal_value=goal_value,
        loss_factor=[(kind, dealer, factor) for (kind, dealer), factor in kind_loss.items()],
        deal_in_weights=[(list(k), weights[k]) for k in sorted(weights, key=repr)],
        win_chance=[tuple(row) for row in win_chance],  # type: ignore[misc]
    )
    tmp = out.with_suffix(".tmp")
    tmp.write_text(risk_text(kept), encoding="utf-8")
    tmp.replace(out)
    print(f"written {out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
