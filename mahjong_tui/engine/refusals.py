"""Why an action is refused, in a player's words: what is actually wrong with it, not a guess.

The rule set's own reasons come first (a claim it rules out, a discard forbidden after a
chi); then what is wrong with the move itself: not this seat's turn, a tile it does not
hold, a chi that is not from the previous player or does not make a sequence, a move
that needs to say which of several it means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind, malformed, meanings
from .claims import chi_shapes
from .state import SINGLE_SEAT_PHASES, Phase
from .tiles import NUM_KINDS, format_tiles, is_suited, tile_name

if TYPE_CHECKING:
    from .hand import Hand

_CLAIM_PHASES = (Phase.CLAIM,)
_KONGS = (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)


def why_illegal(hand: Hand, action: Action) -> str:
    """A player's words for why ``action`` is refused now."""
    bad = malformed(action)
    if bad is not None:
        return bad
    seat = action.seat
    if hand.phase is Phase.ENDED:
        return "the hand is over"
    if seat in hand.decisions:
        return "you have already answered this"
    if seat not in hand.window:
        if hand.phase is Phase.CLAIM and action.kind in _CLAIMS:
            return _claim_problem(hand, action)
        pending = hand.pending_seats()
        if not pending:
            return "there is nothing for you to do now"
        if hand.phase in SINGLE_SEAT_PHASES:
            return f"it is not your turn: waiting for seat {pending[0]}"
        return f"you have nothing to answer: waiting for seat {pending[0]}"
    legal = hand.window[seat]
    for r in hand.refusals.get(seat, ()):
        if r.kind is action.kind and (action.tile is None or r.tile is None or r.tile == action.tile):
            return r.reason
    several = meanings(action, legal)
    if len(several) > 1:
        return f"say which: {', '.join(a.describe() for a in several)}"
    same_kind = [a for a in legal if a.kind is action.kind]
    if same_kind:
        return _wrong_detail(hand, action, same_kind)
    return _not_now(hand, action)


def _wrong_detail(hand: Hand, action: Action, offered: list[Action]) -> str:
    """The move is on offer, but not as written: which tile, which tiles, which mode."""
    kind = action.kind
    t = action.tile
    if kind is ActionKind.DISCARD:
        return _no_such_discard(hand, action)
    if kind is ActionKind.CHI:
        return _chi_problem(hand, action)
    if kind in (ActionKind.PONG, ActionKind.KONG, ActionKind.WIN) and hand.phase is not Phase.TURN:
        on = ", ".join(sorted({tile_name(a.tile) for a in offered if a.tile is not None}))
        if t is not None and on:
            return f"you can {kind.value} only on {on}, not {tile_name(t)}"
    if action.mode is not None and all(a.mode is not action.mode for a in offered):
        modes = ", ".join(sorted({a.mode.value for a in offered if a.mode is not None}))
        return f"you can't {kind.value.replace('_', ' ')} as {action.mode.value} now (only: {modes})"
    tiles = ", ".join(sorted({tile_name(a.tile) for a in offered if a.tile is not None}))
    what = kind.value.replace("_", " ")
    return f"you can {what} only {tiles}" if tiles else f"you can't {what} {tile_name(t) if t is not None else ''}"


def _no_such_discard(hand: Hand, action: Action) -> str:
    p = hand.players[action.seat]
    t = action.tile
    if t is None:
        return "say which tile to discard"
    if t >= NUM_KINDS or not p.counts[t]:
        return f"you don't hold {tile_name(t)}"
    if p.kaigang_locked:
        return "after 开杠 you must discard each tile you draw"
    return f"you can't discard {tile_name(t)} now"


def _chi_problem(hand: Hand, action: Action) -> str:
    """A chi that is offered in some form, but not this one."""
    p = hand.players[action.seat]
    t = action.tile
    last = hand.last_discard
    assert last is not None  # a chi is only ever offered on a discard
    if t is not None and t != last:
        return f"you can only claim the last discard, {tile_name(last)}"
    t = last
    if action.tiles:
        if len(action.tiles) != 2:
            return "a chi takes two tiles from your hand"
        missing = [x for x in action.tiles if x >= NUM_KINDS or p.counts[x] < action.tiles.count(x)]
        if missing:
            return f"you don't hold {format_tiles(action.tiles)}"
        if tuple(sorted(action.tiles)) not in chi_shapes(p.counts, t):
            return f"{format_tiles(action.tiles)} and {tile_name(t)} don't make a sequence"
    return "say which two tiles make the sequence"


def _claim_problem(hand: Hand, action: Action) -> str:
    """Why this seat cannot chi, pong or kong the discard at all."""
    t = hand.last_discard
    name = tile_name(t) if t is not None else "it"
    if action.kind is ActionKind.CHI:
        if action.seat != (hand.current + 1) % 4:
            return "you can chi only from the player before you"
        if t is not None and not is_suited(t):
            return f"you can't chi {name}: only suited tiles make sequences"
        return f"you hold no two tiles that make a sequence with {name}"
    need = 2 if action.kind is ActionKind.PONG else 3
    return f"you need {need} tiles like {name} in hand to {action.kind.value}"


def _not_now(hand: Hand, action: Action) -> str:
    """The seat is asked something, but not this kind of move."""
    kind = action.kind
    seat = action.seat
    offered = sorted({a.kind.value.replace("_", " ") for a in hand.window[seat]})
    choices = f"(you can: {', '.join(offered)})"
    if kind in _CLAIMS:
        if hand.phase not in _CLAIM_PHASES:
            return f"you can't {kind.value} now: there is no discard to claim {choices}"
        return _claim_problem(hand, action)
    if kind is ActionKind.DISCARD:
        return f"you can't discard now {choices}"
    if kind is ActionKind.WIN:
        return "that is not a winning hand"
    if kind is ActionKind.PASS:
        return f"there is nothing to pass: it is your turn {choices}"
    if kind in _KONGS:
        return f"you can't {kind.value.replace('_', ' ')} now {choices}"
    return f"{action.describe()} is not possible now {choices}"
