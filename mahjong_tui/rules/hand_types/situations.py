"""The hand types of how and when a hand was won: 天胡, 地胡, 八花, 杠开, 抢杠 (Shanghai), and Changsha's 天胡, 地胡,
海底捞月, 海底炮, 杠上开花, 抢杠胡, 杠上炮.

They count only on a hand that wins (``docs/shanghai.md`` "Hand types", ``docs/changsha.md`` "Hand types").
"""

from __future__ import annotations

from mahjong_tui.engine.scoring import WinBy, WinContext
from mahjong_tui.rules.shanghai_hands import bahua

from .record import BIG, CHANGSHA, KONGER, LEZI, QQ, RAISE, SHANGHAI, HandTypeRecord, Reads, Rule, fan, lezi

SELF_DRAW, DISCARD, ROBBED_KONG = WinBy.SELF_DRAW, WinBy.DISCARD, WinBy.ROBBED_KONG


def _first_turn(ctx: WinContext) -> bool:
    """Shanghai's first turn: any meld (a claim, or a kong of one's own) ends it (``docs/common.md``)."""
    return ctx.first_turn and not ctx.melds


TIANHU = HandTypeRecord(
    "tianhu", "天胡", "Heavenly hand", Reads.WIN,
    {SHANGHAI: lezi(10), QQ: lezi(10), CHANGSHA: BIG},
    shanghai=Rule(lambda w: _first_turn(w.ctx) and w.ctx.winner == w.ctx.dealer and w.ctx.win_by is SELF_DRAW),
    changsha=Rule(lambda w: w.ctx.win_by is SELF_DRAW and w.ctx.first_turn and w.ctx.winner == w.ctx.dealer
                  and not w.ctx.replacement),
)  # fmt: skip

DIHU = HandTypeRecord(
    "dihu", "地胡", "Earthly hand", Reads.WIN,
    {SHANGHAI: lezi(8), QQ: lezi(8), CHANGSHA: BIG},
    shanghai=Rule(lambda w: _first_turn(w.ctx) and w.ctx.winner != w.ctx.dealer and w.ctx.win_by is not ROBBED_KONG),
    changsha=Rule(lambda w: w.ctx.win_by is DISCARD and w.ctx.first_turn and w.ctx.winner != w.ctx.dealer
                  and w.ctx.discarder == w.ctx.dealer),
)  # fmt: skip

BAHUA = HandTypeRecord(
    "bahua", "八花", "Eight flowers", Reads.WIN,
    {SHANGHAI: lezi(4), QQ: lezi(6), LEZI: lezi(2)},
    shanghai=Rule(lambda w: bahua(w.ctx)),
    lezi_words=True,
)  # fmt: skip

GANGKAI = HandTypeRecord(
    "gangkai", "杠开", "Replacement win", Reads.WIN,
    {SHANGHAI: lezi(1), QQ: fan(1), LEZI: RAISE},
    shanghai=Rule(lambda w: w.ctx.replacement and w.ctx.win_by is SELF_DRAW),
    lezi_words=True,
)  # fmt: skip

QIANGGANG = HandTypeRecord(
    "qianggang", "抢杠", "Robbing the kong", Reads.WIN,
    {SHANGHAI: KONGER, QQ: KONGER, LEZI: KONGER},
    shanghai=Rule(lambda w: w.ctx.win_by is ROBBED_KONG),
    lezi_words=True,
)  # fmt: skip

HAIDILAOYUE = HandTypeRecord(
    "haidilaoyue", "海底捞月", "Last tile self-draw", Reads.WIN,
    {CHANGSHA: BIG},
    # A kong replacement that takes the 海底 leaves the hand without one.
    changsha=Rule(lambda w: w.ctx.win_by is SELF_DRAW and w.ctx.last_tile and not w.ctx.replacement),
)  # fmt: skip

HAIDIPAO = HandTypeRecord(
    "haidipao", "海底炮", "Last tile discard", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(lambda w: w.ctx.win_by is DISCARD and w.ctx.last_tile and not w.ctx.kaigang_discard),
)  # fmt: skip

GANGSHANGKAIHUA = HandTypeRecord(
    "gangshangkaihua", "杠上开花", "Win on the kong", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(lambda w: w.ctx.win_by is SELF_DRAW and w.ctx.replacement),
)  # fmt: skip

QIANGGANGHU = HandTypeRecord(
    "qiangganghu", "抢杠胡", "Robbing the kong", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(lambda w: w.ctx.win_by is ROBBED_KONG),
)  # fmt: skip

GANGSHANGPAO = HandTypeRecord(
    "gangshangpao", "杠上炮", "Kong discard", Reads.WIN,
    {CHANGSHA: BIG},
    changsha=Rule(lambda w: w.ctx.win_by is DISCARD and w.ctx.kaigang_discard),
)  # fmt: skip

SITUATIONS = (
    TIANHU, DIHU, BAHUA, GANGKAI, QIANGGANG, HAIDILAOYUE, HAIDIPAO, GANGSHANGKAIHUA, QIANGGANGHU, GANGSHANGPAO
)  # fmt: skip
