"""A lesson scene's deal: the learner's tiles, the draws and the tail as the lesson names them, the other seats filled.

A lesson names the learner's tiles, every draw until its last step and the tiles at the
tail; :func:`deal` gives the other three seats thirteen tiles each from what is left,
always the same ones, so a scene is the same every time it is played. Those tiles stay
in their hands: the other seats discard what they draw, and claim only what the scene
scripts (for those claims the scene names a seat's tiles itself).
"""

from __future__ import annotations

from collections import Counter

from mahjong_tui.engine.rigged import RiggedDeal
from mahjong_tui.engine.tiles import format_tiles, full_tile_set, parse_tiles


def deal(
    learner: str,
    draws: str,
    *,
    tail: str = "",
    given: dict[int, str] | None = None,
    honours: bool = True,
    dealer: int = 0,
    learner_seat: int = 0,
    kaigang_dice: tuple[tuple[int, int], ...] = (),
    dice: tuple[int, int] = (3, 5),
    fill_seed: int = 1,
) -> RiggedDeal:
    """The scene's deal: the learner's tiles, the draws, the tail, and the other seats filled in.

    ``given``: tiles a scripted seat must hold (the rest of its thirteen are filled in).
    """
    given = dict(given or {})
    used = Counter(parse_tiles(" ".join([learner, draws, tail, *given.values()])))
    pool = sorted((Counter(full_tile_set(honours=honours, flowers=False)) - used).elements())
    hands: list[str] = []
    step = 0
    for seat in range(4):
        if seat == learner_seat:
            hands.append(learner)
            continue
        own = parse_tiles(given.get(seat, ""))
        want = (14 if seat == dealer else 13) - len(own)
        # Every third tile of what is left, seat by seat: spread over the suits, so no seat's hand says anything.
        picked = pool[step::3][:want]
        step += 1
        for t in picked:
            pool.remove(t)
        hands.append(format_tiles(sorted(own + picked)))
    return RiggedDeal((hands[0], hands[1], hands[2], hands[3]), draws, tail, dealer, dice, kaigang_dice, fill_seed)
