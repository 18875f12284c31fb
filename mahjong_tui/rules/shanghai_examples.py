"""Worked examples of every Shanghai hand type, what wins in Shanghai, and its rules worded from a preset's numbers.

Each example is a situation in the calculator's JSON form (``mahjong-tui score``); the
rules screen and ``mahjong-tui rules`` score it with the preset's own scoring, so every
number they show is computed, never typed in. Each is a hand the game would allow: its
melds obey the one-suit rule in the order listed, a replacement win has its kong or flower.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType

from mahjong_tui.engine.ruleset import HandNote, WinningHand
from mahjong_tui.engine.scoring import HandType
from mahjong_tui.engine.words import Words

from .hand_types import Pays, numbers_of
from .hand_types.record import SHANGHAI
from .shanghai_hands import FLOWER_ELEMENTS
from .shanghai_presets import ShanghaiParams

_SELF = {"winner": 0, "dealer": 1}
_CHI = {"type": "chi", "tiles": "123m", "from": 3}

SHANGHAI_EXAMPLES: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "tianhu": {"winner": 0, "dealer": 0, "hand": "123m456p789s234m5z", "win_tile": "5z", "first_turn": True},
        "dihu": {"winner": 1, "dealer": 0, "hand": "123m456p789s234m5z", "win_tile": "5z", "first_turn": True,
                 "win_by": "discard", "discarder": 0},
        "bahua": {**_SELF, "hand": "1m2m3m4p5p6p7s8s9s2z3z4z5z", "win_tile": "6z", "flowers": "f12345678"},
        "ziyise": {**_SELF, "hand": "111z222z333z444z5z", "win_tile": "5z"},
        "luanfengxiang": {**_SELF, "hand": "1112334556667z", "win_tile": "7z"},
        "qingpeng": {**_SELF, "hand": "111s333s555s777s9s", "win_tile": "9s"},
        "qingyise": {**_SELF, "hand": "123s456s789s111s9s", "win_tile": "9s"},
        "hunpeng": {**_SELF, "hand": "111s333s555s777z9s", "win_tile": "9s"},
        "dadiaoche": {**_SELF, "hand": "9s", "win_tile": "9s",  # one suit and an honour pong: the one-suit rule
                      "melds": [{"type": "chi", "tiles": "123s", "from": 3},
                                {"type": "pong", "tiles": "555s", "from": 2},
                                {"type": "pong", "tiles": "777z", "from": 1},
                                {"type": "chi", "tiles": "678s", "from": 3}]},
        "gangkai": {**_SELF, "hand": "123m456p234m5p", "win_tile": "5p", "replacement": True,
                    "melds": [{"type": "concealed_kong", "tiles": "7777s"}]},
        "hunyise": {**_SELF, "hand": "456m789m555m2z", "win_tile": "2z", "melds": [_CHI]},
        "pengpenghu": {**_SELF, "hand": "111m333m555p777p9s", "win_tile": "9s"},
        "menqing": {**_SELF, "hand": "123m456m789m111z5z", "win_tile": "5z"},
        "qianggang": {**_SELF, "hand": "12m456m789m111z55z", "win_tile": "3m", "win_by": "robbed_kong",
                      "discarder": 2},
    }
)  # fmt: skip


def _listed(names: list[str]) -> str:
    """``门清 and 抢杠``, ``杠开, 大吊车 and 抢杠``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def shanghai_winning(types: Mapping[str, HandType], qualifying: Collection[str], honours: str) -> WinningHand:
    """What wins in a Shanghai preset: its shapes, what does not win (seven pairs, a plain hand), and what qualifies
    (``qualifying``: the types that let a hand win; ``honours``: the type of 14 honours in any arrangement)."""
    least = [types[t] for t in ("hunyise", "pengpenghu")]
    bigger = [ht.zh for t, ht in types.items() if t in qualifying and ht not in least]
    extra = [ht.zh for t, ht in types.items() if t not in qualifying]
    name = types[honours].zh
    return WinningHand(
        example={**_SELF, "hand": "234m678m999m5m", "win_tile": "5m",
                 "melds": [{"type": "kong", "tiles": "1111z", "from": 3}]},
        shapes=(Words(f"Shanghai also wins with 14 winds and dragons in any arrangement ({name}), and with all eight "
                      "flowers (八花) whatever the other tiles; dealt all eight, a player declares 八花 at once, "
                      "before the dealer's first discard, paid as a self-draw.",
                      f"上海麻将还有两种胡法：十四张全是风牌字牌，不论牌型（{name}）；八张花牌全到（八花），手牌不论。"
                      "起手就有八张花的，在庄家打第一张牌之前马上报，按自摸付。"),),
        not_wins=(
            HandNote(Words("Seven pairs (七对) do not win in Shanghai.", "上海麻将不算七对。"),
                     {**_SELF, "hand": "11m33m55p77p99s11z2z", "win_tile": "2z"}),
            HandNote(Words("A plain hand — four sets and a pair with no hand type — cannot win: a win must qualify.",
                           "平胡（四副牌加一对将，没有任何牌型）不能胡：胡牌要够格。"),
                     {**_SELF, "hand": "123m456p789s234m5p", "win_tile": "5p"}),
        ),
        qualifies=(
            Words(f"A win needs at least {least[0].zh} ({least[0].description}) or {least[1].zh} "
                  f"({least[1].description}), or a bigger type: {', '.join(bigger)}.",
                  f"胡牌至少要{least[0].zh}（{least[0].description_zh}）或{least[1].zh}（{least[1].description_zh}），"
                  f"或者更大的牌型：{'、'.join(bigger)}。"),
            Words(f"{_listed(extra)} count only on a win that qualifies: alone they never make one.",
                  f"{'、'.join(extra)}只在够格的胡牌上才算，单有它们不能胡。"),
        ),
    )  # fmt: skip


def shanghai_notes(params: ShanghaiParams, *, one_suit: bool = True) -> list[tuple[Words, list[Words]]]:
    """Value, payments, 花 and 荒番 of a Shanghai preset, worded from its numbers."""
    one = params.lezi_in_base
    # the fans of every Shanghai preset (门清) first, then the preset's own
    fan_types = sorted(params.fan, key=lambda t: t not in numbers_of(SHANGHAI, Pays.FAN))
    fans = [(params.hand_types[t].zh, 2 ** params.fan[t]) for t in fan_types]
    value = [
        Words(f"1 lezi (勒子) = {one} × the base score (底分).", f"1 勒子 = {one} × 底分。"),
        Words(
            "A hand with a lezi type is worth its largest lezi value; its 花 do not count.",
            "有勒子牌型的牌按最大的勒子数算，花不计。",
        ),
        Words(
            f"Otherwise (花 + {params.base_flowers}) × base, doubled for each fan ("
            + ", ".join(f"{zh} ×{times}" for zh, times in fans)
            + f"), at most {params.cap_lezi} lezi.",
            f"否则按（花 + {params.base_flowers}）× 底分算，每番翻一倍（"
            + "、".join(f"{zh} ×{times}" for zh, times in fans)
            + f"），最多 {params.cap_lezi} 勒子。",
        ),
        Words(f"A 荒番 hand pays ×{params.huangfan_factor}.", f"荒番的一局 ×{params.huangfan_factor}。"),
    ]
    payments = [
        Words(
            "Self-draw: each other player pays one share. A discard: the discarder alone pays one share.",
            "自摸：另外三家各付一份。点炮：只有放炮的一家付一份。",
        ),
        Words(
            "Robbing a kong (抢杠): the konger pays what all three would pay on a self-draw.",
            "抢杠：杠牌的一家包三家，付自摸时三家该付的数。",
        ),
        Words(
            f"三口: two players are related when one claimed {params.sankou_claims} or more discards from the other "
            f"this hand. On a self-draw a related player pays {params.sankou_self_draw_shares} shares; a related "
            f"discarder pays {params.sankou_discard_shares} shares and nobody else pays.",
            f"三口：本局一家吃碰杠另一家的牌满 {params.sankou_claims} 口，两家就有三口关系。自摸时有三口关系的一家付 "
            f"{params.sankou_self_draw_shares} 份；有三口关系的一家放炮付 {params.sankou_discard_shares} 份，"
            "别家不付。",
        ),
        Words(
            f"An unrelated discarder to a winner with relations: ready (听牌), it pays 1 share and each related "
            f"player 1; not ready, it pays {params.unready_discard_shares} shares.",
            "没有三口关系的一家放炮给有三口关系的胡家：放炮的一家已听牌，付 1 份，和胡家有三口关系的每家也付 1 份；"
            f"没听牌，放炮的一家付 {params.unready_discard_shares} 份。",
        ),
        Words(
            "Several winners on one discard: each settles with the discarder on its own.",
            "一炮多响：每个胡家各自和放炮的一家结算。",
        ),
    ]
    flowers = [
        Words(f"{zh} {en}: {params.flower_values[key]} 花", f"{zh}：{params.flower_values[key]} 花")
        for key, (_, en, zh) in FLOWER_ELEMENTS.items()
    ]
    huangfan = [
        Words(
            "A hand with no winner adds 1 to the 荒番 counter; a won hand takes 1 off (not below 0).",
            "荒庄（没人胡）荒番加 1；有人胡减 1（不低于 0）。",
        ),
        Words(
            "The dealer's dice add: 1-1 or 4-4 two, any other pair or a 1 or a 4 one.",
            "庄家掷骰：1-1 或 4-4 加 2；别的对子，或有一个 1 或 4，加 1。",
        ),
        Words(
            "A hand is a 荒番 hand while the counter is above 0 after its dice.", "掷骰以后荒番大于 0，这一局就是荒番。"
        ),
    ]
    notes = [
        (Words("Value of a win", "胡牌的价值"), value),
        (Words("Who pays", "谁付"), payments),
        (Words("花: the flower count", "算花"), flowers),
        (Words("荒番", "荒番"), huangfan),
    ]
    if one_suit:
        notes.insert(
            0,
            (
                Words("Claims", "吃碰杠"),
                [
                    Words(
                        "One-suit rule: no chi of a suit beside an exposed meld of another suit (honour melds aside); "
                        "no pong or kong of a suit beside a chi of another suit.",
                        "吃碰只能一门：已经有别的花色落地就不能吃（风牌字牌的碰杠不算）；"
                        "吃了别的花色就不能碰或杠这一门。",
                    ),
                    Words(
                        "After a chi, neither the claimed tile nor the other end of a two-sided chi may be discarded "
                        "at once.",
                        "吃了以后这一手不能打吃的那张，两头吃时也不能打顺子另一头的那张。",
                    ),
                    Words(
                        "A passed pong may not be taken again on the same tile before your next discard.",
                        "过碰：放过的碰，自己打牌之前同一张不能再碰。",
                    ),
                    Words(
                        "A passed win (漏胡) blocks every discard win until your next draw or claim.",
                        "漏胡：放过胡以后，下次摸牌或吃碰之前不能胡别人打的牌。",
                    ),
                ],
            ),
        )
    return notes
