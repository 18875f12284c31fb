"""Duplicate comparison: how much a bot level gains over another on the very same deals.

    python scripts/duplicate.py [--rules shanghai,shanghai-lezi,changsha] [--hands 4000] [--seed 1[,2,...]] \\
        [--strong hard|hints] [--weak normal] [--workers 2] [--all-seats] [--cache DIR]

Each deal is played twice: once with the weaker level in all four seats, once with the
stronger level in one seat (the seat turns with the deal, and the dealer with it, so every
seat meets every dealer). The gain of a deal is what that seat won in the second play minus
what it won in the first. The shared deal takes out most of the luck of the tiles, so a
small difference in play shows up in far fewer hands than a plain match (``strength.py``)
needs. Printed per rule set: the mean gain per hand with two standard errors, the seat's
points per hand in both plays, and its wins and deal-ins in both.

``--strong hints`` plays every move the hint panel suggests (the ★ discard, each claim
suggestion, the advice at every special decision), through the hints themselves
(:class:`mahjong_tui.learn.hints.HintFollower`): what a learner who follows them gains.

``--all-seats`` (for tuning: more figures per deal played) puts the stronger level in each
of the four seats in turn against the same weak play; a deal's gain is then the mean of its
four. ``--cache DIR`` keeps the weak-only plays, keyed by the rule set, seed, level and the
source of the bots, so a comparison against the same weak level does not play them again.
The seed fixes every deal: the same command gives the same figures. Several seeds
(``--seed 11,12,13``) are each reported, then pooled into one figure with narrower error
bars: a change is best judged on seeds it was not tuned on, pooled.

Hands are independent: each starts from the rule set's starting points with no carried
state (no 荒番), which does not change what a Changsha hand pays. The base score is 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots import LEVELS  # noqa: E402
from mahjong_tui.engine import (  # noqa: E402
    Game,
    GameOptions,
    HandEnded,
    PlayerWon,
    UnknownRules,
    get_ruleset,
    play_until_decision,
)

BotFactory = Callable[[str, int, int], object]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One seat's result in one play of a deal."""

    points: int
    won: bool
    dealt_in: bool


#: the expert's budget: milliseconds a decision, or deals a decision (set from the command line)
THINKING: dict[str, float | int | None] = {"think_ms": None, "playouts": None}


def _factory() -> BotFactory:
    """The bot maker (imported in the worker): a bot level, or ``hints``, the player who follows the hints."""
    from bots import create_bot
    from mahjong_tui.learn.hints import HintFollower

    think_ms, playouts = THINKING["think_ms"], THINKING["playouts"]

    def make(level: str, seat: int, seed: int) -> object:
        if level == HINTS:
            return HintFollower(seat)
        return create_bot(level, seat, seed, think_ms=think_ms, playouts=None if playouts is None else int(playouts))

    return make


#: the level that follows the hint panel's suggestions
HINTS = "hints"


def play_all(rules: str, seed: int, index: int, levels: Sequence[str], make: BotFactory) -> list[Outcome]:
    """Play deal ``index`` (the first hand of a seeded game) with ``levels`` per seat; every seat's result."""
    game = deal(rules, seed, index)
    players = {s: make(level, s, deal_seed(seed, index)) for s, level in enumerate(levels)}
    return outcomes(game, players)


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of ``seed``: its game's, and its bots'."""
    return seed * 100_003 + index


def deal(rules: str, seed: int, index: int) -> Game:
    """Deal ``index`` of ``seed``: a one-hand game."""
    return Game(rules, deal_seed(seed, index), GameOptions(max_hands=1))


def outcomes(game: Game, players: dict[int, object]) -> list[Outcome]:
    """Play the hand of ``game`` with ``players`` (seat → player); every seat's result."""
    play_until_decision(game, players)  # type: ignore[arg-type]
    won = [False] * 4
    dealt_in = [False] * 4
    points = [0] * 4
    for ev in game.hand.events:
        if isinstance(ev, PlayerWon):
            won[ev.seat] = True
            if ev.context.discarder is not None:
                dealt_in[ev.context.discarder] = True
        elif isinstance(ev, HandEnded):
            points = list(ev.payments)
    return [Outcome(points[s], won[s], dealt_in[s]) for s in range(4)]


def play(rules: str, seed: int, index: int, levels: Sequence[str], seat: int, make: BotFactory) -> Outcome:
    """Play deal ``index`` with ``levels`` per seat; ``seat``'s result."""
    return play_all(rules, seed, index, levels, make)[seat]


def seats_of(index: int, all_seats: bool) -> tuple[int, ...]:
    """The seats the stronger level takes in deal ``index``."""
    return (0, 1, 2, 3) if all_seats else ((index // 4) % 4,)


def weak_play(job: tuple[str, int, int, str]) -> list[Outcome]:
    """The weak level in all four seats: every seat's result."""
    rules, seed, index, weak = job
    return play_all(rules, seed, index, [weak] * 4, _factory())


def strong_plays(job: tuple[str, int, int, str, str, bool]) -> list[Outcome]:
    """The strong level in each of its seats for this deal, the weak level elsewhere."""
    rules, seed, index, strong, weak, all_seats = job
    make = _factory()
    out = []
    for seat in seats_of(index, all_seats):
        levels = [weak] * 4
        levels[seat] = strong
        out.append(play(rules, seed, index, levels, seat, make))
    return out


def _source_hash() -> str:
    """A digest of the easy and normal bots' source: a cached weak play is reused only with the same bots.

    (The hard bot's own modules are left out: a weak play never uses them.)
    """
    h = hashlib.sha256()
    for p in sorted((ROOT / "bots").glob("*.py")):
        if p.name.startswith(("hard", "risk")):
            continue
        h.update(p.name.encode() + p.read_bytes())
    return h.hexdigest()[:12]


def run_jobs(fn: Callable, jobs: list, workers: int) -> list:  # type: ignore[type-arg]
    """Map ``fn`` over ``jobs``, in worker processes when asked."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(fn, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
    return [fn(j) for j in jobs]


def weak_plays(rules: str, hands: int, seed: int, weak: str, workers: int, cache: str) -> list[list[Outcome]]:
    """The weak-only play of every deal, from the cache when it holds them."""
    path = Path(cache) / f"{rules}-{seed}-{weak}-{_source_hash()}.json" if cache else None
    known: list[list[Outcome]] = []
    if path is not None and path.exists():
        known = [[Outcome(*o) for o in deal] for deal in json.loads(path.read_text())]
    if len(known) < hands:
        jobs = [(rules, seed, i, weak) for i in range(len(known), hands)]
        known.extend(run_jobs(weak_play, jobs, workers))
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps([[[o.points, o.won, o.dealt_in] for o in deal] for deal in known]))
    return known[:hands]


def deal_gains(
    rules: str, hands: int, seed: int, strong: str, weak: str, workers: int, all_seats: bool = False, cache: str = ""
) -> tuple[list[float], list[tuple[Outcome, Outcome]]]:
    """Run every deal both ways: each deal's gain, and every (weak, strong) pair of the seat's results."""
    base = weak_plays(rules, hands, seed, weak, workers, cache)
    jobs = [(rules, seed, i, strong, weak, all_seats) for i in range(hands)]
    return paired(base, run_jobs(strong_plays, jobs, workers), all_seats)


def paired(
    base: Sequence[Sequence[Outcome]], played: Sequence[Sequence[Outcome]], all_seats: bool
) -> tuple[list[float], list[tuple[Outcome, Outcome]]]:
    """Each deal's gain of the stronger plays over the weak-only ones, and every (weak, strong) pair."""
    gains: list[float] = []
    pairs: list[tuple[Outcome, Outcome]] = []
    for i, outs in enumerate(played):
        seats = seats_of(i, all_seats)
        deal = [(base[i][s], o) for s, o in zip(seats, outs, strict=True)]
        pairs.extend(deal)
        gains.append(statistics.fmean(s.points - b.points for b, s in deal))
    return gains, pairs


def summary(gains: Sequence[float], pairs: Sequence[tuple[Outcome, Outcome]]) -> dict[str, float]:
    """The mean gain per deal with two standard errors, the seat's points, wins and deal-ins both ways."""
    return {
        "gain": statistics.fmean(gains),
        "two_se": 2 * statistics.stdev(gains) / len(gains) ** 0.5,
        "weak_points": statistics.fmean(b.points for b, _ in pairs),
        "strong_points": statistics.fmean(s.points for _, s in pairs),
        "weak_wins": sum(b.won for b, _ in pairs),
        "strong_wins": sum(s.won for _, s in pairs),
        "weak_deal_ins": sum(b.dealt_in for b, _ in pairs),
        "strong_deal_ins": sum(s.dealt_in for _, s in pairs),
        "changed": sum(1 for b, s in pairs if b != s),
        "plays": len(pairs),
    }


def compare(
    rules: str, hands: int, seed: int, strong: str, weak: str, workers: int, all_seats: bool = False, cache: str = ""
) -> dict[str, float]:
    """Run every deal both ways and sum up the gain."""
    return summary(*deal_gains(rules, hands, seed, strong, weak, workers, all_seats, cache))


def line(r: dict[str, float]) -> str:
    """The figures of a summary, as printed."""
    return (
        f"gain {r['gain']:+.2f} ± {r['two_se']:.2f} points per hand "
        f"({r['weak_points']:+.2f} → {r['strong_points']:+.2f}); "
        f"wins {r['weak_wins']} → {r['strong_wins']}, deal-ins {r['weak_deal_ins']} → {r['strong_deal_ins']}; "
        f"{r['changed']} of {r['plays']} plays changed"
    )


def parse_seeds(ap: argparse.ArgumentParser, text: str) -> list[int]:
    """``--seed``: one seed or several, comma-separated (a one-line error otherwise)."""
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        ap.error(f"--seed takes whole numbers separated by commas, not {text!r}")


def parse_rules(ap: argparse.ArgumentParser, text: str, *, single: bool = False) -> list[str]:
    """``--rules``: one rule set or several, comma-separated, each a known preset (a one-line error otherwise).

    ``single``: the script plays one preset, so a list is an error too.
    """
    names = text.split(",")
    if single and len(names) > 1:
        ap.error(f"--rules takes one preset here, not {text!r}")
    for name in names:
        try:
            get_ruleset(name)
        except UnknownRules as e:
            ap.error(str(e))
    return names


def arguments(doc: str, hands: int, *, strong: bool = True) -> argparse.ArgumentParser:
    """The options of every script that plays the same deals: presets, deals, seeds, levels, workers, cache."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--rules", default="changsha", help="comma-separated rule sets")
    ap.add_argument("--hands", type=int, default=hands)
    ap.add_argument("--seed", default="1", help="a seed, or comma-separated seeds")
    if strong:
        ap.add_argument("--strong", default="hard", choices=(*LEVELS, HINTS))
    ap.add_argument("--weak", default="normal", choices=LEVELS)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--think-ms", type=float, default=None, help="the expert's time a decision (default 150)")
    ap.add_argument("--playouts", type=int, default=None, help="the expert's deals a decision, instead of a time")
    ap.add_argument("--cache", default="", help="a folder to keep the weak-only plays in")
    return ap


def main() -> int:
    """Print the comparison for each rule set asked for (several seeds: each, then their deals pooled)."""
    ap = arguments(__doc__, 4000)
    ap.add_argument("--all-seats", action="store_true", help="the stronger level in every seat of every deal")
    args = ap.parse_args()
    THINKING.update(think_ms=args.think_ms, playouts=args.playouts)  # read by the workers' bot makers too
    make = _factory()  # the bots are read once, here: worker processes started later share them
    make(args.strong, 0, 0), make(args.weak, 0, 0)
    seeds = parse_seeds(ap, args.seed)
    seats = ", every seat" if args.all_seats else ""
    for rules in parse_rules(ap, args.rules):
        pooled: tuple[list[float], list[tuple[Outcome, Outcome]]] = ([], [])
        for seed in seeds:
            t0 = time.perf_counter()
            gains, pairs = deal_gains(
                rules, args.hands, seed, args.strong, args.weak, args.workers, args.all_seats, args.cache
            )
            pooled[0].extend(gains)
            pooled[1].extend(pairs)
            print(
                f"{rules}: {args.strong} in place of {args.weak}, {args.hands} deals{seats}, seed {seed}: "
                f"{line(summary(gains, pairs))} ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
        if len(seeds) > 1:
            print(
                f"{rules}: {args.strong} in place of {args.weak}, seeds {args.seed} pooled, "
                f"{len(pooled[0])} deals{seats}: {line(summary(*pooled))}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
