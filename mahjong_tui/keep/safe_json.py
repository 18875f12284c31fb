"""JSON read as if every file were hostile: bounded in size, depth and numbers, and never hung on.

Every file the game reads (saves, records, the calculator's and the hint command's input)
goes through :func:`read_json_file` or :func:`parse_json`. What they refuse is a
:class:`JsonProblem`, a ``ValueError`` whose message is one short line naming the file:

- a path that is not a regular file (a FIFO, a device, a folder) is never read, nor waited on;
- a file over ``max_bytes`` is refused from its size alone, and no more than that is read;
- text that is not UTF-8;
- nesting deeper than :data:`MAX_DEPTH`, found before the parser recurses;
- NaN, Infinity and numbers beyond a float (``1e400``); integers outside a signed 64-bit
  integer, or of more than :data:`MAX_DIGITS` digits (never Python's own digit limit).

A message repeats at most a few dozen characters of what it refuses.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import accumulate
from typing import IO, Any

from mahjong_tui.clean import shorten

#: deeper nesting is refused (a save is 4 deep, a calculator input 3)
MAX_DEPTH = 64
#: an integer's digits at most (a signed 64-bit integer has 19)
MAX_DIGITS = 20
#: integers must lie in [-2**63, 2**63 - 1]: what SQLite and the statistics store
INT_LOW, INT_HIGH = -(2**63), 2**63 - 1

#: the largest files read: a save or record (a game of thousands of hands is a few MB)
MAX_RECORD_BYTES = 32 * 1024 * 1024
#: the calculator's input: one hand, or a list of many thousands
MAX_SCORE_BYTES = 8 * 1024 * 1024
#: the hint command's input: one hand
MAX_HINT_BYTES = 1024 * 1024
#: the settings file
MAX_SETTINGS_BYTES = 64 * 1024

_NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonProblem(ValueError):
    """A file or text that is not read: the message is one line naming it and why."""


class _Number(ValueError):
    """A number out of range, found while parsing (the file's name is added by :func:`parse_json`)."""


def _kind(mode: int) -> str:
    """What a path is, in words, when it is not a regular file."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(n: int) -> str:
    """A size in words: bytes, KB or MB."""
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} bytes"


def read_bytes(path: str | os.PathLike[str], *, max_bytes: int, where: str | None = None) -> bytes:
    """The bytes of the regular file at ``path``, at most ``max_bytes``; JsonProblem otherwise.

    Never opens a folder, FIFO or device for reading: the path is checked, then opened
    without blocking and checked again on the open file (it may have changed in between).
    """
    name = where or str(path)
    try:
        before = os.stat(path)
        if not stat.S_ISREG(before.st_mode):
            raise JsonProblem(f"{name}: {_kind(before.st_mode)}, not a file: not read")
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError as e:
        raise JsonProblem(f"{name}: cannot read ({e.strerror or type(e).__name__})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise JsonProblem(f"{name}: {_kind(st.st_mode)}, not a file: not read")
        too_big = f"{name}: too big ({{}}; at most {_size(max_bytes)})"
        if st.st_size > max_bytes:
            raise JsonProblem(too_big.format(_size(st.st_size)))
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:  # it grew while read
            raise JsonProblem(too_big.format(f"over {_size(max_bytes)}"))
        return b"".join(chunks)
    except OSError as e:
        raise JsonProblem(f"{name}: cannot read ({e.strerror or type(e).__name__})") from None
    finally:
        os.close(fd)


def decode(data: bytes, *, where: str) -> str:
    """UTF-8 text (a byte-order mark dropped); JsonProblem names the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise JsonProblem(f"{where}: not UTF-8 text (byte {e.start + 1})") from None


def read_text(path: str | os.PathLike[str], *, max_bytes: int, where: str | None = None) -> str:
    """The UTF-8 text of the regular file at ``path`` (see :func:`read_bytes`)."""
    return decode(read_bytes(path, max_bytes=max_bytes, where=where), where=where or str(path))


def read_stream(stream: IO[str] | None, *, max_bytes: int, where: str) -> str:
    """Text from an open stream (standard input), at most ``max_bytes``: a regular file's size is checked first."""
    if stream is None:
        raise JsonProblem(f"{where}: nothing to read (no standard input)")
    too_big = f"{where}: too big ({{}}; at most {_size(max_bytes)})"
    raw = getattr(stream, "buffer", None)
    try:
        if raw is None:  # a text stream only (a test's StringIO)
            text = stream.read(max_bytes + 1)
            if len(text) > max_bytes:
                raise JsonProblem(too_big.format(f"over {_size(max_bytes)}"))
            return text.removeprefix("\ufeff")
        try:
            st = os.fstat(stream.fileno())
        except (OSError, ValueError, AttributeError):
            st = None
        if st is not None and stat.S_ISREG(st.st_mode) and st.st_size > max_bytes:
            raise JsonProblem(too_big.format(_size(st.st_size)))
        data = raw.read(max_bytes + 1)
    except OSError as e:
        raise JsonProblem(f"{where}: cannot read ({e.strerror or type(e).__name__})") from None
    if len(data) > max_bytes:
        raise JsonProblem(too_big.format(f"over {_size(max_bytes)}"))
    return decode(data, where=where)


def read_json_file(path: str | os.PathLike[str], *, max_bytes: int, where: str | None = None) -> Any:
    """The JSON value in the file at ``path``, read within every limit; JsonProblem in one line otherwise."""
    name = where or str(path)
    return parse_json(read_text(path, max_bytes=max_bytes, where=name), where=name)


def read_json_input(path: str, stdin: IO[str] | None, *, max_bytes: int) -> Any:
    """The JSON value a command is given: the file at ``path``, or standard input for ``-``, read within every limit
    (a problem in the JSON itself is the input's); JsonProblem in one line otherwise."""
    if path == "-":
        text = read_stream(stdin, max_bytes=max_bytes, where="input")
    else:
        text = read_text(path, max_bytes=max_bytes, where=path)
    return parse_json(text, where="input")


def too_deep(text: str, most: int = MAX_DEPTH) -> bool:
    """Whether the text's arrays and objects nest deeper than ``most`` (strings skipped), found without parsing."""
    if text.count("[") + text.count("{") <= most:
        return False  # it cannot be deeper than it has brackets
    brackets = _BRACKETS.findall(_STRINGS.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > most


def _integer(text: str) -> int:
    """An integer within range (refused before Python's digit limit could be met)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Number(f"an integer of {digits} digits ({shorten(text, 20)}) is out of range")
    value = int(text)
    if not INT_LOW <= value <= INT_HIGH:
        raise _Number(f"the integer {shorten(text, 24)} is out of range (at most {INT_HIGH})")
    return value


def _float(text: str) -> float:
    """A finite number (``1e400`` is refused, not read as infinity)."""
    value = float(text)
    if not math.isfinite(value):
        raise _Number(f"the number {shorten(text, 24)} is out of range")
    return value


def _constant(text: str) -> float:
    """NaN and Infinity are not JSON."""
    raise _Number(f"{text} is not a number JSON allows")


def parse_json(text: str, *, where: str) -> Any:
    """The JSON value of ``text``, refused in one line naming ``where`` when it breaks a limit or is not JSON."""
    text = text.removeprefix("\ufeff")
    if too_deep(text):
        raise JsonProblem(f"{where}: nested too deep (more than {MAX_DEPTH} levels)")
    try:
        return json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except _Number as e:
        raise JsonProblem(f"{where}: {e}") from None
    except json.JSONDecodeError as e:
        raise JsonProblem(f"{where}: broken or not JSON (line {e.lineno} column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise JsonProblem(f"{where}: nested too deep") from None
    except ValueError as e:  # anything else the parser refuses, in one line
        raise JsonProblem(
            f"{where}: broken or not JSON ({shorten(' '.join(str(e).split()), 60, quoted=False)})"
        ) from None
