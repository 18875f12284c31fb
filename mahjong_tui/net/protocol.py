"""The table protocol: JSON messages over a websocket, one object each, versioned (``protocol.md`` beside it).

A client joins a table by its room code (as a new person, or back at its seat with the
seat's token), then answers prompts: every decision the server asks of a seat is numbered,
and an action names the prompt it answers, so a repeated or late action is refused with a
reason and changes nothing. What a client sends is read here and only here: a message that
is not JSON, too big, of an unknown type or with a field of the wrong kind is refused with
a one-line :class:`ProtocolError`, and the connection and the table go on.
"""

from __future__ import annotations

import json
from typing import Annotated

import msgspec

from mahjong_tui.engine import Action, ActionKind, KongMode
from mahjong_tui.engine.tiles import TileError, format_tiles, parse_tile, parse_tiles, tile_name

#: the protocol's version: a client of another version is told so and let go
VERSION = 2
#: the largest message a client may send (an action is about a hundred bytes)
MAX_CLIENT_BYTES = 4096
#: the largest message a server sends (a view with its events is a few kilobytes; a backlog comes in parts)
MAX_SERVER_BYTES = 1 << 20
#: a name at the table: at most this many characters
MAX_NAME = 24


class ProtocolError(ValueError):
    """A message that cannot be taken; the text says why, in one line."""


Prompt = Annotated[int, msgspec.Meta(ge=0)]
#: a room code or a seat's token: letters and digits, at most 64
Code = Annotated[str, msgspec.Meta(max_length=64, pattern="^[A-Za-z0-9_-]*$")]


class _Message(msgspec.Struct, frozen=True, tag_field="type"):
    """A client's message: a JSON object whose ``type`` names it (each kind below, declared once, read by the server
    and written by the client)."""


class Join(_Message, frozen=True, tag="join", kw_only=True):
    """Sit at the table of ``room``: as ``name`` in a free seat, or back at the seat of ``token``."""

    v: int
    room: Code = ""
    name: str = ""
    token: Code = ""

    def __post_init__(self) -> None:
        """The version is this protocol's; the name is one line of at most :data:`MAX_NAME` characters; a name or a
        token is given."""
        if self.v != VERSION:
            raise ValueError(f"protocol version {self.v!r} is not {VERSION}: update the game")
        name = " ".join(self.name.split())
        if len(name) > MAX_NAME:
            raise ValueError(f"a name is at most {MAX_NAME} characters")
        if not name and not self.token:
            raise ValueError("join with a name, or with your seat's token")
        msgspec.structs.force_setattr(self, "name", name)


class Move(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An action as a client sends it: its kind, and its tile, tiles and kong mode where it has them, in tile
    notation (``5m``, ``123p``). The seat is the connection's, never the client's."""

    kind: ActionKind
    tile: str | None = None
    tiles: str | None = None
    mode: KongMode | None = None

    def __post_init__(self) -> None:
        """The tiles are tiles."""
        try:
            self.by(0)
        except TileError as e:
            raise ValueError(str(e)) from None

    def by(self, seat: int) -> Action:
        """The action, made by ``seat``."""
        tile = parse_tile(self.tile) if self.tile is not None else None
        return Action(seat, self.kind, tile, tuple(parse_tiles(self.tiles)) if self.tiles else (), self.mode)

    @classmethod
    def of(cls, action: Action) -> Move:
        """How ``action`` is sent."""
        return cls(
            action.kind,
            tile_name(action.tile) if action.tile is not None else None,
            format_tiles(action.tiles) if action.tiles else None,
            action.mode,
        )


class Act(_Message, frozen=True, tag="act"):
    """The answer to prompt ``prompt``: an action of the seat's."""

    prompt: Prompt
    action: Move


class Next(_Message, frozen=True, tag="next"):
    """Ready for the next hand (the answer to a hand's-end prompt)."""

    prompt: Prompt


class AskReview(_Message, frozen=True, tag="review"):
    """Our review of hand ``hand`` (a finished hand of the game), please."""

    hand: Prompt


class Back(_Message, frozen=True, tag="back"):
    """The person is at the keyboard again: their seat, idle since a decision's time ran out, is theirs again."""


class Ping(_Message, frozen=True, tag="ping"):
    """Are you there? (answered with a pong)."""


Message = Join | Act | Next | AskReview | Back | Ping
#: the message types, as ``type`` names them
TYPES = ("join", "act", "next", "review", "back", "ping")
_DECODER = msgspec.json.Decoder(Message)


def read_message(text: str | bytes) -> Message:
    """The client message ``text``; ProtocolError says, in one line, what is wrong with it (the field, the reason)."""
    if len(text) > MAX_CLIENT_BYTES:
        raise ProtocolError(f"message too big: at most {MAX_CLIENT_BYTES} bytes")
    try:
        return _DECODER.decode(text)
    except msgspec.DecodeError as e:
        if not isinstance(e, msgspec.ValidationError):
            raise ProtocolError("not JSON") from None
        raise ProtocolError(_said(str(e), text)) from None


def _said(error: str, text: str | bytes) -> str:
    """msgspec's reason (``Expected `int`, got `str` - at `$.prompt` ``) as a line: the field, then the reason."""
    reason, _, where = error.partition(" - at `$")
    field = where.rstrip("`").lstrip(".")
    if field == "type" or (not field and "tag" in reason.lower()):
        kind = _kind_of(text)
        return f"unknown message type {kind!r}: {', '.join(TYPES)}"
    if not field and reason.startswith("Expected `object`"):
        return "a message is a JSON object"
    if not field and "missing required field `type`" in reason:
        return f"a message names its type: {', '.join(TYPES)}"
    if field in ("room", "token") and "regex" in reason:
        return "a room code and a token are letters and digits"
    reason = reason.replace("`", "")
    return f"{field}: {reason[:1].lower()}{reason[1:]}" if field else reason


def _kind_of(text: str | bytes) -> object:
    """The ``type`` a message that is JSON names (None: none)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data.get("type") if isinstance(data, dict) else None


def action_message(prompt: int, action: Action) -> Act:
    """What a client sends to make ``action`` in answer to ``prompt``."""
    return Act(prompt, Move.of(action))


def dumps(message: object) -> str:
    """A message as sent: compact JSON, Chinese as it is (the text ``json.dumps`` would make with no spaces and
    ``ensure_ascii=False``, made by msgspec: the host writes one for every seat at every move)."""
    return _ENCODER.encode(message).decode()


_ENCODER = msgspec.json.Encoder()
