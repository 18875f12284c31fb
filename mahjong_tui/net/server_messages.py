"""The messages a table server sends, each declared once: the host writes them from here and the client reads them
from here (``protocol.md`` says what each means).

Every message is a JSON object whose ``type`` names it. A seat's view and the events in a
state stay in the wire form of :mod:`.wire` (the engine's own classes, checked there when
the client rebuilds them). :func:`read_server_message` reads one message strictly: what is
not what this version sends is a :class:`~.wire.WireError` in one line (the field, the
reason).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from mahjong_tui.engine import GameOptions, Words
from mahjong_tui.engine.tiles import NUM_TILE_IDS
from mahjong_tui.learn.review import EndWait, Moment, Review

from .wire import wire_error

Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Count = Annotated[int, msgspec.Meta(ge=0)]
TileId = Annotated[int, msgspec.Meta(ge=0, lt=NUM_TILE_IDS)]
#: what a moment of a review is about
MomentKind = Literal["discard", "defence", "passed_win", "dealt_in", "claim", "declined", "won"]


class _Told(msgspec.Struct, frozen=True, tag_field="type"):
    """A message the server sends."""


class Options(msgspec.Struct, frozen=True):
    """The numbers the table's game was made with."""

    base: int = 1
    starting_points: int | None = None
    max_hands: int | None = None

    def game_options(self) -> GameOptions:
        """As the engine holds them."""
        return GameOptions(base=self.base, starting_points=self.starting_points, max_hands=self.max_hands)


class Welcome(_Told, frozen=True, tag="welcome"):
    """The connection sits at ``seat``: its token (to come back with), the table's rules and options."""

    v: int
    room: str
    table: str
    seat: Seat
    token: str
    rules: str
    options: Options = Options()


class State(_Told, frozen=True, tag="state"):
    """Where the hand stands for this seat: its view, the events it has not seen, its prompt if one is open."""

    seat: Seat
    prompt: Count | None
    closes_in: float | None
    first: Count
    names: list[str]
    away: list[Seat]
    idle: list[Seat]
    waiting: bool
    view: msgspec.Raw  # the seat's view in the form of :mod:`.wire`, read by its decode_view
    events: list[msgspec.Raw]  # each in the form of :mod:`.wire`, read by its decode_event
    over: bool


class Seats(_Told, frozen=True, tag="seats"):
    """Who sits where, whose person is away (and of those, idle), and whether the table waits for people."""

    names: list[str]
    away: list[Seat]
    idle: list[Seat] = []
    waiting: bool = False


class Reason(msgspec.Struct, frozen=True):
    """Why, in both languages."""

    en: str
    zh: str

    @classmethod
    def of(cls, words: Words) -> Reason:
        """``words`` as sent."""
        return cls(words.en, words.zh)


class Refused(_Told, frozen=True, tag="refused"):
    """The answer to ``prompt`` was not taken, why, and whether the prompt is still open (then answer it again)."""

    prompt: Count
    open: bool
    reason: Reason


class ReviewTold(_Told, frozen=True, tag="review"):
    """The seat's review of a hand that has ended: its end, its waits then, and its moments, each in both
    languages."""

    seat: Seat
    hand: Annotated[int, msgspec.Meta(ge=1)]
    end: tuple[str, str]
    waits: list[tuple[TileId, int, bool]]
    moments: list[tuple[Count, MomentKind, str, str]]

    @classmethod
    def of(cls, review: Review) -> ReviewTold:
        """The message of ``review``."""
        return cls(
            review.seat,
            review.hand_number,
            (review.end.en, review.end.zh),
            [(w.tile, w.left, w.qualifies) for w in review.waits],
            [(m.index, m.kind, m.text.en, m.text.zh) for m in review.moments],  # type: ignore[misc]
        )

    def review(self) -> Review:
        """The review it carries."""
        return Review(
            self.seat,
            self.hand,
            Words(*self.end),
            tuple(EndWait(tile, left, qualifies) for tile, left, qualifies in self.waits),
            tuple(Moment(index, kind, Words(en, zh)) for index, kind, en, zh in self.moments),
        )


class Error(_Told, frozen=True, tag="error"):
    """What could not be done, in one line."""

    reason: str


class Pong(_Told, frozen=True, tag="pong"):
    """The answer to a ping."""


class Replaced(_Told, frozen=True, tag="replaced"):
    """Another connection has sat at this seat with its token: this one holds it no more."""


ServerMessage = Welcome | State | Seats | Refused | ReviewTold | Error | Pong | Replaced
_DECODER = msgspec.json.Decoder(ServerMessage)


def read_server_message(text: str | bytes) -> ServerMessage:
    """The server's message ``text``; WireError says, in one line, what is wrong with it."""
    try:
        return _DECODER.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise wire_error(e) from None
