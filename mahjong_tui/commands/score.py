"""``mahjong-tui score``: the hand calculator.

Reads one situation (a JSON object) or a batch (a JSON list) from a file or standard
input, checks it, scores it with the same code the game uses, and prints JSON (or, with
``--text``, a readable breakdown). Malformed input exits 2 with one line on standard
error that names the field; nothing here ever shows a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from .parser import OneLineParser

EXIT_OK = 0
EXIT_FAILED = 1  # the scoring code itself failed: a bug, reported in one line
EXIT_MALFORMED = 2
#: the most situations one batch scores (its file is at most MAX_SCORE_BYTES, 8 MB)
MAX_BATCH = 20_000


def parser() -> OneLineParser:
    """Options of ``mahjong-tui score``; the help lists every input and output field."""
    from mahjong_tui.book.calculator import FIELD_DOCS, OUTPUT_DOCS

    rows = [f"  {name:<16} {kind:<10} {default:<12} {meaning}" for name, (kind, default, meaning) in FIELD_DOCS.items()]
    outs = [f"  {name:<16} {meaning}" for name, meaning in OUTPUT_DOCS.items()]
    epilog = "\n".join(
        [
            f"input: one JSON object (or a JSON list of at most {MAX_BATCH:,}, scored as a batch; 8 MB at most):",
            f"  {'field':<16} {'type':<10} {'default':<12} meaning",
            *rows,
            "",
            "output: one JSON object (a list for a batch):",
            *outs,
            "",
            "exit status: 0 for any well-formed situation, winning or not; 2 for malformed input",
            "(one line on standard error naming the field); 1 if scoring itself failed.",
        ]
    )
    p = OneLineParser(
        prog="mahjong-tui score",
        description="The hand calculator: is this a win, which hand types, who pays whom.",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE.json", help="the situation; '-' reads standard input")
    p.add_argument("--text", action="store_true", help="a readable breakdown instead of JSON")
    return p


def run(argv: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``mahjong-tui score FILE.json [--text]``; return the exit status."""
    from mahjong_tui.keep.safe_json import MAX_SCORE_BYTES, JsonProblem, read_json_input

    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr
    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    try:
        data = read_json_input(args.file, stdin, max_bytes=MAX_SCORE_BYTES)
    except JsonProblem as e:
        stderr.write(_one_line(str(e)) + "\n")
        return EXIT_MALFORMED
    if isinstance(data, list) and len(data) > MAX_BATCH:
        stderr.write(f"input: a list of {len(data):,} situations; at most {MAX_BATCH:,} are scored at once\n")
        return EXIT_MALFORMED
    if isinstance(data, list):
        return _run_batch(data, args.text, stdout, stderr)
    return _run_one(data, args.text, stdout, stderr)


def _run_one(data: object, text_mode: bool, stdout: TextIO, stderr: TextIO) -> int:
    from mahjong_tui.book.calculator import format_text, result_to_json, situation_from_json
    from mahjong_tui.book.json_io import InputError, dumps

    try:
        situation = situation_from_json(data)
        result = situation.score()
    except InputError as e:
        stderr.write(_one_line(str(e)) + "\n")
        return EXIT_MALFORMED
    except Exception as e:  # a bug must still end in one line, not a traceback
        stderr.write(_one_line(_failure(e)) + "\n")
        return EXIT_FAILED
    if text_mode:
        text = format_text(situation, result)
        _write(stdout, text, lambda: text.encode("ascii", "backslashreplace").decode("ascii"))
    else:
        obj = result_to_json(situation, result)
        _write(stdout, dumps(obj), lambda: dumps(obj, ascii_only=True))
    return EXIT_OK


def _run_batch(items: list[object], text_mode: bool, stdout: TextIO, stderr: TextIO) -> int:
    from mahjong_tui.book.calculator import format_text, result_to_json, situation_from_json
    from mahjong_tui.book.json_io import InputError, dumps

    outputs: list[dict[str, object]] = []
    texts: list[str] = []
    malformed: list[str] = []
    failed: list[str] = []
    for i, item in enumerate(items):
        try:
            situation = situation_from_json(item)
            result = situation.score()
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
        outputs.append(result_to_json(situation, result))
        texts.append(f"#{i}: {format_text(situation, result)}")
    if text_mode:
        text = "\n\n".join(texts)
        _write(stdout, text, lambda: text.encode("ascii", "backslashreplace").decode("ascii"))
    else:
        _write(stdout, dumps(outputs), lambda: dumps(outputs, ascii_only=True))
    problems = malformed or failed
    if problems:
        stderr.write(f"input: {len(problems)} of {len(items)} items could not be scored; first: {problems[0]}\n")
    if malformed:
        return EXIT_MALFORMED
    return EXIT_FAILED if failed else EXIT_OK


def _failure(e: Exception) -> str:
    return f"scoring failed: {type(e).__name__}: {e}".splitlines()[0]


def _write(stream: TextIO, text: str, fallback: Callable[[], str]) -> None:
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        stream.write(fallback() + "\n")


def _one_line(message: str) -> str:
    from mahjong_tui.clean import one_line

    return one_line(message)
