"""The review after a hand: how one player's hand ended, and the moments of the hand that mattered.

The hand is replayed from the game's record, action by action. At each of the player's
decisions the hint is worked out from what the player could see then, so the review says
what a learner can act on: a discard where the suggestion kept more tiles that help, a
win passed, the tile dealt in and whose wait it was, the claims taken and declined.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    HandEnded,
    Phase,
    PlayerWon,
    SeatView,
    seat_view,
    tile_name,
)
from mahjong_tui.engine.tiles import counts_of

from .hints import Hint, analyse, hint_for_view, steps


@dataclass(frozen=True, slots=True)
class Moment:
    """One moment that mattered: the action's number in the hand, what kind of moment, one line."""

    index: int
    kind: str  # "discard", "passed_win", "dealt_in", "claim", "declined", "won"
    text: str


@dataclass(frozen=True, slots=True)
class Review:
    """One player's review of one hand."""

    seat: int
    hand_number: int
    end: str  # how the hand ended for the player: won, or steps to ready and waits
    end_hint: Hint
    moments: tuple[Moment, ...]


def review_hand(game: Game, hand_number: int, seat: int) -> Review:
    """Review hand ``hand_number`` (1-based) of ``game`` for ``seat``."""
    replay = Game(game.rules, game.seed, game.options, rigged=game.rigged)
    for n, actions in enumerate(game.actions[: hand_number - 1], start=1):
        for a in actions:
            replay.apply(a)
        if n < hand_number and not replay.over:
            replay.next_hand()
    moments: list[Moment] = []
    actions = game.actions[hand_number - 1]
    for i, action in enumerate(actions, start=1):
        if action.seat == seat:
            moments.extend(_decision(i, seat_view(replay.hand, seat), action))
        events = replay.apply(action)
        for ev in events:
            if isinstance(ev, PlayerWon) and ev.context.discarder == seat and ev.seat != seat:
                moments.append(Moment(i, "dealt_in", _dealt_in(ev, replay)))
            elif isinstance(ev, PlayerWon) and ev.seat == seat:
                pays = ev.result.payments[seat]
                moments.append(Moment(i, "won", f"you won: {', '.join(ev.result.types)}, +{pays}"))
        if replay.hand.over:
            break
    return Review(seat, hand_number, *_end(replay, seat), tuple(moments))


def _decision(index: int, view: SeatView, action: Action) -> list[Moment]:
    """What a decision of the player's shows: a better discard, a win passed, a claim taken or declined."""
    out = []
    legal = view.legal
    could_win = [a for a in legal if a.kind is ActionKind.WIN]
    if could_win and action.kind is not ActionKind.WIN:
        tile = tile_name(could_win[0].tile) if could_win[0].tile is not None else "it"
        out.append(Moment(index, "passed_win", f"you passed a win on {tile}"))
    if view.phase is Phase.TURN and action.kind is ActionKind.DISCARD and action.tile is not None:
        hint = hint_for_view(view)
        chosen = next((d for d in hint.discards if d.tile == action.tile), None)
        best = next((d for d in hint.discards if d.tile == hint.suggest), None)
        if chosen is not None and best is not None and best.tile != chosen.tile:
            if chosen.shanten > best.shanten:
                out.append(Moment(index, "discard", (
                    f"you discarded {tile_name(chosen.tile)}, leaving the hand {steps(chosen.shanten)}; "
                    f"{tile_name(best.tile)} kept it {steps(best.shanten)}"
                )))  # fmt: skip
            elif chosen.acceptance < best.acceptance:
                out.append(Moment(index, "discard", (
                    f"you discarded {tile_name(chosen.tile)}: {tile_name(best.tile)} kept "
                    f"{best.acceptance - chosen.acceptance} more unseen tiles that help ({best.acceptance} against "
                    f"{chosen.acceptance})"
                )))  # fmt: skip
    if action.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
        out.append(Moment(index, "claim", f"you took {action.describe()} from seat {view.current}"))
    elif action.kind is ActionKind.PASS and view.phase is Phase.CLAIM:
        offered = sorted({a.kind.value for a in legal if a.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)})
        if offered and view.last_discard is not None:
            out.append(Moment(index, "declined", f"you let {tile_name(view.last_discard)} go ({' or '.join(offered)})"))
    return out


def _dealt_in(ev: PlayerWon, replay: Game) -> str:
    """The tile dealt in, to whom, and the winner's waits then."""
    ctx = ev.context
    assert ctx.win_tile is not None
    counts = counts_of(ctx.concealed)
    before = analyse(replay.rules, counts, ctx.melds, ctx.flowers)
    waits = ", ".join(tile_name(w.tile) for w in before.waits if w.qualifies) or tile_name(ctx.win_tile)
    paid = -ev.result.payments[ctx.discarder] if ctx.discarder is not None else 0
    return (
        f"you dealt in {tile_name(ctx.win_tile)} to seat {ev.seat} ({', '.join(ev.result.types)}), "
        f"who waited on {waits}: it cost you {paid}"
    )


def _end(replay: Game, seat: int) -> tuple[str, Hint]:
    """The player's hand at the end: won, or how far from ready and on what it waited."""
    hand = replay.hand
    p = hand.players[seat]
    hint = analyse(replay.rules, p.counts, p.melds, p.flowers)
    if seat in hand.winners:
        return "you won this hand", hint
    ended = next((e for e in reversed(replay.events) if isinstance(e, HandEnded)), None)
    text = f"your hand ended {steps(hint.shanten)}"
    waits = [w for w in hint.waits if w.qualifies]
    if hint.shanten == 0 and waits:
        text += ", waiting on " + ", ".join(tile_name(w.tile) for w in waits)
    elif hint.waits:
        text += f" in shape, but could not win: {hint.waits[0].why}"
    if ended is not None:
        text += f"; the hand paid you {ended.payments[seat]:+d}"
    return text, hint
