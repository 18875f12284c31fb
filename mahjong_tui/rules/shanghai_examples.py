"""Worked examples of every Shanghai hand type, and the Shanghai rules worded from a preset's numbers.

Each example is a situation in the calculator's JSON form (``mahjong-tui score``); the
rules screen and ``mahjong-tui rules`` score it with the preset's own scoring, so every
number they show is computed, never typed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .shanghai_presets import FLOWER_ELEMENTS, SHANGHAI_HAND_TYPES, ShanghaiParams

_SELF = {"winner": 0, "dealer": 1}
_CHIS = [{"type": "chi", "tiles": "123m", "from": 3}, {"type": "chi", "tiles": "456p", "from": 3}]

SHANGHAI_EXAMPLES: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "tianhu": {"winner": 0, "dealer": 0, "hand": "123m456p789s234m5z", "win_tile": "5z", "first_turn": True},
        "dihu": {"winner": 1, "dealer": 0, "hand": "123m456p789s234m5z", "win_tile": "5z", "first_turn": True,
                 "win_by": "discard", "discarder": 0},
        "bahua": {**_SELF, "hand": "1m2m3m4p5p6p7s8s9s2z3z4z5z", "win_tile": "6z", "flowers": "f12345678"},
        "ziyise": {**_SELF, "hand": "111z222z333z444z5z", "win_tile": "5z"},
        "luanfengxiang": {**_SELF, "hand": "1122334455667z", "win_tile": "7z"},
        "qingpeng": {**_SELF, "hand": "111s333s555s777s9s", "win_tile": "9s"},
        "qingyise": {**_SELF, "hand": "123s456s789s111s9s", "win_tile": "9s"},
        "hunpeng": {**_SELF, "hand": "111s333s555s777z9s", "win_tile": "9s"},
        "dadiaoche": {**_SELF, "hand": "9s", "win_tile": "9s",
                      "melds": [_CHIS[0], {"type": "pong", "tiles": "555p", "from": 2},
                                {"type": "pong", "tiles": "777s", "from": 2},
                                {"type": "chi", "tiles": "234s", "from": 3}]},
        "gangkai": {**_SELF, "hand": "123m456p789s234m5p", "win_tile": "5p", "replacement": True},
        "hunyise": {**_SELF, "hand": "456m789m555m2z", "win_tile": "2z", "melds": [_CHIS[0]]},
        "pengpenghu": {**_SELF, "hand": "111m333m555p777p9s", "win_tile": "9s"},
        "menqing": {**_SELF, "hand": "123m456m789m111z5z", "win_tile": "5z"},
        "qianggang": {**_SELF, "hand": "12m456m789m111z55z", "win_tile": "3m", "win_by": "robbed_kong",
                      "discarder": 2},
    }
)  # fmt: skip


def shanghai_type_value(params: ShanghaiParams, type_id: str) -> str:
    """What a Shanghai hand type is worth under the preset."""
    lezi = params.lezi_of(type_id)
    if lezi:
        return f"{lezi} lezi"
    fan = params.fan.get(type_id, 0)
    if fan:
        return f"×{2 ** fan} on 花"
    if type_id == "qianggang":
        return "the konger pays for all three"
    return "花"


def shanghai_notes(params: ShanghaiParams, *, one_suit: bool = True) -> list[tuple[str, list[str]]]:
    """Value, payments, 花 and 荒番 of a Shanghai preset, worded from its numbers."""
    one = params.lezi_in_base
    value = [
        f"1 lezi (勒子) = {one} × the base score (底分).",
        "A hand with a lezi type is worth its largest lezi value; its 花 do not count.",
        f"Otherwise (花 + {params.base_flowers}) × base, doubled for each fan ("
        + ", ".join(f"{SHANGHAI_HAND_TYPES[t].zh} ×{2**n}" for t, n in params.fan.items())
        + f"), at most {params.cap_lezi} lezi.",
        f"A 荒番 hand pays ×{params.huangfan_factor}.",
    ]
    payments = [
        "Self-draw: each other player pays one share. A discard: the discarder alone pays one share.",
        "Robbing a kong (抢杠): the konger pays what all three would pay on a self-draw.",
        f"三口: two players are related when one claimed {params.sankou_claims} or more discards from the other "
        f"this hand. On a self-draw a related player pays {params.sankou_self_draw_shares} shares; a related "
        f"discarder pays {params.sankou_discard_shares} shares and nobody else pays.",
        f"An unrelated discarder to a winner with relations: ready (听牌), it pays 1 share and each related "
        f"player 1; not ready, it pays {params.unready_discard_shares} shares.",
        "Several winners on one discard: each settles with the discarder on its own.",
    ]
    flowers = [f"{zh} {en}: {params.flower_values[key]} 花" for key, (_, en, zh) in FLOWER_ELEMENTS.items()]
    huangfan = [
        "A hand with no winner adds 1 to the 荒番 counter; a won hand takes 1 off (not below 0).",
        "The dealer's dice add: 1-1 or 4-4 two, any other pair or a 1 or a 4 one.",
        "A hand is a 荒番 hand while the counter is above 0 after its dice.",
    ]
    notes = [("Value of a win", value), ("Who pays", payments), ("花: the flower count", flowers), ("荒番", huangfan)]
    if one_suit:
        notes.insert(0, ("Claims", [
            "One-suit rule: no chi of a suit beside an exposed meld of another suit (honour melds aside); "
            "no pong or kong of a suit beside a chi of another suit.",
            "After a chi, neither the claimed tile nor the other end of a two-sided chi may be discarded at once.",
            "A passed pong may not be taken again on the same tile before your next discard.",
            "A passed win (漏胡) blocks every discard win until your next draw or claim.",
        ]))  # fmt: skip
    return notes
