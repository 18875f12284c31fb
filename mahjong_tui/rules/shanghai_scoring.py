"""Shanghai scoring (上海麻将 算分): hand types, 花, 勒子, and who pays whom.

``score_shanghai`` turns a :class:`~mahjong_tui.engine.scoring.WinContext` into a
:class:`~mahjong_tui.engine.scoring.ScoreResult` under a preset's numbers
(:mod:`.shanghai_presets`); the players' version of these rules is ``docs/shanghai.md``.
"""

from __future__ import annotations

from functools import cache

from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult, WinBy, WinContext
from mahjong_tui.engine.tiles import counts_of, is_flower
from mahjong_tui.engine.words import Words, joined, said, saying

from .hand_types import ShanghaiWin, qualifying, shanghai_types, value_of
from .shanghai_hands import Element, HandShape, no_shape, read_shapes, size_problem
from .shanghai_lines import (
    Reading,
    Share,
    cap_line,
    doubled_line,
    effect_words,
    element_line,
    flower_value_lines,
    lezi_lines,
    plain_hand,
    settled,
    type_line,
)
from .shanghai_presets import ShanghaiParams


@cache
def konger_pays() -> Words:
    """What robbing a kong makes the konger pay here."""
    return said("hand_value.konger_pays_all")


# --------------------------------------------------------------------------- scoring


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
    qualifies = qualifying(params.name)
    qualified = [r for r in readings if qualifies.intersection(r.types)]
    if not qualified:
        return plain_hand([params.hand_types[t] for t in readings[0].types], _shanghai_name())
    best = max(qualified, key=lambda r: _key(params, r))
    return _result(ctx, params, best)


@cache
def _shanghai_name() -> Words:
    """The rule set's name as a plain hand's refusal says it (said once: bots ask about many plain hands)."""
    return said("rules_refusal.shanghai.name")


def _key(params: ShanghaiParams, r: Reading) -> tuple[int, int, int]:
    """Pays most, then more lezi among its types, then more types (docs/shanghai.md "What a win is worth")."""
    return (r.points, sum(params.lezi_of(t) for t in r.types), len(r.types))


def _readings(ctx: WinContext, params: ShanghaiParams, shapes: list[HandShape]) -> list[Reading]:
    """Every distinct reading of the hand: its types and 花 elements, valued."""
    readings: list[Reading] = []
    seen: set[tuple[tuple[str, ...], tuple[Element, ...]]] = set()
    for shape in shapes:
        key = (shanghai_types(params.name, ShanghaiWin(ctx, shape)), shape.elements)
        if key not in seen:
            seen.add(key)
            readings.append(_make_reading(params, *key))
    return readings


def _make_reading(params: ShanghaiParams, types: tuple[str, ...], elements: tuple[Element, ...]) -> Reading:
    """A reading valued: its largest lezi, or its 花 and the base 花 doubled for each fan, held at the cap."""
    flowers = sum(params.flower_values[e.id] for e in elements)
    lezi = max((params.lezi_of(t) for t in types), default=0)
    if lezi:
        return Reading(types, elements, flowers, lezi, lezi * params.lezi_in_base, False)
    fan = sum(params.fan.get(t, 0) for t in types)
    raw = (flowers + params.base_flowers) << fan
    cap = params.cap_lezi * params.lezi_in_base
    return Reading(types, elements, flowers, 0, min(raw, cap), raw > cap)


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
    """Who pays how many shares (docs/shanghai.md "Who pays", 三口 included)."""
    w = ctx.winner
    others = [(w + k) % 4 for k in (1, 2, 3)]
    big = params.sankou_self_draw_shares
    if ctx.win_by is WinBy.SELF_DRAW:
        return [
            Share(o, big, saying("who_pays.shanghai.self_draw_sankou"))
            if o in related
            else Share(o, 1, saying("who_pays.shanghai.self_draw"))
            for o in others
        ]
    d = ctx.discarder
    assert d is not None
    if ctx.win_by is WinBy.ROBBED_KONG:
        total = sum(big if o in related else 1 for o in others)
        if related:
            seats = joined((said("who_pays.shanghai.seat", seat=o) for o in sorted(related)), ", ", "、")
            why = saying("who_pays.shanghai.robbed_kong_sankou", shares=big, seats=seats)
        else:
            why = saying("who_pays.shanghai.robbed_kong")
        return [Share(d, total, why)]
    if d in related:
        return [Share(d, params.sankou_discard_shares, saying("who_pays.shanghai.dealt_in_sankou"))]
    if related:
        if ctx.discarder_ready:
            out = [Share(d, 1, saying("who_pays.shanghai.dealt_in_ready"))]
            partner = saying("who_pays.shanghai.sankou_ready_discarder")
            return out + [Share(o, 1, partner) for o in sorted(related)]
        return [Share(d, params.unready_discard_shares, saying("who_pays.shanghai.dealt_in_unready"))]
    return [Share(d, 1, saying("who_pays.shanghai.dealt_in"))]


# --------------------------------------------------------------------------- result and lines


def _result(ctx: WinContext, params: ShanghaiParams, r: Reading) -> ScoreResult:
    base = ctx.base
    lines: list[ScoreLine] = []
    if ctx.first_turn and ctx.melds:
        lines.append(ScoreLine.of(LineKind.NOTE, saying("score_line.shanghai.not_first_turn"), id="first_turn"))
    lines.extend(_type_line(params, t, r) for t in r.types)
    lines.extend(element_line(params.flower_values, e) for e in r.elements)
    value = r.points * base
    if r.lezi:
        lines.extend(lezi_lines(r, params.lezi_in_base, base, value))
    else:
        running, value_lines = flower_value_lines(r.flowers, params.base_flowers, base)
        lines.extend(value_lines)
        for t in r.types:
            for _ in range(params.fan.get(t, 0)):
                running *= 2
                fan = saying("score_line.shanghai.fan", name=params.hand_types[t].named(), id=t)
                lines.append(doubled_line(running, 2, t, fan))
        if r.capped:
            lines.append(cap_line(params.cap_lezi, value))
    if ctx.huangfan:
        value *= params.huangfan_factor
        lines.append(doubled_line(value, params.huangfan_factor, "huangfan", saying("score_line.shanghai.huangfan")))
    return settled(ctx, r, value, _shares(ctx, params, related_seats(ctx, params)), lines)


def _type_line(params: ShanghaiParams, t: str, r: Reading) -> ScoreLine:
    """The line of hand type ``t`` in a win read as ``r``."""
    value = value_of(params.name, t)
    assert value is not None
    return type_line(
        params.hand_types[t], effect_words(value, konger_pays(), lezi_hand=bool(r.lezi)), params.lezi_of(t)
    )
