"""What must hold after every action: every tile accounted for, every hand its size, payments zero-sum.

Cheap enough to run after every action: soak runs and ``simulate`` do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import Phase
from .tiles import NUM_KINDS, tile_name

if TYPE_CHECKING:
    from .hand import Hand


def check_invariants(hand: Hand) -> list[str]:
    """The problems found (an empty list when all hold)."""
    problems: list[str] = []
    census = tile_census(hand)
    expected = hand.opening.census
    if census != expected:
        diff = {tile_name(t): census[t] - expected[t] for t in range(len(census)) if census[t] != expected[t]}
        problems.append(f"tiles not conserved (found minus expected): {diff}")
    phase = hand.phase
    for p in hand.players:
        size = p.size()
        if phase is Phase.ENDED:
            ok = size in (13, 14)
        elif phase in (Phase.INITIAL, Phase.DEALT_WIN) and p.seat == hand.opening.dealer:
            ok = size == 14
        else:
            acting = phase in (Phase.TURN, Phase.HAIDI_TAKEN) and p.seat == hand.turn.current
            ok = size == (14 if acting else 13)
        if not ok:
            problems.append(f"seat {p.seat} holds {size} tiles in phase {phase.value}")
    if sum(hand.result.payments) != 0:
        problems.append(f"payments do not sum to zero: {hand.result.payments}")
    return problems


def tile_census(hand: Hand) -> list[int]:
    """How many of each tile id are somewhere: wall, hands, melds, flowers, rivers, in flight."""
    a, b, c, d = [p.counts for p in hand.players]
    wall = hand.wall.census
    # the hands hold the 34 kinds; the wall's census goes on with the flowers
    census = [w + x + y + z + v for w, x, y, z, v in zip(wall, a, b, c, d, strict=False)]
    census += wall[NUM_KINDS:]
    for p in hand.players:
        for t in p.flowers:
            census[t] += 1
        for m in p.melds:
            for t in m.tiles:
                census[t] += 1
        for r in p.river:
            if r.claimed_by is None:
                census[r.tile] += 1
    if hand.kong.rob_tile is not None:
        census[hand.kong.rob_tile] += 1
    if hand.phase is Phase.KAIGANG_SELF:
        for t in hand.kong.kaigang_tiles:
            census[t] += 1
    return census
