"""Changsha (长沙麻将), ``docs/changsha.md``: the rule set the engine plays."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine.actions import KongMode
from mahjong_tui.engine.analysis import PAIR_258_OR_BIG
from mahjong_tui.engine.events import DrawSource
from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.options import GameOptions
from mahjong_tui.engine.ruleset import EndOfWall, PassedWinScope, Ruleset
from mahjong_tui.engine.scoring import ScoreResult, WinContext
from mahjong_tui.engine.tiles import Tile

from .changsha_scoring import (
    CHANGSHA_HAND_TYPES,
    changsha_winning_shapes,
    initial_small_wins,
    is_changsha_win,
    score_changsha,
)


class Changsha(Ruleset):
    """长沙麻将: 108 tiles, 2-5-8 pairs, 补张/开杠, 海底, birds, initial small wins."""

    name = "changsha"
    zh_name = "长沙麻将"
    en_name = "Changsha"
    summary = "108 tiles, no honours; a small win needs a 2-5-8 pair; 补张/开杠, 海底, birds, initial small wins"
    docs_page = "changsha.md"
    wall_layout = (14, 13, 14, 13)
    honours = False
    flowers = False
    shapes = PAIR_258_OR_BIG
    passed_win_scope = PassedWinScope.SAME_TILE
    end_of_wall = EndOfWall.HAIDI
    kong_modes = (KongMode.BUZHANG, KongMode.KAIGANG)
    bird = True
    initial_small_wins = True
    default_starting_points = 500
    replacement_win_sources = (DrawSource.KAIGANG,)  # a 补张 replacement win is an ordinary self-draw
    hand_types = CHANGSHA_HAND_TYPES
    rank_titles = (  # `003` 等级
        (0, "初品豆子"), (100, "良品豆子"), (200, "上品豆子"), (500, "初品豆浆"), (1000, "良品豆浆"),
        (2000, "上品豆浆"), (5000, "初品豆渣"), (10000, "良品豆渣"), (20000, "上品豆渣"), (30000, "初品豆花"),
        (50000, "良品豆花"), (70000, "上品豆花"), (100000, "初品豆腐"), (200000, "良品豆腐"), (500000, "上品豆腐"),
        (700000, "臭豆腐"), (1000000, "火宫殿臭豆腐"), (2000000, "长沙臭豆腐"),
    )  # fmt: skip
    score_inputs = frozenset({"kaigang_discard", "last_tile", "bird", "initial"})

    def is_winning_shape(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile]) -> bool:
        """Any of the winning hands (a)–(e)."""
        return is_changsha_win(counts, melds)

    def score(self, ctx: WinContext) -> ScoreResult:
        """Score a win, or the initial small wins of a deal."""
        return score_changsha(ctx)

    def shape_types(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[str, ...]:
        """The big types a complete hand has by its shape (碰碰胡, 将将胡, 清一色, 七小对)."""
        return tuple(shape for shape in changsha_winning_shapes(counts, melds) if shape != "xiaohu")

    def initial_wins(self, counts: Sequence[int]) -> list[str]:
        """起手小胡 types in a starting hand."""
        return list(initial_small_wins(counts))

    def floor(self, options: GameOptions) -> int:
        """A player below zero cannot go on."""
        return 0
