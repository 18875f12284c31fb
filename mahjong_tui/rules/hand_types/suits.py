"""The hand types of the suits a hand uses, and of whether every set is a triplet: 清一色, 混一色, 清碰, 混碰, 碰碰胡,
字一色, 乱风向, 风碰, 风一色.

In the Shanghai presets the bigger type holds where it contains a smaller one (清碰, not 清一色 + 碰碰胡;
``docs/shanghai.md`` "Hand types"), so each condition here leaves out the types nested in it. In Changsha nothing
nests (``docs/changsha.md`` "Hand types").
"""

from __future__ import annotations

from .record import BIG, CHANGSHA, HUA, LEZI, QQ, SHANGHAI, HandTypeRecord, Reads, Rule, ShanghaiWin, lezi


def _one_suit(win: ShanghaiWin, *, honours: bool, triplets: bool) -> bool:
    """Four sets and a pair in one suit, with honours or without, all triplets or not."""
    s = win.shape
    return s.regular and len(s.suits) == 1 and s.honours == honours and s.all_triplets == triplets


def _honour_triplets(win: ShanghaiWin) -> bool:
    """Winds and dragons only, as four sets and a pair: all triplets, since honours make no sequence."""
    return not win.shape.suits and win.shape.regular


def _honours_any_way(win: ShanghaiWin) -> bool:
    """Winds and dragons only, in an arrangement other than four sets and a pair."""
    return not win.shape.suits and not win.shape.regular


ZIYISE = HandTypeRecord(
    "ziyise", "字一色", "All honours", Reads.TILES,
    {SHANGHAI: lezi(4), QQ: lezi(4)},
    shanghai=Rule(_honour_triplets),
)  # fmt: skip

LUANFENGXIANG = HandTypeRecord(
    "luanfengxiang", "乱风向", "Scattered winds", Reads.TILES,
    {SHANGHAI: lezi(2), QQ: lezi(2)},
    shanghai=Rule(_honours_any_way),
)  # fmt: skip

FENGPENG = HandTypeRecord(
    "fengpeng", "风碰", "Honour triplets", Reads.TILES,
    {LEZI: lezi(4)},
    shanghai=Rule(_honour_triplets),
)  # fmt: skip

FENGYISE = HandTypeRecord(
    "fengyise", "风一色", "All honours", Reads.TILES,
    {LEZI: lezi(2)},
    shanghai=Rule(_honours_any_way),
)  # fmt: skip

QINGPENG = HandTypeRecord(
    "qingpeng", "清碰", "Pure triplets", Reads.TILES,
    {SHANGHAI: lezi(2), QQ: lezi(2), LEZI: lezi(2)},
    shanghai=Rule(lambda w: _one_suit(w, honours=False, triplets=True)),
    lezi_words=True,
)  # fmt: skip

QINGYISE = HandTypeRecord(
    "qingyise", "清一色", "Full flush", Reads.TILES,
    {SHANGHAI: lezi(1), QQ: lezi(1), LEZI: lezi(1), CHANGSHA: BIG},
    shanghai=Rule(lambda w: _one_suit(w, honours=False, triplets=False)),
    changsha=Rule(lambda w: (w.hand.regular or w.hand.seven_pairs) and w.hand.one_suit),
)  # fmt: skip

HUNPENG = HandTypeRecord(
    "hunpeng", "混碰", "Mixed triplets", Reads.TILES,
    {SHANGHAI: lezi(1), QQ: lezi(1), LEZI: lezi(1)},
    shanghai=Rule(lambda w: _one_suit(w, honours=True, triplets=True)),
    lezi_words=True,
)  # fmt: skip

HUNYISE = HandTypeRecord(
    "hunyise", "混一色", "Half flush", Reads.TILES,
    {SHANGHAI: HUA, QQ: HUA, LEZI: HUA},
    shanghai=Rule(lambda w: _one_suit(w, honours=True, triplets=False)),
    lezi_words=True,
)  # fmt: skip

PENGPENGHU = HandTypeRecord(
    "pengpenghu", "碰碰胡", "All pongs", Reads.TILES,
    {SHANGHAI: HUA, QQ: HUA, LEZI: HUA, CHANGSHA: BIG},
    shanghai=Rule(lambda w: w.shape.regular and len(w.shape.suits) > 1 and w.shape.all_triplets),
    changsha=Rule(lambda w: w.hand.all_triplets),
)  # fmt: skip

SUITS = (ZIYISE, LUANFENGXIANG, FENGPENG, FENGYISE, QINGPENG, QINGYISE, HUNPENG, HUNYISE, PENGPENGHU)
