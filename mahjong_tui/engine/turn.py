"""A seat's turn: the draw, then a self-drawn win, a kong of its own, or a discard.

Right after a claim there is no draw, so no self-drawn win and no kong of one's own. The
rule set may forbid some discards right after a chi (lifted when nothing else is left),
and after 开杠 every drawn tile is discarded unless it wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .claims import open_claim_window
from .events import DrawSource, TileDiscarded
from .haidi import offers_last_tile
from .kongs import declare_added_kong, declare_concealed_kong, own_kong_options
from .scoring import WinBy
from .state import Phase, Refusal, RiverTile
from .tiles import NUM_KINDS, Tile
from .wins import lift_passed_wins, self_win, win_context

if TYPE_CHECKING:
    from .hand import Hand

#: every discard action, made once: a turn lists up to 14 of them
DISCARDS = [[Action(s, ActionKind.DISCARD, t) for t in range(NUM_KINDS)] for s in range(4)]


def draw(hand: Hand, seat: int) -> None:
    """The seat's ordinary draw (or the 海底 offer, or the end of the wall), then its turn."""
    hand.clear_window()
    if hand.wall.remaining == 0:
        hand.end_drawn()
        return
    if offers_last_tile(hand, seat):
        return
    hand.turn.current = seat
    lift_passed_wins(hand, hand.players[seat], by_claim=False)
    if not hand.take_drawn(seat, hand.wall_draw(seat, tail=False), DrawSource.HEAD):
        hand.end_drawn()
        return
    open_turn(hand)


def open_turn(hand: Hand) -> None:
    """List what the current seat may do in its turn, and what it may not, with why."""
    seat = hand.turn.current
    p = hand.players[seat]
    hand.phase = Phase.TURN
    acts: list[Action] = []
    refusals: list[Refusal] = []
    win = self_win(hand, seat) if hand.turn.after_draw else None  # no self-draw win right after a claim
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
        hand.set_window({seat: acts}, {seat: refusals})
        return
    if hand.turn.after_draw:
        acts.extend(own_kong_options(hand, p, refusals))
    held = [t for t in range(NUM_KINDS) if p.counts[t]]
    allowed = [t for t in held if t not in p.forbidden_discards]
    if not allowed:
        allowed = held  # the after-chi restriction lifts when nothing else is left
    for t in held:
        if t not in allowed:
            refusals.append(Refusal(ActionKind.DISCARD, t, hand.rules.after_chi_refusal(t)))
    acts.extend([row[t] for t in allowed])
    hand.set_window({seat: acts}, {seat: refusals})


def apply_turn(hand: Hand, action: Action) -> None:
    """Carry out the turn's action: win, kong or discard."""
    seat = action.seat
    p = hand.players[seat]
    kind = action.kind
    if kind is ActionKind.WIN:
        ctx = win_context(hand, seat, p.last_drawn, WinBy.SELF_DRAW, None, in_hand=p.last_drawn is not None)
        hand.settle([(seat, ctx)], None)
    elif kind is ActionKind.DISCARD:
        assert action.tile is not None
        discard(hand, seat, action.tile)
    elif kind is ActionKind.CONCEALED_KONG:
        assert action.tile is not None and action.mode is not None
        declare_concealed_kong(hand, seat, action.tile, action.mode)
    else:
        assert kind is ActionKind.ADDED_KONG and action.tile is not None and action.mode is not None
        declare_added_kong(hand, seat, action.tile, action.mode)


def discard(hand: Hand, seat: int, t: Tile) -> None:
    """The tile goes to the river; the others may claim it, or the next seat draws."""
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
    if not open_claim_window(hand, seat, t):
        draw(hand, (seat + 1) % 4)
