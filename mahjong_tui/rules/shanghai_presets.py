"""Shanghai's hand types and presets (上海麻将 规则参数): the numbers each preset plays with.

:data:`SHANGHAI_HAND_TYPES` names every hand type; :data:`SHANGHAI_PRESETS` holds each
preset's numbers (:class:`ShanghaiParams`): lezi values, fans, the base 花, 三口 shares.
The players' version is ``docs/shanghai.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from mahjong_tui.engine.scoring import HandType

# --------------------------------------------------------------------------- hand types


_TYPES: tuple[tuple[str, str, str, str, str], ...] = (
    # (id, 中文, English, what it takes, 中文 description)
    ("tianhu", "天胡", "Heavenly hand", "the dealer wins on the initial 14 tiles, by self-draw",
     "庄家起手十四张自摸胡"),
    ("dihu", "地胡", "Earthly hand", "a non-dealer wins before their first discard, no claim made yet in the hand",
     "闲家第一次出牌前胡，本局还没有人吃碰杠"),
    ("bahua", "八花", "Eight flowers", "all 8 flowers collected; any 14 tiles",
     "八张花牌全到，手牌不论"),
    ("ziyise", "字一色", "All honours", "winds and dragons only, all triplets or kongs",
     "全是风牌字牌，全是刻子或杠"),
    ("luanfengxiang", "乱风向", "Scattered winds", "winds and dragons only, in any arrangement",
     "全是风牌字牌，不论牌型"),
    ("qingpeng", "清碰", "Pure triplets", "one suit only, all triplets or kongs",
     "一种花色，全是刻子或杠"),
    ("qingyise", "清一色", "Full flush", "one suit only",
     "一种花色"),
    ("hunpeng", "混碰", "Mixed triplets", "one suit plus honours, all triplets or kongs",
     "一种花色加字牌，全是刻子或杠"),
    ("dadiaoche", "大吊车", "Big crane", "four exposed melds, won on the single tile left in hand",
     "四副落地，单吊最后一张"),
    ("gangkai", "杠开", "Replacement win", "self-draw on the tile drawn to replace a kong or a flower",
     "杠后或补花后摸到的牌自摸"),
    ("hunyise", "混一色", "Half flush", "one suit plus honours",
     "一种花色加字牌"),
    ("pengpenghu", "碰碰胡", "All triplets", "four triplets or kongs and a pair",
     "四副刻子或杠加一对"),
    ("menqing", "门清", "Concealed hand", "no chi, pong or exposed kong (concealed kongs allowed)",
     "没有吃、碰、明杠，暗杠可以"),
    ("qianggang", "抢杠", "Robbing the kong", "won on the tile another player added to a pong",
     "胡别人上杠的那张牌"),
)  # fmt: skip

SHANGHAI_HAND_TYPES: Mapping[str, HandType] = MappingProxyType({t[0]: HandType(*t) for t in _TYPES})

# Bonus types (门清, 抢杠) do not let a hand win on their own (RULES.md §2).
QUALIFYING_TYPES: frozenset[str] = frozenset(SHANGHAI_HAND_TYPES) - {"menqing", "qianggang"}
TYPE_ORDER = {tid: i for i, tid in enumerate(SHANGHAI_HAND_TYPES)}

# --------------------------------------------------------------------------- presets

# 花 of each scoring element (`001` 底花 table); ids name the element.
FLOWER_ELEMENTS: Mapping[str, tuple[int, str, str]] = MappingProxyType(
    {
        # id: (花, English, Chinese)
        "flower": (1, "flower", "花牌"),
        "wind_pong": (1, "exposed wind pong", "风向碰"),
        "wind_triplet": (1, "concealed wind triplet", "风暗刻"),
        "dragon_pong": (2, "exposed dragon pong", "字牌碰"),
        "dragon_triplet": (2, "concealed dragon triplet", "字暗刻"),
        "kong": (1, "exposed kong", "明杠"),
        "concealed_kong": (2, "concealed kong", "暗杠"),
        "wind_kong": (2, "exposed wind kong", "风向明杠"),
        "wind_concealed_kong": (3, "concealed wind kong", "风向暗杠"),
        "dragon_kong": (3, "exposed dragon kong", "字牌明杠"),
        "dragon_concealed_kong": (4, "concealed dragon kong", "字牌暗杠"),
    }
)


@dataclass(frozen=True)
class ShanghaiParams:
    """The numbers of one Shanghai preset (上海麻将 规则参数)."""

    name: str
    zh: str
    en: str
    summary: str  # one line for the new game and rules screens
    summary_zh: str  # the same line in Chinese
    base_flowers: int  # 底花 added to the 花 of a flower-valued hand
    lezi_in_base: int  # one 勒子 in units of the base score 底分
    lezi: Mapping[str, int]  # lezi value of each lezi-valued hand type
    fan: Mapping[str, int]  # doublings of a flower-valued hand for each fan type (门清 1)
    cap_lezi: int = 1  # a flower-valued hand pays at most this many lezi
    huangfan_factor: int = 2  # 荒番
    sankou_claims: int = 3  # claims between two players that make them related (三口)
    sankou_self_draw_shares: int = 5  # a related player's share on the winner's self-draw
    sankou_discard_shares: int = 2  # a related discarder pays this, nobody else pays
    unready_discard_shares: int = 2  # unrelated discarder not ready, winner has relations
    flower_values: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({k: v[0] for k, v in FLOWER_ELEMENTS.items()})
    )

    def lezi_of(self, type_id: str) -> int:
        """Lezi value of a hand type (0 for a flower-valued one)."""
        return self.lezi.get(type_id, 0)


_LEZI_001: dict[str, int] = {
    "tianhu": 10,
    "dihu": 8,
    "bahua": 4,
    "ziyise": 4,
    "luanfengxiang": 2,
    "qingpeng": 2,
    "qingyise": 1,
    "hunpeng": 1,
    "dadiaoche": 1,
    "gangkai": 1,
}

SHANGHAI_PRESETS: Mapping[str, ShanghaiParams] = MappingProxyType(
    {
        "shanghai": ShanghaiParams(
            name="shanghai",
            zh="上海麻将",
            en="Shanghai",
            summary="144 tiles with flowers; a win must qualify (混一色, 碰碰胡 or better); 花 and 勒子, 荒番, 三口",
            summary_zh="144 张牌带花；胡牌要够格（混一色、碰碰胡或更大）；算花和勒子，荒番，三口",
            base_flowers=2,
            lezi_in_base=10,
            lezi=MappingProxyType(dict(_LEZI_001)),
            fan=MappingProxyType({"menqing": 1}),
        ),
        # `000` (QQ game): base 3 花, 八花 6 lezi, 杠开 one fan (a doubling) instead of a lezi.
        "shanghai-qq": ShanghaiParams(
            name="shanghai-qq",
            zh="上海麻将（QQ）",
            en="Shanghai (QQ variant)",
            summary="Shanghai as the QQ game plays it: base 3 花, 八花 6 勒子, 杠开 doubles instead of 1 勒子",
            summary_zh="QQ 游戏的上海打法：底花 3 花，八花 6 勒子，杠开翻倍而不是 1 勒子",
            base_flowers=3,
            lezi_in_base=10,
            lezi=MappingProxyType({**{k: v for k, v in _LEZI_001.items() if k != "gangkai"}, "bahua": 6}),
            fan=MappingProxyType({"menqing": 1, "gangkai": 1}),
        ),
    }
)
