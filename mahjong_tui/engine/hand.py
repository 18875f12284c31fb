"""One hand (一局/一盘): from the dice to the last payment.

The one API: ``legal_actions(seat)``, ``apply(action) -> events``. An illegal or malformed
action raises :class:`IllegalAction` with a reason a player understands and changes
nothing. A :class:`Hand` keeps its state in named parts (:mod:`.parts`): what it began
with, the turn, the decision open now, a kong under way, the 海底, the result.

Each phase's rules live in a module of their own, and these are the phase modules:

* :mod:`.deal`: dealing, 补花, the first decision
* :mod:`.initial`: initial small wins, 起手小胡
* :mod:`.dealt_wins`: a win declared on the dealt hand (八花), before the dealer's first discard
* :mod:`.turn`: draws, self-drawn wins, kongs of one's own, discards
* :mod:`.claims`: claims on a discard and their priority
* :mod:`.kongs`: replacement draws, robbing a kong, 补张 and 开杠
* :mod:`.haidi`: the last tile, 海底
* :mod:`.settlement`: birds, payments, the next dealer, 荒番

A phase module imports no other phase module. A handler changes what its phase is about
and returns the next step (:mod:`.steps`); this module alone runs the steps, from one
table, and alone sets the hand's ``phase``. What several phases share is in modules that
are not phases, and import none:

* :mod:`.parts`: the parts the hand's state is kept in
* :mod:`.steps`: the steps a handler may return
* :mod:`.wins`: win checks, scoring input, 漏胡, win windows
* :mod:`.kong_options`: which kongs a seat may make, and why one is not offered

Nor are the modules that only read a hand: :mod:`.refusals` (why an action is refused),
:mod:`.invariants` (tiles conserved, hand sizes, zero-sum payments) and :mod:`.view`.

Whatever a rule set decides differently is asked of its :class:`Ruleset`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from . import claims, dealt_wins, haidi, initial, kongs, settlement, turn, wins
from .actions import Action, IllegalAction, match_action
from .deal import deal
from .events import DrawSource, Event, FlowerRevealed, HandOutcome, OptionRefused, TileDrawn
from .invariants import check_invariants
from .options import GameOptions
from .parts import HaidiState, HandResult, KongState, Opening, TurnState, Window
from .refusals import why_illegal
from .ruleset import Ruleset
from .scoring import ScoreResult, WinBy
from .state import SINGLE_SEAT_PHASES, Phase, PlayerState, Refusal
from .steps import (
    OPEN_TURN,
    AfterKong,
    Ask,
    CompleteAddedKong,
    DeclareKong,
    Draw,
    EndDrawn,
    Ended,
    KaigangToOthers,
    OfferHaidi,
    OpenClaims,
    OpenDealtWins,
    OpenInitialWins,
    OpenTurn,
    Quiet,
    Settle,
    Step,
)
from .tiles import NUM_TILE_IDS, Tile, is_flower
from .wall import Wall, WallView


def _answer(resolve: Callable[[Hand], Step]) -> Callable[[Hand, Action], Step | None]:
    """A window phase: note the seat's answer; once everyone asked has answered, resolve."""

    def on_answer(hand: Hand, action: Action) -> Step | None:
        window = hand.window
        window.answers[action.seat] = action
        if all(s in window.answers for s in window.legal):
            return resolve(hand)
        return None

    return on_answer


#: what each phase does with a legal action: the one dispatch of an action
PHASE_ACTIONS: dict[Phase, Callable[[Hand, Action], Step | None]] = {
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


def _ask(hand: Hand, step: Ask) -> None:
    """Wait for the seats asked, in the step's phase."""
    hand.phase = step.phase
    hand.window.open(step.legal, step.refusals)


def _quiet(hand: Hand, step: Quiet) -> Step | None:
    """A window nobody is asked in: play goes on at once, unless the hand holds its windows (then it waits, in the
    window's phase with nobody asked, until :meth:`Hand.release`)."""
    if not hand.hold_windows:
        return step.then
    hand.phase = step.phase
    hand.window.open({}, step.refusals)
    hand.turn.current = step.origin
    hand.held = step
    return None


def _end(hand: Hand, step: Ended) -> None:
    """The hand is over: nobody is asked anything."""
    hand.phase = Phase.ENDED
    hand.window.close()


#: what each step does, the one place steps are run: each returns the next (None: the hand waits, or is over)
STEPS: dict[type[Step], Callable[[Hand, Any], Step | None]] = {
    Ask: _ask,
    Quiet: _quiet,
    CompleteAddedKong: lambda hand, step: kongs.complete_added_kong(hand),
    OpenTurn: lambda hand, step: turn.open_turn(hand),
    Draw: lambda hand, step: turn.draw(hand, step.seat),
    OpenClaims: lambda hand, step: claims.open_window(hand, step.discarder, step.tile),
    DeclareKong: lambda hand, step: kongs.declare(hand, step.seat, step.tile, step.mode, added=step.added),
    AfterKong: lambda hand, step: kongs.after_kong(hand, step.seat, step.mode),
    KaigangToOthers: lambda hand, step: kongs.kaigang_to_others(hand, step.seat),
    OfferHaidi: lambda hand, step: haidi.begin(hand, step.seat),
    OpenInitialWins: lambda hand, step: initial.open_window(hand),
    OpenDealtWins: lambda hand, step: dealt_wins.open_window(hand),
    Settle: lambda hand, step: settlement.settle_wins(hand, step.wins, step.discarder),
    EndDrawn: lambda hand, step: settlement.end_drawn(hand),
    Ended: _end,
}


class Hand:
    """A single hand under one rule set; reproducible from its rng seed and actions.

    Besides its rule set, options, random source, wall, seats (``players``), events and
    actions, it holds its state in parts: ``opening``, ``turn``, ``window``, ``kong``,
    ``haidi`` and ``result`` (:mod:`.parts`), and the ``phase`` it is in.
    """

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
        hold_windows: bool = False,
    ):
        """Shuffle (or take ``deck``: the tiles stack by stack, top then bottom) and deal.

        ``dice`` and ``kaigang_dice`` (the 开杠 rolls, in order) replace the random ones; ``hold_windows``: every
        window nobody is asked in waits to be released (:meth:`release`).
        """
        self.rules = rules
        self.options = options or GameOptions()
        self.rng = random.Random(seed)
        self.players = [PlayerState(s) for s in range(4)]
        self.events: list[Event] = []
        self.actions: list[Action] = []  # every action applied, as the engine offered it
        self.phase = Phase.TURN
        self.turn = TurnState(dealer)
        self.window = Window()
        self.kong = KongState(rigged_dice=iter(kaigang_dice))
        self.haidi = HaidiState()
        self.result = HandResult([0, 0, 0, 0], next_dealer=dealer)
        self.hold_windows = hold_windows  # a window nobody is asked in waits to be released (see :class:`Quiet`)
        self.held: Quiet | None = None  # that window, while it waits
        rolled = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        dice = dice or rolled
        tiles = rules.tile_set()
        census = [0] * NUM_TILE_IDS
        for t in tiles:
            census[t] += 1
        self.rng.shuffle(tiles)
        if deck is not None:
            if sorted(deck) != sorted(tiles):
                raise ValueError("the deck is not this rule set's full tile set")
            tiles = list(deck)
        from_dice = rules.huangfan_from_dice(dice)
        self.opening = Opening(hand_number, dealer, dice, scores, huangfan + from_dice, from_dice, census)
        self.wall = Wall(tiles, rules.wall_layout, dealer, dice)
        self._run(deal(self))

    # ------------------------------------------------------------------ the parts, as read from outside
    @property
    def dealer(self) -> int:
        """The seat dealing this hand."""
        return self.opening.dealer

    @property
    def hand_number(self) -> int:
        """The hand's number in its game, from 1."""
        return self.opening.hand_number

    @property
    def dice(self) -> tuple[int, int]:
        """The dice rolled to break the wall."""
        return self.opening.dice

    @property
    def huangfan_from_dice(self) -> int:
        """What the dice added to the 荒番 counter."""
        return self.opening.huangfan_from_dice

    @property
    def huangfan(self) -> int:
        """The 荒番 counter: the one the hand is played under, or once it is over, the one passed on."""
        after = self.result.next_huangfan
        return self.opening.huangfan if after is None else after

    @property
    def current(self) -> int:
        """The seat whose turn it is (or who discarded, while a window is open)."""
        return self.turn.current

    @property
    def decisions(self) -> dict[int, Action]:
        """The answers given so far in the open window."""
        return self.window.answers

    @property
    def offered_wins(self) -> dict[Action, ScoreResult]:
        """What each win on offer now would score."""
        return self.window.offered_wins

    @property
    def payments(self) -> list[int]:
        """What each seat has won (+) or paid (-) in this hand so far."""
        return self.result.payments

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, once the hand is over."""
        return self.result.winners

    @property
    def outcome(self) -> HandOutcome | None:
        """Won or drawn, once the hand is over."""
        return self.result.outcome

    @property
    def initial_declared(self) -> dict[int, tuple[str, ...]]:
        """The initial small wins each seat declared, by type."""
        return self.result.initial_declared

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
        asked = self.window.legal
        if self.phase in SINGLE_SEAT_PHASES:
            return list(asked)
        answers = self.window.answers
        return [s for s in self.order_from(self.turn.current, with_self=True) if s in asked and s not in answers]

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it has nothing to decide)."""
        window = self.window
        if seat not in window.legal or seat in window.answers:
            return []
        return list(window.legal[seat])

    def refusals_for(self, seat: int) -> list[Refusal]:
        """Options this seat might expect now that the rules rule out, with reasons."""
        if seat in self.window.answers:
            return []
        return list(self.window.refusals.get(seat, ()))

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
        window = self.window
        offered = window.legal.get(action.seat, ()) if action.seat not in window.answers else ()
        chosen = match_action(action, offered)
        if chosen is None:
            raise IllegalAction(why_illegal(self, action))
        start = len(self.events)
        self.actions.append(chosen)
        self._run(PHASE_ACTIONS[self.phase](self, chosen))
        return self.events[start:]

    def release(self) -> list[Event]:
        """Close the window nobody is asked in that the hand holds (nothing held: nothing happens); the events
        of play going on."""
        held, self.held = self.held, None
        if held is None:
            return []
        start = len(self.events)
        self._run(held.then)
        return self.events[start:]

    def open_turn(self) -> None:
        """Open the current seat's turn anew: what it may do in the position as it stands now."""
        self._run(OPEN_TURN)

    def _run(self, step: Step | None) -> None:
        """Run steps from the table until one asks the seats something or the hand is over."""
        while step is not None:
            step = STEPS[type(step)](self, step)

    # ------------------------------------------------------------------ plumbing, for the phase modules
    def emit(self, event: Event) -> None:
        """Record an event."""
        self.events.append(event)

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
            self.haidi.last_tile_drawer = seat
        return t

    def take_drawn(self, seat: int, t: Tile, source: DrawSource) -> bool:
        """A drawn tile goes into the hand (flowers replaced); False when the wall ran out."""
        self.emit(TileDrawn(seat, t, source))
        self.turn.after_draw = True
        if is_flower(t):
            return self.replace_flower(seat, t)
        p = self.players[seat]
        p.counts[t] += 1
        p.last_drawn = t
        self.turn.draw_source = source
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
        self.turn.draw_source = DrawSource.TAIL
        return True
