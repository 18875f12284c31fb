"""Where the game keeps what outlives a session: the autosave, finished games, statistics, settings.

The user's data and config directories (``platformdirs``), or, when the environment sets
``MAHJONG_TUI_HOME``, that one directory for everything (a portable install, or tests).
A file that cannot be read is never deleted or silently overwritten: it is moved aside,
renamed with the time it was found broken, and the caller says so in one line. A folder
that cannot be made (a file in its place, no permission) is :class:`StorageError`, an
OSError in one line: what uses it goes on without it and says so.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

APP = "mahjong-tui"
HOME_VARIABLE = "MAHJONG_TUI_HOME"


class StorageError(OSError):
    """A folder the game keeps things in cannot be made or used; the message is one line."""


def _folder(path: Path) -> Path:
    """``path`` made a folder (with its parents) if it is not one; StorageError says why it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StorageError(f"{path} is a file, not a folder: nothing can be kept there") from None
    except OSError as e:
        raise StorageError(f"{path} cannot be used as a folder ({e.strerror or e})") from None
    return path


def _home(kind: str) -> Path:
    """``MAHJONG_TUI_HOME``, or the user's ``kind`` directory (``data``, ``config``), made a folder if it is not one."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return _folder(Path(home))
    import platformdirs  # only where no home is set: a portable install or a test never loads it

    path: Path = getattr(platformdirs, f"user_{kind}_path")(APP, appauthor=False)
    return _folder(path)


def data_dir() -> Path:
    """Where saves, records and statistics live (created on first use)."""
    return _home("data")


def config_dir() -> Path:
    """Where the settings file lives (created on first use)."""
    return _home("config")


def autosave_path() -> Path:
    """Where one game in progress was saved before each game had its own save (read once, then moved to ``games``)."""
    return data_dir() / "autosave.json"


def private_dir(name: str) -> Path:
    """A folder of ``data_dir()`` for what only its owner may read (seats' tokens): made 0700, and kept so."""
    path = _folder(data_dir() / name)
    try:
        os.chmod(path, 0o700)
    except OSError as e:
        raise StorageError(f"{path} cannot be made private ({e.strerror or e})") from None
    return path


def games_dir() -> Path:
    """The games in progress: each one's save (``ID.json``, after every action) and lock (``ID.lock``)."""
    return _folder(data_dir() / "games")


def records_dir() -> Path:
    """Every finished game's record."""
    return _folder(data_dir() / "records")


def stats_path() -> Path:
    """The statistics database."""
    return data_dir() / "statistics.sqlite3"


def lessons_path() -> Path:
    """The lessons finished, per rule set."""
    return data_dir() / "lessons.json"


def crash_log_path() -> Path:
    """Where a crash's traceback is written: ``crash.log`` in the data folder (when it cannot be used, or written,
    :mod:`mahjong_tui.crash` turns to the temporary folder)."""
    return data_dir() / "crash.log"


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


def move_aside(path: Path) -> Path:
    """Rename a file that cannot be read to ``NAME.broken-TIME`` beside it (never deleted); the new path.

    OSError when it cannot be renamed (a folder that cannot be written): the caller then leaves it alone.
    """
    target = aside_path(path)
    path.replace(target)
    return target


def aside_path(path: Path) -> Path:
    """Where the file at ``path`` (or a part of it) is set aside: ``NAME.broken-TIME`` beside it, a name not taken."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    return target
