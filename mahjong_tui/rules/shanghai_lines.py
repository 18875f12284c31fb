"""The breakdown lines of a Shanghai-family win: its hand types, its 花 elements, its value, who pays.

The Shanghai presets and the 勒子 preset (:mod:`.shanghai_scoring`, :mod:`.shanghai_lezi`)
show a win with the same lines; what differs is the numbers, and how each preset values a
hand type (a :class:`~.hand_types.Value`). The players' version is ``docs/shanghai.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjong_tui.engine.scoring import HandType, LineKind, ScoreLine, ScoreResult, WinContext
from mahjong_tui.engine.tiles import tile_en, tile_words
from mahjong_tui.engine.words import Saying, Words, listed, said, saying

from .hand_types import Pays, Value
from .shanghai_hands import FLOWER_ELEMENTS, Element, not_a_win


@dataclass(frozen=True, slots=True)
class Reading:
    """One way of reading a winning hand, valued: its types and 花 elements, and one share before 荒番 (and 开宝).

    ``points`` is in units of the base score; ``raised`` names the type that raised a hand worth less than one lezi
    to one lezi (勒子 preset), ``as_bahua`` a hand counted as 八花 whatever its 14 tiles make.
    """

    types: tuple[str, ...]
    elements: tuple[Element, ...]
    flowers: int
    lezi: int
    points: int
    capped: bool
    raised: str = ""
    as_bahua: bool = False


def value_words(value: Value, konger: Words) -> Words:
    """What a hand type is worth, in a few words (``4 lezi``, ``×2 on 花``, ``花``); ``konger``: what robbing a kong
    makes the konger pay."""
    if value.pays is Pays.LEZI:
        return said("hand_value.lezi", n=value.n)
    if value.pays is Pays.FAN:
        return said("hand_value.fan", times=2**value.n)
    if value.pays is Pays.RAISE:
        return said("hand_value.raise")
    if value.pays is Pays.KONGER:
        return konger
    return said("hand_value.hua")


def effect_words(value: Value, konger: Words, *, lezi_hand: bool) -> Words:
    """What a hand type does to the value of a win, for its line (``lezi_hand``: the win is worth its lezi, so a fan
    changes nothing)."""
    if value.pays is Pays.FAN:
        times = 2**value.n
        return said("hand_value.effect.fan_in_lezi_hand" if lezi_hand else "hand_value.fan", times=times)
    if value.pays is Pays.RAISE:
        return said("hand_value.effect.raise")
    if value.pays is Pays.HUA:
        return said("hand_value.effect.hua")
    return value_words(value, konger)  # its lezi, or what the konger pays


def type_line(ht: HandType, effect: Words, lezi: int | None) -> ScoreLine:
    """The breakdown line of one hand type: its names, what it takes, and what it does (``lezi``: what it adds)."""
    words = saying("score_line.shanghai.type", name=ht.named(), id=ht.id, takes=ht.described(), effect=effect)
    return ScoreLine.of(LineKind.TYPE, words, lezi or None, ht.id)


def plain_hand(types: Sequence[HandType], rules: Words) -> ScoreResult:
    """A complete hand with no qualifying type under ``rules`` (``Shanghai`` / ``上海麻将``): it cannot win
    (`001`: 不能胡最普通胡牌牌形); ``types`` are the ones it has, which alone do not qualify."""
    return not_a_win(_plain_hand_reason(tuple(types), rules))


@lru_cache(maxsize=256)
def _plain_hand_reason(types: tuple[HandType, ...], rules: Words) -> Words:
    """Why a plain hand does not win, said once for each few types it has (a bot's play-outs meet it often)."""
    if not types:
        return said("rules_refusal.shanghai.plain_hand", rules=rules)
    names = listed([said("rules_refusal.shanghai.named", zh=ht.zh, id=ht.id) for ht in types])
    several = "s" if len(types) > 1 else ""
    return said(f"rules_refusal.shanghai.plain_hand_with_type{several}", rules=rules, types=names)


def lezi_lines(r: Reading, lezi_in_base: int, base: int, value: int) -> list[ScoreLine]:
    """A lezi hand's value: its 花 do not count, its lezi times one lezi times the base score."""
    lines = []
    if r.elements:
        lines.append(ScoreLine.of(LineKind.NOTE, saying("score_line.shanghai.lezi_hand_flowers", flowers=r.flowers)))
    worth = saying("score_line.shanghai.lezi_value", lezi=r.lezi, one=lezi_in_base, base=base, value=value)
    lines.append(ScoreLine.of(LineKind.MULTIPLIER, worth, value, "lezi"))
    return lines


def cap_line(cap_lezi: int, value: int) -> ScoreLine:
    """A flower hand held at the preset's cap of ``cap_lezi`` lezi, worth ``value``."""
    return ScoreLine.of(
        LineKind.MULTIPLIER, saying("score_line.shanghai.capped", cap=cap_lezi, value=value), value, "cap"
    )


def element_line(values: Mapping[str, int], e: Element) -> ScoreLine:
    """The breakdown line of one 花 element, worth ``values[e.id]``."""
    value = values[e.id]
    _, en, zh = FLOWER_ELEMENTS[e.id]
    if e.note == "added":
        en = en.replace("exposed", "added")
        zh = zh.replace("明杠", "上杠")
    how = f"_{e.note}" if e.note in ("discard", "held4") else ""  # completed by the winning discard, held four times
    words = saying(
        f"score_line.shanghai.element{how}",
        element=Words(en, zh),
        tile=tile_words(e.tile),
        named=tile_en(e.tile),
        value=value,
    )
    return ScoreLine.of(LineKind.FLOWER, words, value, e.id)


@dataclass(frozen=True, slots=True)
class Share:
    """What one payer pays the winner, in shares, and why."""

    seat: int
    shares: int
    why: Saying


def pay(ctx: WinContext, shares: Sequence[Share], value: int) -> tuple[tuple[int, int, int, int], list[ScoreLine]]:
    """Payments of ``shares`` of ``value`` each to the winner, with a line per payer and the total."""
    payments = [0, 0, 0, 0]
    lines: list[ScoreLine] = []
    for s in shares:
        amount = s.shares * value
        payments[s.seat] -= amount
        payments[ctx.winner] += amount
        words = saying("who_pays.shanghai.pays", seat=s.seat, amount=amount, n=s.shares, why=s.why)
        lines.append(ScoreLine.of(LineKind.PAYMENT, words, amount, "payment", s.seat))
    won = payments[ctx.winner]
    words = saying("who_pays.shanghai.wins", seat=ctx.winner, amount=won)
    lines.append(ScoreLine.of(LineKind.PAYMENT, words, won, "winner"))
    return (payments[0], payments[1], payments[2], payments[3]), lines


def flower_value_lines(flowers: int, base_flowers: int, base: int) -> tuple[int, list[ScoreLine]]:
    """A flower hand's value before doublings and cap: (花 + base 花) × base score, with its two lines."""
    total = flowers + base_flowers
    running = total * base
    based = saying("score_line.shanghai.base_flowers", base_flowers=base_flowers, flowers=flowers, total=total)
    valued = saying("score_line.shanghai.flower_value", total=total, base=base, value=running)
    return running, [
        ScoreLine.of(LineKind.MULTIPLIER, based, base_flowers, "base_flowers"),
        ScoreLine.of(LineKind.MULTIPLIER, valued, running, "base_score"),
    ]


def doubled_line(value: int, times: int, id_: str, what: Saying) -> ScoreLine:
    """A multiplier line: ``what`` ×times = value."""
    return ScoreLine.of(
        LineKind.MULTIPLIER, saying("score_line.shanghai.doubled", what=what, times=times, value=value), value, id_
    )


def share_line(value: int) -> ScoreLine:
    """The value of one share."""
    return ScoreLine.of(LineKind.VALUE, saying("score_line.shanghai.share", value=value), value, "share")


def settled(ctx: WinContext, r: Reading, value: int, shares: Sequence[Share], lines: list[ScoreLine]) -> ScoreResult:
    """The result of a win read as ``r``, one share worth ``value``: the lines so far, the share, and who pays."""
    lines.append(share_line(value))
    payments, payment_lines = pay(ctx, shares, value)
    lines.extend(payment_lines)
    return ScoreResult(
        valid=True, types=r.types, flowers=r.flowers, lezi=r.lezi, value=value, payments=payments, lines=tuple(lines)
    )
