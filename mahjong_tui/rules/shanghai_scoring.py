"""Shanghai scoring (上海麻将 算分): hand types, 花, 勒子, and who pays whom.

``score_shanghai`` turns a :class:`~mahjong_tui.engine.scoring.WinContext` into a
:class:`~mahjong_tui.engine.scoring.ScoreResult` under a preset's numbers
(:mod:`.shanghai_presets`); the players' version of these rules is ``docs/shanghai.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_tui.engine.melds import Meld, MeldKind
from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult, WinBy, WinContext
from mahjong_tui.engine.shapes import Split, is_seven_pairs, regular_splits
from mahjong_tui.engine.tiles import (
    NUM_KINDS,
    Tile,
    counts_of,
    is_dragon,
    is_flower,
    is_honour,
    is_wind,
    tile_en,
    tile_name,
    tile_zh,
)

from .shanghai_presets import (
    FLOWER_ELEMENTS,
    QUALIFYING_TYPES,
    SHANGHAI_HAND_TYPES,
    TYPE_ORDER,
    ZH_DESCRIPTION,
    ShanghaiParams,
)

# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class _Element:
    """One 花-scoring element: its id in FLOWER_ELEMENTS, its tile, and how it came."""

    id: str
    tile: Tile
    note: str = ""  # "added", "discard" (won on a discard), "held4" (4 held, no regular split)


@dataclass(frozen=True, slots=True)
class _Reading:
    """One way of reading the winning hand: its types and its 花 elements."""

    types: tuple[str, ...]
    elements: tuple[_Element, ...]
    flowers: int
    lezi: int
    points: int  # one share before 荒番
    capped: bool

    def key(self, params: ShanghaiParams) -> tuple[int, int, int]:
        """Pays most, then more lezi among its types, then more types (RULES.md §4)."""
        return (self.points, sum(params.lezi_of(t) for t in self.types), len(self.types))


def score_shanghai(ctx: WinContext, params: ShanghaiParams) -> ScoreResult:
    """Score a Shanghai win under the preset ``params``: validity, hand types, 花, lezi, one share and payments."""
    if ctx.win_by is not WinBy.SELF_DRAW:
        if ctx.discarder is None or ctx.discarder == ctx.winner or not 0 <= ctx.discarder <= 3:
            raise ValueError(f"a {ctx.win_by.value} win needs a discarder other than the winner")
    if ctx.win_tile is None:
        return _not_a_win("not a winning hand: there is no winning tile", "不能胡：没有胡的那张牌")
    concealed = [t for t in ctx.all_concealed if not is_flower(t)]
    want = 14 - 3 * len(ctx.melds)
    if len(concealed) != want:
        return _not_a_win(
            f"not a winning hand: {len(concealed)} tiles in hand with the winning tile, "
            f"a win needs {want} with {len(ctx.melds)} meld(s)",
            f"不能胡：手牌连胡的那张共 {len(concealed)} 张，{len(ctx.melds)} 副落地牌时应为 {want} 张",
        )

    counts = counts_of(concealed)
    readings = _readings(ctx, params, counts)
    if readings is None:
        if not ctx.melds and is_seven_pairs(counts, quad_is_two_pairs=True):
            return _not_a_win(
                "not a winning hand: seven pairs (七对) does not win in Shanghai", "不能胡：上海麻将不算七对"
            )
        return _not_a_win(
            "not a winning hand: the tiles do not make four sets and a pair, "
            "nor 乱风向 (all honours) or 八花 (all eight flowers)",
            "不能胡：不成四副加一对，也不是乱风向或八花",
        )
    qualifying = [r for r in readings if any(t in QUALIFYING_TYPES for t in r.types)]
    if not qualifying:
        return _plain_hand(readings[0])
    best = max(qualifying, key=lambda r: r.key(params))
    return _result(ctx, params, best)


def _readings(ctx: WinContext, params: ShanghaiParams, counts: list[int]) -> list[_Reading] | None:
    """Every reading of the hand as a win; None when it has no winning shape."""
    melds = ctx.melds
    suits: set[int] = set()
    honours = False
    for t in range(NUM_KINDS):
        if counts[t]:
            if t < 27:
                suits.add(t // 9)
            else:
                honours = True
    for m in melds:
        if m.first < 27:
            suits.add(m.first // 9)
        else:
            honours = True
    all_honours = not suits
    flower_set = {t for t in ctx.flowers if is_flower(t)}
    bahua = len(flower_set) == 8
    situational = _situational_types(ctx, bahua)
    meld_elements = [e for m in melds if (e := _meld_element(m)) is not None]
    flower_elements = [_Element("flower", t) for t in sorted(flower_set)]
    won_on_discard = ctx.win_by is not WinBy.SELF_DRAW

    splits = regular_splits(counts)
    readings: list[_Reading] = []
    if splits:
        exposed = sum(1 for m in melds if m.kind.is_exposed)
        no_chi = all(m.kind is not MeldKind.CHI for m in melds)
        shape_types: list[str] = []
        if exposed == 4:
            shape_types.append("dadiaoche")
        if exposed == 0:
            shape_types.append("menqing")
        seen: set[tuple[tuple[str, ...], tuple[_Element, ...]]] = set()
        for split in splits:
            all_triplets = no_chi and all(s.triplet for s in split.sets)
            types = [*situational, *shape_types, *_suit_types(suits, honours, all_triplets)]
            elements = tuple(
                flower_elements + meld_elements + _split_elements(split, ctx.win_tile if won_on_discard else None)
            )
            key = (tuple(sorted(types, key=TYPE_ORDER.__getitem__)), elements)
            if key in seen:
                continue
            seen.add(key)
            readings.append(_make_reading(params, key[0], elements))
    elif all_honours or bahua:
        types = list(situational)
        if all_honours:
            types.append("luanfengxiang")
        elements = tuple(
            flower_elements + meld_elements + _held_honour_elements(counts, ctx.win_tile if won_on_discard else None)
        )
        readings.append(_make_reading(params, tuple(sorted(types, key=TYPE_ORDER.__getitem__)), elements))
    else:
        return None
    return readings


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


def _suit_types(suits: set[int], honours: bool, all_triplets: bool) -> list[str]:
    """The suit-and-shape types of a regular reading, nested ones left out."""
    if not suits:
        return ["ziyise"]  # honours only form triplets, so a regular all-honour hand is 字一色
    if len(suits) == 1:
        if honours:
            return ["hunpeng" if all_triplets else "hunyise"]
        return ["qingpeng" if all_triplets else "qingyise"]
    return ["pengpenghu"] if all_triplets else []


def _meld_element(meld: Meld) -> _Element | None:
    """The 花 element of a meld, if it scores."""
    t = meld.first
    kind = meld.kind
    if kind is MeldKind.CHI:
        return None
    if kind is MeldKind.PONG:
        if is_wind(t):
            return _Element("wind_pong", t)
        if is_dragon(t):
            return _Element("dragon_pong", t)
        return None
    prefix = "wind_" if is_wind(t) else "dragon_" if is_dragon(t) else ""
    if kind is MeldKind.CONCEALED_KONG:
        return _Element(prefix + "concealed_kong", t)
    return _Element(prefix + "kong", t, "added" if kind is MeldKind.ADDED_KONG else "")


def _split_elements(split: Split, discard_tile: Tile | None) -> list[_Element]:
    """花 elements of the concealed sets: wind and dragon triplets."""
    out: list[_Element] = []
    for s in split.sets:
        if s.triplet and is_honour(s.first):
            out.append(_honour_triplet(s.first, discard_tile, held4=False))
    return out


def _held_honour_elements(counts: Sequence[int], discard_tile: Tile | None) -> list[_Element]:
    """With no regular split, an honour held 3 or 4 times is one concealed triplet (RULES.md §4)."""
    return [_honour_triplet(t, discard_tile, held4=counts[t] == 4) for t in range(27, NUM_KINDS) if counts[t] >= 3]


def _honour_triplet(tile: Tile, discard_tile: Tile | None, *, held4: bool) -> _Element:
    # A triplet completed by a discarded (or robbed) winning tile counts as exposed.
    exposed = discard_tile == tile and not held4
    base = "wind" if is_wind(tile) else "dragon"
    note = "held4" if held4 else "discard" if exposed else ""
    return _Element(f"{base}_pong" if exposed else f"{base}_triplet", tile, note)


def _make_reading(params: ShanghaiParams, types: tuple[str, ...], elements: tuple[_Element, ...]) -> _Reading:
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


@dataclass(frozen=True, slots=True)
class _Share:
    seat: int
    shares: int
    why_en: str
    why_zh: str


def _shares(ctx: WinContext, params: ShanghaiParams, related: frozenset[int]) -> list[_Share]:
    """Who pays how many shares (RULES.md §2 payments, 三口 included)."""
    w = ctx.winner
    others = [(w + k) % 4 for k in (1, 2, 3)]
    big = params.sankou_self_draw_shares
    if ctx.win_by is WinBy.SELF_DRAW:
        return [
            _Share(o, big, "self-draw, 三口 with the winner", "自摸，与胡家三口")
            if o in related
            else _Share(o, 1, "self-draw", "自摸")
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
        return [_Share(d, total, why_en, why_zh)]
    if d in related:
        n = params.sankou_discard_shares
        return [_Share(d, n, "dealt in, 三口 with the winner; nobody else pays", "放炮，与胡家三口，别家不付")]
    if related:
        if ctx.discarder_ready:
            out = [_Share(d, 1, "dealt in while ready (听牌)", "听牌时放炮")]
            out += [
                _Share(o, 1, "三口 with the winner, the discarder was ready", "与胡家三口，放炮者已听牌")
                for o in sorted(related)
            ]
            return out
        n = params.unready_discard_shares
        return [
            _Share(
                d,
                n,
                "dealt in while not ready, to a winner with 三口 partners",
                "未听牌放炮给有三口关系的胡家",
            )
        ]
    return [_Share(d, 1, "dealt in", "放炮")]


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
    lines.extend(_element_line(params, e) for e in r.elements)
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
        total = r.flowers + params.base_flowers
        lines.append(
            ScoreLine(
                LineKind.MULTIPLIER,
                f"base {params.base_flowers} 花: {r.flowers} + {params.base_flowers} = {total} 花",
                f"底 {params.base_flowers} 花：{r.flowers} + {params.base_flowers} = {total} 花",
                params.base_flowers,
                "base_flowers",
            )
        )
        running = total * base
        lines.append(
            ScoreLine(
                LineKind.MULTIPLIER,
                f"{total} 花 × base score {base} = {running}",
                f"{total} 花 × 底分 {base} = {running}",
                running,
                "base_score",
            )
        )
        for t in r.types:
            for _ in range(params.fan.get(t, 0)):
                running *= 2
                ht = SHANGHAI_HAND_TYPES[t]
                lines.append(
                    ScoreLine(
                        LineKind.MULTIPLIER,
                        f"{ht.en} ({t}) ×2 = {running}",
                        f"{ht.zh} ×2 = {running}",
                        running,
                        t,
                    )
                )
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
        lines.append(
            ScoreLine(
                LineKind.MULTIPLIER,
                f"荒番 hand ×{params.huangfan_factor} = {value}",
                f"荒番 ×{params.huangfan_factor} = {value}",
                value,
                "huangfan",
            )
        )
    lines.append(ScoreLine(LineKind.VALUE, f"one share: {value}", f"每份 {value} 分", value, "share"))

    related = related_seats(ctx, params)
    payments = [0, 0, 0, 0]
    for s in _shares(ctx, params, related):
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
        ScoreLine(
            LineKind.PAYMENT,
            f"seat {ctx.winner} wins {won}",
            f"座位{ctx.winner} 赢 {won} 分",
            won,
            "winner",
        )
    )
    return ScoreResult(
        valid=True,
        types=r.types,
        flowers=r.flowers,
        lezi=r.lezi,
        value=value,
        payments=(payments[0], payments[1], payments[2], payments[3]),
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
        f"{ht.zh}（{ZH_DESCRIPTION[t]}）：{effect_zh}",
        lezi or None,
        t,
    )


def _element_line(params: ShanghaiParams, e: _Element) -> ScoreLine:
    value = params.flower_values[e.id]
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


def _not_a_win(reason: str, zh: str) -> ScoreResult:
    return ScoreResult(valid=False, reason=reason, lines=(ScoreLine(LineKind.NOTE, reason, zh, id="invalid"),))


def _plain_hand(r: _Reading) -> ScoreResult:
    """A complete hand with no qualifying type (`001`: 不能胡最普通胡牌牌形)."""
    reason = "a plain hand cannot win in Shanghai: it needs 混一色, 碰碰胡 or better"
    bonus = [SHANGHAI_HAND_TYPES[t] for t in r.types]
    if bonus:
        names = " and ".join(f"{ht.zh} {ht.id}" for ht in bonus)
        reason += f" ({names} alone {'does' if len(bonus) == 1 else 'do'} not qualify)"
    return _not_a_win(reason, "上海麻将不能胡平胡：至少要混一色、碰碰胡或更大的牌型")
