"""Shanghai 勒子 (the ``shanghai-lezi`` preset, ``docs/shanghai-lezi.md``): free claims, 开宝, 承包.

Shanghai's tiles, deal, winning shapes and 花 count, with its own rules on top:

* claims are free: no one-suit rule, no after-chi restriction, no passed-pong rule; a passed
  win (漏胡) blocks only the tile passed, until the player next moves (draws or claims);
* a win must qualify: 八花 (2 lezi), 风碰 (4), 风一色 (2), 清碰 (2), 清一色 (1), 混碰 (1), or
  混一色 / 碰碰胡 (valued by 花, capped at 1 lezi); 杠开 and 大吊车 raise a hand worth less
  than 1 lezi to 1 lezi and never qualify alone; 抢杠 is a payment rule;
* 开宝 (the dealer's dice a pair, or 1 and 4) and 荒番 each double; the dice add no 荒番;
* 承包: a player related to the winner by three or more claims either way pays more;
* several winners on one discard: the first winner after the discarder deals next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from mahjong_tui.engine.ruleset import PassedWinScope, WinningHand
from mahjong_tui.engine.scoring import HandType, LineKind, ScoreLine, ScoreResult, WinBy, WinContext
from mahjong_tui.engine.targets import TargetKind
from mahjong_tui.engine.tiles import counts_of, is_flower
from mahjong_tui.engine.words import NO_WORDS, Words, said, saying

from .hand_types import (
    RECORDS,
    Pays,
    Reads,
    ShanghaiWin,
    hand_types_of,
    numbers_of,
    paying,
    qualifying,
    shanghai_types,
    value_of,
)
from .hand_types.record import LEZI
from .shanghai import Shanghai
from .shanghai_examples import shanghai_winning
from .shanghai_hands import Element, HandShape, bahua, no_shape, read_shapes, size_problem
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
    value_words,
)
from .shanghai_presets import SHANGHAI_PRESETS

LEZI_HAND_TYPES: Mapping[str, HandType] = hand_types_of(LEZI)
#: lezi value of each lezi type (0 for the types valued by 花)
LEZI_VALUES: Mapping[str, int] = numbers_of(LEZI, Pays.LEZI, Pays.HUA)
QUALIFYING: frozenset[str] = qualifying(LEZI)
#: modifiers that raise a hand worth less than one lezi to one lezi
RAISE_TO_LEZI: frozenset[str] = frozenset(paying(LEZI, Pays.RAISE))


@cache
def _lezi_name() -> Words:
    """The preset's name as a plain hand's refusal says it (said once: bots ask about many plain hands)."""
    return said("rules_refusal.lezi.name")


@dataclass(frozen=True, slots=True)
class LeziParams:
    """The numbers of the 勒子 preset."""

    base_flowers: int = 2  # 底花 added to a flower hand's 花
    lezi_in_base: int = 10  # one 勒子 L in units of the base score
    cap_lezi: int = 1  # a flower hand pays at most this many lezi
    double: int = 2  # 开宝 and 荒番 each multiply by this
    chengbao_claims: int = 3  # claims one way that make a 承包 relation
    self_draw_shares: int = 3  # a related player's shares per relation on a self-draw (and 八花)
    discard_shares: int = 1  # more shares per relation on a discard
    robbed_shares: int = 3  # the konger's shares, and more per relation, on a robbed kong


def score_lezi(ctx: WinContext, params: LeziParams) -> ScoreResult:
    """Score a 勒子 win: validity, hand types, 花, lezi, one share (开宝, 荒番) and 承包 payments."""
    problem = size_problem(ctx)
    if problem is not None:
        return problem
    counts = counts_of([t for t in ctx.all_concealed if not is_flower(t)])
    shapes = read_shapes(ctx, counts)
    if not shapes:
        return no_shape(ctx, counts)
    readings = _readings(ctx, params, shapes)
    qualified = [r for r in readings if r.as_bahua or QUALIFYING.intersection(r.types)]
    if not qualified:
        return plain_hand([LEZI_HAND_TYPES[t] for t in readings[0].types], _lezi_name())
    best = max(qualified, key=lambda r: _key(ctx, params, r))
    return _result(ctx, params, best, other_way=any(not r.as_bahua for r in qualified))


def _key(ctx: WinContext, params: LeziParams, r: Reading) -> tuple[int, int, int]:
    """Pays the winner most (八花 paid as a self-draw, the other way as won), then more lezi among its types, then
    more types."""
    paid = r.points * sum(s.shares for s in _shares(ctx, params, as_bahua=r.as_bahua))
    return (paid, sum(LEZI_VALUES.get(t, 0) for t in r.types), len(r.types))


def _readings(ctx: WinContext, params: LeziParams, shapes: list[HandShape]) -> list[Reading]:
    """Every distinct reading, valued before 开宝 and 荒番.

    With all eight flowers there are two ways to count (docs/shanghai-lezi.md "Hand types"): as 八花, 2 lezi paid as
    a self-draw whatever the 14 tiles make; or the other way the hand wins, with the 8 花 among its elements (八花
    listed, as a type the hand has, but not valued).
    """
    eight = bahua(ctx)
    out: list[Reading] = []
    if eight:
        first = shapes[0]
        how = [t for t in shanghai_types(LEZI, ShanghaiWin(ctx, first)) if RECORDS[t].reads is Reads.WIN]
        types = tuple(t for t in how if t != "qianggang")  # paid as a self-draw: no konger pays
        flowers = sum(_FLOWER_VALUES[e.id] for e in first.elements)
        two = LEZI_VALUES["bahua"]
        out.append(Reading(types, first.elements, flowers, two, two * params.lezi_in_base, False, "", True))
    seen: set[tuple[tuple[str, ...], tuple[Element, ...]]] = set()
    declared = ctx.win_tile is None  # 八花 declared on the dealt tiles: they make no other win
    for shape in [] if declared else shapes:
        types = shanghai_types(LEZI, ShanghaiWin(ctx, shape))
        if eight and not QUALIFYING.intersection(t for t in types if t != "bahua"):
            continue  # no other way to win: 八花 alone
        if (types, shape.elements) not in seen:
            seen.add((types, shape.elements))
            out.append(_value(params, types, shape.elements))
    return out


def _value(params: LeziParams, types: tuple[str, ...], elements: tuple[Element, ...]) -> Reading:
    """Largest lezi × L; or (花 + 2) × b capped at L; then 杠开 / 大吊车 raise to L (in base-score units)."""
    flowers = sum(_FLOWER_VALUES[e.id] for e in elements)
    one = params.lezi_in_base
    lezi = max((LEZI_VALUES.get(t, 0) for t in types if t != "bahua"), default=0)  # 八花 is the other reading
    if lezi:
        return Reading(types, elements, flowers, lezi, lezi * one, False, "")
    raw = flowers + params.base_flowers
    cap = params.cap_lezi * one
    points, capped = min(raw, cap), raw > cap
    raised = next((t for t in types if t in RAISE_TO_LEZI), "") if points < one else ""
    return Reading(types, elements, flowers, 0, one if raised else points, capped, raised)


_FLOWER_VALUES = SHANGHAI_PRESETS["shanghai"].flower_values  # 花 are counted as in Shanghai

_SELF = {"winner": 0, "dealer": 1}
LEZI_EXAMPLES: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "bahua": {**_SELF, "hand": "1m2m3m4p5p6p7s8s9s2z3z4z5z", "win_tile": "6z", "flowers": "f12345678"},
        "fengpeng": {**_SELF, "hand": "111z222z333z444z5z", "win_tile": "5z"},
        "fengyise": {**_SELF, "hand": "1112334556667z", "win_tile": "7z"},
        "qingpeng": {**_SELF, "hand": "111s333s555s777s9s", "win_tile": "9s"},
        "qingyise": {**_SELF, "hand": "123s456s789s111s9s", "win_tile": "9s"},
        "hunpeng": {**_SELF, "hand": "111s333s555s777z9s", "win_tile": "9s"},
        "hunyise": {**_SELF, "hand": "123m456m789m222z5m", "win_tile": "5m"},
        "pengpenghu": {**_SELF, "hand": "111m333m555p777p9s", "win_tile": "9s"},
        "gangkai": {**_SELF, "hand": "123m456m789m222z5m", "win_tile": "5m", "replacement": True, "flowers": "f1"},
        "dadiaoche": {**_SELF, "hand": "9s", "win_tile": "9s", "melds": [
            {"type": "pong", "tiles": "111m", "from": 1}, {"type": "pong", "tiles": "333m", "from": 1},
            {"type": "pong", "tiles": "555p", "from": 2}, {"type": "pong", "tiles": "777p", "from": 2}]},
        "qianggang": {**_SELF, "hand": "12s456s789s111s99s", "win_tile": "3s", "win_by": "robbed_kong", "discarder": 2},
    }
)  # fmt: skip


def lezi_notes(params: LeziParams) -> list[tuple[Words, list[Words]]]:
    """Claims, value, 承包 and dealer of the 勒子 preset, from its numbers."""
    robbed = params.robbed_shares
    return [
        (said("rules_notes.title.claims"), [said("rules_notes.lezi.free_claims"), said("rules_notes.lezi.passed_win")]),
        (said("rules_notes.title.value"), [
            said("rules_notes.lezi.lezi", one=params.lezi_in_base),
            said("rules_notes.lezi.flower_hand", base_flowers=params.base_flowers, cap=params.cap_lezi),
            said("rules_notes.lezi.double", double=params.double),
            said("rules_notes.lezi.dice"),
        ]),
        (said("rules_notes.title.chengbao"), [
            said("rules_notes.lezi.related", claims=params.chengbao_claims),
            said("rules_notes.lezi.self_draw", shares=params.self_draw_shares),
            said("rules_notes.lezi.discard", shares=params.discard_shares),
            said("rules_notes.lezi.robbed", shares=robbed),
        ]),
        (said("rules_notes.title.dealer"), [said("rules_notes.lezi.dealer")]),
    ]  # fmt: skip


def relations(ctx: WinContext, params: LeziParams) -> list[int]:
    """承包: per seat, 0, 1 or 2 relations with the winner (3+ claims one way, 3+ the other)."""
    w = ctx.winner
    need = params.chengbao_claims
    if ctx.claims is not None:
        c = ctx.claims
        return [0 if o == w else (c[w][o] >= need) + (c[o][w] >= need) for o in range(4)]
    # Without a claims matrix only the winner's own melds are known.
    taken = [0, 0, 0, 0]
    for m in ctx.melds:
        if m.source is not None and m.source != w and 0 <= m.source <= 3:
            taken[m.source] += 1
    return [0 if o == w else int(taken[o] >= need) for o in range(4)]


def _shares(ctx: WinContext, params: LeziParams, *, as_bahua: bool) -> list[Share]:
    """Who pays how many shares: self-draw (and a hand counted as 八花), a discard, a robbed kong; 承包 on top."""
    r = relations(ctx, params)
    others = [(ctx.winner + k) % 4 for k in (1, 2, 3)]
    if ctx.win_by is WinBy.SELF_DRAW or as_bahua:
        how = "self_draw" if ctx.win_by is WinBy.SELF_DRAW else "bahua"  # 八花 is paid as a self-draw
        return [
            Share(o, params.self_draw_shares * r[o], saying(f"who_pays.lezi.{how}_chengbao", times=r[o]))
            if r[o]
            else Share(o, 1, saying(f"who_pays.lezi.{how}"))
            for o in others
        ]
    d = ctx.discarder
    assert d is not None
    robbed = ctx.win_by is WinBy.ROBBED_KONG
    unit = params.robbed_shares if robbed else params.discard_shares
    how = "robbed_kong" if robbed else "dealt_in"
    own = params.robbed_shares if robbed else 1
    out = []
    for o in others:
        if o == d:
            why = saying(f"who_pays.lezi.{how}{'_chengbao' if r[o] else ''}", own=own, unit=unit, times=r[o])
            out.append(Share(o, own + unit * r[o], why))
        elif r[o]:
            out.append(Share(o, unit * r[o], saying("who_pays.lezi.chengbao", unit=unit, times=r[o])))
    return out


def _result(ctx: WinContext, params: LeziParams, r: Reading, *, other_way: bool) -> ScoreResult:
    """The result of the chosen reading: its lines, the share, the payments (``other_way``: the hand also wins
    another way than 八花)."""
    base = ctx.base
    one = params.lezi_in_base
    lines = [_type_line(params, t, counted=r.as_bahua or t != "bahua") for t in r.types]
    if r.as_bahua and other_way:
        lines.append(ScoreLine.of(LineKind.NOTE, saying("score_line.lezi.bahua_counts"), id="bahua"))
    lines.extend(element_line(_FLOWER_VALUES, e) for e in r.elements)
    value = r.points * base
    if r.lezi:
        lines.extend(lezi_lines(r, one, base, value))
    else:
        lines.extend(flower_value_lines(r.flowers, params.base_flowers, base)[1])
        if r.capped:
            lines.append(cap_line(params.cap_lezi, params.cap_lezi * one * base))
        if r.raised:
            name = LEZI_HAND_TYPES[r.raised].named()
            raised = saying("score_line.lezi.raised", name=name, id=r.raised, value=value)
            lines.append(ScoreLine.of(LineKind.MULTIPLIER, raised, value, r.raised))
    if ctx.kaibao:
        value *= params.double
        lines.append(doubled_line(value, params.double, "kaibao", saying("score_line.lezi.kaibao")))
    if ctx.huangfan:
        value *= params.double
        lines.append(doubled_line(value, params.double, "huangfan", saying("score_line.shanghai.huangfan")))
    return settled(ctx, r, value, _shares(ctx, params, as_bahua=r.as_bahua), lines)


def _type_line(params: LeziParams, t: str, *, counted: bool = True) -> ScoreLine:
    """The breakdown line of one hand type, with what it does to the value (``counted`` false: 八花, held beside a
    win that pays more, which counts instead)."""
    value = value_of(LEZI, t)
    assert value is not None
    if not counted:
        return type_line(LEZI_HAND_TYPES[t], said("hand_value.effect.not_counted"), None)
    shares = params.robbed_shares
    konger = said("hand_value.konger_pays_shares", shares=shares)
    return type_line(LEZI_HAND_TYPES[t], effect_words(value, konger, lezi_hand=False), LEZI_VALUES.get(t))


class ShanghaiLezi(Shanghai):
    """上海麻将（勒子）: Shanghai's tiles and shapes with free claims, 开宝, 承包 and its own lezi table."""

    zh_name = "上海麻将（勒子）"
    relation_name = "承包"
    en_name = "Shanghai (lezi)"
    docs_page = "shanghai-lezi.md"
    passed_win_scope = PassedWinScope.SAME_TILE
    passed_win_lifted_by_claim = True
    passed_pong_rule = False
    after_chi_restriction = False
    one_suit_melds = False
    scores_discarder_readiness = False
    #: 大吊车 only raises a qualifying hand here (docs/shanghai-lezi.md): it is no target of its own
    win_targets = tuple(k for k in TargetKind if k is not TargetKind.DADIAOCHE)
    hand_types = LEZI_HAND_TYPES
    examples = LEZI_EXAMPLES
    score_inputs = frozenset({"flowers", "base", "huangfan", "kaibao", "claims"})

    def __init__(self, params: LeziParams | None = None):
        super().__init__(SHANGHAI_PRESETS["shanghai"])
        self.lezi = params or LeziParams()
        self.relation_claims = self.lezi.chengbao_claims
        self.name = LEZI
        self.hand_types = LEZI_HAND_TYPES  # not the Shanghai preset's
        self.zh_name, self.en_name = ShanghaiLezi.zh_name, ShanghaiLezi.en_name  # not the Shanghai preset's

    def score(self, ctx: WinContext) -> ScoreResult:
        """Score a win with the 勒子 numbers."""
        return score_lezi(ctx, self.lezi)

    def relation_terms(self, name: str) -> Words:
        """承包 (docs/shanghai-lezi.md "Who pays: 承包"), and what it costs the one who fed ``name``."""
        p = self.lezi
        return said("rules_refusal.lezi.chengbao_terms", name=name, self_draw=p.self_draw_shares,
                    discard=p.discard_shares)  # fmt: skip

    def target_type(self, kind: TargetKind) -> str:
        """All honours in any arrangement is 风一色 here."""
        return "fengyise" if kind is TargetKind.HONOURS else kind.value

    def lezi_of(self, type_id: str) -> int:
        """The 勒子 table's value of a hand type."""
        return LEZI_VALUES.get(type_id, 0)

    def type_value(self, type_id: str) -> Words:
        """A hand type's lezi, 花, or what it does."""
        value = value_of(LEZI, type_id)
        return NO_WORDS if value is None else value_words(value, said("hand_value.konger_pays"))

    def rule_notes(self) -> list[tuple[Words, list[Words]]]:
        """Claims, value, 承包 and dealer, from this preset's numbers; 花 as in Shanghai."""
        notes = lezi_notes(self.lezi)
        notes.insert(2, next(n for n in super().rule_notes() if n[0].en.startswith("花")))
        return notes

    def winning_hand(self) -> WinningHand:
        """Shanghai's shapes; a win must have one of this preset's qualifying types."""
        return shanghai_winning(self.hand_types, QUALIFYING, "fengyise")

    def huangfan_from_dice(self, dice: tuple[int, int]) -> int:
        """The dice add no 荒番 here: they give 开宝 instead."""
        return 0

    def kaibao(self, dice: tuple[int, int]) -> bool:
        """开宝: the dealer's dice are a pair, or 1 and 4."""
        return dice[0] == dice[1] or sorted(dice) == [1, 4]

    def next_dealer_after_win(self, winners: Sequence[int], discarder: int | None, dealer: int) -> int:
        """The winner; with several winners on one discard, the first after the discarder in play order."""
        return winners[0]
