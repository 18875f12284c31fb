"""A seat's turn: the draw, then a self-drawn win, a kong of its own, or a discard.

Right after a claim there is no draw, so no self-drawn win and no kong of one's own. The
rule set may forbid some discards right after a chi (lifted when nothing else is left),
and after 开杠 every drawn tile is discarded unless it wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .events import DrawSource, TileDiscarded
from .kong_options import own_kong_options
from .ruleset import EndOfWall
from .scoring import WinBy
from .state import Phase, Refusal, RiverTile
from .steps import END_DRAWN, OPEN_TURN, Ask, DeclareKong, OfferHaidi, OpenClaims, Settle, Step
from .tiles import NUM_KINDS, Tile
from .wins import lift_passed_wins, self_win, win_context

if TYPE_CHECKING:
    from .hand import Hand

#: every discard action, made once: a turn lists up to 14 of them
DISCARDS = [[Action(s, ActionKind.DISCARD, t) for t in range(NUM_KINDS)] for s in range(4)]


def draw(hand: Hand, seat: int) -> Step:
    """The seat's ordinary draw, then its turn; at a 海底 table the last tile is offered instead; none left:
    the hand is drawn."""
    if hand.wall.remaining == 0:
        return END_DRAWN
    if hand.rules.end_of_wall is EndOfWall.HAIDI and hand.wall.remaining == 1:
        return OfferHaidi(seat)
    hand.turn.current = seat
    lift_passed_wins(hand, hand.players[seat], by_claim=False)
    if not hand.take_drawn(seat, hand.wall_draw(seat, tail=False), DrawSource.HEAD):
        return END_DRAWN
    return OPEN_TURN


def open_turn(hand: Hand) -> Step:
    """List what the current seat may do in its turn, and what it may not, with why."""
    seat = hand.turn.current
    p = hand.players[seat]
    acts: list[Action] = []
    refusals: list[Refusal] = []
    after_draw = hand.turn.after_draw
    win = self_win(hand, seat) if after_draw else None  # no self-draw win right after a claim
    if win is not None:
        if win.valid:
            acts.append(hand.window.offer_win(seat, p.last_drawn, win))
        else:
            refusals.append(Refusal(ActionKind.WIN, p.last_drawn, win.words))
    row = DISCARDS[seat]
    if p.kaigang_locked:
        if p.last_drawn is not None and p.counts[p.last_drawn]:
            acts.append(row[p.last_drawn])
        else:
            acts.extend(row[t] for t in range(NUM_KINDS) if p.counts[t])
        return Ask(Phase.TURN, {seat: acts}, {seat: refusals})
    if after_draw:
        acts.extend(own_kong_options(hand, p, refusals))
    held = [t for t in range(NUM_KINDS) if p.counts[t]]
    allowed = [t for t in held if t not in p.forbidden_discards]
    if not allowed:
        allowed = held  # the after-chi restriction lifts when nothing else is left
    for t in held:
        if t not in allowed:
            refusals.append(Refusal(ActionKind.DISCARD, t, hand.rules.after_chi_refusal(t)))
    acts.extend([row[t] for t in allowed])
    return Ask(Phase.TURN, {seat: acts}, {seat: refusals})


def apply_turn(hand: Hand, action: Action) -> Step:
    """Carry out the turn's action: win, kong or discard."""
    seat = action.seat
    kind = action.kind
    t = action.tile
    if kind is ActionKind.WIN:
        last = hand.players[seat].last_drawn
        ctx = win_context(hand, seat, last, WinBy.SELF_DRAW, None, in_hand=last is not None)
        return Settle(((seat, ctx),), None)
    assert t is not None
    if kind is ActionKind.DISCARD:
        return discard(hand, seat, t)
    assert action.mode is not None and kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
    return DeclareKong(seat, t, action.mode, added=kind is ActionKind.ADDED_KONG)


def discard(hand: Hand, seat: int, t: Tile) -> Step:
    """The tile goes to the river; the others may claim it (else the next seat draws)."""
    p = hand.players[seat]
    p.counts[t] -= 1
    p.river.append(RiverTile(t))
    p.has_discarded = True
    p.passed_pong.clear()
    p.forbidden_discards = frozenset()
    p.last_drawn = None
    hand.turn.last_discard = t
    hand.turn.current = seat
    hand.emit(TileDiscarded(seat, t))
    return OpenClaims(seat, t)
