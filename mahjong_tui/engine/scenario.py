"""Hands set up tile by tile: for rule tests, tutorials and reproducing a reported hand.

``scripted_hand`` stacks the wall so that the deal gives each seat exactly the tiles
named, the live draws after the deal come in the order named, and replacement draws
(flowers, kongs) take the ``tail`` tiles in order; every other tile fills the middle.
"""

from __future__ import annotations

import random
from collections import Counter

from mahjong_tui.rules import get_ruleset
from mahjong_tui.rules.base import GameOptions, Ruleset

from .hand import Hand
from .tiles import Tile, format_tiles, parse_tiles
from .wall import Wall


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


def scripted_hand(
    rules: str | Ruleset,
    hands: list[str],
    *,
    draws: str = "",
    tail: str = "",
    dealer: int = 0,
    dice: tuple[int, int] = (3, 4),
    huangfan: int = 0,
    options: GameOptions | None = None,
    fill_seed: int = 0,
    hand_number: int = 1,
) -> Hand:
    """A hand whose deal, live draws and replacement draws are exactly as named.

    ``hands`` are four tile strings (the dealer's has 14 tiles, the others 13; flowers
    included), ``draws`` the live draws after the deal in order, ``tail`` the
    replacement draws in order.
    """
    rs = get_ruleset(rules) if isinstance(rules, str) else rules
    dealt = [parse_tiles(h) for h in hands]
    for s, tiles in enumerate(dealt):
        want = 14 if s == dealer else 13
        if len(tiles) != want:
            raise ValueError(f"seat {s} must be dealt {want} tiles, got {len(tiles)}")
    head: list[Tile] = []
    queues = [list(t) for t in dealt]
    for s in deal_order(dealer):
        head.append(queues[s].pop(0))
    head.extend(parse_tiles(draws))
    tail_tiles = parse_tiles(tail)
    full = Counter(rs.tile_set())
    used = Counter(head) + Counter(tail_tiles)
    over = used - full
    if over:
        raise ValueError(f"more copies than the set holds: {format_tiles(over.elements())}")
    filler = list((full - used).elements())
    random.Random(fill_seed).shuffle(filler)
    n = sum(rs.wall_layout) * 2
    probe = Wall([0] * n, rs.wall_layout, dealer, dice)
    sequence: list[Tile | None] = [None] * n  # in draw order from the head: stack by stack, top then bottom
    for i, t in enumerate(head):
        sequence[i] = t
    n_stacks = n // 2
    for i, t in enumerate(tail_tiles):
        stack_pos = n_stacks - 1 - i // 2
        idx = 2 * stack_pos + (i % 2)
        if sequence[idx] is not None:
            raise ValueError("head and tail tiles overlap: the wall is too short for this script")
        sequence[idx] = t
    it = iter(filler)
    deck: list[Tile] = [0] * n
    for pos, stack in enumerate(probe.order):
        for half in (0, 1):
            t = sequence[2 * pos + half]
            deck[2 * stack + half] = t if t is not None else next(it)
    return Hand(
        rs,
        seed=f"scripted/{fill_seed}",
        dealer=dealer,
        hand_number=hand_number,
        huangfan=huangfan,
        options=options,
        deck=deck,
        dice=dice,
    )
