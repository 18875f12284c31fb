"""What one seat may see: the input of bots and hints, and of the table for that seat.

Own concealed tiles, every seat's melds, rivers and flowers, how many tiles each other
seat holds, the wall count and the scores — never another seat's concealed tiles or the
order of the wall.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .hand import Hand, Phase, Refusal, RiverTile
from .melds import Meld
from .tiles import NUM_KINDS, Tile, tiles_of


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a hand at one moment."""

    seat: int
    rules: str
    family: str
    dealer: int
    phase: Phase
    current: int
    counts: tuple[int, ...]
    last_drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...]
    rivers: tuple[tuple[RiverTile, ...], ...]
    flowers: tuple[tuple[Tile, ...], ...]
    hand_sizes: tuple[int, int, int, int]
    wall_remaining: int
    scores: tuple[int, int, int, int]
    huangfan: int
    last_discard: Tile | None
    kaigang_locked: bool
    legal: tuple[Action, ...]
    refusals: tuple[Refusal, ...]

    @property
    def hand(self) -> tuple[Tile, ...]:
        """Own concealed tiles, sorted."""
        return tuple(tiles_of(self.counts))

    @property
    def outside(self) -> list[int]:
        """34-slot counts of tiles this seat sees outside its own hand and melds: others' melds, every river."""
        seen = [0] * NUM_KINDS
        for s, melds in enumerate(self.melds):
            if s == self.seat:
                continue
            for m in melds:
                for t in m.tiles:
                    seen[t] += 1
        for river in self.rivers:
            for r in river:
                if r.claimed_by is None:
                    seen[r.tile] += 1
        return seen

    @property
    def visible(self) -> list[int]:
        """34-slot counts of tiles this seat can see outside its own hand (all melds, rivers)."""
        seen = self.outside
        for m in self.melds[self.seat]:
            for t in m.tiles:
                seen[t] += 1
        return seen

    @property
    def unseen(self) -> list[int]:
        """Copies of each kind this seat cannot see anywhere (in others' hands or the wall)."""
        vis = self.visible
        return [max(0, 4 - vis[t] - self.counts[t]) for t in range(NUM_KINDS)]


def seat_view(hand: Hand, seat: int, scores: tuple[int, int, int, int] | None = None) -> SeatView:
    """The view of ``seat`` in ``hand``."""
    p = hand.players[seat]
    players = hand.players
    if scores is None:
        before, paid = hand.scores_before, hand.payments
        scores = (before[0] + paid[0], before[1] + paid[1], before[2] + paid[2], before[3] + paid[3])
    counts = tuple(p.counts)
    return SeatView(
        seat,
        hand.rules.name,
        hand.rules.family,
        hand.dealer,
        hand.phase,
        hand.current,
        counts,
        p.last_drawn,
        tuple(map(tuple, [q.melds for q in players])),
        tuple(map(tuple, [q.river for q in players])),
        tuple(map(tuple, [q.flowers for q in players])),
        tuple(map(sum, [q.counts for q in players])),  # type: ignore[arg-type]
        hand.wall.remaining,
        scores,
        hand.huangfan,
        hand.last_discard,
        p.kaigang_locked,
        tuple(hand.legal_actions(seat)),
        tuple(hand.refusals_for(seat)),
    )
