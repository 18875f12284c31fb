"""What a hand does next: the steps a phase's handlers return and :meth:`~.hand.Hand.apply` carries out.

A handler changes what it is about (tiles, rivers, a seat's restrictions) and names the
next step; the hand runs each step from its one table, and goes on until a step asks the
seats something (:class:`Ask`) or the hand has ended (:class:`Ended`). No phase calls
another: what follows a discard, a kong or a win is a step the hand runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, KongMode
from .scoring import WinContext
from .state import Phase, Refusal
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Ask:
    """Wait in ``phase`` for the seats asked: what each may do (``legal``), and what it may not, with why."""

    phase: Phase
    legal: dict[int, list[Action]]
    refusals: dict[int, list[Refusal]]


@dataclass(frozen=True, slots=True)
class Quiet:
    """A window nobody is asked in: the others had their moment to answer ``origin``'s move in ``phase`` (a
    discard, an added kong, the 开杠 tiles, the shown 海底, a new hand's 起手小胡), and none may. Play goes on
    with ``then``: at once, or, in a hand that holds its windows, when the window is released
    (:meth:`~.hand.Hand.release`): a table played across machines keeps every window open for the same time,
    so how long it lasts tells nobody whether anyone could answer. ``refusals``: why a seat may not, as in
    :class:`Ask`."""

    phase: Phase
    origin: int
    then: Step
    refusals: dict[int, list[Refusal]]


@dataclass(frozen=True, slots=True)
class CompleteAddedKong:
    """Nobody robbed the added kong: the pong becomes the kong, and the konger goes on."""


@dataclass(frozen=True, slots=True)
class OpenTurn:
    """The current seat's turn: list what it may do (after a draw or a claim)."""


@dataclass(frozen=True, slots=True)
class Draw:
    """The seat's ordinary draw, then its turn (or the 海底 offer, or the end of the wall)."""

    seat: int


@dataclass(frozen=True, slots=True)
class OpenClaims:
    """Ask the other seats who claims ``discarder``'s discard ``tile`` (nobody may: the next seat draws)."""

    discarder: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class DeclareKong:
    """The seat declares a kong of its own in its turn: concealed, or ``added`` onto a pong."""

    seat: int
    tile: Tile
    mode: KongMode
    added: bool


@dataclass(frozen=True, slots=True)
class AfterKong:
    """A kong stands: its replacement draw, or 开杠's dice."""

    seat: int
    mode: KongMode


@dataclass(frozen=True, slots=True)
class KaigangToOthers:
    """The konger does not win on the 开杠 tiles: both are discarded, and the others may win on them."""

    seat: int


@dataclass(frozen=True, slots=True)
class OfferHaidi:
    """The wall's last tile is not drawn: it is offered, from ``seat`` on (the 海底)."""

    seat: int


@dataclass(frozen=True, slots=True)
class OpenInitialWins:
    """Ask the seats dealt initial small wins (起手小胡) whether they declare them."""


@dataclass(frozen=True, slots=True)
class OpenDealtWins:
    """Ask the seats whose dealt hand already wins (八花 in the deal) whether they declare it."""


@dataclass(frozen=True, slots=True)
class Settle:
    """The hand is won: pay every win (from ``discarder``, None for a self-draw) and end it."""

    wins: tuple[tuple[int, WinContext], ...]
    discarder: int | None


@dataclass(frozen=True, slots=True)
class EndDrawn:
    """Nobody won: the hand is drawn (流局)."""


@dataclass(frozen=True, slots=True)
class Ended:
    """The hand is over: its last event is out, nobody is asked anything."""


#: every step a handler may return
Step = (
    Ask
    | Quiet
    | CompleteAddedKong
    | OpenTurn
    | Draw
    | OpenClaims
    | DeclareKong
    | AfterKong
    | KaigangToOthers
    | OfferHaidi
    | OpenInitialWins
    | OpenDealtWins
    | Settle
    | EndDrawn
    | Ended
)

OPEN_TURN = OpenTurn()
COMPLETE_ADDED_KONG = CompleteAddedKong()
OPEN_INITIAL_WINS = OpenInitialWins()
OPEN_DEALT_WINS = OpenDealtWins()
END_DRAWN = EndDrawn()
ENDED = Ended()
