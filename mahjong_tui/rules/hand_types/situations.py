"""The hand types of how and when a hand was won: 天胡, 地胡, 八花, 杠开, 抢杠 (Shanghai), and Changsha's 天胡, 地胡,
海底捞月, 海底炮, 杠上开花, 抢杠胡, 杠上炮.

They count only on a hand that wins (``docs/shanghai.md`` "Hand types", ``docs/changsha.md`` "Hand types").
"""

from __future__ import annotations

from mahjong_tui.engine.scoring import WinBy, WinContext
from mahjong_tui.engine.words import Words
from mahjong_tui.rules.shanghai_hands import bahua

from .record import BIG, CHANGSHA, KONGER, LEZI, QQ, RAISE, SHANGHAI, HandTypeRecord, Reads, Rule, fan, lezi

SELF_DRAW, DISCARD, ROBBED_KONG = WinBy.SELF_DRAW, WinBy.DISCARD, WinBy.ROBBED_KONG


def _first_turn(ctx: WinContext) -> bool:
    """Shanghai's first turn: any meld (a claim, or a kong of one's own) ends it (``docs/common.md``)."""
    return ctx.first_turn and not ctx.melds


TIANHU = HandTypeRecord(
    "tianhu", "天胡", "Heavenly hand", Reads.WIN,
    {SHANGHAI: lezi(10), QQ: lezi(10), CHANGSHA: BIG},
    shanghai=Rule(Words("the dealer wins on the initial 14 tiles, by self-draw", "庄家起手十四张自摸胡"),
                  lambda w: _first_turn(w.ctx) and w.ctx.winner == w.ctx.dealer and w.ctx.win_by is SELF_DRAW),
    changsha=Rule(Words("the dealer wins on the 14 dealt tiles", "庄家起手十四张就胡"),
                  lambda w: w.ctx.win_by is SELF_DRAW and w.ctx.first_turn and w.ctx.winner == w.ctx.dealer
                  and not w.ctx.replacement),
)  # fmt: skip

DIHU = HandTypeRecord(
    "dihu", "地胡", "Earthly hand", Reads.WIN,
    {SHANGHAI: lezi(8), QQ: lezi(8), CHANGSHA: BIG},
    shanghai=Rule(Words("a non-dealer wins before their first discard, no claim made yet in the hand",
                        "闲家第一次出牌前胡，本局还没有人吃碰杠"),
                  lambda w: _first_turn(w.ctx) and w.ctx.winner != w.ctx.dealer and w.ctx.win_by is not ROBBED_KONG),
    changsha=Rule(Words("a non-dealer wins on the dealer's first discard", "闲家胡庄家打出的第一张牌"),
                  lambda w: w.ctx.win_by is DISCARD and w.ctx.first_turn and w.ctx.winner != w.ctx.dealer
                  and w.ctx.discarder == w.ctx.dealer),
)  # fmt: skip

BAHUA = HandTypeRecord(
    "bahua", "八花", "Eight flowers", Reads.WIN,
    {SHANGHAI: lezi(4), QQ: lezi(6), LEZI: lezi(2)},
    shanghai=Rule(Words("all 8 flowers collected; any 14 tiles", "八张花牌全到，手牌不论"), lambda w: bahua(w.ctx)),
    lezi_words=Words("all eight flowers, declared at once; the 14 tiles do not matter",
                     "八张花牌全到，马上可胡，手牌不论"),
)  # fmt: skip

GANGKAI = HandTypeRecord(
    "gangkai", "杠开", "Replacement win", Reads.WIN,
    {SHANGHAI: lezi(1), QQ: fan(1), LEZI: RAISE},
    shanghai=Rule(Words("self-draw on the tile drawn to replace a kong or a flower", "杠后或补花后摸到的牌自摸"),
                  lambda w: w.ctx.replacement and w.ctx.win_by is SELF_DRAW),
    lezi_words=Words("self-draw on the tile that replaced a kong or a flower; raises to 1 lezi",
                     "杠后或补花后摸到的牌自摸，不足勒子算勒子"),
)  # fmt: skip

QIANGGANG = HandTypeRecord(
    "qianggang", "抢杠", "Robbing the kong", Reads.WIN,
    {SHANGHAI: KONGER, QQ: KONGER, LEZI: KONGER},
    shanghai=Rule(Words("won on the tile another player added to a pong", "胡别人上杠的那张牌"),
                  lambda w: w.ctx.win_by is ROBBED_KONG),
    lezi_words=Words("won on the tile another player added to a pong; the konger pays", "胡别人上杠的那张牌，杠牌者付"),
)  # fmt: skip

HAIDILAOYUE = HandTypeRecord(
    "haidilaoyue", "海底捞月", "Last tile self-draw", Reads.WIN,
    {CHANGSHA: BIG},
    # A kong replacement that takes the 海底 leaves the hand without one.
    changsha=Rule(Words("self-draw on the last tile (海底)", "自摸最后一张牌（海底）"),
                  lambda w: w.ctx.win_by is SELF_DRAW and w.ctx.last_tile and not w.ctx.replacement),
)  # fmt: skip

HAIDIPAO = HandTypeRecord(
    "haidipao", "海底炮", "Last tile discard", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(Words("win on the last tile shown by another player", "胡别人亮出的海底牌"),
                  lambda w: w.ctx.win_by is DISCARD and w.ctx.last_tile and not w.ctx.kaigang_discard),
)  # fmt: skip

GANGSHANGKAIHUA = HandTypeRecord(
    "gangshangkaihua", "杠上开花", "Win on the kong", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(Words("self-draw on a tile revealed by 开杠", "开杠翻出的牌自摸"),
                  lambda w: w.ctx.win_by is SELF_DRAW and w.ctx.replacement),
)  # fmt: skip

QIANGGANGHU = HandTypeRecord(
    "qiangganghu", "抢杠胡", "Robbing the kong", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(Words("win on the tile another player adds to a pong", "胡别人补杠的那张牌"),
                  lambda w: w.ctx.win_by is ROBBED_KONG),
)  # fmt: skip

GANGSHANGPAO = HandTypeRecord(
    "gangshangpao", "杠上炮", "Kong discard", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(Words("win on a tile discarded out of an 开杠", "胡别人开杠后打出的牌"),
                  lambda w: w.ctx.win_by is DISCARD and w.ctx.kaigang_discard),
)  # fmt: skip

SITUATIONS = (
    TIANHU, DIHU, BAHUA, GANGKAI, QIANGGANG, HAIDILAOYUE, HAIDIPAO, GANGSHANGKAIHUA, QIANGGANGHU, GANGSHANGPAO
)  # fmt: skip
