"""A seat's end of the protocol: connect, join, read what the table sends, answer its prompts. No Textual here.

:class:`SeatClient` keeps what its seat was last sent: the seat's view (a
:class:`~mahjong_tui.engine.SeatView`, rebuilt by :mod:`mahjong_tui.net.wire`), every event
the seat has seen, the prompt open for it, and the table's notices. The Textual table
(``mahjong-tui join``), the scripted players of the tests and the load script all play
through it. A URL names the server and the room: ``ws://host:8765/ROOM``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from mahjong_tui.engine import Action, Event, GameOptions, SeatView, Words

if TYPE_CHECKING:
    from mahjong_tui.learn.review import Review

from .protocol import MAX_SERVER_BYTES, VERSION, AskReview, Back, Join, Next, action_message, dumps
from .server_messages import (
    Error,
    Refused,
    Replaced,
    ReviewTold,
    Seats,
    ServerMessage,
    State,
    Welcome,
    read_server_message,
)
from .wire import WireError, decode_event, decode_view


class JoinError(RuntimeError):
    """The table would not seat us; the text says why, in one line."""


def connect_errors() -> tuple[type[BaseException], ...]:
    """What joining a table may raise when it cannot be joined: refused (:class:`JoinError`), nothing answering
    (OSError, a timeout), an address that is not a table's (ValueError), or a peer that does not speak the
    protocol (the websockets package's errors, a message that is not JSON)."""
    from websockets.exceptions import WebSocketException

    return (JoinError, OSError, TimeoutError, ValueError, WebSocketException)


def split_url(url: str) -> tuple[str, str]:
    """``ws://host:port/ROOM`` → (``ws://host:port/``, ``ROOM``); ValueError for a URL that is not one."""
    parts = urlsplit(url)
    room = parts.path.strip("/")
    if parts.scheme not in ("ws", "wss") or not parts.netloc or not room or "/" in room:
        raise ValueError(f"{url!r} is not a table's address: ws://HOST:PORT/ROOM")
    return f"{parts.scheme}://{parts.netloc}/{room}", room


@dataclass
class SeatClient:
    """One seat at a remote table."""

    url: str
    seat: int = -1
    token: str = ""
    rules: str = ""
    names: list[str] = field(default_factory=list)
    options: GameOptions = field(default_factory=GameOptions)
    view: SeatView | None = None
    prompt: int | None = None
    events: list[Event] = field(default_factory=list)
    refused: list[Words] = field(default_factory=list)
    reviews: dict[int, Review] = field(default_factory=dict)  # hand number → this seat's review of it
    errors: list[str] = field(default_factory=list)
    waiting: bool = True
    away: list[int] = field(default_factory=list)  # seats open for people whose person is not connected now
    idle_seats: list[int] = field(default_factory=list)  # of those, the ones connected whose time ran out
    over: bool = False
    received: int = 0  # messages read
    closes_at: float | None = None  # when the prompt open now closes by itself (time.monotonic()), if it does
    replaced: bool = False  # another connection sat at our seat with the token: this one left it
    leaving: bool = False  # we left: a closed connection is not taken up again
    _ws: Any = None
    rewound: int | None = None  # the table's record differed from ours from this event on: ours was replaced
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    listeners: list[Callable[[ServerMessage], None]] = field(default_factory=list)

    async def connect(self, *, name: str = "", token: str = "") -> None:
        """Connect and sit down (as ``name``, or back at the seat of ``token``); JoinError when we may not."""
        from websockets.asyncio.client import connect

        address, room = split_url(self.url)
        self._ws = await connect(address, max_size=MAX_SERVER_BYTES, open_timeout=10)
        await self._ws.send(dumps(Join(v=VERSION, room=room, name=name, token=token)))
        try:
            first = read_server_message(await self._ws.recv())
        except WireError as e:
            await self._ws.close()
            raise JoinError(f"the table sent what this client cannot read: {e}") from None
        if not isinstance(first, Welcome):
            await self._ws.close()
            raise JoinError(first.reason if isinstance(first, Error) else "the table would not seat us")
        self.seat, self.token, self.rules = first.seat, first.token, first.rules
        self.options = first.options.game_options()

    async def listen(self) -> None:
        """Read what the table sends until the connection closes."""
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in self._ws:
                try:
                    message = read_server_message(text)
                    self.take(message)
                except WireError as e:  # not what this version reads: said, and the connection goes on
                    self.errors.append(f"the table sent what this client cannot read: {e}")
                if self.replaced:  # another connection sits at our seat now: we leave, and do not come back
                    await self._ws.close()
                    return
        except ConnectionClosed:
            pass
        finally:
            self._changed.set()

    def take(self, message: ServerMessage) -> None:
        """Keep what ``message`` says."""
        self.received += 1
        if isinstance(message, State):
            self.view = decode_view(message.view)
            self._merge(message.first, [decode_event(e) for e in message.events])
            self.prompt = message.prompt
            self.closes_at = None  # when the prompt closes by itself (None: it waits)
            if message.closes_in is not None and self.prompt is not None:
                self.closes_at = time.monotonic() + message.closes_in
            self._seats(message)
            self.over = message.over
        elif isinstance(message, ReviewTold):
            review = message.review()
            self.reviews[review.hand_number] = review
        elif isinstance(message, Refused):
            self.refused.append(Words(message.reason.en, message.reason.zh))
            if message.open and self.prompt is None:
                self.prompt = message.prompt  # still open: it is ours to answer again
        elif isinstance(message, Seats):
            self._seats(message)
        elif isinstance(message, Replaced):
            self.replaced = self.leaving = True
        elif isinstance(message, Error):
            self.errors.append(message.reason)
        for listener in self.listeners:
            listener(message)
        self._changed.set()

    def _seats(self, message: State | Seats) -> None:
        """Who sits where, who is away, whether the table waits for people to sit down."""
        if len(message.names) == 4:
            self.names = list(message.names)
        self.away = list(message.away)
        self.idle_seats = [s for s in message.idle if s in self.away]
        self.waiting = message.waiting

    def _merge(self, first: int, events: list[Event]) -> None:
        """Keep ``events``, which start at ``first`` of all we have been sent since we sat down: what we hold already
        (sent again as we sit back) is not kept twice; where the table's record differs from ours, it stands."""
        held = self.events[first : first + len(events)]
        if events[: len(held)] == held:
            events = events[len(held) :]
        else:
            del self.events[first:]
            self.rewound = first if self.rewound is None else min(self.rewound, first)
        self.events.extend(events)

    async def changed(self, timeout: float | None = None) -> bool:
        """Wait for the next message (False: none came within ``timeout``)."""
        self._changed.clear()
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def act(self, action: Action) -> None:
        """Answer the prompt open with ``action``."""
        await self.answer(action)

    async def next_hand(self) -> None:
        """Ready for the next hand."""
        await self.answer(None)

    def answer(self, action: Action | None, prompt: int | None = None) -> Awaitable[None]:
        """Answer the prompt open (``action``; None: ready for the next hand): it is closed at once, here, and the
        answer is on its way once the result is awaited. ``prompt``: the one the answer was chosen for."""
        prompt = self.prompt if prompt is None else prompt
        assert prompt is not None
        self.prompt = None
        message = action_message(prompt, action) if action is not None else Next(prompt)
        return self._ws.send(dumps(message))  # type: ignore[no-any-return]

    @property
    def idle(self) -> bool:
        """Our seat's time ran out: its bot plays for us until we say we are back (:meth:`come_back`)."""
        return self.seat in self.away and self._ws is not None and not self.leaving

    async def come_back(self) -> None:
        """We are at the keyboard again: the seat is ours from its next decision."""
        await self._ws.send(dumps(Back()))

    async def ask_review(self, hand: int) -> None:
        """Ask for our review of ``hand`` (it comes as a review message)."""
        await self._ws.send(dumps(AskReview(hand)))

    async def send_raw(self, text: str) -> None:
        """Send ``text`` as it is (the tests' malformed messages)."""
        await self._ws.send(text)

    async def close(self) -> None:
        """Leave (the seat waits for us for the table's grace period)."""
        if self._ws is not None:
            await self._ws.close()
