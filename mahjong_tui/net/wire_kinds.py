"""The kinds of value the wire carries, each one's JSON form and its strict reading back: whole numbers in a range,
plain values, enums, optional values, tuples (of any length, or held to one), sets of whole numbers, bytes, a rule set
by its preset name, and the engine's dataclasses as objects of their fields.

Reading back raises :class:`Bad`, which gathers the place of the fault as it rises through the containers and becomes
the :class:`WireError` that :mod:`.wire` raises. Which engine types are carried, and how, is :mod:`.wire`'s.
"""

from __future__ import annotations

import typing
from abc import ABC, abstractmethod
from enum import Enum

from mahjong_tui.engine.registry import UnknownRules, get_ruleset
from mahjong_tui.engine.ruleset import Ruleset

Json = None | bool | int | str | list["Json"] | dict[str, "Json"]


class WireError(ValueError):
    """Data that is no view, event, score or words the engine could have made; the message says what and where."""


_TYPE_NAMES = {
    type(None): "null",
    bool: "a boolean",
    int: "an integer",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def kind_name(data: object) -> str:
    """What a value is, in an error's words."""
    return _TYPE_NAMES.get(type(data), type(data).__name__)


class Bad(Exception):
    """What is wrong, on its way out: each container it rises through adds its place (innermost first)."""

    def __init__(self, reason: str) -> None:
        """A fault with its reason; ``path`` fills in as it rises."""
        super().__init__(reason)
        self.reason = reason
        self.path: list[str] = []

    def within(self, place: str) -> Bad:
        """The same fault, seen from the container holding it at ``place`` (``.name`` or ``[i]``)."""
        self.path.append(place)
        return self

    def error(self) -> WireError:
        """The WireError to raise: where, then what."""
        where = "".join(reversed(self.path)).lstrip(".") or "the top"
        return WireError(f"{where}: {self.reason}")


class Kind(ABC):
    """How one kind of value goes on the wire and comes back."""

    @abstractmethod
    def encode(self, value: object) -> Json:
        """The JSON form of ``value``; Bad if it is not of this kind."""

    @abstractmethod
    def decode(self, data: object) -> object:
        """The value ``data`` stands for; Bad if it stands for none."""


class IntKind(Kind):
    """An int (never a bool), in ``low..high`` when they are given."""

    def __init__(self, low: int | None = None, high: int | None = None, what: str = "") -> None:
        """An int kind; ``what`` names the range in errors (``a tile id``, ``a seat``)."""
        self.low, self.high, self.what = low, high, what

    def check(self, value: object) -> int:
        """``value`` itself, an int in range; else Bad."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise Bad(f"expected an integer, got {kind_name(value)}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise Bad(f"{value} is not {self.what} ({self.low}..{self.high})")
        return value

    def encode(self, value: object) -> Json:
        """The int itself."""
        return self.check(value)

    def decode(self, data: object) -> object:
        """The int itself."""
        return self.check(data)


class PlainKind(Kind):
    """A str or a bool, as itself."""

    def __init__(self, cls: type) -> None:
        """A kind for ``str`` or ``bool``."""
        self.cls = cls

    def check(self, value: object) -> Json:
        """``value`` itself, of the kind's type; else Bad."""
        if type(value) is not self.cls:
            raise Bad(f"expected {_TYPE_NAMES[self.cls]}, got {kind_name(value)}")
        return typing.cast(Json, value)

    def encode(self, value: object) -> Json:
        """The value itself."""
        return self.check(value)

    def decode(self, data: object) -> object:
        """The value itself."""
        return self.check(data)


class EnumKind(Kind):
    """An engine enum, as its value."""

    def __init__(self, cls: type[Enum]) -> None:
        """A kind for the enum ``cls``."""
        self.cls = cls

    def encode(self, value: object) -> Json:
        """The member's value."""
        if not isinstance(value, self.cls):
            raise Bad(f"expected the enum {self.cls.__name__}, got {type(value).__name__}")
        return typing.cast(Json, value.value)

    def decode(self, data: object) -> object:
        """The member of that value."""
        if not isinstance(data, str):
            raise Bad(f"expected a string ({self.cls.__name__}), got {kind_name(data)}")
        try:
            return self.cls(data)
        except ValueError:
            raise Bad(f"unknown {self.cls.__name__} {data[:40]!r}") from None


class OptionalKind(Kind):
    """A value or None (null)."""

    def __init__(self, inner: Kind) -> None:
        """A kind for ``inner | None``."""
        self.inner = inner

    def encode(self, value: object) -> Json:
        """Null, or the inner value's form."""
        return None if value is None else self.inner.encode(value)

    def decode(self, data: object) -> object:
        """None, or the inner value."""
        return None if data is None else self.inner.decode(data)


def items_of(data: object, cls: type[list[object]] | type[tuple[object, ...]], length: int | None) -> list[object]:
    """``data``, a list or a tuple (``cls``), as a list (of ``length`` items when given); else Bad."""
    if not isinstance(data, cls):
        raise Bad(f"expected {_TYPE_NAMES.get(cls, 'a tuple')}, got {kind_name(data)}")
    if length is not None and len(data) != length:
        raise Bad(f"expected {length} items, got {len(data)}")
    return list(data)


class TupleKind(Kind):
    """A tuple, as a list: of any length with items of one kind, or of a fixed length with a kind per item."""

    def __init__(self, items: list[Kind], repeat: bool, length: int | None = None) -> None:
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
            except Bad as e:
                raise e.within(f"[{i}]") from None
        return out

    def encode(self, value: object) -> Json:
        """A list of the items' forms."""
        return typing.cast(Json, self._each(items_of(value, tuple, self.length), encode=True))

    def decode(self, data: object) -> object:
        """The tuple of the items."""
        return tuple(self._each(items_of(data, list, self.length), encode=False))


class SetKind(Kind):
    """A frozenset of ints (tiles), as a sorted list."""

    def __init__(self, item: IntKind) -> None:
        """A kind for a frozenset of ``item``."""
        self.item = item

    def encode(self, value: object) -> Json:
        """The sorted list of the members."""
        if not isinstance(value, frozenset):
            raise Bad(f"expected a frozenset, got {type(value).__name__}")
        members: list[Json] = [*sorted(self.item.check(v) for v in value)]
        return members

    def decode(self, data: object) -> object:
        """The frozenset of the members (each once)."""
        members = [self.item.check(d) for d in items_of(data, list, None)]
        if len(set(members)) != len(members):
            raise Bad("a set lists a member twice")
        return frozenset(members)


class BytesKind(Kind):
    """Bytes (the wall's stack heights), as a list of ints 0..255."""

    item = IntKind(0, 255, "a byte")

    def encode(self, value: object) -> Json:
        """The list of the bytes."""
        if not isinstance(value, bytes):
            raise Bad(f"expected bytes, got {type(value).__name__}")
        heights: list[Json] = [*value]
        return heights

    def decode(self, data: object) -> object:
        """The bytes of the list."""
        return bytes([self.item.check(d) for d in items_of(data, list, None)])


class RulesKind(Kind):
    """A rule set, as its preset name."""

    def encode(self, value: object) -> Json:
        """The preset name (which must give back this very rule set)."""
        if not isinstance(value, Ruleset):
            raise Bad(f"expected a rule set, got {type(value).__name__}")
        try:
            known = get_ruleset(value.name)
        except UnknownRules:
            known = None
        if known is not value:
            raise Bad(f"the rule set {value.name!r} is not a registered preset")
        return value.name

    def decode(self, data: object) -> object:
        """The registered rule set of that name."""
        if not isinstance(data, str):
            raise Bad(f"expected a string (the rules' name), got {kind_name(data)}")
        try:
            return get_ruleset(data)
        except UnknownRules:
            raise Bad(f"unknown rules {data[:40]!r}") from None


#: how many forms of a frozen dataclass's values a kind remembers (it forgets them all when it has as many)
MEMO_SIZE = 4096


class StructKind(Kind):
    """A dataclass or named tuple of the engine, as an object of its fields: each one present, no other.

    The form of a frozen dataclass's value (a discard in a river, a meld, an event) is made once and remembered:
    the same value is sent to every seat, moment after moment. A form is shared, so nothing may change one.
    """

    def __init__(self, cls: type, tag: str | None = None) -> None:
        """A kind for ``cls`` (an event's carries its ``tag``); the fields' kinds are added once all are known."""
        self.cls, self.tag = cls, tag
        self.fields: dict[str, Kind] = {}
        self.keys: set[str] = set() if tag is None else {"event"}
        params = getattr(cls, "__dataclass_params__", None)
        self._memo: dict[object, Json] | None = {} if params is not None and params.frozen else None

    def add(self, name: str, kind: Kind) -> None:
        """Give the struct its next field."""
        self.fields[name] = kind
        self.keys.add(name)

    def encode(self, value: object) -> Json:
        """The object of the fields' forms (the tag first, for an event)."""
        if type(value) is not self.cls:
            raise Bad(f"expected the class {self.cls.__name__}, got {type(value).__name__}")
        memo = self._memo
        if memo is not None:
            try:
                known = memo.get(value)
            except TypeError:  # a field that cannot be hashed: this value is not remembered
                memo = None
            else:
                if known is not None:
                    return known
        out: dict[str, Json] = {} if self.tag is None else {"event": self.tag}
        name = ""
        try:
            for name, kind in self.fields.items():
                out[name] = kind.encode(getattr(value, name))
        except Bad as e:
            raise e.within(f".{name}") from None
        if memo is not None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[value] = out
        return out

    def decode(self, data: object) -> object:
        """The instance the object's fields make."""
        what = self.cls.__name__
        if not isinstance(data, dict):
            raise Bad(f"expected an object ({what}), got {kind_name(data)}")
        if data.keys() != self.keys:
            extra = [k for k in data if k not in self.keys]
            if extra:
                raise Bad(f"unknown {what} field {str(extra[0])[:40]!r}")
            raise Bad(f"the {what} field {next((k for k in self.fields if k not in data), 'event')!r} is missing")
        values = {}
        name = ""
        try:
            for name, kind in self.fields.items():
                values[name] = kind.decode(data[name])
        except Bad as e:
            raise e.within(f".{name}") from None
        return self.cls(**values)
