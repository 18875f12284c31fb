"""``mahjong-tui score``: the hand calculator.

Reads one situation (a JSON object) or a batch (a JSON list) from a file or standard
input, checks it, scores it with the same code the game uses, and prints JSON (or, with
``--text``, a readable breakdown). Malformed input exits 2 with one line on standard
error that names the field; nothing here ever shows a traceback.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from mahjong_tui.engine.melds import Meld, MeldError, MeldKind, meld_from_text
from mahjong_tui.engine.tiles import (
    NUM_KINDS,
    Tile,
    TileError,
    format_tiles,
    is_flower,
    is_honour,
    parse_tiles,
    tile_name,
)
from mahjong_tui.rules import UnknownRules, family_of, get_ruleset, score
from mahjong_tui.rules.scoring import HandType, LineKind, ScoreResult, WinBy, WinContext

USAGE = "usage: mahjong-tui score FILE.json [--text]   (FILE '-' reads standard input)"

EXIT_OK = 0
EXIT_FAILED = 1  # the scoring code itself failed: a bug, reported in one line
EXIT_MALFORMED = 2

FIELDS: tuple[str, ...] = (
    "rules",
    "winner",
    "dealer",
    "hand",
    "win_tile",
    "melds",
    "flowers",
    "win_by",
    "discarder",
    "replacement",
    "kaigang_discard",
    "first_turn",
    "last_tile",
    "base",
    "huangfan",
    "claims",
    "discarder_ready",
    "bird",
    "initial",
)
MELD_FIELDS: tuple[str, ...] = ("type", "tiles", "from")

# Fields that mean something to one family only; a non-default value under the other
# family is almost always a mistake (wrong "rules"), so it is refused rather than ignored.
SHANGHAI_ONLY: Mapping[str, object] = {
    "flowers": "",
    "base": 1,
    "huangfan": False,
    "claims": None,
    "discarder_ready": False,
}
CHANGSHA_ONLY: Mapping[str, object] = {
    "kaigang_discard": False,
    "last_tile": False,
    "bird": None,
    "initial": False,
}

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


def _no_honours(tiles: list[Tile], name: str) -> None:
    honours = [t for t in tiles if is_honour(t)]
    if honours:
        raise InputError(f"{name}: Changsha has no honour tiles ({format_tiles(honours)})")


def _get(data: Mapping[str, Any], name: str, default: object = None) -> object:
    """A field's value; JSON null counts as absent."""
    value = data.get(name)
    return default if value is None else value


# --------------------------------------------------------------------------- the situation


def situation_from_json(data: object) -> WinContext:
    """Check one JSON situation and build its WinContext; InputError names what is wrong."""
    if not isinstance(data, dict):
        raise InputError(f"input: a situation must be a JSON object, got {_kind(data)}")
    _check_field_names(data, FIELDS, "")

    if data.get("rules") is None:
        raise InputError("rules: required (shanghai, shanghai-qq or changsha)")
    rules = _str(data["rules"], "rules")
    try:
        family = family_of(rules)
    except UnknownRules as e:
        raise InputError(f"rules: {e}") from None
    changsha = family == "changsha"
    _check_family_fields(data, family)

    initial = _bool(_get(data, "initial", False), "initial")
    if "winner" not in data or data["winner"] is None:
        raise InputError("winner: required (the winning seat, 0..3)")
    winner = _seat(data["winner"], "winner")
    dealer = _seat(_get(data, "dealer", 0), "dealer")

    if _get(data, "hand") is None:
        raise InputError("hand: required (the concealed tiles, without the winning tile)")
    hand = _tiles(data["hand"], "hand")
    _no_flowers(hand, "hand")
    if changsha:
        _no_honours(hand, "hand")

    melds = _melds(_get(data, "melds", []), winner, changsha)
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
        if changsha:
            _no_honours([win_tile], "win_tile")
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
    claims = _claims(_get(data, "claims"), winner, melds)
    discarder_ready = _bool(_get(data, "discarder_ready", False), "discarder_ready")
    bird: Tile | None = None
    if _get(data, "bird") is not None:
        bird = _one_tile(data["bird"], "bird")
        _no_flowers([bird], "bird")
        _no_honours([bird], "bird")

    return WinContext(
        rules=rules,
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
        claims=claims,
        discarder_ready=discarder_ready,
        bird=bird,
        initial=initial,
    )


def _check_field_names(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    # Unknown names are refused so that a typo ("winer") is not silently ignored.
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (fields: {', '.join(known)})"
            raise InputError(f"{where}{key}: unknown field{hint}")


def _check_family_fields(data: Mapping[str, Any], family: str) -> None:
    other, label = (CHANGSHA_ONLY, "Changsha") if family == "shanghai" else (SHANGHAI_ONLY, "Shanghai")
    for name, default in other.items():
        value = data.get(name)
        if value is not None and value != default:
            raise InputError(f"{name}: only used by {label} rules, not by {data['rules']!r}")


def _melds(value: object, winner: int, changsha: bool) -> list[Meld]:
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
        if changsha:
            _no_honours(tiles, f"{name}.tiles")
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


def result_to_json(ctx: WinContext, result: ScoreResult) -> dict[str, object]:
    """The spec's output object; Changsha results carry 0 in the Shanghai-only fields."""
    shanghai = family_of(ctx.rules) == "shanghai"
    return {
        "valid": result.valid,
        "reason": result.reason,
        "types": list(result.types),
        "flowers": result.flowers if shanghai else 0,
        "lezi": result.lezi if shanghai else 0,
        "value": result.value if shanghai else 0,
        "payments": list(result.payments),
        "explain": result.explain,
    }


def _hand_types(family: str) -> Mapping[str, HandType]:
    return get_ruleset(family).hand_types


_SECTIONS: tuple[tuple[str, tuple[LineKind, ...]], ...] = (
    ("Hand types", (LineKind.TYPE,)),
    ("花 (flower count)", (LineKind.FLOWER,)),
    ("Value", (LineKind.MULTIPLIER, LineKind.VALUE, LineKind.NOTE)),
    ("Payments", (LineKind.PAYMENT,)),
)


def format_text(ctx: WinContext, result: ScoreResult) -> str:
    """A readable breakdown of one scored situation, English with the Chinese under it."""
    family = family_of(ctx.rules)
    melds = " ".join(f"[{m.kind.value} {m.notation()}]" for m in ctx.melds)
    win = f" + {tile_name(ctx.win_tile)}" if ctx.win_tile is not None else ""
    flowers = f" {format_tiles(ctx.flowers)}" if ctx.flowers else ""
    what = "initial small wins of" if ctx.initial else "win by"
    out = [f"{ctx.rules}: {what} seat {ctx.winner}: {format_tiles(ctx.concealed)}{win} {melds}{flowers}".rstrip()]
    if not result.valid:
        out.append(f"Not a win: {result.reason}")
        return "\n".join(out)
    names = _hand_types(family)
    out.append("Types: " + ", ".join(f"{names[t].zh} {t}" if t in names else t for t in result.types))
    if family == "shanghai":
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


# --------------------------------------------------------------------------- command


def _score_one(data: object) -> tuple[WinContext, ScoreResult]:
    ctx = situation_from_json(data)
    return ctx, score(ctx)


def _failure(e: Exception) -> str:
    if isinstance(e, ImportError):
        return f"rules: this rule family's scoring is not available ({e})"
    return f"scoring failed: {type(e).__name__}: {e}".splitlines()[0]


def _read(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None


def _write(stream: TextIO, text: str, fallback: Callable[[], str]) -> None:
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        stream.write(fallback() + "\n")


def _one_line(message: str) -> str:
    return " ".join(message.split())


def run_score(argv: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``mahjong-tui score FILE.json [--text]``; return the exit status."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr
    text_mode = False
    paths: list[str] = []
    for arg in argv:
        if arg == "--text":
            text_mode = True
        elif arg in ("-h", "--help"):
            stdout.write(USAGE + "\n")
            return EXIT_OK
        elif arg.startswith("-") and arg != "-":
            stderr.write(f"score: unknown option {arg!r}; {USAGE}\n")
            return EXIT_MALFORMED
        else:
            paths.append(arg)
    if len(paths) != 1:
        what = "a FILE.json (or '-')" if not paths else "one FILE.json only"
        stderr.write(f"score: needs {what}; {USAGE}\n")
        return EXIT_MALFORMED

    try:
        raw = _read(paths[0], stdin)
    except InputError as e:
        stderr.write(_one_line(str(e)) + "\n")
        return EXIT_MALFORMED
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        stderr.write(f"input: not valid JSON: {e.msg} at line {e.lineno} column {e.colno}\n")
        return EXIT_MALFORMED
    except (ValueError, RecursionError) as e:
        stderr.write(_one_line(f"input: not valid JSON: {e}") + "\n")
        return EXIT_MALFORMED

    if isinstance(data, list):
        return _run_batch(data, text_mode, stdout, stderr)

    try:
        ctx, result = _score_one(data)
    except InputError as e:
        stderr.write(_one_line(str(e)) + "\n")
        return EXIT_MALFORMED
    except Exception as e:  # a bug must still end in one line, not a traceback
        stderr.write(_one_line(_failure(e)) + "\n")
        return EXIT_FAILED
    if text_mode:
        text = format_text(ctx, result)
        _write(stdout, text, lambda: text.encode("ascii", "backslashreplace").decode("ascii"))
    else:
        obj = result_to_json(ctx, result)
        _write(
            stdout,
            dumps(obj),
            lambda: dumps(obj, ascii_only=True),
        )
    return EXIT_OK


def _run_batch(items: list[object], text_mode: bool, stdout: TextIO, stderr: TextIO) -> int:
    outputs: list[dict[str, object]] = []
    texts: list[str] = []
    malformed: list[str] = []
    failed: list[str] = []
    for i, item in enumerate(items):
        try:
            ctx, result = _score_one(item)
        except InputError as e:
            message = _one_line(str(e))
            malformed.append(f"item {i}: {message}")
            outputs.append({"error": message})
            texts.append(f"#{i}: error: {message}")
            continue
        except Exception as e:  # reported in place, like malformed input
            message = _one_line(_failure(e))
            failed.append(f"item {i}: {message}")
            outputs.append({"error": message})
            texts.append(f"#{i}: error: {message}")
            continue
        outputs.append(result_to_json(ctx, result))
        texts.append(f"#{i}: {format_text(ctx, result)}")
    if text_mode:
        text = "\n\n".join(texts)
        _write(stdout, text, lambda: text.encode("ascii", "backslashreplace").decode("ascii"))
    else:
        _write(
            stdout,
            dumps(outputs),
            lambda: dumps(outputs, ascii_only=True),
        )
    problems = malformed or failed
    if problems:
        stderr.write(f"input: {len(problems)} of {len(items)} items could not be scored; first: {problems[0]}\n")
    if malformed:
        return EXIT_MALFORMED
    return EXIT_FAILED if failed else EXIT_OK
