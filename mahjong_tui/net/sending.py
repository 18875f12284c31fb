"""What each seat of a hosted table is sent: its own view and the events it may see, nothing else of the game.

:class:`Sending` is the part of :class:`~mahjong_tui.net.table.HostedTable` that builds and queues each seat's
messages. A state message is built from the seat's view (:func:`~mahjong_tui.engine.private_seat_view`) and the
events it may see (:func:`~mahjong_tui.engine.seen_events`), encoded by :mod:`mahjong_tui.net.wire`; the table's
text is made once a moment for every seat shown the same. A connection that does not read is let go.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from time import monotonic
from typing import TYPE_CHECKING

from msgspec import Raw

from mahjong_tui.engine import Action, Event, Game, Words, private_seat_view, private_table, seen_events, table_view

from .outbox import Outbox
from .protocol import dumps
from .server_messages import Reason, Refused, Seats, ServerMessage, State
from .wire import encode_event, encode_table, encode_view

if TYPE_CHECKING:
    from .table import Place

#: the most events one state message carries (a seat sitting back in a long game is sent its backlog in parts)
EVENTS_PER_MESSAGE = 500


class Sending(ABC):
    """Each seat's messages, built from what that seat may see."""

    game: Game
    places: list[Place]
    asked: dict[int, int]  # seat → the prompt open for it
    answers: dict[int, Action | None]  # seat → its answer to the prompt open
    window_closes: float | None  # when the prompts open now close by themselves (monotonic)

    @abstractmethod
    def seats(self) -> Seats:
        """Who sits where, and who is away."""

    @abstractmethod
    def left(self, seat: int, link: Outbox) -> None:
        """``seat``'s connection ``link`` dropped."""

    def send_all(self, seats: Sequence[int] = range(4)) -> None:
        """Every connected seat of ``seats`` gets its view, the events it has not seen, and its prompt if one is open
        (a prompt opened changes nothing for the others: they are not sent it again)."""
        for seat in seats:
            if self.places[seat].link is not None:
                self.send_state(seat)

    def send_state(self, seat: int) -> None:
        """``seat`` gets its view, the events it has not seen, and the prompt open for it (if any)."""
        place = self.places[seat]
        if place.link is None:
            return
        seen = seen_events(self.game.events[place.sent :], seat)
        place.sent = len(self.game.events)
        parts = [seen[i : i + EVENTS_PER_MESSAGE] for i in range(0, len(seen), EVENTS_PER_MESSAGE)] or [[]]
        for n, part in enumerate(parts):  # a long backlog (a seat sitting back in a long game) in several messages
            message = self._state(seat, part, self.table_text(seat), first=place.told, prompt=n == len(parts) - 1)
            place.told += len(part)
            self._put(seat, dumps(message))

    def table_text(self, seat: int) -> Raw:
        """The JSON text of what ``seat`` is shown of the table now: made once a moment for every seat shown the
        same (in a window, who is asked is each seat's own)."""
        if self._now() != self._moment:
            self._look()
        pending = private_table(self._table, seat).pending
        text = self._tables.get(pending)
        if text is None:
            text = self._tables[pending] = encode_table(self._table, pending)
        return text

    def _now(self) -> tuple[object, ...]:
        """The moment: the hand, its actions, its events (a window released adds events, not actions), where it
        stands."""
        hand = self.game.hand
        return len(self.game.actions), len(hand.actions), len(self.game.events), hand.phase, hand.held is not None

    def _look(self) -> None:
        """See the table as it is at this moment: its view and form made again, its texts to be made."""
        self._moment = self._now()
        self._table = table_view(self.game.hand)
        self._tables: dict[tuple[int, ...], Raw] = {}

    def state_message(self, seat: int, events: Sequence[Event]) -> State:
        """The state message of ``seat`` after ``events`` of the game: built from its view and those of the events it
        may see, nothing else."""
        return self._state(seat, seen_events(events, seat))

    def _state(
        self,
        seat: int,
        seen: Sequence[Event],
        table: Raw | None = None,
        *,
        first: int = 0,
        prompt: bool = True,
    ) -> State:
        """The state message of ``seat`` with ``seen``, events it may see (``table``: the text of the table the seat
        is shown now, when already made; ``first``: where ``seen`` starts among all the seat has been sent since it
        sat down; ``prompt``: the seat's open prompt goes with it, else a later part)."""
        seats = self.seats()
        return State(
            seat,
            self.asked.get(seat) if prompt else None,
            self._closes_in(seat) if prompt else None,
            first,
            seats.names,
            seats.away,
            seats.idle,
            seats.waiting,
            encode_view(private_seat_view(self.game.hand, seat, None if table is None else self._table), table),
            [encode_event(ev) for ev in seen],
            self.game.over,
        )

    def _closes_in(self, seat: int) -> float | None:
        """How many seconds are left of the prompt open for ``seat`` (None: none is open for it)."""
        if self.window_closes is None or seat not in self.asked:
            return None
        return round(max(0.0, self.window_closes - monotonic()), 2)

    def _put(self, seat: int, text: str) -> None:
        """Queue ``text`` for ``seat``; a connection that does not read (its queue is full) is let go."""
        link = self.places[seat].link
        if link is not None and not link.put(text):
            self.left(seat, link)

    def tell(self, seat: int, message: ServerMessage) -> None:
        """Send ``message`` to ``seat``."""
        self._put(seat, dumps(message))

    def refuse(self, seat: int, prompt: int, why: Words) -> None:
        """Tell ``seat`` its answer to ``prompt`` was not taken, why, and whether the prompt is still open (then the
        seat answers it again)."""
        still = self.asked.get(seat) == prompt and seat not in self.answers
        self.tell(seat, Refused(prompt, still, Reason.of(why)))
