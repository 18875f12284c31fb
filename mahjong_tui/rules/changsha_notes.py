"""Changsha's own rules worded from its numbers, and what wins in Changsha, in English and in Chinese, for the rules
page."""

from __future__ import annotations

from mahjong_tui.engine.ruleset import HandNote, WinningHand
from mahjong_tui.engine.words import Words, alike, joined, said

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
    situations = [alike(CHANGSHA_HAND_TYPES[t].zh) for t in _SITUATIONS]
    any_pair = joined((said("rules_winning.changsha.shape", name=ht.zh, takes=ht.described()) for ht in shapes),
                      "; ", "；")  # fmt: skip
    return WinningHand(
        example={"winner": 1, "dealer": 0, "hand": "234m678p777s5s", "win_tile": "5s",
                 "melds": [{"type": "kong", "tiles": "9999m", "from": 0}]},
        shapes=(said("rules_winning.changsha.shapes"),),
        not_wins=(
            HandNote(said("rules_winning.changsha.pair_not_258"),
                     {"winner": 1, "dealer": 0, "hand": "123m456p789s234m9p", "win_tile": "9p"}),
        ),
        qualifies=(
            said("rules_winning.changsha.small_needs_258"),
            said("rules_winning.changsha.any_pair", shapes=any_pair),
            said("rules_winning.changsha.situations", names=joined(situations, ", ", "、")),
        ),
    )  # fmt: skip


def changsha_notes() -> list[tuple[Words, list[Words]]]:
    """Points, birds, 海底, 补张 and 开杠, initial small wins: (title, one line per rule) per topic."""
    small = {"dealer": SMALL_SELF_DRAW_DEALER, "other": SMALL_SELF_DRAW_OTHER}
    big = {"dealer": BIG_SELF_DRAW_DEALER, "other": BIG_SELF_DRAW_OTHER}
    return [
        (said("rules_notes.title.points"), [
            said("rules_notes.changsha.small_self_draw", **small),
            said("rules_notes.changsha.small_discard", discard=SMALL_DISCARD, extra=DEALER_EXTRA),
            said("rules_notes.changsha.big_self_draw", **big),
            said("rules_notes.changsha.big_discard", discard=BIG_DISCARD, extra=DEALER_EXTRA),
        ]),
        (said("rules_notes.title.birds"),
         [said(f"rules_notes.changsha.{key}") for key in ("bird", "bird_self_draw", "bird_discard", "bird_haidi")]),
        (said("rules_notes.title.haidi"), [said("rules_notes.changsha.haidi")]),
        (said("rules_notes.title.kongs"), [said("rules_notes.changsha.kongs")]),
        (said("rules_notes.title.initial"), [said("rules_notes.changsha.initial")]),
    ]  # fmt: skip
