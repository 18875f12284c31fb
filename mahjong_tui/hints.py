"""Hints: how far a hand is from ready, every discard, every wait, and what the hand is heading for.

The numbers come from the engine's analysis (:mod:`mahjong_tui.engine.analysis`) and the
rule set's own scoring; the suggested discard is the normal bot's (the table's panel puts
the hard bot's safer tile in its place while it defends, :func:`suggesting`). The same hint serves
the table's hint panel (from a seat's view) and ``mahjong-tui hint`` (from a hand typed
in). Nothing here knows a rule set by name: what a hand may aim for comes from the hand
types the rule set has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bots.planning import INF, Goal, Target, flush_shanten, jiang_shanten, pongs_shanten
from bots.players import NormalBot
from mahjong_tui.engine import (
    Action,
    ActionKind,
    Meld,
    Phase,
    RiverTile,
    Ruleset,
    ScoreResult,
    SeatView,
    TableView,
    Tile,
    WallView,
    WinBy,
    WinContext,
    claimed_meld,
    counted,
    tile_name,
)
from mahjong_tui.engine.analysis import discard_options, regular_waits, shanten, shanten_seven_pairs, waits
from mahjong_tui.engine.ruleset import PassedWinScope
from mahjong_tui.engine.tiles import KINDS_258, NUM_KINDS, is_suited, suit_of, tile_zh, tiles_of
from mahjong_tui.engine.words import Words

_SUITS_ZH = ("万", "筒", "条")
_STEPS_ZH = {-1: "和了", 0: "听牌", 1: "一向听", 2: "两向听", 3: "三向听", 4: "四向听", 5: "五向听", 6: "六向听",
             7: "七向听", 8: "八向听"}
_NONE = Words("", "")


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """One possible discard: the steps to ready it leaves, and the draws that would then help."""

    tile: Tile
    shanten: int
    acceptance: int  # unseen copies of ``tiles``
    tiles: tuple[Tile, ...]  # the kinds whose draw lowers the shanten after this discard


@dataclass(frozen=True, slots=True)
class WaitHint:
    """A tile a ready hand waits on: copies left, and whether a win on it is allowed and pays what."""

    tile: Tile
    left: int  # copies not in the hand, its melds or seen elsewhere
    qualifies: bool  # a self-drawn win on it is allowed
    types: tuple[str, ...]  # the hand types such a win has
    points: int  # what a self-drawn win on it would collect
    why: Words  # why it cannot win, or what restricts it (漏胡 on a discard)
    on_discard: bool = True  # a win on someone's discard of it is allowed now (漏胡 aside)


@dataclass(frozen=True, slots=True)
class Aim:
    """A hand type within reach, and how many steps it is away."""

    type: str  # a hand type id of the rule set
    shanten: int
    suit: int = -1  # for one-suit types: 0 万, 1 筒, 2 条

    def label(self, rules: Ruleset) -> Words:
        """``混一色 in 万 (2 steps from ready)`` / ``万混一色（两向听）``."""
        ht = rules.hand_types.get(self.type)
        name = ht.zh if ht else self.type
        suit = _SUITS_ZH[self.suit] if self.suit >= 0 else ""
        where = f" in {suit}" if suit else ""
        n = steps(self.shanten)
        short = n.en.split(" (")[0]  # the Chinese term is in the name's language already
        return Words(f"{name}{where} ({short})", f"{suit}{name}（{n.zh}）")


@dataclass(frozen=True, slots=True)
class Hint:
    """Everything the hint panel and ``mahjong-tui hint`` say about one hand."""

    shanten: int
    discards: tuple[DiscardHint, ...]  # best first, for a hand about to discard
    waits: tuple[WaitHint, ...]  # for a ready hand waiting
    suggest: Tile | None  # the normal bot's discard (or, via suggesting(), the table's defence)
    why: Words  # one or two sentences a learner understands
    aims: tuple[Aim, ...]  # the hand types within reach, nearest first
    heading: Words  # what the hand is heading for, or (must qualify) what it lacks
    claim: Words = _NONE  # in a claim window: take the tile (and how), or let it go


def steps(n: int) -> Words:
    """``ready (听牌)``, ``1 step from ready (一向听)``, ``complete (和了)``; in Chinese the term alone."""
    zh = _STEPS_ZH.get(n, f"{n}向听")
    if n < 0:
        return Words(f"complete ({zh})", zh)
    if n == 0:
        return Words(f"ready ({zh})", zh)
    return Words(f"{n} step{'s' if n > 1 else ''} from ready ({zh})", zh)


def _tiles(tiles: Sequence[Tile], limit: int | None = None) -> Words:
    """``3m, 6m`` / ``三万、六万`` (after ``limit`` tiles, ``…``)."""
    shown = list(tiles if limit is None else tiles[:limit])
    more = " …" if limit is not None and len(tiles) > limit else ""
    return Words(", ".join(tile_name(t) for t in shown) + more, "、".join(tile_zh(t) for t in shown) + more)


def hint_for_view(view: SeatView) -> Hint:
    """The hint for a seat at the table: its own tiles, what it has seen, its 漏胡."""
    table = view.table
    hint = analyse(
        view.ruleset,
        view.counts,
        table.melds[view.seat],
        table.flowers[view.seat],
        view.outside,
        view=view,
    )
    claim = claim_suggestion(view)
    return replace(hint, claim=claim) if claim.en else hint


_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)


def suggested_answer(view: SeatView) -> Action | None:
    """In a claim window where the seat may chi, pong or kong: the suggested answer (the same play as the
    suggested discard); None elsewhere."""
    if view.phase is not Phase.CLAIM or view.last_discard is None or not any(a.kind in _CLAIMS for a in view.legal):
        return None
    return NormalBot(view.seat).choose(view)


def claim_suggestion(view: SeatView) -> Words:
    """The suggested answer to a discard in words, or nothing to say."""
    choice, t = suggested_answer(view), view.last_discard
    if choice is None or t is None:
        return _NONE
    if choice.kind in _CLAIMS:
        move, then = choice.words(), _after_claim(view, choice)
        return Words(f"suggestion: {move.en}{then.en}", f"提示：{move.zh}{then.zh}")
    if choice.kind is ActionKind.WIN:
        return _NONE  # the win prompt says what the win pays
    return Words(f"suggestion: let {tile_name(t)} go", f"提示：{tile_zh(t)}不要")


def _after_claim(view: SeatView, claim: Action) -> Words:
    """Where the claim takes the hand: the type it then heads for (where a hand must qualify), or its steps."""
    rules, counts = view.ruleset, list(view.counts)
    used, meld = claimed_meld(claim)
    for u in used:
        counts[u] -= 1
    melds = (*view.table.melds[view.seat], meld)
    now = shanten(counts, rules.shapes, melds)
    aims = _aims(rules, counts, melds, now) if rules.must_qualify else ()
    if aims:
        return Words(f"; then {aims[0].label(rules).en}", f"；之后做{aims[0].label(rules).zh}")
    n = steps(now)
    if rules.must_qualify:  # nothing that qualifies is near: say so, as the heading does
        return Words(f"; then {n.en}, but only as a plain hand", f"；之后{n.zh}，但只是平胡")
    return Words(f"; then {n.en}", f"；之后{n.zh}")


def analyse(
    rules: Ruleset,
    counts: Sequence[int],
    melds: Sequence[Meld],
    flowers: Sequence[Tile] = (),
    seen: Sequence[int] | None = None,
    *,
    view: SeatView | None = None,
) -> Hint:
    """The hint for a hand: ``counts`` (3n+1 waiting, 3n+2 to discard), its melds and flowers, tiles seen elsewhere."""
    seen = list(seen) if seen is not None else [0] * NUM_KINDS
    size = sum(counts) + 3 * len(melds)
    if size not in (13, 14):
        raise ValueError(f"a hand has 13 or 14 tiles with 3 per meld, this one {size}")
    shapes = rules.shapes
    now = shanten(counts, shapes, melds)
    aims = _aims(rules, counts, melds, now)
    heading = _heading(rules, counts, now, aims)
    if size == 14:
        options = discard_options(counts, shapes, seen, melds)
        discards = tuple(DiscardHint(o.tile, o.shanten, o.acceptance, tuple(o.improving)) for o in options)
        if view is None or view.phase is not Phase.TURN:
            view = study_view(rules, counts, melds, flowers, seen)
        allowed = {a.tile for a in view.legal if a.kind is ActionKind.DISCARD}
        bot = NormalBot(view.seat)
        choice = bot.choose(view) if allowed else None
        suggest = choice.tile if choice is not None and choice.kind is ActionKind.DISCARD else None
        why = _discard_why(rules, counts, discards, suggest, bot)
        return Hint(now, discards, (), suggest, why, aims, heading)
    # a hand ready in shape but not by the rule (a Changsha pair not 2-5-8) still shows its waits, and why
    shape_ready = now == 0 or bool(regular_waits(list(counts), melds))
    wait_hints = _waits(rules, counts, melds, flowers, seen, view) if shape_ready else ()
    if rules.must_qualify and any(w.qualifies for w in wait_hints):
        heading = _qualifies(rules, wait_hints)
    return Hint(now, (), wait_hints, None, _wait_why(now, wait_hints), aims, heading)


def _qualifies(rules: Ruleset, wait_hints: tuple[WaitHint, ...]) -> Words:
    """A ready hand where a win must qualify, and it does: with which hand types."""
    found: list[str] = []
    for w in wait_hints:
        found += [x for x in w.types if w.qualifies and x not in found]
    known = [rules.hand_types[x] for x in found if x in rules.hand_types]
    en = ", ".join(f"{ht.zh} {ht.en}" for ht in known)
    zh = "、".join(ht.zh for ht in known)
    return Words(f"the hand qualifies: a win would be {en}", f"这手牌够格：胡了是{zh}")


def _waits(
    rules: Ruleset,
    counts: Sequence[int],
    melds: Sequence[Meld],
    flowers: Sequence[Tile],
    seen: Sequence[int],
    view: SeatView | None,
) -> tuple[WaitHint, ...]:
    """Every tile that completes a shape: the rule's waits, and regular shapes the rule refuses (why not)."""
    hand = list(counts)
    tiles = sorted(set(waits(hand, rules.shapes, melds)) | set(regular_waits(hand, melds)))
    in_melds = [0] * NUM_KINDS
    for m in melds:
        for t in m.tiles:
            in_melds[t] += 1
    seat = view.seat if view is not None else 0
    dealer = view.dealer if view is not None else (seat + 1) % 4
    base = view.table.base if view is not None else 1
    passed = view.passed_wins if view is not None else frozenset()
    out = []
    for t in tiles:
        ctx = WinContext(
            winner=seat,
            concealed=tuple(tiles_of(hand)),
            win_tile=t,
            dealer=dealer,
            melds=tuple(melds),
            flowers=tuple(flowers),
            win_by=WinBy.SELF_DRAW,
            base=base,
            huangfan=view.table.is_huangfan_hand if view is not None else False,
            kaibao=rules.kaibao(view.table.dice) if view is not None else False,
        )
        result = rules.score(ctx)
        blocked = bool(passed) and (rules.passed_win_scope is PassedWinScope.ANY_DISCARD or t in passed)
        why = result.words if not result.valid else _NONE
        if result.valid and blocked:
            why = rules.passed_win_refusal(t)
        left = max(0, 4 - hand[t] - in_melds[t] - seen[t])
        points = result.payments[seat] if result.valid else 0
        out.append(WaitHint(t, left, result.valid, result.types, points, why, result.valid and not blocked))
    return tuple(out)


def _aims(rules: Ruleset, counts: Sequence[int], melds: Sequence[Meld], now: int) -> tuple[Aim, ...]:
    """The rule set's bigger (or, where a hand must qualify, qualifying) hand types within two steps of now."""
    types = rules.hand_types
    found: list[Aim] = []
    for suit in range(3):
        if "hunyise" in types and rules.honours:
            found.append(Aim("hunyise", flush_shanten(counts, melds, suit, True), suit))
        if "qingyise" in types:
            found.append(Aim("qingyise", flush_shanten(counts, melds, suit, False), suit))
    if "pengpenghu" in types:
        found.append(Aim("pengpenghu", pongs_shanten(counts, melds)))
    if "qixiaodui" in types and not melds:
        found.append(Aim("qixiaodui", shanten_seven_pairs(counts, True)))
    if "jiangjianghu" in types:
        found.append(Aim("jiangjianghu", jiang_shanten(counts, melds)))
    reach = max(now, 0) + 2
    near = [a for a in found if a.shanten < INF and a.shanten <= reach]
    order = {t: i for i, t in enumerate(types)}  # rule sets list their bigger types first
    near.sort(key=lambda a: (a.shanten, order[a.type], a.suit))
    # a pure one-suit hand is also a half flush: per suit, keep the nearer (the bigger when as near)
    out: list[Aim] = []
    for a in near:
        if not any(b.suit == a.suit >= 0 and b.shanten <= a.shanten for b in out):
            out.append(a)
    return tuple(out)


def _heading(rules: Ruleset, counts: Sequence[int], now: int, aims: tuple[Aim, ...]) -> Words:
    """One sentence: what the hand is heading for (where a hand must qualify, what it still lacks)."""
    parts: list[Words] = []
    if rules.must_qualify:
        qualifying = [a for a in aims if a.type in rules.hand_types]
        if not qualifying:
            parts.append(Words(
                "a plain hand cannot win here: it needs 混一色, 碰碰胡 or better, none of them near yet",
                "平胡不能胡：要混一色、碰碰胡或更大的牌，现在都还差得远",
            ))  # fmt: skip
        else:
            best = qualifying[0]
            label = best.label(rules)
            en, zh = f"aim for {label.en}", f"可以做{label.zh}"
            if best.suit >= 0:
                held = sum(counts[9 * best.suit : 9 * best.suit + 9])
                honours = sum(counts[27:34]) if best.type == "hunyise" else 0
                total = sum(counts)
                fits = "tiles are in that suit" + (" or honours" if honours else "")
                en += f": {held + honours} of your {total} concealed {fits}"
                zh += f"：手里 {total} 张有 {held + honours} 张是{_SUITS_ZH[best.suit]}{'或字牌' if honours else ''}"
            parts.append(Words(en, zh))
    else:
        if rules.shapes.plain_pair_258:
            parts.append(_pairs_258(counts))
        big = [a.label(rules) for a in aims if a.shanten <= max(now, 0) + 1]
        if big:
            en, zh = ", ".join(b.en for b in big), "、".join(b.zh for b in big)
            parts.append(Words(f"big hands within reach: {en}", f"可以做的大胡：{zh}"))
    return Words("; ".join(w.en for w in parts), "；".join(w.zh for w in parts))


def _pairs_258(counts: Sequence[int]) -> Words:
    """The pairs of 2, 5 or 8 a small win could use."""
    pairs = [t for t in KINDS_258 if counts[t] >= 2]
    en = ", ".join(f"two {tile_name(t)}" for t in pairs) or "none yet"
    zh = "有" + "、".join(f"一对{tile_zh(t)}" for t in pairs) if pairs else "还没有"
    return Words(f"a small win needs a pair of 2, 5 or 8: you hold {en}", f"小胡要二五八作将：你{zh}")


def _discard_why(
    rules: Ruleset, counts: Sequence[int], discards: tuple[DiscardHint, ...], suggest: Tile | None, bot: NormalBot
) -> Words:
    """Why the suggested discard: the steps and tiles it keeps, the goal it keeps in view, or what it keeps together."""
    if suggest is None or not discards:
        return _NONE
    chosen = next(d for d in discards if d.tile == suggest)
    best = discards[0]
    leaves = _leaves(chosen)
    en, zh = leaves.en, leaves.zh
    target = bot.last_target
    goal = _goal_label(target) if target is not None else _NONE
    if chosen.shanten > best.shanten and goal.en:
        en += f"; it keeps {goal.en} in view, which the fastest discard ({tile_name(best.tile)}) gives up"
        zh += f"；这样还能做{goal.zh}，最快的打法（打{tile_zh(best.tile)}）就做不成了"
    elif chosen.tile != best.tile and chosen.shanten == best.shanten and chosen.acceptance < best.acceptance:
        if goal.en and rules.must_qualify and target is not None:
            if _off_goal(target, suggest) and not _off_goal(target, best.tile):
                # the faster discard is a tile the goal keeps: the suggestion is a tile it has no use for
                en += f"; {tile_name(best.tile)} helps more tiles now, but {tile_name(suggest)} is no use to {goal.en}"
                zh += f"；打{tile_zh(best.tile)}眼下进张更多，但{tile_zh(suggest)}对{goal.zh}没用"
            else:
                en += f"; {tile_name(best.tile)} helps more tiles but gives up {goal.en}"
                zh += f"；打{tile_zh(best.tile)}进张更多，但做不成{goal.zh}"
        else:
            kept = _kept_together(rules, counts, best.tile, suggest, best.acceptance - chosen.acceptance)
            en, zh = en + kept.en, zh + kept.zh
    return Words(en, zh)


def _kept_together(rules: Ruleset, counts: Sequence[int], faster: Tile, chosen: Tile, more: int) -> Words:
    """Why ``chosen``, helping ``more`` tiles fewer, is still the better discard: ``faster`` holds the hand together.

    The count of helpful tiles looks one draw ahead; a pair can still pong (or be the eye), and
    a tile among its neighbours can still grow into a run, which that count does not see.
    """
    name, zh_name = tile_name(faster), tile_zh(faster)
    en = f"; {name} helps {more} more {'tile' if more == 1 else 'tiles'} now, but "
    zh = f"；打{zh_name}眼下多 {more} 张进张，但"
    held = counts[faster]
    if held == 2 and rules.shapes.plain_pair_258 and faster in KINDS_258:
        eye = Words(f"it splits your two {name}, a 2-5-8 eye for a small win", f"会拆掉一对{zh_name}，小胡要的二五八将")
        return Words(en + eye.en, zh + eye.zh)
    if held == 2:
        pong = Words(f"it splits your two {name}, which can still pong", f"会拆掉一对{zh_name}，留着还能碰")
        return Words(en + pong.en, zh + pong.zh)
    if held >= 3:
        return Words(en + f"it breaks up your three {name}", zh + f"会拆掉三张{zh_name}")
    near = [
        u for u in range(faster - 2, faster + 3)
        if u != faster and counts[u] and is_suited(u) and suit_of(u) == suit_of(faster)
    ]  # fmt: skip
    with_ = _tiles(near)
    return Words(
        en + f"{name} works with {with_.en} toward a run; {tile_name(chosen)} is the looser tile",
        zh + f"{zh_name}和{with_.zh}能连成顺子，{tile_zh(chosen)}更孤",
    )


def _leaves(chosen: DiscardHint) -> Words:
    """``discard 5s: it leaves the hand ready (听牌), 2 unseen tiles help (5p)``."""
    left = steps(chosen.shanten)
    en = f"discard {tile_name(chosen.tile)}: it leaves the hand {left.en}"
    zh = f"打{tile_zh(chosen.tile)}：打完{left.zh}"
    if chosen.shanten >= 0 and chosen.tiles:
        helps = _tiles(chosen.tiles, 6)
        en += f", {counted(chosen.acceptance, 'unseen tile helps', 'unseen tiles help')} ({helps.en})"
        zh += f"，还有 {chosen.acceptance} 张有用的牌没见过（{helps.zh}）"
    return Words(en, zh)


def suggesting(hint: Hint, tile: Tile) -> Hint:
    """``hint`` with ``tile`` as the suggested discard, said as what it leaves (the table's defence line says why)."""
    chosen = next(d for d in hint.discards if d.tile == tile)
    return replace(hint, suggest=tile, why=_leaves(chosen))


def _off_goal(target: Target, tile: Tile) -> bool:
    """A tile a flush goal has no use for (another suit, or an honour in a 清一色); False for other goals."""
    if target.goal is not Goal.FLUSH:
        return False
    if is_suited(tile):
        return suit_of(tile) != target.suit
    return not target.honours


def _goal_label(target: Target) -> Words:
    """A bot's goal in a learner's words: ``混一色 in 万`` / ``万混一色``."""
    if target.goal is Goal.FLUSH:
        name, suit = "混一色" if target.honours else "清一色", _SUITS_ZH[target.suit]
        return Words(f"{name} in {suit}", f"{suit}{name}")
    label = target.label()
    return Words(label, "平胡" if target.goal is Goal.PLAIN else label)


def _wait_why(now: int, wait_hints: tuple[WaitHint, ...]) -> Words:
    """One sentence on a waiting hand."""
    good = [w for w in wait_hints if w.qualifies]
    if wait_hints and not good:
        why = wait_hints[0].why
        return Words("ready in shape, but no wait may win: " + why.en, "牌型听了，但哪张都不能胡：" + why.zh)
    if now > 0 or not wait_hints:
        n = steps(now)
        return Words(f"the hand is {n.en}", f"这手牌{n.zh}")
    live = sum(w.left for w in good)
    names = _tiles([w.tile for w in good])
    return Words(f"ready: waiting on {names.en}, {live} of them unseen", f"听牌：听{names.zh}，还有 {live} 张没见过")


def study_view(
    rules: Ruleset, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile], seen: Sequence[int]
) -> SeatView:
    """A seat's view of a hand typed in, about to discard: the tiles seen elsewhere lie in another seat's river."""
    river = tuple(RiverTile(t) for t in range(NUM_KINDS) for _ in range(seen[t]))
    layout = rules.wall_layout
    left = max(0, len(rules.tile_set()) - 53 - sum(seen))
    table = TableView(
        rules, 1, 1, (3, 4), 0, 0, Phase.TURN, 0, (0,), (0, 0, 0, 0),
        (tuple(melds), (), (), ()), ((), river, (), ()), (tuple(flowers), (), (), ()),
        (sum(counts), 13, 13, 13), (False, False, False, False),
        WallView(bytes(sum(layout)), layout, None, None, 0, (3, 4), left),
        None, None, (), None, (True, False, False, False), (tuple(tiles_of(counts)), None, None, None),
        (None, None, None, None),
    )  # fmt: skip
    legal = tuple(Action(0, ActionKind.DISCARD, t) for t in range(NUM_KINDS) if counts[t])
    return SeatView(table, 0, tuple(counts), None, legal, ())


def initial_preview(view: SeatView) -> ScoreResult | None:
    """What declaring the 起手小胡 of ``view``'s dealt hand would score and pay (None: it has none)."""
    rules = view.ruleset
    if not rules.initial_wins(view.counts):
        return None
    ctx = WinContext(
        winner=view.seat, concealed=view.hand, win_tile=None, dealer=view.dealer, initial=True, base=view.table.base
    )
    return rules.score(ctx)
