"""Changsha (长沙麻将), ``docs/changsha.md``: the rule set the engine plays."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine.actions import KongMode
from mahjong_tui.engine.analysis import PAIR_258_OR_BIG
from mahjong_tui.engine.events import DrawSource
from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.options import GameOptions
from mahjong_tui.engine.ruleset import EndOfWall, PassedWinScope, Ruleset, WinningHand
from mahjong_tui.engine.scoring import ScoreResult, WinContext
from mahjong_tui.engine.tiles import Tile
from mahjong_tui.engine.words import Words, said

from .changsha_notes import changsha_notes, changsha_winning
from .changsha_scoring import (
    BIG_TYPES,
    CHANGSHA_HAND_TYPES,
    INITIAL_TYPES,
    changsha_winning_shapes,
    initial_small_wins,
    score_changsha,
)
from .changsha_shapes import is_changsha_win

_SELF = {"winner": 1, "dealer": 0}
_SMALL = "123m456p789s234m5p"
CHANGSHA_EXAMPLES = {
    "xiaohu": {**_SELF, "hand": _SMALL, "win_tile": "5p"},
    "tianhu": {"winner": 0, "dealer": 0, "hand": _SMALL, "win_tile": "5p", "first_turn": True},
    "dihu": {**_SELF, "hand": _SMALL, "win_tile": "5p", "first_turn": True, "win_by": "discard", "discarder": 0},
    "pengpenghu": {**_SELF, "hand": "111m333p555s777m9s", "win_tile": "9s"},
    "jiangjianghu": {**_SELF, "hand": "222m555m888p222s5s", "win_tile": "5s"},
    "qingyise": {**_SELF, "hand": "123s456s789s111s9s", "win_tile": "9s"},
    "qixiaodui": {**_SELF, "hand": "11m33m55p77p99s22s4s", "win_tile": "4s"},
    "haidilaoyue": {**_SELF, "hand": _SMALL, "win_tile": "5p", "last_tile": True},
    "haidipao": {**_SELF, "hand": _SMALL, "win_tile": "5p", "last_tile": True, "win_by": "discard", "discarder": 2},
    "gangshangkaihua": {**_SELF, "hand": "123m456p234m5p", "win_tile": "5p", "replacement": True,  # won on an 开杠
                        "melds": [{"type": "kong", "tiles": "7777s", "from": 3}]},
    "qiangganghu": {**_SELF, "hand": "123m456p789s23m55p", "win_tile": "4m", "win_by": "robbed_kong", "discarder": 2},
    "gangshangpao": {**_SELF, "hand": _SMALL, "win_tile": "5p", "win_by": "discard", "discarder": 2,
                     "kaigang_discard": True},
    "sixi": {"winner": 2, "dealer": 0, "initial": True, "hand": "1111m34p679s1379p"},
    "banbanhu": {"winner": 2, "dealer": 0, "initial": True, "hand": "1m3m6m9m1p3p6p9p1s3s6s9s7s"},
    "queyise": {"winner": 2, "dealer": 0, "initial": True, "hand": "123456789m1234p"},
    "liuliushun": {"winner": 2, "dealer": 0, "initial": True, "hand": "111m222p345678s9m"},
}  # fmt: skip


class Changsha(Ruleset):
    """长沙麻将: 108 tiles, 2-5-8 pairs, 补张/开杠, 海底, birds, initial small wins."""

    name = "changsha"
    zh_name = "长沙麻将"
    en_name = "Changsha"
    docs_page = "changsha.md"
    lesson_family = "changsha"
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
    examples = CHANGSHA_EXAMPLES
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

    def type_value(self, type_id: str) -> Words:
        """Small, big (each big type paid on its own), or an initial small win."""
        if type_id in BIG_TYPES:
            return said("hand_value.big")
        if type_id in INITIAL_TYPES:
            return said("hand_value.initial")
        return said("hand_value.small")

    def rule_notes(self) -> list[tuple[Words, list[Words]]]:
        """Points, birds, 海底, 补张 and 开杠, initial small wins."""
        return changsha_notes()

    def winning_hand(self) -> WinningHand:
        """Four sets and a 2-5-8 pair, or a big shape with any pair; seven pairs and all 2-5-8 hands too."""
        return changsha_winning()
