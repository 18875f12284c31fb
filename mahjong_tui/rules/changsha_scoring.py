"""Changsha (长沙麻将) winning hands and scoring, RULES.md §3.

Two uses share this module. The engine asks :func:`is_changsha_win` on every discard for
three seats, so it works on 34-slot count arrays and per-suit facts cached once per
distinct suit pattern. Scoring (:func:`score_changsha`) turns a finished hand into hand
types, payments and a breakdown a learner can follow.

Points are fixed numbers with no base (``003``): a small win (小胡) is paid once, each big
type (大胡) is paid on its own and the results added, the bird (扎鸟) doubles what some
payers pay. The initial small wins (起手小胡) of a fresh deal are scored here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mahjong_tui.engine.melds import Meld, MeldKind
from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult, WinBy, WinContext, bird_seat, invalid
from mahjong_tui.engine.shapes import is_regular_complete, regular_splits
from mahjong_tui.engine.tiles import KINDS_258, NUM_KINDS, RANKS_258, Tile, counts_of, number_of, tile_name, tile_zh
from mahjong_tui.engine.words import Words

from .changsha_types import CHANGSHA_HAND_TYPES

BIG_TYPES: tuple[str, ...] = (
    "tianhu",
    "dihu",
    "pengpenghu",
    "jiangjianghu",
    "qingyise",
    "qixiaodui",
    "haidilaoyue",
    "haidipao",
    "gangshangkaihua",
    "qiangganghu",
    "gangshangpao",
)
INITIAL_TYPES: tuple[str, ...] = ("sixi", "banbanhu", "queyise", "liuliushun")
# Shape ids of changsha_winning_shapes; "xiaohu" there is shape (a), four sets + 2-5-8 pair.
SHAPES: tuple[str, ...] = ("xiaohu", "pengpenghu", "jiangjianghu", "qingyise", "qixiaodui")

SMALL_SELF_DRAW_DEALER = 20  # paid by the dealer, or by everyone when the dealer wins
SMALL_SELF_DRAW_OTHER = 10
SMALL_DISCARD = 10
BIG_SELF_DRAW_DEALER = 40
BIG_SELF_DRAW_OTHER = 30
BIG_DISCARD = 60
DEALER_EXTRA = 10  # per unit on a discard win when the dealer is winner or payer

_JIANG_TILES = frozenset(KINDS_258)

# Per-suit facts, packed in one int so the hot path does a few bit tests.
_PAIR_BITS = (1 << 9) - 1  # bit i: a pair of the suit's (i+1) leaves only sets
_JIANG_PAIR_BITS = (1 << 1) | (1 << 4) | (1 << 7)
_SETS = 1 << 9  # the suit splits into sets only (empty included)
_TRIPLETS = 1 << 10  # every count is 0 or 3
_TRIPLETS_PAIR = 1 << 11  # counts 0, 2 or 3 with exactly one 2
_PAIRS = 1 << 12  # every count even (a quad is two pairs)
_JIANG_ONLY = 1 << 13  # nothing but 2, 5 and 8
_EMPTY = 1 << 14
_TOTAL_SHIFT = 16


@lru_cache(maxsize=1 << 16)
def _suit_info(key: tuple[int, ...]) -> int:
    """The packed facts of one suit's nine counts."""
    total = sum(key)
    info = total << _TOTAL_SHIFT
    if total == 0:
        return info | _SETS | _TRIPLETS | _PAIRS | _JIANG_ONLY | _EMPTY
    arr = [*key, *([0] * (NUM_KINDS - 9))]
    if total % 3 == 2:
        for split in regular_splits(arr):
            info |= 1 << split.pair
    elif total % 3 == 0:
        # A pair of East stands in for the pair, so the suit itself must be sets only.
        arr[27] = 2
        if is_regular_complete(arr):
            info |= _SETS
    if all(c in (0, 3) for c in key):
        info |= _TRIPLETS
    if all(c in (0, 2, 3) for c in key) and key.count(2) == 1:
        info |= _TRIPLETS_PAIR
    if all(c % 2 == 0 for c in key):
        info |= _PAIRS
    if all(c == 0 or i in RANKS_258 for i, c in enumerate(key)):
        info |= _JIANG_ONLY
    return info


def _regular_info(m: int, p: int, s: int) -> tuple[int, int] | None:
    """(pair suit index, its pair bits) when the three suits make four sets + a pair."""
    pair_suit = -1
    pair_bits = 0
    for idx, info in enumerate((m, p, s)):
        rem = (info >> _TOTAL_SHIFT) % 3
        if rem == 0:
            if not info & _SETS:
                return None
        elif rem == 2 and pair_suit == -1:
            pair_bits = info & _PAIR_BITS
            if not pair_bits:
                return None
            pair_suit = idx
        else:
            return None
    if pair_suit == -1:
        return None
    return pair_suit, pair_bits


def _melds_all_jiang(melds: Sequence[Meld]) -> bool:
    for meld in melds:
        if meld.kind is MeldKind.CHI or meld.tiles[0] not in _JIANG_TILES:
            return False
    return True


def _melds_no_chi(melds: Sequence[Meld]) -> bool:
    for meld in melds:
        if meld.kind is MeldKind.CHI:
            return False
    return True


def _suits_used(m: int, p: int, s: int, melds: Sequence[Meld]) -> int:
    used = (0 if m & _EMPTY else 1) | (0 if p & _EMPTY else 2) | (0 if s & _EMPTY else 4)
    for meld in melds:
        used |= 1 << min(meld.tiles[0] // 9, 3)
    return used


def is_changsha_win(counts: Sequence[int], melds: Sequence[Meld] = ()) -> bool:
    """Is this a Changsha winning hand (RULES.md §3 (a)–(e))? 胡牌判断.

    ``counts`` is the 34-slot count array of the concealed tiles with the winning tile;
    honour slots are not looked at (Changsha has none).
    """
    m = _suit_info(tuple(counts[0:9]))
    p = _suit_info(tuple(counts[9:18]))
    s = _suit_info(tuple(counts[18:27]))
    if (m >> _TOTAL_SHIFT) + (p >> _TOTAL_SHIFT) + (s >> _TOTAL_SHIFT) != 14 - 3 * len(melds):
        return False
    if m & p & s & _JIANG_ONLY and _melds_all_jiang(melds):
        return True
    if not melds and m & p & s & _PAIRS:
        return True
    regular = _regular_info(m, p, s)
    if regular is None:
        return False
    if regular[1] & _JIANG_PAIR_BITS:
        return True
    if _is_pengpeng(m, p, s, regular[0]) and _melds_no_chi(melds):
        return True
    return _suits_used(m, p, s, melds) in (1, 2, 4)


def _is_pengpeng(m: int, p: int, s: int, pair_suit: int) -> bool:
    for idx, info in enumerate((m, p, s)):
        if not info & (_TRIPLETS_PAIR if idx == pair_suit else _TRIPLETS):
            return False
    return True


def changsha_winning_shapes(counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[str]:
    """Every winning shape (a)–(e) the hand has, as ids of SHAPES; empty = no win.

    ``xiaohu`` here is shape (a), four sets and a 2-5-8 pair; it stays a small win only
    when no big type comes with it.
    """
    m = _suit_info(tuple(counts[0:9]))
    p = _suit_info(tuple(counts[9:18]))
    s = _suit_info(tuple(counts[18:27]))
    if (m >> _TOTAL_SHIFT) + (p >> _TOTAL_SHIFT) + (s >> _TOTAL_SHIFT) != 14 - 3 * len(melds):
        return []
    shapes: list[str] = []
    regular = _regular_info(m, p, s)
    if regular is not None and regular[1] & _JIANG_PAIR_BITS:
        shapes.append("xiaohu")
    if regular is not None and _is_pengpeng(m, p, s, regular[0]) and _melds_no_chi(melds):
        shapes.append("pengpenghu")
    if m & p & s & _JIANG_ONLY and _melds_all_jiang(melds):
        shapes.append("jiangjianghu")
    seven_pairs = not melds and bool(m & p & s & _PAIRS)
    if (regular is not None or seven_pairs) and _suits_used(m, p, s, melds) in (1, 2, 4):
        shapes.append("qingyise")
    if seven_pairs:
        shapes.append("qixiaodui")
    return shapes


def initial_small_wins(counts: Sequence[int]) -> list[str]:
    """起手小胡 of a dealt hand (13 tiles, 14 for the dealer): ids of INITIAL_TYPES."""
    found: list[str] = []
    suited = counts[:27]
    if any(c == 4 for c in suited):
        found.append("sixi")
    if not any(suited[t] for t in _JIANG_TILES):
        found.append("banbanhu")
    if not all(any(suited[start : start + 9]) for start in (0, 9, 18)):
        found.append("queyise")
    # A quad holds a triplet: real tables count four of a kind toward 六六顺 as well.
    if sum(1 for c in suited if c >= 3) >= 2:
        found.append("liuliushun")
    return found


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
        return Words(
            "Changsha is played with the three suits only: no winds, dragons or flowers",
            "长沙麻将只用万筒条三门，没有风牌、字牌和花牌",
        )
    return None


def _not_winning_reason(counts: Sequence[int], melds: Sequence[Meld]) -> Words:
    """Explain, in a player's words, why the hand does not win in Changsha."""
    size = sum(counts[:27]) + 3 * len(melds)
    if size != 14:
        return Words(
            f"a winning hand has 14 tiles, a kong counting as 3: this one has {size}",
            f"胡牌要 14 张（杠算 3 张），这手牌有 {size} 张",
        )
    m = _suit_info(tuple(counts[0:9]))
    p = _suit_info(tuple(counts[9:18]))
    s = _suit_info(tuple(counts[18:27]))
    if _regular_info(m, p, s) is not None:
        return Words(
            "the pair must be a 2, 5 or 8 for a small win in Changsha "
            "(any pair only for 碰碰胡 all pongs or 清一色 one suit)",
            "小胡要二五八作将（碰碰胡、清一色才可以乱将）",
        )
    if melds and m & p & s & _PAIRS:
        return Words("七小对 seven pairs must be fully concealed: no chi, pong or kong", "七小对不能吃碰杠")
    return Words(
        "not a winning hand: Changsha needs four sets and a pair of 2, 5 or 8, "
        "or 碰碰胡 all pongs, 清一色 one suit, 七小对 seven pairs or 将将胡 all 2-5-8",
        "不能胡：要四副加二五八将，或碰碰胡、清一色、七小对、将将胡",
    )


def _situational_types(ctx: WinContext) -> list[str]:
    """The big types that come from how and when the hand was won."""
    found: list[str] = []
    self_draw = ctx.win_by is WinBy.SELF_DRAW
    discard = ctx.win_by is WinBy.DISCARD
    if self_draw and ctx.first_turn and ctx.winner == ctx.dealer and not ctx.replacement:
        found.append("tianhu")
    if discard and ctx.first_turn and ctx.winner != ctx.dealer and ctx.discarder == ctx.dealer:
        found.append("dihu")
    # A kong replacement that takes the 海底 leaves the hand without one (§3).
    if self_draw and ctx.last_tile and not ctx.replacement:
        found.append("haidilaoyue")
    if discard and ctx.last_tile and not ctx.kaigang_discard:
        found.append("haidipao")
    if self_draw and ctx.replacement:
        found.append("gangshangkaihua")
    if ctx.win_by is WinBy.ROBBED_KONG:
        found.append("qiangganghu")
    if discard and ctx.kaigang_discard:
        found.append("gangshangpao")
    return found


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
    counts = counts_of(ctx.all_concealed)
    shapes = changsha_winning_shapes(counts, ctx.melds)
    if not shapes:
        return invalid(*_not_winning_reason(counts, ctx.melds))
    big = set(shapes) - {"xiaohu"}
    big.update(_situational_types(ctx))
    types = [t for t in BIG_TYPES if t in big] or ["xiaohu"]
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
