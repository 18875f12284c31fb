"""The wire form of what a seat may see: a :class:`SeatView`, the events, a score, words, as JSON, and back.

A table server sends each seat its own view (``encode_view``) and the events of the hand
(``encode_event``); a client rebuilds them (``decode_view``, ``decode_event``) equal to
what the server had. Objects become JSON objects of their fields, enums their values,
tuples lists, frozensets sorted lists, the wall's stack heights a list of ints, and the
rule set its preset name (resolved through the registry). An event carries its class name
in ``"event"``.

The form is declared once: each engine class the wire carries has a msgspec ``Struct``
made from its type hints (:func:`_wire_struct`), with tile ids, seats and the lengths
held to what the engine makes (``_SEAT_FIELDS``, ``_LENGTHS``). msgspec checks what comes
in against those structs; decoding never evaluates or imports anything a message names.
Whatever is not exactly what the engine could have made (a wrong type, an unknown event or
field, a missing one, a tile or seat out of range, a table without four seats) raises
:class:`WireError` with a one-line reason naming where. Going out, a value is handed to
msgspec as it is wherever its JSON form is the engine's own (numbers, enums, tuples, the
dataclasses of those); only named tuples, bytes, sets and rule sets are turned into their form.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta, Raw
from msgspec.structs import astuple

from mahjong_tui.clean import invalid_line
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

__all__ = ["EVENT_TYPES", "Json", "WireError", "decode_event", "decode_result", "decode_view", "decode_words",
           "encode_event", "encode_result", "encode_table", "encode_view", "encode_words", "wire_error"]  # fmt: skip

T = TypeVar("T")
Json = None | bool | int | str | list["Json"] | dict[str, "Json"]
#: what msgspec is given to encode: JSON values, or engine values whose JSON form is their own
Form = Any


class WireError(ValueError):
    """Data that is no view, event, score or words the engine could have made; the message says what and where."""


def wire_error(error: msgspec.ValidationError | msgspec.DecodeError) -> WireError:
    """msgspec's reason (``Expected `int` <= 3, got `7` - at `$.seat` ``) as one line: the place, then the reason."""
    if not isinstance(error, msgspec.ValidationError):
        return WireError("not JSON")
    return WireError(invalid_line(str(error)))


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
_TILE = Annotated[int, Meta(ge=0, le=NUM_TILE_IDS - 1, description="a tile id")]
_SEAT = Annotated[int, Meta(ge=0, le=3, description="a seat")]
_BYTE = Annotated[int, Meta(ge=0, le=255)]

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
_TAGS = {cls: tag for tag, cls in EVENT_TYPES.items()}
#: the other engine classes the wire carries as objects
_OBJECTS = (SeatView, TableView, WallView, Action, Refusal, RiverTile, Meld, Words, ScoreResult, ScoreLine, WinContext)


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass or named tuple, in order."""
    if is_dataclass(cls):
        return tuple(f.name for f in fields(cls))
    return typing.cast(tuple[str, ...], cls._fields)  # type: ignore[attr-defined]


def _hints(cls: type) -> list[tuple[str, object, bool, int | None]]:
    """Each field of ``cls``: its name, its type hint (a tile as ``_TileId``), whether it holds seats, its length."""
    hints = typing.get_type_hints(cls, localns={"Tile": _TileId})
    lengths = _LENGTHS.get(cls, {})
    return [(name, hints[name], name in _SEAT_FIELDS, lengths.get(name)) for name in _field_names(cls)]


def _optional(hint: object) -> object | None:
    """The ``X`` of ``X | None``; None if ``hint`` is not that."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        return next(a for a in args if a is not type(None))
    return None


def _is_object(hint: object) -> bool:
    """``hint`` is an engine class the wire carries as an object."""
    return hint in _OBJECTS or hint in _TAGS


# ---------------------------------------------------------------- coming in: the structs msgspec checks


def _dec_hook(cls: type, data: object) -> object:
    """A rule set from its preset name (msgspec asks for the types it does not know)."""
    if cls is Ruleset:
        if not isinstance(data, str):
            raise TypeError("expected the rules' name, a string")
        try:
            return get_ruleset(data)
        except UnknownRules:
            raise ValueError(f"unknown rules {data[:40]!r}") from None
    raise NotImplementedError(cls)


#: per wire struct, the engine class it stands for, and the fields not taken as they are: where each is, how it is built
_BUILDS: dict[type, tuple[type, list[tuple[int, Callable[[Any], Any]]]]] = {}
_STRUCTS: dict[type, type[msgspec.Struct]] = {}


def _wire_type(hint: object, seat: bool, length: int | None = None) -> object:
    """The type msgspec checks a field of ``hint`` against (``seat``: its ints are seats)."""
    inner = _optional(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is _TileId:
        out: object = _TILE
    elif hint is int:
        out = _SEAT if seat else int
    elif hint in (str, bool, Ruleset) or (isinstance(hint, type) and issubclass(hint, Enum)):
        out = hint
    elif hint is bytes:
        out = tuple[_BYTE, ...]
    elif _is_object(hint):
        out = _wire_struct(typing.cast(type, hint))
    elif inner is not None:
        out = _wire_type(inner, seat) | None  # type: ignore[operator]
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        out = tuple[_wire_type(args[0], seat), ...]  # type: ignore[misc]
    elif origin is tuple:
        out = tuple[tuple(_wire_type(a, seat) for a in args)]  # type: ignore[misc]
    elif origin is frozenset:
        out = frozenset[_wire_type(args[0], seat)]  # type: ignore[misc]
    else:
        raise TypeError(f"the wire carries no {hint!r}")
    return Annotated[out, Meta(min_length=length, max_length=length)] if length is not None else out


#: how a value of a type becomes another: a function, or None for "as it is"
Convert = Callable[[Any], Any] | None


def _converter(hint: object, leaf: Callable[[object], tuple[bool, Convert]], seq: Callable[[Any], Any]) -> Convert:
    """How a value of ``hint`` is converted, item by item through optional values and tuples (``seq`` makes the
    converted sequence): ``leaf`` says, for each type, whether it converts values of that type itself, and how."""
    own, convert = leaf(hint)
    if own:
        return convert
    inner = _optional(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if inner is not None:
        once = _converter(inner, leaf, seq)
        return None if once is None else (lambda v: None if v is None else once(v))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = _converter(args[0], leaf, seq)
        return None if each is None else (lambda v: seq(map(each, v)))
    if origin is tuple:
        items = [_converter(a, leaf, seq) for a in args]
        if all(c is None for c in items):
            return None
        return lambda v: seq(x if c is None else c(x) for c, x in zip(items, v, strict=True))
    return None


def _built(hint: object) -> tuple[bool, Convert]:
    """How a decoded value of ``hint`` becomes the engine's, if values of that type are converted themselves."""
    if hint is bytes:
        return True, bytes
    if _is_object(hint):
        return True, _build
    return False, None


def _builder(hint: object) -> Convert:
    """How a decoded field of ``hint`` becomes the engine's value (None: it already is)."""
    return _converter(hint, _built, tuple)


def _wire_struct(cls: type) -> type[msgspec.Struct]:
    """The struct msgspec checks a ``cls`` against: its fields, each required, no other (an event's tag first)."""
    struct = _STRUCTS.get(cls)
    if struct is None:
        hints = _hints(cls)
        tag = _TAGS.get(cls)
        parts = [(name, _wire_type(hint, seat, length)) for name, hint, seat, length in hints]
        struct = msgspec.defstruct(
            cls.__name__, parts, forbid_unknown_fields=True, frozen=True, tag_field="event" if tag else None, tag=tag
        )
        _STRUCTS[cls] = struct
        builders = [(i, b) for i, (_, hint, _, _) in enumerate(hints) if (b := _builder(hint)) is not None]
        _BUILDS[struct] = (cls, builders)
    return struct


def _build(decoded: msgspec.Struct) -> object:
    """The engine's value a checked struct stands for: its fields in order, those of other types built in turn."""
    cls, builders = _BUILDS[type(decoded)]
    values = astuple(decoded)
    if not builders:
        return cls(*values)
    out = list(values)
    for i, build in builders:
        out[i] = build(out[i])
    return cls(*out)


for _cls in (*_OBJECTS, *EVENT_TYPES.values()):
    _wire_struct(_cls)
_EVENT = typing.Union[tuple(_STRUCTS[cls] for cls in EVENT_TYPES.values())]  # type: ignore[valid-type]  # noqa: UP007


def _decode(wire: object, cls: type[T], data: object) -> T:
    """``data`` (JSON text as bytes, or the values it holds) checked against ``wire`` and built as a ``cls``."""
    try:
        if isinstance(data, bytes | Raw):
            decoded = msgspec.json.decode(data, type=wire, dec_hook=_dec_hook)
        else:
            decoded = msgspec.convert(data, wire, dec_hook=_dec_hook)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise wire_error(e) from None
    value = _build(decoded)
    assert isinstance(value, cls)
    return value


# ---------------------------------------------------------------- going out: the forms msgspec writes


#: how many forms of frozen values a class remembers (it forgets them all when it has as many)
MEMO_SIZE = 4096


def _formed_itself(hint: object) -> tuple[bool, Convert]:
    """How a value of ``hint`` becomes its form, if values of that type are converted themselves."""
    if hint is bytes:
        return True, list
    if hint is Ruleset:
        return True, _rules_name
    if _is_object(hint):
        return True, _form_of(typing.cast(type, hint))
    if typing.get_origin(hint) is frozenset:
        return True, sorted
    return False, None


def _former(hint: object) -> Convert:
    """How a value of ``hint`` becomes what msgspec writes as its form (None: msgspec writes it as it is)."""
    return _converter(hint, _formed_itself, list)


def _rules_name(ruleset: Ruleset) -> str:
    """A rule set's preset name."""
    return ruleset.name


_FORMERS: dict[type, Callable[[Any], Form] | None] = {}


def _form_of(cls: type) -> Callable[[Any], Form] | None:
    """How a ``cls`` becomes its form: a dict of its fields' forms (an event's tag first), remembered for a frozen
    value; None for a dataclass msgspec writes as it is (no field needs a form of its own, and it has no tag)."""
    if cls in _FORMERS:
        return _FORMERS[cls]
    _FORMERS[cls] = None  # no class the wire carries holds itself
    parts = [(name, _former(hint)) for name, hint, _, _ in _hints(cls)]
    tag = _TAGS.get(cls)
    if is_dataclass(cls) and tag is None and all(f is None for _, f in parts):
        return None
    head: dict[str, Form] = {} if tag is None else {"event": tag}
    if not is_dataclass(cls):  # a named tuple: its fields by position

        def form(value: Any) -> Form:
            return {**head, **{n: v if f is None else f(v) for (n, f), v in zip(parts, value, strict=True)}}

        _FORMERS[cls] = form
        return form
    memo: dict[object, Form] = {}

    def remembered(value: Any) -> Form:
        try:
            known = memo.get(value)
        except TypeError:  # a field that cannot be hashed: this value is not remembered
            return {**head, **{n: _part(f, getattr(value, n)) for n, f in parts}}
        if known is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            known = memo[value] = {**head, **{n: _part(f, getattr(value, n)) for n, f in parts}}
        return known

    _FORMERS[cls] = remembered
    return remembered


def _part(former: Callable[[Any], Form] | None, value: object) -> Form:
    """A field's form."""
    return value if former is None else former(value)


_ENCODER = msgspec.json.Encoder()


def _raw(form: Form) -> Raw:
    """The JSON text of ``form``, kept as text: a message holding it writes it as it is."""
    return Raw(_ENCODER.encode(form))


def _formed(cls: type, value: object) -> Form:
    """The form of ``value``, which must be a ``cls``."""
    if type(value) is not cls:
        raise WireError(f"the wire carries no {type(value).__name__} here, only {cls.__name__}")
    former = _form_of(cls)
    return value if former is None else former(value)


_VIEW_PARTS = [(name, _former(hint)) for name, hint, _, _ in _hints(SeatView)]


def encode_view(view: SeatView, table: Raw | None = None) -> Raw:
    """The JSON text of one seat's view: its table, tiles, choices, refusals and win previews (``table``: the text of
    the view's table, made once by :func:`encode_table` for every seat that sees the same table)."""
    if type(view) is not SeatView:
        raise WireError(f"the wire carries no {type(view).__name__} here, only SeatView")
    if table is None:
        form = {n: _part(f, v) for (n, f), v in zip(_VIEW_PARTS, view, strict=True)}
    else:  # the table's text stands in its place, in the same order
        form = {n: table if n == "table" else _part(f, v) for (n, f), v in zip(_VIEW_PARTS, view, strict=True)}
    return _raw(form)


def encode_table(table: TableView, pending: tuple[int, ...] | None = None) -> Raw:
    """The JSON text of what everyone sees of a hand (the table part of every seat's view at that moment), showing
    ``pending`` as the seats asked when it is given."""
    form = _formed(TableView, table)
    if pending is not None:
        form["pending"] = list(pending)
    return _raw(form)


def decode_view(data: object) -> SeatView:
    """The seat view ``data`` is the form of (its JSON text as bytes, or the values in it); WireError says what is
    wrong with it."""
    return _decode(_STRUCTS[SeatView], SeatView, data)


_EVENT_TEXTS: dict[ev.Event, Raw] = {}


def encode_event(event: ev.Event) -> Raw:
    """The JSON text of an event, its class name in ``"event"`` (made once for each event)."""
    text = _EVENT_TEXTS.get(event)
    if text is None:
        if type(event) not in _TAGS:
            raise WireError(f"the wire carries no event {type(event).__name__}")
        if len(_EVENT_TEXTS) >= MEMO_SIZE:
            _EVENT_TEXTS.clear()
        text = _EVENT_TEXTS[event] = _raw(_formed(type(event), event))
    return text


def decode_event(data: object) -> ev.Event:
    """The event ``data`` is the form of (its JSON text as bytes, or the values in it); WireError says what is wrong."""
    return _decode(_EVENT, ev.Event, data)


def encode_result(result: ScoreResult) -> Raw:
    """The JSON text of a score: validity, reason, types, 花, value, payments and the breakdown lines."""
    return _raw(_formed(ScoreResult, result))


def decode_result(data: object) -> ScoreResult:
    """The score ``data`` is the form of; WireError says what is wrong with it."""
    return _decode(_STRUCTS[ScoreResult], ScoreResult, data)


def encode_words(words: Words) -> Raw:
    """The JSON text of words in both languages: ``{"en": …, "zh": …}``."""
    return _raw(_formed(Words, words))


def decode_words(data: object) -> Words:
    """The words ``data`` is the form of; WireError says what is wrong with it."""
    return _decode(_STRUCTS[Words], Words, data)
