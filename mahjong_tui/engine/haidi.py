"""海底, the last tile (rule sets whose ``end_of_wall`` is ``HAIDI``; ``rules/docs/changsha.md``).

When one tile is left, it is not drawn: it is offered to the seat whose draw it would be,
then in turn to the others. Whoever takes it wins on it (海底捞月) or must show it, and
then the others may win on it (海底炮). Nobody takes it, or nobody wins: the hand is
drawn, and the seat that took it (else the first offered, else whoever drew the wall's
last tile) deals next. A win on the 海底 takes the 海底 tile itself as its bird.

The rules of the 海底 are in this module; the hand keeps where it stands in a
:class:`~.parts.HaidiState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .events import DrawSource, HaidiDeclined, HaidiOffered, TileDiscarded
from .scoring import WinBy
from .state import Phase, RiverTile
from .steps import END_DRAWN, Ask, Settle, Step
from .tiles import Tile
from .wins import chosen_wins, lift_passed_wins, mark_won, open_win_window, self_win, win_context

if TYPE_CHECKING:
    from .hand import Hand


def begin(hand: Hand, seat: int) -> Step:
    """With one tile left, offer it instead of drawing it, first to ``seat``, whose draw it would be."""
    hand.haidi.first = seat
    hand.turn.current = seat
    return _offer(hand)


def _offer(hand: Hand) -> Step:
    """Offer the 海底 to the next seat in turn."""
    assert hand.haidi.first is not None
    seat = (hand.haidi.first + hand.haidi.offers) % 4
    hand.turn.current = seat
    hand.emit(HaidiOffered(seat))
    return Ask(Phase.HAIDI, {seat: [Action(seat, ActionKind.TAKE_HAIDI), Action(seat, ActionKind.PASS)]}, {})


def apply_offer(hand: Hand, action: Action) -> Step:
    """Take the 海底, or let it go to the next seat (after four passes the hand is drawn)."""
    seat = action.seat
    state = hand.haidi
    if action.kind is ActionKind.PASS:
        hand.emit(HaidiDeclined(seat))
        state.offers += 1
        if state.offers == 4:
            return END_DRAWN
        return _offer(hand)
    t = hand.wall_draw(seat, tail=False)
    state.tile = t
    state.taker = seat
    lift_passed_wins(hand, hand.players[seat], by_claim=False)
    hand.take_drawn(seat, t, DrawSource.HAIDI)
    acts = []
    win = self_win(hand, seat, last_tile=True)
    if win is not None and win.valid:
        acts.append(hand.window.offer_win(seat, t, win))
    acts.append(Action(seat, ActionKind.PASS, t))
    return Ask(Phase.HAIDI_TAKEN, {seat: acts}, {})


def apply_taken(hand: Hand, action: Action) -> Step:
    """The taker wins on the 海底, or shows it and the others may win on it."""
    seat = action.seat
    t = hand.haidi.tile
    assert t is not None
    if action.kind is ActionKind.WIN:
        ctx = win_context(hand, seat, t, WinBy.SELF_DRAW, None, in_hand=True, last_tile=True)
        return Settle(((seat, ctx),), None)
    p = hand.players[seat]
    p.counts[t] -= 1
    p.last_drawn = None
    p.river.append(RiverTile(t))
    hand.emit(TileDiscarded(seat, t))
    return open_win_window(hand, seat, (t,), WinBy.DISCARD, Phase.HAIDI_SHOWN, END_DRAWN, last_tile=True)


def resolve_shown(hand: Hand) -> Step:
    """Everyone asked about the shown 海底 has answered: 海底炮, or a drawn hand."""
    taker = hand.turn.current
    wins = chosen_wins(hand, taker, WinBy.DISCARD, last_tile=True)
    if wins:
        mark_won(hand, taker, wins, 1)
        return Settle(tuple(wins), taker)
    return END_DRAWN


def shown_tile(hand: Hand) -> Tile | None:
    """The 海底 once every seat may see it (shown, or the hand is over)."""
    if hand.phase in (Phase.HAIDI_SHOWN, Phase.ENDED):
        return hand.haidi.tile
    return None
