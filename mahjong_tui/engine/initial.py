"""Initial small wins (起手小胡, rule sets with ``initial_small_wins``; ``rules/docs/changsha.md``).

Right after the deal, every seat whose dealt hand has one of the rule set's initial types
may declare it: the hand is shown and paid at once, and play goes on from the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .events import InitialWinsDeclared
from .scoring import WinContext
from .state import Phase
from .steps import OPEN_DEALT_WINS, Ask, Quiet, Step

if TYPE_CHECKING:
    from .hand import Hand


def open_window(hand: Hand) -> Step:
    """Ask every seat with initial small wins whether it declares them (nobody has any: the window is quiet, then
    play goes on)."""
    dealer = hand.opening.dealer
    window = {}
    for i in range(4):
        s = (dealer + i) % 4
        if hand.rules.initial_wins(hand.players[s].counts):
            window[s] = [Action(s, ActionKind.DECLARE_INITIAL), Action(s, ActionKind.PASS)]
    hand.turn.current = dealer
    return Ask(Phase.INITIAL, window, {}) if window else Quiet(Phase.INITIAL, dealer, OPEN_DEALT_WINS, {})


def resolve(hand: Hand) -> Step:
    """Every asked seat has answered: score and pay each declaration, then play goes on from the dealer."""
    dealer = hand.opening.dealer
    for i in range(4):
        s = (dealer + i) % 4
        a = hand.window.answers.get(s)
        if a is None or a.kind is not ActionKind.DECLARE_INITIAL:
            continue
        p = hand.players[s]
        ctx = WinContext(winner=s, concealed=tuple(p.tiles()), win_tile=None, dealer=dealer, initial=True)
        res = hand.rules.score(ctx)
        hand.result.initial_declared[s] = res.types
        for k in range(4):
            hand.result.payments[k] += res.payments[k]
        hand.emit(InitialWinsDeclared(s, tuple(p.tiles()), res))
    hand.turn.current = dealer
    return OPEN_DEALT_WINS
