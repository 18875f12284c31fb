"""Hands read from JSON and results written as JSON: the fields the calculator and the hint command share.

Every reader checks one field and raises :class:`InputError` with one line that names it
(``hand: …``, ``melds[1].from: …``), so a malformed file is one clear message, never a
traceback.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any

from mahjong_tui.clean import shorten
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

MELD_FIELDS: tuple[str, ...] = ("type", "tiles", "from")
#: the longest tile text read (every tile of a wall written out is under 600 characters)
MAX_TILE_TEXT = 1000
_TYPE_NAMES = {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "an integer"}


class InputError(ValueError):
    """A malformed situation; the message is one line that names the field."""


# --------------------------------------------------------------------------- reading fields


def kind_of(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float):
        return "a number with a fraction"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def integer(value: object, name: str) -> int:
    # JSON true/false are Python bools, which are ints: refuse them explicitly.
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name}: must be an integer, got {kind_of(value)}")
    return value


def read_seat(value: object, name: str) -> int:
    seat = integer(value, name)
    if not 0 <= seat <= 3:
        raise InputError(f"{name}: seat must be 0..3, got {seat}")
    return seat


def boolean(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"{name}: must be true or false, got {kind_of(value)}")
    return value


def string(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{name}: must be a string, got {kind_of(value)}")
    return value


def read_tiles(value: object, name: str) -> list[Tile]:
    text = string(value, name)
    if len(text) > MAX_TILE_TEXT:
        raise InputError(f"{name}: {len(text)} characters is too long for tiles (at most {MAX_TILE_TEXT})")
    try:
        return parse_tiles(text)
    except TileError as e:
        raise InputError(f"{name}: {e}") from None


def one_tile(value: object, name: str) -> Tile:
    tiles = read_tiles(value, name)
    if len(tiles) != 1:
        raise InputError(f"{name}: must be exactly one tile, got {len(tiles)} in {shorten(value)}")
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


def field(data: Mapping[str, Any], name: str, default: object = None) -> object:
    """A field's value; JSON null counts as absent."""
    value = data.get(name)
    return default if value is None else value


# --------------------------------------------------------------------------- the situation


def check_field_names(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    # Unknown names are refused so that a typo ("winer") is not silently ignored.
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key)[:40], known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (fields: {', '.join(known)})"
            raise InputError(f"{where}{shorten(str(key), quoted=False)}: unknown field{hint}")


def melds_from_json(value: object, winner: int, ruleset: Ruleset) -> list[Meld]:
    if not isinstance(value, list):
        raise InputError(f"melds: must be a list, got {kind_of(value)}")
    if len(value) > 4:
        raise InputError(f"melds: a hand has at most 4 melds, got {len(value)}")
    melds: list[Meld] = []
    previous = (winner + 3) % 4
    for i, raw in enumerate(value):
        name = f"melds[{i}]"
        if not isinstance(raw, dict):
            raise InputError(f'{name}: must be an object like {{"type": "pong", "tiles": "777z", "from": 1}}')
        check_field_names(raw, MELD_FIELDS, f"{name}.")
        if raw.get("type") is None:
            raise InputError(f"{name}.type: required (chi, pong, kong, added_kong or concealed_kong)")
        kind_text = string(raw["type"], f"{name}.type")
        if raw.get("tiles") is None:
            raise InputError(f'{name}.tiles: required, e.g. "234m"')
        tiles = read_tiles(raw["tiles"], f"{name}.tiles")
        tiles_of(ruleset, tiles, f"{name}.tiles")
        try:
            kind = MeldKind(kind_text)
        except ValueError:
            raise InputError(
                f"{name}.type: unknown meld type {shorten(kind_text)} (chi, pong, kong, added_kong, concealed_kong)"
            ) from None
        source: int | None = None
        if kind is MeldKind.CONCEALED_KONG:
            if raw.get("from") is not None:
                raise InputError(f"{name}.from: a concealed kong is not claimed from anyone")
        else:
            if raw.get("from") is None:
                raise InputError(f"{name}.from: required for a {kind.value} (the seat whose discard was claimed)")
            source = read_seat(raw["from"], f"{name}.from")
            if source == winner:
                raise InputError(f"{name}.from: seat {source} is the winner, who cannot claim their own discard")
            if kind is MeldKind.CHI and source != previous:
                raise InputError(
                    f"{name}.from: a chi is claimed from the previous seat only "
                    f"(seat {previous} for winner {winner}), not seat {source}"
                )
        try:
            melds.append(meld_from_text(kind.value, raw["tiles"], source))
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
