"""Seeded random-legal play with every invariant checked after every action.

Used by the test suite (short runs) and by ``scripts/soak_random.py`` (thousands of
hands). A random player picks among the legal actions through the engine's play loop;
after every action the checker verifies that all tiles are accounted for, hand sizes are
right, points sum to zero, and, every few actions, that an illegal or malformed action
is refused without changing anything. At the end of every game the record is replayed
and must give identical events.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from mahjong_tui.engine import (
    Action,
    ActionKind,
    BirdDrawn,
    Game,
    HandEnded,
    HandOutcome,
    IllegalAction,
    InitialWinsDeclared,
    KaigangRevealed,
    KongMode,
    Move,
    PlayerWon,
    Ruleset,
    SeatView,
    StuckHand,
    game_from_record,
    game_record,
    match_action,
    play_until_decision,
    resolve,
)
from mahjong_tui.engine.analysis import discard_options
from mahjong_tui.engine.tiles import NUM_TILE_IDS


@dataclass
class SoakStats:
    """What a soak run saw."""

    hands: int = 0
    games: int = 0
    actions: int = 0
    wins: int = 0
    draws: int = 0
    violations: list[str] = field(default_factory=list)
    hand_types: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)


def state_fingerprint(game: Game) -> tuple[object, ...]:
    """Everything an action could change, to prove a refused one changed nothing."""
    h = game.hand
    return (
        h.phase,
        h.current,
        tuple(tuple(p.counts) for p in h.players),
        tuple(tuple(p.melds) for p in h.players),
        tuple(tuple(p.river) for p in h.players),
        tuple(tuple(p.flowers) for p in h.players),
        tuple(frozenset(p.passed_wins) for p in h.players),
        h.wall.remaining,
        tuple(sorted(h.decisions.items())),
        tuple(h.actions),
        tuple(game.scores),
        len(game.events),
    )


def illegal_probe(game: Game, seat: int, rng: random.Random) -> Action:
    """A plausible action that is not legal now, or a malformed one (a tile that does not exist)."""
    legal = game.legal_actions(seat)
    for _ in range(20):
        kind = rng.choice(list(ActionKind))
        tile = rng.randrange(NUM_TILE_IDS + 4)  # a few ids past the last tile
        mode = KongMode.KONG if "kong" in kind.value else None
        a = Action(seat, kind, tile, mode=mode)
        if match_action(a, legal) is None:  # not one the engine would take as a legal move
            return a
    return Action(seat, ActionKind.DISCARD, 99)


class RandomPlayer:
    """Wins when it can, discards often toward a win, otherwise picks uniformly; probes illegal actions.

    Uniform choice alone almost never wins a Shanghai hand (it must qualify), so the
    win, claim and scoring paths would go untested; mixing in shanten-lowering discards
    keeps every action legal and reaches them.
    """

    def __init__(self, game: Game, stats: SoakStats, rng: random.Random, probe_every: int):
        self.game = game
        self.stats = stats
        self.rng = rng
        self.probe_every = probe_every
        self.asked = 0

    def choose(self, view: SeatView) -> Action:
        """Probe first (every few choices), then choose."""
        self.asked += 1
        if self.asked % self.probe_every == 0:
            self.probe(view.seat)
        actions = list(view.legal)
        rng = self.rng
        wins = [a for a in actions if a.kind is ActionKind.WIN]
        if wins and rng.random() < 0.9:
            return rng.choice(wins)
        discards = [a for a in actions if a.kind is ActionKind.DISCARD]
        if len(discards) > 1 and rng.random() < 0.6:
            opts = discard_options(view.counts, view.ruleset.shapes, None, view.melds[view.seat])
            allowed = {a.tile: a for a in discards}
            for o in opts:
                if o.tile in allowed:
                    return allowed[o.tile]
        return rng.choice(actions)

    def probe(self, seat: int) -> None:
        """An illegal action must be refused, with a reason, and change nothing."""
        before = state_fingerprint(self.game)
        bad = illegal_probe(self.game, seat, self.rng)
        try:
            self.game.apply(bad)
            self.stats.violations.append(f"illegal action accepted: {bad}")
        except IllegalAction as e:
            if not str(e):
                self.stats.violations.append(f"refusal without a reason: {bad}")
        except Exception as e:  # anything but a refusal is a fault
            self.stats.violations.append(f"illegal action {bad} raised {type(e).__name__}: {e}")
        if state_fingerprint(self.game) != before:
            self.stats.violations.append(f"refused action changed the state: {bad}")


def _bird_outcome(rules: Ruleset, ev: PlayerWon) -> str:
    """How a win's bird fell: on the winner, the discarder, another seat, or no bird."""
    ctx = ev.context
    how = "self_draw" if ctx.discarder is None else "discard"
    if ctx.bird is None:
        return f"bird_{how}_none"
    hit = rules.bird_seat(ctx.bird, ctx.dealer)
    if hit == ctx.winner:
        return f"bird_{how}_hits_winner"
    if hit == ctx.discarder:
        return f"bird_{how}_hits_discarder"
    return f"bird_{how}_hits_other"


class SoakChecker:
    """Counts what every move caused and checks the invariants after it."""

    def __init__(self, game: Game, stats: SoakStats):
        self.game = game
        self.stats = stats
        self.total = sum(game.scores)

    def __call__(self, move: Move) -> None:
        """After one move."""
        stats, game = self.stats, self.game
        stats.actions += 1
        if move.error:
            stats.violations.append(f"seat {move.seat} {move.error}")
        for ev in move.events:
            stats.events[type(ev).__name__] += 1
            if isinstance(ev, PlayerWon):
                stats.hand_types.update(ev.result.types)
                if game.rules.bird:
                    stats.events[_bird_outcome(game.rules, ev)] += 1
            elif isinstance(ev, KaigangRevealed):
                stats.events["kaigang"] += 1
            elif isinstance(ev, BirdDrawn):
                stats.events[f"bird_seat_offset_{(ev.seat - game.hand.dealer) % 4}"] += 1
            elif isinstance(ev, InitialWinsDeclared):
                stats.hand_types.update(ev.result.types)
        problems = game.hand.check_invariants()
        if sum(game.scores) + sum(game.hand.payments) * (not game.hand.over) != self.total:
            problems.append(f"points do not sum to the start: {game.scores}")
        for p in problems:
            stats.violations.append(f"game {game.seed} hand {game.hand_number}: {p}")


def soak(rules: str | Ruleset, seed: int, hands: int, *, probe_every: int = 7, replay: bool = True) -> SoakStats:
    """Play ``hands`` hands of random legal actions, checking every invariant."""
    ruleset = resolve(rules)
    stats = SoakStats()
    rng = random.Random(f"soak/{ruleset.name}/{seed}")
    game_no = 0
    while stats.hands < hands:
        game = Game(ruleset, seed=seed * 100_003 + game_no)
        game_no += 1
        stats.games += 1
        player = RandomPlayer(game, stats, rng, probe_every)
        players = dict.fromkeys(range(4), player)
        checker = SoakChecker(game, stats)
        while True:
            try:
                play_until_decision(game, players, observe=checker)
            except StuckHand as e:
                stats.violations.append(str(e))
                break
            ended = next(e for e in reversed(game.events) if isinstance(e, HandEnded))
            stats.hands += 1
            if ended.outcome is HandOutcome.WIN:
                stats.wins += 1
            else:
                stats.draws += 1
            if game.hand.haidi.first is not None:
                stats.events["haidi_offered"] += 1
            if game.over or stats.hands >= hands:
                break
            game.next_hand()
        if replay:
            again = game_from_record(game_record(game))
            if again.events != game.events:
                stats.violations.append(f"game {game.seed}: replay gave different events")
            if again.scores != game.scores:
                stats.violations.append(f"game {game.seed}: replay gave different scores")
    return stats
