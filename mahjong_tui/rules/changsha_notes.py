"""Changsha's own rules worded from its numbers, and what wins in Changsha, in English and in Chinese, for the rules
page."""

from __future__ import annotations

from mahjong_tui.engine.ruleset import HandNote, WinningHand
from mahjong_tui.engine.words import Words

from .changsha_scoring import (
    BIG_DISCARD,
    BIG_SELF_DRAW_DEALER,
    BIG_SELF_DRAW_OTHER,
    BIG_TYPES,
    CHANGSHA_HAND_TYPES,
    DEALER_EXTRA,
    SMALL_DISCARD,
    SMALL_SELF_DRAW_DEALER,
    SMALL_SELF_DRAW_OTHER,
)
from .hand_types import RECORDS, Reads

#: the big types of four sets and a pair, with any pair
_BIG_SHAPES = ("pengpenghu", "qingyise")
#: the big types of how a hand was won, which need a hand that wins by its shape
_SITUATIONS = tuple(t for t in BIG_TYPES if RECORDS[t].reads is Reads.WIN)


def changsha_winning() -> WinningHand:
    """What wins in Changsha: four sets and a 2-5-8 pair, or a big shape with any pair; what does not."""
    shapes = [CHANGSHA_HAND_TYPES[t] for t in _BIG_SHAPES]
    situations = [CHANGSHA_HAND_TYPES[t].zh for t in _SITUATIONS]
    any_pair = Words(
        "; ".join(f"{ht.zh} ({ht.description})" for ht in shapes),
        "；".join(f"{ht.zh}（{ht.description_zh}）" for ht in shapes),
    )
    return WinningHand(
        example={"winner": 1, "dealer": 0, "hand": "234m678p777s5s", "win_tile": "5s",
                 "melds": [{"type": "kong", "tiles": "9999m", "from": 0}]},
        shapes=(Words("Changsha also wins with seven pairs (七小对), all in hand, and with a hand whose every tile "
                      "is a 2, 5 or 8 (将将胡), in any arrangement.",
                      "长沙麻将还有两种胡法：七个对子，全在手里（七小对）；每张牌都是 2、5、8，不论牌型（将将胡）。"),),
        not_wins=(
            HandNote(Words("A pair that is not a 2, 5 or 8 does not win, unless the hand has a big shape.",
                           "将不是 2、5、8 就不能胡，除非牌型是大胡。"),
                     {"winner": 1, "dealer": 0, "hand": "123m456p789s234m9p", "win_tile": "9p"}),
        ),
        qualifies=(
            Words("A small win (小胡) needs its pair to be a 2, 5 or 8 (将).", "小胡要用 2、5、8 作将。"),
            Words(f"A big type of four sets and a pair wins with any pair: {any_pair.en}.",
                  f"四副牌加一对将的大胡，什么将都行：{any_pair.zh}。"),
            Words(f"{', '.join(situations)}: big types of how a hand is won, only on a hand that wins by its shape.",
                  f"{'、'.join(situations)}：看怎么胡的大胡，牌型本身要能胡才算。"),
        ),
    )  # fmt: skip


def changsha_notes() -> list[tuple[Words, list[Words]]]:
    """Points, birds, 海底, 补张 and 开杠, initial small wins: (title, one line per rule) per topic."""
    return [
        (Words("Points", "计分"), [
            Words(f"Small win (小胡) by self-draw: the dealer pays {SMALL_SELF_DRAW_DEALER}, the others "
                  f"{SMALL_SELF_DRAW_OTHER} each; when the dealer wins, everyone pays {SMALL_SELF_DRAW_DEALER}.",
                  f"小胡自摸：庄家付 {SMALL_SELF_DRAW_DEALER}，闲家各付 {SMALL_SELF_DRAW_OTHER}；"
                  f"庄家自摸，三家各付 {SMALL_SELF_DRAW_DEALER}。"),
            Words(f"Small win on a discard: the discarder pays {SMALL_DISCARD}, {DEALER_EXTRA} more when the dealer "
                  "wins or pays.",
                  f"小胡点炮：放炮的一家付 {SMALL_DISCARD}，庄家胡或庄家放炮再加 {DEALER_EXTRA}。"),
            Words(f"Big win (大胡) by self-draw: the dealer pays {BIG_SELF_DRAW_DEALER}, the others "
                  f"{BIG_SELF_DRAW_OTHER}; each big type is paid on its own and the sums added.",
                  f"大胡自摸：庄家付 {BIG_SELF_DRAW_DEALER}，闲家各付 {BIG_SELF_DRAW_OTHER}；"
                  "几个大胡分别算，加在一起。"),
            Words(f"Big win on a discard: the discarder pays {BIG_DISCARD} per big type, {DEALER_EXTRA} more when "
                  "the dealer wins or pays.",
                  f"大胡点炮：放炮的一家每个大胡付 {BIG_DISCARD}，庄家胡或庄家放炮再加 {DEALER_EXTRA}。"),
        ]),
        (Words("Birds (扎鸟)", "扎鸟"), [
            Words("After a win the next tile of the wall is the bird: its number counted from the dealer "
                  "(1 the dealer, 2 the next …) names a seat.",
                  "胡牌以后翻牌墙的下一张作鸟：从庄家数起（1 是庄家，2 是下家……），点数数到哪家就是哪家。"),
            Words("Self-draw: the bird on the winner doubles what everyone pays; on another seat, what that seat "
                  "pays.",
                  "自摸：鸟落在胡家，三家付的都翻倍；落在别家，那一家付的翻倍。"),
            Words("On a discard: the bird on the winner or the discarder doubles what the discarder pays.",
                  "点炮：鸟落在胡家或放炮的一家，放炮的一家付的翻倍。"),
            Words("A win on the 海底 takes the 海底 itself as the bird.", "海底胡牌，就拿海底那张作鸟。"),
        ]),
        (Words("海底, the last tile", "海底：最后一张牌"), [
            Words("The last tile is offered in turn; who takes it wins on it (海底捞月) or shows it, and the others "
                  "may win on it (海底炮).",
                  "最后一张牌按顺序问各家要不要；要的一家胡了是海底捞月，胡不了就亮出来，别家可以胡（海底炮）。"),
        ]),
        (Words("Kongs: 补张 and 开杠", "杠：补张和开杠"), [
            Words("补张: a replacement from the tail. 开杠 (only when ready): two dice turn up two tiles from the "
                  "tail; win on one (杠上开花), or both are discarded and others may win on them (杠上炮); after 开杠 "
                  "every drawn tile is discarded unless it wins.",
                  "补张：从牌尾补一张。开杠（听牌才能开）：掷两颗骰子从牌尾翻两张；能胡就是杠上开花，"
                  "不能胡两张都打出去，别家可以胡（杠上炮）；开杠以后摸到的牌不胡就得打出。"),
        ]),
        (Words("Initial small wins (起手小胡)", "起手小胡"), [
            Words("Right after the deal, a hand with 四喜 (four of a kind), 板板胡 (no 2, 5 or 8), 缺一色 (a suit "
                  "missing) or 六六顺 (two triplets) may be shown: each is paid at once as a small self-draw.",
                  "发完牌马上可以亮：四喜（四张一样）、板板胡（没有 2、5、8）、缺一色（缺一门）、六六顺（两副刻子），"
                  "每种都马上按小胡自摸付。"),
        ]),
    ]  # fmt: skip
