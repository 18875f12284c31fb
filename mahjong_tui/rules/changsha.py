"""Changsha (长沙麻将), RULES.md §3: the ruleset the engine plays."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine.actions import KongMode
from mahjong_tui.engine.analysis import is_ready
from mahjong_tui.engine.events import DrawSource
from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.tiles import Tile

from .base import EndOfWall, GameOptions, PassedWinScope, Ruleset
from .changsha_scoring import CHANGSHA_HAND_TYPES


class Changsha(Ruleset):
    """长沙麻将: 108 tiles, 2-5-8 pairs, 补张/开杠, 海底, birds, initial small wins."""

    family = "changsha"
    zh_name = "长沙麻将"
    en_name = "Changsha"
    wall_layout = (14, 13, 14, 13)
    honours = False
    flowers = False
    passed_win_scope = PassedWinScope.SAME_TILE
    end_of_wall = EndOfWall.HAIDI
    kong_modes = (KongMode.BUZHANG, KongMode.KAIGANG)
    bird = True
    initial_small_wins = True
    default_starting_points = 500
    replacement_win_sources = (DrawSource.KAIGANG,)  # a 补张 replacement win is an ordinary self-draw
    hand_types = CHANGSHA_HAND_TYPES

    def __init__(self, name: str = "changsha"):
        self.name = name

    def is_winning_shape(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile]) -> bool:
        """Any of the winning hands (a)–(e)."""
        from .changsha_scoring import is_changsha_win

        return is_changsha_win(counts, melds)

    def is_ready(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """听牌 under the Changsha winning hands."""
        return is_ready(counts, "changsha", melds)

    def initial_wins(self, counts: Sequence[int]) -> list[str]:
        """起手小胡 types in a starting hand."""
        from .changsha_scoring import initial_small_wins

        return list(initial_small_wins(counts))

    def floor(self, options: GameOptions) -> int:
        """A player below zero cannot go on."""
        return 0
