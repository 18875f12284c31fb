"""The end of a hand: the bird, each winner's scoring and payments, who deals next, 荒番.

A won hand pays what each win scores (birds, 扎鸟, first where the rule set has them) and
the rule set says who deals next. A drawn hand (流局) adds one to the 荒番 counter; the
dealer stays, or, at a 海底 table, the seat the 海底 module names deals.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .events import BirdDrawn, HandEnded, HandOutcome, PlayerWon
from .haidi import dealer_after_drawn
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
            hand.emit(BirdDrawn(bird_tile, rules.bird_seat(bird_tile, hand.dealer)))
    winners = []
    for seat, ctx in wins:
        if bird_tile is not None:
            ctx = replace(ctx, bird=bird_tile)
        res = rules.score(ctx)
        hand.results[seat] = res
        winners.append(seat)
        for k in range(4):
            hand.payments[k] += res.payments[k]
        hand.emit(PlayerWon(seat, ctx, res))
    hand.winners = tuple(winners)
    hand.outcome = HandOutcome.WIN
    hand.next_dealer = rules.next_dealer_after_win(hand.winners, discarder, hand.dealer)
    hand.huangfan = max(0, hand.huangfan - 1)
    finish(hand)


def end_drawn(hand: Hand) -> None:
    """流局: nobody won."""
    hand.clear_window()
    hand.outcome = HandOutcome.DRAWN
    if hand.rules.end_of_wall is EndOfWall.HAIDI:
        hand.next_dealer = dealer_after_drawn(hand)
    else:
        hand.next_dealer = hand.dealer
    hand.huangfan += 1
    finish(hand)


def finish(hand: Hand) -> None:
    """The hand is over: the last event carries its payments and the next dealer."""
    hand.phase = Phase.ENDED
    if not hand.rules.uses_huangfan:
        hand.huangfan = 0
    before, paid = hand.scores_before, hand.payments
    hand.emit(
        HandEnded(
            hand.outcome or HandOutcome.DRAWN,
            hand.winners,
            (paid[0], paid[1], paid[2], paid[3]),
            (before[0] + paid[0], before[1] + paid[1], before[2] + paid[2], before[3] + paid[3]),
            hand.next_dealer,
            hand.huangfan,
        )
    )
