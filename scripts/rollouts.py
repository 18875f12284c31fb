"""Judge the hard bot's discards decision by decision: each one played on from the same moment as normal's.

    python scripts/rollouts.py [--rules changsha] [--hands 600] [--seed 31] [--futures 8] [--workers 2] \\
        [--judge discards|wins|expert [--playouts N]]

Four normal bots play each hand. Wherever the hard bot, asked at the same view, would
discard another tile, both discards are played on from that moment in ``--futures``
futures: the tiles left in the wall reshuffled (the same shuffles for both discards), the
hands as they are, every seat played by normal after it. A decision's worth is the
difference of the seat's points, averaged over its futures. Since the hidden hands are
the true ones, a discard that feeds a ready hand is caught at once; the shuffles take out
the luck of the draws after it.

Printed: the mean worth ± 2 se over every decision where the two differ and the sum per
hand played, then by the distance from ready that normal's discard leaves and how much
slower hard's is, and by how much hard's discard lowers the chance of feeding someone (its
own reading of the table, :class:`bots.hard_defense.Reading`). A duplicate comparison
(``duplicate.py``) needs many more hands for the same precision, and says only whether
the whole policy gains, not where.

``--judge wins`` asks another question the same way: at every win on a discard that a
seat is offered, is passing it, to play on for a self-draw that everyone pays, worth more
than taking it? Both are played on; a row's worth is passing's points less taking's,
grouped by what the win would bring, whether the seat deals, the wall left and the live
winning tiles (a passed win blocks the seat as the rule set says, 漏胡).

``--judge expert`` asks where the expert gains on hard: four hard bots play, and at every
decision of the seat ``duplicate.py`` gives the stronger level where the expert would act
otherwise, both actions are played on by hard bots in the same futures. The rows are
``divergence.py``'s (``discard, N from ready``, ``pong → pass`` and the like), each with
its decisions, their mean worth ± 2 se, and their sum per hand. It looks at each decision
alone, with the true hands, so it needs far fewer hands than a duplicate run to say which
kind of decision the play-outs judge well.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import divergence  # noqa: E402
import duplicate  # noqa: E402

from bots import create_bot  # noqa: E402
from bots.hard_defense import Reading  # noqa: E402
from mahjong_tui.engine import (  # noqa: E402
    Action,
    ActionKind,
    Game,
    HandEnded,
    Phase,
    SeatView,
    play_until_decision,
    seat_view,
)
from mahjong_tui.engine.analysis import discard_options, waits  # noqa: E402

Row = dict[str, float]


def reshuffle(game: Game, rng: random.Random) -> None:
    """Shuffle the tiles left in the wall among the places they are in."""
    wall = game.hand.wall
    places = [(wall.top, i) for i, t in enumerate(wall.top) if t is not None]
    places += [(wall.bottom, i) for i, t in enumerate(wall.bottom) if t is not None]
    tiles = [row[i] for row, i in places]
    rng.shuffle(tiles)
    for (row, i), t in zip(places, tiles, strict=True):
        row[i] = t


def snapshot(game: Game) -> Game:
    """A copy of the game to play on; the rule set, which does not change, is shared."""
    return copy.deepcopy(game, {id(game.rules): game.rules})


def play_on(game: Game, seat: int, action: Action, future: int, seed: int, level: str = "normal") -> int:
    """``seat``'s points when ``action`` is made now and ``level`` plays every seat after it, in one future."""
    g = snapshot(game)
    reshuffle(g, random.Random(f"rollouts/{seed}/{future}"))
    play_until_decision(g, {s: create_bot(level, s, seed) for s in range(4)}, resume=action)
    return next(ev.payments for ev in reversed(g.hand.events) if isinstance(ev, HandEnded))[seat]


Judge = Callable[[Game, SeatView, Action, Callable[[Action], float]], Row | None]


def judged(job: tuple[str, int, int, int], phase: Phase, kind: ActionKind, judge: Judge) -> list[Row]:
    """One hand of four normal bots; ``judge`` writes a row (or None) at every move of ``kind`` in ``phase``.

    ``judge`` gets the game, the seat's view, the move, and what any action made instead is
    worth to the seat: its points averaged over the hand's ``futures`` (:func:`play_on`).
    """
    rules, seed, index, futures = job
    game = duplicate.deal(rules, seed, index)
    deal_seed = duplicate.deal_seed(seed, index)
    rows: list[Row] = []

    def pause(seat: int, action: Action) -> bool:
        hand = game.hand
        if hand.phase is phase and action.kind is kind:

            def worth(a: Action) -> float:  # each play is on its own copy: the hand itself goes on untouched
                return statistics.fmean(play_on(game, seat, a, f, deal_seed) for f in range(futures))

            row = judge(game, seat_view(hand, seat), action, worth)
            if row is not None:
                rows.append(row)
        return False

    players = {s: create_bot("normal", s, deal_seed) for s in range(4)}
    play_until_decision(game, players, pause=pause)  # type: ignore[arg-type]
    return rows


def hand_rows(job: tuple[str, int, int, int]) -> list[Row]:
    """One hand of four normal bots; a row for every discard where hard would throw another tile."""
    hard = {s: create_bot("hard", s, duplicate.deal_seed(job[1], job[2])) for s in range(4)}

    def judge(game: Game, view: SeatView, action: Action, worth: Callable[[Action], float]) -> Row | None:
        other = hard[view.seat].choose(view)
        if other.kind is not ActionKind.DISCARD or other.tile == action.tile:
            return None
        reading = Reading(view, view.unseen)
        counts, melds = list(view.counts), view.melds[view.seat]
        opts = {o.tile: o for o in discard_options(counts, game.rules.shapes, view.outside, melds)}
        mine, theirs = opts[action.tile], opts[other.tile]  # type: ignore[index]
        return {
            "worth": worth(other) - worth(action),
            "distance": mine.shanten,
            "slower": theirs.shanten - mine.shanten,
            "feed_drop": reading.feed(action.tile) - reading.feed(other.tile),  # type: ignore[arg-type]
        }

    return judged(job, Phase.TURN, ActionKind.DISCARD, judge)


def expert_rows(job: tuple[str, int, int, int, int | None]) -> list[tuple[str, float]]:
    """One hand of four hard bots; at every decision of the deal's seat (as ``duplicate.py`` seats the stronger
    level) where the expert would act otherwise, its action's worth less hard's, each played on by hard bots, and
    the decision's row as ``divergence.py`` names it. The job's last item: the expert's deals a decision (None: its
    time budget)."""
    rules, seed, index, futures, playouts = job
    game = duplicate.deal(rules, seed, index)
    deal_seed = duplicate.deal_seed(seed, index)
    seat = duplicate.seats_of(index, False)[0]
    expert = create_bot("expert", seat, deal_seed, playouts=playouts)
    rows: list[tuple[str, float]] = []

    def pause(s: int, action: Action) -> bool:
        hand = game.hand
        if s != seat or len(hand.legal_actions(s)) < 2:
            return False
        view = seat_view(hand, s)
        other = expert.choose(view)
        if other != action:

            def worth(a: Action) -> float:
                return statistics.fmean(play_on(game, s, a, f, deal_seed, "hard") for f in range(futures))

            row = divergence.difference(view, other, action, getattr(expert, "last_defence", None) is not None)
            rows.append((row, worth(other) - worth(action)))
        return False

    play_until_decision(game, {s: create_bot("hard", s, deal_seed) for s in range(4)}, pause=pause)  # type: ignore[arg-type]
    return rows


def win_rows(job: tuple[str, int, int, int]) -> list[Row]:
    """One hand of four normal bots; a row for every win on a discard offered: passing it against taking it."""

    def judge(game: Game, view: SeatView, action: Action, worth: Callable[[Action], float]) -> Row:
        result = next(r for a, r in view.wins if a == action)
        passing = next(a for a in view.legal if a.kind is ActionKind.PASS)
        unseen = view.unseen
        live = sum(unseen[t] for t in waits(list(view.counts), game.rules.shapes, view.melds[view.seat]))
        return {
            "worth": worth(passing) - worth(action),
            "seat": view.seat,
            "value": result.payments[view.seat],
            "dealer": float(view.dealer == view.seat),
            "wall": view.wall_remaining,
            "live": live,
        }

    return judged(job, Phase.CLAIM, ActionKind.WIN, judge)


def report(name: str, rows: Sequence[Row], hands: int) -> str:
    """One line: how many decisions, their mean worth ± 2 se, and their sum per hand."""
    w = [r["worth"] for r in rows]
    se = 2 * statistics.stdev(w) / len(w) ** 0.5 if len(w) > 1 else float("nan")
    mean = statistics.fmean(w)
    return f"{name:44} {len(w):6d} decisions, {mean:+6.2f} ± {se:5.2f} each, {sum(w) / hands:+.3f} per hand"


def groups(rows: Sequence[Row]) -> list[tuple[str, Callable[[Row], bool]]]:
    """The groups printed: by distance and slowness, then by how much safer hard's discard reads."""
    out: list[tuple[str, Callable[[Row], bool]]] = []
    for d in sorted({int(r["distance"]) for r in rows}):
        for s in sorted({int(r["slower"]) for r in rows if r["distance"] == d}):
            name = f"normal's leaves {d} from ready, hard's +{s}"
            out.append((name, lambda r, d=d, s=s: r["distance"] == d and r["slower"] == s))
    for lo, hi in ((-1.0, 0.02), (0.02, 0.05), (0.05, 0.1), (0.1, 0.15), (0.15, 1.0)):
        name = f"feeding chance lowered by [{lo:.2f}, {hi:.2f})"
        out.append((name, lambda r, lo=lo, hi=hi: lo <= r["feed_drop"] < hi))
    return out


def win_groups(rows: Sequence[Row]) -> list[tuple[str, Callable[[Row], bool]]]:
    """The groups printed for ``--judge wins``: by what the win brings and the dealer, then by wall and live tiles."""
    out: list[tuple[str, Callable[[Row], bool]]] = []
    values = sorted({r["value"] for r in rows})
    for v in values[:4]:
        for d in (0.0, 1.0):
            name = f"a win worth {v:g}, {'the dealer' if d else 'not the dealer'}"
            out.append((name, lambda r, v=v, d=d: r["value"] == v and r["dealer"] == d))
    if len(values) > 4:
        name = f"a win worth more than {values[3]:g}"
        out.append((name, lambda r, v=values[3]: r["value"] > v))
    for lo, hi in ((0, 20), (20, 40), (40, 200)):
        for llo, lhi in ((0, 4), (4, 7), (7, 40)):
            name = f"wall left [{lo}, {hi}), live winning tiles [{llo}, {lhi})"
            out.append(
                (name, lambda r, lo=lo, hi=hi, llo=llo, lhi=lhi: lo <= r["wall"] < hi and llo <= r["live"] < lhi)
            )
    return out


def main() -> int:
    """Play, judge, print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="changsha")
    ap.add_argument("--hands", type=int, default=600)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--futures", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--judge", choices=("discards", "wins", "expert"), default="discards", help="what is judged (see above)"
    )
    ap.add_argument("--playouts", type=int, default=None, help="with --judge expert: its deals a decision, not a time")
    args = ap.parse_args()
    duplicate.parse_rules(ap, args.rules, single=True)
    t0 = time.perf_counter()
    if args.judge == "expert":
        return expert_report(args.rules, args.seed, args.hands, args.futures, args.workers, args.playouts, t0)
    wins = args.judge == "wins"
    jobs = [(args.rules, args.seed, i, args.futures) for i in range(args.hands)]
    rows = [r for hand in duplicate.run_jobs(win_rows if wins else hand_rows, jobs, args.workers) for r in hand]
    seats = 4 * args.hands
    what = "win offered" if wins else "discard"
    print(f"{args.rules}, seed {args.seed}, {args.hands} hands ({seats} seat-hands), {args.futures} futures a {what}:")
    if not rows:
        print("no win on a discard was offered" if wins else "hard and normal discarded alike everywhere")
        return 0
    print(report("every win offered: passing less taking" if wins else "every discard where they differ", rows, seats))
    for name, keep in (win_groups if wins else groups)(rows):
        part = [r for r in rows if keep(r)]
        if len(part) >= 15:
            print(report(name, part, seats))
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


def expert_report(
    rules: str, seed: int, hands: int, futures: int, workers: int, playouts: int | None, t0: float
) -> int:
    """``--judge expert``: every decision where the expert parts from hard, by row, the most decisions first."""
    jobs = [(rules, seed, i, futures, playouts) for i in range(hands)]
    judged = [r for hand in duplicate.run_jobs(expert_rows, jobs, workers) for r in hand]
    print(f"{rules}, seed {seed}, {hands} hands (the expert in one seat a hand), {futures} futures a decision:")
    if not judged:
        print("the expert acted as hard everywhere")
        return 0
    print(report("every decision where they differ", [{"worth": w} for _, w in judged], hands))
    by_row: dict[str, list[dict[str, float]]] = {}
    for row, w in judged:
        by_row.setdefault(row, []).append({"worth": w})
    for row, part in sorted(by_row.items(), key=lambda kv: -len(kv[1])):
        if len(part) >= 2:
            print(report(row, part, hands))
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
