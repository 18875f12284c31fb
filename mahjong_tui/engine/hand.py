"""One hand (一局/一盘): from the dice to the last payment.

The one API: ``legal_actions(seat)``, ``apply(action) -> events``. An illegal or malformed
action raises :class:`IllegalAction` with a reason a player understands and changes
nothing. A :class:`Hand` keeps the state; each phase's rules live in a module of their
own, and ``apply`` hands an action to the module of the phase the hand is in:

* :mod:`.deal`: dealing, 补花, the first turn
* :mod:`.dealt_wins`: a win declared on the dealt hand (八花), before the dealer's first discard
* :mod:`.turn`: draws, self-drawn wins, kongs of one's own, discards
* :mod:`.claims`: claims on a discard and their priority
* :mod:`.kongs`: replacement draws, robbing a kong, 补张 and 开杠
* :mod:`.haidi`: the last tile, 海底
* :mod:`.initial`: initial small wins, 起手小胡
* :mod:`.wins`: win checks, scoring input, win windows
* :mod:`.settlement`: birds, payments, the next dealer, 荒番
* :mod:`.refusals`: why an action is refused
* :mod:`.invariants`: tiles conserved, hand sizes, zero-sum payments

Whatever a rule set decides differently is asked of its :class:`Ruleset`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from . import claims, dealt_wins, haidi, initial, kongs, settlement, turn, wins
from .actions import Action, ActionKind, IllegalAction, KongMode, match_action
from .deal import deal
from .events import DrawSource, Event, FlowerRevealed, HandOutcome, OptionRefused, TileDrawn
from .haidi import HaidiState
from .invariants import check_invariants
from .melds import Meld
from .options import GameOptions
from .refusals import why_illegal
from .ruleset import Ruleset
from .scoring import ScoreResult, WinBy, WinContext
from .state import SINGLE_SEAT_PHASES, Phase, PlayerState, Refusal
from .tiles import NUM_TILE_IDS, Tile, is_flower
from .wall import Wall, WallView


def _answer(resolve: Callable[[Hand], None]) -> Callable[[Hand, Action], None]:
    """A window phase: note the seat's answer; once everyone asked has answered, resolve."""

    def on_answer(hand: Hand, action: Action) -> None:
        hand.decisions[action.seat] = action
        if all(s in hand.decisions for s in hand.window):
            resolve(hand)

    return on_answer


#: what each phase does with a legal action: the one dispatch of the hand
PHASE_ACTIONS: dict[Phase, Callable[[Hand, Action], None]] = {
    Phase.TURN: turn.apply_turn,
    Phase.CLAIM: _answer(claims.resolve_claims),
    Phase.ROB: _answer(kongs.resolve_rob),
    Phase.KAIGANG_SELF: kongs.apply_kaigang_self,
    Phase.KAIGANG_CLAIM: _answer(kongs.resolve_kaigang_claims),
    Phase.HAIDI: haidi.apply_offer,
    Phase.HAIDI_TAKEN: haidi.apply_taken,
    Phase.HAIDI_SHOWN: _answer(haidi.resolve_shown),
    Phase.INITIAL: _answer(initial.resolve),
    Phase.DEALT_WIN: _answer(dealt_wins.resolve),
}


class Hand:
    """A single hand under one rule set; reproducible from its rng seed and actions."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: str,
        dealer: int,
        hand_number: int = 1,
        huangfan: int = 0,
        scores: tuple[int, int, int, int] = (0, 0, 0, 0),
        options: GameOptions | None = None,
        deck: list[Tile] | None = None,
        dice: tuple[int, int] | None = None,
        kaigang_dice: Sequence[tuple[int, int]] = (),
    ):
        """Shuffle (or take ``deck``: the tiles stack by stack, top then bottom) and deal.

        ``dice`` and ``kaigang_dice`` (the 开杠 rolls, in order) replace the random ones.
        """
        self.rules = rules
        self.options = options or GameOptions()
        self.rng = random.Random(seed)
        self.dealer = dealer
        self.hand_number = hand_number
        self.scores_before = scores
        self.players = [PlayerState(s) for s in range(4)]
        self.events: list[Event] = []
        self.actions: list[Action] = []  # every action applied, as the engine offered it
        self.phase = Phase.TURN
        self.current = dealer  # the seat whose turn it is (or who discarded, in a window)
        self.payments = [0, 0, 0, 0]
        self.claim_made = False
        self.draw_source = DrawSource.HEAD  # how the current seat's last tile came
        self.turn_after_draw = True  # kongs are declared only right after a draw
        self.last_discard: Tile | None = None
        self.window: dict[int, list[Action]] = {}  # seat -> legal actions in the open window
        self.decisions: dict[int, Action] = {}
        self.refusals: dict[int, list[Refusal]] = {}
        #: what each win on offer would score (its preview), noted while a window is made
        self.offered_wins: dict[Action, ScoreResult] = {}
        self._noted_wins: dict[Action, ScoreResult] = {}
        self.rob_tile: Tile | None = None  # an added kong's tile, while it may be robbed
        self.pending_kong: tuple[int, Meld, KongMode] | None = None
        self.kaigang_tiles: tuple[Tile, ...] = ()
        self.kaigang_dice: Iterator[tuple[int, int]] = iter(kaigang_dice)
        self.haidi = HaidiState()
        self.last_tile_drawer: int | None = None  # who drew the wall's last tile
        self.winners: tuple[int, ...] = ()
        self.results: dict[int, ScoreResult] = {}
        self.outcome: HandOutcome | None = None
        self.next_dealer = dealer
        self.initial_declared: dict[int, tuple[str, ...]] = {}
        rolled = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        dice = dice or rolled
        tiles = rules.tile_set()
        self.expected_census = [0] * NUM_TILE_IDS
        for t in tiles:
            self.expected_census[t] += 1
        self.rng.shuffle(tiles)
        if deck is not None:
            if sorted(deck) != sorted(tiles):
                raise ValueError("the deck is not this rule set's full tile set")
            tiles = list(deck)
        self.dice = dice
        self.huangfan_from_dice = rules.huangfan_from_dice(dice)
        self.huangfan = huangfan + self.huangfan_from_dice
        self.wall = Wall(tiles, rules.wall_layout, dealer, dice)
        deal(self)

    # ------------------------------------------------------------------ queries
    @property
    def is_huangfan_hand(self) -> bool:
        """荒番 hand: the counter is above 0 after the dice."""
        return self.rules.uses_huangfan and self.huangfan > 0

    @property
    def over(self) -> bool:
        """The hand has ended."""
        return self.phase is Phase.ENDED

    def pending_seats(self) -> list[int]:
        """Seats that must act now, in the order a table would ask them."""
        if self.phase is Phase.ENDED:
            return []
        if self.phase in SINGLE_SEAT_PHASES:
            return list(self.window)
        asked = self.window
        return [s for s in self.order_from(self.current, with_self=True) if s in asked and s not in self.decisions]

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it has nothing to decide)."""
        if seat not in self.window or seat in self.decisions:
            return []
        return list(self.window[seat])

    def refusals_for(self, seat: int) -> list[Refusal]:
        """Options this seat might expect now that the rules rule out, with reasons."""
        if seat in self.decisions:
            return []
        return list(self.refusals.get(seat, ()))

    def wall_view(self) -> WallView:
        """The wall as the table shows it."""
        return self.wall.view()

    def ready(self, seat: int) -> bool:
        """听牌 of a seat holding 3n+1 tiles as payments count it: a wait that may win (``Ruleset.is_ready_to_win``)."""
        p = self.players[seat]
        return self.rules.is_ready_to_win(p.counts, p.melds, p.flowers)

    def discard_win(self, seat: int, tile: Tile, discarder: int) -> ScoreResult | None:
        """What ``seat`` would score winning on ``tile`` discarded by ``discarder`` now (None: no winning shape).

        The table's own check (a result that is not ``valid`` says why the win is refused);
        漏胡 is not looked at.
        """
        return wins.win_on(self, seat, tile, discarder, WinBy.DISCARD)

    def order_from(self, origin: int, *, with_self: bool = False) -> list[int]:
        """Next, opposite, previous of ``origin`` (the order of equal claims); ``origin`` last if asked."""
        seats = [(origin + 1) % 4, (origin + 2) % 4, (origin + 3) % 4]
        return [*seats, origin] if with_self else seats

    def check_invariants(self) -> list[str]:
        """Every tile accounted for, every hand the right size, payments zero-sum (empty when all hold)."""
        return check_invariants(self)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action; return the events it caused.

        The action is matched to the legal one it means (a pass is a pass whatever tile it
        names; a chi's two tiles in any order); anything else is refused unchanged.
        """
        chosen = match_action(action, self.window.get(action.seat, ()) if action.seat not in self.decisions else ())
        if chosen is None:
            raise IllegalAction(why_illegal(self, action))
        start = len(self.events)
        self.actions.append(chosen)
        PHASE_ACTIONS[self.phase](self, chosen)
        return self.events[start:]

    # ------------------------------------------------------------------ flow, for the phase modules
    def draw(self, seat: int) -> None:
        """The seat's ordinary draw and turn (or the 海底, or the end of the wall)."""
        turn.draw(self, seat)

    def open_turn(self) -> None:
        """The current seat's turn, after a draw or a claim."""
        turn.open_turn(self)

    def after_kong(self, seat: int, mode: KongMode) -> None:
        """A kong stands: its replacement draw, or 开杠."""
        kongs.after_kong(self, seat, mode)

    def settle(self, wins: list[tuple[int, WinContext]], discarder: int | None) -> None:
        """The hand is won: pay every win and end it."""
        settlement.settle_wins(self, wins, discarder)

    def end_drawn(self) -> None:
        """The hand is drawn (流局)."""
        settlement.end_drawn(self)

    # ------------------------------------------------------------------ plumbing
    def emit(self, event: Event) -> None:
        """Record an event."""
        self.events.append(event)

    def offer_win(self, seat: int, tile: Tile | None, result: ScoreResult) -> Action:
        """A win for the window being made, with what it scores (shown before the player chooses); ``tile`` None: a
        declaration on the dealt tiles (八花 in the deal)."""
        action = Action(seat, ActionKind.WIN, tile)
        self._noted_wins[action] = result
        return action

    def set_window(self, window: dict[int, list[Action]], refusals: dict[int, list[Refusal]]) -> None:
        """Open a decision: what each asked seat may do, and what it may not."""
        self.window = window
        self.decisions = {}
        self.refusals = refusals
        noted, self._noted_wins = self._noted_wins, {}
        self.offered_wins = {a: r for a, r in noted.items() if a in window.get(a.seat, ())} if noted else {}

    def clear_window(self) -> None:
        """Nobody is asked anything."""
        self.window = {}
        self.decisions = {}
        self.refusals = {}
        self.offered_wins = {}
        self._noted_wins = {}

    def announce_refusals(self, window: dict[int, list[Action]], refusals: dict[int, list[Refusal]]) -> None:
        """Seats with nothing to decide still learn why an option they might expect is not there."""
        for seat, refs in refusals.items():
            if seat not in window:
                for r in refs:
                    self.emit(OptionRefused(seat, r.kind.value, r.tile, r.reason))

    def wall_draw(self, seat: int, *, tail: bool) -> Tile:
        """A tile from the head or the tail of the wall; notes who drew the wall's last tile."""
        t = self.wall.draw_tail() if tail else self.wall.draw_head()
        if self.wall.remaining == 0:
            self.last_tile_drawer = seat
        return t

    def take_drawn(self, seat: int, t: Tile, source: DrawSource) -> bool:
        """A drawn tile goes into the hand (flowers replaced); False when the wall ran out."""
        self.emit(TileDrawn(seat, t, source))
        self.turn_after_draw = True
        if is_flower(t):
            return self.replace_flower(seat, t)
        p = self.players[seat]
        p.counts[t] += 1
        p.last_drawn = t
        self.draw_source = source
        return True

    def replace_flower(self, seat: int, flower: Tile) -> bool:
        """补花: show the flower, draw from the tail, again while flowers come; False if the wall ran out."""
        p = self.players[seat]
        t = flower
        while is_flower(t):
            p.flowers.append(t)
            self.emit(FlowerRevealed(seat, t))
            if self.wall.remaining == 0:
                return False
            t = self.wall_draw(seat, tail=True)
            self.emit(TileDrawn(seat, t, DrawSource.TAIL))
        p.counts[t] += 1
        p.last_drawn = t
        self.draw_source = DrawSource.TAIL
        return True

    def roll_kaigang_dice(self) -> tuple[int, int]:
        """开杠's two dice: the rigged ones first, then the hand's own random rolls."""
        rigged = next(self.kaigang_dice, None)
        if rigged is not None:
            return rigged
        return (self.rng.randint(1, 6), self.rng.randint(1, 6))
