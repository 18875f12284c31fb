"""The ruleset interface: what the engine asks a rule set.

The engine plays the flow common to every rule set (RULES.md §1): wall, deal, turns,
claims with their priority, kongs, robbing a kong, the end of a hand and of a game. A
:class:`Ruleset` answers everything that differs: the tiles, the claim restrictions, the
quad choices, the win check and scoring, what happens at the end of the wall, birds and
initial wins, the dealer and the game's end.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from mahjong_tui.engine.actions import KongMode
from mahjong_tui.engine.events import DrawSource
from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.tiles import Tile

from .scoring import HandType, ScoreResult, WinContext, bird_seat


class PassedWinScope(StrEnum):
    """What a passed win (漏胡) blocks until the player's next draw."""

    ANY_DISCARD = "any_discard"  # Shanghai: every discard (until the next draw or claim)
    SAME_TILE = "same_tile"  # Changsha: only discards of the same tile (until the next draw)


class EndOfWall(StrEnum):
    """What the last tiles of the wall do."""

    DRAW_ALL = "draw_all"  # Shanghai: every tile may be drawn, then the hand is drawn
    HAIDI = "haidi"  # Changsha: the last tile is offered in turn (海底)


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Numbers chosen when a game is created."""

    base: int = 1
    starting_points: int | None = None  # None: the rule set's default
    max_hands: int | None = None  # None: play until a player cannot go on

    def to_json(self) -> dict[str, object]:
        """JSON form for game records."""
        return {"base": self.base, "starting_points": self.starting_points, "max_hands": self.max_hands}


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What a rule set needs to know about a seat to judge a claim or a discard."""

    seat: int
    counts: Sequence[int]
    melds: Sequence[Meld]


class Ruleset(ABC):
    """Base of every rule set; class attributes are the data, methods the judgement."""

    name: str = ""
    family: str = ""
    zh_name: str = ""
    en_name: str = ""
    wall_layout: tuple[int, int, int, int] = (18, 18, 18, 18)
    honours: bool = True
    flowers: bool = True
    passed_win_scope: PassedWinScope = PassedWinScope.ANY_DISCARD
    passed_pong_rule: bool = False
    after_chi_restriction: bool = False
    end_of_wall: EndOfWall = EndOfWall.DRAW_ALL
    kong_modes: tuple[KongMode, ...] = (KongMode.KONG,)
    bird: bool = False
    initial_small_wins: bool = False
    uses_huangfan: bool = False
    default_starting_points: int = 100
    #: draws that make a self-drawn win a replacement win (Shanghai 杠开, Changsha 杠上开花)
    replacement_win_sources: tuple[DrawSource, ...] = (DrawSource.TAIL,)
    #: scoring needs to know whether a discarder was ready (Shanghai 三口)
    scores_discarder_readiness: bool = False
    #: the hand types of this rule set, by id, for the rules screen and the calculator
    hand_types: Mapping[str, HandType] = MappingProxyType({})

    def tile_set(self) -> list[Tile]:
        """Every physical tile of this rule set."""
        from mahjong_tui.engine.tiles import full_tile_set

        return full_tile_set(honours=self.honours, flowers=self.flowers)

    # --- claims -------------------------------------------------------------
    def chi_refusal(self, facts: SeatFacts, tile: Tile) -> str | None:
        """Why this seat may not chi ``tile`` at all (None: allowed)."""
        return None

    def pong_refusal(self, facts: SeatFacts, tile: Tile) -> str | None:
        """Why this seat may not pong or kong ``tile`` (None: allowed)."""
        return None

    # --- winning --------------------------------------------------------------
    @abstractmethod
    def is_winning_shape(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile]) -> bool:
        """Fast check: do these concealed tiles (with the winning tile) and melds form a win shape?"""

    def score(self, ctx: WinContext) -> ScoreResult:
        """Full scoring of a win; ``valid`` false with a reason when it may not win."""
        from . import score

        return score(ctx)

    @abstractmethod
    def is_ready(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """听牌: some tile would complete a winning shape (3n+1 concealed tiles)."""

    def initial_wins(self, counts: Sequence[int]) -> list[str]:
        """Changsha 起手小胡 types present in a starting hand."""
        return []

    # --- hands and games ---------------------------------------------------------
    def huangfan_from_dice(self, dice: tuple[int, int]) -> int:
        """荒番 the dice add at the start of a hand."""
        return 0

    def starting_points(self, options: GameOptions) -> int:
        """Points each player starts with."""
        if options.starting_points is not None:
            return options.starting_points
        return self.default_starting_points * options.base

    def bird_seat(self, bird: Tile, dealer: int) -> int:
        """The seat a bird tile (扎鸟) lands on, in rule sets with ``bird``: its number counted from the dealer."""
        return bird_seat(bird, dealer)

    def floor(self, options: GameOptions) -> int:
        """A player whose score falls below this at the end of a hand cannot go on."""
        return 0

    def floor_reason(self, seats: Sequence[int], options: GameOptions) -> str:
        """Why the game ended at the floor, in a player's words (``seats``: those below it)."""
        return f"{seat_list(seats)} {'has' if len(seats) == 1 else 'have'} run out of points"


def seat_list(seats: Sequence[int]) -> str:
    """``seat 1``, ``seat 1 and seat 3``, ``seat 0, seat 1 and seat 2``: the UI puts names in their place."""
    words = [f"seat {s}" for s in seats]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
