"""Wins declared on the dealt hand, before the dealer's first discard (Shanghai's 八花 in the deal).

Once the deal's 补花 is done, a non-dealer whose dealt hand already wins as it stands
(``Ruleset.wins_as_dealt``: all eight flowers) may declare it at once, scored as a
self-draw with no winning tile. The dealer, who may win on the same dealt tiles (天胡),
is asked too, and goes first: when both declare, the dealer's win is the one paid. When
nobody declares, the dealer's turn opens as usual; passing is no 漏胡, as no discard was
passed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .events import ClaimLost
from .scoring import WinBy
from .state import Phase
from .steps import OPEN_TURN, Ask, Settle, Step
from .wins import self_win, win_context
from .words import Words, said

if TYPE_CHECKING:
    from .hand import Hand


def open_window(hand: Hand) -> Step:
    """Ask each non-dealer holding a hand that wins as dealt (and then the dealer, if it may win) whether it
    declares; when no non-dealer may, the dealer's turn."""
    window: dict[int, list[Action]] = {}
    dealer = hand.opening.dealer
    for i in (1, 2, 3):
        s = (dealer + i) % 4
        if not hand.rules.wins_as_dealt(hand.players[s].flowers):
            continue
        result = hand.rules.score(win_context(hand, s, None, WinBy.SELF_DRAW, None, replacement=False))
        if result.valid:
            window[s] = [hand.window.offer_win(s, None, result), Action(s, ActionKind.PASS)]
    if not window:
        return OPEN_TURN
    dealer_win = self_win(hand, dealer)
    if dealer_win is not None and dealer_win.valid:
        window[dealer] = [
            hand.window.offer_win(dealer, hand.players[dealer].last_drawn, dealer_win),
            Action(dealer, ActionKind.PASS),
        ]
    hand.turn.current = dealer
    return Ask(Phase.DEALT_WIN, window, {})


def resolve(hand: Hand) -> Step:
    """Everyone asked has answered: the first declaration from the dealer on is paid; else the dealer's turn."""
    dealer = hand.opening.dealer
    order = [(dealer + i) % 4 for i in range(4)]
    answers = hand.window.answers
    declared = [s for s in order if (a := answers.get(s)) is not None and a.kind is ActionKind.WIN]
    if not declared:
        hand.turn.current = dealer
        return OPEN_TURN
    winner = declared[0]
    for s in declared[1:]:
        hand.emit(ClaimLost(s, ActionKind.WIN.value, winner, ActionKind.WIN.value, _second(winner)))
    p = hand.players[winner]
    if winner == dealer:
        ctx = win_context(hand, winner, p.last_drawn, WinBy.SELF_DRAW, None, in_hand=p.last_drawn is not None)
    else:
        ctx = win_context(hand, winner, None, WinBy.SELF_DRAW, None, replacement=False)
    return Settle(((winner, ctx),), None)


def _second(dealer: int) -> Words:
    """Why a declaration on the dealt hand is not paid: the dealer declared too, and goes first."""
    return said("claim_lost.dealer_first", seat=dealer)
