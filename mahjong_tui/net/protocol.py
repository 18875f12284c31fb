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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from mahjong_tui.engine import Action, ActionKind, KongMode
from mahjong_tui.engine.tiles import TileError, parse_tile, parse_tiles

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


@dataclass(frozen=True, slots=True)
class Join:
    """Sit at the table of ``room``: as ``name`` in a free seat, or back at the seat of ``token``."""

    room: str
    name: str = ""
    token: str = ""


@dataclass(frozen=True, slots=True)
class Act:
    """The answer to prompt ``prompt``: an action of the seat's (its seat is the connection's, never the client's)."""

    prompt: int
    kind: ActionKind
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    mode: KongMode | None = None

    def action(self, seat: int) -> Action:
        """The action, made by ``seat``."""
        return Action(seat, self.kind, self.tile, self.tiles, self.mode)


@dataclass(frozen=True, slots=True)
class Next:
    """Ready for the next hand (the answer to a hand's-end prompt)."""

    prompt: int


@dataclass(frozen=True, slots=True)
class AskReview:
    """Our review of hand ``hand`` (a finished hand of the game), please."""

    hand: int


@dataclass(frozen=True, slots=True)
class Back:
    """The person is at the keyboard again: their seat, idle since a decision's time ran out, is theirs again."""


@dataclass(frozen=True, slots=True)
class Ping:
    """Are you there? (answered with a pong)."""


Message = Join | Act | Next | AskReview | Back | Ping


def read_message(text: str | bytes) -> Message:
    """The client message ``text``; ProtocolError says what is wrong with it."""
    if len(text) > MAX_CLIENT_BYTES:
        raise ProtocolError(f"message too big: at most {MAX_CLIENT_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    kind = data.get("type")
    if kind == "join":
        return _join(data)
    if kind == "act":
        return _act(data)
    if kind == "next":
        return Next(_whole(data, "prompt"))
    if kind == "ping":
        return Ping()
    if kind == "back":
        return Back()
    if kind == "review":
        return AskReview(_whole(data, "hand"))
    raise ProtocolError(f"unknown message type {kind!r}: join, act, next, review, back or ping")


def _join(data: dict[str, Any]) -> Join:
    """A join message."""
    version = data.get("v")
    if version != VERSION:
        raise ProtocolError(f"protocol version {version!r} is not {VERSION}: update the game")
    room, name, token = data.get("room", ""), data.get("name", ""), data.get("token", "")
    if not all(isinstance(x, str) for x in (room, name, token)):
        raise ProtocolError("room, name and token are text")
    if not (room.isascii() and token.isascii()):
        raise ProtocolError("a room code and a token are letters and digits")
    name = " ".join(name.split())
    if len(name) > MAX_NAME or len(room) > 64 or len(token) > 64:
        raise ProtocolError(f"a name is at most {MAX_NAME} characters")
    if not name and not token:
        raise ProtocolError("join with a name, or with your seat's token")
    return Join(room, name, token)


def _act(data: dict[str, Any]) -> Act:
    """An action message."""
    prompt = _whole(data, "prompt")
    action = data.get("action")
    if not isinstance(action, dict):
        raise ProtocolError("act needs an action object")
    unknown = set(action) - {"kind", "tile", "tiles", "mode"}
    if unknown:
        raise ProtocolError(f"unknown action field {sorted(unknown)[0]!r}")
    try:
        kind = ActionKind(str(action.get("kind")))
        tile = parse_tile(action["tile"]) if action.get("tile") is not None else None
        tiles = tuple(parse_tiles(action["tiles"])) if action.get("tiles") else ()
        mode = KongMode(action["mode"]) if action.get("mode") is not None else None
    except (ValueError, TileError, TypeError) as e:
        raise ProtocolError(f"bad action: {e}") from None
    return Act(prompt, kind, tile, tiles, mode)


def _whole(data: dict[str, Any], field: str) -> int:
    """A whole number field."""
    value = data.get(field)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError(f"{field} must be a whole number")
    return value


def action_message(prompt: int, action: Action) -> dict[str, object]:
    """What a client sends to make ``action`` in answer to ``prompt``."""
    body = action.to_json()
    body.pop("seat", None)
    return {"type": "act", "prompt": prompt, "action": body}


def dumps(message: Mapping[str, object]) -> str:
    """A message as sent: compact JSON, Chinese as it is (the text ``json.dumps`` would make with no spaces and
    ``ensure_ascii=False``, made by msgspec: the host writes one for every seat at every move)."""
    return _ENCODER.encode(message).decode()


_ENCODER = msgspec.json.Encoder()
