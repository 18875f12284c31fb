"""The end of a hand: the bird, each winner's scoring and payments, who deals next, 荒番.

A won hand pays what each win scores (birds, 扎鸟, first where the rule set has them) and
the rule set says who deals next. A drawn hand (流局) adds one to the 荒番 counter; the
dealer stays, or, at a 海底 table, the seat the 海底's state names deals.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .events import BirdDrawn, HandEnded, HandOutcome, PlayerWon
from .ruleset import EndOfWall
from .scoring import WinContext
from .steps import ENDED, Step
from .tiles import Tile

if TYPE_CHECKING:
    from .hand import Hand


def settle_wins(hand: Hand, wins: tuple[tuple[int, WinContext], ...], discarder: int | None) -> Step:
    """Score and pay every win (a bird first), then end the hand."""
    rules = hand.rules
    dealer = hand.opening.dealer
    result = hand.result
    bird_tile: Tile | None = None
    if rules.bird:
        # a win on the 海底 takes the 海底 itself as the bird
        bird_tile = wins[0][1].win_tile if wins[0][1].last_tile else hand.wall.peek_head()
        if bird_tile is not None:
            hand.emit(BirdDrawn(bird_tile, rules.bird_seat(bird_tile, dealer)))
    winners = []
    for seat, ctx in wins:
        if bird_tile is not None:
            ctx = replace(ctx, bird=bird_tile)
        res = rules.score(ctx)
        result.results[seat] = res
        winners.append(seat)
        for k in range(4):
            result.payments[k] += res.payments[k]
        hand.emit(PlayerWon(seat, ctx, res))
    result.winners = tuple(winners)
    result.outcome = HandOutcome.WIN
    result.next_dealer = rules.next_dealer_after_win(result.winners, discarder, dealer)
    return finish(hand, max(0, hand.opening.huangfan - 1))


def end_drawn(hand: Hand) -> Step:
    """流局: nobody won."""
    result = hand.result
    result.outcome = HandOutcome.DRAWN
    if hand.rules.end_of_wall is EndOfWall.HAIDI:
        result.next_dealer = hand.haidi.dealer_after_drawn(hand.opening.dealer)
    else:
        result.next_dealer = hand.opening.dealer
    return finish(hand, hand.opening.huangfan + 1)


def finish(hand: Hand, huangfan: int) -> Step:
    """The hand is over: the last event carries its payments, the next dealer and the 荒番 counter passed on."""
    result = hand.result
    result.next_huangfan = huangfan if hand.rules.uses_huangfan else 0
    before, paid = hand.opening.scores_before, result.payments
    hand.emit(
        HandEnded(
            result.outcome or HandOutcome.DRAWN,
            result.winners,
            (paid[0], paid[1], paid[2], paid[3]),
            (before[0] + paid[0], before[1] + paid[1], before[2] + paid[2], before[3] + paid[3]),
            result.next_dealer,
            result.next_huangfan,
        )
    )
    return ENDED
