"""The games not finished: every save in ``games/``, which window plays each, and what a kill left half done.

:func:`find_games` is what a start (and the new game screen) asks. It reads every save; a
game another window holds (:mod:`mahjong_tui.keep.locks`) is listed as in use and left alone. A
save that cannot be read is moved aside with one line (left where it is, and not used,
when it cannot be moved). A game whose save shows it ended (the program stopped while it
was being kept) is settled now (:func:`mahjong_tui.keep.keeping.settle`), and the hands of a
game left before its end that were not yet counted are counted. The one save of earlier
versions (``autosave.json``) becomes a game of its own here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from mahjong_tui.engine import RecordError
from mahjong_tui.i18n import t
from mahjong_tui.keep.journal import journal_path, set_rest_aside
from mahjong_tui.keep.keeping import LOCK_WAIT, CountError, Settled, count_hands, finished_hands, settle
from mahjong_tui.keep.locks import GameLock
from mahjong_tui.keep.saves import SavedGame, autosave, clear_cut_writes, read_file, save_path, when_begun
from mahjong_tui.keep.storage import autosave_path, games_dir, move_aside

T = TypeVar("T")


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
    """:func:`find_games`, where a folder that fails is OSError.

    A game's lock is held only for a moment to see whether a window plays it, and again only
    to change its files (set a broken save aside, settle an ended game), so another window
    looking at the same time never takes a game for one in play.
    """
    problems: list[str] = []
    completed: list[str] = []
    _adopt_old_save(problems)
    listed: list[tuple[float, Unfinished]] = []
    for path in sorted(games_dir().glob("*.json")):
        if path.name.endswith(".host.json"):
            continue  # a host's seats, kept beside its game by an earlier version: the host's, not a save
        if not _free(path):  # another window plays it: read it, never touch it
            with contextlib.suppress(RecordError):
                listed.append((_mtime(path), Unfinished(read_file(path), in_use=True)))
            continue
        try:
            saved = read_file(path) if path.is_file() else None
        except RecordError as e:
            if (line := _under_lock(path, partial(_set_aside_if_broken, problem=str(e)))) is not None:
                problems.append(line)
            continue
        if saved is None:  # a folder, a pipe or a device where a save should be: never read
            if (line := _under_lock(path, lambda p: _set_aside(p, t("resume.not_a_file", path=p)))) is not None:
                problems.append(line)
            continue
        if saved.cut is not None and (line := _under_lock(path, partial(_keep_good_lines, saved=saved))):
            problems.append(line)
        game, table = saved.game, saved.table
        if game.over:
            done = _under_lock(path, partial(_settle_saved, saved, tell=problems.append))
            if done is not None and done.problem:
                problems.append(done.problem)
            elif done is not None and done.record is not None:
                completed.append(t("resume.completed", rules=game.rules.en_name, started=when_begun(table.started)))
            continue
        if finished_hands(game):
            with contextlib.suppress(CountError):  # a hand is counted once, however often; said when played again
                count_hands(game, table, wait=STATS_WAIT, tell=problems.append)
        listed.append((_mtime(path), Unfinished(saved)))
    listed.sort(key=lambda item: item[0], reverse=True)
    return Found(tuple(u for _, u in listed), tuple(problems), tuple(completed))


#: how long looking for games waits for a statistics database another window is writing
STATS_WAIT = 0.5


def _free(path: Path) -> bool:
    """Whether no window plays the game saved at ``path`` (the lock taken and let go at once; a write that a kill
    cut short is cleared meanwhile)."""
    lock = GameLock(path.stem)
    if not lock.acquire():
        return False
    try:
        clear_cut_writes(path)
    finally:
        lock.release(remove=not path.exists())
    return True


def _under_lock(path: Path, step: Callable[[Path], T]) -> T | None:
    """Do ``step`` on the save at ``path`` holding its game's lock; None when a window has the game now or the
    save is gone (another window dealt with it a moment ago)."""
    lock = GameLock(path.stem)
    if not lock.acquire(wait=0.5):
        return None
    try:
        return step(path) if path.exists() else None
    finally:
        lock.release(remove=not path.exists())


def _settle_saved(saved: SavedGame, _path: Path, *, tell: Callable[[str], None]) -> Settled:
    """Settle the ended game a save holds (:func:`~mahjong_tui.keep.keeping.settle`)."""
    return settle(saved.game, saved.table, tell=tell)


def _set_aside_if_broken(path: Path, problem: str) -> str | None:
    """Set a save aside when it is still broken (not rewritten meanwhile by the window that had it); the line."""
    try:
        read_file(path)
    except RecordError:
        return _set_aside(path, problem)
    return None


@dataclass(frozen=True, slots=True)
class TakenUp:
    """A game taken up to play: its save as it is now, under its lock (None: it cannot be, and ``in_use`` says if
    that is because another window plays it)."""

    saved: SavedGame | None
    lock: GameLock | None = None
    in_use: bool = False
    notice: str = ""  # its journal had a line that could not be used: what was kept, and where the rest is


def take_up(game_id: str) -> TakenUp:
    """Take the game ``game_id`` to play: hold its lock, then read its save again (what a list read a while ago may
    be out of date: another window may have played on, or ended it)."""
    lock = GameLock(game_id)
    if not lock.acquire(wait=LOCK_WAIT):
        return TakenUp(None, in_use=True)
    try:
        saved = read_file(save_path(game_id))
    except (RecordError, OSError):
        saved = None
    if saved is None or saved.game.over:
        lock.release()
        return TakenUp(None)
    notice = _keep_good_lines(save_path(game_id), saved) if saved.cut is not None else None
    return TakenUp(saved, lock, notice=notice or "")


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
        if old.exists():  # not taken over a moment ago by another window starting too
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
    """Move a save that cannot be read aside, its journal with it; the line that says so (or that it was left where
    it is)."""
    try:
        aside = move_aside(path)
    except OSError:
        return t("resume.left_alone", problem=problem)
    journal = journal_path(path)
    if journal.exists():
        with contextlib.suppress(OSError):  # the save is aside already: its journal stays if it cannot follow
            journal.replace(journal.with_name(journal.name + aside.name[len(path.name) :]))  # the same .broken-TIME
            return t("resume.moved_aside_with", problem=problem, name=aside.name)
    return t("resume.moved_aside", problem=problem, name=aside.name)


def _keep_good_lines(path: Path, saved: SavedGame) -> str | None:
    """The journal of the save at ``path`` stopped being read at a line (``saved.cut``): keep the lines before it
    and set the rest aside, when the save is still as it was read; the line that says so."""
    again = read_file(path)
    cut = again.cut
    if cut is None or cut != saved.cut:
        return None  # rewritten meanwhile by the window that had it
    rules, started = again.game.rules.en_name, when_begun(again.table.started)
    try:
        rest = set_rest_aside(path, cut)
    except OSError as e:
        reason = e.strerror or str(e)
        return t("journal.cut_left", rules=rules, started=started, number=cut.number, why=cut.why, kept=again.kept,
                 reason=reason)  # fmt: skip
    return t("journal.cut", rules=rules, started=started, number=cut.number, why=cut.why, kept=again.kept,
             name=rest.name)  # fmt: skip


def _mtime(path: Path) -> float:
    """When a save was last written (0 when it cannot be told)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
