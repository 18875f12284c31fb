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
from mahjong_tui.engine.words import Words, alike, joined, listed, said

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


def _names(names: list[str]) -> list[Words]:
    """Hand types' Chinese names, said alike in both languages."""
    return [alike(n) for n in names]


def shanghai_winning(types: Mapping[str, HandType], qualifying: Collection[str], honours: str) -> WinningHand:
    """What wins in a Shanghai preset: its shapes, what does not win (seven pairs, a plain hand), and what qualifies
    (``qualifying``: the types that let a hand win; ``honours``: the type of 14 honours in any arrangement)."""
    least = [types[t] for t in ("hunyise", "pengpenghu")]
    bigger = [ht.zh for t, ht in types.items() if t in qualifying and ht not in least]
    extra = [ht.zh for t, ht in types.items() if t not in qualifying]
    return WinningHand(
        example={**_SELF, "hand": "234m678m999m5m", "win_tile": "5m",
                 "melds": [{"type": "kong", "tiles": "1111z", "from": 3}]},
        shapes=(said("rules_winning.shanghai.shapes", name=types[honours].zh),),
        not_wins=(
            HandNote(said("rules_winning.shanghai.seven_pairs"),
                     {**_SELF, "hand": "11m33m55p77p99s11z2z", "win_tile": "2z"}),
            HandNote(said("rules_winning.shanghai.plain_hand"),
                     {**_SELF, "hand": "123m456p789s234m5p", "win_tile": "5p"}),
        ),
        qualifies=(
            said("rules_winning.shanghai.needs", first=least[0].zh, first_takes=least[0].described(),
                 second=least[1].zh, second_takes=least[1].described(), bigger=joined(_names(bigger), ", ", "、")),
            said("rules_winning.shanghai.extra", extra=listed(_names(extra))),
        ),
    )  # fmt: skip


def shanghai_notes(params: ShanghaiParams, *, one_suit: bool = True) -> list[tuple[Words, list[Words]]]:
    """Value, payments, 花 and 荒番 of a Shanghai preset, worded from its numbers."""
    one = params.lezi_in_base
    # the fans of every Shanghai preset (门清) first, then the preset's own
    fan_types = sorted(params.fan, key=lambda t: t not in numbers_of(SHANGHAI, Pays.FAN))
    fans = [said("rules_notes.shanghai.fan", name=params.hand_types[t].zh, times=2 ** params.fan[t]) for t in fan_types]
    value = [
        said("rules_notes.shanghai.lezi", one=one),
        said("rules_notes.shanghai.lezi_hand"),
        said(
            "rules_notes.shanghai.flower_hand",
            base_flowers=params.base_flowers,
            fans=joined(fans, ", ", "、"),
            cap=params.cap_lezi,
        ),
        said("rules_notes.shanghai.huangfan_pays", factor=params.huangfan_factor),
    ]
    payments = [
        said("rules_notes.shanghai.shares"),
        said("rules_notes.shanghai.robbed_kong"),
        said(
            "rules_notes.shanghai.sankou",
            claims=params.sankou_claims,
            self_draw=params.sankou_self_draw_shares,
            discard=params.sankou_discard_shares,
        ),
        said("rules_notes.shanghai.unrelated", shares=params.unready_discard_shares),
        said("rules_notes.shanghai.several_winners"),
    ]
    flowers = [
        said("rules_notes.shanghai.flower", zh=zh, en=en, n=params.flower_values[key])
        for key, (_, en, zh) in FLOWER_ELEMENTS.items()
    ]
    huangfan = [said(f"rules_notes.shanghai.{key}") for key in ("huangfan_counter", "huangfan_dice", "huangfan_hand")]
    notes = [
        (said("rules_notes.title.value"), value),
        (said("rules_notes.title.who_pays"), payments),
        (said("rules_notes.title.flowers"), flowers),
        (said("rules_notes.title.huangfan"), huangfan),
    ]
    if one_suit:
        claims = [said(f"rules_notes.shanghai.{key}") for key in ("one_suit", "after_chi", "passed_pong", "passed_win")]
        notes.insert(0, (said("rules_notes.title.claims"), claims))
    return notes
