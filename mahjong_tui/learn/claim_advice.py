"""The suggested answer to a discard, and why: the steps to a win a claim saves or would cost, what the set is
worth, the relation it makes (三口, 承包), a 2-5-8 pair it would use.

The answer is the hard bot's on the seat's view (the ★ of a claim window); the numbers are the
steps to a hand that may win (:mod:`mahjong_tui.engine.targets`) after the claim and its best
allowed discard.
"""

from __future__ import annotations

from bots.planning import INF
from mahjong_tui.engine import (
    Action,
    ActionKind,
    KongMode,
    Meld,
    Phase,
    Ruleset,
    SeatView,
    Tile,
    claimed_meld,
)
from mahjong_tui.engine.targets import open_targets, target_progress, win_shanten
from mahjong_tui.engine.tiles import KINDS_258, NUM_KINDS
from mahjong_tui.engine.words import Words, said
from mahjong_tui.learn.advice import kong_words, suggested_action
from mahjong_tui.learn.hint_targets import TargetHint, target_hints
from mahjong_tui.learn.hint_words import NONE, bare_steps, nearest, steps, targets_words, tile_words

#: the claims a seat may answer a discard with
CLAIM_KINDS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)


def _win_after(
    rules: Ruleset, counts: list[int], melds: tuple[Meld, ...], forbidden: frozenset[Tile]
) -> tuple[int | None, Tile | None]:
    """The steps to a win a 3n+2 hand keeps with its best allowed discard, and that discard."""
    best: tuple[int, Tile] | None = None
    for t in range(NUM_KINDS):
        if counts[t] and t not in forbidden:
            counts[t] -= 1
            w = win_shanten(rules.win_targets, rules.shapes, counts, melds)
            counts[t] += 1
            if w is not None and (best is None or w < best[0]):
                best = (w, t)
    return (best[0], best[1]) if best is not None else (None, None)


def _claim_result(view: SeatView, claim: Action) -> tuple[int | None, list[TargetHint]]:
    """Steps to a win after a claim (and its best discard), and the nearest targets then."""
    rules, counts = view.ruleset, list(view.counts)
    used, meld = claimed_meld(claim)
    for u in used:
        counts[u] -= 1
    melds = (*view.table.melds[view.seat], meld)
    if claim.kind is ActionKind.KONG:  # a replacement tile comes: the hand waits as it is
        w = win_shanten(rules.win_targets, rules.shapes, counts, melds)
    else:
        forbidden: frozenset[Tile] = frozenset()
        if claim.kind is ActionKind.CHI and rules.after_chi_restriction and claim.tile is not None:
            forbidden = rules.after_chi_forbidden(claim.tile, (used[0], used[1]))
        w, thrown = _win_after(rules, counts, melds, forbidden)
        if thrown is not None:
            counts[thrown] -= 1
    targets: list[TargetHint] = []
    if rules.win_targets and w is not None:
        targets = nearest(target_hints(rules, target_progress(rules.win_targets, counts, melds)))
    return w, targets


def claim_suggestion(view: SeatView, choice: Action | None = None) -> Words:
    """The suggested answer to a discard in words, and why; nothing to say outside a claim with a choice."""
    t = view.last_discard
    options = [a for a in view.legal if a.kind in CLAIM_KINDS]
    if view.phase is not Phase.CLAIM or t is None or not options:
        return NONE
    choice = choice if choice is not None else suggested_action(view)
    if choice is None or choice.kind is ActionKind.WIN:
        return NONE  # the win prompt says what the win pays
    rules = view.ruleset
    melds = view.table.melds[view.seat]
    now = win_shanten(rules.win_targets, rules.shapes, view.counts, melds)
    if choice.kind in CLAIM_KINDS:
        move = choice.words()
        after, targets = _claim_result(view, choice)
        why = _claim_why(rules, view, choice, now, after, targets)
        if choice.mode in (KongMode.BUZHANG, KongMode.KAIGANG):
            why = kong_words(view, choice)
        why = _with_relation(view, choice, _with_ruled_out(view, choice, why))
        return said("claim_advice.take", move=move, why=why)
    best = min(options, key=lambda a: _order(_claim_result(view, a)[0]))
    after, _ = _claim_result(view, best)
    return said("claim_advice.let_go", tile=tile_words(t), why=_pass_why(view, best, now, after))


def _with_ruled_out(view: SeatView, claim: Action, why: Words) -> Words:
    """Where the meld rules out hands now as near as any (a flush in another suit, 碰碰胡 after a chi), say so."""
    rules = view.ruleset
    if not rules.win_targets:
        return why
    melds = view.table.melds[view.seat]
    _, meld = claimed_meld(claim)
    still = {w.id for w in open_targets(rules.win_targets, (*melds, meld))}
    now = nearest(target_hints(rules, target_progress(rules.win_targets, view.counts, melds)))
    lost = [t for t in now if t.id not in still]
    if not lost:
        return why
    return said("claim_advice.rules_out", why=why, targets=targets_words(rules, lost, both=True))


def _with_relation(view: SeatView, claim: Action, why: Words) -> Words:
    """Where this claim is the one that relates the two players (三口, 承包), say so."""
    rules, table = view.ruleset, view.table
    frm = view.current
    need = rules.relation_claims
    if not need or frm == view.seat or table.claims[view.seat][frm] != need - 1:
        return why
    nth = said(f"claim_advice.nth.{need if 2 <= need <= 5 else 'more'}", n=need)
    return said("claim_advice.relation", why=why, nth=nth, who=said("hint_words.seat", seat=frm))


def _order(w: int | None) -> int:
    return INF if w is None else w


def _claim_why(
    rules: Ruleset, view: SeatView, claim: Action, now: int | None, after: int | None, targets: list[TargetHint]
) -> Words:
    """Why take it: the steps it saves toward what, or what the set is worth at no cost (``the hand`` when no
    target is named)."""
    what = {"targets": targets_words(rules, targets)} if targets else {}
    hand = "" if targets else "_hand"
    if after is not None and (now is None or after < now):
        if now is None:
            return said(f"claim_advice.becomes_possible{hand}", **what, steps=steps(after))
        return said(f"claim_advice.goes_from{hand}", **what, before=bare_steps(now), after=bare_steps(after))
    held = steps(after if after is not None else now if now is not None else 0)
    if claim.kind is ActionKind.KONG:
        reason = said("claim_advice.kong_free")
    elif rules.scores_hua and claim.tile is not None and claim.tile >= 27:
        reason = said("claim_advice.pong_hua", tile=tile_words(claim.tile))
    else:
        reason = said("claim_advice.one_more_set")
    return said(f"claim_advice.stays{hand}", **what, steps=held, reason=reason)


def _pass_why(view: SeatView, best: Action, now: int | None, after: int | None) -> Words:
    """Why let it go: the claim would not bring a win closer (or would take it further), and what it would cost."""
    move = best.words()
    if now is None or after is None:
        return said("claim_advice.pass_no_win", move=move)
    rules, t = view.ruleset, best.tile
    if after > now:
        out = said("claim_advice.pass_further", move=move, before=steps(now), after=steps(after))
    else:
        out = said("claim_advice.pass_no_closer", move=move, steps=steps(after))
    if rules.shapes.plain_pair_258 and best.kind is ActionKind.PONG and t is not None and _only_258_pair(view, t):
        return said("claim_advice.only_258_pair", why=out)
    return out


def _only_258_pair(view: SeatView, t: Tile) -> bool:
    """``t`` is the only 2, 5 or 8 the seat holds a pair of."""
    pairs = [u for u in KINDS_258 if view.counts[u] >= 2]
    return pairs == [t]
