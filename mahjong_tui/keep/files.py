"""Files written so that a crash loses nothing: whole files replaced atomically, lines appended and synced.

A file is replaced by writing a temporary file beside it, flushing and syncing it, and
renaming it over the old one: a crash at any instant leaves the old file or the new one,
never half of one. Lines are appended with one write, then flushed and synced: a crash
leaves every line before, and at most the line being written cut short, which a reader
of the lines skips.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def write_text_atomically(text: str, path: str | os.PathLike[str], *, private: bool = False) -> None:
    """Write ``text``: a temporary file beside the target, flushed, synced, renamed over it. ``private``: readable
    by its owner only (0600), as a file holding a seat's token is."""
    write_bytes_atomically(text.encode("utf-8"), path, private=private)


def write_bytes_atomically(data: bytes, path: str | os.PathLike[str], *, private: bool = False) -> None:
    """Write ``data`` as :func:`write_text_atomically` writes text."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent or ".")
    try:
        if not private:  # mkstemp made it 0600
            _ordinary_mode(fd, target)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def compact_json(data: Any) -> str:
    """``data`` as compact JSON on one line, Chinese kept as it is."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_json_atomically(data: Any, path: str | os.PathLike[str], *, private: bool = False) -> None:
    """Write ``data`` as compact JSON, atomically (``private``: readable by its owner only)."""
    write_text_atomically(compact_json(data), path, private=private)


def append_lines(lines: Iterable[str], path: str | os.PathLike[str]) -> None:
    """Append ``lines`` (each without its newline) to the file at ``path`` in one write, flushed and synced.

    The file is made when it is not there, with the mode a new file gets.
    """
    text = "".join(f"{line}\n" for line in lines)
    if not text:
        return
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux), else by setting it back."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _ordinary_mode(fd: int, target: Path) -> None:
    """Give the temporary file the mode the file it replaces had, or a new file's (0666 less the umask).

    ``mkstemp`` makes it 0600, which a rename would leave on the file kept.
    """
    if not hasattr(os, "fchmod"):
        return
    try:
        mode = os.stat(target).st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
    try:
        os.fchmod(fd, mode)
    except OSError:
        pass
