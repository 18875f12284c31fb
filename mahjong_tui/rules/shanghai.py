"""Shanghai (上海麻将), RULES.md §2: the ruleset the engine plays."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine.analysis import is_ready
from mahjong_tui.engine.melds import Meld, MeldKind
from mahjong_tui.engine.shapes import is_regular_complete
from mahjong_tui.engine.tiles import Tile, is_suited

from .base import EndOfWall, GameOptions, PassedWinScope, Ruleset, SeatFacts, seat_list
from .shanghai_scoring import SHANGHAI_HAND_TYPES

_SUIT_ZH = ("万", "筒", "条")


def _meld_suits(melds: Sequence[Meld], *, chi_only: bool) -> set[int]:
    """Suits of exposed suited melds (honour melds don't count for the one-suit rule)."""
    return {
        m.first // 9
        for m in melds
        if m.kind.is_exposed and is_suited(m.first) and (not chi_only or m.kind is MeldKind.CHI)
    }


def huangfan_dice_bonus(dice: tuple[int, int]) -> int:
    """骰子荒番: (1,1) or (4,4) add 2; (1,n), (4,n) and the other doubles add 1."""
    a, b = sorted(dice)
    if (a, b) in ((1, 1), (4, 4)):
        return 2
    if a == 1 or a == 4 or b == 4 or a == b:
        return 1
    return 0


class Shanghai(Ruleset):
    """上海麻将: 144 tiles, flowers, the qualifying rule, lezi, 荒番, 三口."""

    family = "shanghai"
    zh_name = "上海麻将"
    en_name = "Shanghai"
    wall_layout = (18, 18, 18, 18)
    honours = True
    flowers = True
    passed_win_scope = PassedWinScope.ANY_DISCARD
    passed_pong_rule = True
    after_chi_restriction = True
    end_of_wall = EndOfWall.DRAW_ALL
    uses_huangfan = True
    default_starting_points = 200
    scores_discarder_readiness = True
    hand_types = SHANGHAI_HAND_TYPES

    def __init__(self, name: str = "shanghai"):
        self.name = name

    def chi_refusal(self, facts: SeatFacts, tile: Tile) -> str | None:
        """One-suit rule: no chi once an exposed meld of another suit is down."""
        other = _meld_suits(facts.melds, chi_only=False) - {tile // 9}
        if other:
            return (
                f"you can't chi: Shanghai allows one suit in your melds "
                f"(you already have {_SUIT_ZH[min(other)]} melds down)"
            )
        return None

    def pong_refusal(self, facts: SeatFacts, tile: Tile) -> str | None:
        """One-suit rule: no pong or kong of a suited tile beside a chi of another suit."""
        if not is_suited(tile):
            return None
        other = _meld_suits(facts.melds, chi_only=True) - {tile // 9}
        if other:
            return (
                f"you can't pong or kong that: Shanghai allows one suit in your melds "
                f"(you have a chi in {_SUIT_ZH[min(other)]})"
            )
        return None

    def is_winning_shape(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile]) -> bool:
        """Four sets and a pair, 乱风向 (all honours), or 八花 (all eight flowers)."""
        if len(flowers) == 8:
            return True
        if is_regular_complete(counts):
            return True
        return sum(counts[:27]) == 0 and all(not is_suited(m.first) for m in melds)

    def is_ready(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """听牌: a tile that completes four sets and a pair, or an all-honour hand."""
        return is_ready(counts, "shanghai", melds)

    def huangfan_from_dice(self, dice: tuple[int, int]) -> int:
        """骰子荒番."""
        return huangfan_dice_bonus(dice)

    def floor(self, options: GameOptions) -> int:
        """Below 50 × base a player cannot go on (`000`)."""
        return 50 * options.base

    def floor_reason(self, seats: Sequence[int], options: GameOptions) -> str:
        """Why the game ended."""
        verb = "has" if len(seats) == 1 else "have"
        return f"{seat_list(seats)} {verb} fewer than {50 * options.base} points (50 × base) and cannot go on"
