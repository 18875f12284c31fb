"""Shanghai scoring (上海麻将 算分): hand types, 花, 勒子, and who pays whom.

``score_shanghai`` turns a :class:`~mahjong_tui.engine.scoring.WinContext` into a
:class:`~mahjong_tui.engine.scoring.ScoreResult` under a preset's numbers
(:mod:`.shanghai_presets`); the players' version of these rules is ``docs/shanghai.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult, WinBy, WinContext
from mahjong_tui.engine.tiles import counts_of, is_flower

from .shanghai_hands import (
    Element,
    HandShape,
    Share,
    bahua,
    doubled_line,
    element_line,
    flower_value_lines,
    no_shape,
    not_a_win,
    pay,
    read_shapes,
    share_line,
    size_problem,
)
from .shanghai_presets import QUALIFYING_TYPES, SHANGHAI_HAND_TYPES, TYPE_ORDER, ShanghaiParams

# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class _Reading:
    """One way of reading the winning hand: its types and its 花 elements."""

    types: tuple[str, ...]
    elements: tuple[Element, ...]
    flowers: int
    lezi: int
    points: int  # one share before 荒番
    capped: bool

    def key(self, params: ShanghaiParams) -> tuple[int, int, int]:
        """Pays most, then more lezi among its types, then more types (RULES.md §4)."""
        return (self.points, sum(params.lezi_of(t) for t in self.types), len(self.types))


def score_shanghai(ctx: WinContext, params: ShanghaiParams) -> ScoreResult:
    """Score a Shanghai win under the preset ``params``: validity, hand types, 花, lezi, one share and payments."""
    problem = size_problem(ctx)
    if problem is not None:
        return problem
    counts = counts_of([t for t in ctx.all_concealed if not is_flower(t)])
    shapes = read_shapes(ctx, counts)
    if not shapes:
        return no_shape(ctx, counts)
    readings = _readings(ctx, params, shapes)
    qualifying = [r for r in readings if any(t in QUALIFYING_TYPES for t in r.types)]
    if not qualifying:
        return _plain_hand(readings[0])
    best = max(qualifying, key=lambda r: r.key(params))
    return _result(ctx, params, best)


def _readings(ctx: WinContext, params: ShanghaiParams, shapes: list[HandShape]) -> list[_Reading]:
    """Every distinct reading of the hand: its types and 花 elements, valued."""
    situational = _situational_types(ctx, bahua(ctx))
    readings: list[_Reading] = []
    seen: set[tuple[tuple[str, ...], tuple[Element, ...]]] = set()
    declared = ctx.win_tile is None  # 八花 declared on the dealt hand: its 13 tiles make no other type
    for shape in shapes:
        types = [*situational, *([] if declared else _shape_types(shape))]
        key = (tuple(sorted(types, key=TYPE_ORDER.__getitem__)), shape.elements)
        if key not in seen:
            seen.add(key)
            readings.append(_make_reading(params, *key))
    return readings


def _shape_types(shape: HandShape) -> list[str]:
    """The types a shape has: 大吊车 and 门清 by its melds, then its suits (nested ones left out)."""
    if not shape.regular:
        return ["luanfengxiang"] if shape.all_honours else []
    out = []
    if shape.exposed == 4:
        out.append("dadiaoche")
    if shape.exposed == 0:
        out.append("menqing")
    return out + _suit_types(shape.suits, shape.honours, shape.all_triplets)


def _situational_types(ctx: WinContext, bahua: bool) -> list[str]:
    """Types that depend on how and when the hand was won, not on its shape."""
    types: list[str] = []
    # Any meld (a claim, or a kong of one's own) ends the first turn (RULES.md §4, docs/common.md).
    first_turn = ctx.first_turn and not ctx.melds
    if first_turn and ctx.winner == ctx.dealer and ctx.win_by is WinBy.SELF_DRAW:
        types.append("tianhu")
    if first_turn and ctx.winner != ctx.dealer and ctx.win_by is not WinBy.ROBBED_KONG:
        types.append("dihu")
    if bahua:
        types.append("bahua")
    if ctx.replacement and ctx.win_by is WinBy.SELF_DRAW:
        types.append("gangkai")
    if ctx.win_by is WinBy.ROBBED_KONG:
        types.append("qianggang")
    return types


def _suit_types(suits: frozenset[int], honours: bool, all_triplets: bool) -> list[str]:
    """The suit-and-shape types of a regular reading, nested ones left out."""
    if not suits:
        return ["ziyise"]  # honours only form triplets, so a regular all-honour hand is 字一色
    if len(suits) == 1:
        if honours:
            return ["hunpeng" if all_triplets else "hunyise"]
        return ["qingpeng" if all_triplets else "qingyise"]
    return ["pengpenghu"] if all_triplets else []


def _make_reading(params: ShanghaiParams, types: tuple[str, ...], elements: tuple[Element, ...]) -> _Reading:
    flowers = sum(params.flower_values[e.id] for e in elements)
    lezi = max((params.lezi_of(t) for t in types), default=0)
    if lezi:
        return _Reading(types, elements, flowers, lezi, lezi * params.lezi_in_base, False)
    fan = sum(params.fan.get(t, 0) for t in types)
    raw = (flowers + params.base_flowers) << fan
    cap = params.cap_lezi * params.lezi_in_base
    return _Reading(types, elements, flowers, 0, min(raw, cap), raw > cap)


# --------------------------------------------------------------------------- payments


def related_seats(ctx: WinContext, params: ShanghaiParams) -> frozenset[int]:
    """Seats in a 三口 relation with the winner (3+ claims either way this hand)."""
    w = ctx.winner
    need = params.sankou_claims
    if ctx.claims is not None:
        c = ctx.claims
        return frozenset(o for o in range(4) if o != w and (c[w][o] >= need or c[o][w] >= need))
    # Without a claims matrix only the winner's own melds are known.
    from_seat = [0, 0, 0, 0]
    for m in ctx.melds:
        if m.source is not None and m.source != w and 0 <= m.source <= 3:
            from_seat[m.source] += 1
    return frozenset(o for o in range(4) if o != w and from_seat[o] >= need)


def _shares(ctx: WinContext, params: ShanghaiParams, related: frozenset[int]) -> list[Share]:
    """Who pays how many shares (RULES.md §2 payments, 三口 included)."""
    w = ctx.winner
    others = [(w + k) % 4 for k in (1, 2, 3)]
    big = params.sankou_self_draw_shares
    if ctx.win_by is WinBy.SELF_DRAW:
        return [
            Share(o, big, "self-draw, 三口 with the winner", "自摸，与胡家三口")
            if o in related
            else Share(o, 1, "self-draw", "自摸")
            for o in others
        ]
    d = ctx.discarder
    assert d is not None
    if ctx.win_by is WinBy.ROBBED_KONG:
        total = sum(big if o in related else 1 for o in others)
        if related:
            names = ", ".join(f"seat {o}" for o in sorted(related))
            names_zh = "、".join(f"座位{o}" for o in sorted(related))
            why_en = f"robbed kong: pays what all three pay on a self-draw, {big} for 三口 {names}"
            why_zh = f"被抢杠：包三家自摸的份数，{names_zh} 三口算 {big} 份"
        else:
            why_en, why_zh = "robbed kong: pays what all three pay on a self-draw", "被抢杠：包三家自摸的份数"
        return [Share(d, total, why_en, why_zh)]
    if d in related:
        n = params.sankou_discard_shares
        return [Share(d, n, "dealt in, 三口 with the winner; nobody else pays", "放炮，与胡家三口，别家不付")]
    if related:
        if ctx.discarder_ready:
            out = [Share(d, 1, "dealt in while ready (听牌)", "听牌时放炮")]
            out += [
                Share(o, 1, "三口 with the winner, the discarder was ready", "与胡家三口，放炮者已听牌")
                for o in sorted(related)
            ]
            return out
        n = params.unready_discard_shares
        return [
            Share(
                d,
                n,
                "dealt in while not ready, to a winner with 三口 partners",
                "未听牌放炮给有三口关系的胡家",
            )
        ]
    return [Share(d, 1, "dealt in", "放炮")]


# --------------------------------------------------------------------------- result and lines


def _result(ctx: WinContext, params: ShanghaiParams, r: _Reading) -> ScoreResult:
    base = ctx.base
    lines: list[ScoreLine] = []
    if ctx.first_turn and ctx.melds:
        lines.append(
            ScoreLine(
                LineKind.NOTE,
                "not a first-turn win: a meld (a claim or a kong) ends the first turn, so no 天胡 or 地胡",
                "已有吃碰杠，不算天胡地胡",
                id="first_turn",
            )
        )
    lines.extend(_type_line(params, t, r) for t in r.types)
    lines.extend(element_line(params.flower_values, e) for e in r.elements)
    value = r.points * base
    if r.lezi:
        if r.elements:
            lines.append(
                ScoreLine(
                    LineKind.NOTE,
                    f"a lezi hand: its {r.flowers} 花 do not change the value",
                    f"勒子牌：{r.flowers} 花不计",
                )
            )
        lines.append(
            ScoreLine(
                LineKind.MULTIPLIER,
                f"{r.lezi} lezi × {params.lezi_in_base} × base score {base} = {value}",
                f"{r.lezi} 勒子 × {params.lezi_in_base} × 底分 {base} = {value}",
                value,
                "lezi",
            )
        )
    else:
        running, value_lines = flower_value_lines(r.flowers, params.base_flowers, base)
        lines.extend(value_lines)
        for t in r.types:
            for _ in range(params.fan.get(t, 0)):
                running *= 2
                ht = SHANGHAI_HAND_TYPES[t]
                lines.append(doubled_line(running, 2, t, f"{ht.en} ({t})", ht.zh))
        if r.capped:
            lines.append(
                ScoreLine(
                    LineKind.MULTIPLIER,
                    f"capped at {params.cap_lezi} lezi = {value}",
                    f"封顶 {params.cap_lezi} 勒子 = {value}",
                    value,
                    "cap",
                )
            )
    if ctx.huangfan:
        value *= params.huangfan_factor
        lines.append(doubled_line(value, params.huangfan_factor, "huangfan", "荒番 hand", "荒番"))
    lines.append(share_line(value))
    payments, payment_lines = pay(ctx, _shares(ctx, params, related_seats(ctx, params)), value)
    lines.extend(payment_lines)
    return ScoreResult(
        valid=True,
        types=r.types,
        flowers=r.flowers,
        lezi=r.lezi,
        value=value,
        payments=payments,
        lines=tuple(lines),
    )


def _type_line(params: ShanghaiParams, t: str, r: _Reading) -> ScoreLine:
    ht = SHANGHAI_HAND_TYPES[t]
    lezi = params.lezi_of(t)
    fan = params.fan.get(t, 0)
    if lezi:
        effect_en = f"{lezi} lezi"
        effect_zh = f"{lezi} 勒子"
    elif t == "qianggang":
        effect_en, effect_zh = "the konger pays for all three", "杠牌者包三家"
    elif fan:
        times = 2**fan
        if r.lezi:
            effect_en, effect_zh = f"×{times} on 花, no effect in a lezi hand", f"花 ×{times}，勒子牌不计"
        else:
            effect_en, effect_zh = f"×{times} on 花", f"花 ×{times}"
    else:
        effect_en, effect_zh = "scored by 花", "算花"
    return ScoreLine(
        LineKind.TYPE,
        f"{ht.en} ({t}): {ht.description} — {effect_en}",
        f"{ht.zh}（{ht.description_zh}）：{effect_zh}",
        lezi or None,
        t,
    )


def _plain_hand(r: _Reading) -> ScoreResult:
    """A complete hand with no qualifying type (`001`: 不能胡最普通胡牌牌形)."""
    reason = "a plain hand cannot win in Shanghai: it needs 混一色, 碰碰胡 or better"
    bonus = [SHANGHAI_HAND_TYPES[t] for t in r.types]
    if bonus:
        names = " and ".join(f"{ht.zh} {ht.id}" for ht in bonus)
        reason += f" ({names} alone {'does' if len(bonus) == 1 else 'do'} not qualify)"
    return not_a_win(reason, "上海麻将不能胡平胡：至少要混一色、碰碰胡或更大的牌型")
