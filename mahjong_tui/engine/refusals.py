"""Why an action is refused, in a player's words: what is actually wrong with it, not a guess.

The rule set's own reasons come first (a claim it rules out, a discard forbidden after a
chi); then what is wrong with the move itself: not this seat's turn, a tile it does not
hold, a chi that is not from the previous player or does not make a sequence, a move
that needs to say which of several it means. Every reason is in English and Chinese, its text in the locale
catalogue (``[refusal]``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .actions import KIND_WORDS, Action, ActionKind, malformed, meanings
from .claims import chi_shapes
from .state import SINGLE_SEAT_PHASES, Phase
from .tiles import NUM_KINDS, Tile, format_tiles, is_suited, tile_words, tile_zh
from .words import Words, alike, joined, said

if TYPE_CHECKING:
    from .hand import Hand

_CLAIM_PHASES = (Phase.CLAIM,)
_KONGS = (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)


def why_illegal(hand: Hand, action: Action) -> Words:
    """A player's words for why ``action`` is refused now."""
    bad = malformed(action)
    if bad is not None:
        return alike(bad)
    seat = action.seat
    if hand.phase is Phase.ENDED:
        return said("refusal.hand_over")
    window = hand.window
    if seat in window.answers:
        return said("refusal.answered")
    if seat not in window.legal:
        if hand.phase is Phase.CLAIM and action.kind in _CLAIMS:
            return _claim_problem(hand, action)
        pending = hand.pending_seats()
        if not pending:
            return said("refusal.nothing_to_do")
        if hand.phase in SINGLE_SEAT_PHASES:
            return said("refusal.not_your_turn", seat=pending[0])
        return said("refusal.nothing_to_answer", seat=pending[0])
    legal = window.legal[seat]
    for r in window.refusals.get(seat, ()):
        if r.kind is action.kind and (action.tile is None or r.tile is None or r.tile == action.tile):
            return r.reason
    several = meanings(action, legal)
    if len(several) > 1:
        options = joined((a.words() for a in several), ", ", "、")
        return said("refusal.say_which", options=options)
    same_kind = [a for a in legal if a.kind is action.kind]
    if same_kind:
        return _wrong_detail(hand, action, same_kind)
    return _not_now(hand, action)


def _names(tiles: Iterable[Tile]) -> Words:
    """Tiles listed: ``3m, 5p`` / ``三万、五筒``."""
    ts = sorted(set(tiles))
    return joined(map(tile_words, ts), ", ", "、")


def _wrong_detail(hand: Hand, action: Action, offered: list[Action]) -> Words:
    """The move is on offer, but not as written: which tile, which tiles, which mode."""
    kind = action.kind
    what = KIND_WORDS[kind]
    t = action.tile
    if kind is ActionKind.DISCARD:
        return _no_such_discard(hand, action)
    if kind is ActionKind.CHI:
        return _chi_problem(hand, action)
    on = _names(a.tile for a in offered if a.tile is not None)
    if kind in (ActionKind.PONG, ActionKind.KONG, ActionKind.WIN) and hand.phase is not Phase.TURN:
        if t is not None and on.en:
            return said("refusal.only_on", what=what, on=on, tile=tile_words(t))
    if action.mode is not None and all(a.mode is not action.mode for a in offered):
        modes = [said(f"refusal.mode.{m}") for m in sorted({a.mode.value for a in offered if a.mode is not None})]
        mode = said(f"refusal.mode.{action.mode.value}")
        if not modes:  # a mode named on a move that has none
            return said("refusal.no_mode", what=what, mode=mode)
        listed = joined(modes, ", ", "、")
        return said("refusal.not_as_mode", what=what, mode=mode, modes=listed)
    if on.en:
        return said("refusal.only", what=what, on=on)
    return (
        said("refusal.cannot", what=what) if t is None else said("refusal.cannot_tile", what=what, tile=tile_words(t))
    )


def _no_such_discard(hand: Hand, action: Action) -> Words:
    p = hand.players[action.seat]
    t = action.tile
    if t is None:
        return said("refusal.discard_which")
    if t >= NUM_KINDS or not p.counts[t]:
        return said("refusal.not_held", tiles=tile_words(t))
    if p.kaigang_locked:
        return said("refusal.kaigang_locked")
    return said("refusal.no_discard_now", tile=tile_words(t))


def _chi_problem(hand: Hand, action: Action) -> Words:
    """A chi that is offered in some form, but not this one."""
    p = hand.players[action.seat]
    t = action.tile
    last = hand.turn.last_discard
    assert last is not None  # a chi is only ever offered on a discard
    if t is not None and t != last:
        return said("refusal.last_discard_only", tile=tile_words(last))
    t = last
    if action.tiles:
        held = Words(format_tiles(action.tiles), "".join(tile_zh(x) for x in action.tiles))
        if len(action.tiles) != 2:
            return said("refusal.chi_two_tiles")
        missing = [x for x in action.tiles if x >= NUM_KINDS or p.counts[x] < action.tiles.count(x)]
        if missing:
            return said("refusal.not_held", tiles=held)
        if tuple(sorted(action.tiles)) not in chi_shapes(p.counts, t):
            return said("refusal.no_sequence", held=held, tile=tile_words(t))
    return said("refusal.chi_which")


def _claim_problem(hand: Hand, action: Action) -> Words:
    """Why this seat cannot chi, pong or kong the discard at all."""
    t = hand.turn.last_discard
    name = tile_words(t) if t is not None else said("refusal.it")
    if action.kind is ActionKind.CHI:
        if action.seat != (hand.turn.current + 1) % 4:
            return said("refusal.chi_previous")
        if t is not None and not is_suited(t):
            return said("refusal.chi_suited", tile=name)
        return said("refusal.chi_none", tile=name)
    need = 2 if action.kind is ActionKind.PONG else 3
    what = KIND_WORDS[action.kind]
    return said("refusal.need_tiles", need=need, tile=name, what=what)


def _not_now(hand: Hand, action: Action) -> Words:
    """The seat is asked something, but not this kind of move."""
    kind = action.kind
    what = KIND_WORDS[kind]
    seat = action.seat
    offered = [KIND_WORDS[k] for k in sorted({a.kind for a in hand.window.legal[seat]}, key=lambda k: k.value)]
    can = said("refusal.you_can", moves=joined(offered, ", ", "、"))
    if kind in _CLAIMS:
        if hand.phase not in _CLAIM_PHASES:
            return said("refusal.no_discard_to_claim", what=what, can=can)
        return _claim_problem(hand, action)
    if kind is ActionKind.DISCARD:
        return said("refusal.discard_not_now", can=can)
    if kind is ActionKind.WIN:
        return said("refusal.not_a_win")
    if kind is ActionKind.PASS:
        return said("refusal.nothing_to_pass", can=can)
    if kind in _KONGS:
        return said("refusal.not_now", what=what, can=can)
    return said("refusal.move_not_now", move=action.words(), can=can)
