"""The hand calculator: a situation in JSON checked and scored by the game's own scoring.

``situation_from_json`` checks one situation (the fields of ``FIELD_DOCS``, as in
``mahjong-tui score --help``) and gives the rule set and its :class:`WinContext`;
``result_to_json`` and ``format_text`` give the result as the command prints it. A
malformed situation raises :class:`InputError` with one line that names the field.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahjong_tui.engine import (
    HandType,
    LineKind,
    Meld,
    MeldError,
    MeldKind,
    Ruleset,
    ScoreResult,
    Tile,
    TileError,
    UnknownRules,
    WinBy,
    WinContext,
    format_tiles,
    get_ruleset,
    meld_from_text,
    parse_tiles,
    ruleset_names,
    tile_name,
)
from mahjong_tui.engine.ruleset import RULE_SPECIFIC_INPUTS
from mahjong_tui.engine.tiles import NUM_KINDS, is_flower, is_honour

#: every input field: (type, default, meaning), as ``mahjong-tui score --help`` lists them
FIELD_DOCS: Mapping[str, tuple[str, str, str]] = {
    "rules": ("string", "required", "a preset: " + ", ".join(ruleset_names())),
    "winner": ("int 0..3", "required", "the winning seat"),
    "dealer": ("int 0..3", "0", "the dealer's seat"),
    "hand": ("tiles", "required", "concealed tiles, without the winning tile"),
    "win_tile": ("tile", "required", "the tile that completes the hand (not with initial)"),
    "melds": ("list", "[]", '{"type": chi|pong|kong|added_kong|concealed_kong, "tiles": "234m", "from": seat}'),
    "flowers": ("tiles", '""', 'Shanghai: flowers collected, e.g. "f1f5" or "f15"'),
    "win_by": ("string", "self_draw", "self_draw, discard or robbed_kong"),
    "discarder": ("int 0..3", "-", "required for discard and robbed_kong (the konger)"),
    "replacement": ("bool", "false", "self-draw on a replacement tile (Shanghai: kong or flower; Changsha: 开杠)"),
    "kaigang_discard": ("bool", "false", "Changsha: the winning discard came out of an 开杠 (杠上炮)"),
    "first_turn": ("bool", "false", "the winner's first turn: no discard by the winner, no claim yet"),
    "last_tile": ("bool", "false", "Changsha: the winning tile is the 海底"),
    "base": ("int", "1", "Shanghai 底分, the base score"),
    "huangfan": ("bool", "false", "Shanghai: this hand is a 荒番 hand"),
    "kaibao": ("bool", "false", "shanghai-lezi: this hand is a 开宝 hand"),
    "claims": ("4x4 ints", "from melds", "claims[a][b] = discards seat a claimed from seat b (三口, 承包)"),
    "discarder_ready": ("bool", "false", "Shanghai 三口: the discarder was ready (听牌)"),
    "bird": ("tile|null", "null", "Changsha 扎鸟 tile; null = no bird was drawn"),
    "initial": ("bool", "false", "Changsha: score the initial small wins (起手小胡) of hand instead of a win"),
}
#: every output field and its meaning
OUTPUT_DOCS: Mapping[str, str] = {
    "valid": "true when this is a legal win (for initial: at least one initial type)",
    "reason": "when not valid: why, in words a player understands",
    "types": "hand type ids present",
    "flowers": "Shanghai: the 花 count (without the base 花)",
    "lezi": "Shanghai: lezi value, 0 for a flower-valued hand",
    "value": "Shanghai: one share, in points (after base, menqing, cap, 荒番)",
    "payments": "four ints, seat 0..3, winner positive, sum 0",
    "explain": "short lines: each type, each flower element, each multiplier, each payment",
}
FIELDS: tuple[str, ...] = tuple(FIELD_DOCS)
MELD_FIELDS: tuple[str, ...] = ("type", "tiles", "from")

_TYPE_NAMES = {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "an integer"}


class InputError(ValueError):
    """A malformed situation; the message is one line that names the field."""


# --------------------------------------------------------------------------- reading fields


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float):
        return "a number with a fraction"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def _int(value: object, name: str) -> int:
    # JSON true/false are Python bools, which are ints: refuse them explicitly.
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name}: must be an integer, got {_kind(value)}")
    return value


def _seat(value: object, name: str) -> int:
    seat = _int(value, name)
    if not 0 <= seat <= 3:
        raise InputError(f"{name}: seat must be 0..3, got {seat}")
    return seat


def _bool(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"{name}: must be true or false, got {_kind(value)}")
    return value


def _str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{name}: must be a string, got {_kind(value)}")
    return value


def _tiles(value: object, name: str) -> list[Tile]:
    text = _str(value, name)
    try:
        return parse_tiles(text)
    except TileError as e:
        raise InputError(f"{name}: {e}") from None


def _one_tile(value: object, name: str) -> Tile:
    tiles = _tiles(value, name)
    if len(tiles) != 1:
        raise InputError(f"{name}: must be exactly one tile, got {len(tiles)} in {value!r}")
    return tiles[0]


def _no_flowers(tiles: list[Tile], name: str) -> None:
    flowers = [t for t in tiles if is_flower(t)]
    if flowers:
        raise InputError(f"{name}: flowers ({format_tiles(flowers)}) go in the 'flowers' field")


def _tiles_of(ruleset: Ruleset, tiles: list[Tile], name: str) -> None:
    """Refuse tiles the rule set does not play with (honours in Changsha)."""
    honours = [t for t in tiles if is_honour(t)]
    if honours and not ruleset.honours:
        raise InputError(f"{name}: {ruleset.en_name} has no honour tiles ({format_tiles(honours)})")


def _get(data: Mapping[str, Any], name: str, default: object = None) -> object:
    """A field's value; JSON null counts as absent."""
    value = data.get(name)
    return default if value is None else value


# --------------------------------------------------------------------------- the situation


@dataclass(frozen=True, slots=True)
class Situation:
    """A checked situation: the rule set it is scored under, and the scoring input."""

    ruleset: Ruleset
    context: WinContext

    def score(self) -> ScoreResult:
        """The result, from the same scoring the game uses."""
        return self.ruleset.score(self.context)


def situation_from_json(data: object) -> Situation:
    """Check one JSON situation and build it; InputError names what is wrong."""
    if not isinstance(data, dict):
        raise InputError(f"input: a situation must be a JSON object, got {_kind(data)}")
    _check_field_names(data, FIELDS, "")

    if data.get("rules") is None:
        raise InputError(f"rules: required ({', '.join(ruleset_names())})")
    rules = _str(data["rules"], "rules")
    try:
        ruleset = get_ruleset(rules)
    except UnknownRules as e:
        raise InputError(f"rules: {e}") from None
    _check_rule_fields(data, ruleset)

    initial = _bool(_get(data, "initial", False), "initial")
    if "winner" not in data or data["winner"] is None:
        raise InputError("winner: required (the winning seat, 0..3)")
    winner = _seat(data["winner"], "winner")
    dealer = _seat(_get(data, "dealer", 0), "dealer")

    if _get(data, "hand") is None:
        raise InputError("hand: required (the concealed tiles, without the winning tile)")
    hand = _tiles(data["hand"], "hand")
    _no_flowers(hand, "hand")
    _tiles_of(ruleset, hand, "hand")

    melds = _melds(_get(data, "melds", []), winner, ruleset)
    if initial and melds:
        raise InputError("melds: there are no melds right after the deal (initial)")

    win_tile: Tile | None = None
    raw_win = _get(data, "win_tile")
    if initial:
        if raw_win is not None:
            raise InputError("win_tile: not used with initial; the whole dealt hand goes in 'hand'")
        want = 14 if winner == dealer else 13
        if len(hand) != want:
            who = "the dealer" if winner == dealer else "a non-dealer"
            raise InputError(f"hand: {len(hand)} tiles, but {who} is dealt {want}")
    else:
        if raw_win is None:
            raise InputError("win_tile: required (the tile that completes the hand)")
        win_tile = _one_tile(raw_win, "win_tile")
        _no_flowers([win_tile], "win_tile")
        _tiles_of(ruleset, [win_tile], "win_tile")
        want = 13 - 3 * len(melds)
        if len(hand) != want:
            raise InputError(
                f"hand: {len(hand)} tiles, but with {len(melds)} meld(s) the concealed hand must "
                f"have {want} (13 minus 3 per meld, a kong counting as 3)"
            )

    flowers = _tiles(_get(data, "flowers", ""), "flowers")
    not_flowers = [t for t in flowers if not is_flower(t)]
    if not_flowers:
        raise InputError(f"flowers: only flower tiles f1..f8 belong here, not {format_tiles(not_flowers)}")
    doubled = sorted({t for t in flowers if flowers.count(t) > 1})
    if doubled:
        raise InputError(f"flowers: each flower exists once, {format_tiles(doubled)} is given twice")

    _check_copies(hand, win_tile, melds)

    win_by = _win_by(_get(data, "win_by", "self_draw"))
    discarder = _discarder(data, win_by, winner)
    if win_by is WinBy.ROBBED_KONG and win_tile is not None:
        held = hand.count(win_tile) + sum(m.tiles.count(win_tile) for m in melds)
        if held:
            raise InputError(
                f"win_tile: a robbed kong's {tile_name(win_tile)} is the fourth copy (the konger holds "
                "the other three), so hand and melds cannot hold it"
            )

    replacement = _bool(_get(data, "replacement", False), "replacement")
    if replacement and win_by is not WinBy.SELF_DRAW:
        raise InputError("replacement: a win on a replacement tile is a self-draw (win_by self_draw)")
    kaigang_discard = _bool(_get(data, "kaigang_discard", False), "kaigang_discard")
    if kaigang_discard and win_by is not WinBy.DISCARD:
        raise InputError("kaigang_discard: 杠上炮 is a win on a discard (win_by discard)")
    first_turn = _bool(_get(data, "first_turn", False), "first_turn")
    last_tile = _bool(_get(data, "last_tile", False), "last_tile")
    base = _int(_get(data, "base", 1), "base")
    if base < 1:
        raise InputError(f"base: the base score must be at least 1, got {base}")
    huangfan = _bool(_get(data, "huangfan", False), "huangfan")
    kaibao = _bool(_get(data, "kaibao", False), "kaibao")
    claims = _claims(_get(data, "claims"), winner, melds)
    discarder_ready = _bool(_get(data, "discarder_ready", False), "discarder_ready")
    bird: Tile | None = None
    if _get(data, "bird") is not None:
        bird = _one_tile(data["bird"], "bird")
        _no_flowers([bird], "bird")
        _tiles_of(ruleset, [bird], "bird")

    context = WinContext(
        winner=winner,
        concealed=tuple(hand),
        win_tile=win_tile,
        dealer=dealer,
        melds=tuple(melds),
        flowers=tuple(flowers),
        win_by=win_by,
        discarder=discarder,
        replacement=replacement,
        kaigang_discard=kaigang_discard,
        first_turn=first_turn,
        last_tile=last_tile,
        base=base,
        huangfan=huangfan,
        kaibao=kaibao,
        claims=claims,
        discarder_ready=discarder_ready,
        bird=bird,
        initial=initial,
    )
    return Situation(ruleset, context)


def _check_field_names(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    # Unknown names are refused so that a typo ("winer") is not silently ignored.
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (fields: {', '.join(known)})"
            raise InputError(f"{where}{key}: unknown field{hint}")


def _check_rule_fields(data: Mapping[str, Any], ruleset: Ruleset) -> None:
    """A rule-specific field the rule set does not read is almost always a mistake (wrong "rules")."""
    for name, default in RULE_SPECIFIC_INPUTS.items():
        value = data.get(name)
        if value is None or value == default or name in ruleset.score_inputs:
            continue
        users = [n for n in ruleset_names() if name in get_ruleset(n).score_inputs]
        where = f"only used by {' and '.join(users)} rules" if users else "not used by any rule set"
        raise InputError(f"{name}: {where}, not by {data['rules']!r}")


def _melds(value: object, winner: int, ruleset: Ruleset) -> list[Meld]:
    if not isinstance(value, list):
        raise InputError(f"melds: must be a list, got {_kind(value)}")
    if len(value) > 4:
        raise InputError(f"melds: a hand has at most 4 melds, got {len(value)}")
    melds: list[Meld] = []
    previous = (winner + 3) % 4
    for i, raw in enumerate(value):
        name = f"melds[{i}]"
        if not isinstance(raw, dict):
            raise InputError(f'{name}: must be an object like {{"type": "pong", "tiles": "777z", "from": 1}}')
        _check_field_names(raw, MELD_FIELDS, f"{name}.")
        if raw.get("type") is None:
            raise InputError(f"{name}.type: required (chi, pong, kong, added_kong or concealed_kong)")
        kind_text = _str(raw["type"], f"{name}.type")
        if raw.get("tiles") is None:
            raise InputError(f'{name}.tiles: required, e.g. "234m"')
        tiles = _tiles(raw["tiles"], f"{name}.tiles")
        _tiles_of(ruleset, tiles, f"{name}.tiles")
        try:
            kind = MeldKind(kind_text)
        except ValueError:
            raise InputError(
                f"{name}.type: unknown meld type {kind_text!r} (chi, pong, kong, added_kong, concealed_kong)"
            ) from None
        source: int | None = None
        if kind is MeldKind.CONCEALED_KONG:
            if raw.get("from") is not None:
                raise InputError(f"{name}.from: a concealed kong is not claimed from anyone")
        else:
            if raw.get("from") is None:
                raise InputError(f"{name}.from: required for a {kind.value} (the seat whose discard was claimed)")
            source = _seat(raw["from"], f"{name}.from")
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


def _check_copies(hand: list[Tile], win_tile: Tile | None, melds: list[Meld]) -> None:
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


def _win_by(value: object) -> WinBy:
    text = _str(value, "win_by")
    try:
        return WinBy(text)
    except ValueError:
        choices = ", ".join(w.value for w in WinBy)
        raise InputError(f"win_by: unknown value {text!r} (choose one of: {choices})") from None


def _discarder(data: Mapping[str, Any], win_by: WinBy, winner: int) -> int | None:
    raw = data.get("discarder")
    if win_by is WinBy.SELF_DRAW:
        if raw is not None:
            raise InputError("discarder: only for win_by discard or robbed_kong; this is a self-draw")
        return None
    who = "the konger" if win_by is WinBy.ROBBED_KONG else "the seat that discarded the winning tile"
    if raw is None:
        raise InputError(f"discarder: required for win_by {win_by.value} ({who})")
    seat = _seat(raw, "discarder")
    if seat == winner:
        raise InputError(f"discarder: seat {seat} is the winner; {who} must be another seat")
    return seat


def _claims(value: object, winner: int, melds: list[Meld]) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    shape_error = InputError("claims: must be 4 lists of 4 non-negative integers (claims[a][b]: a claimed from b)")
    if not isinstance(value, list) or len(value) != 4:
        raise shape_error
    rows: list[tuple[int, ...]] = []
    for a, row in enumerate(value):
        if not isinstance(row, list) or len(row) != 4:
            raise shape_error
        for b, n in enumerate(row):
            n = _int(n, f"claims[{a}][{b}]")
            if n < 0:
                raise InputError(f"claims[{a}][{b}]: a number of claims cannot be negative, got {n}")
            if a == b and n:
                raise InputError(f"claims[{a}][{b}]: a seat cannot claim its own discards")
        rows.append(tuple(row))
    shown = [0, 0, 0, 0]
    for m in melds:
        if m.source is not None:
            shown[m.source] += 1
    for b in range(4):
        if rows[winner][b] < shown[b]:
            raise InputError(
                f"claims[{winner}][{b}]: the winner's melds show {shown[b]} claim(s) from seat {b}, "
                f"more than {rows[winner][b]}"
            )
    return tuple(rows)


# --------------------------------------------------------------------------- output


def result_to_json(situation: Situation, result: ScoreResult) -> dict[str, object]:
    """The spec's output object; rule sets that count no 花 carry 0 in the 花 fields."""
    hua = situation.ruleset.scores_hua
    return {
        "valid": result.valid,
        "reason": result.reason,
        "types": list(result.types),
        "flowers": result.flowers if hua else 0,
        "lezi": result.lezi if hua else 0,
        "value": result.value if hua else 0,
        "payments": list(result.payments),
        "explain": result.explain,
    }


_SECTIONS: tuple[tuple[str, tuple[LineKind, ...]], ...] = (
    ("Hand types", (LineKind.TYPE,)),
    ("花 (flower count)", (LineKind.FLOWER,)),
    ("Value", (LineKind.MULTIPLIER, LineKind.VALUE, LineKind.NOTE)),
    ("Payments", (LineKind.PAYMENT,)),
)


def format_text(situation: Situation, result: ScoreResult) -> str:
    """A readable breakdown of one scored situation, English with the Chinese under it."""
    ctx = situation.context
    ruleset = situation.ruleset
    melds = " ".join(f"[{m.kind.value} {m.notation()}]" for m in ctx.melds)
    win = f" + {tile_name(ctx.win_tile)}" if ctx.win_tile is not None else ""
    flowers = f" {format_tiles(ctx.flowers)}" if ctx.flowers else ""
    what = "initial small wins of" if ctx.initial else "win by"
    out = [f"{ruleset.name}: {what} seat {ctx.winner}: {format_tiles(ctx.concealed)}{win} {melds}{flowers}".rstrip()]
    if not result.valid:
        out.append(f"Not a win: {result.reason}")
        return "\n".join(out)
    names: Mapping[str, HandType] = ruleset.hand_types
    out.append("Types: " + ", ".join(f"{names[t].zh} {t}" if t in names else t for t in result.types))
    if ruleset.scores_hua:
        out.append(f"花 {result.flowers} · lezi {result.lezi} · one share {result.value}")
    out.append("Payments: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(result.payments)))
    for title, kinds in _SECTIONS:
        lines = [ln for ln in result.lines if ln.kind in kinds]
        if not lines:
            continue
        out.append(f"{title}:")
        for ln in lines:
            out.append(f"  {ln.en}")
            if ln.zh:
                out.append(f"      {ln.zh}")
    return "\n".join(out)


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
