"""The state a hand keeps: its phase, each seat's tiles and restrictions, river tiles, refusals."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .actions import ActionKind
from .melds import Meld
from .ruleset import SeatFacts
from .tiles import NUM_KINDS, Tile, tiles_of
from .words import Words


class Phase(StrEnum):
    """What the hand is waiting for."""

    INITIAL = "initial"  # declare initial small wins (起手小胡) or not
    DEALT_WIN = "dealt_win"  # declare a win on the dealt hand (八花) or not, before the dealer's first discard
    TURN = "turn"  # one seat holds a full hand and acts
    CLAIM = "claim"  # others answer a discard
    ROB = "rob"  # others may rob an added kong
    KAIGANG_SELF = "kaigang_self"  # the konger may win on an 开杠 tile
    KAIGANG_CLAIM = "kaigang_claim"  # others may win on the 开杠 tiles
    HAIDI = "haidi"  # the last tile is offered in turn
    HAIDI_TAKEN = "haidi_taken"  # the taker wins on it or shows it
    HAIDI_SHOWN = "haidi_shown"  # others may win on the shown 海底
    ENDED = "ended"


#: phases where one seat acts at once (the others are windows every asked seat answers)
SINGLE_SEAT_PHASES = frozenset({Phase.TURN, Phase.KAIGANG_SELF, Phase.HAIDI, Phase.HAIDI_TAKEN})


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard in a river; ``claimed_by`` marks one taken into a meld, ``won_by`` a winning discard."""

    tile: Tile
    claimed_by: int | None = None
    won_by: tuple[int, ...] = ()
    kaigang: bool = False


@dataclass(frozen=True, slots=True)
class Refusal:
    """An option the player might expect, ruled out, with the reason."""

    kind: ActionKind
    tile: Tile | None
    reason: Words


@dataclass(slots=True)
class PlayerState:
    """One seat's tiles and the restrictions that hang on it."""

    seat: int
    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    melds: list[Meld] = field(default_factory=list)
    flowers: list[Tile] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    last_drawn: Tile | None = None
    has_discarded: bool = False
    has_melded: bool = False
    passed_wins: set[Tile] = field(default_factory=set)  # 漏胡: tiles of wins passed, until lifted
    passed_pong: set[Tile] = field(default_factory=set)  # 过碰
    forbidden_discards: frozenset[Tile] = frozenset()  # after a chi, for one discard
    kaigang_locked: bool = False  # after 开杠: every drawn tile is discarded
    claims_from: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def tiles(self) -> list[Tile]:
        """Concealed tiles, sorted."""
        return tiles_of(self.counts)

    def size(self) -> int:
        """Concealed tiles plus three per meld: 13 between turns, 14 in one's turn."""
        return sum(self.counts) + 3 * len(self.melds)

    def facts(self) -> SeatFacts:
        """What a rule set needs to judge this seat's claims."""
        return SeatFacts(self.seat, self.counts, self.melds)
