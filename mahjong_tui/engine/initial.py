"""Initial small wins (起手小胡, rule sets with ``initial_small_wins``; ``rules/docs/changsha.md``).

Right after the deal, every seat whose dealt hand has one of the rule set's initial types
may declare it: the hand is shown and paid at once, and play goes on from the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .dealt_wins import open_window as open_dealt_wins
from .events import InitialWinsDeclared
from .scoring import WinContext
from .state import Phase

if TYPE_CHECKING:
    from .hand import Hand


def open_window(hand: Hand) -> bool:
    """Ask every seat with initial small wins whether it declares them; False when none has any."""
    window = {}
    for i in range(4):
        s = (hand.opening.dealer + i) % 4
        if hand.rules.initial_wins(hand.players[s].counts):
            window[s] = [Action(s, ActionKind.DECLARE_INITIAL), Action(s, ActionKind.PASS)]
    if not window:
        return False
    hand.phase = Phase.INITIAL
    hand.turn.current = hand.opening.dealer
    hand.set_window(window, {})
    return True


def resolve(hand: Hand) -> None:
    """Every asked seat has answered: score and pay each declaration, then the dealer's turn."""
    for i in range(4):
        s = (hand.opening.dealer + i) % 4
        a = hand.window.answers.get(s)
        if a is None or a.kind is not ActionKind.DECLARE_INITIAL:
            continue
        p = hand.players[s]
        ctx = WinContext(winner=s, concealed=tuple(p.tiles()), win_tile=None, dealer=hand.opening.dealer, initial=True)
        res = hand.rules.score(ctx)
        hand.result.initial_declared[s] = res.types
        for k in range(4):
            hand.result.payments[k] += res.payments[k]
        hand.emit(InitialWinsDeclared(s, tuple(p.tiles()), res))
    hand.turn.current = hand.opening.dealer
    if not open_dealt_wins(hand):
        hand.open_turn()
