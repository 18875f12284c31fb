"""A crash, told in one line: its traceback kept in a log file, and the exit status that says it failed.

Whatever goes wrong inside the app or a command ends here (:func:`report`): the traceback
is added to ``crash.log`` in the data folder (:func:`mahjong_tui.keep.storage.crash_log_path`;
the temporary folder when that cannot be used), and the terminal gets one line naming
the file. The log keeps the last crashes only: past :data:`KEEP` bytes it starts afresh.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from .clean import one_line

#: the exit status of a crash
CRASHED = 1
#: a log larger than this is started afresh
KEEP = 256 * 1024


def _places() -> list[Path]:
    """Where the log may go, in order: the data folder's, then the temporary folder's."""
    places = []
    try:
        from mahjong_tui.keep.storage import crash_log_path

        places.append(crash_log_path())
    except Exception:  # the folder's own problem must not hide the crash being told
        pass
    places.append(Path(tempfile.gettempdir()) / "mahjong-tui-crash.log")
    return places


def write_log(error: BaseException) -> Path | None:
    """Add ``error``'s traceback to the crash log; the log's path (None when no place could be written)."""
    text = "".join(traceback.format_exception(error))
    try:
        from importlib import metadata

        version = metadata.version("mahjong-tui")
    except Exception:
        version = "unknown"
    header = f"--- {datetime.now().isoformat(timespec='seconds')} mahjong-tui {version}, {sys.platform}\n"
    for path in _places():
        try:
            fresh = not path.exists() or path.stat().st_size > KEEP
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if fresh else os.O_APPEND), 0o666)
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as f:
                f.write(header + text + "\n")
            return path
        except OSError:
            continue
    return None


def report(error: BaseException, where: str = "mahjong-tui") -> str:
    """Keep ``error``'s traceback in the crash log; the one line to print about it."""
    what = one_line(f"{type(error).__name__}: {error}", 100)
    path = write_log(error)
    if path is None:
        return f"{where}: crashed ({what}); the traceback could not be written anywhere"
    return f"{where}: crashed ({what}); the traceback is in {path}"
