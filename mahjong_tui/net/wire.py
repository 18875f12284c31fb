"""The wire form of what a seat may see: a :class:`SeatView`, the events, a score, as plain JSON values, and back.

A table server sends each seat its own view (``encode_view``) and the events of the hand
(``encode_event``); a client rebuilds them (``decode_view``, ``decode_event``) equal to
what the server had. Objects become JSON objects of their fields, enums their values,
tuples lists, frozensets sorted lists, the wall's stack heights a list of ints, and the
rule set its preset name (resolved through the registry). An event carries its class name
in ``"event"``.

The codec knows only the engine's types listed here (``_STRUCTS`` and the events): each
one's fields and their kinds are read once from its type hints, so the form follows the
engine's classes. Decoding never evaluates or imports anything a message names: whatever
is not exactly what the engine could have made (a wrong type, an unknown event or field, a
missing one, a tile or seat out of range, a table that does not have four seats) raises
:class:`WireError` with a one-line reason naming where. The schema bounds the depth, so a
deeply nested message fails at its first wrong level. The kinds themselves are in :mod:`.wire_kinds`.
"""

from __future__ import annotations

import types
import typing
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import TypeVar

from mahjong_tui.engine import events as ev
from mahjong_tui.engine.actions import Action
from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.ruleset import Ruleset
from mahjong_tui.engine.scoring import ScoreLine, ScoreResult, WinContext
from mahjong_tui.engine.state import Refusal, RiverTile
from mahjong_tui.engine.tiles import NUM_KINDS, NUM_TILE_IDS
from mahjong_tui.engine.view import SeatView, TableView
from mahjong_tui.engine.wall import WallView
from mahjong_tui.engine.words import Words

from .wire_kinds import (
    Bad,
    BytesKind,
    EnumKind,
    IntKind,
    Json,
    Kind,
    OptionalKind,
    PlainKind,
    RulesKind,
    SetKind,
    StructKind,
    TupleKind,
    WireError,
    kind_name,
)

__all__ = ["EVENT_TYPES", "Json", "WireError", "decode_event", "decode_result", "decode_view", "decode_words",
           "encode_event", "encode_result", "encode_table", "encode_view", "encode_words"]  # fmt: skip

T = TypeVar("T")


class _TileId:
    """Stands for ``Tile`` while the type hints are read, so a tile field is checked as a tile id."""


#: fields that hold a seat (or seats), whatever class they are in
_SEAT_FIELDS = frozenset(
    "seat dealer current pending source claimed_by won_by from_seat by winner discarder winners next_dealer".split()
)
#: per class, the fields of a fixed length: one entry per seat, or a count per kind of tile
_LENGTHS: dict[type, dict[str, int]] = {
    TableView: dict.fromkeys("melds rivers flowers hand_sizes kaigang_locked holds_drawn concealed drawn".split(), 4),
    SeatView: {"counts": NUM_KINDS},
}


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass or named tuple, in order."""
    if is_dataclass(cls):
        return tuple(f.name for f in fields(cls))
    return typing.cast(tuple[str, ...], cls._fields)  # type: ignore[attr-defined]


def _kind_of(hint: object, seat: bool, structs: dict[type, StructKind]) -> Kind:
    """The kind for a type hint (``seat``: its ints are seats); TypeError for a type the wire does not carry."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is _TileId:
        return IntKind(0, NUM_TILE_IDS - 1, "a tile id")
    if hint is int:
        return IntKind(0, 3, "a seat") if seat else IntKind()
    if hint in (str, bool):
        return PlainKind(typing.cast(type, hint))
    if hint is bytes:
        return BytesKind()
    if hint is Ruleset:
        return RulesKind()
    if isinstance(hint, type) and issubclass(hint, Enum):
        return EnumKind(hint)
    if isinstance(hint, type) and hint in structs:
        return structs[hint]
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        return OptionalKind(_kind_of(next(a for a in args if a is not type(None)), seat, structs))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return TupleKind([_kind_of(args[0], seat, structs)], repeat=True)
    if origin is tuple:
        return TupleKind([_kind_of(a, seat, structs) for a in args], repeat=False)
    if origin is frozenset:
        item = _kind_of(args[0], seat, structs)
        if isinstance(item, IntKind):
            return SetKind(item)
    raise TypeError(f"the wire carries no {hint!r}")


def _sized(kind: Kind, length: int) -> Kind:
    """``kind`` (a tuple of any length) held to ``length`` items."""
    if not isinstance(kind, TupleKind) or not kind.repeat:
        raise TypeError("only a tuple of any length can be held to a length")
    return TupleKind(kind.items, repeat=True, length=length)


#: every event, by the tag it carries on the wire (its class name)
EVENT_TYPES: dict[str, type[ev.Event]] = {
    cls.__name__: cls
    for cls in (
        ev.HandStarted,
        ev.TilesDealt,
        ev.FlowerRevealed,
        ev.TileDrawn,
        ev.TileDiscarded,
        ev.MeldClaimed,
        ev.OptionRefused,
        ev.ClaimLost,
        ev.KongDeclared,
        ev.KaigangRevealed,
        ev.KaigangDiscarded,
        ev.InitialWinsDeclared,
        ev.HaidiOffered,
        ev.HaidiTaken,
        ev.HaidiDeclined,
        ev.BirdDrawn,
        ev.PlayerWon,
        ev.HandEnded,
        ev.GameEnded,
    )
}


def _structs() -> dict[type, StructKind]:
    """Every type the wire carries as an object, with its fields' kinds read from its type hints."""
    plain: tuple[type, ...] = (
        SeatView,
        TableView,
        WallView,
        Action,
        Refusal,
        RiverTile,
        Meld,
        Words,
        ScoreResult,
        ScoreLine,
        WinContext,
    )
    structs: dict[type, StructKind] = {cls: StructKind(cls) for cls in plain}
    structs.update({cls: StructKind(cls, tag) for tag, cls in EVENT_TYPES.items()})
    for cls, struct in structs.items():
        hints = typing.get_type_hints(cls, localns={"Tile": _TileId})
        lengths = _LENGTHS.get(cls, {})
        for name in _field_names(cls):
            kind = _kind_of(hints[name], name in _SEAT_FIELDS, structs)
            struct.add(name, _sized(kind, lengths[name]) if name in lengths else kind)
    return structs


_STRUCTS = _structs()
_EVENTS = {tag: _STRUCTS[cls] for tag, cls in EVENT_TYPES.items()}


def _decode(struct: StructKind, cls: type[T], data: object) -> T:
    """``data`` decoded by ``struct`` as a ``cls``; WireError says what is wrong with it."""
    try:
        value = struct.decode(data)
    except Bad as e:
        raise e.error() from None
    assert isinstance(value, cls)
    return value


def _encode(struct: StructKind, value: object) -> dict[str, Json]:
    """``value`` encoded by ``struct`` as a JSON object; WireError if it is not what the struct carries."""
    try:
        return typing.cast(dict[str, Json], struct.encode(value))
    except Bad as e:
        raise e.error() from None


def encode_view(view: SeatView, table: dict[str, Json] | None = None) -> dict[str, Json]:
    """The JSON form of one seat's view: its table, tiles, choices, refusals and win previews (``table``: the form of
    the view's table, made once by :func:`encode_table` for every seat that sees the same table)."""
    if table is None:
        return _encode(_STRUCTS[SeatView], view)
    struct = _STRUCTS[SeatView]
    name = ""
    out: dict[str, Json] = {}
    try:
        for name, kind in struct.fields.items():
            out[name] = table if name == "table" else kind.encode(getattr(view, name))
    except Bad as e:
        raise e.within(f".{name}").error() from None
    return out


def encode_table(table: TableView) -> dict[str, Json]:
    """The JSON form of what everyone sees of a hand (the table part of every seat's view at that moment)."""
    return _encode(_STRUCTS[TableView], table)


def decode_view(data: object) -> SeatView:
    """The seat view ``data`` is the form of; WireError says what is wrong with it."""
    return _decode(_STRUCTS[SeatView], SeatView, data)


def encode_event(event: ev.Event) -> dict[str, Json]:
    """The JSON form of an event, its class name in ``"event"``."""
    struct = _EVENTS.get(type(event).__name__)
    if struct is None or struct.cls is not type(event):
        raise WireError(f"the wire carries no event {type(event).__name__}")
    return _encode(struct, event)


def decode_event(data: object) -> ev.Event:
    """The event ``data`` is the form of; WireError says what is wrong with it."""
    if not isinstance(data, dict):
        raise WireError(f"the top: expected an event object, got {kind_name(data)}")
    tag = data.get("event")
    struct = _EVENTS.get(tag) if isinstance(tag, str) else None
    if struct is None:
        raise WireError(f"event: unknown event {str(tag)[:40]!r}")
    return _decode(struct, ev.Event, data)


def encode_result(result: ScoreResult) -> dict[str, Json]:
    """The JSON form of a score: validity, reason, types, 花, value, payments and the breakdown lines."""
    return _encode(_STRUCTS[ScoreResult], result)


def decode_result(data: object) -> ScoreResult:
    """The score ``data`` is the form of; WireError says what is wrong with it."""
    return _decode(_STRUCTS[ScoreResult], ScoreResult, data)


def encode_words(words: Words) -> dict[str, Json]:
    """The JSON form of words in both languages: ``{"en": …, "zh": …}``."""
    return _encode(_STRUCTS[Words], words)


def decode_words(data: object) -> Words:
    """The words ``data`` is the form of; WireError says what is wrong with it."""
    return _decode(_STRUCTS[Words], Words, data)
