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
deeply nested message fails at its first wrong level.
"""

from __future__ import annotations

import types
import typing
from abc import ABC, abstractmethod
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import TypeVar

from mahjong_tui.engine import events as ev
from mahjong_tui.engine.actions import Action
from mahjong_tui.engine.melds import Meld
from mahjong_tui.engine.registry import UnknownRules, get_ruleset
from mahjong_tui.engine.ruleset import Ruleset
from mahjong_tui.engine.scoring import ScoreLine, ScoreResult, WinContext
from mahjong_tui.engine.state import Refusal, RiverTile
from mahjong_tui.engine.tiles import NUM_KINDS, NUM_TILE_IDS
from mahjong_tui.engine.view import SeatView, TableView
from mahjong_tui.engine.wall import WallView
from mahjong_tui.engine.words import Words

Json = None | bool | int | str | list["Json"] | dict[str, "Json"]
T = TypeVar("T")


class WireError(ValueError):
    """Data that is no view, event, score or words the engine could have made; the message says what and where."""


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


_TYPE_NAMES = {
    type(None): "null",
    bool: "a boolean",
    int: "an integer",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def _kind_name(data: object) -> str:
    """What a value is, in an error's words."""
    return _TYPE_NAMES.get(type(data), type(data).__name__)


class _Bad(Exception):
    """What is wrong, on its way out: each container it rises through adds its place (innermost first)."""

    def __init__(self, reason: str) -> None:
        """A fault with its reason; ``path`` fills in as it rises."""
        super().__init__(reason)
        self.reason = reason
        self.path: list[str] = []

    def within(self, place: str) -> _Bad:
        """The same fault, seen from the container holding it at ``place`` (``.name`` or ``[i]``)."""
        self.path.append(place)
        return self

    def error(self) -> WireError:
        """The WireError to raise: where, then what."""
        where = "".join(reversed(self.path)).lstrip(".") or "the top"
        return WireError(f"{where}: {self.reason}")


class _Kind(ABC):
    """How one kind of value goes on the wire and comes back."""

    @abstractmethod
    def encode(self, value: object) -> Json:
        """The JSON form of ``value``; _Bad if it is not of this kind."""

    @abstractmethod
    def decode(self, data: object) -> object:
        """The value ``data`` stands for; _Bad if it stands for none."""


class _Int(_Kind):
    """An int (never a bool), in ``low..high`` when they are given."""

    def __init__(self, low: int | None = None, high: int | None = None, what: str = "") -> None:
        """An int kind; ``what`` names the range in errors (``a tile id``, ``a seat``)."""
        self.low, self.high, self.what = low, high, what

    def check(self, value: object) -> int:
        """``value`` itself, an int in range; else _Bad."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise _Bad(f"expected an integer, got {_kind_name(value)}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise _Bad(f"{value} is not {self.what} ({self.low}..{self.high})")
        return value

    def encode(self, value: object) -> Json:
        """The int itself."""
        return self.check(value)

    def decode(self, data: object) -> object:
        """The int itself."""
        return self.check(data)


class _Plain(_Kind):
    """A str or a bool, as itself."""

    def __init__(self, cls: type) -> None:
        """A kind for ``str`` or ``bool``."""
        self.cls = cls

    def check(self, value: object) -> Json:
        """``value`` itself, of the kind's type; else _Bad."""
        if type(value) is not self.cls:
            raise _Bad(f"expected {_TYPE_NAMES[self.cls]}, got {_kind_name(value)}")
        return typing.cast(Json, value)

    def encode(self, value: object) -> Json:
        """The value itself."""
        return self.check(value)

    def decode(self, data: object) -> object:
        """The value itself."""
        return self.check(data)


class _Enum(_Kind):
    """An engine enum, as its value."""

    def __init__(self, cls: type[Enum]) -> None:
        """A kind for the enum ``cls``."""
        self.cls = cls

    def encode(self, value: object) -> Json:
        """The member's value."""
        if not isinstance(value, self.cls):
            raise _Bad(f"expected the enum {self.cls.__name__}, got {type(value).__name__}")
        return typing.cast(Json, value.value)

    def decode(self, data: object) -> object:
        """The member of that value."""
        if not isinstance(data, str):
            raise _Bad(f"expected a string ({self.cls.__name__}), got {_kind_name(data)}")
        try:
            return self.cls(data)
        except ValueError:
            raise _Bad(f"unknown {self.cls.__name__} {data[:40]!r}") from None


class _Optional(_Kind):
    """A value or None (null)."""

    def __init__(self, inner: _Kind) -> None:
        """A kind for ``inner | None``."""
        self.inner = inner

    def encode(self, value: object) -> Json:
        """Null, or the inner value's form."""
        return None if value is None else self.inner.encode(value)

    def decode(self, data: object) -> object:
        """None, or the inner value."""
        return None if data is None else self.inner.decode(data)


def _items(data: object, cls: type[list[object]] | type[tuple[object, ...]], length: int | None) -> list[object]:
    """``data``, a list or a tuple (``cls``), as a list (of ``length`` items when given); else _Bad."""
    if not isinstance(data, cls):
        raise _Bad(f"expected {_TYPE_NAMES.get(cls, 'a tuple')}, got {_kind_name(data)}")
    if length is not None and len(data) != length:
        raise _Bad(f"expected {length} items, got {len(data)}")
    return list(data)


class _Tuple(_Kind):
    """A tuple, as a list: of any length with items of one kind, or of a fixed length with a kind per item."""

    def __init__(self, items: list[_Kind], repeat: bool, length: int | None = None) -> None:
        """``repeat``: ``items`` holds the one kind of every item (``length`` of them when given)."""
        self.items, self.repeat = items, repeat
        self.length = length if repeat else len(items)

    def _each(self, values: list[object], encode: bool) -> list[object]:
        """Each item encoded (or decoded) by its kind; a fault names the item's place."""
        kinds = self.items * len(values) if self.repeat else self.items
        out: list[object] = []
        for i, (kind, v) in enumerate(zip(kinds, values, strict=True)):
            try:
                out.append(kind.encode(v) if encode else kind.decode(v))
            except _Bad as e:
                raise e.within(f"[{i}]") from None
        return out

    def encode(self, value: object) -> Json:
        """A list of the items' forms."""
        return typing.cast(Json, self._each(_items(value, tuple, self.length), encode=True))

    def decode(self, data: object) -> object:
        """The tuple of the items."""
        return tuple(self._each(_items(data, list, self.length), encode=False))


class _Set(_Kind):
    """A frozenset of ints (tiles), as a sorted list."""

    def __init__(self, item: _Int) -> None:
        """A kind for a frozenset of ``item``."""
        self.item = item

    def encode(self, value: object) -> Json:
        """The sorted list of the members."""
        if not isinstance(value, frozenset):
            raise _Bad(f"expected a frozenset, got {type(value).__name__}")
        members: list[Json] = [*sorted(self.item.check(v) for v in value)]
        return members

    def decode(self, data: object) -> object:
        """The frozenset of the members (each once)."""
        members = [self.item.check(d) for d in _items(data, list, None)]
        if len(set(members)) != len(members):
            raise _Bad("a set lists a member twice")
        return frozenset(members)


class _Bytes(_Kind):
    """Bytes (the wall's stack heights), as a list of ints 0..255."""

    item = _Int(0, 255, "a byte")

    def encode(self, value: object) -> Json:
        """The list of the bytes."""
        if not isinstance(value, bytes):
            raise _Bad(f"expected bytes, got {type(value).__name__}")
        heights: list[Json] = [*value]
        return heights

    def decode(self, data: object) -> object:
        """The bytes of the list."""
        return bytes([self.item.check(d) for d in _items(data, list, None)])


class _Rules(_Kind):
    """A rule set, as its preset name."""

    def encode(self, value: object) -> Json:
        """The preset name (which must give back this very rule set)."""
        if not isinstance(value, Ruleset):
            raise _Bad(f"expected a rule set, got {type(value).__name__}")
        try:
            known = get_ruleset(value.name)
        except UnknownRules:
            known = None
        if known is not value:
            raise _Bad(f"the rule set {value.name!r} is not a registered preset")
        return value.name

    def decode(self, data: object) -> object:
        """The registered rule set of that name."""
        if not isinstance(data, str):
            raise _Bad(f"expected a string (the rules' name), got {_kind_name(data)}")
        try:
            return get_ruleset(data)
        except UnknownRules:
            raise _Bad(f"unknown rules {data[:40]!r}") from None


class _Struct(_Kind):
    """A dataclass or named tuple of the engine, as an object of its fields: each one present, no other."""

    def __init__(self, cls: type, tag: str | None = None) -> None:
        """A kind for ``cls`` (an event's carries its ``tag``); the fields' kinds are added once all are known."""
        self.cls, self.tag = cls, tag
        self.fields: dict[str, _Kind] = {}
        self.keys: set[str] = set() if tag is None else {"event"}

    def add(self, name: str, kind: _Kind) -> None:
        """Give the struct its next field."""
        self.fields[name] = kind
        self.keys.add(name)

    def encode(self, value: object) -> Json:
        """The object of the fields' forms (the tag first, for an event)."""
        if type(value) is not self.cls:
            raise _Bad(f"expected the class {self.cls.__name__}, got {type(value).__name__}")
        out: dict[str, Json] = {} if self.tag is None else {"event": self.tag}
        name = ""
        try:
            for name, kind in self.fields.items():
                out[name] = kind.encode(getattr(value, name))
        except _Bad as e:
            raise e.within(f".{name}") from None
        return out

    def decode(self, data: object) -> object:
        """The instance the object's fields make."""
        what = self.cls.__name__
        if not isinstance(data, dict):
            raise _Bad(f"expected an object ({what}), got {_kind_name(data)}")
        if data.keys() != self.keys:
            extra = [k for k in data if k not in self.keys]
            if extra:
                raise _Bad(f"unknown {what} field {str(extra[0])[:40]!r}")
            raise _Bad(f"the {what} field {next((k for k in self.fields if k not in data), 'event')!r} is missing")
        values = {}
        name = ""
        try:
            for name, kind in self.fields.items():
                values[name] = kind.decode(data[name])
        except _Bad as e:
            raise e.within(f".{name}") from None
        return self.cls(**values)


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass or named tuple, in order."""
    if is_dataclass(cls):
        return tuple(f.name for f in fields(cls))
    return typing.cast(tuple[str, ...], cls._fields)  # type: ignore[attr-defined]


def _kind_of(hint: object, seat: bool, structs: dict[type, _Struct]) -> _Kind:
    """The kind for a type hint (``seat``: its ints are seats); TypeError for a type the wire does not carry."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is _TileId:
        return _Int(0, NUM_TILE_IDS - 1, "a tile id")
    if hint is int:
        return _Int(0, 3, "a seat") if seat else _Int()
    if hint in (str, bool):
        return _Plain(typing.cast(type, hint))
    if hint is bytes:
        return _Bytes()
    if hint is Ruleset:
        return _Rules()
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _Enum(hint)
    if isinstance(hint, type) and hint in structs:
        return structs[hint]
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        return _Optional(_kind_of(next(a for a in args if a is not type(None)), seat, structs))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _Tuple([_kind_of(args[0], seat, structs)], repeat=True)
    if origin is tuple:
        return _Tuple([_kind_of(a, seat, structs) for a in args], repeat=False)
    if origin is frozenset:
        item = _kind_of(args[0], seat, structs)
        if isinstance(item, _Int):
            return _Set(item)
    raise TypeError(f"the wire carries no {hint!r}")


def _sized(kind: _Kind, length: int) -> _Kind:
    """``kind`` (a tuple of any length) held to ``length`` items."""
    if not isinstance(kind, _Tuple) or not kind.repeat:
        raise TypeError("only a tuple of any length can be held to a length")
    return _Tuple(kind.items, repeat=True, length=length)


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


def _structs() -> dict[type, _Struct]:
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
    structs: dict[type, _Struct] = {cls: _Struct(cls) for cls in plain}
    structs.update({cls: _Struct(cls, tag) for tag, cls in EVENT_TYPES.items()})
    for cls, struct in structs.items():
        hints = typing.get_type_hints(cls, localns={"Tile": _TileId})
        lengths = _LENGTHS.get(cls, {})
        for name in _field_names(cls):
            kind = _kind_of(hints[name], name in _SEAT_FIELDS, structs)
            struct.add(name, _sized(kind, lengths[name]) if name in lengths else kind)
    return structs


_STRUCTS = _structs()
_EVENTS = {tag: _STRUCTS[cls] for tag, cls in EVENT_TYPES.items()}


def _decode(struct: _Struct, cls: type[T], data: object) -> T:
    """``data`` decoded by ``struct`` as a ``cls``; WireError says what is wrong with it."""
    try:
        value = struct.decode(data)
    except _Bad as e:
        raise e.error() from None
    assert isinstance(value, cls)
    return value


def _encode(struct: _Struct, value: object) -> dict[str, Json]:
    """``value`` encoded by ``struct`` as a JSON object; WireError if it is not what the struct carries."""
    try:
        return typing.cast(dict[str, Json], struct.encode(value))
    except _Bad as e:
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
    except _Bad as e:
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
        raise WireError(f"the top: expected an event object, got {_kind_name(data)}")
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
