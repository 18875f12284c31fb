"""The breakdown lines of a Shanghai-family win: its hand types, its 花 elements, its value, who pays.

The Shanghai presets and the 勒子 preset (:mod:`.shanghai_scoring`, :mod:`.shanghai_lezi`)
show a win with the same lines; what differs is the numbers, and how each preset values a
hand type (a :class:`~.hand_types.Value`). The players' version is ``docs/shanghai.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mahjong_tui.engine.scoring import HandType, LineKind, ScoreLine, ScoreResult, WinContext
from mahjong_tui.engine.tiles import tile_en, tile_name, tile_zh
from mahjong_tui.engine.words import Words, said

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
    return ScoreLine(
        LineKind.TYPE,
        f"{ht.en} ({ht.id}): {ht.description} — {effect.en}",
        f"{ht.zh}（{ht.description_zh}）：{effect.zh}",
        lezi or None,
        ht.id,
    )


def plain_hand(types: Sequence[HandType], rules: Words) -> ScoreResult:
    """A complete hand with no qualifying type under ``rules`` (``Shanghai`` / ``上海麻将``): it cannot win
    (`001`: 不能胡最普通胡牌牌形); ``types`` are the ones it has, which alone do not qualify."""
    reason = f"a plain hand cannot win in {rules.en}: it needs 混一色, 碰碰胡 or better"
    if types:
        names = " and ".join(f"{ht.zh} {ht.id}" for ht in types)
        reason += f" ({names} alone {'does' if len(types) == 1 else 'do'} not qualify)"
    return not_a_win(reason, f"{rules.zh}不能胡平胡：至少要混一色、碰碰胡或更大的牌型")


def lezi_lines(r: Reading, lezi_in_base: int, base: int, value: int) -> list[ScoreLine]:
    """A lezi hand's value: its 花 do not count, its lezi times one lezi times the base score."""
    lines = []
    if r.elements:
        lines.append(
            ScoreLine(
                LineKind.NOTE, f"a lezi hand: its {r.flowers} 花 do not change the value", f"勒子牌：{r.flowers} 花不计"
            )
        )
    lines.append(
        ScoreLine(
            LineKind.MULTIPLIER,
            f"{r.lezi} lezi × {lezi_in_base} × base score {base} = {value}",
            f"{r.lezi} 勒子 × {lezi_in_base} × 底分 {base} = {value}",
            value,
            "lezi",
        )
    )
    return lines


def cap_line(cap_lezi: int, value: int) -> ScoreLine:
    """A flower hand held at the preset's cap of ``cap_lezi`` lezi, worth ``value``."""
    return ScoreLine(
        LineKind.MULTIPLIER, f"capped at {cap_lezi} lezi = {value}", f"封顶 {cap_lezi} 勒子 = {value}", value, "cap"
    )


def element_line(values: Mapping[str, int], e: Element) -> ScoreLine:
    """The breakdown line of one 花 element, worth ``values[e.id]``."""
    value = values[e.id]
    _, en, zh = FLOWER_ELEMENTS[e.id]
    if e.note == "added":
        en = en.replace("exposed", "added")
        zh = zh.replace("明杠", "上杠")
    name = tile_name(e.tile)
    if e.id == "flower":
        en_text = f"flower {name} {tile_en(e.tile)}: {value} 花"
    else:
        en_text = f"{en} {name} {tile_en(e.tile)}: {value} 花"
    zh_text = f"{zh} {tile_zh(e.tile)}：{value} 花"
    if e.note == "discard":
        en_text = f"{en} {name} {tile_en(e.tile)} (completed by the winning discard): {value} 花"
        zh_text = f"{zh} {tile_zh(e.tile)}（胡的是别家的牌，算明碰）：{value} 花"
    elif e.note == "held4":
        en_text = f"{en} {name} {tile_en(e.tile)} (held four times, counts once): {value} 花"
        zh_text = f"{zh} {tile_zh(e.tile)}（手里四张，算一个暗刻）：{value} 花"
    return ScoreLine(LineKind.FLOWER, en_text, zh_text, value, e.id)


@dataclass(frozen=True, slots=True)
class Share:
    """What one payer pays the winner, in shares, and why."""

    seat: int
    shares: int
    why_en: str
    why_zh: str


def pay(ctx: WinContext, shares: Sequence[Share], value: int) -> tuple[tuple[int, int, int, int], list[ScoreLine]]:
    """Payments of ``shares`` of ``value`` each to the winner, with a line per payer and the total."""
    payments = [0, 0, 0, 0]
    lines: list[ScoreLine] = []
    for s in shares:
        amount = s.shares * value
        payments[s.seat] -= amount
        payments[ctx.winner] += amount
        unit_en = "share" if s.shares == 1 else "shares"
        lines.append(
            ScoreLine(
                LineKind.PAYMENT,
                f"seat {s.seat} pays {amount}: {s.shares} {unit_en} ({s.why_en})",
                f"座位{s.seat} 付 {amount} 分：{s.shares} 份（{s.why_zh}）",
                amount,
                "payment",
                s.seat,
            )
        )
    won = payments[ctx.winner]
    lines.append(
        ScoreLine(LineKind.PAYMENT, f"seat {ctx.winner} wins {won}", f"座位{ctx.winner} 赢 {won} 分", won, "winner")
    )
    return (payments[0], payments[1], payments[2], payments[3]), lines


def flower_value_lines(flowers: int, base_flowers: int, base: int) -> tuple[int, list[ScoreLine]]:
    """A flower hand's value before doublings and cap: (花 + base 花) × base score, with its two lines."""
    total = flowers + base_flowers
    running = total * base
    return running, [
        ScoreLine(
            LineKind.MULTIPLIER,
            f"base {base_flowers} 花: {flowers} + {base_flowers} = {total} 花",
            f"底 {base_flowers} 花：{flowers} + {base_flowers} = {total} 花",
            base_flowers,
            "base_flowers",
        ),
        ScoreLine(
            LineKind.MULTIPLIER,
            f"{total} 花 × base score {base} = {running}",
            f"{total} 花 × 底分 {base} = {running}",
            running,
            "base_score",
        ),
    ]


def doubled_line(value: int, times: int, id_: str, en: str, zh: str) -> ScoreLine:
    """A multiplier line: ``en`` ×times = value."""
    return ScoreLine(LineKind.MULTIPLIER, f"{en} ×{times} = {value}", f"{zh} ×{times} = {value}", value, id_)


def share_line(value: int) -> ScoreLine:
    """The value of one share."""
    return ScoreLine(LineKind.VALUE, f"one share: {value}", f"每份 {value} 分", value, "share")


def settled(ctx: WinContext, r: Reading, value: int, shares: Sequence[Share], lines: list[ScoreLine]) -> ScoreResult:
    """The result of a win read as ``r``, one share worth ``value``: the lines so far, the share, and who pays."""
    lines.append(share_line(value))
    payments, payment_lines = pay(ctx, shares, value)
    lines.extend(payment_lines)
    return ScoreResult(
        valid=True, types=r.types, flowers=r.flowers, lezi=r.lezi, value=value, payments=payments, lines=tuple(lines)
    )
