"""``mahjong-tui hint``: what should I discard, what am I waiting on — the hint panel's analysis for a hand typed in.

    mahjong-tui hint FILE.json          # or '-' for standard input
    mahjong-tui hint FILE.json --text

Malformed input: exit 2 with one line on standard error naming the field.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from mahjong_tui.learn.hint_input import FIELD_DOCS, OUTPUT_DOCS, hint_from_json

from .parser import OneLineParser, add_language


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
    from mahjong_tui.engine.tiles import tile_words
    from mahjong_tui.engine.words import joined, said
    from mahjong_tui.i18n import catalogue
    from mahjong_tui.learn.hint_words import NONE
    from mahjong_tui.learn.hints import steps

    say = catalogue(language).line  # in both, the English under the Chinese

    def item(words: Words) -> str:  # a line of the list under the sentences
        return say(words, "  ")

    def tiles(ts: Any) -> Words:
        return joined(map(tile_words, ts), "", " ")

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
