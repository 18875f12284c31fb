"""Who acts next, and the bots: the table's link to the engine. No Textual here.

The driver owns the :class:`~mahjong_tui.engine.Game`. The screens get from it the views
they draw (:meth:`TableDriver.table`, :meth:`TableDriver.seat_view`), let it play the bot
seats through the engine's play loop (:meth:`TableDriver.play_on`: it answers what the bots
did and where they stopped, and the table is drawn from that), and hand it the actions
people choose. Everything else the screens show of the game as a whole (names, the hands
so far, the starting points, why the game ended) comes from here too.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from time import monotonic
from typing import TYPE_CHECKING, Self

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Event,
    Game,
    Halt,
    HandEnded,
    HandStarted,
    Move,
    Phase,
    Player,
    SeatView,
    TableView,
    Words,
    next_seat,
    play_until_decision,
    rewound,
    seat_view,
    table_view,
)

from .config import GameSetup, Privacy
from .table_state import Calls

if TYPE_CHECKING:
    from mahjong_tui.learn.review import Review

BotFactory = Callable[[str, int, int], Player]


class StandInBot:
    """Plays when the bots package cannot be loaded: wins when it can, else the simplest move."""

    level = "stand-in"

    def __init__(self, seat: int) -> None:
        """A stand-in for ``seat``."""
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        """Win, declare and take what is offered; discard the drawn tile; pass claims."""
        legal = list(view.legal)
        for kind in (ActionKind.WIN, ActionKind.DECLARE_INITIAL, ActionKind.TAKE_HAIDI):
            for a in legal:
                if a.kind is kind:
                    return a
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if discards:
            for a in discards:
                if a.tile == view.last_drawn:
                    return a
            return discards[-1]
        for a in legal:
            if a.kind is ActionKind.PASS:
                return a
        return legal[0]


def default_bot_factory(level: str, seat: int, seed: int, think_ms: float | None = None) -> Player:
    """The bots package's bot of ``level`` (the expert thinking ``think_ms`` a decision: None, its default); a
    stand-in when the package cannot be loaded."""
    try:
        from bots import create_bot

        return create_bot(level, seat, seed, think_ms=think_ms)
    except ImportError:
        return StandInBot(seat)


@dataclass
class HandRecord:
    """One finished hand for the standings table."""

    number: int
    dealer: int
    winners: tuple[int, ...]
    payments: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]


def hand_records(events: list[Event]) -> list[HandRecord]:
    """Every finished hand among a game's events."""
    out: list[HandRecord] = []
    number, dealer = 0, 0
    for ev in events:
        if isinstance(ev, HandStarted):
            number, dealer = ev.hand_number, ev.dealer
        elif isinstance(ev, HandEnded):
            out.append(HandRecord(number, dealer, ev.winners, ev.payments, ev.scores))
    return out


@dataclass(frozen=True, slots=True)
class Standings:
    """The game so far: the points everyone started with, every finished hand, the points now."""

    start: int
    hands: tuple[HandRecord, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pace:
    """How the bots play on: the pause before a move worth showing, and when the table is to be drawn again."""

    seconds: float = 0.0  # the pause before a move worth showing (none: every move is made at once)
    batch: float = 0.05  # moves made at once for this long at the most, then the table is drawn and input read
    covered: bool = False  # another screen covers the table: no move is made before it is seen again


@dataclass(frozen=True, slots=True)
class Played:
    """What the bots did in one run of the play loop: their moves, where the loop stopped, the pause due there."""

    moves: tuple[Move, ...]
    halt: Halt
    # the pause before the move the loop stopped at (Stop.PAUSED), then made by ``resume=``; None: until the table
    # tells more (a remote table: its client's news reaches the screen as a :class:`TableTold` message)
    delay: float | None = 0.0


@dataclass
class TableDriver:
    """The game in play, who is a person, and the bots for everyone else."""

    setup: GameSetup
    game: Game
    bot_factory: BotFactory = default_bot_factory
    autoplay: set[int] = field(default_factory=set)
    _bots: dict[tuple[int, str], Player] = field(default_factory=dict)

    @classmethod
    def start(cls, setup: GameSetup, bot_factory: BotFactory | None = None) -> Self:
        """A new game for ``setup`` (a random seed when it has none)."""
        seed = setup.seed if setup.seed is not None else Random().randrange(1_000_000)
        setup = setup.with_seed(seed)
        game = Game(setup.rules, seed, setup.options())
        return cls(setup, game, bot_factory or default_bot_factory)

    def shown(self) -> None:
        """The table is on the screen, and play is about to start (a kept game starts being kept)."""

    @property
    def humans(self) -> list[int]:
        """Seats played by people (autoplay or not)."""
        return self.setup.humans

    @property
    def hotseat(self) -> bool:
        """Two or more people share the screen."""
        return len(self.humans) >= 2

    @property
    def strict(self) -> bool:
        """Strict privacy is on and two or more people share the screen."""
        return self.hotseat and self.setup.privacy is Privacy.STRICT

    def is_bot(self, seat: int) -> bool:
        """A bot decides for this seat now (a bot seat, or a person on autoplay)."""
        return not self.setup.seats[seat].human or seat in self.autoplay

    def next_seat(self) -> int | None:
        """The next seat to decide, in the order the engine asks (None when nobody must)."""
        return next_seat(self.game)

    def bot_for(self, seat: int) -> Player:
        """The bot playing ``seat`` (the normal bot for a person on autoplay)."""
        level = self.setup.seats[seat].level if not self.setup.seats[seat].human else "normal"
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = self.bot_factory(level, seat, (self.game.seed * 4 + seat) % 2**31)
        return self._bots[key]

    def players(self) -> Mapping[int, Player]:
        """The play loop's players: every seat a bot decides for now (a person's seat has none)."""
        return {seat: self.bot_for(seat) for seat in range(4) if self.is_bot(seat)}

    def play(
        self,
        *,
        observe: Callable[[Move], None] | None = None,
        pause: Callable[[int, Action], bool] | None = None,
        resume: Action | None = None,
    ) -> Halt:
        """Let the bots play until a person must decide, ``pause`` stops before a move, or the hand ends."""
        return play_until_decision(self.game, self.players(), observe=observe, pause=pause, resume=resume)

    def play_on(self, pace: Pace, calls: Calls, resume: Action | None = None) -> Played:
        """Let the bots play at ``pace`` until a person must decide, a move is to be shown, or the hand ends.

        The loop stops before a bot's move worth showing (any but a pass outside the 海底, at a
        pace with a pause), once the batch's time is up, while the table is covered, and before
        any move while someone in strict privacy's line (``calls``, as the moves change it) is
        to be called; ``resume=`` the move it stopped at makes that move. The answer is what
        happened: the moves made, in order, and where the loop stopped.
        """
        moves: list[Move] = []
        line = calls
        start = monotonic()
        delay = 0.0

        def pause(seat: int, action: Action) -> bool:
            """True: the loop stops before ``seat``'s ``action`` (its pause is kept as ``delay``)."""
            nonlocal delay
            quick = action.kind is ActionKind.PASS and self.game.hand.phase is not Phase.HAIDI
            delay = 0.0 if quick else pace.seconds
            due = bool(line.line) and line.due(self.table())
            return delay > 0 or monotonic() - start > pace.batch or pace.covered or due

        def observe(move: Move) -> None:
            """The move made: kept, with strict privacy's line after it."""
            nonlocal line
            moves.append(move)
            line = self.calls_after(line, move.events)

        halt = self.play(observe=observe, pause=pause, resume=resume)
        return Played(tuple(moves), halt, delay)

    def calls_after(self, calls: Calls, events: Sequence[Event]) -> Calls:
        """Strict privacy's call after a move's ``events``: every other person when it opens claims (else ``calls``)."""
        if not self.strict:
            return calls
        people = [seat for seat in range(4) if not self.is_bot(seat)]
        return calls.after(events, initial_wins=self.game.rules.initial_small_wins, people=people)

    # ------------------------------------------------------------------ views
    def table(self, reveal: Collection[int] = ()) -> TableView:
        """What everyone sees of the hand now, with the concealed tiles of the seats in ``reveal``."""
        return table_view(self.game.hand, reveal)

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` sees and may do now: the input of the person deciding."""
        return seat_view(self.game.hand, seat)

    @property
    def game_over(self) -> bool:
        """The game has ended."""
        return self.game.over

    @property
    def end_reason(self) -> Words:
        """Why the game ended (empty: it played its hands)."""
        return self.game.end_reason

    @property
    def reviews(self) -> bool:
        """The game is here: a person's review of a hand can be made from it."""
        return True

    @property
    def remote(self) -> bool:
        """The game is played here."""
        return False

    @property
    def question_closes_at(self) -> float | None:
        """A question here waits for its answer."""
        return None

    @property
    def hand_over(self) -> bool:
        """The current hand has ended: the engine asks nobody anything (it always asks someone until then)."""
        return not self.game.pending_seats()

    # ------------------------------------------------------------------ the game as a whole
    @property
    def hand_events(self) -> list[Event]:
        """The current hand's events so far (and the game's end, when this hand ended it)."""
        return self.game.hand_events

    def opening(self) -> list[Event]:
        """The hand so far, told as the table opens (the bots play on from it)."""
        return self.hand_events

    @property
    def history(self) -> list[HandRecord]:
        """Every finished hand of the game so far, from the game's events."""
        return hand_records(self.game.events)

    def standings(self) -> Standings:
        """The points everyone started with, every finished hand and the points now."""
        hands = tuple(self.history)
        scores = hands[-1].scores if hands else tuple(self.game.scores)
        return Standings(self.game.rules.starting_points(self.game.options), hands, scores)

    @property
    def moment(self) -> tuple[int, int]:
        """Which moment of the game this is: (hands begun, actions made in the latest); it changes with every move."""
        return len(self.game.actions), len(self.game.actions[-1]) if self.game.actions else 0

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action of this hand and all that followed (False: it made none)."""
        earlier = rewound(self.game, seat)
        if earlier is None:
            return False
        self.game = earlier
        self._bots.clear()  # a bot's memory of the hand would run ahead of the game
        return True

    def review(self, seat: int) -> Review:
        """``seat``'s review of the latest hand: how it ended for them, and the moments that mattered."""
        from mahjong_tui.learn.review import review_hand

        return review_hand(self.game, len(self.game.actions), seat)

    def refusal(self, action: Action) -> Words | None:
        """Why the table does not take a person's legal ``action`` now (None: it does; a lesson's coach may not)."""
        return None

    def apply(self, action: Action) -> list[Event]:
        """Apply a person's action; returns its events."""
        return self.game.apply(action)

    def next_hand(self) -> list[Event]:
        """Deal the next hand (its events; a hand can end at once when flowers empty the wall)."""
        return self.game.next_hand()
