"""``mahjong-tui hint``: what should I discard, what am I waiting on — the hint panel's analysis for a hand typed in.

    mahjong-tui hint FILE.json          # or '-' for standard input
    mahjong-tui hint FILE.json --text

Malformed input: exit 2 with one line on standard error naming the field.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from .parser import OneLineParser, add_language

FIELD_DOCS: dict[str, tuple[str, str, str]] = {
    "rules": ("string", "required", "a preset: shanghai, shanghai-qq, shanghai-lezi, changsha …"),
    "hand": ("tiles", "required", "concealed tiles: 3n+1 (waiting) or 3n+2 (about to discard)"),
    "melds": ("list", "[]", 'as in `score`: {"type": "pong", "tiles": "777z", "from": 1}'),
    "flowers": ("tiles", '""', "Shanghai: flowers collected"),
    "seen": ("tiles", '""', "tiles visible elsewhere (all discards, others' melds), for counting what is left"),
}
OUTPUT_DOCS: dict[str, str] = {
    "shanten": "steps from a winning shape under the rule set (0 ready, -1 complete)",
    "win_shanten": "steps from a hand that may win (Shanghai: the least among targets; null: none is left)",
    "targets": "Shanghai, a 3n+1 hand: every open shape target {target, shanten, acceptance, tiles}, nearest first",
    "waits": "a ready 3n+1 hand: {tile, left, qualifies, types, why, points, on_discard} per wait",
    "discards": "a 3n+2 hand: every distinct discard {tile, shanten, acceptance, tiles, win_shanten, "
    "win_acceptance, win_tiles}, best first (by win_shanten, then win_acceptance)",
    "suggest": "the discard the hint panel stars: the hard bot's, always one with the least win_shanten",
    "why": "one or two sentences a learner understands",
    "qualifies": "rule sets where a hand must qualify: the types it is heading for, or what it lacks",
    "aims": "the bigger hand types within reach: {type, suit, shanten}",
}


def parser() -> OneLineParser:
    """Options of ``mahjong-tui hint``; the help lists the input and output fields."""
    rows = [f"  {n:<9} {k:<7} {d:<9} {m}" for n, (k, d, m) in FIELD_DOCS.items()]
    outs = [f"  {n:<10} {m}" for n, m in OUTPUT_DOCS.items()]
    p = OneLineParser(
        prog="mahjong-tui hint",
        description="The hint panel's analysis for a hand typed in: steps to ready, every discard, every wait.",
        epilog="\n".join(["input: one JSON object:", *rows, "", "output: one JSON object:", *outs]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE.json", help="the hand; '-' reads standard input")
    p.add_argument("--text", action="store_true", help="readable lines instead of JSON")
    add_language(p, told="en; the lines of --text, the JSON is the same in every language")
    return p


def run(argv: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``mahjong-tui hint FILE.json [--text]``; return the exit status."""
    from mahjong_tui.book.json_io import InputError, dumps
    from mahjong_tui.clean import one_line
    from mahjong_tui.keep.safe_json import MAX_HINT_BYTES, JsonProblem, parse_json, read_stream, read_text

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        if args.file == "-":
            text = read_stream(stdin, max_bytes=MAX_HINT_BYTES, where="input")
        else:
            text = read_text(args.file, max_bytes=MAX_HINT_BYTES, where=args.file)
        hint, rules = hint_from_json(parse_json(text, where="input"))
    except (InputError, JsonProblem) as e:
        print(one_line(str(e)), file=sys.stderr)
        return 2
    out = hint_to_json(hint, rules)
    if args.text:
        stdout.write(told(hint, rules, args.lang) + "\n")
    else:
        stdout.write(dumps(out) + "\n")
    return 0


def hint_from_json(data: object) -> tuple[Any, Any]:
    """Check the input and analyse the hand: (the hint, the rule set); InputError names a bad field."""
    from mahjong_tui.book.json_io import (
        InputError,
        check_copies,
        check_field_names,
        field,
        kind_of,
        melds_from_json,
        no_flowers,
        read_tiles,
        string,
        tiles_of,
    )
    from mahjong_tui.engine import UnknownRules, get_ruleset
    from mahjong_tui.engine.tiles import counts_of, is_flower
    from mahjong_tui.learn.hints import analyse

    if not isinstance(data, dict):
        raise InputError(f"input: a hand must be a JSON object, got {kind_of(data)}")
    check_field_names(data, tuple(FIELD_DOCS), "")
    if data.get("rules") is None:
        raise InputError("rules: required")
    try:
        rules = get_ruleset(string(data["rules"], "rules"))
    except UnknownRules as e:
        raise InputError(f"rules: {e}") from None
    if field(data, "hand") is None:
        raise InputError("hand: required (the concealed tiles)")
    hand = read_tiles(data["hand"], "hand")
    no_flowers(hand, "hand")
    tiles_of(rules, hand, "hand")
    melds = melds_from_json(field(data, "melds", []), 0, rules)
    size = len(hand) + 3 * len(melds)
    if size not in (13, 14):
        raise InputError(
            f"hand: {len(hand)} tiles with {len(melds)} meld(s) make {size}; a hand has 13 (waiting) or 14 (to discard)"
        )
    flowers = read_tiles(field(data, "flowers", ""), "flowers")
    if any(not is_flower(t) for t in flowers) or len(set(flowers)) != len(flowers):
        raise InputError("flowers: flower tiles f1..f8, each once")
    if flowers and not rules.flowers:
        raise InputError(f"flowers: {rules.en_name} has no flowers")
    seen = read_tiles(field(data, "seen", ""), "seen")
    no_flowers(seen, "seen")
    tiles_of(rules, seen, "seen")
    check_copies(hand + seen, None, melds)
    return analyse(rules, counts_of(hand), melds, flowers, counts_of(seen)[:34]), rules


def hint_to_json(hint: Any, rules: Any) -> dict[str, object]:
    """The spec's output object."""
    from mahjong_tui.engine import tile_name

    def tiles(ts: Any) -> str:
        return "".join(tile_name(t) for t in ts)

    out: dict[str, object] = {
        "shanten": hint.shanten,
        "win_shanten": hint.win_shanten,
        "targets": [
            {"target": t.id, "shanten": t.shanten, "acceptance": t.acceptance, "tiles": tiles(t.tiles)}
            for t in (hint.targets if not hint.discards else ())
        ],
        "waits": [
            {
                "tile": tile_name(w.tile),
                "left": w.left,
                "qualifies": w.qualifies,
                "types": list(w.types),
                "why": w.why.en,
                "points": w.points,
                "on_discard": w.on_discard,
            }
            for w in hint.waits
        ],
        "discards": [
            {
                "tile": tile_name(d.tile),
                "shanten": d.shanten,
                "acceptance": d.acceptance,
                "tiles": tiles(d.tiles),
                "win_shanten": d.win_shanten,
                "win_acceptance": d.win_acceptance,
                "win_tiles": tiles(d.win_tiles),
            }
            for d in hint.discards
        ],
        "suggest": tile_name(hint.suggest) if hint.suggest is not None else None,
        "why": hint.why.en,
        "qualifies": hint.heading.en if rules.must_qualify else "",
        "aims": [
            {"type": a.type, "suit": "mps"[a.suit] if a.suit >= 0 else "", "shanten": a.shanten} for a in hint.aims
        ],
    }
    if not rules.must_qualify:
        out["heading"] = hint.heading.en
    return out


def told(hint: Any, rules: Any, language: str) -> str:
    """The readable lines of ``--text`` in ``language``: in English as the JSON has it (tiles in notation, hand
    types by id), in Chinese with tiles and hand types by their names, in both each Chinese line with its English
    under it."""
    from mahjong_tui.book.rulebook import type_names
    from mahjong_tui.engine import Words, tile_name, tile_zh
    from mahjong_tui.i18n import catalogue
    from mahjong_tui.learn.hints import steps

    line = catalogue(language).line

    def say(words: Words) -> str:  # an indented line keeps its indent, and in both the English under the Chinese
        lead = words.zh[: len(words.zh) - len(words.zh.lstrip())]
        return line(Words(words.en.lstrip(), words.zh.lstrip()), lead)

    def names(ts: Any) -> str:
        return " ".join(tile_zh(t) for t in ts)

    def notation(ts: Any) -> str:
        return "".join(tile_name(t) for t in ts)

    how_far = steps(hint.shanten)
    qualifying = bool(rules.win_targets)
    if qualifying:
        win = "none" if hint.win_shanten is None else hint.win_shanten
        win_zh = "没有" if hint.win_shanten is None else steps(hint.win_shanten).zh
        nearer = hint.win_shanten is None or hint.shanten < hint.win_shanten
        plain = f"平胡牌型{how_far.zh}，但平胡不能胡；" if nearer else ""
        lines = [say(Words(f"shanten {hint.shanten}, win_shanten {win}", f"{plain}能胡的牌型{win_zh}"))]
    else:
        lines = [say(Words(f"shanten {hint.shanten}", how_far.zh))]
    for words in (hint.why, hint.heading):
        if words.en:
            lines.append(say(words))
    for target in hint.targets if not hint.discards else ():
        en = f"  target {target.id:<10} → shanten {target.shanten}, {target.acceptance:>2} tiles: "
        en += notation(target.tiles)
        zh = f"  {target.label(rules).zh} → {steps(target.shanten).zh}，{target.acceptance} 张：{names(target.tiles)}"
        lines.append(say(Words(en, zh)))
    for d in hint.discards:
        if qualifying:
            ws = "none" if d.win_shanten is None else d.win_shanten
            ws_zh = "没有能胡的牌型" if d.win_shanten is None else f"能胡{steps(d.win_shanten).zh}"
            en = (
                f"  discard {tile_name(d.tile):<3} → win_shanten {ws}, {d.win_acceptance:>2} tiles: "
                f"{notation(d.win_tiles)} (shanten {d.shanten})"
            )
            cannot = "，平胡不能胡" if d.win_shanten is None or d.shanten < d.win_shanten else ""
            zh = (
                f"  打 {tile_zh(d.tile)} → {ws_zh}，{d.win_acceptance} 张：{names(d.win_tiles)}"
                f"（平胡牌型{steps(d.shanten).zh}{cannot}）"
            )
        else:
            en = f"  discard {tile_name(d.tile):<3} → shanten {d.shanten}, {d.acceptance:>2} tiles: {notation(d.tiles)}"
            zh = f"  打 {tile_zh(d.tile)} → {steps(d.shanten).zh}，{d.acceptance} 张：{names(d.tiles)}"
        lines.append(say(Words(en, zh)))
    for w in hint.waits:
        en = f"  wait {tile_name(w.tile):<3} {w.left} left, {'wins' if w.qualifies else 'no win'}"
        en = f"{en} {' '.join(w.types)} {w.why.en}".rstrip()
        state = f"能胡：{type_names(rules, w.types).zh}" if w.qualifies else "不能胡"
        why = f"{'；' if w.qualifies else '：'}{w.why.zh}" if w.why.en else ""
        lines.append(say(Words(en, f"  听 {tile_zh(w.tile)} 还剩 {w.left} 张，{state}{why}")))
    return "\n".join(lines)
