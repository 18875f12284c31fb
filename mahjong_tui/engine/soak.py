"""Seeded random-legal play with every invariant checked after every action.

Used by the test suite (short runs) and by ``scripts/soak_random.py`` (thousands of
hands). A random player picks uniformly among the legal actions; after every action the
checker verifies that all tiles are accounted for, hand sizes are right, points sum to
zero, and that an illegal action is refused without changing anything. At the end of
every game the record is replayed and must give identical events.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from mahjong_tui.rules.base import Ruleset

from .actions import Action, ActionKind, IllegalAction, KongMode
from .analysis import discard_options
from .events import (
    BirdDrawn,
    HandEnded,
    HandOutcome,
    InitialWinsDeclared,
    KaigangRevealed,
    PlayerWon,
)
from .game import Game
from .tiles import NUM_KINDS


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
        h.wall.remaining,
        tuple(sorted(h.decisions.items())),
        tuple(game.scores),
        len(game.events),
    )


def _illegal_probe(game: Game, seat: int, rng: random.Random) -> Action:
    """A plausible action that is not legal now."""
    legal = set(game.legal_actions(seat))
    for _ in range(20):
        kind = rng.choice(list(ActionKind))
        tile = rng.randrange(NUM_KINDS)
        mode = KongMode.KONG if "kong" in kind.value else None
        a = Action(seat, kind, tile, mode=mode)
        if a not in legal:
            return a
    return Action(seat, ActionKind.DISCARD, 99)


def _choose(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """A legal action: wins taken, discards often toward a win, otherwise uniform.

    Uniform choice alone almost never wins a Shanghai hand (it must qualify), so the
    win, claim and scoring paths would go untested; mixing in shanten-lowering discards
    keeps every action legal and reaches them.
    """
    wins = [a for a in actions if a.kind is ActionKind.WIN]
    if wins and rng.random() < 0.9:
        return rng.choice(wins)
    discards = [a for a in actions if a.kind is ActionKind.DISCARD]
    if len(discards) > 1 and rng.random() < 0.6:
        p = game.hand.players[seat]
        opts = discard_options(p.counts, game.rules.family, None, p.melds)
        allowed = {a.tile: a for a in discards}
        for o in opts:
            if o.tile in allowed:
                return allowed[o.tile]
    return rng.choice(actions)


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


def soak(rules: str, seed: int, hands: int, *, probe_every: int = 7, replay: bool = True) -> SoakStats:
    """Play ``hands`` hands of random legal actions, checking every invariant."""
    stats = SoakStats()
    rng = random.Random(f"soak/{rules}/{seed}")
    game_no = 0
    while stats.hands < hands:
        game = Game(rules, seed=seed * 100_003 + game_no)
        game_no += 1
        stats.games += 1
        total = sum(game.scores)
        while True:
            while not game.hand.over:
                pending = game.pending_seats()
                if not pending:
                    stats.violations.append(f"hand {game.hand_number}: no seat to act but the hand is not over")
                    break
                seat = pending[0]
                legal = game.legal_actions(seat)
                if not legal:
                    stats.violations.append(f"seat {seat} pending with no legal action")
                    break
                if stats.actions % probe_every == 0:
                    before = state_fingerprint(game)
                    bad = _illegal_probe(game, seat, rng)
                    try:
                        game.apply(bad)
                        stats.violations.append(f"illegal action accepted: {bad}")
                    except IllegalAction as e:
                        if not str(e):
                            stats.violations.append(f"refusal without a reason: {bad}")
                    if state_fingerprint(game) != before:
                        stats.violations.append(f"refused action changed the state: {bad}")
                action = _choose(game, seat, legal, rng)
                events = game.apply(action)
                stats.actions += 1
                for ev in events:
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
                if sum(game.scores) + sum(game.hand.payments) * (not game.hand.over) != total:
                    problems.append(f"points do not sum to the start: {game.scores}")
                for p in problems:
                    stats.violations.append(f"game {game.seed} hand {game.hand_number}: {p}")
            ended = next(e for e in reversed(game.events) if isinstance(e, HandEnded))
            stats.hands += 1
            if ended.outcome is HandOutcome.WIN:
                stats.wins += 1
            else:
                stats.draws += 1
            if game.hand.haidi_first is not None:
                stats.events["haidi_offered"] += 1
            if game.over or stats.hands >= hands:
                break
            game.next_hand()
        if replay:
            again = Game.from_record(game.to_record())
            if again.events != game.events:
                stats.violations.append(f"game {game.seed}: replay gave different events")
            if again.scores != game.scores:
                stats.violations.append(f"game {game.seed}: replay gave different scores")
    return stats
