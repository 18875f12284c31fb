"""Changsha (长沙麻将) scoring: a finished hand's hand types, payments and a breakdown a learner can follow.

Points are fixed numbers with no base (``003``): a small win (小胡) is paid once, each big
type (大胡) is paid on its own and the results added, the bird (扎鸟) doubles what some
payers pay. The initial small wins (起手小胡) of a fresh deal are scored here too. What
wins is :mod:`.changsha_shapes`; each hand type's rule is its record (:mod:`.hand_types`);
the players' version is ``docs/changsha.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult, WinBy, WinContext, bird_seat, invalid
from mahjong_tui.engine.tiles import Tile, counts_of, number_of, tile_name, tile_zh
from mahjong_tui.engine.words import Words, said

from .changsha_shapes import ChangshaHand, changsha_hand
from .hand_types import RECORDS, ChangshaWin, Pays, Reads, changsha_types, hand_types_of, paying
from .hand_types.record import CHANGSHA

CHANGSHA_HAND_TYPES = hand_types_of(CHANGSHA)
BIG_TYPES: tuple[str, ...] = paying(CHANGSHA, Pays.BIG)
INITIAL_TYPES: tuple[str, ...] = paying(CHANGSHA, Pays.INITIAL)
#: the types a hand has by its shape alone, as :func:`changsha_winning_shapes` lists them; "xiaohu" there is shape
#: (a), four sets and a 2-5-8 pair
SHAPES: tuple[str, ...] = tuple(t for t in hand_types_of(CHANGSHA) if RECORDS[t].reads is Reads.TILES)

SMALL_SELF_DRAW_DEALER = 20  # paid by the dealer, or by everyone when the dealer wins
SMALL_SELF_DRAW_OTHER = 10
SMALL_DISCARD = 10
BIG_SELF_DRAW_DEALER = 40
BIG_SELF_DRAW_OTHER = 30
BIG_DISCARD = 60
DEALER_EXTRA = 10  # per unit on a discard win when the dealer is winner or payer

#: no win: a hand looked at by its tiles alone (the conditions of its shapes read nothing more)
_TILES_ALONE = WinContext(winner=0, concealed=(), win_tile=None)


def changsha_winning_shapes(counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[str]:
    """Every winning shape (a)–(e) the hand has, as ids of SHAPES; empty = no win.

    ``xiaohu`` here is shape (a), four sets and a 2-5-8 pair; it stays a small win only
    when no big type comes with it.
    """
    return list(changsha_types(ChangshaWin(_TILES_ALONE, changsha_hand(counts, melds)), Reads.TILES))


def initial_small_wins(counts: Sequence[int]) -> list[str]:
    """起手小胡 of a dealt hand (13 tiles, 14 for the dealer): ids of INITIAL_TYPES."""
    dealt = WinContext(winner=0, concealed=(), win_tile=None, initial=True)
    return list(changsha_types(ChangshaWin(dealt, ChangshaHand(tuple(counts))), Reads.DEALT))


# ---------------------------------------------------------------- scoring


_ROLE_EN = ("the dealer", "next to the dealer", "opposite the dealer", "previous to the dealer")
_ROLE_ZH = ("庄家", "庄家下家", "庄家对家", "庄家上家")


def _seat_en(seat: int, dealer: int) -> str:
    return f"seat {seat} (dealer)" if seat == dealer else f"seat {seat}"


def _seat_zh(seat: int, dealer: int) -> str:
    return f"座位{seat}（庄家）" if seat == dealer else f"座位{seat}"


def _check_seats(ctx: WinContext) -> None:
    """Raise ValueError for a context no table can produce (the caller validates input)."""
    for name, seat in (("winner", ctx.winner), ("dealer", ctx.dealer)):
        if not 0 <= seat <= 3:
            raise ValueError(f"{name} must be a seat 0..3, got {seat}")
    if ctx.win_by is not WinBy.SELF_DRAW and not ctx.initial:
        if ctx.discarder is None or not 0 <= ctx.discarder <= 3:
            raise ValueError(f"discarder must be a seat 0..3 for a {ctx.win_by.value} win")
        if ctx.discarder == ctx.winner:
            raise ValueError("the discarder cannot be the winner")


def _hand_problem(tiles: Sequence[Tile], melds: Sequence[Meld]) -> Words | None:
    """Why these tiles cannot even be looked at as a Changsha hand (None if they can)."""
    if any(t >= 27 for t in tiles) or any(t >= 27 for meld in melds for t in meld.tiles):
        return said("rules_refusal.changsha.suits_only")
    return None


def _named(*type_ids: str) -> dict[str, Words]:
    """Hand types by id, each named as a sentence names it: ``碰碰胡 all pongs`` / ``碰碰胡``."""
    records = (RECORDS[t] for t in type_ids)
    return {r.id: said("rules_refusal.changsha.named", zh=r.zh, en=r.en.lower()) for r in records}


def _not_winning_reason(hand: ChangshaHand, melds: Sequence[Meld]) -> Words:
    """Explain, in a player's words, why the hand does not win in Changsha."""
    size = sum(hand.counts[:27]) + 3 * len(melds)
    if size != 14:
        return said("rules_refusal.changsha.size", size=size)
    if hand.regular:
        return said("rules_refusal.changsha.pair_258", **_named("pengpenghu", "qingyise"))
    if melds and hand.all_pairs:
        return said("rules_refusal.changsha.qixiaodui_concealed", **_named("qixiaodui"))
    return said("rules_refusal.changsha.not_winning", **_named("pengpenghu", "qingyise", "qixiaodui", "jiangjianghu"))


def _type_line(type_id: str, rate_en: str, rate_zh: str, amount: int) -> ScoreLine:
    t = CHANGSHA_HAND_TYPES[type_id]
    if type_id == "xiaohu":
        # The name already says it is the small win.
        return ScoreLine(LineKind.TYPE, en=f"{t.en}: {rate_en}", zh=f"{t.zh}：{rate_zh}", amount=amount, id=type_id)
    if type_id in INITIAL_TYPES:
        size_en, size_zh = "initial small win", "起手小胡"
    else:
        size_en, size_zh = "big win", "大胡"
    return ScoreLine(
        LineKind.TYPE,
        en=f"{t.en} ({size_en}): {rate_en}",
        zh=f"{t.zh}（{size_zh}）：{rate_zh}",
        amount=amount,
        id=type_id,
    )


def _payment_lines(
    ctx: WinContext,
    per_unit: dict[int, tuple[int, int]],
    units: int,
    doubled: set[int],
) -> tuple[tuple[int, int, int, int], list[ScoreLine]]:
    """Payments from ``per_unit[payer] = (points, dealer extra)`` × units × bird."""
    pay = [0, 0, 0, 0]
    lines: list[ScoreLine] = []
    for payer in sorted(per_unit):
        points, extra = per_unit[payer]
        factor = 2 if payer in doubled else 1
        amount = units * (points + extra) * factor
        pay[payer] -= amount
        pay[ctx.winner] += amount
        inner = f"{points} + {extra}" if extra else f"{points}"
        expr = inner
        if units > 1:
            expr = f"{units} × ({inner})" if extra else f"{units} × {inner}"
        if factor == 2:
            expr = f"({expr}) × 2" if extra and units == 1 else f"{expr} × 2"
        sum_en = f" = {expr}" if expr != str(amount) else ""
        bird_en, bird_zh = (" (bird doubles)", "（中鸟翻倍）") if factor == 2 else ("", "")
        lines.append(
            ScoreLine(
                LineKind.PAYMENT,
                en=f"{_seat_en(payer, ctx.dealer).capitalize()} pays {amount} to seat {ctx.winner}{sum_en}{bird_en}",
                zh=f"{_seat_zh(payer, ctx.dealer)}付给座位{ctx.winner} {amount}{sum_en}{bird_zh}",
                amount=amount,
                seat=payer,
            )
        )
    total = pay[ctx.winner]
    lines.append(
        ScoreLine(
            LineKind.NOTE,
            en=f"{_seat_en(ctx.winner, ctx.dealer).capitalize()} receives {total} in all",
            zh=f"{_seat_zh(ctx.winner, ctx.dealer)}共收 {total}",
            amount=total,
            seat=ctx.winner,
        )
    )
    return (pay[0], pay[1], pay[2], pay[3]), lines


def _self_draw_rates(ctx: WinContext, dealer_points: int, other_points: int) -> dict[int, tuple[int, int]]:
    """What each other player pays per unit on a self-draw."""
    rates: dict[int, tuple[int, int]] = {}
    for seat in range(4):
        if seat == ctx.winner:
            continue
        dealer_rate = ctx.winner == ctx.dealer or seat == ctx.dealer
        rates[seat] = (dealer_points if dealer_rate else other_points, 0)
    return rates


def _self_draw_rate_text(ctx: WinContext, dealer_points: int, other_points: int, each: str) -> tuple[str, str]:
    """The self-draw rate in words; ``each`` is '' or ' per type'."""
    each_zh = "每种" if each else ""
    if ctx.winner == ctx.dealer:
        return (
            f"{dealer_points}{each} from each player (dealer wins)",
            f"庄家自摸，每家{each_zh}付 {dealer_points}",
        )
    return (
        f"{dealer_points}{each} from the dealer, {other_points}{each} from each other player",
        f"庄家{each_zh}付 {dealer_points}，其他闲家{each_zh}各付 {other_points}",
    )


def _bird_lines(ctx: WinContext, payers: Sequence[int]) -> tuple[set[int], list[ScoreLine]]:
    """Who pays double because of the bird, and the line that says why."""
    if ctx.bird is None:
        return set(), [ScoreLine(LineKind.NOTE, en="No bird: no tile was left to draw", zh="无鸟：牌墙已空")]
    n = number_of(ctx.bird)
    hit = bird_seat(ctx.bird, ctx.dealer)
    role = (n - 1) % 4
    head_en = f"Bird {tile_name(ctx.bird)}: {n} counted from the dealer lands on seat {hit} ({_ROLE_EN[role]})"
    head_zh = f"扎鸟 {tile_zh(ctx.bird)}：从庄家数 {n} 落在座位{hit}（{_ROLE_ZH[role]}）"
    doubled: set[int]
    if ctx.win_by is WinBy.SELF_DRAW:
        if hit == ctx.winner:
            doubled = set(payers)
            tail_en, tail_zh = "the winner: everyone pays double", "中赢家：每家付双倍"
        else:
            doubled = {hit}
            tail_en, tail_zh = f"seat {hit} pays double", f"座位{hit}付双倍"
    else:
        konger = ctx.win_by is WinBy.ROBBED_KONG
        who_en = "konger" if konger else "discarder"
        who_zh = "杠牌者" if konger else "点炮者"
        if hit == ctx.winner or hit == ctx.discarder:
            doubled = set(payers)
            hit_en = "the winner" if hit == ctx.winner else f"the {who_en}"
            hit_zh = "赢家" if hit == ctx.winner else who_zh
            tail_en, tail_zh = f"{hit_en}: the {who_en} pays double", f"中{hit_zh}：{who_zh}付双倍"
        else:
            doubled = set()
            tail_en = f"neither the winner nor the {who_en}: no double"
            tail_zh = f"未中赢家或{who_zh}：不翻倍"
    line = ScoreLine(LineKind.MULTIPLIER, en=f"{head_en}, {tail_en}", zh=f"{head_zh}，{tail_zh}", amount=n)
    return doubled, [line]


def score_changsha(ctx: WinContext) -> ScoreResult:
    """Score a Changsha win, or with ``ctx.initial`` the initial small wins of a deal."""
    _check_seats(ctx)
    if ctx.initial:
        return _score_initial(ctx)
    if ctx.win_tile is None:
        return invalid("a win needs the winning tile", "胡牌要有胡的那张牌")
    problem = _hand_problem(ctx.all_concealed, ctx.melds)
    if problem:
        return invalid(*problem)
    win = ChangshaWin(ctx, changsha_hand(counts_of(ctx.all_concealed), ctx.melds))
    if not changsha_types(win, Reads.TILES):
        return invalid(*_not_winning_reason(win.hand, ctx.melds))
    # the big types of its shape and of how it was won; with none, the small win (shape (a))
    types = [t for t in changsha_types(win, Reads.TILES, Reads.WIN) if t in BIG_TYPES] or ["xiaohu"]
    is_big = types != ["xiaohu"]
    units = len(types) if is_big else 1

    each = " per type" if is_big else ""
    each_zh = "每种" if is_big else ""
    robbed = ctx.win_by is WinBy.ROBBED_KONG
    if ctx.win_by is WinBy.SELF_DRAW:
        dealer_points = BIG_SELF_DRAW_DEALER if is_big else SMALL_SELF_DRAW_DEALER
        other_points = BIG_SELF_DRAW_OTHER if is_big else SMALL_SELF_DRAW_OTHER
        rates = _self_draw_rates(ctx, dealer_points, other_points)
        rate_en, rate_zh = _self_draw_rate_text(ctx, dealer_points, other_points, each)
        how_en, how_zh = "self-draw", "自摸"
    else:
        assert ctx.discarder is not None  # checked by _check_seats
        points = BIG_DISCARD if is_big else SMALL_DISCARD
        involved = ctx.dealer in (ctx.winner, ctx.discarder)
        extra = DEALER_EXTRA if involved else 0
        rates = {ctx.discarder: (points, extra)}
        payer_en, payer_zh = ("the konger", "杠牌者") if robbed else ("the discarder", "点炮者")
        rate_en, rate_zh = f"{points}{each} from {payer_en}", f"{payer_zh}{each_zh}付 {points}"
        if involved:
            rate_en += f", +{extra}{each} as the dealer is involved"
            rate_zh += f"，有庄家{each_zh}加 {extra}"
        if robbed:
            how_en, how_zh = "robbing a kong, paid like a discard by the konger", "抢杠，按杠牌者点炮计"
        else:
            how_en, how_zh = "discard", "点炮"
    lines: list[ScoreLine] = []
    per_type = sum(p + e for p, e in rates.values())
    for type_id in types:
        lines.append(_type_line(type_id, rate_en, rate_zh, per_type))
    if is_big:
        if units > 1:
            count_en = f"{units} big types ({how_en}): each settled on its own, then added"
            count_zh = f"大胡 {units} 种（{how_zh}）：每种单独结算后相加"
        else:
            count_en, count_zh = f"1 big type ({how_en})", f"大胡 1 种（{how_zh}）"
        lines.append(ScoreLine(LineKind.MULTIPLIER, en=count_en, zh=count_zh, amount=units))
    elif robbed:
        # a small win's line already says who pays for a discard or a self-draw; a robbed kong needs saying
        lines.append(ScoreLine(LineKind.NOTE, en=f"Small win, {how_en}", zh=f"小胡，{how_zh}"))
    doubled, bird = _bird_lines(ctx, list(rates))
    lines.extend(bird)
    payments, pay_lines = _payment_lines(ctx, rates, units, doubled)
    lines.extend(pay_lines)
    return ScoreResult(valid=True, types=tuple(types), payments=payments, lines=tuple(lines))


def _score_initial(ctx: WinContext) -> ScoreResult:
    """起手小胡: each type paid as one small self-draw, added up, no bird."""
    tiles = ctx.all_concealed
    problem = _hand_problem(tiles, ctx.melds)
    if problem:
        return invalid(*problem)
    if ctx.melds:
        return invalid(
            "initial small wins are declared right after the deal, before any meld", "起手小胡在起牌后、吃碰杠前报"
        )
    want = 14 if ctx.winner == ctx.dealer else 13
    if len(tiles) != want:
        who = "the dealer" if want == 14 else "a non-dealer"
        return invalid(
            f"initial small wins are judged on the dealt hand: {want} tiles for {who}, not {len(tiles)}",
            f"起手小胡看起手的牌：{'庄家' if want == 14 else '闲家'} {want} 张，不是 {len(tiles)} 张",
        )
    types = initial_small_wins(counts_of(tiles))
    if not types:
        return invalid(
            "no initial small win: 四喜, 板板胡, 缺一色 or 六六顺 is needed",
            "没有起手小胡：要四喜、板板胡、缺一色或六六顺",
        )
    rates = _self_draw_rates(ctx, SMALL_SELF_DRAW_DEALER, SMALL_SELF_DRAW_OTHER)
    rate_en, rate_zh = _self_draw_rate_text(ctx, SMALL_SELF_DRAW_DEALER, SMALL_SELF_DRAW_OTHER, "")
    per_type = sum(p for p, _ in rates.values())
    rate_en, rate_zh = f"paid as a small self-draw, {rate_en}", f"按小胡自摸：{rate_zh}"
    lines = [_type_line(t, rate_en, rate_zh, per_type) for t in types]
    units = len(types)
    lines.append(
        ScoreLine(
            LineKind.MULTIPLIER,
            en=f"{units} initial type{'s' if units > 1 else ''}: each paid as a small self-draw, then added",
            zh=f"起手小胡 {units} 种：每种按一次小胡自摸，相加",
            amount=units,
        )
    )
    lines.append(ScoreLine(LineKind.NOTE, en="No bird for initial small wins", zh="起手小胡不扎鸟"))
    payments, pay_lines = _payment_lines(ctx, rates, units, set())
    lines.extend(pay_lines)
    return ScoreResult(valid=True, types=tuple(types), payments=payments, lines=tuple(lines))
