"""The hand types of a hand's melds and its pair: 大吊车, 门清 (Shanghai), 小胡, 将将胡, 七小对 (Changsha).

Changsha's small win needs a pair of 2, 5 or 8, the 2-5-8 pair of
:data:`~mahjong_tui.engine.tiles.RANKS_258` (``docs/changsha.md`` "What a win needs").
"""

from __future__ import annotations

from mahjong_tui.engine.words import Words

from .record import BIG, CHANGSHA, LEZI, QQ, RAISE, SHANGHAI, SMALL, HandTypeRecord, Reads, Rule, fan, lezi

DADIAOCHE = HandTypeRecord(
    "dadiaoche", "大吊车", "Big crane", Reads.TILES,
    {SHANGHAI: lezi(1), QQ: lezi(1), LEZI: RAISE},
    shanghai=Rule(Words("four exposed melds, won on the single tile left in hand", "四副落地，单吊最后一张"),
                  lambda w: w.shape.regular and w.shape.exposed == 4),
    lezi_words=Words("four exposed melds, won on the single tile left; raises to 1 lezi",
                     "四副落地，单吊最后一张，不足勒子算勒子"),
)  # fmt: skip

MENQING = HandTypeRecord(
    "menqing", "门清", "Concealed hand", Reads.TILES,
    {SHANGHAI: fan(1, qualifies=False), QQ: fan(1, qualifies=False)},
    shanghai=Rule(Words("no chi, pong or exposed kong (concealed kongs allowed)", "没有吃、碰、明杠，暗杠可以"),
                  lambda w: w.shape.regular and w.shape.exposed == 0),
)  # fmt: skip

XIAOHU = HandTypeRecord(
    "xiaohu", "小胡", "Small win", Reads.TILES,
    {CHANGSHA: SMALL},
    changsha=Rule(Words("four sets and a pair of 2, 5 or 8, with no big type",
                        "四副顺子或刻子加一对 2、5、8 作将，没有大胡"), lambda w: w.hand.pair_258),
)  # fmt: skip

JIANGJIANGHU = HandTypeRecord(
    "jiangjianghu", "将将胡", "All 2-5-8", Reads.TILES,
    {CHANGSHA: BIG},
    changsha=Rule(Words("every tile, melds included, is a 2, 5 or 8", "每张牌（连吃碰杠的牌）都是 2、5、8"),
                  lambda w: w.hand.all_258),
)  # fmt: skip

QIXIAODUI = HandTypeRecord(
    "qixiaodui", "七小对", "Seven pairs", Reads.TILES,
    {CHANGSHA: BIG},
    changsha=Rule(Words("seven pairs, all concealed; a quad is two pairs", "七个对子，不能吃碰；四张一样算两对"),
                  lambda w: w.hand.seven_pairs),
)  # fmt: skip

SHAPES = (DADIAOCHE, MENQING, XIAOHU, JIANGJIANGHU, QIXIAODUI)
