"""Claims on a discard (``rules/docs/common.md``): who may win, kong, pong or chi, and who gets it.

After every discard the other seats are asked at once. Priority: win > kong = pong > chi;
between equal claims, the discarder's next, then opposite, then previous seat; several
seats may win on one discard. The rule set refuses claims it does not allow (with the
reason), and a seat that lets a win or a pong go may be held by 漏胡 or 过碰.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import KIND_WORDS, Action, ActionKind
from .events import ClaimLost, MeldClaimed
from .kong_options import kaigang_refusals, kong_modes, no_replacement
from .melds import Meld, MeldKind
from .scoring import WinBy
from .state import Phase, Refusal, RiverTile
from .steps import OPEN_TURN, AfterKong, Ask, Draw, Quiet, Settle, Step
from .tiles import Tile, is_suited
from .wins import chosen_wins, lift_passed_wins, mark_won, note_passed_wins, passed_win_block, win_on
from .words import said

if TYPE_CHECKING:
    from .hand import Hand


def claimed_meld(a: Action, source: int | None = None) -> tuple[tuple[Tile, ...], Meld]:
    """A chi, pong or kong on the discard ``a.tile``: the tiles it takes from the hand, and the meld it lays down."""
    t = a.tile
    assert t is not None and a.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)
    if a.kind is ActionKind.CHI:
        x, y = a.tiles
        return (x, y), Meld(MeldKind.CHI, tuple(sorted((x, y, t))), t, source)
    if a.kind is ActionKind.PONG:
        return (t, t), Meld(MeldKind.PONG, (t, t, t), t, source)
    return (t, t, t), Meld(MeldKind.KONG, (t, t, t, t), t, source)


def open_window(hand: Hand, discarder: int, t: Tile) -> Step:
    """Ask every seat that may claim the discard ``t`` (nobody may: the window is quiet, then the next seat draws).

    Seats with nothing to decide still learn at once why an option they might expect is not there.
    """
    window: dict[int, list[Action]] = {}
    refusals: dict[int, list[Refusal]] = {}
    for c in hand.order_from(discarder):
        acts, refs = claim_options(hand, c, discarder, t)
        if refs:
            refusals[c] = refs
        if acts:
            acts.append(Action(c, ActionKind.PASS, t))
            window[c] = acts
    hand.announce_refusals(window, refusals)
    return (
        Ask(Phase.CLAIM, window, refusals)
        if window
        else Quiet(Phase.CLAIM, discarder, Draw((discarder + 1) % 4), refusals)
    )


def claim_options(hand: Hand, c: int, discarder: int, t: Tile) -> tuple[list[Action], list[Refusal]]:
    """What seat ``c`` may do with ``discarder``'s discard ``t``, and what it may not, with why."""
    p = hand.players[c]
    rules = hand.rules
    acts: list[Action] = []
    refs: list[Refusal] = []
    res = win_on(hand, c, t, discarder, WinBy.DISCARD)
    if res is not None:
        blocked = passed_win_block(hand, p, t)
        if blocked:
            refs.append(Refusal(ActionKind.WIN, t, blocked))
        elif not res.valid:
            refs.append(Refusal(ActionKind.WIN, t, res.words))
        else:
            acts.append(hand.window.offer_win(c, t, res))
    if p.kaigang_locked:
        return acts, refs
    n = p.counts[t]
    if n >= 2:
        why = rules.pong_refusal(p.facts(), t)
        if why:
            refs.append(Refusal(ActionKind.PONG, t, why))
        else:
            if n >= 3:
                if hand.wall.remaining > 0:
                    modes = kong_modes(hand, p, t, 3)
                    acts.extend(Action(c, ActionKind.KONG, t, mode=mode) for mode in modes)
                    refs.extend(kaigang_refusals(hand, ActionKind.KONG, t, modes))
                else:
                    refs.append(Refusal(ActionKind.KONG, t, no_replacement()))
            if rules.passed_pong_rule and t in p.passed_pong:
                refs.append(Refusal(ActionKind.PONG, t, rules.passed_pong_refusal(t)))
            else:
                acts.append(Action(c, ActionKind.PONG, t))
    if c == (discarder + 1) % 4 and is_suited(t):
        chis = chi_shapes(p.counts, t)
        if chis:
            why = rules.chi_refusal(p.facts(), t)
            if why:
                refs.append(Refusal(ActionKind.CHI, t, why))
            else:
                acts.extend(Action(c, ActionKind.CHI, t, (a, b)) for a, b in chis)
    return acts, refs


def chi_shapes(counts: list[int], t: Tile) -> list[tuple[Tile, Tile]]:
    """The pairs of held tiles that make a sequence with the suited tile ``t``."""
    out = []
    pos = t % 9
    for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
        lo = min(a, t)
        hi = max(b, t)
        if lo < 0 or hi > 26 or lo // 9 != t // 9 or hi // 9 != t // 9:
            continue
        if pos + (lo - t) < 0 or pos + (hi - t) > 8:
            continue
        if counts[a] and counts[b]:
            out.append((a, b))
    return out


def resolve_claims(hand: Hand) -> Step:
    """Everyone asked has answered: wins first, then the highest claim, else the next seat draws."""
    discarder = hand.turn.current
    t = hand.turn.last_discard
    assert t is not None
    note_passed_wins(hand)
    note_passed_pongs(hand, t)
    wins = chosen_wins(hand, discarder, WinBy.DISCARD)
    if wins:
        announce_lost_claims(hand, discarder, wins[0][0], ActionKind.WIN)
        mark_won(hand, discarder, wins, 1)
        return Settle(tuple(wins), discarder)
    best: Action | None = None
    best_key: tuple[int, int] | None = None
    for c in hand.order_from(discarder):
        a = hand.window.answers.get(c)
        if a is None or a.kind is ActionKind.PASS:
            continue
        rank = 1 if a.kind is ActionKind.CHI else 2
        key = (-rank, (c - discarder) % 4)
        if best_key is None or key < best_key:
            best, best_key = a, key
    if best is None:
        return Draw((discarder + 1) % 4)
    announce_lost_claims(hand, discarder, best.seat, best.kind)
    return claim(hand, best, discarder, t)


def announce_lost_claims(hand: Hand, discarder: int, winner: int, kind: ActionKind) -> None:
    """Tell every seat whose chi, pong or kong was beaten whose claim took the discard, and why."""
    for c in hand.order_from(discarder):
        a = hand.window.answers.get(c)
        if c == winner or a is None or a.kind not in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
            continue
        if kind is ActionKind.WIN:
            why = said("claim_lost.win_first")
        elif kind is not ActionKind.CHI and a.kind is ActionKind.CHI:
            why = said("claim_lost.pong_first")
        else:
            why = said("claim_lost.nearer_first")
        reason = said("claim_lost.taken", seat=winner, theirs=KIND_WORDS[kind], yours=KIND_WORDS[a.kind], why=why)
        hand.emit(ClaimLost(c, a.kind.value, winner, kind.value, reason))


def note_passed_pongs(hand: Hand, t: Tile) -> None:
    """过碰: a seat that could pong ``t`` and did not claim it may not pong it again before discarding."""
    if not hand.rules.passed_pong_rule:
        return
    for c, acts in hand.window.legal.items():
        chosen = hand.window.answers[c]
        could_pong = any(a.kind is ActionKind.PONG for a in acts)
        if could_pong and chosen.kind not in (ActionKind.PONG, ActionKind.KONG, ActionKind.WIN):
            hand.players[c].passed_pong.add(t)


def claim(hand: Hand, a: Action, discarder: int, t: Tile) -> Step:
    """Take the discard into a meld; the claimer discards next (after a kong, draws first)."""
    c = a.seat
    p = hand.players[c]
    river = hand.players[discarder].river
    river[-1] = RiverTile(river[-1].tile, claimed_by=c)
    hand.turn.claim_made = True
    p.has_melded = True
    lift_passed_wins(hand, p, by_claim=True)
    p.claims_from[discarder] += 1
    hand.turn.current = c
    p.last_drawn = None
    used, meld = claimed_meld(a, discarder)
    for u in used:
        p.counts[u] -= 1
    p.melds.append(meld)
    if a.kind is ActionKind.KONG:
        assert a.mode is not None
        hand.emit(MeldClaimed(c, meld, discarder, a.mode))
        return AfterKong(c, a.mode)
    if a.kind is ActionKind.CHI and hand.rules.after_chi_restriction:
        p.forbidden_discards = hand.rules.after_chi_forbidden(t, (used[0], used[1]))  # a chi uses two held tiles
    hand.emit(MeldClaimed(c, meld, discarder))
    hand.turn.after_draw = False
    return OPEN_TURN
