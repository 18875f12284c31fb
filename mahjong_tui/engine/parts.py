"""The parts a hand's state is kept in, each named after what it holds.

A :class:`~.hand.Hand` holds one of each, besides its rule set, wall, seats and events:

* :class:`Opening`: what the hand began with (its number, dealer, dice, scores, 荒番)
* :class:`TurnState`: whose turn it is, how its last tile came, the last discard
* :class:`Window`: the decision open now, what each asked seat may do, and the answers
* :class:`KongState`: a kong under way (an added kong others may rob, 开杠's tiles)
* :class:`HaidiState`: the 海底, and who drew the wall's last tile
* :class:`HandResult`: the payments so far, and once the hand is over, how it ended

Each seat's own tiles and restrictions are its :class:`~.state.PlayerState`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .actions import Action, ActionKind, KongMode
from .events import DrawSource, HandOutcome
from .melds import Meld
from .scoring import ScoreResult
from .state import Refusal
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Opening:
    """What a hand began with: its number, its dealer, the dice, the scores, the 荒番 counter, its tiles."""

    hand_number: int
    dealer: int
    dice: tuple[int, int]
    scores_before: tuple[int, int, int, int]
    huangfan: int  # the counter the hand is played under, the dice's share included
    huangfan_from_dice: int
    census: list[int]  # how many of each tile id the rule set's tile set holds


@dataclass(slots=True)
class TurnState:
    """Whose turn it is (or who discarded, while a window is open), how its last tile came, the last discard."""

    current: int
    draw_source: DrawSource = DrawSource.HEAD  # how the current seat's last tile came
    after_draw: bool = True  # right after a draw: a self-drawn win and kongs of one's own may be offered
    last_discard: Tile | None = None
    claim_made: bool = False  # some discard has been claimed this hand (no first turn is untouched after)


@dataclass(slots=True)
class Window:
    """The decision open now: what each asked seat may do, what it may not and why, the answers so far,
    and what each win on offer would score."""

    legal: dict[int, list[Action]] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)
    refusals: dict[int, list[Refusal]] = field(default_factory=dict)
    offered_wins: dict[Action, ScoreResult] = field(default_factory=dict)
    noted_wins: dict[Action, ScoreResult] = field(default_factory=dict)  # while the next window is made

    def offer_win(self, seat: int, tile: Tile | None, result: ScoreResult) -> Action:
        """A win for the window being made, with what it scores (shown before the player chooses); ``tile``
        None: a declaration on the dealt tiles (八花 in the deal)."""
        action = Action(seat, ActionKind.WIN, tile)
        self.noted_wins[action] = result
        return action

    def open(self, legal: dict[int, list[Action]], refusals: dict[int, list[Refusal]]) -> None:
        """A new decision: what each asked seat may do, and what it may not; no answers yet."""
        self.legal = legal
        self.answers = {}
        self.refusals = refusals
        noted, self.noted_wins = self.noted_wins, {}
        self.offered_wins = {a: r for a, r in noted.items() if a in legal.get(a.seat, ())} if noted else {}

    def close(self) -> None:
        """Nobody is asked anything."""
        self.open({}, {})


@dataclass(slots=True)
class KongState:
    """A kong under way: an added kong the others may still rob, 开杠's turned-up tiles, the rigged 开杠 dice."""

    rob_tile: Tile | None = None  # an added kong's tile, while it may be robbed
    pending: tuple[int, Meld, KongMode] | None = None  # that kong: its seat, its meld, how the quad is used
    kaigang_tiles: tuple[Tile, ...] = ()
    rigged_dice: Iterator[tuple[int, int]] = field(default_factory=lambda: iter(()))  # 开杠 rolls still to come


@dataclass(slots=True)
class HaidiState:
    """Where the 海底 stands in a hand, and who drew the wall's last tile."""

    first: int | None = None  # the seat it was offered to first
    offers: int = 0  # how many seats it has been offered to
    taker: int | None = None
    tile: Tile | None = None  # once taken
    last_tile_drawer: int | None = None  # who drew the wall's last tile, however it was drawn

    def dealer_after_drawn(self, dealer: int) -> int:
        """Who deals after a drawn hand: the taker, else the first offered, else who drew the last tile."""
        for seat in (self.taker, self.first, self.last_tile_drawer):
            if seat is not None:
                return seat
        return dealer


@dataclass(slots=True)
class HandResult:
    """What the hand has paid and how it ended: the payments so far (initial small wins are paid during
    play) and the initial small wins declared; once over, the outcome, each winner's score, who deals next
    and the 荒番 counter passed on."""

    payments: list[int]
    next_dealer: int
    initial_declared: dict[int, tuple[str, ...]] = field(default_factory=dict)
    outcome: HandOutcome | None = None
    winners: tuple[int, ...] = ()
    results: dict[int, ScoreResult] = field(default_factory=dict)
    next_huangfan: int | None = None  # the counter the next hand starts from, once this one is over
