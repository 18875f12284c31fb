"""One game, one owner: the lock a window holds on the game it plays.

Each game in progress has a lock file beside its save (``games/ID.lock``). The window
that plays the game holds it (an operating-system lock through ``filelock``: released
when the window closes the game or the process ends, however it ends). Another window
that finds the lock held leaves the save alone: it may look at the game, never write it.
Before each write the window checks that the lock file is still the one it locked
(:meth:`GameLock.still_ours`): a lock file removed by hand would let a second window take
the game, and the first then stops writing rather than mix its moves with the other's.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

from mahjong_tui.keep.storage import games_dir


def lock_path(game_id: str) -> Path:
    """Where the lock of the game ``game_id`` lives."""
    return games_dir() / f"{file_stem(game_id)}.lock"


def file_stem(game_id: str) -> str:
    """A game id as a file name: its letters, digits, ``-`` and ``_`` (at most 64), never empty."""
    stem = "".join(c for c in game_id if c.isascii() and (c.isalnum() or c in "-_"))[:64]
    return stem or "game"


class GameLock:
    """The lock on one game: held by the window that plays it."""

    def __init__(self, game_id: str) -> None:
        """The lock of ``game_id`` (not yet held)."""
        self.game_id = game_id
        self.path: Path | None = None  # where the lock is, once held
        self._lock: FileLock | None = None
        self.held = False
        self._file: tuple[int, int] | None = None  # the lock file's device and inode, once held

    def acquire(self, *, wait: float = 0.0) -> bool:
        """Hold the lock (waiting up to ``wait`` seconds for another window to let it go); False when another
        window holds it.

        A lock that cannot be made at all (a folder that cannot be written) holds nothing and
        stops nothing: nothing can be saved there either.
        """
        if self.held:
            return True
        try:
            path = lock_path(self.game_id)
            lock = FileLock(path, timeout=wait, thread_local=False)  # let go by the thread that writes the game
            lock.acquire(timeout=wait, poll_interval=0.05)
        except Timeout:
            return False
        except OSError:
            return True
        self.path, self._lock, self.held = path, lock, True
        self._file = _identity(path)
        return True

    def still_ours(self) -> bool:
        """The lock file is still the one this window locked: not removed, nor replaced by another that another
        window then locked (then that window plays the game, and this one must write it no more). A lock that
        holds nothing (a folder that could not be written) is ours."""
        if not self.held or self.path is None:
            return True
        return self._file is None or _identity(self.path) == self._file

    def release(self, *, remove: bool = False) -> None:
        """Let the game go (``remove``: its lock file too, once the game is kept and its save gone)."""
        if not self.held or self._lock is None or self.path is None:
            return
        self._lock.release()
        self.held = False
        if remove:
            self.path.unlink(missing_ok=True)


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the file at ``path`` (None: there is none)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino
