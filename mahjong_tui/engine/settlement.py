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
from .state import Phase
from .tiles import Tile

if TYPE_CHECKING:
    from .hand import Hand


def settle_wins(hand: Hand, wins: list[tuple[int, WinContext]], discarder: int | None) -> None:
    """Score and pay every win (a bird first), then end the hand."""
    hand.clear_window()
    rules = hand.rules
    bird_tile: Tile | None = None
    if rules.bird:
        # a win on the 海底 takes the 海底 itself as the bird
        bird_tile = wins[0][1].win_tile if wins[0][1].last_tile else hand.wall.peek_head()
        if bird_tile is not None:
            hand.emit(BirdDrawn(bird_tile, rules.bird_seat(bird_tile, hand.opening.dealer)))
    winners = []
    for seat, ctx in wins:
        if bird_tile is not None:
            ctx = replace(ctx, bird=bird_tile)
        res = rules.score(ctx)
        hand.result.results[seat] = res
        winners.append(seat)
        for k in range(4):
            hand.result.payments[k] += res.payments[k]
        hand.emit(PlayerWon(seat, ctx, res))
    hand.result.winners = tuple(winners)
    hand.result.outcome = HandOutcome.WIN
    hand.result.next_dealer = rules.next_dealer_after_win(hand.result.winners, discarder, hand.opening.dealer)
    finish(hand, max(0, hand.opening.huangfan - 1))


def end_drawn(hand: Hand) -> None:
    """流局: nobody won."""
    hand.clear_window()
    hand.result.outcome = HandOutcome.DRAWN
    if hand.rules.end_of_wall is EndOfWall.HAIDI:
        hand.result.next_dealer = hand.haidi.dealer_after_drawn(hand.opening.dealer)
    else:
        hand.result.next_dealer = hand.opening.dealer
    finish(hand, hand.opening.huangfan + 1)


def finish(hand: Hand, huangfan: int) -> None:
    """The hand is over: the last event carries its payments, the next dealer and the 荒番 counter passed on."""
    hand.phase = Phase.ENDED
    hand.result.next_huangfan = huangfan if hand.rules.uses_huangfan else 0
    before, paid = hand.opening.scores_before, hand.result.payments
    hand.emit(
        HandEnded(
            hand.result.outcome or HandOutcome.DRAWN,
            hand.result.winners,
            (paid[0], paid[1], paid[2], paid[3]),
            (before[0] + paid[0], before[1] + paid[1], before[2] + paid[2], before[3] + paid[3]),
            hand.result.next_dealer,
            hand.result.next_huangfan,
        )
    )
