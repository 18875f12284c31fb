"""Bots play each other headless, every action checked: what ``mahjong-tui simulate`` runs.

Hands are played in sequence as in real games (dealer rotation, 荒番 carried); when a
game ends a new one starts, until the run's hands have been played. Game ``i`` is seeded
from (seed, i) alone, so games can be played on several worker processes and merged in
order: the results (and the digest over the records) are the same whatever the number of
workers. A game that runs past the last hand needed is cut after it, as a one-worker run
would have stopped there.

The play loop is the engine's (``play_until_decision``); after every action the checker
verifies what the soak run verifies: every tile is accounted for, every hand has the
right size and the points sum to zero, and a bot's refused or failing choice is reported.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import queue
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bots import create_bot
from mahjong_tui.engine import (
    Game,
    HandEnded,
    HandOutcome,
    InitialWinsDeclared,
    Move,
    PlayerWon,
    StuckHand,
    WinBy,
    game_record,
    play_until_decision,
)
from mahjong_tui.keep.files import write_json_atomically
from mahjong_tui.keep.saves import Seat, seat_name

DEFAULT_BOTS = ("normal", "normal", "normal", "normal")


@dataclass(frozen=True, slots=True)
class SimulateArgs:
    """What a run plays: the rules, how many hands, the seed, the bots, the workers, where records go."""

    rules: str
    hands: int
    seed: int
    bots: tuple[str, str, str, str] = DEFAULT_BOTS
    workers: int = 1
    json: bool = False
    records: Path | None = None
    think_ms: float | None = None  # the expert's time a decision (None: its default)
    playouts: int | None = None  # the expert's deals a decision instead: every game the same whatever the machine


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
    bots: tuple[str, ...] = ()  # the level at each seat


@dataclass(frozen=True, slots=True)
class GameJob:
    """What a worker needs to play game ``index``."""

    rules: str
    run_seed: int
    index: int
    bots: tuple[str, str, str, str]
    cap: int  # at most this many hands
    think_ms: float | None = None
    playouts: int | None = None


@dataclass
class Checker:
    """Watches every move of a game: the bots' times and choices, tiles, hand sizes, zero-sum points."""

    game: Game
    bots: tuple[str, str, str, str]
    times: list[float]
    total: int = 0
    violations: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.total = sum(self.game.scores)

    def __call__(self, move: Move) -> None:
        """Check the game after one move."""
        if move.think_ms is not None:
            self.times.append(move.think_ms)
        if move.error:
            self.violations.append(f"seat {move.seat} ({self.bots[move.seat]}) {move.error}")
        hand = self.game.hand
        self.violations.extend(hand.check_invariants())
        if sum(self.game.scores) + sum(hand.payments) * (not hand.over) != self.total:
            self.violations.append(f"points do not sum to the start: {self.game.scores}")


def play_game(job: GameJob) -> GameResult:
    """Play one game with bots, checking every action; stop after ``job.cap`` hands."""
    gseed = game_seed(job.run_seed, job.index)
    game = Game(job.rules, gseed)
    players = {
        seat: create_bot(level, seat, gseed, think_ms=job.think_ms, playouts=job.playouts)
        for seat, level in enumerate(job.bots)
    }
    result = GameResult(job.index, gseed, bots=tuple(job.bots))
    check = Checker(game, job.bots, result.times)
    ev_start = 0
    while True:
        check.violations = []
        stuck = False
        try:
            play_until_decision(game, players, observe=check)
        except StuckHand as e:
            check.violations.append(str(e))
            stuck = True
        except Exception as e:  # an engine failure ends this game; the run goes on and reports it
            check.violations.append(f"engine failed: {type(e).__name__}: {e}")
            stuck = True
        result.hands.append(_hand_stat(game, ev_start, check.violations, len(result.times)))
        if stuck or game.over or len(result.hands) >= job.cap:
            break
        ev_start = len(game.events)
        game.next_hand()
    result.record = game_record(game)
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
        if records is not None:  # with who sat where, as a save has it (the digest is over the play alone)
            players = [Seat(seat_name(s), level).to_json() for s, level in enumerate(res.bots)]
            write_json_atomically({**record, "players": players}, records / f"game-{res.index + 1:05d}.json")


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
            res = play_game(GameJob(args.rules, args.seed, index, args.bots, want, args.think_ms, args.playouts))
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
                job = GameJob(
                    args.rules, args.seed, len(hands_of), args.bots, args.hands - before, args.think_ms, args.playouts
                )
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
