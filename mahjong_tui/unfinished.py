"""The games not finished: every save in ``games/``, which window plays each, and what a kill left half done.

:func:`find_games` is what a start (and the new game screen) asks. It reads every save; a
game another window holds (:mod:`mahjong_tui.locks`) is listed as in use and left alone. A
save that cannot be read is moved aside with one line (left where it is, and not used,
when it cannot be moved). A game whose save shows it ended (the program stopped while it
was being kept) is settled now (:func:`mahjong_tui.keeping.settle`), and the hands of a
game left before its end that were not yet counted are counted. The one save of earlier
versions (``autosave.json``) becomes a game of its own here.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from mahjong_tui.engine import RecordError

from .i18n import t
from .keeping import CountError, count_hands, finished_hands, settle
from .locks import GameLock
from .saves import SavedGame, autosave, clear_cut_writes, read_file, save_path
from .storage import autosave_path, games_dir, move_aside


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A game not finished: its save, read, and whether another window is playing it now."""

    saved: SavedGame
    in_use: bool = False


@dataclass(frozen=True, slots=True)
class Found:
    """What looking for games found: the games not finished (newest first), and lines for the player."""

    games: tuple[Unfinished, ...] = ()
    problems: tuple[str, ...] = ()  # a save that could not be read, moved aside (or left alone)
    completed: tuple[str, ...] = ()  # a game that had ended, now kept and counted

    @property
    def free(self) -> tuple[Unfinished, ...]:
        """The games no other window is playing: those this window may resume."""
        return tuple(g for g in self.games if not g.in_use)

    @property
    def notices(self) -> tuple[str, ...]:
        """Every line to show."""
        return self.problems + self.completed


def find_games() -> Found:
    """Every game not finished, newest first; broken saves moved aside; ended ones settled (see the module).

    A data folder that cannot be used finds nothing, and says why in one line.
    """
    try:
        return _find_games()
    except OSError as e:  # the folder itself (StorageError), or a disk that fails while looking
        return Found(problems=(" ".join(str(e).split()),))


def _find_games() -> Found:
    """:func:`find_games`, where a folder that fails is OSError."""
    problems: list[str] = []
    completed: list[str] = []
    _adopt_old_save(problems)
    listed: list[tuple[float, Unfinished]] = []
    for path in sorted(games_dir().glob("*.json")):
        lock = GameLock(path.stem)
        if not lock.acquire():  # another window plays it: read it, never touch it
            with contextlib.suppress(RecordError):
                listed.append((_mtime(path), Unfinished(read_file(path), in_use=True)))
            continue
        try:
            clear_cut_writes(path)
            if not path.is_file():  # a folder, a pipe or a device where a save should be: never read
                problems.append(_set_aside(path, t("resume.not_a_file", path=path)))
                continue
            try:
                saved = read_file(path)
            except RecordError as e:
                problems.append(_set_aside(path, str(e)))
                continue
            game, table = saved.game, saved.table
            if game.over:
                done = settle(game, table)
                if done.record is not None and not done.problem:
                    completed.append(t("resume.completed", rules=game.rules.en_name, started=_day(table.started)))
                elif done.problem:
                    problems.append(done.problem)
                continue
            if finished_hands(game):
                with contextlib.suppress(CountError):  # said when the game is played again, or at its end
                    count_hands(game, table)
            listed.append((_mtime(path), Unfinished(saved)))
        finally:
            lock.release(remove=not path.exists())
    listed.sort(key=lambda item: item[0], reverse=True)
    return Found(tuple(u for _, u in listed), tuple(problems), tuple(completed))


def _adopt_old_save(problems: list[str]) -> None:
    """Make the single save of earlier versions a game of its own among the others (a broken one moved aside)."""
    old = autosave_path()
    with contextlib.suppress(OSError):
        clear_cut_writes(old)
    if not old.is_file():
        return
    try:
        saved = read_file(old)
    except RecordError as e:
        problems.append(_set_aside(old, str(e)))
        return
    try:
        target = save_path(saved.table.id)
        if not target.exists():
            autosave(saved.game, saved.table)
        old.unlink(missing_ok=True)  # another window, starting at the same moment, may have moved it first
    except OSError as e:
        problems.append(t("resume.cannot_adopt", name=old.name, reason=e.strerror or str(e)))


def _set_aside(path: Path, problem: str) -> str:
    """Move a save that cannot be read aside; the line that says so (or that it was left where it is)."""
    try:
        aside = move_aside(path)
    except OSError:
        return t("resume.left_alone", problem=problem)
    return t("resume.moved_aside", problem=problem, name=aside.name)


def _mtime(path: Path) -> float:
    """When a save was last written (0 when it cannot be told)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _day(started: str) -> str:
    """A start time as shown: ``2026-12-04 10:30``."""
    return started.replace("T", " ")[:16]
