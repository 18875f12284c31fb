"""The lessons a player has finished, per rule set: ``lessons.json`` in the data folder, written atomically.

A file that cannot be read is read as no progress (and is replaced at the next lesson
finished): progress is a convenience, never a reason to refuse a lesson.
"""

from __future__ import annotations

from pathlib import Path

from .files import write_json_atomically
from .safe_json import JsonProblem, read_json_file
from .storage import lessons_path

MAX_BYTES = 64 * 1024


def finished_lessons(rules: str, path: Path | None = None) -> frozenset[str]:
    """The ids of the lessons finished under ``rules``."""
    return frozenset(_read(path or lessons_path()).get(rules, ()))


def mark_finished(rules: str, lesson: str, path: Path | None = None) -> None:
    """Keep that ``lesson`` was finished under ``rules`` (OSError when it cannot be written)."""
    path = path or lessons_path()
    done = _read(path)
    done[rules] = sorted({*done.get(rules, ()), lesson})
    write_json_atomically({"finished": done}, path)


def _read(path: Path) -> dict[str, list[str]]:
    """What the file keeps: rule set → lesson ids (nothing when there is no file or it cannot be read)."""
    try:
        data = read_json_file(path, max_bytes=MAX_BYTES)
    except (OSError, JsonProblem):
        return {}
    finished = data.get("finished") if isinstance(data, dict) else None
    if not isinstance(finished, dict):
        return {}
    return {
        str(rules): [x for x in ids if isinstance(x, str)] for rules, ids in finished.items() if isinstance(ids, list)
    }
