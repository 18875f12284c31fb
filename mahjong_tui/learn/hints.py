"""Hints: how far a hand is from a win, every discard, every wait, and the play the game knows best.

The numbers come from the engine's analysis (:mod:`mahjong_tui.engine.analysis` and, where
a win must qualify, :mod:`mahjong_tui.engine.targets`: the steps to a hand that may win,
target by target) and the rule set's own scoring. The suggestion (★) is the hard bot's
choice on the seat's own view, with its defence at the table; for a hand typed in there
is no table to defend against, so it is the hard bot's plain choice, which always keeps
the fewest steps to a win. A ready hand whose every winning tile is in sight cannot win
before it changes its wait: the discards list it as one step away with no tile that helps,
after every discard one step away with live tiles, and the suggestion does too. The same
hint serves the table's hint panel (from a seat's view) and ``mahjong-tui hint`` (from a
hand typed in). Nothing here knows a rule set by name: what a hand may aim for comes from
the rule set's targets and hand types.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bots.planning import INF, jiang_shanten, pongs_shanten
from mahjong_tui.engine import (
    Action,
    ActionKind,
    Meld,
    Phase,
    RiverTile,
    Ruleset,
    SeatView,
    TableView,
    Tile,
    WallView,
    WinBy,
    WinContext,
)
from mahjong_tui.engine.analysis import regular_waits, shanten, shanten_seven_pairs, waits
from mahjong_tui.engine.ruleset import PassedWinScope
from mahjong_tui.engine.targets import target_progress, win_discard_options, win_shanten
from mahjong_tui.engine.tiles import NUM_KINDS, tiles_of
from mahjong_tui.engine.words import Words, said
from mahjong_tui.learn.advice import choice_of, decision_advice, initial_preview, star, suggested_action, suggester
from mahjong_tui.learn.claim_advice import CLAIM_KINDS, claim_suggestion
from mahjong_tui.learn.hint_targets import TargetHint, target_hints
from mahjong_tui.learn.hint_words import (
    NONE,
    also,
    bare_steps,
    discard_why,
    joined,
    nearest,
    pairs_258,
    plain_caveat,
    steps,
    targets_heading,
    targets_words,
    tiles_words,
    type_label,
)
from mahjong_tui.learn.view_cache import ViewCache

__all__ = [
    "Aim",
    "DiscardHint",
    "DiscardWorth",
    "Hint",
    "HintFollower",
    "TargetHint",
    "WaitHint",
    "analyse",
    "claim_suggestion",
    "dead_wait",
    "hint_for_view",
    "initial_preview",
    "steps",
    "study_view",
    "suggested_action",
    "suggested_answer",
    "win_context",
]


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """One possible discard: the steps it leaves (to any winning shape, and to a hand that may win), the draws
    that would then help, and every target after it."""

    tile: Tile
    shanten: int
    acceptance: int  # unseen copies of ``tiles``
    tiles: tuple[Tile, ...]  # the kinds whose draw lowers the shanten after this discard
    win_shanten: int | None = None  # None: no hand that may win is left after it
    win_acceptance: int = 0
    win_tiles: tuple[Tile, ...] = ()
    targets: tuple[TargetHint, ...] = ()


@dataclass(frozen=True, slots=True)
class DiscardWorth:
    """What a win on a wait collects if one opponent discards it."""

    seat: int  # the discarder
    points: int  # what the seat collects (the discarder taken as not ready, where that matters)
    if_ready: int | None = None  # what it collects if the discarder is ready (三口), where that differs


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
    by_discard: tuple[DiscardWorth, ...] = ()  # what a win on each opponent's discard of it collects


@dataclass(frozen=True, slots=True)
class Aim:
    """A hand type within reach, and how many steps it is away."""

    type: str  # a hand type id of the rule set
    shanten: int
    suit: int = -1  # for one-suit types: 0 万, 1 筒, 2 条

    def label(self, rules: Ruleset) -> Words:
        """``混一色 in 万 (2 steps from ready)`` / ``万混一色（两向听）``."""
        name = type_label(rules, self.type, self.suit)
        return said(f"hint_words.aim{'' if self.shanten > 0 else '_near'}", name=name, steps=bare_steps(self.shanten))


@dataclass(frozen=True, slots=True)
class Hint:
    """Everything the hint panel and ``mahjong-tui hint`` say about one hand."""

    shanten: int
    discards: tuple[DiscardHint, ...]  # best first, for a hand about to discard
    waits: tuple[WaitHint, ...]  # for a ready hand waiting
    suggest: Tile | None  # the discard the game knows best (the hard bot's, with its defence at the table)
    why: Words  # one or two sentences a learner understands
    aims: tuple[Aim, ...]  # the hand types within reach, nearest first
    heading: Words  # what the hand is heading for, or (must qualify) what it lacks
    claim: Words = NONE  # in a claim window: take the tile (and how), or let it go, and why
    win_shanten: int | None = None  # steps to a hand that may win (None: none is left)
    targets: tuple[TargetHint, ...] = ()  # a waiting hand's targets; about to discard, those after the suggestion
    action: Action | None = None  # at the table: the whole suggested move (a discard, a kong, a claim, a pass …)
    defence: Words | None = None  # at the table: why the suggestion is a safer discard than the plain choice
    advice: Words = NONE  # at a special decision (a kong, the 海底, 起手小胡, a win): the suggestion and its numbers


def hint_for_view(view: SeatView) -> Hint:
    """The hint for a seat at the table: its own tiles, what it has seen, its 漏胡, and the suggested move (worked
    out once per view: the panel, the ★ and a review asking about the same view share it)."""
    return _HINTS.get(view, _hint_for_view)


_HINTS: ViewCache[Hint] = ViewCache(4)


def _hint_for_view(view: SeatView) -> Hint:
    table = view.table
    hint = analyse(
        view.ruleset,
        view.counts,
        table.melds[view.seat],
        table.flowers[view.seat],
        view.outside,
        view=view,
    )
    if view.phase is Phase.TURN or not view.legal:
        return hint
    if view.phase is Phase.HAIDI_TAKEN:
        # the 海底 taken wins or is shown: no tile is chosen to discard
        hint = replace(hint, discards=(), suggest=None, why=NONE)
    elif hint.discards and not any(a.kind is ActionKind.DISCARD for a in view.legal):
        hint = replace(hint, suggest=None, why=NONE)  # the discard comes after this decision: one suggestion now
    action = suggested_action(view)
    claim = claim_suggestion(view, action)
    return replace(hint, claim=claim, action=action, advice=decision_advice(view, action))


def suggested_answer(view: SeatView) -> Action | None:
    """In a claim window where the seat may chi, pong or kong: the suggested answer; None elsewhere."""
    if view.phase is not Phase.CLAIM or view.last_discard is None or not any(a.kind in CLAIM_KINDS for a in view.legal):
        return None
    return suggested_action(view)


def analyse(
    rules: Ruleset,
    counts: Sequence[int],
    melds: Sequence[Meld],
    flowers: Sequence[Tile] = (),
    seen: Sequence[int] | None = None,
    *,
    view: SeatView | None = None,
) -> Hint:
    """The hint for a hand: ``counts`` (3n+1 waiting, 3n+2 to discard), its melds and flowers, tiles seen elsewhere.

    With ``view`` in the seat's turn the suggestion is the hard bot's choice with its defence;
    otherwise the hard bot's plain choice on a view of this hand alone.
    """
    seen = list(seen) if seen is not None else [0] * NUM_KINDS
    melds = tuple(melds)
    size = sum(counts) + 3 * len(melds)
    if size not in (13, 14):
        raise ValueError(f"a hand has 13 or 14 tiles with 3 per meld, this one {size}")
    shapes = rules.shapes
    now = shanten(counts, shapes, melds)
    win_now = win_shanten(rules.win_targets, shapes, counts, melds)
    aims = _aims(rules, counts, melds, now)
    if size == 14:
        discards = tuple(sorted((
            DiscardHint(o.tile, o.shanten, o.acceptance, tuple(o.tiles), o.win_shanten, o.win_acceptance,
                        tuple(o.win_tiles), target_hints(rules, o.targets))
            for o in win_discard_options(rules.win_targets, shapes, counts, melds, seen)
        ), key=_live_order))  # fmt: skip
        at_table = view is not None and view.phase is Phase.TURN
        if view is None or not at_table:
            view = study_view(rules, counts, melds, flowers, seen)
        choice = star(view) if at_table else choice_of(suggester(view, defends=False), view)
        action = choice.action
        suggest = action.tile if action is not None and action.kind is ActionKind.DISCARD else None
        chosen = next((d for d in discards if d.tile == suggest), discards[0] if discards else None)
        if chosen is not None and discards and chosen.win_shanten != discards[0].win_shanten:
            chosen = discards[0]  # a safer, slower suggestion: the hand still heads where its best discard keeps it
        targets = chosen.targets if chosen is not None else ()
        heading = _heading(rules, counts, now, win_now, aims, targets)
        why = also(discard_why(rules, counts, discards, suggest), choice.dead_wait or NONE)
        defence = choice.defence if at_table else None
        if not at_table:
            return Hint(now, discards, (), suggest, why, aims, heading, NONE, win_now, targets)
        return Hint(now, discards, (), suggest, why, aims, heading, NONE, win_now, targets, action, defence,
                    decision_advice(view, action))  # fmt: skip
    targets = target_hints(rules, target_progress(rules.win_targets, counts, melds, seen)) if rules.win_targets else ()
    heading = _heading(rules, counts, now, win_now, aims, targets)
    # a hand ready in shape but not by the rule (a Changsha pair not 2-5-8) still shows its waits, and why
    shape_ready = now == 0 or bool(regular_waits(list(counts), melds))
    wait_hints = _waits(rules, counts, melds, flowers, seen, view) if shape_ready else ()
    if rules.must_qualify and any(w.qualifies for w in wait_hints):
        heading = _qualifies(rules, wait_hints)
    why = _wait_why(rules, now, win_now, wait_hints, targets)
    return Hint(now, (), wait_hints, None, why, aims, heading, NONE, win_now, targets)


def dead_wait(d: DiscardHint) -> bool:
    """Whether ``d`` leaves the hand ready with no live winning tile: every one is in sight."""
    return d.win_shanten == 0 and d.win_acceptance == 0


def _live_order(d: DiscardHint) -> tuple[int, int]:
    """Best first: the fewest steps to a win, then the most tiles that help; a ready hand with no live winning
    tile must change its wait first, so it counts as one step away with none (the sort keeps the engine's order
    between discards as good)."""
    steps = 1 if dead_wait(d) else d.win_shanten if d.win_shanten is not None else INF
    return steps, -d.win_acceptance


def _heading(
    rules: Ruleset,
    counts: Sequence[int],
    now: int,
    win_now: int | None,
    aims: tuple[Aim, ...],
    targets: Sequence[TargetHint],
) -> Words:
    """One sentence: what the hand is heading for (where a hand must qualify, the nearest hands that may win)."""
    if rules.win_targets:
        return targets_heading(rules, now, win_now, targets)
    parts: list[Words] = []
    if rules.shapes.plain_pair_258:
        parts.append(pairs_258(counts))
    big = [a.label(rules) for a in aims if a.shanten <= max(now, 0) + 1]
    if big:
        parts.append(said("hint_words.big_hands", hands=joined(big)))
    return joined(parts, "then")


def _qualifies(rules: Ruleset, wait_hints: tuple[WaitHint, ...]) -> Words:
    """A ready hand where a win must qualify, and it does: with which hand types."""
    from mahjong_tui.book.rulebook import type_names

    found: list[str] = []
    for w in wait_hints:
        found += [x for x in w.types if w.qualifies and x not in found]
    known = type_names(rules, [x for x in found if x in rules.hand_types])
    return said("hint_words.qualifies", types=known)


def win_context(
    rules: Ruleset,
    hand: Sequence[int],
    tile: Tile,
    melds: Sequence[Meld],
    flowers: Sequence[Tile],
    view: SeatView | None,
    discarder: int | None = None,
    discarder_ready: bool = False,
) -> WinContext:
    """The scoring input of a win on ``tile`` as the seat can foresee it from its view: a self-draw (no
    ``discarder``) or a discard, with the dealer, base, 荒番, 开宝, the claims between players (三口) and, before
    the seat's first discard with no claim made, the first turn (天胡 / 地胡)."""
    seat = view.seat if view is not None else 0
    table = view.table if view is not None else None
    first_turn = False
    if table is not None:
        first_turn = not table.rivers[seat] and not table.melds[seat] and not any(map(any, table.claims))
    return WinContext(
        winner=seat,
        concealed=tuple(tiles_of(hand)),
        win_tile=tile,
        dealer=view.dealer if view is not None else (seat + 1) % 4,
        melds=tuple(melds),
        flowers=tuple(flowers),
        win_by=WinBy.SELF_DRAW if discarder is None else WinBy.DISCARD,
        discarder=discarder,
        first_turn=first_turn,
        base=table.base if table is not None else 1,
        huangfan=table.is_huangfan_hand if table is not None else False,
        kaibao=rules.kaibao(table.dice) if table is not None else False,
        claims=table.claims if table is not None else None,
        discarder_ready=discarder_ready,
    )


def _by_discard(
    rules: Ruleset, hand: Sequence[int], t: Tile, melds: Sequence[Meld], flowers: Sequence[Tile], view: SeatView
) -> tuple[DiscardWorth, ...]:
    """What a win on each opponent's discard of ``t`` collects (and, where 三口 makes it differ, if it is ready)."""
    seat = view.seat
    out = []
    for o in range(4):
        if o == seat:
            continue
        plain = rules.score(win_context(rules, hand, t, melds, flowers, view, o, False))
        if not plain.valid:
            continue
        points = plain.payments[seat]
        ready = points
        if rules.scores_discarder_readiness:
            ready = rules.score(win_context(rules, hand, t, melds, flowers, view, o, True)).payments[seat]
        out.append(DiscardWorth(o, points, ready if ready != points else None))
    return tuple(out)


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
    passed = view.passed_wins if view is not None else frozenset()
    out = []
    for t in tiles:
        result = rules.score(win_context(rules, hand, t, melds, flowers, view))
        blocked = bool(passed) and (rules.passed_win_scope is PassedWinScope.ANY_DISCARD or t in passed)
        why = result.words if not result.valid else NONE
        if result.valid and blocked:
            why = rules.passed_win_refusal(t)
        left = max(0, 4 - hand[t] - in_melds[t] - seen[t])
        points = result.payments[seat] if result.valid else 0
        by_discard = _by_discard(rules, hand, t, melds, flowers, view) if view is not None and result.valid else ()
        out.append(WaitHint(t, left, result.valid, result.types, points, why, result.valid and not blocked, by_discard))
    return tuple(out)


def _aims(rules: Ruleset, counts: Sequence[int], melds: Sequence[Meld], now: int) -> tuple[Aim, ...]:
    """The hand types within two steps of now: where a win must qualify, its targets; elsewhere its big types."""
    types = rules.hand_types
    found: list[Aim] = []
    if rules.win_targets:
        if sum(counts) % 3 == 1:
            for p in target_progress(rules.win_targets, counts, melds):
                found.append(Aim(rules.target_type(p.target.kind), p.shanten, p.target.suit))
    else:
        from bots.planning import flush_shanten

        for suit in range(3):
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
    near.sort(key=lambda a: (a.shanten, order.get(a.type, len(order)), a.suit))
    # a pure one-suit hand is also a half flush: per suit, keep the nearer (the bigger when as near)
    out: list[Aim] = []
    for a in near:
        if not any(b.suit == a.suit >= 0 and b.shanten <= a.shanten for b in out):
            out.append(a)
    return tuple(out)


def _wait_why(
    rules: Ruleset, now: int, win_now: int | None, wait_hints: tuple[WaitHint, ...], targets: Sequence[TargetHint]
) -> Words:
    """One sentence on a waiting hand; a plain shape that cannot win is never called ready without saying so."""
    good = [w for w in wait_hints if w.qualifies]
    near = nearest(targets)
    toward = NONE
    if near and win_now is not None and win_now > 0:
        toward = said("hint_words.nearest_target", targets=targets_words(rules, near), steps=steps(win_now))
    elif rules.win_targets and win_now is None:
        toward = said("hint_words.none_left_melds")
    if wait_hints and not good:
        return also(said("hint_words.shape_only", why=wait_hints[0].why), toward)
    if now > 0 or not wait_hints:
        if rules.win_targets:
            caveat = plain_caveat(rules, now, win_now)
            if win_now is None:
                return said("hint_words.none_left")
            n = steps(win_now)
            if near:
                return also(said("hint_words.targets_are", targets=targets_words(rules, near), steps=n), caveat)
            return also(said("hint_words.hand_is", steps=n), caveat)
        return said("hint_words.hand_is", steps=steps(now))
    live = sum(w.left for w in good)
    return said("hint_words.waiting", tiles=tiles_words([w.tile for w in good]), live=live)


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


class HintFollower:
    """A player that makes every move the hints suggest: the ★ discard, the claim suggestion, the advice at each
    special decision (``scripts/duplicate.py --strong hints`` measures what following them gains)."""

    def __init__(self, seat: int):
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        """The suggested move on this view (the only one when there is nothing to choose)."""
        if len(view.legal) == 1:
            return view.legal[0]
        action = hint_for_view(view).action
        return action if action is not None else view.legal[0]
