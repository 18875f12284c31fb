"""Which kongs a seat may make, in its turn or on a discard, and why one is not offered.

A quad is offered in each of the rule set's ``kong_modes`` that fits: 开杠 only when the
hand is ready with the quad set aside, and no kong at all once the wall has no tile left
to replace it. Both the turn and the claims on a discard ask this module.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .actions import Action, ActionKind, KongMode
from .melds import Meld, MeldKind
from .state import PlayerState, Refusal
from .tiles import NUM_KINDS, Tile
from .words import Words, said

if TYPE_CHECKING:
    from .hand import Hand


@cache
def no_replacement() -> Words:
    """Why no kong: the wall has no tile left to replace it."""
    return said("refusal.no_replacement")


@cache
def kaigang_needs_ready() -> Words:
    """Why no 开杠: the hand is not ready with the four set aside."""
    return said("refusal.kaigang_needs_ready")


def kong_modes(hand: Hand, p: PlayerState, t: Tile, from_hand: int) -> list[KongMode]:
    """The quad choices the rule set offers for ``t``; 开杠 only when ready with the quad set aside."""
    modes = []
    for mode in hand.rules.kong_modes:
        if mode is KongMode.KAIGANG:
            p.counts[t] -= from_hand
            # an added kong replaces its pong
            rest = [m for m in p.melds if not (m.kind is MeldKind.PONG and m.first == t)]
            melds = [*rest, Meld(MeldKind.CONCEALED_KONG, (t, t, t, t))]
            ok = hand.rules.is_ready(p.counts, melds)
            p.counts[t] += from_hand
            if not ok:
                continue
        modes.append(mode)
    return modes


def kaigang_refusals(hand: Hand, kind: ActionKind, t: Tile, modes: list[KongMode]) -> list[Refusal]:
    """Why 开杠 is not offered for this quad when the rule set has it: the hand is not ready."""
    if KongMode.KAIGANG in hand.rules.kong_modes and KongMode.KAIGANG not in modes:
        return [Refusal(kind, t, kaigang_needs_ready())]
    return []


def own_kong_options(hand: Hand, p: PlayerState, refusals: list[Refusal]) -> list[Action]:
    """Concealed and added kongs the seat may declare in its turn (a replacement tile must be there)."""
    out: list[Action] = []
    if hand.wall.remaining == 0:
        for t in range(NUM_KINDS):
            if p.counts[t] == 4:
                refusals.append(Refusal(ActionKind.CONCEALED_KONG, t, no_replacement()))
        return out
    for t in range(NUM_KINDS):
        if p.counts[t] == 4:
            modes = kong_modes(hand, p, t, 4)
            out.extend(Action(p.seat, ActionKind.CONCEALED_KONG, t, mode=mode) for mode in modes)
            refusals.extend(kaigang_refusals(hand, ActionKind.CONCEALED_KONG, t, modes))
    for m in p.melds:
        if m.kind is MeldKind.PONG and p.counts[m.first]:
            modes = kong_modes(hand, p, m.first, 1)
            out.extend(Action(p.seat, ActionKind.ADDED_KONG, m.first, mode=mode) for mode in modes)
            refusals.extend(kaigang_refusals(hand, ActionKind.ADDED_KONG, m.first, modes))
    return out
