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
    "win_acceptance, win_tiles}, best first (by win_shanten, then win_acceptance; a ready hand whose every "
    "winning tile is seen counts as one step away with none that helps)",
    "suggest": "the discard the hint panel stars: the hard bot's, always one with the least win_shanten (counted "
    "as the order above counts it)",
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
    from mahjong_tui.keep.safe_json import MAX_HINT_BYTES, JsonProblem, read_json_input

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        hint, rules = hint_from_json(read_json_input(args.file, stdin, max_bytes=MAX_HINT_BYTES))
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
    from mahjong_tui.i18n import catalogue, said
    from mahjong_tui.learn.hint_words import NONE
    from mahjong_tui.learn.hints import steps

    say = catalogue(language).line  # in both, the English under the Chinese

    def item(words: Words) -> str:  # a line of the list under the sentences
        return say(words, "  ")

    def tiles(ts: Any) -> Words:
        return Words("".join(tile_name(t) for t in ts), " ".join(tile_zh(t) for t in ts))

    def number(n: int) -> Words:  # the JSON's number in English, the term in Chinese
        return Words(str(n), steps(n).zh)

    def count(n: int) -> Words:  # set under each other in English
        return Words(f"{n:>2}", str(n))

    def tile(t: int) -> Words:
        return Words(f"{tile_name(t):<3}", tile_zh(t))

    shanten = number(hint.shanten)
    if rules.win_targets:
        win = said("hint_text.no_win") if hint.win_shanten is None else number(hint.win_shanten)
        nearer = hint.win_shanten is None or hint.shanten < hint.win_shanten
        lines = [say(said(f"hint_text.shanten_win{'_plain' if nearer else ''}", shanten=shanten, win=win))]
    else:
        lines = [say(said("hint_text.shanten", shanten=shanten))]
    for words in (hint.why, hint.heading):
        if words.en:
            lines.append(say(words))
    for target in hint.targets if not hint.discards else ():
        label = Words(f"{target.id:<10}", target.label(rules).zh)
        lines.append(item(said("hint_text.target", target=label, shanten=number(target.shanten),
                               count=count(target.acceptance), tiles=tiles(target.tiles))))  # fmt: skip
    for d in hint.discards:
        if rules.win_targets:
            ws = d.win_shanten
            win = (
                said("hint_text.discard_no_win")
                if ws is None
                else said("hint_text.discard_win_steps", steps=number(ws))
            )
            plain = ws is None or d.shanten < ws
            lines.append(item(said(f"hint_text.discard_win{'_plain' if plain else ''}", tile=tile(d.tile), win=win,
                                   count=count(d.win_acceptance), tiles=tiles(d.win_tiles),
                                   shanten=number(d.shanten))))  # fmt: skip
        else:
            lines.append(item(said("hint_text.discard", tile=tile(d.tile), shanten=number(d.shanten),
                                   count=count(d.acceptance), tiles=tiles(d.tiles))))  # fmt: skip
    for w in hint.waits:
        verdict = "wins" if w.qualifies else "no_win"
        why = said(f"hint_text.{'wins_but' if w.qualifies else 'no_win_why'}", why=w.why) if w.why.en else NONE
        types = Words(" ".join(w.types), type_names(rules, w.types).zh)
        wait = said(f"hint_text.wait_{verdict}", tile=tile(w.tile), left=w.left, types=types, why=why)
        lines.append(item(Words(wait.en.rstrip(), wait.zh)))  # no spaces after the last field when it is empty
    return "\n".join(lines)
