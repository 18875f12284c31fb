"""The deal (``rules/docs/common.md``): 13 tiles each and 14 for the dealer, 补花, the first turn.

Tiles leave the head of the wall four at a time to each seat in turn from the dealer,
three rounds, then one each, then the dealer's fourteenth. Flowers are shown and replaced
from the tail, dealer first, then in turn, again while flowers come. The dealer's drawn
tile is the fourteenth, or, when that was a flower, the tile that finally replaced it (a
win on it is then a win on a flower's replacement as well as on the dealt hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import DrawSource, HandStarted, TilesDealt
from .steps import END_DRAWN, OPEN_DEALT_WINS, OPEN_INITIAL_WINS, Step
from .tiles import Tile, is_flower

if TYPE_CHECKING:
    from .hand import Hand


def deal_order(dealer: int) -> list[int]:
    """Which seat receives each dealt tile, in the order they leave the head of the wall."""
    order = [(dealer + i) % 4 for i in range(4)]
    seats: list[int] = []
    for _ in range(3):
        for s in order:
            seats.extend([s] * 4)
    seats.extend(order)
    seats.append(dealer)
    return seats


def deal(hand: Hand) -> Step:
    """Deal and replace flowers; then the first decision: initial small wins, a win declared on the dealt hand
    (八花), or the dealer's turn."""
    opening = hand.opening
    dealer = opening.dealer
    wv = hand.wall.view()
    hand.emit(
        HandStarted(
            opening.hand_number,
            dealer,
            opening.dice,
            wv.break_at,
            opening.huangfan,
            opening.huangfan_from_dice,
            opening.scores_before,
        )
    )
    dealt: list[list[Tile]] = [[], [], [], []]
    for s in deal_order(dealer):
        dealt[s].append(hand.wall.draw_head())
    order = [(dealer + i) % 4 for i in range(4)]
    for s in order:
        hand.emit(TilesDealt(s, tuple(dealt[s])))
        p = hand.players[s]
        for t in dealt[s]:
            if not is_flower(t):
                p.counts[t] += 1
    # 补花: dealer first, then in turn, each repeated while flowers come
    dealer_drawn: Tile | None = None
    for s in order:
        for f in [t for t in dealt[s] if is_flower(t)]:
            if not hand.replace_flower(s, f):
                return END_DRAWN
        if s == dealer:
            dealer_drawn = hand.players[s].last_drawn
    for s in order:
        hand.players[s].last_drawn = None
    fourteenth = dealt[dealer][-1]
    if is_flower(fourteenth):
        # the tile that replaced the fourteenth (the last flower the dealer replaced) is the one drawn
        hand.players[dealer].last_drawn = dealer_drawn
        hand.turn.draw_source = DrawSource.TAIL
    else:
        hand.players[dealer].last_drawn = fourteenth
        hand.turn.draw_source = DrawSource.HEAD
    hand.turn.current = dealer
    hand.turn.after_draw = True
    return OPEN_INITIAL_WINS if hand.rules.initial_small_wins else OPEN_DEALT_WINS
