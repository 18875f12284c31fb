"""A seat at a remote table: the table screen driven by what the server sends this seat. No Textual here.

:class:`RemoteDriver` is the table's driver (:class:`~mahjong_tui.ui.seating.Seating`) for
``mahjong-tui join``. It holds no game: only the seat's client
(:class:`~mahjong_tui.net.client.SeatClient`), whose view and events the server built for
this seat alone. The table screen draws that view; the hint panel reads it, so the hints
know only what the seat may see; a person's action goes to the server as the answer to
the prompt open; the moves of the others come back as events, told as they arrive.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Event,
    GameEnded,
    GameOptions,
    Halt,
    HandStarted,
    Move,
    Phase,
    Player,
    SeatView,
    Stop,
    TableView,
    Words,
)
from mahjong_tui.engine.registry import resolve
from mahjong_tui.engine.tiles import tiles_of
from mahjong_tui.engine.words import NO_WORDS
from mahjong_tui.net.client import SeatClient

from .config import GameSetup, SeatSetup
from .driver import Pace, Played, Standings, hand_records
from .table_state import Calls

if TYPE_CHECKING:
    from mahjong_tui.learn.review import Review

#: how long an asked-for review may take before it is asked for again
REVIEW_ASKED = 30.0
#: the pause of a remote table while others play: none set, for the screen goes on when the table tells it more
UNTIL_TOLD = None


@dataclass
class RemoteDriver:
    """The table's driver for one seat at a remote table."""

    client: SeatClient
    options: GameOptions = field(default_factory=GameOptions)
    autoplay: set[int] = field(default_factory=set)
    _told: int = 0  # how many of the client's events the table has been given
    _ready_for: int = 0  # the hand whose end the person has gone on from (its end is not shown again)
    #: the prompt the person is being asked now (None: none): when the server closes it first, the question goes
    asked: int | None = None
    _tasks: set[asyncio.Future[None]] = field(default_factory=set)
    _ended: int = 0  # the latest hand whose end was shown
    _asked_closes_at: float | None = None  # when the question asked closes by itself, if it does
    _asked_reviews: dict[int, float] = field(default_factory=dict)  # hand number → when its review was asked for
    _autoplayer: Player | None = None  # the bot that plays our seat while on autoplay

    def __post_init__(self) -> None:
        """The table opens with what the server has sent so far."""
        self._told = len(self.client.events)  # the table opens with the hand so far (``hand_events``) told

    def shown(self) -> None:
        """The table is on the screen: nothing to start here (the server keeps the game)."""

    @property
    def setup(self) -> GameSetup:
        """The setup the table shows: the rules, the names the server sends now (a person who sits down later is
        named as they do), which seat is ours."""
        names = self.client.names if len(self.client.names) == 4 else [f"Seat {s + 1}" for s in range(4)]
        seats = tuple(SeatSetup(names[s], s == self.client.seat) for s in range(4))
        return GameSetup(rules=self.client.rules, seats=seats, speed="instant")

    @property
    def seat(self) -> int:
        """Our seat."""
        return self.client.seat

    @property
    def view(self) -> SeatView:
        """Our seat's latest view."""
        assert self.client.view is not None, "the table opens once the server has sent the seat's view"
        return self.client.view

    # ------------------------------------------------------------------ who is who
    @property
    def humans(self) -> list[int]:
        """Our seat: the only person at this screen."""
        return [self.seat]

    @property
    def hotseat(self) -> bool:
        """One person at this screen."""
        return False

    @property
    def strict(self) -> bool:
        """No curtains: the screen is one person's."""
        return False

    def is_bot(self, seat: int) -> bool:
        """Every other seat is played elsewhere; ours by the bot here while on autoplay."""
        return seat != self.seat or seat in self.autoplay

    def next_seat(self) -> int | None:
        """Our seat when the server asks us something; else it is not known here."""
        return self.seat if self.client.prompt is not None else None

    # ------------------------------------------------------------------ views
    def table(self, reveal: Collection[int] = ()) -> TableView:
        """The table as our seat sees it, our own tiles shown when asked for."""
        view = self.view
        table = view.table
        if self.seat not in reveal or table.concealed[self.seat] is not None:
            return table
        concealed = list(table.concealed)
        drawn = list(table.drawn)
        concealed[self.seat] = tuple(tiles_of(view.counts))
        drawn[self.seat] = view.last_drawn if table.holds_drawn[self.seat] else None
        return table._replace(concealed=tuple(concealed), drawn=tuple(drawn))

    def seat_view(self, seat: int) -> SeatView:
        """Our view (the only one this screen has)."""
        return self.view

    @property
    def moment(self) -> tuple[int, int]:
        """The hand, and how many messages have come: it changes with every move."""
        return self.view.table.hand_number, self.client.received

    # ------------------------------------------------------------------ play
    def play_on(self, pace: Pace, calls: Calls, resume: Action | None = None) -> Played:
        """What came from the server since the last look (as one move), and where that leaves us."""
        if self.client.rewound is not None:  # the table's record replaced ours from there: told again from there
            self._told, self.client.rewound = min(self._told, self.client.rewound), None
        events = self.client.events[self._told :]
        self._told = len(self.client.events)
        moves = (Move(-1, Action(self.seat, ActionKind.PASS), tuple(events)),) if events else ()
        view = self.client.view
        if view is None or self.client.waiting:
            return Played(moves, Halt(Stop.PAUSED), UNTIL_TOLD)
        if view.phase is Phase.ENDED:
            self._ended = view.table.hand_number
            if view.table.hand_number > self._ready_for:
                if view.table.hand_number not in self._asked_reviews:  # ready by the time the person presses v
                    self._ask_review(view.table.hand_number)
                return Played(moves, Halt(Stop.HAND_OVER))
            return Played(moves, Halt(Stop.PAUSED), UNTIL_TOLD)
        if self.client.prompt is not None and view.legal:
            if self.seat in self.autoplay:
                self._send(self.client.answer(self._bot().choose(view)))
                return Played(moves, Halt(Stop.PAUSED), UNTIL_TOLD)
            self.asked, self._asked_closes_at = self.client.prompt, self.client.closes_at
            return Played(moves, Halt(Stop.DECISION, self.seat))
        return Played(moves, Halt(Stop.PAUSED), UNTIL_TOLD)

    def _bot(self) -> Player:
        """The bot that plays our seat on autoplay (one, made when first needed)."""
        if self._autoplayer is None:
            from .driver import default_bot_factory

            self._autoplayer = default_bot_factory("normal", self.seat, self.seat)
        return self._autoplayer

    @property
    def question_closed(self) -> bool:
        """The server closed the prompt the person is being asked (a claim window ran out): the question goes."""
        return self.asked is not None and self.client.prompt != self.asked

    def calls_after(self, calls: Calls, events: Sequence[Event]) -> Calls:
        """No strict privacy at a one-person screen."""
        return calls

    def refusal(self, action: Action) -> Words | None:
        """The server judges: nothing is refused here."""
        return None

    def apply(self, action: Action) -> list[Event]:
        """Send our answer to the prompt it was chosen for; what it did comes back from the server. An answer to a
        prompt the server has already closed (another has opened since) is not sent: that question is over."""
        asked, self.asked = self.asked, None
        if asked is not None and asked == self.client.prompt:
            self._send(self.client.answer(action, asked))
        return []

    def next_hand(self) -> list[Event]:
        """Ready for the next hand; it is dealt once everyone is (or the server stops waiting)."""
        self._ready_for = self.view.table.hand_number
        if self.client.prompt is not None:
            self._send(self.client.answer(None))
        return []

    def _send(self, sending: Awaitable[None]) -> None:
        """Send in the background (the screen goes on at once; what happens comes back from the server)."""
        task = asyncio.ensure_future(sending)
        self._tasks.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Future[None]) -> None:
        """A send is over: a connection that dropped meanwhile is taken up again elsewhere (the app reconnects and
        the server sends the moment again), so its error is only noted here."""
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()

    def undo(self, seat: int) -> bool:
        """A move sent to the table cannot be taken back."""
        return False

    # ------------------------------------------------------------------ the game as a whole
    @property
    def hand_over(self) -> bool:
        """The hand has ended."""
        return self.client.view is not None and self.view.phase is Phase.ENDED

    @property
    def hand_events(self) -> list[Event]:
        """This hand's events, as our seat saw them."""
        events = self.client.events
        start = max((i for i, ev in enumerate(events) if isinstance(ev, HandStarted)), default=0)
        return events[start:]

    def opening(self) -> list[Event]:
        """The hand so far as the table opens: told then, so that :meth:`play_on` tells only what came after (what
        the server sent between the seat's sitting down and the table's opening is told once)."""
        self._told = len(self.client.events)
        return self.hand_events

    @property
    def game_over(self) -> bool:
        """The game has ended."""
        return self.client.over

    @property
    def end_reason(self) -> Words:
        """Why the game ended."""
        ended = [ev for ev in self.client.events if isinstance(ev, GameEnded)]
        return ended[-1].reason if ended else NO_WORDS

    @property
    def reviews(self) -> bool:
        """Our review of a hand comes from the server, asked for as the hand ends (it holds the whole hand; the review
        tells only what our seat could see)."""
        return True

    @property
    def remote(self) -> bool:
        """The game is played on the server."""
        return True

    @property
    def question_closes_at(self) -> float | None:
        """When the server closes the claim window open now (a person who has not answered passes)."""
        return self._asked_closes_at

    def review(self, seat: int) -> Review:
        """Our review of the hand that ended, as the server sent it (LookupError: it has not come yet; asked for
        again if the first asking may have been lost with a dropped connection)."""
        hand = self._ended or self.view.table.hand_number  # the hand whose end is shown (the next may have begun)
        asked = self._asked_reviews.get(hand)
        if hand not in self.client.reviews and (asked is None or time.monotonic() - asked >= REVIEW_ASKED):
            self._ask_review(hand)
        return self.client.reviews[hand]

    def _ask_review(self, hand: int) -> None:
        """Ask the server for our review of ``hand``."""
        self._asked_reviews[hand] = time.monotonic()
        self._send(self.client.ask_review(hand))

    def standings(self) -> Standings:
        """Every finished hand our seat has seen, and the points now."""
        start = resolve(self.client.rules).starting_points(self.options)
        return Standings(start, tuple(hand_records(self.client.events)), tuple(self.view.table.scores))
