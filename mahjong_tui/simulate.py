"""``mahjong-tui simulate``: bots play each other headless, every action checked.

    mahjong-tui simulate --rules shanghai --hands 1000 --seed 1 \\
        [--bots hard,normal,normal,easy] [--workers 2] [--json] [--records DIR]

Hands are played in sequence as in real games (dealer rotation, 荒番 carried); when a
game ends a new one starts, until ``--hands`` hands have been played. Game ``i`` is seeded
from (seed, i) alone, so games can be played on several worker processes and merged in
order: the results (and the digest over the records) are the same whatever ``--workers``
is. A game that runs past the last hand needed is cut after it, as a one-worker run would
have stopped there.

After every action the checker verifies what ``engine.soak`` verifies: the action was one
of the legal ones, every tile is accounted for, every hand has the right size and the
points sum to zero. Exit status: 0, or 1 when an invariant was broken, or 2 for bad
arguments (one line on standard error).
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import queue
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from mahjong_tui.engine.actions import IllegalAction, is_among
from mahjong_tui.engine.events import HandEnded, HandOutcome, InitialWinsDeclared, PlayerWon
from mahjong_tui.engine.game import Game, save_record
from mahjong_tui.engine.view import seat_view
from mahjong_tui.rules import UnknownRules, family_of
from mahjong_tui.rules.scoring import WinBy

USAGE = (
    "usage: mahjong-tui simulate --rules NAME --hands N --seed S "
    "[--bots L,L,L,L] [--workers N] [--json] [--records DIR]"
)
LEVELS = ("easy", "normal", "hard")
DEFAULT_BOTS = ("normal", "normal", "normal", "normal")
MAX_WORKERS = 64
_VALUE_OPTIONS = ("--rules", "--hands", "--seed", "--bots", "--workers", "--records")


class UsageError(ValueError):
    """A bad command line; the message is the one line printed."""


@dataclass(frozen=True, slots=True)
class SimulateArgs:
    """A parsed ``simulate`` command line."""

    rules: str
    hands: int
    seed: int
    bots: tuple[str, str, str, str] = DEFAULT_BOTS
    workers: int = 1
    json: bool = False
    records: Path | None = None


def parse_args(argv: Sequence[str]) -> SimulateArgs:
    """Read the command line; UsageError with one line for anything wrong."""
    values: dict[str, str] = {}
    as_json = False
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, inline = arg.partition("=")
        if arg == "--json":
            as_json = True
        elif name in _VALUE_OPTIONS:
            if eq:
                value = inline
            else:
                if i + 1 >= len(argv):
                    raise UsageError(f"{name} needs a value")
                i += 1
                value = argv[i]
            if name in values:
                raise UsageError(f"{name} given twice")
            values[name] = value
        else:
            raise UsageError(f"unknown argument {arg!r}")
        i += 1
    for required in ("--rules", "--hands", "--seed"):
        if required not in values:
            raise UsageError(f"missing {required}")
    rules = values["--rules"]
    try:
        family_of(rules)
    except UnknownRules as e:
        raise UsageError(str(e)) from None
    hands = _int(values["--hands"], "--hands", low=1)
    seed = _int(values["--seed"], "--seed")
    workers = _int(values.get("--workers", "1"), "--workers", low=1, high=MAX_WORKERS)
    bots = DEFAULT_BOTS
    if "--bots" in values:
        levels = tuple(x.strip() for x in values["--bots"].split(","))
        if len(levels) == 1:
            levels = levels * 4
        if len(levels) != 4:
            raise UsageError(f"--bots needs one level or four (one per seat), got {len(levels)}")
        for lv in levels:
            if lv not in LEVELS:
                raise UsageError(f"unknown bot level {lv!r} (choose from: {', '.join(LEVELS)})")
        bots = levels  # type: ignore[assignment]
    records = None
    if "--records" in values:
        if not values["--records"]:
            raise UsageError("--records needs a directory")
        records = Path(values["--records"])
        if records.exists() and not records.is_dir():
            raise UsageError(f"--records {records} is not a directory")
    return SimulateArgs(rules, hands, seed, bots, workers, as_json, records)


def _int(text: str, name: str, *, low: int | None = None, high: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be a whole number, got {text!r}") from None
    if low is not None and value < low:
        raise UsageError(f"{name} must be at least {low}, got {value}")
    if high is not None and value > high:
        raise UsageError(f"{name} must be at most {high}, got {value}")
    return value


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: from (seed, index) alone."""
    digest = hashlib.sha256(f"simulate/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


# --------------------------------------------------------------------------- checks


# --------------------------------------------------------------------------- one game


@dataclass
class HandStat:
    """What one hand contributes to the totals."""

    winners: tuple[int, ...]
    self_draw: bool
    deal_in: int | None
    payments: tuple[int, int, int, int]
    types: tuple[str, ...]
    violations: tuple[str, ...]
    decisions: int  # decision times of this hand end at this index of GameResult.times


@dataclass
class GameResult:
    """One game as played by a worker: per-hand stats (to cut at any hand) and the record."""

    index: int
    seed: int
    hands: list[HandStat] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # ms per bot decision, in order
    record: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameJob:
    """What a worker needs to play game ``index``."""

    rules: str
    run_seed: int
    index: int
    bots: tuple[str, str, str, str]
    cap: int  # at most this many hands


def play_game(job: GameJob) -> GameResult:
    """Play one game with bots, checking every action; stop after ``job.cap`` hands."""
    from bots import create_bot

    gseed = game_seed(job.run_seed, job.index)
    game = Game(job.rules, gseed)
    bots = [create_bot(level, seat, gseed) for seat, level in enumerate(job.bots)]
    total = sum(game.scores)
    result = GameResult(job.index, gseed)
    times = result.times
    perf = time.perf_counter
    ev_start = 0
    while True:
        hand = game.hand
        violations: list[str] = []
        stuck = False
        while not hand.over:
            pending = hand.pending_seats()
            if not pending:
                violations.append("no seat to act but the hand is not over")
                stuck = True
                break
            seat = pending[0]
            legal = hand.legal_actions(seat)
            if not legal:
                violations.append(f"seat {seat} must act but has no legal action")
                stuck = True
                break
            if len(legal) == 1:
                action = legal[0]
            else:
                view = seat_view(hand, seat)
                t0 = perf()
                try:
                    action = bots[seat].choose(view)
                except Exception as e:  # a crashing bot is reported, and the game goes on
                    violations.append(f"seat {seat} ({job.bots[seat]}) failed: {type(e).__name__}: {e}")
                    action = legal[0]
                times.append((perf() - t0) * 1000.0)
                if not is_among(action, legal):
                    violations.append(f"seat {seat} ({job.bots[seat]}) chose an illegal action: {action}")
                    action = legal[0]
            try:
                game.apply(action)
            except IllegalAction as e:
                violations.append(f"legal action refused: {action} ({e})")
                stuck = True
                break
            except Exception as e:  # an engine failure ends this game; the run goes on and reports it
                violations.append(f"engine failed on {action}: {type(e).__name__}: {e}")
                stuck = True
                break
            problems = hand.check_invariants()
            if sum(game.scores) + sum(hand.payments) * (not hand.over) != total:
                problems.append(f"points do not sum to the start: {game.scores}")
            violations.extend(problems)
        result.hands.append(_hand_stat(game, ev_start, violations, len(times)))
        if stuck or game.over or len(result.hands) >= job.cap:
            break
        ev_start = len(game.events)
        game.next_hand()
    result.record = game.to_record()
    return result


def _hand_stat(game: Game, start: int, violations: list[str], decisions: int) -> HandStat:
    winners: tuple[int, ...] = ()
    self_draw = False
    deal_in: int | None = None
    payments = (0, 0, 0, 0)
    types: list[str] = []
    for ev in game.events[start:]:
        if isinstance(ev, PlayerWon):
            types.extend(ev.result.types)
            if ev.context.win_by is WinBy.SELF_DRAW:
                self_draw = True
            elif ev.context.discarder is not None:
                deal_in = ev.context.discarder
        elif isinstance(ev, InitialWinsDeclared):
            types.extend(ev.result.types)
        elif isinstance(ev, HandEnded):
            payments = ev.payments
            if ev.outcome is HandOutcome.WIN:
                winners = ev.winners
    return HandStat(winners, self_draw and bool(winners), deal_in, payments, tuple(types), tuple(violations), decisions)


# --------------------------------------------------------------------------- a run


@dataclass
class Totals:
    """The merged results of a run, in game order."""

    hands: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    self_draws: int = 0
    discard_wins: int = 0
    wins_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    deal_ins_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    points_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hand_types: Counter[str] = field(default_factory=Counter)
    payments: list[tuple[int, int, int, int]] = field(default_factory=list)  # per hand, in order
    violations: list[str] = field(default_factory=list)
    violation_count: int = 0
    times: list[float] = field(default_factory=list)
    times_by_seat: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    digest: Any = field(default_factory=hashlib.sha256)

    def add(self, res: GameResult, want: int, records: Path | None) -> None:
        """Merge a game, keeping only its first ``want`` hands."""
        kept = res.hands[:want]
        self.games += 1
        for h in kept:
            self.hands += 1
            if h.winners:
                self.wins += 1
                if h.self_draw:
                    self.self_draws += 1
                else:
                    self.discard_wins += 1
                for s in h.winners:
                    self.wins_by_seat[s] += 1
                if h.deal_in is not None:
                    self.deal_ins_by_seat[h.deal_in] += 1
            else:
                self.draws += 1
            for s in range(4):
                self.points_by_seat[s] += h.payments[s]
            self.payments.append(h.payments)
            self.hand_types.update(h.types)
            self.violation_count += len(h.violations)
            for v in h.violations:
                if len(self.violations) < 20:
                    self.violations.append(f"game {res.index} (seed {res.seed}): {v}")
        if kept:
            end = kept[-1].decisions
            self.times.extend(res.times[:end])
        record = res.record
        if len(kept) < len(res.hands):
            record = {**record, "hands": record["hands"][: len(kept)]}
        data = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        self.digest.update(data.encode("utf-8"))
        self.digest.update(b"\n")
        if records is not None:
            save_record(_Recorded(record), records / f"game-{res.index + 1:05d}.json")  # type: ignore[arg-type]


class _Recorded:
    """A played game's record, for ``save_record`` (which only asks a game for its record)."""

    def __init__(self, record: dict[str, Any]):
        self._record = record

    def to_record(self) -> dict[str, Any]:
        """The record as played (cut at the run's last hand)."""
        return self._record


def _pool_context() -> Any:
    """Forked workers where the system has fork: they start at once with everything imported."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run(args: SimulateArgs, progress: Callable[[int], None] | None = None) -> tuple[Totals, float]:
    """Play the run; returns the totals and the wall-clock seconds."""
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    totals = Totals()
    start = time.perf_counter()
    if args.workers == 1:
        index = 0
        while totals.hands < args.hands:
            want = args.hands - totals.hands
            res = play_game(GameJob(args.rules, args.seed, index, args.bots, want))
            totals.add(res, want, args.records)
            index += 1
            if progress:
                progress(totals.hands)
    else:
        _run_parallel(args, totals, progress)
    return totals, time.perf_counter() - start


def _run_parallel(args: SimulateArgs, totals: Totals, progress: Callable[[int], None] | None) -> None:
    """Games on worker processes, merged in game order.

    A game is started only while the games before it might not reach ``--hands``: each
    finished game counts its hands, each running one at least one. The same bound caps
    how many hands a new game may play, so little is played that the merge then cuts.
    """
    done: queue.SimpleQueue[GameResult | BaseException] = queue.SimpleQueue()
    pool = _pool_context().Pool(args.workers)
    try:
        finished: dict[int, GameResult] = {}
        hands_of: list[int | None] = []  # per started game: hands played, None while running
        running = 0
        merge_index = 0
        while totals.hands < args.hands:
            while running < args.workers + 1:
                before = sum(1 if n is None else n for n in hands_of)
                if before >= args.hands:
                    break
                job = GameJob(args.rules, args.seed, len(hands_of), args.bots, args.hands - before)
                pool.apply_async(play_game, (job,), callback=done.put, error_callback=done.put)
                hands_of.append(None)
                running += 1
            item = done.get()
            if isinstance(item, BaseException):
                raise item
            running -= 1
            finished[item.index] = item
            hands_of[item.index] = len(item.hands)
            while merge_index in finished and totals.hands < args.hands:
                totals.add(finished.pop(merge_index), args.hands - totals.hands, args.records)
                merge_index += 1
                if progress:
                    progress(totals.hands)
    finally:
        pool.terminate()
        pool.join()


# --------------------------------------------------------------------------- output


def _p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def summary(args: SimulateArgs, totals: Totals, seconds: float) -> dict[str, Any]:
    """The ``--json`` object."""
    times = totals.times
    return {
        "rules": args.rules,
        "hands": totals.hands,
        "seed": args.seed,
        "bots": list(args.bots),
        "workers": args.workers,
        "games": totals.games,
        "wins": totals.wins,
        "draws": totals.draws,
        "self_draws": totals.self_draws,
        "discard_wins": totals.discard_wins,
        "wins_by_seat": totals.wins_by_seat,
        "deal_ins_by_seat": totals.deal_ins_by_seat,
        "points_by_seat": totals.points_by_seat,
        "hand_types": dict(sorted(totals.hand_types.items())),
        "invariant_violations": totals.violation_count,
        "violation_examples": totals.violations,
        "seconds": round(seconds, 3),
        "hands_per_second": round(totals.hands / seconds, 2) if seconds > 0 else 0.0,
        "decisions": len(times),
        "decision_ms_mean": round(sum(times) / len(times), 4) if times else 0.0,
        "decision_ms_p99": round(_p99(times), 4),
        "digest": totals.digest.hexdigest(),
    }


def format_table(data: dict[str, Any]) -> str:
    """The readable summary printed without ``--json``."""
    hands = max(1, data["hands"])
    lines = [
        f"simulate {data['rules']}: {data['hands']} hands in {data['games']} games, seed {data['seed']}, "
        f"{data['workers']} worker{'s' if data['workers'] != 1 else ''}",
        "",
        f"{'':<14}" + "".join(f"{'seat ' + str(s):>10}" for s in range(4)),
        f"{'bot':<14}" + "".join(f"{b:>10}" for b in data["bots"]),
        f"{'wins':<14}" + "".join(f"{n:>10}" for n in data["wins_by_seat"]),
        f"{'deal-ins':<14}" + "".join(f"{n:>10}" for n in data["deal_ins_by_seat"]),
        f"{'points':<14}" + "".join(f"{n:>10}" for n in data["points_by_seat"]),
        f"{'points/hand':<14}" + "".join(f"{n / hands:>10.2f}" for n in data["points_by_seat"]),
        "",
        f"hands won {data['wins']} (self-draw {data['self_draws']}, on a discard {data['discard_wins']}), "
        f"drawn {data['draws']}",
        "hand types: " + (", ".join(f"{k} {v}" for k, v in data["hand_types"].items()) or "none"),
        f"invariant violations: {data['invariant_violations']}",
    ]
    lines += [f"  {v}" for v in data["violation_examples"]]
    lines += [
        f"speed: {data['hands_per_second']:.1f} hands/s ({data['seconds']:.2f} s); "
        f"bot decisions {data['decisions']}: mean {data['decision_ms_mean']:.3f} ms, "
        f"p99 {data['decision_ms_p99']:.3f} ms",
        f"digest: {data['digest']}",
    ]
    return "\n".join(lines)


class ProgressBar:
    """A plain text bar on a stream, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO, width: int = 30):
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def __call__(self, done: int) -> None:
        """Show ``done`` of ``total`` hands."""
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * min(done, self.total) // self.total
        rate = done / (now - self.start) if now > self.start else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\rsimulate [{bar}] {done}/{self.total} hands  {rate:.1f} hands/s")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def run_simulate(argv: list[str]) -> int:
    """``mahjong-tui simulate ARGS``: play, print the summary; the exit status."""
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        return 0
    try:
        args = parse_args(argv)
    except UsageError as e:
        print(f"mahjong-tui simulate: {e}", file=sys.stderr)
        return 2
    show_bar = not args.json or sys.stderr.isatty()
    bar = ProgressBar(args.hands, sys.stderr) if show_bar else None
    try:
        totals, seconds = run(args, bar)
    except OSError as e:
        if bar:
            bar.close()
        print(f"mahjong-tui simulate: cannot write records: {e.strerror or e}", file=sys.stderr)
        return 2
    if bar:
        bar.close()
    data = summary(args, totals, seconds)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_table(data))
    return 1 if totals.violation_count else 0


if __name__ == "__main__":
    sys.exit(run_simulate(sys.argv[1:]))
