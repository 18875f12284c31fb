"""Rigged deals: hands set up tile by tile, for rule tests, tutorials and reproducing a reported hand.

A :class:`RiggedDeal` names each seat's dealt tiles, the live draws after the deal in
order, the replacement draws (flowers, kongs) from the tail in order, the dice and the
开杠 dice; every other tile fills the middle of the wall. ``rigged_hand`` builds the
hand; ``Game.from_deal`` starts a whole game with it (and its record replays).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .deal import deal_order
from .hand import Hand
from .options import GameOptions
from .registry import resolve
from .ruleset import Ruleset
from .tiles import Tile, format_tiles, parse_tiles
from .wall import Wall


@dataclass(frozen=True, slots=True)
class RiggedDeal:
    """A deal given tile by tile (``hands``: four tile strings, the dealer's 14 tiles, flowers included)."""

    hands: tuple[str, str, str, str]
    draws: str = ""
    tail: str = ""
    dealer: int = 0
    dice: tuple[int, int] = (3, 4)
    kaigang_dice: tuple[tuple[int, int], ...] = ()
    fill_seed: int = 0

    def to_json(self) -> dict[str, object]:
        """JSON form, kept in a game's record."""
        return {
            "hands": list(self.hands),
            "draws": self.draws,
            "tail": self.tail,
            "dealer": self.dealer,
            "dice": list(self.dice),
            "kaigang_dice": [list(d) for d in self.kaigang_dice],
            "fill_seed": self.fill_seed,
        }

    @classmethod
    def from_json(cls, data: object) -> RiggedDeal:
        """Read the JSON form; ValueError names what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a rigged deal must be an object")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, str) for h in hands):
            raise ValueError("a rigged deal needs four hands in tile notation")
        try:
            dice = _dice(data.get("dice", [3, 4]))
            kaigang = tuple(_dice(d) for d in data.get("kaigang_dice", []))
        except (TypeError, ValueError):
            raise ValueError("rigged dice must be pairs of numbers 1 to 6") from None
        dealer = data.get("dealer", 0)
        fill = data.get("fill_seed", 0)
        draws, tail = data.get("draws", ""), data.get("tail", "")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
            raise ValueError("the rigged dealer must be a seat 0..3")
        if not isinstance(fill, int) or not isinstance(draws, str) or not isinstance(tail, str):
            raise ValueError("rigged draws and tail are tile strings, fill_seed a number")
        return cls((hands[0], hands[1], hands[2], hands[3]), draws, tail, dealer, dice, kaigang, fill)


def _dice(value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("dice")
    a, b = value
    if not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in (a, b)):
        raise ValueError("dice")
    return (a, b)


def rigged_hand(
    rules: str | Ruleset,
    rigged: RiggedDeal,
    *,
    options: GameOptions | None = None,
    hand_number: int = 1,
    huangfan: int = 0,
    scores: tuple[int, int, int, int] = (0, 0, 0, 0),
    hold_windows: bool = False,
) -> Hand:
    """The hand ``rigged`` describes; ValueError (TileError) names what does not fit the rule set's tiles.
    ``hold_windows``: as :class:`~.hand.Hand` takes it."""
    rs = resolve(rules)
    dealer = rigged.dealer
    dealt = [parse_tiles(h) for h in rigged.hands]
    for s, tiles in enumerate(dealt):
        want = 14 if s == dealer else 13
        if len(tiles) != want:
            raise ValueError(f"seat {s} must be dealt {want} tiles, got {len(tiles)}")
    head: list[Tile] = []
    queues = [list(t) for t in dealt]
    for s in deal_order(dealer):
        head.append(queues[s].pop(0))
    head.extend(parse_tiles(rigged.draws))
    tail_tiles = parse_tiles(rigged.tail)
    full = Counter(rs.tile_set())
    used = Counter(head) + Counter(tail_tiles)
    over = used - full
    if over:
        raise ValueError(f"more copies than the set holds: {format_tiles(over.elements())}")
    filler = list((full - used).elements())
    random.Random(rigged.fill_seed).shuffle(filler)
    n = sum(rs.wall_layout) * 2
    probe = Wall([0] * n, rs.wall_layout, dealer, rigged.dice)
    sequence: list[Tile | None] = [None] * n  # in draw order from the head: stack by stack, top then bottom
    for i, t in enumerate(head):
        sequence[i] = t
    n_stacks = n // 2
    for i, t in enumerate(tail_tiles):
        idx = 2 * (n_stacks - 1 - i // 2) + (i % 2)
        if sequence[idx] is not None:
            raise ValueError("head and tail tiles overlap: the wall is too short for this deal")
        sequence[idx] = t
    it = iter(filler)
    deck: list[Tile] = [0] * n
    for pos, stack in enumerate(probe.order):
        for half in (0, 1):
            placed = sequence[2 * pos + half]
            deck[2 * stack + half] = placed if placed is not None else next(it)
    return Hand(
        rs,
        seed=f"scripted/{rigged.fill_seed}",
        dealer=dealer,
        hand_number=hand_number,
        huangfan=huangfan,
        scores=scores,
        options=options,
        deck=deck,
        dice=rigged.dice,
        kaigang_dice=rigged.kaigang_dice,
        hold_windows=hold_windows,
    )


def scripted_hand(
    rules: str | Ruleset,
    hands: Sequence[str],
    *,
    draws: str = "",
    tail: str = "",
    dealer: int = 0,
    dice: tuple[int, int] = (3, 4),
    kaigang_dice: Sequence[tuple[int, int]] = (),
    huangfan: int = 0,
    options: GameOptions | None = None,
    fill_seed: int = 0,
    hand_number: int = 1,
) -> Hand:
    """``rigged_hand`` with the deal's fields as arguments: the shape rule tests are written in."""
    if len(hands) != 4:
        raise ValueError("a deal needs four hands")
    rigged = RiggedDeal(
        (hands[0], hands[1], hands[2], hands[3]), draws, tail, dealer, dice, tuple(kaigang_dice), fill_seed
    )
    return rigged_hand(rules, rigged, options=options, hand_number=hand_number, huangfan=huangfan)
