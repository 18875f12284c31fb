"""Changsha's hand types (长沙麻将 牌型): names and what each takes, in English and in Chinese."""

from __future__ import annotations

from mahjong_tui.engine.scoring import HandType

_TYPES: tuple[tuple[str, str, str, str, str], ...] = (
    # (id, 中文, English, what it takes, 中文 description)
    ("xiaohu", "小胡", "Small win", "four sets and a pair of 2, 5 or 8, with no big type",
     "四副顺子或刻子加一对 2、5、8 作将，没有大胡"),
    ("tianhu", "天胡", "Heavenly hand", "the dealer wins on the 14 dealt tiles",
     "庄家起手十四张就胡"),
    ("dihu", "地胡", "Earthly hand", "a non-dealer wins on the dealer's first discard",
     "闲家胡庄家打出的第一张牌"),
    ("pengpenghu", "碰碰胡", "All pongs", "four triplets or kongs and any pair",
     "四副刻子或杠，将不论"),
    ("jiangjianghu", "将将胡", "All 2-5-8", "every tile, melds included, is a 2, 5 or 8",
     "每张牌（连吃碰杠的牌）都是 2、5、8"),
    ("qingyise", "清一色", "One suit", "every tile of one suit, any pair",
     "全是一种花色，将不论"),
    ("qixiaodui", "七小对", "Seven pairs", "seven pairs, all concealed; a quad is two pairs",
     "七个对子，不能吃碰；四张一样算两对"),
    ("haidilaoyue", "海底捞月", "Last tile self-draw", "self-draw on the last tile (海底)",
     "自摸最后一张牌（海底）"),
    ("haidipao", "海底炮", "Last tile discard", "win on the last tile shown by another player",
     "胡别人亮出的海底牌"),
    ("gangshangkaihua", "杠上开花", "Win on the kong", "self-draw on a tile revealed by 开杠",
     "开杠翻出的牌自摸"),
    ("qiangganghu", "抢杠胡", "Robbing the kong", "win on the tile another player adds to a pong",
     "胡别人补杠的那张牌"),
    ("gangshangpao", "杠上炮", "Kong discard", "win on a tile discarded out of an 开杠",
     "胡别人开杠后打出的牌"),
    ("sixi", "四喜", "Four of a kind", "initial: four of one tile in the dealt hand",
     "起手：手里有四张一样的牌"),
    ("banbanhu", "板板胡", "No 2-5-8", "initial: no 2, 5 or 8 in the dealt hand",
     "起手：手里没有一张 2、5、8"),
    ("queyise", "缺一色", "Missing suit", "initial: a suit missing from the dealt hand",
     "起手：缺一门花色"),
    ("liuliushun", "六六顺", "Two triplets", "initial: two triplets (3 or 4 of a kind) dealt",
     "起手：两副刻子（三张或四张一样）"),
)  # fmt: skip

CHANGSHA_HAND_TYPES: dict[str, HandType] = {t[0]: HandType(*t) for t in _TYPES}
