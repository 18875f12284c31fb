"""Fit the hard bot's risk models (``bots/risk.py``) on Changsha hands played by normal bots.

    pip install numpy   # this script only; the game and its bots do not need it
    python scripts/fit_risk.py [--hands 3000] [--seed 1] [--workers 2] [--out bots/risk_changsha.py]

Written as plain numbers to ``--out``: two models and the average points they are weighed
in (what a win brings the winner; what a deal-in costs the discarder, apart when the dealer
wins or deals in):

* deal-in chances: at every discard, for every tile kind in the discarder's hand and every
  opponent, the features of ``bots.risk.features`` with the label "the opponent could win
  on this tile" (known here because the script sees every hand); a logistic
  regression, 80 % of the rows to fit and 20 % held out for the printed log loss and AUC;
* win chances: at every discard, the shanten and helpful tiles the discard leaves and the
  wall left, with the label "this seat went on to win the hand"; one logistic curve per
  shanten (0, 1, 2, 3+) in log(1 + helpful tiles) and the wall.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import create_bot  # noqa: E402
from bots.risk import features  # noqa: E402
from mahjong_tui.engine import (  # noqa: E402
    Action,
    ActionKind,
    Game,
    GameOptions,
    HandEnded,
    Phase,
    PlayerWon,
    SeatView,
    play_until_decision,
)
from mahjong_tui.engine.analysis import discard_options, waits  # noqa: E402

RULES = "changsha"

DangerRow = tuple[tuple[tuple, ...], bool]
WinRow = tuple[int, int, int, int]  # seat, shanten, helpful tiles, wall
Points = tuple[list[int], list[tuple[int, bool]]]  # winners' gains; discarders' losses, dealer involved


class _Recorder:
    """A normal bot that, before each discard, notes every tile's features and whether it would feed a win."""

    def __init__(self, game: Game, seat: int, seed: int, danger: list[DangerRow], decisions: list[WinRow]):
        self.game = game
        self.bot = create_bot("normal", seat, seed)
        self.danger = danger
        self.decisions = decisions

    def choose(self, view: SeatView) -> Action:
        """The bot's choice; the rows of both models when it is a discard."""
        action = self.bot.choose(view)
        seat = view.seat
        if view.phase is Phase.TURN and action.kind is ActionKind.DISCARD and not view.kaigang_locked[seat]:
            unseen = view.unseen
            for o in range(4):
                if o == seat:
                    continue
                winning = _winning_tiles(self.game, o, seat)
                rows = features(view, o, unseen)
                # a tile passed under 漏胡 is safe by the rules, not by the model
                self.danger.extend(
                    (tuple(rows[t]), t in winning) for t in range(34) if view.counts[t] and ("passed",) not in rows[t]
                )
            shapes = view.ruleset.shapes
            chosen = next(
                o for o in discard_options(view.counts, shapes, view.outside, view.melds[seat]) if o.tile == action.tile
            )
            self.decisions.append((seat, chosen.shanten, chosen.acceptance, view.wall_remaining))
        return action


def play_hand(job: tuple[str, int, int]) -> tuple[list[DangerRow], list[tuple[int, int, int, bool]], Points]:
    """One hand of four normal bots; the rows of both models and what the hand paid."""
    rules, seed, index = job
    game = Game(rules, seed * 100_003 + index, GameOptions(max_hands=1))
    danger: list[DangerRow] = []
    decisions: list[WinRow] = []
    players = {s: _Recorder(game, s, seed * 7 + index, danger, decisions) for s in range(4)}
    play_until_decision(game, players)
    hand = game.hand
    won = [ev for ev in hand.events if isinstance(ev, PlayerWon)]
    winners = {ev.seat for ev in won}
    paid = next(ev.payments for ev in hand.events if isinstance(ev, HandEnded))
    gains = [paid[s] for s in winners]
    losses = [
        (paid[d], hand.dealer in (d, *winners))
        for d in {ev.context.discarder for ev in won if ev.context.discarder is not None}
    ]
    return danger, [(sh, acc, wall, seat in winners) for seat, sh, acc, wall in decisions], (gains, losses)


def _winning_tiles(game: Game, seat: int, discarder: int) -> set[int]:
    """Tiles ``seat`` could win on if ``discarder`` threw them: shape waits that also make a valid win
    (the engine's own check, as at the table)."""
    hand = game.hand
    p = hand.players[seat]
    try:
        shape = waits(p.counts, game.rules.shapes, p.melds)
    except ValueError:
        return set()
    out = set()
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
            out.add(t)
    return out


def fit_deal_in(rows: list[DangerRow]):  # type: ignore[no-untyped-def]
    """Logistic regression over one-hot feature keys (Adam, full batch); weights and held-out scores."""
    import numpy as np

    keys: dict[tuple, int] = {}
    coded = [[keys.setdefault(k, len(keys)) for k in f] for f, _ in rows]
    n_keys = len(keys)
    width = max(len(c) for c in coded)
    x = np.full((len(rows), width), n_keys, dtype=np.int32)  # index n_keys: padding, weight 0
    for i, c in enumerate(coded):
        x[i, : len(c)] = c
    y = np.array([label for _, label in rows], dtype=np.float64)
    order = np.random.default_rng(0).permutation(len(y))
    cut = int(0.8 * len(y))
    train, test = order[:cut], order[cut:]
    w = np.zeros(n_keys + 1)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    xt, yt = x[train], y[train]
    flat = xt.ravel()

    def predict(xs):  # type: ignore[no-untyped-def]
        return 1.0 / (1.0 + np.exp(-np.clip(w[xs].sum(1), -30, 30)))

    for step in range(1, 401):
        g = predict(xt) - yt
        grad = np.bincount(flat, weights=np.repeat(g, width), minlength=n_keys + 1) / len(yt) + 1e-4 * w
        grad[n_keys] = 0.0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.1 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    p = np.clip(predict(x[test]), 1e-9, 1 - 1e-9)
    yy = y[test]
    loss = float(-np.mean(yy * np.log(p) + (1 - yy) * np.log(1 - p)))
    ranks = np.empty(len(p))
    ranks[np.argsort(p)] = np.arange(1, len(p) + 1)
    pos = yy.sum()
    auc = float((ranks[yy == 1].sum() - pos * (pos + 1) / 2) / (pos * (len(yy) - pos)))
    base = y[train].mean()
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


def _key_text(key: tuple) -> str:
    """A feature key as source text in the project's style (double quotes)."""
    parts = [f'"{x}"' if isinstance(x, str) else repr(x) for x in key]
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def main() -> int:
    """Play, fit, write."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "bots" / "risk_changsha.py"))
    args = ap.parse_args()
    out = Path(args.out)
    t0 = time.perf_counter()
    danger: list[DangerRow] = []
    wins: list[tuple[int, int, int, bool]] = []
    gains: list[int] = []
    losses: list[tuple[int, bool]] = []
    jobs = [(RULES, args.seed, i) for i in range(args.hands)]
    with ProcessPoolExecutor(args.workers) as pool:
        for d, w, (g, lost) in pool.map(play_hand, jobs, chunksize=50):
            danger.extend(d)
            wins.extend(w)
            gains.extend(g)
            losses.extend(lost)
    win_value = round(sum(gains) / len(gains), 2)
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
    command = f"scripts/fit_risk.py --hands {args.hands} --seed {args.seed}"
    lines = [
        f'"""The hard bot\'s risk models for Changsha, written by ``{command}``.',
        "",
        f"Deal-in model: held-out log loss {log_loss:.4f} (a constant rate: {const:.4f}), AUC {auc:.3f}.",
        '"""',
        "",
        "# average points: a win, to the winner; a deal-in, to the discarder (without / with the dealer involved)",
        f"WIN_VALUE = {win_value}",
        f"DEAL_IN_LOSS = {loss}",
        f"DEAL_IN_LOSS_DEALER = {loss_dealer}",
        "",
        "# feature key -> logistic weight (see bots.risk.features)",
        "DEAL_IN_WEIGHTS: dict[tuple, float] = {",
        *(f"    {_key_text(k)}: {weights[k]}," for k in sorted(weights, key=repr)),
        "}",
        "",
        "# per shanten 0, 1, 2, 3+: (constant, log(1 + helpful tiles), wall / 10, (wall / 10)²)",
        "WIN_CHANCE: tuple[tuple[float, float, float, float], ...] = (",
        *(f"    ({', '.join(str(c) for c in row)})," for row in win_chance),
        ")",
        "",
    ]
    tmp = out.with_suffix(".tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(out)
    print(f"written {out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
