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
from mahjong_tui.engine.tiles import Tile, counts_of, number_of, tile_words
from mahjong_tui.engine.words import Saying, Words, said, saying

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


#: the seat a bird lands on, by its number counted from the dealer (1 the dealer, 2 the next …)
_ROLES = ("dealer", "next", "opposite", "previous")


def _seat(seat: int, dealer: int) -> Saying:
    """A payer or the winner as a payment line names it: ``Seat 2``, ``Seat 0 (dealer)``."""
    return saying("who_pays.changsha.dealer_seat" if seat == dealer else "who_pays.changsha.seat", seat=seat)


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


def _type_line(type_id: str, rate: Saying, amount: int) -> ScoreLine:
    """A hand type's line: its name, whether it is a big or an initial win (the small win's name says it), and who pays
    what for it."""
    size = "small" if type_id == "xiaohu" else "initial" if type_id in INITIAL_TYPES else "big"
    words = saying(f"score_line.changsha.{size}_type", name=CHANGSHA_HAND_TYPES[type_id].named(), rate=rate)
    return ScoreLine.of(LineKind.TYPE, words, amount=amount, id=type_id)


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
        summed, bird = "_sum" if expr != str(amount) else "", "_bird" if factor == 2 else ""
        words = saying(
            f"who_pays.changsha.pays{summed}{bird}",
            payer=_seat(payer, ctx.dealer),
            amount=amount,
            winner=ctx.winner,
            sum=expr,
        )
        lines.append(ScoreLine.of(LineKind.PAYMENT, words, amount=amount, seat=payer))
    total = pay[ctx.winner]
    words = saying("who_pays.changsha.receives", winner=_seat(ctx.winner, ctx.dealer), total=total)
    lines.append(ScoreLine.of(LineKind.NOTE, words, amount=total, seat=ctx.winner))
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


def _self_draw_rate(ctx: WinContext, dealer_points: int, other_points: int, per_type: str) -> Saying:
    """The self-draw rate in words; ``per_type`` is ``""``, or ``"_per_type"`` for a big win's rate."""
    if ctx.winner == ctx.dealer:
        return saying(f"who_pays.changsha.self_draw_by_dealer{per_type}", points=dealer_points)
    return saying(f"who_pays.changsha.self_draw{per_type}", dealer=dealer_points, other=other_points)


def _bird_lines(ctx: WinContext, payers: Sequence[int]) -> tuple[set[int], list[ScoreLine]]:
    """Who pays double because of the bird, and the line that says why."""
    if ctx.bird is None:
        return set(), [ScoreLine.of(LineKind.NOTE, saying("score_line.changsha.no_bird"))]
    n = number_of(ctx.bird)
    hit = bird_seat(ctx.bird, ctx.dealer)
    doubled: set[int]
    if ctx.win_by is WinBy.SELF_DRAW:
        if hit == ctx.winner:
            doubled = set(payers)
            then = saying("score_line.changsha.bird_then.everyone")
        else:
            doubled = {hit}
            then = saying("score_line.changsha.bird_then.seat", seat=hit)
    else:
        payer = _payer(ctx.win_by)
        if hit == ctx.winner or hit == ctx.discarder:
            doubled = set(payers)
            then = saying(f"score_line.changsha.bird_then.{'winner' if hit == ctx.winner else 'payer'}", payer=payer)
        else:
            doubled = set()
            then = saying("score_line.changsha.bird_then.neither", payer=payer)
    role = saying(f"score_line.changsha.bird_role.{_ROLES[(n - 1) % 4]}")
    words = saying("score_line.changsha.bird", tile=tile_words(ctx.bird), count=n, seat=hit, role=role, then=then)
    return doubled, [ScoreLine.of(LineKind.MULTIPLIER, words, amount=n)]


def _payer(win_by: WinBy) -> Saying:
    """Who pays a win on another's tile: the discarder, or the konger whose kong was robbed."""
    return saying("who_pays.changsha.konger" if win_by is WinBy.ROBBED_KONG else "who_pays.changsha.discarder")


def score_changsha(ctx: WinContext) -> ScoreResult:
    """Score a Changsha win, or with ``ctx.initial`` the initial small wins of a deal."""
    _check_seats(ctx)
    if ctx.initial:
        return _score_initial(ctx)
    if ctx.win_tile is None:
        return invalid(*said("rules_refusal.changsha.no_win_tile"))
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

    per_type = "_per_type" if is_big else ""
    if ctx.win_by is WinBy.SELF_DRAW:
        dealer_points = BIG_SELF_DRAW_DEALER if is_big else SMALL_SELF_DRAW_DEALER
        other_points = BIG_SELF_DRAW_OTHER if is_big else SMALL_SELF_DRAW_OTHER
        rates = _self_draw_rates(ctx, dealer_points, other_points)
        rate = _self_draw_rate(ctx, dealer_points, other_points, per_type)
    else:
        assert ctx.discarder is not None  # checked by _check_seats
        points = BIG_DISCARD if is_big else SMALL_DISCARD
        involved = ctx.dealer in (ctx.winner, ctx.discarder)
        extra = DEALER_EXTRA if involved else 0
        rates = {ctx.discarder: (points, extra)}
        dealer = "_dealer" if involved else ""
        rate = saying(
            f"who_pays.changsha.discard{dealer}{per_type}", points=points, payer=_payer(ctx.win_by), extra=extra
        )
    how = saying(f"score_line.changsha.how.{ctx.win_by.value}")
    lines: list[ScoreLine] = []
    each_type = sum(p + e for p, e in rates.values())
    for type_id in types:
        lines.append(_type_line(type_id, rate, each_type))
    if is_big:
        lines.append(
            ScoreLine.of(LineKind.MULTIPLIER, saying("score_line.changsha.big_types", n=units, how=how), units)
        )
    elif ctx.win_by is WinBy.ROBBED_KONG:
        # a small win's line already says who pays for a discard or a self-draw; a robbed kong needs saying
        lines.append(ScoreLine.of(LineKind.NOTE, saying("score_line.changsha.small_win", how=how)))
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
        return invalid(*said("rules_refusal.changsha.initial_melds"))
    dealer = ctx.winner == ctx.dealer
    want = 14 if dealer else 13
    if len(tiles) != want:
        return invalid(
            *said(f"rules_refusal.changsha.initial_size{'_dealer' if dealer else ''}", want=want, size=len(tiles))
        )
    types = initial_small_wins(counts_of(tiles))
    if not types:
        return invalid(*said("rules_refusal.changsha.no_initial"))
    rates = _self_draw_rates(ctx, SMALL_SELF_DRAW_DEALER, SMALL_SELF_DRAW_OTHER)
    rate = saying(
        "who_pays.changsha.initial", rate=_self_draw_rate(ctx, SMALL_SELF_DRAW_DEALER, SMALL_SELF_DRAW_OTHER, "")
    )
    per_type = sum(p for p, _ in rates.values())
    lines = [_type_line(t, rate, per_type) for t in types]
    units = len(types)
    lines.append(ScoreLine.of(LineKind.MULTIPLIER, saying("score_line.changsha.initial_types", n=units), units))
    lines.append(ScoreLine.of(LineKind.NOTE, saying("score_line.changsha.no_bird_initial")))
    payments, pay_lines = _payment_lines(ctx, rates, units, set())
    lines.extend(pay_lines)
    return ScoreResult(valid=True, types=tuple(types), payments=payments, lines=tuple(lines))
