"""The hand types of a hand's melds and its pair: 大吊车, 门清 (Shanghai), 小胡, 将将胡, 七小对 (Changsha).

Changsha's small win needs a pair of 2, 5 or 8, the 2-5-8 pair of
:data:`~mahjong_tui.engine.tiles.RANKS_258` (``docs/changsha.md`` "What a win needs").
"""

from __future__ import annotations

from .record import BIG, CHANGSHA, LEZI, QQ, RAISE, SHANGHAI, SMALL, HandTypeRecord, Reads, Rule, fan, lezi

DADIAOCHE = HandTypeRecord(
    "dadiaoche", "大吊车", "Big crane", Reads.TILES,
    {SHANGHAI: lezi(1), QQ: lezi(1), LEZI: RAISE},
    shanghai=Rule(lambda w: w.shape.regular and w.shape.exposed == 4),
    lezi_words=True,
)  # fmt: skip

MENQING = HandTypeRecord(
    "menqing", "门清", "Concealed hand", Reads.TILES,
    {SHANGHAI: fan(1, qualifies=False), QQ: fan(1, qualifies=False)},
    shanghai=Rule(lambda w: w.shape.regular and w.shape.exposed == 0),
)  # fmt: skip

XIAOHU = HandTypeRecord(
    "xiaohu", "小胡", "Small win", Reads.TILES,
    {CHANGSHA: SMALL},
    changsha=Rule(lambda w: w.hand.pair_258),
)  # fmt: skip

JIANGJIANGHU = HandTypeRecord(
    "jiangjianghu", "将将胡", "All 2-5-8", Reads.TILES,
    {CHANGSHA: BIG},
    changsha=Rule(lambda w: w.hand.all_258),
)  # fmt: skip

QIXIAODUI = HandTypeRecord(
    "qixiaodui", "七小对", "Seven pairs", Reads.TILES,
    {CHANGSHA: BIG},
    changsha=Rule(lambda w: w.hand.seven_pairs),
)  # fmt: skip

SHAPES = (DADIAOCHE, MENQING, XIAOHU, JIANGJIANGHU, QIXIAODUI)
