"""Hands read from JSON and results written as JSON: the fields the calculator and the hint command share.

What each command reads is declared once, as a msgspec ``Struct`` (:class:`ScoreInput`,
:class:`HintInput`, their :class:`MeldInput`): msgspec checks every field's type and range,
and the readers here check what the types cannot say (tile text, copies, who may claim
from whom). Every fault raises :class:`InputError` with one line that names the field
(``hand: …``, ``melds[1].from: …``), so a malformed file is one clear message, never a
traceback. JSON null counts as a field left out.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta

from mahjong_tui.clean import invalid_line, shorten
from mahjong_tui.engine import (
    Meld,
    MeldError,
    MeldKind,
    Ruleset,
    Tile,
    TileError,
    format_tiles,
    meld_from_text,
    parse_tiles,
    tile_name,
)
from mahjong_tui.engine.tiles import NUM_KINDS, is_flower, is_honour

#: the longest tile text read (every tile of a wall written out is under 600 characters)
MAX_TILE_TEXT = 1000
_TYPE_NAMES = {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "an integer"}

Seat = Annotated[int, Meta(ge=0, le=3)]
#: a row of ``claims``: how many discards a seat claimed from each seat
ClaimRow = Annotated[list[Annotated[int, Meta(ge=0)]], Meta(min_length=4, max_length=4)]


class MeldInput(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A meld as both commands read it: ``{"type": "pong", "tiles": "777z", "from": 1}``."""

    type: str | None = None
    tiles: str | None = None
    source: Seat | None = msgspec.field(name="from", default=None)  # the seat whose discard was claimed


Melds = Annotated[list[MeldInput], Meta(max_length=4)]


class ScoreInput(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A finished hand as ``mahjong-tui score`` reads it (every field's meaning: ``calculator.FIELD_DOCS``)."""

    rules: str | None = None
    winner: Seat | None = None
    dealer: Seat | None = None
    hand: str | None = None
    win_tile: str | None = None
    melds: Melds | None = None
    flowers: str | None = None
    win_by: str | None = None
    discarder: Seat | None = None
    replacement: bool | None = None
    kaigang_discard: bool | None = None
    first_turn: bool | None = None
    last_tile: bool | None = None
    base: Annotated[int, Meta(ge=1)] | None = None
    huangfan: bool | None = None
    kaibao: bool | None = None
    claims: Annotated[list[ClaimRow], Meta(min_length=4, max_length=4)] | None = None
    discarder_ready: bool | None = None
    bird: str | None = None
    initial: bool | None = None


class HintInput(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A hand as ``mahjong-tui hint`` reads it (every field's meaning: ``hint_input.FIELD_DOCS``)."""

    rules: str | None = None
    hand: str | None = None
    melds: Melds | None = None
    flowers: str | None = None
    seen: str | None = None


class InputError(ValueError):
    """A malformed situation; the message is one line that names the field."""


S = TypeVar("S", bound=msgspec.Struct)


def read_input(data: object, cls: type[S], what: str) -> S:
    """``data`` read as a ``cls`` (``what`` it is, for a message); InputError names the first field that is wrong."""
    if not isinstance(data, dict):
        raise InputError(f"input: {what} must be a JSON object, got {kind_of(data)}")
    check_field_names(data, cls.__struct_encode_fields__, "")
    melds = data.get("melds")
    for i, meld in enumerate(melds if isinstance(melds, list) else []):
        if isinstance(meld, dict):
            check_field_names(meld, MeldInput.__struct_encode_fields__, f"melds[{i}].")
    try:
        return msgspec.convert(data, cls)
    except msgspec.ValidationError as e:
        raise InputError(invalid_line(str(e), top="input")) from None


# --------------------------------------------------------------------------- reading fields


def kind_of(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float):
        return "a number with a fraction"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def read_tiles(text: str, name: str) -> list[Tile]:
    if len(text) > MAX_TILE_TEXT:
        raise InputError(f"{name}: {len(text)} characters is too long for tiles (at most {MAX_TILE_TEXT})")
    try:
        return parse_tiles(text)
    except TileError as e:
        raise InputError(f"{name}: {e}") from None


def one_tile(text: str, name: str) -> Tile:
    tiles = read_tiles(text, name)
    if len(tiles) != 1:
        raise InputError(f"{name}: must be exactly one tile, got {len(tiles)} in {shorten(text)}")
    return tiles[0]


def no_flowers(tiles: list[Tile], name: str) -> None:
    flowers = [t for t in tiles if is_flower(t)]
    if flowers:
        raise InputError(f"{name}: flowers ({format_tiles(flowers)}) go in the 'flowers' field")


def tiles_of(ruleset: Ruleset, tiles: list[Tile], name: str) -> None:
    """Refuse tiles the rule set does not play with (honours in Changsha)."""
    honours = [t for t in tiles if is_honour(t)]
    if honours and not ruleset.honours:
        raise InputError(f"{name}: {ruleset.en_name} has no honour tiles ({format_tiles(honours)})")


# --------------------------------------------------------------------------- the situation


def check_field_names(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    """Refuse a field not in ``known``, naming the nearest that is (a typo is not silently ignored)."""
    # Unknown names are refused so that a typo ("winer") is not silently ignored.
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key)[:40], known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (fields: {', '.join(known)})"
            raise InputError(f"{where}{shorten(str(key), quoted=False)}: unknown field{hint}")


def melds_from_json(given: list[MeldInput], winner: int, ruleset: Ruleset) -> list[Meld]:
    """The melds ``given`` for ``winner``: each one the rule set plays, claimed from a seat it may come from."""
    melds: list[Meld] = []
    previous = (winner + 3) % 4
    for i, raw in enumerate(given):
        name = f"melds[{i}]"
        if raw.type is None:
            raise InputError(f"{name}.type: required (chi, pong, kong, added_kong or concealed_kong)")
        if raw.tiles is None:
            raise InputError(f'{name}.tiles: required, e.g. "234m"')
        tiles = read_tiles(raw.tiles, f"{name}.tiles")
        tiles_of(ruleset, tiles, f"{name}.tiles")
        try:
            kind = MeldKind(raw.type)
        except ValueError:
            raise InputError(
                f"{name}.type: unknown meld type {shorten(raw.type)} (chi, pong, kong, added_kong, concealed_kong)"
            ) from None
        source = raw.source
        if kind is MeldKind.CONCEALED_KONG:
            if source is not None:
                raise InputError(f"{name}.from: a concealed kong is not claimed from anyone")
        else:
            if source is None:
                raise InputError(f"{name}.from: required for a {kind.value} (the seat whose discard was claimed)")
            if source == winner:
                raise InputError(f"{name}.from: seat {source} is the winner, who cannot claim their own discard")
            if kind is MeldKind.CHI and source != previous:
                raise InputError(
                    f"{name}.from: a chi is claimed from the previous seat only "
                    f"(seat {previous} for winner {winner}), not seat {source}"
                )
        try:
            melds.append(meld_from_text(kind.value, raw.tiles, source))
        except (MeldError, TileError) as e:
            raise InputError(f"{name}.tiles: {e}") from None
    return melds


def check_copies(hand: list[Tile], win_tile: Tile | None, melds: list[Meld]) -> None:
    counts = [0] * NUM_KINDS
    for t in hand:
        counts[t] += 1
    if win_tile is not None:
        counts[win_tile] += 1
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
    for t, n in enumerate(counts):
        if n > 4:
            raise InputError(
                f"hand: {tile_name(t)} appears {n} times in hand, win_tile and melds (a tile exists 4 times)"
            )


def dumps(value: object, ascii_only: bool = False, level: int = 0) -> str:
    """JSON with one field per line but short lists of numbers kept on one line."""
    pad = "  " * (level + 1)
    end = "  " * level
    if isinstance(value, dict) and value:
        items = [
            f"{pad}{json.dumps(str(k), ensure_ascii=ascii_only)}: {dumps(v, ascii_only, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{end}}}"
    if isinstance(value, list) and (
        any(isinstance(v, (dict, list)) for v in value) or len(json.dumps(value, ensure_ascii=ascii_only)) > 80
    ):
        return "[\n" + ",\n".join(f"{pad}{dumps(v, ascii_only, level + 1)}" for v in value) + f"\n{end}]"
    return json.dumps(value, ensure_ascii=ascii_only, separators=(", ", ": "))
